import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../../tests/support/fake-openai";
import type { Citation } from "~/engine/types";
import { ModelOutputError } from "./llm.server";
import { matchOption, reviewCaseWithModel } from "./review-case.model";
import { ReviewResultSchema } from "./schemas";
import { adalimumabTree, FAX, faxFacts, testClient } from "./test-fixtures";

/** Retrieved passages as search-passages returns them (extra keys included). */
const page2 = FAX.pages[1].text;
const mtxStart = page2.indexOf("Methotrexate");
const passages: (Citation & { chunk_id: string; score: number })[] = [
  { document: "fax", document_id: "doc-1", page: 2, start: mtxStart, end: page2.indexOf("TB screening") - 1, text: page2.slice(mtxStart, page2.indexOf("TB screening") - 1), chunk_id: "c1", score: 0.9 },
  { document: "fax", document_id: "doc-1", page: 2, start: page2.indexOf("TB screening"), end: page2.indexOf("Please") - 1, text: page2.slice(page2.indexOf("TB screening"), page2.indexOf("Please") - 1), chunk_id: "c2", score: 0.8 },
];

const answers = {
  answers: [
    { node_id: "n1", answer: "No", reason: "QuantiFERON negative.", evidence: [{ ref: 2, quote: "QuantiFERON) negative" }] },
    { node_id: "n3", answer: "Rheumatoid arthritis", reason: "Diagnosis M05.79.", evidence: [] },
    { node_id: "n5", answer: "yes", reason: "Methotrexate 3.5 months, inadequate response.", evidence: [{ ref: 1, quote: "inadequate response" }, { ref: 42, quote: "x" }] },
    { node_id: "n7", answer: "Yes", reason: "Rheumatologist.", evidence: [{ ref: 4, quote: "Rheumatology" }] },
    { node_id: "n10", answer: "Unknown", reason: "Not a psoriasis request.", evidence: [] },
    { node_id: "n99", answer: "Yes", reason: "Not a node.", evidence: [] },
  ],
};

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

describe("reviewCaseWithModel", () => {
  it("asks the clinical_review schema with answer options and numbered evidence", async () => {
    fake.setHandler(() => answers);
    await reviewCaseWithModel(testClient(fake.url), { facts: faxFacts(), tree: adalimumabTree(), evidence: passages, policyId: "pol-1" });
    const req = fake.requests[0];
    expect(req.schemaName).toBe("clinical_review");
    const user: string = req.body.messages[1].content;
    expect(user).toContain('- n3: Which covered indication is the request for?\n  answer options: "None of the listed indications" | "Rheumatoid arthritis" | "Plaque psoriasis" | "Unknown"');
    expect(user).toContain("[1] (fax doc-1, page 2) Methotrexate 20 mg weekly");
    expect(user).toContain("[2] (fax doc-1, page 2) TB screening");
    expect(user).toContain("Request date: 2026-02-03");
    expect(user).not.toContain('"citations"');
  });

  it("builds paths, outcomes and the traversal from the answers", async () => {
    fake.setHandler(() => answers);
    const r = await reviewCaseWithModel(testClient(fake.url), { facts: faxFacts(), tree: adalimumabTree(), evidence: passages, policyId: "pol-1" });
    expect(ReviewResultSchema.safeParse(r).success).toBe(true);
    expect(r.policy_id).toBe("pol-1");
    expect(r.paths.map((p) => [p.title, p.outcome])).toEqual([
      ["Rheumatoid arthritis", "met"],
      ["Plaque psoriasis", "not_met"],
    ]);
    expect(r.paths[0].criteria.map((c) => [c.node_id, c.outcome])).toEqual([
      ["n1", "met"],
      ["n3", "met"],
      ["n5", "met"],
      ["n7", "met"],
    ]);
    expect(r.paths[1].criteria.map((c) => [c.node_id, c.outcome])).toEqual([
      ["n1", "met"],
      ["n3", "not_met"],
      ["n10", "insufficient"],
    ]);
    expect(r.traversal).toEqual([
      { node_question_or_action: "Exclusion: Active tuberculosis infection", node_answer: "No", next_node: "Which covered indication is the request for?" },
      { node_question_or_action: "Which covered indication is the request for?", node_answer: "Rheumatoid arthritis", next_node: "Trial of methotrexate for at least 3 months with inadequate response" },
      { node_question_or_action: "Trial of methotrexate for at least 3 months with inadequate response", node_answer: "Yes", next_node: "Prescribed by or in consultation with a rheumatologist" },
      { node_question_or_action: "Prescribed by or in consultation with a rheumatologist", node_answer: "Yes", next_node: "Approved — Rheumatoid arthritis" },
      { node_question_or_action: "Approved — Rheumatoid arthritis", node_answer: "approved", next_node: null },
    ]);
  });

  it("cites the quoted span inside the passage (absolute page offsets) and fact citations by number", async () => {
    fake.setHandler(() => answers);
    const r = await reviewCaseWithModel(testClient(fake.url), { facts: faxFacts(), tree: adalimumabTree(), evidence: passages });
    const crit = (id: string) => r.paths[0].criteria.find((c) => c.node_id === id)!;
    const tb = crit("n1").citations[0];
    expect(tb).toEqual({ document: "fax", document_id: "doc-1", page: 2, start: page2.indexOf("QuantiFERON)"), end: page2.indexOf("QuantiFERON)") + "QuantiFERON) negative".length, text: "QuantiFERON) negative" });
    expect(crit("n5").citations).toHaveLength(1); // ref 42 does not exist
    expect(page2.slice(crit("n5").citations[0].start, crit("n5").citations[0].end)).toBe("inadequate response");
    // [3] is the first fact citation (patient), [4] the practitioner's "Specialty: Rheumatology"
    const spec = crit("n7").citations[0];
    expect(spec).toMatchObject({ document: "fax", page: 1, text: "Rheumatology" });
    expect(FAX.pages[0].text.slice(spec.start, spec.end)).toBe("Rheumatology");
    expect(crit("n5").citations[0]).not.toHaveProperty("chunk_id");
  });

  it("stops the traversal at an unknown answer and marks that criterion insufficient", async () => {
    fake.setHandler(() => ({ answers: answers.answers.map((a) => (a.node_id === "n5" ? { ...a, answer: "Unknown" } : a)) }));
    const r = await reviewCaseWithModel(testClient(fake.url), { facts: faxFacts(), tree: adalimumabTree(), evidence: passages });
    expect(r.paths[0].outcome).toBe("insufficient");
    expect(r.traversal.at(-1)).toEqual({ node_question_or_action: "Trial of methotrexate for at least 3 months with inadequate response", node_answer: "Unknown", next_node: null });
  });

  it("repairs invalid output once, then gives up with ModelOutputError", async () => {
    fake.setHandler((req) => (req.index === 0 ? { answers: "all yes" } : answers));
    const r = await reviewCaseWithModel(testClient(fake.url), { facts: faxFacts(), tree: adalimumabTree(), evidence: passages });
    expect(r.paths[0].outcome).toBe("met");
    fake.setHandler(() => ({ answers: "all yes" }));
    await expect(reviewCaseWithModel(testClient(fake.url), { facts: faxFacts(), tree: adalimumabTree(), evidence: passages })).rejects.toBeInstanceOf(ModelOutputError);
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
