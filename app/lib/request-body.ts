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
  if (jsonDepth(text, maxDepth) > maxDepth)
    throw new AppError("bad_request", maxDepth === MAX_JSON_DEPTH ? JSON_TOO_DEEP : `JSON is nested too deeply (more than ${maxDepth} levels)`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("bad_request", opts.invalidMessage ?? INVALID_JSON);
  }
  return rejectNul(value);
}

/** Largest JSON, urlencoded or text body accepted, in bytes (an ePA's text is at most 2 MB). */
export const MAX_TEXT_BODY_BYTES = 4 * 1024 * 1024;
/** Room for the fields and boundaries of a multipart body besides its file. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

/**
 * The upload size limit in bytes: MAX_UPLOAD_MB (1-200, validated at start-up by env.server.ts),
 * default 25 MB. Read from process.env here because this module is also bundled for pages and may
 * not import server-only modules.
 */
export function uploadLimitBytes(): number {
  const mb = Number(globalThis.process?.env?.MAX_UPLOAD_MB);
  return (Number.isInteger(mb) && mb >= 1 && mb <= 200 ? mb : 25) * 1024 * 1024;
}

function tooLarge(limit: number): AppError {
  const mb = limit / (1024 * 1024);
  return new AppError("payload_too_large", `The request body is larger than the ${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB limit.`);
}

/**
 * The request body's bytes, refusing more than `limit` while they arrive: a Content-Length above
 * it is refused before reading anything, and a body without one (chunked) is counted chunk by chunk
 * and refused as soon as it passes the limit, so no more than `limit` bytes are ever held.
 * @throws AppError("payload_too_large") (413) with a message naming the limit
 */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        // Stop reading: the rest of the body is never buffered.
        reader.cancel().catch(() => {});
        throw tooLarge(limit);
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/**
 * The JSON body (any JSON value; an empty body is `{}`). Malformed JSON → AppError bad_request
 * 'Invalid JSON body'; nesting deeper than MAX_JSON_DEPTH, NUL or unpaired surrogates → bad_request;
 * more than `maxBytes` (default MAX_TEXT_BODY_BYTES) → payload_too_large (413), refused while streaming.
 */
export async function readJsonBody(request: Request, opts: { maxBytes?: number } = {}): Promise<unknown> {
  const text = new TextDecoder().decode(await readBodyBytes(request, opts.maxBytes ?? MAX_TEXT_BODY_BYTES));
  if (!text.trim()) return {};
  return parseJsonText(text);
}

/**
 * The form body (urlencoded or multipart). Unparsable → AppError bad_request 'Invalid form body'.
 * At most `maxBytes`: by default uploadLimitBytes() + 1 MB for multipart, MAX_TEXT_BODY_BYTES
 * otherwise; larger → AppError payload_too_large (413), refused while streaming.
 */
export async function readFormBody(request: Request, opts: { maxBytes?: number } = {}): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  const limit = opts.maxBytes ?? (type.includes("multipart/") ? uploadLimitBytes() + MULTIPART_OVERHEAD_BYTES : MAX_TEXT_BODY_BYTES);
  const bytes = await readBodyBytes(request, limit);
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("bad_request", INVALID_FORM);
  }
  return rejectNul(form);
}
