import type { Route } from "./+types/o.$orgId.compendiums._index";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { ComingSoon, PageHeader } from "~/components/page";

export const meta: Route.MetaFunction = () => [{ title: "Compendiums · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireOrgMember(request, params.orgId, "member");
  return null;
}

export default function Page() {
  return (
    <div className="mx-auto max-w-6xl space-y-6 p-6">
      <PageHeader title="Compendiums" description="Connections to drug compendia used in clinical review." />
      <ComingSoon title="Compendiums" />
    </div>
  );
}
