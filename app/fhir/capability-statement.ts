/**
 * The server's CapabilityStatement (GET /fhir/metadata, FHIR R4 `capabilities` interaction): a
 * payer-side Da Vinci PAS 2.2.1 server with Claim/$submit and Claim/$inquire, FHIR JSON only,
 * bearer authentication by SMART Backend Services access tokens (rest.security: the SMART-on-FHIR
 * service and the oauth-uris extension naming the token endpoint) or API keys. What it declares is what app/routes/fhir serves; the same list feeds the
 * /docs/fhir page.
 */
import type { CapabilityStatement } from "@medplum/fhirtypes";
import { PAS_PROFILES } from "./pas-profiles";
import { FHIR_NEEDS } from "./fhir-interactions";
import { SMART_TOKEN_PATH } from "./smart-configuration";
import { scopeLabel } from "~/auth/smart-scopes";

const PAS_OPERATION = "http://hl7.org/fhir/us/davinci-pas/OperationDefinition/";

/** The FHIR operations served under /fhir, for the CapabilityStatement and the docs page. */
export const FHIR_OPERATIONS = [
  {
    name: "submit",
    path: "/fhir/Claim/$submit",
    definition: `${PAS_OPERATION}Claim-submit`,
    permission: FHIR_NEEDS.submit.permission,
    scope: "system/Claim.write",
    documentation:
      "Submit a PAS request Bundle (first entry the Claim). Answered within 15 s with a PAS response Bundle: per item X12 306 A1 certified, A3 not certified (only after a clinical reviewer's sign-off) or A4 pended; the authorization number is ClaimResponse.preAuthRef. An update or cancellation (Claim.related, profile-claim-update) re-reviews or withdraws the earlier request; cancelled items are answered C.",
  },
  {
    name: "inquire",
    path: "/fhir/Claim/$inquire",
    definition: `${PAS_OPERATION}Claim-inquiry`,
    permission: FHIR_NEEDS.inquire.permission,
    scope: "system/ClaimResponse.read",
    documentation:
      "Query by example (Claim.identifier as submitted, Coverage.subscriberId, item codes): the request's current authorization as a PAS inquiry response Bundle.",
  },
] as const;

/** The CapabilityStatement; `baseUrl` is the server's /fhir URL (e.g. https://pa.example.org/fhir). */
export function buildCapabilityStatement(baseUrl: string, software: { name: string; version: string }): CapabilityStatement {
  return {
    resourceType: "CapabilityStatement",
    status: "active",
    date: "2026-11-29",
    publisher: software.name,
    kind: "instance",
    software,
    implementation: { description: "Payer Prior Authorization API (HL7 Da Vinci PAS 2.2.1, CMS-0057-F)", url: baseUrl },
    fhirVersion: "4.0.1",
    format: ["application/fhir+json", "json"],
    implementationGuide: ["http://hl7.org/fhir/us/davinci-pas/ImplementationGuide/hl7.fhir.us.davinci-pas|2.2.1"],
    rest: [
      {
        mode: "server",
        documentation: "See /docs/fhir.",
        security: {
          cors: false,
          service: [
            {
              coding: [{ system: "http://terminology.hl7.org/CodeSystem/restful-security-service", code: "SMART-on-FHIR", display: "SMART-on-FHIR" }],
              text: "SMART Backend Services (client_credentials with a private_key_jwt assertion, RS384 or ES384), or an API key",
            },
          ],
          extension: [
            {
              url: "http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris",
              extension: [{ url: "token", valueUri: new URL(SMART_TOKEN_PATH, baseUrl).toString() }],
            },
          ],
          description: `Authorization: Bearer <access token> from the SMART Backend Services token endpoint (${SMART_TOKEN_PATH}; see .well-known/smart-configuration) for a client an administrator registered, or Bearer <API key> of the payer organization (Settings → API keys). Either acts for its own organization only. Scopes: $submit (also updates and cancellations) ${scopeLabel(FHIR_NEEDS.submit)} (system/Claim.write), $inquire ${scopeLabel(FHIR_NEEDS.inquire)} (system/ClaimResponse.read), Subscription create/delete system/Subscription.c/.d (system/Subscription.write), read/search/$status system/Subscription.r/.s (system/Subscription.read), Provenance read/search system/Provenance.rs; API keys need cases.write for changes and cases.read for reads.`,
        },
        resource: [
          {
            type: "Claim",
            supportedProfile: [PAS_PROFILES.claim, PAS_PROFILES.claimInquiry],
            operation: FHIR_OPERATIONS.map((o) => ({ name: o.name, definition: o.definition, documentation: o.documentation })),
          },
          { type: "ClaimResponse", supportedProfile: [PAS_PROFILES.claimResponse, PAS_PROFILES.claimInquiryResponse] },
          {
            type: "Subscription",
            supportedProfile: ["http://hl7.org/fhir/us/davinci-pas/StructureDefinition/profile-subscription"],
            interaction: [{ code: "create" }, { code: "read" }, { code: "delete" }, { code: "search-type" }],
            operation: [{ name: "status", definition: "http://hl7.org/fhir/uv/subscriptions-backport/OperationDefinition/backport-subscription-status" }],
            documentation:
              "R4 Subscriptions Backport on the PAS SubscriptionTopic: rest-hook, full-resource, filtered on orgIdentifier (the requesting provider organization). create/delete need cases.write, read/search/$status cases.read.",
          },
          {
            type: "Provenance",
            interaction: [{ code: "read" }, { code: "search-type" }],
            searchParam: [
              { name: "target", type: "reference", documentation: "ClaimResponse/<id> of a PAS response: the provenance of every decision behind it" },
            ],
            documentation:
              "Decision provenance: one Provenance per decision (prior auth, each claim line) with the engine or model and its version (agent performer), the reviewers (verifier) and the clinician who signed off a denial (attester, and signature), the coverage policy and decision tree version with its effective date, the AI rules that fired and the evidence spans cited (document, page, quoted text) as entities of role source, and when it was recorded. Read by id (Provenance/<id>) or search by target. cases.read / system/Provenance.read.",
          },
          {
            type: "Bundle",
            supportedProfile: [PAS_PROFILES.requestBundle, PAS_PROFILES.responseBundle, PAS_PROFILES.inquiryRequestBundle, PAS_PROFILES.inquiryResponseBundle],
          },
        ],
      },
    ],
  };
}
