/**
 * Loader and action of the sign-in pages (/login, /continue, /register). The routes are thin
 * wrappers; the steps themselves live in sign-in.server.ts and register-account.server.ts.
 *
 * Every step is a plain POST that ends in a redirect back to the page (post/redirect/get), so the
 * flow works without JavaScript; the pending step and its last error travel in the signed
 * `_totp` cookie.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { isAppError } from "~/lib/errors";
import { readFormBody } from "~/lib/request-body";
import { CodeStepSchema, EmailStepSchema, RegisterSchema } from "~/auth/schemas";
import { registerAccount } from "~/auth/register-account.server";
import { safeRedirectPath } from "~/auth/safe-redirect";
import { getUser } from "~/auth/session.server";
import { cancelSignInCookies, clearSignInErrorCookies, defaultLandingPath, readSignInState, sendSignInCode, verifySignInCode } from "~/auth/sign-in.server";
import { getToast, toastCookieHeader } from "~/lib/toast.server";
import { requestIp } from "~/lib/request-context.server";

export type SignInMode = "login" | "continue" | "register";

export interface SignInLoaderData {
  mode: SignInMode;
  step: "email" | "code";
  email: string | null;
  error: string | null;
  redirectTo: string | null;
  toast: { id: string; type: "success" | "error" | "info"; message: string } | null;
}

export interface SignInActionData {
  step: "email" | "code";
  result: SubmissionResult<string[]>;
  /** set on a rejected request body (the /api error shape) */
  success?: false;
  errors?: string[];
}

function pageUrlOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname.replace(/\.data$/, "")}${url.search}`;
}

function redirectToOf(request: Request): string | null {
  return safeRedirectPath(new URL(request.url).searchParams.get("redirect_to"));
}

/**
 * Loader: signed-in visitors go straight to `redirect_to` (or their dashboard); others get the
 * current step, the pending email and the last error (which is consumed).
 */
export async function loadSignInPage(request: Request, mode: SignInMode) {
  const redirectTo = redirectToOf(request);
  const state = readSignInState(request);
  const user = await getUser(request);
  if (user && !state.codePending) throw redirect(redirectTo ?? (await defaultLandingPath(user.id)));
  const { toast, setCookie } = await getToast(request);
  const headers = new Headers();
  for (const c of clearSignInErrorCookies(request)) headers.append("Set-Cookie", c);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  const body: SignInLoaderData = {
    mode,
    step: state.codePending ? "code" : "email",
    email: state.email,
    error: state.error,
    redirectTo,
    toast,
  };
  return data(body, { headers });
}

function reply(step: SignInActionData["step"], result: SubmissionResult<string[]>, status = 400) {
  return data<SignInActionData>({ step, result }, { status });
}

/**
 * Action: `intent` is `email` (send a code; on /register also create the account), `resend`,
 * `code` (verify) or `change-email` (forget the pending sign-in). `context` is the route's load
 * context (the requester's address, for rate limits).
 */
export async function handleSignInAction(request: Request, mode: SignInMode, context?: AppLoadContext) {
  let formData: FormData;
  try {
    formData = await readFormBody(request);
  } catch (err) {
    // Unparsable body, NUL or unpaired surrogates (PostgreSQL cannot store them): a 400 shown on
    // the form, never a 500.
    if (!isAppError(err)) throw err;
    return data<SignInActionData>(
      { step: "email", result: { status: "error", error: { "": [err.message] } }, success: false, errors: [err.message] },
      { status: err.status },
    );
  }
  const intent = String(formData.get("intent") ?? "email");
  const pageUrl = pageUrlOf(request);
  const redirectTo = redirectToOf(request);
  const ip = requestIp(context);

  if (intent === "change-email") {
    const headers = new Headers();
    for (const c of cancelSignInCookies()) headers.append("Set-Cookie", c);
    throw redirect(pageUrl, { headers });
  }

  if (intent === "resend") {
    const state = readSignInState(request);
    if (!state.email) throw redirect(pageUrl);
    const result = await sendSignInCode(request, { email: state.email }, { pageUrl, redirectTo, ip });
    if (!result.ok) return reply("code", { status: "error", error: { "": [result.error] } }, result.status);
    const headers = new Headers(result.response.headers);
    headers.append("Set-Cookie", await toastCookieHeader({ type: "success", message: "Code resent" }));
    return new Response(null, { status: result.response.status, headers });
  }

  if (intent === "code") {
    const submission = parseWithZod(formData, { schema: CodeStepSchema });
    if (submission.status !== "success") return reply("code", submission.reply());
    const result = await verifySignInCode(request, { code: submission.value.code }, { pageUrl, redirectTo, ip });
    if (result.ok || result.response) return result.ok ? result.response : result.response!;
    return reply("code", submission.reply({ formErrors: [result.error] }), result.status);
  }

  // intent === "email"
  const submission = parseWithZod(formData, { schema: mode === "register" ? RegisterSchema : EmailStepSchema });
  if (submission.status !== "success") return reply("email", submission.reply());
  if (mode === "register") {
    try {
      await registerAccount(submission.value as typeof RegisterSchema._output);
    } catch (err) {
      // An existing address is not revealed: its owner simply gets a sign-in code below.
      if (isAppError(err) && err.code === "conflict") {
        /* fall through to the code email */
      } else if (isAppError(err)) return reply("email", submission.reply({ formErrors: [err.message] }), err.status);
      else throw err;
    }
  }
  const result = await sendSignInCode(request, { email: submission.value.email }, { pageUrl, redirectTo, ip });
  if (!result.ok) return reply("email", submission.reply({ formErrors: [result.error] }), result.status);
  return result.response;
}
