/** Letter forms (Settings → Letter forms): an organization's letter templates. */
import type { Database } from "~/lib/db.server";
import { AppError, requireMaxLength } from "~/lib/errors";
import { DEFAULT_DENIAL_FORM } from "./letter-template";

export interface LetterFormInput {
  name: string;
  /** the form's purpose (PRODUCT-SPEC §3 "description (purpose)") */
  description: string;
  /** `{{placeholder}}` text; empty → the default denial template */
  template_body?: string | null;
  kind?: string;
}

/** API shape of a letter form. */
export function serializeLetterForm(f: { id: string; name: string; description: string; kind: string; template_body: string; created_at: Date }) {
  return { token: f.id, name: f.name, description: f.description, kind: f.kind, template_body: f.template_body, created_at: f.created_at.toISOString() };
}

/** The organization's letter forms, oldest first. */
export async function listLetterForms(database: Database, organizationId: string) {
  const forms = await database.prisma.letterForm.findMany({ where: { organization_id: organizationId }, orderBy: [{ created_at: "asc" }, { id: "asc" }] });
  return forms.map(serializeLetterForm);
}

/**
 * Creates a letter form. PRODUCT-SPEC §5: name and purpose are required
 * (AppError validation 'Name is required' / 'Purpose is required').
 */
export async function createLetterForm(database: Database, organizationId: string, input: LetterFormInput) {
  const name = String(input.name ?? "").trim();
  const description = String(input.description ?? "").trim();
  const problems = [!name && "Name is required", !description && "Purpose is required"].filter((x): x is string => Boolean(x));
  if (problems.length) throw new AppError("validation", problems[0]!, { details: problems.slice(1) });
  requireMaxLength(name, 200, "Name");
  requireMaxLength(description, 2000, "Purpose");
  requireMaxLength(input.template_body, 50_000, "Template");
  const body = String(input.template_body ?? "").trim() || DEFAULT_DENIAL_FORM.template_body;
  const form = await database.prisma.letterForm.create({
    data: { organization_id: organizationId, name: name.slice(0, 200), description: description.slice(0, 2000), kind: input.kind ?? "denial", template_body: body },
  });
  return serializeLetterForm(form);
}

/**
 * The form a denial letter is rendered from: `letterFormId` (must be this organization's, else
 * AppError not_found), else the organization's first denial form, else a newly created default.
 */
export async function resolveDenialForm(database: Database, organizationId: string, letterFormId?: string | null) {
  if (letterFormId) {
    const form = await database.prisma.letterForm.findFirst({ where: { id: letterFormId, organization_id: organizationId } });
    if (!form) throw new AppError("not_found", "Letter form not found");
    return form;
  }
  const existing = await database.prisma.letterForm.findFirst({ where: { organization_id: organizationId, kind: "denial" }, orderBy: { created_at: "asc" } });
  if (existing) return existing;
  return database.prisma.letterForm.create({ data: { organization_id: organizationId, kind: "denial", ...DEFAULT_DENIAL_FORM } });
}
