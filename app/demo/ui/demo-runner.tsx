/**
 * The demo screen of one kind: pick an example fax (or upload a PDF for fax_simulation), run the
 * agents (spinner, 'Running AI agent'), then the result tabs. A plain multipart POST to the page's
 * action, so it also works before JavaScript loads.
 */
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Badge } from "~/prior-auths/ui/badges";
import { Spinner } from "~/ui/styles";
import { DEMO_KIND_INFO, type DemoKind } from "../demo-kinds";
import type { DemoFax } from "../public-demo.server";
import type { DemoResult } from "../run-demo.server";
import { DemoResultView } from "./demo-result";

export function DemoRunner({ kind, faxes, result, errors }: { kind: DemoKind; faxes: DemoFax[]; result: DemoResult | null; errors: string[] }) {
  const navigation = useNavigation();
  const running = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const info = DEMO_KIND_INFO[kind];
  const [selected, setSelected] = useState(result?.source.fax_id ?? faxes[0]?.id ?? "");
  const upload = kind === "fax_simulation";
  return (
    <div className="grid gap-8 lg:grid-cols-[22rem_1fr]">
      <section aria-labelledby="demo-input">
        <h2 id="demo-input" className="text-lg font-semibold text-slate-900">
          {info.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{info.description}</p>
        <Form method="post" encType="multipart/form-data" className="mt-5 space-y-4" data-testid="demo-form">
          <input type="hidden" name="kind" value={kind} />
          {upload ? (
            <div>
              <label htmlFor="file" className="block text-sm font-medium text-slate-700">
                Prior authorization fax (PDF)
              </label>
              <input
                id="file"
                name="file"
                type="file"
                accept="application/pdf,.pdf"
                required
                className="mt-1 block w-full text-sm text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100"
              />
              <p className="mt-2 text-xs text-slate-500">Read in memory and discarded after the run; nothing is stored. Use synthetic documents only.</p>
            </div>
          ) : (
            <fieldset>
              <legend className="text-sm font-medium text-slate-700">Pick an example prior authorization fax</legend>
              <div className="mt-2 max-h-[28rem] space-y-2 overflow-y-auto pr-1">
                {faxes.map((f) => (
                  <label
                    key={f.id}
                    className={`block cursor-pointer rounded-lg border p-3 text-sm ${selected === f.id ? "border-indigo-500 bg-indigo-50/60 ring-1 ring-indigo-500" : "border-slate-200 bg-white hover:border-slate-300"}`}
                    data-testid="demo-fax"
                  >
                    <div className="flex items-start gap-2">
                      <input
                        type="radio"
                        name="fax_id"
                        value={f.id}
                        checked={selected === f.id}
                        onChange={() => setSelected(f.id)}
                        className="mt-0.5 text-indigo-600"
                      />
                      <div className="min-w-0">
                        <p className="font-medium text-slate-900">
                          {f.medication_name} · {f.patient_name}
                        </p>
                        <p className="mt-0.5 text-xs text-slate-500">{f.title}</p>
                        <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
                          <Badge tone={f.scanned ? "amber" : "slate"}>{f.scanned ? "Scanned" : "Typed"}</Badge>
                          {f.urgency === "expedited" && <Badge tone="red">Expedited</Badge>}
                          <a href={f.pdf_url} target="_blank" rel="noopener" className="text-xs font-medium text-indigo-600 hover:underline">
                            View fax
                          </a>
                        </div>
                      </div>
                    </div>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <button
            type="submit"
            disabled={running}
            className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 disabled:opacity-70"
            data-testid="run-demo"
          >
            {running ? (
              <>
                <Spinner /> Running AI agent…
              </>
            ) : (
              "Run AI agent"
            )}
          </button>
        </Form>
      </section>
      <section aria-label="Result" className="min-w-0">
        {errors.length > 0 && (
          <div role="alert" className="mb-4 rounded-md border border-rose-200 bg-rose-50 p-3 text-sm text-rose-800" data-testid="demo-errors">
            {errors.map((e) => (
              <p key={e}>{e}</p>
            ))}
          </div>
        )}
        {running ? (
          <div className="flex h-72 flex-col items-center justify-center rounded-xl border border-slate-200 bg-white text-slate-600" data-testid="demo-running">
            <Spinner className="h-8 w-8 text-indigo-600" />
            <p className="mt-3 font-medium">Running AI agent</p>
            <p className="mt-1 text-sm text-slate-500">Reading the fax, checking eligibility, reviewing the policy, auditing, deciding…</p>
          </div>
        ) : result ? (
          <DemoResultView result={result} />
        ) : (
          <div
            className="flex h-72 flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center"
            data-testid="demo-empty"
          >
            <p className="font-medium text-slate-700">{upload ? "Upload a fax and run the agents" : "Pick a fax and run the agents"}</p>
            <p className="mt-1 max-w-sm text-sm text-slate-500">The decision, the extracted data and each agent's work will appear here.</p>
          </div>
        )}
      </section>
    </div>
  );
}
