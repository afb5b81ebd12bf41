import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/import";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { readPageForm } from "~/lib/http.server";
import { PageHeader } from "~/components/page";
import { claimsHistorySummary, requirePlan, serializePlan } from "~/plans/manage-plans.server";
import { importClaimsHistoryCsv, importFeeScheduleCsv, importFormularyCsv, importRosterCsv, type CsvImportResult } from "~/plans/import-plan-csv.server";
import { inputClass, primaryButton } from "~/ui/styles";

export const meta: Route.MetaFunction = () => [{ title: "Import roster, formulary, fee schedule or claims history · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  const plan = await requirePlan(await getDatabase(), organization.id, params.planId).catch((err) => {
    if (isAppError(err) && err.code === "not_found") throw new Response("Not Found", { status: 404 });
    throw err;
  });
  const history = await claimsHistorySummary(await getDatabase(), organization.id, plan.id);
  return { orgId: organization.id, plan: serializePlan(plan), history };
}

/** kind=roster|formulary|fee_schedule|claims_history with a CSV `file`: imports the good rows, reports the bad ones by line. */
export async function action({ request, params }: Route.ActionArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "policies.edit");
  const form = await readPageForm(request);
  const k = form.get("kind");
  const kind: Kind = k === "formulary" || k === "fee_schedule" || k === "claims_history" ? k : "roster";
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return data({ kind, error: "Please choose a CSV file" }, { status: 422 });
  try {
    const text = await file.text();
    const fn = { formulary: importFormularyCsv, fee_schedule: importFeeScheduleCsv, claims_history: importClaimsHistoryCsv, roster: importRosterCsv }[kind];
    return { kind, result: await fn(await getDatabase(), organization.id, params.planId, text), filename: file.name };
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") throw new Response("Not Found", { status: 404 });
    if (isAppError(err)) return data({ kind, error: err.message }, { status: err.status });
    throw err;
  }
}

type Kind = "roster" | "formulary" | "fee_schedule" | "claims_history";
const NOUN: Record<Kind, string> = { roster: "member", formulary: "formulary row", fee_schedule: "fee-schedule row", claims_history: "paid line" };

const COLUMNS: Record<Kind, string> = {
  claims_history: "member_id, code (HCPCS/CPT), units, date_of_service; optional modifiers (RT 59), claim_id, note",
  fee_schedule: "code (HCPCS/CPT), description, units (the most units allowed), period_days (the period they are counted over)",
  roster: "member_id, first_name, last_name, birth_date, gender, plan, coverage_start, coverage_end",
  formulary:
    "drug_name, ndc, rxcui, tier, pa_required (Y/N), ql_amount, ql_unit, ql_days, st_steps (drug:days; …); optional criteria: exclusion_criteria, required_medical_information, prescriber_restrictions, coverage_duration, other_criteria, indication, off_label_uses, part_b_prerequisite (Y/N)",
};
const EXAMPLES: Record<Kind, string> = {
  claims_history:
    "member_id,code,units,date_of_service,modifiers,claim_id,note\nPSH100234,96900,1,2026-03-02,,ICN 2026061000123,narrowband UVB session\nPSH100234,64451,1,2026-05-11,LT,ICN 2026131000456,",
  fee_schedule: "code,description,units,period_days\nE0601,CPAP device,1,1825\n97110,Therapeutic exercise each 15 minutes,4,1",
  roster: "member_id,first_name,last_name,birth_date,gender,plan,coverage_start,coverage_end\nPSH100234,Maria,Lopez,1979-03-14,F,PSH-PPO-2026,2026-01-01,",
  formulary: "drug_name,ndc,rxcui,tier,pa_required,ql_amount,ql_unit,ql_days,st_steps\nHumira,00074-0554-02,,5,Y,2,pens,28,methotrexate:90",
};

type Result = { kind: Kind; result?: CsvImportResult; filename?: string; error?: string } | undefined;

function ImportCard({ kind, title, result, children }: { kind: Kind; title: string; result: Result; children?: React.ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("kind") === kind;
  const mine = result?.kind === kind ? result : undefined;
  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-xs" data-testid={`import-${kind}`}>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <p className="text-sm text-slate-600">
        Columns: <code className="text-xs">{COLUMNS[kind]}</code>.
        {
          {
            roster: " Dates YYYY-MM-DD or MM/DD/YYYY.",
            formulary: " Flags Y/N.",
            fee_schedule: " period_days 1 = per date of service.",
            claims_history:
              " The plan's paid service lines from its claims system, counted with the member's earlier claims against the fee schedule's limits. A line imported again replaces itself.",
          }[kind]
        }{" "}
        Bad rows are reported by line; good rows are imported.
      </p>
      {children}
      <pre className="overflow-x-auto rounded bg-slate-50 px-3 py-2 text-xs text-slate-600">{EXAMPLES[kind]}</pre>
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="kind" value={kind} />
        <label className="sr-only" htmlFor={`file-${kind}`}>
          {title} CSV
        </label>
        <input id={`file-${kind}`} name="file" type="file" accept=".csv,text/csv" className={`${inputClass} max-w-sm`} />
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? "Importing…" : "Import CSV"}
        </button>
      </Form>
      {mine?.error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {mine.error}
        </p>
      )}
      {mine?.result && (
        <div className="space-y-2" data-testid="import-result">
          <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            {mine.filename}: {mine.result.imported} {NOUN[kind]}
            {mine.result.imported === 1 ? "" : "s"} imported
            {mine.result.errors.length ? `, ${mine.result.errors.length} row${mine.result.errors.length === 1 ? "" : "s"} skipped` : ""}.
          </p>
          {mine.result.errors.length > 0 && (
            <table className="min-w-full divide-y divide-slate-200 rounded-md border border-red-200 text-sm" data-testid="import-errors">
              <thead className="bg-red-50 text-left text-xs font-semibold text-red-800">
                <tr>
                  <th className="w-20 px-3 py-2">Line</th>
                  <th className="px-3 py-2">Problem</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-red-100">
                {mine.result.errors.slice(0, 200).map((e) => (
                  <tr key={e.line} data-testid="import-error">
                    <td className="px-3 py-2 tabular-nums">{e.line}</td>
                    <td className="px-3 py-2 text-slate-800">{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </section>
  );
}

export default function ImportPlanData({ loaderData, actionData }: Route.ComponentProps) {
  const { orgId, plan, history } = loaderData;
  const result = actionData as Result;
  return (
    <div className="mx-auto max-w-4xl space-y-4 p-6">
      <Link to={`/o/${orgId}/plans/${plan.token}`} className="text-sm text-indigo-700 hover:underline">
        ← {plan.title}
      </Link>
      <PageHeader
        title="Import roster, formulary, fee schedule or claims history"
        description={`CSV files for ${plan.title} (${plan.identification}). Eligibility checks use the imported members; the formulary sets tier, PA, quantity limits and step therapy; the fee schedule sets the units per period claim lines are held to, counted with the claims history.`}
      />
      <ImportCard kind="roster" title="Member roster" result={result} />
      <ImportCard kind="formulary" title="Formulary" result={result} />
      <ImportCard kind="fee_schedule" title="Fee schedule" result={result} />
      <ImportCard kind="claims_history" title="Claims history (paid service lines)" result={result}>
        <p className="text-sm text-slate-700" data-testid="claims-history-summary">
          {history.lines
            ? `${history.lines} paid line${history.lines === 1 ? "" : "s"} of ${history.members} member${history.members === 1 ? "" : "s"} on file, dates of service ${history.first} to ${history.last}.`
            : "No claims history on file."}
        </p>
      </ImportCard>
    </div>
  );
}
