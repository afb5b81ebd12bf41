/**
 * Settings → Profile (PRODUCT-SPEC §2 settings menu): the signed-in person's name, email, roles in
 * this organization and last sign-in; the name can be changed (plain POST, works before JavaScript).
 */
import { data, Form, useNavigation } from "react-router";
import { ZodError } from "zod";
import type { Route } from "./+types/profile";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { Avatar } from "~/components/avatar";
import { PageHeader } from "~/components/page";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";
import { getDatabase } from "~/lib/db.server";
import { readPageForm, zodMessages } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getProfile, updateProfile } from "~/team/profile.server";
import { FieldError, inputClass, primaryButton } from "~/ui/styles";

export const meta: Route.MetaFunction = () => [{ title: "Profile · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization, user } = await requireOrgMember(request, params.orgId, "member");
  return { profile: await getProfile(await getDatabase(), organization.id, user.id) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { organization, user } = await requireOrgMember(request, params.orgId, "member");
  const form = await readPageForm(request);
  try {
    const field = (name: string) => {
      const v = form.get(name);
      return typeof v === "string" ? v : undefined;
    };
    await updateProfile(await getDatabase(), user.id, {
      username: form.get("username"),
      npi: field("npi"),
      specialty_code: field("specialty_code")?.toUpperCase(),
      specialty_name: field("specialty_name"),
    });
    return redirectWithToast(`/o/${organization.id}/settings/profile`, { type: "success", message: "Profile updated" });
  } catch (err) {
    if (err instanceof ZodError) return data({ error: zodMessages(err).join(". ") }, { status: 422 });
    throw err;
  }
}

const DATE = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export default function ProfileSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <PageHeader title="Profile" description="How you appear to your team in this workspace." />
      <section className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-xs" data-testid="profile-summary">
        <Avatar name={profile.username} src={profile.avatar} />
        <dl className="grid min-w-0 flex-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-xs font-medium text-slate-500">Email (sign-in)</dt>
            <dd className="break-words text-slate-900">{profile.email}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Roles here</dt>
            <dd className="text-slate-900">{profile.roles.join(", ") || "Member"}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Member since</dt>
            <dd className="text-slate-900">{DATE.format(new Date(profile.member_since))}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Last sign-in</dt>
            <dd className="text-slate-900">{profile.last_sign_in_at ? DATE.format(new Date(profile.last_sign_in_at)) : "—"}</dd>
          </div>
        </dl>
      </section>
      <Form method="post" className="max-w-lg space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
        <div>
          <label htmlFor="profile-username" className="mb-1 block text-sm font-medium text-slate-700">
            Name
          </label>
          <input
            id="profile-username"
            name="username"
            defaultValue={profile.username}
            required
            maxLength={100}
            className={inputClass}
            aria-invalid={actionData?.error ? true : undefined}
            aria-describedby="profile-username-error"
          />
          <FieldError id="profile-username-error" errors={actionData?.error ? [actionData.error] : undefined} />
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-700">Clinical reviewer</legend>
          <p className="text-xs text-slate-500">
            Stated in electronic prior-authorization (FHIR PAS) answers for the decisions you make: your NPI and your specialty as a NUCC taxonomy code.
          </p>
          <div>
            <label htmlFor="profile-npi" className="mb-1 block text-sm text-slate-700">
              NPI
            </label>
            <input id="profile-npi" name="npi" defaultValue={profile.npi ?? ""} inputMode="numeric" maxLength={10} className={inputClass} />
          </div>
          <div className="grid items-end gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor="profile-specialty-code" className="mb-1 block text-sm text-slate-700">
                Specialty (NUCC taxonomy code)
              </label>
              <input
                id="profile-specialty-code"
                name="specialty_code"
                defaultValue={profile.specialty_code ?? ""}
                maxLength={10}
                placeholder="207R00000X"
                className={inputClass}
              />
            </div>
            <div>
              <label htmlFor="profile-specialty-name" className="mb-1 block text-sm text-slate-700">
                Specialty name
              </label>
              <input
                id="profile-specialty-name"
                name="specialty_name"
                defaultValue={profile.specialty_name ?? ""}
                maxLength={200}
                placeholder="Internal Medicine"
                className={inputClass}
              />
            </div>
          </div>
        </fieldset>
        <p className="text-xs text-slate-500">Your email is how you sign in; an administrator changes it in Team Management.</p>
        <button type="submit" className={primaryButton} disabled={busy}>
          Save profile
        </button>
      </Form>
    </div>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
