/**
 * A PAS update of a medication request (MedicationRequest → a prior auth) through the real
 * /fhir/Claim/$submit handler, queue and worker, on a real database:
 *  - the update (profile-claim-update, Claim.related "prior", the item infoChanged "changed", a new
 *    dispense quantity) re-reviews the same prior auth — same case, same authorization number, no
 *    new case, the engine runs again on the updated request — and keeps the reviewer's decision:
 *    the answer stays A1 with wasHumanReviewedFlag, valid against profile-pas-response-bundle;
 *  - $inquire with the replaced request's identifier answers the current authorization;
 *  - organization B's key cannot update A's request (404) and A's case is unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bundle, BundleEntry, ClaimResponse, MedicationRequest } from "@medplum/fhirtypes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { medicationPasBundle, pasExample, pasUpdateOf, pasPost, reviewActionCodes, until } from "../support/pas-bundles";
import { setDatabase } from "~/lib/db.server";
import { startWorker, type WorkerHandle } from "~/queue/worker.server";
import { createPlan, importFormulary, importRoster } from "~/plans/manage-plans.server";
import { createCoveragePolicy } from "~/coverage-policies/manage-coverage-policies.server";
import { generatePolicyDecisionTree } from "~/coverage-policies/generate-decision-tree.server";
import { recordHumanDecision } from "~/prior-auths/record-human-decision.server";
import { PAS_PROFILES, validateAgainstProfile } from "~/fhir/pas-validator.server";
import { storedPasRequest } from "~/fhir/pas-store";
import { DEMO_CASES, DEMO_FORMULARY, DEMO_PLAN, DEMO_POLICIES, DEMO_ROSTER } from "../../fixtures/demo/catalog";
import { renderPolicyPdf, renderPriorAuthFax } from "../../fixtures/demo/render-fax.server";

let t: TestDatabase;
let app: AppHandler;
let worker: WorkerHandle;
let orgId = "";
let reviewerId = "";
let key = "";
let otherKey = "";

const deniable = DEMO_CASES.find((c) => c.id === "demo-003")!;

beforeAll(async () => {
  t = await createTestDatabase();
  setDatabase(t.database);
  app = await createAppHandler();
  const a = await createOrgWithUser(t.database, { orgName: "PAS medication A" });
  const b = await createOrgWithUser(t.database, { orgName: "PAS medication B" });
  orgId = a.organization.id;
  reviewerId = a.user.id;
  await t.database.prisma.membership.updateMany({ where: { user_id: a.user.id }, data: { roles: ["administrator", "clinical_reviewer"] } });
  key = (await createApiKey(t.database, orgId)).token;
  otherKey = (await createApiKey(t.database, b.organization.id)).token;
  const plan = await createPlan(t.database, orgId, { ...DEMO_PLAN, document_type: "pharmacy" });
  await importRoster(t.database, orgId, plan.id, DEMO_ROSTER);
  await importFormulary(t.database, orgId, plan.id, DEMO_FORMULARY);
  // B covers the same members: only tenancy keeps B's key away from A's request
  const bPlan = await createPlan(t.database, b.organization.id, { ...DEMO_PLAN, document_type: "pharmacy" });
  await importRoster(t.database, b.organization.id, bPlan.id, DEMO_ROSTER);
  for (const p of DEMO_POLICIES.filter((p) => p.id === deniable.policy_id)) {
    const row = await createCoveragePolicy(
      t.database,
      orgId,
      plan.id,
      { drug_name: p.drug_names[0]!, drugs_list: p.drug_names, external_id: p.id },
      { bytes: await renderPolicyPdf(p), filename: p.file },
      { generateTree: false },
    );
    await generatePolicyDecisionTree(t.database, row.id);
  }
  worker = await startWorker({ database: t.database, concurrency: 2, pollMs: 100 });
}, 300_000);

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await t?.cleanup();
});

const post = (body: unknown, k: string, operation = "$submit") => pasPost(app, body, k, operation);

const actions = reviewActionCodes;

/** The update: the MedicationRequest's dispense quantity doubled. */
function update(request: Bundle, suffix: string): Bundle {
  return pasUpdateOf(request, suffix, (entries: BundleEntry[]) => {
    const med = entries.find((e) => e.resource?.resourceType === "MedicationRequest")!.resource as MedicationRequest;
    med.dispenseRequest!.quantity!.value = (med.dispenseRequest!.quantity!.value ?? 1) * 2;
  });
}

describe("an update of a medication request", () => {
  let request: Bundle;
  let caseId = "";

  beforeAll(async () => {
    request = medicationPasBundle(deniable, await renderPriorAuthFax(deniable, { layout: deniable.layout }), "MED-UPD-1");
    const res = await post(request, key);
    expect(res.status, await res.clone().text()).toBe(200);
    caseId = res.headers.get("X-Case-Id")!;
    expect(actions(((await res.json()) as Bundle).entry![0]!.resource as ClaimResponse)).toEqual(["A4"]);
    await until(async () => (await t.database.prisma.priorAuth.findUniqueOrThrow({ where: { id: caseId } })).intake_status === "succeeded");
  }, 180_000);

  it("B's key cannot update A's request (404), and A's case is unchanged", async () => {
    const before = await t.database.prisma.epaSubmission.findFirstOrThrow({ where: { prior_auth_id: caseId } });
    const res = await post(update(request, "B"), otherKey);
    expect(res.status).toBe(404);
    const after = await t.database.prisma.epaSubmission.findFirstOrThrow({ where: { prior_auth_id: caseId } });
    expect(after.payload).toEqual(before.payload);
    expect(await t.database.prisma.priorAuth.count({ where: { organization_id: orgId } })).toBe(1);
  });

  it("re-reviews the same prior auth and keeps the reviewer's decision (A1, human reviewed)", async () => {
    const pa = await t.database.prisma.priorAuth.findUniqueOrThrow({ where: { id: caseId }, include: { ai_decisions: true } });
    await recordHumanDecision(
      t.database,
      orgId,
      caseId,
      pa.ai_decisions.at(-1)!.id,
      { decision_type: "approve", reason: "Step therapy confirmed by phone." },
      reviewerId,
    );
    const aiRunsBefore = pa.ai_decisions.length;
    const upd = update(request, "UPD");
    expect(validateAgainstProfile(upd, PAS_PROFILES.requestBundle)).toEqual([]);

    const res = await post(upd, key);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("X-Case-Id")).toBe(caseId);
    const bundle = (await res.json()) as Bundle;
    expect(validateAgainstProfile(bundle, PAS_PROFILES.responseBundle)).toEqual([]);
    const cr = bundle.entry![0]!.resource as ClaimResponse;
    expect(cr.preAuthRef).toBe(caseId);
    expect(actions(cr)).toEqual(["A1"]);
    expect(cr.identifier?.[0]?.value).toMatch(/-UPD$/);
    const reviewed = cr.extension?.find((e) => e.url.endsWith("extension-claimResponseReviewer"));
    expect(reviewed?.extension?.[0]).toEqual({ url: "wasHumanReviewedFlag", valueBoolean: true });

    // the same case, reviewed again by the engine on the updated request; the human decision stands
    expect(await t.database.prisma.priorAuth.count({ where: { organization_id: orgId } })).toBe(1);
    await until(async () => {
      const row = await t.database.prisma.priorAuth.findUniqueOrThrow({ where: { id: caseId }, include: { ai_decisions: true } });
      return row.intake_status === "succeeded" && row.ai_decisions.length > aiRunsBefore;
    });
    const after = await t.database.prisma.priorAuth.findUniqueOrThrow({ where: { id: caseId }, include: { human_decisions: true, epa_submission: true } });
    expect(after.human_decisions.map((h) => h.decision_type)).toEqual(["approve"]);
    expect(after.final_decision).toBe("approved");
    const stored = storedPasRequest(after.epa_submission!.payload)!;
    expect(stored.replaces?.map((i) => i.value)).toContain((request.entry![0]!.resource as { identifier: { value: string }[] }).identifier[0]!.value);
    expect(after.epa_submission!.synthetic_document).toContain(String(deniable.medication.quantity * 2));
  }, 180_000);

  it("$inquire with the replaced request's identifier answers the current authorization (A1)", async () => {
    const inquiry = pasExample("Bundle-PASClaimInquiryBundleExample.json");
    const claim = inquiry.entry![0]!.resource as { identifier: unknown; item?: unknown };
    claim.identifier = (request.entry![0]!.resource as { identifier: unknown }).identifier;
    delete claim.item;
    const coverage = inquiry.entry!.find((e) => e.resource!.resourceType === "Coverage")!.resource as { subscriberId: string };
    coverage.subscriberId = deniable.patient.member_id;
    const res = await post(inquiry, key, "$inquire");
    expect(res.status, await res.clone().text()).toBe(200);
    const cr = ((await res.json()) as Bundle).entry![0]!.resource as ClaimResponse;
    expect(cr.preAuthRef).toBe(caseId);
    expect(actions(cr)).toEqual(["A1"]);
  }, 60_000);
});
