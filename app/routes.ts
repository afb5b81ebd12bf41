import { route, type RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

// File-system routes (app/routes/*), flat-routes convention: `o.$orgId.prior-auths.tsx` → /o/:orgId/prior-auths.
// Aliases below serve one module under a second path (the spec's `.json` spelling) instead of a copy.
export default [
  ...(await flatRoutes()),
  route(
    "api/o/:orgId/plans/:planId/coverage_policies/:policyId.json",
    "routes/api.o.$orgId.plans.$planId.coverage_policies.$policyId.tsx",
    { id: "coverage-policy-json-alias" },
  ),
  route("api/o/:orgId/ai_rules.json", "routes/api.o.$orgId.ai_rules.tsx", { id: "ai-rules-json-alias" }),
  route("api/o/:orgId/forms", "routes/api.o.$orgId.forms[.]json.tsx", { id: "forms-alias" }),
] satisfies RouteConfig;
