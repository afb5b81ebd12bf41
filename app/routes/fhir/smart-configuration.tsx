import type { LoaderFunctionArgs } from "react-router";
import { buildSmartConfiguration } from "~/fhir/smart-configuration";

/**
 * GET /fhir/.well-known/smart-configuration and /.well-known/smart-configuration — the SMART
 * configuration (public; SMART App Launch v2.2 Conformance): token endpoint, private_key_jwt with
 * RS384/ES384, client_credentials, the system scopes. See app/fhir/smart-configuration.ts.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return Response.json(buildSmartConfiguration(request.url), { headers: { "Cache-Control": "public, max-age=300" } });
}
