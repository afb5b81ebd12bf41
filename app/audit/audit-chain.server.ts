/**
 * Verification of the PHI access audit's hash chain (prisma/migrations/*_audit_hash_chain): every
 * audit_events row carries its position (`seq`), the previous row's link (`prev_hash`) and the
 * sha256 of its own content (`content_hash`), all set by a database trigger on INSERT. This module
 * recomputes both hashes here, in the application, from the rows' values (not with the database's
 * functions, which whoever tampered with the rows could also have replaced), and reports the first
 * broken link: a row whose content was edited, a row missing before it (erased), a row that is not
 * in the chain (inserted with the trigger off), or a gap in the positions.
 *
 * What it cannot see: rows erased from the end of the chain (nothing comes after them) or the whole
 * table emptied. Record `headSeq`/`headHash` somewhere the database's owner cannot write (a log, a
 * ticket, another system) to catch those too: a later head must extend an earlier one.
 */
import crypto from "node:crypto";
import type { Database } from "~/lib/db.server";

/** prev_hash of the first row. */
export const GENESIS_HASH = "0".repeat(64);

const FIELDS = [
  "seq",
  "id",
  "organization_id",
  "actor_type",
  "user_id",
  "user_email",
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
  "created_at",
] as const;

/** One audit row as the verifier reads it: every field as text (created_at as YYYY-MM-DDTHH:MI:SS.US). */
export type ChainRow = Record<(typeof FIELDS)[number], string | null> & { prev_hash: string | null; content_hash: string | null };

function sha256Hex(text: string): string {
  return crypto.createHash("sha256").update(text, "utf8").digest("hex");
}

/** sha256 hex of a row's content: each field "~" (null) or "<UTF-8 byte length>:<value>", joined by "|". */
export function contentHash(row: ChainRow): string {
  return sha256Hex(FIELDS.map((f) => (row[f] === null ? "~" : `${Buffer.byteLength(row[f]!, "utf8")}:${row[f]}`)).join("|"));
}

/** The link of a row: what the next row must carry as prev_hash. */
export function chainLink(prevHash: string, contentHashHex: string): string {
  return sha256Hex(prevHash + contentHashHex);
}

export interface ChainBreak {
  /** The first row at which the chain does not hold (null when the break is a missing chain position). */
  id: string | null;
  seq: string | null;
  reason: string;
}

export interface ChainReport {
  ok: boolean;
  /** Rows checked. */
  checked: number;
  /** Position and link of the last row: keep them elsewhere to detect erasure of the tail later. */
  headSeq: string | null;
  headHash: string | null;
  broken: ChainBreak | null;
}

const BATCH = 2000;

/**
 * Walks the whole chain in `seq` order (in batches) and returns the first broken link, if any.
 * Rows without a position (written while the chain trigger was off) are a break too.
 */
export async function verifyAuditChain(database: Database): Promise<ChainReport> {
  const unchained = await database.query<{ id: string }>(`select "id" from "audit_events" where "seq" is null order by "created_at", "id" limit 1`);
  let prev = GENESIS_HASH;
  let expectedSeq = 1n;
  let checked = 0;
  let head: { seq: string; hash: string } | null = null;
  let after = 0n;
  for (;;) {
    const rows = await database.query<ChainRow>(
      `select "seq"::text as "seq", "id", "organization_id", "actor_type", "user_id", "user_email", "api_key_id", "via", "action",
              "method", "path", "resource_type", "resource_id", "prior_auth_id", "ip", "user_agent",
              to_char("created_at", 'YYYY-MM-DD"T"HH24:MI:SS.US') as "created_at", "prev_hash", "content_hash"
         from "audit_events" e where e."seq" > $1::bigint order by e."seq" limit ${BATCH}`,
      [after.toString()],
    );
    for (const row of rows) {
      const seq = BigInt(row.seq!);
      const at = { id: row.id, seq: row.seq };
      if (seq !== expectedSeq) return report(false, { ...at, reason: `position ${expectedSeq} is missing (next is ${seq}): rows were erased` });
      if (row.prev_hash !== prev) return report(false, { ...at, reason: "prev_hash does not match the previous row: a row before it was erased or altered" });
      const content = contentHash(row);
      if (row.content_hash !== content) return report(false, { ...at, reason: "content does not match content_hash: the row was altered" });
      prev = chainLink(prev, content);
      head = { seq: row.seq!, hash: prev };
      expectedSeq++;
      checked++;
    }
    if (rows.length < BATCH) break;
    after = BigInt(rows[rows.length - 1]!.seq!);
  }
  if (unchained[0]) return report(false, { id: unchained[0].id, seq: null, reason: "row is not in the chain (written with the chain trigger off)" });
  return report(true, null);

  function report(ok: boolean, broken: ChainBreak | null): ChainReport {
    return { ok, checked, headSeq: head?.seq ?? null, headHash: head?.hash ?? null, broken };
  }
}
