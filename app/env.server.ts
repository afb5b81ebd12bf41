/**
 * One environment schema, read at start-up by the web server, the worker and the scripts.
 * Invalid configuration stops start-up with a message that names the variable.
 * Every variable is documented in .env.example.
 */
import { z } from "zod";

/** Empty strings count as unset, so `FOO=` in a .env file behaves like no FOO at all. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalUrl = z.preprocess(blankToUndefined, z.string().trim().url().optional());
const optionalString = z.preprocess(blankToUndefined, z.string().trim().optional());

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Public base URL, used in sign-in emails and signed document links. */
  APP_URL: optionalUrl,
  /** PostgreSQL connection string. Absent: embedded PGlite with pgvector in EMBEDDED_DB_DIR. */
  DATABASE_URL: optionalUrl,
  EMBEDDED_DB_DIR: z.string().default(".data/pglite"),
  /** Secret for session cookies and signed URLs; required in production. */
  SESSION_SECRET: z.string().min(16).default("dev-only-session-secret-change-me"),
  /** OpenAI-compatible model server. Absent: the built-in clinical engine. */
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_API_KEY: optionalString,
  OPENAI_MODEL: z.string().default("gpt-4o-mini"),
  OPENAI_EMBEDDING_MODEL: z.string().default("text-embedding-3-small"),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** SMTP for sign-in codes. Absent: codes go to the development outbox (console + /dev/outbox). */
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("PA Review <no-reply@localhost>"),
  /** In-process worker: "auto" runs it inside the web process only with the embedded database. */
  WORKER_IN_PROCESS: z.enum(["auto", "true", "false"]).default("auto"),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Seconds without a heartbeat before a worker is presumed dead and its jobs are re-queued. */
  WORKER_STALE_SECONDS: z.coerce.number().int().min(5).default(30),
  MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(200).default(25),
  /** Time limit for reading one document (PDF text layer + OCR) on its isolated thread. */
  DOCUMENT_PARSE_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /** Heap limit of a document-reading thread; a PDF needing more fails as too complex. */
  DOCUMENT_PARSE_MAX_MEMORY_MB: z.coerce.number().int().min(128).max(16384).default(1024),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export type Env = z.infer<typeof EnvSchema>;

/** Parses `source` (default process.env); throws an Error naming each invalid variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Readonly<Env> {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}\nSee .env.example.`);
  }
  const env = result.data;
  if (env.NODE_ENV === "production" && env.SESSION_SECRET === "dev-only-session-secret-change-me" && env.DATABASE_URL) {
    throw new Error("Invalid configuration:\n  SESSION_SECRET: must be set in production with a real database.\nSee .env.example.");
  }
  if (env.OPENAI_BASE_URL && !env.OPENAI_API_KEY) {
    throw new Error("Invalid configuration:\n  OPENAI_API_KEY: required when OPENAI_BASE_URL is set.\nSee .env.example.");
  }
  return Object.freeze(env);
}

let cached: Readonly<Env> | undefined;

/** The validated environment of this process (parsed once, on first use). */
export function getEnv(): Readonly<Env> {
  cached ??= parseEnv();
  return cached;
}

/** For tests that change process.env between cases. */
export function resetEnvForTests() {
  cached = undefined;
}
