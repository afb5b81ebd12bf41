/**
 * The Add Plan form (PRODUCT-SPEC §5 "Plan": title, identification, line of business, plan type,
 * state and effective date required; termination date optional) with an optional plan document (PDF).
 * A plain multipart POST that works before JavaScript; errors come back per field from the server.
 */
import { Form } from "react-router";
import { LINES_OF_BUSINESS, PLAN_TYPES, US_STATES } from "~/plans/plan-constants";
import { FieldError, FormAlert, inputClass, primaryButton, secondaryButton } from "~/ui/styles";
import { Link } from "react-router";
import type { PlanFieldErrors } from "./plan-form";

const label = "block text-sm font-medium text-slate-700";
/** The file input look shared by the plan forms. */
export const fileInputClass =
  "block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium";

export function AddPlanForm({ errors, values, cancelTo }: { errors?: PlanFieldErrors | null; values?: Record<string, unknown> | null; cancelTo: string }) {
  const v = (k: string) => (typeof values?.[k] === "string" ? (values[k] as string) : "");
  const err = (k: keyof PlanFieldErrors) => (errors?.[k] ? [errors[k]!] : null);
  const field = (name: keyof PlanFieldErrors, text: string, input: React.ReactNode) => (
    <div>
      <label htmlFor={`plan-${name}`} className={label}>
        {text}
      </label>
      {input}
      <FieldError id={`plan-${name}-error`} errors={err(name)} />
    </div>
  );
  const invalid = (k: keyof PlanFieldErrors) => (errors?.[k] ? true : undefined);
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="space-y-4" data-testid="add-plan-form">
      <input type="hidden" name="intent" value="create" />
      <FormAlert message={errors?.form} />
      <div className="grid gap-4 sm:grid-cols-2">
        {field("title", "Title", <input id="plan-title" name="title" defaultValue={v("title")} aria-invalid={invalid("title")} className={inputClass} />)}
        {field(
          "identification",
          "Identification",
          <input
            id="plan-identification"
            name="identification"
            defaultValue={v("identification")}
            aria-invalid={invalid("identification")}
            className={inputClass}
          />,
        )}
        {field(
          "document_type",
          "Document Type",
          <select id="plan-document_type" name="document_type" defaultValue={v("document_type") || "pharmacy"} className={inputClass}>
            <option value="pharmacy">Pharmacy policy</option>
            <option value="medical">Medical policy</option>
          </select>,
        )}
        {field(
          "line_of_business",
          "Line of Business",
          <select
            id="plan-line_of_business"
            name="line_of_business"
            defaultValue={v("line_of_business")}
            aria-invalid={invalid("line_of_business")}
            className={inputClass}
          >
            <option value="">Select a line of business</option>
            {LINES_OF_BUSINESS.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>,
        )}
        {field(
          "plan_type",
          "Plan Type",
          <select id="plan-plan_type" name="plan_type" defaultValue={v("plan_type")} aria-invalid={invalid("plan_type")} className={inputClass}>
            <option value="">Select a plan type</option>
            {PLAN_TYPES.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>,
        )}
        {field(
          "state",
          "State",
          <select id="plan-state" name="state" defaultValue={v("state")} aria-invalid={invalid("state")} className={inputClass}>
            <option value="">Select a state</option>
            {US_STATES.map((s) => (
              <option key={s.abbreviation} value={s.abbreviation}>
                {s.name}
              </option>
            ))}
          </select>,
        )}
        {field(
          "effective_date",
          "Effective Date",
          <input
            id="plan-effective_date"
            type="date"
            name="effective_date"
            defaultValue={v("effective_date")}
            aria-invalid={invalid("effective_date")}
            className={inputClass}
          />,
        )}
        {field(
          "termination_date",
          "Termination Date (optional)",
          <input id="plan-termination_date" type="date" name="termination_date" defaultValue={v("termination_date")} className={inputClass} />,
        )}
      </div>
      {field(
        "file",
        "Plan document (PDF, optional)",
        <input
          id="plan-file"
          type="file"
          name="file"
          accept="application/pdf,.pdf"
          aria-invalid={invalid("file")}
          aria-describedby={errors?.file ? "plan-file-error" : undefined}
          className={fileInputClass}
        />,
      )}
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="is_active" defaultChecked={values ? values.is_active === "on" : true} className="h-4 w-4 rounded border-slate-300" />
        Active
      </label>
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} className={secondaryButton} preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className={primaryButton}>
          Add Plan
        </button>
      </div>
    </Form>
  );
}
