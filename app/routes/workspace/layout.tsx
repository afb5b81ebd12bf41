import { data, Outlet, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/layout";
import { findOrgAccess, requireOrgMember } from "~/auth/require-org-member.server";
import { safeRedirectPath } from "~/auth/safe-redirect";
import { setCodeView } from "~/auth/user-preferences.server";
import { AppShell } from "~/components/app-shell";
import { CODE_VIEW_INTENT, CodeViewProvider } from "~/components/code-view";
import { getToast } from "~/lib/toast.server";
import { ToastProvider } from "~/components/toaster";
import { counterpartId } from "~/organizations/serialize-organization";
import { readPageForm } from "~/lib/http.server";

/** Outlet context of the workspace: child routes read it with `useOutletContext<WorkspaceContext>()`. */
export interface WorkspaceContext {
  organization: { token: string; name: string; sandbox: boolean; counterpartToken: string | null };
  user: { username: string; email: string; avatar: string | null };
  codeView: boolean;
}

/** Workspace layout: members only (others get 404), plus the pending toast and the code-view flag. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, organization } = await requireOrgMember(request, params.orgId, "member");
  const { toast, setCookie } = await getToast(request);
  // A sandbox's switch to the live organization only for those who may open it (a sandbox membership does not).
  const counterpart = counterpartId(organization);
  const counterpartToken = counterpart && (!organization.sandbox || (await findOrgAccess(user.id, counterpart))) ? counterpart : null;
  return data(
    {
      user: { username: user.username, email: user.email, avatar: user.avatar },
      organization: { token: organization.id, name: organization.name, sandbox: organization.sandbox, counterpartToken },
      codeView: user.code_view,
      toast,
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

/**
 * Live refreshes (a page calling useRevalidator on the same URL after a server event) only need that
 * page's data. This loader reads the one-time toast cookie, so it runs on navigations and
 * submissions only: otherwise a refresh racing an action's redirect could consume the action's
 * toast in a request that the navigation then cancels.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}

/** POST intent=toggle-code-view, code_view=on|off: persists the developer code view for this user. */
export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireOrgMember(request, params.orgId, "member");
  const form = await readPageForm(request);
  if (form.get("intent") !== CODE_VIEW_INTENT) throw new Response("Bad Request", { status: 400 });
  const codeView = await setCodeView(user.id, form.get("code_view") === "on");
  const back = safeRedirectPath(form.get("redirect_to"));
  if (back) throw redirect(back);
  return { codeView };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: d ? `${d.organization.name} · PA Review` : "PA Review" }];
}

export default function WorkspaceLayout({ loaderData }: Route.ComponentProps) {
  const { user, organization, codeView, toast } = loaderData;
  return (
    <ToastProvider serverToast={toast}>
      <CodeViewProvider initial={codeView} action={`/o/${organization.token}`}>
        <AppShell user={user} organization={organization}>
          <Outlet context={{ organization, user, codeView } satisfies WorkspaceContext} />
        </AppShell>
      </CodeViewProvider>
    </ToastProvider>
  );
}
