/**
 * The `unit` project of vitest.config.ts shares one module graph per fork (isolate: false): a test
 * file there that changes process-wide state would leak it into the files after it. This checks
 * every unit file for the patterns that do (environment writes, module mocks, stubbed globals, fake
 * timers, a test database) and that each ISOLATED entry still exists.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EMBEDDED_FILES, ISOLATED, UNIT_INCLUDE } from "../vitest.config";

const ROOT = path.resolve(import.meta.dirname, "..");
const PROCESS_WIDE = [
  // (a file of the unit project matching one of these must be ISOLATED)
  /process\.env(?:\.\w+|\[[^\]]+\])\s*=(?!=)/,
  /delete\s+process\.env/,
  /\bvi\.(?:mock|doMock|stubEnv|stubGlobal|useFakeTimers)\(/,
  /\bcreateTestDatabase\(/,
];

describe("vitest projects", () => {
  // UNIT_INCLUDE is "<folder>/**/*.test.ts(x)" per folder: every test file under those folders
  const folders = [...new Set(UNIT_INCLUDE.map((pattern) => pattern.split("/")[0]!))];
  const unitFiles = folders
    .flatMap((folder) => fs.readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" }).map((f) => `${folder}/${f.replaceAll("\\", "/")}`))
    .filter((f) => /\.test\.tsx?$/.test(f) && !f.includes("node_modules/") && !ISOLATED.includes(f));

  it("finds the unit files", () => {
    expect(unitFiles.length).toBeGreaterThan(50);
    expect(unitFiles).toContain("scripts/vitest-projects.test.ts");
  });

  it("keeps every file that changes process-wide state out of the shared-module unit project", () => {
    const offenders = unitFiles.filter((f) => {
      if (f === "scripts/vitest-projects.test.ts") return false; // its own examples below
      const text = fs.readFileSync(path.join(ROOT, f), "utf8");
      return PROCESS_WIDE.some((re) => re.test(text));
    });
    expect(offenders, "add these to ISOLATED in vitest.config.ts").toEqual([]);
  });

  it("lists only files that exist as ISOLATED", () => {
    for (const f of ISOLATED) expect(fs.existsSync(path.join(ROOT, f)), f).toBe(true);
  });

  it("lists only integration files that exist as EMBEDDED_FILES (the embedded-database re-run)", () => {
    expect(EMBEDDED_FILES.length).toBeGreaterThan(10);
    for (const f of EMBEDDED_FILES) {
      expect(fs.existsSync(path.join(ROOT, f)), f).toBe(true);
      // (a unit file would run twice in one shared module graph: only files with their own process)
      expect(f.startsWith("tests/integration/") || ISOLATED.includes(f), f).toBe(true);
    }
  });

  it("the check itself sees a process-wide write", () => {
    expect(PROCESS_WIDE.some((re) => re.test("process.env.OPENAI_API_KEY = 'x';"))).toBe(true);
    expect(PROCESS_WIDE.some((re) => re.test("vi.mock('~/x')"))).toBe(true);
    expect(PROCESS_WIDE.some((re) => re.test("if (process.env.CI === 'true')"))).toBe(false);
  });
});
