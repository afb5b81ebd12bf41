import { Link } from "react-router";
import type { Route } from "./+types/o.$orgId.formulary_drug_requirements.$requirementId";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { rethrowNotFound } from "~/lib/http.server";
import { JsonView, useCodeView } from "~/components/code-view";
import { PageHeader } from "~/components/page";
import { requireFormularyDrugRequirement } from "~/formulary/list-formulary-drug-requirements.server";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d?.requirement.drug_name ?? "Formulary requirement"} · PA Review` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  try {
    const r = await requireFormularyDrugRequirement(await getDatabase(), organization.id, params.requirementId);
    return {
      orgId: organization.id,
      requirement: {
        token: r.id,
        drug_name: r.drug_name,
        products: r.products,
        exclusion_criteria: r.exclusion_criteria,
        required_medical_information: r.required_medical_information,
        prescriber_restrictions: r.prescriber_restrictions,
        coverage_duration: r.coverage_duration,
        other_criteria: r.other_criteria,
        indication: r.indication,
        off_label_uses: r.off_label_uses,
        part_b_prerequisite: r.part_b_prerequisite,
      },
    };
  } catch (err) {
    rethrowNotFound(err);
    throw err;
  }
}

function Section({ title, value }: { title: string; value: string | null | undefined }) {
  return (
    <div className="py-3">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</dt>
      <dd className="mt-1 text-sm whitespace-pre-wrap text-slate-800">{value?.trim() ? value : "N/A"}</dd>
    </div>
  );
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
      {codeView ? (
        <JsonView value={{ formulary_drug_requirement: r }} />
      ) : (
        <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white px-5" data-testid="formulary-requirement">
          <Section title="Products Affected" value={r.products.join(", ")} />
          <Section title="Exclusion Criteria" value={r.exclusion_criteria} />
          <Section title="Required Medical Information" value={r.required_medical_information} />
          <Section title="Prescriber Restrictions" value={r.prescriber_restrictions} />
          <Section title="Coverage Duration" value={r.coverage_duration} />
          <Section title="Other Criteria" value={r.other_criteria} />
          <Section title="Indication" value={r.indication} />
          <Section title="Off Label Uses" value={r.off_label_uses} />
          {/* PRODUCT-SPEC §2: "Part B Prerequisite (No if the value is f, otherwise Yes)"; an empty value is N/A like every section. */}
          <Section
            title="Part B Prerequisite"
            value={r.part_b_prerequisite == null || r.part_b_prerequisite === "" ? null : r.part_b_prerequisite === "f" ? "No" : "Yes"}
          />
        </dl>
      )}
    </div>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
