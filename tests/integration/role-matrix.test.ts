/**
 * The role × route matrix: for every organization route, enumerated like tenancy.test.ts (every page
 * route at or below /o/:orgId of the route build, and every `o/:orgId` route of the /api routing
 * table, aliases included), so a new route is covered the day it is added, and every method it declares,
 * each role answers 403 exactly when it lacks the declared permission (app/auth/permission-matrix.ts)
 * and anything else otherwise. Where the permission is declared:
 *  - /api routes of the table: on each apiRoute() operation (`permission`), read from the module's
 *    `loader.spec` as the OpenAPI document reads it; an operation without one fails the test;
 *  - pages: app/auth/route-permissions.ts; a page route missing there fails.
 * Roles: the four built-in ones, the owner, a member with only a custom role, and API keys (scoped,
 * and scoped beyond their creator).
 *
 * Requests use random ids for every parameter but the organization, so allowed calls meet a 404 or
 * a validation error instead of changing data. apiRoute() checks the permission after parsing the
 * declared `body` / `query` schema, so those requests carry a minimal valid input generated from the
 * schema (a denied caller must then meet the 403, not a 422).
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { z } from "zod";
import { ROUTE_PERMISSIONS, type Method, type RoutePermissions } from "~/auth/route-permissions";
import { API_ROUTES, apiAliasRouteId, apiRouteId } from "~/api/route-table";
import { orgPageRouteIds } from "../support/page-routes";
import type { ApiRouteSpec } from "~/api/api-route.server";
import { BUILT_IN_ROLES, PERMISSIONS, permissionsOf, type Permission, type RouteRequirement } from "~/auth/permission-matrix";
import { createApiKey } from "~/auth/api-keys.server";
import { buildOpenApiDocument } from "~/openapi/openapi.server";
import { WEBHOOK_OUTCOMES, WEBHOOK_SUBJECTS } from "~/webhooks/event-types";

/** Organization page routes (from the route build): their permissions are in ROUTE_PERMISSIONS. */
function tenantFileRouteIds(): string[] {
  return orgPageRouteIds(app.build);
}

/** Route ids of the table's organization /api routes (main path and alias). */
function tenantTableRouteIds(): string[] {
  return API_ROUTES.filter((e) => e.path.startsWith("o/:orgId")).flatMap((e) => [apiRouteId(e), ...(e.alias ? [apiAliasRouteId(e)] : [])]);
}

function specOf(routeId: string): ApiRouteSpec | undefined {
  return (app.build.routes[routeId]?.module as { loader?: { spec?: ApiRouteSpec } } | undefined)?.loader?.spec;
}

const REQUIREMENTS = new Set<string>(["member", ...Object.keys(PERMISSIONS)]);

/**
 * Every organization route with its declared permission per method: the table's /api routes from
 * their apiRoute() specs, the rest from ROUTE_PERMISSIONS. `problems` lists operations whose
 * permission is missing or not a RouteRequirement.
 */
function declaredRoutes(): { routes: Map<string, RoutePermissions>; problems: string[] } {
  const routes = new Map<string, RoutePermissions>();
  const problems: string[] = [];
  for (const id of tenantTableRouteIds()) {
    const spec = specOf(id);
    if (!spec) {
      problems.push(`${id}: not built with apiRoute()`);
      continue;
    }
    const declared: RoutePermissions = {};
    for (const [method, op] of Object.entries(spec.operations) as [Method, NonNullable<ApiRouteSpec["operations"][Method]>][]) {
      if (typeof op.permission !== "string" || !REQUIREMENTS.has(op.permission))
        problems.push(`${method} ${id}: no declared permission (add permission: "<permission>" | "member" to the operation)`);
      else declared[method] = op.permission;
    }
    routes.set(id, declared);
  }
  for (const id of tenantFileRouteIds()) if (ROUTE_PERMISSIONS[id]) routes.set(id, ROUTE_PERMISSIONS[id]);
  return { routes, problems };
}

/** Valid values of body fields checked by a zod refinement (invisible in JSON Schema). */
const REFINED_SAMPLES: Record<string, unknown> = { event_types: [`${WEBHOOK_SUBJECTS[0]}.${WEBHOOK_OUTCOMES[0]}`] };

/** A JSON Schema value that satisfies `schema` as far as a probe needs (required keys, enums, formats, bounds). */
function sampleOf(schema: Record<string, unknown> | undefined): unknown {
  if (!schema) return "x";
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  for (const k of ["anyOf", "oneOf", "allOf"] as const)
    if (Array.isArray(schema[k]))
      return sampleOf((schema[k] as Record<string, unknown>[]).find((s) => s.type !== "null") ?? (schema[k] as Record<string, unknown>[])[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "object") {
    const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    // Refinements do not show in JSON Schema: fields whose valid values only a refinement knows get one.
    return Object.fromEntries(
      ((schema.required ?? []) as string[]).map((k) => [k, REFINED_SAMPLES[k] ?? (/(^|_)url$/.test(k) ? "https://example.test/probe" : sampleOf(props[k]))]),
    );
  }
  if (type === "array") return Array.from({ length: Number(schema.minItems ?? 0) }, () => sampleOf(schema.items as Record<string, unknown>));
  if (type === "number" || type === "integer") return Number(schema.minimum ?? 1);
  if (type === "boolean") return true;
  if (schema.format === "email") return "probe@example.test";
  if (schema.format === "date") return "2026-01-02";
  if (schema.format === "date-time") return "2026-01-02T00:00:00Z";
  if (schema.format === "uri" || schema.format === "url") return "https://example.test/probe";
  return "x".repeat(Math.max(1, Number(schema.minLength ?? 1)));
}

function sampleInput(schema: z.ZodType | undefined): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  return sampleOf(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>) as Record<string, unknown>;
}

interface Actor {
  name: string;
  headers: Record<string, string>;
  permissions: Set<Permission>;
  apiOnly?: boolean;
}

let tdb: TestDatabase;
let app: AppHandler;
let orgId: string;
const actors: Actor[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await createAppHandler();
  const { user: owner, organization } = await createOrgWithUser(tdb.database, { orgName: "Matrix Plan" });
  orgId = organization.id;
  const p = tdb.database.prisma;
  const role = await p.role.create({ data: { organization_id: orgId, name: "Auditor", description: "Reads the PHI audit only", permissions: ["audit.read"] } });

  const member = async (name: string, roles: string[], roleId: string | null = null) => {
    const user = await p.user.create({ data: { email: `${name}-${crypto.randomBytes(3).toString("hex")}@example.test`, username: name } });
    await p.membership.create({ data: { user_id: user.id, organization_id: orgId, roles, role_id: roleId } });
    return user;
  };
  actors.push({
    name: "owner",
    headers: { Cookie: await signInCookie(tdb.database, owner.id) },
    permissions: permissionsOf({ owner: true, roles: ["administrator", "clinical_reviewer"] }),
  });
  for (const key of Object.keys(BUILT_IN_ROLES)) {
    const user = await member(key, [key]);
    actors.push({ name: key, headers: { Cookie: await signInCookie(tdb.database, user.id) }, permissions: permissionsOf({ owner: false, roles: [key] }) });
  }
  const auditor = await member("auditor", [], role.id);
  actors.push({
    name: "custom role Auditor (audit.read only)",
    headers: { Cookie: await signInCookie(tdb.database, auditor.id) },
    permissions: new Set(["audit.read"]),
  });

  // API keys: scoped to reading, and one whose scopes exceed its creator (a reviewer asking for team.manage).
  const reader = await createApiKey(orgId, { name: "reader", scopes: ["cases.read"], createdById: owner.id });
  actors.push({
    name: "API key scoped cases.read",
    headers: { Authorization: `Bearer ${reader.plaintext}` },
    permissions: new Set(["cases.read"]),
    apiOnly: true,
  });
  const reviewer = await p.user.findFirstOrThrow({ where: { username: "reviewer" } });
  const overreach = await createApiKey(orgId, {
    name: "overreach",
    scopes: ["cases.read", "team.manage", "policies.edit", "audit.read"],
    createdById: reviewer.id,
  });
  actors.push({
    name: "API key of a reviewer asking for team/policies/audit",
    headers: { Authorization: `Bearer ${overreach.plaintext}` },
    permissions: new Set(["cases.read"]),
    apiOnly: true,
  });
}, 180_000);

afterAll(async () => {
  await app?.close();
  await tdb?.cleanup();
});

function urlFor(routeId: string): string {
  const segments: string[] = [];
  let route = app.build.routes[routeId];
  while (route) {
    if (route.path) segments.unshift(route.path);
    route = route.parentId ? app.build.routes[route.parentId] : undefined;
  }
  const filled = segments
    .join("/")
    .split("/")
    .filter(Boolean)
    .map((seg) => seg.replace(/^:([\w-]+)\??/, (_m, name: string) => (name === "orgId" ? orgId : `c${crypto.randomBytes(12).toString("hex")}`)));
  return `/${filled.join("/")}`;
}

/** True when the route's full path has a parameter besides :orgId (then a random id answers 404). */
function hasIdParams(routeId: string): boolean {
  let route = app.build.routes[routeId];
  while (route) {
    if (route.path && /:(?!orgId\b)|\*/.test(route.path)) return true;
    route = route.parentId ? app.build.routes[route.parentId] : undefined;
  }
  return false;
}

function allowed(actor: Actor, requirement: RouteRequirement): boolean {
  if (requirement === "member") return true;
  if (requirement === "denials.sign_off" && actor.apiOnly) return false;
  return actor.permissions.has(requirement);
}

describe("role × route permission matrix", () => {
  it("every organization route declares its permissions, and only methods its module serves", () => {
    const files = tenantFileRouteIds();
    const table = tenantTableRouteIds();
    expect(files.length + table.length).toBeGreaterThan(60);
    const { routes, problems } = declaredRoutes();
    expect(problems, "/api operations without a declared permission (apiRoute operation `permission`)").toEqual([]);
    expect(
      files.filter((id) => !ROUTE_PERMISSIONS[id]),
      "routes without a declared permission (add them to app/auth/route-permissions.ts)",
    ).toEqual([]);
    expect(
      Object.keys(ROUTE_PERMISSIONS).filter((id) => !files.includes(id)),
      "stale entries (table /api routes declare theirs on the apiRoute operation)",
    ).toEqual([]);
    for (const id of files) {
      const module = app.build.routes[id]?.module as { loader?: unknown; action?: unknown };
      const declared = Object.keys(ROUTE_PERMISSIONS[id]!) as Method[];
      if (declared.includes("GET")) expect(module.loader, `${id} declares GET but has no loader`).toBeDefined();
      if (declared.some((m) => m !== "GET")) expect(module.action, `${id} declares a write but has no action`).toBeDefined();
      if (!id.startsWith("routes/api.") && module.action) expect(declared, `${id} has an action but no POST permission`).toContain("POST");
    }
    for (const id of table) expect(Object.keys(routes.get(id) ?? {}).length, `${id} serves no method`).toBeGreaterThan(0);
  });

  it("the OpenAPI document shows each operation's permission", () => {
    const doc = buildOpenApiDocument();
    const ops = Object.values(doc.paths as Record<string, Record<string, { "x-permission"?: string }>>).flatMap((m) => Object.values(m));
    const orgOps = Object.entries(doc.paths as Record<string, Record<string, { "x-permission"?: string }>>)
      .filter(([p]) => p.startsWith("/api/o/{orgId}"))
      .flatMap(([p, m]) => Object.entries(m).map(([method, op]) => ({ op: `${method.toUpperCase()} ${p}`, permission: op["x-permission"] })));
    expect(ops.length).toBeGreaterThan(orgOps.length - 1);
    expect(orgOps.filter((o) => !o.permission)).toEqual([]);
    expect(orgOps.find((o) => o.op === "POST /api/o/{orgId}/prior_auths/{id}/generate_denial_letter")?.permission).toBe("denials.sign_off");
  });

  it("each role gets 403 exactly where the matrix denies it", async () => {
    const failures: string[] = [];
    let checked = 0;
    const tableIds = new Set(tenantTableRouteIds());
    for (const [id, declared] of declaredRoutes().routes) {
      const api = id.startsWith("routes/api");
      const spec = tableIds.has(id) ? specOf(id) : undefined;
      for (const [method, requirement] of Object.entries(declared) as [Method, RouteRequirement][]) {
        const op = spec?.operations[method];
        const query = sampleInput(op?.query);
        for (const actor of actors) {
          if (actor.apiOnly && !api) continue;
          const url = urlFor(id) + (query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : "");
          const headers: Record<string, string> = { ...actor.headers, Accept: api ? "application/json" : "text/html" };
          let body: string | undefined;
          if (method !== "GET") {
            headers["Content-Type"] = api ? "application/json" : "application/x-www-form-urlencoded";
            body = api ? JSON.stringify(sampleInput(op?.body) ?? {}) : "intent=__matrix_probe__";
          }
          const res = await app.fetch(url, { method, headers, body, redirect: "manual" });
          await res.body?.cancel();
          checked++;
          const expectAllowed = allowed(actor, requirement);
          if (expectAllowed && res.status === 403) failures.push(`${actor.name}: ${method} ${id} → 403, but the matrix allows ${requirement}`);
          if (!expectAllowed && res.status !== 403) failures.push(`${actor.name}: ${method} ${id} → ${res.status}, but the matrix denies ${requirement}`);
          if (res.status === 404 && !hasIdParams(id)) failures.push(`${actor.name}: ${method} ${id} → 404 without params`);
          if (res.status >= 500) failures.push(`${actor.name}: ${method} ${id} → ${res.status}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 300_000);

  it("a reviewer's API key never exceeds the reviewer: team.manage in its scopes still answers 403", async () => {
    const key = actors.find((a) => a.name.startsWith("API key of a reviewer"))!;
    const res = await app.fetch(`/api/o/${orgId}/users`, {
      method: "POST",
      headers: { ...key.headers, "Content-Type": "application/json" },
      body: JSON.stringify({ email: "x@example.test", username: "x" }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).errors[0]).toMatch(/team\.manage/);
  });
});
