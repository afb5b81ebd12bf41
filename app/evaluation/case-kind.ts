/**
 * Whether an evaluation case is a medical (service) request or claim, or a drug request, decided
 * from the fax alone (../shared/eval/FORMAT.md: "the evaluation command decides this from the fax,
 * never from expected.json"), for a set that mixes both kinds.
 */
import type { ParsedDocument } from "~/clinical/contracts";
import { readCms1500 } from "~/clinical/extract/cms1500";
import { extractServiceLines } from "~/clinical/extract/service-lines";

/**
 * "medical" when the fax is a CMS-1500 claim form, or a service line on it carries a HCPCS/CPT code
 * one of the set's medical policies governs (`medicalCodes`, case-insensitive); otherwise "drug" (a
 * pharmacy request: drug, NDC, no governed service code). Pure and database-free.
 */
export function caseKindFromFax(doc: ParsedDocument, medicalCodes: string[]): "medical" | "drug" {
  if (readCms1500(doc)) return "medical";
  const governed = new Set(medicalCodes.map((c) => c.trim().toUpperCase()));
  return extractServiceLines(doc).some((l) => l.code && governed.has(l.code.toUpperCase())) ? "medical" : "drug";
}
