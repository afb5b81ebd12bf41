import { defineConfig } from "vitest/config";

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
    ],
    exclude: ["tests/e2e/**", "node_modules/**", "build/**"],
    // Registers the app's jobs with the queue, as the web and worker entries do (app/jobs.server.ts).
    setupFiles: ["tests/support/register-app-jobs.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
