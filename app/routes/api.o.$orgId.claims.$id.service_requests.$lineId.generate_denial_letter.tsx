import type { Route } from "./+types/api.o.$orgId.claims.$id.service_requests.$lineId.generate_denial_letter";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { AppError } from "~/lib/errors";
import { signOffAndSendLineDenial } from "~/claims/claim-review.server";
import { LineDenialLetterInput } from "~/claims/review-input";

/**
 * POST /api/o/{orgId}/claims/{id}/service_requests/{line}/generate_denial_letter {clinician_sign_off: true, denial_reason?}
 * → {denial_letter}; 403 not a clinical reviewer; 409 line not denied; 422 sign-off missing; 404 other organization.
 */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const ctx = await requireApiAuth(request, params.orgId);
    if (request.method !== "POST") return methodNotAllowed("POST");
    const parsed = LineDenialLetterInput.safeParse(await readBody(request));
    if (!parsed.success) throw new AppError("validation", parsed.error.issues[0]?.message ?? "Invalid input");
    return ok(await signOffAndSendLineDenial(await getDatabase(), ctx.organization.id, params.id, params.lineId, { ...parsed.data, userId: ctx.user?.id ?? null }));
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiMethodNotAllowed(request, params.orgId, "POST");
}
