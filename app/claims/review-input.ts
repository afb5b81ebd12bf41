/** Request bodies of the claims review calls (one zod schema per command). */
import { z } from "zod";

const text = z.preprocess((v) => (typeof v === "string" ? v : ""), z.string());

/** POST .../claims/{id}/service_requests/{line}/decisions {decision_type: approve|deny, reason} */
export const OverrideServiceLineInput = z.object({
  decision_type: z.enum(["approve", "deny"], { error: "decision_type must be approve or deny" }),
  reason: text.pipe(z.string().trim().min(1, "Override reason is required").max(5000, "Reason is too long")),
});

/** POST .../claims/{id}/service_requests/{line}/generate_denial_letter {clinician_sign_off: true, denial_reason?} */
export const LineDenialLetterInput = z.object({
  clinician_sign_off: z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1", z.boolean()),
  denial_reason: text.pipe(z.string().max(5000, "Denial reason is too long")).optional(),
});
