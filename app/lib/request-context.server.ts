/**
 * What the web server (server.ts, through Express `getLoadContext`) tells loaders and actions about a
 * request that a Fetch `Request` cannot carry: who sent it and the CSP nonce of the response.
 * Outside server.ts (integration tests, other adapters) the fields may be missing; callers treat a
 * missing address as "unknown", never as trusted.
 */
import type { AppLoadContext } from "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** The client's address as Express computes it (`req.ip`: X-Forwarded-For only from TRUST_PROXY hops). */
    clientIp?: string;
    /** The TCP peer's address (a reverse proxy, when there is one). */
    peerIp?: string;
    /** Whether the request carried proxy forwarding headers (X-Forwarded-For, Forwarded). */
    forwarded?: boolean;
    /** Nonce of this response's Content-Security-Policy, for inline scripts React Router emits. */
    cspNonce?: string;
  }
}

/** The requester's address, or null when the server did not say (then rate limits use one shared "unknown" bucket). */
export function requestIp(context: AppLoadContext | undefined): string | null {
  const ip = context?.clientIp?.trim();
  return ip ? ip.slice(0, 64) : null;
}

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/;

/** True for an address of this machine's loopback interface (127.0.0.0/8, ::1, IPv4-mapped 127/8). */
export function isLoopbackAddress(ip: string | null | undefined): boolean {
  return Boolean(ip && LOOPBACK.test(ip));
}

/**
 * True when the request came straight from this machine: the TCP peer is loopback and no proxy
 * forwarded it (a local reverse proxy would make remote visitors look local).
 */
export function isDirectLoopbackRequest(context: AppLoadContext | undefined): boolean {
  return isLoopbackAddress(context?.peerIp) && context?.forwarded === false;
}

import { AsyncLocalStorage } from "node:async_hooks";

/** Where the current request came from, for the PHI access audit (app/audit). */
export interface RequestOrigin {
  ip: string | null;
}

// One store per process, even when this module is loaded twice (the test handler imports it directly
// while the app build is loaded through Vite's module graph).
const ORIGINS_KEY = Symbol.for("pa-review.request-origin");
const origins: AsyncLocalStorage<RequestOrigin> = ((globalThis as Record<symbol, unknown>)[ORIGINS_KEY] ??=
  new AsyncLocalStorage<RequestOrigin>()) as AsyncLocalStorage<RequestOrigin>;

/**
 * Runs `fn` (the React Router handler of one request) with its client address available to
 * `currentRequestOrigin()`. Loaders and guards receive a Fetch Request, which cannot carry the
 * address; the web server (web-app.server.ts) and the test handler wrap each request with this.
 */
export function runWithRequestOrigin<T>(origin: RequestOrigin, fn: () => T): T {
  return origins.run(origin, fn);
}

/** The client address of the request being handled, or null outside a wrapped request. */
export function currentRequestOrigin(): RequestOrigin {
  return origins.getStore() ?? { ip: null };
}
