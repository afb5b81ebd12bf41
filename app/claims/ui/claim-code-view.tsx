/**
 * Developer code view of a medical claim (PRODUCT-SPEC §2 code view): the raw JSON of each section
 * (patient, diagnoses, services requested, practitioners, per-line decisions), each with a re-run
 * icon. Re-running posts intent=run_prompt (evaluation mode: the claim is not changed) and shows the
 * fresh output beside the stored one; 'Send for review' opens 'Create ground truth', which stores the
 * reviewed expected output (intent=ground_truth). Plain forms: works without JavaScript.
 */
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { JsonView } from "~/components/code-view";
import type { PromptRunJson } from "~/prior-auths/ui/prompt-modal";
import { FormAlert, primaryButton, secondaryButton, Spinner } from "~/ui/styles";
import { GroundTruthFields } from "~/prompts/ui/ground-truth-fields";
import type { ClaimDetailJson } from "./claim-detail";

/** The sections of the claim code view, the prompt each is re-run with and the key its fresh output sits under. */
export const CLAIM_CODE_SECTIONS = [
  { id: "patient", title: "Patient", promptType: "extraction", key: "patient" },
  { id: "diagnoses", title: "Diagnoses", promptType: "extraction", key: "diagnoses" },
  { id: "services", title: "Services requested", promptType: "service_lines", key: null },
  { id: "practitioners", title: "Practitioners", promptType: "extraction", key: "practitioner" },
  { id: "decisions", title: "Per-line decisions", promptType: "decision", key: null },
] as const;
export type ClaimCodeSection = (typeof CLAIM_CODE_SECTIONS)[number];

/** The stored JSON of one section of the claim detail. */
function storedOf(detail: ClaimDetailJson, id: ClaimCodeSection["id"]): unknown {
  if (id === "patient") return detail.patient;
  if (id === "diagnoses") return detail.claim_diagnoses;
  if (id === "practitioners") return detail.practitioners;
  if (id === "services") return detail.service_requests.map(({ decisions: _d, letters: _l, decision: _x, ...line }) => line);
  return detail.service_requests.map((l) => ({ line_number: l.line_number, code: l.code, units: l.units, decision: l.decision, decisions: l.decisions }));
}

/** The fresh output of a section: the stage output, or its part under the section's key (extraction). */
function freshOf(section: ClaimCodeSection, data: unknown): unknown {
  return section.key && data && typeof data === "object" ? ((data as Record<string, unknown>)[section.key] ?? null) : data;
}

/** The ground truth a section proposes: the stage output shape, limited to the section (compared leaf by leaf). */
function expectedOf(section: ClaimCodeSection, data: unknown): unknown {
  return section.key ? { [section.key]: freshOf(section, data) } : data;
}

export interface ClaimCodeViewResult {
  intent: string;
  section?: string;
  run?: PromptRunJson;
  error?: string;
  groundTruthSaved?: boolean;
}

function RerunButton({ section, busy }: { section: ClaimCodeSection; busy: boolean }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="run_prompt" />
      <input type="hidden" name="prompt_type" value={section.promptType} />
      <input type="hidden" name="section" value={section.id} />
      <button
        type="submit"
        disabled={busy}
        className="inline-flex items-center gap-1 rounded-md border border-slate-200 px-2 py-1 text-xs font-medium text-slate-600 hover:border-indigo-300 hover:text-indigo-700"
        aria-label={`Re-run the ${section.title} prompt`}
        title={`Re-run the ${section.promptType} prompt (nothing on the claim changes)`}
        data-testid="rerun-prompt"
        data-prompt-type={section.promptType}
      >
        {busy ? (
          <Spinner />
        ) : (
          <svg viewBox="0 0 20 20" fill="currentColor" className="h-3.5 w-3.5" aria-hidden="true">
            <path d="M15.3 4.7A7 7 0 1 0 17 10h-2a5 5 0 1 1-1.1-3.1L11.5 9H17V3.5l-1.7 1.2Z" />
          </svg>
        )}
        Re-run
      </button>
    </Form>
  );
}

function GroundTruthForm({ section, expected, onCancel }: { section: ClaimCodeSection; expected: unknown; onCancel?: () => void }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "ground_truth";
  return (
    <Form method="post" preventScrollReset className="space-y-2 rounded-lg border border-indigo-200 bg-indigo-50/40 p-3" aria-label="Create ground truth">
      <h4 className="text-sm font-semibold text-slate-900">Create ground truth</h4>
      <p className="text-xs text-slate-600">
        Correct the output if needed; it becomes the expected {section.promptType} output for this claim (Evaluation Mode and{" "}
        <code>npm run eval -- --ground-truths</code>).
      </p>
      <input type="hidden" name="intent" value="ground_truth" />
      <input type="hidden" name="prompt_type" value={section.promptType} />
      <input type="hidden" name="section" value={section.id} />
      <GroundTruthFields expected={expected} />
      <div className="flex justify-end gap-2">
        {onCancel && (
          <button type="button" className={secondaryButton} onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className={primaryButton} disabled={saving}>
          {saving && <Spinner />}
          Save ground truth
        </button>
      </div>
    </Form>
  );
}

function SectionCard({ section, stored, result }: { section: ClaimCodeSection; stored: unknown; result: ClaimCodeViewResult | undefined }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [reviewOpen, setReviewOpen] = useState(false);
  const mine = result?.section === section.id ? result : undefined;
  const run = mine?.intent === "run_prompt" ? mine.run : undefined;
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "run_prompt" && navigation.formData?.get("section") === section.id;
  return (
    <section className="rounded-lg border border-slate-200 bg-white shadow-xs" aria-label={section.title} data-testid={`code-section-${section.id}`}>
      <header className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-2.5">
        <h3 className="text-sm font-semibold text-slate-900">
          {section.title} <span className="ml-1 font-mono text-xs font-normal text-slate-400">{section.promptType}</span>
        </h3>
        <RerunButton section={section} busy={busy} />
      </header>
      <div className="space-y-3 px-4 py-3">
        <FormAlert message={mine?.error ?? null} />
        <div className={run ? "grid gap-3 lg:grid-cols-2" : ""}>
          <div className="min-w-0">
            {run && <p className="mb-1 text-xs font-semibold text-slate-600">Stored</p>}
            <JsonView value={stored ?? null} className="max-h-96" />
          </div>
          {run && (
            <div className="min-w-0" data-testid="fresh-output">
              <p className="mb-1 text-xs font-semibold text-slate-600">
                Fresh · {run.engine === "builtin" ? "built-in engine" : `model ${run.model}`} <span className="font-normal text-slate-400">(not saved)</span>
              </p>
              <JsonView value={freshOf(section, run.data)} className="max-h-96" />
            </div>
          )}
        </div>
        {run && hydrated && !reviewOpen && (
          <div className="flex justify-end">
            <button type="button" className={secondaryButton} onClick={() => setReviewOpen(true)}>
              Send for review
            </button>
          </div>
        )}
        {run && (reviewOpen || !hydrated) && (
          <GroundTruthForm section={section} expected={expectedOf(section, run.data)} onCancel={hydrated ? () => setReviewOpen(false) : undefined} />
        )}
        {mine?.groundTruthSaved && (
          <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            Ground truth saved.
          </p>
        )}
      </div>
    </section>
  );
}

/** The code view of a claim: one JSON card per section with its re-run, the fresh output and 'Create ground truth'. */
export function ClaimCodeView({ detail, result }: { detail: ClaimDetailJson; result?: ClaimCodeViewResult }) {
  return (
    <div className="space-y-4 p-6" data-testid="claim-code-view">
      <p className="text-sm text-slate-600">
        Code view: the stored JSON of each section. Re-run runs that stage of the claim pipeline again on the stored document; the claim&apos;s lines and
        decisions are not changed.
      </p>
      {CLAIM_CODE_SECTIONS.map((s) => (
        <SectionCard key={s.id} section={s} stored={storedOf(detail, s.id)} result={result} />
      ))}
    </div>
  );
}
