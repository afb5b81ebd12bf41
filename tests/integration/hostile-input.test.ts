/**
 * Inputs an outside probe turned into 500s (issue 8, defects 16 and 15), through the real request
 * handler: every one must be a 4xx with `{success: false, errors: [...]}` and write nothing.
 *  - deeply nested JSON on every JSON endpoint (checked before parsing, iteratively);
 *  - NUL in an uploaded file's name; an unpaired UTF-16 surrogate in drug_name / policy_drugs;
 *  - NUL in the register form's username.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { makePdf, seedReviewedCase } from "./api-prior-auths.seed";

let t: TestDatabase;
let app: AppHandler;
let orgId: string;
let planId: string;
let auth: Record<string, string>;
let paths: string[];
let nodesPath: string;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createAppHandler();
  const a = await createOrgWithUser(t.database, { orgName: "Hostile" });
  orgId = a.organization.id;
  auth = { Authorization: `Bearer ${(await createApiKey(t.database, orgId)).token}` };
  const seeded = await seedReviewedCase(t.database, orgId);
  const policy = await t.database.prisma.coveragePolicy.findUniqueOrThrow({ where: { id: seeded.coveragePolicyId! } });
  planId = policy.plan_id;
  const thread = await t.database.prisma.chatThread.create({ data: { organization_id: orgId, prior_auth_id: seeded.priorAuthId } });
  const node = await t.database.prisma.coveragePolicyNode.create({ data: { coverage_policy_id: policy.id, question: "q?", node_type: "question" } });
  const base = `/api/o/${orgId}`;
  const pa = `${base}/prior_auths/${seeded.priorAuthId}`;
  const cp = `${base}/plans/${planId}/coverage_policies/${policy.id}`;
  nodesPath = `${cp}/coverage_policy_nodes`;
  // Every /api endpoint that reads a JSON body.
  paths = [
    "/api/check_account",
    "/api/verify_code",
    `${base}/generate_synthetic_prior_auth`,
    `${base}/plans`,
    `${base}/plans/${planId}/coverage_policies`,
    `${cp}/coverage_policy_nodes`,
    `${cp}/coverage_policy_nodes/${node.id}`,
    `${base}/plans/${planId}/extract_coverage_policies`,
    `${base}/prior_auths`,
    `${pa}/ai_decisions/${seeded.aiDecisionId}/decisions`,
    `${pa}/chat_threads/${thread.id}/chat_messages`,
    `${pa}/generate_denial_letter`,
    `${pa}/run_prompt`,
  ];
}, 180_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

async function expectClientError(res: Response, statuses: number[], message?: RegExp) {
  const text = await res.text();
  expect(statuses, `${res.status} ${text.slice(0, 200)}`).toContain(res.status);
  const body = JSON.parse(text);
  expect(body.success).toBe(false);
  expect(body.errors.length).toBeGreaterThan(0);
  if (message) expect(body.errors.join(" ")).toMatch(message);
}

const rowCounts = async () => ({
  cases: await t.database.prisma.priorAuth.count(),
  policies: await t.database.prisma.coveragePolicy.count(),
  plans: await t.database.prisma.plan.count(),
  users: await t.database.prisma.user.count(),
});

describe("deeply nested JSON", () => {
  const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
  it.each([
    ["a whole body 100 000 levels deep", () => nested(100_000)],
    ["one field 5 000 levels deep", () => `{"title": ${nested(5_000)}, "json_schema": ${nested(5_000)}, "expected": ${nested(5_000)}, "content": "hi"}`],
  ])("%s → 400 on every JSON endpoint", async (_label, body) => {
    const before = await rowCounts();
    for (const path of paths) {
      const method = path.includes("coverage_policy_nodes/") ? "PATCH" : "POST";
      const res = await app.fetch(path, { method, headers: { ...auth, "Content-Type": "application/json" }, body: body() });
      await expectClientError(res, [400], /nested too deeply/);
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe("text PostgreSQL cannot store", () => {
  it("NUL in an uploaded file's name → 400", async () => {
    const before = await rowCounts();
    const pdf = await makePdf();
    for (const [path, field] of [
      [`/api/o/${orgId}/prior_auths`, "file"],
      [`/api/o/${orgId}/plans/${planId}/coverage_policies`, "upload.file"],
    ] as const) {
      const form = new FormData();
      form.append("drug_name", "adalimumab");
      form.append(field, new File([pdf], "fax\u0000.pdf", { type: "application/pdf" }));
      await expectClientError(await app.fetch(path, { method: "POST", headers: auth, body: form }), [400], /NUL/);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("an unpaired surrogate in drug_name or policy_drugs → 400", async () => {
    const before = await rowCounts();
    const path = `/api/o/${orgId}/plans/${planId}/coverage_policies`;
    for (const body of [
      `{"drug_name": "adali\\ud800mumab", "policy_text": "Criterion 1: tried methotrexate."}`,
      `{"drug_name": "adalimumab", "policy_text": "Criterion 1.", "policy_drugs": ["humira", "\\udc00"]}`,
    ]) {
      const res = await app.fetch(path, { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body });
      await expectClientError(res, [400], /Unicode/);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("NUL in the register form's username → 400 with the error, no account", async () => {
    const before = await rowCounts();
    const res = await app.fetch("/register", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "email", email: "nul@example.com", username: "Ann\u0000ie", organization_name: "Nul Org" }).toString(),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Text must not contain NUL characters");
    expect(await rowCounts()).toEqual(before);
  });
});

describe("size limits, enforced while the body streams (defect 15)", () => {
  /** A body of `total` bytes produced on demand; `pulled()` says how many the server actually read. */
  function lazyBody(total: number, prefix = "") {
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    let sent = 0;
    const head = new TextEncoder().encode(prefix);
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (sent === 0 && head.length) {
            controller.enqueue(head);
            sent += head.length;
            return;
          }
          if (sent >= total) return controller.close();
          controller.enqueue(chunk);
          sent += chunk.byteLength;
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, pulled: () => sent };
  }

  it("a 300 MB upload without Content-Length is refused with 413 after reading no more than the limit", async () => {
    const before = await rowCounts();
    const body = lazyBody(
      300 * 1024 * 1024,
      `--b\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    const res = await app.fetch(`/api/o/${orgId}/prior_auths`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "multipart/form-data; boundary=b" },
      body: body.stream,
      duplex: "half",
    } as RequestInit);
    await expectClientError(res, [413], /larger than the 26 MB limit/);
    expect(body.pulled()).toBeLessThan(27 * 1024 * 1024); // 25 MB upload limit + 1 MB for fields
    expect(await rowCounts()).toEqual(before);
  });

  it("a 600 MB JSON body declared by Content-Length is refused with 413 before it is read", async () => {
    const body = lazyBody(600 * 1024 * 1024, '{"submission_type":"epa","epa_submission":{"synthetic_document":"');
    const res = await app.fetch(`/api/o/${orgId}/prior_auths`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json", "Content-Length": String(600 * 1024 * 1024) },
      body: body.stream,
      duplex: "half",
    } as RequestInit);
    await expectClientError(res, [413], /larger than the 4 MB limit/);
    expect(body.pulled()).toBeLessThan(1024 * 1024);
  });

  it("MAX_UPLOAD_MB is the upload limit", async () => {
    const previous = process.env.MAX_UPLOAD_MB;
    process.env.MAX_UPLOAD_MB = "1";
    try {
      const pdf = new Uint8Array(1536 * 1024);
      pdf.set(new TextEncoder().encode("%PDF-1.7\n"));
      const form = new FormData();
      form.append("file", new File([pdf], "fax.pdf", { type: "application/pdf" }));
      await expectClientError(await app.fetch(`/api/o/${orgId}/prior_auths`, { method: "POST", headers: auth, body: form }), [413, 422], /1 MB limit/);
    } finally {
      if (previous === undefined) delete process.env.MAX_UPLOAD_MB;
      else process.env.MAX_UPLOAD_MB = previous;
    }
  });

  it("text fields are capped: a 3 MB name or an over-long field is a 422, an 8 MB one a 413, never stored", async () => {
    const before = { ...(await rowCounts()), nodes: await t.database.prisma.coveragePolicyNode.count() };
    const huge = "n".repeat(3 * 1024 * 1024); // under the 4 MB body limit: the field cap must catch it
    const small = "x".repeat(300);
    const plan = { title: small, identification: "P-1", line_of_business: "Commercial", plan_type: "PPO", state: "CA", effective_date: "2026-01-01" };
    const cases: [string, string, object][] = [
      [`/api/o/${orgId}/plans`, "POST", { ...plan, title: huge }],
      [`/api/o/${orgId}/plans`, "POST", { ...plan, title: "x".repeat(201) }],
      [nodesPath, "POST", { question: "q".repeat(2001), node_type: "question", condition: "Yes" }],
      [nodesPath, "POST", { question: "Tried methotrexate?", node_type: "question", condition: huge }],
    ];
    for (const [path, method, body] of cases) {
      const res = await app.fetch(path, { method, headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify(body) });
      await expectClientError(res, [422], /at most/);
    }
    expect({ ...(await rowCounts()), nodes: await t.database.prisma.coveragePolicyNode.count() }).toEqual(before);
    // And over the body limit it is a 413 before any parsing.
    const res = await app.fetch(`/api/o/${orgId}/plans`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ ...plan, title: "n".repeat(8 * 1024 * 1024) }),
    });
    await expectClientError(res, [413]);
  });
});
