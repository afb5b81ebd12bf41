/**
 * Decision provenance on /fhir (GET /fhir/Provenance?target=ClaimResponse/<id>), through the real
 * request handler and database:
 *  - a prior auth's AI decision gives a Provenance naming the engine and its version (performer),
 *    the reviewer whose decision was recorded on it (verifier, with NPI) and the clinician who
 *    signed off the denial letter (attester), the coverage policy and decision tree version with its
 *    effective date (entity source) and the time it was recorded;
 *  - each claim line's decision gives its own Provenance (the model that decided, or the reviewer
 *    who overrode it, and the signing clinician);
 *  - every resource and the searchset Bundle are valid against the base R4 definitions, with the
 *    validator the PAS tests use (@medplum/core on the loaded R4 StructureDefinitions);
 *  - tenancy: organization B's key gets an empty searchset for A's ClaimResponse (and the same
 *    answer as for an id nobody has); a key without cases.read gets 403; no target 400.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bundle, OperationOutcome, Provenance } from "@medplum/fhirtypes";
import { validateResource } from "@medplum/core";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { setDatabase } from "~/lib/db.server";
import { warmPasValidator } from "~/fhir/pas-validator.server";
import { BUILTIN_ENGINE, caseIdOfClaimResponse } from "~/fhir/decision-provenance.server";

let t: TestDatabase;
let app: AppHandler;
let keyA = "";
let keyB = "";
let noReadKey = "";
let paId = "";
let claimId = "";
const reviewerNpi = "1234567893";
const published = new Date("2026-10-01T12:00:00Z");

beforeAll(async () => {
  t = await createTestDatabase();
  setDatabase(t.database);
  app = await createAppHandler();
  warmPasValidator();
  const a = await createOrgWithUser(t.database, { orgName: "Provenance A" });
  const b = await createOrgWithUser(t.database, { orgName: "Provenance B" });
  const orgA = a.organization.id;
  keyA = (await createApiKey(t.database, orgA)).token;
  keyB = (await createApiKey(t.database, b.organization.id)).token;
  noReadKey = (await createApiKey(t.database, orgA, "policies only", ["policies.edit"])).token;
  const p = t.database.prisma;
  await p.user.update({
    where: { id: a.user.id },
    data: { username: "Dr Rivera", npi: reviewerNpi, specialty_code: "207R00000X", specialty_name: "Internal Medicine" },
  });
  const plan = await p.plan.create({
    data: {
      organization_id: orgA,
      title: "A PPO",
      identification: "A-1",
      line_of_business: "Commercial",
      plan_type: "PPO",
      state: "CA",
      effective_date: new Date("2026-01-01"),
    },
  });
  const policy = await p.coveragePolicy.create({ data: { organization_id: orgA, plan_id: plan.id, drug_name: "Adalimumab", current_version: 2 } });
  await p.coveragePolicyTreeVersion.create({
    data: {
      organization_id: orgA,
      coverage_policy_id: policy.id,
      version: 2,
      status: "published",
      source: "generated",
      summary: "s",
      tree: { nodes: [], edges: [] },
      published_at: published,
    },
  });
  const pa = await p.priorAuth.create({ data: { organization_id: orgA, medication_name: "Humira", coverage_policy_id: policy.id, submission_type: "pas" } });
  paId = pa.id;
  const ai = await p.aiDecision.create({
    data: {
      prior_auth_id: pa.id,
      final_decision: "denied",
      confidence_score: 0.9,
      ai_summary: "s",
      rationale: "r",
      coverage_policy_version: 2,
      engine: "builtin",
    },
  });
  await p.humanDecision.create({
    data: { prior_auth_id: pa.id, ai_decision_id: ai.id, user_id: a.user.id, decision_type: "deny", reason: "Criteria not met" },
  });
  await p.letter.create({ data: { organization_id: orgA, prior_auth_id: pa.id, denial_reason: "Criteria not met", body: "b", signed_off_by_id: a.user.id } });

  const claim = await p.claim.create({ data: { organization_id: orgA, submission_type: "pas" } });
  claimId = claim.id;
  const line1 = await p.serviceRequest.create({ data: { claim_id: claim.id, code: "72148", units: 1 } });
  const line2 = await p.serviceRequest.create({ data: { claim_id: claim.id, code: "97110", units: 4 } });
  await p.serviceDecision.create({
    data: {
      claim_id: claim.id,
      service_request_id: line1.id,
      agent: "openai",
      reason: "Criteria met",
      approved: true,
      final_decision: "approved",
      metadata: { coverage_policy_id: policy.id, coverage_policy_version: 2, engine: "openai", model: "gpt-4o-mini" },
    },
  });
  await p.serviceDecision.create({
    data: {
      claim_id: claim.id,
      service_request_id: line2.id,
      agent: "human",
      reason: "Not medically necessary",
      approved: false,
      final_decision: "denied",
      user_id: a.user.id,
      signed_off_by_id: a.user.id,
      signed_off_at: new Date(),
    },
  });
}, 300_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

function search(target: string | null, key: string) {
  const q = target === null ? "" : `?target=${encodeURIComponent(target)}`;
  return app.fetch(new Request(`http://localhost/fhir/Provenance${q}`, { headers: { Authorization: `Bearer ${key}` } }));
}

async function provenances(target: string, key = keyA): Promise<{ bundle: Bundle<Provenance>; list: Provenance[] }> {
  const res = await search(target, key);
  expect(res.status, await res.clone().text()).toBe(200);
  const bundle = (await res.json()) as Bundle<Provenance>;
  return { bundle, list: (bundle.entry ?? []).map((e) => e.resource!) };
}

describe("GET /fhir/Provenance?target=ClaimResponse/<id>", () => {
  it("reads the case id from a PAS ClaimResponse id (<case id>-<answer time>)", () => {
    expect(caseIdOfClaimResponse(`${paId}-1764400000000`)).toBe(paId);
    expect(caseIdOfClaimResponse(paId)).toBe(paId);
  });

  it("gives a prior auth's decision with the engine and version, the reviewer, the signing clinician and the policy tree version", async () => {
    const { bundle, list } = await provenances(`ClaimResponse/${paId}-1764400000000`);
    expect(validateResource(bundle as never)).toEqual([]);
    expect(bundle.type).toBe("searchset");
    expect(list).toHaveLength(1);
    const prov = list[0]!;
    expect(validateResource(prov as never)).toEqual([]);
    expect(prov.target).toEqual([{ reference: `ClaimResponse/${paId}-1764400000000` }]);
    expect(Date.parse(prov.recorded)).not.toBeNaN();
    const byRole = Object.fromEntries(prov.agent.map((a) => [a.type!.coding![0]!.code, a.who]));
    expect(byRole.performer!.display).toBe(`${BUILTIN_ENGINE.name} ${BUILTIN_ENGINE.version}`);
    expect(byRole.verifier).toEqual({ display: "Dr Rivera (Internal Medicine)", identifier: { system: "http://hl7.org/fhir/sid/us-npi", value: reviewerNpi } });
    expect(byRole.attester?.identifier?.value).toBe(reviewerNpi);
    expect(prov.entity).toHaveLength(1);
    expect(prov.entity![0]!.role).toBe("source");
    expect(prov.entity![0]!.what.display).toBe('Coverage policy "Adalimumab", decision tree version 2, effective 2026-10-01');
  });

  it("gives one Provenance per claim line: the model that decided, the reviewer who overrode and signed off", async () => {
    const { bundle, list } = await provenances(`ClaimResponse/${claimId}-1764400000000`);
    expect(validateResource(bundle as never)).toEqual([]);
    expect(list).toHaveLength(2);
    for (const p of list) expect(validateResource(p as never)).toEqual([]);
    const [first, second] = list;
    expect(first!.target[0]!.display).toBe("claim line 1 (72148)");
    expect(first!.agent.map((a) => a.who.display)).toEqual(["openai model gpt-4o-mini"]);
    expect(first!.entity![0]!.what.display).toContain("decision tree version 2");
    expect(second!.target[0]!.display).toBe("claim line 2 (97110)");
    expect(second!.agent.map((a) => a.type!.coding![0]!.code)).toEqual(["performer", "attester"]);
    expect(second!.activity?.text).toContain("denied");
  });

  it("answers organization B's key with an empty searchset, as for an id nobody has", async () => {
    const other = await provenances(`ClaimResponse/${paId}-1764400000000`, keyB);
    expect(other.bundle.total).toBe(0);
    expect(other.list).toEqual([]);
    const claimOther = await provenances(`ClaimResponse/${claimId}`, keyB);
    expect(claimOther.list).toEqual([]);
    const nobody = await provenances("ClaimResponse/nosuchcase-1", keyA);
    expect(nobody.bundle.total).toBe(0);
  });

  it("refuses a key without cases.read (403), no key (401), no or a wrong target (400)", async () => {
    expect((await search(`ClaimResponse/${paId}`, noReadKey)).status).toBe(403);
    expect((await app.fetch(`/fhir/Provenance?target=ClaimResponse/${paId}`)).status).toBe(401);
    const missing = await search(null, keyA);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as OperationOutcome).issue[0]!.expression).toEqual(["target"]);
    expect((await search(`Patient/${paId}`, keyA)).status).toBe(400);
  });
});
