/**
 * Per-code sections of a medical policy (issue 22, class 1): criteria under a heading that names
 * service codes ("Hyaluronan Injection: HCPCS J7325") apply only to lines billing those codes; a
 * line billing another code of the policy is never asked them, and criteria under no code heading
 * ("Limitations") apply to every line.
 */
import { describe, expect, it } from "vitest";
import { docFromPages } from "../testing";
import { docLines } from "../text/lines";
import { readPolicy } from "./read-policy";
import { compileTree } from "./compile-tree";
import { scopeCodesAt, sectionCodesOf, treeForCode } from "./code-sections";

const POLICY = [
  "Knee Procedures Medical Policy MP-ORT-007",
  "Coverage Criteria",
  "Diagnostic Knee Arthroscopy: CPT 29870",
  "Diagnostic arthroscopy is medically necessary when ALL of the following are met:",
  "1. Mechanical symptoms such as locking or catching are documented.",
  "2. Physical therapy for at least 6 weeks has been tried.",
  "Hyaluronan Injection: HCPCS J7325",
  "Hyaluronan injection is medically necessary when ALL of the following are met:",
  "1. Radiographic osteoarthritis of the knee is documented.",
  "2. Intra-articular corticosteroid injection has been tried.",
  "Limitations",
  "1. Procedures for cosmetic purposes are not covered.",
].join("\n");

describe("sections written for some codes", () => {
  it("reads the codes a section line names, not codes mentioned in passing", () => {
    expect(sectionCodesOf("Attended Sleep Study in a Facility: CPT 95810, 95811")).toEqual(["95810", "95811"]);
    expect(sectionCodesOf("Codes: CPT 27447, 27446. Revision procedures are reviewed elsewhere.")).toEqual(["27447", "27446"]);
    expect(sectionCodesOf("Code: CPT 70553. (Functional MRI, CPT 70555, is not addressed here.)")).toEqual(["70553"]);
    expect(sectionCodesOf("The member had a prior study billed as 95810 in 2024.")).toBeNull();
    expect(sectionCodesOf("Limitations")).toBeNull();
  });

  it("scopes a passage to the nearest code line above it until a title line intervenes", () => {
    const lines = docLines(docFromPages([POLICY]));
    const at = (t: string) => {
      const l = lines.find((x) => x.text.startsWith(t))!;
      return { document: "policy", page: l.page, start: l.start, end: l.end, text: l.text };
    };
    expect(scopeCodesAt(lines, at("1. Mechanical symptoms"))).toEqual(["29870"]);
    expect(scopeCodesAt(lines, at("2. Intra-articular"))).toEqual(["J7325"]);
    expect(scopeCodesAt(lines, at("1. Procedures for cosmetic"))).toBeNull();
  });

  it("never asks a line the questions of a section written for another code", () => {
    const model = readPolicy(docFromPages([POLICY]), { drug_names: ["knee procedures"] });
    const scoped = model.indications.flatMap((i) => i.criteria).filter((c) => c.codes?.includes("J7325"));
    expect(scoped.length).toBeGreaterThan(0);
    expect(model.exclusions.every((c) => !c.codes)).toBe(true);
    const tree = compileTree(model, ["knee procedures"]);
    const questions = (code: string) => treeForCode(tree, code).nodes.map((n) => n.question);
    const j7325 = scoped.map((c) => c.text.replace(/[.;]+$/, "").slice(0, 30));
    for (const q of j7325) {
      expect(questions("29870").some((x) => x.includes(q))).toBe(false);
      expect(questions("J7325").some((x) => x.includes(q))).toBe(true);
    }
    // the exclusion under no code heading stays on every line
    expect(questions("29870").some((x) => /cosmetic/.test(x))).toBe(true);
    // every remaining edge joins remaining nodes
    const t = treeForCode(tree, "29870");
    const ids = new Set(t.nodes.map((n) => n.id));
    expect(t.edges.every((e) => ids.has(e.source) && ids.has(e.target))).toBe(true);
  });
});

describe("numbered procedure sections that name their codes in parentheses", () => {
  const BULLETIN = [
    "Clinical Policy Bulletin: Shoulder Procedures",
    "Policy",
    "I. Ultrasound of the Shoulder (CPT 76881, 76882)",
    "The plan considers shoulder ultrasound medically necessary when ALL of the following are met:",
    "1. Shoulder pain for at least 4 weeks is documented.",
    "2. Plain radiographs of the shoulder have been obtained.",
    "II. Arthroscopic Rotator Cuff Repair (CPT 29827)",
    "The plan considers rotator cuff repair medically necessary when ALL of the following are met:",
    "1. A full-thickness rotator cuff tear is confirmed on imaging.",
    "2. Weakness of abduction or external rotation is documented.",
    "III. Subacromial Decompression (CPT 29826, HCPCS G0000)",
    "The plan considers decompression medically necessary only for impingement with a documented bony spur causing symptoms, as",
    "an add-on to a covered repair, because decompression alone has not been shown to help.",
  ].join("\n");

  it("reads a section title's own codes in parentheses, never a sentence's parenthetical code", () => {
    expect(sectionCodesOf("II. Arthroscopic Rotator Cuff Repair (CPT 29827)")).toEqual(["29827"]);
    expect(sectionCodesOf("B. Knee Injections (CPT 20610, HCPCS J7325)")).toEqual(["20610", "J7325"]);
    expect(sectionCodesOf("Shoulder ultrasound (76881) is medically necessary when pain persists (see below)")).toBeNull();
  });

  it("asks each line only its own section's criteria, and a section read into nothing needs a reviewer", () => {
    const model = readPolicy(docFromPages([BULLETIN]), { drug_names: ["shoulder procedures"] });
    const tree = compileTree(model, ["shoulder procedures"]);
    const questions = (code: string) =>
      treeForCode(tree, code)
        .nodes.map((n) => n.question)
        .join(" | ");
    expect(questions("76881")).toMatch(/radiographs of the shoulder/i);
    expect(questions("76881")).not.toMatch(/full-thickness rotator cuff/i);
    expect(questions("29827")).toMatch(/full-thickness rotator cuff/i);
    expect(questions("29827")).not.toMatch(/radiographs of the shoulder/i);
    // section III gave no criterion: its code's line is asked for a reviewer, never left with nothing
    const review = [...model.common, ...model.indications.flatMap((i) => i.criteria)].filter((c) => c.codes?.includes("29826"));
    expect(review.some((c) => c.kind === "human_review")).toBe(true);
  });
});
