/**
 * Values read with low confidence, marked on the case page, and the reviewer's correction of them
 * (issue 24, item 6). `FieldCheck` sits beside a value: "Check" (amber, with why) when extraction
 * may have read it wrongly, "Corrected" (with the value before and who corrected it) once a
 * reviewer did, and a "Correct" link opening `CorrectFieldsForm` (?modal=correct&field=…).
 */
import { createContext, useContext } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { PriorAuthDetail } from "~/prior-auths/schemas";
import { CORRECTABLE_FIELDS, type CorrectableField } from "~/prior-auths/correctable-fields";
import { withParams } from "~/ui/modal";
import { FormAlert, inputClass, primaryButton, secondaryButton } from "~/ui/styles";
import { Badge } from "./badges";

type Detail = PriorAuthDetail;

/** The value a field has on the case now. */
export function currentFieldValue(detail: Detail, field: CorrectableField): string | null {
  const [table, column] = field.split(".") as [string, string];
  const row = table === "patient" ? detail.patient : table === "practitioner" ? detail.practitioners[0] : detail.medication_requests[0];
  const v = row ? (row as Record<string, unknown>)[column] : null;
  return v == null ? null : String(v);
}

/** Whether the viewer may correct values (cases.write); without it the marks show, the Correct link does not. */
export const CanCorrectContext = createContext(true);

/**
 * The marks of one value: `fields` are the correctable fields shown in it (the name shows first and
 * last name); `param` the ?field= the Correct link opens (default: the single field).
 */
export function FieldCheck({ detail, fields, param }: { detail: Detail; fields: readonly CorrectableField[]; param?: string }) {
  const { search } = useLocation();
  const canCorrect = useContext(CanCorrectContext);
  const flags = detail.field_flags.filter((f) => fields.includes(f.field));
  const corrections = detail.field_corrections.filter((c) => fields.includes(c.field));
  const latest = fields.map((f) => corrections.find((c) => c.field === f)).filter((c): c is NonNullable<typeof c> => Boolean(c));
  return (
    <span className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs" data-testid={`field-check-${param ?? fields[0]}`}>
      {flags.length > 0 && (
        <Badge tone="amber" title={flags.map((f) => f.reason).join(" ")} data-testid="low-confidence">
          Check
        </Badge>
      )}
      {latest.length > 0 && (
        <Badge tone="indigo" data-testid="corrected">
          Corrected
        </Badge>
      )}
      {canCorrect && (
        <Link
          to={withParams(search, { modal: "correct", field: param ?? fields[0] })}
          preventScrollReset
          className="font-medium text-indigo-600 hover:text-indigo-500"
          aria-label={`Correct ${fields.map((f) => CORRECTABLE_FIELDS[f].label.toLowerCase()).join(" and ")}`}
        >
          Correct
        </Link>
      )}
      {flags.map((f) => (
        <span key={f.field} className="basis-full text-amber-800">
          {f.reason}
        </span>
      ))}
      {latest.map((c) => (
        <span key={c.field} className="basis-full text-slate-500">
          {CORRECTABLE_FIELDS[c.field].label}: was {c.previous_value ? `“${c.previous_value}”` : "empty"}, corrected by {c.by ?? "a reviewer"}
        </span>
      ))}
    </span>
  );
}

/** The correction form of the ?modal=correct dialog: one input per field, the flag's reason and suggestion. */
export function CorrectFieldsForm({
  detail,
  fields,
  error,
  cancelTo,
}: {
  detail: Detail;
  fields: readonly CorrectableField[];
  error?: string | null;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "correct_field";
  return (
    <Form method="post" className="space-y-4" data-testid="correct-form">
      <input type="hidden" name="intent" value="correct_field" />
      <FormAlert message={error} />
      <p className="text-sm text-slate-600">
        Type the value as it is on the fax. Your correction is kept in the case&apos;s history and stands when the AI runs again.
      </p>
      {fields.map((field) => {
        const flag = detail.field_flags.find((f) => f.field === field);
        const value = currentFieldValue(detail, field);
        return (
          <div key={field} className="space-y-1">
            <input type="hidden" name="field" value={field} />
            <label htmlFor={`correct-${field}`} className="block text-sm font-medium text-slate-700">
              {CORRECTABLE_FIELDS[field].label}
            </label>
            <input
              id={`correct-${field}`}
              name="value"
              defaultValue={value ?? ""}
              maxLength={CORRECTABLE_FIELDS[field].max}
              className={inputClass}
              autoComplete="off"
            />
            {flag && (
              <p className="text-xs text-amber-800">
                {flag.reason}
                {flag.suggestion ? ` Suggested: ${flag.suggestion}.` : ""}
              </p>
            )}
          </div>
        );
      })}
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} preventScrollReset className={secondaryButton}>
          Cancel
        </Link>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? "Saving…" : "Save correction"}
        </button>
      </div>
    </Form>
  );
}
