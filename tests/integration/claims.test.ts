/**
 * Medical claims end to end through the real request handler: upload (multipart fax.file) → the
 * claim.intake job → the five stages (run here by calling the job's function, as a worker would) →
 * per-line decisions with citations; list, detail, override with a required reason, clinician
 * sign-off and a denial letter naming the service, its code and the failed criterion; delete; and
 * 404 for another organization's claim on every claims call.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDFDocument, PDFNumber } from "pdf-lib";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { setDatabase } from "~/lib/db.server";
import { runClaimIntake } from "~/claims/run-claim-intake.server";
import { listAllCases } from "~/cases/case-sources.server";
import { dueAt } from "~/prior-auths/regulatory-clock";
import { seedClaimsDemo } from "../../prisma/seed-claims.server";

const SET = path.resolve("fixtures/eval/claims");
let t: TestDatabase;
let app: AppHandler;
let orgId = "";
let otherOrgId = "";
let key = "";
let otherKey = "";
let cookie = "";

beforeAll(async () => {
  t = await createTestDatabase();
  setDatabase(t.database);
  app = await createAppHandler();
  const a = await createOrgWithUser(t.database, { orgName: "Claims A" });
  const b = await createOrgWithUser(t.database, { orgName: "Claims B" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  await t.database.prisma.membership.updateMany({ where: { user_id: a.user.id }, data: { roles: ["administrator", "clinical_reviewer"] } });
  key = (await createApiKey(t.database, orgId)).token;
  otherKey = (await createApiKey(t.database, otherOrgId)).token;
  cookie = await signInCookie(t.database, a.user.id);
  // the medical plan and policies; trees are generated here instead of by a worker
  await seedClaimsDemo(t.database, orgId, { setDir: SET, samples: false, inlineTrees: true });
}, 240_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

const api = (k: string) => ({ Authorization: `Bearer ${k}` });

async function upload(caseId: string, k = key) {
  const form = new FormData();
  form.set("submission_type", "fax");
  form.set("fax.file", new Blob([fs.readFileSync(path.join(SET, "cases", caseId, "fax.pdf"))], { type: "application/pdf" }), `${caseId}.pdf`);
  return app.fetch(`/api/o/${orgId}/claims`, { method: "POST", headers: api(k), body: form });
}

describe("a claim whose document has a page that cannot be read (issue 24)", () => {
  it("decides no line on the other pages and says on the claim page which page was not read", async () => {
    // claim-008 alone is denied (AHI 8 against 15); with a damaged extra page it must pend
    const pdf = await PDFDocument.load(fs.readFileSync(path.join(SET, "cases", "claim-008", "fax.pdf")));
    pdf.addPage().drawText("Sleep study report, continued", { x: 50, y: 700, size: 12 });
    const kids = pdf.catalog.Pages().Kids();
    kids.set(kids.size() - 1, PDFNumber.of(42));
    const form = new FormData();
    form.set("submission_type", "fax");
    form.set("fax.file", new Blob([new Uint8Array(await pdf.save({ useObjectStreams: false }))], { type: "application/pdf" }), "damaged.pdf");
    const created = await (await app.fetch(`/api/o/${orgId}/claims`, { method: "POST", headers: api(key), body: form })).json();
    const id = created.claim.token as string;
    await runClaimIntake(t.database, id);
    const detail = await (await app.fetch(`/api/o/${orgId}/claims/${id}.json`, { headers: api(key) })).json();
    const ai = detail.service_requests[0].decisions.find((d: { agent: string }) => d.agent !== "human");
    expect(ai.final_decision).toBe("needs_more_information");
    const html = (await (await app.fetch(`/o/${orgId}/claims/${id}`, { headers: { Cookie: cookie } })).text()).replace(/<script\b[\s\S]*?<\/script>/g, "");
    expect(html).toContain(`Page ${pdf.getPageCount()} of the claim form could not be read`);
  });
});

describe("claims API", () => {
  it("rejects an upload without a PDF with 'Please upload a PDF file'", async () => {
    const form = new FormData();
    form.set("fax.file", new Blob(["not a pdf"], { type: "text/plain" }), "notes.txt");
    const res = await app.fetch(`/api/o/${orgId}/claims`, { method: "POST", headers: api(key), body: form });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ success: false, errors: ["Please upload a PDF file"] });
  });

  it("takes a claim fax, queues its intake and decides each service line with citations", async () => {
    const res = await upload("claim-008");
    expect(res.status).toBe(200);
    const created = await res.json();
    expect(created.success).toBe(true);
    const id = created.claim.token as string;
    const job = await t.database.prisma.job.findFirst({ where: { name: "claim.intake" }, orderBy: { id: "desc" } });
    expect((job?.payload as { claim_id: string }).claim_id).toBe(id);

    await runClaimIntake(t.database, id);
    const detail = await (await app.fetch(`/api/o/${orgId}/claims/${id}.json`, { headers: api(key) })).json();
    expect(detail.success).toBe(true);
    expect(detail.claim.intake_finished).toBe(true);
    expect(detail.patient.last_name).toBe("Reyes");
    expect(detail.claim_diagnoses.map((d: { code: string }) => d.code)).toContain("G47.33");
    expect(detail.service_requests).toHaveLength(1);
    const line = detail.service_requests[0];
    expect(line).toMatchObject({ code: "E0601", units: 1, modifiers: ["NU"], date_of_service: "2026-10-21", place_of_service: "12" });
    expect(line.citations[0].page).toBe(1);
    // AHI 8 against the policy's 15: a clearly failed criterion, quoted from the fax
    const ai = line.decisions.find((d: { agent: string }) => d.agent !== "human");
    expect(ai.final_decision).toBe("denied");
    expect(ai.citations.length).toBeGreaterThan(0);
    // the line's provenance: the engine and its version, the policy that screened it, the spans it cites; no sign-off yet
    expect(line.provenance).toHaveLength(1);
    expect(line.provenance[0]).toMatchObject({
      id: `service-decision-${ai.token}`,
      line: "claim line 1 (E0601)",
      decision: "denied",
      engine: { builtin: true, name: "PA Review built-in clinical engine", version: "0.1.0" },
      signed_off: null,
    });
    expect(line.provenance[0].policy.name).toBeTruthy();
    expect(line.provenance[0].evidence[0]).toMatchObject({ document: expect.any(String), page: expect.any(Number) });
    expect(typeof ai.metadata.confidence_score).toBe("number");

    // the Cases queue reads the claim as one case: the AI denial awaits a clinician's sign-off
    const asCase = async () => (await listAllCases(t.database, orgId)).find((c) => c.kind === "claim" && c.id === id)!;
    const row = await t.database.prisma.claim.findUniqueOrThrow({ where: { id } });
    expect(row.urgency).toBe("standard");
    expect(row.due_at).toEqual(dueAt(row.received_at, "standard"));
    expect(await asCase()).toMatchObject({ category: "service", patient_name: "Tomas Reyes", status: "review", decision: "denied", determination: null });

    const list = await (await app.fetch(`/api/o/${orgId}/claims.json`, { headers: api(key) })).json();
    expect(list.claims.find((c: { token: string }) => c.token === id)).toMatchObject({ patient_name: "Tomas Reyes", service_requests_size: 1 });

    // a denial letter needs a clinician's sign-off, then names the service, code and failed criterion
    const base = `/api/o/${orgId}/claims/${id}/service_requests/${line.token}`;
    const noSign = await app.fetch(`${base}/generate_denial_letter`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({}),
    });
    expect(noSign.status).toBe(422);
    const letter = await app.fetch(`${base}/generate_denial_letter`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ clinician_sign_off: true }),
    });
    expect(letter.status).toBe(200);
    const body = (await letter.json()).denial_letter;
    expect(body.body).toContain("E0601");
    expect(body.body).toMatch(/How this decision was made: AI assisted this decision: an automated review tool \(PA Review built-in clinical engine 0\.1\.0\)/);
    expect(body.criterion).toMatch(/AHI|apnea-hypopnea/i);
    // signed off: a final (human) denial, dated at the sign-off
    expect(await asCase()).toMatchObject({ status: "decided", determination: "denied", determined_by: "human" });
    const signed = (await (await app.fetch(`/api/o/${orgId}/claims/${id}.json`, { headers: api(key) })).json()).service_requests[0].provenance[0];
    expect(signed.signed_off).toMatchObject({ name: expect.any(String), at: expect.any(String) });
    const pdf = await app.fetch(body.pdf_url, { headers: api(key) });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    await pdf.arrayBuffer();

    // an override needs a reason; a recorded one wins over the AI and survives a re-run
    const empty = await app.fetch(`${base}/decisions`, {
      method: "POST",
      headers: { ...api(key), "Content-Type": "application/json" },
      body: JSON.stringify({ decision_type: "approve", reason: " " }),
    });
    expect(empty.status).toBe(422);
    expect((await empty.json()).errors).toEqual(["Override reason is required"]);
    const ok = await app.fetch(`${base}/decisions`, {
      method: "POST",
      headers: { ...api(key), "Content-Type": "application/json" },
      body: JSON.stringify({ decision_type: "approve", reason: "Repeat sleep study AHI 22 received by phone" }),
    });
    expect(ok.status).toBe(200);
    await runClaimIntake(t.database, id);
    const after = await (await app.fetch(`/api/o/${orgId}/claims/${id}.json`, { headers: api(key) })).json();
    expect(after.service_requests[0].decision).toBe("approved");
    expect(await asCase()).toMatchObject({ status: "decided", decision: "approved", determination: "approved", determined_by: "human" });
    expect(after.service_requests[0].decisions.filter((d: { agent: string }) => d.agent === "human")).toHaveLength(1);

    // another organization sees none of it
    for (const [method, url] of [
      ["GET", `/api/o/${otherOrgId}/claims/${id}.json`],
      ["GET", `/api/o/${otherOrgId}/claims/${id}`],
      ["POST", `/api/o/${otherOrgId}/claims/${id}/run_ai`],
      ["POST", `/api/o/${otherOrgId}/claims/${id}/service_requests/${line.token}/decisions`],
      ["DELETE", `/api/o/${otherOrgId}/claims/${id}`],
    ] as const) {
      const res404 = await app.fetch(url, {
        method,
        headers: { ...api(otherKey), "Content-Type": "application/json" },
        body: method === "GET" ? undefined : JSON.stringify({ decision_type: "approve", reason: "x" }),
      });
      expect(res404.status, `${method} ${url}`).toBe(404);
      await res404.body?.cancel();
    }
    const other = await (await app.fetch(`/api/o/${otherOrgId}/claims.json`, { headers: api(otherKey) })).json();
    expect(other.claims).toEqual([]);

    const del = await app.fetch(`/api/o/${orgId}/claims/${id}`, { method: "DELETE", headers: api(key) });
    expect((await del.json()).claim.token).toBe(id);
    expect(await t.database.prisma.claim.count({ where: { id } })).toBe(0);
  }, 180_000);
});
