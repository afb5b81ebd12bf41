/**
 * Updates and cancellations of an earlier PAS request (HL7 Da Vinci PAS 2.2.1, profile-claim-update):
 * a `Claim/$submit` whose Claim has `related` naming the earlier Claim, which the bundle must carry
 * (profile-claim-update: "the instance representing the prior version of the Claim SHALL be
 * included in the update Bundle"). The update lists every item of the request, each one unchanged,
 * `infoChanged` "added" / "changed", or cancelled (`modifierextension-infoCancelled` true, or
 * `extension-certificationType` X12 1322 "3" Cancel).
 *
 *  - Update: the case stays the same case (same authorization number), its stored request becomes
 *    the update, its request document is rewritten without the cancelled items, new PDFs are added,
 *    and the intake runs again: the engine re-reviews the request's items, while every human
 *    decision (a prior auth's reviewer decision, a claim line's override, a signed denial) is kept —
 *    an AI run never replaces them (saveClaimResults, the prior-auth intake). Cancelled items are
 *    answered "C" (Cancelled) and never reviewed.
 *  - Cancellation (Claim.status "cancelled", the Claim's certificationType "3", or every item
 *    cancelled): the case is withdrawn (withdrawn_at, withdrawn_reason), audited
 *    (`prior_auth.withdraw` / `claim.withdraw`), shown as withdrawn on the case, and answered with
 *    every item "C".
 * Either way the earlier identifiers are kept (StoredPasRequest.replaces), so `$inquire` with the
 * replaced Claim's identifier answers the current authorization.
 */
import type { Bundle, Identifier } from "@medplum/fhirtypes";
import type { Database } from "~/lib/db.server";
import type { Prisma } from "~/generated/prisma/client";
import type { AuditWhat } from "~/audit/record-audit-event.server";
import { publish } from "~/queue/live-events.server";
import { storeDocument } from "~/documents/store-document.server";
import { queueIntake } from "~/prior-auths/create-prior-auth.server";
import { queueClaimIntake } from "~/claims/create-claim.server";
import { pasRequestText, type PasRequest } from "./pas-request";
import { storedPasRequest, withoutAttachmentData, type StoredPasRequest } from "./pas-store";
import { fhirError } from "./fhir-errors";
import crypto from "node:crypto";

/** A PAS case of an organization found by one of its request identifiers. */
export interface FoundPasCase {
  submissionId: string;
  kind: "prior_auth" | "claim";
  caseId: string;
  stored: StoredPasRequest;
}

/**
 * The newest cases of `organizationId` whose PAS request has `identifier` (system and value) as its
 * Claim identifier, or had it before an update (StoredPasRequest.replaces). Another organization's
 * requests are never searched. Returns at most 50, newest first.
 */
export async function findPasCases(database: Database, organizationId: string, identifier: Identifier): Promise<FoundPasCase[]> {
  const probe = JSON.stringify([{ system: identifier.system, value: identifier.value }]);
  const rows = await database.query<{ id: string; prior_auth_id: string | null; claim_id: string | null; payload: unknown }>(
    `SELECT e.id, e.prior_auth_id, e.claim_id, e.payload
       FROM epa_submissions e
       LEFT JOIN prior_auths p ON p.id = e.prior_auth_id
       LEFT JOIN claims c ON c.id = e.claim_id
      WHERE coalesce(p.organization_id, c.organization_id) = $1
        AND e.payload ? 'pas'
        AND ((e.payload #> '{pas,bundle,entry,0,resource,identifier}') @> $2::jsonb
             OR coalesce(e.payload #> '{pas,replaces}', '[]'::jsonb) @> $2::jsonb)
      ORDER BY e.created_at DESC, e.id DESC
      LIMIT 50`,
    [organizationId, probe],
  );
  return rows.flatMap((row) => {
    const stored = storedPasRequest(row.payload);
    if (!stored) return [];
    return [{ submissionId: row.id, kind: row.prior_auth_id ? "prior_auth" : "claim", caseId: (row.prior_auth_id ?? row.claim_id)!, stored }];
  });
}

export interface UpdateResult {
  kind: "prior_auth" | "claim";
  caseId: string;
  stored: StoredPasRequest;
  /** true when the update withdrew the whole request */
  cancelled: boolean;
}

/**
 * Applies the update or cancellation `request` (read from `bundle`, valid against the request
 * bundle profile, with Claim.related) to its earlier request of `organizationId` (see module
 * comment). `audit` records the withdrawal in the PHI access trail (the route passes the caller's).
 * Throws FhirError 422 when Claim.related names no identifier, 404 when no request of this
 * organization has it, 422 when the update's member differs from the request's or the request was
 * already cancelled.
 */
export async function applyPasUpdate(
  database: Database,
  organizationId: string,
  bundle: Bundle,
  request: PasRequest,
  opts: { now: Date; audit?: (what: AuditWhat) => Promise<void> },
): Promise<UpdateResult> {
  if (!request.replaces.length)
    throw fhirError(422, "required", "Claim.related must name the earlier request: include its Claim (with its identifier) in the bundle", "Claim.related");
  let found: FoundPasCase | undefined;
  for (const identifier of request.replaces) {
    found = (await findPasCases(database, organizationId, identifier))[0];
    if (found) break;
  }
  if (!found) throw fhirError(404, "not-found", "No earlier request of this organization has the Claim.related identifier", "Claim.related");
  const { kind, caseId, stored } = found;
  if (request.memberId && stored.member_id && request.memberId !== stored.member_id)
    throw fhirError(422, "business-rule", "An update must be for the same member as the request it replaces", "Claim.insurance");
  const row =
    kind === "prior_auth"
      ? await database.prisma.priorAuth.findFirstOrThrow({ where: { id: caseId, organization_id: organizationId }, select: { withdrawn_at: true } })
      : await database.prisma.claim.findFirstOrThrow({ where: { id: caseId, organization_id: organizationId }, select: { withdrawn_at: true } });
  if (row.withdrawn_at) throw fhirError(422, "business-rule", "The request was cancelled; submit a new request instead", "Claim.related");

  const previousIds = (stored.bundle.entry?.[0]?.resource as { identifier?: Identifier[] } | undefined)?.identifier ?? [];
  const replaces: Identifier[] = [];
  for (const id of [...(stored.replaces ?? []), ...previousIds, ...request.replaces])
    if (id.system && id.value && !replaces.some((r) => r.system === id.system && r.value === id.value)) replaces.push({ system: id.system, value: id.value });
  const next: StoredPasRequest = {
    bundle: withoutAttachmentData(bundle),
    items: request.items.map((i) => ({ sequence: i.sequence, code: i.code, ...(i.cancelled ? { cancelled: true } : {}) })),
    kind,
    member_id: stored.member_id ?? request.memberId,
    received_at: stored.received_at,
    replaces,
    updated_at: opts.now.toISOString(),
    ...(request.cancelsAll ? {} : { answer_pending: true }),
  };
  const payload = { pas: next } as unknown as Prisma.InputJsonValue;

  if (request.cancelsAll) {
    const reason = `Cancelled by the requester (PAS update ${request.claim.identifier?.[0]?.value ?? request.bundleIdentifier?.value ?? ""})`.trim();
    await database.prisma.$transaction(async (tx) => {
      await tx.epaSubmission.update({ where: { id: found.submissionId }, data: { payload } });
      if (kind === "prior_auth") await tx.priorAuth.update({ where: { id: caseId }, data: { withdrawn_at: opts.now, withdrawn_reason: reason } });
      else await tx.claim.update({ where: { id: caseId }, data: { withdrawn_at: opts.now, withdrawn_reason: reason } });
    });
    await opts.audit?.({ action: `${kind}.withdraw`, resource_type: kind, resource_id: caseId, prior_auth_id: kind === "prior_auth" ? caseId : null });
    await publish(database, `org:${organizationId}`, kind, { id: caseId, withdrawn: true });
    return { kind, caseId, stored: next, cancelled: true };
  }

  // an update: the request document becomes the update's, new PDFs join the case, the intake runs again
  const text = pasRequestText(request);
  const textBytes = new TextEncoder().encode(text);
  const owner = kind === "prior_auth" ? { prior_auth_id: caseId } : { claim_id: caseId };
  await database.prisma.$transaction(
    async (tx) => {
      await tx.epaSubmission.update({ where: { id: found.submissionId }, data: { payload, synthetic_document: text } });
      await tx.document.updateMany({
        where: { ...owner, organization_id: organizationId, kind: "epa" },
        data: {
          data: textBytes,
          byte_size: textBytes.byteLength,
          sha256: crypto.createHash("sha256").update(textBytes).digest("hex"),
          status: "stored",
        },
      });
      const have = new Set(
        (await tx.document.findMany({ where: { ...owner, organization_id: organizationId }, select: { sha256: true } })).map((d) => d.sha256),
      );
      for (const a of request.attachments) {
        const sha = crypto.createHash("sha256").update(a.bytes).digest("hex");
        if (have.has(sha)) continue; // an update resends the earlier documents too
        have.add(sha);
        await storeDocument(
          database,
          { organization_id: organizationId, kind: "attachment", filename: a.filename, bytes: a.bytes, content_type: a.contentType, ...owner },
          Number.MAX_SAFE_INTEGER,
          tx,
        );
      }
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
  if (kind === "prior_auth") await queueIntake(database, organizationId, caseId);
  else await queueClaimIntake(database, organizationId, caseId);
  await opts.audit?.({ action: `${kind}.update`, resource_type: kind, resource_id: caseId, prior_auth_id: kind === "prior_auth" ? caseId : null });
  return { kind, caseId, stored: next, cancelled: false };
}
