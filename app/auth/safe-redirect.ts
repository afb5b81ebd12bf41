/**
 * Validation of redirect targets that come from input (`redirect_to` query and form fields): only
 * same-origin relative paths are followed, so a link cannot bounce the user to another site (open
 * redirect). Every redirect whose target comes from a request goes through `safeRedirectPath`.
 */

const BASE = "http://same.invalid";

/** True when a browser would resolve `path` (a Location value) to another origin. */
function leavesOrigin(path: string): boolean {
  // "//host" and "/\host" are protocol-relative to browsers; WHATWG URL treats "\" like "/".
  if (path.startsWith("//") || path.startsWith("/\\")) return true;
  try {
    return new URL(path, BASE).origin !== BASE;
  } catch {
    return true;
  }
}

/**
 * Returns the normalised same-origin path of `value` ("/o/abc/prior-auths?page=2"), else `fallback`.
 * Rejects absolute URLs, protocol-relative "//host", backslash tricks ("/\\host"), control
 * characters, and paths that only become protocol-relative after dot-segment normalisation
 * ("/.//evil.example/", "/a/..//evil.example", "/%2e//evil.example"): the returned value is
 * the normalised path, checked again, so what is checked is what the browser follows.
 */
export function safeRedirectPath(value: unknown, fallback: string | null = null): string | null {
  if (typeof value !== "string") return fallback;
  const v = value.trim();
  if (!v.startsWith("/") || leavesOrigin(v)) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(v)) return fallback;
  let normalised: string;
  try {
    const url = new URL(v, BASE);
    if (url.origin !== BASE) return fallback;
    normalised = `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
  return leavesOrigin(normalised) ? fallback : normalised;
}
