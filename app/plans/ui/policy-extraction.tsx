/**
 * Policy extraction on the plan page (PRODUCT-SPEC §2 "Policy extractor", §4, §9): build the schema
 * (Json Schema / Form Schema / Preview Schema tabs), 'Extract Policies' starts an extraction job over
 * the plan's coverage policies; while the job is processing a waiting screen polls its state every
 * 5 s ('Get Extracted Policies' asks at once); a failed job shows its one message; a processed one
 * shows one row per drug with each value under its own field's column.
 */
import { Form, useNavigation } from "react-router";
import { FormAlert, primaryButton, secondaryButton } from "~/ui/styles";
import type { ExtractionSchema } from "~/plans/extraction-schema";
import { extractionTable } from "~/plans/extraction-table";
import { directoryMatchText, type DrugDirectoryMatch } from "~/plans/extraction-drugs";
import { formatDateTime } from "~/prior-auths/ui/decision";
import { SchemaBuilder } from "./schema-builder";
import { useExtractionPolling } from "./use-extraction-polling";

export interface ExtractionView {
  extracted_policies: Record<string, unknown>[];
  processed_at: string | null;
  json_schema: ExtractionSchema;
  status: "none" | "processing" | "processed" | "failed";
  started_at: string | null;
  error: string | null;
  /** while processing: a failed attempt being retried */
  note?: string | null;
}

export function PolicyExtraction({
  extraction,
  policies,
  open,
  error,
}: {
  extraction: ExtractionView;
  policies: { token: string; drug_name: string }[];
  open: boolean;
  /** the message of a refused 'Extract Policies' (bad schema, job already running); shown instead of the job's */
  error?: string | null;
}) {
  const navigation = useNavigation();
  const revalidator = useExtractionPolling(extraction.status);
  const starting = navigation.state === "submitting" && navigation.formData?.get("intent") === "extract";
  const processing = extraction.status === "processing";
  // One message per error: a refused start shows its own message, otherwise the job's failure.
  const message = error ?? (extraction.status === "failed" ? extraction.error : null);
  const checking = revalidator.state === "loading";

  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4" open={open || processing || undefined} data-testid="policy-extraction">
      <summary className="cursor-pointer text-sm font-semibold text-slate-900">Policy extraction</summary>
      <div className="mt-3 space-y-3">
        {processing ? (
          <div
            className="flex flex-col items-center gap-3 rounded-lg border border-indigo-100 bg-indigo-50/50 px-6 py-10 text-center"
            role="status"
            aria-live="polite"
            data-testid="extraction-waiting"
          >
            <div className="flex gap-1.5" aria-hidden="true">
              {[0, 150, 300].map((delay) => (
                <span key={delay} className="h-3 w-3 animate-bounce rounded-full bg-indigo-500" style={{ animationDelay: `${delay}ms` }} />
              ))}
            </div>
            <p className="text-sm font-semibold text-slate-900">Extracting policies…</p>
            <p className="max-w-md text-sm text-slate-600">
              Extraction may take 15–20 minutes for a large plan. This page checks every 5 seconds and shows the results when they are ready; you can leave and
              come back.
            </p>
            {extraction.started_at && <p className="text-xs text-slate-500">Started {formatDateTime(extraction.started_at)}</p>}
            {extraction.note && (
              <p className="text-xs text-amber-700" data-testid="extraction-note">
                {extraction.note}
              </p>
            )}
            <FormAlert message={error} />
            <div className="flex gap-2">
              <Form
                method="get"
                preventScrollReset
                onSubmit={(e) => {
                  e.preventDefault();
                  void revalidator.revalidate();
                }}
              >
                <input type="hidden" name="extracted" value="1" />
                <button type="submit" className={secondaryButton} disabled={checking}>
                  {checking ? "Checking…" : "Get Extracted Policies"}
                </button>
              </Form>
              <button type="button" className={primaryButton} disabled title="An extraction is running for this plan">
                Extract Policies
              </button>
            </div>
          </div>
        ) : (
          <Form method="post" className="space-y-2" preventScrollReset>
            <input type="hidden" name="intent" value="extract" />
            <SchemaBuilder initial={extraction.json_schema} />
            <FormAlert message={message} />
            <div className="flex gap-2">
              <button type="submit" className={primaryButton} disabled={starting}>
                {starting ? "Starting…" : "Extract Policies"}
              </button>
              <a href="?extracted=1" className={secondaryButton}>
                Get Extracted Policies
              </a>
            </div>
          </Form>
        )}
        {extraction.status === "processed" && extraction.processed_at ? (
          <ExtractionResults extraction={extraction} policies={policies} />
        ) : (
          !processing && extraction.status !== "failed" && <p className="text-sm text-slate-500">No extraction yet.</p>
        )}
      </div>
    </details>
  );
}

function ExtractionResults({ extraction, policies }: { extraction: ExtractionView; policies: { token: string; drug_name: string }[] }) {
  const { columns, rows } = extractionTable(extraction, policies);
  return (
    <div className="relative overflow-x-auto">
      <p className="mb-2 text-xs text-slate-500">
        Extracted {formatDateTime(extraction.processed_at!)} with the built-in engine · {rows.length} {rows.length === 1 ? "policy" : "policies"}
      </p>
      <table className="min-w-full divide-y divide-slate-200 text-xs" data-testid="extracted-policies">
        <thead className="bg-slate-50 text-left font-semibold text-slate-500">
          <tr>
            <th scope="col" className="px-2 py-2">
              Drug
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="px-2 py-2" data-field={c.key}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row, i) => (
            <tr key={row.policy_id || i} data-testid="extracted-row">
              <th scope="row" className="px-2 py-2 text-left align-top font-medium text-slate-900">
                <span data-testid="extracted-drug">{row.drug}</span>
                {row.directory.length > 0 && <DirectoryMatches matches={row.directory} />}
              </th>
              {row.cells.map((text, j) => (
                <td key={columns[j]!.key} className="max-w-xs px-2 py-2 align-top text-slate-700" data-field={columns[j]!.key}>
                  {text}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A policy's drug names through the drug directory: one line per canonical generic (the names that
 * matched it in the tooltip, with the NDCs), one line per unmatched name ('kept as written').
 */
function DirectoryMatches({ matches }: { matches: DrugDirectoryMatch[] }) {
  const groups = new Map<string, { match: DrugDirectoryMatch; names: string[] }>();
  for (const m of matches.filter((x) => x.matched)) {
    const key = m.generic_name ?? m.name;
    const g = groups.get(key);
    if (g) {
      g.names.push(m.name);
      g.match = {
        ...g.match,
        brand_names: [...new Set([...g.match.brand_names, ...m.brand_names])].sort(),
        product_ndcs: [...new Set([...g.match.product_ndcs, ...m.product_ndcs])].sort(),
        rxcuis: [...new Set([...g.match.rxcuis, ...m.rxcuis])].sort(),
      };
    } else groups.set(key, { match: m, names: [m.name] });
  }
  const badge = "rounded px-1 py-px text-[10px] font-semibold whitespace-nowrap";
  return (
    <ul className="mt-1 space-y-0.5 font-normal" aria-label="Directory match" data-testid="directory-match">
      {[...groups.values()].map(({ match, names }) => (
        <li
          key={match.generic_name}
          className="flex items-baseline gap-1"
          title={`${names.join(", ")} · NDC ${match.product_ndcs.join(", ")}`}
          data-matched="true"
        >
          <span className={`${badge} bg-emerald-50 text-emerald-700`}>Directory match</span>
          <span className="text-[11px] text-slate-500">{directoryMatchText(match)}</span>
        </li>
      ))}
      {matches
        .filter((m) => !m.matched)
        .map((m) => (
          <li key={m.name} className="flex items-baseline gap-1" data-matched="false">
            <span className={`${badge} bg-amber-50 text-amber-700`}>Unmatched</span>
            <span className="text-[11px] text-slate-500">{m.name}: kept as written</span>
          </li>
        ))}
    </ul>
  );
}
