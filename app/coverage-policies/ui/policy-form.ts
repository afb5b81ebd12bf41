/**
 * Reads "add coverage policy" input from the page form and from POST .../coverage_policies
 * (multipart `drug_name`, `policy_text`, `policy_drugs` as a comma list or repeated, `upload.file`;
 * or JSON). No server-only imports: the page action and the /api route share it.
 */
import { AppError } from "~/lib/errors";
import { readFormBody, readJsonBody } from "~/lib/request-body";

export const PDF_REQUIRED = "Please upload a PDF file";

export interface CoveragePolicyRequest {
  input: { drug_name: string; drugs_list: string[]; policy_type?: string; policy_text: string | null };
  file: { bytes: Uint8Array; filename: string } | null;
}

const FILE_FIELDS = ["upload.file", "upload[file]", "file"];

function text(v: unknown): string {
  return typeof v === "string" ? v.trim() : "";
}

/** Splits "Humira, Amjevita" and repeated fields into a clean list. */
export function parseDrugList(values: unknown[]): string[] {
  return values
    .flatMap((v) => (Array.isArray(v) ? v : [v]))
    .flatMap((v) => (typeof v === "string" ? v.split(",") : []))
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Parses the request. Throws AppError("bad_request") for malformed JSON, an unreadable form or another
 * content type; AppError("validation"): 'Name is required' without a name;
 * 'Please upload a PDF file' when there is neither a file nor pasted policy text
 * (a non-PDF file is refused by the domain with the same message).
 */
export async function readCoveragePolicyRequest(request: Request): Promise<CoveragePolicyRequest> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const value = await readJsonBody(request);
    const body = (value && typeof value === "object" && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
    return validate({
      input: {
        drug_name: text(body.drug_name),
        drugs_list: parseDrugList([body.policy_drugs, body.drugs_list]),
        policy_type: text(body.policy_type) || undefined,
        policy_text: text(body.policy_text) || null,
      },
      file: null,
    });
  }
  if (!type.includes("form")) throw new AppError("bad_request", "Send the policy as multipart/form-data or JSON");
  return readCoveragePolicyForm(await readFormBody(request));
}

/** Same as readCoveragePolicyRequest for an already-read FormData. */
export async function readCoveragePolicyForm(form: FormData): Promise<CoveragePolicyRequest> {
  const upload = FILE_FIELDS.map((k) => form.get(k)).find((v): v is File => typeof v === "object" && v !== null && "arrayBuffer" in v && v.size > 0);
  return validate({
    input: {
      drug_name: text(form.get("drug_name")),
      drugs_list: parseDrugList([...form.getAll("policy_drugs"), ...form.getAll("policy_drugs[]")]),
      policy_type: text(form.get("policy_type")) || undefined,
      policy_text: text(form.get("policy_text")) || null,
    },
    file: upload ? { bytes: new Uint8Array(await upload.arrayBuffer()), filename: upload.name || "policy.pdf" } : null,
  });
}

function validate(req: CoveragePolicyRequest): CoveragePolicyRequest {
  if (!req.input.drug_name) throw new AppError("validation", "Name is required");
  if (!req.file && !req.input.policy_text) throw new AppError("validation", PDF_REQUIRED);
  return req;
}
