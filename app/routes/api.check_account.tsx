import type { Route } from "./+types/api.check_account";
import { CheckAccountSchema } from "~/auth/schemas";
import { sendSignInCode } from "~/auth/sign-in.server";
import { requestIp } from "~/lib/request-context.server";
import { requireSameOriginWrite } from "~/auth/cross-site.server";
import { fail, handleApiError, json, readBody, zodMessages } from "~/lib/http.server";

/**
 * POST /api/check_account {email, organization_id?} → {success, error, errors}. Sends a sign-in
 * code to a known address and sets the pending sign-in cookie that /api/verify_code needs. Unknown
 * addresses get the same 200 answer and cookie (no email), so accounts cannot be enumerated.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return fail(405, ["Method not allowed"], { error: "Method not allowed" }, { headers: { Allow: "POST" } });
  try {
    requireSameOriginWrite(request);
    const parsed = CheckAccountSchema.safeParse(await readBody(request));
    if (!parsed.success) return fail(422, zodMessages(parsed.error), { error: zodMessages(parsed.error)[0] });
    const url = new URL(request.url);
    const result = await sendSignInCode(request, { email: parsed.data.email, organizationId: parsed.data.organization_id }, { pageUrl: `/continue${url.search}`, ip: requestIp(context) });
    if (!result.ok) return fail(result.status, [result.error], { error: result.error });
    const headers = new Headers();
    for (const c of result.response.headers.getSetCookie()) headers.append("Set-Cookie", c);
    return json({ success: true, error: null }, { headers });
  } catch (err) {
    return handleApiError(err);
  }
}

export async function loader() {
  return fail(405, ["Method not allowed"], { error: "Method not allowed" }, { headers: { Allow: "POST" } });
}
