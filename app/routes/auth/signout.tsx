import { Form, redirect } from "react-router";
import type { Route } from "./+types/signout";
import { getUser, revokeSession } from "~/auth/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Sign out · PA Review" }];

/** GET shows a confirmation (sign-out must be a POST so a link or image cannot sign anyone out). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (!user) throw redirect("/login");
  return { email: user.email };
}

/** POST revokes the session row and clears the cookie. */
export async function action({ request }: Route.ActionArgs) {
  const setCookie = await revokeSession(request);
  return redirect("/login", { headers: { "Set-Cookie": setCookie } });
}

export default function SignOut({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-full items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <h1 className="text-lg font-semibold text-slate-900">Sign out?</h1>
        <p className="mt-1 text-sm text-slate-500">You are signed in as {loaderData.email}.</p>
        <Form method="post" className="mt-6">
          <button type="submit" className="w-full rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
            Sign out
          </button>
        </Form>
      </div>
    </div>
  );
}
