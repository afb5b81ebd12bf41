/**
 * The built-in engine and the model path decide through the same pipeline, tree walk and rule book:
 * an edited decision-tree node changes both decisions the same way, a request with no matching
 * coverage policy needs more information on both, and the model cannot deny what the rules do not
 * allow. The model is a real OpenAI-compatible server on loopback answering from the prompt.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI, type FakeRequest } from "../../tests/support/fake-openai";
import type { DecisionTree, FormularyRow, RosterMember } from "~/clinical/contracts";
import { generateDecisionTree } from "~/clinical/policy/compile-tree";
import { builtinAgents } from "~/clinical/pipeline/builtin-agents";
import { runPipeline, type ClinicalAgents, type PipelineInputs } from "~/clinical/pipeline/run-pipeline";
import { docFromPages } from "~/clinical/testing";
import { modelAgents } from "./model-agents";
import { extractionReply, testClient } from "./test-fixtures";

const fax = docFromPages([
  [
    "FAX  Date sent: 02/03/2026   To: Acme Health Plan PA Dept",
    "PRIOR AUTHORIZATION REQUEST  -  Urgent: No",
    "Patient Name:  Dana   Whitfield      DOB: 03/14/1979   Sex: F",
    "Member ID: ACM100234    Plan: Acme Commercial PPO 2026",
    "Prescriber: Priya Raman, MD   Specialty: Rheumatology   NPI: 1234567893",
    "Medication: Humira 40 mg/0.4 mL pen   Sig: inject 40 mg SC every other week",
    "Qty: 2 pens / 28 days   NDC: 0074-0554-02",
    "Diagnosis: M05.79 Rheumatoid arthritis with rheumatoid factor of multiple sites",
  ].join("\n"),
  ["CLINICAL NOTES", "Methotrexate 20 mg weekly from 06/01/2025 to 09/15/2025, inadequate response, DAS28 5.1."].join("\n"),
]);
const policy = docFromPages([
  [
    "Adalimumab (Humira) Coverage Policy",
    "I. Initial Approval Criteria",
    "A. Rheumatoid Arthritis (must meet all):",
    "1. Diagnosis of rheumatoid arthritis;",
    "2. Age ≥ 18 years;",
    "3. Prescribed by or in consultation with a rheumatologist;",
    "4. Failure of a ≥ 3 consecutive month trial of methotrexate;",
    "Approval duration: 6 months",
  ].join("\n"),
]);
const roster: RosterMember[] = [
  {
    member_id: "ACM100234",
    first_name: "Dana",
    last_name: "Whitfield",
    birth_date: "1979-03-14",
    gender: "female",
    plan_identification: "ACME",
    coverage_start: "2026-01-01",
    coverage_end: null,
  },
];
const formulary: FormularyRow[] = [{ drug_name: "Humira", ndc: "00074-0554-02", tier: 5, requires_prior_auth: true, quantity_limit: null, step_therapy: [] }];
const baseTree = generateDecisionTree(policy, { drug_names: ["Humira", "adalimumab"], title: "Humira", documentName: "policy" });
const inputs = (tree: DecisionTree | null): PipelineInputs => ({
  caseDoc: fax,
  roster,
  formulary,
  policies: tree ? [{ id: "pol", drug_names: tree.drug_names }] : [],
  loadTree: async () => tree,
});

/**
 * A careful reviewer model: answers each question from the fax pages in the prompt, quoting them —
 * age questions by the date of birth, the rest by the line that shows them.
 */
function reviewerModel(req: FakeRequest) {
  const user: string = req.body?.messages?.find((m: { role: string }) => m.role === "user")?.content ?? "";
  if (req.schemaName === "case_facts") {
    const r = extractionReply();
    r.labs = [];
    r.notes = [];
    r.prior_therapies[0].quotes = [{ page: 2, quote: "Methotrexate 20 mg weekly from 06/01/2025 to 09/15/2025, inadequate response" }];
    return r;
  }
  if (req.schemaName === "clinical_review") {
    const nodes = [...user.matchAll(/^- (\S+): (.*)\n\s+answer options: (.*)$/gm)].map((m) => ({
      id: m[1],
      q: m[2],
      options: [...m[3].matchAll(/"([^"]+)"/g)].map((x) => x[1]),
    }));
    const ref = (needle: string) => {
      const lines = [...user.matchAll(/^\[(\d+)\] \(fax, page \d+\) (.*)$/gm)];
      const hit = lines.find((l) => l[2].includes(needle));
      return hit ? [{ ref: Number(hit[1]), quote: needle }] : [];
    };
    const answers = nodes.map((n) => {
      if (/^Exclusion/i.test(n.q)) return { node_id: n.id, answer: "No", reason: "Nothing in the request.", evidence: [] };
      if (n.options.some((o) => /rheumatoid/i.test(o)))
        return {
          node_id: n.id,
          answer: n.options.find((o) => /rheumatoid/i.test(o))!,
          reason: "Diagnosis M05.79.",
          evidence: ref("M05.79 Rheumatoid arthritis"),
        };
      const age = /(\d+)\s*years/.exec(n.q);
      if (age)
        return {
          node_id: n.id,
          answer: 46 >= Number(age[1]) ? "Yes" : "No",
          reason: "Born 03/14/1979: 46 on the request date.",
          evidence: ref("DOB: 03/14/1979"),
        };
      if (/rheumatologist/i.test(n.q)) return { node_id: n.id, answer: "Yes", reason: "Rheumatology.", evidence: ref("Specialty: Rheumatology") };
      if (/methotrexate/i.test(n.q)) return { node_id: n.id, answer: "Yes", reason: "3.5 months, inadequate response.", evidence: ref("inadequate response") };
      if (/rheumatoid/i.test(n.q)) return { node_id: n.id, answer: "Yes", reason: "M05.79.", evidence: ref("M05.79 Rheumatoid arthritis") };
      return { node_id: n.id, answer: "Unknown", reason: "Not documented.", evidence: [] };
    });
    return { answers };
  }
  if (req.schemaName === "audit") return { findings: [] };
  if (req.schemaName === "decision") {
    const denied = /not_met/.test(user);
    return {
      final_decision: denied ? "denied" : "approved",
      confidence_score: 0.9,
      ai_summary: denied ? "Criterion not met." : "Criteria met.",
      rationale: "From the review.",
      evidence: [],
    };
  }
  return undefined;
}

let fake: FakeOpenAI;
let model: ClinicalAgents;
beforeAll(async () => {
  fake = await startFakeOpenAI(reviewerModel);
  model = modelAgents(testClient(fake.url));
});
afterAll(() => fake.close());
afterEach(() => fake.setHandler(reviewerModel));

const decide = async (agents: ClinicalAgents, tree: DecisionTree | null) => (await runPipeline(inputs(tree), agents)).decision;

describe("one tree, one walk, one rule book for both engines", () => {
  it("both approve the request against the generated tree", async () => {
    const b = await runPipeline(inputs(baseTree), builtinAgents);
    const m = await runPipeline(inputs(baseTree), model);
    expect(b.decision.final_decision).toBe("approved");
    expect(m.decision.final_decision).toBe("approved");
    // the same path, walked the same way
    expect(m.review?.paths.map((p) => p.title)).toEqual(b.review?.paths.map((p) => p.title));
    expect(m.review?.traversal.map((t) => t.node_answer)).toEqual(b.review?.traversal.map((t) => t.node_answer));
  });

  it("an edited age node ('Age ≥ 65 years') turns both decisions into the same denial", async () => {
    const ageNode = baseTree.nodes.find((n) => /Age ≥ 18|18 years/i.test(n.question))!;
    expect(ageNode, "the generated tree has an age node").toBeTruthy();
    const edited: DecisionTree = { ...baseTree, nodes: baseTree.nodes.map((n) => (n.id === ageNode.id ? { ...n, question: "Age ≥ 65 years" } : n)) };
    const builtin = await decide(builtinAgents, edited);
    const viaModel = await decide(model, edited);
    expect(builtin.final_decision).toBe("denied");
    expect(viaModel.final_decision).toBe("denied");
    for (const d of [builtin, viaModel]) expect(d.citations.some((c) => c.text.includes("03/14/1979"))).toBe(true);
  });

  it("an edited node the reader cannot check ('clinically appropriate') leaves both needing more information, never a stale met", async () => {
    const node = baseTree.nodes.find((n) => /rheumatologist/i.test(n.question))!;
    const edited: DecisionTree = {
      ...baseTree,
      nodes: baseTree.nodes.map((n) => (n.id === node.id ? { ...n, question: "The overall treatment plan is clinically appropriate" } : n)),
    };
    expect((await decide(builtinAgents, edited)).final_decision).toBe("needs_more_information");
    expect((await decide(model, edited)).final_decision).toBe("needs_more_information");
  });

  it("no coverage policy for the requested drug: needs more information on both paths, even when the model approves", async () => {
    const builtin = await decide(builtinAgents, null);
    const viaModel = await decide(model, null);
    expect(builtin).toMatchObject({ final_decision: "needs_more_information", rule: "pend_no_policy" });
    expect(viaModel).toMatchObject({ final_decision: "needs_more_information", rule: "pend_no_policy" });
    expect(viaModel.ai_summary).toMatch(/model proposed approved/i);
  });

  it("a model that denies a request whose criteria are met with evidence cannot deny it", async () => {
    fake.setHandler((req) =>
      req.schemaName === "decision"
        ? { final_decision: "denied", confidence_score: 0.99, ai_summary: "Deny.", rationale: "I think not.", evidence: [] }
        : reviewerModel(req),
    );
    const d = await decide(model, baseTree);
    expect(d.final_decision).toBe("needs_more_information");
    expect(d.ai_summary).toMatch(/model proposed denied/i);
  });
});
