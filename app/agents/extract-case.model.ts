/**
 * Extraction agent, model implementation: ParsedDocument → CaseFacts (same contract as the
 * built-in `extractCaseFacts` in app/engine/extract).
 *
 * The model returns values and verbatim quotes; this module turns quotes into Citations with real
 * offsets (quotes not found in the document are dropped), normalises dates, NDC and ICD-10-CM codes
 * with the engine's helpers, and computes `npi_valid` itself (CMS Luhn check) rather than trusting
 * the model with arithmetic.
 */
import type { CaseFacts, Citation, FormularyRow, ParsedDocument } from "~/clinical/contracts";
import { findDates, parseDate } from "~/clinical/codes/dates";
import { isValidNpi } from "~/clinical/codes/npi";
import { normalizeIcd10 } from "~/clinical/codes/icd10";
import { normalizeNdc } from "~/clinical/codes/ndc";
import type { ModelClient } from "./llm.server";
import { documentForPrompt, quotesToCitations } from "./cite";
import { ExtractionOutputSchema, type ExtractionOutput } from "./output-schemas";
import { buildPrompt, type PromptOverride } from "./prompts";
import { CaseFactsSchema } from "~/clinical/contracts";

export { ExtractionOutputSchema };

export interface ExtractWithModelOptions {
  /** name used in citations (default "fax"), as in the built-in ExtractOptions */
  documentName?: string;
  documentId?: string;
  /** formulary rows: their NDCs resolve ambiguous 10-digit NDCs */
  formulary?: FormularyRow[];
  knownDrugNames?: string[];
  prompt?: PromptOverride;
}

/**
 * Extracts the case facts of a PA request with the model.
 * Input: the parsed fax (pages 1-based, text per page). Output: `CaseFacts` validated with
 * `CaseFactsSchema`; every citation points at text that is really on the cited page.
 * Errors: `ModelOutputError` (invalid output after one repair turn), `ModelRequestError`.
 */
export async function extractCaseFactsWithModel(client: ModelClient, doc: ParsedDocument, options: ExtractWithModelOptions = {}): Promise<CaseFacts> {
  const prompt = buildPrompt("extraction", { page_count: doc.page_count, document: documentForPrompt(doc) }, options.prompt);
  const { data } = await client.completeJson({ name: prompt.name, schema: ExtractionOutputSchema, system: prompt.system, user: prompt.user });
  return caseFactsFromModelOutput(data, doc, options);
}

/** Maps a validated extraction reply onto CaseFacts (exported for run_prompt and tests). */
export function caseFactsFromModelOutput(out: ExtractionOutput, doc: ParsedDocument, options: ExtractWithModelOptions = {}): CaseFacts {
  const source = { document: options.documentName ?? "fax", ...(options.documentId ? { document_id: options.documentId } : {}) };
  const cites = (quotes: { page: number; quote: string }[]): Citation[] => quotesToCitations(doc, source, quotes);
  const knownNdcs = (options.formulary ?? []).map((f) => f.ndc).filter((n): n is string => !!n);
  const npiDigits = out.practitioner.npi ? out.practitioner.npi.replace(/\D/g, "") : null;
  const therapy = (t: ExtractionOutput["prior_therapies"][number]) => ({
    drug_name: t.drug_name,
    dose: blank(t.dose),
    start_date: isoDate(t.start_date),
    end_date: isoDate(t.end_date),
    duration_days: t.duration_days,
    outcome: t.outcome,
    citations: cites(t.quotes),
  });

  const requestDate = isoDate(out.request_date);
  const facts: CaseFacts = {
    request_date: requestDate,
    request_date_source: requestDateSource(requestDate, isoDate(out.patient.birth_date), doc),
    urgency: out.urgency,
    patient: {
      first_name: blank(out.patient.first_name),
      last_name: blank(out.patient.last_name),
      birth_date: isoDate(out.patient.birth_date),
      gender: out.patient.gender,
      member_id: blank(out.patient.member_id),
      insurance_plan: blank(out.patient.insurance_plan),
      citations: cites(out.patient.quotes),
    },
    practitioner: {
      full_name: blank(out.practitioner.full_name),
      first_name: blank(out.practitioner.first_name),
      last_name: blank(out.practitioner.last_name),
      credential: blank(out.practitioner.credential),
      npi: npiDigits || blank(out.practitioner.npi),
      npi_valid: npiDigits ? isValidNpi(npiDigits) : null,
      specialty: blank(out.practitioner.specialty),
      phone: blank(out.practitioner.phone),
      fax: blank(out.practitioner.fax),
      organization_name: blank(out.practitioner.organization_name),
      state_license: blank(out.practitioner.state_license),
      citations: cites(out.practitioner.quotes),
    },
    medication: {
      drug_name: blank(out.medication.drug_name),
      generic_name: blank(out.medication.generic_name),
      strength: blank(out.medication.strength),
      dosage: blank(out.medication.dosage),
      quantity: out.medication.quantity,
      quantity_unit: blank(out.medication.quantity_unit),
      days_supply: out.medication.days_supply,
      duration_months: out.medication.duration_months,
      ndc: out.medication.ndc ? (normalizeNdc(out.medication.ndc, knownNdcs) ?? out.medication.ndc.trim()) : null,
      drug_class: blank(out.medication.drug_class),
      citations: cites(out.medication.quotes),
    },
    diagnoses: out.diagnoses.map((d) => ({
      code: d.code ? (normalizeIcd10(d.code) ?? d.code.trim()) : null,
      description: blank(d.description),
      primary: d.primary,
      citations: cites(d.quotes),
    })),
    prior_therapies: out.prior_therapies.map(therapy),
    concurrent_therapies: out.concurrent_therapies.map(therapy),
    labs: out.labs.map((l) => ({
      name: l.name,
      value: l.value,
      value_text: blank(l.value_text),
      unit: blank(l.unit),
      date: isoDate(l.date),
      citations: cites(l.quotes),
    })),
    notes: out.notes.map((n) => ({ text: n.text, citations: cites(n.quotes) })),
  };
  // Exactly one primary diagnosis when there are any (the first listed, if the model marked none).
  if (facts.diagnoses.length && !facts.diagnoses.some((d) => d.primary)) facts.diagnoses[0].primary = true;
  return CaseFactsSchema.parse(facts) as CaseFacts;
}

/**
 * Where the model's request date stands in the document: "form_date" when that date is written on a
 * page and is not the patient's date of birth, else "none" (a date the model inferred or confused
 * with the birth date never decides eligibility; see checkEligibility).
 */
function requestDateSource(date: string | null, birthDate: string | null, doc: ParsedDocument): "form_date" | "none" {
  if (!date || date === birthDate) return "none";
  return doc.pages.some((p) => findDates(p.text).some((d) => d.precision === "day" && d.start === date)) ? "form_date" : "none";
}

function blank(s: string | null): string | null {
  return s && s.trim() ? s.trim() : null;
}

/** YYYY-MM-DD from whatever the model wrote ("03/14/1979", "March 2025" → first of month), else null. */
export function isoDate(s: string | null): string | null {
  if (!s || !s.trim()) return null;
  const t = s.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return parseDate(t) ?? null;
  return parseDate(t) ?? findDates(t, { partial: true }).find((d) => /^[1-9]\d{3}-/.test(d.start))?.start ?? null;
}
