/**
 * The permission matrix as data: what each permission allows, and which built-in role holds which
 * permission. Shared by the server checks (app/auth/permissions.server.ts), the Permissions page
 * (shown as a table) and the role × route test matrix. Safe to import in the browser.
 *
 * Clinical sign-off of a denial ("denials.sign_off") belongs to the clinical reviewer only: an adverse
 * determination must be made by a qualified professional (physician or pharmacist), e.g.
 * 42 CFR 423.566(d) (Part D), 42 CFR 438.210(b)(3) (Medicaid managed care) and state
 * utilization-review laws. No custom role and no API key can carry it.
 */

export const PERMISSIONS = {
  "cases.read": { label: "Read cases", description: "See prior auths and claims, their documents, letters and chat." },
  "cases.write": { label: "Work cases", description: "Upload faxes, create and delete cases, run the AI agents, chat." },
  "cases.decide": { label: "Decide / override", description: "Record a human decision or override the AI decision." },
  "denials.sign_off": { label: "Sign off denials", description: "Clinically sign off a denial and issue the denial letter." },
  "policies.edit": { label: "Edit plans, policies and rules", description: "Plans, coverage policies, decision trees, AI rules." },
  "team.manage": { label: "Manage team and roles", description: "Add and remove users, change roles, create custom roles." },
  "keys.manage": { label: "Manage API keys", description: "Create, revoke and delete API keys." },
  "webhooks.manage": { label: "Manage webhooks", description: "Webhook endpoints and their deliveries." },
  "audit.read": { label: "Read PHI access audit", description: "Browse and export the PHI access audit log." },
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as Permission[];

/** Permissions reserved to built-in roles: never on a custom role or an API key. */
export const RESERVED_PERMISSIONS: readonly Permission[] = ["denials.sign_off"];

/**
 * Scopes of an API key created without explicit ones: what keys could do before scopes existed (read
 * and work cases, decide, edit plans and policies). The migration gives existing keys the same.
 */
export const DEFAULT_API_KEY_SCOPES: readonly Permission[] = ["cases.read", "cases.write", "cases.decide", "policies.edit"];

/** Permissions a custom role may carry (everything but the reserved ones). */
export const CUSTOM_ROLE_PERMISSIONS: readonly Permission[] = PERMISSION_KEYS.filter((p) => !RESERVED_PERMISSIONS.includes(p));

export const BUILT_IN_ROLES = {
  reviewer: {
    label: "Reviewer",
    description: "Utilization-management staff: work cases and record decisions; cannot sign off denials.",
    permissions: ["cases.read", "cases.write", "cases.decide"],
  },
  clinical_reviewer: {
    label: "Clinical reviewer",
    description: "Physician or pharmacist: everything a reviewer does, and the only role that may sign off a denial.",
    permissions: ["cases.read", "cases.write", "cases.decide", "denials.sign_off"],
  },
  policy_author: {
    label: "Policy author",
    description: "Maintains plans, coverage policies, decision trees and AI rules; reads cases.",
    permissions: ["cases.read", "policies.edit"],
  },
  administrator: {
    label: "Administrator",
    description: "Runs the organization: team, roles, API keys, webhooks, audit. Owners are administrators.",
    permissions: ["cases.read", "cases.write", "cases.decide", "policies.edit", "team.manage", "keys.manage", "webhooks.manage", "audit.read"],
  },
} as const satisfies Record<string, { label: string; description: string; permissions: readonly Permission[] }>;

export type BuiltInRole = keyof typeof BUILT_IN_ROLES;
export const BUILT_IN_ROLE_KEYS = Object.keys(BUILT_IN_ROLES) as BuiltInRole[];

/** True for a known built-in role key. */
export function isBuiltInRole(key: string): key is BuiltInRole {
  return Object.hasOwn(BUILT_IN_ROLES, key);
}

/** True for a known permission key. */
export function isPermission(key: string): key is Permission {
  return Object.hasOwn(PERMISSIONS, key);
}

/**
 * The permissions of a member: the union of their built-in roles (administrator for owners), plus
 * those of their custom role (reserved permissions stripped). Unknown keys are ignored.
 */
export function permissionsOf(member: { owner: boolean; roles: readonly string[]; customRolePermissions?: readonly string[] | null }): Set<Permission> {
  const out = new Set<Permission>();
  const roles = new Set(member.roles.filter(isBuiltInRole));
  if (member.owner) roles.add("administrator");
  for (const role of roles) for (const p of BUILT_IN_ROLES[role].permissions) out.add(p);
  for (const p of member.customRolePermissions ?? []) if (isPermission(p) && !RESERVED_PERMISSIONS.includes(p)) out.add(p);
  return out;
}

/** "Member" is the guard of pages every member may open (layouts, dashboards, settings menus). */
export type RouteRequirement = Permission | "member";
