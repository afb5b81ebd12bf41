import type { ActionFunctionArgs } from "react-router";
import { getDatabase } from "~/lib/db.server";
import { exchangeClientCredentials, OAuthError } from "~/auth/smart-backend.server";
import { smartTokenUrl } from "~/fhir/smart-configuration";

const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" };
const MAX_FORM_BYTES = 64 * 1024;

function oauthError(err: OAuthError): Response {
  const headers: Record<string, string> = { ...NO_STORE };
  if (err.status === 401) headers["WWW-Authenticate"] = 'Bearer realm="fhir"';
  return Response.json({ error: err.error, error_description: err.description }, { status: err.status, headers });
}

/**
 * POST /fhir/auth/token — the SMART Backend Services token endpoint (RFC 6749 section 4.4 client
 * credentials, authenticated by an RFC 7523 JWT assertion: app/auth/smart-backend.server.ts).
 * Body `application/x-www-form-urlencoded`: grant_type=client_credentials,
 * client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer, client_assertion,
 * scope. → 200 {access_token, token_type: "bearer", expires_in, scope}; errors as RFC 6749 section
 * 5.2 JSON {error, error_description}: 400 invalid_request / unsupported_grant_type / invalid_scope,
 * 401 invalid_client. Never cached.
 */
export async function action({ request }: ActionFunctionArgs) {
  try {
    if (request.method !== "POST") throw new OAuthError(400, "invalid_request", "Use POST");
    if (!/^application\/x-www-form-urlencoded/i.test(request.headers.get("content-type") ?? "")) {
      throw new OAuthError(400, "invalid_request", "Send the parameters as application/x-www-form-urlencoded");
    }
    if (Number(request.headers.get("content-length") ?? 0) > MAX_FORM_BYTES) throw new OAuthError(400, "invalid_request", "Request too large");
    const text = await request.text();
    if (text.length > MAX_FORM_BYTES) throw new OAuthError(400, "invalid_request", "Request too large");
    const token = await exchangeClientCredentials(await getDatabase(), new URLSearchParams(text), smartTokenUrl(request.url));
    return Response.json(token, { headers: NO_STORE });
  } catch (err) {
    if (err instanceof OAuthError) return oauthError(err);
    console.error("[fhir] token endpoint error:", err);
    return Response.json({ error: "server_error", error_description: "An error occurred" }, { status: 500, headers: NO_STORE });
  }
}

export function loader() {
  return Response.json({ error: "invalid_request", error_description: "Use POST" }, { status: 405, headers: { ...NO_STORE, Allow: "POST" } });
}
