/**
 * Settings → Organization: name, title and avatar of this organization (live or sandbox; each half of
 * the pair has its own). Avatar: one image file, resized by the app (app/organizations/update-organization.server.ts).
 * Decisions: "A denial requires a clinical reviewer's sign-off", shown locked on with the reason
 * while an AI engine decides the cases (app/organizations/decision-settings.server.ts).
 */
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/organization";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { Avatar } from "~/components/avatar";
import { PageHeader } from "~/components/page";
import { redirectWithToast } from "~/lib/toast.server";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { readPageForm, zodMessages } from "~/lib/http.server";
import { counterpartId } from "~/organizations/serialize-organization";
import { removeOrganizationAvatar, updateOrganizationSettings } from "~/organizations/update-organization.server";
import { getDecisionSettings } from "~/organizations/decision-settings.server";
import { FieldError, inputClass, primaryButton, secondaryButton } from "~/ui/styles";
import { ZodError } from "zod";

export const meta: Route.MetaFunction = () => [{ title: "Organization · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  return {
    organization: { id: organization.id, name: organization.name, title: organization.title, avatar: organization.avatar, sandbox: organization.sandbox },
    counterpart: counterpartId(organization),
    decisionSettings: await getDecisionSettings(await getDatabase(), organization.id),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "team.manage");
  const form = await readPageForm(request);
  const here = `/o/${organization.id}/settings/organization`;
  const database = await getDatabase();
  try {
    if (form.get("intent") === "remove_avatar") {
      await removeOrganizationAvatar(database, organization.id);
      return redirectWithToast(here, { type: "success", message: "Avatar removed" });
    }
    const file = form.get("avatar");
    const bytes = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
    await updateOrganizationSettings(database, organization.id, { name: String(form.get("name") ?? ""), title: String(form.get("title") ?? "") }, bytes);
    return redirectWithToast(here, { type: "success", message: "Organization updated" });
  } catch (err) {
    if (err instanceof ZodError) return data({ error: zodMessages(err).join(". ") }, { status: 422 });
    if (isAppError(err)) return data({ error: err.message }, { status: err.status });
    throw err;
  }
}

export default function OrganizationSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { organization, counterpart, decisionSettings } = loaderData;
  const busy = useNavigation().state === "submitting";
  const error = actionData?.error;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Organization"
        description={`This is the ${organization.sandbox ? "sandbox" : "live"} organization. Its sandbox/live counterpart has its own settings.`}
      />
      <Form method="post" encType="multipart/form-data" className="space-y-5 rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
        <div className="flex items-center gap-4">
          <Avatar name={organization.name} src={organization.avatar} />
          <label className="min-w-0 flex-1 text-sm">
            <span className="mb-1 block font-medium text-slate-700">Avatar (one image file, resized to 128×128)</span>
            <input
              name="avatar"
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              className="w-full min-w-0 text-sm text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium"
            />
          </label>
        </div>
        <label className="block text-sm">
          <span className="mb-1 block font-medium text-slate-700">Name</span>
          <input name="name" required maxLength={120} defaultValue={organization.name} className={inputClass} />
        </label>
        <label className="block text-sm">
          <span className="mb-1 block font-medium text-slate-700">Title (optional)</span>
          <input
            name="title"
            maxLength={200}
            defaultValue={organization.title ?? ""}
            placeholder="e.g. Pharmacy utilization management"
            className={inputClass}
          />
        </label>
        <FieldError errors={error ? [error] : null} />
        <div className="flex items-center justify-between gap-3 border-t border-slate-100 pt-4">
          {counterpart ? (
            <Link to={`/o/${counterpart}/settings/organization`} className="text-sm text-indigo-600 hover:text-indigo-500">
              {organization.sandbox ? "Live" : "Sandbox"} organization settings →
            </Link>
          ) : (
            <span />
          )}
          <div className="flex gap-2">
            {organization.avatar && (
              <button type="submit" name="intent" value="remove_avatar" formNoValidate className={secondaryButton}>
                Remove avatar
              </button>
            )}
            <button type="submit" disabled={busy} className={primaryButton}>
              Save
            </button>
          </div>
        </div>
      </Form>
      <section
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-xs"
        aria-labelledby="decision-settings"
        data-testid="decision-settings"
      >
        <h2 id="decision-settings" className="text-sm font-semibold text-slate-900">
          Decisions
        </h2>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            checked={decisionSettings.denial_requires_sign_off}
            disabled={decisionSettings.locked}
            readOnly
            aria-describedby="sign-off-lock"
            className="mt-0.5"
            data-testid="denial-requires-sign-off"
          />
          <span>
            <span className="block font-medium text-slate-800">A denial requires a clinical reviewer&apos;s sign-off</span>
            <span className="block text-slate-600">
              An AI denial stays pending (PAS answer A4, no denial letter) until a clinical reviewer signs it off. Decision engine:{" "}
              {decisionSettings.decision_engine.name}.
            </span>
          </span>
        </label>
        {decisionSettings.locked && decisionSettings.locked_reason && (
          <p id="sign-off-lock" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="sign-off-lock">
            <span className="font-medium">Locked on.</span> {decisionSettings.locked_reason}
          </p>
        )}
      </section>
    </div>
  );
}
