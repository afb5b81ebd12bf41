/**
 * Cases (/o/{org}/cases): one work queue across every kind of case (prior auths and medical claims,
 * app/cases/case-sources.server.ts), in working order — open before decided, expedited first,
 * earliest due first. Filters: kind, status, assignee, decision. POST intent=assign | unassign
 * (kind, case_id) sets or clears the signed-in user as the case's assignee (cases.write, for every
 * kind alike; another organization's case is 404).
 */
import { Form, Link, useSearchParams } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/cases";
import { notFoundResponse, requireOrgMember } from "~/auth/require-org-member.server";
import { isAppError } from "~/lib/errors";
import { getDatabase } from "~/lib/db.server";
import { readPageForm } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { JsonView, useCodeView } from "~/components/code-view";
import { PageHeader } from "~/components/page";
import { CASE_DECISION_FILTERS, CASE_STATUS_FILTERS, AssignCaseSchema, ListCasesQuerySchema } from "~/cases/list-cases-input";
import { listAssignableUsers, listCases } from "~/cases/list-cases.server";
import { assignCase } from "~/cases/assign-case.server";
import { CasesTable } from "~/cases/ui/cases-table";
import { CASE_KINDS } from "~/cases/case-record";
import { Pagination } from "~/prior-auths/ui/prior-auth-table";
import { inputClass, secondaryButton } from "~/ui/styles";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { accessOrganizationIds } from "~/auth/permissions.server";

export const meta: Route.MetaFunction = () => [{ title: "Cases · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await requireOrgMember(request, params.orgId, "cases.read");
  const { organization, user } = ctx;
  await recordAuditEvent(ctx, request, { action: "case.list", resource_type: "case" }); // names patients: a PHI read
  const query = ListCasesQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const database = await getDatabase();
  const [page, users] = await Promise.all([
    listCases(database, organization.id, user.id, query),
    listAssignableUsers(database, accessOrganizationIds(organization)),
  ]);
  return { orgId: organization.id, userId: user.id, query, page, users, now: new Date().toISOString() };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { organization, user } = await requireOrgMember(request, params.orgId, "cases.write");
  const form = await readPageForm(request);
  const submission = parseWithZod(form, { schema: AssignCaseSchema });
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const { intent, kind, case_id } = submission.value;
  try {
    await assignCase(await getDatabase(), organization.id, kind, case_id, intent === "assign" ? user.id : null);
  } catch (err) {
    // another organization's case or an unknown kind: the same 404 as any other missing thing
    if (isAppError(err) && err.code === "not_found") throw notFoundResponse();
    throw err;
  }
  const back = String(form.get("redirect_to") ?? "");
  const target = back.startsWith(`/o/${organization.id}/cases`) ? back : `/o/${organization.id}/cases`;
  return redirectWithToast(target, { type: "success", message: intent === "assign" ? "Case assigned to you" : "Case unassigned" });
}

const STATUS_LABELS: Record<(typeof CASE_STATUS_FILTERS)[number], string> = {
  open: "Open",
  all: "All",
  intake: "Intake required",
  review: "In review",
  outreach: "Outreach required",
  decided: "Decided",
};
const KIND_LABELS: Record<(typeof CASE_KINDS)[number], string> = { prior_auth: "Prior auths", claim: "Medical claims" };
const DECISION_LABELS: Record<(typeof CASE_DECISION_FILTERS)[number], string> = {
  approved: "Approved",
  denied: "Denied",
  outreach: "Outreach required",
  pending: "Pending",
};

export default function Cases({ loaderData }: Route.ComponentProps) {
  const { page, query, users, orgId, userId, now } = loaderData;
  const [searchParams] = useSearchParams();
  const { codeView } = useCodeView();
  const search = searchParams.toString();
  return (
    <div className="mx-auto max-w-6xl space-y-6 p-6">
      <PageHeader title="Cases" description="Every open case in one queue: expedited first, then the earliest due." />
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter cases">
        <label className="text-xs font-medium text-slate-600">
          Kind
          <select name="kind" defaultValue={query.kind ?? ""} className={`${inputClass} mt-1 w-44`}>
            <option value="">All kinds</option>
            {CASE_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs font-medium text-slate-600">
          Status
          <select name="status" defaultValue={query.status} className={`${inputClass} mt-1 w-44`}>
            {CASE_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs font-medium text-slate-600">
          Assignee
          <select name="assignee" defaultValue={query.assignee ?? ""} className={`${inputClass} mt-1 w-44`}>
            <option value="">Anyone</option>
            <option value="me">Me</option>
            <option value="unassigned">Unassigned</option>
            {users
              .filter((u) => u.id !== userId)
              .map((u) => (
                <option key={u.id} value={u.id}>
                  {u.username}
                </option>
              ))}
          </select>
        </label>
        <label className="text-xs font-medium text-slate-600">
          Decision
          <select name="decision" defaultValue={query.decision ?? ""} className={`${inputClass} mt-1 w-44`}>
            <option value="">Any</option>
            {CASE_DECISION_FILTERS.map((d) => (
              <option key={d} value={d}>
                {DECISION_LABELS[d]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={secondaryButton}>
          Apply
        </button>
        {search && (
          <Link to={`/o/${orgId}/cases`} className="py-2 text-sm text-slate-500 hover:text-slate-800">
            Clear filters
          </Link>
        )}
      </Form>
      {codeView ? (
        <JsonView value={page} />
      ) : (
        <>
          <CasesTable cases={page.cases} orgId={orgId} userId={userId} now={now} redirectTo={`/o/${orgId}/cases${search ? `?${search}` : ""}`} />
          <Pagination total={page.total} page={page.page} perPage={page.per_page} search={search} />
        </>
      )}
    </div>
  );
}
