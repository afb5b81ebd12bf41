/**
 * Benefit visit maximums (issue 22, class 2): a benefit rule sheet's "the visit falls within the
 * calendar-year maximum" is judged per service line against the benefit table row of the line's
 * code, counting the visits the request documents as used plus the claim's own dates of service.
 */
import { describe, expect, it } from "vitest";
import { docFromPages } from "../testing";
import { generateDecisionTree } from "../policy/compile-tree";
import { readPolicy } from "../policy/read-policy";
import { isHeading } from "../policy/outline";
import { codeListed, visitLimitRows, visitMaximumPeriod } from "../policy/visit-limits";
import { buildCaseIndex } from "../evidence/case-index";
import { visitNumber, visitsUsedStatements } from "../evidence/visit-count";
import { builtinAgents } from "./builtin-agents";
import { runServicePipeline } from "./run-pipeline";
import { keyConcepts, parseCriterion } from "../policy/parse-criterion";
import { evalContext, evaluateCriterion } from "../review/evaluate";
import { emptyFacts } from "../testing";

// another payer's benefit sheet: an "annual visit limit", OT codes, a definitions list first
const policy = docFromPages([
  [
    "Lakeside Health Rehabilitation Benefit Policy RH-200",
    "Definitions",
    "- Visit: each date of service, whatever the number of units billed.",
    "- Plan year: January 1 through December 31.",
    "Benefit Limits",
    "Service CPT codes Annual limit",
    "Occupational therapy 97165, 97530, 97535 24 visits per calendar year",
    "Cardiac rehabilitation 93797, 93798 36 sessions per episode",
    "Coverage Rules - Occupational Therapy (97165, 97530, 97535)",
    "Occupational therapy is covered when ALL of the following are met:",
    "1. A plan of care signed by the treating physician; and",
    "2. The visit is within the annual visit limit.",
    "Claim Requirements",
    "Each line carries the GO modifier.",
  ].join("\n"),
]);
const tree = generateDecisionTree(policy, { drug_names: ["97530"], title: "ot-benefit", documentName: "policy" });
const roster = [
  {
    member_id: "LKH5520913",
    first_name: "Irene",
    last_name: "Castellano",
    birth_date: "1961-02-14",
    gender: null,
    plan_identification: null,
    coverage_start: "2026-01-01",
    coverage_end: null,
  },
];
const line = (date: string) => `CPT/HCPCS 97530-GO Therapeutic activities  Units: 1  Date of service: ${date}  POS 11`;
const fax = (notes: string) =>
  docFromPages([
    [
      "MEDICAL CLAIM",
      "Date of request: 06/20/2026",
      "Member name: Irene Castellano   Date of birth: 02/14/1961",
      "Member ID: LKH5520913",
      "Diagnoses (ICD-10-CM): M62.81 Muscle weakness",
      line("06/09/2026"),
      line("06/12/2026"),
      line("06/16/2026"),
      "Plan of care signed by the treating physician on 04/02/2026.",
      notes,
    ].join("\n"),
  ]);
const run = (doc: ReturnType<typeof docFromPages>) =>
  runServicePipeline({ caseDoc: doc, roster, policies: [{ id: "ot", codes: ["97165", "97530", "97535"] }], loadTree: async () => tree }, builtinAgents);

describe("benefit visit maximums", () => {
  it("reads a benefit sheet's section titles as headings, not its definitions as criteria", () => {
    for (const h of ["Definitions", "Benefit Limits", "Coverage Rules - Occupational Therapy (97165, 97530, 97535)", "Claim Requirements", "Purpose"])
      expect(isHeading(h), h).toBe(true);
    const m = readPolicy(policy, { drug_names: ["97530"] });
    const texts = m.indications.flatMap((i) => i.criteria.map((c) => c.text));
    expect(texts.some((t) => /^Visit:|^Plan year:/.test(t))).toBe(false);
    const limit = m.indications.flatMap((i) => i.criteria).find((c) => c.kind === "visit_limit");
    expect(limit).toMatchObject({ kind: "visit_limit", period: "calendar year", confidence: "high" });
  });

  it("reads the table rows with codes and a visit count, never a per-episode row", () => {
    const rows = visitLimitRows(policy.pages[0].text.split("\n").map((text) => ({ text })));
    expect(rows).toEqual([{ codes: ["97165", "97530", "97535"], max: 24, text: "Occupational therapy 97165, 97530, 97535 24 visits per calendar year" }]);
    expect(visitMaximumPeriod("The visit falls within the calendar-year maximum.")).toBe("calendar year");
    expect(visitMaximumPeriod("The visit is medically necessary.")).toBeNull();
    expect(codeListed("97163", ["97161-97168"])).toBe(true);
    expect(codeListed("97170", ["97161-97168"])).toBe(false);
  });

  it("counts visits used before the claim plus the claim's own dates, and a visit log must agree", () => {
    const idx = buildCaseIndex(fax("Benefit verification 06/05/2026: 22 of 24 OT visits used in 2026 before 06/09/2026."), null);
    expect(visitsUsedStatements(idx)).toMatchObject([{ used: 22, date: "2026-06-09", inclusive: false }]);
    expect(visitNumber(idx, "2026-06-12", ["2026-06-09", "2026-06-12", "2026-06-16"]).visit).toBe(24);
    const log = buildCaseIndex(
      fax("Benefit verification: 22 of 24 OT visits used in 2026 before 06/09/2026.\nVisit log\nDate Visit # Service\n06/12/2026 26 97530"),
      null,
    );
    const n = visitNumber(log, "2026-06-12", ["2026-06-09", "2026-06-12"]);
    expect(n.visit).toBeNull();
  });

  it("approves the visits within the maximum and denies the ones beyond it, quoting the count", async () => {
    const r = await run(fax("Benefit verification 06/05/2026: 22 of 24 OT visits used in 2026 before 06/09/2026."));
    expect(r.lines.map((l) => l.decision.final_decision)).toEqual(["approved", "approved", "denied"]);
    const denied = r.lines[2].decision;
    expect(denied.citations.some((c) => c.document === "fax" && c.text.includes("22 of 24"))).toBe(true);
  });

  it("never denies when the visits already used are not documented", async () => {
    const r = await run(fax("Patient tolerating therapy well."));
    expect(r.lines.map((l) => l.decision.final_decision)).toEqual(["needs_more_information", "needs_more_information", "needs_more_information"]);
  });
});

describe("therapy progress", () => {
  const judge = (notes: string) =>
    evaluateCriterion(
      parseCriterion("The member makes measurable progress toward the goals of the plan of care", "", { drugNames: ["92507"] }),
      evalContext({ idx: buildCaseIndex(docFromPages([notes]), "2026-10-22"), facts: emptyFacts(), requestDate: "2026-10-22", requestedNames: ["92507"] }),
      "criterion",
      { conditions: [], icd10: [] },
    );

  it("reads the fact, not the light verb or what the progress is measured against", () => {
    expect(keyConcepts("The member makes measurable progress toward the goals of the plan of care")).toEqual([["measurable", "progress"]]);
  });

  it("is met by measurable gains charted in a progress report, never by their absence", () => {
    expect(judge("Assessment\nSteady, measurable gains in naming and sentence formulation. Continue plan of care.").outcome).toBe("met");
    expect(judge("Assessment\nNo measurable gains since the last report; progress has plateaued.").outcome).not.toBe("met");
  });
});

describe("a provider manual's visit maximum written as a sentence", () => {
  // another payer's manual chapter: the limit in prose, for adults only, the codes in a billing list
  const manual = docFromPages([
    [
      "Riverbend Community Plan Provider Manual Section 14: Occupational Therapy",
      "14.2 Coverage",
      "Occupational therapy is covered when it is medically necessary and furnished under a plan of care.",
      "14.4 Limits",
      "14.4.1 For enrollees aged 19 and older, therapy is a limited benefit. Visits beyond 12 in a plan year are not covered,",
      "whatever the diagnosis.",
      "14.6 Billing",
      "Occupational therapy codes: 97165-97167 evaluation; 97530 therapeutic activities; 97535 self-care training.",
    ].join("\n"),
  ]);
  const manualTree = generateDecisionTree(manual, { drug_names: ["97530"], title: "ot-manual", documentName: "policy" });
  const member = (birth: string) => [{ ...roster[0], birth_date: birth }];
  const claim = (birth: string, notes: string, extra = "") =>
    docFromPages([
      [
        "MEDICAL CLAIM",
        "Date of request: 06/20/2026",
        `Member name: Irene Castellano   Date of birth: ${birth.slice(5, 7)}/${birth.slice(8, 10)}/${birth.slice(0, 4)}`,
        "Member ID: LKH5520913",
        "Diagnoses (ICD-10-CM): M62.81 Muscle weakness",
        line("06/09/2026"),
        line("06/12/2026"),
        extra,
        notes,
      ].join("\n"),
    ]);
  const runManual = (birth: string, notes: string, extra = "") =>
    runServicePipeline(
      {
        caseDoc: claim(birth, notes, extra),
        roster: member(birth),
        policies: [{ id: "ot", codes: ["97165", "97530", "97535"] }],
        loadTree: async () => manualTree,
      },
      builtinAgents,
    );

  it("reads the maximum over the codes the manual lists, scoped to the ages it names", () => {
    const m = readPolicy(manual, { drug_names: ["97530"] });
    const limit = m.common.find((c) => c.kind === "any");
    expect(limit).toMatchObject({ kind: "any" });
    const items = limit && limit.kind === "any" ? limit.items : [];
    expect(items[0]).toMatchObject({ kind: "age", max_years: 19 });
    expect(items[1]).toMatchObject({ kind: "visit_limit", period: "plan year", limits: [{ codes: ["97165-97167", "97530", "97535"], max: 12 }] });
  });

  it("reads visits used written date first ('Visits in 2026 before 06/09/2026: 11') and a log headed 'Visit (2026)'", () => {
    const idx = buildCaseIndex(claim("1961-02-14", "OT visits in 2026 before\n06/09/2026: 11 (per the plan portal)."), null);
    expect(visitsUsedStatements(idx)).toMatchObject([{ used: 11, date: "2026-06-09", inclusive: false }]);
    const log = buildCaseIndex(claim("1961-02-14", "Visit log\nDate Visit (2026) Services\n06/12/2026 13 97530 x 2"), null);
    expect(visitNumber(log, "2026-06-12", []).visit).toBe(13);
  });

  it("denies the adult's visit beyond the maximum, never a younger member's", async () => {
    const notes = "OT visits in 2026 before 06/09/2026: 11 (per the plan portal).";
    const adult = await runManual("1961-02-14", notes);
    expect(adult.lines.map((l) => l.decision.final_decision)).toEqual(["needs_more_information", "denied"]);
    const child = await runManual("2012-02-14", notes);
    expect(child.lines.map((l) => l.decision.final_decision)).not.toContain("denied");
  });

  it("does not count another discipline's line on the claim as this discipline's visit", async () => {
    const notes = "OT visits in 2026 before 06/09/2026: 10 (per the plan portal).";
    const r = await runManual("1961-02-14", notes, "CPT/HCPCS 97530-GP Therapeutic activities  Units: 1  Date of service: 06/10/2026  POS 11");
    expect(r.lines.find((l) => l.line.date_of_service === "2026-06-12" && l.line.modifiers.includes("GO"))?.decision.final_decision).not.toBe("denied");
  });
});
