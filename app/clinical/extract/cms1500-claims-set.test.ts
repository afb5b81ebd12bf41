/**
 * The claims set's CMS-1500 grid cases (fixtures/eval/claims, claim-023 … claim-028: typed and
 * scanned, imaging, DME, infliximab with its NDC supplemental row and administration codes, therapy
 * visits over two pages) through the engine loop (PDF → OCR → grid reader → service pipeline): every
 * line read with its code, units, modifiers, date and place of service, and decided as labelled.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseDocument, terminateOcrWorker } from "~/documents/parse-pdf.server";
import { loadOfflineSet, runOfflineServiceCase } from "~/evaluation/offline-set";

const ROOT = path.resolve(import.meta.dirname, "../../../fixtures/eval/claims");
const GRID_CASES = ["claim-023", "claim-024", "claim-025", "claim-026", "claim-027", "claim-028"];
const parse = async (file: string) => parseDocument(new Uint8Array(fs.readFileSync(file)));

afterAll(async () => {
  await terminateOcrWorker();
});

interface Expected {
  services: { code: string; units: number; modifiers: string[]; date_of_service: string; place_of_service: string; decision: string }[];
}

describe("claims set: CMS-1500 grid cases through the engine loop", () => {
  it("reads every service line's fields and decides each line as labelled", async () => {
    const set = await loadOfflineSet(ROOT, parse);
    const problems: string[] = [];
    for (const id of GRID_CASES) {
      const doc = await parse(path.join(ROOT, "cases", id, "fax.pdf"));
      const { report } = await runOfflineServiceCase(set, id, doc, "2026-11-28");
      const exp = set.expected.get(id) as unknown as Expected;
      const want = exp.services.map(
        (s) => `${s.code} ${[...s.modifiers].sort().join(",")} x${s.units} ${s.date_of_service} ${s.place_of_service} ${s.decision}`,
      );
      const got = report.services.map(
        (s) => `${s.code} ${[...s.modifiers].sort().join(",")} x${s.units} ${s.date_of_service} ${s.place_of_service} ${s.decision}`,
      );
      if (JSON.stringify(want) !== JSON.stringify(got)) problems.push(`${id}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
