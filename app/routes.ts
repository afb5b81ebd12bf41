import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";
import { API_ROUTES, apiAliasRouteId } from "./api/route-table";

// Pages: app/routes/<area>/ (public, auth, workspace, files, admin, dev), one entry per page below.
// A new page: add its file under its area's folder and an entry here (docs/decisions/0011-codebase-layout.md).
const pages = [
  // Public site, no account (app/routes/public/): landing, blog, demo, schedule a demo, API docs
  index("routes/public/landing.tsx"),
  ...prefix("blog", [
    index("routes/public/blog/index.tsx"),
    route("new", "routes/public/blog/new.tsx"),
    route(":blogId", "routes/public/blog/$blogId.tsx"),
    route(":blogId/edit", "routes/public/blog/$blogId.edit.tsx"),
  ]),
  ...prefix("blogs", [route(":blogId", "routes/public/blogs/$blogId.tsx"), route(":blogId.json", "routes/public/blogs/$blogId.json.tsx")]),
  route("demo/:orgId", "routes/public/demo/layout.tsx", [index("routes/public/demo/index.tsx"), route(":kind", "routes/public/demo/$kind.tsx")]),
  ...prefix("docs", [
    route("api", "routes/public/docs/api.tsx"),
    route("api.json", "routes/public/docs/api.json.tsx"),
    route("fhir", "routes/public/docs/fhir.tsx"),
  ]),
  route("schedule-demo", "routes/public/schedule-demo.tsx"),
  // Sign-in and account (app/routes/auth/)
  layout("routes/auth/layout.tsx", [
    route("continue", "routes/auth/continue.tsx"),
    route("login", "routes/auth/login.tsx"),
    route("privacy", "routes/auth/privacy.tsx"),
    route("register", "routes/auth/register.tsx"),
    route("terms", "routes/auth/terms.tsx"),
  ]),
  route("signout", "routes/auth/signout.tsx"),
  // The organization's workspace, /o/:orgId (app/routes/workspace/): members only, permissions in app/auth/route-permissions.ts
  route("o/:orgId", "routes/workspace/layout.tsx", [
    index("routes/workspace/index.tsx"),
    ...prefix("agent-workflows", [
      index("routes/workspace/agent-workflows/index.tsx"),
      route(":agentWorkflowId", "routes/workspace/agent-workflows/$agentWorkflowId.tsx"),
    ]),
    ...prefix("ai_rules", [index("routes/workspace/ai-rules/index.tsx"), route(":ruleId", "routes/workspace/ai-rules/$ruleId.tsx")]),
    route("cases", "routes/workspace/cases.tsx"),
    ...prefix("claims", [index("routes/workspace/claims/index.tsx"), route(":id", "routes/workspace/claims/$id.tsx")]),
    ...prefix("compendiums", [index("routes/workspace/compendiums.tsx")]),
    route("dashboard", "routes/workspace/dashboard.tsx"),
    route("forms", "routes/workspace/forms/layout.tsx", [index("routes/workspace/forms/index.tsx"), route(":formId", "routes/workspace/forms/$formId.tsx")]),
    route("forms/:formId/preview.pdf", "routes/workspace/forms/$formId.preview.pdf.tsx"),
    ...prefix("formulary_drug_requirements", [
      index("routes/workspace/formulary-drug-requirements/index.tsx"),
      route(":requirementId", "routes/workspace/formulary-drug-requirements/$requirementId.tsx"),
    ]),
    ...prefix("plans", [
      index("routes/workspace/plans/index.tsx"),
      ...prefix(":planId", [
        index("routes/workspace/plans/$planId/index.tsx"),
        route("coverage_policies/:policyId", "routes/workspace/plans/$planId/coverage-policies.$policyId.tsx"),
        route("import", "routes/workspace/plans/$planId/import.tsx"),
      ]),
    ]),
    ...prefix("prior-auths", [index("routes/workspace/prior-auths/index.tsx"), route(":id", "routes/workspace/prior-auths/$id.tsx")]),
    route("providers", "routes/workspace/providers.tsx"),
    route("reports", "routes/workspace/reports.tsx"),
    route("settings", "routes/workspace/settings/layout.tsx", [
      index("routes/workspace/settings/index.tsx"),
      route("api-keys", "routes/workspace/settings/api-keys.tsx"),
      route("api-logs", "routes/workspace/settings/api-logs.tsx"),
      route("audit-log", "routes/workspace/settings/audit-log.tsx"),
      route("audit-log.csv", "routes/workspace/settings/audit-log.csv.tsx"),
      route("database", "routes/workspace/settings/database.tsx"),
      route("organization", "routes/workspace/settings/organization.tsx"),
      route("pbm-configuration", "routes/workspace/settings/pbm-configuration.tsx"),
      route("permissions", "routes/workspace/settings/permissions.tsx"),
      route("profile", "routes/workspace/settings/profile.tsx"),
      route("smart-clients", "routes/workspace/settings/smart-clients.tsx"),
      route("notifications", "routes/workspace/settings/notifications.tsx"),
      route("team-management", "routes/workspace/settings/team-management.tsx"),
      ...prefix("webhooks", [index("routes/workspace/settings/webhooks/index.tsx"), route(":webhookId", "routes/workspace/settings/webhooks/$webhookId.tsx")]),
      route(":section", "routes/workspace/settings/$section.tsx"),
    ]),
    route("users", "routes/workspace/users.tsx"),
    route("*", "routes/workspace/not-found.tsx"),
  ]),
  // Files served to signed-in people (app/routes/files/)
  route("avatars/:userId", "routes/files/avatars.$userId.tsx"),
  route("documents/:documentId", "routes/files/documents.$documentId.tsx"),
  // Platform administrators (app/routes/admin/)
  ...prefix("chai-admins", [index("routes/admin/index.tsx"), route("data-contexts", "routes/admin/data-contexts.tsx")]),
  // HL7 FHIR: the Da Vinci PAS prior authorization API (app/routes/fhir/, app/fhir/), API keys or SMART Backend Services tokens
  route(".well-known/smart-configuration", "routes/fhir/smart-configuration.tsx", { id: "routes/fhir/smart-configuration-root" }),
  ...prefix("fhir", [
    route(".well-known/smart-configuration", "routes/fhir/smart-configuration.tsx"),
    route("auth/token", "routes/fhir/auth-token.tsx"),
    route("Claim/$submit", "routes/fhir/claim-submit.tsx"),
    route("Claim/$inquire", "routes/fhir/claim-inquire.tsx"),
    route("Subscription", "routes/fhir/subscriptions.tsx"),
    route("Subscription/:id", "routes/fhir/subscription.tsx"),
    route("Subscription/:id/$status", "routes/fhir/subscription-status.tsx"),
    route("metadata", "routes/fhir/metadata.tsx"),
    route("Provenance", "routes/fhir/provenance.tsx"),
    route("Provenance/:id", "routes/fhir/provenance-read.tsx"),
  ]),
  // Development only (app/routes/dev/)
  route("dev/outbox", "routes/dev/outbox.tsx"),
  // Unknown paths (app/routes/not-found.tsx)
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

// /api: the explicit table in app/api/route-table.ts (one module per resource under app/routes/api/;
// an `alias` serves the same module under its `.json` spelling instead of a copy).
export default [
  ...pages,
  ...prefix(
    "api",
    API_ROUTES.flatMap((entry) => [route(entry.path, entry.file), ...(entry.alias ? [route(entry.alias, entry.file, { id: apiAliasRouteId(entry) })] : [])]),
  ),
] satisfies RouteConfig;
