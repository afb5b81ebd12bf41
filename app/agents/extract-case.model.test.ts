import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { reply, startFakeOpenAI, type FakeOpenAI } from "../../tests/support/fake-openai";
import { extractCaseFactsWithModel, ExtractionOutputSchema } from "./extract-case.model";
import { ModelOutputError } from "./llm.server";
import { getDefaultPrompt } from "./prompts";
import { CaseFactsSchema } from "~/clinical/contracts";
import { extractionReply, FAX, testClient } from "./test-fixtures";

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

describe("extractCaseFactsWithModel", () => {
  it("asks for the case_facts schema with the document's pages", async () => {
    fake.setHandler(() => extractionReply());
    await extractCaseFactsWithModel(testClient(fake.url), FAX);
    const body = fake.requests[0].body;
    expect(body.response_format.type).toBe("json_schema");
    expect(body.response_format.json_schema.name).toBe("case_facts");
    expect(body.response_format.json_schema.strict).toBe(true);
    expect(body.response_format.json_schema.schema).toEqual(getDefaultPrompt("extraction").json_schema);
    expect(body.messages[1].content).toContain("=== Page 2 ===\nCLINICAL NOTES");
    expect(body.messages[1].content).toContain("(2 pages)");
  });

  it("returns CaseFacts with normalised values and model-independent checks", async () => {
    fake.setHandler(() => extractionReply());
    const facts = await extractCaseFactsWithModel(testClient(fake.url), FAX, { documentName: "fax", documentId: "doc-1" });
    expect(CaseFactsSchema.safeParse(facts).success).toBe(true);
    expect(facts.request_date).toBe("2026-02-03");
    expect(facts.patient.birth_date).toBe("1979-03-14");
    expect(facts.practitioner.npi_valid).toBe(true); // computed (CMS Luhn), not asked of the model
    expect(facts.medication.ndc).toBe("00074-0554-02"); // 4-4-2 → 5-4-2
    expect(facts.prior_therapies[0]).toMatchObject({ start_date: "2025-06-01", end_date: "2025-09-15", outcome: "inadequate_response" });
    expect(facts.labs[0].date).toBe("2026-01-10");
  });

  it("turns quotes into citations with exact offsets and drops invented quotes", async () => {
    fake.setHandler(() => extractionReply());
    const facts = await extractCaseFactsWithModel(testClient(fake.url), FAX, { documentId: "doc-1" });
    const all = [facts.patient, facts.practitioner, facts.medication, ...facts.diagnoses, ...facts.prior_therapies, ...facts.labs, ...facts.notes].flatMap(
      (x) => x.citations,
    );
    for (const c of all) {
      expect(FAX.pages[c.page - 1].text.slice(c.start, c.end)).toBe(c.text);
      expect(c).toMatchObject({ document: "fax", document_id: "doc-1" });
    }
    expect(facts.patient.citations.map((c) => c.text)).toEqual(["Patient Name:  Dana   Whitfield", "Member ID: ACM100234"]);
    const mtx = facts.prior_therapies[0].citations[0];
    expect(mtx.page).toBe(2);
    expect(mtx.start).toBe(FAX.pages[1].text.indexOf("Methotrexate"));
    expect(mtx.text).toBe("Methotrexate 20 mg weekly from 06/01/2025 to 09/15/2025 \u2014 inadequate response");
  });

  it("marks an NPI with a bad check digit as invalid", async () => {
    const r = extractionReply();
    r.practitioner.npi = "1234567890";
    fake.setHandler(() => r);
    const facts = await extractCaseFactsWithModel(testClient(fake.url), FAX);
    expect(facts.practitioner).toMatchObject({ npi: "1234567890", npi_valid: false });
  });

  it("repairs a reply that misses required fields, then throws ModelOutputError if it persists", async () => {
    const broken = { ...extractionReply(), patient: undefined };
    fake.setHandler((req) => (req.index === 0 ? broken : extractionReply()));
    const facts = await extractCaseFactsWithModel(testClient(fake.url), FAX);
    expect(facts.patient.last_name).toBe("Whitfield");
    expect(fake.requests[1].body.messages[3].content).toMatch(/patient/);

    fake.setHandler(() => broken);
    await expect(extractCaseFactsWithModel(testClient(fake.url), FAX)).rejects.toBeInstanceOf(ModelOutputError);
  });

  it("survives a 500 with the SDK's retry", async () => {
    fake.setHandler((req) => (req.index === 0 ? reply.error(500) : extractionReply()));
    const facts = await extractCaseFactsWithModel(testClient(fake.url), FAX);
    expect(facts.medication.drug_name).toBe("Humira");
    expect(fake.requests).toHaveLength(2);
  });

  it("exports the wire schema it validates with", () => {
    expect(ExtractionOutputSchema.safeParse(extractionReply()).success).toBe(true);
  });
});
