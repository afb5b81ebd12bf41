/**
 * 'Generate a synthetic prior auth': describe the case → Generate → edit the generated document →
 * Create (an ePA case). Two plain POSTs (intent=generate, intent=create_epa), so it works before
 * JavaScript; with JavaScript, Conform validates in the browser first.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { SyntheticCreateSchema, SyntheticDescribeSchema } from "./schemas";
import { FieldError, FormAlert, inputClass, primaryButton, secondaryButton, Spinner } from "~/ui/styles";

export interface SyntheticState {
  description?: string;
  document?: string;
  generateResult?: SubmissionResult<string[]>;
  createResult?: SubmissionResult<string[]>;
  error?: string | null;
}

export function SyntheticPriorAuthForm({ state, cancelTo }: { state: SyntheticState; cancelTo: string }) {
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const [describeForm, describeFields] = useForm({
    id: "synthetic-describe",
    lastResult: state.generateResult,
    defaultValue: { description: state.description ?? "" },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SyntheticDescribeSchema }),
  });
  const [createForm, createFields] = useForm({
    id: `synthetic-create-${(state.document ?? "").length}`,
    lastResult: state.createResult,
    defaultValue: { synthetic_document: state.document ?? "" },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SyntheticCreateSchema }),
  });

  return (
    <div className="space-y-5">
      <FormAlert message={state.error} />
      <Form method="post" {...getFormProps(describeForm)} className="space-y-2">
        <input type="hidden" name="intent" value="generate" />
        <label htmlFor={describeFields.description.id} className="block text-sm font-medium text-slate-700">
          Describe the prior auth
        </label>
        <textarea
          {...getTextareaProps(describeFields.description)}
          rows={3}
          className={inputClass}
          placeholder="e.g. Humira for moderate Crohn's disease after failing azathioprine, gastroenterologist, urgent"
        />
        <FieldError id={describeFields.description.errorId} errors={describeFields.description.errors} />
        <div className="flex justify-end">
          <button type="submit" className={state.document ? secondaryButton : primaryButton} disabled={pendingIntent === "generate"}>
            {pendingIntent === "generate" && <Spinner />}
            {pendingIntent === "generate" ? "Generating…" : state.document ? "Generate again" : "Generate"}
          </button>
        </div>
      </Form>
      {state.document !== undefined && (
        <Form method="post" {...getFormProps(createForm)} className="space-y-2 border-t border-slate-100 pt-4">
          <input type="hidden" name="intent" value="create_epa" />
          <input {...getInputProps(createFields.description, { type: "hidden" })} value={state.description ?? ""} />
          <label htmlFor={createFields.synthetic_document.id} className="block text-sm font-medium text-slate-700">
            Generated document <span className="font-normal text-slate-500">(edit before creating)</span>
          </label>
          <textarea {...getTextareaProps(createFields.synthetic_document)} rows={16} className={`${inputClass} font-mono text-xs leading-relaxed`} />
          <FieldError id={createFields.synthetic_document.errorId} errors={createFields.synthetic_document.errors} />
          <div className="flex justify-end gap-2">
            <Link to={cancelTo} className={secondaryButton} preventScrollReset>
              Cancel
            </Link>
            <button type="submit" className={primaryButton} disabled={pendingIntent === "create_epa"}>
              {pendingIntent === "create_epa" && <Spinner />}
              Create
            </button>
          </div>
        </Form>
      )}
    </div>
  );
}
