/**
 * JSON helpers for the /api resource routes. Every body carries `success` and `errors` (PRODUCT-SPEC
 * §7: "All responses carry a success flag and an errors list"), so clients can show each message of
 * `errors` as a toast without knowing the endpoint.
 */
import { ZodError } from "zod";
import { isAppError, STATUS_BY_CODE } from "~/lib/errors";
import { readFormBody, readJsonBody } from "~/lib/request-body";

export { readFormBody, readJsonBody, rejectNul } from "~/lib/request-body";

export type ApiBody<T extends object = object> = T & { success: boolean; errors: string[] };

/**
 * A JSON Response whose body always has `success` and `errors`.
 * `success` defaults to true when the status is 2xx; `errors` defaults to [].
 */
export function json<T extends object>(data: T & { success?: boolean; errors?: string[] }, init: ResponseInit | number = {}): Response {
  const responseInit: ResponseInit = typeof init === "number" ? { status: init } : init;
  const status = responseInit.status ?? 200;
  const body = { ...data, success: data.success ?? (status >= 200 && status < 300), errors: data.errors ?? [] };
  const headers = new Headers(responseInit.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { ...responseInit, status, headers });
}

/** 200 `{success: true, errors: [], ...payload}`. */
export function ok<T extends object>(payload: T = {} as T, init: ResponseInit = {}): Response {
  return json({ ...payload, success: true, errors: [] }, init);
}

/** `{success: false, errors}` with the given status (and optional extra payload keys). */
export function fail(status: number, errors: string[], extra: object = {}, init: ResponseInit = {}): Response {
  return json({ ...extra, success: false, errors }, { ...init, status });
}

/** Human-readable messages of a zod error: "email: Invalid email address". */
export function zodMessages(err: ZodError): string[] {
  return err.issues.map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message));
}

/**
 * Maps anything thrown inside an API loader/action to a JSON Response:
 *  - a Response (guards such as requireApiAuth throw 401/404 JSON) is passed through;
 *  - AppError → its status and `[message, ...details]`;
 *  - ZodError → 422 with one message per issue;
 *  - anything else is logged and becomes 500 `An error occurred` (no internals leak).
 */
export function handleApiError(err: unknown): Response {
  if (err instanceof Response) return err;
  if (isAppError(err)) return fail(err.status, [err.message, ...err.details]);
  if (err instanceof ZodError) return fail(STATUS_BY_CODE.validation, zodMessages(err));
  console.error("[api] unhandled error:", err);
  return fail(500, ["An error occurred"]);
}

/**
 * Reads a request body as JSON or form data into a plain object (for the zod schemas of /api).
 * A JSON value that is not an object reads as `{}` (the schema then names the missing fields); other
 * content types read as `{}`. Throws AppError("bad_request"): 'Invalid JSON body', 'Invalid form body'
 * (e.g. multipart without a boundary), 'Text must not contain NUL characters'.
 */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const value = await readJsonBody(request);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  }
  if (type.includes("form")) {
    const form = await readFormBody(request);
    const out: Record<string, unknown> = {};
    for (const [k, v] of form) out[k] = v;
    return out;
  }
  return {};
}

/** 405 `{success:false, errors:["Method not allowed"]}` with an Allow header (e.g. "GET" or "GET, POST"). */
export function methodNotAllowed(allow: string): Response {
  return fail(405, ["Method not allowed"], {}, { headers: { Allow: allow } });
}

/**
 * The form data of a page action. An unparsable body (JSON or text sent to a form action, multipart
 * without a boundary) or NUL characters in a field → thrown 400 Response (the route's error boundary),
 * never a 500.
 */
export async function readPageForm(request: Request): Promise<FormData> {
  try {
    return await readFormBody(request);
  } catch (err) {
    if (isAppError(err)) throw new Response(err.message, { status: err.status, statusText: "Bad Request" });
    throw err;
  }
}

/**
 * The 404 a page loader or action throws (rendered by the nearest error boundary inside the
 * application shell). Same answer for "does not exist" and "another organization's".
 */
export function pageNotFound(): Response {
  return new Response("Not Found", { status: 404, statusText: "Not Found" });
}

/**
 * For page loaders and actions: a domain AppError("not_found") becomes the page's thrown 404;
 * anything else is left to the caller (returns normally). Use in a `catch` before mapping the
 * remaining AppErrors to form messages.
 */
export function rethrowNotFound(err: unknown): void {
  if (isAppError(err) && err.code === "not_found") throw pageNotFound();
}

/** Awaits `promise`; a domain "not found" becomes the page's 404, other errors propagate unchanged. */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (err) {
    rethrowNotFound(err);
    throw err;
  }
}
