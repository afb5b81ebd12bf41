/**
 * Reading classes found by the tenth blind set (fixtures/corpus/ambrio-ga, first run 6/16 with one
 * wrongful denial), each written here with other drugs and wording:
 * - marker statuses ("HR-positive AND HER2-negative", "HER2-positive breast cancer" excluded) read from
 *   what the fax writes beside each marker ("ER+/PR+, HER2 2+ with ISH not amplified");
 * - an indication title carrying footnote marks ("Breast Cancer † ‡") above numbered criteria;
 * - a no-concurrent-use requirement whose next sentence allows a drug ("on-demand treatment … may
 *   continue") and whose note says a trial is NOT required: neither is a prohibited drug (the wrongful
 *   denial);
 * - a policy-and-procedure document whose Purpose / Scope / Procedure sections are no criteria;
 * - "Treatment of acute attacks" excluded: a use, not the disease.
 */
import { describe, expect, it } from "vitest";
import type { Criterion } from "../contracts";
import { readPolicy } from "./read-policy";
import { parseCriterion, parseExclusion } from "./parse-criterion";
import { generateDecisionTree } from "./compile-tree";
import { docFromPages } from "../testing";
import { buildCaseIndex } from "../evidence/case-index";
import { genotypesIn, judgeGenotype, judgeMarker, markerFindings, markerRequirements } from "../evidence/biomarkers";
import { therapyEvidence } from "../evidence/therapies";
import { reviewText, dx } from "../review/test-cases";

const flat = (cs: Criterion[]): Criterion[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c, ...flat(c.items)] : [c]));
const idxOf = (text: string) => buildCaseIndex(docFromPages([text]), "2026-10-01");

describe("marker statuses", () => {
  it("reads what a requirement asks, not the definitions in its brackets", () => {
    expect(
      markerRequirements(
        "Disease is hormone receptor (HR)-positive [estrogen receptor (ER) and/or progesterone receptor (PR) positive, defined as staining in 1% or more] AND human epidermal growth factor receptor 2 (HER2)-negative [IHC 0 or 1+, or IHC 2+ with a negative ISH result]",
      ),
    ).toEqual([
      { marker: "HR", status: "positive" },
      { marker: "HER2", status: "negative" },
    ]);
    expect(markerRequirements("EGFR exon 19 deletion")).toEqual([]);
  });

  it("reads statuses written beside the marker, in the ways reports write them", () => {
    const idx = idxOf(["Assessment: ER+/PR+, HER2 2+ with ISH not amplified.", "Vitals: HR 72 bpm, BP 128/76", "EGFR: wild-type"].join("\n"));
    expect(judgeMarker(idx, { marker: "HR", status: "positive" }).outcome).toBe("met");
    expect(judgeMarker(idx, { marker: "HER2", status: "negative" }).outcome).toBe("met");
    expect(judgeMarker(idx, { marker: "EGFR", status: "positive" }).outcome).toBe("not_met");
    // a heart rate is no hormone-receptor status; a score alone is no HER2 status
    expect(markerFindings(idxOf("HR 72, HR - 80 on recheck"), "HR")).toEqual([]);
    expect(judgeMarker(idxOf("HER2 (IHC) Equivocal (2+), ISH pending"), { marker: "HER2", status: "negative" }).outcome).toBe("insufficient");
  });

  const tree = generateDecisionTree(
    docFromPages([
      [
        "Examplicib Oncology Guideline",
        "Initial Coverage Criteria",
        "Breast Cancer † ‡",
        "1. Patient is 18 years of age or older; AND",
        "2. Disease is hormone receptor (HR)-positive AND HER2-negative; AND",
        "3. Prescribed by an oncologist.",
        "† FDA-approved indication. ‡ Compendia-recommended indication.",
        "Not Medically Necessary",
        "Examplicib is considered not medically necessary for:",
        "• HER2-positive breast cancer, except in a clinical trial.",
      ].join("\n"),
    ]),
    { drug_names: ["Examplicib"] },
  );

  it("reads the indication under a title with footnote marks", () => {
    const m = readPolicy(docFromPages(["Breast Cancer † ‡\n1. Patient is 18 years of age or older; AND\n2. Prescribed by an oncologist."]), {
      drug_names: ["Examplicib"],
    });
    expect(m.indications.map((i) => [i.title, i.understood])).toEqual([["Breast Cancer", true]]);
  });

  it("approves on the statuses shown, and an exclusion for the other status does not apply", () => {
    const fax = [
      "ONCOLOGY PRIOR AUTHORIZATION 09/30/2026",
      "Patient: June Parker DOB 02/02/1960 Member ID EXP-100200-00",
      "Medication: Examplicib 125 mg daily",
      "Prescriber: Ann Lee, MD, Medical Oncology NPI 1234567893",
      "Diagnosis: metastatic HR+/HER2- breast cancer (C50.911)",
    ].join("\n");
    const r = reviewText(tree, fax, { diagnoses: [dx("C50.911", "breast cancer")] }, "2026-09-30");
    expect((r.review?.exclusions ?? []).find((e) => /HER2-positive/.test(e.question))?.outcome).toBe("not_met");
    const marker = r.review?.paths?.flatMap((p) => p.criteria).find((c) => /hormone receptor/.test(c.question));
    expect(marker?.outcome).toBe("met");
  });
});

describe("no concurrent use, beside an allowance and a note", () => {
  it("names only the drugs the requirement prohibits", () => {
    const c = parseCriterion(
      "Not used in combination with another long-term prophylactic agent (lanadelumab or garadacimab). On-demand treatment of attacks (for example icatibant) may continue.",
      "Note: a previous trial of attenuated androgens (danazol) is NOT required.",
      { drugNames: ["Examplostat"] },
    );
    expect(c.kind).toBe("no_concurrent");
    if (c.kind !== "no_concurrent") return;
    expect(c.drugs).toEqual(["lanadelumab", "garadacimab"]);
    expect(c.classes).toEqual([]);
  });
});

describe("a policy-and-procedure document", () => {
  it("reads the criteria of its attachment, not its scope, procedure steps or bibliography", () => {
    const m = readPolicy(
      docFromPages([
        [
          "POLICY AND PROCEDURE",
          "I. PURPOSE",
          "To define the process used to review requests for Examplostat.",
          "II. SCOPE",
          "Applies to members, Pharmacy Services staff and delegated reviewers.",
          "V. PROCEDURE",
          "1. Intake. Requests are accepted by fax and telephone.",
          "2. Timeframes. Standard requests are decided within 72 hours.",
          "ATTACHMENT A - CLINICAL CRITERIA",
          "Initial authorization: approve for 6 months when ALL of the following are met",
          "1. Diagnosis of hereditary angioedema;",
          "2. The member is 12 years of age or older;",
          "3. Prescribed by an allergist / immunologist.",
          "Bibliography",
          "- Maurer M, et al. Guideline for the management of hereditary angioedema. Allergy. 2022.",
          "- Busse PJ, et al. Guidelines for the management of hereditary angioedema. JACI Pract. 2021.",
        ].join("\n"),
      ]),
      { drug_names: ["Examplostat"] },
    );
    const texts = [...m.indications.flatMap((i) => flat(i.criteria)), ...flat(m.common)].map((c) => c.text).join(" | ");
    expect(texts).not.toMatch(/Intake|Timeframes|Pharmacy Services staff|Maurer|Busse/);
    expect(texts).toMatch(/12 years/);
  });

  it("'Treatment of acute attacks' excluded is a use, not the disease", () => {
    expect(parseExclusion("Treatment of acute HAE attacks.", { drugNames: ["Examplostat"] }).kind).toBe("use_mode");
  });
});

describe("a worksheet of numbered sections", () => {
  const worksheet = (rows: string[]) =>
    readPolicy(
      docFromPages([
        [
          "Examplentan Coverage Criteria Worksheet",
          "Section 1 - Covered use",
          "Examplentan is covered for pulmonary arterial hypertension (PAH, WHO Group 1) in adults.",
          "Section 2 - Initial criteria (ALL rows must be met)",
          "# Requirement Documentation accepted",
          ...rows,
          "Section 6 - Documentation checklist (speeds review; a missing checklist item is not by itself a reason for denial)",
          "[ ] Echocardiogram",
          "[ ] Pregnancy test for females of reproductive potential",
          "Section 7 - Quantity limit",
          "Examplentan 10 mg tablet 30 tablets per 30 days",
        ].join("\n"),
      ]),
      { drug_names: ["Examplentan"] },
    );

  it("reads no criterion from a documentation checklist", () => {
    const m = worksheet([
      "1 Diagnosis of PAH, WHO Group 1. Chart note naming the group.",
      "2 Age 18 years or older. -",
      "3 Prescribed by a cardiologist or a pulmonologist. Consult note.",
    ]);
    const texts = [...m.indications.flatMap((i) => flat(i.criteria)), ...flat(m.common)].map((c) => c.text).join(" | ");
    expect(texts).not.toMatch(/Echocardiogram|Pregnancy test/);
  });

  it("understands no path when its criteria section gave no criterion (never an approval on what is left)", () => {
    const m = worksheet([
      "1 Right heart catheterization confirming pre-capillary pulmonary hypertension: mPAP above 20 mmHg AND PVR above 2 Wood units. The RHC report.",
      "2 WHO functional class II, III or IV. Chart note within the past 90 days.",
      "3 Step: generic ambrisentan for at least 90 days with an inadequate response. Pharmacy claims.",
    ]);
    expect(m.indications.length).toBeGreaterThan(0);
    const texts = m.indications
      .flatMap((i) => flat(i.criteria))
      .map((c) => c.text)
      .join(" | ");
    const readEveryRow = [/catheterization/, /functional class/, /ambrisentan/].every((re) => re.test(texts));
    // either the rows are criteria, or no path is understood
    expect(readEveryRow || m.indications.every((i) => !i.understood)).toBe(true);
    expect(m.indications.some((i) => i.understood && !readEveryRow)).toBe(false);
  });
});

describe("genotypes, past outcomes and requirements for all paths", () => {
  it("judges a star-allele genotype by the one the fax writes", () => {
    const want = genotypesIn("Members with the CYP2C9*3/*3 genotype.")[0];
    expect(want).toMatchObject({ gene: "CYP2C9", alleles: ["*3", "*3"] });
    expect(judgeGenotype(idxOf("10/20/2026 CYP2C9 genotype *1/*2 (normal-intermediate)"), want).outcome).toBe("not_met");
    expect(judgeGenotype(idxOf("CYP2C9 *3/*3 - poor metabolizer"), want).outcome).toBe("met");
    expect(judgeGenotype(idxOf("CYP2C9 genotype pending"), want).outcome).toBe("insufficient");
  });

  it("'breakthrough disease on X' is what happened on X, not current use", () => {
    const t = therapyEvidence(
      idxOf(
        ["Breakthrough disease on dimethyl fumarate 240 mg twice daily after 14 months.", "Stopped dimethyl fumarate 10/2025 after the relapse."].join("\n"),
      ),
      ["dimethyl fumarate"],
      ["dimethyl fumarate", "tecfidera"],
    ).get("dimethyl fumarate");
    expect(t?.ongoing).toBe(false);
    expect(t?.stopped).toBe(true);
  });

  it("'Requirements for all initial requests' are criteria of every path, not a path", () => {
    const m = readPolicy(
      docFromPages([
        [
          "Examplimod Pharmacy Policy Bulletin",
          "Coverage criteria",
          "A. Relapsing multiple sclerosis",
          "1. Diagnosis of relapsing multiple sclerosis; AND",
          "2. Prescribed by a neurologist.",
          "B. Secondary progressive multiple sclerosis",
          "1. Diagnosis of active secondary progressive multiple sclerosis.",
          "C. Requirements for all initial requests",
          "1. Age 18 years or older; AND",
          "2. Not used in combination with another disease-modifying therapy.",
        ].join("\n"),
      ]),
      { drug_names: ["Examplimod"] },
    );
    expect(m.indications.map((i) => i.title).some((t) => /all initial requests/i.test(t))).toBe(false);
    expect(m.common.some((c) => c.kind === "age" && c.min_years === 18)).toBe(true);
  });
});
