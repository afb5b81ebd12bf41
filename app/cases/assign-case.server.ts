/** "Assign to me" on the Cases queue. */
import type { Database } from "~/lib/db.server";
import { notFound } from "~/lib/errors";
import { caseSource } from "./case-sources.server";

/**
 * Assigns the case (kind + id) of the organization to `userId`, or clears the assignee with null.
 * Throws AppError("not_found") when the kind is not served or the case is not the organization's.
 */
export async function assignCase(database: Database, organizationId: string, kind: string, caseId: string, userId: string | null): Promise<void> {
  const source = caseSource(kind);
  if (!source) throw notFound();
  await source.assign(database, organizationId, caseId, userId);
}
