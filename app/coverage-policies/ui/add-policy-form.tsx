/**
 * The Add policy modal's form: the policy's name, its PDF and its other drug names. A multipart POST
 * (intent=add_policy) that works before JavaScript: the page action parses the same schema
 * (create-coverage-policy-input.ts) and answers per field; with JavaScript Conform checks the name
 * and the PDF before sending. What was typed is kept on a server error (the file input cannot be
 * refilled; browsers forbid it).
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { CreateCoveragePolicyFormSchema } from "~/coverage-policies/create-coverage-policy-input";
import { DrugsField } from "~/drugs/ui/drugs-field";
import { FieldError, FormAlert, inputClass, primaryButton, secondaryButton } from "~/ui/styles";

const fileInputClass =
  "block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium";

export function AddPolicyForm({
  orgId,
  lastResult,
  error,
  cancelTo,
}: {
  orgId: string;
  lastResult?: SubmissionResult<string[]> | null;
  error?: string | null;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "add_policy";
  const [form, fields] = useForm({
    id: "add-policy",
    lastResult: lastResult ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateCoveragePolicyFormSchema }),
  });
  const drugs = fields.policy_drugs.initialValue;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="add_policy" />
      <div>
        <label htmlFor={fields.drug_name.id} className="block text-sm font-medium text-slate-700">
          Name
        </label>
        <input {...getInputProps(fields.drug_name, { type: "text" })} placeholder="e.g. Adalimumab" className={inputClass} />
        <FieldError id={fields.drug_name.errorId} errors={fields.drug_name.errors} />
      </div>
      <div>
        <label htmlFor={fields.file.id} className="block text-sm font-medium text-slate-700">
          Policy PDF
        </label>
        <input {...getInputProps(fields.file, { type: "file" })} accept="application/pdf,.pdf" className={fileInputClass} />
        <FieldError id={fields.file.errorId} errors={fields.file.errors} />
      </div>
      <div>
        <label htmlFor="policy-drugs" className="block text-sm font-medium text-slate-700">
          Drugs
        </label>
        <DrugsField orgId={orgId} defaultValue={typeof drugs === "string" ? drugs : Array.isArray(drugs) ? drugs.join(", ") : undefined} />
        <FieldError id={fields.policy_drugs.errorId} errors={fields.policy_drugs.errors} />
      </div>
      <FormAlert message={error ?? form.errors?.[0]} />
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} className={secondaryButton} preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className={primaryButton} disabled={submitting}>
          {submitting ? "Uploading..." : "Add policy"}
        </button>
      </div>
    </Form>
  );
}
