/**
 * Developer re-run prompt modal (code view): edit the stage's System Prompt, Prior Auth (user
 * prompt template) and JSON Schema, Submit to re-run the stage on this case (nothing is saved), read
 * Results / Response / Schema, optionally in Evaluation Mode (scored against the case's ground
 * truth), and 'Send for review' to store the output as a ground truth ('Create ground truth').
 *
 * Plain POSTs to the case route (intent=run_prompt / ground_truth). Without JavaScript every tab is
 * shown at once, so all edited fields are submitted.
 */
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Switch } from "@headlessui/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { FormAlert, inputClass, primaryButton, secondaryButton, Spinner } from "~/ui/styles";
import { GroundTruthFields } from "~/prompts/ui/ground-truth-fields";

export interface PromptJson {
  prompt_type: string;
  system_prompt: string;
  user_prompt: string;
  json_schema: Record<string, unknown>;
  variables: string[];
}

export interface PromptRunJson {
  data: unknown;
  engine: string;
  model: string | null;
  evaluation?: {
    ground_truth_id: string | null;
    score: number | null;
    matched: number;
    total: number;
    diff: { path: string; expected: unknown; actual: unknown; match: boolean }[];
    message?: string;
  };
}

function Tabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
}: {
  tabs: readonly (readonly [K, string])[];
  active: K;
  onChange: (k: K) => void;
  label: string;
}) {
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 border-b border-slate-200">
      {tabs.map(([key, text]) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={active === key}
          onClick={() => onChange(key)}
          className={`-mb-px border-b-2 px-3 py-1.5 text-sm font-medium ${active === key ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-500 hover:text-slate-800"}`}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

const pretty = (v: unknown) => JSON.stringify(v, null, 2);

export function PromptRunner({
  prompt,
  run,
  error,
  groundTruthSaved,
}: {
  prompt: PromptJson;
  run?: PromptRunJson | null;
  error?: string | null;
  groundTruthSaved?: boolean;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const [left, setLeft] = useState<"system" | "user" | "schema">("system");
  const [right, setRight] = useState<"results" | "response" | "schema">("results");
  const [evaluation, setEvaluation] = useState(false);
  const [reviewOpen, setReviewOpen] = useState(false);
  const hide = (on: boolean) => (hydrated && !on ? "hidden" : "");

  return (
    <div className="space-y-4" data-testid="prompt-runner">
      <FormAlert message={error} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Form method="post" preventScrollReset className="flex min-w-0 flex-col gap-3">
          <input type="hidden" name="intent" value="run_prompt" />
          <input type="hidden" name="prompt_type" value={prompt.prompt_type} />
          {hydrated && (
            <Tabs
              label="Prompt"
              active={left}
              onChange={setLeft}
              tabs={[
                ["system", "System Prompt"],
                ["user", "Prior Auth"],
                ["schema", "JSON Schema"],
              ]}
            />
          )}
          <label className={`block ${hide(left === "system")}`}>
            <span className={hydrated ? "sr-only" : "text-xs font-semibold text-slate-600"}>System Prompt</span>
            <textarea name="system_prompt" defaultValue={prompt.system_prompt} rows={16} className={`${inputClass} font-mono text-xs`} />
          </label>
          <label className={`block ${hide(left === "user")}`}>
            <span className={hydrated ? "sr-only" : "text-xs font-semibold text-slate-600"}>Prior Auth</span>
            <textarea name="user_prompt" defaultValue={prompt.user_prompt} rows={16} className={`${inputClass} font-mono text-xs`} />
            {prompt.variables.length > 0 && (
              <span className="mt-1 block text-[11px] text-slate-500">Placeholders: {prompt.variables.map((v) => `{{${v}}}`).join(", ")}</span>
            )}
          </label>
          <label className={`block ${hide(left === "schema")}`}>
            <span className={hydrated ? "sr-only" : "text-xs font-semibold text-slate-600"}>JSON Schema</span>
            <textarea name="json_schema" defaultValue={pretty(prompt.json_schema)} rows={16} className={`${inputClass} font-mono text-xs`} />
            <span className="mt-1 block text-[11px] text-slate-500">Invalid JSON is ignored (the default schema is used).</span>
          </label>
          <div className="flex items-center justify-between gap-3">
            {hydrated ? (
              <div className="flex items-center gap-2 text-sm text-slate-700">
                <Switch
                  checked={evaluation}
                  onChange={setEvaluation}
                  name="evaluation_mode"
                  value="on"
                  className="group relative inline-flex h-5 w-9 shrink-0 cursor-pointer rounded-full bg-slate-300 transition data-checked:bg-indigo-600"
                  aria-label="Evaluation Mode"
                >
                  <span className="inline-block h-4 w-4 translate-x-0.5 translate-y-0.5 rounded-full bg-white shadow transition group-data-checked:translate-x-4" />
                </Switch>
                Evaluation Mode
              </div>
            ) : (
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" name="evaluation_mode" value="on" /> Evaluation Mode
              </label>
            )}
            <button type="submit" className={primaryButton} disabled={busyIntent === "run_prompt"}>
              {busyIntent === "run_prompt" && <Spinner />}
              Submit
            </button>
          </div>
        </Form>

        <div className="flex min-w-0 flex-col gap-3">
          {hydrated && (
            <Tabs
              label="Output"
              active={right}
              onChange={setRight}
              tabs={[
                ["results", "Results"],
                ["response", "Response"],
                ["schema", "Schema"],
              ]}
            />
          )}
          <div className={hide(right === "results")} data-testid="prompt-results">
            {!hydrated && <p className="text-xs font-semibold text-slate-600">Results</p>}
            {run ? (
              <div className="space-y-2">
                <p className="text-xs text-slate-500">
                  Ran with the {run.engine === "builtin" ? "built-in engine (prompt edits apply to the model path only)" : `model ${run.model}`}.
                </p>
                {run.evaluation && (
                  <div className="rounded-md border border-slate-200 p-2 text-sm">
                    <p className="font-medium text-slate-900">
                      Evaluation:{" "}
                      {run.evaluation.score == null
                        ? (run.evaluation.message ?? "no ground truth")
                        : `${Math.round(run.evaluation.score * 100)}% (${run.evaluation.matched}/${run.evaluation.total} fields)`}
                    </p>
                    {run.evaluation.diff
                      .filter((d) => !d.match)
                      .slice(0, 20)
                      .map((d) => (
                        <p key={d.path} className="mt-1 font-mono text-[11px] text-red-700">
                          {d.path}: expected {JSON.stringify(d.expected)} got {JSON.stringify(d.actual)}
                        </p>
                      ))}
                  </div>
                )}
                <pre className="max-h-96 overflow-auto rounded-md bg-slate-50 p-3 font-mono text-[11px] text-slate-800">{pretty(run.data)}</pre>
              </div>
            ) : (
              <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
                Submit to re-run this stage on the case.
              </p>
            )}
          </div>
          <div className={hide(right === "response")}>
            {!hydrated && <p className="text-xs font-semibold text-slate-600">Response</p>}
            <pre className="max-h-96 overflow-auto rounded-md bg-slate-950 p-3 font-mono text-[11px] text-slate-100">
              {run ? pretty(run) : "No response yet."}
            </pre>
          </div>
          <div className={hide(right === "schema")}>
            {!hydrated && <p className="text-xs font-semibold text-slate-600">Schema</p>}
            <pre className="max-h-96 overflow-auto rounded-md bg-slate-50 p-3 font-mono text-[11px] text-slate-800">{pretty(prompt.json_schema)}</pre>
          </div>
          {run && (
            <div className="flex justify-end">
              <button type="button" className={secondaryButton} onClick={() => setReviewOpen(true)} hidden={!hydrated}>
                Send for review
              </button>
            </div>
          )}
          {run && (reviewOpen || !hydrated) && (
            <Form
              method="post"
              preventScrollReset
              className="space-y-2 rounded-lg border border-indigo-200 bg-indigo-50/40 p-3"
              aria-label="Create ground truth"
            >
              <h3 className="text-sm font-semibold text-slate-900">Create ground truth</h3>
              <p className="text-xs text-slate-600">Correct the output if needed; it becomes the expected answer for Evaluation Mode on this case.</p>
              <input type="hidden" name="intent" value="ground_truth" />
              <input type="hidden" name="prompt_type" value={prompt.prompt_type} />
              <GroundTruthFields expected={run.data} />
              <div className="flex justify-end gap-2">
                {hydrated && (
                  <button type="button" className={secondaryButton} onClick={() => setReviewOpen(false)}>
                    Cancel
                  </button>
                )}
                <button type="submit" className={primaryButton} disabled={busyIntent === "ground_truth"}>
                  Save ground truth
                </button>
              </div>
            </Form>
          )}
          {groundTruthSaved && (
            <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
              Ground truth saved.
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
