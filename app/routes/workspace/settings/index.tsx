import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { requireOrgMember } from "~/auth/require-org-member.server";

/** /o/{orgId}/settings → the API keys page (the only settings page with behaviour so far). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  throw redirect(`/o/${organization.id}/settings/api-keys`);
}
