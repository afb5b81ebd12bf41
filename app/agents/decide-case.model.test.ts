import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { reply, startFakeOpenAI, type FakeOpenAI } from "../../tests/support/fake-openai";
import type { AuditFinding, EligibilityResult, FinalDecision, ReviewResult } from "~/engine/types";
import { decideCaseWithModel, enforceDecisionRules } from "./decide-case.model";
import { ModelOutputError } from "./llm.server";
import type { DecisionOutput } from "./output-schemas";
import { DecisionResultSchema } from "./schemas";
import { FAX, faxFacts, testClient } from "./test-fixtures";

const facts = faxFacts();
const eligible: EligibilityResult = { eligible: true, member: null, reason: "Eligible on 2026-02-03.", formulary: null, citations: facts.patient.citations };
const ineligible: EligibilityResult = { eligible: false, member: null, reason: "member ID ACM100234 is not on the plan roster", formulary: null, citations: facts.patient.citations };
const unknownEligibility: EligibilityResult = { ...eligible, eligible: null, reason: "request date unreadable" };

const mtxCitation = facts.prior_therapies[0].citations[0];
const review = (outcomes: ("met" | "not_met" | "insufficient")[]): ReviewResult => ({
  policy_id: "pol-1",
  paths: outcomes.map((outcome, i) => ({
    title: `Path ${i + 1}`,
    outcome,
    criteria: [{ node_id: `n${i}`, question: `Criterion ${i + 1}`, outcome, reason: "r", citations: [mtxCitation] }],
  })),
  traversal: [{ node_question_or_action: "Criterion 1", node_answer: "Yes", next_node: null }],
});

const approve = (extra: Partial<DecisionOutput> = {}): DecisionOutput => ({
  final_decision: "approved",
  confidence_score: 0.92,
  ai_summary: "Meets RA criteria.",
  rationale: "Methotrexate failed after 3 months.",
  evidence: [{ ref: 2, quote: "20 mg weekly" }],
  ...extra,
});

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

describe("decideCaseWithModel", () => {
  it("asks the decision schema and returns the model's approval when the rules allow it", async () => {
    fake.setHandler(() => approve());
    const r = await decideCaseWithModel(testClient(fake.url), { facts, eligibility: eligible, review: review(["met", "not_met"]), audit: [] });
    expect(fake.requests[0].schemaName).toBe("decision");
    expect(fake.requests[0].body.messages[0].content).toContain("A clear failure wins over missing information");
    expect(DecisionResultSchema.safeParse(r).success).toBe(true);
    expect(r).toMatchObject({ final_decision: "approved", confidence_score: 0.92, ai_summary: "Meets RA criteria." });
    expect(r.decision_tree_traversal).toEqual(review(["met"]).traversal);
    // evidence [1] is the eligibility citation, [2] the methotrexate criterion citation
    expect(r.citations).toHaveLength(1);
    expect(r.citations[0]).toMatchObject({ page: 2, text: "20 mg weekly" });
    expect(FAX.pages[1].text.slice(r.citations[0].start, r.citations[0].end)).toBe("20 mg weekly");
  });

  it("denies when the model approves an ineligible member", async () => {
    fake.setHandler(() => approve());
    const r = await decideCaseWithModel(testClient(fake.url), { facts, eligibility: ineligible, review: review(["met"]), audit: [] });
    expect(r.final_decision).toBe("denied");
    expect(r.ai_summary).toMatch(/^Denied: The member is not eligible/);
    expect(r.rationale).toContain("not on the plan roster");
    expect(r.confidence_score).toBe(0.95);
    expect(r.citations).toContainEqual(facts.patient.citations[0]);
  });

  it("does not approve when no path is fully met (needs more information)", async () => {
    fake.setHandler(() => approve());
    const r = await decideCaseWithModel(testClient(fake.url), { facts, eligibility: eligible, review: review(["insufficient", "not_met"]), audit: [] });
    expect(r.final_decision).toBe("needs_more_information");
    expect(r.confidence_score).toBeLessThanOrEqual(0.6);
  });

  it("denies when every path clearly fails, even if the model asks for more information", async () => {
    fake.setHandler(() => approve({ final_decision: "needs_more_information" }));
    const r = await decideCaseWithModel(testClient(fake.url), { facts, eligibility: eligible, review: review(["not_met", "not_met"]), audit: [] });
    expect(r.final_decision).toBe("denied");
  });

  it("keeps a model denial of an eligible member whose path is met (e.g. an exclusion the audit found)", async () => {
    fake.setHandler(() => approve({ final_decision: "denied" }));
    const r = await decideCaseWithModel(testClient(fake.url), { facts, eligibility: eligible, review: review(["met"]), audit: [] });
    expect(r.final_decision).toBe("denied");
  });

  it("repairs an out-of-range confidence, then rejects persistent invalid output", async () => {
    fake.setHandler((req) => (req.index === 0 ? approve({ confidence_score: 92 }) : approve()));
    expect((await decideCaseWithModel(testClient(fake.url), { facts, eligibility: eligible, review: review(["met"]), audit: [] })).confidence_score).toBe(0.92);
    fake.setHandler(() => approve({ final_decision: "maybe" as never }));
    await expect(decideCaseWithModel(testClient(fake.url), { facts, eligibility: eligible, review: review(["met"]), audit: [] })).rejects.toBeInstanceOf(ModelOutputError);
  });

  it("retries a 500", async () => {
    fake.setHandler((req) => (req.index === 0 ? reply.error(500) : approve()));
    await decideCaseWithModel(testClient(fake.url), { facts, eligibility: eligible, review: review(["met"]), audit: [] });
    expect(fake.requests).toHaveLength(2);
  });
});

describe("enforceDecisionRules", () => {
  const blocking: AuditFinding = { check: "attachments", passed: false, severity: "blocking", message: "Referenced notes are not attached.", citations: [] };
  it.each<[FinalDecision, EligibilityResult, ReviewResult | null, AuditFinding[], FinalDecision]>([
    ["approved", ineligible, review(["met"]), [], "denied"],
    ["needs_more_information", ineligible, review(["insufficient"]), [], "denied"],
    ["approved", unknownEligibility, review(["met"]), [], "needs_more_information"],
    ["approved", eligible, review(["insufficient"]), [], "needs_more_information"],
    ["approved", eligible, review(["met"]), [blocking], "needs_more_information"],
    ["approved", eligible, review(["not_met"]), [], "denied"],
    ["needs_more_information", eligible, review(["not_met", "insufficient"]), [], "needs_more_information"],
    ["approved", eligible, review(["met", "not_met"]), [], "approved"],
    ["approved", eligible, null, [], "approved"],
    ["denied", eligible, review(["met"]), [], "denied"],
  ])("case %# (model proposes %s)", (proposed, eligibility, rev, audit, expected) => {
    expect(enforceDecisionRules(proposed, { eligibility, review: rev, audit }).final_decision).toBe(expected);
  });
});
