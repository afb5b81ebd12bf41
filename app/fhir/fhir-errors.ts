/**
 * FHIR error answers: an HTTP status and one OperationOutcome listing every problem (thrown by the
 * PAS operations, turned into the response by fhirErrorResponse).
 */
import type { OperationOutcome, OperationOutcomeIssue } from "@medplum/fhirtypes";

/** A FHIR error answer: an HTTP status and one OperationOutcome listing every problem. */
export class FhirError extends Error {
  /** extra response headers (e.g. WWW-Authenticate of a 401 or an insufficient_scope 403) */
  headers: Record<string, string> = {};

  constructor(
    readonly status: number,
    readonly issues: OperationOutcomeIssue[],
  ) {
    super(issues.map((i) => i.details?.text ?? i.diagnostics ?? i.code).join("; "));
    this.name = "FhirError";
  }

  get outcome(): OperationOutcome {
    return { resourceType: "OperationOutcome", issue: this.issues };
  }
}

/** One-issue FhirError. */
export function fhirError(status: number, code: OperationOutcomeIssue["code"], text: string, expression?: string): FhirError {
  return new FhirError(status, [{ severity: "error", code, details: { text }, ...(expression ? { expression: [expression] } : {}) }]);
}
