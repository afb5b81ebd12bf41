import { useMemo } from "react";
import { data, Link } from "react-router";
import xyflowStyles from "@xyflow/react/dist/style.css?url";
import type { Route } from "./+types/coverage-policies.$policyId";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { redirectWithToast } from "~/lib/toast.server";
import { JsonView, useCodeView } from "~/components/code-view";
import {
  addPolicyNode,
  deletePolicyNode,
  getDecisionTreeGraph,
  queueDecisionTree,
  updatePolicyNode,
} from "~/coverage-policies/manage-coverage-policies.server";
import { getCoveragePolicyDetail } from "~/coverage-policies/policy-detail.server";
import { isTreeInProgress, serializeCoveragePolicy } from "~/coverage-policies/serialize";
import { parseWithZod } from "@conform-to/zod/v4";
import { AddNodeFormSchema } from "~/coverage-policies/add-node-input";
import { UpdateNodeFormSchema } from "~/coverage-policies/update-node-input";
import { DecisionTreeEditor, type NodeActionData } from "~/coverage-policies/ui/decision-tree-editor";
import { NodeList } from "~/coverage-policies/ui/node-list";
import { PolicyReadingPanel } from "~/coverage-policies/ui/policy-reading-panel";
import { markReviewLeaves, policyReading } from "~/coverage-policies/policy-reading";
import { GenerateTreeButton, TreeStatusBadge } from "~/coverage-policies/ui/tree-status";
import { useLivePolicies } from "~/coverage-policies/ui/use-live-policies";
import { discardDraftVersion, getTreeVersion, listTreeVersions, publishDraftVersion, restoreTreeVersion } from "~/coverage-policies/tree-versions.server";
import { DraftBanner, TreeVersionsList, VersionComparisonView } from "~/coverage-policies/ui/tree-versions-panel";
import { signDocumentUrl } from "~/documents/signed-url.server";
import { serializePlan } from "~/plans/manage-plans.server";
import { FormAlert } from "~/ui/styles";
import { readPageForm, rethrowNotFound } from "~/lib/http.server";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";
import { reflowPolicyText } from "~/coverage-policies/ui/reflow-policy-text";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: xyflowStyles }];
export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d?.policy.drug_name ?? "Coverage policy"} · PA Review` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  const database = await getDatabase();
  try {
    const { plan, policy } = await getCoveragePolicyDetail(database, organization.id, params.planId, params.policyId);
    const graph = await getDecisionTreeGraph(database, organization.id, policy.id);
    const reading = policyReading(policy.structured_logic, graph.nodes, policy.drugs_list.length ? policy.drugs_list : [policy.drug_name]);
    const versions = await listTreeVersions(database, organization.id, policy.id);
    const compareParam = Number(new URL(request.url).searchParams.get("compare"));
    const summarize = async (v: number) => {
      const r = await getTreeVersion(database, organization.id, policy.id, v);
      return { version: r.version, status: r.status, summary: r.summary, diff: r.diff, against: r.against };
    };
    const draft = versions.draft ? await summarize(versions.draft) : null;
    const comparison = versions.versions.some((v) => v.version === compareParam)
      ? compareParam === draft?.version
        ? draft
        : await summarize(compareParam)
      : null;
    return {
      orgId: organization.id,
      plan: serializePlan(plan),
      policy: serializeCoveragePolicy(policy, { signUrl: (id) => signDocumentUrl(id), withText: true }),
      graph: { ...graph, nodes: markReviewLeaves(graph.nodes, reading) },
      reading,
      versions,
      draft,
      comparison,
    };
  } catch (err) {
    rethrowNotFound(err);
    throw err;
  }
}

/**
 * intent=generate_tree (re)queues the tree (over an existing tree the result is a draft);
 * publish_version / discard_version / restore_version act on a version (form field `version`);
 * add_node / update_node / delete_node edit it through the domain, each edit a new published version
 * (answers {ok} so the graph's fetcher can close its modal; errors come back as {error, nodeId}, and
 * for the node forms also as `result`, the Conform reply of add-node-input.ts / update-node-input.ts).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { organization, user } = await requireOrgMember(request, params.orgId, "policies.edit");
  const database = await getDatabase();
  const form = await readPageForm(request);
  const intent = String(form.get("intent") ?? "");
  const nodeId = String(form.get("node_id") ?? form.get("parent_id") ?? "");
  try {
    const { policy } = await getCoveragePolicyDetail(database, organization.id, params.planId, params.policyId);
    if (intent === "generate_tree") {
      await queueDecisionTree(database, organization.id, policy.id);
      return redirectWithToast(`/o/${organization.id}/plans/${params.planId}/coverage_policies/${policy.id}`, {
        type: "info",
        message: "Generating decision tree...",
      });
    }
    const here = `/o/${organization.id}/plans/${params.planId}/coverage_policies/${policy.id}`;
    const version = Number(form.get("version"));
    if (intent === "publish_version") {
      const v = await publishDraftVersion(database, organization.id, policy.id, version, user.id);
      return redirectWithToast(here, { type: "success", message: `Version ${v} published: new reviews walk it` });
    }
    if (intent === "discard_version") {
      await discardDraftVersion(database, organization.id, policy.id, version);
      return redirectWithToast(here, { type: "info", message: `Draft version ${version} discarded` });
    }
    if (intent === "restore_version") {
      const v = await restoreTreeVersion(database, organization.id, policy.id, version, user.id);
      return redirectWithToast(here, { type: "success", message: `Version ${version} restored as version ${v}` });
    }
    if (intent === "add_node" || intent === "update_node") {
      // the node forms: the commands' schemas (Conform), one message per field, what was typed kept
      const submission = intent === "add_node" ? parseWithZod(form, { schema: AddNodeFormSchema }) : parseWithZod(form, { schema: UpdateNodeFormSchema });
      if (submission.status !== "success") {
        const reply = submission.reply();
        const first =
          Object.values(reply.error ?? {})
            .flat()
            .find((m): m is string => !!m) ?? "Invalid node";
        return data({ intent, ok: false, error: first, nodeId, result: reply }, { status: 422 });
      }
      try {
        const value = submission.value;
        if ("nodeId" in value) await updatePolicyNode(database, organization.id, policy.id, value.nodeId, value.input, { userId: user.id });
        else await addPolicyNode(database, organization.id, policy.id, value, { userId: user.id });
      } catch (err) {
        if (!isAppError(err) || err.code === "not_found") throw err;
        const message = intent === "add_node" && err.code !== "validation" ? "An error occurred while creating the node" : err.message;
        return data({ intent, ok: false, error: message, nodeId, result: submission.reply({ formErrors: [message] }) }, { status: err.status });
      }
      return { intent, ok: true, nodeId, result: submission.reply({ resetForm: true }) };
    }
    if (intent === "delete_node") await deletePolicyNode(database, organization.id, policy.id, nodeId, { userId: user.id });
    else throw new Response("Bad Request", { status: 400 });
    return { intent, ok: true };
  } catch (err) {
    if (isAppError(err)) {
      if (!form.get("node_id") && !form.get("version")) rethrowNotFound(err);
      return data(
        { intent, ok: false, error: intent === "add_node" && err.code !== "validation" ? "An error occurred while creating the node" : err.message, nodeId },
        { status: err.status },
      );
    }
    throw err;
  }
}

export default function CoveragePolicyDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { orgId, plan, policy, graph, reading, versions, draft, comparison } = loaderData;
  const { codeView } = useCodeView();
  const statuses = useMemo(() => ({ [policy.token]: policy.tree_status }), [policy.token, policy.tree_status]);
  useLivePolicies(orgId, statuses);
  const result = actionData as NodeActionData;
  const hasTree = graph.nodes.length > 0;
  const running = isTreeInProgress(policy.tree_status);

  return (
    <div className="space-y-4 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Link to={`/o/${orgId}/plans/${plan.token}`} className="text-sm text-slate-500 hover:text-slate-800">
            ← {plan.title}
          </Link>
          <h1 className="mt-1 flex items-center gap-2 text-xl font-semibold text-slate-900">
            {policy.drug_name} <TreeStatusBadge status={policy.tree_status} />
          </h1>
          <div className="mt-1 flex flex-wrap gap-1">
            {policy.drugs_list.map((d) => (
              <span key={d} className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
                {d}
              </span>
            ))}
          </div>
        </div>
        {hasTree && (
          <div className="flex items-center gap-2">
            {codeView && <span className="text-xs text-slate-500">Rerun decision tree</span>}
            <GenerateTreeButton policy={policy} />
          </div>
        )}
      </div>
      {result && !result.ok && result.error && !result.nodeId && <FormAlert message={result.error} />}
      {draft && <DraftBanner draft={draft} current={versions.current} comparing={comparison?.version === draft.version} />}
      {comparison && <VersionComparisonView comparison={comparison} />}

      {codeView ? (
        <JsonView value={{ coverage_policy: policy, ...graph }} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <section aria-label="Decision tree" className="min-w-0 space-y-3">
            {hasTree ? (
              <>
                <DecisionTreeEditor graph={graph} />
                <TreeVersionsList versions={versions.versions} current={versions.current} />
                <details className="rounded-lg border border-slate-200 bg-slate-50 p-3" open={result && !result.ok ? true : undefined}>
                  <summary className="cursor-pointer text-sm font-medium text-slate-700">Nodes as a list ({graph.nodes.length})</summary>
                  <div className="mt-3">
                    <NodeList
                      nodes={graph.nodes}
                      edges={graph.edges}
                      error={result && !result.ok && result.error ? { nodeId: result.nodeId, message: result.error } : null}
                      result={result}
                    />
                  </div>
                </details>
              </>
            ) : (
              <div
                className="flex h-[420px] flex-col items-center justify-center rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center"
                data-testid="empty-tree"
              >
                <h2 className="text-sm font-semibold text-slate-900">{running ? "Generating the decision tree" : "No decision tree yet"}</h2>
                <p className="mt-1 max-w-sm text-sm text-slate-500">
                  {running ? "This page updates when it is ready." : "Generate a decision tree from the policy's criteria. Reviews walk this tree."}
                </p>
                {policy.tree_status === "failed" && policy.tree_error && (
                  <p className="mt-3 max-w-md rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
                    Failed to get structured logic: {policy.tree_error}
                  </p>
                )}
                <div className="mt-4">
                  <GenerateTreeButton policy={policy} primary />
                </div>
              </div>
            )}
          </section>
          <section aria-label="Policy" className="min-w-0 space-y-2">
            {hasTree && <PolicyReadingPanel reading={reading} />}
            <div className="flex items-center justify-between">
              <h2 className="text-sm font-semibold text-slate-700">Policy</h2>
              {policy.file_url && (
                <a href={policy.file_url} target="_blank" rel="noreferrer" className="text-sm font-medium text-indigo-700 hover:underline">
                  Open policy PDF{policy.file_name ? ` (${policy.file_name})` : ""}
                </a>
              )}
            </div>
            {policy.policy_text ? (
              <div
                className="max-h-[700px] space-y-2 overflow-auto rounded-lg border border-slate-200 bg-white p-4 text-sm leading-relaxed text-slate-800"
                data-testid="policy-text"
              >
                {reflowPolicyText(policy.policy_text).map((paragraph, i) => (
                  <p key={i}>{paragraph}</p>
                ))}
              </div>
            ) : policy.file_url ? (
              <iframe title="Policy PDF" src={policy.file_url} className="h-[700px] w-full rounded-lg border border-slate-200 bg-white" />
            ) : (
              <p className="text-sm text-slate-500">No policy text.</p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
