/**
 * The result of a demo run: the five steps with their timings, the no-data message when extraction
 * found nothing, and the tabs AI Decision, Patient, Diagnoses, Medication Requests, Practitioners,
 * Formulary requirements, the agents' work (Eligibility, Clinical review, Audit) and JSON.
 */
import { plainCriterion, plainLabel, plainText } from "~/lib/plain-language";
import { useState } from "react";
import { JsonView } from "~/components/code-view";
import { Badge, PassMark, decisionTone } from "~/prior-auths/ui/badges";
import { CitationList } from "~/prior-auths/ui/citations";
import { ConfidenceMeter } from "~/prior-auths/ui/decision-panel";
import { listDecisionLabel } from "~/prior-auths/ui/decision";
import type { CitationJson } from "~/prior-auths/ui/types";
import type { DemoKind } from "../demo-kinds";
import type { DemoResult } from "../run-demo.server";

const TABS = [
  "AI Decision",
  "Patient",
  "Diagnoses",
  "Medication Requests",
  "Practitioners",
  "Formulary requirements",
  "Eligibility",
  "Clinical review",
  "Audit",
  "JSON",
] as const;
type TabName = (typeof TABS)[number];

const FIRST_TAB: Record<DemoKind, TabName> = {
  intake: "Patient",
  eligibility: "Eligibility",
  clinical: "Clinical review",
  audit: "Audit",
  fax_simulation: "AI Decision",
};

const STEP_NAMES = ["Reading document", "Checking eligibility", "Clinical review", "Audit check", "Making a decision"];

type Cites = CitationJson[] | null | undefined;
/**
 * Citations for a row of chips: one chip per document page (several spans of one page read as one
 * "Fax p. 2"; the quote is in the chip's title). `withText` keeps one per quote, for quoted lists.
 */
const cites = (c: unknown, withText = false): Cites => {
  if (!Array.isArray(c)) return null;
  const seen = new Set<string>();
  return (c as CitationJson[]).filter((x) => {
    const key = withText ? `${x.document}|${x.page}|${x.text}` : `${x.document}|${x.page}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

const duration = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`);

function Field({ label, value, citations }: { label: string; value: React.ReactNode; citations?: unknown }) {
  const empty = value === null || value === undefined || value === "";
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-3 border-b border-slate-100 py-2 text-sm last:border-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 text-slate-900">
        {empty ? <span className="text-slate-400">Not found</span> : value} {!empty && <CitationList citations={cites(citations)} />}
      </dd>
    </div>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">{children}</p>;
}

function Card({ title, children, aside }: { title?: string; children: React.ReactNode; aside?: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      {title && (
        <div className="mb-2 flex items-center justify-between gap-2">
          <h4 className="font-semibold text-slate-900">{title}</h4>
          {aside}
        </div>
      )}
      {children}
    </div>
  );
}

function DecisionTab({ r }: { r: DemoResult }) {
  const d = r.ai_decision;
  return (
    <div className="space-y-4" data-testid="ai-decision">
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone={decisionTone(d.final_decision)} className="px-2.5 py-1 text-sm" data-testid="demo-decision">
          {listDecisionLabel(d.final_decision)}
        </Badge>
        <span className="text-xs text-slate-500">
          {d.final_decision === "denied"
            ? "A denial is a recommendation until a clinical reviewer signs it off."
            : d.final_decision === "needs_more_information"
              ? "The prescriber is asked for what is missing."
              : "Every criterion of the indication's path is met."}
        </span>
      </div>
      <ConfidenceMeter score={d.confidence_score} />
      <div>
        <h4 className="text-sm font-semibold text-slate-900">Summary</h4>
        <p className="mt-1 text-sm text-slate-700">{plainText(d.ai_summary)}</p>
      </div>
      {d.missing_items && d.missing_items.length > 0 && (
        <div>
          <h4 className="text-sm font-semibold text-slate-900">To ask the prescriber for</h4>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {d.missing_items.map((m) => (
              <li key={m}>{plainText(m)}</li>
            ))}
          </ul>
        </div>
      )}
      <details className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
        <summary className="cursor-pointer font-semibold text-slate-900">Rationale</summary>
        <p className="mt-2 whitespace-pre-line text-slate-700">{plainText(d.rationale)}</p>
      </details>
      {d.citations.length > 0 && (
        <div>
          <h4 className="text-sm font-semibold text-slate-900">Citations</h4>
          <div className="mt-2">
            <CitationList citations={cites(d.citations, true)} withQuotes />
          </div>
        </div>
      )}
      {d.decision_tree_traversal.length > 0 && (
        <div>
          <h4 className="text-sm font-semibold text-slate-900">Decision trail</h4>
          <ol className="mt-2 space-y-1.5 text-sm">
            {d.decision_tree_traversal.map((s, i) => (
              <li key={i} className="flex gap-2">
                <span className="w-5 shrink-0 text-right text-slate-400 tabular-nums">{i + 1}.</span>
                <span className="text-slate-700">
                  {s.node_question_or_action} <span className="font-medium text-slate-900">→ {s.node_answer}</span>
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

function PatientTab({ r }: { r: DemoResult }) {
  const p = r.patient;
  const name = [p.first_name, p.last_name].filter(Boolean).join(" ");
  return (
    <Card>
      <dl>
        <Field label="Name" value={name} citations={p.citations} />
        <Field label="Date of birth" value={p.birth_date} />
        <Field label="Gender" value={p.gender} />
        <Field label="Member ID" value={p.member_id} />
        <Field label="Insurance plan" value={p.insurance_plan} />
        <Field label="Request date" value={r.request_date} />
        <Field label="Urgency" value={r.urgency} />
      </dl>
    </Card>
  );
}

function DiagnosesTab({ r }: { r: DemoResult }) {
  if (!r.diagnoses.length) return <Empty>No diagnosis was found on the fax.</Empty>;
  return (
    <div className="space-y-3">
      {r.diagnoses.map((d, i) => (
        <Card key={i} title={d.code ?? "No code"} aside={d.primary ? <Badge tone="indigo">Primary</Badge> : <Badge>Secondary</Badge>}>
          <p className="text-sm text-slate-700">{d.description ?? "No description"}</p>
          <div className="mt-2">
            <CitationList citations={cites(d.citations)} />
          </div>
        </Card>
      ))}
      {r.prior_therapies.length > 0 && (
        <Card title="Prior therapies read from the fax">
          <ul className="space-y-1.5 text-sm">
            {r.prior_therapies.map((t, i) => (
              <li key={i} className="text-slate-700">
                <span className="font-medium text-slate-900">{t.drug_name}</span> — {t.outcome.replace(/_/g, " ")}{" "}
                <CitationList citations={cites((t as { citations?: unknown }).citations)} />
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}

function MedicationTab({ r }: { r: DemoResult }) {
  if (!r.medication_requests.length) return <Empty>No medication request was found on the fax.</Empty>;
  return (
    <div className="space-y-3">
      {r.medication_requests.map((m, i) => (
        <Card key={i} title={m.drug_name ?? m.drug_name_as_written ?? "Medication"}>
          <dl>
            <Field label="As written" value={m.drug_name_as_written} citations={m.citations} />
            <Field label="Generic name" value={m.generic_name} />
            <Field label="Strength" value={m.strength} />
            <Field label="Directions" value={m.dosage} />
            <Field label="Quantity" value={m.quantity != null ? `${m.quantity} ${m.quantity_unit ?? ""}`.trim() : null} />
            <Field label="Days supply" value={m.days_supply} />
            <Field label="Duration" value={m.duration_months != null ? `${m.duration_months} months` : null} />
            <Field label="NDC" value={m.ndc} />
            <Field label="Drug class" value={m.drug_class} />
          </dl>
        </Card>
      ))}
    </div>
  );
}

function PractitionersTab({ r }: { r: DemoResult }) {
  if (!r.practitioners.length) return <Empty>No prescriber was found on the fax.</Empty>;
  return (
    <div className="space-y-3">
      {r.practitioners.map((p, i) => (
        <Card key={i} title={[p.full_name, p.credential].filter(Boolean).join(", ") || "Prescriber"} aside={<Badge tone="sky">Prescriber</Badge>}>
          <dl>
            <Field
              label="NPI"
              value={p.npi ? `${p.npi}${p.npi_valid === false ? " (check digit invalid)" : p.npi_valid ? " ✓" : ""}` : null}
              citations={p.citations}
            />
            <Field label="Specialty" value={p.specialty} />
            <Field label="Practice" value={p.organization_name} />
            <Field label="Phone" value={p.phone} />
            <Field label="Fax" value={p.fax} />
          </dl>
        </Card>
      ))}
    </div>
  );
}

function FormularyTab({ r }: { r: DemoResult }) {
  const f = r.pbm_policy_result;
  if (!f) return <Empty>The requested drug is not on the demo plan's formulary.</Empty>;
  return (
    <Card
      title={f.drug_name}
      aside={
        <Badge tone={f.requires_prior_auth ? "amber" : "green"}>{f.requires_prior_auth ? "Prior authorization required" : "No prior authorization"}</Badge>
      }
    >
      <dl>
        <Field label="NDC" value={f.ndc} />
        <Field label="Tier" value={f.tier} />
        <Field
          label="Quantity limit"
          value={f.quantity_limit ? `${f.quantity_limit.amount} ${f.quantity_limit.unit} per ${f.quantity_limit.period_days} days` : "None"}
        />
        {f.quantity_limit_note && <Field label="Note" value={f.quantity_limit_note} />}
      </dl>
      <h5 className="mt-3 text-sm font-semibold text-slate-900">Step therapy</h5>
      {f.step_therapy.length ? (
        <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-700">
          {f.step_therapy.map((s, i) => (
            <li key={i}>
              {s.drug_name} for at least {s.duration_days} days
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-1 text-sm text-slate-500">None</p>
      )}
    </Card>
  );
}

function EligibilityTab({ r }: { r: DemoResult }) {
  const e = r.eligibility;
  return (
    <Card title="Eligibility agent" aside={<PassMark passed={e.eligible} />}>
      <p className="text-sm text-slate-700">{plainText(e.reason)}</p>
      <dl className="mt-3">
        <Field label="Eligible" value={e.eligible === null ? "Cannot be determined" : e.eligible ? "Yes" : "No"} citations={e.citations} />
        <Field label="Matched member" value={e.member ? `${e.member.first_name} ${e.member.last_name} (${e.member.member_id})` : null} />
        <Field label="Matched by" value={e.match} />
        <Field label="Coverage" value={e.member ? `${e.member.coverage_start} – ${e.member.coverage_end ?? "ongoing"}` : null} />
        <Field label="Certainty" value={e.certainty} />
      </dl>
    </Card>
  );
}

const OUTCOME: Record<string, boolean | null> = { met: true, not_met: false, insufficient: null };

function ClinicalTab({ r }: { r: DemoResult }) {
  const c = r.clinical_review;
  if (!c) return <Empty>No coverage policy of the demo plan applies to the requested drug, so there was nothing to review: the case needs a human.</Empty>;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        Coverage policy: <span className="font-medium text-slate-900">{c.coverage_policy?.title ?? c.policy_id}</span>
        {c.indication && <> · indication {c.indication.status.replace(/_/g, " ")}</>}
      </p>
      {c.paths.length === 0 && <Empty>No path of the policy's decision tree applies to this request.</Empty>}
      {c.paths.map((p, i) => (
        <Card key={i} title={p.title} aside={<PassMark passed={OUTCOME[p.outcome]} />}>
          <ol className="space-y-2">
            {p.criteria.map((cr) => (
              <li key={cr.node_id} className="flex items-start gap-2 text-sm">
                <PassMark passed={OUTCOME[cr.outcome]} />
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{plainCriterion(cr.question)}</p>
                  <p className="text-slate-600">{plainText(cr.reason)}</p>
                  <div className="mt-1">
                    <CitationList citations={cites(cr.citations)} />
                  </div>
                </div>
              </li>
            ))}
          </ol>
        </Card>
      ))}
      {c.exclusions && c.exclusions.length > 0 && (
        <Card title="Exclusions">
          <ul className="space-y-1.5 text-sm">
            {c.exclusions.map((x) => (
              <li key={x.node_id} className="flex gap-2">
                <PassMark passed={x.outcome === "met" ? false : x.outcome === "not_met" ? true : null} />
                <span className="text-slate-700">{x.question}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}

function AuditTab({ r }: { r: DemoResult }) {
  if (!r.audit.length) return <Empty>The audit agent ran no checks on this case (nothing was reviewed).</Empty>;
  return (
    <Card title="Audit checks">
      <ul className="space-y-2">
        {r.audit.map((a, i) => (
          <li key={i} className="flex items-start gap-2 text-sm">
            <PassMark passed={a.passed} />
            <div className="min-w-0">
              <p className="text-slate-900">
                <span className="font-medium">{plainLabel(a.check)}</span>{" "}
                {a.severity !== "info" && <Badge tone={a.severity === "blocking" ? "red" : "amber"}>{a.severity}</Badge>}
              </p>
              <p className="text-slate-600">{plainText(a.message)}</p>
              <CitationList citations={cites(a.citations)} />
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Steps({ r }: { r: DemoResult }) {
  const byStep = new Map<number, number>();
  for (const s of r.steps) byStep.set(s.step, (byStep.get(s.step) ?? 0) + s.duration_ms);
  return (
    <ol className="grid grid-cols-2 gap-2 sm:grid-cols-5" data-testid="demo-steps">
      {STEP_NAMES.map((name, i) => (
        <li key={name} className="rounded-md border border-emerald-200 bg-emerald-50 px-2.5 py-2">
          <p className="text-[11px] font-semibold tracking-wide text-emerald-700 uppercase">Step {i + 1} ✓</p>
          <p className="text-xs font-medium text-slate-800">{name}</p>
          <p className="text-[11px] text-slate-500 tabular-nums">{byStep.has(i + 1) ? duration(byStep.get(i + 1)!) : "—"}</p>
        </li>
      ))}
    </ol>
  );
}

/** The whole result panel; opens on the tab of the agent the demo kind is about. */
export function DemoResultView({ result: r }: { result: DemoResult }) {
  const [tab, setTab] = useState<TabName>(FIRST_TAB[r.kind]);
  return (
    <div className="space-y-4" data-testid="demo-result">
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
        <span>
          {r.source.title} · {r.source.page_count} page{r.source.page_count === 1 ? "" : "s"}
          {r.source.ocr_pages > 0 && ` (${r.source.ocr_pages} read by OCR)`}
        </span>
        <span>
          {r.engine.model ? `Model ${r.engine.model}` : "Built-in clinical engine"} · {(r.duration_ms / 1000).toFixed(1)} s
        </span>
      </div>
      <Steps r={r} />
      {r.no_data && (
        <div role="alert" className="rounded-md border border-rose-200 bg-rose-50 p-3 text-sm text-rose-800" data-testid="no-data">
          <p className="font-semibold">{r.no_data_message}</p>
          <ul className="mt-1 list-disc pl-5">
            {r.no_data_errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="border-b border-slate-200">
        <div role="tablist" aria-label="Demo result" className="flex flex-wrap gap-x-1">
          {TABS.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={tab === t}
              onClick={() => setTab(t)}
              className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${tab === t ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-500 hover:text-slate-800"}`}
            >
              {t}
            </button>
          ))}
        </div>
      </div>
      <div role="tabpanel" aria-label={tab}>
        {tab === "AI Decision" && <DecisionTab r={r} />}
        {tab === "Patient" && <PatientTab r={r} />}
        {tab === "Diagnoses" && <DiagnosesTab r={r} />}
        {tab === "Medication Requests" && <MedicationTab r={r} />}
        {tab === "Practitioners" && <PractitionersTab r={r} />}
        {tab === "Formulary requirements" && <FormularyTab r={r} />}
        {tab === "Eligibility" && <EligibilityTab r={r} />}
        {tab === "Clinical review" && <ClinicalTab r={r} />}
        {tab === "Audit" && <AuditTab r={r} />}
        {tab === "JSON" && (
          <div>
            <p className="mb-2 text-xs text-slate-500">The complete result as the API returns it. All data is synthetic.</p>
            <JsonView value={r} className="max-h-[32rem]" />
          </div>
        )}
      </div>
    </div>
  );
}
