/**
 * Settings → Webhooks: endpoints with event-type badges and error-rate badge; New / Edit modal
 * (`?modal=new`, `?modal=edit&id=`), delete confirmation (`?modal=delete&id=`). Intents: create
 * (shows the signing secret once), update, delete. Same domain functions as /api/o/{org}/webhook_endpoints.
 */
import { data, Link, useLocation } from "react-router";
import type { Route } from "./+types/index";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageHeader } from "~/components/page";
import { JsonView, useCodeView } from "~/components/code-view";
import { getDatabase } from "~/lib/db.server";
import { readPageForm } from "~/lib/http.server";
import { isAppError } from "~/lib/errors";
import { DeleteModal, Modal, withoutParams } from "~/ui/modal";
import { primaryButton } from "~/ui/styles";
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints, updateWebhookEndpoint } from "~/webhooks/manage-webhooks.server";
import { WebhookEndpointInputSchema } from "~/webhooks/webhook-input";
import { ErrorRateBadge, EventTypeBadges, SecretOnce, WebhookForm } from "~/webhooks/ui/webhook-form";

export const meta: Route.MetaFunction = () => [{ title: "Webhooks · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "webhooks.manage");
  try {
    return { orgId: organization.id, webhooks: await listWebhookEndpoints(await getDatabase(), organization.id), loadError: null };
  } catch (err) {
    console.error("[webhooks] list failed:", err);
    return { orgId: organization.id, webhooks: [], loadError: "Failed to load webhooks" };
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "webhooks.manage");
  const form = await readPageForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const here = `/o/${organization.id}/settings/webhooks`;
  const database = await getDatabase();
  try {
    if (intent === "delete") {
      await deleteWebhookEndpoint(database, organization.id, id);
      return redirectWithToast(here, { type: "success", message: "Webhook deleted" });
    }
    if (intent === "create" || intent === "update") {
      const parsed = WebhookEndpointInputSchema.safeParse({
        url: form.get("url") ?? "",
        description: form.get("description"),
        event_types: form.getAll("event_types"),
      });
      if (!parsed.success) return data({ fieldErrors: parsed.error.flatten().fieldErrors as Record<string, string[]> }, { status: 422 });
      if (intent === "update") {
        await updateWebhookEndpoint(database, organization.id, id, parsed.data);
        return redirectWithToast(here, { type: "success", message: "Webhook updated" });
      }
      const { webhook, secret } = await createWebhookEndpoint(database, organization.id, parsed.data);
      return { created: { id: webhook.id, secret } };
    }
  } catch (err) {
    if (isAppError(err)) return data({ error: intent === "delete" ? "Failed to delete webhook" : err.message }, { status: err.status });
    throw err;
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

export default function Webhooks({ loaderData, actionData }: Route.ComponentProps) {
  const { webhooks, orgId, loadError } = loaderData;
  const { codeView } = useCodeView();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const modal = search.get("modal");
  const target = webhooks.find((w) => w.id === search.get("id"));
  const closeTo = `${location.pathname}${withoutParams(search, "modal", "id")}`;
  const fieldErrors = actionData && "fieldErrors" in actionData ? actionData.fieldErrors : null;
  const created = actionData && "created" in actionData ? actionData.created : null;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const base = `/o/${orgId}/settings/webhooks`;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Webhooks"
        description="Signed HTTP callbacks when prior auths and claims move through intake, coverage-policy review and decision (Standard Webhooks signatures, retried with backoff)."
        actions={
          <Link to="?modal=new" className={primaryButton} preventScrollReset data-testid="add-webhook">
            Add Endpoint
          </Link>
        }
      />
      {created && <SecretOnce secret={created.secret} />}
      {(error || loadError) && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error ?? loadError}
        </p>
      )}
      {codeView ? (
        <JsonView value={{ webhook_endpoints: webhooks }} />
      ) : webhooks.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500">No webhooks configured yet.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-xs">
          <table className="w-full table-fixed divide-y divide-slate-200 text-sm" data-testid="webhooks-table">
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th className="w-[36%] px-4 py-2">Endpoint</th>
                <th className="px-4 py-2">Event types</th>
                <th className="w-32 px-4 py-2 whitespace-nowrap">Error rate</th>
                <th className="w-32 px-4 py-2 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {webhooks.map((w) => (
                <tr key={w.id} data-testid="webhook-row" className="align-top">
                  <td className="px-4 py-3">
                    <Link to={`${base}/${w.id}`} className="block truncate font-medium text-indigo-700 hover:underline" title={w.url}>
                      {w.url}
                    </Link>
                    <p className="mt-0.5 truncate text-xs text-slate-500">{w.description ?? "No description provided"}</p>
                  </td>
                  <td className="px-4 py-3">
                    <EventTypeBadges types={w.event_types} />
                  </td>
                  <td className="px-4 py-3">
                    <ErrorRateBadge rate={w.error_rate} attempts={w.attempts} />
                  </td>
                  <td className="px-4 py-3 text-right whitespace-nowrap">
                    <Link to={`?modal=edit&id=${w.id}`} preventScrollReset className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
                      Edit
                    </Link>
                    <Link to={`?modal=delete&id=${w.id}`} preventScrollReset className="ml-4 text-sm font-medium text-red-600 hover:text-red-500">
                      Delete
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Modal open={modal === "new" && !created} title="New webhook" closeTo={closeTo} size="lg" testId="webhook-modal">
        <WebhookForm initial={{ url: "", description: null, event_types: [] }} closeTo={closeTo} errors={fieldErrors} />
      </Modal>
      <Modal open={modal === "edit" && Boolean(target)} title="Edit webhook" closeTo={closeTo} size="lg" testId="webhook-modal">
        {target && <WebhookForm key={target.id} initial={target} closeTo={closeTo} errors={fieldErrors} />}
      </Modal>
      <DeleteModal
        open={modal === "delete" && Boolean(target)}
        title="Delete webhook"
        closeTo={closeTo}
        testId="delete-webhook-modal"
        id={target?.id ?? ""}
        message="Are you sure you want to delete this webhook?"
        detail={<p className="truncate font-mono text-xs text-slate-500">{target?.url}</p>}
      />
    </div>
  );
}
