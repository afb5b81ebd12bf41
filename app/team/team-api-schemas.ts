/**
 * Response shapes of the team, roles and audit /api routes, for the OpenAPI document (the routes
 * answer what app/team and app/audit return; these schemas describe it, they do not parse it).
 */
import { z } from "zod";
import { BUILT_IN_ROLE_KEYS, PERMISSION_KEYS } from "~/auth/permission-matrix";

const permission = z.enum(PERMISSION_KEYS as [string, ...string[]]);

/** One member (TeamMember of app/team/team-members.server.ts). */
export const TeamMemberJsonSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  avatar: z.string().nullable().describe("avatar URL, or null"),
  created_at: z.string().describe("joined this organization, ISO 8601"),
  last_sign_in_at: z.string().nullable(),
  last_active_at: z.string().nullable(),
  owner: z.boolean(),
  roles: z.array(z.enum(BUILT_IN_ROLE_KEYS as [string, ...string[]])),
  role: z.object({ id: z.string(), name: z.string() }).nullable().describe("custom role"),
  permissions: z.array(permission).describe("effective permissions"),
});

/** One custom role (RoleSummary of app/team/roles.server.ts). */
export const RoleJsonSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(permission),
  member_count: z.number().int(),
  created_at: z.string(),
});

/** One row of the PHI access audit (AuditEventRow of app/audit/list-audit-events.server.ts). */
export const AuditEventJsonSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  actor_type: z.string(),
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  api_key_id: z.string().nullable(),
  via: z.string(),
  action: z.string().describe("prior_auth.view, document.view, letter.view, chat.view, change"),
  method: z.string(),
  path: z.string(),
  resource_type: z.string().nullable(),
  resource_id: z.string().nullable(),
  prior_auth_id: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
