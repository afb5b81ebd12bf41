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
          globalSetup: ["tests/support/db-template.global.ts", "tests/support/app-build.global.ts"],
          // The app's test build is loaded by Node as it is, not transformed again as a source file.
          server: { deps: { external: [/\/\.test-build\//] } },
        },
      },
    ],
  },
});
