/**
 * The Cases queue (/o/{org}/cases): one list across every kind of case, in working order.
 */
import type { Database } from "~/lib/db.server";
import { isOpen, type CaseRecord } from "./case-record";
import { listAllCases } from "./case-sources.server";
import type { ListCasesQuery } from "./list-cases-input";

/** PRODUCT-SPEC §9: case list page size. */
export const CASES_PAGE_SIZE = 10;

/**
 * Working order: open cases before decided ones; among open cases expedited before standard, then
 * the earliest due first (so the most overdue expedited case is on top); decided cases newest
 * determination first. Ties break on received time, then id, so pages are stable.
 */
export function compareCases(a: CaseRecord, b: CaseRecord): number {
  const openA = isOpen(a) ? 0 : 1;
  const openB = isOpen(b) ? 0 : 1;
  if (openA !== openB) return openA - openB;
  if (openA === 0) {
    const ua = a.urgency === "expedited" ? 0 : 1;
    const ub = b.urgency === "expedited" ? 0 : 1;
    if (ua !== ub) return ua - ub;
    if (a.due_at.getTime() !== b.due_at.getTime()) return a.due_at.getTime() - b.due_at.getTime();
  } else {
    const da = a.determined_at?.getTime() ?? 0;
    const db = b.determined_at?.getTime() ?? 0;
    if (da !== db) return db - da;
  }
  if (a.received_at.getTime() !== b.received_at.getTime()) return a.received_at.getTime() - b.received_at.getTime();
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export interface CasesPage {
  cases: CaseRecord[];
  total: number;
  page: number;
  per_page: number;
}

/**
 * One page of the queue for `userId` (who "me" is), filtered by kind (prior_auth | claim), status,
 * assignee ("me", "unassigned", a user id) and decision ("pending" = no decision), sorted by
 * compareCases.
 * Organization-scoped through the case sources.
 */
export async function listCases(database: Database, organizationId: string, userId: string, query: ListCasesQuery): Promise<CasesPage> {
  const assigneeId = query.assignee === "me" ? userId : query.assignee === "unassigned" ? null : query.assignee || undefined;
  const all = await listAllCases(database, organizationId, { assigneeId });
  const filtered = all.filter((c) => {
    if (query.kind && c.kind !== query.kind) return false;
    if (query.status === "open" && !isOpen(c)) return false;
    if (query.status !== "open" && query.status !== "all" && c.status !== query.status) return false;
    if (query.decision === "pending" && c.decision !== null) return false;
    if (query.decision && query.decision !== "pending" && c.decision !== query.decision) return false;
    return true;
  });
  filtered.sort(compareCases);
  const start = (query.page - 1) * CASES_PAGE_SIZE;
  return { cases: filtered.slice(start, start + CASES_PAGE_SIZE), total: filtered.length, page: query.page, per_page: CASES_PAGE_SIZE };
}

/**
 * The people who can work the organization's cases, for the assignee filter: members of the
 * organizations whose membership opens it (`organizationIds`: accessOrganizationIds), each once.
 */
export async function listAssignableUsers(database: Database, organizationIds: string[]): Promise<{ id: string; username: string }[]> {
  const rows = await database.prisma.membership.findMany({
    where: { organization_id: { in: organizationIds } },
    select: { user: { select: { id: true, username: true } } },
    orderBy: { user: { username: "asc" } },
  });
  return [...new Map(rows.map((r) => [r.user.id, r.user])).values()];
}
