/**
 * Classes of claims policies (issue 22), written here with other conditions, services and wording
 * than the sets they came from:
 * - "<condition> has been considered and addressed / ruled out / excluded" names a condition to look
 *   for, never the indication: it is no diagnosis requirement, and it is met only by a statement that
 *   the condition is absent — an affirmed mention or silence needs a reviewer, never a denial;
 * - "Diagnosis of X made by or in consultation with a <specialist>" requires the diagnosis AND the
 *   specialist (the specialist alone left the indication unchecked);
 * - a code-pair edit whose denied codes are a comma list ("81162, 81163 and 81216 must not be reported
 *   with 81432 for the same specimen or date of service; when both are billed, the … code is denied
 *   as included in the panel") reads the whole list, and "the same specimen or date" is a same-date edit;
 * - a line coding rule with its denial statement — modifiers that must not be appended to a code, a
 *   maximum of units per date of service — denies the line billed against it, and no other line.
 */
import { describe, expect, it } from "vitest";
import { buildCaseIndex } from "../evidence/case-index";
import { builtinAgents } from "../pipeline/builtin-agents";
import { runServicePipeline } from "../pipeline/run-pipeline";
import { generateDecisionTree } from "../policy/compile-tree";
import { lineBillingRules } from "../policy/line-billing-rules";
import { addressedCondition } from "../policy/addressed-conditions";
import { bundledCodeRules, codePairEdit } from "../policy/bundled-codes";
import { parseCriterion } from "../policy/parse-criterion";
import { docFromPages } from "../testing";
import { judgeConditionAddressed } from "./condition-addressed";

const ctx = { drugNames: ["sertraline"] };
const idx = (text: string) => buildCaseIndex(docFromPages([text]), "2026-11-20");

describe("a condition that has been considered and addressed", () => {
  it("reads the condition named, and no condition when the subject is the member, a therapy or unnamed causes", () => {
    expect(addressedCondition("Serotonin syndrome risk has been considered and addressed; and")).toBe("Serotonin syndrome risk");
    expect(addressedCondition("Iron overload has been evaluated and excluded.")).toBe("Iron overload");
    expect(addressedCondition("Obstructive sleep apnea has been ruled out")).toBe("Obstructive sleep apnea");
    expect(addressedCondition("The member has been evaluated")).toBeNull();
    expect(addressedCondition("Prior therapy has been considered")).toBeNull();
    expect(addressedCondition("Other causes of anemia have been ruled out")).toBeNull();
    expect(addressedCondition("Other reversible causes of neuropathy have been excluded")).toBeNull();
    expect(addressedCondition("Diagnosis of gout confirmed by joint aspiration")).toBeNull();
  });

  it("is no diagnosis requirement", () => {
    const c = parseCriterion("Obstructive sleep apnea has been evaluated and excluded; and", "", ctx);
    expect(c.kind).toBe("documentation");
    expect(c.kind === "documentation" && c.absence).toBe(false);
  });

  it("is met by a statement that the condition is absent", () => {
    const req = "Obstructive sleep apnea has been evaluated and excluded; and";
    expect(judgeConditionAddressed(req, idx("Assessment: daytime fatigue. Home study 10/2026: no obstructive sleep apnea (AHI 2).\n"))?.outcome).toBe("met");
    expect(judgeConditionAddressed(req, idx("Findings are not consistent with obstructive sleep apnea per the sleep physician.\n"))?.outcome).toBe("met");
    expect(judgeConditionAddressed(req, idx("Obstructive sleep apnea was ruled out by polysomnography.\n"))?.outcome).toBe("met");
  });

  it("needs a reviewer when the condition is affirmed, pending or not mentioned — never a failure", () => {
    const req = "Serotonin syndrome risk has been considered and addressed";
    const affirmed = judgeConditionAddressed("Obstructive sleep apnea has been ruled out", idx("Impression: obstructive sleep apnea, moderate.\n"));
    expect(affirmed?.outcome).toBe("insufficient");
    expect(affirmed?.citations.length).toBe(1);
    expect(
      judgeConditionAddressed("Obstructive sleep apnea has been ruled out", idx("No obstructive sleep apnea suspected; sleep study pending.\n"))?.outcome,
    ).toBe("insufficient");
    expect(judgeConditionAddressed(req, idx("Plan: start sertraline 50 mg daily. Follow up in 6 weeks.\n"))?.outcome).toBe("insufficient");
  });

  it("leaves other requirements alone", () => {
    expect(judgeConditionAddressed("Diagnosis of moderate to severe plaque psoriasis", idx("No psoriasis.\n"))).toBeNull();
  });
});

describe("a diagnosis made by or in consultation with a specialist", () => {
  it("requires the diagnosis and the specialist", () => {
    const c = parseCriterion("Diagnosis of plaque psoriasis (ICD-10-CM L40.0) made by or in consultation with a dermatologist; and", "", ctx);
    expect(c.kind).toBe("all");
    if (c.kind !== "all") return;
    expect(c.items.map((i) => i.kind)).toEqual(["diagnosis", "prescriber"]);
    expect(c.items[0]).toMatchObject({ kind: "diagnosis", conditions: ["plaque psoriasis"] });
    expect(c.items[1]).toMatchObject({ kind: "prescriber", specialties: ["dermatologist"] });
  });

  it("keeps a specialist requirement without a diagnosis as it was", () => {
    expect(parseCriterion("Prescribed by or in consultation with a dermatologist", "", ctx).kind).toBe("prescriber");
  });
});

describe("a code-pair edit with a list of denied codes", () => {
  const sentence =
    "Echocardiography (93306, 93307 and 93308) is part of the stress study. 93306, 93307 and 93308 must not be reported with 93350 or 93351 for the same patient or date of service; when both are billed, the echocardiography code is denied as included in the stress study.";

  it("reads every denied code of the list and the codes they are denied with", () => {
    expect(codePairEdit(sentence)).toEqual({ included: ["93306", "93307", "93308"], into: ["93350", "93351"] });
  });

  it("keeps the one-code clause after a lead-in", () => {
    expect(codePairEdit("When both are reported for the same date of service, 97140 is denied as included in 97530.")).toEqual({
      included: ["97140"],
      into: ["97530"],
    });
  });

  it("reads no edit across dates or without codes on both sides", () => {
    expect(codePairEdit("93306 must not be reported with 93350 within 30 days.")).toBeNull();
    expect(codePairEdit("When both are billed, the echocardiography code is denied as included in the stress study.")).toBeNull();
  });

  it("becomes a bundling rule scoped to the denied codes", () => {
    const rules = bundledCodeRules([{ text: sentence }], () => null);
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ kind: "bundled_code", codes: ["93306", "93307", "93308"], included_in: ["93350", "93351"] });
  });
});

const lines = (t: string) => t.split("\n").map((text) => ({ text }));

describe("line coding rules with a denial statement", () => {
  const POLICY = [
    "Photodynamic Therapy of the Skin",
    "Photodynamic therapy is covered when the member has documented actinic keratoses of the face or scalp.",
    "Units and modifiers",
    "J7309 is billed per 1 mg of aminolevulinate. The maximum is 354 units per date of service. A J7309 line whose units",
    "exceed the per-date-of-service maximum is denied in full; a corrected claim may be submitted.",
    "96567 is reported once per session for the whole face. Modifiers RT, LT and 50 must not be appended to 96567; a",
    "96567 line billed with modifier RT, LT or 50 is denied as incorrectly coded.",
  ].join("\n");

  it("reads the forbidden modifiers and the per-date unit maximum, each scoped to its code", () => {
    const rules = lineBillingRules(lines(POLICY), () => null);
    expect(rules).toHaveLength(2);
    expect(rules).toContainEqual(expect.objectContaining({ kind: "line_billing", codes: ["96567"], modifiers: ["RT", "LT", "50"], max_units_per_date: null }));
    expect(rules).toContainEqual(expect.objectContaining({ kind: "line_billing", codes: ["J7309"], modifiers: [], max_units_per_date: 354 }));
  });

  it("reads nothing without the policy's denial statement, or with two different maxima", () => {
    expect(lineBillingRules(lines("Modifiers RT and LT must not be appended to 96567."), () => null)).toEqual([]);
    expect(lineBillingRules(lines("Modifiers 59, XS and XU do not bypass this edit; such lines are denied."), () => null)).toEqual([]);
    expect(
      lineBillingRules(
        lines(
          "The maximum is 354 units per date of service. For one date of service the units may not exceed 400. A J7309 line whose units exceed the per-date-of-service maximum is denied in full.",
        ),
        () => null,
      ),
    ).toEqual([]);
  });

  const tree = generateDecisionTree(docFromPages([POLICY]), { drug_names: ["96567", "J7309"], title: "pdt", documentName: "policy" });
  const roster = [
    {
      member_id: "QP7741023",
      first_name: "Orla",
      last_name: "Brandvik",
      birth_date: "1948-07-12",
      gender: null,
      plan_identification: null,
      coverage_start: "2026-01-01",
      coverage_end: null,
    },
  ];
  const run = (rows: string) =>
    runServicePipeline(
      {
        caseDoc: docFromPages([
          `OUTPATIENT SERVICE REQUEST\nDate of request: 06/02/2026\nMember name: Orla Brandvik   Date of birth: 07/12/1948\nMember ID: QP7741023\nDiagnoses (ICD-10-CM): L57.0 Actinic keratosis\n${rows}\nMultiple actinic keratoses of the face and scalp on examination.`,
        ]),
        roster,
        policies: [{ id: "pdt", codes: ["96567", "J7309"] }],
        loadTree: async () => tree,
      },
      builtinAgents,
    );

  it("denies the line billed with a forbidden modifier and the line over the unit maximum, quoting the claim", async () => {
    const r = await run(
      "CPT 96567-50 Photodynamic therapy  Units: 1  Date of service: 06/09/2026  POS 11\nHCPCS J7309 Aminolevulinate  Units: 360  Date of service: 06/09/2026  POS 11",
    );
    for (const code of ["96567", "J7309"]) {
      const l = r.lines.find((x) => x.line.code === code)!;
      expect(l.decision.final_decision).toBe("denied");
      expect(l.decision.citations.some((c) => c.document === "fax")).toBe(true);
    }
  });

  it("does not deny the lines coded within the rules", async () => {
    const r = await run(
      "CPT 96567 Photodynamic therapy  Units: 1  Date of service: 06/09/2026  POS 11\nHCPCS J7309 Aminolevulinate  Units: 354  Date of service: 06/09/2026  POS 11",
    );
    for (const code of ["96567", "J7309"]) expect(r.lines.find((x) => x.line.code === code)!.decision.final_decision).not.toBe("denied");
  });
});
