/**
 * The New Rule / Edit Rule form (PRODUCT-SPEC §5 "AI rule": name and description required; priority
 * 1–10, default 5 here; dates optional) and the rule-language help beside it. A plain POST that works
 * before JavaScript; the server's messages come back as a list.
 */
import { Form, Link } from "react-router";
import { FIELD_DOCS } from "~/clinical/rules/rule-language";
import { DEFAULT_RULE_PRIORITY, RULE_STAGES } from "~/ai-rules/save-ai-rule-input";
import { inputClass, primaryButton, secondaryButton } from "~/ui/styles";

export interface RuleFormValues {
  name?: string;
  description?: string;
  applies_to?: string;
  conditions?: string[] | string;
  actions?: string[] | string;
  scoped_drug_names?: string[] | string;
  scoped_plan_ids?: string[] | string;
  scoped_ndcs?: string[] | string;
  scoped_rxnorms?: string[] | string;
  start_date?: string | null;
  end_date?: string | null;
  priority?: number | string;
  active?: boolean | string;
}

const label = "block text-sm font-medium text-slate-700";
const hint = "mt-1 text-xs text-slate-500";
const join = (v: string[] | string | undefined, sep: string) => (Array.isArray(v) ? v.join(sep) : (v ?? ""));

export function RuleForm({
  intent,
  values,
  errors,
  plans,
  cancelTo,
  submitLabel,
}: {
  intent: string;
  values?: RuleFormValues | null;
  errors?: string[] | null;
  plans: { token: string; title: string }[];
  cancelTo: string;
  submitLabel: string;
}) {
  const v = values ?? {};
  const selectedPlans = Array.isArray(v.scoped_plan_ids) ? v.scoped_plan_ids : v.scoped_plan_ids ? [v.scoped_plan_ids] : [];
  const active = v.active === undefined ? true : v.active === true || v.active === "on" || v.active === "true";
  return (
    <Form method="post" noValidate className="space-y-4" data-testid="rule-form">
      <input type="hidden" name="intent" value={intent} />
      {errors?.length ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="rule-errors">
          <ul className="list-disc space-y-0.5 pl-4">
            {errors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="rule-name" className={label}>
            Name
          </label>
          <input id="rule-name" name="name" required defaultValue={v.name ?? ""} className={inputClass} placeholder="Pediatric prescriber" />
        </div>
        <div>
          <label htmlFor="rule-applies_to" className={label}>
            Applies to
          </label>
          <select id="rule-applies_to" name="applies_to" defaultValue={v.applies_to ?? "clinical"} className={inputClass}>
            {RULE_STAGES.map((s) => (
              <option key={s} value={s}>
                {s[0].toUpperCase() + s.slice(1)} stage
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <label htmlFor="rule-description" className={label}>
          Description
        </label>
        <textarea
          id="rule-description"
          name="description"
          required
          rows={2}
          defaultValue={v.description ?? ""}
          className={inputClass}
          placeholder="Why the rule exists"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="rule-conditions" className={label}>
            Conditions <span className="font-normal text-slate-400">(one per line; all must hold)</span>
          </label>
          <textarea
            id="rule-conditions"
            name="conditions"
            rows={3}
            defaultValue={join(v.conditions, "\n")}
            className={`${inputClass} font-mono`}
            placeholder={"age < 18\nquantity > limit"}
          />
        </div>
        <div>
          <label htmlFor="rule-actions" className={label}>
            Actions <span className="font-normal text-slate-400">(one per line)</span>
          </label>
          <textarea
            id="rule-actions"
            name="actions"
            rows={3}
            defaultValue={join(v.actions, "\n")}
            className={`${inputClass} font-mono`}
            placeholder={"require pediatric specialist\nroute to clinical reviewer"}
          />
        </div>
      </div>
      <fieldset className="rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Scope (empty = every case)</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          <div>
            <label htmlFor="rule-drugs" className={label}>
              Drug names
            </label>
            <input
              id="rule-drugs"
              name="scoped_drug_names"
              defaultValue={join(v.scoped_drug_names, ", ")}
              className={inputClass}
              placeholder="Humira, adalimumab"
            />
          </div>
          <div>
            <label htmlFor="rule-ndcs" className={label}>
              NDCs
            </label>
            <input id="rule-ndcs" name="scoped_ndcs" defaultValue={join(v.scoped_ndcs, ", ")} className={inputClass} placeholder="00074-4339-02" />
          </div>
          <div>
            <label htmlFor="rule-rxnorms" className={label}>
              RxCUIs
            </label>
            <input id="rule-rxnorms" name="scoped_rxnorms" defaultValue={join(v.scoped_rxnorms, ", ")} className={inputClass} placeholder="327361" />
          </div>
        </div>
        {plans.length > 0 && (
          <div className="mt-3">
            <p className={label}>Plans</p>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {plans.map((p) => (
                <label key={p.token} className="inline-flex items-center gap-1.5 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    name="scoped_plan_ids"
                    value={p.token}
                    defaultChecked={selectedPlans.includes(p.token)}
                    className="rounded border-slate-300"
                  />
                  {p.title}
                </label>
              ))}
            </div>
          </div>
        )}
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <div>
            <label htmlFor="rule-start" className={label}>
              Start date
            </label>
            <input id="rule-start" name="start_date" type="date" defaultValue={v.start_date ?? ""} className={inputClass} />
          </div>
          <div>
            <label htmlFor="rule-end" className={label}>
              End date
            </label>
            <input id="rule-end" name="end_date" type="date" defaultValue={v.end_date ?? ""} className={inputClass} />
          </div>
          <div>
            <label htmlFor="rule-priority" className={label}>
              Priority
            </label>
            <input
              id="rule-priority"
              name="priority"
              type="number"
              min={1}
              max={10}
              defaultValue={String(v.priority ?? DEFAULT_RULE_PRIORITY)}
              className={inputClass}
            />
            <p className={hint}>1 is applied first; default {DEFAULT_RULE_PRIORITY}.</p>
          </div>
        </div>
      </fieldset>
      <label className="inline-flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="active" defaultChecked={active} className="rounded border-slate-300" />
        Active
      </label>
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} className={secondaryButton} preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className={primaryButton}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}

/** How rules are written: fields, operators and actions (the rule language of app/clinical/rules). */
export function RuleLanguageHelp() {
  return (
    <details className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="rule-language-help">
      <summary className="cursor-pointer font-medium text-slate-800">How to write conditions and actions</summary>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">
        <div>
          <p className="font-medium">Conditions</p>
          <p className="text-xs text-slate-500">
            <code>field op value</code> with <code>&lt; &lt;= &gt; &gt;= = != is</code>, <code>in [a, b]</code>, <code>contains</code>, <code>starts with</code>
            , <code>is missing</code>; combine with <code>and</code>, <code>or</code>, <code>not</code>, parentheses. A value that was not read never satisfies
            a condition.
          </p>
          <ul className="mt-1 space-y-0.5 text-xs">
            {Object.entries(FIELD_DOCS).map(([k, d]) => (
              <li key={k}>
                <code className="text-indigo-700">{k}</code> — {d}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <p className="font-medium">Actions</p>
          <ul className="mt-1 space-y-0.5 text-xs">
            <li>
              <code>require &lt;item&gt;</code> — needs more information, asking for the item
            </li>
            <li>
              <code>needs more information: &lt;item&gt;</code>
            </li>
            <li>
              <code>route to clinical reviewer</code> — no automatic approval
            </li>
            <li>
              <code>note &lt;text&gt;</code> — a note in the rationale
            </li>
            <li>
              <code>lower confidence by 0.1</code> / <code>to 0.5</code>
            </li>
          </ul>
          <p className="mt-2 text-xs text-slate-500">
            A rule can never deny or approve a case: a denial always needs a failed policy criterion quoted from the request and a clinician&apos;s sign-off.
          </p>
          <p className="mt-2 text-xs font-medium">Examples</p>
          <ul className="text-xs">
            <li>
              <code>age &lt; 18</code> → <code>require pediatric specialist</code>
            </li>
            <li>
              <code>quantity &gt; limit</code> → <code>needs more information</code>
            </li>
            <li>
              <code>drug in [Humira, Enbrel]</code> → <code>route to clinical reviewer</code>
            </li>
          </ul>
        </div>
      </div>
    </details>
  );
}

/** Reads the rule form into the input shape of SaveAiRuleInputSchema (repeated plan checkboxes → list). */
export function readRuleForm(form: FormData): RuleFormValues {
  const s = (k: string) => (typeof form.get(k) === "string" ? String(form.get(k)) : undefined);
  return {
    name: s("name"),
    description: s("description"),
    applies_to: s("applies_to"),
    conditions: s("conditions"),
    actions: s("actions"),
    scoped_drug_names: s("scoped_drug_names"),
    scoped_plan_ids: form.getAll("scoped_plan_ids").filter((x): x is string => typeof x === "string"),
    scoped_ndcs: s("scoped_ndcs"),
    scoped_rxnorms: s("scoped_rxnorms"),
    start_date: s("start_date") ?? null,
    end_date: s("end_date") ?? null,
    priority: s("priority"),
    active: form.get("active") === "on",
  };
}
