/**
 * PAS subscriptions (R4 Subscriptions Backport on the Da Vinci PAS SubscriptionTopic) end to end:
 * the real /fhir handler, database, queue and worker, and a real HTTP receiver on loopback.
 *  - /fhir/Subscription POST/GET/DELETE and Subscription/:id/$status: API keys as every /fhir
 *    route (401 without, 403 without the permission: cases.write to create or delete, cases.read to
 *    read), and tenancy (organization B's key gets 404 for A's subscription and never lists it);
 *    every /fhir/Subscription route of the route build is in this test's matrix;
 *  - validation against the package's profile-subscription plus the topic's rules (topic, one
 *    orgIdentifier filter, http(s) endpoint, no heartbeat), each problem listed;
 *  - the handshake makes the subscription active; notifications are signed (Standard Webhooks,
 *    secret returned once at creation), carry the channel's headers, and are refused by the
 *    webhooks' SSRF policy for a private address (the subscription goes to `error`);
 *  - a pended request is notified once decided: by the engine (a request answered after its
 *    deadline), by a clinical reviewer's sign-off of a denial (A3 with the reason) and by a
 *    reviewer's override (A1); the notification is a history Bundle with the SubscriptionStatus and
 *    the full PAS response bundle, valid against profile-pas-response-bundle;
 *  - a failing receiver gets retries with the same webhook-id until it answers 2xx;
 *  - only subscriptions of the case's organization whose orgIdentifier names the requesting provider
 *    are notified; a deleted subscription is not.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = "1";
  process.env.FHIR_SUBSCRIPTION_RETRY_BASE_MS = "300";
  process.env.FHIR_SUBSCRIPTION_MAX_ATTEMPTS = "3";
});

import type { Bundle, ClaimResponse, OperationOutcome, Parameters, Subscription } from "@medplum/fhirtypes";
import { Webhook } from "standardwebhooks";
import { validateResource } from "@medplum/core";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { EXAMPLE_MEMBER, medicationPasBundle, pasExample } from "../support/pas-bundles";
import { overrideServiceLine } from "~/claims/claim-review.server";
import { setDatabase } from "~/lib/db.server";
import { startWorker, type WorkerHandle } from "~/queue/worker.server";
import { createPlan, importFormulary, importRoster } from "~/plans/manage-plans.server";
import { createCoveragePolicy } from "~/coverage-policies/manage-coverage-policies.server";
import { generatePolicyDecisionTree } from "~/coverage-policies/generate-decision-tree.server";
import { generateDenialLetter } from "~/letters/generate-denial-letter.server";
import { recordHumanDecision } from "~/prior-auths/record-human-decision.server";
import { PAS_PROFILES, validateAgainstProfile } from "~/fhir/pas-validator.server";
import { PAS_WAIT_MS, submitPasRequest } from "~/fhir/submit-pas.server";
import { SIGNING_SECRET_EXTENSION, notifyPasDecision } from "~/fhir/pas-subscriptions.server";
import { reasonKindOfRule, x12ReviewReason } from "~/fhir/x12-review-reasons";
import { DEMO_CASES, DEMO_FORMULARY, DEMO_PLAN, DEMO_POLICIES, DEMO_ROSTER } from "../../fixtures/demo/catalog";
import { renderPolicyPdf, renderPriorAuthFax } from "../../fixtures/demo/render-fax.server";

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let t: TestDatabase;
let app: AppHandler;
let worker: WorkerHandle;
let receiver: http.Server;
let receiverBase = "";
const received: Received[] = [];
/** answers to give per path, in order; when empty, 200 */
const script: Record<string, number[]> = {};
let orgId = "";
let reviewerId = "";
let key = "";
let readOnlyKey = "";
let otherKey = "";

/** The requesting provider of medicationPasBundle (the referral example's Organization/UMOExample NPI). */
const REQUESTOR_NPI = "8189991234";
const REVIEW_ACTION = "http://hl7.org/fhir/us/davinci-pas/StructureDefinition/extension-reviewAction";
const approvable = DEMO_CASES.find((c) => c.id === "demo-001")!;
const deniable = DEMO_CASES.find((c) => c.id === "demo-003")!;

beforeAll(async () => {
  t = await createTestDatabase();
  setDatabase(t.database);
  app = await createAppHandler();
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = script[path]?.shift() ?? 200;
      res.writeHead(status, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const a = await createOrgWithUser(t.database, { orgName: "PAS subscriptions A" });
  const b = await createOrgWithUser(t.database, { orgName: "PAS subscriptions B" });
  orgId = a.organization.id;
  reviewerId = a.user.id;
  await t.database.prisma.membership.updateMany({ where: { user_id: a.user.id }, data: { roles: ["administrator", "clinical_reviewer"] } });
  key = (await createApiKey(t.database, orgId)).token;
  readOnlyKey = (await createApiKey(t.database, orgId, "read only", ["cases.read"])).token;
  otherKey = (await createApiKey(t.database, b.organization.id)).token;
  const plan = await createPlan(t.database, orgId, { ...DEMO_PLAN, document_type: "pharmacy" });
  await importRoster(t.database, orgId, plan.id, DEMO_ROSTER);
  await importFormulary(t.database, orgId, plan.id, DEMO_FORMULARY);
  for (const p of DEMO_POLICIES.filter((p) => p.id === approvable.policy_id || p.id === deniable.policy_id)) {
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
  // a medical plan with the package examples' member and no medical policy: services requests pend
  const medical = await createPlan(t.database, orgId, { ...DEMO_PLAN, title: "Medical plan", identification: "MED-PAS-SUB", document_type: "medical" });
  await importRoster(t.database, orgId, medical.id, [EXAMPLE_MEMBER]);
  worker = await startWorker({ database: t.database, concurrency: 2, pollMs: 100 });
}, 300_000);

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await new Promise((r) => receiver?.close(r));
  await t?.cleanup();
});

function call(method: string, path: string, k: string | null, body?: unknown) {
  return app.fetch(
    new Request(`http://localhost/fhir/${path}`, {
      method,
      headers: { ...(body !== undefined ? { "Content-Type": "application/fhir+json" } : {}), ...(k ? { Authorization: `Bearer ${k}` } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }),
  );
}

/** The package's Subscription example, pointed at `path` of the loopback receiver. */
function subscription(path: string, orgIdentifier = REQUESTOR_NPI): Subscription {
  const s = JSON.parse(JSON.stringify(pasExample("Subscription-PASSubscriptionExample.json"))) as Subscription & {
    _criteria: { extension: { url: string; valueString: string }[] };
  };
  s.channel.endpoint = `${receiverBase}${path}`;
  s._criteria.extension[0]!.valueString = `orgIdentifier=${orgIdentifier}`;
  return s;
}

async function until<T>(fn: () => Promise<T | null | undefined | false> | T | null | undefined | false, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function create(path: string, k = key, orgIdentifier = REQUESTOR_NPI): Promise<{ id: string; secret: string }> {
  const res = await call("POST", "Subscription", k, subscription(path, orgIdentifier));
  expect(res.status, await res.clone().text()).toBe(201);
  const body = (await res.json()) as Subscription;
  const secret = body.extension?.find((e) => e.url === SIGNING_SECRET_EXTENSION)?.valueString ?? "";
  return { id: body.id!, secret };
}

async function activeStatus(id: string): Promise<string> {
  return (await t.database.prisma.fhirSubscription.findUniqueOrThrow({ where: { id } })).status;
}

function at(path: string): Received[] {
  return received.filter((r) => r.path === path);
}

function notificationParts(r: Received): { status: Parameters; response: Bundle | undefined; bundle: Bundle } {
  const bundle = JSON.parse(r.body) as Bundle;
  return { bundle, status: bundle.entry![0]!.resource as Parameters, response: bundle.entry?.[1]?.resource as Bundle | undefined };
}

function param(p: Parameters, name: string) {
  return p.parameter?.find((x) => x.name === name);
}

function reviewCodes(bundle: Bundle): string[] {
  const cr = bundle.entry![0]!.resource as ClaimResponse;
  return (cr.item ?? []).map((item) => {
    const action = item.adjudication?.[0]?.extension?.find((e) => e.url === REVIEW_ACTION);
    return action?.extension?.find((e) => e.url.endsWith("extension-reviewActionCode"))?.valueCodeableConcept?.coding?.[0]?.code ?? "?";
  });
}

/** The X12 886 reason codes (reviewAction.reasonCode) of each item, null when absent. */
function reasonCodes(bundle: Bundle): (string | null)[] {
  const cr = bundle.entry![0]!.resource as ClaimResponse;
  return (cr.item ?? []).map((item) => {
    const action = item.adjudication?.[0]?.extension?.find((e) => e.url === REVIEW_ACTION);
    return action?.extension?.find((e) => e.url === "reasonCode")?.valueCodeableConcept?.coding?.[0]?.code ?? null;
  });
}

async function submitRoute(bundle: Bundle): Promise<{ caseId: string; codes: string[]; reasons: (string | null)[] }> {
  const res = await call("POST", "Claim/$submit", key, bundle);
  expect(res.status, await res.clone().text()).toBe(200);
  const answer = (await res.json()) as Bundle;
  return { caseId: res.headers.get("X-Case-Id")!, codes: reviewCodes(answer), reasons: reasonCodes(answer) };
}

describe("API keys, roles and tenancy on /fhir/Subscription", () => {
  it("covers every /fhir/Subscription route of the route build (guards against an untested route)", () => {
    const ids = Object.keys(app.build.routes).filter((id) => /^routes\/fhir\/subscription/.test(id));
    expect(ids.sort()).toEqual(["routes/fhir/subscription", "routes/fhir/subscription-status", "routes/fhir/subscriptions"]);
  });

  it("answers 401 without a key, 403 to a read-only key for POST and DELETE, and lets it read", async () => {
    const { id } = await create("/roles");
    for (const [method, path] of [
      ["GET", "Subscription"],
      ["POST", "Subscription"],
      ["GET", `Subscription/${id}`],
      ["DELETE", `Subscription/${id}`],
      ["GET", `Subscription/${id}/$status`],
    ] as const) {
      const res = await call(method, path, null, method === "POST" ? subscription("/roles") : undefined);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(((await res.json()) as OperationOutcome).resourceType).toBe("OperationOutcome");
    }
    expect((await call("POST", "Subscription", readOnlyKey, subscription("/roles"))).status).toBe(403);
    expect((await call("DELETE", `Subscription/${id}`, readOnlyKey)).status).toBe(403);
    expect((await call("GET", `Subscription/${id}`, readOnlyKey)).status).toBe(200);
    expect((await call("GET", `Subscription/${id}/$status`, readOnlyKey)).status).toBe(200);
    expect((await call("GET", "Subscription", readOnlyKey)).status).toBe(200);
    expect(await t.database.prisma.fhirSubscription.count({ where: { id } })).toBe(1);
  });

  it("never shows or changes A's subscription to B's key (404), nor lists it", async () => {
    const { id } = await create("/tenancy");
    for (const [method, path] of [
      ["GET", `Subscription/${id}`],
      ["DELETE", `Subscription/${id}`],
      ["GET", `Subscription/${id}/$status`],
    ] as const) {
      const res = await call(method, path, otherKey);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const list = (await (await call("GET", "Subscription", otherKey)).json()) as Bundle;
    expect((list.entry ?? []).map((e) => e.resource?.id)).not.toContain(id);
    const own = (await (await call("GET", "Subscription", key)).json()) as Bundle;
    expect((own.entry ?? []).map((e) => e.resource?.id)).toContain(id);
    expect(await t.database.prisma.fhirSubscription.count({ where: { id } })).toBe(1);
  });
});

describe("CapabilityStatement and documentation", () => {
  it("GET /fhir/metadata declares Subscription (profile, interactions, $status) and stays a valid R4 CapabilityStatement", async () => {
    const cs = (await (await app.fetch("/fhir/metadata")).json()) as {
      rest: { resource: { type: string; supportedProfile?: string[]; interaction?: { code: string }[]; operation?: { name: string }[] }[] }[];
    };
    expect(validateResource(cs as never)).toEqual([]);
    const sub = cs.rest[0]!.resource.find((r) => r.type === "Subscription")!;
    expect(sub.supportedProfile).toEqual(["http://hl7.org/fhir/us/davinci-pas/StructureDefinition/profile-subscription"]);
    expect(sub.interaction!.map((i) => i.code).sort()).toEqual(["create", "delete", "read", "search-type"]);
    expect(sub.operation!.map((o) => o.name)).toEqual(["status"]);
  });

  it("/docs/fhir documents subscriptions and the X12 886 reason codes", async () => {
    const html = await (await app.fetch("/docs/fhir", { headers: { Accept: "text/html" } })).text();
    for (const text of ["POST /fhir/Subscription", "PASSubscriptionTopic", "orgIdentifier", "$status", "0V", "codesystem.x12.org/external/886"])
      expect(html).toContain(text);
  });
});

describe("creating a subscription", () => {
  it("refuses a body that is not a Subscription (400) and lists every problem of a bad one (422)", async () => {
    expect((await call("POST", "Subscription", key, { resourceType: "Patient" })).status).toBe(400);
    const bad = subscription("/bad") as Subscription & { _criteria?: unknown };
    bad.criteria = "http://example.org/SubscriptionTopic/other";
    delete bad._criteria;
    bad.channel.endpoint = "ftp://example.org/x";
    bad.channel.extension = [{ url: "http://hl7.org/fhir/uv/subscriptions-backport/StructureDefinition/backport-heartbeat-period", valueUnsignedInt: 60 }];
    delete (bad as { reason?: string }).reason;
    const res = await call("POST", "Subscription", key, bad);
    expect(res.status).toBe(422);
    const text = JSON.stringify(((await res.json()) as OperationOutcome).issue);
    expect(text).toMatch(/Unknown topic/);
    expect(text).toMatch(/orgIdentifier/);
    expect(text).toMatch(/http\(s\) URL/);
    expect(text).toMatch(/Heartbeat/);
    expect(text).toMatch(/reason/i); // Subscription.reason 1..1 from the profile
  });

  it("handshakes (history Bundle, SubscriptionStatus type handshake), signed and with the channel's header, then is active", async () => {
    const body = subscription("/handshake");
    body.channel.header = ["Authorization: Bearer receiver-token"];
    const res = await call("POST", "Subscription", key, body);
    expect(res.status).toBe(201);
    expect(res.headers.get("Location")).toMatch(/\/fhir\/Subscription\//);
    const created = (await res.json()) as Subscription;
    expect(created.status).toBe("requested");
    expect(created.channel.header).toBeUndefined(); // never echoed
    const secret = created.extension!.find((e) => e.url === SIGNING_SECRET_EXTENSION)!.valueString!;
    const got = await until(() => at("/handshake")[0]);
    expect(got.headers["content-type"]).toBe("application/fhir+json");
    expect(got.headers.authorization).toBe("Bearer receiver-token");
    expect(() =>
      new Webhook(secret).verify(got.body, {
        "webhook-id": String(got.headers["webhook-id"]),
        "webhook-timestamp": String(got.headers["webhook-timestamp"]),
        "webhook-signature": String(got.headers["webhook-signature"]),
      }),
    ).not.toThrow();
    const { bundle, status } = notificationParts(got);
    expect(bundle.type).toBe("history");
    expect(param(status, "type")?.valueCode).toBe("handshake");
    expect(param(status, "topic")?.valueCanonical).toBe("http://hl7.org/fhir/us/davinci-pas/SubscriptionTopic/PASSubscriptionTopic");
    await until(async () => (await activeStatus(created.id!)) === "active");
    const read = (await (await call("GET", `Subscription/${created.id}`, key)).json()) as Subscription;
    expect(read.status).toBe("active");
    expect(read.extension?.find((e) => e.url === SIGNING_SECRET_EXTENSION)).toBeUndefined(); // shown once
    const stored = await t.database.prisma.fhirSubscription.findUniqueOrThrow({ where: { id: created.id! } });
    expect(stored.headers).not.toContain("receiver-token"); // encrypted at rest
  });

  it("does not deliver to a private address unless allowed: the subscription goes to error", async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE = "0";
    try {
      const { id } = await create("/blocked");
      await until(async () => (await activeStatus(id)) === "error");
      expect(at("/blocked")).toEqual([]);
      const status = (await (await call("GET", `Subscription/${id}/$status`, key)).json()) as Bundle;
      const p = status.entry![0]!.resource as Parameters;
      expect(param(p, "status")?.valueCode).toBe("error");
      expect(param(p, "type")?.valueCode).toBe("query-status");
    } finally {
      process.env.WEBHOOKS_ALLOW_PRIVATE = "1";
    }
  });
});

describe("notifications when a pended request is decided", () => {
  let main: { id: string; secret: string };
  let otherProvider = "";
  let otherOrg = "";

  beforeAll(async () => {
    main = await create("/main");
    otherProvider = (await create("/other-provider", key, "9999999999")).id;
    // B subscribes with the same provider identifier: tenancy must still keep A's decisions from it
    otherOrg = (await create("/other-org", otherKey)).id;
    for (const id of [main.id, otherProvider, otherOrg]) await until(async () => (await activeStatus(id)) === "active");
  }, 60_000);

  function events(path: string) {
    return at(path).filter((r) => param(notificationParts(r).status, "type")?.valueCode === "event-notification");
  }

  it("a clinical reviewer's sign-off of a pended AI denial sends A3 with the reason and the full response bundle", async () => {
    const before = events("/main").length;
    const { caseId, codes, reasons } = await submitRoute(
      medicationPasBundle(deniable, await renderPriorAuthFax(deniable, { layout: deniable.layout }), "SUB-DENY"),
    );
    expect(codes).toEqual(["A4"]);
    expect(reasons).toEqual(["0V"]); // Requires Medical Review: a pended AI denial is never coded as a denial
    expect(events("/main").length).toBe(before); // nothing decided yet
    await generateDenialLetter(t.database, orgId, caseId, {
      userId: reviewerId,
      clinician_sign_off: true,
      denial_reason: "Step therapy with a preferred TNF inhibitor is not documented.",
    });
    const got = await until(() => events("/main")[before]);
    expect(() =>
      new Webhook(main.secret).verify(got.body, {
        "webhook-id": String(got.headers["webhook-id"]),
        "webhook-timestamp": String(got.headers["webhook-timestamp"]),
        "webhook-signature": String(got.headers["webhook-signature"]),
      }),
    ).not.toThrow();
    const { bundle, status, response } = notificationParts(got);
    expect(bundle.type).toBe("history");
    expect(param(status, "subscription")?.valueReference?.reference).toMatch(new RegExp(`Subscription/${main.id}$`));
    const event = param(status, "notification-event")!;
    expect(event.part!.find((p) => p.name === "event-number")?.valueString).toBe("1");
    expect(event.part!.find((p) => p.name === "focus")?.valueReference?.reference).toBe(bundle.entry![1]!.fullUrl);
    expect(validateAgainstProfile(response!, PAS_PROFILES.responseBundle)).toEqual([]);
    expect(reviewCodes(response!)).toEqual(["A3"]);
    // the engine's denial rule, as an X12 886 code (x12-review-reasons.ts); none for a rule 886 has no
    // code for (this demo member's coverage: eligibility is an AAA matter, not a review outcome)
    const ai = await t.database.prisma.aiDecision.findFirstOrThrow({ where: { prior_auth_id: caseId }, orderBy: { created_at: "desc" } });
    const rule = (ai.response_data as { rule?: string }).rule;
    expect(rule).toMatch(/^deny_/);
    expect(reasonCodes(response!)).toEqual([x12ReviewReason("A3", reasonKindOfRule(rule))?.code ?? null]);
    const cr = response!.entry![0]!.resource as ClaimResponse;
    expect(cr.preAuthRef).toBe(caseId);
    expect(cr.processNote?.[0]?.text).toBe("Step therapy with a preferred TNF inhibitor is not documented.");
    // the same decision again (a second look) is not notified twice
    expect(await notifyPasDecision(t.database, orgId, "prior_auth", caseId)).toBe(0);
  }, 120_000);

  it("the engine's decision of a request answered pended at its deadline is notified (A1)", async () => {
    const before = events("/main").length;
    const request = medicationPasBundle(approvable, await renderPriorAuthFax(approvable, { layout: approvable.layout }), "SUB-ENGINE");
    // the request's 15 s are already spent when it is read: answered pended, decided afterwards
    const result = await submitPasRequest(t.database, orgId, request, { receivedAt: Date.now() - PAS_WAIT_MS });
    expect(reviewCodes(result.bundle)).toEqual(["A4"]);
    const got = await until(() => events("/main")[before], 120_000);
    const { response } = notificationParts(got);
    expect(reviewCodes(response!)).toEqual(["A1"]);
    expect((response!.entry![0]!.resource as ClaimResponse).preAuthRef).toBe(result.caseId);
    expect(validateAgainstProfile(response!, PAS_PROFILES.responseBundle)).toEqual([]);
  }, 180_000);

  it("a reviewer's override of a pended request is notified, retried with the same webhook-id after a failure", async () => {
    const { caseId, codes } = await submitRoute(medicationPasBundle(deniable, await renderPriorAuthFax(deniable, { layout: deniable.layout }), "SUB-OVERRIDE"));
    expect(codes).toEqual(["A4"]);
    const before = events("/main").length;
    script["/main"] = [500];
    const pa = await t.database.prisma.priorAuth.findUniqueOrThrow({ where: { id: caseId }, include: { ai_decisions: true } });
    await recordHumanDecision(
      t.database,
      orgId,
      caseId,
      pa.ai_decisions.at(-1)!.id,
      { decision_type: "approve", reason: "Step therapy documented on appeal call." },
      reviewerId,
    );
    const second = await until(() => events("/main")[before + 1]);
    const first = events("/main")[before]!;
    expect(second.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    const { response } = notificationParts(second);
    expect(reviewCodes(response!)).toEqual(["A1"]);
    const sub = await t.database.prisma.fhirSubscription.findUniqueOrThrow({ where: { id: main.id } });
    expect(sub.status).toBe("active");
  }, 120_000);

  it("a reviewer's override of a pended services request (a medical claim line) is notified", async () => {
    const before = events("/main").length;
    const { caseId, codes, reasons } = await submitRoute(pasExample("Bundle-MedicalServicesAuthorizationBundleExample.json"));
    expect(codes).toEqual(["A4"]);
    expect(reasons[0]).toMatch(/^0[UVW]$/); // pended for information or review, never a denial reason
    await until(async () => (await t.database.prisma.claim.findUniqueOrThrow({ where: { id: caseId } })).intake_status === "succeeded", 120_000);
    const claim = await t.database.prisma.claim.findUniqueOrThrow({ where: { id: caseId }, include: { service_requests: true } });
    expect(claim.service_requests.map((l) => l.code)).toEqual(["99212"]);
    expect(events("/main").length).toBe(before);
    await overrideServiceLine(t.database, orgId, caseId, claim.service_requests[0]!.id, {
      decision_type: "approve",
      reason: "Referral is appropriate.",
      userId: reviewerId,
    });
    const got = await until(() => events("/main")[before]);
    const { response } = notificationParts(got);
    expect(reviewCodes(response!)).toEqual(["A1"]);
    expect((response!.entry![0]!.resource as ClaimResponse).preAuthRef).toBe(caseId);
    expect(validateAgainstProfile(response!, PAS_PROFILES.responseBundle)).toEqual([]);
  }, 180_000);

  it("does not notify a decision the $submit answer already carried", async () => {
    const request = medicationPasBundle(approvable, await renderPriorAuthFax(approvable, { layout: approvable.layout }), "SUB-IN-TIME");
    // a generous budget (not a timing assertion): the answer waits for the engine's decision
    const result = await submitPasRequest(t.database, orgId, request, { waitMs: 120_000 });
    expect(reviewCodes(result.bundle)).toEqual(["A1"]);
    expect(await t.database.prisma.epaSubmission.findFirstOrThrow({ where: { prior_auth_id: result.caseId! } })).toMatchObject({ pas_answered: "A1" });
    await new Promise((r) => setTimeout(r, 2_000)); // deliveries run every 100 ms: one would have arrived
    const about = events("/main").filter(
      (r) => (notificationParts(r).response?.entry?.[0]?.resource as ClaimResponse | undefined)?.preAuthRef === result.caseId,
    );
    expect(about).toEqual([]);
  }, 180_000);

  it("notifies no other organization and no subscription filtered on another provider; a deleted subscription gets nothing", async () => {
    expect(events("/other-org")).toEqual([]);
    expect(events("/other-provider")).toEqual([]);
    expect((await call("DELETE", `Subscription/${main.id}`, key)).status).toBe(204);
    expect((await call("GET", `Subscription/${main.id}`, key)).status).toBe(404);
    const before = events("/main").length;
    const { caseId } = await submitRoute(medicationPasBundle(deniable, await renderPriorAuthFax(deniable, { layout: deniable.layout }), "SUB-AFTER"));
    await generateDenialLetter(t.database, orgId, caseId, { userId: reviewerId, clinician_sign_off: true, denial_reason: "Not documented." });
    expect(await t.database.prisma.epaSubmission.findFirstOrThrow({ where: { prior_auth_id: caseId } })).toMatchObject({ pas_answered: "A3" });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(events("/main").length).toBe(before);
  }, 120_000);
});
