/**
 * The kinds of case the workspace knows: prior auths (drugs) and medical claims (items and
 * services). Each kind is one adapter implementing CaseSource over its own tables, listed here; the
 * Cases queue, the dashboard and the CMS-0057-F reports read every kind through this list.
 */
import type { Database } from "~/lib/db.server";
import type { CaseKind, CaseRecord } from "./case-record";
import { priorAuthCaseSource } from "./prior-auth-case-source.server";
import { claimCaseSource } from "./claim-case-source.server";

export interface CaseQuery {
  /** only cases received at or after / before these instants */
  receivedFrom?: Date;
  receivedBefore?: Date;
  /** only cases with this assignee (user id), or null for unassigned ones */
  assigneeId?: string | null;
}

export interface CaseSource {
  kind: CaseKind;
  /** Every case of the organization matching `query` (organization-scoped; never another org's rows). */
  list(database: Database, organizationId: string, query: CaseQuery): Promise<CaseRecord[]>;
  /**
   * Sets (userId) or clears (null) the case's assignee. Throws AppError("not_found") when the case
   * is not the organization's.
   */
  assign(database: Database, organizationId: string, caseId: string, userId: string | null): Promise<void>;
}

export const CASE_SOURCES: readonly CaseSource[] = [priorAuthCaseSource, claimCaseSource];

/** The adapter of one kind, or undefined when that kind is not served (yet). */
export function caseSource(kind: string): CaseSource | undefined {
  return CASE_SOURCES.find((s) => s.kind === kind);
}

/** All cases of the organization across every kind. */
export async function listAllCases(database: Database, organizationId: string, query: CaseQuery = {}): Promise<CaseRecord[]> {
  const lists = await Promise.all(CASE_SOURCES.map((s) => s.list(database, organizationId, query)));
  return lists.flat();
}
