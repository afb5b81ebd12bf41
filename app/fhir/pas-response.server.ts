/**
 * The PAS response bundle of a case submitted through `Claim/$submit` (profile-pas-response-bundle,
 * first entry a profile-claimresponse), built from the case's current state in the database, so any
 * process can answer it (the submitting request, an inquiry, a later notification).
 *
 * Per item, the X12 306 review action (HL7 Da Vinci PAS 2.2.1, extension-reviewAction /
 * extension-reviewActionCode):
 *  - A1 certified in total: the case (prior auth) or the line (claim) is approved, by the engine or
 *    by a reviewer;
 *  - A3 not certified: only once a clinical reviewer signed off the denial (a prior auth's signed
 *    denial letter; a claim line's `signed_off_by_id`) — with the reviewer's reason as a processNote
 *    linked from the item (CMS-0057-F: a specific reason for every denial);
 *  - A4 pended: everything else — intake still running or failed, "needs more information", and
 *    every AI denial not yet signed off by a clinical reviewer (the platform never lets the engine
 *    deny on its own).
 * The authorization number (ClaimResponse.preAuthRef and the reviewAction `number` of certified
 * items) is the case id, which $inquire and the workspace find the case by; certified items carry
 * the authorization period (extension-itemPreAuthPeriod, ClaimResponse.preAuthPeriod).
 * claimResponseReviewer says whether a person reviewed the decision (wasHumanReviewedFlag) and, when
 * one did, their NPI and NUCC specialty from their profile (omitted when not entered).
 * A3 and A4 items also carry an X12 886 review decision reason code (reviewAction.reasonCode) mapped
 * from the engine's decision rule or the case's state (app/fhir/x12-review-reasons.ts), beside the
 * reason in words (processNote).
 * A last processNote, linked from no item, says whether AI assisted the decision and the source of
 * the screening criteria (the coverage policy and decision tree version; CA SB 1120, CMS MA rules).
 */
import crypto from "node:crypto";
import type { Bundle, BundleEntry, Claim, ClaimResponse, ClaimResponseItem, Extension, Reference } from "@medplum/fhirtypes";
import type { Database } from "~/lib/db.server";
import { LATEST_AI_DECISION } from "~/prior-auths/effective-decision.server";
import { PAS_PROFILES } from "./pas-validator.server";
import type { StoredPasItem, StoredPasRequest } from "./pas-store";
import { caseAiDisclosure } from "./decision-provenance.server";
import { reasonKindOfRule, X12_886_SYSTEM, x12ReviewReason, type ReviewReasonKind } from "./x12-review-reasons";

const PAS_EXT = "http://hl7.org/fhir/us/davinci-pas/StructureDefinition/";
const X12_306 = "https://codesystem.x12.org/005010/306";
/** Days a certification is valid from its issue date when the plan states no other period. */
export const AUTHORIZATION_DAYS = 180;

/** X12 306 review actions the platform answers; "C" (Cancelled) for a withdrawn request or an item an update cancelled. */
export type ReviewActionCode = "A1" | "A3" | "A4" | "C";
const DISPLAY: Record<ReviewActionCode, string> = { A1: "Certified in total", A3: "Not Certified", A4: "Pended", C: "Cancelled" };
const CANCELLED_REASON = "Cancelled at the requester's request.";

/** The decision of one requested item. */
export interface ItemOutcome {
  sequence: number;
  action: ReviewActionCode;
  /** the specific reason of a denial (A3) or of a pend, in words */
  reason: string | null;
  /** why, as a kind the X12 886 reason code is mapped from (x12-review-reasons.ts); absent: none */
  reasonKind?: ReviewReasonKind | null;
  /** when the item was decided (A1/A3), for the authorization period */
  decidedAt: Date | null;
}

/** The case's state as the response needs it. */
export interface CaseOutcome {
  caseId: string;
  kind: "prior_auth" | "claim";
  intakeStatus: string;
  items: ItemOutcome[];
  humanReviewed: boolean;
  /** the requester withdrew the whole request (a PAS cancellation): when */
  withdrawnAt: Date | null;
  /** the clinical reviewer who made or signed off the decision, as their profile states them */
  reviewer: Reviewer | null;
  /** whether AI assisted and the source of the screening criteria (decision-provenance caseAiDisclosure), a processNote of its own */
  aiDisclosure?: string | null;
}

/** A reviewer's NPI and NUCC specialty (Settings → Profile), each null when not entered. */
export interface Reviewer {
  npi: string | null;
  specialtyCode: string | null;
  specialtyName: string | null;
}

async function reviewerOf(database: Database, userId: string | null | undefined): Promise<Reviewer | null> {
  if (!userId) return null;
  const u = await database.prisma.user.findUnique({ where: { id: userId }, select: { npi: true, specialty_code: true, specialty_name: true } });
  return u ? { npi: u.npi, specialtyCode: u.specialty_code, specialtyName: u.specialty_name } : null;
}

/** Items an update cancelled, or all of them when the case is withdrawn, become "C" (never reviewed). */
function withCancellations(outcome: CaseOutcome, sequences: StoredPasItem[]): CaseOutcome {
  const cancelled = new Set(sequences.filter((s) => outcome.withdrawnAt || s.cancelled).map((s) => s.sequence));
  if (!cancelled.size) return outcome;
  return {
    ...outcome,
    items: outcome.items.map((i) =>
      cancelled.has(i.sequence) ? { sequence: i.sequence, action: "C" as const, reason: CANCELLED_REASON, decidedAt: outcome.withdrawnAt } : i,
    ),
  };
}

/**
 * Reads the outcome of every item of the stored PAS request from case `caseId` of `organizationId`
 * (a prior auth when kind is "prior_auth": one decision for all its items; a claim: one decision per
 * service line, matched to the items by code, else by position). Throws Error when the case is gone.
 */
export async function loadCaseOutcome(
  database: Database,
  organizationId: string,
  kind: "prior_auth" | "claim",
  caseId: string,
  sequences: StoredPasItem[],
): Promise<CaseOutcome> {
  const outcome = await loadReviewOutcome(database, organizationId, kind, caseId, sequences);
  return withCancellations({ ...outcome, aiDisclosure: await caseAiDisclosure(database, organizationId, caseId) }, sequences);
}

async function loadReviewOutcome(
  database: Database,
  organizationId: string,
  kind: "prior_auth" | "claim",
  caseId: string,
  sequences: StoredPasItem[],
): Promise<CaseOutcome> {
  if (kind === "prior_auth") {
    const pa = await database.prisma.priorAuth.findFirstOrThrow({
      where: { id: caseId, organization_id: organizationId },
      include: {
        ai_decisions: LATEST_AI_DECISION,
        human_decisions: { orderBy: [{ created_at: "desc" }, { id: "desc" }], take: 1 },
        letters: { where: { kind: "denial", signed_off_by_id: { not: null } }, orderBy: { created_at: "desc" }, take: 1 },
      },
    });
    const human = pa.human_decisions[0] ?? null;
    const ai = pa.ai_decisions[0] ?? null;
    const signedDenial = pa.letters[0] ?? null;
    let action: ReviewActionCode = "A4";
    let reason: string | null = null;
    let decidedAt: Date | null = null;
    let reasonKind: ReviewReasonKind | null = null;
    const aiRule = reasonKindOfRule((ai?.response_data as { rule?: unknown } | null)?.rule);
    if (human?.decision_type === "approve") [action, decidedAt] = ["A1", human.created_at];
    else if (signedDenial && (human?.decision_type === "deny" || ai?.final_decision === "denied")) {
      [action, reason, decidedAt] = ["A3", signedDenial.denial_reason, signedDenial.created_at];
      // the engine's denial rule when the signed denial is the engine's, else the reviewer's own
      reasonKind = ai?.final_decision === "denied" && aiRule?.startsWith("deny_") ? aiRule : "reviewer_denial";
    } else if (!human && ai?.final_decision === "approved") [action, decidedAt] = ["A1", ai.created_at];
    else if (pa.intake_status !== "succeeded") {
      reason = "The request is being reviewed.";
      reasonKind = pa.intake_status === "failed" ? "intake_failed" : "review_running";
    } else if (ai?.final_decision === "denied" || human?.decision_type === "deny") {
      reason = "Pended for clinical review: a denial is only issued after a clinical reviewer's sign-off.";
      reasonKind = "awaiting_sign_off";
    } else {
      reason = "Pended: more information is needed to decide.";
      reasonKind = aiRule?.startsWith("pend_") ? aiRule : null;
    }
    return {
      caseId: pa.id,
      kind,
      intakeStatus: pa.intake_status,
      items: sequences.map((s) => ({ sequence: s.sequence, action, reason, reasonKind, decidedAt })),
      humanReviewed: Boolean(human || signedDenial),
      withdrawnAt: pa.withdrawn_at,
      // whoever made the decision answered: the signing clinician of a denial, else the deciding reviewer
      reviewer: await reviewerOf(database, action === "A3" ? signedDenial?.signed_off_by_id : human?.user_id),
    };
  }
  const claim = await database.prisma.claim.findFirstOrThrow({
    where: { id: caseId, organization_id: organizationId },
    include: { service_requests: { orderBy: { line_number: "asc" }, include: { decisions: { orderBy: [{ created_at: "desc" }, { id: "desc" }] } } } },
  });
  const unused = [...claim.service_requests];
  let humanReviewed = false;
  let reviewerId: string | null = null;
  let position = 0; // the item's place among the items sent for review (cancelled ones are not)
  const items = sequences.map((s): ItemOutcome => {
    // a cancelled item takes no line (its answer is "C"), so the others keep their matches
    if (s.cancelled) return { sequence: s.sequence, action: "C", reason: CANCELLED_REASON, decidedAt: null };
    const index = position++;
    const byCode = s.code ? unused.findIndex((l) => l.code === s.code) : -1;
    const at = byCode >= 0 ? byCode : unused.findIndex((l) => l.line_number === index + 1);
    const line = at >= 0 ? unused.splice(at, 1)[0] : undefined;
    // a reviewer's decision (an override, or a signed-off denial) stands over any later AI run
    const latest = line?.decisions.find((d) => d.agent === "human" || d.signed_off_by_id) ?? line?.decisions[0];
    if (!line || !latest)
      return {
        sequence: s.sequence,
        action: "A4",
        reason: claim.intake_status === "succeeded" ? "Pended: the service was not found on the request." : "The request is being reviewed.",
        reasonKind: claim.intake_status === "succeeded" ? "pend_needs_review" : claim.intake_status === "failed" ? "intake_failed" : "review_running",
        decidedAt: null,
      };
    const rule = reasonKindOfRule((latest.metadata as { rule?: unknown } | null)?.rule);
    const human = latest.agent === "human";
    if (human || latest.signed_off_by_id) humanReviewed = true;
    reviewerId = latest.signed_off_by_id ?? (human ? latest.user_id : null) ?? reviewerId;
    if (latest.final_decision === "approved") return { sequence: s.sequence, action: "A1", reason: null, decidedAt: latest.created_at };
    if (latest.final_decision === "denied" && latest.signed_off_by_id)
      return {
        sequence: s.sequence,
        action: "A3",
        reason: latest.reason,
        reasonKind: !human && rule?.startsWith("deny_") ? rule : "reviewer_denial",
        decidedAt: latest.signed_off_at ?? latest.created_at,
      };
    if (latest.final_decision === "denied")
      return {
        sequence: s.sequence,
        action: "A4",
        reason: "Pended for clinical review: a denial is only issued after a clinical reviewer's sign-off.",
        reasonKind: "awaiting_sign_off",
        decidedAt: null,
      };
    return {
      sequence: s.sequence,
      action: "A4",
      reason: "Pended: more information is needed to decide.",
      reasonKind: rule?.startsWith("pend_") ? rule : null,
      decidedAt: null,
    };
  });
  return {
    caseId: claim.id,
    kind,
    intakeStatus: claim.intake_status,
    items,
    humanReviewed,
    withdrawnAt: claim.withdrawn_at,
    reviewer: await reviewerOf(database, reviewerId),
  };
}

/**
 * The elements every PAS ClaimResponse copies from the request's Claim (profile-claimresponse:
 * status, type, use preauthorization, patient, created = `now`, insurer, requestor = Claim.provider).
 */
export function claimResponseHeader(claim: Claim, now: Date): Pick<ClaimResponse, "status" | "type" | "use" | "patient" | "created" | "insurer" | "requestor"> {
  return {
    status: "active",
    type: claim.type,
    use: "preauthorization",
    patient: claim.patient,
    created: now.toISOString(),
    insurer: claim.insurer ?? { display: "Unknown insurer" },
    ...(claim.provider ? { requestor: claim.provider } : {}),
  };
}

/**
 * claimResponseReviewer's reviewerNPI (Identifier, system us-npi) and reviewerSpecialty (NUCC
 * Health Care Provider Taxonomy, the binding's value set 2.16.840.1.114222.4.11.1066) of the person
 * who reviewed, when a person did and their profile states them.
 */
function reviewerDetails(outcome: CaseOutcome): Extension[] {
  const r = outcome.humanReviewed ? outcome.reviewer : null;
  if (!r) return [];
  const out: Extension[] = [];
  if (r.npi) out.push({ url: "reviewerNPI", valueIdentifier: { system: "http://hl7.org/fhir/sid/us-npi", value: r.npi } });
  if (r.specialtyCode)
    out.push({
      url: "reviewerSpecialty",
      valueCodeableConcept: {
        coding: [{ system: "http://nucc.org/provider-taxonomy", code: r.specialtyCode, ...(r.specialtyName ? { display: r.specialtyName } : {}) }],
      },
    });
  return out;
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function period(from: Date) {
  return { start: isoDate(from), end: isoDate(new Date(from.getTime() + AUTHORIZATION_DAYS * 86_400_000)) };
}

function reviewAction(item: ItemOutcome, authorizationNumber: string): Extension {
  const parts: Extension[] = [];
  if (item.action === "A1") parts.push({ url: "number", valueString: authorizationNumber });
  parts.push({
    url: `${PAS_EXT}extension-reviewActionCode`,
    valueCodeableConcept: { coding: [{ system: X12_306, code: item.action, display: DISPLAY[item.action] }] },
  });
  const reasonCode = x12ReviewReason(item.action, item.reasonKind ?? null);
  if (reasonCode) parts.push({ url: "reasonCode", valueCodeableConcept: { coding: [{ system: X12_886_SYSTEM, ...reasonCode }] } });
  return { url: `${PAS_EXT}extension-reviewAction`, extension: parts };
}

/**
 * The PAS response bundle for `stored` (the request as submitted) and `outcome` (its case now):
 * the ClaimResponse first, then the request's requestor, insurer, patient and practitioners echoed
 * with their fullUrls and identifiers. `now` is the response time. With `opts.inquiry` (a
 * $inquire request bundle) it is the inquiry response instead: profile-claiminquiryresponse in a
 * profile-pas-inquiry-response-bundle with the inquiry's identifier, the found Claim echoed too.
 */
export function buildPasResponse(stored: StoredPasRequest, outcome: CaseOutcome, now = new Date(), opts: { inquiry?: Bundle } = {}): Bundle {
  const request = stored.bundle;
  const claimEntry = request.entry![0] as BundleEntry<Claim>;
  const claim = claimEntry.resource!;
  const notes: { number: number; text: string }[] = [];
  const items: ClaimResponseItem[] = outcome.items.map((item) => {
    const extension: Extension[] = [];
    if (item.action === "A1" && item.decidedAt) {
      extension.push({ url: `${PAS_EXT}extension-itemPreAuthIssueDate`, valueDate: isoDate(item.decidedAt) });
      extension.push({ url: `${PAS_EXT}extension-itemPreAuthPeriod`, valuePeriod: period(item.decidedAt) });
    }
    let noteNumber: number[] | undefined;
    if (item.reason) {
      notes.push({ number: notes.length + 1, text: item.reason });
      noteNumber = [notes.length];
    }
    return {
      ...(extension.length ? { extension } : {}),
      itemSequence: item.sequence,
      ...(noteNumber ? { noteNumber } : {}),
      adjudication: [
        {
          extension: [reviewAction(item, outcome.caseId)],
          category: { coding: [{ system: "http://terminology.hl7.org/CodeSystem/adjudication", code: "submitted" }] },
        },
      ],
    };
  });
  // whether AI assisted and the source of the screening criteria: a note of the whole response, linked from no item
  if (outcome.aiDisclosure) notes.push({ number: notes.length + 1, text: outcome.aiDisclosure });
  const certified = outcome.items.filter((i) => i.action === "A1" && i.decidedAt);
  const firstCertified = certified.length ? new Date(Math.min(...certified.map((i) => i.decidedAt!.getTime()))) : null;
  const reviewer: Extension = {
    url: `${PAS_EXT}extension-claimResponseReviewer`,
    extension: [{ url: "wasHumanReviewedFlag", valueBoolean: outcome.humanReviewed }, ...reviewerDetails(outcome)],
  };
  const identifier = claim.identifier?.filter((i) => i.system && i.value);
  const requestRef: Reference<Claim> = { reference: claimEntry.fullUrl ?? `Claim/${claim.id}`, ...(identifier?.[0] ? { identifier: identifier[0] } : {}) };
  const claimResponse: ClaimResponse = {
    resourceType: "ClaimResponse",
    id: `${outcome.caseId}-${now.getTime()}`,
    meta: { profile: [opts.inquiry ? PAS_PROFILES.claimInquiryResponse : PAS_PROFILES.claimResponse] },
    extension: [reviewer],
    identifier: identifier?.length ? identifier : [{ system: "urn:pa-review:case", value: outcome.caseId }],
    ...claimResponseHeader(claim, now),
    request: requestRef,
    outcome: "complete",
    disposition: outcome.withdrawnAt
      ? "Cancelled"
      : outcome.items.every((i) => i.action === "A1" || i.action === "C")
        ? "Certified"
        : outcome.items.some((i) => i.action === "A4")
          ? "Pended"
          : outcome.items.every((i) => i.action === "A3")
            ? "Not certified"
            : "Partially certified",
    preAuthRef: outcome.caseId,
    ...(firstCertified ? { preAuthPeriod: period(firstCertified) } : {}),
    item: items,
    ...(notes.length ? { processNote: notes.map((n) => ({ number: n.number, type: "display" as const, text: n.text })) } : {}),
  };
  // the request's parties, echoed as sent (fullUrl, id, identifiers)
  const echoTypes = new Set(["Organization", "Patient", "Practitioner", "PractitionerRole", "Coverage"]);
  const echoed = (request.entry ?? []).slice(1).filter((e) => e.resource && echoTypes.has(e.resource.resourceType));
  // an inquiry's answer also carries the authorization request it found (profile-pas-inquiry-response-bundle)
  if (opts.inquiry) echoed.push({ fullUrl: claimEntry.fullUrl, resource: claim });
  return {
    resourceType: "Bundle",
    id: crypto.randomUUID(),
    meta: { profile: [opts.inquiry ? PAS_PROFILES.inquiryResponseBundle : PAS_PROFILES.responseBundle] },
    identifier: opts.inquiry?.identifier ?? request.identifier,
    type: "collection",
    timestamp: now.toISOString(),
    entry: [
      { fullUrl: `urn:uuid:${crypto.randomUUID()}`, resource: claimResponse },
      ...echoed.map((e) => ({ fullUrl: e.fullUrl ?? `urn:uuid:${crypto.randomUUID()}`, resource: e.resource })),
    ],
  };
}
