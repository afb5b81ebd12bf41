/**
 * Issue 24, item 6: a value read wrongly is corrected by the reviewer on the case page; the
 * correction is recorded (who, before, after) in the case's history and the PHI audit trail, shows
 * as "Corrected" on the case, and stands when the AI runs again. Another organization cannot correct
 * the case (404); an unknown field or a bad value is refused with a message (422).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { createPriorAuthFromEpa } from "~/prior-auths/create-prior-auth.server";
import { runIntake } from "~/intake/run-intake.server";
import { getPriorAuthDetail } from "~/prior-auths/get-prior-auth-detail.server";
import { DEMO_CASES } from "../../fixtures/demo/catalog";
import { priorAuthDocumentText } from "~/synthetic/generate-synthetic-pa";
import { loadPipelineInputs } from "~/intake/pipeline-inputs.server";
import { emptyFacts } from "~/clinical/testing";

let t: TestDatabase;
let app: AppHandler;
let orgId: string;
let cookie: string;
let otherCookie: string;
let userEmail: string;
let policyCookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOrgWithUser(t.database, { orgName: "Correct org" });
  const b = await createOrgWithUser(t.database, { orgName: "Other correct org" });
  orgId = a.organization.id;
  userEmail = a.user.email;
  cookie = await signInCookie(t.database, a.user.id);
  otherCookie = await signInCookie(t.database, b.user.id);
  // a policy author: reads cases (cases.read) but may not change them (no cases.write)
  const author = await t.database.prisma.user.create({ data: { email: "author@correct.test", username: "author" } });
  await t.database.prisma.membership.create({ data: { user_id: author.id, organization_id: orgId, roles: ["policy_author"] } });
  policyCookie = await signInCookie(t.database, author.id);
  app = await createAppHandler();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

function correct(paId: string, who: string, pairs: [string, string][]) {
  const form = new FormData();
  form.set("intent", "correct_field");
  for (const [field, value] of pairs) {
    form.append("field", field);
    form.append("value", value);
  }
  return app.fetch(`/o/${orgId}/prior-auths/${paId}?modal=correct&field=patient.name`, {
    method: "POST",
    headers: { Cookie: who },
    body: form,
    redirect: "manual",
  });
}

it("a reviewer's correction is recorded, shown, audited and kept over an AI re-run", async () => {
  const p = t.database.prisma;
  const derek = DEMO_CASES.find((c) => c.patient.first_name === "Derek")!;
  // the scan lost the first letter: the request reads "Erek"
  const text = priorAuthDocumentText(derek).replace(/\bDerek\b/g, "Erek");
  const pa = await createPriorAuthFromEpa(t.database, orgId, text, { queue: false });
  await runIntake(t.database, pa.id);
  expect((await p.patient.findFirstOrThrow({ where: { prior_auth_id: pa.id } })).first_name).toBe("Erek");

  const res = await correct(pa.id, cookie, [
    ["patient.first_name", "Derek"],
    ["patient.last_name", derek.patient.last_name],
  ]);
  expect(res.status).toBe(302);
  // only the changed field is recorded, with the value before and who changed it
  const rows = await p.fieldCorrection.findMany({ where: { prior_auth_id: pa.id } });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ field: "patient.first_name", value: "Derek", previous_value: "Erek", user_email: userEmail, organization_id: orgId });
  expect(await p.auditEvent.count({ where: { prior_auth_id: pa.id, action: "prior_auth.correct_field", resource_id: "patient.first_name" } })).toBe(1);
  expect((await p.priorAuth.findUniqueOrThrow({ where: { id: pa.id } })).patient_name).toBe(`Derek ${derek.patient.last_name}`);

  const page = await (await app.fetch(`/o/${orgId}/prior-auths/${pa.id}`, { headers: { Cookie: cookie } })).text();
  expect(page).toContain("Corrected");
  expect(page).toContain("“Erek”");
  expect(page).toContain("corrected by");

  // the next AI run decides on the correction: the pipeline inputs lay it over what extraction reads
  // (eligibility and review see "Derek"), and a case without corrections gets no such step
  const inputs = await loadPipelineInputs(t.database, pa, { page_count: 0, pages: [] }, "epa");
  expect(inputs.correctFacts?.(emptyFacts({ patient: { ...emptyFacts().patient, first_name: "Erek" } })).patient.first_name).toBe("Derek");
  expect((await loadPipelineInputs(t.database, { ...pa, id: "no-such-case" }, { page_count: 0, pages: [] }, "epa")).correctFacts).toBeUndefined();

  // the AI runs again: extraction reads "Erek" again, the reviewer's "Derek" stands
  await runIntake(t.database, pa.id);
  expect((await p.patient.findFirstOrThrow({ where: { prior_auth_id: pa.id } })).first_name).toBe("Derek");
  expect((await p.priorAuth.findUniqueOrThrow({ where: { id: pa.id } })).patient_name).toBe(`Derek ${derek.patient.last_name}`);
  const detail = await getPriorAuthDetail(t.database, orgId, pa.id);
  expect(detail.patient?.first_name).toBe("Derek");
  expect(detail.field_corrections.map((c) => c.field)).toEqual(["patient.first_name"]);
  // a corrected field is never marked as low confidence
  expect(detail.field_flags.some((f) => f.field === "patient.first_name")).toBe(false);
});

it("another organization cannot correct the case; bad fields and values are refused with a message", async () => {
  const derek = DEMO_CASES.find((c) => c.patient.first_name === "Derek")!;
  const pa = await createPriorAuthFromEpa(t.database, orgId, `${priorAuthDocumentText(derek)}\nRef 2`, { queue: false });
  await runIntake(t.database, pa.id);
  const other = await correct(pa.id, otherCookie, [["patient.first_name", "Mallory"]]);
  expect(other.status).toBe(404);
  const unknown = await correct(pa.id, cookie, [["patient.ssn", "123"]]);
  expect(unknown.status).toBe(422);
  expect(await unknown.text()).toContain("Unknown field");
  const badDate = await correct(pa.id, cookie, [["patient.birth_date", "March 3rd"]]);
  expect(badDate.status).toBe(422);
  expect(await badDate.text()).toContain("YYYY-MM-DD");
  expect(await t.database.prisma.fieldCorrection.count({ where: { prior_auth_id: pa.id } })).toBe(0);
});

it("a member without cases.write sees the marks but no Correct link, and cannot open or post the correction", async () => {
  const derek = DEMO_CASES.find((c) => c.patient.first_name === "Derek")!;
  const pa = await createPriorAuthFromEpa(t.database, orgId, `${priorAuthDocumentText(derek).replace(/\bDerek\b/g, "Erek")}\nRef 3`, { queue: false });
  await runIntake(t.database, pa.id);
  const link = /aria-label="Correct patient first name and patient last name"/;
  const asReviewer = await (await app.fetch(`/o/${orgId}/prior-auths/${pa.id}`, { headers: { Cookie: cookie } })).text();
  expect(asReviewer).toMatch(link);
  const asAuthor = await app.fetch(`/o/${orgId}/prior-auths/${pa.id}?modal=correct&field=patient.name`, { headers: { Cookie: policyCookie } });
  expect(asAuthor.status).toBe(200);
  const html = await asAuthor.text();
  expect(html).not.toMatch(link);
  expect(html).not.toContain('data-testid="correct-modal"');
  expect((await correct(pa.id, policyCookie, [["patient.first_name", "Derek"]])).status).toBe(403);
  expect(await t.database.prisma.fieldCorrection.count({ where: { prior_auth_id: pa.id } })).toBe(0);
});
