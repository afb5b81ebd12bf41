/**
 * Vitest globalSetup: makes the app's test build (tests/support/test-build.ts) before any test
 * file starts, when this run has a file that loads the app (imports fixtures-app or test-build).
 * Test files then only import the finished build; without this, the first such file would build inside its
 * beforeAll (which still works: ensureTestBuild() is safe to call from any process, and is what
 * `createAppHandler()` calls), under the hook timeout. A run of unit files alone never builds.
 */
import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { ensureTestBuild } from "./test-build";

export default async function setup(project: TestProject): Promise<void> {
  if (!(await runLoadsTheApp(project))) return;
  const started = performance.now();
  const { built } = await ensureTestBuild();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`app test build (.test-build): ${built ? `built in ${seconds} s` : `up to date (checked in ${seconds} s)`}`);
}

/**
 * True when a test file of this run imports fixtures-app (or test-build itself). The run's file
 * filters are vitest's internal `filenamePattern`; when it is missing (another vitest version)
 * every file counts, so the answer errs towards building.
 */
async function runLoadsTheApp(project: TestProject): Promise<boolean> {
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const { testFiles } = await project.globTestFiles(filters);
  return testFiles.some((file) => {
    try {
      return /support\/(fixtures-app|test-build)["']/.test(fs.readFileSync(file, "utf8"));
    } catch {
      return true;
    }
  });
}
