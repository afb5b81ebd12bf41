/**
 * The grant rules of the permission model (role-grants.ts), as properties over the whole matrix:
 * every actor (a signed-in person through a page or /api, an API key with any scopes made by any
 * member) × every built-in role and custom-role permission set before and after a change.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BUILT_IN_ROLE_KEYS,
  CUSTOM_ROLE_PERMISSIONS,
  PERMISSION_KEYS,
  RESERVED_PERMISSIONS,
  permissionsOf,
  type BuiltInRole,
  type Permission,
} from "~/auth/permission-matrix";
import {
  SELF_ROLE_CHANGE_FORBIDDEN,
  SIGN_OFF_GRANT_FORBIDDEN,
  customRolePermissionsRefusal,
  isPersonAdministrator,
  roleChangeRefusal,
  type RoleAssignment,
  type RoleGrantor,
} from "~/auth/role-grants";

const GRANTOR_ID = "grantor";
const TARGET_ID = "target";

const rolesArb = fc.subarray([...BUILT_IN_ROLE_KEYS]);
// A custom role's id names its permission set, so one id always means the same permissions.
const customArb = fc.option(
  fc.subarray([...CUSTOM_ROLE_PERMISSIONS]).map((permissions) => ({ id: `role:${permissions.join(",")}`, permissions })),
  { nil: null },
);
const assignmentArb: fc.Arbitrary<RoleAssignment> = fc.record({ roles: rolesArb, customRole: customArb });

/** A grantor: a member (owner or not, built-in roles, a custom role) acting in person or through a key. */
const grantorArb: fc.Arbitrary<RoleGrantor> = fc
  .record({
    via: fc.constantFrom("page", "session", "api_key"),
    owner: fc.boolean(),
    roles: rolesArb,
    custom: fc.subarray([...CUSTOM_ROLE_PERMISSIONS]),
    scopes: fc.subarray([...PERMISSION_KEYS]),
  })
  .map(({ via, owner, roles, custom, scopes }) => {
    const member = permissionsOf({ owner, roles, customRolePermissions: custom });
    if (via !== "api_key") return { via, user: { id: GRANTOR_ID }, membership: { owner, roles }, permissions: member };
    // A key: its scopes capped by its creator's permissions, reserved ones never (permissions.server.ts).
    const permissions = new Set(scopes.filter((p) => member.has(p) && !RESERVED_PERMISSIONS.includes(p)));
    return { via, user: null, membership: null, permissions };
  });

function effective(a: RoleAssignment | null): Set<Permission> {
  return permissionsOf({ owner: false, roles: a?.roles ?? [], customRolePermissions: a?.customRole?.permissions ?? null });
}

describe("role grants over roles × permissions × actors", () => {
  it("an allowed change never moves a permission the actor does not hold; sign-off only by an administrator in person; never one's own", () => {
    fc.assert(
      fc.property(
        grantorArb,
        fc.boolean(),
        fc.option(assignmentArb, { nil: null }),
        fc.option(assignmentArb, { nil: null }),
        (grantor, self, before, after) => {
          const target = self ? GRANTOR_ID : TARGET_ID;
          const refusal = roleChangeRefusal(grantor, target, before, after);
          if (self && grantor.user) expect(refusal).toBe(SELF_ROLE_CHANGE_FORBIDDEN);
          if (refusal !== null) return;
          const was = effective(before);
          const will = effective(after);
          const moved = PERMISSION_KEYS.filter((p) => was.has(p) !== will.has(p));
          for (const p of moved) {
            if (RESERVED_PERMISSIONS.includes(p)) {
              expect(grantor.via).not.toBe("api_key");
              expect(isPersonAdministrator(grantor)).toBe(true);
            } else {
              expect(grantor.permissions.has(p)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("an administrator in person may make any change to someone else; no other actor may grant the clinical reviewer role", () => {
    fc.assert(
      fc.property(grantorArb, fc.option(assignmentArb, { nil: null }), fc.option(assignmentArb, { nil: null }), (grantor, before, after) => {
        const refusal = roleChangeRefusal(grantor, TARGET_ID, before, after);
        if (isPersonAdministrator(grantor)) expect(refusal).toBeNull();
        const grantsSignOff = !effective(before).has("denials.sign_off") && effective(after).has("denials.sign_off");
        if (grantsSignOff && !isPersonAdministrator(grantor)) expect(refusal).toBe(SIGN_OFF_GRANT_FORBIDDEN);
      }),
      { numRuns: 5000 },
    );
  });

  it("exhaustively: each actor × each built-in role granted to a new member", () => {
    const teamManager = (via: string): RoleGrantor => {
      const member = permissionsOf({ owner: false, roles: [], customRolePermissions: ["team.manage", "cases.read"] });
      return via === "api_key"
        ? { via, user: null, membership: null, permissions: new Set(["team.manage"] as Permission[]) }
        : { via, user: { id: GRANTOR_ID }, membership: { owner: false, roles: [] }, permissions: member };
    };
    const administrator = (via: string): RoleGrantor => {
      const member = permissionsOf({ owner: false, roles: ["administrator"] });
      return via === "api_key"
        ? { via, user: null, membership: null, permissions: member }
        : { via, user: { id: GRANTOR_ID }, membership: { owner: false, roles: ["administrator"] }, permissions: member };
    };
    const expected: Record<string, Record<BuiltInRole, boolean>> = {
      "team manager": { reviewer: false, clinical_reviewer: false, policy_author: false, administrator: false },
      "administrator in person": { reviewer: true, clinical_reviewer: true, policy_author: true, administrator: true },
      "administrator's key (all scopes)": { reviewer: true, clinical_reviewer: false, policy_author: true, administrator: true },
    };
    for (const via of ["page", "session", "api_key"]) {
      for (const role of BUILT_IN_ROLE_KEYS) {
        const tm = roleChangeRefusal(teamManager(via), null, null, { roles: [role], customRole: null });
        expect(tm === null, `team manager via ${via} grants ${role}`).toBe(expected["team manager"]![role]);
        const admin = roleChangeRefusal(administrator(via), null, null, { roles: [role], customRole: null });
        const row = via === "api_key" ? "administrator's key (all scopes)" : "administrator in person";
        expect(admin === null, `administrator via ${via} grants ${role}`).toBe(expected[row]![role]);
      }
    }
  });

  it("a custom role may carry only permissions its creator holds", () => {
    fc.assert(
      fc.property(grantorArb, fc.subarray([...PERMISSION_KEYS]), (grantor, permissions) => {
        const refusal = customRolePermissionsRefusal(grantor, permissions);
        const allowed = permissions.every((p) => grantor.permissions.has(p) && !RESERVED_PERMISSIONS.includes(p));
        expect(refusal === null).toBe(allowed);
      }),
      { numRuns: 3000 },
    );
  });
});
