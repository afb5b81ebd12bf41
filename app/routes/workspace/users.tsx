import type { Route } from "./+types/users";
import { teamPageAction, teamPageLoader } from "~/team/team-page.server";
import { TeamPage } from "~/team/ui/team-page";

export const meta: Route.MetaFunction = () => [{ title: "Users · PA Review" }];

/** /o/{org}/users: the team list (same behaviour as Settings › Team Management). */
export function loader({ request, params }: Route.LoaderArgs) {
  return teamPageLoader(request, params.orgId);
}

/** intent=add | delete | set_roles (app/team/team-page.server.ts); needs team.manage. */
export function action({ request, params }: Route.ActionArgs) {
  return teamPageAction(request, params.orgId, (orgId) => `/o/${orgId}/users`);
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl p-6">
      <TeamPage data={loaderData} actionData={actionData} title="Users" />
    </div>
  );
}
