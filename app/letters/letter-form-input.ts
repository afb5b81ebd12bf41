/** The one input schema of a letter form (HTML form and POST /api/o/{org}/forms.json). Domain rules (required name and purpose, lengths) are checked by manage-letter-forms.server.ts. */
import { z } from "zod";

const text = z.preprocess((v) => (v == null ? "" : v), z.string({ error: "Must be text" }));
export const LetterFormInputSchema = z.object({
  name: text,
  description: text,
  template_body: z.preprocess((v) => (v == null ? null : v), z.string({ error: "Template must be text" }).nullable()).optional(),
  is_default: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()).optional(),
});
export type LetterFormInputData = z.infer<typeof LetterFormInputSchema>;
