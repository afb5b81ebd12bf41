/** Search parameters of the Cases queue (/o/{org}/cases?status=&assignee=&decision=&kind=&page=). */
import { z } from "zod";
import { CASE_KINDS } from "./case-record";

/** status: a workflow status, "open" (everything not decided, the default) or "all". */
export const CASE_STATUS_FILTERS = ["open", "all", "intake", "review", "outreach", "decided"] as const;
/** decision: approved / denied / outreach, or pending (no decision yet). */
export const CASE_DECISION_FILTERS = ["approved", "denied", "outreach", "pending"] as const;

export const ListCasesQuerySchema = z.object({
  status: z.enum(CASE_STATUS_FILTERS).catch("open").default("open"),
  /** "me", "unassigned", a user id, or empty for anyone */
  assignee: z.string().trim().max(64).optional().catch(undefined),
  decision: z.enum(CASE_DECISION_FILTERS).optional().catch(undefined),
  /** prior_auth | claim, or empty for every kind */
  kind: z.enum(CASE_KINDS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type ListCasesQuery = z.infer<typeof ListCasesQuerySchema>;

/** The "Assign to me" / "Unassign" form on the Cases queue. */
export const AssignCaseSchema = z.object({
  intent: z.enum(["assign", "unassign"]),
  kind: z.enum(CASE_KINDS),
  case_id: z.string().trim().min(1).max(64),
});
