import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { SETTINGS_MENU } from "~/components/settings-sections";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  return { orgId: organization.id };
}

export default function SettingsLayout({ loaderData }: Route.ComponentProps) {
  const base = `/o/${loaderData.orgId}/settings`;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 p-6 md:flex-row">
      <nav aria-label="Settings" className="w-full shrink-0 space-y-5 md:w-52">
        {SETTINGS_MENU.map((section) => (
          <div key={section.title}>
            <h2 className="px-2 pb-1 text-[11px] font-semibold tracking-wider text-slate-400 uppercase">{section.title}</h2>
            <ul className="space-y-0.5">
              {section.items.map((item) => (
                <li key={item.slug}>
                  {item.href ? (
                    <a href={item.href} className="block rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100">
                      {item.label}
                    </a>
                  ) : (
                    <NavLink
                      to={`${base}/${item.slug}`}
                      className={({ isActive }) =>
                        `block rounded-md px-2 py-1.5 text-sm ${isActive ? "bg-white font-medium text-indigo-700 shadow-xs ring-1 ring-slate-200" : "text-slate-700 hover:bg-slate-100"}`
                      }
                    >
                      {item.label}
                    </NavLink>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
