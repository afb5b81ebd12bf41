import type { RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

// File-system routes (app/routes/*), flat-routes convention: `o.$orgId.prior-auths.tsx` → /o/:orgId/prior-auths.
export default flatRoutes() satisfies RouteConfig;
