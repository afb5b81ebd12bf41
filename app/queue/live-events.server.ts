/**
 * Live events: progress of jobs, list refreshes and chat deltas, fanned out to SSE streams.
 *
 * Every event is a row in `live_events` (so a browser that reconnects with Last-Event-ID can replay
 * what it missed, and events cross processes on PostgreSQL) followed by `pg_notify('live_events',
 * {"id","channel"})` as a wake-up call. Each process runs ONE hub per database that LISTENs and also
 * polls (NOTIFY is best effort: the listener connection can drop), reads new rows in id order and
 * hands them to the subscribers of their channel.
 *
 * Channels: `org:{organizationId}` (list refresh), `prior_auth:{id}` (intake steps 1-5, chat),
 * `claim:{id}`, `system:echo` (queue diagnostics).
 *
 * Ordering caveat handled here: ids come from a sequence, and concurrent publishers can commit out
 * of order (id 11 visible before id 10). The hub therefore never walks past a missing id at once: it
 * holds later events for up to GAP_WAIT_MS waiting for the missing one, then assumes it was rolled
 * back. Subscribers thus see every committed event exactly once, in id order.
 */
import type { Database } from "~/lib/db.server";

/** One event as delivered to subscribers and SSE streams. */
export interface LiveEvent {
  /** live_events.id (bigint as a decimal string); the SSE `id:` field. */
  id: string;
  channel: string;
  event: string;
  data: unknown;
}

const NOTIFY_CHANNEL = "live_events";
const POLL_MS = 1_000;
const GAP_WAIT_MS = 1_500;
const GAP_RECHECK_MS = 50;
const BATCH = 500;

/**
 * Appends an event to `channel` and wakes every subscriber (in this and other processes).
 *
 * @param channel e.g. `prior_auth:42`
 * @param event SSE event name, e.g. "step", "status", "chat.delta"
 * @param data any JSON-serialisable value (kept as jsonb; keep it small, a few KB at most)
 * Runs on its own connection (autocommit), never inside the caller's transaction: the hub waits at
 * most 1.5 s for an id that commits late, so events written by hand inside a long transaction could
 * be skipped by live streams (they would still be replayed on reconnect).
 *
 * @returns the new event's id
 * @throws on a database error or data that JSON cannot represent (BigInt, cycles)
 */
export async function publish(database: Database, channel: string, event: string, data: unknown): Promise<{ id: string }> {
  const json = JSON.stringify(data ?? null);
  const rows = await database.query<{ id: string }>(
    `WITH ins AS (
       INSERT INTO live_events (channel, event, data) VALUES ($1, $2, $3::jsonb) RETURNING id
     )
     SELECT id::text AS id, pg_notify('${NOTIFY_CHANNEL}', json_build_object('id', id::text, 'channel', $1::text)::text)
     FROM ins`,
    [channel, event, json],
  );
  return { id: rows[0]!.id };
}

/**
 * Deletes events older than `olderThanMs` (default one day). Replays reach back only that far.
 * The worker calls this every few minutes. Returns the number of rows deleted.
 */
export async function pruneLiveEvents(database: Database, olderThanMs = 24 * 3600_000): Promise<number> {
  const rows = await database.query<{ n: number }>(
    `WITH del AS (DELETE FROM live_events WHERE created_at < now() - make_interval(secs => $1::double precision) RETURNING 1)
     SELECT count(*)::int AS n FROM del`,
    [olderThanMs / 1000],
  );
  return rows[0]?.n ?? 0;
}

export interface SubscribeOptions {
  /**
   * Replay events of these channels with id > afterId first (SSE Last-Event-ID), then continue live.
   * Without it, only events published after the subscription started are delivered.
   */
  afterId?: string;
}

/**
 * Calls `onEvent` for every event of `channel` (or of any of several channels), in id order, each
 * exactly once. Works across processes on PostgreSQL and in-process on PGlite.
 *
 * Errors thrown by `onEvent` are logged and do not stop delivery.
 * @returns an unsubscribe function (idempotent); resolves once the subscription is live, i.e. every
 *   event published after this promise resolves will be delivered.
 * @throws if `afterId` is not a decimal integer, or the database cannot be read
 */
export async function subscribe(
  database: Database,
  channel: string | string[],
  onEvent: (e: LiveEvent) => void,
  opts: SubscribeOptions = {},
): Promise<() => void> {
  const channels = Array.isArray(channel) ? [...new Set(channel)] : [channel];
  if (opts.afterId !== undefined && !/^\d{1,19}$/.test(opts.afterId))
    throw new Error(`subscribe: afterId must be a decimal id, got ${JSON.stringify(opts.afterId)}`);
  const hub = hubFor(database);
  return hub.add(channels, onEvent, opts.afterId);
}

/** Number of live subscriptions and hubs in this process (diagnostics and tests). */
export function liveEventStats(database: Database): { subscribers: number; cursor: string | null } {
  const hub = hubs().get(database);
  return { subscribers: hub?.size() ?? 0, cursor: hub?.cursorText() ?? null };
}

// ───────────── the per-process hub ─────────────

interface Subscriber {
  channels: Set<string>;
  onEvent: (e: LiveEvent) => void;
  /** last id delivered to this subscriber (BigInt) */
  lastId: bigint;
  /** live events held while the replay query runs */
  buffer: LiveEvent[] | null;
  active: boolean;
}

interface Row {
  id: string;
  channel: string;
  event: string;
  data: unknown;
}

const HUBS_KEY = Symbol.for("priorauth.liveEvents.hubs");
type GlobalWithHubs = typeof globalThis & { [HUBS_KEY]?: WeakMap<Database, Hub> };

/** Stored on globalThis: the server bundle and server.ts may each load this module. */
function hubs(): WeakMap<Database, Hub> {
  const g = globalThis as GlobalWithHubs;
  return (g[HUBS_KEY] ??= new WeakMap());
}

function hubFor(database: Database): Hub {
  const map = hubs();
  let hub = map.get(database);
  if (!hub) {
    hub = new Hub(database, () => map.delete(database));
    map.set(database, hub);
  }
  return hub;
}

class Hub {
  private subs = new Set<Subscriber>();
  /** Every event with id <= cursor has been dispatched (or given up on as rolled back). */
  private cursor: bigint | null = null;
  private starting: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private gapTimer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private fetching = false;
  private again = false;
  /** first time the hub saw the missing id `gapId` */
  private gap: { id: bigint; since: number } | null = null;
  private closed = false;

  constructor(
    private database: Database,
    private onClose: () => void,
  ) {}

  size() {
    return this.subs.size;
  }
  cursorText() {
    return this.cursor === null ? null : this.cursor.toString();
  }

  async add(channels: string[], onEvent: (e: LiveEvent) => void, afterId?: string): Promise<() => void> {
    const sub: Subscriber = { channels: new Set(channels), onEvent, lastId: 0n, buffer: [], active: true };
    this.subs.add(sub);
    const unsubscribe = () => {
      if (!sub.active) return;
      sub.active = false;
      this.subs.delete(sub);
      if (this.subs.size === 0) this.close();
    };
    try {
      await this.start();
      const upTo = this.cursor!;
      sub.lastId = upTo;
      if (afterId !== undefined && BigInt(afterId) < upTo) {
        // Replay is capped at the hub cursor: anything later arrives through the hub (into `buffer`
        // meanwhile), so nothing is delivered twice and nothing falls between the two.
        const rows = await this.database.query<Row>(
          `SELECT id::text AS id, channel, event, data FROM live_events
           WHERE channel = ANY($1::text[]) AND id > $2::bigint AND id <= $3::bigint ORDER BY id`,
          [channels, afterId, upTo.toString()],
        );
        for (const row of rows) deliver(sub, row);
        sub.lastId = upTo;
      }
      const held = sub.buffer ?? [];
      sub.buffer = null;
      for (const e of held) if (BigInt(e.id) > sub.lastId) deliver(sub, e);
    } catch (err) {
      unsubscribe();
      throw err;
    }
    return unsubscribe;
  }

  private start(): Promise<void> {
    this.starting ??= (async () => {
      const rows = await this.database.query<{ max: string }>(`SELECT coalesce(max(id), 0)::text AS max FROM live_events`);
      this.cursor = BigInt(rows[0]!.max);
      try {
        this.unlisten = await this.database.listen(NOTIFY_CHANNEL, () => this.wake(), { onReconnect: () => this.wake() });
      } catch (err) {
        console.error(`[live-events] LISTEN failed, polling only: ${(err as Error).message}`);
      }
      if (this.closed) {
        void this.unlisten?.().catch(() => {});
        return;
      }
      this.timer = setInterval(() => this.wake(), POLL_MS);
      this.timer.unref?.();
    })().catch((err) => {
      // let the next subscriber try again
      this.starting = null;
      throw err;
    });
    return this.starting;
  }

  private close() {
    this.closed = true;
    this.onClose();
    if (this.timer) clearInterval(this.timer);
    if (this.gapTimer) clearTimeout(this.gapTimer);
    this.timer = this.gapTimer = null;
    const un = this.unlisten;
    this.unlisten = null;
    if (un) void un().catch(() => {});
  }

  /** Coalesces NOTIFYs and poll ticks into one fetch at a time. */
  private wake() {
    if (this.closed || this.cursor === null) return;
    if (this.fetching) {
      this.again = true;
      return;
    }
    this.fetching = true;
    void (async () => {
      try {
        do {
          this.again = false;
          const more = await this.fetchOnce();
          if (more) this.again = true;
        } while (this.again && !this.closed);
      } catch (err) {
        console.error(`[live-events] read failed (retrying on next poll): ${(err as Error).message}`);
      } finally {
        this.fetching = false;
      }
    })();
  }

  /** Reads rows after the cursor and dispatches the contiguous prefix. Returns true if a full batch was read. */
  private async fetchOnce(): Promise<boolean> {
    const channels = [...new Set([...this.subs].flatMap((s) => [...s.channels]))];
    // All channels are read (to see gaps in the id sequence), but data only for subscribed ones.
    const rows = await this.database.query<Row>(
      `SELECT id::text AS id, channel, event, CASE WHEN channel = ANY($2::text[]) THEN data END AS data
       FROM live_events WHERE id > $1::bigint ORDER BY id LIMIT ${BATCH}`,
      [this.cursor!.toString(), channels],
    );
    for (const row of rows) {
      if (this.closed) return false;
      const id = BigInt(row.id);
      const expected = this.cursor! + 1n;
      if (id !== expected) {
        const now = Date.now();
        if (!this.gap || this.gap.id !== expected) this.gap = { id: expected, since: now };
        if (now - this.gap.since < GAP_WAIT_MS) {
          // An earlier id may still be committing: hold everything after it and look again shortly.
          if (!this.gapTimer) {
            this.gapTimer = setTimeout(() => {
              this.gapTimer = null;
              this.wake();
            }, GAP_RECHECK_MS);
            this.gapTimer.unref?.();
          }
          return false;
        }
        // Waited long enough: the missing ids were rolled back.
      }
      this.gap = null;
      let data = row.data;
      if (!channels.includes(row.channel) && [...this.subs].some((s) => s.channels.has(row.channel))) {
        // A subscriber for this channel joined while the query ran: its data was not selected.
        const full = await this.database.query<{ data: unknown }>(`SELECT data FROM live_events WHERE id = $1::bigint`, [row.id]);
        data = full[0]?.data ?? null;
        if (this.closed) return false;
      }
      this.cursor = id;
      const event: LiveEvent = { id: row.id, channel: row.channel, event: row.event, data };
      for (const sub of this.subs) {
        if (!sub.channels.has(row.channel)) continue;
        if (sub.buffer) sub.buffer.push(event);
        else if (id > sub.lastId) deliver(sub, event);
      }
    }
    return rows.length === BATCH;
  }
}

function deliver(sub: Subscriber, e: LiveEvent) {
  if (!sub.active) return;
  sub.lastId = BigInt(e.id);
  try {
    sub.onEvent(e);
  } catch (err) {
    console.error(`[live-events] subscriber for ${e.channel} threw: ${(err as Error).message}`);
  }
}
