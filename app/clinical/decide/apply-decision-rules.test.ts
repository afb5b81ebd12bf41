import { describe, expect, it } from "vitest";
import type { AuditFinding, Citation, CriterionResult, EligibilityResult, FinalDecision, ReviewResult } from "../contracts";
import { docFromPages, emptyFacts } from "../testing";
import { applyDecisionRules, tidySummary, type Proposal } from "./apply-decision-rules";
import { CONFIDENCE_BASE } from "./confidence";

const doc = docFromPages([
  "Patient: Dana Whitfield  DOB: 03/14/1979  Member ID: ACM100234\nDiagnosis: M05.79 Rheumatoid arthritis",
  "Methotrexate 20 mg weekly from 06/01/2025 to 07/01/2025, stopped.\nTB screening (QuantiFERON) positive on 01/10/2026.",
]);
const cite = (page: number, s: string): Citation => {
  const start = doc.pages[page - 1].text.indexOf(s);
  if (start < 0) throw new Error(s);
  return { document: "fax", page, start, end: start + s.length, text: s };
};
const member = cite(1, "Member ID: ACM100234");
const mtx = cite(2, "Methotrexate 20 mg weekly from 06/01/2025 to 07/01/2025, stopped.");
const tb = cite(2, "TB screening (QuantiFERON) positive on 01/10/2026.");
const dx = cite(1, "M05.79 Rheumatoid arthritis");
const facts = emptyFacts({
  request_date: "2026-02-03",
  request_date_source: "fax_header",
  diagnoses: [{ code: "M05.79", description: "Rheumatoid arthritis", primary: true, citations: [dx] }],
  medication: { ...emptyFacts().medication, drug_name: "Humira" },
  patient: { ...emptyFacts().patient, last_name: "Whitfield", member_id: "ACM100234", citations: [member] },
});

const eligible: EligibilityResult = {
  eligible: true,
  member: null,
  reason: "Eligible on 2026-02-03.",
  formulary: null,
  citations: [member],
  certainty: "clear",
};
const ineligible: EligibilityResult = {
  eligible: false,
  member: null,
  reason: "coverage ended 2025-12-31",
  formulary: null,
  citations: [member],
  certainty: "clear",
};
const uncertainIneligible: EligibilityResult = { ...ineligible, certainty: "uncertain" };
const unknownEligibility: EligibilityResult = { ...eligible, eligible: null, reason: "request date unreadable", certainty: "uncertain" };

const crit = (outcome: CriterionResult["outcome"], over: Partial<CriterionResult> = {}): CriterionResult => ({
  node_id: "n5",
  question: "Trial of methotrexate for at least 3 months",
  outcome,
  reason: "r",
  citations: outcome === "insufficient" ? [] : [mtx],
  evidence: "direct",
  confidence: "high",
  ...over,
});
const review = (paths: CriterionResult[][], verdict: ReviewResult["verdict"], extra: Partial<ReviewResult> = {}): ReviewResult => ({
  policy_id: "pol-1",
  paths: paths.map((criteria, i) => ({
    title: `Path ${i + 1}`,
    outcome: criteria.some((c) => c.outcome === "not_met") ? "not_met" : criteria.every((c) => c.outcome === "met") ? "met" : "insufficient",
    criteria,
  })),
  traversal: [],
  verdict,
  ...extra,
});
const approvedReview = review([[crit("met")]], { approved: true, denied: false, open_nodes: [] });
const deniedReview = review([[crit("not_met")]], { approved: false, denied: true, open_nodes: [] });
const openReview = review([[crit("insufficient")]], { approved: false, denied: false, open_nodes: ["n5"] });
const blocking: AuditFinding = { check: "attachments", passed: false, severity: "blocking", message: "Referenced notes are not attached.", citations: [] };
const decide = (eligibility: EligibilityResult, r: ReviewResult | null, audit: AuditFinding[] = [], proposal?: Proposal) =>
  applyDecisionRules({ facts, caseDoc: doc, eligibility, review: r, audit }, proposal);

describe("applyDecisionRules", () => {
  it.each<[string, EligibilityResult, ReviewResult | null, AuditFinding[], FinalDecision | undefined, FinalDecision]>([
    ["ineligible member, criteria met", ineligible, approvedReview, [], undefined, "denied"],
    ["ineligible member, model approves", ineligible, approvedReview, [], "approved", "denied"],
    ["ineligibility read uncertainly", uncertainIneligible, approvedReview, [], undefined, "needs_more_information"],
    ["eligibility unknown", unknownEligibility, approvedReview, [], undefined, "needs_more_information"],
    ["criteria open", eligible, openReview, [], "approved", "needs_more_information"],
    ["blocking audit finding", eligible, approvedReview, [blocking], undefined, "needs_more_information"],
    ["cited high-confidence failure on the only path", eligible, deniedReview, [], undefined, "denied"],
    ["cited failure, model asks for more information", eligible, deniedReview, [], "needs_more_information", "denied"],
    ["no coverage policy, model approves", eligible, null, [], "approved", "needs_more_information"],
    ["criteria met, model denies", eligible, approvedReview, [], "denied", "needs_more_information"],
    ["criteria met, model approves", eligible, approvedReview, [], "approved", "approved"],
    ["criteria met, built-in engine", eligible, approvedReview, [], undefined, "approved"],
  ])("%s", (_name, eligibility, r, audit, proposed, expected) => {
    const proposal = proposed ? { final_decision: proposed, ai_summary: "model says" } : undefined;
    expect(decide(eligibility, r, audit, proposal).final_decision).toBe(expected);
  });

  it("never approves on a route with no criterion read from the policy (a policy whose criteria were not found)", () => {
    for (const r of [review([[]], { approved: true, denied: false, open_nodes: [] }), review([], { approved: true, denied: false, open_nodes: [] })]) {
      for (const proposal of [undefined, { final_decision: "approved" as const, ai_summary: "model says" }]) {
        const d = decide(eligible, r, [], proposal);
        expect(d.final_decision).toBe("needs_more_information");
        expect(d.rule).toBe("pend_needs_review");
      }
    }
  });

  it("never denies on a failure whose citation is not verbatim fax text", () => {
    const paraphrased = { ...mtx, text: "methotrexate was only tried for one month" };
    const r = review([[crit("not_met", { citations: [paraphrased] })]], { approved: false, denied: true, open_nodes: [] });
    const d = decide(eligible, r);
    expect(d.final_decision).toBe("needs_more_information");
    expect(d.rule).toBe("pend_needs_review");
  });

  it("never denies on a failure of a criterion read with medium or low confidence", () => {
    for (const confidence of ["medium", "low"] as const) {
      const r = review([[crit("not_met", { confidence })]], { approved: false, denied: true, open_nodes: [] });
      expect(decide(eligible, r).final_decision).toBe("needs_more_information");
    }
  });

  it("denies on an exclusion only when it is cited and read with high confidence", () => {
    const exclusion = (over: Partial<CriterionResult>) =>
      review(
        [[crit("met")]],
        { approved: false, denied: true, open_nodes: [] },
        {
          exclusions: [
            {
              node_id: "x1",
              question: "Exclusion: active tuberculosis",
              outcome: "met",
              reason: "positive TB test",
              citations: [tb],
              confidence: "high",
              evidence: "direct",
              ...over,
            },
          ],
        },
      );
    expect(decide(eligible, exclusion({})).rule).toBe("deny_exclusion");
    expect(decide(eligible, exclusion({ confidence: "medium" })).final_decision).not.toBe("denied");
    expect(decide(eligible, exclusion({ citations: [] })).final_decision).not.toBe("denied");
  });

  it("denies a diagnosis outside every understood indication only with the diagnosis quoted", () => {
    const r = review(
      [[crit("insufficient")]],
      { approved: false, denied: true, open_nodes: [] },
      { indication: { status: "not_covered", branches: [{ title: "Plaque psoriasis", score: 0, citation: null }] } },
    );
    expect(decide(eligible, r).rule).toBe("deny_not_covered");
    const unquoted = applyDecisionRules({
      facts: { ...facts, diagnoses: [{ ...facts.diagnoses[0], citations: [] }] },
      caseDoc: doc,
      eligibility: eligible,
      review: r,
      audit: [],
    });
    expect(unquoted.final_decision).toBe("needs_more_information");
  });

  it("lists what to ask the prescriber for when information is missing", () => {
    const r = review([[crit("insufficient", { missing: "Dates and outcome of the methotrexate trial" })]], {
      approved: false,
      denied: false,
      open_nodes: ["n5"],
    });
    const d = decide(eligible, r);
    expect(d.missing_items).toEqual(["Dates and outcome of the methotrexate trial"]);
    expect(d.ai_summary).toContain("Dates and outcome of the methotrexate trial");
  });

  it("takes its confidence from the named base of the deciding rule", () => {
    expect(decide(ineligible, approvedReview).confidence_score).toBeCloseTo(
      CONFIDENCE_BASE.deny_not_eligible * 0.8 + CONFIDENCE_BASE.deny_not_eligible * 0.2 * 1,
      2,
    );
    const approved = decide(eligible, approvedReview);
    expect(approved.rule).toBe("approve");
    expect(approved.confidence_score).toBe(CONFIDENCE_BASE.approve);
    expect(decide(eligible, null).rule).toBe("pend_no_policy");
  });
});

/** Ported from app/engine/decide/decide-case.test.ts (7017c33): decideCase is now applyDecisionRules. */
describe("applyDecisionRules: paths and verdicts", () => {
  const ldl = crit("not_met", { node_id: "n7", question: "LDL-C >= 70 mg/dL within 90 days", citations: [mtx] });
  const eos = crit("insufficient", { node_id: "n9", question: "Blood eosinophils >= 150 cells/uL", missing: "Blood eosinophil count with its date" });

  it("approves when one path is fully met and the member is eligible, whatever the other paths say", () => {
    const r = review([[crit("met"), crit("met", { node_id: "n6" })], [ldl]], { approved: true, denied: false, open_nodes: [] });
    const d = decide(eligible, r);
    expect(d.final_decision).toBe("approved");
    expect(d.rule).toBe("approve");
    expect(d.confidence_score).toBeGreaterThan(0.5);
    expect(d.rationale).toMatch(/Path 1/);
  });

  it("an ineligible member is denied regardless of clinical merit, with the reason", () => {
    const d = decide(ineligible, approvedReview);
    expect(d.final_decision).toBe("denied");
    expect(d.ai_summary).toMatch(/coverage ended/);
    expect(d.citations.every((c) => doc.pages[c.page - 1].text.slice(c.start, c.end) === c.text)).toBe(true);
  });

  it("a clear failure wins over missing information on the same path", () => {
    const r = review([[crit("insufficient", { node_id: "n4" }), ldl]], { approved: false, denied: true, open_nodes: [] });
    const d = decide(eligible, r);
    expect(d.final_decision).toBe("denied");
    expect(d.rule).toBe("deny_criteria");
    expect(d.ai_summary).toMatch(/LDL-C/);
  });

  it("a denial resting on a read diagnosis is less sure than one resting on a compared value (stop 45)", () => {
    const at = (basis: CriterionResult["basis"]) =>
      decide(
        eligible,
        review([[crit("not_met", { node_id: "n7", question: "q", citations: [mtx], basis })]], { approved: false, denied: true, open_nodes: [] }),
      );
    const measured = at("measured");
    const read = at("read");
    expect(measured.rule).toBe("deny_criteria");
    expect(read.rule).toBe("deny_criteria");
    expect(read.confidence_score).toBeLessThan(at("stated").confidence_score);
    expect(at("stated").confidence_score).toBeLessThan(measured.confidence_score);
    // a failure whose basis is unknown counts as a reading
    expect(at(undefined).confidence_score).toBe(read.confidence_score);
  });

  it("needs more information when no path is met and one path only lacks information", () => {
    const r = review([[ldl], [crit("met"), eos]], { approved: false, denied: false, open_nodes: ["n9"] });
    const d = decide(eligible, r);
    expect(d.final_decision).toBe("needs_more_information");
    expect(d.rule).toBe("pend_missing_information");
    expect(d.ai_summary).toMatch(/eosinophil/);
    expect(d.missing_items).toEqual(["Blood eosinophil count with its date"]);
  });

  it("a failure must be cited on every path to deny", () => {
    const uncited = crit("not_met", { node_id: "n8", citations: [] });
    const r = review([[ldl], [uncited]], { approved: false, denied: true, open_nodes: [] });
    expect(decide(eligible, r)).toMatchObject({ final_decision: "needs_more_information", rule: "pend_needs_review" });
  });

  it("lower OCR confidence lowers the decision confidence", () => {
    const at = (ocrConfidence: number) =>
      applyDecisionRules({ facts, caseDoc: doc, eligibility: eligible, review: approvedReview, audit: [], ocrConfidence }).confidence_score;
    expect(at(0.5)).toBeLessThan(at(1));
    expect(at(0.5)).toBeGreaterThanOrEqual(0.3);
  });
});

describe("tidySummary", () => {
  it("undoubles the punctuation of joined sentences and replaces table separators, keeping the words", () => {
    expect(tidySummary("Needs more information. Needed: chart notes; the A1C value..")).toBe("Needs more information. Needed: chart notes; the A1C value.");
    expect(tidySummary("Denied: Path 1: Tried methotrexate?. — not met.")).toBe("Denied: Path 1: Tried methotrexate? — not met.");
    expect(tidySummary("Denied: RA: age | PsA: dx — not met.")).toBe("Denied: RA: age; PsA: dx — not met.");
    expect(tidySummary("Wait... then go.")).toBe("Wait... then go.");
  });
  it("is applied to every decision summary", () => {
    const d = applyDecisionRules({
      facts,
      caseDoc: doc,
      eligibility: eligible,
      review: review([[crit("insufficient", { missing: "chart notes." })]], undefined),
      audit: [],
    });
    expect(d.ai_summary).not.toMatch(/(?<!\.)\.\.(?!\.)|\s\|\s/);
  });
});

describe("applyDecisionRules: a page the reader could not read (issue 24)", () => {
  const withUnread = {
    ...doc,
    page_count: 3,
    pages: [...doc.pages, { page: 3, text: "", ocr: false, confidence: null, width: 612, height: 792, words: [], error: "This page of the PDF is damaged." }],
  };
  const on = (r: ReviewResult, eligibility: EligibilityResult = eligible) =>
    applyDecisionRules({ facts, caseDoc: withUnread, eligibility, review: r, audit: [] });

  it.each([
    ["a denial on the criteria", deniedReview, eligible, "denial"],
    ["an approval", approvedReview, eligible, "approval"],
    ["a denial for eligibility", approvedReview, ineligible, "denial"],
  ] as const)("%s is not made on the other pages alone: the case pends with the page as the item needed", (_, r, elig, would) => {
    expect(decide(elig, r).final_decision).not.toBe("needs_more_information");
    const d = on(r, elig);
    expect(d.final_decision).toBe("needs_more_information");
    expect(d.rule).toBe("pend_needs_review");
    expect(d.missing_items?.[0]).toMatch(/^A legible copy of page 3 of the request/);
    expect(d.ai_summary).toMatch(new RegExp(`page 3 of the request could not be read.*point to ${would}`));
  });

  it("a case already pending asks for the page too, beside its own items", () => {
    const d = on(openReview);
    expect(d.final_decision).toBe("needs_more_information");
    expect(d.missing_items?.[0]).toMatch(/^A legible copy of page 3 of the request/);
    expect(d.missing_items?.length).toBeGreaterThan(1);
  });
});
