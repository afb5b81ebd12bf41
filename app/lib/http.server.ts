/**
 * JSON helpers for the /api resource routes. Every body carries `success` and `errors` (PRODUCT-SPEC
 * §7: "All responses carry a success flag and an errors list"), so clients can show each message of
 * `errors` as a toast without knowing the endpoint.
 */
import { ZodError } from "zod";
import { isAppError, STATUS_BY_CODE } from "~/lib/errors";

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

/** Reads a request body as JSON or form data into a plain object (for the zod schemas of /api). */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      const value = await request.json();
      return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  if (type.includes("form")) {
    const form = await request.formData();
    const out: Record<string, unknown> = {};
    for (const [k, v] of form) out[k] = typeof v === "string" ? v : v;
    return out;
  }
  return {};
}
