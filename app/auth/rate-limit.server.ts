/**
 * Fixed-window rate limits kept in PostgreSQL (`rate_limits`), so any number of web processes share
 * them and nothing another process needs lives in memory. Each hit is one
 * `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` statement: concurrent hits on one key are
 * serialised by the row lock, so a burst cannot slip past the limit.
 */
import { getDatabase } from "~/lib/db.server";

/** A limit: at most `max` hits per `windowMs` milliseconds for one key. */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/** The outcome of one hit. `count` includes this hit; `retryAfterSeconds` is until the window ends. */
export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

const CLEANUP_EVERY = 200;
const KEEP_EXPIRED_MS = 24 * 60 * 60 * 1000;
let hitsSinceCleanup = 0;

/**
 * Counts one hit on `key` (for example `send:ip:203.0.113.9`) and says whether it is within `rule`.
 * Hits over the limit still count, so hammering a closed window does not reopen it early.
 */
export async function hitRateLimit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const database = await getDatabase();
  const now = Date.now();
  const rows = await database.query<{ count: number | string; window_start_ms: number | string }>(
    `insert into rate_limits (key, count, window_start_ms) values ($1, 1, $2)
     on conflict (key) do update set
       count = case when rate_limits.window_start_ms <= $3 then 1 else rate_limits.count + 1 end,
       window_start_ms = case when rate_limits.window_start_ms <= $3 then excluded.window_start_ms else rate_limits.window_start_ms end
     returning count, window_start_ms`,
    [key.slice(0, 400), now, now - rule.windowMs],
  );
  const count = Number(rows[0]!.count);
  const windowStart = Number(rows[0]!.window_start_ms);
  if (++hitsSinceCleanup >= CLEANUP_EVERY) {
    hitsSinceCleanup = 0;
    await database.query(`delete from rate_limits where window_start_ms < $1`, [now - KEEP_EXPIRED_MS]).catch(() => {});
  }
  return { allowed: count <= rule.max, count, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000)) };
}

/**
 * Hits each `[key, rule]` in order and stops at the first that is over its limit, so a requester
 * who is already blocked does not spend the budgets after it (for example the victim's per-email
 * budget). Returns the first refusal, or an allowed result.
 */
export async function hitRateLimits(checks: ReadonlyArray<readonly [string, RateLimitRule]>): Promise<RateLimitResult> {
  let last: RateLimitResult = { allowed: true, count: 0, retryAfterSeconds: 0 };
  for (const [key, rule] of checks) {
    last = await hitRateLimit(key, rule);
    if (!last.allowed) return last;
  }
  return last;
}
