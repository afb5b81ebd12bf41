/**
 * Server-set toasts ("flash" messages). An action sets a short-lived signed `__toast` cookie and
 * redirects; the next page loader reads it, clears it, and the page renders the toast. This works
 * with JavaScript disabled; the client API in `toaster.tsx` adds toasts without a round trip.
 */
import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { getEnv } from "~/env.server";
import { shouldUseSecureCookies } from "~/auth/cookies.server";

export const ToastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  type: z.enum(["success", "error", "info"]).default("info"),
  message: z.string().min(1).max(500),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;

let cookie: ReturnType<typeof createCookie> | undefined;
function toastCookie() {
  cookie ??= createCookie("__toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: shouldUseSecureCookies(),
    secrets: [getEnv().SESSION_SECRET],
    maxAge: 60,
  });
  return cookie;
}

/** Set-Cookie value that shows `toast` on the next page load. */
export async function toastCookieHeader(toast: ToastInput): Promise<string> {
  return toastCookie().serialize(ToastSchema.parse(toast));
}

/** A redirect that shows `toast` on the target page. Extra `init.headers` are kept. */
export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookieHeader(toast));
  return redirect(url, { ...init, headers });
}

/**
 * The pending toast of this request (or null) and the Set-Cookie value that consumes it
 * (null when there was none). Loaders return `headers` so the toast shows once.
 */
export async function getToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const value = await toastCookie().parse(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(value);
  if (!parsed.success) return { toast: null, setCookie: null };
  return { toast: parsed.data, setCookie: await toastCookie().serialize("", { maxAge: 0, expires: new Date(0) }) };
}
