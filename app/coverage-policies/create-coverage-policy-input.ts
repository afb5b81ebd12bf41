/**
 * The one input schema of "add a coverage policy to a plan", shared by the Add policy modal (Conform,
 * in the browser and in the page action), POST /api/o/{org}/plans/{plan}/coverage_policies (multipart
 * or JSON), the OpenAPI document and createCoveragePolicy itself. No server-only imports.
 *
 * The policy's other drug names come as `policy_drugs` (the form's comma list, or the field repeated)
 * or `drugs_list` (an array, or a comma list); both are merged into `drugs_list`. The policy text is
 * an uploaded PDF (a file, outside this schema) or pasted `policy_text`: one of them is required.
 */
import { z } from "zod";

export const PDF_REQUIRED = "Please upload a PDF file";
export const NAME_REQUIRED = "Name is required";

/** Splits "Humira, Amjevita" and repeated fields into a clean list. */
export function parseDrugList(values: unknown[]): string[] {
  return values
    .flatMap((v) => (Array.isArray(v) ? v : [v]))
    .flatMap((v) => (typeof v === "string" ? v.split(",") : []))
    .map((s) => s.trim())
    .filter(Boolean);
}

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : (v ?? undefined));
const drugNames = z
  .preprocess(
    (v) => (v === undefined || v === null ? undefined : parseDrugList([v])),
    z.array(z.string().max(200, "Drug names must be at most 200 characters")).optional(),
  )
  .describe("other drug names covered: a comma list, the field repeated, or a JSON array");

const CoveragePolicyFields = z.object({
  drug_name: z
    .string({ error: NAME_REQUIRED })
    .trim()
    .min(1, NAME_REQUIRED)
    .max(200, "Name must be at most 200 characters")
    .describe("the policy's name, e.g. 'Adalimumab' (required)"),
  policy_drugs: drugNames,
  drugs_list: drugNames,
  policy_type: z
    .preprocess(
      blankToUndefined,
      z.string({ error: "Policy type must be text" }).trim().max(50, "Policy type must be at most 50 characters").default("pharmacy"),
    )
    .describe("pharmacy | medical (default pharmacy)"),
  // a long medical policy is ~100 kB of text
  policy_text: z
    .preprocess(blankToUndefined, z.string({ error: "Policy text must be text" }).max(1_000_000, "Policy text must be at most 1,000,000 characters").nullish())
    .describe("the policy's text, when no PDF is uploaded"),
  external_id: z
    .preprocess(blankToUndefined, z.string({ error: "External id must be text" }).max(200, "External id must be at most 200 characters").nullish())
    .describe("the policy's id in another system (optional)"),
});

/** Merges the two spellings of the drug list (deduplicated, `drug_name` not repeated). */
function mergeDrugs<T extends z.output<typeof CoveragePolicyFields>>({ policy_drugs, drugs_list, ...rest }: T) {
  return { ...rest, drugs_list: [...new Set([...(drugs_list ?? []), ...(policy_drugs ?? [])])] };
}

export const CreateCoveragePolicyInputSchema = CoveragePolicyFields.transform(mergeDrugs);
export type CreateCoveragePolicyInput = z.input<typeof CoveragePolicyFields>;
export type CreateCoveragePolicy = z.output<typeof CreateCoveragePolicyInputSchema>;

/** The multipart body of the API (documentation): the fields plus `upload.file`, the policy PDF. */
export const CreateCoveragePolicyMultipartSchema = CoveragePolicyFields.extend({
  "upload.file": z.string().optional().describe(`the policy PDF ('${PDF_REQUIRED}' for anything else, or when there is neither a PDF nor policy_text)`),
});

/** True for a non-empty uploaded file (a browser File or undici's). */
export function isUpload(v: unknown): v is File {
  return typeof v === "object" && v !== null && "arrayBuffer" in v && "size" in v && (v as File).size > 0;
}

/**
 * The Add policy modal: the command's fields, the page's intent and the PDF (`file`), which is
 * required there (the modal has no text field): 'Please upload a PDF file' under the file input.
 */
export const CreateCoveragePolicyFormSchema = CoveragePolicyFields.extend({
  intent: z.literal("add_policy"),
  file: z.any().optional(),
})
  .superRefine((v, ctx) => {
    if (!isUpload(v.file) && !v.policy_text) ctx.addIssue({ code: "custom", path: ["file"], message: PDF_REQUIRED });
  })
  .transform(({ intent: _intent, file, ...rest }) => ({ input: mergeDrugs(rest), file: isUpload(file) ? (file as File) : null }));
