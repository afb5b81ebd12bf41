import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/api-keys";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { createApiKey, deleteApiKey, listApiKeys, revokeApiKey } from "~/auth/api-keys.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageHeader } from "~/components/page";
import { JsonView, useCodeView } from "~/components/code-view";
import { isAppError } from "~/lib/errors";
import { CUSTOM_ROLE_PERMISSIONS, DEFAULT_API_KEY_SCOPES, PERMISSIONS } from "~/auth/permission-matrix";
import { readPageForm } from "~/lib/http.server";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";
import { ConfirmActions, Modal, withParams, withoutParams } from "~/ui/modal";
import { formatDateTime } from "~/prior-auths/ui/decision";

export const meta: Route.MetaFunction = () => [{ title: "API Keys · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization, permissions } = await requireOrgMember(request, params.orgId, "keys.manage");
  // A key can carry only what its creator may do (and never the clinical sign-off).
  const grantable = CUSTOM_ROLE_PERMISSIONS.filter((p) => permissions.has(p));
  return { orgId: organization.id, sandbox: organization.sandbox, apiKeys: await listApiKeys(organization.id), grantable };
}

/** intent=create (optional name) shows the new key once; intent=revoke|delete with key_id. */
export async function action({ request, params }: Route.ActionArgs) {
  const { organization, user, permissions } = await requireOrgMember(request, params.orgId, "keys.manage");
  const form = await readPageForm(request);
  const intent = String(form.get("intent") ?? "");
  const keyId = String(form.get("key_id") ?? "");
  const here = `/o/${organization.id}/settings/api-keys`;
  try {
    if (intent === "create") {
      const asked = form.getAll("scopes").map(String);
      const grantable = CUSTOM_ROLE_PERMISSIONS.filter((p) => permissions.has(p));
      const scopes = asked.length > 0 ? grantable.filter((p) => asked.includes(p)) : grantable;
      const { apiKey, plaintext } = await createApiKey(organization.id, { name: String(form.get("name") ?? "").slice(0, 100), scopes, createdById: user.id });
      return { created: { plaintext, masked: apiKey.masked } };
    }
    if (intent === "revoke") {
      await revokeApiKey(organization.id, keyId);
      return redirectWithToast(here, { type: "success", message: "API key revoked" });
    }
    if (intent === "delete") {
      await deleteApiKey(organization.id, keyId);
      return redirectWithToast(here, { type: "success", message: "API key deleted" });
    }
  } catch (err) {
    if (isAppError(err)) return data({ error: err.message }, { status: err.status });
    throw err;
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

export default function ApiKeys({ loaderData, actionData }: Route.ComponentProps) {
  const { apiKeys } = loaderData;
  const { codeView } = useCodeView();
  const busy = useNavigation().state === "submitting";
  const created = actionData && "created" in actionData ? actionData.created : null;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const [searchParams] = useSearchParams();
  const confirm = searchParams.get("confirm");
  const confirming = apiKeys.find((k) => k.token === searchParams.get("key"));
  const closeTo = `/o/${loaderData.orgId}/settings/api-keys${withoutParams(searchParams, "confirm", "key")}`;
  return (
    <div className="space-y-6">
      <PageHeader
        title="API Keys"
        description={`Keys authenticate calls to /api/o/${loaderData.orgId}/… with "Authorization: Bearer <key>". Each key works for this ${loaderData.sandbox ? "sandbox" : "live"} organization only.`}
      />
      <Form method="post" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-xs">
        <input type="hidden" name="intent" value="create" />
        <label className="min-w-56 flex-1 text-sm">
          <span className="mb-1 block font-medium text-slate-700">Name (optional)</span>
          <input
            name="name"
            maxLength={100}
            placeholder="e.g. Intake integration"
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60"
        >
          Add API Key
        </button>
        <fieldset className="w-full">
          <legend className="mb-1 text-sm font-medium text-slate-700">Scopes</legend>
          <p className="mb-2 text-xs text-slate-500">A key never exceeds your own permissions, now or later; it can never sign off a denial.</p>
          <div className="flex flex-wrap gap-x-5 gap-y-1.5">
            {loaderData.grantable.map((p) => (
              <label key={p} className="flex items-center gap-1.5 text-sm text-slate-700" title={PERMISSIONS[p].description}>
                <input
                  type="checkbox"
                  name="scopes"
                  value={p}
                  defaultChecked={(DEFAULT_API_KEY_SCOPES as readonly string[]).includes(p)}
                  className="rounded border-slate-300"
                />
                {PERMISSIONS[p].label}
              </label>
            ))}
          </div>
        </fieldset>
      </Form>
      {created && (
        <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
          <p className="font-medium">Copy this key now. It will not be shown again.</p>
          <code data-testid="new-api-key" className="mt-2 block rounded bg-white px-3 py-2 font-mono text-xs break-all text-slate-900 ring-1 ring-emerald-200">
            {created.plaintext}
          </code>
        </div>
      )}
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      {codeView ? (
        <JsonView value={{ api_keys: apiKeys }} />
      ) : apiKeys.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500">No API keys yet.</p>
      ) : (
        <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xs">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-2">Key</th>
                <th className="px-4 py-2">Name</th>
                <th className="px-4 py-2">Scopes</th>
                <th className="px-4 py-2">Status</th>
                <th className="px-4 py-2">Created</th>
                <th className="px-4 py-2">Last used</th>
                <th className="px-4 py-2 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {apiKeys.map((k) => (
                <tr key={k.token}>
                  <td className="px-4 py-2 font-mono text-xs text-slate-700">{k.masked}</td>
                  <td className="px-4 py-2 text-slate-700">{k.name ?? "—"}</td>
                  <td className="px-4 py-2 text-xs text-slate-600">
                    {k.scopes.map((p) => (p in PERMISSIONS ? PERMISSIONS[p as keyof typeof PERMISSIONS].label : p)).join(", ") || "None"}
                  </td>
                  <td className="px-4 py-2">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-medium ${k.revoked ? "bg-slate-100 text-slate-600" : "bg-emerald-50 text-emerald-700"}`}
                    >
                      {k.status}
                    </span>
                  </td>
                  <td className="px-4 py-2 text-slate-500">{formatDateTime(k.created_at)}</td>
                  <td className="px-4 py-2 text-slate-500">{k.last_used_at ? formatDateTime(k.last_used_at) : "Never"}</td>
                  <td className="px-4 py-2 text-right">
                    <Link
                      to={withParams(searchParams, { confirm: k.revoked ? "delete" : "revoke", key: k.token })}
                      preventScrollReset
                      className="text-sm font-medium text-red-600 hover:text-red-500"
                    >
                      {k.revoked ? "Delete" : "Revoke"}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Modal
        open={Boolean(confirming) && (confirm === "revoke" || confirm === "delete")}
        title={confirm === "revoke" ? "Revoke API key" : "Delete API key"}
        closeTo={closeTo}
        size="sm"
        testId="api-key-confirm"
      >
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value={confirm ?? ""} />
          <input type="hidden" name="key_id" value={confirming?.token ?? ""} />
          <p className="text-sm text-slate-700">
            {confirm === "revoke"
              ? "Integrations using this key will get 401 from the next call on. A revoked key cannot be restored."
              : "Are you sure? This will permanently delete it. So proceed with caution."}
          </p>
          {confirming && (
            <p className="rounded-md bg-slate-50 px-3 py-2 font-mono text-xs text-slate-700">
              {confirming.masked}
              {confirming.name ? ` · ${confirming.name}` : ""}
            </p>
          )}
          <ConfirmActions closeTo={closeTo} confirmLabel={confirm === "revoke" ? "Revoke" : "Delete"} />
        </Form>
      </Modal>
    </div>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
