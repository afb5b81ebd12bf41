/**
 * The SMART configuration document (HL7 SMART App Launch v2.2, "Conformance": the
 * `.well-known/smart-configuration` JSON), limited to what this server offers: Backend Services
 * (client_credentials with a private_key_jwt assertion signed RS384 or ES384), system scopes.
 * Served at /fhir/.well-known/smart-configuration (the FHIR base, where SMART clients look) and
 * /.well-known/smart-configuration.
 */
import { SMART_SCOPES_SUPPORTED } from "~/auth/smart-scopes";

/** The token endpoint's path (its absolute URL is the `aud` every client assertion must carry). */
export const SMART_TOKEN_PATH = "/fhir/auth/token";

/** The token endpoint's absolute URL for a request to this server. */
export function smartTokenUrl(requestUrl: string): string {
  return new URL(SMART_TOKEN_PATH, requestUrl).toString();
}

export interface SmartConfiguration {
  issuer: string;
  token_endpoint: string;
  token_endpoint_auth_methods_supported: string[];
  token_endpoint_auth_signing_alg_values_supported: string[];
  grant_types_supported: string[];
  scopes_supported: string[];
  response_types_supported: string[];
  capabilities: string[];
  code_challenge_methods_supported: string[];
}

/** The document for a request to this server (`requestUrl` gives the origin). */
export function buildSmartConfiguration(requestUrl: string): SmartConfiguration {
  return {
    issuer: new URL("/fhir", requestUrl).toString(),
    token_endpoint: smartTokenUrl(requestUrl),
    token_endpoint_auth_methods_supported: ["private_key_jwt"],
    token_endpoint_auth_signing_alg_values_supported: ["RS384", "ES384"],
    grant_types_supported: ["client_credentials"],
    scopes_supported: [...SMART_SCOPES_SUPPORTED],
    response_types_supported: ["token"],
    capabilities: ["client-confidential-asymmetric", "permission-v1", "permission-v2"],
    code_challenge_methods_supported: [],
  };
}
