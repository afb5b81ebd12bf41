/**
 * Denial letters (Send denial letter; POST .../prior_auths/{token}/generate_denial_letter).
 *
 * Rules (PRODUCT-SPEC §2, §4):
 *  - a letter may be sent only when the AI did not approve (and no human decided otherwise) or a
 *    human denied; a human approval always blocks it;
 *  - a clinician must sign off explicitly: the AI alone never produces a letter (adverse
 *    determinations need clinical review by a qualified professional, e.g. 42 CFR 423.566(d) for
 *    Part D and state utilization-review laws). The signer is a signed-in person with the clinical
 *    reviewer permission (app/auth/permissions.server.ts), never an API key, and is recorded;
 *  - the letter states the specific reason and the coverage criterion that was not met, taken from
 *    the failed policy-check steps (clinical, then eligibility, then audit) unless the reviewer
 *    writes the reason;
 *  - the letter says whether AI assisted the decision and the source of the screening criteria
 *    (the coverage policy and decision tree version; CA SB 1120, CMS MA rules).
 * The signed-off letter also records a human "deny" decision when the latest one is not already a
 * denial, so the case shows Denied by a person.
 */
import { LATEST_AI_DECISION } from "~/prior-auths/effective-decision.server";
import type { Database } from "~/lib/db.server";
import { AppError, requireMaxLength } from "~/lib/errors";
import { publish } from "~/queue/live-events.server";
import { requirePriorAuth } from "~/prior-auths/require-prior-auth.server";
import { denialLetterAllowed, isApproval, routingOf } from "~/prior-auths/get-prior-auth-detail.server";
import { letterPdfUrl } from "~/prior-auths/urls";
import { appealRightsFor, fillTemplate, withAiDisclosure } from "./letter-template";
import { aiDisclosureText, caseAiDisclosure } from "~/fhir/decision-provenance.server";
import { resolveDenialForm } from "./manage-letter-forms.server";
import { renderLetterPdf } from "./render-letter-pdf.server";
import { requireClinicalReviewer } from "~/auth/permissions.server";
import { plainCriterion, plainText } from "~/lib/plain-language";
import { notifyPasDecision } from "~/fhir/pas-subscriptions.server";

export { SIGN_OFF_FORBIDDEN } from "~/auth/permissions.server";

export interface DenialLetterInput {
  /** the signing clinician: a signed-in user with the clinical reviewer permission (null, e.g. an API key, is refused) */
  userId: string | null;
  /** must be true */
  clinician_sign_off: boolean;
  letter_form_id?: string | null;
  /** reviewer-written reason; default: from the failed criteria */
  denial_reason?: string | null;
}

export const SIGN_OFF_REQUIRED = "A clinician must sign off before a denial letter is sent";

const CHECK_ORDER: Record<string, number> = { clinical: 0, ai_rule: 1, eligibility: 2, audit: 3 };

/** The failed criterion and its reason: first failed step by check kind, else the first step that lacked information. */
function failedCriterion(
  checks: { title: string; kind: string; policy_check_steps: { question: string; reason: string; passed: boolean | null; outcome: string }[] }[],
) {
  const sorted = [...checks].sort((a, b) => (CHECK_ORDER[a.kind] ?? 9) - (CHECK_ORDER[b.kind] ?? 9));
  for (const want of ["failed", "insufficient"] as const) {
    for (const check of sorted) {
      const step = check.policy_check_steps.find((s) => (want === "failed" ? s.passed === false : s.outcome === "insufficient"));
      if (step) return { check, step, insufficient: want === "insufficient" };
    }
  }
  return null;
}

/** US long date ("November 21, 2026") in UTC. */
function letterDate(d: Date): string {
  return d.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
}

/**
 * Generates, stores and returns a denial letter for prior auth `priorAuthId` of `organizationId`.
 * Returns the letter (LetterSchema) plus its body text.
 * Errors: AppError not_found (case, letter form); conflict when the AI approved and no human denied
 * ('The AI approved this prior auth; record a human denial before sending a denial letter') or a
 * human approved; validation SIGN_OFF_REQUIRED without clinician_sign_off: true; forbidden
 * SIGN_OFF_FORBIDDEN when `input.userId` is null (API key) or not a clinical reviewer of the organization.
 */
export async function generateDenialLetter(database: Database, organizationId: string, priorAuthId: string, input: DenialLetterInput) {
  requireMaxLength(input.denial_reason, 5000, "Denial reason");
  const pa = await requirePriorAuth(database, organizationId, priorAuthId);
  const reviewer = await requireClinicalReviewer(database, organizationId, input.userId);
  const full = await database.prisma.priorAuth.findUniqueOrThrow({
    where: { id: pa.id },
    include: {
      organization: { select: { name: true, title: true } },
      patient: true,
      medication_requests: { orderBy: { created_at: "asc" }, take: 1 },
      ai_decisions: LATEST_AI_DECISION,
      human_decisions: { orderBy: { created_at: "desc" }, take: 1 },
      coverage_policy: { select: { drug_name: true, plan: { select: { title: true } } } },
      plan: { select: { line_of_business: true } },
      practitioners: { orderBy: { created_at: "asc" }, take: 1, select: { full_name: true } },
      policy_checks: { orderBy: { created_at: "asc" }, include: { policy_check_steps: { orderBy: { position: "asc" } } } },
    },
  });
  const human = full.human_decisions[0] ?? null;
  if (human?.decision_type === "approve") throw new AppError("conflict", "A reviewer approved this prior auth; a denial letter cannot be sent");
  if (!denialLetterAllowed(full.ai_decisions[0]?.final_decision, human?.decision_type, routingOf(full.ai_decisions[0]?.response_data) != null)) {
    throw new AppError(
      "conflict",
      full.ai_decisions[0] && isApproval(full.ai_decisions[0].final_decision)
        ? "The AI approved this prior auth; record a human denial before sending a denial letter"
        : routingOf(full.ai_decisions[0]?.response_data)
          ? "This request was found misdirected (not this plan's); record a human denial before sending a denial letter"
          : "This prior auth has no decision yet; record a human denial before sending a denial letter",
    );
  }
  if (input.clinician_sign_off !== true) throw new AppError("validation", SIGN_OFF_REQUIRED);

  const failed = failedCriterion(full.policy_checks);
  const criterion = failed
    ? `${plainCriterion(failed.step.question)}${failed.insufficient ? " (not documented in the request)" : ""}`
    : "The coverage criteria of the applicable policy were not shown to be met.";
  const writtenReason = input.denial_reason?.trim();
  // engine text goes out in plain words (app/lib/plain-language.ts); a person's own words as written
  const denialReason = (
    writtenReason ||
    (human?.decision_type === "deny" ? human.reason : "") ||
    plainText(failed?.step.reason) ||
    plainText(full.ai_decisions[0]?.rationale) ||
    plainText(full.ai_decisions[0]?.ai_summary) ||
    "The request does not meet the coverage criteria."
  ).slice(0, 4000);
  const policyName = full.coverage_policy
    ? `${full.coverage_policy.drug_name} coverage policy${full.coverage_policy.plan?.title ? ` (${full.coverage_policy.plan.title})` : ""}`
    : failed
      ? failed.check.title
      : "Plan coverage criteria";

  const form = await resolveDenialForm(database, organizationId, input.letter_form_id);
  const organizationName = full.organization.title || full.organization.name;
  const patientName = [full.patient?.first_name, full.patient?.last_name].filter(Boolean).join(" ") || full.patient_name || "Member";
  const drugName = full.medication_requests[0]?.drug_name ?? full.medication_name ?? "the requested medication";
  const now = new Date();
  const lineOfBusiness = full.plan?.line_of_business ?? null;
  const rights = appealRightsFor(lineOfBusiness);
  const disclosure = (await caseAiDisclosure(database, organizationId, full.id)) ?? aiDisclosureText({ engines: [], criteria: [] });
  const filled = fillTemplate(form.template_body, {
    prescriber_name: full.practitioners[0]?.full_name ?? full.practitioner_name ?? "Your prescriber",
    decision: "Denied",
    failed_criterion: criterion,
    line_of_business: lineOfBusiness ?? "",
    due_date: letterDate(new Date(now.getTime() + rights.days * 86400000)),
    patient_name: patientName,
    member_id: full.patient?.member_id ?? "Not provided",
    drug_name: drugName,
    denial_reason: denialReason,
    criterion,
    policy_name: policyName,
    date: letterDate(now),
    reviewer: reviewer.username,
    appeal_rights: rights.text,
    organization_name: organizationName,
    prior_auth_id: full.id,
    ai_disclosure: disclosure,
  });
  const body = withAiDisclosure(form.template_body, filled, disclosure);
  const pdf = await renderLetterPdf(body, { organizationName, title: `Denial notice — ${drugName}` });

  const writes = [
    database.prisma.letter.create({
      data: {
        organization_id: organizationId,
        prior_auth_id: full.id,
        letter_form_id: form.id,
        kind: "denial",
        denial_reason: denialReason,
        criterion,
        body,
        pdf: new Uint8Array(pdf),
        signed_off_by_id: reviewer.id,
      },
    }),
  ] as const;
  const needsHumanDeny = human?.decision_type !== "deny";
  const [letter] = await database.prisma.$transaction([
    ...writes,
    ...(needsHumanDeny
      ? [
          database.prisma.humanDecision.create({
            data: {
              prior_auth_id: full.id,
              ai_decision_id: full.ai_decisions[0]?.id ?? null,
              user_id: reviewer.id,
              decision_type: "deny",
              reason: denialReason,
            },
          }),
          database.prisma.priorAuth.update({ where: { id: full.id }, data: { final_decision: "denied" } }),
        ]
      : []),
  ]);
  const serialized = {
    token: letter.id,
    kind: letter.kind,
    created_at: letter.created_at.toISOString(),
    denial_reason: letter.denial_reason,
    criterion: letter.criterion,
    pdf_url: letterPdfUrl(organizationId, full.id, letter.id),
    signed_off_by: reviewer.username,
    letter_form: { token: form.id, name: form.name },
    body,
  };
  await publish(database, `prior_auth:${full.id}`, "letter", { letter: { ...serialized, body: undefined } });
  if (needsHumanDeny) await publish(database, `org:${organizationId}`, "prior_auth", { id: full.id, final_decision: "denied" });
  await notifyPasDecision(database, organizationId, "prior_auth", full.id);
  return serialized;
}

/**
 * The stored PDF of letter `letterId` of prior auth `priorAuthId` (both of `organizationId`):
 * `{ filename, data }`. Throws AppError not_found.
 */
export async function getLetterPdf(database: Database, organizationId: string, priorAuthId: string, letterId: string) {
  const pa = await requirePriorAuth(database, organizationId, priorAuthId);
  const id = letterId.replace(/\.pdf$/i, "");
  const letter = await database.prisma.letter.findFirst({
    where: { id, prior_auth_id: pa.id, organization_id: organizationId },
    select: { id: true, kind: true, pdf: true },
  });
  if (!letter?.pdf) throw new AppError("not_found", "Letter not found");
  return { filename: `${letter.kind}-letter-${letter.id}.pdf`, data: new Uint8Array(letter.pdf) };
}
