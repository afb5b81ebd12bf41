import { useMemo } from "react";
import { data, Form, Link, useLocation, useSearchParams } from "react-router";
import type { Route } from "./+types/index";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { AppError, isAppError } from "~/lib/errors";
import { redirectWithToast } from "~/lib/toast.server";
import { JsonView, useCodeView } from "~/components/code-view";
import { PageHeader } from "~/components/page";
import { loadFeeSchedule, requirePlan, serializePlan } from "~/plans/manage-plans.server";
import { FeeScheduleTable } from "~/plans/ui/fee-schedule-table";
import { fileFromForm, getPlanDocument, removePlanDocument, setPlanDocument } from "~/plans/plan-document.server";
import { PlanDocumentCard } from "~/plans/ui/plan-document-card";
import { getExtractedCoveragePolicies, startCoveragePolicyExtraction } from "~/plans/extract-coverage-policies.server";
import {
  createCoveragePolicy,
  deleteCoveragePolicy,
  listCoveragePolicies,
  queueDecisionTree,
  requireCoveragePolicy,
} from "~/coverage-policies/manage-coverage-policies.server";
import { serializeCoveragePolicy } from "~/coverage-policies/serialize";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { CreateCoveragePolicyFormSchema, PDF_REQUIRED } from "~/coverage-policies/create-coverage-policy-input";
import { AddPolicyForm } from "~/coverage-policies/ui/add-policy-form";
import { PolicyTable } from "~/coverage-policies/ui/policy-table";
import { useLivePolicies } from "~/coverage-policies/ui/use-live-policies";
import { PolicyExtraction } from "~/plans/ui/policy-extraction";
import { signDocumentUrl } from "~/documents/signed-url.server";
import { Modal, withoutParams, withParams, ConfirmActions } from "~/ui/modal";
import { FormAlert, primaryButton, secondaryButton } from "~/ui/styles";
import { readPageForm, rethrowNotFound } from "~/lib/http.server";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d?.plan.title ?? "Plan"} · PA Review` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  const database = await getDatabase();
  try {
    const plan = await requirePlan(database, organization.id, params.planId);
    const policies = await listCoveragePolicies(database, organization.id, plan.id);
    const extraction = await getExtractedCoveragePolicies(database, organization.id, plan.id);
    const planDocument = await getPlanDocument(database, organization.id, plan.id);
    const feeSchedule = await loadFeeSchedule(database, organization.id, plan.id);
    return {
      feeSchedule,
      planDocument,
      orgId: organization.id,
      plan: serializePlan(plan),
      policies: policies.map((p) => serializeCoveragePolicy(p, { signUrl: (id) => signDocumentUrl(id) })),
      extraction,
    };
  } catch (err) {
    rethrowNotFound(err);
    throw err;
  }
}

/**
 * intent=add_policy (multipart drug_name, file, policy_drugs) creates a policy and queues its tree;
 * intent=generate_tree (`id`) (re)queues a tree; intent=delete_policy (`id`); intent=extract (`json_schema`)
 * starts an extraction job; intent=upload_document (multipart `file`, a PDF) sets or replaces the plan
 * document; intent=remove_document removes it.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "policies.edit");
  const database = await getDatabase();
  const form = await readPageForm(request);
  const intent = String(form.get("intent") ?? "");
  const base = `/o/${organization.id}/plans/${params.planId}`;
  const id = String(form.get("id") ?? "");
  try {
    if (intent === "add_policy") {
      const submission = parseWithZod(form, { schema: CreateCoveragePolicyFormSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 422 });
      const { input, file } = submission.value;
      try {
        const bytes = file ? { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name || "policy.pdf" } : null;
        const policy = await createCoveragePolicy(database, organization.id, params.planId, input, bytes);
        return redirectWithToast(base, { type: "success", message: `Coverage policy ${policy.drug_name} added. Generating its decision tree.` });
      } catch (err) {
        // a refused PDF is the file field's message; anything else the form's; what was typed stays
        if (!isAppError(err) || err.code === "not_found") throw err;
        const reply =
          err.message === PDF_REQUIRED ? submission.reply({ fieldErrors: { file: [err.message] } }) : submission.reply({ formErrors: [err.message] });
        return data({ intent, result: reply }, { status: err.status });
      }
    }
    if (intent === "generate_tree") {
      await requireCoveragePolicy(database, organization.id, id, params.planId);
      await queueDecisionTree(database, organization.id, id);
      return redirectWithToast(base, { type: "info", message: "Generating decision tree..." });
    }
    if (intent === "delete_policy") {
      await requireCoveragePolicy(database, organization.id, id, params.planId);
      await deleteCoveragePolicy(database, organization.id, id);
      return redirectWithToast(base, { type: "success", message: "Coverage policy deleted" });
    }
    if (intent === "upload_document") {
      const file = await fileFromForm(form.get("file"));
      if (!file) throw new AppError("validation", "Please upload a PDF file");
      const doc = await setPlanDocument(database, organization.id, params.planId, file);
      return redirectWithToast(base, { type: "success", message: `Plan document ${doc.filename} uploaded` });
    }
    if (intent === "remove_document") {
      await removePlanDocument(database, organization.id, params.planId);
      return redirectWithToast(base, { type: "success", message: "Plan document removed" });
    }
    if (intent === "extract") {
      // Starts the job and answers at once; the page polls its state (the waiting screen).
      await startCoveragePolicyExtraction(database, organization.id, params.planId, String(form.get("json_schema") ?? "") || null);
      return redirectWithToast(`${base}?extracted=1`, { type: "info", message: "Extracting policies..." });
    }
  } catch (err) {
    if (isAppError(err)) {
      const fallback = { delete_policy: "Failed to delete coverage policy", extract: "An error occurred while extracting coverage policies" } as Record<
        string,
        string
      >;
      return data(
        {
          intent,
          error: err.code === "not_found" && fallback[intent] ? fallback[intent] : err.message,
        },
        { status: err.status },
      );
    }
    throw err;
  }
  throw new Response("Bad Request", { status: 400 });
}

type ActionData = { intent: string; error?: string; result?: SubmissionResult<string[]> } | undefined;

export default function PlanDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { orgId, plan, policies, extraction, planDocument, feeSchedule } = loaderData;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const { codeView } = useCodeView();
  const result = actionData as ActionData;
  const statuses = useMemo(() => Object.fromEntries(policies.map((p) => [p.token, p.tree_status])), [policies]);
  useLivePolicies(orgId, statuses);

  const modal = result?.intent === "add_policy" ? "add_policy" : searchParams.get("modal");
  const closeTo = `${location.pathname}${withoutParams(location.search, "modal", "id")}`;
  const deleting = modal === "delete_policy" ? policies.find((p) => p.token === searchParams.get("id")) : undefined;
  const basePath = `/o/${orgId}/plans/${plan.token}`;

  return (
    <div className="mx-auto max-w-7xl space-y-4 p-6">
      <Link to={`/o/${orgId}/plans`} className="text-sm text-slate-500 hover:text-slate-800">
        ← Plans
      </Link>
      <PageHeader
        title={plan.title}
        description={`${plan.identification} · ${plan.line_of_business} · ${plan.plan_type} · ${plan.state} · effective ${plan.effective_date}${plan.termination_date ? ` to ${plan.termination_date}` : ""}`}
        actions={
          <>
            <Link to={`/o/${orgId}/plans/${plan.token}/import`} className={secondaryButton}>
              Import roster, formulary, fee schedule or claims history
            </Link>
            <Link to={withParams(location.search, { modal: "add_policy", id: null })} className={primaryButton} preventScrollReset>
              Add policy
            </Link>
          </>
        }
      />
      {/* one message per error: intents with their own form show it there, not here as well */}
      {result?.error && !["add_policy", "delete_policy", "extract", "upload_document", "remove_document"].includes(result.intent) && (
        <FormAlert message={result.error} />
      )}
      <PlanDocumentCard
        document={planDocument}
        href={`/api/o/${orgId}/plans/${plan.token}/document`}
        error={result?.intent === "upload_document" || result?.intent === "remove_document" ? result.error : null}
      />

      {codeView ? (
        <JsonView value={{ plan, coverage_policies: policies, fee_schedule: feeSchedule }} />
      ) : policies.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center" data-testid="empty-policies">
          <h2 className="text-sm font-semibold text-slate-900">No coverage policies yet</h2>
          <p className="mt-1 text-sm text-slate-500">Upload a policy PDF; its criteria become a decision tree the reviewer follows.</p>
          <Link to={withParams(location.search, { modal: "add_policy" })} className={`${secondaryButton} mt-4`} preventScrollReset>
            Add policy
          </Link>
        </div>
      ) : (
        <PolicyTable basePath={basePath} policies={policies} search={location.search} />
      )}

      {!codeView && <FeeScheduleTable rows={feeSchedule} />}

      {policies.length > 0 && (
        <PolicyExtraction
          extraction={extraction}
          policies={policies}
          open={searchParams.has("extracted") || result?.intent === "extract"}
          error={result?.intent === "extract" ? result.error : null}
        />
      )}

      <Modal
        open={modal === "add_policy"}
        title="Add policy"
        description="Upload the coverage policy PDF; its decision tree is generated in the background."
        closeTo={closeTo}
        testId="add-policy-modal"
      >
        <AddPolicyForm
          orgId={orgId}
          lastResult={result?.intent === "add_policy" ? result.result : null}
          error={result?.intent === "add_policy" ? result.error : null}
          cancelTo={closeTo}
        />
      </Modal>
      <Modal open={modal === "delete_policy"} title="Delete coverage policy" closeTo={closeTo} size="sm" testId="delete-policy-modal">
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="delete_policy" />
          <input type="hidden" name="id" value={searchParams.get("id") ?? ""} />
          <p className="text-sm text-slate-700">Are you sure you want to delete this coverage policy?</p>
          {deleting && <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">{deleting.drug_name}</p>}
          <FormAlert message={result?.intent === "delete_policy" ? result.error : null} />
          <ConfirmActions closeTo={closeTo} />
        </Form>
      </Modal>
    </div>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
