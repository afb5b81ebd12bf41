/**
 * Issue 24 item C: uploading the same fax again offers the existing case instead of silently making
 * a duplicate. The Fax Simulation POST answers 409 with the existing case (same file content within
 * the organization in the last 30 days); "Create anyway" (create_anyway=1) still creates one; another
 * organization's identical upload and an identical upload older than the window are no duplicates.
 * A different file for the same member and drug within 30 days is flagged on the case detail.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { callRoute, makePdf } from "./api-prior-auths.seed";
import * as createRoute from "~/routes/api/prior-auths/collection";
import { DUPLICATE_WINDOW_DAYS, findDuplicateFax } from "~/prior-auths/find-duplicate-upload.server";
import { getPriorAuthDetail } from "~/prior-auths/get-prior-auth-detail.server";

let t: TestDatabase;
let app: AppHandler;
let orgId: string;
let cookie: string;
let otherOrgId: string;
let otherCookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOrgWithUser(t.database, { orgName: "Dup org" });
  const b = await createOrgWithUser(t.database, { orgName: "Other dup org" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  cookie = await signInCookie(t.database, a.user.id);
  otherCookie = await signInCookie(t.database, b.user.id);
  app = await createAppHandler();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

function upload(org: string, who: string, pdf: Uint8Array, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("intent", "fax");
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("file", new File([pdf as BlobPart], "fax.pdf", { type: "application/pdf" }));
  return app.fetch(`/o/${org}/prior-auths?modal=fax`, { method: "POST", headers: { Cookie: who }, body: form, redirect: "manual" });
}

const caseId = (res: Response) => res.headers.get("Location")!.split("/").pop()!;

it("the same fax again is offered as the existing case; Create anyway still creates one", async () => {
  const pdf = await makePdf("PRIOR AUTHORIZATION REQUEST\nPatient: Dana Duplicate  Member ID: DUP-1");
  const first = await upload(orgId, cookie, pdf);
  expect(first.status).toBe(302);
  const firstId = caseId(first);

  const again = await upload(orgId, cookie, pdf);
  expect(again.status).toBe(409);
  const html = await again.text();
  expect(html).toContain("This fax was already received");
  expect(html).toContain(`/o/${orgId}/prior-auths/${firstId}`);
  expect(html).toContain("Create anyway");
  expect(await t.database.prisma.priorAuth.count({ where: { organization_id: orgId } })).toBe(1);

  const anyway = await upload(orgId, cookie, pdf, { create_anyway: "1" });
  expect(anyway.status).toBe(302);
  expect(caseId(anyway)).not.toBe(firstId);
  expect(await t.database.prisma.priorAuth.count({ where: { organization_id: orgId } })).toBe(2);

  // a different file is no duplicate
  expect((await upload(orgId, cookie, await makePdf("Another request"))).status).toBe(302);
});

it("another organization's identical upload is no duplicate (tenancy), nor one older than the window", async () => {
  const pdf = await makePdf("PRIOR AUTHORIZATION REQUEST\nPatient: Tess Tenant");
  expect((await upload(orgId, cookie, pdf)).status).toBe(302);
  expect((await upload(otherOrgId, otherCookie, pdf)).status).toBe(302);
  expect(await findDuplicateFax(t.database, orgId, pdf)).not.toBeNull();
  const later = new Date(Date.now() + (DUPLICATE_WINDOW_DAYS + 1) * 86_400_000);
  expect(await findDuplicateFax(t.database, orgId, pdf, { now: later })).toBeNull();
});

it("a different file for the same member and drug within 30 days is flagged on the case as a possible duplicate", async () => {
  const p = t.database.prisma;
  const seed = async (memberId: string, drug: string, receivedAt: Date) => {
    const pa = await p.priorAuth.create({
      data: { organization_id: orgId, submission_type: "fax", intake_status: "succeeded", medication_name: drug, received_at: receivedAt, due_at: receivedAt },
    });
    await p.patient.create({ data: { organization_id: orgId, prior_auth_id: pa.id, first_name: "Sam", last_name: "Same", member_id: memberId } });
    return pa.id;
  };
  const day = (n: number) => new Date(Date.UTC(2026, 5, n));
  const first = await seed("SAME-1", "Humira", day(1));
  const again = await seed("SAME-1", "humira", day(12));
  const otherDrug = await seed("SAME-1", "Enbrel", day(12));
  const later = await seed("SAME-1", "Humira", new Date(Date.UTC(2026, 7, 30)));
  const detail = await getPriorAuthDetail(t.database, orgId, again);
  expect(detail.possible_duplicates.map((d) => d.token)).toEqual([first]);
  expect((await getPriorAuthDetail(t.database, orgId, otherDrug)).possible_duplicates).toEqual([]);
  expect((await getPriorAuthDetail(t.database, orgId, later)).possible_duplicates).toEqual([]);
  const page = await app.fetch(`/o/${orgId}/prior-auths/${again}`, { headers: { Cookie: cookie } });
  const html = await page.text();
  expect(html).toContain("Possible duplicate");
  expect(html).toContain(`/o/${orgId}/prior-auths/${first}`);
});

describe("POST /api/o/{org}/prior_auths: the same duplicate check as the upload screen", () => {
  const post = (org: string, auth: Record<string, string>, body: FormData | object) =>
    callRoute(createRoute, "POST", `/api/o/${org}/prior_auths`, { orgId: org }, { headers: auth, body });
  const faxForm = (pdf: Uint8Array, fields: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set("file", new File([pdf as BlobPart], "fax.pdf", { type: "application/pdf" }));
    return form;
  };

  it("a fax received again answers 409 with the existing case; create_anyway creates one; tenancy holds", async () => {
    const pdf = await makePdf("PRIOR AUTHORIZATION REQUEST\nPatient: Api Again  Member ID: API-1");
    const first = await post(orgId, { Cookie: cookie }, faxForm(pdf));
    expect(first.status).toBe(200);
    const firstToken = (await first.json()).prior_auth.token as string;

    const again = await post(orgId, { Cookie: cookie }, faxForm(pdf));
    expect(again.status).toBe(409);
    const body = await again.json();
    expect(body.success).toBe(false);
    expect(body.errors[0]).toContain(`already received on`);
    expect(body.errors[0]).toContain(firstToken);
    expect(body.duplicate.token).toBe(firstToken);
    expect(await t.database.prisma.priorAuth.count({ where: { organization_id: orgId, documents: { some: { filename: "fax.pdf" } } } })).toBeGreaterThan(0);
    const count = await t.database.prisma.priorAuth.count({ where: { organization_id: orgId } });

    const anyway = await post(orgId, { Cookie: cookie }, faxForm(pdf, { create_anyway: "1" }));
    expect(anyway.status).toBe(200);
    expect((await anyway.json()).prior_auth.token).not.toBe(firstToken);
    expect(await t.database.prisma.priorAuth.count({ where: { organization_id: orgId } })).toBe(count + 1);

    // the same file in another organization is no duplicate there, and never names this one's case
    const other = await post(otherOrgId, { Cookie: otherCookie }, faxForm(pdf));
    expect(other.status).toBe(200);
    expect(JSON.stringify(await other.json())).not.toContain(firstToken);
  });

  it("an ePA with the same text again answers 409; a different text or create_anyway: true creates", async () => {
    const epa = (text: string, extra: object = {}) => ({ submission_type: "epa", epa_submission: { synthetic_document: text }, ...extra });
    const text = "Patient: Erin Epa  Member ID: EPA-7\nMedication: Dupixent 300 mg";
    expect((await post(orgId, { Cookie: cookie }, epa(text))).status).toBe(200);
    const again = await post(orgId, { Cookie: cookie }, epa(`  ${text}\n`));
    expect(again.status).toBe(409);
    expect((await again.json()).duplicate.medication_name).toBeNull();
    expect((await post(orgId, { Cookie: cookie }, epa(`${text}\nQuantity: 2`))).status).toBe(200);
    expect((await post(orgId, { Cookie: cookie }, epa(text, { create_anyway: true }))).status).toBe(200);
  });
});
