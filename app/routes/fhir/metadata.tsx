import type { LoaderFunctionArgs } from "react-router";
import { buildCapabilityStatement } from "~/fhir/capability-statement";
import { fhirJson } from "~/fhir/fhir-route.server";

/** GET /fhir/metadata — the CapabilityStatement (public, as the FHIR `capabilities` interaction is). */
export function loader({ request }: LoaderFunctionArgs) {
  const base = new URL("/fhir", request.url).toString();
  return fhirJson(buildCapabilityStatement(base, { name: "PA Review", version: "0.1.0" }));
}
