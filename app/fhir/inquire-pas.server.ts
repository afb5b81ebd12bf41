/**
 * `Claim/$inquire` of HL7 Da Vinci PAS 2.2.1 (OperationDefinition Claim-inquiry): query by example.
 * The inquiry bundle's Claim (profile-claim-inquiry) names the request by its identifier
 * (Claim.identifier, as the submitter sent it to $submit) and its member (Coverage.subscriberId);
 * when the inquiry lists items, the request must contain every one of their codes. The answer is the
 * current state of the newest matching case of the caller's organization, as a PAS inquiry response
 * bundle built from the database (so a decision or sign-off made since $submit shows). An identifier
 * an update replaced (Claim.related) finds the request too, answered as it now stands.
 */
import type { Bundle, Claim } from "@medplum/fhirtypes";
import type { Database } from "~/lib/db.server";
import { PAS_PROFILES } from "./pas-validator.server";
import { readPasRequest } from "./pas-request";
import { buildPasResponse, loadCaseOutcome } from "./pas-response.server";
import { findPasCases } from "./update-pas.server";
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
  // the current request, also when the inquiry names an identifier an update replaced
  for (const found of await findPasCases(database, organizationId, identifiers[0]!)) {
    const stored = found.stored;
    if (read.request.memberId && stored.member_id && stored.member_id !== read.request.memberId) continue;
    if (codes.some((code) => !stored.items.some((i) => i.code === code))) continue;
    const outcome = await loadCaseOutcome(database, organizationId, found.kind, found.caseId, stored.items);
    return buildPasResponse(stored, outcome, now, { inquiry: bundle });
  }
  throw fhirError(404, "not-found", "No prior authorization request matches the inquiry");
}
