import type { CaseQuery } from "./case-sources.server";

/**
 * The row filter every case source applies to its own table (prior_auths, claims): the
 * organization, the receipt window [receivedFrom, receivedBefore) and the assignee (null = nobody).
 * Shape: a Prisma where-object valid for any case table with these three columns.
 */
export function caseRowFilter(organizationId: string, query: CaseQuery) {
  return {
    organization_id: organizationId,
    ...(query.receivedFrom || query.receivedBefore ? { received_at: { gte: query.receivedFrom, lt: query.receivedBefore } } : {}),
    ...(query.assigneeId !== undefined ? { assignee_id: query.assigneeId } : {}),
  };
}
