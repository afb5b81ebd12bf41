/**
 * Reads the Add Plan form (and POST /api/o/{org}/plans bodies) into the domain's PlanInput, and
 * turns PlanInputSchema issues into per-field messages for the form. No server-only imports.
 */
import { PlanInputSchema, type PlanInput } from "~/plans/plan-schemas";

const FIELDS = [
  "title",
  "identification",
  "document_type",
  "line_of_business",
  "plan_type",
  "state",
  "effective_date",
  "termination_date",
  "file_url",
] as const;

function str(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  return typeof v === "string" ? v : String(v);
}

/** Checkbox/JSON boolean → boolean; absent → undefined (the schema defaults it to true). */
function bool(v: unknown): boolean | undefined {
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v === "boolean") return v;
  return ["true", "on", "1", "yes"].includes(String(v).toLowerCase());
}

/** Plain object (JSON or form fields) → PlanInput. Blank optional dates become null. */
export function readPlanInput(body: Record<string, unknown>): PlanInput {
  const out: Record<string, unknown> = {};
  for (const f of FIELDS) out[f] = str(body[f]) ?? "";
  if (!out.document_type) delete out.document_type;
  if (!out.termination_date) out.termination_date = null;
  if (!out.file_url) out.file_url = null;
  const active = bool(body.is_active);
  if (active !== undefined) out.is_active = active;
  return out as PlanInput;
}

/** The Add Plan form: an unchecked "Active" box means inactive (HTML sends nothing). */
export function readPlanForm(form: FormData): PlanInput {
  const body: Record<string, unknown> = Object.fromEntries([...form].filter(([, v]) => typeof v === "string"));
  return { ...readPlanInput(body), is_active: form.get("is_active") === "on" || form.get("is_active") === "true" };
}

export type PlanFieldErrors = Partial<Record<(typeof FIELDS)[number] | "is_active" | "file" | "form", string>>;

/** Field → first message, or null when the input is valid. */
export function planFieldErrors(input: PlanInput): PlanFieldErrors | null {
  const parsed = PlanInputSchema.safeParse(input);
  if (parsed.success) return null;
  const errors: PlanFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = (issue.path[0] as keyof PlanFieldErrors | undefined) ?? "form";
    errors[key] ??= issue.message;
  }
  // A blank date reads better as "required" than as a format hint.
  if (!input.effective_date) errors.effective_date = "Effective date is required";
  if (!input.state) errors.state = "State is required";
  return errors;
}
