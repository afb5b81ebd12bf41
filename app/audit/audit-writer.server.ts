/**
 * Group commit of PHI access audit rows (issue 23, item 10): every request that reads PHI still
 * waits until its audit row is committed (fail closed, record-audit-event.server.ts), but the rows of
 * concurrent requests are written together, one INSERT of many rows in one transaction.
 *
 * Why: each audit insert takes the hash chain's transaction lock (the audit_events_chain trigger)
 * and a commit. Under concurrent load the requests queued on that lock one commit at a time, and the
 * JSON list's p50 doubled (35 → 70 ms). Here, while one batch is being written, the rows that arrive
 * meanwhile wait for the next batch: n concurrent readers cost about two commits instead of n.
 * With no concurrency a row is written at once (after the current event-loop turn), as before.
 *
 * Nothing is lost or weakened: a caller's promise resolves only after the transaction holding its
 * row has committed, and rejects when its row could not be written (then the request fails instead
 * of disclosing without a trace). When a batch fails, its rows are retried one by one, so one bad row
 * (an organization deleted meanwhile) fails only its own request.
 */
import type { Prisma } from "~/generated/prisma/client";
import { getDatabase } from "~/lib/db.server";

/** One audit_events row as the application writes it (the chain columns are the trigger's). */
export type AuditRow = Prisma.AuditEventCreateManyInput;

interface Pending {
  row: AuditRow;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** Rows written in one INSERT at most. */
const MAX_BATCH = 200;

const KEY = Symbol.for("priorauth.audit.writer");
interface WriterState {
  pending: Pending[];
  flushing: boolean;
  scheduled: boolean;
  stats: { batches: number; rows: number };
}
type G = typeof globalThis & { [KEY]?: WriterState };

/** One writer per process (the server entry and the route bundle may load separate module copies). */
function state(): WriterState {
  const g = globalThis as G;
  return (g[KEY] ??= { pending: [], flushing: false, scheduled: false, stats: { batches: 0, rows: 0 } });
}

/**
 * Writes one audit row durably, batched with the rows of concurrent callers.
 * @returns once the row is committed
 * @throws the database's error when the row cannot be written (the caller must then fail closed)
 */
export function writeAuditRow(row: AuditRow): Promise<void> {
  const s = state();
  return new Promise<void>((resolve, reject) => {
    s.pending.push({ row, resolve, reject });
    schedule(s);
  });
}

/** Batches and rows written so far by this process (for benchmarks and tests). */
export function auditWriterStats(): { batches: number; rows: number } {
  return { ...state().stats };
}

function schedule(s: WriterState) {
  if (s.flushing || s.scheduled) return;
  s.scheduled = true;
  // After this event-loop turn: the rows of requests handled in the same turn go together.
  setImmediate(() => void flush(s));
}

async function flush(s: WriterState) {
  s.scheduled = false;
  if (s.flushing) return;
  const batch = s.pending.splice(0, MAX_BATCH);
  if (batch.length === 0) return;
  s.flushing = true;
  try {
    const { prisma } = await getDatabase();
    try {
      // A lone row as a plain INSERT (what createMany adds around it costs a lone request time).
      if (batch.length === 1) await prisma.auditEvent.create({ data: batch[0]!.row });
      else await prisma.auditEvent.createMany({ data: batch.map((p) => p.row) });
      s.stats.batches++;
      s.stats.rows += batch.length;
      for (const p of batch) p.resolve();
    } catch (err) {
      if (batch.length === 1) throw err;
      // One bad row must not fail the others: write them one by one.
      for (const p of batch) {
        try {
          await prisma.auditEvent.create({ data: p.row });
          s.stats.batches++;
          s.stats.rows++;
          p.resolve();
        } catch (rowErr) {
          p.reject(rowErr);
        }
      }
    }
  } catch (err) {
    for (const p of batch) p.reject(err);
  } finally {
    s.flushing = false;
    if (s.pending.length) schedule(s);
  }
}
