/**
 * One environment schema, read at start-up by the web server, the worker and the scripts.
 * Invalid configuration stops start-up with a message that names the variable.
 * Every variable is documented in .env.example.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/** Empty strings count as unset, so `FOO=` in a .env file behaves like no FOO at all. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalUrl = z.preprocess(blankToUndefined, z.string().trim().url().optional());
const optionalString = z.preprocess(blankToUndefined, z.string().trim().optional());

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /**
   * Which reverse proxies may set X-Forwarded-For / -Proto (Express "trust proxy"): "loopback" (a
   * proxy on this machine), "false", a hop count, or comma-separated addresses/subnets. Rate limits
   * key on the client address this yields, so trusting too much lets clients pick their address.
   */
  TRUST_PROXY: z.string().trim().default("loopback"),
  /** Public base URL, used in sign-in emails and signed document links. */
  APP_URL: optionalUrl,
  /** PostgreSQL connection string. Absent: embedded PGlite with pgvector in EMBEDDED_DB_DIR. */
  DATABASE_URL: optionalUrl,
  EMBEDDED_DB_DIR: z.string().default(".data/pglite"),
  /**
   * Secret for session cookies, sign-in codes and signed URLs. Required in production with
   * DATABASE_URL; otherwise, when absent, a random one is generated once and kept in
   * `<parent of EMBEDDED_DB_DIR>/session-secret` (mode 0600).
   */
  SESSION_SECRET: z.preprocess(blankToUndefined, z.string().min(16).optional()),
  /** Minutes without a request after which a browser session ends (default 8 hours). */
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(30 * 24 * 60)
    .default(480),
  /** OpenAI-compatible model server. Absent: the built-in clinical engine. */
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_API_KEY: optionalString,
  OPENAI_MODEL: z.string().default("gpt-4o-mini"),
  OPENAI_EMBEDDING_MODEL: z.string().default("text-embedding-3-small"),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** SMTP for sign-in codes. Absent: codes are kept in the outbox table (the only delivery). */
  SMTP_URL: optionalString,
  /**
   * "1" on a local instance (scripts/up.sh, e2e): serves the outbox at /dev/outbox to requests made
   * directly from this machine and prints codes in the log. Never set it on a shared deployment.
   */
  DEV_OUTBOX: z.preprocess(blankToUndefined, z.enum(["0", "1"]).default("0")).transform((v) => v === "1"),
  MAIL_FROM: z.string().default("PA Review <no-reply@localhost>"),
  /**
   * Instance administrators (the /chai-admins area): comma-separated sign-in emails, compared
   * case-insensitively. Empty: nobody is an instance administrator and the area answers 404.
   */
  INSTANCE_ADMIN_EMAILS: z.preprocess(blankToUndefined, z.string().default("")).transform((v) =>
    v
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  ),
  /** In-process worker: "auto" runs it inside the web process only with the embedded database. */
  WORKER_IN_PROCESS: z.enum(["auto", "true", "false"]).default("auto"),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Seconds without a heartbeat before a worker is presumed dead and its jobs are re-queued. */
  WORKER_STALE_SECONDS: z.coerce.number().int().min(5).default(30),
  MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(200).default(25),
  /** Time limit for reading one document (PDF text layer + OCR): seconds of CPU time of its isolated thread (elapsed time capped at 4x). */
  DOCUMENT_PARSE_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /** Heap limit of a document-reading thread; a PDF needing more fails as too complex. */
  DOCUMENT_PARSE_MAX_MEMORY_MB: z.coerce.number().int().min(128).max(16384).default(1024),
  /**
   * Warm tesseract workers (threads) per document-reading process; absent: one per core, at most 2.
   * Read on the document thread itself through this field's schema (ocr.server.ts).
   */
  OCR_WORKERS: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(16).optional()),
  /**
   * Forces one OCR engine for every document: "native" (Debian's tesseract binary; fails without
   * it) or "tesseract.js" (WebAssembly). Absent: each caller's choice (ParseOptions.ocrEngine,
   * ocr.server.ts getOcrEngine).
   */
  OCR_ENGINE: z.preprocess(blankToUndefined, z.enum(["native", "tesseract.js"]).optional()),
  /**
   * Where the public pages' "Schedule a demo" buttons go when set: an external booking page
   * (https://...) or a mailto: address. Absent: the built-in form at /schedule-demo, which emails
   * each request to DEMO_REQUESTS_TO (SMTP, or the outbox table without SMTP).
   */
  SCHEDULE_DEMO_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .url()
      .refine((u) => /^(https?:|mailto:)/i.test(u), "must be an http(s) or mailto: URL")
      .optional(),
  ),
  /** Who receives the /schedule-demo requests (default: sales@ the APP_URL host, else sales@localhost). */
  DEMO_REQUESTS_TO: z.preprocess(blankToUndefined, z.string().trim().email().optional()),
  // Read where used (app/webhooks, app/api-logs, PBM page); validated here so a typo stops start-up.
  WEBHOOKS_ALLOW_PRIVATE: z.preprocess(blankToUndefined, z.enum(["0", "1"]).default("0")),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(5_000),
  // read where used (app/fhir/pas-subscriptions.server.ts), as the webhook ones
  FHIR_SUBSCRIPTION_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
  FHIR_SUBSCRIPTION_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(5_000),
  // SMART Backend Services for /fhir (app/auth/smart-backend.server.ts), read where used as the ones above
  /** Lifetime of an access token issued by /fhir/auth/token, seconds (SMART suggests at most 5 minutes). */
  SMART_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  /** Time limit for fetching a client's registered JWK Set URL at token time (same address policy as webhooks). */
  SMART_JWKS_TIMEOUT_MS: z.coerce.number().int().min(500).max(30_000).default(5_000),
  API_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  DEMO_SCHEDULING_URL: optionalUrl,
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

/** The validated environment: as the schema reads it, with SESSION_SECRET always resolved. */
export type Env = Omit<z.infer<typeof EnvSchema>, "SESSION_SECRET"> & { SESSION_SECRET: string };

/**
 * Secrets printed in this repository's history and docs. Anyone can sign cookies and decrypt
 * pending sign-ins with them, so they are refused wherever they are configured.
 */
export const PUBLISHED_SECRETS: readonly string[] = Object.freeze(["dev-only-session-secret-change-me", "change-me-to-a-long-random-string"]);

/** Where the generated session secret of an installation lives: next to its embedded database. */
export function sessionSecretPath(embeddedDbDir: string): string {
  return path.join(path.dirname(path.resolve(embeddedDbDir)), "session-secret");
}

/**
 * Reads the installation's generated secret from `file`, creating it (32 random bytes, base64url,
 * mode 0600) on first start. Creation writes a temporary file and hard-links it into place, so
 * processes starting together all end up with the one secret that won the link.
 */
function loadOrCreateSecret(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (!fs.existsSync(file)) {
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.tmp`;
    fs.writeFileSync(tmp, `${crypto.randomBytes(32).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
    try {
      fs.linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 16) throw new Error(`Invalid configuration:\n  SESSION_SECRET: ${file} holds fewer than 16 characters; delete it to generate a new one.`);
  return secret;
}

/**
 * Parses `source` (default process.env); throws an Error naming each invalid variable. Without
 * SESSION_SECRET it reads (or on first start creates) the generated secret file, see sessionSecretPath.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Readonly<Env> {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}\nSee .env.example.`);
  }
  const parsed = result.data;
  if (parsed.SESSION_SECRET && PUBLISHED_SECRETS.includes(parsed.SESSION_SECRET)) {
    throw new Error(
      "Invalid configuration:\n  SESSION_SECRET: is a published example value; use a long random string (openssl rand -base64 32).\nSee .env.example.",
    );
  }
  if (!parsed.SESSION_SECRET && parsed.NODE_ENV === "production" && parsed.DATABASE_URL) {
    // Several web processes share one database: they must share one secret, which a file on one
    // machine cannot promise.
    throw new Error("Invalid configuration:\n  SESSION_SECRET: must be set in production with a real database.\nSee .env.example.");
  }
  const env: Env = { ...parsed, SESSION_SECRET: parsed.SESSION_SECRET ?? loadOrCreateSecret(sessionSecretPath(parsed.EMBEDDED_DB_DIR)) };
  if (env.OPENAI_BASE_URL && !env.OPENAI_API_KEY) {
    throw new Error("Invalid configuration:\n  OPENAI_API_KEY: required when OPENAI_BASE_URL is set.\nSee .env.example.");
  }
  return Object.freeze(env);
}

// On globalThis, like the database handle: the server entry and the route build (and, in tests,
// the test file and the Vite-loaded app) are separate module instances of this file.
const CACHE_KEY = Symbol.for("priorauth.env");
type GlobalWithEnv = typeof globalThis & { [CACHE_KEY]?: Readonly<Env> };

/** The validated environment of this process (parsed once, on first use). */
export function getEnv(): Readonly<Env> {
  const g = globalThis as GlobalWithEnv;
  g[CACHE_KEY] ??= parseEnv();
  return g[CACHE_KEY]!;
}

/** For tests that change process.env between cases: the next getEnv() parses again. */
export function resetEnvForTests() {
  delete (globalThis as GlobalWithEnv)[CACHE_KEY];
}
