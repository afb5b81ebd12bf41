import type { Route } from "./+types/continue";
import { handleSignInAction, loadSignInPage } from "~/auth/sign-in-page.server";
import { SignInCard } from "~/auth/sign-in-card";
import { ToastProvider } from "~/components/toaster";

export const meta: Route.MetaFunction = () => [{ title: "Sign in · PA Review" }];

export async function loader({ request }: Route.LoaderArgs) {
  return loadSignInPage(request, "continue");
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleSignInAction(request, "continue", context);
}

export default function ContinuePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ToastProvider serverToast={loaderData.toast}>
      <SignInCard loader={loaderData} action={actionData} />
    </ToastProvider>
  );
}
