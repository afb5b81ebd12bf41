/** /chai-admins → the Data Contexts page (the admin area's only page), for instance administrators only. */
import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { requireInstanceAdmin } from "~/admin/require-instance-admin.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireInstanceAdmin(request);
  return redirect("/chai-admins/data-contexts");
}
