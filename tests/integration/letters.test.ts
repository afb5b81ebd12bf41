/**
 * Denial letters (PRODUCT-SPEC §2 decision panel, §4): allowed only when the AI did not approve or a
 * human denied, never after a human approval, and only with an explicit clinician sign-off. The
 * letter states the specific reason and the failed criterion, comes from the organization's letter
 * form (or the default one), is stored as a real PDF and downloadable by members only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
import { callRoute, seedReviewedCase } from "./api-prior-auths.seed";
import { parseDocument } from "~/documents/parse-pdf.server";
import { createLetterForm, listLetterForms } from "~/letters/manage-letter-forms.server";
import { generateDenialLetter, SIGN_OFF_FORBIDDEN } from "~/letters/generate-denial-letter.server";
import { fillTemplate } from "~/letters/letter-template";
import * as letterRoute from "~/routes/api/prior-auths/generate-denial-letter";
import * as pdfRoute from "~/routes/api/prior-auths/letter-pdf";
import * as detailRoute from "~/routes/api/prior-auths/item";

let t: TestDatabase;
let orgId: string;
let otherOrgId: string;
let userId: string;
let cookie: string;
let otherCookie: string;
let apiKey: string;

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOrgWithUser(t.database, { orgName: "Letters Plan", username: "Dr. Priya Shah" });
  const b = await createOrgWithUser(t.database, { orgName: "Other Plan" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  userId = a.user.id;
  cookie = await signInCookie(t.database, a.user.id);
  otherCookie = await signInCookie(t.database, b.user.id);
  apiKey = (await createApiKey(t.database, orgId)).token;
});

afterAll(async () => {
  await t?.cleanup();
});

const post = (priorAuthId: string, body: unknown, headers: Record<string, string> = { Cookie: cookie }, org = orgId) =>
  callRoute(letterRoute, "POST", `/api/o/${org}/prior_auths/${priorAuthId}/generate_denial_letter`, { orgId: org, id: priorAuthId }, { headers, body });

async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await parseDocument(bytes);
  return doc.pages
    .map((p) => p.text)
    .join("\n")
    .replace(/\s+/g, " ");
}

describe("generate_denial_letter", () => {
  it("refuses without an explicit clinician sign-off (the AI alone never sends a letter)", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });
    for (const body of [{}, { clinician_sign_off: false }, { clinician_sign_off: "false" }]) {
      const res = await post(priorAuthId, body);
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ success: false, errors: ["A clinician must sign off before a denial letter is sent"] });
    }
    expect(await t.database.prisma.letter.count({ where: { prior_auth_id: priorAuthId } })).toBe(0);
    expect(await t.database.prisma.humanDecision.count({ where: { prior_auth_id: priorAuthId } })).toBe(0);
  });

  it("refuses when the AI approved and no human denied, and after a human approval", async () => {
    const { priorAuthId, aiDecisionId } = await seedReviewedCase(t.database, orgId, { aiDecision: "approved" });
    const res = await post(priorAuthId, { clinician_sign_off: true });
    expect(res.status).toBe(409);
    expect((await res.json()).errors[0]).toMatch(/AI approved/);

    const denied = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });
    await t.database.prisma.humanDecision.create({
      data: { prior_auth_id: denied.priorAuthId, ai_decision_id: denied.aiDecisionId, decision_type: "approve", reason: "Appeal evidence" },
    });
    const afterApproval = await post(denied.priorAuthId, { clinician_sign_off: true });
    expect(afterApproval.status).toBe(409);
    expect((await afterApproval.json()).errors[0]).toMatch(/reviewer approved/);

    // A human denial of an AI approval makes the letter possible
    await t.database.prisma.humanDecision.create({
      data: { prior_auth_id: priorAuthId, ai_decision_id: aiDecisionId, decision_type: "deny", reason: "Member is not on the roster for the request date." },
    });
    const ok = await post(priorAuthId, { clinician_sign_off: true });
    expect(ok.status).toBe(200);
    expect((await ok.json()).denial_letter.denial_reason).toBe("Member is not on the roster for the request date.");
  });

  it("after sign-off: stores a PDF stating the reason and the failed criterion, records the human denial", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "needs_more_information" });
    const res = await post(priorAuthId, { clinician_sign_off: true });
    expect(res.status).toBe(200);
    const { denial_letter: letter, success, errors } = await res.json();
    expect(success).toBe(true);
    expect(errors).toEqual([]);
    expect(letter.denial_reason).toBe("Only 6 weeks of methotrexate are documented; the policy requires 12 weeks.");
    expect(letter.criterion).toBe("Has the member tried and failed methotrexate for at least 12 weeks?");
    expect(letter.signed_off_by).toBe("Dr. Priya Shah");
    expect(letter.body).toContain("Maria Lopez");
    expect(letter.body).toContain("ZX1002003");
    expect(letter.body).toContain("adalimumab coverage policy (Gold PPO)");
    expect(letter.body).toMatch(/appeal/i);
    expect(letter.body).not.toMatch(/\{\{/);
    // whether AI assisted and the source of the screening criteria (CA SB 1120, CMS MA rules)
    expect(letter.body).toMatch(
      /How this decision was made: AI assisted this decision: an automated review tool \(PA Review built-in clinical engine 0\.1\.0\) .*Source of the screening criteria: Coverage policy "[^"]+"/,
    );

    const pdfRes = await callRoute(pdfRoute, "GET", letter.pdf_url, { orgId, id: priorAuthId, letterId: letter.token }, { headers: { Cookie: cookie } });
    expect(pdfRes.status).toBe(200);
    expect(pdfRes.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await pdfRes.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(bytes);
    expect(text).toContain("Only 6 weeks of methotrexate are documented");
    expect(text).toContain("tried and failed methotrexate for at least 12 weeks");

    const detail = await (
      await callRoute(detailRoute, "GET", `/api/o/${orgId}/prior_auths/${priorAuthId}.json`, { orgId, id: priorAuthId }, { headers: { Cookie: cookie } })
    ).json();
    expect(detail.letters).toHaveLength(1);
    expect(detail.letters[0]).toMatchObject({ token: letter.token, pdf_url: letter.pdf_url });
    expect(detail.decision).toMatchObject({ decision_type: "deny", user: { id: userId } });
    expect((await t.database.prisma.priorAuth.findUnique({ where: { id: priorAuthId } }))!.final_decision).toBe("denied");
    expect((await listLetterForms(t.database, orgId)).map((f) => f.name)).toEqual(["Standard denial notice"]);

    // the PDF is not reachable without credentials or from another organization
    expect((await callRoute(pdfRoute, "GET", letter.pdf_url, { orgId, id: priorAuthId, letterId: letter.token })).status).toBe(401);
    expect(
      (await callRoute(pdfRoute, "GET", letter.pdf_url, { orgId: otherOrgId, id: priorAuthId, letterId: letter.token }, { headers: { Cookie: otherCookie } }))
        .status,
    ).toBe(404);
    expect((await callRoute(pdfRoute, "GET", letter.pdf_url, { orgId, id: priorAuthId, letterId: "nope" }, { headers: { Cookie: cookie } })).status).toBe(404);
  });

  it("renders the organization's own letter form and a reviewer-written reason (form data)", async () => {
    const form = await createLetterForm(t.database, orgId, {
      name: "Short notice",
      description: "Brief denial",
      template_body: "DENIAL\n{{patient_name}} / {{drug_name}}\nReason: {{denial_reason}}\nCriterion: {{criterion}}\nSigned: {{reviewer}} {{unknown_field}}",
    });
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });
    const body = new URLSearchParams({
      clinician_sign_off: "true",
      letter_form_id: form.token,
      denial_reason: "Dose exceeds the quantity limit of 2 pens per 28 days.",
    });
    const res = await post(priorAuthId, body.toString(), { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" });
    expect(res.status).toBe(200);
    const { denial_letter: letter } = await res.json();
    // the form's text as written, then the AI-assistance disclosure the form did not place itself
    const [written, disclosure] = letter.body.split("\n\nHow this decision was made: ");
    expect(written).toBe(
      "DENIAL\nMaria Lopez / Humira\nReason: Dose exceeds the quantity limit of 2 pens per 28 days.\nCriterion: Has the member tried and failed methotrexate for at least 12 weeks?\nSigned: Dr. Priya Shah",
    );
    expect(disclosure).toMatch(/^AI assisted this decision: .*Source of the screening criteria: /);
    expect(letter.signed_off_by).toBe("Dr. Priya Shah");

    const foreignForm = await createLetterForm(t.database, otherOrgId, { name: "x", description: "y", template_body: "z" });
    const wrongForm = await post(priorAuthId, { clinician_sign_off: true, letter_form_id: foreignForm.token });
    expect(wrongForm.status).toBe(404);
  });

  it("401 without credentials; 404 for unknown and other organizations' cases", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied", withPolicy: false });
    expect((await post(priorAuthId, { clinician_sign_off: true }, {})).status).toBe(401);
    expect((await post("unknown", { clinician_sign_off: true })).status).toBe(404);
    expect((await post(priorAuthId, { clinician_sign_off: true }, { Cookie: otherCookie }, otherOrgId)).status).toBe(404);
    const foreign = await seedReviewedCase(t.database, otherOrgId, { aiDecision: "denied", withPolicy: false });
    expect((await post(foreign.priorAuthId, { clinician_sign_off: true })).status).toBe(404);
    await expect(generateDenialLetter(t.database, orgId, foreign.priorAuthId, { userId, clinician_sign_off: true })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

describe("defect 19: only a signed-in clinical reviewer signs off a denial letter", () => {
  it("an API key cannot sign off a denial letter, whatever it claims", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });
    for (const body of [{ clinician_sign_off: true }, "clinician_sign_off=true"]) {
      const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}` };
      if (typeof body === "string") headers["Content-Type"] = "application/x-www-form-urlencoded";
      const res = await post(priorAuthId, body, headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ success: false, errors: [SIGN_OFF_FORBIDDEN] });
    }
    expect(await t.database.prisma.letter.count({ where: { prior_auth_id: priorAuthId } })).toBe(0);
    expect(await t.database.prisma.humanDecision.count({ where: { prior_auth_id: priorAuthId } })).toBe(0);
    await expect(generateDenialLetter(t.database, orgId, priorAuthId, { userId: null, clinician_sign_off: true })).rejects.toMatchObject({ code: "forbidden" });
  });

  it("a member without the clinical reviewer permission cannot sign off; with it they can, and are recorded", async () => {
    const member = await t.database.prisma.user.create({ data: { email: `member-${Date.now()}@example.test`, username: "Sam Intake" } });
    const membership = await t.database.prisma.membership.create({ data: { user_id: member.id, organization_id: orgId } });
    expect(membership.roles).toEqual(["reviewer"]); // the default role: decides, cannot sign off
    const memberCookie = await signInCookie(t.database, member.id);
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });

    const refused = await post(priorAuthId, { clinician_sign_off: true }, { Cookie: memberCookie });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ success: false, errors: [SIGN_OFF_FORBIDDEN] });
    expect(await t.database.prisma.letter.count({ where: { prior_auth_id: priorAuthId } })).toBe(0);

    await t.database.prisma.membership.update({ where: { id: membership.id }, data: { roles: ["clinical_reviewer"] } });
    const signed = await post(priorAuthId, { clinician_sign_off: true }, { Cookie: memberCookie });
    expect(signed.status).toBe(200);
    expect((await signed.json()).denial_letter.signed_off_by).toBe("Sam Intake");
    const letter = await t.database.prisma.letter.findFirstOrThrow({ where: { prior_auth_id: priorAuthId } });
    expect(letter.signed_off_by_id).toBe(member.id);
  });

  it("organization owners are clinical reviewers from the start; another organization's reviewer is not", async () => {
    const owner = await t.database.prisma.membership.findFirstOrThrow({ where: { user_id: userId, organization_id: orgId } });
    expect(owner.owner).toBe(true);
    expect(owner.roles).toEqual(expect.arrayContaining(["administrator", "clinical_reviewer"]));
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });
    const otherUser = (await t.database.prisma.membership.findFirstOrThrow({ where: { organization_id: otherOrgId } })).user_id;
    await expect(generateDenialLetter(t.database, orgId, priorAuthId, { userId: otherUser, clinician_sign_off: true })).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});

describe("letter forms", () => {
  it("name and purpose are required; placeholders are filled, unknown ones blanked", async () => {
    await expect(createLetterForm(t.database, orgId, { name: " ", description: "x" })).rejects.toMatchObject({
      code: "validation",
      message: "Name is required",
    });
    await expect(createLetterForm(t.database, orgId, { name: "x", description: "" })).rejects.toMatchObject({
      code: "validation",
      message: "Purpose is required",
    });
    const form = await createLetterForm(t.database, orgId, { name: "Default body", description: "uses the default template" });
    expect(form.template_body).toContain("{{denial_reason}}");
    expect(fillTemplate("Hi {{ patient_name }}, {{nope}}!", { patient_name: "Ann" })).toBe("Hi Ann, !");
  });
});
