/**
 * The Add Plan form (PRODUCT-SPEC §5 "Plan": title, identification, line of business, plan type,
 * state and effective date required; termination date optional) with an optional plan document (PDF).
 * A multipart POST that works before JavaScript (the server parses the same schema and answers per
 * field); with JavaScript, Conform checks the fields before sending.
 */
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { CreatePlanFormSchema } from "~/plans/create-plan-input";
import { LINES_OF_BUSINESS, PLAN_TYPES, US_STATES } from "~/plans/plan-constants";
import { FieldError, FormAlert, inputClass, primaryButton, secondaryButton } from "~/ui/styles";

const label = "block text-sm font-medium text-slate-700";
/** The file input look shared by the plan forms. */
export const fileInputClass =
  "block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium";

/**
 * `lastResult`: the action's Conform reply (field errors, and what was typed, kept on a server
 * error); `error`: a message for the whole form. The file input cannot be refilled after a round
 * trip (browsers forbid it); everything else is.
 */
export function AddPlanForm({ lastResult, error, cancelTo }: { lastResult?: SubmissionResult<string[]> | null; error?: string | null; cancelTo: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  const [form, fields] = useForm({
    id: "plan",
    lastResult: lastResult ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreatePlanFormSchema }),
  });
  const initial = (v: unknown) => (typeof v === "string" ? v : undefined);
  const field = (name: keyof typeof fields, text: string, input: React.ReactNode) => (
    <div>
      <label htmlFor={fields[name].id} className={label}>
        {text}
      </label>
      {input}
      <FieldError id={fields[name].errorId} errors={fields[name].errors} />
    </div>
  );
  // a returned form keeps the box as it was sent; a fresh one starts active
  const activeDefault = lastResult?.initialValue ? lastResult.initialValue.is_active === "on" : true;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4" data-testid="add-plan-form">
      <input type="hidden" name="intent" value="create" />
      <FormAlert message={error ?? form.errors?.[0]} />
      <div className="grid gap-4 sm:grid-cols-2">
        {field("title", "Title", <input {...getInputProps(fields.title, { type: "text" })} className={inputClass} />)}
        {field("identification", "Identification", <input {...getInputProps(fields.identification, { type: "text" })} className={inputClass} />)}
        {field(
          "document_type",
          "Document Type",
          <select {...getSelectProps(fields.document_type)} defaultValue={initial(fields.document_type.initialValue) ?? "pharmacy"} className={inputClass}>
            <option value="pharmacy">Pharmacy policy</option>
            <option value="medical">Medical policy</option>
          </select>,
        )}
        {field(
          "line_of_business",
          "Line of Business",
          <select {...getSelectProps(fields.line_of_business)} className={inputClass}>
            <option value="">Select a line of business</option>
            {LINES_OF_BUSINESS.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>,
        )}
        {field(
          "plan_type",
          "Plan Type",
          <select {...getSelectProps(fields.plan_type)} className={inputClass}>
            <option value="">Select a plan type</option>
            {PLAN_TYPES.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>,
        )}
        {field(
          "state",
          "State",
          <select {...getSelectProps(fields.state)} className={inputClass}>
            <option value="">Select a state</option>
            {US_STATES.map((s) => (
              <option key={s.abbreviation} value={s.abbreviation}>
                {s.name}
              </option>
            ))}
          </select>,
        )}
        {field("effective_date", "Effective Date", <input {...getInputProps(fields.effective_date, { type: "date" })} className={inputClass} />)}
        {field(
          "termination_date",
          "Termination Date (optional)",
          <input {...getInputProps(fields.termination_date, { type: "date" })} className={inputClass} />,
        )}
      </div>
      {field(
        "file",
        "Plan document (PDF, optional)",
        <input {...getInputProps(fields.file, { type: "file" })} accept="application/pdf,.pdf" className={fileInputClass} />,
      )}
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name={fields.is_active.name} defaultChecked={activeDefault} className="h-4 w-4 rounded border-slate-300" />
        Active
      </label>
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} className={secondaryButton} preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className={primaryButton} disabled={busy}>
          Add Plan
        </button>
      </div>
    </Form>
  );
}
