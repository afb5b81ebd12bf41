/**
 * Every labelled set of the project's corpus (fixtures/corpus/<set>/manifest.json) is tested: it has
 * a floor in app/evaluation/corpus-set.ts and its own test file app/evaluation/corpus/<set>.test.ts
 * (one file per set, so the sets run in parallel), and no floor or file names a set that is gone.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_ROOT, FLOORS } from "./corpus-set";

const sets = fs
  .readdirSync(CORPUS_ROOT)
  .filter((n) => fs.existsSync(path.join(CORPUS_ROOT, n, "manifest.json")))
  .sort();
const files = fs
  .readdirSync(path.join(import.meta.dirname, "corpus"))
  .filter((n) => n.endsWith(".test.ts"))
  .map((n) => n.slice(0, -".test.ts".length))
  .sort();

describe("the blind corpus", () => {
  it("has a floor and a test file for every set, and none for a set that does not exist", () => {
    expect(sets.length).toBeGreaterThan(0);
    expect(Object.keys(FLOORS).sort()).toEqual(sets);
    expect(files).toEqual(sets);
  });

  it("each set's test file runs that set", () => {
    for (const name of files) {
      const text = fs.readFileSync(path.join(import.meta.dirname, "corpus", `${name}.test.ts`), "utf8");
      expect(text, `${name}.test.ts`).toContain(`corpusSetTest(${JSON.stringify(name)})`);
    }
  });
});
