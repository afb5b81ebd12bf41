/** Form schemas of the prior-auth screens, shared by the browser (Conform) and the route actions. */
import { z } from "zod";
import { RecordHumanDecisionInputSchema } from "../record-human-decision-input";

// The list query: one schema for the page and the API (list-prior-auths-input.ts).
export {
  ListPriorAuthsPageQuerySchema,
  PRIOR_AUTH_SORT_KEYS,
  type ListPriorAuthsPageQuery as ListQuery,
  type PriorAuthSortKey as ListSortKey,
} from "../list-prior-auths-input";

export const SyntheticDescribeSchema = z.object({
  intent: z.literal("generate"),
  description: z.string({ error: "Describe the prior auth to generate." }).trim().min(3, "Describe the prior auth to generate.").max(2000),
});

export const SyntheticCreateSchema = z.object({
  intent: z.literal("create_epa"),
  description: z.string().trim().max(2000).optional(),
  synthetic_document: z.string({ error: "The synthetic document is empty." }).trim().min(1, "The synthetic document is empty.").max(200_000),
});

/** Override decision: the command's one input schema plus the form's routing fields. */
export const OverrideSchema = RecordHumanDecisionInputSchema.extend({
  intent: z.literal("override"),
  ai_decision_id: z.string().trim().min(1),
});

/** Denial letter: a clinician must sign off before the letter is generated. */
export const DenialLetterSchema = z.object({
  intent: z.literal("denial_letter"),
  clinician_sign_off: z.literal("on", { error: "A clinician must sign off before the denial letter is sent." }),
  letter_form_id: z.string().trim().optional(),
});

export const ChatMessageSchema = z.object({
  content: z.string({ error: "Type a question." }).trim().min(1, "Type a question.").max(4000),
});
