/**
 * The permission each organization route requires, by route id and method: the declared half of the
 * role × route matrix. Every route file under app/routes whose name starts with `o.$orgId` or
 * `api.o.$orgId` (plus the org-less /api routes that act on an organization) must appear here;
 * tests/integration/role-matrix.test.ts enumerates the route files, fails on any route missing from
 * this table, and proves for every role that each method answers 403 exactly when the role lacks the
 * permission. Routes enforce it by passing the same permission to requireOrgMember/requireApiAuth.
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
const policyApi: RoutePermissions = { GET: "member", POST: "policies.edit", PUT: "policies.edit", PATCH: "policies.edit", DELETE: "policies.edit" };

export const ROUTE_PERMISSIONS: Record<string, RoutePermissions> = {
  // ── Pages
  "routes/o.$orgId": { GET: "member", POST: "member" },
  "routes/o.$orgId._index": member,
  "routes/o.$orgId.dashboard": member,
  "routes/o.$orgId.prior-auths._index": { GET: "cases.read", POST: "cases.write" },
  "routes/o.$orgId.prior-auths.$id": { GET: "cases.read", POST: "cases.write" },
  "routes/o.$orgId.claims._index": readCases,
  "routes/o.$orgId.providers": readCases,
  "routes/o.$orgId.users": { GET: "member", POST: "team.manage" },
  "routes/o.$orgId.ai_rules._index": member,
  "routes/o.$orgId.compendiums._index": member,
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
  // ── /api: organization and live channels
  "routes/api.o.$orgId[.]json": member,
  "routes/api.o.$orgId.events": readCases,
  // ── /api: prior auths
  "routes/api.o.$orgId.prior_auths[.]json": readCases,
  "routes/api.o.$orgId.prior_auths": { POST: "cases.write" },
  "routes/api.o.$orgId.generate_synthetic_prior_auth": { POST: "cases.write" },
  "routes/api.o.$orgId.prior_auths.$id": { GET: "cases.read", DELETE: "cases.write" },
  "routes/api.o.$orgId.prior_auths.$id[.]json": readCases,
  "routes/api.o.$orgId.prior_auths.$id.events": readCases,
  "routes/api.o.$orgId.prior_auths.$id.ai_agent_runs[.]json": readCases,
  "routes/api.o.$orgId.prior_auths.$id.run_ai": { POST: "cases.write" },
  "routes/api.o.$orgId.prior_auths.$id.run_prompt": { POST: "cases.write" },
  "routes/api.o.$orgId.prior_auths.$id.ai_decisions.$aiDecisionId.decisions": { POST: "cases.decide" },
  "routes/api.o.$orgId.prior_auths.$id.generate_denial_letter": { POST: "denials.sign_off" },
  "routes/api.o.$orgId.prior_auths.$id.letters.$letterId[.]pdf": readCases,
  "routes/api.o.$orgId.prior_auths.$id.chat_threads": { POST: "cases.write" },
  "routes/api.o.$orgId.prior_auths.$id.chat_threads.$threadId.chat_messages": { GET: "cases.read", POST: "cases.write" },
  "routes/api.o.$orgId.prior_auths.$id.chat_threads.$threadId.ai_chat_message": { POST: "cases.write" },
  // ── /api: plans and coverage policies
  "routes/api.o.$orgId.plans[.]json": member,
  "routes/api.o.$orgId.plans": { GET: "member", POST: "policies.edit" },
  "routes/api.o.$orgId.plans.$planId[.]json": member,
  "routes/api.o.$orgId.plans.$planId": { GET: "member", DELETE: "policies.edit" },
  "routes/api.o.$orgId.plans.$planId.extract_coverage_policies": { POST: "policies.edit" },
  "routes/api.o.$orgId.plans.$planId.extracted_coverage_policies": member,
  "routes/api.o.$orgId.plans.$planId.coverage_policies[.]json": member,
  "routes/api.o.$orgId.plans.$planId.coverage_policies": { GET: "member", POST: "policies.edit" },
  "routes/api.o.$orgId.plans.$planId.coverage_policies.$policyId": { GET: "member", DELETE: "policies.edit" },
  "routes/api.o.$orgId.plans.$planId.coverage_policies.$policyId.decision_tree": { POST: "policies.edit" },
  "routes/api.o.$orgId.plans.$planId.coverage_policies.$policyId.versions": { GET: "member", POST: "policies.edit" },
  "routes/api.o.$orgId.plans.$planId.coverage_policies.$policyId.versions.$version": member,
  "routes/api.o.$orgId.plans.$planId.coverage_policies.$policyId.coverage_policy_nodes[.]json": member,
  "routes/api.o.$orgId.plans.$planId.coverage_policies.$policyId.coverage_policy_nodes": { GET: "member", POST: "policies.edit" },
  "routes/api.o.$orgId.plans.$planId.coverage_policies.$policyId.coverage_policy_nodes.$nodeId": { PUT: policyApi.PUT, PATCH: policyApi.PATCH, DELETE: policyApi.DELETE },
  // ── /api: team and roles
  "routes/api.o.$orgId.users": { GET: "member", POST: "team.manage" },
  "routes/api.o.$orgId.users[.]json": member,
  "routes/api.o.$orgId.users.$userId": { PATCH: "team.manage", DELETE: "team.manage" },
  "routes/api.o.$orgId.roles": { GET: "member", POST: "team.manage" },
  "routes/api.o.$orgId.audit_events": { GET: "audit.read" },
};
