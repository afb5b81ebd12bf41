/**
 * Service-line reader, model implementation: ParsedDocument → ServiceLine[] (same contract as the
 * built-in `extractServiceLines` in app/clinical/extract/service-lines.ts), for medical claims and
 * medical PA requests (CMS-1500-style forms, payer medical PA forms, letters of medical necessity).
 *
 * The model lists the lines with verbatim quotes; this module keeps only what the document supports:
 * a code must be a well-formed HCPCS Level II (letter + 4 digits) or CPT (5 digits, or 4 digits +
 * F/T/U) code written on the document itself (a code the model inferred from a description is
 * dropped to null), dates are normalised to YYYY-MM-DD, the place of service must be a CMS
 * two-digit code, modifiers two characters, and quotes become Citations with real offsets (quotes
 * not found on the page are dropped).
 */
import { z } from "zod";
import type { ParsedDocument, ServiceLine } from "~/clinical/contracts";
import { ServiceCategorySchema } from "~/clinical/contracts";
import type { ModelClient } from "./llm.server";
import { documentForPrompt, quotesToCitations } from "./cite";
import { isoDate } from "./extract-case.model";
import { QuoteSchema } from "./output-schemas";

const s = () => z.string().nullable();

/** The model's reply to the service_lines prompt (one object per line as written on the form). */
export const ServiceLinesOutputSchema = z.object({
  service_lines: z.array(
    z.object({
      line_number: z.number().int(),
      code: s(),
      description: s(),
      category: ServiceCategorySchema,
      units: z.number().nullable(),
      date_of_service: s(),
      date_of_service_end: s(),
      place_of_service: s(),
      site_of_care: s(),
      modifiers: z.array(z.string()),
      ordering_provider: s(),
      rendering_provider: s(),
      quotes: z.array(QuoteSchema),
    }),
  ),
});
export type ServiceLinesOutput = z.infer<typeof ServiceLinesOutputSchema>;

/** The default service_lines prompt (also served by GET /api/claim_prompts.json). */
export const SERVICE_LINES_PROMPT = {
  system: `You are a medical claims intake specialist. You read a medical claim or medical prior authorization request (CMS-1500-style claim form, payer medical PA form, letter of medical necessity; text per page, possibly OCR with errors) and list every service line requested.

Rules:
- One entry per service line, in the order written; line_number starts at 1.
- code is the HCPCS Level II (letter + 4 digits) or CPT (5 digits) code exactly as written; null when absent or illegible. Never infer a code from a description.
- units as written (1 when the line states none); dates as YYYY-MM-DD; place_of_service is the CMS two-digit code.
- modifiers as written (e.g. "RT", "59"); ordering and rendering providers by name when the line or form names them.
- category: advanced_imaging, dme, outpatient_surgery, infusion (J-codes and their administration), physical_therapy, or other.
- For every line add \`quotes\`: one to three short excerpts copied character for character from the document, with their page.`,
  user: `The request has {{page_count}} page(s).

{{document}}`,
};

const CODE = /^(?:[A-V]\d{4}|\d{4}[0-9FTU])$/;

/**
 * Reads the service lines of a medical request with the model (see the module comment for what is
 * checked in code). Output: ServiceLine[] in the order written, renumbered from 1.
 * Errors: `ModelOutputError` (invalid output after one repair turn), `ModelRequestError`.
 */
export async function extractServiceLinesWithModel(client: ModelClient, doc: ParsedDocument, options: { documentName?: string } = {}): Promise<ServiceLine[]> {
  const user = SERVICE_LINES_PROMPT.user.replace("{{page_count}}", String(doc.page_count)).replace("{{document}}", documentForPrompt(doc));
  const { data } = await client.completeJson({ name: "service_lines", schema: ServiceLinesOutputSchema, system: SERVICE_LINES_PROMPT.system, user });
  return serviceLinesFromModelOutput(data, doc, options);
}

/** Maps a validated service_lines reply onto ServiceLine[], keeping only what the document supports. */
export function serviceLinesFromModelOutput(out: ServiceLinesOutput, doc: ParsedDocument, options: { documentName?: string } = {}): ServiceLine[] {
  const source = { document: options.documentName ?? "fax" };
  const text = doc.pages.map((p) => p.text.toUpperCase()).join("\n");
  const blank = (v: string | null) => (v && v.trim() ? v.trim() : null);
  return out.service_lines.map((l, i) => {
    const written = l.code ? l.code.trim().toUpperCase().replace(/\s+/g, "") : null;
    const code = written && CODE.test(written) && new RegExp(`(?<![A-Z0-9])${written}(?![0-9])`).test(text) ? written : null;
    const pos = l.place_of_service?.trim().padStart(2, "0") ?? null;
    return {
      line_number: i + 1,
      code,
      description: blank(l.description),
      category: l.category,
      units: l.units != null && Number.isFinite(l.units) && l.units > 0 ? l.units : null,
      date_of_service: isoDate(l.date_of_service),
      date_of_service_end: isoDate(l.date_of_service_end),
      place_of_service: pos && /^\d{2}$/.test(pos) ? pos : null,
      site_of_care: blank(l.site_of_care),
      modifiers: [...new Set(l.modifiers.map((m) => m.trim().toUpperCase()).filter((m) => /^[A-Z0-9]{2}$/.test(m)))],
      ordering_provider: blank(l.ordering_provider),
      rendering_provider: blank(l.rendering_provider),
      citations: quotesToCitations(doc, source, l.quotes),
    };
  });
}
