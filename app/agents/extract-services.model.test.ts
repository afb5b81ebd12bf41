/** The model's service-line reader keeps only what the document supports; the built-in reader is the fallback. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../../tests/support/fake-openai";
import { extractServiceLinesWithModel } from "./extract-services.model";
import { modelAgents } from "./model-agents";
import { docFromPages, testClient } from "./test-fixtures";

const CLAIM = docFromPages([
  [
    "MEDICAL PRIOR AUTHORIZATION REQUEST",
    "Member name: Owen Castellano  Member ID: CHP2240203",
    "CPT/HCPCS 72148 MRI lumbar spine without contrast Units: 1 Date of service: 10/14/2026 POS 22",
    "CPT/HCPCS E0601 CPAP device Units: 1 Date of service: 10/22/2026 POS 12 Modifier NU",
  ].join("\n"),
]);

const line = (over: Record<string, unknown>) => ({
  line_number: 1,
  code: "72148",
  description: "MRI lumbar spine without contrast",
  category: "advanced_imaging",
  units: 1,
  date_of_service: "10/14/2026",
  date_of_service_end: null,
  place_of_service: "22",
  site_of_care: null,
  modifiers: [],
  ordering_provider: null,
  rendering_provider: null,
  quotes: [{ page: 1, quote: "CPT/HCPCS 72148 MRI lumbar spine without contrast" }],
  ...over,
});

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

describe("extractServiceLinesWithModel", () => {
  it("keeps codes written on the document, normalises dates, place of service and modifiers, and cites the quotes", async () => {
    fake.setHandler(() => ({
      service_lines: [
        line({}),
        line({
          line_number: 2,
          code: "e0601",
          category: "dme",
          date_of_service: "2026-10-22",
          place_of_service: "12",
          modifiers: ["nu", "not-a-modifier"],
          quotes: [],
        }),
        // a code inferred from a description (not on the document) is not a code of the request
        line({ line_number: 3, code: "70553", description: "MRI brain", quotes: [{ page: 1, quote: "MRI brain with and without contrast" }] }),
      ],
    }));
    const lines = await extractServiceLinesWithModel(testClient(fake.url), CLAIM);
    expect(fake.requests[0].schemaName).toBe("service_lines");
    expect(lines.map((l) => l.code)).toEqual(["72148", "E0601", null]);
    expect(lines[0]).toMatchObject({ date_of_service: "2026-10-14", place_of_service: "22", units: 1 });
    expect(lines[0].citations[0]?.text).toBe("CPT/HCPCS 72148 MRI lumbar spine without contrast");
    expect(lines[1]).toMatchObject({ modifiers: ["NU"], place_of_service: "12" });
    expect(lines[2].citations).toEqual([]); // the quote is not on the page
  });
});

describe("modelAgents().extractServices", () => {
  it("uses the model's lines when it found a coded line", async () => {
    fake.setHandler(() => ({ service_lines: [line({ units: 2 })] }));
    const lines = await modelAgents(testClient(fake.url)).extractServices!(CLAIM, { documentName: "fax" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ code: "72148", units: 2 });
  });

  it("falls back to the built-in reader when the model finds no line with a code on the document", async () => {
    fake.setHandler(() => ({ service_lines: [line({ code: null })] }));
    const lines = await modelAgents(testClient(fake.url)).extractServices!(CLAIM, { documentName: "fax" });
    expect(lines.map((l) => l.code)).toEqual(["72148", "E0601"]);
  });
});
