/**
 * /chai-admins/data-contexts — instance administrators only (INSTANCE_ADMIN_EMAILS; anyone else 404):
 * the example Data Context cards the agents work from (synthetic demo content only).
 */
import { Link } from "react-router";
import type { Route } from "./+types/data-contexts";
import { requireInstanceAdmin } from "~/admin/require-instance-admin.server";
import { listDataContexts } from "~/admin/data-contexts";
import { DataContextCard } from "~/admin/ui/data-context-card";

export const meta: Route.MetaFunction = () => [{ title: "Data Contexts · Admin · PA Review" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireInstanceAdmin(request);
  return { email: user.email, contexts: listDataContexts() };
}

export default function DataContexts({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-6 py-3">
          <p className="text-sm font-semibold text-slate-900">
            PA Review{" "}
            <span className="ml-2 rounded bg-slate-900 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-white uppercase">Instance admin</span>
          </p>
          <p className="flex items-center gap-4 text-sm text-slate-500">
            {loaderData.email}
            <Link to="/" className="text-indigo-700 hover:text-indigo-900">
              Back to the workspace
            </Link>
          </p>
        </div>
      </header>
      <main className="mx-auto max-w-6xl space-y-6 p-6">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">Data Contexts</h1>
          <p className="mt-1 text-sm text-slate-500">
            What the agents are given about a plan and a case. Examples from the synthetic demo content; no member data.
          </p>
        </div>
        <div className="grid items-start gap-4 lg:grid-cols-2">
          {loaderData.contexts.map((c) => (
            <DataContextCard key={c.id} context={c} />
          ))}
        </div>
      </main>
    </div>
  );
}
