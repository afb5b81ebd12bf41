/**
 * Canonical URLs of the Da Vinci PAS 2.2.1 profiles this server reads and writes. Kept apart from
 * the validator (server-only, loads the package) so client code such as the FHIR docs page and the
 * CapabilityStatement can name them.
 */
const PAS = "http://hl7.org/fhir/us/davinci-pas/StructureDefinition/";

export const PAS_PROFILES = {
  requestBundle: `${PAS}profile-pas-request-bundle`,
  responseBundle: `${PAS}profile-pas-response-bundle`,
  inquiryRequestBundle: `${PAS}profile-pas-inquiry-request-bundle`,
  inquiryResponseBundle: `${PAS}profile-pas-inquiry-response-bundle`,
  claim: `${PAS}profile-claim`,
  claimUpdate: `${PAS}profile-claim-update`,
  claimInquiry: `${PAS}profile-claim-inquiry`,
  claimResponse: `${PAS}profile-claimresponse`,
  claimInquiryResponse: `${PAS}profile-claiminquiryresponse`,
} as const;
