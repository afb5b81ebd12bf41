/**
 * The plan document (one PDF per plan, stored by the app): uploaded with the Add Plan form or the
 * plans API (multipart `file`), shown and served to members of the plan's organization only
 * (another organization's plan answers 404, never 403), uploaded/replaced/removed only with
 * policies.edit (403 otherwise), PDFs only ('Please upload a PDF file'), and a bad file creates no plan.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { createPlan } from "~/plans/manage-plans.server";

let t: TestDatabase;
let app: AppHandler;
let orgId: string;
let otherOrgId: string;
let planId: string;
let cookie: string;
let otherCookie: string;
let editor: string;
let reader: string;
let otherKey: string;
let pdf: Uint8Array;

const PLAN = {
  title: "Doc PPO",
  identification: "DOC-PPO",
  line_of_business: "Commercial",
  plan_type: "PPO",
  state: "CA",
  effective_date: "2026-01-01",
};

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createAppHandler();
  const a = await createOrgWithUser(t.database, { orgName: "Plan Doc A" });
  const b = await createOrgWithUser(t.database, { orgName: "Plan Doc B" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  cookie = await signInCookie(t.database, a.user.id);
  otherCookie = await signInCookie(t.database, b.user.id);
  editor = `Bearer ${(await createApiKey(t.database, orgId, "editor")).token}`;
  reader = `Bearer ${(await createApiKey(t.database, orgId, "reader", ["cases.read"])).token}`;
  otherKey = `Bearer ${(await createApiKey(t.database, otherOrgId, "other")).token}`;
  planId = (await createPlan(t.database, orgId, PLAN)).id;
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  pdf = await doc.save();
}, 180_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

function upload(bytes: Uint8Array | string, name = "plan.pdf", fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type: "application/pdf" }));
  return form;
}

const docUrl = (org = orgId, plan = planId) => `/api/o/${org}/plans/${plan}/document`;

describe("plans API", () => {
  it("uploads, serves, replaces and removes a plan document; plan answers carry plan_document", async () => {
    expect((await app.fetch(docUrl(), { headers: { Authorization: editor } })).status).toBe(404);
    const up = await app.fetch(docUrl(), { method: "POST", headers: { Authorization: editor }, body: upload(pdf, "summary-of-benefits.pdf") });
    expect(up.status).toBe(200);
    const body = await up.json();
    expect(body).toMatchObject({ success: true, plan_document: { filename: "summary-of-benefits.pdf", byte_size: pdf.byteLength, url: docUrl() } });

    const get = await app.fetch(docUrl(), { headers: { Authorization: editor } });
    expect(get.status).toBe(200);
    expect(get.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await get.arrayBuffer())).toEqual(pdf);
    const download = await app.fetch(`${docUrl()}?download=1`, { headers: { Authorization: editor } });
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="summary-of-benefits.pdf"');

    const item = await (await app.fetch(`/api/o/${orgId}/plans/${planId}.json`, { headers: { Authorization: editor } })).json();
    expect(item.plan.plan_document).toMatchObject({ filename: "summary-of-benefits.pdf" });
    const list = await (await app.fetch(`/api/o/${orgId}/plans.json`, { headers: { Authorization: editor } })).json();
    expect(list.plans.find((p: { token: string }) => p.token === planId).plan_document.filename).toBe("summary-of-benefits.pdf");

    // replacing keeps one document
    expect((await app.fetch(docUrl(), { method: "POST", headers: { Authorization: editor }, body: upload(pdf, "v2.pdf") })).status).toBe(200);
    expect(await t.database.prisma.document.count({ where: { plan_id: planId, kind: "plan" } })).toBe(1);
    expect(((await app.fetch(docUrl(), { headers: { Authorization: editor } })).headers.get("content-disposition") ?? "").includes("v2.pdf")).toBe(true);

    // PDFs only; the stored document stays
    const bad = await app.fetch(docUrl(), { method: "POST", headers: { Authorization: editor }, body: upload("not a pdf", "notes.pdf") });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toEqual(["Please upload a PDF file"]);
    const none = await app.fetch(docUrl(), { method: "POST", headers: { Authorization: editor }, body: new FormData() });
    expect(none.status).toBe(422);
    expect(await t.database.prisma.document.count({ where: { plan_id: planId, kind: "plan" } })).toBe(1);

    const del = await app.fetch(docUrl(), { method: "DELETE", headers: { Authorization: editor } });
    expect(await del.json()).toEqual({ success: true, errors: [], plan_document: null });
    expect((await app.fetch(docUrl(), { headers: { Authorization: editor } })).status).toBe(404);
    expect((await app.fetch(docUrl(), { method: "DELETE", headers: { Authorization: editor } })).status).toBe(404);
  });

  it("POST /plans takes the document as multipart 'file'; a non-PDF creates no plan", async () => {
    const res = await app.fetch(`/api/o/${orgId}/plans`, {
      method: "POST",
      headers: { Authorization: editor },
      body: upload(pdf, "gold.pdf", { ...PLAN, title: "Gold" }),
    });
    expect(res.status).toBe(200);
    const { plan } = await res.json();
    expect(plan).toMatchObject({ title: "Gold", plan_document: { filename: "gold.pdf" } });
    const before = await t.database.prisma.plan.count({ where: { organization_id: orgId } });
    const bad = await app.fetch(`/api/o/${orgId}/plans`, {
      method: "POST",
      headers: { Authorization: editor },
      body: upload("text", "x.pdf", { ...PLAN, title: "Bad" }),
    });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toEqual(["Please upload a PDF file"]);
    expect(await t.database.prisma.plan.count({ where: { organization_id: orgId } })).toBe(before);
  });

  it("tenancy: another organization's plan is 404 for reads, uploads and removal, and nothing changes", async () => {
    await app.fetch(docUrl(), { method: "POST", headers: { Authorization: editor }, body: upload(pdf, "mine.pdf") });
    for (const [url, auth] of [
      [docUrl(), otherKey], // A's URL with B's key
      [docUrl(otherOrgId), otherKey], // B's URL with A's plan id
    ] as const) {
      expect((await app.fetch(url, { headers: { Authorization: auth } })).status).toBe(404);
      expect((await app.fetch(url, { method: "POST", headers: { Authorization: auth }, body: upload(pdf, "theirs.pdf") })).status).toBe(404);
      expect((await app.fetch(url, { method: "DELETE", headers: { Authorization: auth } })).status).toBe(404);
    }
    // B's session on the page of A's plan, and on A's document through B's organization
    expect((await app.fetch(`/o/${otherOrgId}/plans/${planId}`, { headers: { Cookie: otherCookie } })).status).toBe(404);
    expect((await app.fetch(docUrl(otherOrgId), { headers: { Cookie: otherCookie } })).status).toBe(404);
    const docs = await t.database.prisma.document.findMany({ where: { plan_id: planId, kind: "plan" } });
    expect(docs.map((d) => d.filename)).toEqual(["mine.pdf"]);
  });

  it("permissions: a key without policies.edit reads the document but cannot upload or remove it (403)", async () => {
    expect((await app.fetch(docUrl(), { headers: { Authorization: reader } })).status).toBe(200);
    const up = await app.fetch(docUrl(), { method: "POST", headers: { Authorization: reader }, body: upload(pdf, "nope.pdf") });
    expect(up.status).toBe(403);
    expect((await app.fetch(docUrl(), { method: "DELETE", headers: { Authorization: reader } })).status).toBe(403);
    expect((await app.fetch(docUrl(), { headers: { Authorization: "Bearer pa_live_not_a_key" } })).status).toBe(401);
  });
});

describe("plan pages", () => {
  it("the Add Plan form stores the document; the plan page shows it with View and Download links, replaces and removes it", async () => {
    const created = await app.fetch(`/o/${orgId}/plans`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: upload(pdf, "page-plan.pdf", { ...PLAN, title: "Page plan", intent: "create", is_active: "on" }),
    });
    expect(created.status).toBe(302);
    const pagePath = created.headers.get("location")!;
    const newPlanId = pagePath.split("/").pop()!;
    const html = await (await app.fetch(pagePath, { headers: { Cookie: cookie } })).text();
    expect(html).toContain("page-plan.pdf");
    expect(html).toContain(`href="/api/o/${orgId}/plans/${newPlanId}/document"`);
    expect(html).toContain(`href="/api/o/${orgId}/plans/${newPlanId}/document?download=1"`);
    // the link works with the member's session
    expect((await app.fetch(`/api/o/${orgId}/plans/${newPlanId}/document`, { headers: { Cookie: cookie } })).status).toBe(200);

    const bad = await app.fetch(pagePath, { method: "POST", headers: { Cookie: cookie }, body: upload("plain text", "x.pdf", { intent: "upload_document" }) });
    expect(bad.status).toBe(422);
    const badHtml = (await bad.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
    expect(badHtml.split("Please upload a PDF file").length - 1).toBe(1);

    const replaced = await app.fetch(pagePath, {
      method: "POST",
      headers: { Cookie: cookie },
      body: upload(pdf, "replaced.pdf", { intent: "upload_document" }),
    });
    expect(replaced.status).toBe(302);
    expect((await t.database.prisma.document.findMany({ where: { plan_id: newPlanId, kind: "plan" } })).map((d) => d.filename)).toEqual(["replaced.pdf"]);
    const form = new FormData();
    form.append("intent", "remove_document");
    expect((await app.fetch(pagePath, { method: "POST", headers: { Cookie: cookie }, body: form })).status).toBe(302);
    expect(await t.database.prisma.document.count({ where: { plan_id: newPlanId, kind: "plan" } })).toBe(0);
    expect(await (await app.fetch(pagePath, { headers: { Cookie: cookie } })).text()).toContain("No plan document yet");
  });

  it("the Add Plan form refuses a non-PDF document on its field and creates no plan", async () => {
    const before = await t.database.prisma.plan.count({ where: { organization_id: orgId } });
    const res = await app.fetch(`/o/${orgId}/plans`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: upload("plain text", "x.pdf", { ...PLAN, title: "Refused", intent: "create" }),
    });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toMatch(/id="plan-file-error"[^>]*>[\s\S]*?Please upload a PDF file/);
    expect(await t.database.prisma.plan.count({ where: { organization_id: orgId } })).toBe(before);
  });

  it("another organization's member cannot upload to or remove the document of a plan through the page (404)", async () => {
    const form = upload(pdf, "intruder.pdf", { intent: "upload_document" });
    expect((await app.fetch(`/o/${otherOrgId}/plans/${planId}`, { method: "POST", headers: { Cookie: otherCookie }, body: form })).status).toBe(404);
    const remove = new FormData();
    remove.append("intent", "remove_document");
    expect((await app.fetch(`/o/${otherOrgId}/plans/${planId}`, { method: "POST", headers: { Cookie: otherCookie }, body: remove })).status).toBe(404);
    expect((await t.database.prisma.document.findMany({ where: { plan_id: planId, kind: "plan" } })).map((d) => d.filename)).toEqual(["mine.pdf"]);
  });
});
