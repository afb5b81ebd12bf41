import type { Route } from "./+types/o.$orgId.ai_rules._index";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { ComingSoon, PageHeader } from "~/components/page";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = () => [{ title: "Custom AI Rules · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireOrgMember(request, params.orgId);
  return null;
}

export default function Page() {
  return (
    <div className="mx-auto max-w-6xl space-y-6 p-6">
      <PageHeader title="Custom AI Rules" description="Rules that steer the eligibility, clinical and audit agents." />
      <ComingSoon title="Custom AI Rules" />
    </div>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
