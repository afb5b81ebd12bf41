/**
 * Validation of `redirect_to` values: only same-site relative paths are followed, so a sign-in link
 * cannot bounce the user to another site (open redirect).
 */

/**
 * Returns `value` when it is a same-site path ("/o/abc/prior-auths?page=2"), else `fallback`.
 * Rejects absolute URLs, protocol-relative "//host", backslash tricks ("/\\host"), control
 * characters and anything that resolves to another origin.
 */
export function safeRedirectPath(value: unknown, fallback: string | null = null): string | null {
  if (typeof value !== "string") return fallback;
  const v = value.trim();
  if (!v.startsWith("/") || v.startsWith("//") || v.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(v)) return fallback;
  try {
    const base = "http://same.invalid";
    const url = new URL(v, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
