import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../../tests/support/fake-openai";
import { ModelOutputError } from "./llm.server";
import { generateSyntheticPriorAuthWithModel } from "./synthetic-pa.model";
import { testClient } from "./test-fixtures";

const DOCUMENT = `FAX  Date: 01/12/2026\nPRIOR AUTHORIZATION REQUEST\nPatient: Jordan Alvarez  DOB: 07/22/1985  Member ID: ACM200111\nPrescriber: Lee Chen, MD (Rheumatology)  NPI: 1234567893\nMedication: Humira 40 mg pen, inject every other week, qty 2 / 28 days, NDC 00074-0554-02\nDiagnosis: M05.79 Rheumatoid arthritis\nPrior therapy: methotrexate 15 mg weekly 03/2025-08/2025, inadequate response.\n`;

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

describe("generateSyntheticPriorAuthWithModel", () => {
  it("returns the generated document from the synthetic_prior_auth schema", async () => {
    fake.setHandler(() => ({ document: DOCUMENT }));
    const r = await generateSyntheticPriorAuthWithModel(testClient(fake.url), "RA patient who failed methotrexate, requesting Humira");
    expect(r).toEqual({ document: DOCUMENT.trim() });
    const body = fake.requests[0].body;
    expect(body.response_format.json_schema.name).toBe("synthetic_prior_auth");
    expect(body.messages[1].content).toContain("RA patient who failed methotrexate");
    expect(body.messages[0].content).toMatch(/fictional/);
  });

  it("asks again when the document is too short, then fails with ModelOutputError", async () => {
    fake.setHandler((req) => (req.index === 0 ? { document: "Humira please." } : { document: DOCUMENT }));
    expect((await generateSyntheticPriorAuthWithModel(testClient(fake.url), "x")).document).toContain("Jordan Alvarez");
    expect(fake.requests[1].body.messages[3].content).toMatch(/at least 200 characters/);
    fake.setHandler(() => ({ document: "short" }));
    await expect(generateSyntheticPriorAuthWithModel(testClient(fake.url), "x")).rejects.toBeInstanceOf(ModelOutputError);
  });

  it("refuses an empty description without calling the model", async () => {
    await expect(generateSyntheticPriorAuthWithModel(testClient(fake.url), "  ")).rejects.toThrow(/description/);
    expect(fake.requests).toHaveLength(0);
  });
});
