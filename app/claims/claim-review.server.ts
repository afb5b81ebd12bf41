/**
 * Reading and reviewing claims: the list (spec §2 Claims), the detail (spec §3 Claim, §7
 * GET .../claims/{id}.json), a reviewer's per-line override (required reason; never overwritten by
 * an AI run), a clinician's sign-off of a denied line and the denial letter for it (app/letters:
 * the organization's denial form, naming the service, its code and the failed criterion).
 */
import type { Database } from "~/lib/db.server";
import { AppError, requireMaxLength } from "~/lib/errors";
import { publish } from "~/queue/live-events.server";
import { signDocumentUrl } from "~/documents/signed-url.server";
import { timeAgoInWords } from "~/prior-auths/time-ago";
import { jsonArray, jsonObject } from "~/prior-auths/require-prior-auth.server";
import { requireClinicalReviewer } from "~/auth/permissions.server";
import { resolveDenialForm } from "~/letters/manage-letter-forms.server";
import { fillTemplate, withAiDisclosure, DEFAULT_APPEAL_RIGHTS } from "~/letters/letter-template";
import { aiDisclosureText, caseAiDisclosure, loadCaseProvenance, provenanceJson } from "~/fhir/decision-provenance.server";
import { plainCriterion, plainText } from "~/lib/plain-language";
import { renderLetterPdf } from "~/letters/render-letter-pdf.server";
import { dueAt } from "~/prior-auths/regulatory-clock";
import { requireClaim } from "./create-claim.server";
import { notifyPasDecision } from "~/fhir/pas-subscriptions.server";

/** The claims of an organization, newest first (spec: name or 'Process intake', service request count, created time). */
export async function listClaims(database: Database, organizationId: string) {
  const rows = await database.prisma.claim.findMany({
    where: { organization_id: organizationId },
    orderBy: { created_at: "desc" },
    take: 500,
    include: { patient: { select: { first_name: true, last_name: true } }, _count: { select: { service_requests: true } } },
  });
  return rows.map((c) => ({
    token: c.id,
    id: c.id,
    created_at: c.created_at.toISOString(),
    time_ago_in_words: timeAgoInWords(c.created_at),
    intake_finished: c.intake_finished,
    intake_status: c.intake_status,
    submission_type: c.submission_type,
    patient_name: c.patient ? [c.patient.first_name, c.patient.last_name].filter(Boolean).join(" ") || null : null,
    service_requests_size: c._count.service_requests,
  }));
}

/** The effective decision of a line: a reviewer's override wins over the AI's. */
function effective(decisions: { agent: string; final_decision: string | null; approved: boolean | null }[]) {
  const human = decisions.find((d) => d.agent === "human");
  const ai = decisions.find((d) => d.agent !== "human");
  const d = human ?? ai;
  return d ? (d.final_decision ?? (d.approved === true ? "approved" : d.approved === false ? "denied" : "needs_more_information")) : null;
}

/** Full detail of claim `claimId` (spec §7). Throws AppError("not_found") for another organization's claim. */
export async function getClaimDetail(database: Database, organizationId: string, claimId: string) {
  const claim = await requireClaim(database, organizationId, claimId);
  const full = await database.prisma.claim.findUniqueOrThrow({
    where: { id: claim.id },
    include: {
      documents: {
        where: { kind: { in: ["fax", "epa"] } },
        orderBy: { created_at: "asc" },
        select: { id: true, kind: true, filename: true, status: true, error: true, page_count: true },
      },
      epa_submission: true,
      patient: true,
      practitioners: { orderBy: { created_at: "asc" } },
      claim_diagnoses: { orderBy: [{ primary: "desc" }, { created_at: "asc" }] },
      service_requests: { orderBy: { line_number: "asc" }, include: { decisions: { orderBy: { created_at: "desc" } } } },
      letters: { orderBy: { created_at: "desc" }, select: { id: true, service_request_id: true, denial_reason: true, criterion: true, created_at: true } },
      plan: { select: { id: true, title: true } },
      assignee: { select: { id: true, username: true } },
      appeals: { where: { outcome: "overturned" }, select: { service_request_ids: true } },
    },
  });
  const overturned = new Set(full.appeals.flatMap((a) => a.service_request_ids));
  const fax = full.documents.find((d) => d.kind === "fax") ?? null;
  const provenance = await loadCaseProvenance(database, organizationId, full.id);
  const policyIds = [
    ...new Set(
      full.service_requests
        .flatMap((s) => s.decisions.map((d) => jsonObject(d.metadata)?.coverage_policy_id))
        .filter((x): x is string => typeof x === "string"),
    ),
  ];
  const policies = policyIds.length
    ? await database.prisma.coveragePolicy.findMany({
        where: { id: { in: policyIds }, organization_id: organizationId },
        select: { id: true, drug_name: true, drugs_list: true, plan_id: true },
      })
    : [];
  const serviceDecision = (d: (typeof full.service_requests)[number]["decisions"][number]) => ({
    token: d.id,
    service_request_id: d.service_request_id,
    agent: d.agent,
    approved: d.approved,
    final_decision: d.final_decision,
    reason: d.reason,
    ai_summary: d.ai_summary,
    metadata: jsonObject(d.metadata) ?? {},
    citations: jsonArray(d.citations),
    decision_tree_traversal: jsonArray(d.decision_tree_traversal),
    signed_off: !!d.signed_off_at,
    signed_off_at: d.signed_off_at?.toISOString() ?? null,
    created_at: d.created_at.toISOString(),
  });
  return {
    claim: {
      token: full.id,
      id: full.id,
      created_at: full.created_at.toISOString(),
      time_ago_in_words: timeAgoInWords(full.created_at),
      intake_finished: full.intake_finished,
      intake_status: full.intake_status,
      intake_step: full.intake_step,
      intake_error: full.intake_error,
      submission_type: full.submission_type,
      // a prior-authorization (pre-service) request rather than a claim for services given
      pre_service: full.pre_service,
      request_date: full.request_date,
      plan: full.plan,
      service_requests_size: full.service_requests.length,
      urgency: full.urgency === "expedited" ? "expedited" : "standard",
      // the stored due time (moved by a time-frame extension), else the regulatory clock's
      due_at: (full.due_at ?? dueAt(full.received_at, full.urgency)).toISOString(),
      received_at: full.received_at.toISOString(),
      assignee: full.assignee,
      // the requester withdrew the request (a Da Vinci PAS cancellation)
      withdrawn: full.withdrawn_at ? { at: full.withdrawn_at.toISOString(), reason: full.withdrawn_reason } : null,
    },
    fax: fax
      ? {
          document_id: fax.id,
          pdf_url: signDocumentUrl(fax.id),
          s3_signed_url: signDocumentUrl(fax.id),
          status: fax.status,
          error: fax.error,
          page_count: fax.page_count,
        }
      : null,
    epa_submission: full.epa_submission ? { synthetic_document: full.epa_submission.synthetic_document } : null,
    patient: full.patient
      ? {
          token: full.patient.id,
          first_name: full.patient.first_name,
          last_name: full.patient.last_name,
          birth_date: full.patient.birth_date,
          gender: full.patient.gender,
          insurance_plan: full.patient.insurance_plan,
          member_id: full.patient.member_id,
          plan_identification: full.patient.plan_identification,
          citations: jsonArray(full.patient.citations),
        }
      : null,
    claim_diagnoses: full.claim_diagnoses.map((d) => ({
      token: d.id,
      code: d.code,
      code_system: d.code_system,
      description: d.description,
      primary: d.primary,
      citations: jsonArray(d.citations),
    })),
    practitioners: full.practitioners.map((p) => ({
      token: p.id,
      role: p.role,
      full_name: p.full_name,
      npi: p.npi,
      npi_valid: p.npi_valid,
      specialty: p.specialty,
      phone_number: p.phone_number,
      fax_phone_number: p.fax_phone_number,
      organization_name: p.organization_name,
      citations: jsonArray(p.citations),
    })),
    service_requests: full.service_requests.map((s) => ({
      token: s.id,
      line_number: s.line_number,
      code: s.code,
      code_system: s.code_system,
      description: s.description,
      category: s.category,
      ai_summary: s.ai_summary,
      notes: s.notes,
      units: s.units,
      date_of_service: s.service_date,
      date_of_service_end: s.service_date_end,
      place_of_service: s.place_of_service,
      site_of_care: s.site_of_care,
      modifiers: s.modifiers,
      ordering_provider: s.ordering_provider,
      rendering_provider: s.rendering_provider,
      citations: jsonArray(s.citations),
      decision: effective(s.decisions),
      // an appeal overturned this line's denial (app/appeals); `decision` and `decisions` keep the original
      approved_after_appeal: overturned.has(s.id) && effective(s.decisions) === "denied",
      decisions: s.decisions.map(serviceDecision),
      provenance: provenance.filter((r) => r.lineId === s.id).map(provenanceJson),
      letters: full.letters
        .filter((l) => l.service_request_id === s.id)
        .map((l) => ({ token: l.id, denial_reason: l.denial_reason, criterion: l.criterion, created_at: l.created_at.toISOString() })),
    })),
    service_decisions: full.service_requests.flatMap((s) => s.decisions.map(serviceDecision)),
    coverage_policies: policies.map((p) => ({ token: p.id, name: p.drug_name, codes: p.drugs_list, plan_id: p.plan_id })),
    /** pages of the claim's document the reader could not read (the lines are not decided without them) */
    unread_pages: fax
      ? (
          await database.prisma.documentPage.findMany({
            where: { document_id: fax.id, error: { not: null } },
            select: { page_number: true, error: true },
            orderBy: { page_number: "asc" },
          })
        ).map((pg) => ({ page: pg.page_number, error: pg.error! }))
      : [],
  };
}

async function requireLine(database: Database, organizationId: string, claimId: string, serviceRequestId: string) {
  const claim = await requireClaim(database, organizationId, claimId);
  const line = await database.prisma.serviceRequest.findFirst({
    where: { id: serviceRequestId, claim_id: claim.id },
    include: { decisions: { orderBy: { created_at: "desc" } } },
  });
  if (!line) throw new AppError("not_found", "Service request not found");
  return { claim, line };
}

/**
 * Records a reviewer's decision on one service line (override): decision_type approve | deny with a
 * required reason (≤ 5000 characters). A later AI run never replaces it.
 * Errors: not_found (claim, line, other organization); validation (reason missing).
 */
export async function overrideServiceLine(
  database: Database,
  organizationId: string,
  claimId: string,
  serviceRequestId: string,
  input: { decision_type: "approve" | "deny"; reason: string; userId: string | null },
) {
  const reason = (input.reason ?? "").trim();
  if (!reason) throw new AppError("validation", "Override reason is required");
  requireMaxLength(reason, 5000, "Reason");
  const { claim, line } = await requireLine(database, organizationId, claimId, serviceRequestId);
  const approve = input.decision_type === "approve";
  const d = await database.prisma.serviceDecision.create({
    data: {
      claim_id: claim.id,
      service_request_id: line.id,
      agent: "human",
      approved: approve,
      final_decision: approve ? "approved" : "denied",
      reason,
      ai_summary: `Reviewer ${approve ? "approved" : "denied"} ${line.code ?? "the service"}: ${reason}`.slice(0, 1000),
      user_id: input.userId,
      metadata: { confidence_score: 1 },
    },
  });
  await publish(database, `claim:${claim.id}`, "decision", { service_request_id: line.id, decision: d.final_decision });
  await publish(database, `org:${organizationId}`, "claim", { id: claim.id });
  await notifyPasDecision(database, organizationId, "claim", claim.id);
  return { token: d.id, service_request_id: line.id, decision_type: input.decision_type, reason };
}

/**
 * A clinical reviewer signs off the denial of one service line and the denial letter is generated
 * from the organization's denial form, naming the service, its code and the failed criterion.
 * Errors: forbidden (not a clinical reviewer, API key); conflict (the line is not denied);
 * validation (clinician_sign_off not true).
 */
export async function signOffAndSendLineDenial(
  database: Database,
  organizationId: string,
  claimId: string,
  serviceRequestId: string,
  input: { userId: string | null; clinician_sign_off: boolean; denial_reason?: string | null },
) {
  const { claim, line } = await requireLine(database, organizationId, claimId, serviceRequestId);
  const reviewer = await requireClinicalReviewer(database, organizationId, input.userId);
  const human = line.decisions.find((d) => d.agent === "human");
  const current = human ?? line.decisions[0];
  if (!current || current.final_decision !== "denied")
    throw new AppError("conflict", "This service line is not denied; record a denial before sending a denial letter");
  if (input.clinician_sign_off !== true) throw new AppError("validation", "A clinician must sign off before a denial letter is sent");
  requireMaxLength(input.denial_reason ?? "", 5000, "Denial reason");
  const meta = jsonObject(line.decisions.find((d) => d.agent !== "human")?.metadata) ?? {};
  const failed = jsonArray<{ question: string; outcome: string; reason: string }>(meta.criteria).find((c) => c.outcome === "not_met");
  const service = `${line.description ?? "the requested service"} (${line.code_system} ${line.code ?? "code not read"})`;
  const criterion = failed ? plainCriterion(failed.question) : "The coverage criteria of the applicable medical policy were not shown to be met.";
  const denialReason = (input.denial_reason?.trim() || (human ? human.reason : "") || plainText(failed?.reason) || plainText(current.reason)).slice(0, 4000);
  const full = await database.prisma.claim.findUniqueOrThrow({
    where: { id: claim.id },
    include: { organization: { select: { name: true, title: true } }, patient: true },
  });
  const policy =
    typeof meta.coverage_policy_id === "string"
      ? await database.prisma.coveragePolicy.findFirst({ where: { id: meta.coverage_policy_id, organization_id: organizationId }, select: { drug_name: true } })
      : null;
  const form = await resolveDenialForm(database, organizationId, null);
  const organizationName = full.organization.title || full.organization.name;
  const disclosure = (await caseAiDisclosure(database, organizationId, claim.id, { lineId: line.id })) ?? aiDisclosureText({ engines: [], criteria: [] });
  const filled = fillTemplate(form.template_body, {
    patient_name: [full.patient?.first_name, full.patient?.last_name].filter(Boolean).join(" ") || "Member",
    member_id: full.patient?.member_id ?? "Not provided",
    drug_name: service,
    denial_reason: denialReason,
    criterion,
    policy_name: policy ? `${policy.drug_name} medical policy` : "Plan medical policy",
    date: new Date().toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }),
    reviewer: reviewer.username,
    appeal_rights: DEFAULT_APPEAL_RIGHTS,
    organization_name: organizationName,
    prior_auth_id: claim.id,
    ai_disclosure: disclosure,
  });
  const body = withAiDisclosure(form.template_body, filled, disclosure);
  const pdf = await renderLetterPdf(body, { organizationName, title: "Notice of denial of medical services" });
  const now = new Date();
  const letter = await database.prisma.$transaction(async (tx) => {
    await tx.serviceDecision.update({ where: { id: current.id }, data: { signed_off_by_id: reviewer.id, signed_off_at: now } });
    return tx.letter.create({
      data: {
        organization_id: organizationId,
        claim_id: claim.id,
        service_request_id: line.id,
        letter_form_id: form.id ?? null,
        kind: "denial",
        denial_reason: denialReason,
        criterion,
        body,
        pdf: new Uint8Array(pdf),
        signed_off_by_id: reviewer.id,
      },
    });
  });
  await publish(database, `claim:${claim.id}`, "letter", { service_request_id: line.id, letter_id: letter.id });
  await notifyPasDecision(database, organizationId, "claim", claim.id);
  return {
    denial_letter: {
      token: letter.id,
      service_request_id: line.id,
      code: line.code,
      service,
      criterion,
      denial_reason: denialReason,
      body,
      pdf_url: `/api/o/${organizationId}/claims/${claim.id}/letters/${letter.id}.pdf`,
    },
  };
}

/** The PDF of a claim's letter. Throws AppError("not_found"). */
export async function getClaimLetterPdf(database: Database, organizationId: string, claimId: string, letterId: string) {
  const claim = await requireClaim(database, organizationId, claimId);
  const letter = await database.prisma.letter.findFirst({ where: { id: letterId, claim_id: claim.id, organization_id: organizationId } });
  if (!letter?.pdf) throw new AppError("not_found", "Letter not found");
  return letter.pdf;
}
