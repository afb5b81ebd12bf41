/**
 * Organization access guards. Every loader and action under /o/{orgId} and /api/o/{orgId} must call
 * one of these itself: with single fetch a client can ask for one child route's data
 * (`/o/x/page.data?_routes=...`), so a guard in the layout alone does not protect children.
 *
 * Someone who is not a member gets 404, never 403, so the existence of other organizations does not
 * leak. Membership of a live organization grants access to its sandbox too; membership of a sandbox
 * grants access to the sandbox only, never to the live organization (live data is PHI).
 *
 * Every guard takes the permission the route needs (app/auth/permission-matrix.ts; "member" for
 * pages any member may open): a member without it gets 403. The declared permission of every route
 * is listed in app/auth/route-permissions.ts and proven by tests/integration/role-matrix.test.ts.
 */
import type { ApiKey, Membership, User } from "~/generated/prisma/client";
import {
  accessOrganizationIds,
  apiKeyPermissions,
  can,
  forbiddenMessage,
  membershipPermissions,
  type Permission,
  type RouteRequirement,
} from "~/auth/permissions.server";
import { getDatabase } from "~/lib/db.server";
import { json } from "~/lib/http.server";
import { getUser, requireUser } from "~/auth/session.server";
import { findActiveApiKey } from "~/auth/api-keys.server";
import { getOrganization } from "~/organizations/get-organization.server";
import { requireSameOriginWrite } from "~/auth/cross-site.server";
import { noteApiCaller } from "~/api-logs/api-caller.server";
import { recordChange } from "~/audit/record-audit-event.server";

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type OrganizationRow = NonNullable<Awaited<ReturnType<typeof getOrganization>>>;

/** What a page loader gets back: the signed-in user, the organization in the URL, the membership used. */
export interface OrgContext {
  user: User;
  organization: OrganizationRow;
  membership: Membership;
  /** The member's effective permissions (roles, owner, custom role). */
  permissions: ReadonlySet<Permission>;
  via: "page";
}

/**
 * What an /api loader gets back: either a session user (with membership) or an API key of this org;
 * on /fhir also a SMART Backend Services client (app/fhir/fhir-route.server.ts).
 */
export interface ApiContext {
  via: "session" | "api_key" | "smart_client";
  organization: OrganizationRow;
  user: User | null;
  membership: Membership | null;
  apiKey: ApiKey | null;
  /** The SMART client of a /fhir access token, with the token's granted scopes. */
  smartClient?: { id: string; client_id: string; name: string; scopes: readonly string[] } | null;
  /**
   * The caller's effective permissions: the member's, or the key's scopes (a SMART token's scopes
   * mapped onto the matrix) capped by its creator's.
   */
  permissions: ReadonlySet<Permission>;
}

/** A 404 HTML-route error: same answer for "does not exist" and "not yours". */
export function notFoundResponse(): Response {
  return new Response("Not Found", { status: 404, statusText: "Not Found" });
}

/** 404 JSON for /api routes: `{success:false, errors:["Not found"]}`. */
export function apiNotFound(): Response {
  return json({ success: false, errors: ["Not found"] }, { status: 404 });
}

/** 401 JSON for /api routes without valid credentials. */
export function apiUnauthorized(message = "Unauthorized"): Response {
  return json({ success: false, errors: [message] }, { status: 401, headers: { "WWW-Authenticate": 'Bearer realm="api"' } });
}

/**
 * The organization and the user's membership in it (or, for a sandbox, in its live parent), or null
 * when the organization does not exist or no membership opens it (accessOrganizationIds: a sandbox
 * membership never opens the live organization).
 */
export async function findOrgAccess(
  userId: string,
  orgId: string | undefined,
): Promise<{ organization: OrganizationRow; membership: Membership; permissions: Set<Permission> } | null> {
  if (!orgId || orgId.length > 64) return null;
  const organization = await getOrganization(orgId);
  if (!organization) return null;
  const ids = accessOrganizationIds(organization);
  const { prisma } = await getDatabase();
  const memberships = await prisma.membership.findMany({
    where: { user_id: userId, organization_id: { in: ids } },
    include: { role: { select: { permissions: true } } },
  });
  const found = memberships.find((m) => m.organization_id === organization.id) ?? memberships[0];
  if (!found) return null;
  const { role, ...membership } = found;
  return { organization, membership, permissions: membershipPermissions({ ...membership, role }) };
}

/**
 * True when the URL path carries a NUL byte (`%00`): such an id names nothing, and PostgreSQL would
 * refuse it as text, so the guards answer 404 before any query.
 */
function pathHasNul(request: Request): boolean {
  return new URL(request.url).pathname.includes("%00");
}

const orgCache = new WeakMap<Request, Map<string, Promise<OrgContext>>>();

/** A 403 HTML-route error for a member whose role lacks the permission. */
export function forbiddenResponse(permission: RouteRequirement): Response {
  return new Response(permission === "member" ? "Forbidden" : forbiddenMessage(permission), { status: 403, statusText: "Forbidden" });
}

/**
 * Page guard for /o/{orgId}/...: `{ user, organization, membership, permissions }`.
 * Not signed in → redirect to /continue?redirect_to=<path>; not a member (or no such org) → thrown 404;
 * a member without `permission` → thrown 403.
 * Cached per Request, so the layout and child loaders of one request query once.
 */
export async function requireOrgMember(request: Request, orgId: string | undefined, permission: RouteRequirement): Promise<OrgContext> {
  const ctx = await orgMember(request, orgId);
  if (!can(ctx, permission)) throw forbiddenResponse(permission);
  // Every permission-gated change goes into the PHI access audit (app/audit).
  if (permission !== "member" && !READ_METHODS.has(request.method)) await recordChange(ctx, request);
  return ctx;
}

function orgMember(request: Request, orgId: string | undefined): Promise<OrgContext> {
  let perRequest = orgCache.get(request);
  if (!perRequest) {
    perRequest = new Map();
    orgCache.set(request, perRequest);
  }
  const key = orgId ?? "";
  let pending = perRequest.get(key);
  if (!pending) {
    pending = (async () => {
      const user = await requireUser(request);
      if (pathHasNul(request)) throw notFoundResponse();
      const access = await findOrgAccess(user.id, orgId);
      if (!access) throw notFoundResponse();
      return { user, ...access, via: "page" as const };
    })();
    perRequest.set(key, pending);
  }
  return pending;
}

/** The bearer token of an `Authorization: Bearer <key>` header, or null. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : "";
}

/**
 * API guard for /api/o/{orgId}/...: accepts an API key (`Authorization: Bearer pa_live_...`, valid
 * for its own organization only) or a browser session of a member.
 * Throws JSON Responses: 401 without valid credentials (bad, unknown or revoked key; no session),
 * 404 `{success:false, errors:["Not found"]}` for any organization the caller cannot see, 403
 * `{success:false, errors:["Forbidden: ..."]}` when the caller lacks `permission`, 403
 * `Cross-site request refused` for a state-changing session call that may come from another site
 * (cross-site.server.ts: it needs a same-origin Origin, or no Origin and a JSON body).
 */
export async function requireApiAuth(request: Request, orgId: string | undefined, permission: RouteRequirement): Promise<ApiContext> {
  const ctx = await authenticateApi(request, orgId);
  await enforceApiPermission(ctx, request, permission);
  return ctx;
}

/**
 * The permission half of requireApiAuth, for apiRoute() which checks it after parsing the input:
 * throws 403 JSON `{success:false, errors:["Forbidden: ..."]}` unless `ctx` holds `permission`
 * (sign-off never through an API key), and records a permission-gated write in the PHI access audit.
 */
export async function enforceApiPermission(ctx: ApiContext, request: Request, permission: RouteRequirement): Promise<void> {
  if (!can(ctx, permission)) throw json({ success: false, errors: [permission === "member" ? "Forbidden" : forbiddenMessage(permission)] }, { status: 403 });
  if (permission !== "member" && !READ_METHODS.has(request.method)) await recordChange(ctx, request);
}

/**
 * The authentication half of requireApiAuth (no permission check): the caller of an
 * /api/o/{orgId} request with its effective permissions; throws 401 / 404 JSON as requireApiAuth.
 */
export async function authenticateApi(request: Request, orgId: string | undefined): Promise<ApiContext> {
  const token = bearerToken(request);
  if (token !== null) {
    const apiKey = token ? await findActiveApiKey(token) : null;
    if (!apiKey) throw apiUnauthorized("Invalid API key");
    if (!orgId || pathHasNul(request) || apiKey.organization_id !== orgId) throw apiNotFound();
    const organization = await getOrganization(orgId);
    if (!organization) throw apiNotFound();
    noteApiCaller({ organizationId: organization.id, via: "api_key", apiKeyId: apiKey.id });
    const permissions = await apiKeyPermissions(await getDatabase(), apiKey, organization.id);
    return { via: "api_key", organization, user: null, membership: null, apiKey, permissions };
  }
  requireSameOriginWrite(request);
  const user = await getUser(request);
  if (!user) throw apiUnauthorized();
  if (pathHasNul(request)) throw apiNotFound();
  const access = await findOrgAccess(user.id, orgId);
  if (!access) throw apiNotFound();
  noteApiCaller({ organizationId: access.organization.id, via: "session", userId: user.id });
  return { via: "session", organization: access.organization, user, membership: access.membership, apiKey: null, permissions: access.permissions };
}

/**
 * API guard for endpoints about the signed-in person (no organization in the URL): session only,
 * else 401 JSON; 403 JSON for a state-changing call that may come from another site.
 */
export async function requireApiUser(request: Request): Promise<User> {
  requireSameOriginWrite(request);
  const user = await getUser(request);
  if (!user) throw apiUnauthorized();
  noteApiCaller({ via: "session", userId: user.id });
  return user;
}

/**
 * API guard for "who am I" endpoints: an API key (`Authorization: Bearer ...`, then the key and its
 * organization) or a browser session (the user). Throws 401 JSON for a bad, unknown or revoked key
 * or no session.
 */
export async function requireApiIdentity(
  request: Request,
): Promise<{ via: "session"; user: User } | { via: "api_key"; apiKey: ApiKey; organization: OrganizationRow }> {
  const token = bearerToken(request);
  if (token !== null) {
    const apiKey = token ? await findActiveApiKey(token) : null;
    if (!apiKey) throw apiUnauthorized("Invalid API key");
    const organization = await getOrganization(apiKey.organization_id);
    if (!organization) throw apiUnauthorized("Invalid API key");
    return { via: "api_key", apiKey, organization };
  }
  return { via: "session", user: await requireApiUser(request) };
}
