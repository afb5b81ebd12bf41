/**
 * Letter forms (PRODUCT-SPEC §2 Letter forms, §5, §7 forms.json): create and list through the API
 * with name and purpose required, another organization's forms invisible (404 for theirs), the
 * merge fields (prescriber, decision, failed criterion, due date, appeal rights by line of business)
 * filled as plain text, a PDF preview, and the denial letter generator using the organization's
 * chosen (default) form.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { callRoute, seedReviewedCase } from "./api-prior-auths.seed";
import * as formsRoute from "~/routes/api/letter-forms/collection";
import * as previewRoute from "~/routes/workspace/forms/$formId.preview.pdf";
import { generateDenialLetter } from "~/letters/generate-denial-letter.server";
import { resolveDenialForm, setDefaultLetterForm, updateLetterForm } from "~/letters/manage-letter-forms.server";
import { appealRightsFor, fillTemplate, unknownPlaceholders } from "~/letters/letter-template";
import { parseDocument } from "~/documents/parse-pdf.server";

let t: TestDatabase;
let orgId: string;
let otherOrgId: string;
let userId: string;
let cookie: string;
let otherCookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOrgWithUser(t.database, { orgName: "Forms Plan", username: "Dr. Ana Ruiz" });
  const b = await createOrgWithUser(t.database, { orgName: "Other Forms Plan" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  userId = a.user.id;
  cookie = await signInCookie(t.database, a.user.id);
  otherCookie = await signInCookie(t.database, b.user.id);
});

afterAll(async () => {
  await t?.cleanup();
});

const json = async (res: Response) => (await res.json()) as Record<string, any>;
const postForm = (body: unknown, org = orgId, c = cookie) =>
  callRoute(formsRoute, "POST", `/api/o/${org}/forms.json`, { orgId: org }, { headers: { Cookie: c }, body });

describe("letter forms", () => {
  it("name and purpose are required; the first form becomes the default; lists are per organization", async () => {
    const bad = await postForm({ template_body: "x" });
    expect(bad.status).toBe(422);
    expect((await json(bad)).errors).toEqual(["Name is required", "Purpose is required"]);
    expect((await postForm("not json")).status).toBeGreaterThanOrEqual(400);
    const res = await postForm({
      name: "Commercial denial",
      description: "Denials for commercial members",
      template_body:
        "Dear {{patient_name}}, {{decision}}: {{drug_name}}. Prescriber {{prescriber_name}}. Failed: {{failed_criterion}}. Appeal by {{due_date}}. {{appeal_rights}}",
    });
    expect(res.status).toBe(201);
    const form = (await json(res)).form;
    expect(form).toMatchObject({ name: "Commercial denial", is_default: true });
    await postForm({ name: "Second", description: "p" });
    const list = (await json(await callRoute(formsRoute, "GET", `/api/o/${orgId}/forms.json`, { orgId }, { headers: { Cookie: cookie } }))).forms;
    expect(list.map((f: { name: string; is_default: boolean }) => [f.name, f.is_default])).toEqual([
      ["Commercial denial", true],
      ["Second", false],
    ]);
    expect(
      (await json(await callRoute(formsRoute, "GET", `/api/o/${otherOrgId}/forms.json`, { orgId: otherOrgId }, { headers: { Cookie: otherCookie } }))).forms,
    ).toEqual([]);
    expect((await callRoute(formsRoute, "GET", `/api/o/${otherOrgId}/forms.json`, { orgId: otherOrgId }, { headers: { Cookie: cookie } })).status).toBe(404);
  });

  it("merge fields are filled as text (markup is not interpreted); unknown fields are reported", () => {
    expect(fillTemplate("<b>{{patient_name}}</b>", { patient_name: "<script>x</script>" })).toBe("<b><script>x</script></b>");
    expect(unknownPlaceholders("{{patient_name}} {{ssn}} {{ssn}}")).toEqual(["ssn"]);
    expect(appealRightsFor("Medicare Part D").days).toBe(65);
    expect(appealRightsFor("Medicaid").days).toBe(60);
    expect(appealRightsFor("Commercial").days).toBe(180);
    expect(appealRightsFor("Medicaid").text).toMatch(/State Fair Hearing/);
  });

  it("the preview is a PDF of the form with sample values; another organization's form is 404", async () => {
    const form = await resolveDenialForm(t.database, orgId);
    const res = await callRoute(
      previewRoute,
      "GET",
      `/o/${orgId}/forms/${form.id}/preview.pdf?lob=Medicaid`,
      { orgId, formId: form.id },
      { headers: { Cookie: cookie } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    const text = (await parseDocument(new Uint8Array(await res.arrayBuffer()))).pages
      .map((p) => p.text)
      .join(" ")
      .replace(/\s+/g, " ");
    expect(text).toContain("Jordan Sample");
    expect(text).toContain("State Fair Hearing");
    const foreign = await callRoute(
      previewRoute,
      "GET",
      `/o/${otherOrgId}/forms/${form.id}/preview.pdf`,
      { orgId: otherOrgId, formId: form.id },
      { headers: { Cookie: otherCookie } },
    );
    expect(foreign.status).toBe(404);
  });

  it("the denial letter uses the organization's chosen form, with the merge fields filled", async () => {
    const forms = await t.database.prisma.letterForm.findMany({ where: { organization_id: orgId }, orderBy: { created_at: "asc" } });
    const second = forms[1]!;
    await updateLetterForm(t.database, orgId, second.id, {
      name: "Second",
      description: "p",
      template_body: "SECOND FORM\n{{patient_name}} — {{decision}} — {{failed_criterion}} — by {{due_date}}",
      is_default: true,
    });
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });
    const letter = await generateDenialLetter(t.database, orgId, priorAuthId, { userId, clinician_sign_off: true });
    expect(letter.letter_form).toEqual({ token: second.id, name: "Second" });
    // the form's text, then the AI-assistance disclosure the form did not place itself
    expect(letter.body).toMatch(
      /^SECOND FORM\nMaria Lopez — Denied — .+ — by [A-Z][a-z]+ \d{1,2}, \d{4}\n\nHow this decision was made: AI assisted this decision: .+ Source of the screening criteria: .+\.\n$/,
    );
    // choosing the first form again: the next letter uses it
    await setDefaultLetterForm(t.database, orgId, forms[0]!.id);
    const { priorAuthId: second2 } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });
    const again = await generateDenialLetter(t.database, orgId, second2, { userId, clinician_sign_off: true });
    expect(again.body).toMatch(/^Dear Maria Lopez, Denied: Humira\./);
    expect(again.body).not.toContain("{{");
    expect(await t.database.prisma.letterForm.count({ where: { organization_id: orgId, is_default: true } })).toBe(1);
  });
});
