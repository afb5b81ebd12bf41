import { data, Form, Link, useLocation, useSearchParams } from "react-router";
import type { Route } from "./+types/$formId";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { readPageForm } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { deleteLetterForm, requireLetterForm, serializeLetterForm, updateLetterForm } from "~/letters/manage-letter-forms.server";
import { LetterFormInputSchema } from "~/letters/letter-form-input";
import { DENIAL_PLACEHOLDERS, PLACEHOLDER_DOCS, unknownPlaceholders } from "~/letters/letter-template";
import { LINES_OF_BUSINESS } from "~/plans/plan-constants";
import { DeleteModal, withoutParams, withParams } from "~/ui/modal";
import { inputClass, primaryButton, secondaryButton } from "~/ui/styles";

const notFound = (err: unknown) => {
  if (isAppError(err) && err.code === "not_found") throw new Response("Not Found", { status: 404 });
  throw err;
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  const form = await requireLetterForm(await getDatabase(), organization.id, params.formId).catch(notFound);
  return { orgId: organization.id, form: serializeLetterForm(form) };
}

/** intent=update (name, purpose, template, default) or intent=delete. */
export async function action({ request, params }: Route.ActionArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "policies.edit");
  const database = await getDatabase();
  const body = await readPageForm(request);
  const intent = body.get("intent");
  const base = `/o/${organization.id}/forms`;
  if (intent === "delete") {
    await deleteLetterForm(database, organization.id, params.formId).catch(notFound);
    return redirectWithToast(base, { type: "success", message: "Letter form deleted" });
  }
  if (intent !== "update") throw new Response("Bad Request", { status: 400 });
  const values = {
    name: String(body.get("name") ?? ""),
    description: String(body.get("description") ?? ""),
    template_body: String(body.get("template_body") ?? ""),
    is_default: body.get("is_default") === "on",
  };
  try {
    await updateLetterForm(database, organization.id, params.formId, LetterFormInputSchema.parse(values));
  } catch (err) {
    if (isAppError(err) && err.code === "validation") return data({ errors: [err.message, ...err.details], values }, { status: err.status });
    return notFound(err);
  }
  return redirectWithToast(`${base}/${params.formId}`, { type: "success", message: "Letter form saved" });
}

export default function LetterFormEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { orgId, form } = loaderData;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const result = actionData as { errors: string[]; values: { name: string; description: string; template_body: string; is_default: boolean } } | undefined;
  const v = result?.values ?? form;
  const unknown = unknownPlaceholders(v.template_body);
  const closeTo = `${location.pathname}${withoutParams(location.search, "modal")}`;
  const lob = searchParams.get("lob") ?? "Commercial";
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-xs" data-testid="form-editor">
      <Form method="post" noValidate className="space-y-4" key={form.token}>
        <input type="hidden" name="intent" value="update" />
        {result?.errors.length ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {result.errors.map((e) => (
              <p key={e}>{e}</p>
            ))}
          </div>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="edit-name" className="block text-sm font-medium text-slate-700">
              Name
            </label>
            <input id="edit-name" name="name" defaultValue={v.name} className={inputClass} />
          </div>
          <div>
            <label htmlFor="edit-description" className="block text-sm font-medium text-slate-700">
              Purpose
            </label>
            <input id="edit-description" name="description" defaultValue={v.description} className={inputClass} />
          </div>
        </div>
        <div className="grid gap-4 lg:grid-cols-[1fr_15rem]">
          <div>
            <label htmlFor="edit-template" className="block text-sm font-medium text-slate-700">
              Template
            </label>
            <textarea
              id="edit-template"
              name="template_body"
              rows={22}
              defaultValue={v.template_body}
              className={`${inputClass} font-mono text-xs leading-relaxed`}
            />
            {unknown.length > 0 && <p className="mt-1 text-sm text-amber-700">Not a merge field (prints blank): {unknown.map((u) => `{{${u}}}`).join(", ")}</p>}
          </div>
          <div className="text-xs">
            <p className="text-sm font-medium text-slate-700">Merge fields</p>
            <ul className="mt-1 space-y-1" data-testid="merge-fields">
              {DENIAL_PLACEHOLDERS.map((p) => (
                <li key={p}>
                  <code className="text-indigo-700">{`{{${p}}}`}</code>
                  <span className="block text-slate-500">{PLACEHOLDER_DOCS[p]}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <label className="inline-flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="is_default" defaultChecked={v.is_default} className="rounded border-slate-300" />
          Use this form for denial letters
        </label>
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-4">
          <Link to={withParams(location.search, { modal: "delete" })} className="text-sm font-medium text-red-700 hover:underline" preventScrollReset>
            Delete form
          </Link>
          <div className="flex items-center gap-2">
            <button type="submit" className={primaryButton}>
              Save form
            </button>
          </div>
        </div>
      </Form>
      <Form
        method="get"
        action={`/o/${orgId}/forms/${form.token}/preview.pdf`}
        target="_blank"
        reloadDocument
        className="flex flex-wrap items-end gap-2 border-t border-slate-100 pt-4"
      >
        <div>
          <label htmlFor="preview-lob" className="block text-xs font-medium text-slate-600">
            Preview with sample data for
          </label>
          <select id="preview-lob" name="lob" defaultValue={lob} className={`${inputClass} py-1.5`}>
            {LINES_OF_BUSINESS.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        </div>
        <button type="submit" className={secondaryButton}>
          Preview as PDF
        </button>
        <span className="text-xs text-slate-500">Previews the saved template.</span>
      </Form>
      <DeleteModal open={searchParams.get("modal") === "delete"} title="Delete form" closeTo={closeTo} testId="delete-form-modal" />
    </div>
  );
}
