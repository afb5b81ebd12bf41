/**
 * Where a plan is offered: a state, DC, a territory (Puerto Rico has its own Medicare Advantage and
 * Medicaid plans) or the whole country for federal programs (TRICARE, FEHB). A name that is none of
 * them is still refused.
 */
import { describe, expect, it } from "vitest";
import { CreatePlanInputSchema, stateAbbreviation } from "./create-plan-input";

const PLAN = {
  title: "Tri-Service Pharmacy Program 2026",
  identification: "TSPP-2026",
  line_of_business: "Military",
  plan_type: "PPO",
  effective_date: "2026-01-01",
};

describe("plan state", () => {
  it("accepts states, DC, territories and nationwide, stored as the abbreviation", () => {
    expect(stateAbbreviation("Texas")).toBe("TX");
    expect(stateAbbreviation("district of columbia")).toBe("DC");
    expect(stateAbbreviation("Puerto Rico")).toBe("PR");
    expect(stateAbbreviation("US")).toBe("US");
    expect(stateAbbreviation("Nationwide")).toBe("US");
    // (the schema accepts it; the plan is saved with the abbreviation, manage-plans.server.ts)
    const r = CreatePlanInputSchema.safeParse({ ...PLAN, state: "us" });
    expect(r.success && stateAbbreviation(r.data.state)).toBe("US");
  });
  it("refuses a name that is no state or territory", () => {
    expect(stateAbbreviation("Atlantis")).toBeNull();
    expect(CreatePlanInputSchema.safeParse({ ...PLAN, state: "Atlantis" }).success).toBe(false);
  });
});
