/**
 * What each /fhir interaction needs from its caller: the SMART scope (resource type and operation,
 * app/auth/smart-scopes.ts) a Backend Services access token must carry, and the role-matrix
 * permission an API key (or the client's registering administrator) must hold. One table, read by
 * the routes (requireFhirCaller), the CapabilityStatement and the /docs/fhir page.
 *
 * Updates and cancellations are $submit calls (Claim.related), so they need what $submit needs.
 * $inquire answers the current ClaimResponse: a read of ClaimResponse.
 */
import type { FhirInteractionNeed } from "~/auth/smart-scopes";

export const FHIR_NEEDS = {
  submit: { type: "Claim", op: "c", permission: "cases.write" },
  inquire: { type: "ClaimResponse", op: "r", permission: "cases.read" },
  subscriptionCreate: { type: "Subscription", op: "c", permission: "cases.write" },
  subscriptionRead: { type: "Subscription", op: "r", permission: "cases.read" },
  subscriptionSearch: { type: "Subscription", op: "s", permission: "cases.read" },
  subscriptionDelete: { type: "Subscription", op: "d", permission: "cases.write" },
  provenanceSearch: { type: "Provenance", op: "s", permission: "cases.read" },
  provenanceRead: { type: "Provenance", op: "r", permission: "cases.read" },
} as const satisfies Record<string, FhirInteractionNeed>;
