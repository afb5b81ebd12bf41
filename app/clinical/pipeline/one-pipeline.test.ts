/**
 * One pipeline, one rule book: outside app/clinical nothing runs the clinical stages itself. The
 * intake, prompt re-runs and the evaluation tools call runPipeline; the model path implements the
 * agents. A second orchestration (the cause of two engines deciding one case differently) fails here.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../../..");
const STAGES = ["extractCaseFacts", "checkEligibility", "selectPolicy", "reviewCase", "auditCase", "applyDecisionRules"];

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "clinical" ? [] : sources(p);
    return /\.(?:ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const files = ["app", "workers", "scripts", "bench", "prisma", "server.ts"]
  .flatMap((d) => (d.endsWith(".ts") ? [path.join(ROOT, d)] : sources(path.join(ROOT, d))))
  .filter((f) => fs.existsSync(f));
const importsOf = (src: string) =>
  [...src.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"([^"]+)"/g)].map((m) => ({
    names: m[1].split(",").map(
      (n) =>
        n
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0],
    ),
    from: m[2],
  }));

describe("the clinical pipeline exists once", () => {
  it("scans the application's sources", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((f) => f.endsWith("run-intake.server.ts"))).toBe(true);
  });

  it("no module outside app/clinical imports a clinical stage function", () => {
    const offenders = files.flatMap((f) =>
      importsOf(fs.readFileSync(f, "utf8"))
        .filter((i) => i.from.includes("clinical/"))
        .flatMap((i) => i.names.filter((n) => STAGES.includes(n)).map((n) => `${path.relative(ROOT, f)} imports ${n}`)),
    );
    expect(offenders).toEqual([]);
  });

  it("the intake, the prompt re-runs, the offline evaluation and the public demo all run runPipeline", () => {
    const callers = files
      .filter((f) => /\brunPipeline\(/.test(fs.readFileSync(f, "utf8")))
      .map((f) => path.relative(ROOT, f))
      .sort();
    expect(callers).toEqual([
      "app/demo/run-demo.server.ts",
      "app/evaluation/offline-set.ts",
      "app/intake/run-intake.server.ts",
      "app/prompts/prompts.server.ts",
    ]);
  });
});
