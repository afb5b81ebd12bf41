import type { Route } from "./+types/o.$orgId.ai_rules._index";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { ComingSoon, PageHeader } from "~/components/page";

export const meta: Route.MetaFunction = () => [{ title: "Custom AI Rules · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireOrgMember(request, params.orgId, "member");
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
