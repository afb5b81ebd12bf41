import type { Route } from "./+types/$section";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { ComingSoon, PageHeader } from "~/components/page";
import { SETTINGS_LABELS } from "~/components/settings-sections";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";

/**
 * Settings sub-pages that are not built yet render an honest "coming soon" state. A page with its
 * own route (for example /o/:orgId/settings/webhooks) takes precedence over this one.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireOrgMember(request, params.orgId, "member");
  const label = SETTINGS_LABELS[params.section];
  if (!label) throw new Response("Not Found", { status: 404 });
  return { label };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.label ?? "Settings"} · PA Review` }];

export default function SettingsSection({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <PageHeader title={loaderData.label} />
      <ComingSoon title={loaderData.label} />
    </div>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
