/**
 * The frame of the public pages: a header with the product's links and the sign-in / workspace
 * action, and a footer. Pages pass the PublicContext their loader read.
 */
import { Link, NavLink } from "react-router";
import type { PublicContext } from "./public-context.server";

function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 font-semibold text-slate-900">
      <img src="/favicon.svg" alt="" className="h-7 w-7" />
      <span>PA Review</span>
    </Link>
  );
}

/** A link that may leave the app (mailto:, a booking page) or stay in it. */
export function ScheduleDemoLink({ href, className, children = "Schedule a demo" }: { href: string; className?: string; children?: React.ReactNode }) {
  if (href.startsWith("/")) {
    return (
      <Link to={href} className={className} data-testid="schedule-demo">
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} data-testid="schedule-demo" rel="noopener">
      {children}
    </a>
  );
}

const navClass = ({ isActive }: { isActive: boolean }) => `text-sm font-medium ${isActive ? "text-indigo-600" : "text-slate-600 hover:text-slate-900"}`;

/** Header + main + footer of a public page. */
export function PublicShell({ ctx, children }: { ctx: PublicContext; children: React.ReactNode }) {
  return (
    <div className="flex min-h-full flex-col bg-white">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Logo />
          <nav className="hidden items-center gap-6 md:flex" aria-label="Main">
            <a href="/#how-it-works" className="text-sm font-medium text-slate-600 hover:text-slate-900">
              How it works
            </a>
            {ctx.demo_path && (
              <NavLink to={ctx.demo_path} className={navClass}>
                Demo
              </NavLink>
            )}
            <NavLink to="/blog" className={navClass}>
              Blog
            </NavLink>
            <NavLink to="/docs/api" className={navClass}>
              API docs
            </NavLink>
          </nav>
          <div className="flex items-center gap-2">
            {ctx.user && ctx.workspace_path ? (
              <Link
                to={ctx.workspace_path}
                className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500"
                data-testid="open-workspace"
              >
                Open workspace
              </Link>
            ) : (
              <Link to="/login" className="rounded-md px-3 py-1.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
                Sign in
              </Link>
            )}
          </div>
        </div>
        <nav className="flex gap-5 overflow-x-auto border-t border-slate-100 px-4 py-2 md:hidden" aria-label="Main (mobile)">
          <a href="/#how-it-works" className="shrink-0 text-sm font-medium text-slate-600">
            How it works
          </a>
          {ctx.demo_path && (
            <NavLink to={ctx.demo_path} className={(s) => `shrink-0 ${navClass(s)}`}>
              Demo
            </NavLink>
          )}
          <NavLink to="/blog" className={(s) => `shrink-0 ${navClass(s)}`}>
            Blog
          </NavLink>
          <NavLink to="/docs/api" className={(s) => `shrink-0 ${navClass(s)}`}>
            API docs
          </NavLink>
        </nav>
      </header>
      <main className="flex-1">{children}</main>
      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm sm:grid-cols-3 sm:px-6">
          <div>
            <Logo />
            <p className="mt-3 max-w-xs text-slate-500">
              Prior authorization and medical-claims review for health plans and PBMs, with decisions you can audit.
            </p>
          </div>
          <div>
            <p className="font-semibold text-slate-900">Product</p>
            <ul className="mt-3 space-y-2 text-slate-600">
              <li>
                <a href="/#how-it-works" className="hover:text-slate-900">
                  How a decision is reached
                </a>
              </li>
              {ctx.demo_path && (
                <li>
                  <Link to={ctx.demo_path} className="hover:text-slate-900">
                    AI agents demo
                  </Link>
                </li>
              )}
              <li>
                <Link to="/docs/api" className="hover:text-slate-900">
                  API documentation
                </Link>
              </li>
            </ul>
          </div>
          <div>
            <p className="font-semibold text-slate-900">Company</p>
            <ul className="mt-3 space-y-2 text-slate-600">
              <li>
                <Link to="/blog" className="hover:text-slate-900">
                  Blog
                </Link>
              </li>
              <li>
                <a href="/#careers" className="hover:text-slate-900">
                  Careers
                </a>
              </li>
              <li>
                <a href="/#partners" className="hover:text-slate-900">
                  Partners
                </a>
              </li>
              <li>
                <Link to="/terms" className="hover:text-slate-900">
                  Terms
                </Link>{" "}
                ·{" "}
                <Link to="/privacy" className="hover:text-slate-900">
                  Privacy
                </Link>
              </li>
            </ul>
          </div>
        </div>
      </footer>
    </div>
  );
}
