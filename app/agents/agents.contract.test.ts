/**
 * The behaviours every JSON agent shares, proved per agent against the fake server: the strict
 * json_schema response_format with the agent's schema name, one repair turn for invalid JSON, a
 * ModelOutputError when it stays invalid, the SDK's retry of a 500, and a timeout error.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { reply, startFakeOpenAI, type FakeOpenAI } from "../../tests/support/fake-openai";
import type { EligibilityResult } from "~/clinical/contracts";
import { auditCaseWithModel } from "./audit-case.model";
import { proposeWithModel } from "./decide-case.model";
import { generateDecisionTreeWithModel } from "./decision-tree.model";
import { checkEligibilityWithModel } from "./eligibility.model";
import { extractCaseFactsWithModel } from "./extract-case.model";
import { ModelOutputError, ModelRequestError, type ModelClient } from "./llm.server";
import { getDefaultPrompt } from "./prompts";
import { reviewCaseWithModel } from "./review-case.model";
import { generateSyntheticPriorAuthWithModel } from "./synthetic-pa.model";
import { adalimumabTree, docFromPages, extractionReply, FAX, faxFacts, testClient } from "./test-fixtures";

const facts = faxFacts();
const eligibility: EligibilityResult = { eligible: true, member: null, reason: "Eligible.", formulary: null, citations: [] };
const review = { policy_id: "p", paths: [], traversal: [] };

interface AgentCase {
  agent: string;
  schemaName: string;
  promptType: Parameters<typeof getDefaultPrompt>[0] | null;
  good: unknown;
  run: (client: ModelClient) => Promise<unknown>;
}

const AGENTS: AgentCase[] = [
  { agent: "extraction", schemaName: "case_facts", promptType: "extraction", good: extractionReply(), run: (c) => extractCaseFactsWithModel(c, FAX) },
  {
    agent: "eligibility",
    schemaName: "eligibility",
    promptType: "eligibility",
    good: { member_id: null, formulary_drug_name: null, reason: "No match.", evidence: [] },
    run: (c) => checkEligibilityWithModel(c, facts, [], []),
  },
  {
    agent: "decision tree",
    schemaName: "decision_tree",
    promptType: "decision_tree",
    good: {
      title: "T",
      drug_names: ["Humira"],
      nodes: [
        { id: "q", node_type: "question", question: "Rheumatologist?", reason: null, node_action: null, condition: null, parent_id: null, source: null },
        { id: "a", node_type: "action", question: "Approve", reason: null, node_action: "approved", condition: "Yes", parent_id: "q", source: null },
        { id: "d", node_type: "action", question: "Deny", reason: null, node_action: "denied", condition: "No", parent_id: "q", source: null },
      ],
      edges: [
        { source: "q", target: "a", condition: "Yes" },
        { source: "q", target: "d", condition: "No" },
      ],
    },
    run: (c) => generateDecisionTreeWithModel(c, docFromPages(["Policy text"]), { drug_names: ["Humira"] }),
  },
  {
    agent: "clinical review",
    schemaName: "clinical_review",
    promptType: "clinical_review",
    good: { answers: [{ node_id: "n1", answer: "No", reason: "r", evidence: [] }] },
    run: (c) => reviewCaseWithModel(c, { facts, caseDoc: FAX, tree: adalimumabTree() }),
  },
  {
    agent: "audit",
    schemaName: "audit",
    promptType: "audit",
    good: { findings: [{ check: "npi", passed: true, severity: "info", message: "ok", evidence: [] }] },
    run: (c) => auditCaseWithModel(c, { facts, eligibility, review }),
  },
  {
    agent: "decision",
    schemaName: "decision",
    promptType: "decision",
    good: { final_decision: "needs_more_information", confidence_score: 0.5, ai_summary: "s", rationale: "r", evidence: [] },
    run: (c) => proposeWithModel(c, { facts, eligibility, review, audit: [] }),
  },
  {
    agent: "synthetic PA",
    schemaName: "synthetic_prior_auth",
    promptType: null,
    good: { document: "PRIOR AUTHORIZATION REQUEST ".repeat(10) },
    run: (c) => generateSyntheticPriorAuthWithModel(c, "RA, failed methotrexate, Humira"),
  },
];

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

describe.each(AGENTS)("$agent agent on the model path", (a) => {
  it("sends a strict json_schema response_format named for the agent's schema", async () => {
    fake.setHandler(() => a.good as Record<string, unknown>);
    await a.run(testClient(fake.url));
    const rf = fake.requests[0].body.response_format;
    expect(rf.type).toBe("json_schema");
    expect(rf.json_schema.name).toBe(a.schemaName);
    expect(rf.json_schema.strict).toBe(true);
    if (a.promptType) expect(rf.json_schema.schema).toEqual(getDefaultPrompt(a.promptType).json_schema);
  });

  it("repairs invalid JSON once, then succeeds", async () => {
    fake.setHandler((req) => (req.index === 0 ? "{ not json" : (a.good as Record<string, unknown>)));
    await expect(a.run(testClient(fake.url))).resolves.toBeTruthy();
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1].body.messages.at(-1).content).toMatch(/not valid JSON/);
  });

  it("throws ModelOutputError when the output stays invalid", async () => {
    fake.setHandler(() => "{ not json");
    await expect(a.run(testClient(fake.url))).rejects.toBeInstanceOf(ModelOutputError);
    expect(fake.requests).toHaveLength(2);
  });

  it("retries a 500 and then succeeds", async () => {
    fake.setHandler((req) => (req.index === 0 ? reply.error(500) : (a.good as Record<string, unknown>)));
    await expect(a.run(testClient(fake.url))).resolves.toBeTruthy();
    expect(fake.requests).toHaveLength(2);
  });

  it("fails with a timeout error when the server does not answer in time", async () => {
    fake.setHandler(() => reply.delay(5_000, a.good as Record<string, unknown>));
    const err = (await a.run(testClient(fake.url, { timeoutMs: 150, maxRetries: 0 })).then(
      () => null,
      (e: unknown) => e,
    )) as ModelRequestError;
    expect(err).toBeInstanceOf(ModelRequestError);
    expect(err.code).toBe("model_timeout");
  });
});
