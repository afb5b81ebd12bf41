import type { Route } from "./+types/api.verify_code";
import { VerifyCodeSchema } from "~/auth/schemas";
import { verifySignInCode } from "~/auth/sign-in.server";
import { requestIp } from "~/lib/request-context.server";
import { requireSameOriginWrite } from "~/auth/cross-site.server";
import { fail, handleApiError, json, methodNotAllowed, readBody, zodMessages } from "~/lib/http.server";

/**
 * POST /api/verify_code {code, email} → {success, errors} and, on success, the session cookie.
 * Uses the pending sign-in cookie set by /api/check_account; wrong code → 401 `Invalid code`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  try {
    requireSameOriginWrite(request);
    const parsed = VerifyCodeSchema.safeParse(await readBody(request));
    if (!parsed.success) return fail(422, zodMessages(parsed.error));
    const result = await verifySignInCode(request, { code: parsed.data.code, email: parsed.data.email }, { pageUrl: "/continue", ip: requestIp(context) });
    const headers = new Headers();
    for (const c of result.response?.headers.getSetCookie() ?? []) headers.append("Set-Cookie", c);
    if (!result.ok) return fail(result.status, [result.error], {}, { headers });
    return json({ success: true }, { headers });
  } catch (err) {
    return handleApiError(err);
  }
}

export async function loader() {
  return methodNotAllowed("POST");
}
