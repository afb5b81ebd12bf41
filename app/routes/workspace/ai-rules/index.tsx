import { data, Form, Link, useLocation, useSearchParams } from "react-router";
import type { Route } from "./+types/index";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { readPageForm } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { JsonView, useCodeView } from "~/components/code-view";
import { PageHeader } from "~/components/page";
import { createAiRule, listAiRules, serializeAiRule } from "~/ai-rules/ai-rules.server";
import { listPlans } from "~/plans/manage-plans.server";
import { readRuleForm, RuleForm, RuleLanguageHelp, type RuleFormValues } from "~/ai-rules/ui/rule-form";
import { Modal, withoutParams, withParams } from "~/ui/modal";
import { inputClass, primaryButton, secondaryButton } from "~/ui/styles";
import { formatDateTime } from "~/prior-auths/ui/decision";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = () => [{ title: "Custom AI Rules · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  const url = new URL(request.url);
  const database = await getDatabase();
  const [rules, plans] = await Promise.all([
    listAiRules(database, organization.id, { q: url.searchParams.get("q"), sort: url.searchParams.get("sort") }),
    listPlans(database, organization.id),
  ]);
  return { orgId: organization.id, rules: rules.map(serializeAiRule), plans: plans.map((p) => ({ token: p.id, title: p.title })) };
}

/** intent=create: the New Rule form → the rule's page; 422 with the messages otherwise. */
export async function action({ request, params }: Route.ActionArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "policies.edit");
  const form = await readPageForm(request);
  if (form.get("intent") !== "create") throw new Response("Bad Request", { status: 400 });
  const values = readRuleForm(form);
  try {
    const rule = await createAiRule(await getDatabase(), organization.id, values);
    return redirectWithToast(`/o/${organization.id}/ai_rules/${rule.id}`, { type: "success", message: "AI rule created" });
  } catch (err) {
    if (isAppError(err)) return data({ errors: [err.message, ...err.details], values }, { status: err.status });
    throw err;
  }
}

const COLUMNS: { key: string | null; label: string }[] = [
  { key: "name", label: "Name" },
  { key: null, label: "Description" },
  { key: "applies_to", label: "Applies To" },
  { key: null, label: "Conditions" },
  { key: null, label: "Action" },
  { key: "active", label: "Active" },
  { key: "created_at", label: "Date Created" },
];

export default function AiRulesList({ loaderData, actionData }: Route.ComponentProps) {
  const { orgId, rules, plans } = loaderData;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const { codeView } = useCodeView();
  const result = actionData as { errors: string[]; values: RuleFormValues } | undefined;
  const modal = result ? "new" : searchParams.get("modal");
  const closeTo = `${location.pathname}${withoutParams(location.search, "modal")}`;
  const q = searchParams.get("q") ?? "";
  const sort = searchParams.get("sort") ?? "";
  const sortLink = (key: string) => withParams(location.search, { sort: sort === key ? `-${key}` : key });
  const newRule = (
    <Link to={withParams(location.search, { modal: "new" })} className={primaryButton} preventScrollReset>
      New Rule
    </Link>
  );

  return (
    <div className="mx-auto max-w-6xl space-y-4 p-6">
      <PageHeader
        title="Custom AI Rules"
        description="Rules your plan applies on top of coverage policies, at the eligibility, clinical and audit stages of every review."
        actions={newRule}
      />
      {codeView ? (
        <JsonView value={{ ai_rules: rules }} />
      ) : rules.length === 0 && !q ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center" data-testid="empty-rules">
          <h2 className="text-sm font-semibold text-slate-900">No AI rules yet</h2>
          <p className="mx-auto mt-1 max-w-xl text-sm text-slate-500">
            An AI rule checks a condition on each case — say <code className="text-slate-700">member age &lt; 18</code> or{" "}
            <code className="text-slate-700">quantity &gt; limit</code> — and, when it holds, asks for more information, routes the case to a clinical reviewer,
            adds a note or lowers the confidence. Rules can be scoped to drugs, NDCs, RxCUIs, plans and dates. Every rule that fires is named in the case&apos;s
            decision trail; a rule can never deny a case on its own.
          </p>
          <div className="mt-4">{newRule}</div>
        </div>
      ) : (
        <>
          <Form method="get" className="flex max-w-md gap-2" role="search">
            {sort && <input type="hidden" name="sort" value={sort} />}
            <input name="q" type="search" defaultValue={q} placeholder="Search rules" aria-label="Search rules" className={inputClass} />
            <button type="submit" className={secondaryButton}>
              Search
            </button>
          </Form>
          <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-xs">
            <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="rules-table">
              <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  {COLUMNS.map((c) => (
                    <th
                      key={c.label}
                      className="px-4 py-3 whitespace-nowrap"
                      aria-sort={c.key && sort.replace(/^-/, "") === c.key ? (sort.startsWith("-") ? "descending" : "ascending") : undefined}
                    >
                      {c.key ? (
                        <Link to={sortLink(c.key)} className="inline-flex items-center gap-1 hover:text-slate-800" preventScrollReset>
                          {c.label}
                          <span aria-hidden="true">{sort === c.key ? "▲" : sort === `-${c.key}` ? "▼" : "↕"}</span>
                        </Link>
                      ) : (
                        c.label
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rules.map((r) => (
                  <tr key={r.token} className="align-top hover:bg-slate-50" data-testid="rule-row">
                    <td className="px-4 py-3">
                      <Link to={`/o/${orgId}/ai_rules/${r.token}`} className="font-medium text-indigo-700 hover:underline">
                        {r.name}
                      </Link>
                      {r.scoped_drug_names.length > 0 && <p className="text-xs text-slate-500">{r.scoped_drug_names.join(", ")}</p>}
                    </td>
                    <td className="max-w-xs px-4 py-3 text-slate-700">{r.description}</td>
                    <td className="px-4 py-3 text-slate-700 capitalize">{r.applies_to}</td>
                    <td className="px-4 py-3 font-mono text-xs text-slate-700">
                      {r.conditions.length ? r.conditions.map((c, i) => <div key={i}>{c}</div>) : <span className="font-sans text-slate-400">always</span>}
                    </td>
                    <td className="px-4 py-3 font-mono text-xs text-slate-700">
                      {r.actions.map((a, i) => (
                        <div key={i}>{a}</div>
                      ))}
                    </td>
                    <td className="px-4 py-3">
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-medium ${r.active ? "bg-green-50 text-green-700" : "bg-slate-100 text-slate-600"}`}
                      >
                        {r.active ? "Yes" : "No"}
                      </span>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-500">{formatDateTime(r.date_created)}</td>
                  </tr>
                ))}
                {rules.length === 0 && (
                  <tr>
                    <td colSpan={7} className="px-4 py-8 text-center text-sm text-slate-500">
                      No rules match “{q}”.
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        </>
      )}

      <Modal open={modal === "new"} title="New Rule" closeTo={closeTo} size="lg" testId="new-rule-modal">
        <div className="space-y-4">
          <RuleLanguageHelp />
          <RuleForm intent="create" values={result?.values} errors={result?.errors} plans={plans} cancelTo={closeTo} submitLabel="Create rule" />
        </div>
      </Modal>
    </div>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
