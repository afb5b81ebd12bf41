/**
 * The case page's (prior auth or medical claim) "Time frame and appeals" card (extension with who/when/why, each appeal and its
 * decision), the header badges, and the three forms shown in the page's modals (?modal=extend,
 * ?modal=appeal, ?modal=decide_appeal). Forms post to the case page (intents extend_time_frame,
 * record_appeal, decide_appeal) and work before JavaScript loads.
 */
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import { Badge } from "~/prior-auths/ui/badges";
import { formatDateTime } from "~/prior-auths/ui/decision";
import { ConfirmActions, withParams } from "~/ui/modal";
import { FieldError, FormAlert, inputClass, primaryButton, secondaryButton } from "~/ui/styles";
import { ChoiceField, TextAreaField } from "~/ui/form-fields";
import {
  APPEAL_OUTCOMES,
  APPELLANTS,
  DecideAppealInputSchema,
  EXTENSION_REASON_KINDS,
  ExtendTimeFrameInputSchema,
  MAX_EXTENSION_DAYS,
  RecordAppealInputSchema,
  RecordClaimAppealInputSchema,
} from "../appeals-input";
import type { CaseAppeals } from "../get-case-appeals.server";
import type { AppealJson } from "../schemas";

export const ExtendFormSchema = ExtendTimeFrameInputSchema.extend({ intent: z.literal("extend_time_frame") });
export const RecordAppealFormSchema = RecordAppealInputSchema.extend({ intent: z.literal("record_appeal") });
/** A medical claim's appeal form: the same, plus the appealed service lines (checkboxes `service_request_ids`). */
export const RecordClaimAppealFormSchema = RecordClaimAppealInputSchema.extend({ intent: z.literal("record_appeal") });
export const DecideAppealFormSchema = DecideAppealInputSchema.extend({ intent: z.literal("decide_appeal"), appeal_id: z.string().trim().min(1) });

/** What the signed-in member may do here. */
export interface AppealPermissions {
  extend: boolean;
  recordAppeal: boolean;
  decideAppeal: boolean;
}

const label = <T extends Record<string, string>>(map: T, key: string | null | undefined) => (key && key in map ? map[key as keyof T] : (key ?? "—"));

/** "12 Feb 2026" (UTC), the date half of the house date format. */
function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

/** Header badges: the extension and the appeal outcome. */
export function AppealBadges({ state }: { state: CaseAppeals }) {
  return (
    <>
      {state.extension && (
        <Badge tone="sky" data-testid="extension-badge" title={`Extended by ${state.extension.days} days; due ${formatDateTime(state.extension.new_due_at)}`}>
          Time frame extended +{state.extension.days} d
        </Badge>
      )}
      {state.appeal_outcome === "approved_after_appeal" && (
        <Badge tone="green" data-testid="appeal-outcome-badge">
          Approved after appeal
        </Badge>
      )}
      {state.appeal_outcome === "upheld_on_appeal" && !state.open_appeal && (
        <Badge tone="red" data-testid="appeal-outcome-badge">
          Denial upheld on appeal
        </Badge>
      )}
      {state.open_appeal && (
        <Badge tone="amber" data-testid="appeal-open-badge">
          Appeal open
        </Badge>
      )}
    </>
  );
}

function Who({ person, at }: { person: { username: string } | null; at: string }) {
  return (
    <span className="text-xs text-slate-500">
      {person ? person.username : "API key"} · <time dateTime={at}>{formatDateTime(at)}</time>
    </span>
  );
}

function AppealItem({ appeal, index, lineLabels }: { appeal: AppealJson; index: number; lineLabels: Map<string | null, string> }) {
  return (
    <li className="space-y-1.5 py-3" data-testid="appeal-item">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-900">
          Appeal {index + 1} · by the {label(APPELLANTS, appeal.appellant).toLowerCase()} · received {formatDay(appeal.received_at)}
        </p>
        {appeal.outcome === "overturned" ? (
          <Badge tone="green">Overturned</Badge>
        ) : appeal.outcome === "upheld" ? (
          <Badge tone="red">Upheld</Badge>
        ) : (
          <Badge tone="amber">Awaiting a clinician</Badge>
        )}
      </div>
      {appeal.service_request_ids.length > 0 && (
        <p className="text-sm text-slate-700" data-testid="appeal-lines">
          Appealed: {appeal.service_request_ids.map((id) => lineLabels.get(id) ?? "a service line").join("; ")}
        </p>
      )}
      {appeal.notes && <p className="text-sm whitespace-pre-line text-slate-700">{appeal.notes}</p>}
      <p className="text-sm text-slate-700">
        Recorded by <Who person={appeal.recorded_by} at={appeal.created_at} />
      </p>
      {appeal.outcome && appeal.decided_at && (
        <div className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <p>
            <span className="font-medium">{appeal.outcome === "overturned" ? "Overturned" : "Upheld"}:</span> {appeal.decision_reason}
          </p>
          <p>
            Decided by <Who person={appeal.decided_by} at={appeal.decided_at} />
          </p>
        </div>
      )}
    </li>
  );
}

/** The card on the case page: the time-frame extension and the appeals, with their actions. */
export function AppealsPanel({ state, can }: { state: CaseAppeals; can: AppealPermissions }) {
  const { search } = useLocation();
  const open = (modal: string) => withParams(search, { modal });
  const ext = state.extension;
  const lineLabels = new Map(state.denied_lines.map((l) => [l.service_request_id, l.label]));
  return (
    <section className="rounded-lg border border-slate-200 bg-white shadow-xs" data-testid="appeals-panel" aria-labelledby="appeals-panel-title">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 id="appeals-panel-title" className="text-sm font-semibold text-slate-900">
          Time frame and appeals
        </h2>
        <div className="flex flex-wrap gap-2">
          {can.extend && !state.extension_blocked && (
            <Link to={open("extend")} preventScrollReset className={secondaryButton}>
              Extend time frame
            </Link>
          )}
          {can.recordAppeal && !state.appeal_blocked && (
            <Link to={open("appeal")} preventScrollReset className={secondaryButton}>
              Record appeal
            </Link>
          )}
          {can.decideAppeal && state.open_appeal && (
            <Link to={open("decide_appeal")} preventScrollReset className={primaryButton}>
              Decide appeal
            </Link>
          )}
        </div>
      </header>
      <div className="divide-y divide-slate-100 px-4">
        <div className="py-3 text-sm" data-testid="extension-summary">
          {ext ? (
            <div className="space-y-1">
              <p className="font-medium text-slate-900">
                Extended by {ext.days} calendar days: due {formatDateTime(ext.previous_due_at)} → {formatDateTime(ext.new_due_at)}
              </p>
              <p className="text-slate-700">
                {label(EXTENSION_REASON_KINDS, ext.reason_kind)}: {ext.reason}
              </p>
              <p>
                Extended by <Who person={ext.user} at={ext.created_at} />
              </p>
            </div>
          ) : (
            <p className="text-slate-500">
              No extension. {state.extension_blocked && can.extend && !state.determined ? <span>{state.extension_blocked}.</span> : null}
            </p>
          )}
        </div>
        {state.appeals.length > 0 ? (
          <ol className="divide-y divide-slate-100">
            {state.appeals.map((a, i) => (
              <AppealItem key={a.token} appeal={a} index={i} lineLabels={lineLabels} />
            ))}
          </ol>
        ) : (
          <p className="py-3 text-sm text-slate-500">
            No appeal. {state.appeal_blocked && can.recordAppeal ? <span data-testid="appeal-blocked">{state.appeal_blocked}.</span> : null}
          </p>
        )}
      </div>
    </section>
  );
}

const useBusy = (intent: string) => {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
};

/** Extend time frame: the rule's ground, the reason in words, and the days (default 14). */
export function ExtendTimeFrameForm({
  dueAt,
  lastResult,
  error,
  cancelTo,
}: {
  dueAt: string;
  lastResult?: SubmissionResult<string[]>;
  error?: string | null;
  cancelTo: string;
}) {
  const busy = useBusy("extend_time_frame");
  const [form, fields] = useForm({
    id: "extend-time-frame",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ExtendFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="extend_time_frame" />
      <FormAlert message={error ?? form.errors?.[0]} />
      <p className="text-sm text-slate-600">
        Now due {formatDateTime(dueAt)}. A time frame may be extended once, by up to {MAX_EXTENSION_DAYS} calendar days, when the member asks for it or when
        more information is needed and the delay is in the member's interest (42 CFR 422.568(b)(1)(i), 422.572(b)). The member must be told why in writing.
      </p>
      <ChoiceField legend="Why" field={fields.reason_kind} options={Object.entries(EXTENSION_REASON_KINDS).map(([value, label]) => ({ value, label }))} />
      <TextAreaField
        label="Reason"
        field={fields.reason}
        required
        rows={3}
        placeholder="For example: chart notes documenting the methotrexate trial requested from the prescriber on 3 Feb"
      />
      <div>
        <label htmlFor={fields.days.id} className="text-sm font-medium text-slate-700">
          Days to add (1–{MAX_EXTENSION_DAYS})
        </label>
        <input
          {...getInputProps(fields.days, { type: "number" })}
          min={1}
          max={MAX_EXTENSION_DAYS}
          defaultValue={typeof fields.days.initialValue === "string" ? fields.days.initialValue : String(MAX_EXTENSION_DAYS)}
          className={`${inputClass} mt-1 w-28`}
        />
        <FieldError id={fields.days.errorId} errors={fields.days.errors} />
      </div>
      <ConfirmActions closeTo={cancelTo} busy={busy} danger={false} confirmLabel="Extend time frame" />
    </Form>
  );
}

/**
 * Record appeal: date received, who appealed, notes; for a medical claim (`lines` given) also which
 * of its finally denied service lines are appealed (all checked by default).
 */
export function RecordAppealForm({
  lastResult,
  error,
  cancelTo,
  lines,
}: {
  lastResult?: SubmissionResult<string[]>;
  error?: string | null;
  cancelTo: string;
  lines?: CaseAppeals["appealable"];
}) {
  const busy = useBusy("record_appeal");
  const [form, fields] = useForm({
    id: "record-appeal",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: lines ? RecordClaimAppealFormSchema : RecordAppealFormSchema }),
  });
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="record_appeal" />
      <FormAlert message={error ?? form.errors?.[0]} />
      <p className="text-sm text-slate-600">
        An appeal asks the plan to reconsider its denial. It is kept as its own record: the original decisions stay as they are, and a clinical reviewer decides
        the appeal.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.received_at.id} className="text-sm font-medium text-slate-700">
            Received on <span className="text-red-600">*</span>
          </label>
          <input
            {...getInputProps(fields.received_at, { type: "date" })}
            max={today}
            defaultValue={typeof fields.received_at.initialValue === "string" ? fields.received_at.initialValue : today}
            className={`${inputClass} mt-1`}
          />
          <FieldError id={fields.received_at.errorId} errors={fields.received_at.errors} />
        </div>
        <div>
          <label htmlFor={fields.appellant.id} className="text-sm font-medium text-slate-700">
            Appealed by <span className="text-red-600">*</span>
          </label>
          <select {...getSelectProps(fields.appellant)} defaultValue={fields.appellant.initialValue ?? "member"} className={`${inputClass} mt-1`}>
            {Object.entries(APPELLANTS).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
          <FieldError id={fields.appellant.errorId} errors={fields.appellant.errors} />
        </div>
      </div>
      {lines && (
        <fieldset className="space-y-1.5" data-testid="appeal-line-choices">
          <legend className="text-sm font-medium text-slate-700">Appealed service lines (denial signed off)</legend>
          {lines.map((l) => (
            <label key={l.service_request_id} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name="service_request_ids" value={l.service_request_id ?? ""} defaultChecked className="rounded border-slate-300" />
              {l.label} <span className="text-xs text-slate-500">· denied {formatDay(l.denied_at)}</span>
            </label>
          ))}
        </fieldset>
      )}
      <TextAreaField label="Notes" field={fields.notes} rows={3} placeholder="What the appeal argues, new evidence received" />
      <ConfirmActions closeTo={cancelTo} busy={busy} danger={false} confirmLabel="Record appeal" />
    </Form>
  );
}

/** Decide appeal (clinical reviewer): overturned or upheld, with the reason. */
export function DecideAppealForm({
  appeal,
  lastResult,
  error,
  cancelTo,
  overturnNote = "Overturning it makes the case approved after appeal; the original denial stays in the decision trail.",
}: {
  appeal: AppealJson;
  lastResult?: SubmissionResult<string[]>;
  error?: string | null;
  cancelTo: string;
  /** what an overturn does, in words (a claim: approves the appealed lines) */
  overturnNote?: string;
}) {
  const busy = useBusy("decide_appeal");
  const [form, fields] = useForm({
    id: "decide-appeal",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DecideAppealFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="decide_appeal" />
      <input type="hidden" name="appeal_id" value={appeal.token} />
      <FormAlert message={error ?? form.errors?.[0]} />
      <p className="text-sm text-slate-600">
        Appeal by the {label(APPELLANTS, appeal.appellant).toLowerCase()}, received {formatDay(appeal.received_at)}.{appeal.notes ? ` ${appeal.notes}` : ""}{" "}
        {overturnNote}
      </p>
      <ChoiceField
        legend="Outcome"
        field={fields.outcome}
        columns
        options={[
          { value: "overturned", label: APPEAL_OUTCOMES.overturned, tone: "border-emerald-300 has-checked:bg-emerald-50 has-checked:ring-emerald-500" },
          { value: "upheld", label: APPEAL_OUTCOMES.upheld, tone: "border-red-300 has-checked:bg-red-50 has-checked:ring-red-500" },
        ]}
      />
      <TextAreaField
        label="Reason"
        field={fields.reason}
        required
        rows={4}
        placeholder="Clinical rationale for the appeal decision (shown in the decision trail)"
      />
      <ConfirmActions closeTo={cancelTo} busy={busy} danger={false} confirmLabel="Decide appeal" />
    </Form>
  );
}
