/**
 * Roster and formulary CSV import: bad rows reported by their line number while the good rows are
 * kept; the imported members are the roster eligibility checks (the engine's checkEligibility on
 * loadRoster); the formulary rows carry tier, PA, quantity limit and step therapy; the import page
 * reports the same; another organization's plan is not found.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { callRoute } from "./api-prior-auths.seed";
import { createPlan, loadFeeSchedule, loadFormulary, loadRoster } from "~/plans/manage-plans.server";
import { importFormularyCsv, importRosterCsv } from "~/plans/import-plan-csv.server";
import { checkEligibility } from "~/clinical/eligibility/check-eligibility";
import { emptyFacts } from "~/clinical/testing";
import { isAppError } from "~/lib/errors";
import * as importPage from "~/routes/workspace/plans/$planId/import";

let t: TestDatabase;
let orgId: string;
let otherOrgId: string;
let planId: string;
let cookie: string;

const ROSTER = [
  "member_id,first_name,last_name,birth_date,gender,plan,coverage_start,coverage_end",
  "CSV0001,Ada,Okafor,1980-02-03,F,,2026-01-01,",
  "CSV0002,Ben,Stone,02/30/1975,M,,2026-01-01,", // line 3: no such date
  "CSV0003,Cleo,Marsh,03/04/1990,F,,2025-01-01,2025-12-31",
  ",Dan,Roe,1970-01-01,M,,2026-01-01,", // line 5: no member id
].join("\n");

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOrgWithUser(t.database, { orgName: "CSV A" });
  const b = await createOrgWithUser(t.database, { orgName: "CSV B" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  cookie = await signInCookie(t.database, a.user.id);
  const plan = await createPlan(t.database, orgId, {
    title: "CSV PPO",
    identification: "CSV-PPO",
    document_type: "pharmacy",
    line_of_business: "Commercial",
    plan_type: "PPO",
    state: "CA",
    effective_date: "2026-01-01",
    is_active: true,
  });
  planId = plan.id;
});

afterAll(async () => {
  await t?.cleanup();
});

describe("roster CSV", () => {
  it("reports bad rows by line and keeps the good ones; eligibility uses the imported members", async () => {
    const r = await importRosterCsv(t.database, orgId, planId, ROSTER);
    expect(r.imported).toBe(2);
    expect(r.errors.map((e) => e.line)).toEqual([3, 5]);
    expect(r.errors[0]!.message).toMatch(/birth_date "02\/30\/1975" is not a date/);
    expect(r.errors[1]!.message).toMatch(/member_id/);
    const roster = await loadRoster(t.database, orgId, planId);
    expect(roster.map((m) => m.member_id).sort()).toEqual(["CSV0001", "CSV0003"]);
    expect(roster.find((m) => m.member_id === "CSV0003")).toMatchObject({
      birth_date: "1990-03-04",
      coverage_end: "2025-12-31",
      plan_identification: "CSV-PPO",
    });

    const facts = (id: string, first: string, last: string, dob: string) =>
      emptyFacts({
        request_date: "2026-03-01",
        request_date_source: "fax_header",
        patient: { ...emptyFacts().patient, member_id: id, first_name: first, last_name: last, birth_date: dob },
      });
    expect(checkEligibility(facts("CSV0001", "Ada", "Okafor", "1980-02-03"), roster, [], { ocrConfidence: 1 }).eligible).toBe(true);
    expect(checkEligibility(facts("CSV0003", "Cleo", "Marsh", "1990-03-04"), roster, [], { ocrConfidence: 1 }).eligible).toBe(false); // coverage ended
    expect(checkEligibility(facts("CSV0002", "Ben", "Stone", "1975-02-28"), roster, [], { ocrConfidence: 1 }).eligible).not.toBe(true); // the bad row was not imported
  });

  it("a file without the required columns or rows is refused as a whole; another organization's plan is not found", async () => {
    await expect(importRosterCsv(t.database, orgId, planId, "id,name\n1,x")).rejects.toThrow(/Missing columns: member_id/);
    await expect(importRosterCsv(t.database, orgId, planId, "member_id,first_name,last_name,birth_date,coverage_start\n")).rejects.toThrow(/no data rows/);
    await expect(importRosterCsv(t.database, orgId, planId, 'member_id,first_name\n"unclosed,x')).rejects.toThrow(/could not be read as CSV/);
    const err = await importRosterCsv(t.database, otherOrgId, planId, ROSTER).catch((e) => e);
    expect(isAppError(err) && err.code).toBe("not_found");
  });

  it("the import page reports the bad line and the count", async () => {
    const form = new FormData();
    form.append("kind", "roster");
    form.append("file", new File([ROSTER], "roster.csv", { type: "text/csv" }));
    const res = (await callRoute(
      importPage,
      "POST",
      `/o/${orgId}/plans/${planId}/import`,
      { orgId, planId },
      { headers: { Cookie: cookie }, body: form },
    )) as unknown;
    const out = (res instanceof Response ? await res.json() : ((res as { data?: unknown }).data ?? res)) as {
      result: { imported: number; errors: { line: number }[] };
    };
    expect(out.result.imported).toBe(2);
    expect(out.result.errors.map((e) => e.line)).toEqual([3, 5]);
  });
});

describe("formulary CSV", () => {
  it("imports CMS-style columns (tier, PA Y/N, quantity limit, step therapy); bad rows by line", async () => {
    const csv = [
      "DRUG_NAME,NDC,RXCUI,TIER_LEVEL_VALUE,PRIOR_AUTHORIZATION_YN,QUANTITY_LIMIT_AMOUNT,ql_unit,QUANTITY_LIMIT_DAYS,st_steps",
      "Humira,00074-0554-02,,5,Y,2,pens,28,methotrexate:90",
      "Enbrel,58406-0445-04,,5,maybe,4,syringes,28,", // line 3: bad flag
      "metformin,,6809,1,N,,,,",
      "Ozempic,0169-4772-12,,3,Y,1,pen,,", // line 5: amount without days
    ].join("\n");
    const r = await importFormularyCsv(t.database, orgId, planId, csv);
    expect(r.imported).toBe(2);
    expect(r.errors.map((e) => e.line)).toEqual([3, 5]);
    const rows = await loadFormulary(t.database, orgId, planId);
    expect(rows.find((x) => x.drug_name === "Humira")).toMatchObject({
      ndc: "00074-0554-02",
      tier: 5,
      requires_prior_auth: true,
      quantity_limit: { amount: 2, unit: "pens", period_days: 28 },
      step_therapy: [{ drug_name: "methotrexate", duration_days: 90 }],
    });
    expect(rows.find((x) => x.drug_name === "metformin")).toMatchObject({ requires_prior_auth: false, tier: 1 });
    // re-importing replaces the row instead of duplicating it
    await importFormularyCsv(t.database, orgId, planId, csv);
    expect((await loadFormulary(t.database, orgId, planId)).filter((x) => x.drug_name === "Humira")).toHaveLength(1);
  });
});

describe("fee-schedule CSV", () => {
  it("the import page takes kind=fee_schedule: good rows imported (a code's row replaced), bad rows by line", async () => {
    const csv = [
      "code,description,units,period_days",
      "E0601,CPAP device,1,1825",
      "a7038,Filter,2,30",
      "E0601,CPAP device rental,1,30",
      "12,bad,1,1",
      "A7030,Mask,,90",
    ].join("\n");
    const form = new FormData();
    form.append("kind", "fee_schedule");
    form.append("file", new File([csv], "fees.csv", { type: "text/csv" }));
    const res = (await callRoute(
      importPage,
      "POST",
      `/o/${orgId}/plans/${planId}/import`,
      { orgId, planId },
      { headers: { Cookie: cookie }, body: form },
    )) as unknown;
    const out = (res instanceof Response ? await res.json() : ((res as { data?: unknown }).data ?? res)) as {
      kind: string;
      result: { imported: number; errors: { line: number }[] };
    };
    expect(out.kind).toBe("fee_schedule");
    expect(out.result.imported).toBe(3);
    expect(out.result.errors.map((e) => e.line)).toEqual([5, 6]);
    expect(await loadFeeSchedule(t.database, orgId, planId)).toEqual([
      { code: "A7038", description: "Filter", units_per_period: { amount: 2, period_days: 30 } },
      { code: "E0601", description: "CPAP device rental", units_per_period: { amount: 1, period_days: 30 } },
    ]);
    // another organization sees none of it
    expect(await loadFeeSchedule(t.database, otherOrgId, planId)).toEqual([]);
  });
});
