/**
 * The app's page routes as the route build sees them, for tests that must cover every route the day
 * it is added (tenancy, role × route matrix). Pages are listed in app/routes.ts; the /api routes of
 * app/api/route-table.ts are left to those tests' own enumeration of the table.
 */
import fs from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { API_ROUTES, apiAliasRouteId, apiRouteId } from "~/api/route-table";

const APP_DIR = path.resolve(import.meta.dirname, "../../app");

/** Route ids of the /api routing table (main path and alias). */
function tableRouteIds(): Set<string> {
  return new Set(API_ROUTES.flatMap((e) => [apiRouteId(e), ...(e.alias ? [apiAliasRouteId(e)] : [])]));
}

/** A route's full path from the root (parents' paths joined, no leading slash; "" for the root). */
export function fullPathOf(build: ServerBuild, routeId: string): string {
  const segments: string[] = [];
  let route = build.routes[routeId];
  while (route) {
    if (route.path) segments.unshift(route.path);
    route = route.parentId ? build.routes[route.parentId] : undefined;
  }
  return segments.join("/");
}

/** Ids of the page routes at or below /o/:orgId (layouts included), sorted; /api table routes excluded. */
export function orgPageRouteIds(build: ServerBuild): string[] {
  const table = tableRouteIds();
  return Object.keys(build.routes)
    .filter((id) => !table.has(id))
    .filter((id) => {
      const full = fullPathOf(build, id);
      return full === "o/:orgId" || full.startsWith("o/:orgId/");
    })
    .sort();
}

/**
 * Route modules under app/routes (outside app/routes/api/) that are not a route of the build: a page
 * file forgotten in app/routes.ts. Empty when every page file is served.
 */
export function unroutedPageFiles(build: ServerBuild): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const rel = path.relative(APP_DIR, full).split(path.sep).join("/");
      if (entry.isDirectory()) {
        if (rel !== "routes/api" && entry.name !== "+types") walk(full);
      } else if (/\.(tsx?|jsx?)$/.test(entry.name) && !/\.(test|spec|server|client)\./.test(entry.name)) {
        const id = rel.replace(/\.(tsx?|jsx?)$/, "");
        if (!build.routes[id]) out.push(`app/${rel}`);
      }
    }
  };
  walk(path.join(APP_DIR, "routes"));
  return out.sort();
}
