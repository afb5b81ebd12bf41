/**
 * The adapter every /fhir route goes through: authentication by the organization's API keys (the
 * same keys, scopes and permission checks as /api: authenticateApi + enforceApiPermission, so the
 * request is logged and audited like an /api call), FHIR JSON in and out
 * (`application/fhir+json`), and every error as one OperationOutcome with its HTTP status.
 *
 * Tenancy: the organization is the API key's own; nothing in a FHIR request can name another, and
 * every lookup is scoped to it.
 */
import type { OperationOutcome, Resource } from "@medplum/fhirtypes";
import { findActiveApiKey } from "~/auth/api-keys.server";
import type { RouteRequirement } from "~/auth/permission-matrix";
import { authenticateApi, bearerToken, enforceApiPermission, type ApiContext } from "~/auth/require-org-member.server";
import { isAppError, statusForCode } from "~/lib/errors";
import { readJsonBody, uploadLimitBytes } from "~/lib/request-body";
import { FhirError, fhirError } from "./submit-pas.server";

export const FHIR_JSON = "application/fhir+json; charset=utf-8";

/** A FHIR JSON response. */
export function fhirJson(resource: Resource, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(resource), { status, headers: { "Content-Type": FHIR_JSON, ...headers } });
}

function outcome(status: number, code: string, text: string): Response {
  const body: OperationOutcome = { resourceType: "OperationOutcome", issue: [{ severity: "error", code: code as "invalid", details: { text } }] };
  return fhirJson(body, status, status === 401 ? { "WWW-Authenticate": 'Bearer realm="fhir"' } : {});
}

const CODE_BY_STATUS: Record<number, string> = {
  400: "invalid",
  401: "login",
  403: "forbidden",
  404: "not-found",
  405: "not-supported",
  413: "too-long",
  422: "processing",
};

/** Any thrown value as a FHIR answer (OperationOutcome); unexpected errors are logged and answer 500. */
export async function fhirErrorResponse(err: unknown): Promise<Response> {
  if (err instanceof FhirError) return fhirJson(err.outcome, err.status);
  if (err instanceof Response) {
    // the /api guards throw {success:false, errors:[...]} JSON answers: same status, FHIR shape
    let text = err.statusText || "Request refused";
    try {
      const body = (await err.clone().json()) as { errors?: string[] };
      if (body.errors?.[0]) text = body.errors[0];
    } catch {
      /* not JSON */
    }
    return outcome(err.status, CODE_BY_STATUS[err.status] ?? "processing", text);
  }
  if (isAppError(err)) {
    const status = statusForCode(err.code);
    return outcome(status, CODE_BY_STATUS[status] ?? "processing", err.message);
  }
  console.error("[fhir] unexpected error:", err);
  return outcome(500, "exception", "An error occurred");
}

/**
 * The caller of a FHIR interaction: an API key (`Authorization: Bearer pa_live_...`) of an
 * organization, holding `permission`. Throws a Response (401 without a valid key, 403 without the
 * permission) that fhirErrorResponse turns into an OperationOutcome.
 */
export async function requireFhirCaller(request: Request, permission: RouteRequirement): Promise<ApiContext> {
  const token = bearerToken(request);
  const key = token ? await findActiveApiKey(token) : null;
  if (!key) throw fhirError(401, "login", token ? "Invalid API key" : "An API key is required (Authorization: Bearer <key>)");
  const ctx = await authenticateApi(request, key.organization_id);
  await enforceApiPermission(ctx, request, permission);
  return ctx;
}

/** The FHIR JSON body (a PAS bundle may carry base64 PDFs: up to the upload limit plus encoding). */
export async function readFhirBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/application\/(fhir\+)?json/i.test(type)) throw fhirError(415, "not-supported", "Send FHIR JSON (Content-Type: application/fhir+json)");
  return readJsonBody(request, { maxBytes: Math.ceil((uploadLimitBytes() * 4) / 3) + 1024 * 1024 });
}
