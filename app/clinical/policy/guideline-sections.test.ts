/**
 * Radiology / cardiology benefit-manager guidelines (issue 22): numbered sections per study ("VU-2:
 * Carotid Duplex" with its codes), numbered sub-sections per indication group ("VU-2.1 … is medically
 * necessary for ANY of the following:") and limitations ("VU-2.3 … is NOT medically necessary for:").
 * Before guideline-sections.ts the reader found no criteria at all in such a guideline.
 */
import { describe, expect, it } from "vitest";
import type { Criterion } from "../contracts";
import { docFromPages } from "../testing";
import { docLines } from "../text/lines";
import { compileTree } from "./compile-tree";
import { treeForCode } from "./code-sections";
import { guidelineSectionLines, isNumberedGuideline } from "./guideline-sections";
import { readPolicy } from "./read-policy";

const GUIDELINE = [
  "VascuReview Vascular Ultrasound Guidelines",
  "VU-1: General Guidelines",
  "VU-1.0 Purpose. These guidelines describe when a vascular ultrasound study is medically necessary.",
  "VU-2: Carotid Duplex Ultrasound",
  "Codes: CPT 93880, 93882.",
  "VU-2.1 Initial carotid duplex ultrasound is medically necessary for ANY of the following:",
  "1. Focal neurological symptoms such as amaurosis fugax or transient ischemic attack.",
  "2. A carotid bruit on examination.",
  "VU-2.2 Follow-up carotid duplex ultrasound is medically necessary for ANY of the following:",
  "1. Surveillance within 30 days after carotid endarterectomy.",
  "2. New neurological symptoms in a member with known carotid stenosis.",
  "VU-2.3 Carotid duplex ultrasound is NOT medically necessary for:",
  "1. Screening of asymptomatic members without a bruit.",
  "2. Evaluation of isolated dizziness or syncope.",
  "VU-3: Lower Extremity Arterial Duplex",
  "Codes: CPT 93925, 93926.",
  "VU-3.1 Arterial duplex is medically necessary when ALL of the following are met:",
  "1. Claudication or rest pain is documented.",
  "2. An ankle-brachial index has been performed.",
  "VU-3.2 Repeat testing:",
  "Repeat arterial duplex within 6 months is not medically necessary unless there are new symptoms.",
  "VU-4: Venous Mapping",
  "Codes: CPT 93970, 93971. Venous mapping before bypass surgery is medically necessary when the vein is to be used as a conduit.",
  "References",
  "- Society for Vascular Surgery practice guidelines.",
].join("\n");

const codesOf = (cs: Criterion[]) => cs.map((c) => (c.codes ?? []).join(","));

describe("numbered-section guidelines (RBM style)", () => {
  it("recognises the layout and turns sub-sections into outline items under a heading per study", () => {
    const lines = docLines(docFromPages([GUIDELINE]));
    expect(isNumberedGuideline(lines)).toBe(true);
    const out = guidelineSectionLines(lines).map((l) => l.text);
    expect(out).toContain("VU-2: CAROTID DUPLEX ULTRASOUND");
    expect(out).toContain("A. Initial carotid duplex ultrasound is medically necessary for ANY of the following:");
    expect(out).toContain("C. Carotid duplex ultrasound is NOT medically necessary for:");
    // a policy without section numbers is left as it is
    const plain = docLines(docFromPages(["Coverage Criteria", "1. Mechanical symptoms are documented.", "2. Therapy was tried."]));
    expect(isNumberedGuideline(plain)).toBe(false);
    expect(guidelineSectionLines(plain)).toEqual(plain);
  });

  it("reads each study's indication groups as ONE of, scoped to the study's codes, and its limitations as exclusions", () => {
    const model = readPolicy(docFromPages([GUIDELINE]), { drug_names: ["93880", "93925", "93970"], title: "Vascular ultrasound" });
    expect(model.indications).toHaveLength(1);
    const crit = model.indications[0].criteria;
    const carotid = crit.find((c) => c.codes?.includes("93880"));
    expect(carotid?.kind).toBe("any");
    expect(carotid?.kind === "any" && carotid.items.length).toBe(2);
    const arterial = crit.filter((c) => c.codes?.includes("93925"));
    expect(arterial.length).toBe(2);
    expect(arterial.every((c) => c.kind !== "any")).toBe(true);
    const excl = model.exclusions.map((c) => `${c.codes?.join(",")}: ${c.text}`);
    expect(excl).toContain("93880,93882: Screening of asymptomatic members without a bruit.");
    expect(excl).toContain("93880,93882: Evaluation of isolated dizziness or syncope.");
    // the prose sub-section's limitation is read as an exclusion of its codes
    expect(excl.some((e) => e.startsWith("93925,93926: Repeat arterial duplex within 6 months is not medically necessary"))).toBe(true);
  });

  it("never leaves a study's codes without criteria: a section the outline did not read needs a reviewer", () => {
    const model = readPolicy(docFromPages([GUIDELINE]), { drug_names: ["93880", "93925", "93970"], title: "Vascular ultrasound" });
    const review = model.common.filter((c) => c.kind === "human_review");
    expect(codesOf(review)).toEqual(["93970,93971"]);
    // the tree of a venous-mapping line keeps that question; a carotid line's tree does not ask it
    const tree = compileTree(model, ["vascular ultrasound"]);
    const asks = (code: string) => treeForCode(tree, code).nodes.filter((n) => (n.criterion as { spec?: Criterion } | null)?.spec?.kind === "human_review");
    expect(asks("93970")).toHaveLength(1);
    expect(asks("93880")).toHaveLength(0);
  });
});
