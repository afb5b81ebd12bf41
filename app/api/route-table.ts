/**
 * The /api routing table: every public JSON resource route, its URL under /api and the module that
 * serves it. app/routes.ts mounts it with `prefix("api", ...)`; the OpenAPI document
 * (app/openapi/openapi.server.ts) is generated from the same list, so a route cannot be served
 * without being described (tests/integration/openapi-coverage.test.ts).
 *
 * `alias` is a second URL for the same module (the spec's `.json` spelling): one module, two paths,
 * instead of two copies of a loader. Files live under app/routes/api/, one folder per resource.
 * Plain data (no imports) so the route config and the runtime can both read it.
 */
export interface ApiRouteEntry {
  /** path below /api, React Router syntax (`:param`) */
  path: string;
  /** module, relative to app/ */
  file: string;
  /** a second path below /api served by the same module */
  alias?: string;
}

export const API_ROUTES: readonly ApiRouteEntry[] = [
  // Sign-in and the signed-in person
  { path: "check_account", file: "routes/api/session/check-account.tsx" },
  { path: "verify_code", file: "routes/api/session/verify-code.tsx" },
  { path: "logged_in_user.json", file: "routes/api/session/logged-in-user.tsx" },
  { path: "prompts.json", file: "routes/api/prompts/prompt.tsx" },
  { path: "claim_prompts.json", file: "routes/api/prompts/claim-prompt.tsx" },

  // The public demo (no account)
  { path: "demo_faxes.json", file: "routes/api/demo/faxes.tsx" },
  { path: "demo_faxes/:faxId.pdf", file: "routes/api/demo/fax-pdf.tsx" },
  { path: "demos.json", file: "routes/api/demo/demos.tsx" },
  { path: "demo/:orgId/run", file: "routes/api/demo/run.tsx" },

  // Organization
  { path: "o/:orgId.json", file: "routes/api/organizations/organization.tsx" },
  { path: "o/:orgId/events", file: "routes/api/organizations/events.tsx" },
  { path: "o/:orgId/decision_settings", file: "routes/api/organizations/decision-settings.tsx" },

  // Prior auths
  { path: "o/:orgId/prior_auths", file: "routes/api/prior-auths/collection.tsx", alias: "o/:orgId/prior_auths.json" },
  { path: "o/:orgId/generate_synthetic_prior_auth", file: "routes/api/prior-auths/generate-synthetic.tsx" },
  { path: "o/:orgId/prior_auths/:id", file: "routes/api/prior-auths/item.tsx", alias: "o/:orgId/prior_auths/:id.json" },
  { path: "o/:orgId/prior_auths/:id/events", file: "routes/api/prior-auths/events.tsx" },
  { path: "o/:orgId/prior_auths/:id/run_ai", file: "routes/api/prior-auths/run-ai.tsx" },
  { path: "o/:orgId/prior_auths/:id/run_prompt", file: "routes/api/prior-auths/run-prompt.tsx" },
  { path: "o/:orgId/prior_auths/:id/ai_agent_runs.json", file: "routes/api/prior-auths/ai-agent-runs.tsx" },
  { path: "o/:orgId/prior_auths/:id/ai_decisions/:aiDecisionId/decisions", file: "routes/api/prior-auths/decisions.tsx" },
  { path: "o/:orgId/prior_auths/:id/generate_denial_letter", file: "routes/api/prior-auths/generate-denial-letter.tsx" },
  { path: "o/:orgId/prior_auths/:id/extension", file: "routes/api/prior-auths/extension.tsx" },
  { path: "o/:orgId/prior_auths/:id/appeals", file: "routes/api/prior-auths/appeals.tsx" },
  { path: "o/:orgId/prior_auths/:id/appeals/:appealId/decision", file: "routes/api/prior-auths/appeal-decision.tsx" },
  { path: "o/:orgId/prior_auths/:id/letters/:letterId.pdf", file: "routes/api/prior-auths/letter-pdf.tsx" },
  { path: "o/:orgId/prior_auths/:id/chat_threads", file: "routes/api/prior-auths/chat-threads.tsx" },
  { path: "o/:orgId/prior_auths/:id/chat_threads/:threadId/chat_messages", file: "routes/api/prior-auths/chat-messages.tsx" },
  { path: "o/:orgId/prior_auths/:id/chat_threads/:threadId/ai_chat_message", file: "routes/api/prior-auths/ai-chat-message.tsx" },

  // Team, roles and the PHI access audit
  { path: "o/:orgId/users", file: "routes/api/users/collection.tsx", alias: "o/:orgId/users.json" },
  { path: "o/:orgId/users/:userId", file: "routes/api/users/item.tsx" },
  { path: "o/:orgId/roles", file: "routes/api/roles/collection.tsx" },
  { path: "roles", file: "routes/api/roles/create.tsx" },
  { path: "o/:orgId/audit_events", file: "routes/api/audit-events/collection.tsx" },
  { path: "o/:orgId/api_keys", file: "routes/api/api-keys/collection.tsx", alias: "o/:orgId/api_keys.json" },
  { path: "o/:orgId/api_keys/:keyId", file: "routes/api/api-keys/item.tsx" },
  { path: "o/:orgId/smart_clients", file: "routes/api/smart-clients/collection.tsx", alias: "o/:orgId/smart_clients.json" },
  { path: "o/:orgId/smart_clients/:clientId", file: "routes/api/smart-clients/item.tsx" },
  // Medical claims (one AI decision per service line)
  { path: "o/:orgId/claims", file: "routes/api/claims/collection.tsx", alias: "o/:orgId/claims.json" },
  { path: "o/:orgId/claims/:id", file: "routes/api/claims/item.tsx", alias: "o/:orgId/claims/:id.json" },
  { path: "o/:orgId/claims/:id/events", file: "routes/api/claims/events.tsx" },
  { path: "o/:orgId/claims/:id/run_ai", file: "routes/api/claims/run-ai.tsx" },
  { path: "o/:orgId/claims/:id/run_prompt", file: "routes/api/claims/run-prompt.tsx" },
  { path: "o/:orgId/claims/:id/service_requests/:lineId/decisions", file: "routes/api/claims/decisions.tsx" },
  { path: "o/:orgId/claims/:id/service_requests/:lineId/generate_denial_letter", file: "routes/api/claims/generate-denial-letter.tsx" },
  { path: "o/:orgId/claims/:id/letters/:letterId.pdf", file: "routes/api/claims/letter-pdf.tsx" },
  { path: "o/:orgId/claims/:id/extension", file: "routes/api/claims/extension.tsx" },
  { path: "o/:orgId/claims/:id/appeals", file: "routes/api/claims/appeals.tsx" },
  { path: "o/:orgId/claims/:id/appeals/:appealId/decision", file: "routes/api/claims/appeal-decision.tsx" },

  // Custom AI rules, letter forms, the drug directory
  { path: "o/:orgId/ai_rules", file: "routes/api/ai-rules/collection.tsx", alias: "o/:orgId/ai_rules.json" },
  { path: "o/:orgId/ai_rules/:ruleId", file: "routes/api/ai-rules/item.tsx", alias: "o/:orgId/ai_rules/:ruleId.json" },
  { path: "o/:orgId/forms", file: "routes/api/letter-forms/collection.tsx", alias: "o/:orgId/forms.json" },
  { path: "o/:orgId/drug_products", file: "routes/api/drug-products/search.tsx" },
  {
    path: "o/:orgId/formulary_drug_requirements",
    file: "routes/api/formulary/collection.tsx",
    alias: "o/:orgId/formulary_drug_requirements.json",
  },
  {
    path: "o/:orgId/formulary_drug_requirements/:requirementId",
    file: "routes/api/formulary/item.tsx",
    alias: "o/:orgId/formulary_drug_requirements/:requirementId.json",
  },

  // Reports
  { path: "o/:orgId/reports/prior_authorization_metrics.json", file: "routes/api/reports/metrics-json.tsx" },
  { path: "o/:orgId/reports/prior_authorization_metrics.csv", file: "routes/api/reports/metrics-csv.tsx" },

  // Plans
  { path: "o/:orgId/plans", file: "routes/api/plans/collection.tsx", alias: "o/:orgId/plans.json" },
  { path: "o/:orgId/plans/:planId", file: "routes/api/plans/item.tsx", alias: "o/:orgId/plans/:planId.json" },
  { path: "o/:orgId/plans/:planId/extract_coverage_policies", file: "routes/api/plans/extract-coverage-policies.tsx" },
  { path: "o/:orgId/plans/:planId/extracted_coverage_policies", file: "routes/api/plans/extracted-coverage-policies.tsx" },
  { path: "o/:orgId/plans/:planId/document", file: "routes/api/plans/document.tsx" },

  // Coverage policies and their decision trees
  {
    path: "o/:orgId/plans/:planId/coverage_policies",
    file: "routes/api/coverage-policies/collection.tsx",
    alias: "o/:orgId/plans/:planId/coverage_policies.json",
  },
  {
    path: "o/:orgId/plans/:planId/coverage_policies/:policyId",
    file: "routes/api/coverage-policies/item.tsx",
    alias: "o/:orgId/plans/:planId/coverage_policies/:policyId.json",
  },
  { path: "o/:orgId/plans/:planId/coverage_policies/:policyId/decision_tree", file: "routes/api/coverage-policies/decision-tree.tsx" },
  { path: "o/:orgId/plans/:planId/coverage_policies/:policyId/versions", file: "routes/api/coverage-policies/versions.tsx" },
  { path: "o/:orgId/plans/:planId/coverage_policies/:policyId/versions/:version", file: "routes/api/coverage-policies/version.tsx" },
  {
    path: "o/:orgId/plans/:planId/coverage_policies/:policyId/coverage_policy_nodes",
    file: "routes/api/coverage-policies/nodes.tsx",
    alias: "o/:orgId/plans/:planId/coverage_policies/:policyId/coverage_policy_nodes.json",
  },
  { path: "o/:orgId/plans/:planId/coverage_policies/:policyId/coverage_policy_nodes/:nodeId", file: "routes/api/coverage-policies/node.tsx" },

  // Webhooks: endpoints, their signing secret, delivery attempts
  { path: "o/:orgId/webhook_endpoints", file: "routes/api/webhooks/collection.tsx", alias: "o/:orgId/webhook_endpoints.json" },
  { path: "o/:orgId/webhook_endpoints/:webhookId", file: "routes/api/webhooks/item.tsx", alias: "o/:orgId/webhook_endpoints/:webhookId.json" },
  { path: "o/:orgId/webhook_endpoints/:webhookId/rotate_secret", file: "routes/api/webhooks/rotate-secret.tsx" },
  { path: "o/:orgId/webhook_endpoints/:webhookId/webhook_deliveries.json", file: "routes/api/webhooks/deliveries.tsx" },
  { path: "o/:orgId/webhook_endpoints/:webhookId/webhook_deliveries/:deliveryId/rerun", file: "routes/api/webhooks/rerun-delivery.tsx" },

  // Drug compendia: the global catalogue and an organization's connections
  { path: "compendia.json", file: "routes/api/compendia/catalogue.tsx" },
  { path: "o/:orgId/compendium_integrations", file: "routes/api/compendia/integrations.tsx" },
];

/** The route id of an entry's main path (React Router's default: the file without its extension). */
export function apiRouteId(entry: ApiRouteEntry): string {
  return entry.file.replace(/\.tsx?$/, "");
}

/** The route id of an entry's alias path. */
export function apiAliasRouteId(entry: ApiRouteEntry): string {
  return `${apiRouteId(entry)}.alias`;
}
