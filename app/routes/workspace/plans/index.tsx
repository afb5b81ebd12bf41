import { data, Link, useLocation, useSearchParams } from "react-router";
import type { Route } from "./+types/index";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { redirectWithToast } from "~/lib/toast.server";
import { JsonView, useCodeView } from "~/components/code-view";
import { PageHeader } from "~/components/page";
import { deletePlan, listPlans, serializePlan } from "~/plans/manage-plans.server";
import { checkPlanDocument, createPlanWithDocument, fileFromForm } from "~/plans/plan-document.server";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { CreatePlanFormSchema } from "~/plans/create-plan-input";
import { AddPlanForm } from "~/plans/ui/plan-form-fields";
import { PlanTable } from "~/plans/ui/plan-table";
import { DeleteModal, Modal, withoutParams, withParams } from "~/ui/modal";
import { primaryButton, secondaryButton } from "~/ui/styles";
import { readPageForm } from "~/lib/http.server";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = () => [{ title: "Plans · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  const plans = await listPlans(await getDatabase(), organization.id);
  return { orgId: organization.id, plans: plans.map(serializePlan) };
}

/** intent=create (the Add Plan fields, multipart with an optional plan document `file`) opens the new plan; intent=delete (`id`) removes a plan and its policies. */
export async function action({ request, params }: Route.ActionArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "policies.edit");
  const database = await getDatabase();
  const form = await readPageForm(request);
  const intent = String(form.get("intent") ?? "");
  const base = `/o/${organization.id}/plans`;
  if (intent === "create") {
    const submission = parseWithZod(form, { schema: CreatePlanFormSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 422 });
    const { intent: _intent, file: upload, ...input } = submission.value;
    const file = await fileFromForm(upload);
    try {
      // a refused plan document is the file field's message (and no plan is created)
      if (file) checkPlanDocument(file);
    } catch (err) {
      if (isAppError(err)) return data({ intent, result: submission.reply({ fieldErrors: { file: [err.message] } }) }, { status: err.status });
      throw err;
    }
    try {
      const { plan } = await createPlanWithDocument(database, organization.id, input, file);
      return redirectWithToast(`${base}/${plan.id}`, { type: "success", message: "Plan created" });
    } catch (err) {
      if (isAppError(err)) return data({ intent, result: submission.reply({ formErrors: [err.message] }) }, { status: err.status });
      throw err;
    }
  }
  if (intent === "delete") {
    try {
      await deletePlan(database, organization.id, String(form.get("id") ?? ""));
    } catch (err) {
      if (isAppError(err)) return data({ intent, error: err.message }, { status: err.status });
      throw err;
    }
    return redirectWithToast(base, { type: "success", message: "Plan deleted" });
  }
  throw new Response("Bad Request", { status: 400 });
}

type ActionData = { intent: string; result?: SubmissionResult<string[]>; error?: string } | undefined;

export default function PlansList({ loaderData, actionData }: Route.ComponentProps) {
  const { orgId, plans } = loaderData;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const { codeView } = useCodeView();
  const result = actionData as ActionData;
  const modal = result?.intent === "create" ? "add" : searchParams.get("modal");
  const closeTo = `${location.pathname}${withoutParams(location.search, "modal", "id")}`;
  const deleting = modal === "delete" ? plans.find((p) => p.token === searchParams.get("id")) : undefined;

  return (
    <div className="mx-auto max-w-6xl space-y-4 p-6">
      <PageHeader
        title="Plans"
        description="Pharmacy and medical policy documents. Each plan holds coverage policies that become decision trees."
        actions={
          <Link to={withParams(location.search, { modal: "add", id: null })} className={primaryButton} preventScrollReset>
            Add Plan
          </Link>
        }
      />
      {codeView ? (
        <JsonView value={{ plans }} />
      ) : plans.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center" data-testid="empty-plans">
          <h2 className="text-sm font-semibold text-slate-900">No pharmacy or medical policies yet</h2>
          <p className="mt-1 text-sm text-slate-500">Add a plan, then upload its coverage policies to turn them into decision trees.</p>
          <Link to={withParams(location.search, { modal: "add" })} className={`${secondaryButton} mt-4`} preventScrollReset>
            Add Plan
          </Link>
        </div>
      ) : (
        <PlanTable orgId={orgId} plans={plans} search={location.search} />
      )}

      <Modal open={modal === "add"} title="Add Plan" closeTo={closeTo} size="lg" testId="add-plan-modal">
        <AddPlanForm lastResult={result?.intent === "create" ? result.result : null} cancelTo={closeTo} />
      </Modal>
      <DeleteModal
        open={modal === "delete"}
        title="Delete plan"
        closeTo={closeTo}
        testId="delete-plan-modal"
        id={searchParams.get("id") ?? ""}
        detail={deleting && <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">{deleting.title} and its coverage policies</p>}
        error={result?.intent === "delete" ? result.error : null}
      />
    </div>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
