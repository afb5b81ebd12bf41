import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { readBody } from "~/lib/http.server";
import { signOffAndSendLineDenial } from "~/claims/claim-review.server";
import { LineDenialLetterInput } from "~/claims/review-input";
import { ClaimLineDenialLetterSchema } from "~/claims/schemas";

/**
 * POST /api/o/{orgId}/claims/{id}/service_requests/{lineId}/generate_denial_letter {clinician_sign_off: true, denial_reason?}
 * → {denial_letter}; 403 not a clinical reviewer; 409 line not denied; 422 sign-off missing; 404 another organization.
 */
const route = apiRoute({
  POST: {
    permission: "denials.sign_off",
    summary: "Sign off and generate a service line's denial letter",
    description:
      "Only for a line whose current decision is a denial (409 otherwise). Requires `clinician_sign_off: true` (422 'A clinician must sign off before a denial letter is sent') from a signed-in clinical reviewer (403 for anyone else, API keys included): the AI alone never sends a denial. " +
      "The letter names the service, its code and the failed coverage criterion, is rendered from the organization's default letter form and stored as a PDF (`pdf_url`); the AI decision is marked signed off.",
    tags: ["Medical claims", "Decisions"],
    requestBody: [
      { contentType: "application/json", schema: LineDenialLetterInput },
      { contentType: "application/x-www-form-urlencoded", schema: LineDenialLetterInput },
    ],
    response: z.object({ denial_letter: ClaimLineDenialLetterSchema }),
    errors: {
      403: "Not signed in as a clinical reviewer (for example an API key)",
      409: "This service line is not denied",
      422: "A clinician must sign off before a denial letter is sent",
    },
    async handler({ request, organizationId, params, auth }) {
      const parsed = LineDenialLetterInput.safeParse(await readBody(request));
      if (!parsed.success) throw new AppError("validation", parsed.error.issues[0]?.message ?? "Invalid input");
      return signOffAndSendLineDenial(await getDatabase(), organizationId, params.id!, params.lineId!, { ...parsed.data, userId: auth.user?.id ?? null });
    },
  },
});
export const loader = route.loader;
export const action = route.action;
