import { dueAt } from "~/prior-auths/regulatory-clock";
import type { CaseRecord } from "./case-record";
import type { CaseQuery } from "./case-sources.server";

/**
 * What every case source (prior_auths, claims) reads the same way from its own table: the row
 * filter, the columns every case has, and their mapping onto a CaseRecord.
 */

/**
 * The row filter: the organization, the receipt window [receivedFrom, receivedBefore) and the
 * assignee (null = nobody). Shape: a Prisma where-object valid for any case table with these columns.
 */
export function caseRowFilter(organizationId: string, query: CaseQuery) {
  return {
    organization_id: organizationId,
    ...(query.receivedFrom || query.receivedBefore ? { received_at: { gte: query.receivedFrom, lt: query.receivedBefore } } : {}),
    ...(query.assigneeId !== undefined ? { assignee_id: query.assigneeId } : {}),
  };
}

/** The Prisma select of the columns every case table has (spread into each source's select). */
export const CASE_ROW_SELECT = {
  id: true,
  patient_name: true,
  urgency: true,
  received_at: true,
  due_at: true,
  intake_status: true,
  assignee_id: true,
  assignee: { select: { username: true } },
  plan: { select: { line_of_business: true } },
} as const;

interface CaseRow {
  id: string;
  patient_name: string | null;
  urgency: string | null;
  received_at: Date;
  due_at: Date | null;
  assignee_id: string | null;
  assignee: { username: string } | null;
  plan: { line_of_business: string } | null;
}

/** The CaseRecord fields read the same way for every kind (a missing due time is the regulatory clock's). */
export function caseRowFields(
  r: CaseRow,
): Pick<CaseRecord, "id" | "patient_name" | "urgency" | "received_at" | "due_at" | "assignee_id" | "assignee_name" | "line_of_business"> {
  const urgency = r.urgency === "expedited" ? "expedited" : "standard";
  return {
    id: r.id,
    patient_name: r.patient_name,
    urgency,
    received_at: r.received_at,
    due_at: r.due_at ?? dueAt(r.received_at, urgency),
    assignee_id: r.assignee_id,
    assignee_name: r.assignee?.username ?? null,
    line_of_business: r.plan?.line_of_business ?? null,
  };
}
