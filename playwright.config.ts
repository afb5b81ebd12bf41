/**
 * Browser tests against the production build (STACK.md "Browser tests": Vite's dev-mode dependency
 * optimisation reloads pages and makes tests flaky). Debian's chromium, no browser download.
 *
 * One web server and one Playwright worker by default; the spec files run one after another. Two
 * shards side by side (E2E_SHARDS=2) are kept as an option: each shard has its own web server on its
 * own port with its own throwaway embedded database, seeded the same way, so no shard sees another's
 * cases, sign-in codes or rate limits. Shard B is the list below; every other spec file is shard A.
 * Measured on a quiet 2-core machine (issue 26), the shards were slower than one server (6.4 min
 * against 5.5 min): two production servers, two intakes and two browsers contend for the same two
 * cores, so one server is the default.
 *
 * Each web server runs `server.ts` on the build in ./build with DEV_OUTBOX=1 so the tests can read
 * sign-in codes from /dev/outbox. The first server builds first unless E2E_SKIP_BUILD=1 (use that
 * when the build is fresh; Playwright starts the servers one after another). E2E_PORT overrides the
 * first port (default 3210; shard B uses the next one).
 */
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const firstPort = Number(process.env.E2E_PORT ?? 3210);
// One id per run, shared with the worker processes (they inherit the runner's environment and load
// this file again): the e2e helpers key their cached sign-in sessions by it.
process.env.E2E_RUN_ID ??= `${process.pid}-${Date.now()}`;
const runDir = process.env.E2E_DB_DIR ?? path.join(os.tmpdir(), `pa-e2e-${process.pid}-${Date.now()}`);
const build = process.env.E2E_SKIP_BUILD === "1" ? "" : "npx react-router build && ";

/** shard B's spec files when E2E_SHARDS=2 (about half of the run's time, by the durations of a full run) */
const SHARD_B = [
  "layout.spec.ts", // after claims.spec.ts: the reviewer workspace then has a claim to open
  "claims.spec.ts",
  "reviewer-truth.spec.ts",
  "team.spec.ts",
  "appeals.spec.ts",
  "workspace.spec.ts",
  "policy-change.spec.ts",
  "auth.spec.ts",
  "csp.spec.ts",
  "claims-x12.spec.ts",
  "pas-fhir.spec.ts",
];
/** the spec file `name` of tests/e2e, as a pattern Playwright matches against the file's path */
const specFile = (name: string) => new RegExp(`[/\\\\]${name.replaceAll(".", "\\.")}$`);
const sharded = process.env.E2E_SHARDS === "2";
const shards = sharded
  ? [
      { name: "chromium-a", port: firstPort, testIgnore: SHARD_B.map(specFile) },
      { name: "chromium-b", port: firstPort + 1, testMatch: SHARD_B.map(specFile) },
    ]
  : [{ name: "chromium", port: firstPort }];

const chromium = {
  ...devices["Desktop Chrome"],
  channel: undefined,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: shards.length,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: { trace: "retain-on-failure" },
  projects: shards.map((s) => ({
    name: s.name,
    // one worker per shard: a shard's spec files share its server and run in order
    workers: 1,
    ...("testMatch" in s ? { testMatch: s.testMatch } : {}),
    ...("testIgnore" in s ? { testIgnore: s.testIgnore } : {}),
    use: { ...chromium, baseURL: `http://localhost:${s.port}` },
  })),
  webServer: shards.map((s, i) => {
    const baseURL = `http://localhost:${s.port}`;
    return {
      command: `${i === 0 ? build : ""}npx tsx tests/e2e/fixtures/seed-cli.ts && npx tsx server.ts`,
      url: `${baseURL}/login`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "pipe" as const,
      stderr: "pipe" as const,
      name: s.name,
      env: {
        ...(process.env as Record<string, string>),
        NODE_ENV: "production",
        PORT: String(s.port),
        HOST: "127.0.0.1",
        EMBEDDED_DB_DIR: path.join(runDir, s.name, "db"),
        DATABASE_URL: "",
        SMTP_URL: "",
        DEV_OUTBOX: "1",
        APP_URL: baseURL,
        SESSION_SECRET: process.env.SESSION_SECRET ?? "e2e-session-secret-0123456789abcdef",
        // tests/e2e/webhooks.spec.ts delivers to a receiver on loopback and watches retries.
        WEBHOOKS_ALLOW_PRIVATE: "1",
        WEBHOOK_RETRY_BASE_MS: process.env.WEBHOOK_RETRY_BASE_MS ?? "1000",
        WEBHOOK_MAX_ATTEMPTS: process.env.WEBHOOK_MAX_ATTEMPTS ?? "4",
        // tests/e2e/extraction.spec.ts watches the extraction waiting screen poll: a finished extraction
        // is held this long before it is stored (the built-in engine would finish before any poll).
        POLICY_EXTRACTION_HOLD_MS: process.env.POLICY_EXTRACTION_HOLD_MS ?? "6000",
      },
    };
  }),
});
