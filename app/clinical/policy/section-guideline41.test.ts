/**
 * Benefit-manager guidelines whose numbered sections name their codes in the title, with a section
 * that applies to every study, lead sentences over lettered items, sub-sections that are alternatives
 * and cross-references between sections (section-guideline.ts). Synthetic texts only.
 */
import { describe, expect, it } from "vitest";
import type { Criterion } from "../contracts";
import { buildCaseIndex } from "../evidence/case-index";
import { judgeVisitBeforeService, serviceVisitWindowDays } from "../evidence/visit-recency";
import { docFromPages } from "../testing";
import { docLines } from "../text/lines";
import { readPolicy } from "./read-policy";
import { readSectionGuideline } from "./section-guideline";

const GUIDELINE = [
  "NeuroWay Imaging Benefit Program - Clinical Guideline NW-7",
  "NVS-1 General Requirements (apply to every study)",
  "NVS-1.1 A visit with the ordering clinician within 60 days before the study, documenting the history and examination.",
  "NVS-1.2 A symptom score recorded at that visit: itch NRS of 7 or more, OR a pain score of 6 or more.",
  "The score must appear in the record.",
  "NVS-2 Indications for Nerve Conduction Studies (95907, 95908, 95909)",
  "Nerve conduction testing is medically necessary when ALL of the following are met:",
  "A. NVS-1 is met; AND",
  "B. Findings suggest a peripheral neuropathy: at least TWO of numbness of the feet; burning pain; absent ankle",
  "reflexes; hemoglobin A1c of 7 or more; AND",
  "C. None of the conditions listed in NVS-3.1 or NVS-3.2 is present.",
  "NVS-3 Indications for Needle Electromyography (95885) When Conduction Testing Is Not Enough",
  "Needle electromyography is medically necessary when NVS-1 is met AND ONE of the following applies:",
  "NVS-3.1 A condition that calls for needle examination:",
  "a. suspected motor neuron disease (e.g., ALS);",
  "b. suspected myopathy;",
  "c. radiculopathy with weakness of grade 3 or less.",
  "NVS-3.2 A bleeding disorder that has been corrected, documented by the ordering clinician.",
  "NVS-3.3 A prior conduction study that was inconclusive in a member who met NVS-2.B.",
  "Note: member preference is not an indication for needle electromyography.",
  "NVS-4 Repeat Testing",
  "No more than one study is covered in a 12-month period, unless a situation in the table applies.",
  "References",
].join("\n");

const leaves = (c: Criterion): Criterion[] => (c.kind === "all" || c.kind === "any" ? c.items.flatMap(leaves) : [c]);
const find = (cs: Criterion[], re: RegExp): Criterion | undefined => {
  for (const c of cs) {
    if (re.test(c.text)) return c;
    if (c.kind === "all" || c.kind === "any") {
      const f = find(c.items, re);
      if (f) return f;
    }
  }
  return undefined;
};

describe("numbered-section guidelines with code titles (section-guideline.ts)", () => {
  const lines = docLines(docFromPages([GUIDELINE]));

  it("reads the general section as criteria of every path and each code-titled section as its codes' path", () => {
    const sg = readSectionGuideline(lines, { drugNames: [] }, "policy")!;
    expect(sg).not.toBeNull();
    expect(sg.common).toHaveLength(1);
    expect(sg.common[0].codes).toBeUndefined();
    expect(sg.paths.map((p) => p.codes?.join(","))).toEqual(["95907,95908,95909", "95885"]);
    // the general section's score sentence: alternatives of measured scores; the record rule is a note, not an alternative
    const score = find(sg.common, /itch NRS/i)!;
    expect(score.kind).toBe("any");
    expect(leaves(score).every((c) => c.kind === "lab")).toBe(true);
    expect(find(sg.common, /must appear in the record/)?.kind ?? "none").not.toBe("documentation");
  });

  it("drops a reference to the general section, reads a count of signs and an absence over referenced sections", () => {
    const sg = readSectionGuideline(lines, { drugNames: [] }, "policy")!;
    const ncs = sg.paths[0];
    expect(ncs.kind).toBe("all");
    // "A. NVS-1 is met" is not repeated: NVS-1 is already a criterion of every path
    expect(find([ncs], /NVS-1 is met/)).toBeUndefined();
    const count = find([ncs], /at least TWO of/)!;
    expect(count.kind === "any" && count.min).toBe(2);
    // the measured sign is a lab compared against its threshold
    expect(count.kind === "any" && count.items.find((c) => /A1c/i.test(c.text))?.kind).toBe("lab");
    const absent = find([ncs], /None of the conditions/)!;
    expect(absent.kind).toBe("all");
    const items = leaves(absent);
    // three conditions of NVS-3.1 and the one of NVS-3.2, each an absence that never denies on its own
    expect(items).toHaveLength(4);
    expect(items.every((c) => c.kind === "documentation" && c.absence && c.confidence !== "high")).toBe(true);
    // the threshold of a listed condition is not part of what must be absent
    expect(items.map((c) => c.text)).toContain("No radiculopathy with weakness of grade 3 or less");
    expect(items.map((c) => c.text)).toContain("No suspected motor neuron disease");
  });

  it("reads sub-sections under 'ONE of the following applies' as alternatives, a lettered list under 'A condition …:' as one of", () => {
    const sg = readSectionGuideline(lines, { drugNames: [] }, "policy")!;
    const emg = sg.paths[1];
    const choice = find([emg], /ONE of the following applies/)!;
    expect(choice.kind).toBe("any");
    expect(choice.kind === "any" && choice.items).toHaveLength(3);
    const first = choice.kind === "any" ? choice.items[0] : null;
    expect(first?.kind).toBe("any");
    // every node is scoped to the section's code and never read at high confidence (no denial on a nested reading)
    const all: Criterion[] = [];
    const walk = (c: Criterion) => {
      all.push(c);
      if (c.kind === "all" || c.kind === "any") c.items.forEach(walk);
    };
    walk(emg);
    expect(all.every((c) => c.codes?.join(",") === "95885" && c.confidence !== "high")).toBe(true);
    // the note after the list is no requirement
    expect(find([emg], /member preference/)).toBeUndefined();
  });

  it("replaces the outline's reading in the policy model and leaves the other sections to the reader", () => {
    const model = readPolicy(docFromPages([GUIDELINE]), { drug_names: ["95907", "95885"], title: "Nerve testing" });
    const crit = model.indications.flatMap((i) => i.criteria);
    expect(crit.filter((c) => /^NVS-\d/.test(c.text)).map((c) => c.codes?.join(","))).toEqual(["95907,95908,95909", "95885"]);
    expect(model.common.some((c) => /General Requirements/i.test(c.text) || /A visit with the ordering clinician/.test(c.text))).toBe(true);
    // no "section not read" item is left for the codes the sections read
    expect(model.common.filter((c) => c.kind === "human_review" && c.codes?.length)).toHaveLength(0);
    // the repeat-testing section (no codes in its title) stays with the rest of the reader: never dropped
    expect(model.common.some((c) => /No more than one study/.test(c.text))).toBe(true);
  });

  it("leaves a guideline without code titles to the other readers", () => {
    const plain = docLines(
      docFromPages([
        [
          "AB-1: General Guidelines",
          "AB-1.1 A clinical evaluation is required.",
          "AB-2: Abdominal CT",
          "Codes: CPT 74150, 74160.",
          "AB-2.1 CT is medically necessary for ANY of the following:",
          "1. Suspected abscess.",
          "AB-2.2 CT is NOT medically necessary for:",
          "1. Screening.",
        ].join("\n"),
      ]),
    );
    expect(readSectionGuideline(plain, { drugNames: [] }, "policy")).toBeNull();
  });
});

describe("a visit required within a window before the service (visit-recency.ts)", () => {
  it("reads the window only when it is counted back from the service itself", () => {
    expect(serviceVisitWindowDays("An examination visit with the treating surgeon within 45 days before the procedure.")).toBe(45);
    expect(serviceVisitWindowDays("A consultation within three (3) months prior to the imaging.")).toBe(93);
    // counted from the order: the order-date reading applies, not this one
    expect(serviceVisitWindowDays("The practitioner has a visit within 6 months prior to ordering.")).toBeNull();
    expect(serviceVisitWindowDays("Symptoms within 45 days before the procedure.")).toBeNull();
  });

  it("is met by a note dated inside the window before the date of service, never failed otherwise", () => {
    const idx = buildCaseIndex(docFromPages(["Orthopedic note\nName: Doe, Jan Visit: 03/02/2026\nKnee pain for a year."]), "2026-05-01");
    expect(judgeVisitBeforeService(idx, 45, "2026-04-10").outcome).toBe("met");
    // 69 days before: outside a 45-day window
    const late = judgeVisitBeforeService(idx, 45, "2026-05-10");
    expect(late.outcome).toBe("insufficient");
    // a note dated after the service does not count
    expect(judgeVisitBeforeService(idx, 45, "2026-03-01").outcome).toBe("insufficient");
  });
});
