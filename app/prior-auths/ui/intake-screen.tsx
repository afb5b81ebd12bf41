/**
 * The intake screen of a case whose intake has not succeeded: the document, the five live steps
 * (PRODUCT-SPEC §2: 1 document, 2 Checking eligibility, 3 Clinical review, 4 Audit check, 5 Making a
 * decision), the live dot and 'Complete intake with AI'.
 *
 * The steps are first rendered on the server from intake_step / intake_status (so the page is right
 * without JavaScript and after a reload), then driven by `step` / `completed` / `failed` /
 * `retrying` events of the case channel, played back in order with each step on screen for at least
 * STEP_MIN_MS (stages 2–5 can finish within milliseconds). On `completed` the route revalidates and
 * shows the detail.
 */
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useIdleRevalidate } from "~/ui/use-idle-revalidate";
import { LiveDot, useLiveConnected, useLiveEvents, useLiveFailed } from "./live-channel";
import { PdfViewer } from "./pdf-viewer";
import { EpaDocument } from "./epa-document";
import { SubmissionBadge } from "./badges";
import { formatDateTime } from "./decision";
import { primaryButton, Spinner } from "~/ui/styles";

/** Step labels, as published by the intake (run-intake.server.ts STEP_LABELS). */
export const STEP_LABELS = ["Reading document", "Checking eligibility", "Clinical review", "Audit check", "Making a decision"] as const;

export interface IntakeCase {
  token: string;
  created_at: string;
  intake_status: string;
  intake_step: number;
  intake_error: string | null;
  submission_type: string;
}

/** Shortest time a live step stays on screen before the next one (ms). */
const STEP_MIN_MS = 700;

/**
 * Applies queued updates in order, at most one per `minMs`: the first at once, the next `minMs`
 * after the previous. `clear()` drops what is still queued (a new run was queued).
 */
function usePacedUpdates(minMs: number) {
  const queue = useRef<(() => void)[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastAt = useRef(0);
  const api = useRef({
    push(update: () => void) {
      queue.current.push(update);
      pump();
    },
    clear() {
      queue.current = [];
    },
  });
  function pump() {
    if (timer.current) return;
    const next = queue.current[0];
    if (!next) return;
    const wait = Math.max(0, lastAt.current + minMs - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      const update = queue.current.shift();
      if (!update) return;
      lastAt.current = Date.now();
      update();
      pump();
    }, wait);
  }
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return api.current;
}

interface Progress {
  status: string;
  step: number;
  messages: Record<number, string>;
  error: string | null;
  retrying: string | null;
}

function StepRow({ n, progress }: { n: number; progress: Progress }) {
  const { status, step } = progress;
  const running = status === "running" || status === "queued";
  const state = status === "succeeded" || n < step ? "done" : n === step && status === "failed" ? "failed" : n === step && running ? "active" : "pending";
  const icon =
    state === "done" ? (
      <span className="flex h-7 w-7 items-center justify-center rounded-full bg-emerald-600 text-sm font-bold text-white">✓</span>
    ) : state === "failed" ? (
      <span className="flex h-7 w-7 items-center justify-center rounded-full bg-red-600 text-sm font-bold text-white">!</span>
    ) : state === "active" ? (
      <span className="flex h-7 w-7 items-center justify-center rounded-full border-2 border-indigo-600 bg-white text-indigo-600">
        <Spinner className="h-3.5 w-3.5" />
      </span>
    ) : (
      <span className="flex h-7 w-7 items-center justify-center rounded-full border-2 border-slate-200 bg-white text-xs font-semibold text-slate-400">{n}</span>
    );
  return (
    <li className="relative flex gap-3 pb-6 last:pb-0" data-testid="intake-step" data-step={n} data-state={state}>
      {n < 5 && <span className={`absolute top-7 left-3.5 -ml-px h-full w-0.5 ${state === "done" ? "bg-emerald-600" : "bg-slate-200"}`} aria-hidden="true" />}
      <span className="relative">{icon}</span>
      <div className="min-w-0 pt-0.5">
        <p className={`text-sm font-medium ${state === "pending" ? "text-slate-400" : "text-slate-900"}`}>
          <span className="mr-1 text-slate-400">{n}.</span>
          {STEP_LABELS[n - 1]}
        </p>
        {progress.messages[n] && state !== "pending" && <p className="text-xs text-slate-500">{progress.messages[n]}</p>}
        <span className="sr-only">{state === "done" ? "completed" : state === "active" ? "in progress" : state === "failed" ? "failed" : "not started"}</span>
      </div>
    </li>
  );
}

export function IntakeScreen({
  orgId,
  priorAuth,
  pdfUrl,
  epaText,
  actionError,
  back = { to: `/o/${orgId}/prior-auths`, label: "Pending Cases" },
  scanningLabel = "Scanning prior auth",
  description = "The AI reads the request, checks eligibility and the coverage policy, audits the result and proposes a decision.",
}: {
  orgId: string;
  priorAuth: IntakeCase;
  pdfUrl: string | null;
  epaText: string | null;
  actionError?: string | null;
  /** the back link (claims: Medical Claims) */
  back?: { to: string; label: string };
  scanningLabel?: string;
  description?: string;
}) {
  const connected = useLiveConnected();
  const streamFailed = useLiveFailed();
  const revalidate = useIdleRevalidate();
  const navigation = useNavigation();
  const [progress, setProgress] = useState<Progress>(() => ({
    status: priorAuth.intake_status,
    step: priorAuth.intake_step,
    messages: {},
    error: priorAuth.intake_error,
    retrying: null,
  }));

  // A revalidation (after a run was queued, or a reload) brings the server's view of the case.
  useEffect(() => {
    setProgress((p) => ({
      ...p,
      status: priorAuth.intake_status,
      step: Math.max(priorAuth.intake_step, priorAuth.intake_status === "queued" ? 0 : p.step),
      error: priorAuth.intake_error,
    }));
  }, [priorAuth.intake_status, priorAuth.intake_step, priorAuth.intake_error]);

  // Events published before the stream connected are not replayed on a first connection, so the
  // page re-reads the case once the stream is live (a fast intake may already be done).
  useLiveEvents((event) => {
    if (event === "ready") revalidate();
  });

  // Stages 2–5 of a fast intake finish within milliseconds of each other; applied as they arrive,
  // the reviewer would see step 1 and then everything done at once. Live events are therefore played
  // back in the order they were published, each step shown for at least STEP_MIN_MS.
  const pace = usePacedUpdates(STEP_MIN_MS);
  useLiveEvents((event, data) => {
    const d = (data ?? {}) as { step?: number; message?: string; status?: string; error?: string; attempt?: number };
    if (event === "queued") {
      pace.clear();
      setProgress((p) => ({ ...p, status: "queued", step: 0, error: null, messages: {} }));
    }
    if (event === "step" && d.step) {
      pace.push(() =>
        setProgress((p) => ({
          ...p,
          step: d.step!,
          status: d.status ?? "running",
          error: null,
          retrying: null,
          messages: { ...p.messages, [d.step!]: d.message ?? "" },
        })),
      );
    }
    if (event === "retrying") pace.push(() => setProgress((p) => ({ ...p, status: "queued", retrying: d.error ?? "Retrying" })));
    if (event === "failed") pace.push(() => setProgress((p) => ({ ...p, status: "failed", error: d.error ?? "Intake failed" })));
    if (event === "completed") {
      pace.push(() => {
        setProgress((p) => ({ ...p, status: "succeeded", step: 5 }));
        revalidate();
      });
    }
  });

  // Without a live connection, poll so the page still moves on when the intake finishes.
  const active = progress.status === "queued" || progress.status === "running";
  useEffect(() => {
    if (connected || !active) return;
    const timer = setInterval(() => revalidate(), 4000);
    return () => clearInterval(timer);
  }, [connected, active, revalidate]);

  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "run_ai";
  const running = submitting || progress.status === "queued" || progress.status === "running";
  const failed = progress.status === "failed";

  return (
    <div className="mx-auto max-w-7xl space-y-4 p-6" data-testid="intake-screen">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <Link to={back.to} className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900">
            <span aria-hidden="true">←</span> {back.label}
          </Link>
          <SubmissionBadge type={priorAuth.submission_type} />
          <span className="text-xs text-slate-500">Received {formatDateTime(priorAuth.created_at)}</span>
        </div>
        <LiveDot connected={connected} />
      </div>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-label="Document" className="min-w-0">
          {pdfUrl ? (
            <PdfViewer file={pdfUrl} label="fax" className="h-[78vh]" />
          ) : epaText ? (
            <EpaDocument text={epaText} className="h-[78vh]" />
          ) : (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500">
              No document is attached to this case.
            </p>
          )}
        </section>

        <aside className="space-y-4">
          <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
            <h1 className="text-base font-semibold text-slate-900">Intake</h1>
            <p className="mt-1 text-sm text-slate-500">{description}</p>
            <ol className="mt-5" aria-label="Intake steps" data-testid="intake-steps">
              {[1, 2, 3, 4, 5].map((n) => (
                <StepRow key={n} n={n} progress={progress} />
              ))}
            </ol>
            {progress.retrying && running && (
              <p className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900" role="status">
                A step failed and is being retried: {progress.retrying}
              </p>
            )}
            {failed && (
              <div className="mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" role="alert" data-testid="intake-error">
                <p className="font-medium">Intake failed</p>
                <p className="mt-0.5 text-xs">{progress.error ?? "The intake could not be completed."}</p>
              </div>
            )}
            {actionError && (
              <p role="alert" className="mt-4 text-sm text-red-600">
                {actionError}
              </p>
            )}
            <Form method="post" className="mt-5">
              <input type="hidden" name="intent" value="run_ai" />
              <button type="submit" className={`${primaryButton} w-full`} disabled={running}>
                {running ? (
                  <>
                    <Spinner /> {scanningLabel}
                  </>
                ) : failed ? (
                  "Retry"
                ) : (
                  "Complete intake with AI"
                )}
              </button>
            </Form>
            {running && (
              <p className="mt-2 text-center text-xs text-slate-400" data-testid="live-hint">
                {connected ? "Steps update live." : streamFailed ? "Reload the page to see progress." : null}
                <noscript>Reload the page to see progress.</noscript>
              </p>
            )}
          </div>
        </aside>
      </div>
    </div>
  );
}
