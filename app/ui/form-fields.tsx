/**
 * Conform form fields shared by the workspace's decision forms (override, extension, appeal).
 *
 * `ChoiceField`: a required choice shown as radio cards (a fieldset with a legend, one bordered label per option,
 * the field's error below), for Conform fields: the override's Approve/Deny, an appeal's outcome,
 * an extension's ground. `tone` colours an option when checked; without one it is highlighted in
 * indigo. `defaultValue` falls back to the field's initial value.
 */
import { getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { FieldError, inputClass } from "./styles";

export interface ChoiceOption {
  value: string;
  label: string;
  /** border and checked-state classes, e.g. "border-red-300 has-checked:bg-red-50 has-checked:ring-red-500" */
  tone?: string;
}

export function ChoiceField({
  legend,
  field,
  options,
  columns = false,
  defaultValue,
}: {
  legend: string;
  field: { name: string; errorId: string; errors?: string[]; initialValue?: unknown };
  options: readonly ChoiceOption[];
  /** side by side (two columns) instead of one per row */
  columns?: boolean;
  defaultValue?: string;
}) {
  const checked = defaultValue ?? (typeof field.initialValue === "string" ? field.initialValue : undefined);
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">
        {legend} <span className="text-red-600">*</span>
      </legend>
      <div className={`mt-2 ${columns ? "grid grid-cols-2 gap-2" : "space-y-2"}`}>
        {options.map((o) => (
          <label
            key={o.value}
            className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm ${
              o.tone ? `font-medium has-checked:ring-2 ${o.tone}` : "border-slate-300 has-checked:border-indigo-400 has-checked:bg-indigo-50"
            }`}
          >
            <input type="radio" name={field.name} value={o.value} defaultChecked={checked === o.value} className="h-4 w-4" aria-describedby={field.errorId} />
            {o.label}
          </label>
        ))}
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/** A labelled textarea for a Conform field (the label gets a red * when `required`), its error below. */
export function TextAreaField({
  label,
  field,
  required = false,
  rows = 3,
  placeholder,
}: {
  label: string;
  field: FieldMetadata<string | undefined>;
  required?: boolean;
  rows?: number;
  placeholder?: string;
}) {
  return (
    <div>
      <label htmlFor={field.id} className="text-sm font-medium text-slate-700">
        {label} {required && <span className="text-red-600">*</span>}
      </label>
      <textarea {...getTextareaProps(field)} rows={rows} className={`${inputClass} mt-1`} placeholder={placeholder} />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
