import { Link } from "react-router";
import type { Route } from "./+types/$requirementId";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { rethrowNotFound } from "~/lib/http.server";
import { JsonView, useCodeView } from "~/components/code-view";
import { PageHeader } from "~/components/page";
import { formularyRequirementDetail } from "~/formulary/formulary-requirement-detail.server";
import { FormularyRequirementSections } from "~/formulary/ui/formulary-requirement-sections";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d?.requirement.drug_name ?? "Formulary requirement"} · PA Review` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  try {
    return { orgId: organization.id, requirement: await formularyRequirementDetail(await getDatabase(), organization.id, params.requirementId) };
  } catch (err) {
    rethrowNotFound(err);
    throw err;
  }
}

export default function FormularyRequirement({ loaderData }: Route.ComponentProps) {
  const { orgId, requirement: r } = loaderData;
  const { codeView } = useCodeView();
  return (
    <div className="mx-auto max-w-4xl space-y-4 p-6">
      <Link to={`/o/${orgId}/formulary_drug_requirements`} className="text-sm text-slate-500 hover:text-slate-800">
        ← Formulary Requirements
      </Link>
      <PageHeader title={r.drug_name} />
      {codeView ? <JsonView value={{ formulary_drug_requirement: r }} /> : <FormularyRequirementSections requirement={r} />}
    </div>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
