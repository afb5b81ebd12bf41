/**
 * The prior auth detail (PRODUCT-SPEC §2 "Prior auth detail", §7 GET prior_auths/{token}.json): the
 * case, its documents (through expiring signed links), everything the intake extracted, the AI
 * decision with its citations and trail, the latest human decision, policy checks and letters.
 */
import { LATEST_AI_DECISION } from "~/prior-auths/effective-decision.server";
import type { Database } from "~/lib/db.server";
import type { Citation } from "~/clinical/contracts";
import { AppError } from "~/lib/errors";
import { lowConfidenceFields } from "./field-confidence";
import { listFieldCorrections } from "./field-corrections.server";
import { signDocumentUrl } from "~/documents/signed-url.server";
import { clockStatus } from "./regulatory-clock";
import { timeAgoInWords } from "./time-ago";
import { isoDay, jsonArray, jsonObject, normalizeToken } from "./require-prior-auth.server";
import type { PriorAuthDetail } from "./schemas";
import { letterPdfUrl } from "./urls";
import { loadCaseProvenance, provenanceJson } from "~/fhir/decision-provenance.server";

/** AI final decisions that count as "the AI approved". Both spellings (PRODUCT-SPEC §4). */
export function isApproval(decision: string | null | undefined): boolean {
  return decision === "approved" || decision === "approve";
}

/** A determination (for the regulatory clock): approve/deny, not a request for information. */
function isDetermination(decision: string | null | undefined): boolean {
  return isApproval(decision) || decision === "denied" || decision === "deny";
}

/**
 * Whether a denial letter may be sent (PRODUCT-SPEC §4): when the latest human decision is a denial,
 * or when there is no human decision and the AI did not approve. A human approval always blocks it,
 * and so does a misdirected request (`routed`: another payer's, or no request) that no reviewer denied
 * (issue 24, item 5: "not ours" is never a denial letter).
 */
export function denialLetterAllowed(aiDecision: string | null | undefined, latestHuman: string | null | undefined, routed = false): boolean {
  if (latestHuman) return latestHuman === "deny";
  return aiDecision != null && !isApproval(aiDecision) && !routed;
}

/**
 * "Policy changed since this decision": the case's coverage policy `policy` has published a newer
 * decision tree (`current_version`) than the one the latest AI decision walked (`decidedVersion`).
 * Null when there is no policy, no versioned decision, or the versions agree.
 */
export function policyChange(
  policy: { id: string; drug_name: string; current_version: number | null } | null,
  decidedVersion: number | null,
): PriorAuthDetail["policy_change"] {
  if (!policy || policy.current_version == null || decidedVersion == null || policy.current_version <= decidedVersion) return null;
  return { coverage_policy_token: policy.id, drug_name: policy.drug_name, decided_version: decidedVersion, current_version: policy.current_version };
}

/** How close in time two requests for the same member and drug count as possible duplicates, in days. */
export const SAME_REQUEST_WINDOW_DAYS = 30;

/**
 * Other prior auths of `organizationId` for the same member (member id) and the same drug
 * (case-insensitive) received within SAME_REQUEST_WINDOW_DAYS of `pa` (issue 24, item C: the same
 * request re-sent as a different file). Newest first, at most 5; empty without a member id or drug.
 */
export async function findSameMemberAndDrug(
  database: Database,
  organizationId: string,
  pa: { id: string; member_id: string | null; drug: string | null; received_at: Date },
): Promise<{ token: string; received_at: string; medication_name: string | null }[]> {
  if (!pa.member_id?.trim() || !pa.drug?.trim()) return [];
  const window = SAME_REQUEST_WINDOW_DAYS * 86_400_000;
  const rows = await database.prisma.priorAuth.findMany({
    where: {
      organization_id: organizationId,
      id: { not: pa.id },
      patient: { is: { member_id: pa.member_id.trim() } },
      OR: [
        { medication_name: { equals: pa.drug.trim(), mode: "insensitive" } },
        { medication_requests: { some: { drug_name: { equals: pa.drug.trim(), mode: "insensitive" } } } },
      ],
      received_at: { gte: new Date(pa.received_at.getTime() - window), lte: new Date(pa.received_at.getTime() + window) },
    },
    orderBy: { received_at: "desc" },
    take: 5,
    select: { id: true, received_at: true, medication_name: true },
  });
  return rows.map((r) => ({ token: r.id, received_at: r.received_at.toISOString(), medication_name: r.medication_name }));
}

/**
 * The full detail of one prior auth of `organizationId` (shape: PriorAuthDetailSchema).
 * Throws AppError("not_found") for unknown ids and other organizations' ids.
 */
export async function getPriorAuthDetail(database: Database, organizationId: string, priorAuthId: string): Promise<PriorAuthDetail> {
  const id = normalizeToken(priorAuthId);
  const pa = id
    ? await database.prisma.priorAuth.findFirst({
        where: { id, organization_id: organizationId },
        include: {
          documents: { select: { id: true, kind: true, created_at: true }, orderBy: { created_at: "asc" } },
          epa_submission: { select: { synthetic_document: true } },
          patient: true,
          practitioners: { orderBy: { created_at: "asc" } },
          diagnoses: { orderBy: [{ primary: "desc" }, { created_at: "asc" }] },
          medication_requests: { orderBy: { created_at: "asc" } },
          ai_responses: { orderBy: { created_at: "asc" } },
          ai_decisions: LATEST_AI_DECISION,
          human_decisions: { orderBy: { created_at: "desc" }, take: 1, include: { user: { select: { id: true, username: true, email: true } } } },
          pbm_policy_result: true,
          coverage_policy: {
            select: { id: true, drug_name: true, current_version: true, documents: { where: { kind: "policy" }, select: { id: true }, take: 1 } },
          },
          policy_checks: { orderBy: { created_at: "asc" }, include: { policy_check_steps: { orderBy: { position: "asc" } } } },
          letters: { orderBy: { created_at: "desc" }, include: { signed_off_by: { select: { username: true } } } },
        },
      })
    : null;
  if (!pa) throw new AppError("not_found", "Prior auth not found");

  const ai = pa.ai_decisions[0] ?? null;
  const corrections = await listFieldCorrections(database, pa.id);
  const human = pa.human_decisions[0] ?? null;
  const decidedAt = human?.created_at ?? (ai && isDetermination(ai.final_decision) ? ai.created_at : null);
  const clock = clockStatus(pa.received_at, pa.urgency, decidedAt);
  const faxDoc = pa.documents.find((d) => d.kind === "fax");
  const faxUrl = faxDoc ? signDocumentUrl(faxDoc.id) : null;

  const practitioners = pa.practitioners.map((p) => ({
    token: p.id,
    role: p.role,
    full_name: p.full_name,
    npi: p.npi,
    npi_valid: p.npi_valid,
    state_license: p.state_license,
    specialty: p.specialty,
    phone_number: p.phone_number,
    contact_phone: p.phone_number,
    fax_phone_number: p.fax_phone_number,
    fax_phone: p.fax_phone_number,
    organization_name: p.organization_name,
    npi_data: jsonObject(p.npi_data),
    citations: jsonArray<Citation>(p.citations),
  }));

  const primary = pa.diagnoses.find((d) => d.primary) ?? pa.diagnoses[0] ?? null;
  const secondary = pa.diagnoses
    .filter((d) => d !== primary)
    .map((d) => d.code ?? d.description ?? "")
    .filter(Boolean);
  const diagnosesSummary = {
    ai_summary: pa.diagnoses.length
      ? pa.diagnoses
          .map((d) => d.ai_summary ?? [d.code, d.description].filter(Boolean).join(" — "))
          .filter(Boolean)
          .join("; ")
      : null,
    primary_diagnosis_code: primary?.code ?? null,
    primary_diagnosis_description: primary?.description ?? null,
    secondary_diagnoses: secondary,
  };

  const pbm = pa.pbm_policy_result;
  const ql = jsonObject(pbm?.quantity_limit);
  const st = jsonObject(pbm?.step_therapy);

  const faxPages = faxDoc
    ? await database.prisma.documentPage.findMany({
        where: { document_id: faxDoc.id },
        select: { page_number: true, ocr: true, confidence: true, error: true },
        orderBy: { page_number: "asc" },
      })
    : [];
  return {
    prior_auth: {
      token: pa.id,
      created_at: pa.created_at.toISOString(),
      intake_status: pa.intake_status,
      intake_step: pa.intake_step,
      intake_error: pa.intake_error,
      epa_processed: pa.epa_processed,
      submission_type: pa.submission_type,
      medication_name: pa.medication_name,
      time_ago_in_words: timeAgoInWords(pa.created_at),
      urgency: pa.urgency,
      received_at: pa.received_at.toISOString(),
      due_at: (pa.due_at ?? clock.due_at).toISOString(),
      // against the stored due time, which a time-frame extension moves (app/appeals)
      on_time: (decidedAt ?? new Date()).getTime() <= (pa.due_at ?? clock.due_at).getTime(),
      request_date: isoDay(pa.request_date),
      withdrawn: pa.withdrawn_at ? { at: pa.withdrawn_at.toISOString(), reason: pa.withdrawn_reason } : null,
    },
    fax: faxUrl ? { pdf_url: faxUrl, s3_signed_url: faxUrl, image_urls: [] } : null,
    epa_submission: pa.epa_submission ? { synthetic_document: pa.epa_submission.synthetic_document } : null,
    patient: pa.patient
      ? {
          token: pa.patient.id,
          first_name: pa.patient.first_name,
          last_name: pa.patient.last_name,
          birth_date: pa.patient.birth_date,
          gender: pa.patient.gender,
          insurance_plan: pa.patient.insurance_plan,
          plan_identification: pa.patient.plan_identification,
          member_id: pa.patient.member_id,
          citations: jsonArray<Citation>(pa.patient.citations),
        }
      : null,
    practitioner: practitioners.find((p) => p.role === "prescriber") ?? practitioners[0] ?? null,
    practitioners,
    ai_responses: pa.ai_responses.map((r) => ({ token: r.id, agent: r.agent, summary: r.summary, approved: r.approved })),
    ai_decision: ai
      ? {
          token: ai.id,
          final_decision: ai.final_decision,
          confidence_score: ai.confidence_score,
          ai_summary: ai.ai_summary,
          rationale: ai.rationale,
          citations: jsonArray<Citation>(ai.citations),
          decision_tree_traversal: jsonArray(ai.decision_tree_traversal),
          coverage_policy_version: ai.coverage_policy_version ?? null,
          response_data: { is_approved: isApproval(ai.final_decision) },
          routing: routingOf(ai.response_data),
          engine: ai.engine,
          model: ai.model,
          created_at: ai.created_at.toISOString(),
        }
      : null,
    decision: human
      ? {
          token: human.id,
          decision_type: human.decision_type === "approve" ? "approve" : "deny",
          reason: human.reason,
          created_at: human.created_at.toISOString(),
          user: human.user,
        }
      : null,
    diagnoses: pa.diagnoses.map((d) => ({
      token: d.id,
      code: d.code,
      code_system: d.code_system,
      description: d.description,
      primary: d.primary,
      ai_summary: d.ai_summary,
      clinical_indication_summary: d.clinical_indication_summary,
      primary_diagnosis_code: diagnosesSummary.primary_diagnosis_code,
      primary_diagnosis_description: diagnosesSummary.primary_diagnosis_description,
      secondary_diagnoses: secondary,
      citations: jsonArray<Citation>(d.citations),
    })),
    diagnoses_summary: diagnosesSummary,
    medication_requests: pa.medication_requests.map((m) => ({
      token: m.id,
      drug_name: m.drug_name,
      drug_name_as_written: m.drug_name_as_written,
      on_formulary: m.on_formulary,
      strength: m.strength,
      dosage: m.dosage,
      quantity: m.quantity,
      quantity_unit: m.quantity_unit,
      days_supply: m.days_supply,
      duration_months: m.duration_months,
      ndc: m.ndc,
      rxcui: m.rxcui,
      drug_class: m.drug_class,
      ai_summary: m.ai_summary,
      citations: jsonArray<Citation>(m.citations),
    })),
    pbm_policy_result: pbm
      ? {
          token: pbm.id,
          ndc: pbm.ndc,
          requires_prior_auth: pbm.requires_prior_auth,
          on_formulary: pbm.on_formulary,
          metadata: jsonObject(pbm.metadata) ?? {},
          quantity_limit: ql
            ? {
                amount: typeof ql.amount === "number" ? ql.amount : null,
                unit: typeof ql.unit === "string" ? ql.unit : null,
                period: ql.period != null ? String(ql.period) : null,
              }
            : null,
          step_therapy: {
            required_steps: jsonArray<{ drug_name?: unknown; duration?: unknown }>(st?.required_steps).map((s) => ({
              drug_name: String(s.drug_name ?? ""),
              duration: s.duration != null ? String(s.duration) : null,
            })),
          },
        }
      : null,
    coverage_policy: pa.coverage_policy
      ? {
          token: pa.coverage_policy.id,
          drug_name: pa.coverage_policy.drug_name,
          file_url: pa.coverage_policy.documents[0] ? signDocumentUrl(pa.coverage_policy.documents[0].id) : null,
        }
      : null,
    policy_change: policyChange(pa.coverage_policy, ai?.coverage_policy_version ?? null),
    unread_pages: faxPages.filter((pg) => pg.error).map((pg) => ({ page: pg.page_number, error: pg.error! })),
    field_flags: lowConfidenceFields({
      patient: pa.patient ? { ...pa.patient, citations: jsonArray<Citation>(pa.patient.citations) } : null,
      prescriber: pa.practitioners[0] ?? null,
      medication: pa.medication_requests[0] ?? null,
      eligibilityReason: eligibilityReasonOf(ai?.response_data),
      pages: faxPages.map((pg) => ({ page: pg.page_number, ocr: pg.ocr, confidence: pg.confidence })),
      corrected: new Set(corrections.map((c) => c.field)),
    }),
    field_corrections: corrections,
    possible_duplicates: await findSameMemberAndDrug(database, organizationId, {
      id: pa.id,
      member_id: pa.patient?.member_id ?? null,
      drug: pa.medication_requests[0]?.drug_name ?? pa.medication_name,
      received_at: pa.received_at,
    }),
    policy_checks: pa.policy_checks.map((c) => ({
      token: c.id,
      title: c.title,
      kind: c.kind,
      passed: c.passed,
      policy_check_steps: c.policy_check_steps.map((s) => ({
        id: s.id,
        question: s.question,
        reason: s.reason,
        passed: s.passed,
        outcome: s.outcome,
        citations: jsonArray<Citation>(s.citations),
      })),
    })),
    letters: pa.letters.map((l) => ({
      token: l.id,
      kind: l.kind,
      created_at: l.created_at.toISOString(),
      denial_reason: l.denial_reason,
      criterion: l.criterion,
      pdf_url: letterPdfUrl(organizationId, pa.id, l.id),
      signed_off_by: l.signed_off_by?.username ?? null,
    })),
    can_send_denial_letter: denialLetterAllowed(ai?.final_decision, human?.decision_type, routingOf(ai?.response_data) != null),
    can_override: ai != null && human == null,
    provenance: (await loadCaseProvenance(database, organizationId, pa.id)).map(provenanceJson),
  };
}

/** The eligibility reason recorded with an AI decision (response_data.eligibility.reason), if any. */
function eligibilityReasonOf(responseData: unknown): string | null {
  const eligibility = jsonObject(jsonObject(responseData)?.eligibility);
  return typeof eligibility?.reason === "string" ? eligibility.reason : null;
}

/** A misdirected request's routing recorded with an AI decision (response_data.routing), if any. */
export function routingOf(responseData: unknown): { kind: "other_payer" | "not_a_request"; payer: string | null; action: string } | null {
  const r = jsonObject(jsonObject(responseData)?.routing);
  if (!r || (r.kind !== "other_payer" && r.kind !== "not_a_request") || typeof r.action !== "string") return null;
  return { kind: r.kind, payer: typeof r.payer === "string" ? r.payer : null, action: r.action };
}
