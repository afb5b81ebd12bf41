/**
 * Loader and action of the team page, served at /o/{org}/users and /o/{org}/settings/team-management
 * (both route modules delegate here, so one behaviour has one home). Reading needs membership;
 * every change needs team.manage (checked by the guard with the permission each route declares).
 */
import { data } from "react-router";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { can, requirePermission } from "~/auth/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { readPageForm, zodMessages } from "~/lib/http.server";
import { addTeamMember, listTeamMembers, removeTeamMember, setMemberRoles } from "~/team/team-members.server";
import { listRoles } from "~/team/roles.server";
import { avatarUpload } from "~/team/avatar.server";
import { AddUserSchema, SetRolesSchema } from "~/team/team-input";

export async function teamPageLoader(request: Request, orgId: string | undefined) {
  const ctx = await requireOrgMember(request, orgId, "member");
  const database = await getDatabase();
  return {
    orgId: ctx.organization.id,
    meId: ctx.user.id,
    canManage: can(ctx, "team.manage"),
    members: await listTeamMembers(database, ctx.organization.id),
    roles: (await listRoles(database, ctx.organization.id)).map((r) => ({ id: r.id, name: r.name })),
  };
}

export type TeamActionData = { intent: string; errors?: Record<string, string[]>; error?: string; values?: Record<string, string> };

/** intent=add (email, username, roles[], avatar file) | delete (user_id) | set_roles (user_id, roles[], role_id). */
export async function teamPageAction(request: Request, orgId: string | undefined, here: (orgId: string) => string) {
  const ctx = await requireOrgMember(request, orgId, "team.manage");
  requirePermission(ctx, "team.manage");
  const form = await readPageForm(request);
  const intent = String(form.get("intent") ?? "");
  const database = await getDatabase();
  const back = here(ctx.organization.id);
  try {
    if (intent === "add") {
      const values = { email: String(form.get("email") ?? ""), username: String(form.get("username") ?? "") };
      const parsed = AddUserSchema.safeParse({ ...values, roles: form.getAll("roles").map(String) });
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
        return data<TeamActionData>({ intent, errors, values }, { status: 422 });
      }
      try {
        const avatar = await avatarUpload(form.get("avatar"));
        await addTeamMember(database, ctx.organization.id, { ...parsed.data, avatar }, { actor: ctx, request });
      } catch (err) {
        if (isAppError(err) && (err.code === "validation" || err.code === "conflict")) {
          const field = err.message.startsWith("Avatar") ? "avatar" : "email";
          return data<TeamActionData>({ intent, errors: { [field]: [err.message] }, values }, { status: err.status });
        }
        throw err;
      }
      return redirectWithToast(back, { type: "success", message: `Invitation sent to ${parsed.data.email}` });
    }
    const userId = String(form.get("user_id") ?? "").slice(0, 64);
    if (intent === "delete") {
      const removed = await removeTeamMember(database, ctx.organization.id, userId, { actor: ctx, request });
      return redirectWithToast(back, { type: "success", message: `${removed.email} removed from the team` });
    }
    if (intent === "set_roles") {
      const parsed = SetRolesSchema.safeParse({ roles: form.getAll("roles").map(String), role_id: String(form.get("role_id") ?? "") });
      if (!parsed.success) return data<TeamActionData>({ intent, error: zodMessages(parsed.error).join(" ") }, { status: 422 });
      const member = await setMemberRoles(database, ctx.organization.id, userId, parsed.data, { actor: ctx, request });
      return redirectWithToast(back, { type: "success", message: `Roles of ${member.username} updated` });
    }
  } catch (err) {
    if (isAppError(err)) return data<TeamActionData>({ intent, error: err.message }, { status: err.status });
    throw err;
  }
  return data<TeamActionData>({ intent, error: "Unknown action" }, { status: 400 });
}
