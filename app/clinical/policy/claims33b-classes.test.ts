/**
 * Classes of a Medicare LCD with its billing and coding article (issue 22, claims), written here with
 * invented services and wording:
 * - a code the article says is included in other codes and "not separately reportable / payable" is
 *   an exclusion of its own line when the claim bills a code it is included in on the same date — and
 *   of no other line, and not when billed alone;
 * - the article's "ICD-10-CM codes that support medical necessity" per group of codes, with its
 *   statement that a line whose diagnosis is not listed is denied, denies a line whose item-24E
 *   pointers all point to unlisted codes — never a line whose pointers were not read;
 * - a criterion scoped to a code range ("64490-64495") applies to every code inside the range;
 * - a coverage summary's "within N months prior to ordering, the treating practitioner has a visit"
 *   is met by a dated visit note inside the window before the order date — never by an order's
 *   checkbox, and never failed;
 * - "prescribed in accordance with its FDA indications for use" is met by a statement of use as
 *   labelled, never by a negated one.
 */
import { describe, expect, it } from "vitest";
import { builtinAgents } from "../pipeline/builtin-agents";
import { runServicePipeline } from "../pipeline/run-pipeline";
import { buildCaseIndex } from "../evidence/case-index";
import { isOnLabelRequirement, judgeVisitBeforeOrder, onLabelStatement, visitWindowDays } from "../evidence/visit-recency";
import { docFromPages } from "../testing";
import { bundledCodeRules, icdListed, lineDiagnosisRules } from "./bundled-codes";
import { treeForCode } from "./code-sections";
import { generateDecisionTree } from "./compile-tree";

const lines = (t: string) => t.split("\n").map((text) => ({ text }));

describe("codes included in other codes and not paid separately", () => {
  it("reads the included codes and the codes they are included in from the sentence", () => {
    const rules = bundledCodeRules(
      lines(
        "2. Ultrasound guidance (CPT 76942) and any contrast are included in 20610-20611 and must\nnot be reported separately. A line for 76942 billed on the same date is not payable.",
      ),
      () => null,
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ kind: "bundled_code", codes: ["76942"], included_in: ["20610-20611"] });
  });

  it("reads no rule from a sentence that negates the inclusion or names no code on one side", () => {
    expect(bundledCodeRules(lines("Ultrasound guidance (76942) is not included in 20610 and may be reported separately."), () => null)).toEqual([]);
    expect(bundledCodeRules(lines("Guidance is included in the joint injection codes and is not separately payable."), () => null)).toEqual([]);
    expect(bundledCodeRules(lines("Report 20610 once per joint per date of service."), () => null)).toEqual([]);
  });

  const policy = docFromPages([
    [
      "Billing and Coding: Large Joint Injections (A99001)",
      "Article Guidance",
      "1. Arthrocentesis or injection of a major joint is reasonable and necessary when the patient has documented knee osteoarthritis.",
      "2. Ultrasound guidance (CPT 76942) is included in 20610-20611 and must not be reported separately.",
    ].join("\n"),
  ]);
  const tree = generateDecisionTree(policy, { drug_names: ["20611", "76942"], title: "joint-injection", documentName: "policy" });
  const roster = [
    {
      member_id: "ZX5512093",
      first_name: "Ines",
      last_name: "Parrow",
      birth_date: "1950-02-03",
      gender: null,
      plan_identification: null,
      coverage_start: "2026-01-01",
      coverage_end: null,
    },
  ];
  const fax = (rows: string) =>
    docFromPages([
      `OUTPATIENT SERVICE REQUEST\nDate of request: 05/04/2026\nMember name: Ines Parrow   Date of birth: 02/03/1950\nMember ID: ZX5512093\nDiagnoses (ICD-10-CM): M17.11 Primary osteoarthritis, right knee\n${rows}\nRight knee osteoarthritis documented on radiographs.`,
    ]);
  const run = (rows: string) =>
    runServicePipeline({ caseDoc: fax(rows), roster, policies: [{ id: "joint", codes: ["20611", "76942"] }], loadTree: async () => tree }, builtinAgents);

  it("denies the guidance line billed with the procedure it is included in, quoting the claim line", async () => {
    const r = await run(
      "CPT 20611-RT Injection, major joint, with ultrasound  Units: 1  Date of service: 05/11/2026  POS 11\nCPT 76942 Ultrasound guidance  Units: 1  Date of service: 05/11/2026  POS 11",
    );
    const guidance = r.lines.find((l) => l.line.code === "76942")!;
    expect(guidance.decision.final_decision).toBe("denied");
    expect(guidance.decision.citations.some((c) => c.document === "fax" && c.text.includes("76942"))).toBe(true);
    // the procedure line itself is not touched by the rule
    expect(r.lines.find((l) => l.line.code === "20611")!.decision.final_decision).not.toBe("denied");
  });

  it("does not deny the guidance line on another date or billed alone", async () => {
    const r = await run(
      "CPT 20611-RT Injection, major joint  Units: 1  Date of service: 05/11/2026  POS 11\nCPT 76942 Ultrasound guidance  Units: 1  Date of service: 05/18/2026  POS 11",
    );
    expect(r.lines.find((l) => l.line.code === "76942")!.decision.final_decision).not.toBe("denied");
  });
});

const ARTICLE = [
  "Article Guidance",
  "3. The diagnosis to which each injection line points must be one of the codes listed below. Lines whose",
  "diagnosis is not listed will be denied as not reasonable and necessary.",
  "ICD-10-CM Codes that Support Medical Necessity",
  "Group 1 Paragraph: these ICD-10-CM codes support medical necessity for 20610-20611.",
  "ICD-10-CM Description",
  "M17.0 Bilateral primary osteoarthritis of knee",
  "M17.11 Unilateral primary osteoarthritis, right knee",
  "M06.00-M06.09 Rheumatoid arthritis without rheumatoid factor",
  "Group 1 Codes do not include joint pain (M25.5-).",
  "Document Information",
  "M99.99 not part of the list",
].join("\n");

describe("a billing article's supporting diagnoses per code", () => {
  it("reads each group with the codes its paragraph names, only with the not-listed-is-denied statement", () => {
    const rules = lineDiagnosisRules(lines(ARTICLE), () => null);
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ kind: "line_diagnosis", codes: ["20610-20611"], icd10: ["M17.0", "M17.11", "M06.00-M06.09"] });
    expect(rules[0].text).toContain("Lines whose diagnosis is not listed will be denied");
    // a list of supporting codes without that statement decides nothing
    expect(
      lineDiagnosisRules(lines(ARTICLE.replace(/Lines whose\ndiagnosis is not listed will be denied as not reasonable and necessary\./, "")), () => null),
    ).toEqual([]);
  });

  it("matches a diagnosis to a listed code, a listed category or a listed range", () => {
    expect(icdListed("M17.11", ["M17.0", "M17.11"])).toBe(true);
    expect(icdListed("M17.12", ["M17.0", "M17.11"])).toBe(false);
    expect(icdListed("M06.05", ["M06.00-M06.09"])).toBe(true);
    expect(icdListed("M06.1", ["M06.00-M06.09"])).toBe(false);
    expect(icdListed("M17.11", ["M17.1"])).toBe(true);
    expect(icdListed("M25.561", ["M17"])).toBe(false);
  });

  it("keeps a criterion scoped to a code range for a code inside it, and drops it for others", () => {
    const policy = docFromPages([`Large Joint Injections\nInjection of a major joint is covered when the patient has documented osteoarthritis.\n${ARTICLE}`]);
    const tree = generateDecisionTree(policy, { drug_names: ["20611"], title: "joint", documentName: "policy" });
    const has = (code: string) => treeForCode(tree, code).nodes.some((n) => /Group 1 Paragraph/.test(n.question));
    expect(has("20611")).toBe(true);
    expect(has("20615")).toBe(false);
  });

  const policy = docFromPages([
    `Large Joint Injections\nInjection of a major joint is reasonable and necessary when the patient has documented knee osteoarthritis.\n${ARTICLE}`,
  ]);
  const tree = generateDecisionTree(policy, { drug_names: ["20611"], title: "joint", documentName: "policy" });
  const roster = [
    {
      member_id: "ZX5512093",
      first_name: "Ines",
      last_name: "Parrow",
      birth_date: "1950-02-03",
      gender: null,
      plan_identification: null,
      coverage_start: "2026-01-01",
      coverage_end: null,
    },
  ];
  const doc = docFromPages([
    "OUTPATIENT SERVICE REQUEST\nDate of request: 05/04/2026\nMember name: Ines Parrow   Date of birth: 02/03/1950\nMember ID: ZX5512093\nDiagnoses (ICD-10-CM): M17.11 Primary osteoarthritis, right knee; M25.561 Pain in right knee\nCPT 20611-RT Injection, major joint  Units: 1  Date of service: 05/11/2026  POS 11\nRight knee osteoarthritis documented on radiographs.",
  ]);
  const inputs = { caseDoc: doc, roster, policies: [{ id: "joint", codes: ["20611"] }], loadTree: async () => tree };

  it("denies a line whose pointers all point to unlisted codes, and not one pointing to a listed code", async () => {
    const first = await runServicePipeline(inputs, builtinAgents);
    const withDx = (dx: string[]) => ({ facts: first.facts, services: first.services.map((s) => ({ ...s, diagnosis_codes: dx })) });
    const unlisted = await runServicePipeline({ ...inputs, extracted: withDx(["M25.561"]) }, builtinAgents);
    expect(unlisted.lines[0].decision.final_decision).toBe("denied");
    const listed = await runServicePipeline({ ...inputs, extracted: withDx(["M17.11"]) }, builtinAgents);
    expect(listed.lines[0].decision.final_decision).not.toBe("denied");
    // pointers not read: the request's diagnoses stand in, and never deny
    expect(first.lines[0].decision.final_decision).not.toBe("denied");
  });
});

describe("a visit with the treating practitioner within a time before the order", () => {
  const idx = (t: string) => buildCaseIndex(docFromPages([t]), "2026-06-20");
  it("reads the window from the requirement, only when it names a visit", () => {
    expect(visitWindowDays("Within three (3) months prior to ordering the pump, the prescriber has a face-to-face visit with the member")).toBe(93);
    expect(visitWindowDays("within 30 days before the order, an in-person visit documents the need")).toBe(30);
    expect(visitWindowDays("within three (3) months prior to ordering, the member completed a trial")).toBeNull();
  });

  it("is met by a dated visit note inside the window before the order date, and open otherwise", () => {
    const note = "Pulmonary Clinic\nOffice visit\nVisit date: 04/02/2026\nAssessment: stable.\nDispensing order\nOrder date: 05/28/2026";
    expect(judgeVisitBeforeOrder(idx(note), 93).outcome).toBe("met");
    // outside the window before the order
    expect(judgeVisitBeforeOrder(idx(note), 30).outcome).toBe("insufficient");
    // a supplier's checkbox is no visit note
    const checkbox = "Order date: 05/28/2026\nSeen in person within 3 months: [X] Yes\nIntake date: 05/30/2026";
    expect(judgeVisitBeforeOrder(idx(checkbox), 93).outcome).toBe("insufficient");
  });
});

describe("use in accordance with the FDA labelling", () => {
  const idx = (t: string) => buildCaseIndex(docFromPages([t]), "2026-06-20");
  it("recognises the requirement and a statement of labelled use, not a negated one", () => {
    expect(isOnLabelRequirement("the pump is prescribed in accordance with its FDA indications for use")).toBe(true);
    expect(isOnLabelRequirement("the drug is prescribed by a specialist")).toBe(false);
    expect(onLabelStatement(idx("Plan: start the monitor, used as labelled for insulin dosing."))).not.toBeNull();
    expect(onLabelStatement(idx("Plan: the monitor is not used as labelled; adjunctive only."))).toBeNull();
    expect(onLabelStatement(idx("Plan: start the monitor."))).toBeNull();
  });
});
