import { data, Form, useNavigation } from "react-router";
import { ZodError } from "zod";
import type { Route } from "./+types/smart-clients";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { listSmartClients, registerSmartClient, revokeSmartClient } from "~/auth/smart-backend.server";
import { SMART_SCOPES_SUPPORTED } from "~/auth/smart-scopes";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { readPageForm } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageHeader } from "~/components/page";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";
import { formatDateTime } from "~/prior-auths/ui/decision";

export const meta: Route.MetaFunction = () => [{ title: "SMART Clients · PA Review" }];

/** The v1 scope names offered on the form (v2 forms are accepted through the API). */
const FORM_SCOPES = SMART_SCOPES_SUPPORTED.filter((s) => /\.(read|write)$/.test(s));

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "keys.manage");
  return { orgId: organization.id, clients: await listSmartClients(await getDatabase(), organization.id) };
}

/**
 * intent=register (name, jwks_url or jwks as JSON, scopes[]) → the new client_id shown; intent=revoke
 * with client_row_id. The same domain functions as /api/o/{orgId}/smart_clients.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { organization, user } = await requireOrgMember(request, params.orgId, "keys.manage");
  const form = await readPageForm(request);
  const intent = String(form.get("intent") ?? "");
  const database = await getDatabase();
  try {
    if (intent === "register") {
      const jwksText = String(form.get("jwks") ?? "").trim();
      let jwks: unknown;
      if (jwksText) {
        try {
          jwks = JSON.parse(jwksText);
        } catch {
          return data({ error: "The JWK Set is not valid JSON" }, { status: 422 });
        }
      }
      const client = await registerSmartClient(
        database,
        organization.id,
        {
          name: String(form.get("name") ?? ""),
          jwks_url: String(form.get("jwks_url") ?? "").trim() || undefined,
          jwks: jwks as never,
          scopes: form.getAll("scopes").map(String),
        },
        user.id,
      );
      return { registered: client.client_id };
    }
    if (intent === "revoke") {
      await revokeSmartClient(database, organization.id, String(form.get("client_row_id") ?? ""));
      return redirectWithToast(`/o/${organization.id}/settings/smart-clients`, { type: "success", message: "SMART client revoked" });
    }
  } catch (err) {
    if (err instanceof ZodError) return data({ error: err.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ") }, { status: 422 });
    if (isAppError(err)) return data({ error: err.message }, { status: err.status });
    throw err;
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

export default function SmartClients({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const registered = actionData && "registered" in actionData ? actionData.registered : null;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <div className="space-y-6">
      <PageHeader
        title="SMART Clients"
        description="Partner systems that call the FHIR Prior Authorization API with SMART Backend Services: they sign a JWT with their private key (RS384 or ES384) and exchange it at /fhir/auth/token for a short-lived access token. See /docs/fhir."
      />
      {registered ? (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
          Registered. Its client_id is <code className="font-mono font-semibold">{registered}</code>: the client uses it as iss and sub of its assertions.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <Form method="post" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-xs">
        <input type="hidden" name="intent" value="register" />
        <label className="block">
          <span className="mb-1 block font-medium text-slate-700">Name</span>
          <input name="name" required maxLength={100} placeholder="e.g. EHR vendor" className="block w-full rounded-md border border-slate-300 px-3 py-2" />
        </label>
        <label className="block">
          <span className="mb-1 block font-medium text-slate-700">JWK Set URL (https)</span>
          <input
            name="jwks_url"
            type="url"
            placeholder="https://ehr.example/.well-known/jwks.json"
            className="block w-full rounded-md border border-slate-300 px-3 py-2"
          />
        </label>
        <label className="block">
          <span className="mb-1 block font-medium text-slate-700">or the JWK Set (public keys, JSON)</span>
          <textarea
            name="jwks"
            rows={4}
            placeholder='{"keys": [{"kty": "EC", "crv": "P-384", "kid": "...", "x": "...", "y": "..."}]}'
            className="block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs"
          />
        </label>
        <fieldset>
          <legend className="mb-1 font-medium text-slate-700">Scopes it may be granted</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-1">
            {FORM_SCOPES.map((s) => (
              <label key={s} className="inline-flex items-center gap-1.5 font-mono text-xs">
                <input type="checkbox" name="scopes" value={s} defaultChecked={s === "system/Claim.write" || s === "system/ClaimResponse.read"} />
                {s}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" disabled={busy} className="rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700 disabled:opacity-60">
          Register client
        </button>
      </Form>
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr className="text-slate-500">
            <th className="py-2 pr-3 font-medium">Name</th>
            <th className="py-2 pr-3 font-medium">client_id</th>
            <th className="py-2 pr-3 font-medium">Keys</th>
            <th className="py-2 pr-3 font-medium">Scopes</th>
            <th className="py-2 pr-3 font-medium">Last used</th>
            <th className="py-2 font-medium" />
          </tr>
        </thead>
        <tbody>
          {loaderData.clients.length === 0 ? (
            <tr className="border-t border-slate-200">
              <td colSpan={6} className="py-3 text-slate-500">
                No SMART clients yet.
              </td>
            </tr>
          ) : null}
          {loaderData.clients.map((c) => (
            <tr key={c.id} className="border-t border-slate-200 align-top">
              <td className="py-2 pr-3">
                {c.name}
                {c.revoked ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">Revoked</span> : null}
              </td>
              <td className="py-2 pr-3 font-mono text-xs">{c.client_id}</td>
              <td className="py-2 pr-3 text-xs break-all">{c.jwks_url ?? `inline: ${c.jwks_kids?.join(", ")}`}</td>
              <td className="py-2 pr-3 font-mono text-xs">{c.scopes.join(" ")}</td>
              <td className="py-2 pr-3 text-xs">{c.last_used_at ? formatDateTime(c.last_used_at) : "never"}</td>
              <td className="py-2 text-right">
                {c.revoked ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="client_row_id" value={c.id} />
                    <button type="submit" className="text-xs font-medium text-red-700 hover:underline">
                      Revoke
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
