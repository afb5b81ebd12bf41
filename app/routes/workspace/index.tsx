import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";

/** /o/{orgId} → /o/{orgId}/dashboard (members only; others 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  throw redirect(`/o/${organization.id}/dashboard`);
}

/**
 * Never rendered (the loader always redirects). Having a component keeps this a UI route, so a
 * POST to /o/{orgId} without `?index` reaches the layout's action (code-view toggle) instead of
 * being handled as a resource request to this route.
 */
export default function WorkspaceIndex() {
  return null;
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
