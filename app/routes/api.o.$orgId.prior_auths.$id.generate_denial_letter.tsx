import type { Route } from "./+types/api.o.$orgId.prior_auths.$id.generate_denial_letter";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { generateDenialLetter } from "~/letters/generate-denial-letter.server";
import { DenialLetterBodySchema } from "~/prior-auths/schemas";

/**
 * POST /api/o/{orgId}/prior_auths/{token}/generate_denial_letter {clinician_sign_off: true, letter_form_id?, denial_reason?}
 * → {denial_letter}. 403 unless called with the session of a clinical reviewer (never an API key);
 * 422 without sign-off; 409 when the AI approved (no human denial) or a human approved.
 */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const ctx = await requireApiAuth(request, params.orgId, "denials.sign_off");
    if (request.method !== "POST") return methodNotAllowed("POST");
    const body = DenialLetterBodySchema.parse(await readBody(request));
    const signOff = body.clinician_sign_off === true || ["true", "on", "1"].includes(String(body.clinician_sign_off));
    const letter = await generateDenialLetter(await getDatabase(), ctx.organization.id, params.id, {
      // Only a signed-in person can sign off; an API key names nobody (the domain refuses null).
      userId: ctx.via === "session" ? (ctx.user?.id ?? null) : null,
      clinician_sign_off: signOff,
      letter_form_id: body.letter_form_id || null,
      denial_reason: body.denial_reason || null,
    });
    return ok({ denial_letter: letter });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiMethodNotAllowed(request, params.orgId, "POST");
}
