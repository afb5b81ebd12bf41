/**
 * The request path as the PHI access audit keeps it: path and query, with every secret-bearing
 * query value (signed-link signatures, tokens, keys, codes, passwords; AWS-style
 * `X-Amz-Signature` / `X-Amz-Credential` too) replaced by "REDACTED". An audit row and its CSV
 * export must never carry a working signed link or credential: anyone who can read the trail could
 * otherwise open the document it names.
 */

/** Query parameter names whose values are secrets (case-insensitive, anywhere in the name). */
const SECRET_PARAM = /sig|token|secret|passw|pwd|api[-_]?key|^key$|^code$|otp|auth|session|jwt|credential|hmac|nonce|ticket/i;

export const REDACTED = "REDACTED";

/**
 * `pathname?query` of `url` (a URL or a stored path such as "/documents/x?expires=1&signature=ab"),
 * with secret query values replaced by REDACTED and the parameter names kept, so the row still
 * shows that a signed link was used. Unparseable input is returned without its query.
 */
export function redactAuditPath(url: URL | string): string {
  let parsed: URL;
  try {
    parsed = typeof url === "string" ? new URL(url, "http://audit.invalid") : url;
  } catch {
    return String(url).split("?")[0] ?? "";
  }
  const parts: string[] = [];
  for (const [name, value] of parsed.searchParams) {
    parts.push(`${encodeURIComponent(name)}=${SECRET_PARAM.test(name) ? REDACTED : encodeURIComponent(value)}`);
  }
  return parts.length > 0 ? `${parsed.pathname}?${parts.join("&")}` : parsed.pathname;
}
