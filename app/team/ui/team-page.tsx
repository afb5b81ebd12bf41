/**
 * The team page (PRODUCT-SPEC §2 Settings "Team management"): members with avatar, username, email,
 * roles, joined date and last activity; Add User (email, username, roles, one avatar image); change
 * roles; delete with the spec's confirmation (never an owner). Modals live in the URL (?modal=...)
 * so everything works before JavaScript loads.
 */
import { Form, Link, useLocation, useNavigation, useSearchParams } from "react-router";
import { Avatar } from "~/components/avatar";
import { PageHeader } from "~/components/page";
import { JsonView, useCodeView } from "~/components/code-view";
import { Modal, withoutParams, withParams } from "~/ui/modal";
import { Table } from "~/ui/table";
import { dangerButton, FieldError, FormAlert, inputClass, primaryButton, secondaryButton } from "~/ui/styles";
import { BUILT_IN_ROLES, BUILT_IN_ROLE_KEYS, type BuiltInRole } from "~/auth/permission-matrix";
import type { TeamMember } from "~/team/team-members.server";
import type { TeamActionData } from "~/team/team-page.server";

export interface TeamPageData {
  orgId: string;
  meId: string;
  canManage: boolean;
  members: TeamMember[];
  roles: { id: string; name: string }[];
}

const DATE = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

function relative(iso: string | null): string {
  if (!iso) return "Never";
  const minutes = Math.round((Date.now() - new Date(iso).getTime()) / 60000);
  if (minutes < 2) return "Just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return DATE.format(new Date(iso));
}

const ROLE_TONE: Record<BuiltInRole, string> = {
  reviewer: "bg-slate-100 text-slate-700",
  clinical_reviewer: "bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200",
  policy_author: "bg-sky-50 text-sky-700",
  administrator: "bg-indigo-50 text-indigo-700",
};

export function RoleBadges({ member }: { member: TeamMember }) {
  const roles = new Set<BuiltInRole>(member.roles);
  if (member.owner) roles.add("administrator");
  return (
    <span className="flex flex-wrap gap-1">
      {member.owner && <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">Owner</span>}
      {BUILT_IN_ROLE_KEYS.filter((r) => roles.has(r)).map((r) => (
        <span key={r} className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${ROLE_TONE[r]}`}>
          {BUILT_IN_ROLES[r].label}
        </span>
      ))}
      {member.role && <span className="rounded-full bg-violet-50 px-2 py-0.5 text-xs font-medium text-violet-700">{member.role.name}</span>}
    </span>
  );
}

function RoleCheckboxes({ selected, owner }: { selected: readonly string[]; owner?: boolean }) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">Roles</legend>
      {BUILT_IN_ROLE_KEYS.map((r) => {
        const locked = owner && r === "administrator";
        return (
          <label key={r} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="roles"
              value={r}
              defaultChecked={selected.includes(r) || locked}
              disabled={locked}
              className="mt-0.5 rounded border-slate-300"
            />
            {locked && <input type="hidden" name="roles" value={r} />}
            <span>
              <span className="font-medium text-slate-800">{BUILT_IN_ROLES[r].label}</span>
              <span className="block text-xs text-slate-500">{locked ? "Owners are always administrators." : BUILT_IN_ROLES[r].description}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

export function TeamPage({ data, actionData, title = "Team Management" }: { data: TeamPageData; actionData?: TeamActionData | null; title?: string }) {
  const { members, canManage, roles, meId } = data;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const { codeView } = useCodeView();
  const busy = useNavigation().state === "submitting";
  const modal = actionData?.intent === "add" ? "add" : searchParams.get("modal");
  const closeTo = `${location.pathname}${withoutParams(location.search, "modal", "id")}`;
  const selected = members.find((m) => m.id === searchParams.get("id"));

  return (
    <div className="space-y-4">
      <PageHeader
        title={title}
        description="Who works in this organization (live and sandbox), and what their roles allow. Added users get an email invitation and sign in with a one-time code."
        actions={
          canManage ? (
            <Link to={withParams(location.search, { modal: "add", id: null })} className={primaryButton} preventScrollReset>
              Add User
            </Link>
          ) : undefined
        }
      />
      {!canManage && <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">Only administrators can add or remove users and change roles.</p>}
      {actionData?.error && actionData.intent !== "add" && <FormAlert message={actionData.error} />}
      {codeView ? (
        <JsonView value={{ users: members }} />
      ) : (
        <Table
          testId="team-table"
          rows={members}
          rowKey={(m) => m.id}
          rowProps={(m) => ({ "data-testid": "team-row", "data-email": m.email })}
          columns={[
            {
              key: "user",
              header: "User",
              cell: (m) => (
                <div className="flex items-center gap-3">
                  <Avatar name={m.username} src={m.avatar} />
                  <div className="min-w-0">
                    <div className="font-medium text-slate-900">
                      {m.username}
                      {m.id === meId && <span className="ml-1 text-xs font-normal text-slate-400">(you)</span>}
                    </div>
                    <div className="truncate text-slate-500">{m.email}</div>
                  </div>
                </div>
              ),
            },
            { key: "roles", header: "Roles", cell: (m) => <RoleBadges member={m} /> },
            { key: "joined", header: "Joined", cellClassName: "whitespace-nowrap text-slate-600", cell: (m) => DATE.format(new Date(m.created_at)) },
            {
              key: "active",
              header: "Last active",
              cellClassName: "whitespace-nowrap text-slate-600",
              cellProps: (m) => ({ title: m.last_active_at ?? undefined }),
              cell: (m) => relative(m.last_active_at),
            },
            {
              key: "actions",
              header: <span className="sr-only">Actions</span>,
              align: "right",
              cellClassName: "whitespace-nowrap",
              cell: (m) =>
                canManage && (
                  <span className="inline-flex gap-3">
                    <Link
                      to={withParams(location.search, { modal: "roles", id: m.id })}
                      preventScrollReset
                      className="text-sm font-medium text-indigo-600 hover:text-indigo-500"
                    >
                      Change role<span className="sr-only"> of {m.username}</span>
                    </Link>
                    {m.owner ? (
                      <span className="text-sm text-slate-400" title="Owners cannot be deleted">
                        Owner
                      </span>
                    ) : (
                      <Link
                        to={withParams(location.search, { modal: "delete", id: m.id })}
                        preventScrollReset
                        className="text-sm font-medium text-red-600 hover:text-red-500"
                      >
                        Delete<span className="sr-only"> {m.username}</span>
                      </Link>
                    )}
                  </span>
                ),
            },
          ]}
        />
      )}

      <Modal
        open={canManage && modal === "add"}
        title="Add User"
        closeTo={closeTo}
        size="md"
        testId="add-user-modal"
        description="They receive an email invitation to sign in with a one-time code."
      >
        <Form method="post" encType="multipart/form-data" className="space-y-4" noValidate>
          <input type="hidden" name="intent" value="add" />
          <label className="block text-sm">
            <span className="mb-1 block font-medium text-slate-700">Email</span>
            <input
              name="email"
              type="email"
              required
              maxLength={254}
              defaultValue={actionData?.values?.email}
              aria-invalid={Boolean(actionData?.errors?.email) || undefined}
              className={inputClass}
            />
            <FieldError errors={actionData?.errors?.email} />
          </label>
          <label className="block text-sm">
            <span className="mb-1 block font-medium text-slate-700">Username</span>
            <input
              name="username"
              required
              maxLength={100}
              defaultValue={actionData?.values?.username}
              aria-invalid={Boolean(actionData?.errors?.username) || undefined}
              className={inputClass}
            />
            <FieldError errors={actionData?.errors?.username} />
          </label>
          <label className="block text-sm">
            <span className="mb-1 block font-medium text-slate-700">Avatar (optional)</span>
            <input
              name="avatar"
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-200"
            />
            <span className="mt-1 block text-xs text-slate-500">One image file; it is cropped to a square and resized.</span>
            <FieldError errors={actionData?.errors?.avatar} />
          </label>
          <RoleCheckboxes selected={["reviewer"]} />
          <FieldError errors={actionData?.errors?.roles} />
          <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
            <Link to={closeTo} className={secondaryButton} preventScrollReset>
              Cancel
            </Link>
            <button type="submit" disabled={busy} className={primaryButton}>
              Add User
            </button>
          </div>
        </Form>
      </Modal>

      <Modal
        open={canManage && modal === "roles" && Boolean(selected)}
        title={`Change role · ${selected?.username ?? ""}`}
        closeTo={closeTo}
        size="md"
        testId="roles-modal"
      >
        {selected && (
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="set_roles" />
            <input type="hidden" name="user_id" value={selected.id} />
            <RoleCheckboxes selected={selected.roles} owner={selected.owner} />
            <label className="block text-sm">
              <span className="mb-1 block font-medium text-slate-700">Custom role</span>
              <select name="role_id" defaultValue={selected.role?.id ?? ""} className={inputClass}>
                <option value="">None</option>
                {roles.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </label>
            <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
              <Link to={closeTo} className={secondaryButton} preventScrollReset>
                Cancel
              </Link>
              <button type="submit" disabled={busy} className={primaryButton}>
                Save roles
              </button>
            </div>
          </Form>
        )}
      </Modal>

      <Modal open={canManage && modal === "delete" && Boolean(selected)} title="Delete user" closeTo={closeTo} size="sm" testId="delete-user-modal">
        {selected && (
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="user_id" value={selected.id} />
            <p className="text-sm text-slate-700">Are you sure? This will permanently delete it. So proceed with caution.</p>
            <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">
              {selected.username} ({selected.email}) loses access to this organization and its sandbox.
            </p>
            <div className="flex justify-end gap-2">
              <Link to={closeTo} className={secondaryButton} preventScrollReset>
                Cancel
              </Link>
              <button type="submit" disabled={busy} className={dangerButton}>
                Delete
              </button>
            </div>
          </Form>
        )}
      </Modal>
    </div>
  );
}
