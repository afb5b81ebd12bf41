/** Form schemas of the prior-auth screens, shared by the browser (Conform) and the route actions. */
import { z } from "zod";

export const LIST_SORT_KEYS = ["patient_name", "medication_name", "practitioner_name", "request_date", "final_decision", "created_at"] as const;
export type ListSortKey = (typeof LIST_SORT_KEYS)[number];

/** Query of the list page: ?q=&page=&sort=&dir=&modal= (bad values fall back to defaults). */
export const ListQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  sort: z.enum(LIST_SORT_KEYS).catch("created_at"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

export const SyntheticDescribeSchema = z.object({
  intent: z.literal("generate"),
  description: z.string({ error: "Describe the prior auth to generate." }).trim().min(3, "Describe the prior auth to generate.").max(2000),
});

export const SyntheticCreateSchema = z.object({
  intent: z.literal("create_epa"),
  description: z.string().trim().max(2000).optional(),
  synthetic_document: z.string({ error: "The synthetic document is empty." }).trim().min(1, "The synthetic document is empty.").max(200_000),
});

/** Override decision (PRODUCT-SPEC §5 "Override reason required"). */
export const OverrideSchema = z.object({
  intent: z.literal("override"),
  ai_decision_id: z.string().trim().min(1),
  decision_type: z.enum(["approve", "deny"], { error: "Choose approve or deny." }),
  reason: z.string({ error: "Override reason required" }).trim().min(1, "Override reason required").max(5000),
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
