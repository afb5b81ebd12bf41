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
  "routes/o.$orgId": { GET: "member", POST: "member" },
  "routes/o.$orgId._index": member,
  "routes/o.$orgId.dashboard": member,
  "routes/o.$orgId.prior-auths._index": { GET: "cases.read", POST: "cases.write" },
  "routes/o.$orgId.prior-auths.$id": { GET: "cases.read", POST: "cases.write" },
  "routes/o.$orgId.claims._index": { GET: "cases.read", POST: "cases.write" },
  "routes/o.$orgId.claims.$id": { GET: "cases.read", POST: "cases.write" },
  "routes/o.$orgId.providers": readCases,
  "routes/o.$orgId.users": { GET: "member", POST: "team.manage" },
  "routes/o.$orgId.ai_rules._index": policyPage,
  "routes/o.$orgId.compendiums._index": policyPage,
  "routes/o.$orgId.formulary_drug_requirements._index": member,
  "routes/o.$orgId.formulary_drug_requirements.$requirementId": member,
  "routes/o.$orgId.plans._index": { GET: "member", POST: "policies.edit" },
  "routes/o.$orgId.plans.$planId._index": { GET: "member", POST: "policies.edit" },
  "routes/o.$orgId.plans.$planId.coverage_policies.$policyId": { GET: "member", POST: "policies.edit" },
  "routes/o.$orgId.settings": member,
  "routes/o.$orgId.settings._index": member,
  "routes/o.$orgId.settings.$section": member,
  "routes/o.$orgId.settings.api-keys": { GET: "keys.manage", POST: "keys.manage" },
  "routes/o.$orgId.settings.team-management": { GET: "member", POST: "team.manage" },
  "routes/o.$orgId.settings.permissions": { GET: "member", POST: "team.manage" },
  "routes/o.$orgId.settings.audit-log": { GET: "audit.read" },
  "routes/o.$orgId.settings.audit-log[.]csv": { GET: "audit.read" },
  "routes/o.$orgId.$": { GET: "member", POST: "member" },
  "routes/o.$orgId.agent-workflows._index": member,
  "routes/o.$orgId.agent-workflows.$agentWorkflowId": policyPage,
  "routes/o.$orgId.ai_rules.$ruleId": policyPage,
  "routes/o.$orgId.cases": { GET: "cases.read", POST: "cases.write" },
  "routes/o.$orgId.forms": policyPage,
  "routes/o.$orgId.forms._index": member,
  "routes/o.$orgId.forms.$formId": policyPage,
  "routes/o.$orgId.forms_.$formId.preview[.]pdf": member,
  "routes/o.$orgId.plans.$planId.import": policyPage,
  "routes/o.$orgId.reports": readCases,
  "routes/o.$orgId.settings.api-logs": { GET: "keys.manage" },
  "routes/o.$orgId.settings.database": { GET: "member", POST: "cases.write" },
  "routes/o.$orgId.settings.organization": { GET: "member", POST: "team.manage" },
  "routes/o.$orgId.settings.pbm-configuration": member,
  "routes/o.$orgId.settings.webhooks._index": { GET: webhooks, POST: webhooks },
  "routes/o.$orgId.settings.webhooks.$webhookId": { GET: webhooks, POST: webhooks },
};
