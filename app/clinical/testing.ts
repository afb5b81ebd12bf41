import type { CaseFacts, ParsedDocument } from "./contracts";

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
