import type { Route } from "./+types/register";
import { handleSignInAction, loadSignInPage } from "~/auth/sign-in-page.server";
import { SignInCard } from "~/auth/sign-in-card";
import { ToastProvider } from "~/components/toaster";

export const meta: Route.MetaFunction = () => [{ title: "Create your account · PA Review" }];

export async function loader({ request }: Route.LoaderArgs) {
  return loadSignInPage(request, "register");
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleSignInAction(request, "register", context);
}

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ToastProvider serverToast={loaderData.toast}>
      <SignInCard loader={loaderData} action={actionData} />
    </ToastProvider>
  );
}
