/**
 * `Claim/$inquire` of HL7 Da Vinci PAS 2.2.1 (OperationDefinition Claim-inquiry): query by example.
 * The inquiry bundle's Claim (profile-claim-inquiry) names the request by its identifier
 * (Claim.identifier, as the submitter sent it to $submit) and its member (Coverage.subscriberId);
 * when the inquiry lists items, the request must contain every one of their codes. The answer is the
 * current state of the newest matching case of the caller's organization, as a PAS inquiry response
 * bundle built from the database (so a decision or sign-off made since $submit shows).
 */
import type { Bundle, Claim } from "@medplum/fhirtypes";
import type { Database } from "~/lib/db.server";
import { PAS_PROFILES } from "./pas-validator.server";
import { readPasRequest } from "./pas-request";
import { buildPasResponse, loadCaseOutcome } from "./pas-response.server";
import { storedPasRequest } from "./pas-store";
import { FhirError, fhirError, requireValidBundle } from "./submit-pas.server";

/**
 * Answers an inquiry for organization `organizationId`. Returns the inquiry response bundle.
 * Throws FhirError: 400/422 as requireValidBundle (profile-pas-inquiry-request-bundle), 422 when
 * the Claim has no identifier with system and value or a reference does not resolve, 404 when no
 * case of this organization matches (another organization's requests are never searched).
 */
export async function inquirePas(database: Database, organizationId: string, body: unknown, now = new Date()): Promise<Bundle> {
  const bundle = requireValidBundle(body, PAS_PROFILES.inquiryRequestBundle);
  const read = readPasRequest(bundle);
  if (!read.ok) throw new FhirError(422, read.issues);
  const claim: Claim = read.request.claim;
  const identifiers = (claim.identifier ?? []).filter((i) => i.system && i.value).map((i) => ({ system: i.system, value: i.value }));
  if (!identifiers.length) throw fhirError(422, "required", "The inquiry Claim needs the identifier (system and value) of the request", "Claim.identifier");
  const codes = read.request.items.map((i) => i.code).filter((c): c is string => Boolean(c));
  const rows = await database.query<{ prior_auth_id: string | null; claim_id: string | null; payload: unknown }>(
    `SELECT e.prior_auth_id, e.claim_id, e.payload
       FROM epa_submissions e
       LEFT JOIN prior_auths p ON p.id = e.prior_auth_id
       LEFT JOIN claims c ON c.id = e.claim_id
      WHERE coalesce(p.organization_id, c.organization_id) = $1
        AND e.payload ? 'pas'
        AND (e.payload #> '{pas,bundle,entry,0,resource,identifier}') @> $2::jsonb
      ORDER BY e.created_at DESC, e.id DESC
      LIMIT 50`,
    [organizationId, JSON.stringify(identifiers.slice(0, 1))],
  );
  for (const row of rows) {
    const stored = storedPasRequest(row.payload);
    if (!stored) continue;
    if (read.request.memberId && stored.member_id && stored.member_id !== read.request.memberId) continue;
    if (codes.some((code) => !stored.items.some((i) => i.code === code))) continue;
    const kind = row.prior_auth_id ? "prior_auth" : "claim";
    const caseId = (row.prior_auth_id ?? row.claim_id)!;
    const outcome = await loadCaseOutcome(database, organizationId, kind, caseId, stored.items);
    return buildPasResponse(stored, outcome, now, { inquiry: bundle });
  }
  throw fhirError(404, "not-found", "No prior authorization request matches the inquiry");
}
