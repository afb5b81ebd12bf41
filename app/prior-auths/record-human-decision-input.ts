/**
 * The one input schema of "record a human decision" (the Override decision modal, POST
 * .../ai_decisions/{token}/decisions, the OpenAPI document, and recordHumanDecision itself).
 * PRODUCT-SPEC §5: "Override reason required".
 */
import { z } from "zod";

/** "approve" | "deny" for the accepted spellings ("approved" / "denied", any case), else the value unchanged. */
function normalizeDecisionType(value: unknown): unknown {
  const v = typeof value === "string" ? value.trim().toLowerCase() : value;
  if (v === "approve" || v === "approved") return "approve";
  if (v === "deny" || v === "denied") return "deny";
  return value;
}

export const DECISION_TYPE_MESSAGE = "Decision type must be approve or deny";
export const OVERRIDE_REASON_MESSAGE = "Override reason is required";

export const RecordHumanDecisionInputSchema = z.object({
  decision_type: z
    .preprocess(normalizeDecisionType, z.enum(["approve", "deny"], { error: DECISION_TYPE_MESSAGE }))
    .describe("approve | deny (approved / denied accepted)"),
  reason: z
    .string({ error: OVERRIDE_REASON_MESSAGE })
    .trim()
    .min(1, OVERRIDE_REASON_MESSAGE)
    .max(4000, "The reason is longer than 4000 characters")
    .describe("why the reviewer decided so (required)"),
});

export type RecordHumanDecisionInput = z.input<typeof RecordHumanDecisionInputSchema>;
