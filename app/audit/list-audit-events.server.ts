/**
 * Reading the PHI access audit (record-audit-event.server.ts): the administrator's browser with
 * filters by user (email or id), case (prior auth id) and date range, and the CSV export.
 */
import { redactAuditPath } from "~/audit/audit-path";
import { stringify } from "csv-stringify/sync";
import type { Database } from "~/lib/db.server";
import type { Prisma } from "~/generated/prisma/client";
import type { AuditFilter } from "~/team/team-input";

export const AUDIT_PAGE_SIZE = 50;
/** Most rows one CSV export holds (narrow the filter for more). */
export const AUDIT_EXPORT_LIMIT = 50_000;

export interface AuditEventRow {
  id: string;
  created_at: string;
  actor_type: string;
  user_id: string | null;
  user_email: string | null;
  api_key_id: string | null;
  via: string;
  action: string;
  method: string;
  path: string;
  resource_type: string | null;
  resource_id: string | null;
  prior_auth_id: string | null;
  ip: string | null;
  user_agent: string | null;
}

function where(orgId: string, f: AuditFilter): Prisma.AuditEventWhereInput {
  const w: Prisma.AuditEventWhereInput = { organization_id: orgId };
  if (f.user) w.OR = [{ user_email: { equals: f.user.toLowerCase() } }, { user_id: f.user }, { api_key_id: f.user }];
  if (f.case) w.prior_auth_id = f.case;
  if (f.from || f.to) {
    w.created_at = {};
    if (f.from) w.created_at.gte = new Date(`${f.from}T00:00:00.000Z`);
    if (f.to) w.created_at.lt = new Date(new Date(`${f.to}T00:00:00.000Z`).getTime() + 24 * 3600 * 1000);
  }
  return w;
}

function toRow(
  r: Omit<AuditEventRow, "created_at"> & {
    created_at: Date;
    organization_id?: string;
    seq?: bigint | null;
    prev_hash?: string | null;
    content_hash?: string | null;
  },
): AuditEventRow {
  // The hash chain columns are the verifier's (audit-chain.server.ts), not part of the row shown.
  const { organization_id: _org, seq: _seq, prev_hash: _prev, content_hash: _content, ...rest } = r;
  // Rows written before paths were redacted may hold a signed link: redact on the way out too.
  return { ...rest, path: redactAuditPath(r.path), created_at: r.created_at.toISOString() };
}

/** One page (newest first) of `orgId`'s audit events matching `filter`, with the total count. */
export async function listAuditEvents(
  database: Database,
  orgId: string,
  filter: AuditFilter,
): Promise<{ events: AuditEventRow[]; total: number; page: number; pageSize: number }> {
  const page = filter.page ?? 1;
  const w = where(orgId, filter);
  const [rows, total] = await Promise.all([
    database.prisma.auditEvent.findMany({
      where: w,
      orderBy: [{ created_at: "desc" }, { id: "desc" }],
      skip: (page - 1) * AUDIT_PAGE_SIZE,
      take: AUDIT_PAGE_SIZE,
    }),
    database.prisma.auditEvent.count({ where: w }),
  ]);
  return { events: rows.map((r) => toRow(r)), total, page, pageSize: AUDIT_PAGE_SIZE };
}

const CSV_COLUMNS: (keyof AuditEventRow)[] = [
  "created_at",
  "actor_type",
  "user_email",
  "user_id",
  "api_key_id",
  "via",
  "action",
  "method",
  "path",
  "resource_type",
  "resource_id",
  "prior_auth_id",
  "ip",
  "user_agent",
  "id",
];

/** The matching events (oldest first, at most AUDIT_EXPORT_LIMIT) as CSV text with a header row. */
export async function exportAuditEventsCsv(database: Database, orgId: string, filter: AuditFilter): Promise<string> {
  const rows = await database.prisma.auditEvent.findMany({
    where: where(orgId, filter),
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
    take: AUDIT_EXPORT_LIMIT,
  });
  // Cells starting with = + - @ are prefixed with ' so a spreadsheet does not run them as formulas.
  const safe = (v: unknown) => {
    const s = v == null ? "" : String(v);
    return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  };
  return stringify(
    rows.map((r) => CSV_COLUMNS.map((c) => safe(toRow(r)[c]))),
    { header: true, columns: CSV_COLUMNS as string[] },
  );
}
