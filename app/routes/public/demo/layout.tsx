import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { requirePublicDemoOrganization } from "~/demo/public-demo.server";
import { DEMO_KINDS, DEMO_KIND_INFO, DEMO_PRIVACY_NOTICE, SYNTHETIC_NOTICE } from "~/demo/demo-kinds";
import { getPublicContext } from "~/public-site/public-context.server";
import { PublicShell, ScheduleDemoLink } from "~/public-site/public-shell";

export const meta: Route.MetaFunction = () => [{ title: "AI Agents demo · PA Review" }];

/**
 * /demo/{orgId} — the public demo's frame: no account needed; only the organization flagged as the
 * public demo is served, any other id is 404 (app/demo/public-demo.server.ts).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const organization = await requirePublicDemoOrganization(await getDatabase(), params.orgId);
    return { ctx: await getPublicContext(request), organization };
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") throw new Response("Not Found", { status: 404, statusText: "Not Found" });
    throw err;
  }
}

export default function DemoLayout({ loaderData }: Route.ComponentProps) {
  const { ctx, organization } = loaderData;
  const base = `/demo/${organization.token}`;
  const tab = ({ isActive }: { isActive: boolean }) =>
    `shrink-0 rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? "bg-indigo-600 text-white" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"}`;
  return (
    <PublicShell ctx={ctx}>
      <div className="border-b border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 pt-8 sm:px-6">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div>
              <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">AI Agents demo</h1>
              <p className="mt-2 max-w-2xl text-sm text-slate-600">
                Run PA Review's agents on a prior authorization fax against the {organization.plan?.title ?? "demo"} plan and its coverage policies.
              </p>
            </div>
            <ScheduleDemoLink
              href={ctx.schedule_demo_url}
              className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500"
            />
          </div>
          <p
            className="mt-4 flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            data-testid="synthetic-notice"
          >
            <span aria-hidden>⚠︎</span>
            {SYNTHETIC_NOTICE}
          </p>
          <p className="mt-2 text-xs text-slate-600" data-testid="demo-privacy-notice">
            {DEMO_PRIVACY_NOTICE}
          </p>
          <nav className="mt-5 flex flex-wrap gap-1 pb-3" aria-label="Demo agents">
            <NavLink to={base} end className={tab}>
              Overview
            </NavLink>
            {DEMO_KINDS.map((k) => (
              <NavLink key={k} to={`${base}/${k}`} className={tab}>
                {DEMO_KIND_INFO[k].title}
              </NavLink>
            ))}
          </nav>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <Outlet />
      </div>
    </PublicShell>
  );
}
