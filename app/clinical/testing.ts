import type { CaseFacts, DecisionResult, DecisionTree, ParsedDocument, ServiceLine, ServiceLineResult } from "./contracts";

/** Build a text-layer ParsedDocument from page strings (tests and fixtures). */
export function docFromPages(pages: string[]): ParsedDocument {
  return {
    page_count: pages.length,
    pages: pages.map((text, i) => ({ page: i + 1, text, ocr: false, confidence: null, width: 612, height: 792, words: [] })),
  };
}

/** Empty CaseFacts with optional overrides (tests). */
export function emptyFacts(over: Partial<CaseFacts> = {}): CaseFacts {
  return {
    request_date: null,
    urgency: "standard",
    patient: { first_name: null, last_name: null, birth_date: null, gender: null, member_id: null, insurance_plan: null, citations: [] },
    practitioner: {
      full_name: null,
      first_name: null,
      last_name: null,
      credential: null,
      npi: null,
      npi_valid: null,
      specialty: null,
      phone: null,
      fax: null,
      organization_name: null,
      state_license: null,
      citations: [],
    },
    medication: {
      drug_name: null,
      generic_name: null,
      strength: null,
      dosage: null,
      quantity: null,
      quantity_unit: null,
      days_supply: null,
      duration_months: null,
      ndc: null,
      drug_class: null,
      citations: [],
    },
    diagnoses: [],
    prior_therapies: [],
    concurrent_therapies: [],
    labs: [],
    notes: [],
    ...over,
  };
}

/**
 * A decided service line of a typed claim page (tests): `code` × `units` on `date` (YYYY-MM-DD or
 * null), cited on page 1 as "<date> <code> <units>", with decision `decision` (default approved),
 * governed by `tree` (default none).
 */
export function serviceLineResult(
  code: string,
  units: number | null,
  date: string | null,
  opts: { line_number?: number; decision?: DecisionResult["final_decision"]; tree?: DecisionTree | null } = {},
): ServiceLineResult {
  const text = `${date ?? ""} ${code} ${units ?? ""}`;
  const line: ServiceLine = {
    line_number: opts.line_number ?? 1,
    code,
    description: null,
    category: "other",
    units,
    date_of_service: date,
    date_of_service_end: null,
    place_of_service: "11",
    site_of_care: null,
    modifiers: [],
    ordering_provider: null,
    rendering_provider: null,
    citations: [{ document: "fax", page: 1, start: 0, end: text.length, text }],
  };
  const decision: DecisionResult = {
    final_decision: opts.decision ?? "approved",
    confidence_score: 0.8,
    ai_summary: "",
    rationale: "criteria reviewed",
    citations: [],
    decision_tree_traversal: [],
  };
  return { line, policyId: "p", tree: opts.tree ?? null, review: null, decision };
}
