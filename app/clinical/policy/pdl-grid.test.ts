/**
 * A state PDL printed as a grid of classes (Class | Preferred | Non-preferred | Criteria, "Appendix P"
 * style; blind set highplains-co): the requested drug's class row is read alone — never the criteria of
 * the neighbouring classes on the same page (a muscle relaxant's spasticity rule had become the
 * stimulant's path; a dementia class's cholinesterase-inhibitor step the anticonvulsant's) — and a class
 * row continued on the next page goes on, while the next class on that page does not join it.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Criterion, PolicyModel } from "../contracts";
import { parseDocument } from "~/documents/parse-pdf.server";
import { readPolicy } from "./read-policy";
import { readPdlGrids } from "../text/pdl-grid";
import { docLines } from "../text/lines";

const pdf = (name: string) => new Uint8Array(readFileSync(new URL(`../../../fixtures/corpus/highplains-co/policies/${name}.pdf`, import.meta.url)));
const texts = (cs: Criterion[]): string[] => cs.flatMap((c) => [c.text, ...(c.kind === "all" || c.kind === "any" ? texts(c.items) : [])]);
const allText = (m: PolicyModel) => [...m.indications.flatMap((i) => texts(i.criteria)), ...texts(m.common), ...texts(m.exclusions)].join("\n");

describe("a PDL class grid", () => {
  it("keeps only the requested drug's class row, with the row's preferred agents named in its step", async () => {
    const doc = await parseDocument(pdf("pdl-stimulants"));
    const lines = readPdlGrids(doc, docLines(doc), ["Mydayis"]).map((l) => l.text);
    expect(lines.some((t) => /^STIMULANTS AND RELATED AGENTS \(ADHD\)$/.test(t))).toBe(true);
    expect(lines.join("\n")).not.toMatch(/carisoprodol|spasticity|triptans/i);
    expect(lines.join("\n")).toMatch(/TWO preferred agents \([^)]*methylphenidate/);
    const m = readPolicy(doc, { drug_names: ["Mydayis"] });
    expect(allText(m)).not.toMatch(/spasticity|dantrolene/i);
  });

  it("does not run the next class into a row continued from the page before", async () => {
    const doc = await parseDocument(pdf("pdl-antidepressants"));
    const text = readPdlGrids(doc, docLines(doc), ["Trintellix", "vortioxetine"])
      .map((l) => l.text)
      .join("\n");
    expect(text).toMatch(/Newer Generation Antidepressants/);
    expect(text).not.toMatch(/Non-preferred tricyclic|clomipramine|\(All criteria apply/i);
  });

  it("reads another class's drug by its own row, and leaves a document without a grid unchanged", async () => {
    const doc = await parseDocument(pdf("pdl-anticonvulsants"));
    const m = readPolicy(doc, { drug_names: ["Briviact", "brivaracetam"] });
    expect(allText(m)).not.toMatch(/cholinesterase|rectal administration/i);
    const mono = await parseDocument(pdf("eltrombopag"));
    expect(readPdlGrids(mono, docLines(mono), ["Promacta"])).toEqual(docLines(mono));
  });
});
