import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { CheckAccountSchema } from "~/auth/schemas";
import { sendSignInCode } from "~/auth/sign-in.server";
import { fail, json, readBody, zodMessages } from "~/lib/http.server";
import { requestIp } from "~/lib/request-context.server";

/**
 * POST /api/check_account {email, organization_id?} → {success, error, errors}. Sends a sign-in
 * code to a known address and sets the pending sign-in cookie that /api/verify_code needs. Unknown
 * addresses get the same 200 answer and cookie (no email), so accounts cannot be enumerated.
 */
const route = apiRoute({
  auth: "public",
  POST: {
    summary: "Send a sign-in code",
    description:
      "Sends a 6-digit sign-in code to a known address and sets the pending sign-in cookie that /api/verify_code needs. Unknown addresses get the same answer (no email), so accounts cannot be enumerated.",
    tags: ["Sign-in"],
    requestBody: [{ contentType: "application/json", schema: CheckAccountSchema }],
    response: z.object({ error: z.string().nullable().describe("the first error message, or null (for the sign-in page)") }),
    errors: { 422: "Invalid email address", 429: "Too many codes requested" },
    async handler({ request, context }) {
      const parsed = CheckAccountSchema.safeParse(await readBody(request));
      if (!parsed.success) return fail(422, zodMessages(parsed.error), { error: zodMessages(parsed.error)[0] });
      const url = new URL(request.url);
      const result = await sendSignInCode(
        request,
        { email: parsed.data.email, organizationId: parsed.data.organization_id },
        { pageUrl: `/continue${url.search}`, ip: requestIp(context) },
      );
      if (!result.ok) return fail(result.status, [result.error], { error: result.error });
      const headers = new Headers();
      for (const c of result.response.headers.getSetCookie()) headers.append("Set-Cookie", c);
      return json({ success: true, error: null }, { headers });
    },
  },
});
export const loader = route.loader;
export const action = route.action;
