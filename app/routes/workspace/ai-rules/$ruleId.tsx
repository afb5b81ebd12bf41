import { data, Link, useLocation, useSearchParams } from "react-router";
import type { Route } from "./+types/$ruleId";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { readPageForm } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { JsonView, useCodeView } from "~/components/code-view";
import { PageHeader } from "~/components/page";
import { deleteAiRule, requireAiRule, serializeAiRule, updateAiRule } from "~/ai-rules/ai-rules.server";
import { listPlans } from "~/plans/manage-plans.server";
import { readRuleForm, RuleForm, RuleLanguageHelp, type RuleFormValues } from "~/ai-rules/ui/rule-form";
import { DeleteModal, Modal, withoutParams, withParams } from "~/ui/modal";
import { dangerButton, secondaryButton } from "~/ui/styles";
import { formatDateTime } from "~/prior-auths/ui/decision";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.rule.name ?? "AI rule"} · Custom AI Rules · PA Review` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  const database = await getDatabase();
  const rule = await requireAiRule(database, organization.id, params.ruleId).catch((err) => {
    if (isAppError(err) && err.code === "not_found") throw new Response("Not Found", { status: 404 });
    throw err;
  });
  const plans = await listPlans(database, organization.id);
  return { orgId: organization.id, rule: serializeAiRule(rule), plans: plans.map((p) => ({ token: p.id, title: p.title })) };
}

/** intent=update (the rule form) or intent=delete. */
export async function action({ request, params }: Route.ActionArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "policies.edit");
  const database = await getDatabase();
  const form = await readPageForm(request);
  const intent = form.get("intent");
  const base = `/o/${organization.id}/ai_rules`;
  try {
    if (intent === "update") {
      const values = readRuleForm(form);
      try {
        await updateAiRule(database, organization.id, params.ruleId, values);
      } catch (err) {
        if (isAppError(err) && err.code === "validation") return data({ errors: [err.message, ...err.details], values }, { status: err.status });
        throw err;
      }
      return redirectWithToast(`${base}/${params.ruleId}`, { type: "success", message: "AI rule saved" });
    }
    if (intent === "delete") {
      await deleteAiRule(database, organization.id, params.ruleId);
      return redirectWithToast(base, { type: "success", message: "AI rule deleted" });
    }
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") throw new Response("Not Found", { status: 404 });
    throw err;
  }
  throw new Response("Bad Request", { status: 400 });
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-4 px-4 py-3">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="col-span-2 text-sm text-slate-800">{children}</dd>
    </div>
  );
}
const list = (xs: string[], empty = "Any") => (xs.length ? xs.join(", ") : <span className="text-slate-400">{empty}</span>);

export default function AiRuleDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { orgId, rule, plans } = loaderData;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const { codeView } = useCodeView();
  const result = actionData as { errors: string[]; values: RuleFormValues } | undefined;
  const modal = result ? "edit" : searchParams.get("modal");
  const closeTo = `${location.pathname}${withoutParams(location.search, "modal")}`;
  const planName = (id: string) => plans.find((p) => p.token === id)?.title ?? id;

  return (
    <div className="mx-auto max-w-4xl space-y-4 p-6">
      <Link to={`/o/${orgId}/ai_rules`} className="text-sm text-indigo-700 hover:underline">
        ← Custom AI Rules
      </Link>
      <PageHeader
        title={rule.name}
        description={rule.description}
        actions={
          <>
            <Link to={withParams(location.search, { modal: "edit" })} className={secondaryButton} preventScrollReset>
              Edit
            </Link>
            <Link to={withParams(location.search, { modal: "delete" })} className={dangerButton} preventScrollReset>
              Delete
            </Link>
          </>
        }
      />
      {codeView ? (
        <JsonView value={{ ai_rule: rule }} />
      ) : (
        <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-xs" data-testid="rule-detail">
          <Row label="Applies to">
            <span className="capitalize">{rule.applies_to}</span> stage
          </Row>
          <Row label="Conditions">
            {rule.conditions.length ? (
              <ul className="font-mono text-xs">
                {rule.conditions.map((c, i) => (
                  <li key={i}>{c}</li>
                ))}
              </ul>
            ) : (
              <span className="text-slate-400">None — fires on every case in scope</span>
            )}
          </Row>
          <Row label="Actions">
            <ul className="font-mono text-xs">
              {rule.actions.map((a, i) => (
                <li key={i}>{a}</li>
              ))}
            </ul>
          </Row>
          <Row label="Drug names">{list(rule.scoped_drug_names)}</Row>
          <Row label="Plans">{list(rule.scoped_plan_ids.map(planName))}</Row>
          <Row label="NDCs">{list(rule.scoped_ndcs)}</Row>
          <Row label="RxCUIs">{list(rule.scoped_rxnorms)}</Row>
          <Row label="Dates">
            {rule.start_date || rule.end_date ? `${rule.start_date ?? "…"} to ${rule.end_date ?? "…"}` : <span className="text-slate-400">Always</span>}
          </Row>
          <Row label="Priority">{rule.priority}</Row>
          <Row label="Active">{rule.active ? "Yes" : "No"}</Row>
          <Row label="Date created">{formatDateTime(rule.date_created)}</Row>
        </dl>
      )}

      <Modal open={modal === "edit"} title="Edit Rule" closeTo={closeTo} size="lg" testId="edit-rule-modal">
        <div className="space-y-4">
          <RuleLanguageHelp />
          <RuleForm intent="update" values={result?.values ?? rule} errors={result?.errors} plans={plans} cancelTo={closeTo} submitLabel="Save rule" />
        </div>
      </Modal>
      <DeleteModal open={modal === "delete"} title="Delete rule" closeTo={closeTo} testId="delete-rule-modal" />
    </div>
  );
}
