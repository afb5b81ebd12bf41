import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { reply, startFakeOpenAI, type FakeOpenAI } from "../../tests/support/fake-openai";
import { DecisionTreeSchema, generateDecisionTreeWithModel } from "./decision-tree.model";
import { ModelOutputError } from "./llm.server";
import type { DecisionTreeOutput } from "./output-schemas";
import { docFromPages, testClient } from "./test-fixtures";

const POLICY = docFromPages([
  "Adalimumab (Humira) Coverage Policy\nI. Initial Approval Criteria\nA. Rheumatoid Arthritis (must meet all):\n1. Prescribed by or in consultation with a rheumatologist;",
  "2. Failure of a   3-month trial of methotrexate;\nApproval duration: 6 months\nII. Exclusions: none.",
]);

function treeReply(): DecisionTreeOutput {
  const node = (
    id: string,
    node_type: "question" | "action",
    question: string,
    parent_id: string | null,
    condition: string | null,
    node_action: "approved" | "denied" | null,
    source: { page: number; quote: string } | null,
  ) => ({
    id,
    node_type,
    question,
    reason: null,
    node_action,
    condition,
    parent_id,
    source,
  });
  return {
    title: "Adalimumab",
    drug_names: ["Humira"],
    nodes: [
      node("n1", "question", "Is it prescribed by or in consultation with a rheumatologist?", null, null, null, {
        page: 1,
        quote: "Prescribed by or in consultation with a rheumatologist",
      }),
      node("n2", "action", "Deny", "n1", "No", "denied", null),
      node("n3", "question", "Has a 3-month methotrexate trial failed?", "n1", "Yes", null, { page: 1, quote: "failure of a 3-month trial of methotrexate" }), // wrong page, extra spaces in source
      node("n4", "action", "Deny", "n3", "No", "denied", null),
      node("n5", "action", "Approve", "n3", "Yes", "approved", { page: 2, quote: "Approval duration: 12 months" }), // not in the policy
    ],
    edges: [
      { source: "n1", target: "n2", condition: "No" },
      { source: "n1", target: "n3", condition: "Yes" },
      { source: "n3", target: "n4", condition: "No" },
      { source: "n3", target: "n5", condition: "Yes" },
    ],
  };
}

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

describe("generateDecisionTreeWithModel", () => {
  it("asks for the decision_tree schema and returns a tree valid under the shared DecisionTreeSchema", async () => {
    fake.setHandler(() => treeReply());
    const tree = await generateDecisionTreeWithModel(testClient(fake.url), POLICY, {
      drug_names: ["Humira", "adalimumab"],
      title: "Adalimumab (Humira)",
      documentId: "pol-1",
    });
    expect(fake.requests[0].schemaName).toBe("decision_tree");
    expect(fake.requests[0].body.response_format.json_schema.strict).toBe(true);
    expect(fake.requests[0].body.messages[1].content).toContain("Drugs: Humira, adalimumab");
    expect(DecisionTreeSchema.safeParse(tree).success).toBe(true);
    expect(tree.title).toBe("Adalimumab (Humira)");
    expect(tree.drug_names).toEqual(["Humira", "adalimumab"]);
    expect(tree.nodes).toHaveLength(5);
    expect(tree.nodes.every((n) => n.criterion === null)).toBe(true);
  });

  it("turns node source quotes into policy passages with exact offsets, dropping quotes not in the policy", async () => {
    fake.setHandler(() => treeReply());
    const tree = await generateDecisionTreeWithModel(testClient(fake.url), POLICY, { drug_names: ["Humira"], documentId: "pol-1" });
    const n1 = tree.nodes.find((n) => n.id === "n1")!.passage!;
    expect(n1).toMatchObject({ document: "policy", document_id: "pol-1", page: 1, text: "Prescribed by or in consultation with a rheumatologist" });
    expect(POLICY.pages[0].text.slice(n1.start, n1.end)).toBe(n1.text);
    const n3 = tree.nodes.find((n) => n.id === "n3")!.passage!;
    expect(n3.page).toBe(2);
    expect(n3.text).toBe("Failure of a   3-month trial of methotrexate");
    expect(POLICY.pages[1].text.slice(n3.start, n3.end)).toBe(n3.text);
    expect(tree.nodes.find((n) => n.id === "n5")!.passage).toBeNull();
  });

  it("sends structural problems back for repair (a question leaf), then accepts the fixed tree", async () => {
    const bad = treeReply();
    bad.nodes = bad.nodes.filter((n) => n.id !== "n4" && n.id !== "n5");
    bad.edges = bad.edges.filter((e) => e.source !== "n3");
    fake.setHandler((req) => (req.index === 0 ? bad : treeReply()));
    const tree = await generateDecisionTreeWithModel(testClient(fake.url), POLICY, { drug_names: ["Humira"] });
    expect(tree.nodes).toHaveLength(5);
    expect(fake.requests[1].body.messages[3].content).toContain('leaf "n3" is a question; every leaf must be an action node');
  });

  it("fills an edge the model left out from the node's parent_id", async () => {
    const r = treeReply();
    r.edges = r.edges.filter((e) => e.target !== "n5");
    fake.setHandler(() => r);
    const tree = await generateDecisionTreeWithModel(testClient(fake.url), POLICY, { drug_names: ["Humira"] });
    expect(tree.edges).toContainEqual({ source: "n3", target: "n5", condition: "Yes" });
  });

  it("throws ModelOutputError when the tree stays invalid (duplicate ids, dangling edge)", async () => {
    const bad = treeReply();
    bad.nodes[1].id = "n1";
    bad.edges.push({ source: "n3", target: "n99", condition: "Maybe" });
    fake.setHandler(() => bad);
    const err = await generateDecisionTreeWithModel(testClient(fake.url), POLICY, { drug_names: ["Humira"] }).catch((e) => e);
    expect(err).toBeInstanceOf(ModelOutputError);
    expect(err.issues).toEqual(expect.arrayContaining(['duplicate node id "n1"', 'edge n3→n99 has unknown target "n99"']));
    expect(fake.requests).toHaveLength(2);
  });

  it("retries a 502", async () => {
    fake.setHandler((req) => (req.index === 0 ? reply.error(502) : treeReply()));
    await generateDecisionTreeWithModel(testClient(fake.url), POLICY, { drug_names: ["Humira"] });
    expect(fake.requests).toHaveLength(2);
  });
});
