import { prefix, route, type RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";
import { API_ROUTES, apiAliasRouteId } from "./api/route-table";

// Pages: file-system routes (app/routes/*), flat-routes convention: `o.$orgId.prior-auths.tsx` → /o/:orgId/prior-auths.
// /api: the explicit table in app/api/route-table.ts (one module per resource under app/routes/api/;
// an `alias` serves the same module under its `.json` spelling instead of a copy).
export default [
  ...(await flatRoutes({ ignoredRouteFiles: ["api/**", "**/*.test.*"] })),
  ...prefix(
    "api",
    API_ROUTES.flatMap((entry) => [route(entry.path, entry.file), ...(entry.alias ? [route(entry.alias, entry.file, { id: apiAliasRouteId(entry) })] : [])]),
  ),
] satisfies RouteConfig;
