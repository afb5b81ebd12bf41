/**
 * Browser tests against the production build (STACK.md "Browser tests": Vite's dev-mode dependency
 * optimisation reloads pages and makes tests flaky). Debian's chromium, no browser download.
 *
 * The web server runs `server.ts` on the build in ./build with a throwaway embedded database and
 * DEV_OUTBOX=1 so the tests can read sign-in codes from /dev/outbox. It builds first unless
 * E2E_SKIP_BUILD=1 (use that when the build is fresh). E2E_PORT overrides the port (default 3210).
 */
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
// One id per run, shared with the worker processes (they inherit the runner's environment and load
// this file again): the e2e helpers key their cached sign-in sessions by it.
process.env.E2E_RUN_ID ??= `${process.pid}-${Date.now()}`;
const baseURL = `http://localhost:${port}`;
const dbDir = process.env.E2E_DB_DIR ?? path.join(os.tmpdir(), `pa-e2e-${process.pid}-${Date.now()}`, "db");
const build = process.env.E2E_SKIP_BUILD === "1" ? "" : "npx react-router build && ";

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `${build}npx tsx tests/e2e/fixtures/seed-cli.ts && npx tsx server.ts`,
    url: `${baseURL}/login`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      ...(process.env as Record<string, string>),
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      EMBEDDED_DB_DIR: dbDir,
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
  },
});
