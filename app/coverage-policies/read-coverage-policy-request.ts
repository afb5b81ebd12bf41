/**
 * Reads POST /api/o/{org}/plans/{plan}/coverage_policies into the command's raw input and its PDF:
 * multipart (`drug_name`, `policy_text`, `policy_drugs` as a comma list or repeated, the PDF as
 * `upload.file`, `upload[file]` or `file`) or JSON (no file). Validation is the command's schema
 * (create-coverage-policy-input.ts), applied by createCoveragePolicy.
 * Throws AppError("bad_request") for malformed JSON, an unreadable form or another content type.
 */
import { AppError } from "~/lib/errors";
import { readFormBody, readJsonBody } from "~/lib/request-body";
import { isUpload, type CreateCoveragePolicyInput } from "./create-coverage-policy-input";

const FILE_FIELDS = ["upload.file", "upload[file]", "file"];
const FIELDS = ["drug_name", "policy_type", "policy_text", "external_id"] as const;

export interface CoveragePolicyRequest {
  input: CreateCoveragePolicyInput;
  file: { bytes: Uint8Array; filename: string } | null;
}

export async function readCoveragePolicyRequest(request: Request): Promise<CoveragePolicyRequest> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const value = await readJsonBody(request);
    const body = (value && typeof value === "object" && !Array.isArray(value) ? value : {}) as CreateCoveragePolicyInput;
    return { input: body, file: null };
  }
  if (!type.includes("form")) throw new AppError("bad_request", "Send the policy as multipart/form-data or JSON");
  const form = await readFormBody(request);
  const input: Record<string, unknown> = {};
  for (const key of FIELDS) if (form.has(key)) input[key] = form.get(key);
  input.policy_drugs = [...form.getAll("policy_drugs"), ...form.getAll("policy_drugs[]")];
  const upload = FILE_FIELDS.map((k) => form.get(k)).find(isUpload);
  return {
    input: input as CreateCoveragePolicyInput,
    file: upload ? { bytes: new Uint8Array(await upload.arrayBuffer()), filename: upload.name || "policy.pdf" } : null,
  };
}
