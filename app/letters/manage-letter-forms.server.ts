/** Letter forms (Settings → Letter forms): an organization's letter templates. */
import type { Database } from "~/lib/db.server";
import { AppError, requireMaxLength } from "~/lib/errors";
import { DEFAULT_DENIAL_FORM, fillTemplate, withAiDisclosure, sampleMergeValues } from "./letter-template";
import { renderLetterPdf } from "./render-letter-pdf.server";

export interface LetterFormInput {
  name: string;
  /** the form's purpose (PRODUCT-SPEC §3 "description (purpose)") */
  description: string;
  /** `{{placeholder}}` text; empty → the default denial template */
  template_body?: string | null;
  kind?: string;
}

/** API shape of a letter form. */
export function serializeLetterForm(f: {
  id: string;
  name: string;
  description: string;
  kind: string;
  template_body: string;
  is_default?: boolean;
  created_at: Date;
}) {
  return {
    token: f.id,
    name: f.name,
    description: f.description,
    kind: f.kind,
    template_body: f.template_body,
    is_default: f.is_default ?? false,
    created_at: f.created_at.toISOString(),
  };
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
  // the organization's first form becomes the one denial letters use
  const first = (await database.prisma.letterForm.count({ where: { organization_id: organizationId } })) === 0;
  const form = await database.prisma.letterForm.create({
    data: {
      organization_id: organizationId,
      name: name.slice(0, 200),
      description: description.slice(0, 2000),
      kind: input.kind ?? "denial",
      template_body: body,
      is_default: first,
    },
  });
  return serializeLetterForm(form);
}

/** One of the organization's forms, else AppError("not_found"). */
export async function requireLetterForm(database: Database, organizationId: string, id: string) {
  const form = await database.prisma.letterForm.findFirst({ where: { id, organization_id: organizationId } });
  if (!form) throw new AppError("not_found", "Letter form not found");
  return form;
}

/**
 * Updates a form's name, purpose and template (same rules as createLetterForm); `is_default: true`
 * makes it the form denial letters use (the organization's other forms stop being the default).
 */
export async function updateLetterForm(database: Database, organizationId: string, id: string, input: LetterFormInput & { is_default?: boolean }) {
  await requireLetterForm(database, organizationId, id);
  const name = String(input.name ?? "").trim();
  const description = String(input.description ?? "").trim();
  const problems = [
    !name && "Name is required",
    !description && "Purpose is required",
    !String(input.template_body ?? "").trim() && "Template is required",
  ].filter((x): x is string => Boolean(x));
  if (problems.length) throw new AppError("validation", problems[0]!, { details: problems.slice(1) });
  requireMaxLength(name, 200, "Name");
  requireMaxLength(description, 2000, "Purpose");
  requireMaxLength(input.template_body, 50_000, "Template");
  const form = await database.prisma.$transaction(async (tx) => {
    if (input.is_default) await tx.letterForm.updateMany({ where: { organization_id: organizationId, id: { not: id } }, data: { is_default: false } });
    return tx.letterForm.update({
      where: { id },
      data: { name, description, template_body: String(input.template_body), ...(input.is_default !== undefined ? { is_default: input.is_default } : {}) },
    });
  });
  return serializeLetterForm(form);
}

/** Makes `id` the organization's default denial form. */
export async function setDefaultLetterForm(database: Database, organizationId: string, id: string) {
  await requireLetterForm(database, organizationId, id);
  await database.prisma.$transaction([
    database.prisma.letterForm.updateMany({ where: { organization_id: organizationId }, data: { is_default: false } }),
    database.prisma.letterForm.update({ where: { id }, data: { is_default: true } }),
  ]);
}

/** Deletes a form (letters already sent keep their text and PDF). */
export async function deleteLetterForm(database: Database, organizationId: string, id: string) {
  await requireLetterForm(database, organizationId, id);
  await database.prisma.letterForm.delete({ where: { id } });
}

/**
 * The form a denial letter is rendered from: `letterFormId` (must be this organization's, else
 * AppError not_found), else the organization's chosen (default) form, else its first denial form,
 * else a newly created default.
 */
export async function resolveDenialForm(database: Database, organizationId: string, letterFormId?: string | null) {
  if (letterFormId) {
    const form = await database.prisma.letterForm.findFirst({ where: { id: letterFormId, organization_id: organizationId } });
    if (!form) throw new AppError("not_found", "Letter form not found");
    return form;
  }
  const chosen = await database.prisma.letterForm.findFirst({ where: { organization_id: organizationId, is_default: true } });
  if (chosen) return chosen;
  const existing = await database.prisma.letterForm.findFirst({ where: { organization_id: organizationId, kind: "denial" }, orderBy: { created_at: "asc" } });
  if (existing) return existing;
  return database.prisma.letterForm.create({ data: { organization_id: organizationId, kind: "denial", ...DEFAULT_DENIAL_FORM } });
}

/**
 * A PDF preview of a form filled with sample values (letter-template.ts sampleMergeValues) for the
 * given line of business. Placeholders are plain text substitutions rendered by pdf-lib: no markup
 * is ever interpreted.
 */
export async function previewLetterFormPdf(database: Database, organizationId: string, id: string, lineOfBusiness?: string | null) {
  const form = await requireLetterForm(database, organizationId, id);
  const org = await database.prisma.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { name: true, title: true } });
  const organizationName = org.title || org.name;
  const sample = sampleMergeValues(organizationName, lineOfBusiness || "Commercial");
  const body = withAiDisclosure(form.template_body, fillTemplate(form.template_body, sample), sample.ai_disclosure);
  return { filename: `letter-form-${form.id}-preview.pdf`, data: await renderLetterPdf(body, { organizationName, title: `Preview — ${form.name}` }) };
}
