import { data, Outlet, redirect } from "react-router";
import type { Route } from "./+types/o.$orgId";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { safeRedirectPath } from "~/auth/safe-redirect";
import { setCodeView } from "~/auth/user-preferences.server";
import { AppShell } from "~/components/app-shell";
import { CODE_VIEW_INTENT, CodeViewProvider } from "~/components/code-view";
import { getToast } from "~/components/toast.server";
import { ToastProvider } from "~/components/toaster";
import { counterpartId } from "~/organizations/serialize-organization";

/** Outlet context of the workspace: child routes read it with `useOutletContext<WorkspaceContext>()`. */
export interface WorkspaceContext {
  organization: { token: string; name: string; sandbox: boolean; counterpartToken: string | null };
  user: { username: string; email: string; avatar: string | null };
  codeView: boolean;
}

/** Workspace layout: members only (others get 404), plus the pending toast and the code-view flag. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, organization } = await requireOrgMember(request, params.orgId);
  const { toast, setCookie } = await getToast(request);
  return data(
    {
      user: { username: user.username, email: user.email, avatar: user.avatar },
      organization: { token: organization.id, name: organization.name, sandbox: organization.sandbox, counterpartToken: counterpartId(organization) },
      codeView: user.code_view,
      toast,
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

/** POST intent=toggle-code-view, code_view=on|off: persists the developer code view for this user. */
export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireOrgMember(request, params.orgId);
  const form = await request.formData();
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
