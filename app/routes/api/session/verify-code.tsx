import { apiRoute } from "~/api/api-route.server";
import { VerifyCodeSchema } from "~/auth/schemas";
import { verifySignInCode } from "~/auth/sign-in.server";
import { fail, json, readBody, zodMessages } from "~/lib/http.server";
import { requestIp } from "~/lib/request-context.server";

/**
 * POST /api/verify_code {code, email} → {success, errors} and, on success, the session cookie.
 * Uses the pending sign-in cookie set by /api/check_account; wrong code → 401 `Invalid code`.
 */
const route = apiRoute({
  auth: "public",
  POST: {
    summary: "Verify a sign-in code",
    description:
      "Checks the code against the pending sign-in cookie set by /api/check_account; on success sets the session cookie. A wrong code answers 401 'Invalid code'.",
    tags: ["Sign-in"],
    requestBody: [{ contentType: "application/json", schema: VerifyCodeSchema }],
    errors: { 422: "Code missing or malformed", 429: "Too many attempts" },
    async handler({ request, context }) {
      const parsed = VerifyCodeSchema.safeParse(await readBody(request));
      if (!parsed.success) return fail(422, zodMessages(parsed.error));
      const result = await verifySignInCode(request, { code: parsed.data.code, email: parsed.data.email }, { pageUrl: "/continue", ip: requestIp(context) });
      const headers = new Headers();
      for (const c of result.response?.headers.getSetCookie() ?? []) headers.append("Set-Cookie", c);
      if (!result.ok) return fail(result.status, [result.error], {}, { headers });
      return json({ success: true }, { headers });
    },
  },
});
export const loader = route.loader;
export const action = route.action;
