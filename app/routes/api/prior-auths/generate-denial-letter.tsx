import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { generateDenialLetter } from "~/letters/generate-denial-letter.server";
import { getDatabase } from "~/lib/db.server";
import { DenialLetterBodySchema, LetterSchema } from "~/prior-auths/schemas";

/**
 * POST /api/o/{orgId}/prior_auths/{token}/generate_denial_letter {clinician_sign_off: true, letter_form_id?, denial_reason?}
 * → {denial_letter}. 403 unless called with the session of a clinical reviewer (never an API key);
 * 422 without sign-off; 409 when the AI approved (no human denial) or a human approved.
 */
const route = apiRoute({
  POST: {
    summary: "Generate a denial letter",
    description:
      "Allowed only when the AI did not approve (and no human decided) or a human denied; refused (409) after a human approval or when the AI approved without a human denial. " +
      "Requires `clinician_sign_off: true` (422 'A clinician must sign off before a denial letter is sent'): the AI alone never sends a letter. " +
      "The signer must be a signed-in clinical reviewer (session cookie); API keys get 403 'A denial letter must be signed off by a signed-in clinical reviewer'. " +
      "The letter states the denial reason and the failed coverage criterion, is rendered from the organization's letter form and stored as a PDF (`pdf_url`). Signing off also records a human denial.",
    tags: ["Decisions"],
    permission: "denials.sign_off",
    body: DenialLetterBodySchema,
    response: z.object({ denial_letter: LetterSchema.extend({ body: z.string() }) }),
    errors: {
      403: "Not signed in as a clinical reviewer (for example an API key)",
      409: "The case's state does not allow a denial letter",
      422: "A clinician must sign off before a denial letter is sent",
    },
    async handler({ organizationId, params, auth, body }) {
      const signOff = body.clinician_sign_off === true || ["true", "on", "1"].includes(String(body.clinician_sign_off));
      const letter = await generateDenialLetter(await getDatabase(), organizationId, params.id!, {
        // Only a signed-in person can sign off; an API key names nobody (the domain refuses null).
        userId: auth.via === "session" ? (auth.user?.id ?? null) : null,
        clinician_sign_off: signOff,
        letter_form_id: body.letter_form_id || null,
        denial_reason: body.denial_reason || null,
      });
      return { denial_letter: letter };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
