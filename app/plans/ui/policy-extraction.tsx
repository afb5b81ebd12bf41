/**
 * Policy extraction on the plan page (PRODUCT-SPEC §2 "Policy extractor"): edit the JSON schema
 * (predefined fields, each usable once), 'Extract Policies' runs the built-in extraction over the
 * plan's coverage policies, and the last result is shown as a table. A plain form; no JavaScript needed.
 */
import { Form, useNavigation } from "react-router";
import { FormAlert, inputClass, primaryButton, secondaryButton } from "~/ui/styles";
import type { ExtractionSchema } from "~/plans/extraction-schema";
import { SchemaBuilder } from "./schema-builder";
import { formatDateTime } from "~/prior-auths/ui/decision";

interface Extraction {
  extracted_policies: Record<string, unknown>[];
  processed_at: string | null;
  json_schema: { properties: { field_id: string; title: string; type: string }[] };
}

function show(v: unknown): string {
  if (v === null || v === undefined || v === "") return "N/A";
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (Array.isArray(v)) return v.length ? v.join(", ") : "N/A";
  return String(v);
}

export function PolicyExtraction({ extraction, open, error }: { extraction: Extraction; open: boolean; error?: string | null }) {
  const navigation = useNavigation();
  const running = navigation.state === "submitting" && navigation.formData?.get("intent") === "extract";
  const fields = extraction.json_schema.properties;
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4" open={open || undefined} data-testid="policy-extraction">
      <summary className="cursor-pointer text-sm font-semibold text-slate-900">Policy extraction</summary>
      <div className="mt-3 space-y-3">
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="extract" />
          <SchemaBuilder initial={extraction.json_schema as ExtractionSchema} />
          <FormAlert message={error} />
          <div className="flex gap-2">
            <button type="submit" className={primaryButton} disabled={running}>
              {running ? "Extracting..." : "Extract Policies"}
            </button>
            <a href="?extracted=1" className={secondaryButton}>
              Get Extracted Policies
            </a>
          </div>
        </Form>
        {extraction.processed_at ? (
          <div className="overflow-x-auto">
            <p className="mb-2 text-xs text-slate-500">Extracted {formatDateTime(extraction.processed_at)} with the built-in engine.</p>
            <table className="min-w-full divide-y divide-slate-200 text-xs" data-testid="extracted-policies">
              <thead className="bg-slate-50 text-left font-semibold text-slate-500">
                <tr>
                  {fields.map((f) => (
                    <th key={f.field_id} className="px-2 py-2">
                      {f.title || f.field_id}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {extraction.extracted_policies.map((row, i) => (
                  <tr key={i}>
                    {fields.map((f) => (
                      <td key={f.field_id} className="max-w-xs px-2 py-2 align-top text-slate-700">
                        {show(row[f.field_id])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-slate-500">No extraction yet.</p>
        )}
      </div>
    </details>
  );
}
