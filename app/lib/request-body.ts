/**
 * Reading request bodies without letting bad input become a 500: malformed or too deeply nested
 * JSON, an unparsable form (multipart without a boundary, text sent as a form), NUL characters and
 * unpaired surrogates (PostgreSQL cannot store them), also in uploaded file names, become
 * AppError("bad_request") with a message a client can show.
 * No server-only imports: shared by the /api helpers (http.server.ts) and form readers used by pages.
 */
import { AppError } from "~/lib/errors";

export const INVALID_JSON = "Invalid JSON body";
export const INVALID_FORM = "Invalid form body";
export const NUL_IN_TEXT = "Text must not contain NUL characters";
export const INVALID_UNICODE = "Text must be valid Unicode (it contains an unpaired surrogate character)";
/** Deepest nesting of arrays/objects accepted in a JSON body (real bodies nest 3-5 levels). */
export const MAX_JSON_DEPTH = 32;
export const JSON_TOO_DEEP = `JSON is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Throws AppError("bad_request") for text PostgreSQL cannot store: U+0000 or an unpaired surrogate. */
function checkText(v: string): void {
  if (v.includes("\u0000")) throw new AppError("bad_request", NUL_IN_TEXT);
  if (LONE_SURROGATE.test(v)) throw new AppError("bad_request", INVALID_UNICODE);
}

/**
 * Throws AppError("bad_request") when any string in `value` (deeply: keys, values, uploaded file
 * names) contains U+0000 or an unpaired UTF-16 surrogate (JSON allows "\ud800", PostgreSQL text and
 * jsonb do not). Returns `value`.
 */
export function rejectNul<T>(value: T): T {
  const seen = new Set<unknown>();
  const walk = (v: unknown): void => {
    if (typeof v === "string") {
      checkText(v);
    } else if (v && typeof v === "object" && !seen.has(v)) {
      seen.add(v);
      if (v instanceof FormData) {
        for (const [k, x] of v) (walk(k), walk(x));
      } else if (typeof Blob !== "undefined" && v instanceof Blob) {
        if (typeof File !== "undefined" && v instanceof File) walk(v.name);
      } else {
        for (const [k, x] of Object.entries(v)) (walk(k), walk(x));
      }
    }
  };
  walk(value);
  return value;
}

/**
 * The nesting depth of the JSON text (arrays and objects), found by one scan of the characters with
 * no recursion, so it is safe before JSON.parse on text nested a million levels deep. Returns as
 * soon as the depth passes `limit` (the result is then limit + 1).
 */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) max = depth;
      if (max > limit) return max;
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}

/**
 * JSON.parse for untrusted text: nesting deeper than `maxDepth` → AppError("bad_request",
 * JSON_TOO_DEEP) (deep nesting otherwise overflows the stack of whatever walks the value);
 * malformed → AppError("bad_request", `invalidMessage`); NUL or unpaired surrogates in strings →
 * AppError("bad_request").
 */
export function parseJsonText(text: string, opts: { maxDepth?: number; invalidMessage?: string } = {}): unknown {
  const maxDepth = opts.maxDepth ?? MAX_JSON_DEPTH;
  if (jsonDepth(text, maxDepth) > maxDepth) throw new AppError("bad_request", maxDepth === MAX_JSON_DEPTH ? JSON_TOO_DEEP : `JSON is nested too deeply (more than ${maxDepth} levels)`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("bad_request", opts.invalidMessage ?? INVALID_JSON);
  }
  return rejectNul(value);
}

/**
 * The JSON body (any JSON value; an empty body is `{}`). Malformed JSON → AppError bad_request
 * 'Invalid JSON body'; nesting deeper than MAX_JSON_DEPTH, NUL or unpaired surrogates → bad_request.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text.trim()) return {};
  return parseJsonText(text);
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
