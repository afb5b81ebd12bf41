/**
 * POST /fhir/Claim/$submit (HL7 Da Vinci PAS 2.2.1, CMS-0057-F Prior Authorization API) through the
 * real request handler, the real queue and worker, on a real database:
 *  - API keys as on /api: 401 without or with a bad key, 403 for a key without cases.write, and a
 *    key of organization B never sees organization A's member roster nor creates a case there;
 *  - profile validation with the package's StructureDefinitions: a wrong profile, a missing Claim and
 *    an unresolvable reference answer 4xx with one OperationOutcome listing the problems, and create
 *    nothing;
 *  - each request example of the package becomes a medical claim (services) reviewed by the agents,
 *    and the answer is a PAS response bundle (ClaimResponse first, items echoing their sequence,
 *    fullUrls and identifiers echoed) valid against profile-pas-response-bundle;
 *  - an unknown member is answered with a PAS error response (X12 reject reason 75), no case;
 *  - a medication request with its fax as a PDF attachment: A1 with authorization number and period
 *    for an approvable case; an AI denial is A4 (pended) until a clinical reviewer signs the denial
 *    off, then A3 with the reviewer's reason; the 15 s budget is checked through the deadline the
 *    server uses (a request whose budget is spent, e.g. a scanned fax, is answered pended at once),
 *    never by timing a request;
 *  - $inquire finds a request by its Claim identifier and member (query by example) and answers its
 *    current state (the A3 after the sign-off), valid against the inquiry response profiles; another
 *    organization's key finds nothing;
 *  - GET /fhir/metadata is a valid R4 CapabilityStatement naming both operations, /docs/fhir
 *    documents them, and a PAS-submitted case shows the "ePA (FHIR)" badge in the prior-auth list.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bundle, ClaimResponse, Extension, OperationOutcome } from "@medplum/fhirtypes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { EXAMPLE_MEMBER, medicationPasBundle, pasExample, until } from "../support/pas-bundles";
import { setDatabase } from "~/lib/db.server";
import { startWorker, type WorkerHandle } from "~/queue/worker.server";
import { createPlan, importFormulary, importRoster } from "~/plans/manage-plans.server";
import { createCoveragePolicy } from "~/coverage-policies/manage-coverage-policies.server";
import { generatePolicyDecisionTree } from "~/coverage-policies/generate-decision-tree.server";
import { generateDenialLetter } from "~/letters/generate-denial-letter.server";
import { terminateOcrWorker } from "~/documents/parse-pdf.server";
import { PAS_PROFILES, validateAgainstProfile } from "~/fhir/pas-validator.server";
import { buildPasResponse, loadCaseOutcome } from "~/fhir/pas-response.server";
import { storedPasRequest } from "~/fhir/pas-store";
import { PAS_WAIT_MS, pasAnswerDeadline, submitPasRequest } from "~/fhir/submit-pas.server";
import { validateResource } from "@medplum/core";
import { signInCookie } from "../support/fixtures";
import { seedClaimsDemo } from "../../prisma/seed-claims.server";
import { DEMO_CASES, DEMO_FORMULARY, DEMO_PLAN, DEMO_POLICIES, DEMO_ROSTER } from "../../fixtures/demo/catalog";
import { renderPolicyPdf, renderPriorAuthFax } from "../../fixtures/demo/render-fax.server";

let t: TestDatabase;
let app: AppHandler;
let worker: WorkerHandle;
let orgId = "";
let otherOrgId = "";
let reviewerId = "";
let key = "";
let otherKey = "";
let readOnlyKey = "";

const REVIEW_ACTION = "http://hl7.org/fhir/us/davinci-pas/StructureDefinition/extension-reviewAction";

beforeAll(async () => {
  t = await createTestDatabase();
  setDatabase(t.database);
  app = await createAppHandler();
  const a = await createOrgWithUser(t.database, { orgName: "PAS payer A" });
  const b = await createOrgWithUser(t.database, { orgName: "PAS payer B" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  reviewerId = a.user.id;
  await t.database.prisma.membership.updateMany({ where: { user_id: a.user.id }, data: { roles: ["administrator", "clinical_reviewer"] } });
  key = (await createApiKey(t.database, orgId)).token;
  otherKey = (await createApiKey(t.database, otherOrgId)).token;
  readOnlyKey = (await createApiKey(t.database, orgId, "read only", ["cases.read"])).token;
  // pharmacy plan (medications) with the demo roster, formulary and policies, trees built inline
  const plan = await createPlan(t.database, orgId, { ...DEMO_PLAN, document_type: "pharmacy" });
  await importRoster(t.database, orgId, plan.id, DEMO_ROSTER);
  await importFormulary(t.database, orgId, plan.id, DEMO_FORMULARY);
  for (const p of DEMO_POLICIES) {
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
  // medical plan (services) with the claims set's policies, and the package examples' member
  await seedClaimsDemo(t.database, orgId, { samples: false, inlineTrees: true });
  const medical = await t.database.prisma.plan.findFirstOrThrow({ where: { organization_id: orgId, document_type: "medical" } });
  await importRoster(t.database, orgId, medical.id, [EXAMPLE_MEMBER]);
  worker = await startWorker({ database: t.database, concurrency: 2, pollMs: 100 });
}, 300_000);

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await terminateOcrWorker?.();
  await t?.cleanup();
});

function submit(body: unknown, k: string | null = key, operation = "$submit") {
  return app.fetch(
    new Request(`http://localhost/fhir/Claim/${operation}`, {
      method: "POST",
      headers: { "Content-Type": "application/fhir+json", ...(k ? { Authorization: `Bearer ${k}` } : {}) },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

async function caseCounts(org: string) {
  return {
    priorAuths: await t.database.prisma.priorAuth.count({ where: { organization_id: org } }),
    claims: await t.database.prisma.claim.count({ where: { organization_id: org } }),
  };
}

function reviewCodes(cr: ClaimResponse): string[] {
  return (cr.item ?? []).map((item) => {
    const action = item.adjudication?.[0]?.extension?.find((e) => e.url === REVIEW_ACTION);
    const code = action?.extension?.find((e) => e.url.endsWith("extension-reviewActionCode"));
    return code?.valueCodeableConcept?.coding?.[0]?.code ?? "?";
  });
}

function reviewer(cr: ClaimResponse): Extension | undefined {
  return cr.extension?.find((e) => e.url.endsWith("extension-claimResponseReviewer"));
}

describe("authentication and tenancy", () => {
  it("answers 401 OperationOutcome without a key or with a bad key, 403 without cases.write", async () => {
    const bundle = pasExample("Bundle-ReferralAuthorizationBundleExample.json");
    for (const k of [null, "pa_live_not-a-key"]) {
      const res = await submit(bundle, k);
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toContain("application/fhir+json");
      expect(((await res.json()) as OperationOutcome).resourceType).toBe("OperationOutcome");
    }
    const res = await submit(bundle, readOnlyKey);
    expect(res.status).toBe(403);
    expect(((await res.json()) as OperationOutcome).issue[0]!.details?.text).toMatch(/Forbidden/);
  });

  it("a key of organization B neither sees A's roster nor creates a case in A", async () => {
    const before = await caseCounts(orgId);
    const res = await submit(pasExample("Bundle-HomecareAuthorizationBundleExample.json"), otherKey);
    expect(res.status).toBe(200);
    const bundle = (await res.json()) as Bundle;
    const cr = bundle.entry![0]!.resource as ClaimResponse;
    // A's member 1122334455 is unknown to B: an error response, and nothing created anywhere
    expect(cr.outcome).toBe("error");
    expect(cr.error?.[0]?.code.coding?.[0]?.code).toBe("75");
    expect(await caseCounts(orgId)).toEqual(before);
    expect(await caseCounts(otherOrgId)).toEqual({ priorAuths: 0, claims: 0 });
  });
});

describe("validation against the PAS profiles", () => {
  it("refuses a body that is not a Bundle with 400, and a response bundle or a wrong profile with 422 listing each problem", async () => {
    const before = await caseCounts(orgId);
    const notBundle = await submit({ resourceType: "Patient" });
    expect(notBundle.status).toBe(400);
    const response = await submit(pasExample("Bundle-ReferralAuthorizationResponseBundleExample.json"));
    expect(response.status).toBe(422);
    const outcome = (await response.json()) as OperationOutcome;
    expect(outcome.resourceType).toBe("OperationOutcome");
    expect(outcome.issue.map((i) => i.details?.text)).toContain("Incorrect number of values provided for slice 'Claim': expected 1..2, but found 0");
    // a Claim that is not a prior authorization (use fixed to preauthorization) and lost its patient
    const wrong = pasExample("Bundle-ReferralAuthorizationBundleExample.json");
    const claim = wrong.entry![0]!.resource as { use?: string; patient?: unknown };
    claim.use = "claim";
    delete claim.patient;
    const res = await submit(wrong);
    expect(res.status).toBe(422);
    const issues = ((await res.json()) as OperationOutcome).issue;
    expect(issues.length).toBeGreaterThanOrEqual(2);
    expect(issues.some((i) => i.expression?.some((e) => e.includes("use")))).toBe(true);
    expect(issues.some((i) => i.expression?.some((e) => e.includes("patient")))).toBe(true);
    expect(await caseCounts(orgId)).toEqual(before);
  });

  it("answers 422 naming every reference that does not resolve inside the bundle", async () => {
    const bundle = pasExample("Bundle-ReferralAuthorizationBundleExample.json");
    bundle.entry = bundle.entry!.filter((e) => !["ServiceRequest", "DocumentReference"].includes(e.resource!.resourceType));
    const res = await submit(bundle);
    expect(res.status).toBe(422);
    const texts = ((await res.json()) as OperationOutcome).issue.map((i) => i.details?.text ?? "");
    expect(texts.some((x) => x.includes("ServiceRequest/ReferralRequestExample"))).toBe(true);
    expect(texts.some((x) => x.includes("DocumentReference/DocumentReferenceExample"))).toBe(true);
  });

  it("malformed JSON is a 400 OperationOutcome", async () => {
    const res = await submit("{not json");
    expect(res.status).toBe(400);
    expect(((await res.json()) as OperationOutcome).resourceType).toBe("OperationOutcome");
  });
});

describe("the package's request examples", () => {
  const examples = [
    "Bundle-ReferralAuthorizationBundleExample.json",
    "Bundle-MedicalServicesAuthorizationBundleExample.json",
    "Bundle-HomecareAuthorizationBundleExample.json",
    "Bundle-SurgicalRequestBundleExample.json",
  ];
  it.each(examples)(
    "%s becomes a reviewed services request, answered with a valid PAS response",
    async (name) => {
      const request = pasExample(name);
      const res = await submit(request);
      expect(res.status, await res.clone().text()).toBe(200);
      const bundle = (await res.json()) as Bundle;
      expect(validateAgainstProfile(bundle, PAS_PROFILES.responseBundle)).toEqual([]);
      expect(bundle.identifier).toEqual(request.identifier);
      const cr = bundle.entry![0]!.resource as ClaimResponse;
      const claim = request.entry![0]!.resource as { identifier: unknown; item: { sequence: number }[] };
      expect(cr.identifier).toEqual(claim.identifier);
      expect(cr.item!.map((i) => i.itemSequence)).toEqual(claim.item.map((i) => i.sequence));
      for (const code of reviewCodes(cr)) expect(["A1", "A4"]).toContain(code); // never a denial without a sign-off
      expect(reviewer(cr)?.extension?.[0]).toEqual({ url: "wasHumanReviewedFlag", valueBoolean: false });
      // the parties echo the request's fullUrls and resources
      const patientIn = request.entry!.find((e) => e.resource!.resourceType === "Patient")!;
      const patientOut = bundle.entry!.find((e) => e.resource!.resourceType === "Patient")!;
      expect(patientOut).toEqual(patientIn);
      // one claim with a services line per item, reviewed by the agents, PAS-sourced
      const caseId = res.headers.get("X-Case-Id")!;
      expect(cr.preAuthRef).toBe(caseId);
      const row = await t.database.prisma.claim.findUniqueOrThrow({ where: { id: caseId }, include: { epa_submission: true, ai_agent_runs: true } });
      expect(row.organization_id).toBe(orgId);
      expect(row.submission_type).toBe("pas");
      expect(storedPasRequest(row.epa_submission?.payload)?.items.map((i) => i.sequence)).toEqual(claim.item.map((i) => i.sequence));
    },
    60_000,
  );

  it("answers a member unknown to the roster with a PAS error response and creates no case", async () => {
    const before = await caseCounts(orgId);
    const request = pasExample("Bundle-MedicalServicesAuthorizationBundleExample.json");
    const coverage = request.entry!.find((e) => e.resource!.resourceType === "Coverage")!.resource as { subscriberId: string };
    coverage.subscriberId = "NOBODY-999";
    const res = await submit(request);
    expect(res.status).toBe(200);
    const bundle = (await res.json()) as Bundle;
    expect(validateAgainstProfile(bundle, PAS_PROFILES.responseBundle)).toEqual([]);
    const cr = bundle.entry![0]!.resource as ClaimResponse;
    expect(cr.outcome).toBe("error");
    expect(cr.error![0]!.code.coding![0]).toMatchObject({ system: "https://codesystem.x12.org/005010/901", code: "75" });
    expect(await caseCounts(orgId)).toEqual(before);
  });
});

describe("medication requests with a faxed PDF attached", () => {
  const approvable = DEMO_CASES.find((c) => c.id === "demo-001")!;
  const deniable = DEMO_CASES.find((c) => c.id === "demo-003")!;
  const scanned = DEMO_CASES.find((c) => c.id === "demo-002")!;

  it("certifies (A1) an approvable request with its authorization number and period", async () => {
    const request = medicationPasBundle(approvable, await renderPriorAuthFax(approvable, { layout: approvable.layout }));
    expect(validateAgainstProfile(request, PAS_PROFILES.requestBundle)).toEqual([]);
    const res = await submit(request);
    expect(res.status, await res.clone().text()).toBe(200);
    const bundle = (await res.json()) as Bundle;
    expect(validateAgainstProfile(bundle, PAS_PROFILES.responseBundle)).toEqual([]);
    const cr = bundle.entry![0]!.resource as ClaimResponse;
    const caseId = res.headers.get("X-Case-Id")!;
    expect(reviewCodes(cr)).toEqual(["A1"]);
    expect(cr.preAuthRef).toBe(caseId);
    const action = cr.item![0]!.adjudication![0]!.extension![0]!;
    expect(action.extension!.find((e) => e.url === "number")?.valueString).toBe(caseId);
    expect(cr.item![0]!.extension!.find((e) => e.url.endsWith("itemPreAuthPeriod"))?.valuePeriod?.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(cr.preAuthPeriod?.end).toBeTruthy();
    // the response says AI assisted and names the screening criteria, in a note no item links to
    const disclosure = cr.processNote!.at(-1)!;
    expect(disclosure.text).toMatch(
      /^AI assisted this decision: an automated review tool \(PA Review built-in clinical engine 0\.1\.0\) .* Source of the screening criteria: Coverage policy ".+", decision tree version \d+, effective \d{4}-\d{2}-\d{2}\.$/,
    );
    expect(cr.item!.flatMap((i) => i.noteNumber ?? [])).not.toContain(disclosure.number);
    const pa = await t.database.prisma.priorAuth.findUniqueOrThrow({ where: { id: caseId }, include: { documents: true, patient: true } });
    expect(pa.submission_type).toBe("pas");
    expect(pa.organization_id).toBe(orgId);
    // the PDF went through the fax pipeline: stored, parsed, its pages indexed
    const attachment = pa.documents.find((d) => d.kind === "attachment")!;
    expect(attachment.status).toBe("parsed");
    expect(await t.database.prisma.documentPage.count({ where: { document_id: attachment.id } })).toBeGreaterThan(0);
    expect(pa.patient?.member_id).toBe(approvable.patient.member_id);
  }, 60_000);

  it("pends (A4) an AI denial until a clinical reviewer signs it off, then answers A3 with the reason", async () => {
    const request = medicationPasBundle(deniable, await renderPriorAuthFax(deniable, { layout: deniable.layout }));
    const res = await submit(request);
    expect(res.status, await res.clone().text()).toBe(200);
    const cr = ((await res.json()) as Bundle).entry![0]!.resource as ClaimResponse;
    const caseId = res.headers.get("X-Case-Id")!;
    const pa = await t.database.prisma.priorAuth.findUniqueOrThrow({ where: { id: caseId }, include: { ai_decisions: true, epa_submission: true } });
    expect(pa.ai_decisions.at(-1)?.final_decision).toBe("denied");
    expect(reviewCodes(cr)).toEqual(["A4"]);
    expect(cr.processNote?.[0]?.text).toMatch(/clinical reviewer/);

    expect(cr.processNote?.at(-1)?.text).toMatch(/^AI assisted this decision: .*Source of the screening criteria: Coverage policy "/);

    const letter = await generateDenialLetter(t.database, orgId, caseId, {
      userId: reviewerId,
      clinician_sign_off: true,
      denial_reason: "Step therapy with a preferred TNF inhibitor is not documented.",
    });
    // the letter states the same: AI assisted, and the source of the screening criteria
    expect(letter.body).toContain(`How this decision was made: ${cr.processNote!.at(-1)!.text}`);
    const stored = storedPasRequest(pa.epa_submission!.payload)!;
    const after = buildPasResponse(stored, await loadCaseOutcome(t.database, orgId, "prior_auth", caseId, stored.items));
    expect(validateAgainstProfile(after, PAS_PROFILES.responseBundle)).toEqual([]);
    const denied = after.entry![0]!.resource as ClaimResponse;
    expect(reviewCodes(denied)).toEqual(["A3"]);
    expect(denied.processNote?.[0]?.text).toBe("Step therapy with a preferred TNF inhibitor is not documented.");
    expect(denied.item![0]!.noteNumber).toEqual([1]);
    expect(denied.processNote?.[1]?.text).toMatch(/^AI assisted this decision: /);
    expect(reviewer(denied)?.extension?.[0]).toEqual({ url: "wasHumanReviewedFlag", valueBoolean: true });
    // another organization cannot read the case's outcome
    await expect(loadCaseOutcome(t.database, otherOrgId, "prior_auth", caseId, stored.items)).rejects.toThrow();
  }, 60_000);

  // The 15 s budget is checked by the deadline the server uses, not by timing a request (which
  // flakes under load): a request whose budget is already spent when it is read is answered pended
  // at once, whatever the engine would decide; with time left the answer waits for the decision.
  it("the answer deadline is 15 s after the request's arrival, less the margin kept to build the response", () => {
    const arrival = Date.parse("2027-01-04T12:00:00Z");
    expect(pasAnswerDeadline(arrival)).toBe(arrival + PAS_WAIT_MS - 750);
    expect(PAS_WAIT_MS).toBe(15_000);
    expect(pasAnswerDeadline(arrival, 2_000)).toBe(arrival + 1_250);
  });

  it("answers a request with a scanned fax whose budget is spent pended (A4) without waiting; the review goes on", async () => {
    const pdf = await renderPriorAuthFax(scanned, { layout: scanned.layout, scanned: true });
    const result = await submitPasRequest(t.database, orgId, medicationPasBundle(scanned, pdf, "SCAN-1"), { receivedAt: Date.now() - PAS_WAIT_MS });
    expect(validateAgainstProfile(result.bundle, PAS_PROFILES.responseBundle)).toEqual([]);
    const cr = result.bundle.entry![0]!.resource as ClaimResponse;
    expect(reviewCodes(cr)).toEqual(["A4"]);
    expect(cr.processNote?.[0]?.text).toBe("The request is being reviewed.");
    expect(cr.processNote).toHaveLength(1); // nothing decided yet: no AI-assistance note
    // the case was created and its review was not cut short by the answer
    const pa = await t.database.prisma.priorAuth.findUniqueOrThrow({ where: { id: result.caseId! } });
    expect(pa.submission_type).toBe("pas");
    expect(["queued", "running", "succeeded"]).toContain(pa.intake_status);
  }, 120_000);

  it("pends an approvable request whose budget is spent, and certifies the same request given time to decide", async () => {
    const pdf = await renderPriorAuthFax(approvable, { layout: approvable.layout });
    const late = await submitPasRequest(t.database, orgId, medicationPasBundle(approvable, pdf, "LATE-1"), { receivedAt: Date.now() - PAS_WAIT_MS });
    expect(reviewCodes(late.bundle.entry![0]!.resource as ClaimResponse)).toEqual(["A4"]);
    // a generous budget (not a timing assertion): the answer is the engine's decision
    const inTime = await submitPasRequest(t.database, orgId, medicationPasBundle(approvable, pdf, "IN-TIME-1"), { waitMs: 120_000 });
    expect(reviewCodes(inTime.bundle.entry![0]!.resource as ClaimResponse)).toEqual(["A1"]);
  }, 180_000);
});

describe("POST /fhir/Claim/$inquire", () => {
  function inquiryFor(request: Bundle): Bundle {
    const inquiry = pasExample("Bundle-PASClaimInquiryBundleExample.json");
    const claim = inquiry.entry![0]!.resource as { identifier: unknown; item?: unknown };
    claim.identifier = (request.entry![0]!.resource as { identifier: unknown }).identifier;
    const coverageIn = request.entry!.find((e) => e.resource!.resourceType === "Coverage")!.resource as { subscriberId: string };
    const coverage = inquiry.entry!.find((e) => e.resource!.resourceType === "Coverage")!.resource as { subscriberId: string };
    coverage.subscriberId = coverageIn.subscriberId;
    delete claim.item;
    return inquiry;
  }

  it("answers the package's inquiry example with the homecare request's current authorization", async () => {
    const inquiry = pasExample("Bundle-PASClaimInquiryBundleExample.json");
    const res = await submit(inquiry, key, "$inquire");
    expect(res.status, await res.clone().text()).toBe(200);
    const bundle = (await res.json()) as Bundle;
    expect(validateAgainstProfile(bundle, PAS_PROFILES.inquiryResponseBundle)).toEqual([]);
    expect(bundle.identifier).toEqual(inquiry.identifier);
    const cr = bundle.entry![0]!.resource as ClaimResponse;
    expect(cr.meta?.profile).toEqual([PAS_PROFILES.claimInquiryResponse]);
    const found = bundle.entry!.find((e) => e.resource!.resourceType === "Claim")!.resource as { id: string };
    expect(found.id).toBe("HomecareAuthorizationExample");
    expect(cr.item!.map((i) => i.itemSequence)).toEqual([1, 2]);
  });

  it("finds a medication request by identifier and member and answers A3 after the sign-off; B's key finds nothing", async () => {
    const c = DEMO_CASES.find((x) => x.id === "demo-005")!;
    const request = medicationPasBundle(c, await renderPriorAuthFax(c, { layout: c.layout }), "INQ-1");
    const submitted = await submit(request);
    expect(submitted.status).toBe(200);
    const caseId = submitted.headers.get("X-Case-Id")!;
    await until(async () => (await t.database.prisma.priorAuth.findUniqueOrThrow({ where: { id: caseId } })).intake_status === "succeeded");
    const first = ((await (await submit(inquiryFor(request), key, "$inquire")).json()) as Bundle).entry![0]!.resource as ClaimResponse;
    expect(first.preAuthRef).toBe(caseId);
    expect(reviewCodes(first)).toEqual(["A4"]);
    await generateDenialLetter(t.database, orgId, caseId, { userId: reviewerId, clinician_sign_off: true, denial_reason: "Metformin trial not documented." });
    const res = await submit(inquiryFor(request), key, "$inquire");
    const bundle = (await res.json()) as Bundle;
    expect(validateAgainstProfile(bundle, PAS_PROFILES.inquiryResponseBundle)).toEqual([]);
    const now = bundle.entry![0]!.resource as ClaimResponse;
    expect(reviewCodes(now)).toEqual(["A3"]);
    expect(now.processNote?.[0]?.text).toBe("Metformin trial not documented.");
    const other = await submit(inquiryFor(request), otherKey, "$inquire");
    expect(other.status).toBe(404);
    expect(((await other.json()) as OperationOutcome).resourceType).toBe("OperationOutcome");
  }, 60_000);

  it("answers 404 for an identifier nobody submitted and 422 for a response bundle sent to $inquire", async () => {
    const inquiry = pasExample("Bundle-PASClaimInquiryBundleExample.json");
    (inquiry.entry![0]!.resource as { identifier: { system: string; value: string }[] }).identifier = [{ system: "urn:nobody", value: "0" }];
    expect((await submit(inquiry, key, "$inquire")).status).toBe(404);
    expect((await submit(pasExample("Bundle-ReferralAuthorizationResponseBundleExample.json"), key, "$inquire")).status).toBe(422);
  });
});

describe("CapabilityStatement, documentation and the workspace badge", () => {
  it("GET /fhir/metadata is a valid R4 CapabilityStatement declaring $submit and $inquire, without a key", async () => {
    const res = await app.fetch("/fhir/metadata");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/fhir+json");
    const cs = (await res.json()) as {
      resourceType: string;
      fhirVersion: string;
      rest: { resource: { type: string; operation?: { name: string; definition: string }[] }[] }[];
    };
    expect(validateResource(cs as never)).toEqual([]);
    expect(cs.fhirVersion).toBe("4.0.1");
    const claim = cs.rest[0]!.resource.find((r) => r.type === "Claim")!;
    expect(claim.operation!.map((o) => o.definition)).toEqual([
      "http://hl7.org/fhir/us/davinci-pas/OperationDefinition/Claim-submit",
      "http://hl7.org/fhir/us/davinci-pas/OperationDefinition/Claim-inquiry",
    ]);
  });

  it("/docs/fhir documents the operations and review actions", async () => {
    const res = await app.fetch("/docs/fhir", { headers: { Accept: "text/html" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const text of ["/fhir/Claim/$submit", "/fhir/Claim/$inquire", "/fhir/metadata", "A1", "A3", "A4", "ePA (FHIR)"]) expect(html).toContain(text);
  });

  it("shows PAS-submitted prior auths with an ePA (FHIR) badge in the prior-auth list", async () => {
    const cookie = await signInCookie(t.database, reviewerId);
    const res = await app.fetch(`/o/${orgId}/prior-auths`, { headers: { Cookie: cookie, Accept: "text/html" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("ePA (FHIR)");
    const pas = await t.database.prisma.priorAuth.count({ where: { organization_id: orgId, submission_type: "pas" } });
    expect(pas).toBeGreaterThan(0);
  });
});
