import { defineConfig } from "vitest/config";
import HeavyFirstSequencer from "./tests/support/sequencer";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.ts",
      "app/**/*.test.tsx",
      "fixtures/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "workers/**/*.test.ts",
      "scripts/**/*.test.ts",
      "bench/**/*.test.ts",
    ],
    exclude: ["tests/e2e/**", "node_modules/**", "build/**"],
    // Registers the app's jobs with the queue, as the web and worker entries do (app/jobs.server.ts).
    setupFiles: ["tests/support/register-app-jobs.ts"],
    // Migrates once per run: a PostgreSQL template and an embedded data directory that test files copy.
    // Builds the app once per change of its sources, for the files that send requests through it
    // (tests/support/test-build.ts); after the database template is migrated.
    globalSetup: ["tests/support/db-template.global.ts", "tests/support/app-build.global.ts"],
    // The app's test build is loaded by Node as it is, not transformed again as a source file.
    server: { deps: { external: [/\/\.test-build\//] } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // In a fresh clone (no timings yet) the known-long files start first, not the largest ones.
    sequence: { sequencer: HeavyFirstSequencer },
    pool: "forks",
    maxWorkers: 2,
  },
});
