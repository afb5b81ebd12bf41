import type { Route } from "./+types/index";
import { requireOrgMember } from "~/auth/require-org-member.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireOrgMember(request, params.orgId, "member");
  return null;
}

export default function PickForm() {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-sm text-slate-500" data-testid="pick-form">
      Select a form to edit its template, or add a new one.
    </div>
  );
}
