/**
 * Shared fixtures for the agents' tests (imported only by *.test.ts): a small PA fax, a coverage
 * policy tree in the built-in generator's layout, and a model client pointed at the fake server.
 */
import type { CaseFacts, DecisionTree, ParsedDocument } from "~/clinical/contracts";
import { createModelClient, type ModelClient, type ModelClientOptions } from "./llm.server";
import type { ExtractionOutput } from "./output-schemas";

/** A ParsedDocument from page texts (no word boxes). */
export function docFromPages(pages: string[]): ParsedDocument {
  return {
    page_count: pages.length,
    pages: pages.map((text, i) => ({ page: i + 1, text, ocr: false, confidence: null, width: 612, height: 792, words: [] })),
  };
}

export const FAX = docFromPages([
  [
    "FAX  Date sent: 02/03/2026   To: Acme Health Plan PA Dept",
    "PRIOR AUTHORIZATION REQUEST  -  Urgent: No",
    "Patient Name:  Dana   Whitfield      DOB: 03/14/1979   Sex: F",
    "Member ID: ACM100234    Plan: Acme Commercial PPO 2026",
    "Prescriber: Priya Raman, MD   Specialty: Rheumatology   NPI: 1234567893",
    "Phone: (312) 555-0100   Fax: (312) 555-0101",
    "Medication: Humira 40 mg/0.4 mL pen   Sig: inject 40 mg SC every other week",
    "Qty: 2 pens / 28 days   NDC: 0074-0554-02",
    "Diagnosis: M05.79 Rheumatoid arthritis with rheumatoid factor of multiple sites",
  ].join("\n"),
  [
    "CLINICAL NOTES",
    "Methotrexate 20 mg weekly from 06/01/2025 to 09/15/2025 \u2014 inadequate response, DAS28 5.1.",
    "TB screening (QuantiFERON) negative on 01/10/2026.",
    "Please see attached notes.",
  ].join("\n"),
]);

/** Case facts matching FAX, with citations that really are in FAX. */
export function faxFacts(): CaseFacts {
  const p1 = FAX.pages[0].text;
  const p2 = FAX.pages[1].text;
  const cite = (page: 1 | 2, s: string) => {
    const text = page === 1 ? p1 : p2;
    const start = text.indexOf(s);
    if (start < 0) throw new Error(`fixture: "${s}" not on page ${page}`);
    return { document: "fax", page, start, end: start + s.length, text: s };
  };
  return {
    request_date: "2026-02-03",
    urgency: "standard",
    patient: {
      first_name: "Dana",
      last_name: "Whitfield",
      birth_date: "1979-03-14",
      gender: "female",
      member_id: "ACM100234",
      insurance_plan: "Acme Commercial PPO 2026",
      citations: [cite(1, "Member ID: ACM100234")],
    },
    practitioner: {
      full_name: "Priya Raman",
      first_name: "Priya",
      last_name: "Raman",
      credential: "MD",
      npi: "1234567893",
      npi_valid: true,
      specialty: "Rheumatology",
      phone: "(312) 555-0100",
      fax: "(312) 555-0101",
      organization_name: null,
      state_license: null,
      citations: [cite(1, "Specialty: Rheumatology")],
    },
    medication: {
      drug_name: "Humira",
      generic_name: "adalimumab",
      strength: "40 mg/0.4 mL",
      dosage: "inject 40 mg SC every other week",
      quantity: 2,
      quantity_unit: "pens",
      days_supply: 28,
      duration_months: null,
      ndc: "00074-0554-02",
      drug_class: "TNF inhibitor",
      citations: [cite(1, "Medication: Humira 40 mg/0.4 mL pen")],
    },
    diagnoses: [{ code: "M05.79", description: "Rheumatoid arthritis", primary: true, citations: [cite(1, "M05.79 Rheumatoid arthritis")] }],
    prior_therapies: [
      {
        drug_name: "methotrexate",
        dose: "20 mg weekly",
        start_date: "2025-06-01",
        end_date: "2025-09-15",
        duration_days: 106,
        outcome: "inadequate_response",
        citations: [cite(2, "Methotrexate 20 mg weekly from 06/01/2025 to 09/15/2025")],
      },
    ],
    concurrent_therapies: [],
    labs: [],
    notes: [{ text: "Notes referenced as attached", citations: [cite(2, "Please see attached notes.")] }],
  };
}

/**
 * A tree in the built-in generator's layout: exclusion → indication → per-branch criteria →
 * approved, with "No" → denied.
 */
export function adalimumabTree(): DecisionTree {
  const q = (id: string, question: string, parent: string | null, condition: string | null) => ({
    id,
    node_type: "question" as const,
    question,
    reason: null,
    node_action: null,
    condition,
    parent_id: parent,
    criterion: null,
    passage: null,
  });
  const a = (id: string, label: string, act: "approved" | "denied", parent: string, condition: string) => ({
    id,
    node_type: "action" as const,
    question: label,
    reason: null,
    node_action: act,
    condition,
    parent_id: parent,
    criterion: null,
    passage: null,
  });
  const nodes = [
    q("n1", "Exclusion: Active tuberculosis infection", null, null),
    a("n2", "Denied — exclusion applies", "denied", "n1", "Yes"),
    q("n3", "Which covered indication is the request for?", "n1", "No"),
    a("n4", "Denied — indication not covered by this policy", "denied", "n3", "None of the listed indications"),
    q("n5", "Trial of methotrexate for at least 3 months with inadequate response", "n3", "Rheumatoid arthritis"),
    a("n6", "Denied — criterion not met", "denied", "n5", "No"),
    q("n7", "Prescribed by or in consultation with a rheumatologist", "n5", "Yes"),
    a("n8", "Denied — criterion not met", "denied", "n7", "No"),
    a("n9", "Approved — Rheumatoid arthritis", "approved", "n7", "Yes"),
    q("n10", "Trial of a topical corticosteroid for at least 4 weeks", "n3", "Plaque psoriasis"),
    a("n11", "Denied — criterion not met", "denied", "n10", "No"),
    a("n12", "Approved — Plaque psoriasis", "approved", "n10", "Yes"),
  ];
  return {
    title: "Adalimumab",
    drug_names: ["Humira", "adalimumab"],
    nodes,
    edges: nodes.filter((n) => n.parent_id).map((n) => ({ source: n.parent_id!, target: n.id, condition: n.condition })),
  };
}

/** A client for the fake server; fast timeouts so failure tests stay quick. */
export function testClient(url: string, overrides: Partial<ModelClientOptions> = {}): ModelClient {
  return createModelClient({
    baseURL: url,
    apiKey: "test-key",
    model: "fake-model",
    embeddingModel: "fake-embedding",
    timeoutMs: 5_000,
    ...overrides,
  });
}

/** What a good model returns for FAX: values as written, quotes with page numbers. */
export function extractionReply(): ExtractionOutput {
  return {
    request_date: "02/03/2026",
    urgency: "standard",
    patient: {
      first_name: "Dana",
      last_name: "Whitfield",
      birth_date: "03/14/1979",
      gender: "female",
      member_id: "ACM100234",
      insurance_plan: "Acme Commercial PPO 2026",
      quotes: [
        { page: 1, quote: "Patient Name: Dana Whitfield" }, // whitespace differs from the page
        { page: 1, quote: "member id: acm100234" }, // case differs
        { page: 1, quote: "Patient lives in Springfield" }, // invented: must be dropped
      ],
    },
    practitioner: {
      full_name: "Priya Raman",
      first_name: "Priya",
      last_name: "Raman",
      credential: "MD",
      npi: "1234567893",
      specialty: "Rheumatology",
      phone: "(312) 555-0100",
      fax: "(312) 555-0101",
      organization_name: null,
      state_license: null,
      quotes: [{ page: 1, quote: "NPI: 1234567893" }],
    },
    medication: {
      drug_name: "Humira",
      generic_name: "adalimumab",
      strength: "40 mg/0.4 mL",
      dosage: "inject 40 mg SC every other week",
      quantity: 2,
      quantity_unit: "pens",
      days_supply: 28,
      duration_months: null,
      ndc: "0074-0554-02",
      drug_class: "TNF inhibitor",
      quotes: [{ page: 1, quote: "NDC: 0074-0554-02" }],
    },
    diagnoses: [
      {
        code: "M05.79",
        description: "Rheumatoid arthritis with rheumatoid factor of multiple sites",
        primary: true,
        quotes: [{ page: 1, quote: "M05.79 Rheumatoid arthritis" }],
      },
    ],
    prior_therapies: [
      {
        drug_name: "methotrexate",
        dose: "20 mg weekly",
        start_date: "06/01/2025",
        end_date: "2025-09-15",
        duration_days: 106,
        outcome: "inadequate_response",
        // wrong page number (1): the quote is on page 2
        quotes: [{ page: 1, quote: "Methotrexate 20 mg weekly from 06/01/2025 to 09/15/2025 - inadequate response" }],
      },
    ],
    concurrent_therapies: [],
    labs: [
      {
        name: "QuantiFERON",
        value: null,
        value_text: "negative",
        unit: null,
        date: "01/10/2026",
        quotes: [{ page: 2, quote: "TB screening (QuantiFERON) negative on 01/10/2026." }],
      },
    ],
    notes: [{ text: "Notes referenced as attached; none attached.", quotes: [{ page: 2, quote: "Please see attached notes." }] }],
  };
}
