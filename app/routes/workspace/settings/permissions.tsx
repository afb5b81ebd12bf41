import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/permissions";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { can } from "~/auth/permissions.server";
import { BUILT_IN_ROLES, BUILT_IN_ROLE_KEYS, CUSTOM_ROLE_PERMISSIONS, PERMISSIONS, PERMISSION_KEYS, type Permission } from "~/auth/permission-matrix";
import { redirectWithToast } from "~/lib/toast.server";
import { PageHeader } from "~/components/page";
import { Table } from "~/ui/table";
import { JsonView, useCodeView } from "~/components/code-view";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { readPageForm } from "~/lib/http.server";
import { createRole, listRoles } from "~/team/roles.server";
import { CreateRoleSchema } from "~/team/team-input";
import { FieldError, FormAlert, inputClass, primaryButton } from "~/ui/styles";

export const meta: Route.MetaFunction = () => [{ title: "Permissions · PA Review" }];

/** The permission matrix (built-in and custom roles × permissions); any member may read it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await requireOrgMember(request, params.orgId, "member");
  return { canManage: can(ctx, "team.manage"), roles: await listRoles(await getDatabase(), ctx.organization.id) };
}

/** Create role {name, description, permissions[]} → toast 'Role created successfully'. Needs team.manage. */
export async function action({ request, params }: Route.ActionArgs) {
  const ctx = await requireOrgMember(request, params.orgId, "team.manage");
  const { organization } = ctx;
  const form = await readPageForm(request);
  const values = { name: String(form.get("name") ?? ""), description: String(form.get("description") ?? "") };
  const parsed = CreateRoleSchema.safeParse({ ...values, permissions: form.getAll("permissions").map(String) });
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
    return data({ errors, values, error: null as string | null }, { status: 422 });
  }
  try {
    await createRole(await getDatabase(), organization.id, parsed.data, { actor: ctx, request });
  } catch (err) {
    if (isAppError(err))
      return data({ errors: { name: [err.message] } as Record<string, string[]>, values, error: null as string | null }, { status: err.status });
    throw err;
  }
  return redirectWithToast(`/o/${organization.id}/settings/permissions`, { type: "success", message: "Role created successfully" });
}

function Tick({ on, label }: { on: boolean; label: string }) {
  return on ? (
    <span className="inline-flex h-5 w-5 items-center justify-center rounded-full bg-emerald-100 text-emerald-700" title={`${label}: allowed`}>
      <svg viewBox="0 0 20 20" fill="currentColor" className="h-3.5 w-3.5" aria-hidden="true">
        <path
          fillRule="evenodd"
          d="M16.7 5.3a1 1 0 0 1 0 1.4l-7.5 7.5a1 1 0 0 1-1.4 0L3.3 9.7a1 1 0 1 1 1.4-1.4l3.8 3.8 6.8-6.8a1 1 0 0 1 1.4 0Z"
          clipRule="evenodd"
        />
      </svg>
      <span className="sr-only">allowed</span>
    </span>
  ) : (
    <span className="text-slate-300" title={`${label}: not allowed`}>
      —<span className="sr-only">not allowed</span>
    </span>
  );
}

export default function Permissions({ loaderData, actionData }: Route.ComponentProps) {
  const { roles, canManage } = loaderData;
  const { codeView } = useCodeView();
  const busy = useNavigation().state === "submitting";
  const rows: { key: string; name: string; description: string; permissions: readonly Permission[]; custom: boolean }[] = [
    ...BUILT_IN_ROLE_KEYS.map((k) => ({
      key: k,
      name: BUILT_IN_ROLES[k].label,
      description: BUILT_IN_ROLES[k].description,
      permissions: BUILT_IN_ROLES[k].permissions,
      custom: false,
    })),
    ...roles.map((r) => ({ key: r.id, name: r.name, description: r.description, permissions: r.permissions, custom: true })),
  ];
  return (
    <div className="space-y-6">
      <PageHeader
        title="Permissions"
        description="What each role may do. A member holds one or more built-in roles (owners are administrators) and optionally a custom role; API keys carry scopes and never exceed the permissions of the person who created them."
      />
      {codeView ? (
        <JsonView value={{ built_in_roles: BUILT_IN_ROLES, roles, permissions: PERMISSIONS }} />
      ) : (
        <Table
          testId="permission-matrix"
          uppercaseHeader={false}
          rows={rows}
          rowKey={(r) => r.key}
          rowProps={() => ({ "data-testid": "matrix-row" })}
          columns={[
            {
              key: "role",
              header: "Role",
              rowHeader: true,
              // the role stays in view while the permissions scroll sideways
              className: "sticky left-0",
              headerClassName: "bg-slate-50 tracking-wide uppercase",
              cellClassName: "bg-white font-normal",
              cell: (r) => (
                <>
                  <span className="font-medium text-slate-900">{r.name}</span>
                  {r.custom && <span className="ml-2 rounded-full bg-violet-50 px-2 py-0.5 text-xs text-violet-700">custom</span>}
                  <span className="mt-0.5 block max-w-xs text-xs text-slate-500">{r.description}</span>
                </>
              ),
            },
            ...PERMISSION_KEYS.map((p) => ({
              key: p,
              header: <span className="block max-w-24 leading-tight">{PERMISSIONS[p].label}</span>,
              title: PERMISSIONS[p].description,
              align: "center" as const,
              padding: { head: "px-2 py-2", cell: "px-2 py-3" },
              headerClassName: "align-bottom font-medium",
              cell: (r: (typeof rows)[number]) => <Tick on={r.permissions.includes(p)} label={`${r.name} · ${PERMISSIONS[p].label}`} />,
            })),
          ]}
        />
      )}
      <p className="text-xs text-slate-500">
        Only the clinical reviewer (a physician or pharmacist) may sign off a denial: adverse determinations need a qualified professional (e.g. 42 CFR
        423.566(d)). Custom roles and API keys can never carry it.
      </p>

      {canManage ? (
        <Form method="post" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-xs" noValidate>
          <h2 className="text-base font-semibold text-slate-900">Create role</h2>
          {actionData?.error && <FormAlert message={actionData.error} />}
          <div className="grid gap-4 md:grid-cols-2">
            <label className="block text-sm">
              <span className="mb-1 block font-medium text-slate-700">Name</span>
              <input
                name="name"
                required
                maxLength={60}
                defaultValue={actionData?.values?.name}
                aria-invalid={Boolean(actionData?.errors?.name) || undefined}
                className={inputClass}
              />
              <FieldError errors={actionData?.errors?.name} />
            </label>
            <label className="block text-sm">
              <span className="mb-1 block font-medium text-slate-700">Description</span>
              <input
                name="description"
                required
                maxLength={300}
                defaultValue={actionData?.values?.description}
                aria-invalid={Boolean(actionData?.errors?.description) || undefined}
                className={inputClass}
              />
              <FieldError errors={actionData?.errors?.description} />
            </label>
          </div>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">Permissions</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {CUSTOM_ROLE_PERMISSIONS.map((p) => (
                <label key={p} className="flex items-start gap-2 text-sm">
                  <input type="checkbox" name="permissions" value={p} className="mt-0.5 rounded border-slate-300" />
                  <span>
                    <span className="font-medium text-slate-800">{PERMISSIONS[p].label}</span>
                    <span className="block text-xs text-slate-500">{PERMISSIONS[p].description}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldError errors={actionData?.errors?.permissions} />
          </fieldset>
          <div className="flex justify-end">
            <button type="submit" disabled={busy} className={primaryButton}>
              Create role
            </button>
          </div>
        </Form>
      ) : (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">Only administrators can create roles.</p>
      )}
    </div>
  );
}
