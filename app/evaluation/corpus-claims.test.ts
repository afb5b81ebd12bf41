/**
 * Every claims corpus floor (app/evaluation/corpus-claims-set.ts) names a set of
 * fixtures/corpus-claims and has its own test file app/evaluation/corpus-claims/<set>.test.ts that
 * runs it, and every such file has a floor.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLAIMS_CORPUS_ROOT, CLAIMS_FLOORS } from "./corpus-claims-set";

const files = fs
  .readdirSync(path.join(import.meta.dirname, "corpus-claims"))
  .filter((n) => n.endsWith(".test.ts"))
  .map((n) => n.slice(0, -".test.ts".length))
  .sort();

describe("the blind claims corpus", () => {
  it("has a test file for every floor, a floor for every test file, and no floor for a set that does not exist", () => {
    expect(files.length).toBeGreaterThan(0);
    expect(Object.keys(CLAIMS_FLOORS).sort()).toEqual(files);
    for (const name of files) expect(fs.existsSync(path.join(CLAIMS_CORPUS_ROOT, name, "manifest.json")), name).toBe(true);
  });

  it("runs every set of the corpus (a new blind set is never left out)", () => {
    const sets = fs
      .readdirSync(CLAIMS_CORPUS_ROOT)
      .filter((n) => fs.existsSync(path.join(CLAIMS_CORPUS_ROOT, n, "manifest.json")))
      .sort();
    expect(sets).toEqual(files);
  });

  it("each set's test file runs that set", () => {
    for (const name of files) {
      const text = fs.readFileSync(path.join(import.meta.dirname, "corpus-claims", `${name}.test.ts`), "utf8");
      expect(text, `${name}.test.ts`).toContain(`claimsCorpusSetTest(${JSON.stringify(name)})`);
    }
  });
});
