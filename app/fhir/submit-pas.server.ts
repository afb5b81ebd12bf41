/**
 * `Claim/$submit` of HL7 Da Vinci PAS 2.2.1 (OperationDefinition Claim-submit; CMS-0057-F Prior
 * Authorization API): a PAS request bundle becomes a case of the platform — a prior auth when it
 * requests a medication (MedicationRequest), else a medical claim with one service line per item —
 * through the same creation functions as faxes and the /api (createPriorAuthFromPas, createClaim),
 * so the same intake job and agents review it. The answer waits for the intake up to `waitMs`
 * (15 s), reading the case from the database, and is the PAS response bundle of the case as it
 * then stands (pended, A4, when not decided yet).
 */
import crypto from "node:crypto";
import type { Bundle } from "@medplum/fhirtypes";
import { FhirError, fhirError } from "./fhir-errors";
import type { Database } from "~/lib/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { isAppError } from "~/lib/errors";
import { createPriorAuthFromPas } from "~/prior-auths/create-prior-auth.server";
import { createClaim } from "~/claims/create-claim.server";
import { PAS_PROFILES, validateAgainstProfile } from "./pas-validator.server";
import { pasRequestText, readPasRequest, type PasRequest } from "./pas-request";
import { buildPasResponse, claimResponseHeader, loadCaseOutcome } from "./pas-response.server";
import { withoutAttachmentData, type StoredPasRequest } from "./pas-store";
import { applyPasUpdate } from "./update-pas.server";
import { recordPasAnswer } from "./pas-subscriptions.server";
import type { AuditWhat } from "~/audit/record-audit-event.server";

/** How long $submit waits for the review before answering pended (CMS-0057-F API; issue 25). */
export const PAS_WAIT_MS = 15_000;
/** Kept from the wait to read the case and build the response within PAS_WAIT_MS. */
const RESPONSE_MARGIN_MS = 750;

export { FhirError, fhirError };

/**
 * The time (epoch ms) until which $submit waits for the review of a request that arrived at
 * `receivedAt` (epoch ms): `waitMs` (PAS_WAIT_MS, 15 s) after arrival, less RESPONSE_MARGIN_MS kept
 * to read the case and build the response. A request still undecided then is answered pended (A4).
 */
export function pasAnswerDeadline(receivedAt: number, waitMs: number = PAS_WAIT_MS): number {
  return receivedAt + waitMs - RESPONSE_MARGIN_MS;
}

export interface SubmitResult {
  /** 200 with the PAS response bundle */
  bundle: Bundle;
  /** the case created, or null when the request was answered with an error response (unknown member) */
  caseId: string | null;
  kind: "prior_auth" | "claim" | null;
}

/**
 * Checks that `body` is a Bundle valid against `profile`; throws FhirError 400 (not a Bundle) or
 * 422 (profile errors, every one listed).
 */
export function requireValidBundle(body: unknown, profile: string): Bundle {
  if (!body || typeof body !== "object" || Array.isArray(body) || (body as { resourceType?: unknown }).resourceType !== "Bundle") {
    throw fhirError(400, "invalid", "The request body must be a FHIR Bundle (JSON)");
  }
  const issues = validateAgainstProfile(body as Bundle, profile);
  if (issues.length) throw new FhirError(422, issues);
  return body as Bundle;
}

/**
 * Handles `Claim/$submit` for organization `organizationId` (the API key's). `body` is the parsed
 * JSON. Returns the PAS response bundle (see module comment). Throws FhirError: 400 not a Bundle;
 * 422 invalid against profile-pas-request-bundle, a reference not resolvable in the bundle, or a
 * request the platform cannot store (too large, an attachment that is not a readable PDF); an update
 * or cancellation (Claim.related) is applied to its earlier request (applyPasUpdate: 404 when this
 * organization has none, 422 for another member or a request already cancelled) and answered with
 * the case's response under the update's identifier. `opts.audit` records a withdrawal or update in
 * the PHI access trail. A member unknown to the organization's roster is
 * answered 200 with a PAS error response (X12 AAA reject reason 75, Subscriber/Insured Not Found) and
 * creates no case.
 */
export async function submitPasRequest(
  database: Database,
  organizationId: string,
  body: unknown,
  opts: { waitMs?: number; pollMs?: number; now?: () => Date; audit?: (what: AuditWhat) => Promise<void>; receivedAt?: number } = {},
): Promise<SubmitResult> {
  // the 15 s run from the request's arrival (`receivedAt`, epoch ms, set by the route before
  // authentication and reading the body): validation and storage count against it
  const deadline = pasAnswerDeadline(opts.receivedAt ?? Date.now(), opts.waitMs);
  const bundle = requireValidBundle(body, PAS_PROFILES.requestBundle);
  const read = readPasRequest(bundle);
  if (!read.ok) throw new FhirError(422, read.issues);
  const request = read.request;
  if (!request.items.length) throw fhirError(422, "required", "The Claim requests no item", "Claim.item");
  const now = opts.now ?? (() => new Date());
  if (request.claim.related?.length) {
    // an update or cancellation of an earlier request (app/fhir/update-pas.server.ts)
    const update = await applyPasUpdate(database, organizationId, bundle, request, { now: now(), audit: opts.audit });
    if (!update.cancelled) await waitForIntake(database, update.kind, update.caseId, deadline, opts.pollMs ?? 250);
    const outcome = await loadCaseOutcome(database, organizationId, update.kind, update.caseId, update.stored.items);
    await recordPasAnswer(database, organizationId, update.kind, update.caseId, outcome);
    return { bundle: buildPasResponse(update.stored, outcome, now()), caseId: update.caseId, kind: update.kind };
  }
  const member = request.memberId
    ? await database.prisma.member.findFirst({ where: { organization_id: organizationId, member_id: request.memberId }, select: { id: true } })
    : null;
  if (!member) return { bundle: memberNotFoundResponse(bundle, request, now()), caseId: null, kind: null };

  const kind = request.items.some((i) => i.kind === "medication") ? "prior_auth" : "claim";
  const stored: StoredPasRequest = {
    bundle: withoutAttachmentData(bundle),
    items: request.items.map((i) => ({ sequence: i.sequence, code: i.code, ...(i.cancelled ? { cancelled: true } : {}) })),
    kind,
    member_id: request.memberId,
    received_at: now().toISOString(),
    answer_pending: true,
  };
  const payload = { pas: stored } as unknown as Prisma.InputJsonValue;
  const attachments = request.attachments.map((a) => ({ filename: a.filename, bytes: a.bytes, content_type: a.contentType }));
  const text = pasRequestText(request);
  let caseId: string;
  try {
    caseId =
      kind === "prior_auth"
        ? (await createPriorAuthFromPas(database, organizationId, { text, payload, attachments }, { urgency: request.urgency })).id
        : (await createClaim(database, organizationId, { submission_type: "pas", synthetic_document: text, payload, attachments })).id;
  } catch (err) {
    if (isAppError(err) && err.code === "validation") throw fhirError(422, "invalid", err.message);
    throw err;
  }
  await waitForIntake(database, kind, caseId, deadline, opts.pollMs ?? 250);
  const outcome = await loadCaseOutcome(database, organizationId, kind, caseId, stored.items);
  // what the submitter now knows: a later decision is notified to its subscriptions only if it differs
  await recordPasAnswer(database, organizationId, kind, caseId, outcome);
  return { bundle: buildPasResponse(stored, outcome, now()), caseId, kind };
}

/** Polls the case row until its intake succeeded or failed, or `deadline` (epoch ms) passed. */
async function waitForIntake(database: Database, kind: "prior_auth" | "claim", caseId: string, deadline: number, pollMs: number): Promise<void> {
  for (;;) {
    const row =
      kind === "prior_auth"
        ? await database.prisma.priorAuth.findUnique({ where: { id: caseId }, select: { intake_status: true } })
        : await database.prisma.claim.findUnique({ where: { id: caseId }, select: { intake_status: true } });
    if (!row || row.intake_status === "succeeded" || row.intake_status === "failed") return;
    const left = deadline - Date.now();
    if (left <= 0) return;
    await new Promise((r) => setTimeout(r, Math.min(pollMs, left)));
  }
}

/** The PAS error response for a member the organization does not cover (no case is created). */
function memberNotFoundResponse(bundle: Bundle, request: PasRequest, now: Date): Bundle {
  const claim = request.claim;
  const identifier = claim.identifier?.filter((i) => i.system && i.value);
  return {
    resourceType: "Bundle",
    meta: { profile: [PAS_PROFILES.responseBundle] },
    identifier: bundle.identifier,
    type: "collection",
    timestamp: now.toISOString(),
    entry: [
      {
        fullUrl: `urn:uuid:${crypto.randomUUID()}`,
        resource: {
          resourceType: "ClaimResponse",
          meta: { profile: [PAS_PROFILES.claimResponse] },
          identifier: identifier?.length ? identifier : [{ system: "urn:pa-review:request", value: bundle.identifier?.value ?? "unknown" }],
          ...claimResponseHeader(claim, now),
          request: { reference: request.claimEntry.fullUrl ?? `Claim/${claim.id}` },
          outcome: "error",
          disposition: `Member ${request.memberId ?? "(none given)"} not found`,
          error: [{ code: { coding: [{ system: "https://codesystem.x12.org/005010/901", code: "75", display: "Subscriber/Insured Not Found" }] } }],
        },
      },
      ...(bundle.entry ?? []).slice(1).filter((e) => e.resource?.resourceType === "Patient" || e.resource?.resourceType === "Organization"),
    ],
  };
}
