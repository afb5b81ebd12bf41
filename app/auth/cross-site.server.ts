/**
 * Cross-site request forgery guard for the /api resource routes. Browsers attach the session
 * cookie (SameSite=Lax does not cover every case, e.g. same-site subdomains) to requests another
 * page makes, and a plain HTML form can POST urlencoded, multipart or text/plain bodies anywhere.
 *
 * A state-changing call (any method but GET/HEAD/OPTIONS) made without an API key is accepted when:
 *  - its `Origin` is this application's origin (the request's own origin or APP_URL's), or
 *  - it has no `Origin`, `Sec-Fetch-Site` does not say another site, and the body is JSON
 *    (a cross-site form cannot send `application/json` without a CORS preflight we never grant).
 * Any other Origin (including "null") or a `Sec-Fetch-Site` of cross-site/same-site is refused, whatever
 * the content type. Calls with `Authorization: Bearer <API key>` carry no ambient credential and are
 * not checked here.
 */
import { fetchSite } from "remix-utils/sec-fetch";
import { getEnv } from "~/env.server";
import { json } from "~/lib/http.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const CROSS_SITE_REFUSED = "Cross-site request refused";

/** The origins this application is served from for `request`: its own URL's, and APP_URL's when set. */
function ownOrigins(request: Request): Set<string> {
  const origins = new Set([new URL(request.url).origin]);
  const appUrl = getEnv().APP_URL;
  if (appUrl) origins.add(new URL(appUrl).origin);
  return origins;
}

function isJsonBody(request: Request): boolean {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/**
 * Why `request` must be refused as a possible cross-site forgery, or null when it may proceed.
 * Safe methods are never refused.
 */
export function crossSiteRefusal(request: Request): string | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  const origin = request.headers.get("Origin");
  if (origin !== null) return ownOrigins(request).has(origin.trim()) ? null : CROSS_SITE_REFUSED;
  const site = fetchSite(request);
  if (site === "cross-site" || site === "same-site") return CROSS_SITE_REFUSED;
  return isJsonBody(request) ? null : CROSS_SITE_REFUSED;
}

/**
 * Throws 403 JSON `{success:false, errors:["Cross-site request refused"]}` when `request` is a
 * state-changing call that may come from another site (see the module comment). Used by the /api
 * guards for cookie-authenticated calls and by the unauthenticated sign-in endpoints.
 */
export function requireSameOriginWrite(request: Request): void {
  const refusal = crossSiteRefusal(request);
  if (refusal) throw json({ success: false, errors: [refusal] }, { status: 403 });
}
