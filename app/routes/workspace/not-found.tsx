/**
 * Unknown paths inside a workspace (/o/{org}/anything-else): members get the workspace's not-found
 * page inside the application shell; anyone else gets the same 404 as for the organization itself.
 */
import type { Route } from "./+types/not-found";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";
import { pageNotFound } from "~/lib/http.server";

export async function loader({ request, params }: Route.LoaderArgs): Promise<never> {
  await requireOrgMember(request, params.orgId, "member");
  throw pageNotFound();
}

export async function action({ request, params }: Route.ActionArgs): Promise<never> {
  await requireOrgMember(request, params.orgId, "member");
  throw pageNotFound();
}

export default function WorkspaceNotFound() {
  return null;
}

export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
