/**
 * The permission each organization route that is NOT in the /api routing table requires, by route id
 * (the page's file below app/, without extension) and method: the declared half of the role × route
 * matrix for pages. Every page route at or below /o/:orgId in app/routes.ts must appear here. The /api routes of the table (app/api/route-table.ts) declare
 * theirs on each apiRoute() operation (`permission: "cases.read"`), which the test reads from the
 * route modules' specs, as the OpenAPI document does; they must not be listed here.
 * tests/integration/role-matrix.test.ts enumerates the routes like tenancy.test.ts (page routes of
 * the route build and the table's routes and aliases), fails on any route without a declared permission, and proves for
 * every role that each method answers 403 exactly when the role lacks the permission. Pages enforce
 * it by passing the same permission to requireOrgMember.
 *
 * A page whose GET needs "cases.read" shows PHI: its loader must record a PHI access audit row
 * (tests/integration/phi-page-audit.test.ts).
 *
 * "member" = any member of the organization (and any API key of it). For pages, GET is the loader
 * and POST the action; a multi-intent page action names the permission of its entry, and intents
 * that need more check it themselves (e.g. override → cases.decide, denial letter → denials.sign_off).
 */
import type { RouteRequirement } from "~/auth/permission-matrix";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type RoutePermissions = Partial<Record<Method, RouteRequirement>>;

const member: RoutePermissions = { GET: "member" };
const readCases: RoutePermissions = { GET: "cases.read" };
const policyPage: RoutePermissions = { GET: "member", POST: "policies.edit" };
const webhooks = "webhooks.manage" as const;

export const ROUTE_PERMISSIONS: Record<string, RoutePermissions> = {
  // ── Pages
  "routes/workspace/layout": { GET: "member", POST: "member" },
  "routes/workspace/index": member,
  "routes/workspace/dashboard": member,
  "routes/workspace/prior-auths/index": { GET: "cases.read", POST: "cases.write" },
  "routes/workspace/prior-auths/$id": { GET: "cases.read", POST: "cases.write" },
  "routes/workspace/claims/index": { GET: "cases.read", POST: "cases.write" },
  "routes/workspace/claims/$id": { GET: "cases.read", POST: "cases.write" },
  "routes/workspace/providers": readCases,
  "routes/workspace/users": { GET: "member", POST: "team.manage" },
  "routes/workspace/ai-rules/index": policyPage,
  "routes/workspace/compendiums": policyPage,
  "routes/workspace/formulary-drug-requirements/index": member,
  "routes/workspace/formulary-drug-requirements/$requirementId": member,
  "routes/workspace/plans/index": { GET: "member", POST: "policies.edit" },
  "routes/workspace/plans/$planId/index": { GET: "member", POST: "policies.edit" },
  "routes/workspace/plans/$planId/coverage-policies.$policyId": { GET: "member", POST: "policies.edit" },
  "routes/workspace/settings/layout": member,
  "routes/workspace/settings/index": member,
  "routes/workspace/settings/$section": member,
  "routes/workspace/settings/api-keys": { GET: "keys.manage", POST: "keys.manage" },
  "routes/workspace/settings/smart-clients": { GET: "keys.manage", POST: "keys.manage" },
  "routes/workspace/settings/team-management": { GET: "member", POST: "team.manage" },
  "routes/workspace/settings/permissions": { GET: "member", POST: "team.manage" },
  // one's own profile: any member may read and change their own name
  "routes/workspace/settings/profile": { GET: "member", POST: "member" },
  "routes/workspace/settings/notifications": { GET: "member" },
  "routes/workspace/settings/audit-log": { GET: "audit.read" },
  "routes/workspace/settings/audit-log.csv": { GET: "audit.read" },
  "routes/workspace/not-found": { GET: "member", POST: "member" },
  "routes/workspace/agent-workflows/index": member,
  "routes/workspace/agent-workflows/$agentWorkflowId": policyPage,
  "routes/workspace/ai-rules/$ruleId": policyPage,
  "routes/workspace/cases": { GET: "cases.read", POST: "cases.write" },
  "routes/workspace/forms/layout": policyPage,
  "routes/workspace/forms/index": member,
  "routes/workspace/forms/$formId": policyPage,
  "routes/workspace/forms/$formId.preview.pdf": member,
  "routes/workspace/plans/$planId/import": policyPage,
  "routes/workspace/reports": readCases,
  "routes/workspace/settings/api-logs": { GET: "keys.manage" },
  "routes/workspace/settings/database": { GET: "member", POST: "cases.write" },
  "routes/workspace/settings/organization": { GET: "member", POST: "team.manage" },
  "routes/workspace/settings/pbm-configuration": member,
  "routes/workspace/settings/webhooks/index": { GET: webhooks, POST: webhooks },
  "routes/workspace/settings/webhooks/$webhookId": { GET: webhooks, POST: webhooks },
};
