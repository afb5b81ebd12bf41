/**
 * Issue 24 item C: uploading the same fax again offers the existing case instead of silently making
 * a duplicate. The Fax Simulation POST answers 409 with the existing case (same file content within
 * the organization in the last 30 days); "Create anyway" (create_anyway=1) still creates one; another
 * organization's identical upload and an identical upload older than the window are no duplicates.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { makePdf } from "./api-prior-auths.seed";
import { DUPLICATE_WINDOW_DAYS, findDuplicateFax } from "~/prior-auths/find-duplicate-upload.server";

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
