import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { reply, startFakeOpenAI, type FakeOpenAI } from "../../tests/support/fake-openai";
import type { EligibilityResult, ReviewResult } from "~/clinical/contracts";
import { proposeWithModel } from "./decide-case.model";
import { ModelOutputError } from "./llm.server";
import type { DecisionOutput } from "./output-schemas";
import { FAX, faxFacts, testClient } from "./test-fixtures";

const facts = faxFacts();
const eligible: EligibilityResult = { eligible: true, member: null, reason: "Eligible on 2026-02-03.", formulary: null, citations: facts.patient.citations };
const mtxCitation = facts.prior_therapies[0].citations[0];
const review: ReviewResult = {
  policy_id: "pol-1",
  paths: [
    {
      title: "Rheumatoid arthritis",
      outcome: "met",
      criteria: [{ node_id: "n5", question: "Methotrexate trial", outcome: "met", reason: "r", citations: [mtxCitation] }],
    },
  ],
  traversal: [{ node_question_or_action: "Methotrexate trial", node_answer: "Yes", next_node: null }],
};
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

describe("proposeWithModel", () => {
  it("asks the decision schema with the decision semantics and returns the model's proposal with resolved citations", async () => {
    fake.setHandler(() => approve());
    const p = await proposeWithModel(testClient(fake.url), { facts, eligibility: eligible, review, audit: [] });
    expect(fake.requests[0].schemaName).toBe("decision");
    expect(fake.requests[0].body.messages[0].content).toContain("needs_more_information");
    expect(p).toMatchObject({ final_decision: "approved", confidence_score: 0.92, ai_summary: "Meets RA criteria." });
    // evidence [1] is the eligibility citation, [2] the methotrexate criterion citation
    expect(p.citations).toHaveLength(1);
    expect(p.citations![0]).toMatchObject({ page: 2, text: "20 mg weekly" });
    expect(FAX.pages[1].text.slice(p.citations![0].start, p.citations![0].end)).toBe("20 mg weekly");
  });

  it("repairs an out-of-range confidence, then rejects persistent invalid output", async () => {
    fake.setHandler((req) => (req.index === 0 ? approve({ confidence_score: 92 }) : approve()));
    expect((await proposeWithModel(testClient(fake.url), { facts, eligibility: eligible, review, audit: [] })).confidence_score).toBe(0.92);
    fake.setHandler(() => approve({ final_decision: "maybe" as never }));
    await expect(proposeWithModel(testClient(fake.url), { facts, eligibility: eligible, review, audit: [] })).rejects.toBeInstanceOf(ModelOutputError);
  });

  it("retries a 500", async () => {
    fake.setHandler((req) => (req.index === 0 ? reply.error(500) : approve()));
    await proposeWithModel(testClient(fake.url), { facts, eligibility: eligible, review, audit: [] });
    expect(fake.requests).toHaveLength(2);
  });
});
