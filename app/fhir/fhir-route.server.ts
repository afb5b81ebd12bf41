/**
 * The adapter every /fhir route goes through: authentication by the organization's API keys (the
 * same keys, scopes and permission checks as /api: authenticateApi + enforceApiPermission, so the
 * request is logged and audited like an /api call) or by a SMART Backend Services access token
 * (app/auth/smart-backend.server.ts), FHIR JSON in and out
 * (`application/fhir+json`), and every error as one OperationOutcome with its HTTP status.
 *
 * Tenancy: the organization is the API key's (or the SMART client's) own; nothing in a FHIR request can name another, and
 * every lookup is scoped to it.
 */
import type { OperationOutcome, Resource } from "@medplum/fhirtypes";
import { findActiveApiKey } from "~/auth/api-keys.server";
import { apiKeyPermissions } from "~/auth/permissions.server";
import { findSmartAccessToken, SMART_TOKEN_PREFIX } from "~/auth/smart-backend.server";
import { permissionsForScopes, scopeLabel, scopesAllow, type FhirInteractionNeed } from "~/auth/smart-scopes";
import { getDatabase } from "~/lib/db.server";
import { getOrganization } from "~/organizations/get-organization.server";
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
  if (err instanceof FhirError) {
    const challenge: Record<string, string> = err.status === 401 ? { "WWW-Authenticate": 'Bearer realm="fhir"' } : {};
    return fhirJson(err.outcome, err.status, { ...challenge, ...err.headers });
  }
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
 * The caller of a FHIR interaction, authorized for `need` (app/fhir/fhir-interactions.ts FHIR_NEEDS):
 *  - a SMART Backend Services access token (`Authorization: Bearer pa_smart_...`, from
 *    /fhir/auth/token): it must carry a scope allowing `need.type` / `need.op` (403 OperationOutcome
 *    `forbidden` and `WWW-Authenticate: Bearer error="insufficient_scope"` otherwise), and acts for its
 *    client's organization with the permissions its scopes map to, capped by the registering
 *    administrator's current permissions;
 *  - or an API key of an organization (`Authorization: Bearer pa_live_...`) holding `need.permission`.
 * Throws (turned into an OperationOutcome by fhirErrorResponse): 401 without a valid key or live
 * token, 403 without the scope or the permission.
 */
export async function requireFhirCaller(request: Request, need: FhirInteractionNeed): Promise<ApiContext> {
  const token = bearerToken(request);
  if (token?.startsWith(SMART_TOKEN_PREFIX)) {
    const ctx = await smartCaller(token);
    if (!scopesAllow(ctx.smartClient!.scopes, need.type, need.op)) {
      const refused = fhirError(
        403,
        "forbidden",
        `The access token lacks the scope ${scopeLabel(need)} (or system/${need.type}.${need.op === "r" || need.op === "s" ? "read" : "write"})`,
      );
      refused.headers["WWW-Authenticate"] = `Bearer realm="fhir", error="insufficient_scope", scope="${scopeLabel(need)}"`;
      throw refused;
    }
    await enforceApiPermission(ctx, request, need.permission);
    return ctx;
  }
  const key = token ? await findActiveApiKey(token) : null;
  if (!key)
    throw fhirError(401, "login", token ? "Invalid API key or access token" : "An API key or SMART access token is required (Authorization: Bearer <key>)");
  const ctx = await authenticateApi(request, key.organization_id);
  await enforceApiPermission(ctx, request, need.permission);
  return ctx;
}

async function smartCaller(token: string): Promise<ApiContext> {
  const database = await getDatabase();
  const row = await findSmartAccessToken(database, token);
  const organization = row ? await getOrganization(row.smart_client.organization_id) : null;
  if (!row || !organization) throw fhirError(401, "login", "Invalid or expired access token");
  const client = row.smart_client;
  const permissions = await apiKeyPermissions(database, { scopes: permissionsForScopes(row.scopes), created_by_id: client.created_by_id }, organization.id);
  return {
    via: "smart_client",
    organization,
    user: null,
    membership: null,
    apiKey: null,
    smartClient: { id: client.id, client_id: client.client_id, name: client.name, scopes: row.scopes },
    permissions,
  };
}

/** The FHIR JSON body (a PAS bundle may carry base64 PDFs: up to the upload limit plus encoding). */
export async function readFhirBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/application\/(fhir\+)?json/i.test(type)) throw fhirError(415, "not-supported", "Send FHIR JSON (Content-Type: application/fhir+json)");
  return readJsonBody(request, { maxBytes: Math.ceil((uploadLimitBytes() * 4) / 3) + 1024 * 1024 });
}
