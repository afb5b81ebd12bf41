import { defineConfig } from "vitest/config";
import HeavyFirstSequencer from "./tests/support/sequencer";

/**
 * Two projects on one pool of two forks:
 *  - `unit`: the engine, readers, agents against a loopback model, UI render tests — modules without
 *    a database or process-wide state. They share one module graph per fork (`isolate: false`): a
 *    new process and a fresh import of the engine per file cost more than most of these files' tests
 *    (issue 26: in the isolated run the second half of the suite kept one core of two busy).
 *  - `integration`: everything that touches a database, the app build, environment variables or
 *    module mocks, each file in its own process as before.
 * A file belongs in ISOLATED when it sets process.env, calls vi.mock / vi.stubEnv / vi.stubGlobal /
 * fake timers, opens a test database, or asserts what its process has not loaded yet;
 * scripts/vitest-projects.test.ts checks the patterns it can see.
 */
export const UNIT_INCLUDE = [
  "app/**/*.test.ts",
  "app/**/*.test.tsx",
  "fixtures/**/*.test.ts",
  "workers/**/*.test.ts",
  "scripts/**/*.test.ts",
  "bench/**/*.test.ts",
];
/** unit-looking files that need their own process (environment, mocks, a database) */
export const ISOLATED = [
  "app/agents/llm.server.test.ts", // sets OPENAI_* in process.env
  "app/documents/ocr-cache.server.test.ts", // a test database
  "app/fhir/warm-up.server.test.ts", // asserts the PAS validator is not loaded yet in its process
];

/**
 * Database-facing files that run a second time on the embedded database (PGlite through
 * app/lib/db.server.ts, what `npm run up` uses without DATABASE_URL) when the run has PostgreSQL:
 * the files that prove what can differ between the two — the migrations, SQL the app writes by hand
 * (raw queries, triggers, pgvector, locks), transactions, the queue and worker in one process, live
 * events and auth. What the other integration files prove is request handling above Prisma, the same
 * on both databases once every model round-trips (schema-roundtrip). queue.test.ts and
 * queue-lanes.test.ts run on both databases in one file. The `embedded` project below holds them
 * (VITEST_EMBEDDED_AGAIN=1, set by scripts/test-all.sh when PostgreSQL is reachable), so they share
 * the run's pool of forks instead of running in a lane of their own beside Playwright (issue 26: that
 * lane tripled Playwright's time). Without PostgreSQL the `integration` project already runs every
 * file on PGlite.
 */
export const EMBEDDED_FILES = [
  "tests/integration/audit-chain.test.ts", // every migration from scratch on PGlite (and the last one over old rows); audit hash-chain trigger
  "tests/integration/audit-group-commit.test.ts", // audit rows of concurrent requests committed together, in the chain
  "tests/integration/schema-roundtrip.test.ts", // every Prisma model through the PGlite adapter (JSON, bytes, dates, composite keys)
  "tests/integration/intake.test.ts", // intake end to end: queue + in-process worker (FOR UPDATE SKIP LOCKED claims), document chunks + vectors, decision trees, results in one transaction
  "tests/integration/chat.test.ts", // pgvector + full-text passage search (search-passages.server.ts), live events over LISTEN/NOTIFY
  "tests/integration/create-prior-auth-atomic.test.ts", // a failed create rolls its transaction back
  "tests/integration/intake-job-failures.test.ts", // failed attempts and the stale-job sweep (queue SQL)
  "tests/integration/intake-rerun.test.ts", // keyed jobs re-queued while running (queue SQL)
  "tests/integration/busy-worker.test.ts", // heartbeats of a busy in-process worker, a job never lands twice
  "tests/integration/auth-sign-in.test.ts", // sign-in codes, sessions, account + organization creation (register-account, create-organization-pair)
  "tests/integration/auth-session.test.ts", // session revocation and API keys per organization
  "tests/integration/auth-codes.test.ts", // single-use codes, attempt limits (rate-limit.server.ts counters)
  "tests/integration/tenancy.test.ts", // another organization's data is 404 on every route
  "tests/integration/claims.test.ts", // claim intake end to end (create-claim, claim-review SQL)
  "tests/integration/appeals.test.ts", // appeals and time-frame extensions (load-case, record-appeal, extend-time-frame SQL)
  "tests/integration/tree-versions.test.ts", // decision-tree versions (decision-tree-store, tree-versions SQL)
  "tests/integration/human-decision-rerun.test.ts", // human decisions kept across re-runs (record-human-decision, effective-decision SQL)
  "tests/integration/field-corrections.test.ts", // field corrections (field-corrections SQL)
  "tests/integration/plan-csv-import.test.ts", // roster and formulary import (import-plan-csv SQL)
  "tests/integration/fee-schedule.test.ts", // fee-schedule import, plan page, claim intake over the limit (fee schedule + earlier-claim SQL)
  "tests/integration/plan-document.test.ts", // plan documents (plan-document SQL, bytes)
  "tests/integration/plan-extraction-job.test.ts", // policy extraction job (extract-coverage-policies, manage-coverage-policies SQL)
  "tests/integration/drug-directory.test.ts", // drug directory upsert and search (drug-directory SQL)
  "tests/integration/letters.test.ts", // denial letters (generate-denial-letter SQL)
  "tests/integration/letter-forms.test.ts", // letter forms (manage-letter-forms SQL)
  "tests/integration/team.test.ts", // team members and roles (team-members SQL), PHI audit reads
  "tests/integration/fhir-pas-submit.test.ts", // PAS submit and inquire through queue and worker (inquire-pas SQL)
  "app/documents/ocr-cache.server.test.ts", // OCR result cache (ocr-cache.server SQL, upsert)
];

/** migrates the run's database template, then checks the app's test build (see the integration project) */
const INTEGRATION_GLOBAL_SETUP = ["tests/support/db-template.global.ts", "tests/support/app-build.global.ts"];

const shared = {
  // Registers the app's jobs with the queue, as the web and worker entries do (app/jobs.server.ts).
  setupFiles: ["tests/support/register-app-jobs.ts"],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // In a fresh clone (no timings yet) the known-long files start first, not the largest ones.
    sequence: { sequencer: HeavyFirstSequencer },
    pool: "forks",
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: "unit",
          include: UNIT_INCLUDE,
          exclude: ["node_modules/**", "build/**", ...ISOLATED],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          ...shared,
          name: "integration",
          include: ["tests/integration/**/*.test.ts", ...ISOLATED],
          exclude: ["tests/e2e/**", "node_modules/**", "build/**"],
          // Migrates once per run: a PostgreSQL template and an embedded data directory that test files copy.
          // Builds the app once per change of its sources, for the files that send requests through it
          // (tests/support/test-build.ts); after the database template is migrated.
          globalSetup: INTEGRATION_GLOBAL_SETUP,
          // The app's test build is loaded by Node as it is, not transformed again as a source file.
          server: { deps: { external: [/\/\.test-build\//] } },
        },
      },
      ...(process.env.VITEST_EMBEDDED_AGAIN === "1"
        ? [
            {
              extends: true as const,
              test: {
                ...shared,
                name: "embedded",
                include: EMBEDDED_FILES,
                // read by tests/support/test-db.ts in each file's process (and by the project's globalSetup)
                env: { TEST_EMBEDDED_ONLY: "1" },
                globalSetup: INTEGRATION_GLOBAL_SETUP,
                server: { deps: { external: [/\/\.test-build\//] } },
              },
            },
          ]
        : []),
    ],
  },
});
