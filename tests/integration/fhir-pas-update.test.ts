/**
 * PAS updates and cancellations (HL7 Da Vinci PAS 2.2.1, profile-claim-update, Claim.related) through
 * the real /fhir/Claim/$submit handler, queue and worker, on a real database:
 *  - the package's homecare update (item 1 unchanged, item 2 cancelled, item 3 added) re-reviews the
 *    same case (same authorization number, no new case): a reviewer's override of item 1 is kept
 *    and answered A1, the cancelled item is answered "C", the added item is reviewed; the answer is
 *    valid against profile-pas-response-bundle;
 *  - the answer names the reviewer (claimResponseReviewer: NPI and NUCC specialty from their profile);
 *  - $inquire with the replaced request's identifier answers the current (updated) request;
 *  - a cancellation (the Claim's certificationType 3) withdraws the case: every item "C", the case
 *    shows it, the withdrawal is in the audit trail, and a later update is refused;
 *  - tenancy: organization B's key cannot update or cancel A's request (404), and A's case is unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bundle, Claim, ClaimResponse, OperationOutcome } from "@medplum/fhirtypes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { EXAMPLE_MEMBER, pasExample, pasPost, reviewActionCodes, until } from "../support/pas-bundles";
import { setDatabase } from "~/lib/db.server";
import { startWorker, type WorkerHandle } from "~/queue/worker.server";
import { createPlan, importRoster } from "~/plans/manage-plans.server";
import { DEMO_PLAN } from "../../fixtures/demo/catalog";
import { seedClaimsDemo } from "../../prisma/seed-claims.server";
import { overrideServiceLine } from "~/claims/claim-review.server";
import { updateProfile } from "~/team/profile.server";
import { queueClaimIntake } from "~/claims/create-claim.server";
import { PAS_PROFILES, validateAgainstProfile } from "~/fhir/pas-validator.server";

let t: TestDatabase;
let app: AppHandler;
let worker: WorkerHandle;
let orgId = "";
let userId = "";
let key = "";
let otherKey = "";
let caseId = "";

const PAS = "http://hl7.org/fhir/us/davinci-pas/StructureDefinition/";

beforeAll(async () => {
  t = await createTestDatabase();
  setDatabase(t.database);
  app = await createAppHandler();
  const a = await createOrgWithUser(t.database, { orgName: "PAS payer A" });
  const b = await createOrgWithUser(t.database, { orgName: "PAS payer B" });
  orgId = a.organization.id;
  userId = a.user.id;
  await t.database.prisma.membership.updateMany({ where: { user_id: a.user.id }, data: { roles: ["administrator", "clinical_reviewer"] } });
  key = (await createApiKey(t.database, orgId)).token;
  otherKey = (await createApiKey(t.database, b.organization.id)).token;
  await seedClaimsDemo(t.database, orgId, { samples: false, inlineTrees: true });
  const medical = await t.database.prisma.plan.findFirstOrThrow({ where: { organization_id: orgId, document_type: "medical" } });
  await importRoster(t.database, orgId, medical.id, [EXAMPLE_MEMBER]);
  // B covers the same member, so only tenancy (not the roster) keeps B away from A's request
  const bPlan = await createPlan(t.database, b.organization.id, { ...DEMO_PLAN, document_type: "medical" });
  await importRoster(t.database, b.organization.id, bPlan.id, [EXAMPLE_MEMBER]);
  worker = await startWorker({ database: t.database, concurrency: 2, pollMs: 100 });
}, 300_000);

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await t?.cleanup();
});

const post = (body: unknown, k: string, operation = "$submit") => pasPost(app, body, k, operation);

const actions = reviewActionCodes;

async function claimState() {
  return t.database.prisma.claim.findUniqueOrThrow({
    where: { id: caseId },
    include: { service_requests: { include: { decisions: true } }, epa_submission: true },
  });
}

/** The cancellation of the homecare request: the update example with the Claim's certificationType 3 (Cancel). */
function cancellation(): Bundle {
  const bundle = pasExample("Bundle-HomecareAuthorizationUpdateBundleExample.json");
  const claim = bundle.entry![0]!.resource as Claim;
  claim.identifier![0]!.value = "111099-CANCEL";
  claim.extension = [
    {
      url: `${PAS}extension-certificationType`,
      valueCodeableConcept: { coding: [{ system: "https://codesystem.x12.org/005010/1322", code: "3", display: "Cancel" }] },
    },
  ];
  return bundle;
}

describe("a PAS update", () => {
  it("re-reviews the same case, keeps the reviewer's decision, answers the cancelled item C and reviews the added one", async () => {
    const first = await post(pasExample("Bundle-HomecareAuthorizationBundleExample.json"), key);
    expect(first.status, await first.clone().text()).toBe(200);
    caseId = first.headers.get("X-Case-Id")!;
    await until(async () => (await claimState()).intake_status === "succeeded");
    const g0154 = (await claimState()).service_requests.find((l) => l.code === "G0154")!;
    expect(g0154).toBeTruthy();
    await overrideServiceLine(t.database, orgId, caseId, g0154.id, {
      decision_type: "approve",
      reason: "Home visits documented as medically necessary.",
      userId,
    });
    const claimsBefore = await t.database.prisma.claim.count({ where: { organization_id: orgId } });
    // the reviewer's NPI and specialty, from their profile (an invalid NPI is refused)
    await expect(updateProfile(t.database, userId, { username: "Dr Reviewer", npi: "1234567890" })).rejects.toThrow(/check digit/);
    await updateProfile(t.database, userId, { username: "Dr Reviewer", npi: "1234567893", specialty_code: "207R00000X", specialty_name: "Internal Medicine" });

    const update = pasExample("Bundle-HomecareAuthorizationUpdateBundleExample.json");
    expect(validateAgainstProfile(update, PAS_PROFILES.requestBundle)).toEqual([]);
    const res = await post(update, key);
    expect(res.status, await res.clone().text()).toBe(200);
    const bundle = (await res.json()) as Bundle;
    expect(validateAgainstProfile(bundle, PAS_PROFILES.responseBundle)).toEqual([]);
    const cr = bundle.entry![0]!.resource as ClaimResponse;
    expect(res.headers.get("X-Case-Id")).toBe(caseId);
    expect(cr.preAuthRef).toBe(caseId);
    expect(cr.identifier?.[0]?.value).toBe("111099-UPDATE");
    expect(cr.item!.map((i) => i.itemSequence)).toEqual([1, 2, 3]);
    const codes = actions(cr);
    expect(codes[0]).toBe("A1"); // the reviewer's approval survives the re-review
    expect(codes[1]).toBe("C"); // B4184 cancelled
    expect(["A1", "A4"]).toContain(codes[2]); // B4185 added and reviewed by the engine (never denied unsigned)
    expect(cr.extension?.find((e) => e.url === `${PAS}extension-claimResponseReviewer`)?.extension).toEqual([
      { url: "wasHumanReviewedFlag", valueBoolean: true },
      { url: "reviewerNPI", valueIdentifier: { system: "http://hl7.org/fhir/sid/us-npi", value: "1234567893" } },
      {
        url: "reviewerSpecialty",
        valueCodeableConcept: { coding: [{ system: "http://nucc.org/provider-taxonomy", code: "207R00000X", display: "Internal Medicine" }] },
      },
    ]);
    expect(await t.database.prisma.claim.count({ where: { organization_id: orgId } })).toBe(claimsBefore);

    const after = await claimState();
    expect(after.intake_status).toBe("succeeded");
    const kept = after.service_requests.find((l) => l.id === g0154.id)!;
    expect(kept.decisions.filter((d) => d.agent === "human").map((d) => d.reason)).toEqual(["Home visits documented as medically necessary."]);
    expect(after.service_requests.some((l) => l.code === "B4185")).toBe(true);
    expect(after.service_requests.some((l) => l.code === "B4184")).toBe(false);
    expect(after.epa_submission!.synthetic_document).not.toContain("B4184");
  }, 120_000);

  it("$inquire with the replaced request's identifier answers the current request", async () => {
    const res = await post(pasExample("Bundle-PASClaimInquiryBundleExample.json"), key, "$inquire");
    expect(res.status, await res.clone().text()).toBe(200);
    const bundle = (await res.json()) as Bundle;
    expect(validateAgainstProfile(bundle, PAS_PROFILES.inquiryResponseBundle)).toEqual([]);
    const cr = bundle.entry![0]!.resource as ClaimResponse;
    expect(cr.preAuthRef).toBe(caseId);
    expect(cr.item!.map((i) => i.itemSequence)).toEqual([1, 2, 3]);
    expect(actions(cr).slice(0, 2)).toEqual(["A1", "C"]);
  });

  it("an AI re-run keeps a decision a clinician signed off (and its line)", async () => {
    const line = (await claimState()).service_requests.find((l) => l.code === "B4185")!;
    const ai = line.decisions.find((d) => d.agent !== "human")!;
    await t.database.prisma.serviceDecision.update({ where: { id: ai.id }, data: { signed_off_by_id: userId, signed_off_at: new Date() } });
    await queueClaimIntake(t.database, orgId, caseId);
    await until(async () => (await claimState()).intake_status === "succeeded");
    const after = await claimState();
    expect(after.service_requests.find((l) => l.id === line.id)?.decisions.some((d) => d.id === ai.id && d.signed_off_by_id === userId)).toBe(true);
  }, 120_000);

  it("another organization's key can neither update nor cancel the request", async () => {
    const before = await claimState();
    for (const body of [pasExample("Bundle-HomecareAuthorizationUpdateBundleExample.json"), cancellation()]) {
      const res = await post(body, otherKey);
      expect(res.status).toBe(404);
      expect(((await res.json()) as OperationOutcome).resourceType).toBe("OperationOutcome");
    }
    const after = await claimState();
    expect(after.withdrawn_at).toBeNull();
    expect(after.epa_submission!.payload).toEqual(before.epa_submission!.payload);
  });
});

describe("a PAS cancellation", () => {
  it("withdraws the case (every item C), shows it on the case, audits it, and refuses a later update", async () => {
    const res = await post(cancellation(), key);
    expect(res.status, await res.clone().text()).toBe(200);
    const bundle = (await res.json()) as Bundle;
    expect(validateAgainstProfile(bundle, PAS_PROFILES.responseBundle)).toEqual([]);
    const cr = bundle.entry![0]!.resource as ClaimResponse;
    expect(actions(cr)).toEqual(["C", "C", "C"]);
    expect(cr.disposition).toBe("Cancelled");
    const row = await claimState();
    expect(row.withdrawn_at).toBeInstanceOf(Date);
    expect(row.withdrawn_reason).toMatch(/111099-CANCEL/);
    // the reviewer's decision is still on the case
    expect(row.service_requests.some((l) => l.decisions.some((d) => d.agent === "human"))).toBe(true);
    const audit = await t.database.prisma.auditEvent.findMany({ where: { organization_id: orgId, action: "claim.withdraw" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ resource_id: caseId, actor_type: "api_key", path: "/fhir/Claim/$submit" });

    const cookie = await signInCookie(t.database, userId);
    const page = await app.fetch(`/o/${orgId}/claims/${caseId}`, { headers: { Cookie: cookie, Accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Withdrawn by the requester");

    // $inquire still answers, as cancelled
    const inquiry = await post(pasExample("Bundle-PASClaimInquiryBundleExample.json"), key, "$inquire");
    expect(actions(((await inquiry.json()) as Bundle).entry![0]!.resource as ClaimResponse)).toEqual(["C", "C", "C"]);

    const again = await post(pasExample("Bundle-HomecareAuthorizationUpdateBundleExample.json"), key);
    expect(again.status).toBe(422);
    expect(((await again.json()) as OperationOutcome).issue[0]!.details?.text).toMatch(/cancelled/);
  }, 60_000);
});
