import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../../tests/support/fake-openai";
import type { Citation, DecisionTree } from "~/clinical/contracts";
import { ReviewResultSchema } from "~/clinical/contracts";
import { ModelOutputError } from "./llm.server";
import { matchOption, reviewCaseWithModel } from "./review-case.model";
import { adalimumabTree, FAX, faxFacts, testClient } from "./test-fixtures";

/** Retrieved passages as search-passages returns them (extra keys included). */
const page2 = FAX.pages[1].text;
const mtxStart = page2.indexOf("Methotrexate");
const passages: (Citation & { chunk_id: string; score: number })[] = [
  {
    document: "fax",
    document_id: "doc-1",
    page: 2,
    start: mtxStart,
    end: page2.indexOf("TB screening") - 1,
    text: page2.slice(mtxStart, page2.indexOf("TB screening") - 1),
    chunk_id: "c1",
    score: 0.9,
  },
  {
    document: "fax",
    document_id: "doc-1",
    page: 2,
    start: page2.indexOf("TB screening"),
    end: page2.indexOf("Please") - 1,
    text: page2.slice(page2.indexOf("TB screening"), page2.indexOf("Please") - 1),
    chunk_id: "c2",
    score: 0.8,
  },
];
// numbered evidence in retrieval mode: [1] [2] the passages, then the facts' citations:
// [3] member ID, [4] specialty, [5] medication, [6] diagnosis, [7] methotrexate, [8] notes

const answers = {
  answers: [
    { node_id: "n1", answer: "No", reason: "QuantiFERON negative.", evidence: [{ ref: 2, quote: "QuantiFERON) negative" }] },
    { node_id: "n3", answer: "Rheumatoid arthritis", reason: "Diagnosis M05.79.", evidence: [{ ref: 6, quote: "M05.79" }] },
    {
      node_id: "n5",
      answer: "yes",
      reason: "Methotrexate 3.5 months, inadequate response.",
      evidence: [
        { ref: 1, quote: "inadequate response" },
        { ref: 42, quote: "x" },
      ],
    },
    { node_id: "n7", answer: "Yes", reason: "Rheumatologist.", evidence: [{ ref: 4, quote: "Rheumatology" }] },
    { node_id: "n10", answer: "Unknown", reason: "Not a psoriasis request.", evidence: [] },
    { node_id: "n99", answer: "Yes", reason: "Not a node.", evidence: [] },
  ],
};
const withAnswer = (id: string, patch: Record<string, unknown>) => ({ answers: answers.answers.map((a) => (a.node_id === id ? { ...a, ...patch } : a)) });
const input = (over: Record<string, unknown> = {}) => ({
  facts: faxFacts(),
  caseDoc: FAX,
  tree: adalimumabTree(),
  evidence: passages,
  policyId: "pol-1",
  ...over,
});

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

describe("reviewCaseWithModel", () => {
  it("asks the clinical_review schema with answer options and numbered evidence", async () => {
    fake.setHandler(() => answers);
    await reviewCaseWithModel(testClient(fake.url), input());
    const req = fake.requests[0];
    expect(req.schemaName).toBe("clinical_review");
    const user: string = req.body.messages[1].content;
    expect(user).toContain(
      '- n3: Which covered indication is the request for?\n  answer options: "None of the listed indications" | "Rheumatoid arthritis" | "Plaque psoriasis" | "Unknown"',
    );
    expect(user).toContain("[1] (fax doc-1, page 2) Methotrexate 20 mg weekly");
    expect(user).toContain("[2] (fax doc-1, page 2) TB screening");
    expect(user).toContain("Request date: 2026-02-03");
    expect(user).not.toContain('"citations"');
  });

  it("shows every page of the case document when no passages are retrieved", async () => {
    fake.setHandler(() => answers);
    await reviewCaseWithModel(testClient(fake.url), input({ evidence: undefined }));
    const user: string = fake.requests[0].body.messages[1].content;
    expect(user).toContain("[1] (fax, page 1) FAX Date sent: 02/03/2026");
    expect(user).toContain("[2] (fax, page 2) CLINICAL NOTES");
  });

  it("walks the tree with the answers: the indication's path, the exclusion apart, the verdict", async () => {
    fake.setHandler(() => answers);
    const r = await reviewCaseWithModel(testClient(fake.url), input());
    expect(ReviewResultSchema.safeParse(r).success).toBe(true);
    expect(r.policy_id).toBe("pol-1");
    expect(r.paths.map((p) => [p.title, p.outcome])).toEqual([["Rheumatoid arthritis", "met"]]);
    expect(r.paths[0].criteria.map((c) => [c.node_id, c.outcome])).toEqual([
      ["n5", "met"],
      ["n7", "met"],
    ]);
    expect(r.exclusions?.map((c) => [c.node_id, c.outcome])).toEqual([["n1", "not_met"]]);
    expect(r.indication?.status).toBe("matched");
    expect(r.verdict).toEqual({ approved: true, denied: false, open_nodes: [] });
    expect(r.traversal.map((t) => t.node_answer)).toEqual(["No", "Rheumatoid arthritis", "Yes", "Yes", "approved"]);
  });

  it("cites the quoted span inside the passage (absolute page offsets) and fact citations by number", async () => {
    fake.setHandler(() => answers);
    const r = await reviewCaseWithModel(testClient(fake.url), input());
    const crit = (id: string) => r.paths[0].criteria.find((c) => c.node_id === id)!;
    const tb = r.exclusions![0].citations[0];
    expect(tb).toEqual({
      document: "fax",
      document_id: "doc-1",
      page: 2,
      start: page2.indexOf("QuantiFERON)"),
      end: page2.indexOf("QuantiFERON)") + "QuantiFERON) negative".length,
      text: "QuantiFERON) negative",
    });
    expect(crit("n5").citations).toHaveLength(1); // ref 42 does not exist
    expect(page2.slice(crit("n5").citations[0].start, crit("n5").citations[0].end)).toBe("inadequate response");
    const spec = crit("n7").citations[0];
    expect(spec).toMatchObject({ document: "fax", page: 1, text: "Rheumatology" });
    expect(FAX.pages[0].text.slice(spec.start, spec.end)).toBe("Rheumatology");
    expect(crit("n5").citations[0]).not.toHaveProperty("chunk_id");
  });

  it("an unknown answer keeps the approval open and names the node to ask about", async () => {
    fake.setHandler(() => withAnswer("n5", { answer: "Unknown" }));
    const r = await reviewCaseWithModel(testClient(fake.url), input());
    expect(r.paths[0].outcome).toBe("insufficient");
    expect(r.verdict).toMatchObject({ approved: false, denied: false, open_nodes: ["n5"] });
    expect(r.traversal.find((t) => t.node_question_or_action.startsWith("Trial of methotrexate"))?.node_answer).toMatch(/^Unknown/);
  });

  it("never approves on an answer that quotes nothing from the request", async () => {
    fake.setHandler(() => withAnswer("n7", { evidence: [] }));
    const r = await reviewCaseWithModel(testClient(fake.url), input());
    expect(r.verdict?.approved).toBe(false);
    expect(r.verdict?.open_nodes).toContain("n7");
  });

  it("never approves on a quote that is not in the request (an invented passage)", async () => {
    const invented: Citation = { document: "fax", page: 2, start: 0, end: 30, text: "Prescriber is a rheumatologist" };
    fake.setHandler(() => withAnswer("n7", { evidence: [{ ref: 3, quote: "" }] }));
    const r = await reviewCaseWithModel(testClient(fake.url), input({ evidence: [...passages, invented] }));
    // ref 3 is now the invented passage (fact citations follow it): its text is not page 2's text at 0..30
    expect(r.verdict?.approved).toBe(false);
  });

  it("denies only on a quoted failure of a criterion read with high confidence", async () => {
    // "No" on the methotrexate trial with a fax quote: a clear, cited failure on the only path
    fake.setHandler(() => withAnswer("n5", { answer: "No", evidence: [{ ref: 1, quote: "inadequate response" }] }));
    const denied = await reviewCaseWithModel(testClient(fake.url), input());
    expect(denied.verdict).toMatchObject({ approved: false, denied: true });
    expect(denied.paths[0].criteria.find((c) => c.node_id === "n5")?.outcome).toBe("not_met");

    // the same "No" without a quote: not a denial, the node stays open
    fake.setHandler(() => withAnswer("n5", { answer: "No", evidence: [] }));
    const open = await reviewCaseWithModel(testClient(fake.url), input());
    expect(open.verdict).toMatchObject({ approved: false, denied: false, open_nodes: ["n5"] });
    expect(open.paths[0].criteria.find((c) => c.node_id === "n5")?.outcome).toBe("insufficient");
  });

  it("a 'No' on a criterion the reader cannot check (vague wording) never denies", async () => {
    const tree: DecisionTree = adalimumabTree();
    tree.nodes = tree.nodes.map((n) => (n.id === "n7" ? { ...n, question: "The physician has considered the overall clinical picture appropriately" } : n));
    fake.setHandler(() => withAnswer("n7", { answer: "No", evidence: [{ ref: 4, quote: "Rheumatology" }] }));
    const r = await reviewCaseWithModel(testClient(fake.url), input({ tree }));
    expect(r.verdict?.denied).toBe(false);
    expect(r.paths[0].criteria.find((c) => c.node_id === "n7")?.outcome).toBe("insufficient");
  });

  it("an exclusion applies only with a quote (else it stays open)", async () => {
    fake.setHandler(() => withAnswer("n1", { answer: "Yes", evidence: [] }));
    const r = await reviewCaseWithModel(testClient(fake.url), input());
    expect(r.verdict?.denied).toBe(false);
    expect(r.exclusions?.[0].outcome).toBe("insufficient");
  });

  it("repairs invalid output once, then gives up with ModelOutputError", async () => {
    fake.setHandler((req) => (req.index === 0 ? { answers: "all yes" } : answers));
    const r = await reviewCaseWithModel(testClient(fake.url), input());
    expect(r.paths[0].outcome).toBe("met");
    fake.setHandler(() => ({ answers: "all yes" }));
    await expect(reviewCaseWithModel(testClient(fake.url), input())).rejects.toBeInstanceOf(ModelOutputError);
  });
});

describe("matchOption", () => {
  const opts = ["None of the listed indications", "Rheumatoid arthritis", "Plaque psoriasis"];
  it("maps free-text answers onto options", () => {
    expect(matchOption("rheumatoid arthritis (RA)", opts)).toBe("Rheumatoid arthritis");
    expect(matchOption("Yes, documented", ["Yes", "No"])).toBe("Yes");
    expect(matchOption("Not met", ["Yes", "No"])).toBe("No");
    expect(matchOption("Unknown", ["Yes", "No"])).toBeNull();
    expect(matchOption("Crohn's disease", opts)).toBeNull();
  });
});
