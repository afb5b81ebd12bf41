/**
 * The /api request log (settings → API Logs): one row per request to /api (time, API key or user,
 * method, path, status, duration). Written by Express middleware around the React Router handler
 * (`apiLogMiddleware`, installed in app/lib/web-app.server.ts), so no route needs to do anything.
 *
 * A row belongs to an organization only when the API guard authorized the caller for it
 * (api-caller.server.ts): a probe of another organization's id (answered 404) or a call without
 * valid credentials is logged with no organization and so is shown to nobody in the app.
 * Query strings are not stored (they may carry identifiers); the path is cut at 500 characters.
 * Calls to the public demo (isPublicDemoPath) are logged without the client address: the demo promises
 * to store nothing of a visitor (issue 23, item 7; the notice is DEMO_PRIVACY_NOTICE).
 * Rows older than API_LOG_RETENTION_DAYS (default 30) are deleted by the `api_logs.prune` job,
 * which the worker enqueues periodically.
 */
import type { RequestHandler } from "express";
import { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import type { Database } from "~/lib/db.server";
import { getDatabase } from "~/lib/db.server";
import { defineJob } from "~/queue/define-job";
import { apiCallerStorage, type ApiCaller } from "./api-caller.server";

/** Days a row is kept (API_LOG_RETENTION_DAYS, default 30, 1..3650). */
export function apiLogRetentionDays(): number {
  const n = Number(process.env.API_LOG_RETENTION_DAYS);
  return Number.isInteger(n) && n >= 1 && n <= 3650 ? n : 30;
}

/** How long a finished request's row may wait to be written with others (ms). */
const API_LOG_FLUSH_MS = 100;
/** Rows per INSERT at most; a full buffer is written at once. */
const API_LOG_MAX_BATCH = 500;

type ApiLogData = Prisma.ApiLogCreateManyInput;
const FLUSHERS = Symbol.for("priorauth.api-logs.flushers");
type G = typeof globalThis & { [FLUSHERS]?: Set<() => Promise<void>> };
function flushers(): Set<() => Promise<void>> {
  return ((globalThis as G)[FLUSHERS] ??= new Set());
}

/** Writes every api_logs row still buffered in this process (call on shutdown). Never throws. */
export async function flushApiLogs(): Promise<void> {
  await Promise.all([...flushers()].map((f) => f()));
}

/**
 * Express middleware: for paths under /api and /fhir (the PAS API), runs the rest of the chain inside
 * an ApiCaller store and records one api_logs row when the response finishes (or the client goes
 * away). Off the request path (issue 23, item 10): rows are buffered and written together, one INSERT
 * every API_LOG_FLUSH_MS at most, after the responses went out; flushApiLogs() writes what is left on
 * shutdown. (The API log is the integrators' operational log, not the PHI access audit: that one is
 * written durably before PHI leaves, app/audit.) A failed write is logged and never affects a
 * response.
 */
export function apiLogMiddleware(getDb: () => Promise<Database> = getDatabase): RequestHandler {
  let buffer: ApiLogData[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (buffer.length === 0) return writing;
    const rows = buffer;
    buffer = [];
    // Batches are written one after the other, so rows keep the order of the responses.
    writing = writing
      .then(() => getDb())
      .then((db) => db.prisma.apiLog.createMany({ data: rows }))
      .then(() => undefined)
      .catch((err) => console.error(`[api-logs] could not record ${rows.length} request(s):`, (err as Error).message));
    return writing;
  };
  flushers().add(flush);
  const enqueueRow = (row: ApiLogData) => {
    buffer.push(row);
    if (buffer.length >= API_LOG_MAX_BATCH) void flush();
    else if (!timer) {
      timer = setTimeout(() => void flush(), API_LOG_FLUSH_MS);
      timer.unref();
    }
  };
  return (req, res, next) => {
    if (req.path !== "/api" && !req.path.startsWith("/api/") && !req.path.startsWith("/fhir/")) return next();
    const started = process.hrtime.bigint();
    const caller: ApiCaller = { organizationId: null, via: "anonymous", apiKeyId: null, userId: null };
    let written = false;
    const write = () => {
      if (written) return;
      written = true;
      const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
      const status = res.headersSent ? res.statusCode : 499; // 499: client closed before an answer
      enqueueRow({
        organization_id: caller.organizationId,
        api_key_id: caller.apiKeyId,
        user_id: caller.userId,
        via: caller.via,
        method: req.method.slice(0, 10),
        path: req.path.slice(0, 500),
        status,
        duration_ms: durationMs,
        ip: isPublicDemoPath(req.path) ? null : (req.ip ?? "").slice(0, 64) || null,
        created_at: new Date(),
      });
    };
    res.on("finish", write);
    res.on("close", write);
    apiCallerStorage().run(caller, () => next());
  };
}

/**
 * True for the account-free demo's API (app/api/route-table.ts "The public demo": /api/demo_faxes…,
 * /api/demos.json, /api/demo/{org}/run), whose callers' addresses are never stored.
 */
export function isPublicDemoPath(path: string): boolean {
  return /^\/api\/(demo|demos|demo[-_]faxes)(\.json)?(\/|$)/i.test(path);
}

export const ApiLogsQuerySchema = z.object({
  method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]).optional().catch(undefined),
  status: z.enum(["2xx", "3xx", "4xx", "5xx"]).optional().catch(undefined),
  via: z.enum(["api_key", "session"]).optional().catch(undefined),
  path: z
    .string()
    .trim()
    .max(200)
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type ApiLogsQuery = z.output<typeof ApiLogsQuerySchema>;

export interface ApiLogRow {
  id: string;
  created_at: string;
  via: string;
  /** "pa_live_Ab3d••••" for a key, the user's email for a session, null when neither is known any more */
  caller: string | null;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
}

export const API_LOGS_PAGE_SIZE = 25;

/** A page of the organization's log, newest first, filtered. */
export async function listApiLogs(
  database: Database,
  organizationId: string,
  q: Partial<ApiLogsQuery> & { page: number },
): Promise<{ logs: ApiLogRow[]; total: number; page: number; page_count: number; retention_days: number }> {
  const where = {
    organization_id: organizationId,
    ...(q.method ? { method: q.method } : {}),
    ...(q.via ? { via: q.via } : {}),
    ...(q.path ? { path: { contains: q.path } } : {}),
    ...(q.status ? { status: { gte: Number(q.status[0]) * 100, lt: Number(q.status[0]) * 100 + 100 } } : {}),
  };
  const [rows, total] = await Promise.all([
    database.prisma.apiLog.findMany({ where, orderBy: { id: "desc" }, skip: (q.page - 1) * API_LOGS_PAGE_SIZE, take: API_LOGS_PAGE_SIZE }),
    database.prisma.apiLog.count({ where }),
  ]);
  const keyIds = [...new Set(rows.map((r) => r.api_key_id).filter((x): x is string => Boolean(x)))];
  const userIds = [...new Set(rows.map((r) => r.user_id).filter((x): x is string => Boolean(x)))];
  const [keys, users] = await Promise.all([
    keyIds.length
      ? database.prisma.apiKey.findMany({
          where: { id: { in: keyIds }, organization_id: organizationId },
          select: { id: true, token_prefix: true, name: true },
        })
      : [],
    userIds.length ? database.prisma.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } }) : [],
  ]);
  const keyLabel = new Map(keys.map((k) => [k.id, `${k.token_prefix}••••${k.name ? ` (${k.name})` : ""}`]));
  const userLabel = new Map(users.map((u) => [u.id, u.email]));
  return {
    logs: rows.map((r) => ({
      id: r.id.toString(),
      created_at: r.created_at.toISOString(),
      via: r.via,
      caller: r.api_key_id ? (keyLabel.get(r.api_key_id) ?? "deleted key") : r.user_id ? (userLabel.get(r.user_id) ?? "deleted user") : null,
      method: r.method,
      path: r.path,
      status: r.status,
      duration_ms: r.duration_ms,
    })),
    total,
    page: q.page,
    page_count: Math.max(1, Math.ceil(total / API_LOGS_PAGE_SIZE)),
    retention_days: apiLogRetentionDays(),
  };
}

/** Deletes rows older than `days` (default apiLogRetentionDays()); returns how many. */
export async function pruneApiLogs(database: Database, days = apiLogRetentionDays()): Promise<number> {
  const res = await database.prisma.apiLog.deleteMany({ where: { created_at: { lt: new Date(Date.now() - days * 86_400_000) } } });
  return res.count;
}

/** Periodic: enqueued by the worker's maintenance loop (registry `periodicJobNames`), key = name. */
export const pruneApiLogsJob = defineJob({
  name: "api_logs.prune",
  payload: z.object({}).passthrough(),
  maxAttempts: 3,
  handler: async (_payload, ctx) => ({ deleted: await pruneApiLogs(ctx.database) }),
});
