/**
 * The workspace frame for /o/{orgId}/...: left navigation, breadcrumb bar with the Sandbox/Live
 * switch, toasts and the developer code view (PRODUCT-SPEC §2 "Application shell").
 * Every control is a link or a plain form, so the shell works before JavaScript loads; Headless UI
 * adds the user menu and the mobile navigation drawer on top.
 */
import { useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { Dialog, DialogPanel, Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { Avatar } from "~/components/avatar";
import { breadcrumbsFor } from "~/components/breadcrumbs";
import { CODE_VIEW_INTENT, useCodeView } from "~/components/code-view";

export interface ShellUser {
  username: string;
  email: string;
  avatar: string | null;
}

export interface ShellOrganization {
  token: string;
  name: string;
  sandbox: boolean;
  /** The other half of the live/sandbox pair, if any. */
  counterpartToken: string | null;
}

interface NavItem {
  label: string;
  to: string;
  icon: React.ReactNode;
}

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.6} className="h-4 w-4 shrink-0" aria-hidden="true">
      <path strokeLinecap="round" strokeLinejoin="round" d={d} />
    </svg>
  );
}

const ICONS = {
  dashboard: "M3 13h8V3H3v10Zm0 8h8v-6H3v6Zm10 0h8V11h-8v10Zm0-18v6h8V3h-8Z",
  priorAuth: "M9 12h6m-6 4h6M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Z",
  claims: "M4 6h16M4 12h16M4 18h10",
  queue: "M4 5h16M4 10h16M4 15h10M4 20h6M17 15l2 2 3-4",
  reports: "M4 20V10m6 10V4m6 16v-7m6 7H2",
  agents: "M12 3v3m0 12v3M3 12h3m12 0h3M7 7l2 2m6 6 2 2m0-10-2 2m-6 6-2 2M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z",
  rules: "M12 3 4 7v5c0 5 3.5 8 8 9 4.5-1 8-4 8-9V7l-8-4Z",
  plans: "M4 5h16v14H4zM8 9h8M8 13h8",
  compendium: "M5 4h10a4 4 0 0 1 4 4v12H9a4 4 0 0 1-4-4V4Z",
  docs: "M8 4h8l4 4v12H8zM4 8v12h12",
  letters: "M3 6h18v12H3zM3 6l9 7 9-7",
  settings:
    "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7 7 0 0 0-2-1.2L14.5 3h-5l-.4 2.6a7 7 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 2 1.2l.4 2.6h5l.4-2.6a7 7 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z",
  signOut: "M15 17l5-5-5-5M20 12H9M12 21H5a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h7",
  code: "m8 9-4 3 4 3m8-6 4 3-4 3M14 5l-4 14",
  providers: "M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM19 8v6M22 11h-6",
};

function navSections(org: string): { title: string; items: NavItem[] }[] {
  return [
    {
      title: "Cases",
      items: [
        { label: "Work Queue", to: `/o/${org}/cases`, icon: <Icon d={ICONS.queue} /> },
        { label: "Prior Auths", to: `/o/${org}/prior-auths`, icon: <Icon d={ICONS.priorAuth} /> },
        { label: "Medical Claims", to: `/o/${org}/claims`, icon: <Icon d={ICONS.claims} /> },
        { label: "Providers", to: `/o/${org}/providers`, icon: <Icon d={ICONS.providers} /> },
      ],
    },
    {
      title: "Insights",
      items: [
        { label: "Reports", to: `/o/${org}/reports`, icon: <Icon d={ICONS.reports} /> },
        { label: "Agent Workflows", to: `/o/${org}/agent-workflows`, icon: <Icon d={ICONS.agents} /> },
      ],
    },
    {
      title: "Configurations",
      items: [
        { label: "Custom AI Rules", to: `/o/${org}/ai_rules`, icon: <Icon d={ICONS.rules} /> },
        { label: "Plans", to: `/o/${org}/plans`, icon: <Icon d={ICONS.plans} /> },
        { label: "Letter Forms", to: `/o/${org}/forms`, icon: <Icon d={ICONS.letters} /> },
        { label: "Compendiums", to: `/o/${org}/compendiums`, icon: <Icon d={ICONS.compendium} /> },
      ],
    },
  ];
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm ${isActive ? "bg-indigo-50 font-medium text-indigo-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"}`;

function CodeViewToggle({ orgToken }: { orgToken: string }) {
  const { codeView, toggleCodeView } = useCodeView();
  const location = useLocation();
  return (
    <Form
      method="post"
      action={`/o/${orgToken}`}
      onSubmit={(e) => {
        e.preventDefault();
        toggleCodeView();
      }}
    >
      <input type="hidden" name="intent" value={CODE_VIEW_INTENT} />
      <input type="hidden" name="code_view" value={codeView ? "off" : "on"} />
      <input type="hidden" name="redirect_to" value={location.pathname + location.search} />
      <button
        type="submit"
        className="flex w-full items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
        aria-pressed={codeView}
        title="Toggle developer code view (⌘⇧K)"
      >
        <Icon d={ICONS.code} />
        <span className="flex-1 text-left">Code view</span>
        <span className={`rounded px-1.5 py-0.5 text-[10px] font-semibold ${codeView ? "bg-indigo-600 text-white" : "bg-slate-200 text-slate-600"}`}>
          {codeView ? "ON" : "OFF"}
        </span>
      </button>
    </Form>
  );
}

function Sidebar({ user, organization }: { user: ShellUser; organization: ShellOrganization }) {
  const org = organization.token;
  return (
    <nav aria-label="Workspace" className="flex h-full flex-col gap-6 overflow-y-auto px-3 py-4">
      <Link to={`/o/${org}/dashboard`} className="flex items-center gap-2 px-2.5">
        <span className="inline-flex h-7 w-7 items-center justify-center rounded-md bg-indigo-600 text-xs font-bold text-white">PA</span>
        <span className="min-w-0">
          <span className="block truncate text-sm font-semibold text-slate-900">{organization.name}</span>
          <span className="block text-xs text-slate-500">{organization.sandbox ? "Sandbox" : "Live"} workspace</span>
        </span>
      </Link>
      <div>
        <NavLink to={`/o/${org}/dashboard`} className={linkClass}>
          <Icon d={ICONS.dashboard} />
          Dashboard
        </NavLink>
      </div>
      {navSections(org).map((section) => (
        <div key={section.title}>
          <h2 className="px-2.5 pb-1 text-[11px] font-semibold tracking-wider text-slate-400 uppercase">{section.title}</h2>
          <ul className="space-y-0.5">
            {section.items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={linkClass}>
                  {item.icon}
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div className="mt-auto space-y-0.5 border-t border-slate-200 pt-4">
        <a href="/docs/api" className={linkClass({ isActive: false })}>
          <Icon d={ICONS.docs} />
          API Documentation
        </a>
        <NavLink to={`/o/${org}/settings/api-keys`} className={linkClass}>
          <Icon d={ICONS.settings} />
          Developer Settings
        </NavLink>
        <CodeViewToggle orgToken={org} />
        <Form method="post" action="/signout">
          <button type="submit" className="flex w-full items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm text-slate-700 hover:bg-slate-100">
            <Icon d={ICONS.signOut} />
            Sign Out
          </button>
        </Form>
        <UserCard user={user} orgToken={org} />
      </div>
    </nav>
  );
}

function UserCard({ user, orgToken }: { user: ShellUser; orgToken: string }) {
  const { codeView, toggleCodeView } = useCodeView();
  return (
    <Menu as="div" className="relative mt-3">
      <MenuButton className="flex w-full items-center gap-3 rounded-lg border border-slate-200 bg-white p-2 text-left hover:bg-slate-50">
        <Avatar name={user.username || user.email} src={user.avatar} />
        <span className="min-w-0">
          <span className="block truncate text-sm font-medium text-slate-900" data-testid="user-name">
            {user.username}
          </span>
          <span className="block truncate text-xs text-slate-500" data-testid="user-email">
            {user.email}
          </span>
        </span>
      </MenuButton>
      <MenuItems
        anchor="top start"
        className="z-50 w-56 rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-lg [--anchor-gap:6px] focus:outline-none"
      >
        <MenuItem>
          <Link to={`/o/${orgToken}/settings/api-keys`} className="block rounded px-3 py-1.5 data-focus:bg-slate-100">
            Developer Settings
          </Link>
        </MenuItem>
        <MenuItem>
          <button type="button" onClick={toggleCodeView} className="block w-full rounded px-3 py-1.5 text-left data-focus:bg-slate-100">
            {codeView ? "Hide code view" : "Show code view"} <span className="text-slate-400">⌘⇧K</span>
          </button>
        </MenuItem>
        <MenuItem>
          <Link to="/signout" className="block rounded px-3 py-1.5 data-focus:bg-slate-100">
            Sign out
          </Link>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}

function Breadcrumbs() {
  const { pathname } = useLocation();
  const crumbs = breadcrumbsFor(pathname);
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex items-center gap-1.5 truncate text-sm">
        {crumbs.map((crumb, i) => (
          <li key={crumb.href} className="flex items-center gap-1.5">
            {i > 0 && <span className="text-slate-300">/</span>}
            {i === crumbs.length - 1 ? (
              <span aria-current="page" className="font-medium text-slate-900">
                {crumb.label}
              </span>
            ) : (
              <Link to={crumb.href} className="text-slate-500 hover:text-slate-800">
                {crumb.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function EnvironmentSwitch({ organization }: { organization: ShellOrganization }) {
  if (!organization.counterpartToken) return null;
  const other = `/o/${organization.counterpartToken}/prior-auths`;
  const base = "rounded px-2.5 py-1 text-xs font-medium";
  return (
    <div className="flex items-center rounded-md border border-slate-200 bg-slate-100 p-0.5" role="group" aria-label="Environment">
      {organization.sandbox ? (
        <>
          <Link to={other} className={`${base} text-slate-600 hover:text-slate-900`}>
            Live
          </Link>
          <span aria-current="true" className={`${base} bg-amber-400 text-amber-950 shadow-sm`}>
            Sandbox
          </span>
        </>
      ) : (
        <>
          <span aria-current="true" className={`${base} bg-white text-slate-900 shadow-sm`}>
            Live
          </span>
          <Link to={other} className={`${base} text-slate-600 hover:text-slate-900`}>
            Sandbox
          </Link>
        </>
      )}
    </div>
  );
}

/** The workspace frame. Children are the routed page (`<Outlet />`). */
export function AppShell({ user, organization, children }: { user: ShellUser; organization: ShellOrganization; children: React.ReactNode }) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const { codeView } = useCodeView();
  return (
    <div className="flex h-full bg-slate-50">
      <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block">
        <Sidebar user={user} organization={organization} />
      </aside>
      <Dialog open={mobileOpen} onClose={setMobileOpen} className="relative z-40 lg:hidden">
        <div className="fixed inset-0 bg-slate-900/30" aria-hidden="true" />
        <DialogPanel className="fixed inset-y-0 left-0 w-72 bg-white shadow-xl">
          <Sidebar user={user} organization={organization} />
        </DialogPanel>
      </Dialog>
      <div className="flex min-w-0 flex-1 flex-col">
        {organization.sandbox && (
          <div className="bg-amber-400 px-4 py-1 text-center text-xs font-medium text-amber-950">Sandbox: test data only. Nothing here affects live cases.</div>
        )}
        <header className="flex h-14 shrink-0 items-center gap-4 border-b border-slate-200 bg-white px-4 lg:px-6">
          <button
            type="button"
            className="rounded p-1.5 text-slate-600 hover:bg-slate-100 lg:hidden"
            onClick={() => setMobileOpen(true)}
            aria-label="Open navigation"
          >
            <Icon d="M4 6h16M4 12h16M4 18h16" />
          </button>
          <div className="min-w-0 flex-1">
            <Breadcrumbs />
          </div>
          {codeView && <span className="rounded bg-indigo-600 px-2 py-0.5 text-[10px] font-semibold text-white">CODE VIEW</span>}
          <EnvironmentSwitch organization={organization} />
        </header>
        <main className="min-w-0 flex-1 overflow-y-auto">{children}</main>
      </div>
    </div>
  );
}
