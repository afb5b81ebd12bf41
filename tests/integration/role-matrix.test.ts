/**
 * The role × route matrix: for every organization route (every `o.$orgId*` and `api.o.$orgId*` route
 * file, enumerated like tenancy.test.ts, so a new route is covered the day it is added) and every
 * method it declares in app/auth/route-permissions.ts, each role answers 403 exactly when it lacks
 * the declared permission (app/auth/permission-matrix.ts), and anything else otherwise. Roles: the
 * four built-in ones, the owner, a member with only a custom role, and API keys (scoped, and scoped
 * beyond their creator). A route file missing from the table fails the test, as does a declared
 * method the module cannot serve.
 *
 * Requests use random ids for every parameter but the organization, so allowed calls meet a 404 or
 * a validation error instead of changing data: the permission check runs before either.
 */
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { ROUTE_PERMISSIONS, type Method } from "~/auth/route-permissions";
import { BUILT_IN_ROLES, permissionsOf, type Permission, type RouteRequirement } from "~/auth/permission-matrix";
import { createApiKey } from "~/auth/api-keys.server";

const ROUTES_DIR = path.resolve(import.meta.dirname, "../../app/routes");
const TENANT_ROUTE = /^(api\.)?o\.\$orgId(?=[.[/]|$|\.tsx?$)/;

function tenantRouteIds(): string[] {
  return fs
    .readdirSync(ROUTES_DIR)
    .filter((f) => TENANT_ROUTE.test(f) && /\.tsx?$/.test(f) && !/\.test\.|\.server\.|\.client\./.test(f))
    .map((f) => `routes/${f.replace(/\.tsx?$/, "")}`)
    .sort();
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
  actors.push({ name: "owner", headers: { Cookie: await signInCookie(tdb.database, owner.id) }, permissions: permissionsOf({ owner: true, roles: ["administrator", "clinical_reviewer"] }) });
  for (const key of Object.keys(BUILT_IN_ROLES)) {
    const user = await member(key, [key]);
    actors.push({ name: key, headers: { Cookie: await signInCookie(tdb.database, user.id) }, permissions: permissionsOf({ owner: false, roles: [key] }) });
  }
  const auditor = await member("auditor", [], role.id);
  actors.push({ name: "custom role Auditor (audit.read only)", headers: { Cookie: await signInCookie(tdb.database, auditor.id) }, permissions: new Set(["audit.read"]) });

  // API keys: scoped to reading, and one whose scopes exceed its creator (a reviewer asking for team.manage).
  const reader = await createApiKey(orgId, { name: "reader", scopes: ["cases.read"], createdById: owner.id });
  actors.push({ name: "API key scoped cases.read", headers: { Authorization: `Bearer ${reader.plaintext}` }, permissions: new Set(["cases.read"]), apiOnly: true });
  const reviewer = await p.user.findFirstOrThrow({ where: { username: "reviewer" } });
  const overreach = await createApiKey(orgId, { name: "overreach", scopes: ["cases.read", "team.manage", "policies.edit", "audit.read"], createdById: reviewer.id });
  actors.push({ name: "API key of a reviewer asking for team/policies/audit", headers: { Authorization: `Bearer ${overreach.plaintext}` }, permissions: new Set(["cases.read"]), apiOnly: true });
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

function allowed(actor: Actor, requirement: RouteRequirement): boolean {
  if (requirement === "member") return true;
  if (requirement === "denials.sign_off" && actor.apiOnly) return false;
  return actor.permissions.has(requirement);
}

describe("role × route permission matrix", () => {
  it("every organization route declares its permissions, and only methods its module serves", () => {
    const ids = tenantRouteIds();
    expect(ids.length).toBeGreaterThan(40);
    expect(ids.filter((id) => !ROUTE_PERMISSIONS[id]), "routes without a declared permission (add them to app/auth/route-permissions.ts)").toEqual([]);
    expect(Object.keys(ROUTE_PERMISSIONS).filter((id) => !ids.includes(id)), "stale entries").toEqual([]);
    for (const id of ids) {
      const module = app.build.routes[id]?.module as { loader?: unknown; action?: unknown };
      const declared = Object.keys(ROUTE_PERMISSIONS[id]!) as Method[];
      if (declared.includes("GET")) expect(module.loader, `${id} declares GET but has no loader`).toBeDefined();
      if (declared.some((m) => m !== "GET")) expect(module.action, `${id} declares a write but has no action`).toBeDefined();
      if (!id.startsWith("routes/api.") && module.action) expect(declared, `${id} has an action but no POST permission`).toContain("POST");
    }
  });

  it("each role gets 403 exactly where the matrix denies it", async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const id of tenantRouteIds()) {
      const api = id.startsWith("routes/api.");
      for (const [method, requirement] of Object.entries(ROUTE_PERMISSIONS[id]!) as [Method, RouteRequirement][]) {
        for (const actor of actors) {
          if (actor.apiOnly && !api) continue;
          const url = urlFor(id);
          const headers: Record<string, string> = { ...actor.headers, Accept: api ? "application/json" : "text/html" };
          let body: string | undefined;
          if (method !== "GET") {
            headers["Content-Type"] = api ? "application/json" : "application/x-www-form-urlencoded";
            body = api ? "{}" : "intent=__matrix_probe__";
          }
          const res = await app.fetch(url, { method, headers, body, redirect: "manual" });
          await res.body?.cancel();
          checked++;
          const expectAllowed = allowed(actor, requirement);
          if (expectAllowed && res.status === 403) failures.push(`${actor.name}: ${method} ${id} → 403, but the matrix allows ${requirement}`);
          if (!expectAllowed && res.status !== 403) failures.push(`${actor.name}: ${method} ${id} → ${res.status}, but the matrix denies ${requirement}`);
          if (res.status === 404 && !id.replace("$orgId", "").includes("$")) failures.push(`${actor.name}: ${method} ${id} → 404 without params`);
          if (res.status >= 500) failures.push(`${actor.name}: ${method} ${id} → ${res.status}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 300_000);

  it("a reviewer's API key never exceeds the reviewer: team.manage in its scopes still answers 403", async () => {
    const key = actors.find((a) => a.name.startsWith("API key of a reviewer"))!;
    const res = await app.fetch(`/api/o/${orgId}/users`, { method: "POST", headers: { ...key.headers, "Content-Type": "application/json" }, body: JSON.stringify({ email: "x@example.test", username: "x" }) });
    expect(res.status).toBe(403);
    expect((await res.json()).errors[0]).toMatch(/team\.manage/);
  });
});
