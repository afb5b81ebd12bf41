/**
 * The formulary requirement detail (PRODUCT-SPEC §2 "Formulary drug requirements" sections, issue 12
 * "the detail sections of the spec filled from policy extraction and import"): each section comes
 * from the plan's formulary CSV import or, where the import says nothing, from the plan's completed
 * policy extraction for the same drug (by name, by the drug directory's brand ↔ generic match, or by
 * NDC), and says which; Part B Prerequisite is No for 'f'; nothing known is "N/A" (the spec's empty section); another
 * organization's requirement is not found.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { createPlan } from "~/plans/manage-plans.server";
import { importFormularyCsv } from "~/plans/import-plan-csv.server";
import { startCoveragePolicyExtraction, waitForExtraction } from "~/plans/extract-coverage-policies.server";
import { loadStarterDrugDirectory } from "~/drugs/drug-directory.server";
import { formularyRequirementDetail } from "~/formulary/formulary-requirement-detail.server";
import { isAppError } from "~/lib/errors";
import { startWorker, type WorkerHandle } from "~/queue/worker.server";

let t: TestDatabase;
let app: AppHandler;
let worker: WorkerHandle;
let orgId: string;
let otherOrgId: string;
let planId: string;
let cookie: string;
let otherCookie: string;
const ids: Record<string, string> = {};

const policyText = (drug: string) =>
  [
    `${drug} is covered for rheumatoid arthritis.`,
    "The patient must be 18 years of age or older.",
    "The medication must be prescribed by a rheumatologist.",
    "Approval duration: authorization is approved for 12 months.",
    "Use in combination with another biologic is not covered.",
    "The patient has a contraindication to methotrexate or tried it for 3 months.",
  ].join("\n");

const CSV = [
  "drug_name,ndc,rxcui,tier,pa_required,ql_amount,ql_unit,ql_days,st_steps,coverage_duration,part_b_prerequisite,indication",
  "Humira,00074-4339-02,1602520,5,Y,2,pens,28,methotrexate:90,6 months initial; 12 months renewal,N,Moderate to severe rheumatoid arthritis",
  "Enbrel,,,5,Y,,,,,,,",
  "Xeljanz,,,3,N,,,,,,,",
].join("\n");

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createAppHandler();
  const a = await createOrgWithUser(t.database, { orgName: "Formulary A" });
  const b = await createOrgWithUser(t.database, { orgName: "Formulary B" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  cookie = await signInCookie(t.database, a.user.id);
  otherCookie = await signInCookie(t.database, b.user.id);
  const plan = await createPlan(t.database, orgId, {
    title: "Gold PPO",
    identification: "GOLD-PPO",
    line_of_business: "Commercial",
    plan_type: "PPO",
    state: "CA",
    effective_date: "2026-01-01",
  });
  planId = plan.id;
  await loadStarterDrugDirectory(t.database);
  for (const [drug, list] of [
    ["Adalimumab", ["Humira"]],
    ["Etanercept", []],
  ] as const) {
    const p = await t.database.prisma.coveragePolicy.create({
      data: { organization_id: orgId, plan_id: planId, drug_name: drug, drugs_list: [...list], policy_text: policyText(drug) },
    });
    ids[drug] = p.id;
  }
  const imported = await importFormularyCsv(t.database, orgId, planId, CSV);
  expect(imported).toMatchObject({ imported: 3, errors: [] });
  for (const r of await t.database.prisma.formularyDrugRequirement.findMany({ where: { plan_id: planId } })) ids[r.drug_name] = r.id;
  worker = await startWorker({ database: t.database, concurrency: 1, pollMs: 100, log: () => {} });
  await startCoveragePolicyExtraction(t.database, orgId, planId, null);
  expect((await waitForExtraction(t.database, orgId, planId, { timeoutMs: 30_000 })).status).toBe("processed");
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await t?.cleanup();
});

const section = (list: { key: string; value: string | null; source: { kind: string; label: string } | null }[], key: string) =>
  list.find((s) => s.key === key)!;

describe("formulary requirement detail", () => {
  it("fills sections from the import first, then from the extraction of the same drug's policy, each with its source", async () => {
    const d = await formularyRequirementDetail(t.database, orgId, ids.Humira!);
    const imported = { kind: "import", label: "Formulary import · Gold PPO" };
    const extracted = { kind: "extraction", label: "Extracted from the Adalimumab coverage policy" };
    // from the import
    expect(section(d.formulary, "tier")).toMatchObject({ value: "Tier 5", source: imported });
    expect(section(d.formulary, "prior_authorization")).toMatchObject({ value: "Required", source: imported });
    expect(section(d.formulary, "quantity_limit")).toMatchObject({ value: "2 pens per 28 days", source: imported });
    expect(section(d.formulary, "step_therapy")).toMatchObject({ value: "1. methotrexate (90 days)", source: imported });
    expect(section(d.criteria, "coverage_duration")).toMatchObject({ value: "6 months initial; 12 months renewal", source: imported });
    expect(section(d.criteria, "indication")).toMatchObject({ value: "Moderate to severe rheumatoid arthritis", source: imported });
    // Part B Prerequisite: the import's N is stored as 'f' and shown as No
    expect(section(d.criteria, "part_b_prerequisite")).toMatchObject({ value: "No", source: imported });
    // from the Adalimumab policy's extraction (Humira is in its drug list)
    expect(section(d.criteria, "prescriber_restrictions")).toMatchObject({ source: extracted });
    expect(section(d.criteria, "prescriber_restrictions").value).toMatch(/rheumatologist/);
    expect(section(d.criteria, "age_restrictions").value).toMatch(/18 years of age/);
    expect(section(d.criteria, "exclusion_criteria")).toMatchObject({ source: extracted });
    expect(section(d.criteria, "exclusion_criteria").value).toMatch(/combination with another biologic is not covered/);
    // an exception to a step ("a contraindication to methotrexate") is not an exclusion
    expect(section(d.criteria, "exclusion_criteria").value).not.toMatch(/contraindication to methotrexate/);
    // nothing anywhere
    expect(section(d.criteria, "required_medical_information")).toEqual({
      key: "required_medical_information",
      title: "Required Medical Information",
      value: null,
      source: null,
    });
  });

  it("matches a brand row to its generic's policy through the drug directory (Enbrel → etanercept)", async () => {
    const d = await formularyRequirementDetail(t.database, orgId, ids.Enbrel!);
    const extracted = { kind: "extraction", label: "Extracted from the Etanercept coverage policy" };
    expect(section(d.criteria, "coverage_duration")).toMatchObject({ value: "12 months", source: extracted });
    expect(section(d.criteria, "part_b_prerequisite")).toMatchObject({ value: "No", source: extracted });
    expect(section(d.formulary, "quantity_limit")).toMatchObject({ value: null, source: null });
  });

  it("a drug no policy covers keeps the import's values and shows the spec's N/A in every empty section", async () => {
    const d = await formularyRequirementDetail(t.database, orgId, ids.Xeljanz!);
    expect(section(d.formulary, "prior_authorization").value).toBe("Not required");
    expect(d.criteria.every((s) => s.value === null && s.source === null)).toBe(true);
    const html = await (await app.fetch(`/o/${orgId}/formulary_drug_requirements/${ids.Xeljanz}`, { headers: { Cookie: cookie } })).text();
    const shown = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
    expect(shown.match(/>N\/A</g)?.length ?? 0).toBeGreaterThanOrEqual(d.criteria.length);
    expect(shown).not.toContain("Not specified");
    for (const title of [
      "Products Affected",
      "Exclusion Criteria",
      "Required Medical Information",
      "Prescriber Restrictions",
      "Coverage Duration",
      "Other Criteria",
      "Indication",
      "Off Label Uses",
      "Part B Prerequisite",
    ]) {
      expect(shown).toContain(title);
    }
  });

  it("the page shows each value with its source and links an extracted value to its policy", async () => {
    const res = await app.fetch(`/o/${orgId}/formulary_drug_requirements/${ids.Humira}`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Formulary import · Gold PPO");
    expect(html).toContain("Extracted from the Adalimumab coverage policy");
    expect(html).toContain(`href="/o/${orgId}/plans/${planId}/coverage_policies/${ids.Adalimumab}"`);
    expect(html).toContain("NDC 00074-4339-02 · RxCUI 1602520");
  });

  it("another organization's requirement is not found (page 404, function not_found)", async () => {
    const res = await app.fetch(`/o/${otherOrgId}/formulary_drug_requirements/${ids.Humira}`, { headers: { Cookie: otherCookie } });
    expect(res.status).toBe(404);
    const err = await formularyRequirementDetail(t.database, otherOrgId, ids.Humira!).catch((e) => e);
    expect(isAppError(err) && err.code).toBe("not_found");
  });
});
