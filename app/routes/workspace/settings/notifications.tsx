/**
 * Settings → Notifications (PRODUCT-SPEC §2 settings menu): what reaches this person and this
 * organization, and where each is changed. The app sends people email only for what they cannot
 * do without (sign-in codes, invitations); case events reach other systems through webhooks, and
 * reviewers see case updates live in the workspace. The page states exactly that, with this
 * organization's active webhook subscriptions, rather than offering switches that would do nothing.
 */
import { Link } from "react-router";
import type { Route } from "./+types/notifications";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { PageHeader } from "~/components/page";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";
import { getDatabase } from "~/lib/db.server";
import { listWebhookEndpoints } from "~/webhooks/manage-webhooks.server";

export const meta: Route.MetaFunction = () => [{ title: "Notifications · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization, user } = await requireOrgMember(request, params.orgId, "member");
  const endpoints = await listWebhookEndpoints(await getDatabase(), organization.id);
  return {
    orgId: organization.id,
    email: user.email,
    webhooks: endpoints.filter((e) => e.active).map((e) => ({ url: e.url, events: e.event_types.length })),
  };
}

export default function NotificationSettings({ loaderData }: Route.ComponentProps) {
  const { email, webhooks, orgId } = loaderData;
  const row = "flex flex-col gap-1 px-5 py-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6";
  return (
    <div className="space-y-6">
      <PageHeader title="Notifications" description="What PA Review sends, to whom, and where to change it." />
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-xs" data-testid="notification-channels">
        <li className={row}>
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-900">Sign-in codes and invitations by email</p>
            <p className="text-sm text-slate-500">
              Sent to <span className="break-words text-slate-700">{email}</span>. Always on: they are how you sign in. PA Review sends no other email to
              reviewers.
            </p>
          </div>
          <span className="shrink-0 text-xs font-medium text-emerald-700">On</span>
        </li>
        <li className={row}>
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-900">Case updates in the workspace</p>
            <p className="text-sm text-slate-500">
              New requests, intake steps and decisions appear live in Prior Auths, Claims and Cases while you have them open.
            </p>
          </div>
          <span className="shrink-0 text-xs font-medium text-emerald-700">On</span>
        </li>
        <li className={row}>
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-900">Case events to your systems (webhooks)</p>
            <p className="text-sm text-slate-500">
              {webhooks.length
                ? `${webhooks.length} active endpoint${webhooks.length === 1 ? "" : "s"}: ${webhooks.map((w) => `${w.url} (${w.events} event type${w.events === 1 ? "" : "s"})`).join("; ")}.`
                : "No active webhook endpoint: no system is told about case events."}
            </p>
          </div>
          <Link to={`/o/${orgId}/settings/webhooks`} className="shrink-0 text-sm font-medium text-indigo-600 hover:text-indigo-500">
            Manage webhooks
          </Link>
        </li>
      </ul>
    </div>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
