import type { Route } from "./+types/team-management";
import { teamPageAction, teamPageLoader } from "~/team/team-page.server";
import { TeamPage } from "~/team/ui/team-page";

export const meta: Route.MetaFunction = () => [{ title: "Team Management · PA Review" }];

/** Members of the organization (any member may look); changes need team.manage. */
export function loader({ request, params }: Route.LoaderArgs) {
  return teamPageLoader(request, params.orgId);
}

/** intent=add | delete | set_roles (app/team/team-page.server.ts). */
export function action({ request, params }: Route.ActionArgs) {
  return teamPageAction(request, params.orgId, (orgId) => `/o/${orgId}/settings/team-management`);
}

export default function TeamManagement({ loaderData, actionData }: Route.ComponentProps) {
  return <TeamPage data={loaderData} actionData={actionData} />;
}
