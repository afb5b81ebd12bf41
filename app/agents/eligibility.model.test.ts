import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../../tests/support/fake-openai";
import type { FormularyRow, RosterMember } from "~/clinical/contracts";
import { checkEligibilityWithModel } from "./eligibility.model";
import { EligibilityResultSchema } from "~/clinical/contracts";
import { faxFacts, testClient } from "./test-fixtures";

const roster: RosterMember[] = [
  {
    member_id: "ACM100234",
    first_name: "Dana",
    last_name: "Whitfield",
    birth_date: "1979-03-14",
    gender: "female",
    plan_identification: "ACME-PPO-2026",
    coverage_start: "2026-01-01",
    coverage_end: null,
  },
  {
    member_id: "ACM100999",
    first_name: "Dan",
    last_name: "Whitfield",
    birth_date: "1950-01-01",
    gender: "male",
    plan_identification: "ACME-PPO-2026",
    coverage_start: "2026-01-01",
    coverage_end: "2026-01-31",
  },
];
const formulary: FormularyRow[] = [
  {
    drug_name: "Humira",
    ndc: "00074-0554-02",
    tier: 5,
    requires_prior_auth: true,
    quantity_limit: { amount: 2, unit: "pens", period_days: 28 },
    step_therapy: [{ drug_name: "methotrexate", duration_days: 90 }],
  },
];

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

describe("checkEligibilityWithModel", () => {
  it("uses the model's pick and checks coverage on the request date in code", async () => {
    fake.setHandler(() => ({ member_id: "ACM100234", formulary_drug_name: "humira", reason: "ID and DOB match.", evidence: [{ ref: 1, quote: "ACM100234" }] }));
    const r = await checkEligibilityWithModel(testClient(fake.url), faxFacts(), roster, formulary);
    expect(fake.requests[0].schemaName).toBe("eligibility");
    expect(EligibilityResultSchema.safeParse(r).success).toBe(true);
    expect(r.eligible).toBe(true);
    expect(r.member?.member_id).toBe("ACM100234");
    expect(r.formulary?.drug_name).toBe("Humira");
    expect(r.citations.some((c) => c.text === "ACM100234")).toBe(true);
  });

  it("rejects a pick whose date of birth disagrees with the request", async () => {
    fake.setHandler(() => ({ member_id: "ACM100999", formulary_drug_name: null, reason: "Same last name.", evidence: [] }));
    const r = await checkEligibilityWithModel(testClient(fake.url), faxFacts(), roster, formulary);
    expect(r.eligible).toBe(false);
    expect(r.reason).toMatch(/date of birth/);
  });

  it("is not eligible when the model finds nobody, or coverage ended before the request date", async () => {
    fake.setHandler(() => ({ member_id: null, formulary_drug_name: "Humira", reason: "No match.", evidence: [] }));
    expect((await checkEligibilityWithModel(testClient(fake.url), faxFacts(), roster, formulary)).eligible).toBe(false);
    const facts = { ...faxFacts(), patient: { ...faxFacts().patient, birth_date: "1950-01-01", member_id: "ACM100999" } };
    fake.setHandler(() => ({ member_id: "ACM100999", formulary_drug_name: "Humira", reason: "Match.", evidence: [] }));
    const r = await checkEligibilityWithModel(testClient(fake.url), facts, roster, formulary);
    expect(r.eligible).toBe(false);
    expect(r.reason).toMatch(/coverage ended 2026-01-31/);
  });
});
