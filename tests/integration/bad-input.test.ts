/**
 * Bad input never crashes a process or loses data. Through the real request handler (route matching
 * included), every /api route and method gets malformed and hostile input, and every workspace form
 * action gets garbage intents and missing fields:
 *  - /api: 4xx (never 5xx, never a redirect) with `{success:false, errors:[non-empty strings]}`;
 *    unsupported methods → 405 JSON; malformed JSON → 400 'Invalid JSON body'; unknown or hostile ids → 4xx;
 *  - form actions: a 4xx (rendered error or error boundary), never 5xx;
 *  - afterwards the app still serves, no unhandled rejection was raised, and the seeded records are intact;
 *  - SSE routes refuse other organizations (404) and a client that goes away mid-stream (through a real
 *    Express server) does not take the process down.
 * Every route under /api (app/api/route-table.ts) must appear in ROUTES below, so new endpoints are attacked too.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { createRequestHandler } from "@react-router/express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { seedReviewedCase } from "./api-prior-auths.seed";
import { liveEventStats, publish } from "~/queue/live-events.server";
import fc from "fast-check";
import { contentStreamBomb, encryptedPdf, imageBomb } from "../support/pdf-bomb";
import { renderPriorAuthFax } from "../../fixtures/demo/render-fax.server";
import { DEMO_CASES } from "../../fixtures/demo/catalog";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const METHODS: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

interface RouteSpec {
  /** methods the route serves; every other method must answer 405 JSON */
  methods: Method[];
  /** reads a JSON/form body whose required fields make bad bodies a 4xx (else a body may be ignored) */
  body?: "required" | "optional" | "none";
  /** takes a file upload (also gets the empty / non-PDF / 26 MB files) */
  upload?: string;
  /** no organization in the URL and no session needed (sign-in endpoints) */
  public?: boolean;
  sse?: boolean;
}

/** Route id (app.build.routes) → what it serves. */
const ROUTES: Record<string, RouteSpec> = {
  "routes/api/session/check-account": { methods: ["POST"], body: "required", public: true },
  "routes/api/session/verify-code": { methods: ["POST"], body: "required", public: true },
  "routes/api/session/logged-in-user": { methods: ["GET"] },
  "routes/api/prompts/prompt": { methods: ["GET"] },
  "routes/api/prompts/claim-prompt": { methods: ["GET"] },
  "routes/api/organizations/organization": { methods: ["GET"] },
  "routes/api/organizations/events": { methods: ["GET"], sse: true },
  "routes/api/organizations/decision-settings": { methods: ["GET", "PATCH"], body: "required" },
  "routes/api/prior-auths/generate-synthetic": { methods: ["POST"], body: "optional" },
  "routes/api/plans/collection": { methods: ["GET", "POST"], body: "required" },
  "routes/api/plans/collection.alias": { methods: ["GET", "POST"], body: "required" },
  "routes/api/plans/item": { methods: ["GET", "DELETE"], body: "none" },
  "routes/api/plans/item.alias": { methods: ["GET", "DELETE"], body: "none" },
  "routes/api/coverage-policies/collection": { methods: ["GET", "POST"], body: "required", upload: "upload.file" },
  "routes/api/coverage-policies/collection.alias": { methods: ["GET", "POST"], body: "required", upload: "upload.file" },
  "routes/api/coverage-policies/item": { methods: ["GET", "DELETE"], body: "none" },
  "routes/api/coverage-policies/item.alias": { methods: ["GET", "DELETE"], body: "none" },
  "routes/api/coverage-policies/decision-tree": { methods: ["POST"], body: "none" },
  "routes/api/coverage-policies/versions": { methods: ["GET", "POST"], body: "required" },
  "routes/api/coverage-policies/version": { methods: ["GET"] },
  "routes/api/coverage-policies/nodes": { methods: ["GET", "POST"], body: "required" },
  "routes/api/coverage-policies/nodes.alias": { methods: ["GET", "POST"], body: "required" },
  "routes/api/coverage-policies/node": { methods: ["PUT", "PATCH", "DELETE"], body: "optional" }, // partial update
  "routes/api/plans/extract-coverage-policies": { methods: ["POST"], body: "optional" },
  "routes/api/plans/extracted-coverage-policies": { methods: ["GET"] },
  "routes/api/plans/document": { methods: ["GET", "POST", "DELETE"], body: "required", upload: "file" },
  "routes/api/prior-auths/collection": { methods: ["GET", "POST"], body: "required", upload: "file" },
  "routes/api/prior-auths/collection.alias": { methods: ["GET", "POST"], body: "required", upload: "file" },
  "routes/api/prior-auths/item": { methods: ["GET", "DELETE"], body: "none" },
  "routes/api/prior-auths/item.alias": { methods: ["GET", "DELETE"], body: "none" },
  "routes/api/prior-auths/events": { methods: ["GET"], sse: true },
  "routes/api/prior-auths/ai-agent-runs": { methods: ["GET"] },
  "routes/api/prior-auths/decisions": { methods: ["POST"], body: "required" },
  "routes/api/prior-auths/chat-threads": { methods: ["POST"], body: "none" },
  "routes/api/prior-auths/chat-messages": { methods: ["GET", "POST"], body: "required" },
  "routes/api/prior-auths/ai-chat-message": { methods: ["POST"], body: "none" },
  "routes/api/prior-auths/generate-denial-letter": { methods: ["POST"], body: "required" },
  "routes/api/prior-auths/letter-pdf": { methods: ["GET"] },
  "routes/api/prior-auths/extension": { methods: ["POST"], body: "required" },
  "routes/api/prior-auths/appeals": { methods: ["GET", "POST"], body: "required" },
  "routes/api/prior-auths/appeal-decision": { methods: ["POST"], body: "required" },
  "routes/api/prior-auths/run-ai": { methods: ["POST"], body: "none" },
  "routes/api/prior-auths/run-prompt": { methods: ["POST"], body: "required" },
  // the public demo (no account); the run's {orgId} is a customer organization here, so it is 404 after the body is read
  "routes/api/demo/faxes": { methods: ["GET"], public: true },
  "routes/api/demo/demos": { methods: ["GET"], public: true },
  "routes/api/demo/fax-pdf": { methods: ["GET"], public: true },
  "routes/api/demo/run": { methods: ["POST"], body: "required" },
  "routes/api/ai-rules/collection": { methods: ["GET", "POST"], body: "required" },
  "routes/api/ai-rules/collection.alias": { methods: ["GET", "POST"], body: "required" },
  "routes/api/ai-rules/item": { methods: ["GET", "PUT", "PATCH", "DELETE"], body: "optional" },
  "routes/api/ai-rules/item.alias": { methods: ["GET", "PUT", "PATCH", "DELETE"], body: "optional" },
  "routes/api/drug-products/search": { methods: ["GET"] },
  "routes/api/letter-forms/collection": { methods: ["GET", "POST"], body: "required" },
  "routes/api/letter-forms/collection.alias": { methods: ["GET", "POST"], body: "required" },
  "routes/api/webhooks/collection": { methods: ["GET", "POST"], body: "required" },
  "routes/api/webhooks/collection.alias": { methods: ["GET", "POST"], body: "required" },
  "routes/api/webhooks/item": { methods: ["GET", "PUT", "DELETE"], body: "required" },
  "routes/api/webhooks/item.alias": { methods: ["GET", "PUT", "DELETE"], body: "required" },
  "routes/api/webhooks/deliveries": { methods: ["GET"] },
  "routes/api/webhooks/rerun-delivery": { methods: ["POST"], body: "none" },
  "routes/api/webhooks/rotate-secret": { methods: ["POST"], body: "none" },
  "routes/api/compendia/catalogue": { methods: ["GET"] },
  "routes/api/compendia/integrations": { methods: ["GET", "POST"], body: "required" },
  "routes/api/reports/metrics-json": { methods: ["GET"] },
  "routes/api/reports/metrics-csv": { methods: ["GET"] },
  "routes/api/users/collection": { methods: ["GET", "POST"], body: "required", upload: "avatar" },
  "routes/api/users/collection.alias": { methods: ["GET", "POST"], body: "required", upload: "avatar" },
  "routes/api/users/item": { methods: ["PATCH", "DELETE"], body: "required" },
  "routes/api/roles/collection": { methods: ["GET", "POST"], body: "required" },
  "routes/api/roles/create": { methods: ["POST"], body: "required" },
  "routes/api/audit-events/collection": { methods: ["GET"] },
  "routes/api/api-keys/collection": { methods: ["GET", "POST"], body: "optional" },
  "routes/api/api-keys/collection.alias": { methods: ["GET", "POST"], body: "optional" },
  "routes/api/api-keys/item": { methods: ["DELETE"] },
  // SMART Backend Services clients (registered by a signed-in admin)
  "routes/api/smart-clients/collection": { methods: ["GET", "POST"], body: "required" },
  "routes/api/smart-clients/collection.alias": { methods: ["GET", "POST"], body: "required" },
  "routes/api/smart-clients/item": { methods: ["GET", "DELETE"] },
  "routes/api/formulary/collection": { methods: ["GET"] },
  "routes/api/formulary/collection.alias": { methods: ["GET"] },
  "routes/api/formulary/item": { methods: ["GET"] },
  "routes/api/formulary/item.alias": { methods: ["GET"] },
  "routes/api/claims/collection": { methods: ["GET", "POST"], body: "required", upload: "fax.file" },
  "routes/api/claims/collection.alias": { methods: ["GET", "POST"], body: "required", upload: "fax.file" },
  "routes/api/claims/item": { methods: ["GET", "DELETE"], body: "none" },
  "routes/api/claims/item.alias": { methods: ["GET", "DELETE"], body: "none" },
  "routes/api/claims/events": { methods: ["GET"], sse: true },
  "routes/api/claims/run-ai": { methods: ["POST"], body: "none" },
  "routes/api/claims/run-prompt": { methods: ["POST"], body: "required" },
  "routes/api/claims/decisions": { methods: ["POST"], body: "required" },
  "routes/api/claims/generate-denial-letter": { methods: ["POST"], body: "required" },
  "routes/api/claims/letter-pdf": { methods: ["GET"] },
  "routes/api/claims/extension": { methods: ["POST"], body: "required" },
  "routes/api/claims/appeals": { methods: ["GET", "POST"], body: "required" },
  "routes/api/claims/appeal-decision": { methods: ["POST"], body: "required" },
};

/** Every body field any /api endpoint reads (to send them all with the wrong type or size). */
const FIELDS = [
  "title",
  "identification",
  "document_type",
  "line_of_business",
  "plan_type",
  "state",
  "effective_date",
  "termination_date",
  "is_active",
  "file_url",
  "drug_name",
  "policy_text",
  "policy_drugs",
  "drugs_list",
  "policy_type",
  "json_schema",
  "question",
  "reason",
  "node_type",
  "node_action",
  "action",
  "condition",
  "parent_id",
  "decision_type",
  "content",
  "description",
  "clinician_sign_off",
  "letter_form_id",
  "denial_reason",
  "prompt_type",
  "system_prompt",
  "user_prompt",
  "evaluation_mode",
  "expected",
  "notes",
  "submission_type",
  "epa_submission",
  "synthetic_document",
  "urgency",
  "email",
  "organization_id",
  "code",
  "url",
  "event_types",
  "access_key",
  "compendium_id",
  "active",
  "username",
  "roles",
  "role_id",
  "name",
  "permissions",
  "avatar",
  "reason_kind",
  "days",
  "received_at",
  "appellant",
  "outcome",
];
const allFields = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));
const LONG = "x".repeat(100_000);

const BAD_IDS = [
  `c${crypto.randomBytes(12).toString("hex")}`,
  encodeURIComponent("' OR 1=1 --"),
  "..%2F..%2F..%2Fetc%2Fpasswd",
  "%00",
  "%E0%A4%A",
  "%F0%9F%92%A9",
  "9".repeat(40),
  "a".repeat(3000),
];

let t: TestDatabase;
let app: AppHandler;
let orgId: string;
let otherOrgId: string;
let cookie: string;
let otherCookie: string;
let apiKey: string;
let ids: Record<string, string>;
let otherPriorAuthId: string;
const failures: string[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on("unhandledRejection", onUnhandled);
  t = await createTestDatabase();
  app = await createAppHandler();
  const a = await createOrgWithUser(t.database, { orgName: "Bad Input A" });
  const b = await createOrgWithUser(t.database, { orgName: "Bad Input B" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  cookie = await signInCookie(t.database, a.user.id);
  otherCookie = await signInCookie(t.database, b.user.id);
  apiKey = (await createApiKey(t.database, orgId)).token;
  const seeded = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });
  otherPriorAuthId = (await seedReviewedCase(t.database, otherOrgId, { withPolicy: false })).priorAuthId;
  const p = t.database.prisma;
  const policy = await p.coveragePolicy.findUniqueOrThrow({ where: { id: seeded.coveragePolicyId! } });
  const node = await p.coveragePolicyNode.create({ data: { coverage_policy_id: policy.id, question: "Tried methotrexate?", node_type: "question" } });
  const thread = await p.chatThread.create({ data: { organization_id: orgId, prior_auth_id: seeded.priorAuthId } });
  // A real endpoint and attempt of A, so webhook routes are fuzzed past the lookup (the url is never called).
  const webhook = await p.webhookEndpoint.create({
    data: { organization_id: orgId, url: "https://example.test/hook", event_types: ["prior_auth.succeeded"], secret: "s", active: false },
  });
  const attempt = await p.webhookDelivery.create({
    data: { webhook_endpoint_id: webhook.id, event_type: "prior_auth.succeeded", message_id: "msg_x", payload: {} },
  });
  // An open appeal of A's case, so the decision route is fuzzed past the appeal lookup.
  const appeal = await p.appeal.create({ data: { organization_id: orgId, prior_auth_id: seeded.priorAuthId, received_at: new Date(), appellant: "member" } });
  ids = {
    orgId,
    appealId: appeal.id,
    planId: policy.plan_id,
    policyId: policy.id,
    nodeId: node.id,
    id: seeded.priorAuthId,
    aiDecisionId: seeded.aiDecisionId!,
    threadId: thread.id,
    letterId: `c${crypto.randomBytes(12).toString("hex")}`,
    webhookId: webhook.id,
    deliveryId: attempt.id,
  };
}, 180_000);

afterAll(async () => {
  process.off("unhandledRejection", onUnhandled);
  await app?.close();
  await t?.cleanup();
});

/** The route's URL pattern from the build (parents included), with `:param` left in. */
function patternOf(routeId: string): string {
  const segments: string[] = [];
  let route = app.build.routes[routeId];
  while (route) {
    if (route.path) segments.unshift(route.path);
    route = route.parentId ? app.build.routes[route.parentId] : undefined;
  }
  return `/${segments.join("/").split("/").filter(Boolean).join("/")}`;
}

function fill(pattern: string, values: Record<string, string>, raw: Record<string, string> = {}): string {
  return pattern.replace(/:(\w+)/g, (_m, name: string) => raw[name] ?? encodeURIComponent(values[name] ?? "x"));
}

const asA = (headers: Record<string, string> = {}) => ({ Cookie: cookie, ...headers });

/** Records a failure unless `res` is a proper API error (or, when allowed, a success). */
async function expectApiError(label: string, res: Response, opts: { status?: number | number[]; allowOk?: boolean } = {}): Promise<void> {
  const text = await res.text();
  const expected = opts.status === undefined ? null : Array.isArray(opts.status) ? opts.status : [opts.status];
  if (res.status >= 200 && res.status < 300 && opts.allowOk) return;
  if (res.status >= 500) return void failures.push(`${label} → ${res.status} ${text.slice(0, 160)}`);
  if (res.status < 400) return void failures.push(`${label} → ${res.status} (bad input accepted or redirected)`);
  if (expected && !expected.includes(res.status)) failures.push(`${label} → ${res.status}, expected ${expected.join("|")}: ${text.slice(0, 160)}`);
  let body: { success?: unknown; errors?: unknown } | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    return void failures.push(`${label} → ${res.status} not JSON: ${text.slice(0, 120)}`);
  }
  const errors = body?.errors;
  if (body?.success !== false || !Array.isArray(errors) || errors.length === 0 || !errors.every((e) => typeof e === "string" && e.trim() !== "")) {
    failures.push(`${label} → ${res.status} without {success:false, errors:[...]}: ${text.slice(0, 160)}`);
  }
}

async function stillServing(label: string): Promise<void> {
  const res = await app.fetch(`/api/o/${orgId}.json`, { headers: asA() });
  if (res.status !== 200) failures.push(`after ${label}: /api/o/{org}.json → ${res.status}`);
  await res.body?.cancel();
}

function file(bytes: Uint8Array | string, name: string, type = "application/pdf"): File {
  return new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });
}

function multipart(fields: Record<string, string | File>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

const JSON_TYPE = { "Content-Type": "application/json" };

/** Bad bodies for a write method: [label, headers, body, what to expect]. */
function badBodies(spec: RouteSpec): [string, Record<string, string>, BodyInit, { status?: number | number[] }][] {
  const required = spec.body === "required";
  const strict = required ? {} : { allowOk: true };
  const list: [string, Record<string, string>, BodyInit, { status?: number | number[]; allowOk?: boolean }][] = [
    ["malformed JSON", JSON_TYPE, '{"title": "x", ', spec.body === "none" ? strict : { status: 400 }],
    ["JSON array", JSON_TYPE, "[1,2,3]", strict],
    ["JSON null", JSON_TYPE, "null", strict],
    ["JSON number", JSON_TYPE, "42", strict],
    ["JSON string", JSON_TYPE, '"title"', strict],
    ["empty JSON body", JSON_TYPE, "", strict],
    ["text/plain", { "Content-Type": "text/plain" }, "title=x&drug_name=y", strict],
    ["multipart without boundary", { "Content-Type": "multipart/form-data" }, "--x\r\ngarbage", spec.body === "none" ? strict : { status: 400 }],
    ["urlencoded garbage", { "Content-Type": "application/x-www-form-urlencoded" }, "%%%&=&&==%zz&title", strict],
    ["missing fields {}", JSON_TYPE, "{}", strict],
    ["wrong types: numbers", JSON_TYPE, JSON.stringify(allFields(12345)), strict],
    ["wrong types: arrays", JSON_TYPE, JSON.stringify(allFields(["a", 1])), strict],
    ["wrong types: objects", JSON_TYPE, JSON.stringify(allFields({ a: { b: 1 } })), strict],
    ["wrong types: booleans", JSON_TYPE, JSON.stringify(allFields(true)), strict],
    ["wrong types: nulls", JSON_TYPE, JSON.stringify(allFields(null)), strict],
    // 100 kB strings may be accepted where the field has no limit; they must never crash
    ["100 kB strings", JSON_TYPE, JSON.stringify(allFields(LONG)), { allowOk: true }],
    ["multipart without the file field", {}, multipart({ drug_name: "adalimumab", title: "x" }), strict],
    // PostgreSQL cannot store U+0000 in text
    ["NUL in JSON strings", JSON_TYPE, JSON.stringify(allFields("a\u0000b")), spec.body === "none" ? strict : { status: 400 }],
    ["NUL in form fields", {}, multipart(allFields("a\u0000b") as Record<string, string>), spec.body === "none" ? strict : { status: 400 }],
  ];
  return list as never;
}

describe("/api bad input", () => {
  it("lists every /api route (new endpoints must be added to ROUTES)", () => {
    const apiIds = Object.keys(app.build.routes).filter((id) => patternOf(id).startsWith("/api/"));
    expect(apiIds.length).toBeGreaterThan(20);
    expect(
      apiIds.filter((id) => !ROUTES[id]),
      "api routes missing from ROUTES",
    ).toEqual([]);
    for (const id of Object.keys(ROUTES)) expect(app.build.routes[id], id).toBeDefined();
  });

  it("unsupported methods answer 405 JSON; supported ones never 5xx on bad bodies", async () => {
    for (const [routeId, spec] of Object.entries(ROUTES)) {
      const url = fill(patternOf(routeId), ids);
      for (const method of METHODS) {
        if (!spec.methods.includes(method)) {
          const init: RequestInit = { method, headers: asA(method === "GET" ? {} : JSON_TYPE), ...(method === "GET" ? {} : { body: "{}" }) };
          await expectApiError(`${method} ${routeId}`, await app.fetch(url, init), { status: 405 });
          continue;
        }
        if (method === "GET" || method === "DELETE") continue; // reads and deletes take no body; ids are attacked below
        for (const [label, headers, body, expectation] of badBodies(spec)) {
          await expectApiError(`${method} ${routeId} [${label}]`, await app.fetch(url, { method, headers: asA(headers), body }), expectation);
        }
      }
      await stillServing(routeId);
    }
    expect(failures.splice(0)).toEqual([]);
  }, 120_000);

  it("uploads: empty file, non-PDF named .pdf, a 26 MB file → 4xx with a message", async () => {
    const big = new Uint8Array(26 * 1024 * 1024);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    for (const [routeId, spec] of Object.entries(ROUTES)) {
      if (!spec.upload) continue;
      const url = fill(patternOf(routeId), ids);
      const cases: [string, File][] = [
        ["empty file", file(new Uint8Array(0), "empty.pdf")],
        ["non-PDF named .pdf", file("just some text, not a PDF at all", "scan.pdf")],
        ["26 MB file", file(big, "huge.pdf")],
        // a PDF signature without a body passes the upload check; its parse fails later in the job (never here)
        ["PDF header only", file("%PDF-1.7\n%%EOF", "broken.pdf")],
      ];
      for (const [label, f] of cases) {
        const res = await app.fetch(url, { method: "POST", headers: asA(), body: multipart({ drug_name: "adalimumab", [spec.upload]: f }) });
        // the same bytes accepted by the first route are a duplicate (409 naming that case) on its alias
        const headerOnly = label === "PDF header only";
        await expectApiError(`POST ${routeId} [${label}]`, res, { status: headerOnly ? [400, 409, 413, 422] : [400, 413, 422], allowOk: headerOnly });
      }
      await stillServing(routeId);
    }
    expect(failures.splice(0)).toEqual([]);
  }, 60_000);

  it("unknown and hostile ids (random, SQL-ish, path traversal, NUL, bad escapes, huge) → 4xx JSON", async () => {
    const plausible = JSON.stringify({
      content: "hi",
      decision_type: "deny",
      reason: "r",
      question: "q",
      node_type: "question",
      clinician_sign_off: true,
      prompt_type: "decision",
      drug_name: "x",
      policy_text: "t",
    });
    for (const [routeId, spec] of Object.entries(ROUTES)) {
      if (spec.public) continue;
      const pattern = patternOf(routeId);
      const params = [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      for (const param of params) {
        for (const bad of BAD_IDS) {
          const url = fill(pattern, ids, { [param]: bad });
          for (const method of spec.methods) {
            const init: RequestInit = method === "GET" ? { headers: asA() } : { method, headers: asA(JSON_TYPE), body: plausible };
            const res = await app.fetch(url, init);
            await expectApiError(`${method} ${routeId} ${param}=${bad.slice(0, 30)}`, res, { status: [400, 404, 422] });
          }
        }
      }
      await stillServing(routeId);
    }
    expect(failures.splice(0)).toEqual([]);
  }, 120_000);

  it("wrong types or 100 kB names in one field of an otherwise valid body → 422, nothing stored", async () => {
    const node = fill(patternOf("routes/api/coverage-policies/node"), ids);
    for (const body of [{ question: { a: 1 } }, { question: ["q"] }, { reason: { a: 1 } }, { node_type: "question", condition: [] }]) {
      await expectApiError(`PUT node ${JSON.stringify(body)}`, await app.fetch(node, { method: "PUT", headers: asA(JSON_TYPE), body: JSON.stringify(body) }), {
        status: 422,
      });
    }
    const decisions = fill(patternOf("routes/api/prior-auths/decisions"), ids);
    for (const body of [
      { decision_type: "deny", reason: { a: 1 } },
      { decision_type: ["deny"], reason: "r" },
    ]) {
      await expectApiError(
        `POST decisions ${JSON.stringify(body)}`,
        await app.fetch(decisions, { method: "POST", headers: asA(JSON_TYPE), body: JSON.stringify(body) }),
        { status: 422 },
      );
    }
    const policies = fill(patternOf("routes/api/coverage-policies/collection"), ids);
    for (const body of [
      { drug_name: LONG, policy_text: "t" },
      { drug_name: "x", policy_drugs: [LONG], policy_text: "t" },
      { drug_name: "x", policy_type: LONG, policy_text: "t" },
    ]) {
      await expectApiError(
        `POST coverage_policies with a 100 kB name`,
        await app.fetch(policies, { method: "POST", headers: asA(JSON_TYPE), body: JSON.stringify(body) }),
        { status: 422 },
      );
    }
    const stored = await t.database.prisma.coveragePolicyNode.findUniqueOrThrow({ where: { id: ids.nodeId } });
    expect(stored.question).toBe("Tried methotrexate?");
    expect(await t.database.prisma.humanDecision.count({ where: { reason: { contains: "[object" } } })).toBe(0);
    expect(failures.splice(0)).toEqual([]);
  });

  it("hostile query strings and credentials", async () => {
    const list = `/api/o/${orgId}/prior_auths.json`;
    for (const q of [
      "page=abc",
      "page=-1",
      "per_page=100000000",
      "per_page=0",
      "sort=DROP%20TABLE",
      "dir=sideways",
      `q=${encodeURIComponent("' OR 1=1 --")}`,
      `q=${"x".repeat(10_000)}`,
      "q=%00",
      "page=1e309",
      "q=%E0%A4%A",
    ]) {
      const res = await app.fetch(`${list}?${q}`, { headers: asA() });
      await expectApiError(`GET prior_auths.json?${q.slice(0, 40)}`, res, { allowOk: true });
    }
    for (const q of ["prompt_type=", "prompt_type=%00", `prompt_type=${encodeURIComponent("' OR 1=1 --")}`, "prompt_type[]=a"]) {
      await expectApiError(`GET prompts.json?${q}`, await app.fetch(`/api/prompts.json?${q}`, { headers: asA() }), { status: [400, 404, 422] });
      await expectApiError(`GET claim_prompts.json?${q}`, await app.fetch(`/api/claim_prompts.json?${q}`, { headers: asA() }), { status: [400, 404, 422] });
    }
    const bearers = ["Bearer ' OR 1=1 --", `Bearer ${"k".repeat(100_000)}`, "Bearer", "Bearer %00", "Basic dXNlcjpwYXNz", "Bearer pa_live_\u0000"];
    for (const auth of bearers) {
      let res: Response;
      try {
        res = await app.fetch(`/api/o/${orgId}/plans.json`, { headers: { Authorization: auth } });
      } catch {
        continue; // the Fetch API itself refuses header values with NUL: nothing reaches the app
      }
      await expectApiError(`GET plans.json Authorization: ${auth.slice(0, 30)}`, res, { status: [400, 401] });
    }
    await expectApiError(
      "GET plans.json with a garbage session cookie",
      await app.fetch(`/api/o/${orgId}/plans.json`, { headers: { Cookie: "__session=%%%garbage" } }),
      { status: 401 },
    );
    await stillServing("queries and credentials");
    expect(failures.splice(0)).toEqual([]);
  });
});

describe("workspace form actions", () => {
  const JSON_BODY: [string, Record<string, string>, string] = ["JSON body", JSON_TYPE, '{"intent":'];
  const PLAIN_BODY: [string, Record<string, string>, string] = ["text/plain body", { "Content-Type": "text/plain" }, "intent=delete"];
  const BROKEN_MULTIPART: [string, Record<string, string>, string] = ["multipart without boundary", { "Content-Type": "multipart/form-data" }, "--x\r\n"];

  /** A form action's answer: anything but a 5xx (a redirect back with a toast, a rendered error, a 4xx boundary). */
  async function expectNo5xx(label: string, res: Response): Promise<void> {
    const text = await res.text();
    if (res.status >= 500) failures.push(`${label} → ${res.status} ${text.replace(/\s+/g, " ").slice(0, 200)}`);
  }

  async function post(label: string, url: string, fields: Record<string, string | File>): Promise<void> {
    const hasFile = Object.values(fields).some((v) => typeof v !== "string");
    const body = hasFile ? multipart(fields) : new URLSearchParams(fields as Record<string, string>).toString();
    const headers = asA(hasFile ? {} : { "Content-Type": "application/x-www-form-urlencoded" });
    await expectNo5xx(
      `POST ${label} ${JSON.stringify(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === "string" ? v.slice(0, 20) : `<file ${v.size}>`])))}`,
      await app.fetch(url, { method: "POST", headers, body }),
    );
  }

  it("garbage intents, missing fields, hostile ids and unparsable bodies never 5xx", async () => {
    const bad = BAD_IDS.map((b) => decodeURIComponent(b.replace(/%E0%A4%A$/, "")) || "x");
    const notPdf = file("hello, not a PDF", "scan.pdf");
    const empty = file(new Uint8Array(0), "empty.pdf");
    const pages: [string, Record<string, string | File>[]][] = [
      [
        `/o/${orgId}`,
        [{}, { intent: "nope" }, { intent: "toggle-code-view", redirect_to: "//evil.example" }, { intent: "toggle-code-view", redirect_to: "../../etc" }],
      ],
      [
        `/o/${orgId}/plans?index`,
        [
          {},
          { intent: "nope" },
          { intent: "create" },
          { intent: "create", title: LONG, state: "Atlantis", effective_date: "2026-13-45", is_active: "maybe" },
          ...bad.map((id) => ({ intent: "delete", id })),
        ],
      ],
      [
        `/o/${orgId}/plans/${ids.planId}?index`,
        [
          {},
          { intent: "nope" },
          { intent: "add_policy" },
          { intent: "add_policy", drug_name: "x", file: empty },
          { intent: "add_policy", drug_name: "x", "upload.file": notPdf },
          { intent: "extract", json_schema: "{not json" },
          { intent: "extract", json_schema: "[1,2]" },
          { intent: "extract", json_schema: JSON.stringify({ type: "object", properties: { a: { type: "nonsense" } } }) },
          ...bad.flatMap((id) => [
            { intent: "generate_tree", id },
            { intent: "delete_policy", id },
          ]),
        ],
      ],
      [
        `/o/${orgId}/plans/${ids.planId}/coverage_policies/${ids.policyId}`,
        [
          {},
          { intent: "nope" },
          { intent: "add_node" },
          { intent: "add_node", node_type: "bogus", question: LONG, parent_id: "' OR 1=1 --" },
          { intent: "update_node" },
          { intent: "update_node", node_id: ids.nodeId, node_type: "action", node_action: "explode" },
          ...bad.flatMap((id): Record<string, string>[] => [
            { intent: "update_node", node_id: id, question: "q", node_type: "question" },
            { intent: "delete_node", node_id: id },
          ]),
        ],
      ],
      [
        `/o/${orgId}/prior-auths?index`,
        [
          {},
          { intent: "nope" },
          { intent: "fax" },
          { intent: "fax", file: empty },
          { intent: "fax", file: notPdf },
          { intent: "generate" },
          { intent: "generate", description: LONG },
          { intent: "create_epa" },
          { intent: "create_epa", synthetic_document: "   " },
          ...bad.map((id) => ({ intent: "delete", id })),
        ],
      ],
      [
        `/o/${orgId}/prior-auths/${ids.id}`,
        [
          {},
          { intent: "nope" },
          { intent: "override" },
          { intent: "override", ai_decision_id: "' OR 1=1 --", decision_type: "explode", reason: "" },
          { intent: "override", ai_decision_id: "%00", decision_type: "deny", reason: "r" },
          { intent: "denial_letter" },
          { intent: "denial_letter", clinician_sign_off: "on", letter_form_id: "../../x" },
          { intent: "chat_message" },
          { intent: "chat_message", thread: "' OR 1=1 --", content: "hi" },
          { intent: "chat_message", thread: ids.threadId, content: "" },
          { intent: "run_prompt" },
          { intent: "run_prompt", prompt_type: "bogus", json_schema: "{not json" },
          { intent: "run_prompt", prompt_type: "decision", json_schema: "{not json" },
          { intent: "ground_truth" },
          { intent: "ground_truth", prompt_type: "decision", expected: "{not json" },
          { intent: "ground_truth", prompt_type: "bogus", expected: "[]" },
        ],
      ],
      [
        `/o/${orgId}/settings/api-keys`,
        [
          {},
          { intent: "nope" },
          { intent: "create", name: LONG },
          ...bad.flatMap((key_id) => [
            { intent: "revoke", key_id },
            { intent: "delete", key_id },
          ]),
        ],
      ],
    ];
    for (const [url, cases] of pages) {
      for (const fields of cases) await post(url, url, fields);
      for (const [label, headers, body] of [JSON_BODY, PLAIN_BODY, BROKEN_MULTIPART]) {
        await expectNo5xx(`POST ${url} [${label}]`, await app.fetch(url, { method: "POST", headers: asA(headers), body }));
      }
      await stillServing(url);
    }
    // hand-edited list queries render the page
    for (const q of ["page=abc", "per_page=-5", "sort=DROP", "dir=up", "q=%00", `q=${"x".repeat(5000)}`]) {
      const res = await app.fetch(`/o/${orgId}/prior-auths?${q}`, { headers: asA() });
      if (res.status !== 200) failures.push(`GET /o/{org}/prior-auths?${q.slice(0, 30)} → ${res.status}`);
      await res.body?.cancel();
    }
    // a page with an unknown record id in the URL
    for (const id of bad) {
      await post(`prior-auth ${id.slice(0, 20)}`, `/o/${orgId}/prior-auths/${encodeURIComponent(id)}`, { intent: "run_ai" });
      await post(`policy ${id.slice(0, 20)}`, `/o/${orgId}/plans/${ids.planId}/coverage_policies/${encodeURIComponent(id)}`, {
        intent: "add_node",
        question: "q",
        node_type: "question",
      });
    }
    expect(failures.splice(0)).toEqual([]);
  }, 120_000);
});

/** Any UTF-16 code unit, including NUL and lone surrogates. */
const anyChar = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
const hostileString = fc.oneof(
  fc.string({ unit: anyChar, maxLength: 40 }),
  fc.string({ maxLength: 40 }),
  fc.constantFrom("", "a\u0000b", "\ud800", "x".repeat(20_000)),
);
/** Random JSON-ish values of random shape, with hostile strings at the leaves. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("v"), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELDS), tie("v"), { maxKeys: 4 }),
  ),
})).v;
/** A value nested `depth` levels deep in arrays and objects (PostgreSQL JSON, zod and the JSON reader all recurse). */
const deepValue = fc.integer({ min: 1, max: 400 }).map((depth) => {
  let v: unknown = "leaf";
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { content: v };
  return v;
});

describe("random fuzz over every write endpoint and every upload", () => {
  it("random bodies (any shape, nesting, NUL, lone surrogates, wrong types, large strings) never give a 5xx, keep the error shape and bounded memory", async () => {
    const writes = Object.entries(ROUTES).flatMap(([routeId, spec]) =>
      spec.methods.filter((m) => m === "POST" || m === "PUT" || m === "PATCH").map((m) => [routeId, m] as const),
    );
    const rssBefore = process.memoryUsage().rss;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...writes),
        fc.oneof(
          fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 8 }),
          hostileValue,
          deepValue.map((d) => ({ content: d, question: d })),
        ),
        fc.constantFrom("json", "form"),
        async ([routeId, method], value, encoding) => {
          const url = fill(patternOf(routeId), ids);
          let body: BodyInit;
          let headers: Record<string, string> = {};
          if (encoding === "json") {
            body = JSON.stringify(value);
            headers = JSON_TYPE;
          } else {
            const form = new FormData();
            if (value && typeof value === "object" && !Array.isArray(value))
              for (const [k, v] of Object.entries(value)) form.append(k, typeof v === "string" ? v : (JSON.stringify(v) ?? ""));
            else form.append("content", typeof value === "string" ? value : (JSON.stringify(value) ?? ""));
            body = form;
          }
          const res = await app.fetch(url, { method, headers: asA(headers), body });
          await expectApiError(`fuzz ${method} ${routeId} (${encoding})`, res, { allowOk: true });
        },
      ),
      { numRuns: 300, seed: 20261127 },
    );
    await stillServing("random fuzz");
    const grown = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
    expect(grown, `web process memory grew ${grown.toFixed(0)} MB`).toBeLessThan(512);
    expect(failures.splice(0)).toEqual([]);
  }, 240_000);

  it("hostile uploads (truncated, encrypted, zero-byte, image bomb, content-stream bomb, random bytes) are accepted for the job or refused with 4xx, never 5xx", async () => {
    const real = await renderPriorAuthFax(DEMO_CASES[0]!, { layout: DEMO_CASES[0]!.layout });
    const rssBefore = process.memoryUsage().rss;
    const uploads: [string, Uint8Array][] = [
      ["truncated PDF", real.slice(0, Math.floor(real.length / 2))],
      ["encrypted PDF", encryptedPdf()],
      ["zero-byte", new Uint8Array(0)],
      ["image bomb (60,000 x 60,000 px)", imageBomb()],
      ["content-stream bomb", contentStreamBomb(7, 10)],
      ["random bytes", crypto.randomBytes(64 * 1024)],
      ["random bytes behind a PDF header", new Uint8Array([...new TextEncoder().encode("%PDF-1.7\n"), ...crypto.randomBytes(64 * 1024)])],
    ];
    for (const [routeId, spec] of Object.entries(ROUTES)) {
      if (!spec.upload) continue;
      const url = fill(patternOf(routeId), ids);
      for (const [label, bytes] of uploads) {
        const res = await app.fetch(url, {
          method: "POST",
          headers: asA(),
          body: multipart({ drug_name: "adalimumab", submission_type: "fax", [spec.upload]: file(bytes, "upload.pdf") }),
        });
        await expectApiError(`POST ${routeId} [${label}]`, res, { allowOk: true });
      }
      await stillServing(routeId);
    }
    const grown = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
    expect(grown, `web process memory grew ${grown.toFixed(0)} MB`).toBeLessThan(512);
    expect(failures.splice(0)).toEqual([]);
  }, 120_000);
});

describe("after the attack", () => {
  it("the seeded records are intact and nothing raised an unhandled rejection", async () => {
    const p = t.database.prisma;
    expect(await p.priorAuth.findUnique({ where: { id: ids.id } })).not.toBeNull();
    expect(await p.plan.findUnique({ where: { id: ids.planId } })).not.toBeNull();
    expect(await p.coveragePolicy.findUnique({ where: { id: ids.policyId } })).not.toBeNull();
    expect(await p.coveragePolicyNode.findUnique({ where: { id: ids.nodeId } })).not.toBeNull();
    expect(await p.aiDecision.findUnique({ where: { id: ids.aiDecisionId } })).not.toBeNull();
    expect(await p.priorAuth.findUnique({ where: { id: otherPriorAuthId } })).not.toBeNull();
    const detail = await app.fetch(`/api/o/${orgId}/prior_auths/${ids.id}.json`, { headers: asA() });
    expect(detail.status).toBe(200);
    expect(unhandled.map(String)).toEqual([]);
  });
});

describe("live event streams", () => {
  it("refuse other organizations and unknown cases with 404 JSON", async () => {
    const other = await app.fetch(`/api/o/${otherOrgId}/events`, { headers: asA() });
    await expectApiError("org events of another org (session)", other, { status: 404 });
    const otherKey = await app.fetch(`/api/o/${otherOrgId}/events`, { headers: { Authorization: `Bearer ${apiKey}` } });
    await expectApiError("org events of another org (API key)", otherKey, { status: 404 });
    const crossCase = await app.fetch(`/api/o/${orgId}/prior_auths/${otherPriorAuthId}/events`, { headers: asA() });
    await expectApiError("another org's case under my org", crossCase, { status: 404 });
    const crossOrg = await app.fetch(`/api/o/${otherOrgId}/prior_auths/${otherPriorAuthId}/events`, { headers: asA() });
    await expectApiError("another org's case under its org", crossOrg, { status: 404 });
    const noAuth = await app.fetch(`/api/o/${orgId}/events`);
    await expectApiError("org events without credentials", noAuth, { status: 401 });
    // the owner is served (positive control), even with a hostile Last-Event-ID
    for (const lastId of ["' OR 1=1 --", "9999999999999999999", "-1"]) {
      const abort = new AbortController();
      const res = await app.fetch(`/api/o/${otherOrgId}/events`, { headers: { Cookie: otherCookie, "Last-Event-ID": lastId }, signal: abort.signal });
      expect(res.status).toBe(200);
      abort.abort();
      await res.body?.cancel().catch(() => {});
    }
    expect(failures.splice(0)).toEqual([]);
  });

  it("a client that disconnects mid-stream (real HTTP server) does not crash the process", async () => {
    const server = express();
    server.all("/{*splat}", createRequestHandler({ build: app.build }));
    const listener = await new Promise<http.Server>((resolve) => {
      const s = server.listen(0, "127.0.0.1", () => resolve(s));
    });
    const { port } = listener.address() as AddressInfo;
    // streams of earlier tests are released asynchronously: start from none
    const settle = async () => {
      const deadline = Date.now() + 5_000;
      while (liveEventStats(t.database).subscribers > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      return liveEventStats(t.database).subscribers;
    };
    expect(await settle()).toBe(0);
    let peak = 0;
    try {
      for (const urlPath of [`/api/o/${orgId}/events`, `/api/o/${orgId}/prior_auths/${ids.id}/events`]) {
        // read until the stream is live, then vanish without a goodbye
        await new Promise<void>((resolve, reject) => {
          const req = http.get({ host: "127.0.0.1", port, path: urlPath, headers: { Cookie: cookie, Accept: "text/event-stream" } }, (res) => {
            expect(res.statusCode).toBe(200);
            let text = "";
            res.on("data", (chunk: Buffer) => {
              text += chunk.toString();
              if (text.includes("event: ready")) {
                peak = Math.max(peak, liveEventStats(t.database).subscribers);
                req.destroy();
                resolve();
              }
            });
            res.on("error", () => {});
          });
          req.on("error", (err) => (req.destroyed ? undefined : reject(err)));
          setTimeout(() => reject(new Error(`no ready event from ${urlPath}`)), 10_000).unref();
        });
      }
      // events published after the disconnect must not throw into the process
      await publish(t.database, `org:${orgId}`, "prior_auth", { token: ids.id });
      await publish(t.database, `prior_auth:${ids.id}`, "step", { step: 3 });
      expect(peak).toBeGreaterThan(0); // the streams were really live
      expect(await settle()).toBe(0); // and their subscriptions were released
      // still serving, over HTTP too
      const res = await fetch(`http://127.0.0.1:${port}/api/o/${orgId}.json`, { headers: { Cookie: cookie } });
      expect(res.status).toBe(200);
      await res.body?.cancel();
    } finally {
      listener.closeAllConnections();
      await new Promise((r) => listener.close(r));
    }
    expect(unhandled.map(String)).toEqual([]);
  }, 30_000);
});
