/**
 * Reading request bodies without letting bad input become a 500: malformed JSON, an unparsable form
 * (multipart without a boundary, text sent as a form) and NUL characters (PostgreSQL cannot store
 * them in text) become AppError("bad_request") with a message a client can show.
 * No server-only imports: shared by the /api helpers (http.server.ts) and form readers used by pages.
 */
import { AppError } from "~/lib/errors";

export const INVALID_JSON = "Invalid JSON body";
export const INVALID_FORM = "Invalid form body";
export const NUL_IN_TEXT = "Text must not contain NUL characters";

/** Throws AppError("bad_request") when any string in `value` (deeply) contains U+0000. Returns `value`. */
export function rejectNul<T>(value: T): T {
  const seen = new Set<unknown>();
  const walk = (v: unknown): void => {
    if (typeof v === "string") {
      if (v.includes("\u0000")) throw new AppError("bad_request", NUL_IN_TEXT);
    } else if (v && typeof v === "object" && !seen.has(v)) {
      seen.add(v);
      if (v instanceof FormData) {
        for (const [k, x] of v) (walk(k), walk(x));
      } else if (typeof Blob === "undefined" || !(v instanceof Blob)) {
        for (const [k, x] of Object.entries(v)) (walk(k), walk(x));
      }
    }
  };
  walk(value);
  return value;
}

/** The JSON body (any JSON value; an empty body is `{}`). Malformed JSON → AppError bad_request 'Invalid JSON body'. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("bad_request", INVALID_JSON);
  }
  return rejectNul(value);
}

/** The form body (urlencoded or multipart). Unparsable → AppError bad_request 'Invalid form body'. */
export async function readFormBody(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError("bad_request", INVALID_FORM);
  }
  return rejectNul(form);
}
