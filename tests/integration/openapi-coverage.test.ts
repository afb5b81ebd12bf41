/**
 * A route cannot exist undocumented: every route the server build serves under /api (whatever put it
 * there) must appear in the OpenAPI document with every method its module answers, and the document
 * must describe nothing the build does not serve. Also: every /api module is built with apiRoute()
 * (so it gets auth, 405/Allow and error mapping).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ApiRouteSpec } from "~/api/api-route.server";
import { buildOpenApiDocument } from "~/openapi/openapi.server";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
let app: AppHandler;
beforeAll(async () => {
  t = await createTestDatabase();
  app = await createAppHandler();
}, 180_000);
afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

/** The route's full URL pattern (parents included), `:param` → `{param}` as OpenAPI writes it. */
function openApiPatternOf(routeId: string): string {
  const segments: string[] = [];
  let route = app.build.routes[routeId];
  while (route) {
    if (route.path) segments.unshift(route.path);
    route = route.parentId ? app.build.routes[route.parentId] : undefined;
  }
  return `/${segments.join("/").split("/").filter(Boolean).join("/")}`.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}

it("documents every /api route and method the build serves, and nothing else", () => {
  const doc = buildOpenApiDocument();
  const documented = new Set(
    Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([p]) => p.startsWith("/api/"))
      .flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`)),
  );
  const served = new Set<string>();
  const notApiRoute: string[] = [];
  for (const id of Object.keys(app.build.routes)) {
    const pattern = openApiPatternOf(id);
    if (!pattern.startsWith("/api/")) continue;
    const module = app.build.routes[id]!.module as { loader?: { spec?: ApiRouteSpec } };
    const spec = module.loader?.spec;
    if (!spec) {
      notApiRoute.push(`${id} (${pattern})`);
      continue;
    }
    for (const method of Object.keys(spec.operations)) served.add(`${method} ${pattern}`);
  }
  expect(notApiRoute, "/api routes not built with apiRoute()").toEqual([]);
  expect(served.size).toBeGreaterThan(40);
  expect([...served].filter((op) => !documented.has(op)).sort(), "served but missing from the OpenAPI document").toEqual([]);
  expect([...documented].filter((op) => !served.has(op)).sort(), "documented but not served").toEqual([]);
});

it("documents the spec's API keys and formulary requirement routes (issue 24 E: they answered 404)", () => {
  const paths = buildOpenApiDocument().paths as Record<string, Record<string, unknown>>;
  const has = (method: string, path: string) => Object.keys(paths[path] ?? {}).includes(method);
  expect(has("get", "/api/o/{orgId}/api_keys")).toBe(true);
  expect(has("get", "/api/o/{orgId}/api_keys.json")).toBe(true);
  expect(has("post", "/api/o/{orgId}/api_keys")).toBe(true);
  expect(has("delete", "/api/o/{orgId}/api_keys/{keyId}")).toBe(true);
  expect(has("get", "/api/o/{orgId}/formulary_drug_requirements.json")).toBe(true);
  expect(has("get", "/api/o/{orgId}/formulary_drug_requirements/{requirementId}.json")).toBe(true);
});

it("gives every operation a summary, a tag and a 200 response, and resolves every schema reference", () => {
  const doc = buildOpenApiDocument();
  const text = JSON.stringify(doc);
  for (const [path, methods] of Object.entries(
    doc.paths as Record<string, Record<string, { summary?: string; tags?: string[]; responses?: Record<string, unknown> }>>,
  )) {
    for (const [method, op] of Object.entries(methods)) {
      expect(op.summary, `${method} ${path} summary`).toBeTruthy();
      expect(op.tags?.length, `${method} ${path} tags`).toBeGreaterThan(0);
      expect(op.responses?.["200"], `${method} ${path} 200`).toBeDefined();
    }
  }
  for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) expect(doc.components.schemas, name).toHaveProperty(name!);
});
