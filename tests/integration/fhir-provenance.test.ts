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
 *  - the AI rules that fired (from the trail) and the evidence spans cited (document, page, quote)
 *    are entities of role source; a signed-off denial carries the clinician's signature;
 *  - GET /fhir/Provenance/{id} reads one by the id the search gave, with the API key or a SMART
 *    Backend Services token of the organization; organization B's key and B's SMART client get 404
 *    (as for an id nobody has), a client without system/Provenance.read 403;
 *  - tenancy: organization B's key gets an empty searchset for A's ClaimResponse (and the same
 *    answer as for an id nobody has); a key without cases.read gets 403; no target 400.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import type { Bundle, OperationOutcome, Provenance } from "@medplum/fhirtypes";
import { validateResource } from "@medplum/core";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
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
let aiDecisionId = "";
let serviceDecisionId = "";
let adminA = "";
let adminB = "";
let orgAId = "";
let orgBId = "";
const TOKEN_URL = "http://localhost/fhir/auth/token";
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
  orgAId = orgA;
  orgBId = b.organization.id;
  adminA = await signInCookie(t.database, a.user.id);
  adminB = await signInCookie(t.database, b.user.id);
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
      citations: [
        { document: "fax", document_id: "doc-1", page: 2, start: 0, end: 40, text: "No trial of methotrexate is documented." },
        { document: "fax", document_id: "doc-1", page: 2, start: 0, end: 40, text: "No trial of methotrexate is documented." },
      ],
      decision_tree_traversal: [
        { node_question_or_action: "Has the member tried methotrexate for 3 months?", node_answer: "No", next_node: "Deny" },
        { node_question_or_action: 'AI rule "Biosimilar attestation" (clinical)', node_answer: "Fired → require biosimilar attestation", next_node: null },
        { node_question_or_action: 'AI rule "Broken rule" (audit)', node_answer: "Not applied: the rule does not parse (x)", next_node: null },
      ],
    },
  });
  aiDecisionId = ai.id;
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
  serviceDecisionId = (await p.serviceDecision.findFirstOrThrow({ where: { service_request_id: line1.id } })).id;
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
    // policy, the one rule that fired (not the one that did not parse), the cited span once
    expect(prov.entity!.map((e) => e.role)).toEqual(["source", "source", "source"]);
    expect(prov.entity![0]!.what.display).toBe('Coverage policy "Adalimumab", decision tree version 2, effective 2026-10-01');
    expect(prov.entity![0]!.what.identifier?.system).toBe("urn:pa-review:coverage-policy");
    expect(prov.entity![1]!.what).toEqual({
      identifier: { system: "urn:pa-review:ai-rule", value: "Biosimilar attestation" },
      display: 'AI rule "Biosimilar attestation" (clinical): Fired → require biosimilar attestation',
    });
    expect(prov.entity![2]!.what).toEqual({
      identifier: { system: "urn:pa-review:document", value: "doc-1" },
      display: 'fax, page 2: "No trial of methotrexate is documented."',
    });
    expect(prov.signature).toHaveLength(1);
    expect(prov.signature![0]!.who.identifier?.value).toBe(reviewerNpi);
    expect(prov.signature![0]!.type[0]!.code).toBe("1.2.840.10065.1.12.1.5");
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

function read(id: string, bearer: string) {
  return app.fetch(new Request(`http://localhost/fhir/Provenance/${id}`, { headers: { Authorization: `Bearer ${bearer}` } }));
}

interface TestKey {
  privateKey: CryptoKey;
  jwk: JWK;
}

async function smartToken(orgId: string, cookie: string, scopes: string[]): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair("RS384", { extractable: true });
  const key: TestKey = { privateKey, jwk: { ...(await exportJWK(publicKey)), kid: crypto.randomUUID(), alg: "RS384", use: "sig" } };
  const reg = await app.fetch(`/api/o/${orgId}/smart_clients`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ name: "Provenance reader", jwks: { keys: [key.jwk] }, scopes }),
  });
  expect(reg.status, await reg.clone().text()).toBe(201);
  const clientId = ((await reg.json()) as { smart_client: { client_id: string } }).smart_client.client_id;
  const now = Math.floor(Date.now() / 1000);
  const jwt = await new SignJWT({ jti: crypto.randomUUID() })
    .setProtectedHeader({ alg: "RS384", kid: key.jwk.kid!, typ: "JWT" })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(TOKEN_URL)
    .setIssuedAt(now)
    .setExpirationTime(now + 240)
    .sign(key.privateKey);
  const res = await app.fetch(
    new Request(TOKEN_URL, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
        client_assertion: jwt,
        scope: scopes.join(" "),
      }).toString(),
    }),
  );
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

describe("GET /fhir/Provenance/{id}", () => {
  it("reads a decision's Provenance by the id the search gave: the same resource, targeting the case's ClaimResponse by authorization number", async () => {
    const { list } = await provenances(`ClaimResponse/${paId}-1764400000000`);
    const res = await read(`ai-decision-${aiDecisionId}`, keyA);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/fhir\+json/);
    const prov = (await res.json()) as Provenance;
    expect(validateResource(prov as never)).toEqual([]);
    expect(prov.id).toBe(list[0]!.id);
    expect(prov.agent).toEqual(list[0]!.agent);
    expect(prov.entity).toEqual(list[0]!.entity);
    expect(prov.signature).toEqual(list[0]!.signature);
    expect(prov.target).toEqual([
      expect.objectContaining({ type: "ClaimResponse", identifier: { system: "urn:pa-review:authorization-number", value: paId } }),
    ]);
    const line = (await (await read(`service-decision-${serviceDecisionId}`, keyA)).json()) as Provenance;
    expect(line.target[0]!.display).toBe("claim line 1 (72148)");
    expect(line.agent[0]!.who.display).toBe("openai model gpt-4o-mini");
  });

  it("is declared in the CapabilityStatement (Provenance read and search-type)", async () => {
    const cs = (await (await app.fetch("/fhir/metadata")).json()) as { rest: { resource: { type: string; interaction: { code: string }[] }[] }[] };
    const provenance = cs.rest[0]!.resource.find((r) => r.type === "Provenance")!;
    expect(provenance.interaction.map((i) => i.code).sort()).toEqual(["read", "search-type"]);
  });

  it("answers organization B's key 404, the same as an id nobody has or a malformed id", async () => {
    for (const id of [`ai-decision-${aiDecisionId}`, `service-decision-${serviceDecisionId}`]) {
      const res = await read(id, keyB);
      expect(res.status, id).toBe(404);
      const outcome = (await res.json()) as OperationOutcome;
      expect(outcome.resourceType).toBe("OperationOutcome");
      expect(JSON.stringify(outcome)).not.toContain(paId);
    }
    expect((await read("ai-decision-nosuchdecision", keyA)).status).toBe(404);
    expect((await read("patient-1", keyA)).status).toBe(404);
    expect((await read(`ai-decision-${aiDecisionId}`, noReadKey)).status).toBe(403);
    expect((await app.fetch(`/fhir/Provenance/ai-decision-${aiDecisionId}`)).status).toBe(401);
  });

  it("serves a SMART Backend Services client of the organization; another organization's client gets 404; a client without Provenance.read 403", async () => {
    const tokenA = await smartToken(orgAId, adminA, ["system/Provenance.read"]);
    expect((await read(`ai-decision-${aiDecisionId}`, tokenA)).status).toBe(200);
    const tokenB = await smartToken(orgBId, adminB, ["system/Provenance.read"]);
    expect((await read(`ai-decision-${aiDecisionId}`, tokenB)).status).toBe(404);
    expect((await read(`service-decision-${serviceDecisionId}`, tokenB)).status).toBe(404);
    const claimOnly = await smartToken(orgAId, adminA, ["system/Claim.write"]);
    expect((await read(`ai-decision-${aiDecisionId}`, claimOnly)).status).toBe(403);
  });
});
