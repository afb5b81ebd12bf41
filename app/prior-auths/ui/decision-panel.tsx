/**
 * The decision panel: confidence meter (score × 100 %), summary, the human decision when there is
 * one, and the Explanation / Override decision / Send denial letter actions (URL-driven modals, so
 * each works before JavaScript loads).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { Form, Link, useFetcher, useLocation, useNavigation } from "react-router";
import { useToast } from "~/components/toaster";
import type { PriorAuthDetail } from "~/prior-auths/schemas";
import { JsonView } from "~/components/code-view";
import { Badge, decisionTone } from "./badges";
import { CitationList } from "./citations";
import { decisionKind, formatDateTime, headerDecisionLabel } from "./decision";
import { ConfirmActions, withParams } from "~/ui/modal";
import { DenialLetterSchema, OverrideSchema } from "./schemas";
import { plainCriterion, plainLabel, plainText } from "~/lib/plain-language";
import { FieldError, FormAlert, primaryButton, secondaryButton, dangerButton } from "~/ui/styles";
import { ChoiceField, TextAreaField } from "~/ui/form-fields";

type Detail = PriorAuthDetail;

export function ConfidenceMeter({ score }: { score: number }) {
  const pct = Math.round(Math.max(0, Math.min(1, score)) * 100);
  const color = pct >= 80 ? "bg-emerald-500" : pct >= 60 ? "bg-amber-500" : "bg-red-500";
  return (
    <div>
      <div className="flex items-baseline justify-between">
        <span className="text-xs font-medium tracking-wide text-slate-500 uppercase">Confidence</span>
        <span className="text-lg font-semibold text-slate-900 tabular-nums" data-testid="confidence">
          {pct}%
        </span>
      </div>
      <div
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100"
        role="meter"
        aria-label="AI confidence"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <div className={`h-full rounded-full ${color}`} style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/** What a reviewer is told once a re-run is queued. */
export const RERUN_QUEUED_MESSAGE = "Re-run queued: a new AI decision will be saved; reviewer decisions are kept";
/** The one fetcher every Re-run button of a case page submits through (see useRerunToast). */
const RERUN_FETCHER_KEY = "rerun-decision";
type RerunReply = { intent?: string; queued?: boolean; error?: string };

/**
 * Re-runs the case's decision for real (intent=rerun_decision → the intake job, which saves a new AI
 * decision beside the old ones and never replaces a reviewer's decision). A fetcher form: a POST form
 * before JavaScript loads; the action answers in place and the page shows the toast (useRerunToast),
 * so a live refresh started by the queued job's event cannot swallow it the way it could swallow a
 * flash cookie read by a redirect's loaders.
 */
export function RerunDecisionForm({ label, testId, compact = false }: { label: string; testId: string; compact?: boolean }) {
  const fetcher = useFetcher<RerunReply>({ key: RERUN_FETCHER_KEY });
  const busy = fetcher.state === "submitting";
  return (
    <fetcher.Form method="post" className="inline">
      <input type="hidden" name="intent" value="rerun_decision" />
      <button
        type="submit"
        disabled={busy}
        data-testid={testId}
        className={
          compact
            ? "rounded-md border border-indigo-200 bg-indigo-50 px-2 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-100 disabled:opacity-60"
            : primaryButton
        }
      >
        {busy ? "Queuing…" : label}
      </button>
    </fetcher.Form>
  );
}

/**
 * Shows the re-run's toast once its reply arrives. Called by the case page itself, which stays mounted
 * when the re-run turns the decision view into the intake screen (the button's own component does not).
 */
export function useRerunToast(): void {
  const fetcher = useFetcher<RerunReply>({ key: RERUN_FETCHER_KEY });
  const toast = useToast();
  // the reply is there as soon as the action answered, while the loaders still revalidate (live
  // refreshes from the queued job's events can keep restarting that revalidation for a while)
  const reply = fetcher.data;
  useEffect(() => {
    if (reply?.intent !== "rerun_decision") return;
    if (reply.queued) toast.success(RERUN_QUEUED_MESSAGE);
    else if (reply.error) toast.error(reply.error);
  }, [reply, toast]);
}

/**
 * "Policy changed since this decision": shown when the case's coverage policy published a newer
 * decision tree than the one its latest AI decision walked, with a Re-run action. Reviewers'
 * decisions are kept whatever the re-run decides.
 */
export function PolicyChangedNotice({ detail }: { detail: Detail }) {
  const change = detail.policy_change;
  if (!change) return null;
  return (
    <section
      className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3"
      role="status"
      aria-label="Policy changed since this decision"
      data-testid="policy-changed"
    >
      <div className="min-w-0 flex-1 text-sm text-amber-900">
        <p className="font-semibold">Policy changed since this decision</p>
        <p className="mt-0.5">
          This case was decided on decision tree version {change.decided_version} of the {change.drug_name} coverage policy; version {change.current_version} is
          published now. Re-run the decision to apply it.
          {detail.decision ? " The reviewer's decision stays in force; the re-run only adds a new AI decision beside it." : ""}
        </p>
      </div>
      <RerunDecisionForm label="Re-run decision" testId="policy-rerun" />
    </section>
  );
}

/** "Possible duplicate": other requests for the same member and drug within 30 days, with links. */
export function PossibleDuplicatesNotice({ detail, orgId }: { detail: Detail; orgId: string }) {
  const others = detail.possible_duplicates;
  if (!others.length) return null;
  return (
    <section
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      role="status"
      aria-label="Possible duplicate"
      data-testid="possible-duplicates"
    >
      <p className="font-semibold">Possible duplicate</p>
      <p className="mt-0.5">
        The same member has {others.length === 1 ? "another request" : `${others.length} other requests`} for this drug within 30 days:{" "}
        {others.map((o, i) => (
          <span key={o.token}>
            {i > 0 ? ", " : ""}
            <Link to={`/o/${orgId}/prior-auths/${o.token}`} className="font-medium text-amber-900 underline">
              received {formatDateTime(o.received_at)}
            </Link>
          </span>
        ))}
        .
      </p>
    </section>
  );
}

export function DecisionPanel({ detail, codeView }: { detail: Detail; codeView: boolean }) {
  const { search } = useLocation();
  const ai = detail.ai_decision;
  const human = detail.decision;
  if (codeView) {
    return (
      <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-xs" aria-label="AI decision">
        <div className="mb-2 flex items-center justify-between">
          <h2 className="text-sm font-semibold text-slate-900">AI decision</h2>
          <div className="flex items-center gap-2">
            <Link
              to={withParams(search, { modal: "prompt", prompt_type: "decision" })}
              preventScrollReset
              className="rounded-md border border-slate-200 px-2 py-1 text-xs font-medium text-slate-600 hover:text-indigo-700"
              data-testid="try-decision-prompt"
            >
              Try prompt
            </Link>
            <RerunDecisionForm label="Re-run" testId="rerun-decision" compact />
          </div>
        </div>
        <JsonView value={{ ai_decision: ai, decision: human, ai_responses: detail.ai_responses }} className="max-h-96" />
      </section>
    );
  }
  return (
    <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-xs" aria-label="AI decision" data-testid="decision-panel">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-900">AI decision</h2>
        {ai ? <Badge tone={decisionTone(ai.final_decision)}>{headerDecisionLabel(ai.final_decision)}</Badge> : <Badge>Manual review</Badge>}
      </div>
      {ai ? (
        <>
          <ConfidenceMeter score={ai.confidence_score} />
          {ai.routing && <RoutingNotice routing={ai.routing} />}
          {/* a routed request's summary is the notice's own sentence: said once */}
          {!(ai.routing && plainText(ai.ai_summary).includes(ai.routing.action)) && (
            <p className="text-sm leading-relaxed text-slate-700" data-testid="ai-summary">
              {plainText(ai.ai_summary)}
            </p>
          )}
          {detail.ai_responses.length > 0 && (
            <ul className="space-y-1.5 border-t border-slate-100 pt-3">
              {detail.ai_responses.map((r) => (
                <li key={r.token} className="flex items-start gap-2 text-xs text-slate-600">
                  <span
                    className={`mt-1 h-2 w-2 shrink-0 rounded-full ${r.approved === true ? "bg-emerald-500" : r.approved === false ? "bg-red-500" : "bg-amber-400"}`}
                    aria-hidden="true"
                  />
                  <span>
                    <span className="font-semibold text-slate-800 capitalize">{plainLabel(r.agent)}</span>: {plainText(r.summary)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p className="text-sm text-slate-500">The AI did not reach a decision. A reviewer must decide this case.</p>
      )}

      {human && (
        <div
          className={`rounded-md border px-3 py-2 text-sm ${human.decision_type === "approve" ? "border-emerald-200 bg-emerald-50" : "border-red-200 bg-red-50"}`}
          data-testid="human-decision"
        >
          <p className="font-semibold text-slate-900">Reviewer decision: {human.decision_type === "approve" ? "Approved" : "Denied"}</p>
          <p className="mt-0.5 text-slate-700">{plainText(human.reason)}</p>
          <p className="mt-1 text-xs text-slate-500">
            {human.user?.username ?? "API"} · {formatDateTime(human.created_at)}
          </p>
        </div>
      )}

      <div className="flex flex-wrap gap-2">
        {ai && (
          <Link to={withParams(search, { modal: "explanation" })} preventScrollReset className={secondaryButton}>
            Explanation
          </Link>
        )}
        {detail.can_override && (
          <Link to={withParams(search, { modal: "override" })} preventScrollReset className={secondaryButton}>
            Override decision
          </Link>
        )}
        {detail.can_send_denial_letter && !human && (
          <Link to={withParams(search, { modal: "letter" })} preventScrollReset className={dangerButton}>
            Send denial letter
          </Link>
        )}
      </div>

      {detail.letters.length > 0 && (
        <div className="border-t border-slate-100 pt-3">
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Letters</h3>
          <ul className="mt-1 space-y-1">
            {detail.letters.map((l) => (
              <li key={l.token} className="flex items-center justify-between gap-2 text-sm">
                <span className="text-slate-700">
                  Denial letter · {formatDateTime(l.created_at)}
                  {l.signed_off_by && <span className="text-slate-500"> · signed off by {l.signed_off_by}</span>}
                </span>
                <a href={l.pdf_url} className="font-medium text-indigo-600 hover:text-indigo-500" download>
                  Download PDF
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

// ───────────── modals' contents ─────────────

export function ExplanationContent({ detail }: { detail: Detail }) {
  const ai = detail.ai_decision;
  if (!ai) return <p className="text-sm text-slate-500">There is no AI decision to explain.</p>;
  return (
    <div className="space-y-5" data-testid="explanation">
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone={decisionTone(ai.final_decision)}>{headerDecisionLabel(ai.final_decision)}</Badge>
        <span className="text-sm text-slate-600">Confidence {Math.round(ai.confidence_score * 100)}%</span>
        <span className="text-xs text-slate-400">
          {ai.engine === "builtin" ? "Built-in clinical engine" : `Model ${ai.model ?? ai.engine}`} · {formatDateTime(ai.created_at)}
        </span>
      </div>
      <section>
        <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Rationale</h3>
        <p className="mt-1 text-sm leading-relaxed whitespace-pre-line text-slate-800" data-testid="rationale">
          {plainText(ai.rationale)}
        </p>
      </section>
      <section>
        <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Decision trail
          {ai.coverage_policy_version != null && (
            <span className="ml-2 font-normal tracking-normal text-slate-500 normal-case" data-testid="tree-version">
              · decision tree version {ai.coverage_policy_version}
            </span>
          )}
        </h3>
        {ai.decision_tree_traversal.length ? (
          <div className="mt-2 relative overflow-x-auto rounded-md border border-slate-200">
            <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="decision-trail">
              <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-500">
                <tr>
                  <th className="w-8 px-3 py-2">#</th>
                  <th className="px-3 py-2">Question or action</th>
                  <th className="px-3 py-2">Answer</th>
                  <th className="px-3 py-2">Next</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {ai.decision_tree_traversal.map((t, i) => (
                  <tr key={i}>
                    <td className="px-3 py-2 text-slate-400 tabular-nums">{i + 1}</td>
                    <td className="px-3 py-2 text-slate-800">{t.node_question_or_action}</td>
                    <td className="px-3 py-2 text-slate-700">{t.node_answer ?? "—"}</td>
                    <td className="px-3 py-2 text-slate-500">{t.next_node ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="mt-1 text-sm text-slate-500">No coverage-policy decision tree was applied.</p>
        )}
      </section>
      <ProvenanceSection provenance={detail.provenance} />
      <section>
        <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Citations</h3>
        <div className="mt-2">
          {ai.citations.length ? <CitationList citations={ai.citations} withQuotes /> : <p className="text-sm text-slate-500">No citations.</p>}
        </div>
      </section>
    </div>
  );
}

/**
 * The provenance of each decision of the case (app/fhir/decision-provenance.server.ts, the same
 * records as /fhir/Provenance): who or what decided and its version, the screening criteria (policy,
 * tree version, effective date), the AI rules that fired, the reviewers and the clinician who signed
 * off. Newest first.
 */
export function ProvenanceSection({ provenance }: { provenance: Detail["provenance"] }) {
  if (!provenance.length) return null;
  return (
    <section data-testid="decision-provenance">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Provenance</h3>
      <ul className="mt-2 space-y-2">
        {[...provenance].reverse().map((p) => (
          <li key={p.id} className="rounded-md border border-slate-200 px-3 py-2 text-sm" data-testid="provenance-record">
            <p className="font-medium text-slate-800">
              {p.line ? `${p.line}: ` : ""}
              {plainLabel(p.decision)} · {formatDateTime(p.recorded)}
            </p>
            <dl className="mt-1 grid grid-cols-1 gap-x-3 gap-y-0.5 text-slate-700 sm:grid-cols-[max-content_1fr]">
              <dt className="text-slate-500">Decided by</dt>
              <dd data-testid="provenance-engine">
                {p.engine ? `${p.engine.name} ${p.engine.version}` : `Reviewer ${p.reviewers.find((r) => r.role === "performer")?.name ?? "(account removed)"}`}
              </dd>
              <dt className="text-slate-500">Screening criteria</dt>
              <dd data-testid="provenance-policy">
                {p.policy
                  ? `${p.policy.name} coverage policy${p.policy.tree_version != null ? `, decision tree version ${p.policy.tree_version}` : ""}${p.policy.effective_date ? `, effective ${p.policy.effective_date}` : ""}`
                  : "No coverage policy applied"}
              </dd>
              <dt className="text-slate-500">AI rules fired</dt>
              <dd data-testid="provenance-rules">{p.rules_fired.length ? p.rules_fired.map((r) => `"${r.name}" (${r.stage})`).join(", ") : "None"}</dd>
              {p.engine && p.reviewers.length > 0 && (
                <>
                  <dt className="text-slate-500">Reviewed by</dt>
                  <dd>{p.reviewers.map((r) => r.name ?? "(account removed)").join(", ")}</dd>
                </>
              )}
              <dt className="text-slate-500">Signed off by</dt>
              <dd data-testid="provenance-sign-off">
                {p.signed_off
                  ? `${p.signed_off.name}${p.signed_off.npi ? ` (NPI ${p.signed_off.npi})` : ""} · ${formatDateTime(p.signed_off.at)}`
                  : "No clinical sign-off recorded"}
              </dd>
              <dt className="text-slate-500">Evidence cited</dt>
              <dd>{p.evidence.length ? `${p.evidence.length} passage${p.evidence.length === 1 ? "" : "s"} of the request, quoted with their page` : "None"}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function OverrideForm({
  detail,
  lastResult,
  error,
  cancelTo,
}: {
  detail: Detail;
  lastResult?: SubmissionResult<string[]>;
  error?: string | null;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "override";
  const [form, fields] = useForm({
    id: "override-decision",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OverrideSchema }),
  });
  const ai = detail.ai_decision;
  if (!ai) return <p className="text-sm text-slate-500">There is no AI decision to override.</p>;
  const aiKind = decisionKind(ai.final_decision);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="override" />
      <input type="hidden" name="ai_decision_id" value={ai.token} />
      <FormAlert message={error ?? form.errors?.[0]} />
      {ai.routing && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="override-routing-warning">
          This request was found misdirected: {ai.routing.action} Approving or denying it decides a request that is not this plan&apos;s.
        </p>
      )}
      <p className="text-sm text-slate-600">
        The AI decided <strong className="text-slate-900">{headerDecisionLabel(ai.final_decision)}</strong>. Your decision replaces it on this case; the AI
        decision stays in the audit trail.
      </p>
      <ChoiceField
        legend="Decision"
        field={fields.decision_type}
        columns
        defaultValue={typeof fields.decision_type.initialValue === "string" ? fields.decision_type.initialValue : aiKind === "approved" ? "deny" : "approve"}
        options={[
          { value: "approve", label: "Approve", tone: "border-emerald-300 has-checked:bg-emerald-50 has-checked:ring-emerald-500" },
          { value: "deny", label: "Deny", tone: "border-red-300 has-checked:bg-red-50 has-checked:ring-red-500" },
        ]}
      />
      <TextAreaField label="Reason" field={fields.reason} required rows={4} placeholder="Clinical rationale for the override (shown in the audit trail)" />
      <ConfirmActions closeTo={cancelTo} busy={busy} danger={false} confirmLabel="Submit decision" />
    </Form>
  );
}

export function DenialLetterForm({
  detail,
  lastResult,
  error,
  letter,
  cancelTo,
}: {
  detail: Detail;
  lastResult?: SubmissionResult<string[]>;
  error?: string | null;
  letter?: { token: string; pdf_url: string; denial_reason?: string | null; form_name?: string | null } | null;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "denial_letter";
  const [form, fields] = useForm({
    id: "denial-letter",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DenialLetterSchema }),
  });
  if (letter) {
    return (
      <div className="space-y-4" data-testid="letter-ready">
        <div className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900" role="status">
          The denial letter was generated
          {letter.form_name ? (
            <>
              {" "}
              from the form “<span data-testid="letter-form-name">{letter.form_name}</span>”
            </>
          ) : null}
          .
        </div>
        {letter.denial_reason && (
          <p className="text-sm text-slate-700">
            <span className="font-medium">Reason:</span> {plainText(letter.denial_reason)}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Link to={cancelTo} className={secondaryButton} preventScrollReset>
            Close
          </Link>
          <a href={letter.pdf_url} className={primaryButton} download data-testid="letter-download">
            Download PDF
          </a>
        </div>
      </div>
    );
  }
  const failed = detail.policy_checks.flatMap((c) => c.policy_check_steps.filter((s) => s.passed === false).map((s) => plainCriterion(s.question)));
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="denial_letter" />
      <FormAlert message={error ?? form.errors?.[0]} />
      <p className="text-sm text-slate-600">
        A denial letter is generated from the organization's chosen letter form (Letter Forms), citing the criteria the request did not meet.
      </p>
      {failed.length > 0 && (
        <div className="rounded-md bg-slate-50 px-3 py-2">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Criteria not met</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
            {failed.map((q, i) => (
              <li key={i}>{q}</li>
            ))}
          </ul>
        </div>
      )}
      <label className="flex items-start gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm">
        <input type="checkbox" name={fields.clinician_sign_off.name} className="mt-0.5 h-4 w-4" aria-describedby={fields.clinician_sign_off.errorId} />
        <span>
          <span className="font-medium text-slate-900">Clinician sign-off.</span> I reviewed this case and confirm the denial is clinically appropriate.
        </span>
      </label>
      <FieldError id={fields.clinician_sign_off.errorId} errors={fields.clinician_sign_off.errors} />
      <ConfirmActions closeTo={cancelTo} busy={busy} danger={true} confirmLabel="Generate denial letter" />
    </Form>
  );
}

/** A misdirected request (issue 24, item 5): where it goes, instead of a clinical decision. */
function RoutingNotice({ routing }: { routing: NonNullable<NonNullable<Detail["ai_decision"]>["routing"]> }) {
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="routing-notice" role="status">
      <p className="font-semibold">Misdirected — return to sender{routing.payer ? ` / route to ${routing.payer}` : ""}</p>
      <p className="mt-0.5">{routing.action}</p>
    </div>
  );
}
