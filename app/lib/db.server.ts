/**
 * Database access for web, worker and scripts.
 *
 * Two back ends behind one handle:
 *  - PostgreSQL (DATABASE_URL set): a `pg` Pool shared by Prisma (`@prisma/adapter-pg`) and raw SQL,
 *    plus a dedicated client for LISTEN/NOTIFY. Any number of processes may share it.
 *  - Embedded (no DATABASE_URL): PGlite with pgvector, in a data directory (or in memory for tests).
 *    PGlite serves exactly one process, so web and worker run in the same process (STACK.md).
 *
 * Nothing here keeps state another process needs: all shared state lives in the database.
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "~/generated/prisma/client";

export type { PrismaClient };

export interface Database {
  kind: "postgres" | "embedded";
  /** The PostgreSQL connection string (for helpers that need their own connection); null when embedded. */
  url: string | null;
  prisma: PrismaClient;
  /** Runs one parameterised statement ($1, $2 ...) and returns its rows. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
  /**
   * Subscribes to a NOTIFY channel; returns an unsubscribe function. On PostgreSQL the LISTEN
   * connection is re-opened with backoff when it drops (each loss and recovery is logged);
   * notifications sent while it was down are lost, so `opts.onReconnect` is called once it is
   * back, for the caller to catch up (e.g. poll the table the notifications are about).
   */
  listen(channel: string, onPayload: (payload: string) => void, opts?: { onReconnect?: () => void }): Promise<() => Promise<void>>;
  /**
   * Runs `fn` while holding a session-level advisory lock on one dedicated connection (PostgreSQL),
   * so concurrent processes serialise; on the embedded database (one process) it just runs `fn`.
   */
  withAdvisoryLock<T>(lockId: number, fn: () => Promise<T>): Promise<T>;
  /** Sends a NOTIFY (payload under 8000 bytes). */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /**
   * Embedded only (absent on PostgreSQL): the whole data directory as an uncompressed tar (PGlite's
   * `dumpDataDir`), which `openDatabase({ inMemory: true, loadDataDir })` opens again as a copy.
   */
  dumpDataDir?(): Promise<Blob>;
}

export interface OpenOptions {
  /** PostgreSQL URL; absent means embedded. */
  url?: string;
  /** Embedded data directory; "memory://" or undefined with inMemory for a throw-away database. */
  dataDir?: string;
  inMemory?: boolean;
  /**
   * Embedded only: start from this data directory (a tar made by PGlite's `dumpDataDir`, e.g. an
   * already migrated database) instead of an empty one. Tests use it to migrate once per run.
   */
  loadDataDir?: Blob;
  /** pg pool size per process. */
  poolSize?: number;
}

/** Opens a database handle. Throws if PostgreSQL cannot be reached. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.url ? openPostgres(opts.url, opts.poolSize ?? 10) : openEmbedded(opts);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", (err) => console.error("[db] idle client error:", err.message));
  await pool.query("select 1");
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const listenerState = createListener(url);
  return {
    kind: "postgres",
    url,
    prisma,
    async query(text, params) {
      const res = await pool.query(text, params as unknown[]);
      return res.rows;
    },
    async exec(script) {
      await pool.query(script);
    },
    listen(channel, onPayload, opts) {
      return listenerState.listen(channel, onPayload, opts?.onReconnect);
    },
    async notify(channel, payload) {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async withAdvisoryLock(lockId, fn) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [lockId]);
        try {
          return await fn();
        } finally {
          await client.query("select pg_advisory_unlock($1)", [lockId]).catch(() => {});
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await prisma.$disconnect().catch(() => {});
      await listenerState.close();
      await pool.end().catch(() => {});
    },
  };
}

async function openEmbedded(opts: OpenOptions): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { vector } = await import("@electric-sql/pglite/vector");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  let dataDir: string | undefined;
  if (!opts.inMemory && opts.dataDir && !opts.dataDir.startsWith("memory://")) {
    dataDir = path.resolve(opts.dataDir);
    // PGlite creates only the last folder of the path.
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  }
  const lite = await PGlite.create({ dataDir, loadDataDir: opts.loadDataDir, extensions: { vector } });
  await lite.waitReady;
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(lite) });
  return {
    kind: "embedded",
    url: null,
    prisma,
    async query<T>(text: string, params?: unknown[]): Promise<T[]> {
      const res = await lite.query<T>(text, params);
      return res.rows;
    },
    async exec(script) {
      await lite.exec(script);
    },
    async listen(channel, onPayload) {
      const unsub = await lite.listen(channel, onPayload);
      return async () => {
        await unsub();
      };
    },
    async notify(channel, payload) {
      await lite.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async withAdvisoryLock(_lockId, fn) {
      return fn();
    },
    async close() {
      await prisma.$disconnect().catch(() => {});
      await lite.close().catch(() => {});
    },
    dumpDataDir: () => lite.dumpDataDir("none"),
  };
}

/** application_name of the LISTEN connection (find it in pg_stat_activity). */
export const LISTEN_APPLICATION_NAME = "priorauth:listen";

interface Subscription {
  onPayload: (payload: string) => void;
  onReconnect?: () => void;
}

/**
 * The one LISTEN connection of a PostgreSQL handle. When it errors or ends (server restart,
 * pg_terminate_backend, network loss) it reconnects with exponential backoff (250 ms doubling to
 * 10 s), LISTENs again on every channel that still has subscribers, logs both events, and calls
 * every subscriber's onReconnect, since notifications sent meanwhile are lost.
 */
function createListener(url: string, log: (line: string) => void = (line) => console.error(line)) {
  const channels = new Map<string, Set<Subscription>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;

  async function connect(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: url, application_name: LISTEN_APPLICATION_NAME, keepAlive: true });
    c.on("notification", (msg) => {
      for (const sub of channels.get(msg.channel) ?? []) sub.onPayload(msg.payload ?? "");
    });
    // Either event means the connection is gone; handle it once.
    let lost = false;
    const onLost = (why: string) => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      c.end().catch(() => {});
      if (!closed) {
        log(`[db] LISTEN connection lost (${why}); reconnecting`);
        scheduleReconnect();
      }
    };
    c.on("error", (err) => onLost(err.message));
    c.on("end", () => onLost("connection ended"));
    await c.connect();
    for (const channel of channels.keys()) await c.query(`LISTEN ${quoteIdent(channel)}`);
    return c;
  }

  function ensure(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= connect()
      .then((c) => {
        client = c;
        return c;
      })
      .finally(() => {
        connecting = null;
      });
    return connecting;
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    const delay = Math.min(10_000, 250 * 2 ** Math.min(failures, 6));
    retryTimer = setTimeout(async () => {
      retryTimer = null;
      try {
        await ensure();
        log(`[db] LISTEN connection re-established after ${failures + 1} attempt(s) (${channels.size} channel(s))`);
        failures = 0;
        for (const subs of channels.values()) for (const sub of subs) sub.onReconnect?.();
      } catch (err) {
        failures++;
        log(`[db] LISTEN reconnect failed (${(err as Error).message}); next try in ${Math.min(10_000, 250 * 2 ** Math.min(failures, 6))} ms`);
        scheduleReconnect();
      }
    }, delay);
    retryTimer.unref?.();
  }

  return {
    async listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>> {
      const sub: Subscription = { onPayload, onReconnect };
      let set = channels.get(channel);
      const first = !set;
      if (!set) {
        set = new Set();
        channels.set(channel, set);
      }
      set.add(sub);
      try {
        const c = await ensure();
        if (first && client === c) await c.query(`LISTEN ${quoteIdent(channel)}`);
      } catch (err) {
        set.delete(sub);
        if (set.size === 0) channels.delete(channel);
        throw err;
      }
      return async () => {
        set!.delete(sub);
        if (set!.size === 0 && channels.get(channel) === set) {
          channels.delete(channel);
          await client?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const c = client ?? (await connecting?.catch(() => null));
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

function quoteIdent(name: string) {
  return `"${name.replace(/"/g, '""')}"`;
}

// ───────────── process singleton ─────────────

const GLOBAL_KEY = Symbol.for("priorauth.database");
type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: Promise<Database> };

/**
 * The process-wide database, opened on first use from the environment (DATABASE_URL or the
 * embedded directory) and migrated. Stored on globalThis so the server entry, the route build
 * and the in-process worker share one handle (one PGlite may only be opened once).
 */
export function getDatabase(): Promise<Database> {
  const g = globalThis as GlobalWithDb;
  g[GLOBAL_KEY] ??= (async () => {
    const { getEnv } = await import("~/env.server");
    const { migrate } = await import("~/lib/migrate.server");
    const env = getEnv();
    const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.EMBEDDED_DB_DIR });
    await migrate(database);
    return database;
  })();
  return g[GLOBAL_KEY]!;
}

/** Installs an already opened database as the process singleton (tests, scripts). */
export function setDatabase(database: Database) {
  (globalThis as GlobalWithDb)[GLOBAL_KEY] = Promise.resolve(database);
}

/** Prisma client of the process database. */
export async function prisma(): Promise<PrismaClient> {
  return (await getDatabase()).prisma;
}
