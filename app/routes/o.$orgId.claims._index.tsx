import type { Route } from "./+types/o.$orgId.claims._index";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { ComingSoon, PageHeader } from "~/components/page";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = () => [{ title: "Medical Claims · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireOrgMember(request, params.orgId, "cases.read");
  return null;
}

export default function Page() {
  return (
    <div className="mx-auto max-w-6xl space-y-6 p-6">
      <PageHeader title="Medical Claims" description="Medical claims with the same intake and AI review as prior auths." />
      <ComingSoon title="Medical Claims" />
    </div>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
