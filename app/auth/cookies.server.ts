/**
 * Cookie settings shared by the session, sign-in and toast cookies.
 */
import { getEnv } from "~/env.server";

/**
 * Secure cookies in production. An APP_URL that is explicitly plain http (a private install without
 * TLS) turns them off, because browsers drop Secure cookies sent over http (except on localhost).
 */
export function shouldUseSecureCookies(): boolean {
  const env = getEnv();
  if (env.NODE_ENV !== "production") return false;
  return !(env.APP_URL ?? "").startsWith("http://");
}

/** Reads one cookie's raw (undecoded) value from a Cookie header. */
export function readRawCookie(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      let value = part.slice(eq + 1).trim();
      if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1).replace(/\\"/g, '"');
      return value;
    }
  }
  return undefined;
}
