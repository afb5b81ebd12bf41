/**
 * The server's CapabilityStatement (GET /fhir/metadata, FHIR R4 `capabilities` interaction): a
 * payer-side Da Vinci PAS 2.2.1 server with Claim/$submit and Claim/$inquire, FHIR JSON only, API-key
 * bearer authentication. What it declares is what app/routes/fhir serves; the same list feeds the
 * /docs/fhir page.
 */
import type { CapabilityStatement } from "@medplum/fhirtypes";
import { PAS_PROFILES } from "./pas-profiles";

const PAS_OPERATION = "http://hl7.org/fhir/us/davinci-pas/OperationDefinition/";

/** The FHIR operations served under /fhir, for the CapabilityStatement and the docs page. */
export const FHIR_OPERATIONS = [
  {
    name: "submit",
    path: "/fhir/Claim/$submit",
    definition: `${PAS_OPERATION}Claim-submit`,
    permission: "cases.write",
    documentation:
      "Submit a PAS request Bundle (first entry the Claim). Answered within 15 s with a PAS response Bundle: per item X12 306 A1 certified, A3 not certified (only after a clinical reviewer's sign-off) or A4 pended; the authorization number is ClaimResponse.preAuthRef. An update or cancellation (Claim.related, profile-claim-update) re-reviews or withdraws the earlier request; cancelled items are answered C.",
  },
  {
    name: "inquire",
    path: "/fhir/Claim/$inquire",
    definition: `${PAS_OPERATION}Claim-inquiry`,
    permission: "cases.read",
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
          description:
            "Authorization: Bearer <API key> of the payer organization (Settings → API keys). A key acts for its own organization only; $submit and Subscription create/delete need cases.write, $inquire and Subscription reads cases.read. SMART Backend Services is not offered yet.",
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
            type: "Bundle",
            supportedProfile: [PAS_PROFILES.requestBundle, PAS_PROFILES.responseBundle, PAS_PROFILES.inquiryRequestBundle, PAS_PROFILES.inquiryResponseBundle],
          },
        ],
      },
    ],
  };
}
