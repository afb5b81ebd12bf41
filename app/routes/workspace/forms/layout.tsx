import { data, Form, Link, NavLink, Outlet, useLocation, useSearchParams } from "react-router";
import type { Route } from "./+types/layout";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { readPageForm } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageHeader } from "~/components/page";
import { createLetterForm, listLetterForms } from "~/letters/manage-letter-forms.server";
import { LetterFormInputSchema } from "~/letters/letter-form-input";
import { Modal, withoutParams, withParams } from "~/ui/modal";
import { inputClass, primaryButton, secondaryButton } from "~/ui/styles";

export const meta: Route.MetaFunction = () => [{ title: "Letter Forms · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  return { orgId: organization.id, forms: await listLetterForms(await getDatabase(), organization.id) };
}

/** intent=create (Add New Form: name and purpose required) → the new form's editor. */
export async function action({ request, params }: Route.ActionArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "policies.edit");
  const form = await readPageForm(request);
  if (form.get("intent") !== "create") throw new Response("Bad Request", { status: 400 });
  const values = { name: String(form.get("name") ?? ""), description: String(form.get("description") ?? "") };
  try {
    const created = await createLetterForm(await getDatabase(), organization.id, LetterFormInputSchema.parse(values));
    return redirectWithToast(`/o/${organization.id}/forms/${created.token}`, { type: "success", message: "Letter form created" });
  } catch (err) {
    if (isAppError(err)) return data({ errors: [err.message, ...err.details], values }, { status: err.status });
    throw err;
  }
}

export default function LetterFormsLayout({ loaderData, actionData }: Route.ComponentProps) {
  const { orgId, forms } = loaderData;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const result = actionData as { errors: string[]; values: { name: string; description: string } } | undefined;
  const modal = result ? "add" : searchParams.get("modal");
  const closeTo = `${location.pathname}${withoutParams(location.search, "modal")}`;
  const addLink = (cls: string) => (
    <Link to={withParams(location.search, { modal: "add" })} className={cls} preventScrollReset>
      Add New Form
    </Link>
  );
  return (
    <div className="mx-auto max-w-6xl space-y-4 p-6">
      <PageHeader
        title="Letter Forms"
        description="Templates for the letters sent to members and prescribers. Denial letters use the form marked as default."
      />
      {forms.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center" data-testid="empty-forms">
          <h2 className="text-sm font-semibold text-slate-900">Generate letters</h2>
          <p className="mx-auto mt-1 max-w-lg text-sm text-slate-500">
            Write the letter your plan sends when a request is denied, with merge fields for the member, prescriber, drug, reason, failed criterion and the
            appeal rights your line of business requires. Until you add one, denial letters use the standard notice.
          </p>
          <div className="mt-4">{addLink(primaryButton)}</div>
        </div>
      ) : (
        <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
          <aside className="space-y-2">
            {addLink(`${secondaryButton} w-full`)}
            <nav className="rounded-lg border border-slate-200 bg-white p-1 shadow-xs" aria-label="Letter forms" data-testid="forms-list">
              {forms.map((f) => (
                <NavLink
                  key={f.token}
                  to={`/o/${orgId}/forms/${f.token}`}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-2 text-sm ${isActive ? "bg-indigo-50 text-indigo-700" : "text-slate-700 hover:bg-slate-50"}`
                  }
                >
                  <span className="flex items-center justify-between gap-2 font-medium">
                    <span className="truncate">{f.name}</span>
                    {f.is_default && <span className="shrink-0 rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-700">Default</span>}
                  </span>
                  <span className="line-clamp-2 text-xs text-slate-500">{f.description}</span>
                </NavLink>
              ))}
            </nav>
          </aside>
          <section>
            <Outlet />
          </section>
        </div>
      )}
      <Modal open={modal === "add"} title="Add New Form" closeTo={closeTo} size="md" testId="add-form-modal">
        <Form method="post" action={`/o/${orgId}/forms`} noValidate className="space-y-4">
          <input type="hidden" name="intent" value="create" />
          {result?.errors.length ? (
            <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {result.errors.map((e) => (
                <p key={e}>{e}</p>
              ))}
            </div>
          ) : null}
          <div>
            <label htmlFor="form-name" className="block text-sm font-medium text-slate-700">
              Name
            </label>
            <input id="form-name" name="name" required defaultValue={result?.values.name ?? ""} className={inputClass} placeholder="Commercial denial notice" />
          </div>
          <div>
            <label htmlFor="form-description" className="block text-sm font-medium text-slate-700">
              Purpose
            </label>
            <textarea
              id="form-description"
              name="description"
              required
              rows={3}
              defaultValue={result?.values.description ?? ""}
              className={inputClass}
              placeholder="Notice sent to the member when a prior authorization is denied"
            />
            <p className="mt-1 text-xs text-slate-500">The form starts from the standard denial notice; edit its template next.</p>
          </div>
          <div className="flex justify-end gap-2">
            <Link to={closeTo} className={secondaryButton} preventScrollReset>
              Cancel
            </Link>
            <button type="submit" className={primaryButton}>
              Add form
            </button>
          </div>
        </Form>
      </Modal>
    </div>
  );
}
