/**
 * Browser sessions. A sign-in creates a `Session` row; the `__session` cookie (httpOnly, SameSite=Lax,
 * Secure in production, signed with SESSION_SECRET) holds only that row's id. Revoking sets
 * `revoked_at`, so a stolen cookie stops working at sign-out; expired or revoked rows are rejected.
 * A session also ends after SESSION_IDLE_TIMEOUT_MINUTES without a request (idle timeout, default
 * 8 hours), counted from `last_seen_at`.
 */
import { createCookie, redirect } from "react-router";
import type { User } from "~/generated/prisma/client";
import { getEnv } from "~/env.server";
import { getDatabase } from "~/lib/db.server";
import { shouldUseSecureCookies } from "~/auth/cookies.server";

/** Absolute session lifetime: 30 days after sign-in, however active. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session (avoids a write per request). */
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

/** The idle timeout in milliseconds (SESSION_IDLE_TIMEOUT_MINUTES). */
export function sessionIdleTimeoutMs(): number {
  return getEnv().SESSION_IDLE_TIMEOUT_MINUTES * 60 * 1000;
}

let cookie: ReturnType<typeof createCookie> | undefined;
function sessionCookie() {
  cookie ??= createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: shouldUseSecureCookies(),
    secrets: [getEnv().SESSION_SECRET],
    maxAge: SESSION_TTL_MS / 1000,
  });
  return cookie;
}

/** The signed session id in the request's cookie, or null (missing or bad signature). */
export async function getSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

/**
 * Creates a Session row for `userId` (with the requester's user agent and address `ip`, for the
 * audit trail), stamps `users.last_sign_in_at` and returns the Set-Cookie header value that
 * carries the new session id.
 */
export async function createUserSession(userId: string, request?: Request, ip: string | null = null): Promise<string> {
  const { prisma } = await getDatabase();
  const now = new Date();
  const session = await prisma.session.create({
    data: {
      user_id: userId,
      expires_at: new Date(now.getTime() + SESSION_TTL_MS),
      user_agent: request?.headers.get("user-agent")?.slice(0, 300) ?? null,
      ip,
    },
  });
  await prisma.user.update({ where: { id: userId }, data: { last_sign_in_at: now } });
  return sessionCookie().serialize(session.id);
}

/** The Set-Cookie header value carrying `sessionId` (signed). For tests and tools that create Session rows themselves. */
export async function sessionCookieHeader(sessionId: string): Promise<string> {
  return sessionCookie().serialize(sessionId);
}

/** A Set-Cookie header value that deletes the session cookie. */
export async function clearSessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Request-scoped cache: layout and child loaders of one request share one lookup. */
const userCache = new WeakMap<Request, Promise<User | null>>();

/**
 * The signed-in user of this request, or null when there is no cookie, the signature is wrong, or
 * the session row is missing, revoked, expired or idle for longer than the idle timeout (then it
 * is revoked).
 */
export function getUser(request: Request): Promise<User | null> {
  let pending = userCache.get(request);
  if (!pending) {
    pending = lookupUser(request);
    userCache.set(request, pending);
  }
  return pending;
}

async function lookupUser(request: Request): Promise<User | null> {
  const sessionId = await getSessionId(request);
  if (!sessionId) return null;
  const { prisma } = await getDatabase();
  const session = await prisma.session.findUnique({ where: { id: sessionId }, include: { user: true } });
  const now = Date.now();
  if (!session || session.revoked_at || session.expires_at.getTime() <= now) return null;
  const idleMs = sessionIdleTimeoutMs();
  if (now - session.last_seen_at.getTime() > idleMs) {
    // Idle too long: end it for good, so it cannot come back if the timeout is raised later.
    await prisma.session.updateMany({ where: { id: session.id, revoked_at: null }, data: { revoked_at: new Date(now) } });
    return null;
  }
  // Stamp often enough that the idle timeout is accurate to a tenth of its length.
  if (now - session.last_seen_at.getTime() > Math.min(LAST_SEEN_RESOLUTION_MS, idleMs / 10)) {
    await prisma.session.update({ where: { id: session.id }, data: { last_seen_at: new Date(now) } }).catch(() => {});
  }
  return session.user;
}

/** Same-site return path of this request (path + query), for `/continue?redirect_to=`. */
export function returnPath(request: Request): string {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return `${path}${search ? `?${search}` : ""}`;
}

/**
 * The signed-in user, or a thrown redirect to `/continue?redirect_to=<this path>` (for pages).
 * API routes use `requireApiAuth`, which answers 401 JSON instead.
 */
export async function requireUser(request: Request): Promise<User> {
  const user = await getUser(request);
  if (!user) {
    throw redirect(`/continue?redirect_to=${encodeURIComponent(returnPath(request))}`);
  }
  return user;
}

/**
 * Revokes the request's session row (if any) and returns the Set-Cookie value that clears the cookie.
 * Idempotent: signing out twice, or without a session, is fine.
 */
export async function revokeSession(request: Request): Promise<string> {
  const sessionId = await getSessionId(request);
  if (sessionId) {
    const { prisma } = await getDatabase();
    await prisma.session.updateMany({ where: { id: sessionId, revoked_at: null }, data: { revoked_at: new Date() } });
  }
  return clearSessionCookie();
}

/** Revokes every live session of a user (for example after removing them from the team). */
export async function revokeAllSessions(userId: string): Promise<number> {
  const { prisma } = await getDatabase();
  const res = await prisma.session.updateMany({ where: { user_id: userId, revoked_at: null }, data: { revoked_at: new Date() } });
  return res.count;
}
