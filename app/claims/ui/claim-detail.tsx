/**
 * The claim detail (intake finished): left tabs Patient, Diagnoses, Services requested,
 * Practitioners, Policy; right tabs AI Decision (one card per service line: decision, confidence,
 * summary, criteria trail with citations, override with a required reason, clinician sign-off and
 * denial letter for a denied line) and Document. Tabs live in the query string (?tab=, ?side=) so
 * the page works without JavaScript; citations open the cited fax page with the quote highlighted.
 */
import { UnreadPagesNotice } from "~/components/unread-pages-notice";
import { plainCriterion, plainLabel, plainText } from "~/lib/plain-language";
import { useState, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CitationList, CitationProvider } from "~/prior-auths/ui/citations";
import { PdfViewer, type PdfHighlight } from "~/prior-auths/ui/pdf-viewer";
import { EpaDocument } from "~/prior-auths/ui/epa-document";
import { Badge, DecisionBadge, SubmissionBadge, WithdrawnBadge } from "~/prior-auths/ui/badges";
import { card, dangerButton, inputClass, secondaryButton } from "~/ui/styles";
import { withParams } from "~/ui/modal";
import type { CitationJson } from "~/prior-auths/ui/types";
import { LiveDot, useLiveConnected } from "~/prior-auths/ui/live-channel";
import { ProvenanceSection } from "~/prior-auths/ui/decision-panel";
import type { DecisionProvenanceJson } from "~/fhir/decision-provenance.server";

export const CLAIM_LEFT_TABS = [
  { id: "patient", label: "Patient" },
  { id: "diagnoses", label: "Diagnoses" },
  { id: "services", label: "Services requested" },
  { id: "practitioners", label: "Practitioners" },
  { id: "policy", label: "Policy" },
] as const;
export type ClaimLeftTab = (typeof CLAIM_LEFT_TABS)[number]["id"];

interface Criterion {
  question: string;
  outcome: string;
  reason: string;
  citations?: CitationJson[];
  missing?: string | null;
}
interface LineDecision {
  token: string;
  agent: string;
  final_decision: string | null;
  approved: boolean | null;
  reason: string;
  ai_summary: string | null;
  metadata: Record<string, unknown>;
  citations: CitationJson[];
  signed_off: boolean;
  created_at: string;
}
export interface ClaimLine {
  token: string;
  line_number: number;
  code: string | null;
  code_system: string;
  description: string | null;
  category: string | null;
  units: number | null;
  date_of_service: string | null;
  date_of_service_end: string | null;
  place_of_service: string | null;
  site_of_care: string | null;
  modifiers: string[];
  ordering_provider: string | null;
  rendering_provider: string | null;
  citations: CitationJson[];
  decision: string | null;
  /** an appeal overturned this line's denial */
  approved_after_appeal?: boolean;
  decisions: LineDecision[];
  letters: { token: string; denial_reason: string; criterion: string | null; created_at: string }[];
  /** the provenance of each decision on this line (app/fhir/decision-provenance.server.ts) */
  provenance?: DecisionProvenanceJson[];
}
export interface ClaimDetailJson {
  claim: {
    token: string;
    created_at: string;
    submission_type: string;
    /** a prior-authorization (pre-service) request: its lines are asked for, not billed */
    pre_service?: boolean;
    request_date: string | null;
    plan: { id: string; title: string } | null;
    withdrawn?: { at: string; reason: string | null } | null;
  };
  fax: { pdf_url: string } | null;
  /** pages of the claim's document the reader could not read */
  unread_pages?: { page: number; error: string }[];
  epa_submission: { synthetic_document: string } | null;
  patient: {
    first_name: string | null;
    last_name: string | null;
    birth_date: string | null;
    gender: string | null;
    member_id: string | null;
    insurance_plan: string | null;
    citations: CitationJson[];
  } | null;
  claim_diagnoses: { token: string; code: string | null; description: string | null; primary: boolean; citations: CitationJson[] }[];
  practitioners: {
    token: string;
    role: string;
    full_name: string | null;
    npi: string | null;
    npi_valid: boolean | null;
    specialty: string | null;
    citations: CitationJson[];
  }[];
  service_requests: ClaimLine[];
  coverage_policies: { token: string; name: string; codes: string[]; plan_id: string }[];
}

const CATEGORY: Record<string, string> = {
  advanced_imaging: "Advanced imaging",
  dme: "DME",
  outpatient_surgery: "Outpatient surgery",
  infusion: "Infusion / injectable",
  physical_therapy: "Physical therapy",
  other: "Other",
};

function Field({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">
        {value === null || value === undefined || value === "" ? <span className="text-slate-400">Not found</span> : value}
      </dd>
    </div>
  );
}

function Tabs({ tabs, current, param, search }: { tabs: readonly { id: string; label: string }[]; current: string; param: string; search: string }) {
  return (
    <nav className="flex flex-wrap gap-x-1 border-b border-slate-200" aria-label={param === "tab" ? "Case sections" : "Decision and document"}>
      {tabs.map((t) => (
        <Link
          key={t.id}
          to={withParams(search, { [param]: t.id })}
          preventScrollReset
          replace
          aria-current={current === t.id ? "page" : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${current === t.id ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-500 hover:text-slate-800"}`}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

function lineTitle(l: ClaimLine) {
  return `${l.code ?? "Code not read"}${l.modifiers.length ? `-${l.modifiers.join("-")}` : ""} · ${l.description ?? "Service"}`;
}

function ServicesTable({ lines }: { lines: ClaimLine[] }) {
  if (!lines.length) return <p className="text-sm text-slate-500">No service line with a HCPCS/CPT code was read from the request.</p>;
  return (
    <div className="relative overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="services-table">
        <thead>
          <tr className="text-left text-xs font-medium text-slate-500">
            <th className="py-2 pr-3">Line · code</th>
            <th className="py-2 pr-3">Service</th>
            <th className="py-2 pr-3">Units · date(s) · place</th>
            <th className="py-2">Providers · source</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {lines.map((l) => (
            <tr key={l.token} data-testid="service-row" data-code={l.code ?? ""} className="align-top">
              <td className="py-2 pr-3 whitespace-nowrap">
                <span className="text-slate-500">{l.line_number}</span>{" "}
                <span className="font-mono">
                  {l.code}
                  {l.modifiers.length ? <span className="text-slate-500">-{l.modifiers.join("-")}</span> : null}
                </span>
              </td>
              <td className="py-2 pr-3">
                {l.description ?? <span className="text-slate-400">—</span>}
                <div className="text-xs text-slate-500">{CATEGORY[l.category ?? "other"]}</div>
              </td>
              <td className="py-2 pr-3">
                <div>{l.units ?? "—"} unit(s)</div>
                <div className="text-xs text-slate-500">
                  {l.date_of_service ?? "date not read"}
                  {l.date_of_service_end ? ` – ${l.date_of_service_end}` : ""}
                </div>
                <div className="text-xs text-slate-500">
                  POS {l.place_of_service ?? "—"}
                  {l.site_of_care ? ` · ${l.site_of_care}` : ""}
                </div>
              </td>
              <td className="py-2 text-xs">
                {l.ordering_provider ? <div>Ordering: {l.ordering_provider}</div> : null}
                {l.rendering_provider ? <div>Rendering: {l.rendering_provider}</div> : null}
                <CitationList citations={l.citations.slice(0, 1)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LeftPanel({ detail, tab }: { detail: ClaimDetailJson; tab: ClaimLeftTab }) {
  const p = detail.patient;
  if (tab === "patient")
    return p ? (
      <dl className="grid grid-cols-2 gap-4" data-testid="patient-panel">
        <Field label="First name" value={p.first_name} />
        <Field label="Last name" value={p.last_name} />
        <Field label="Date of birth" value={p.birth_date} />
        <Field label="Gender" value={p.gender} />
        <Field label="Member ID" value={p.member_id} />
        <Field label="Insurance plan" value={p.insurance_plan ?? detail.claim.plan?.title} />
        <div className="col-span-2">
          <CitationList citations={p.citations} />
        </div>
      </dl>
    ) : (
      <p className="text-sm text-slate-500">No patient was read from the request.</p>
    );
  if (tab === "diagnoses")
    return detail.claim_diagnoses.length ? (
      <ul className="divide-y divide-slate-100" data-testid="diagnoses-panel">
        {detail.claim_diagnoses.map((d) => (
          <li key={d.token} className="flex items-start justify-between gap-3 py-2">
            <div>
              <span className="font-mono text-sm">{d.code ?? "—"}</span> <span className="text-sm">{d.description}</span>{" "}
              {d.primary && <Badge tone="indigo">Primary</Badge>}
            </div>
            <CitationList citations={d.citations} />
          </li>
        ))}
      </ul>
    ) : (
      <p className="text-sm text-slate-500">No ICD-10-CM diagnosis was read from the request.</p>
    );
  if (tab === "services") return <ServicesTable lines={detail.service_requests} />;
  if (tab === "practitioners")
    return detail.practitioners.length ? (
      <ul className="space-y-3" data-testid="practitioners-panel">
        {detail.practitioners.map((pr) => (
          <li key={pr.token} className="rounded-md border border-slate-100 p-3">
            <p className="text-sm font-medium">
              {pr.full_name ?? "Name not read"} <Badge tone="slate">{pr.role}</Badge>
            </p>
            <p className="text-xs text-slate-600">
              NPI {pr.npi ?? "—"}
              {pr.npi_valid === false ? " (check digit fails)" : ""} · {pr.specialty ?? "specialty not stated"}
            </p>
            <CitationList citations={pr.citations} />
          </li>
        ))}
      </ul>
    ) : (
      <p className="text-sm text-slate-500">No practitioner was read from the request.</p>
    );
  return detail.coverage_policies.length ? (
    <ul className="space-y-2" data-testid="policy-panel">
      {detail.coverage_policies.map((cp) => (
        <li key={cp.token} className="text-sm">
          <Link className="font-medium text-indigo-700 hover:underline" to={`../plans/${cp.plan_id}/coverage_policies/${cp.token}`} relative="path">
            {cp.name}
          </Link>
          <span className="ml-2 text-xs text-slate-500">codes {cp.codes.join(", ")}</span>
        </li>
      ))}
    </ul>
  ) : (
    <p className="text-sm text-slate-500">No medical policy of the plan governs the codes on this claim.</p>
  );
}

function LineCard({ line, error }: { line: ClaimLine; error?: { line: string; intent: string; message: string } | null }) {
  const navigation = useNavigation();
  const human = line.decisions.find((d) => d.agent === "human");
  const ai = line.decisions.find((d) => d.agent !== "human");
  const current = human ?? ai;
  const criteria = (ai?.metadata?.criteria as Criterion[] | undefined) ?? [];
  const missing = (ai?.metadata?.missing_items as string[] | undefined) ?? [];
  const confidence = typeof ai?.metadata?.confidence_score === "number" ? Math.round((ai.metadata.confidence_score as number) * 100) : null;
  const busy = navigation.state !== "idle" && navigation.formData?.get("line") === line.token;
  const lineError = error && error.line === line.token ? error : null;
  return (
    <article className={`${card} space-y-3 p-4`} data-testid="line-decision" data-code={line.code ?? ""} data-decision={line.decision ?? ""}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">
            Line {line.line_number}: {lineTitle(line)}
          </h3>
          <p className="text-xs text-slate-500">
            {line.units ?? "?"} unit(s) · {line.date_of_service ?? "date not read"}
            {line.place_of_service ? ` · POS ${line.place_of_service}` : ""}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {human && <Badge tone="indigo">Reviewer</Badge>}
          {line.approved_after_appeal ? (
            // the original denial stays on record; what holds now is the appeal's overturn
            <>
              <span className="text-xs text-slate-500" data-testid="line-initial-decision">
                Initially {(current?.final_decision ?? "denied").replace(/_/g, " ")}
              </span>
              <Badge tone="green" data-testid="line-approved-after-appeal">
                Approved after appeal
              </Badge>
            </>
          ) : (
            <DecisionBadge value={current?.final_decision ?? null} />
          )}
        </div>
      </header>
      {ai && (
        <div className="space-y-2">
          {confidence !== null && (
            <div className="flex items-center gap-2 text-xs text-slate-600">
              Confidence{" "}
              <span className="h-1.5 w-24 overflow-hidden rounded bg-slate-100">
                <span className="block h-full bg-indigo-500" style={{ width: `${confidence}%` }} />
              </span>{" "}
              {confidence}%
            </div>
          )}
          <p className="text-sm text-slate-800">{plainText(ai.ai_summary)}</p>
          {criteria.length > 0 && (
            <ol className="space-y-1.5" aria-label="Decision trail">
              {criteria.map((c, i) => (
                <li key={i} className="flex gap-2 text-xs">
                  <span
                    className={`mt-0.5 font-bold ${c.outcome === "met" ? "text-emerald-600" : c.outcome === "not_met" ? "text-red-600" : "text-amber-600"}`}
                    aria-label={c.outcome}
                  >
                    {c.outcome === "met" ? "✓" : c.outcome === "not_met" ? "✗" : "?"}
                  </span>
                  <div className="min-w-0">
                    <p className="font-medium text-slate-800">{plainCriterion(c.question)}</p>
                    <p className="text-slate-600">{plainText(c.reason)}</p>
                    <CitationList citations={c.citations} />
                  </div>
                </li>
              ))}
            </ol>
          )}
          {missing.length > 0 && line.decision === "needs_more_information" && (
            <div className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900">
              <p className="font-medium">To request from the provider</p>
              <ul className="list-disc pl-4">
                {missing.map((m, i) => (
                  <li key={i}>{m}</li>
                ))}
              </ul>
            </div>
          )}
          <div className="flex flex-wrap items-center gap-1 text-xs text-slate-500">
            Cited: <CitationList citations={ai.citations.length ? ai.citations : line.citations.slice(0, 1)} />
          </div>
        </div>
      )}
      {line.provenance && line.provenance.length > 0 && <ProvenanceSection provenance={line.provenance} />}
      {human && (
        <p className="rounded-md bg-indigo-50 px-3 py-2 text-xs text-indigo-900" role="status" data-testid="line-human-decision">
          Saved · Reviewer decision: {plainLabel(human.final_decision)} — {plainText(human.reason)}
        </p>
      )}
      {line.letters.map((l) => (
        <p key={l.token} className="rounded-md bg-slate-50 px-3 py-2 text-xs text-slate-700" data-testid="line-letter">
          Denial letter sent (signed off) — criterion: {plainCriterion(l.criterion)}
        </p>
      ))}
      {lineError && (
        <p role="alert" className="text-sm text-red-600">
          {lineError.message}
        </p>
      )}
      {/* keyed on the saved decision: once one is saved the form starts over, closed and empty */}
      <details
        key={human?.token ?? "none"}
        className="rounded-md border border-slate-100 px-3 py-2"
        open={lineError?.intent === "override"}
        data-testid="line-override"
      >
        <summary className="cursor-pointer text-xs font-medium text-slate-700">{human ? "Change decision" : "Override decision"}</summary>
        <Form method="post" className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="override" />
          <input type="hidden" name="line" value={line.token} />
          <fieldset className="flex gap-4 text-sm">
            <legend className="sr-only">Decision</legend>
            <label className="flex items-center gap-1">
              <input type="radio" name="decision_type" value="approve" defaultChecked /> Approve
            </label>
            <label className="flex items-center gap-1">
              <input type="radio" name="decision_type" value="deny" /> Deny
            </label>
          </fieldset>
          <label className="block text-xs font-medium text-slate-700" htmlFor={`reason-${line.token}`}>
            Reason (required)
          </label>
          <textarea id={`reason-${line.token}`} name="reason" required rows={2} className={inputClass} />
          <button type="submit" className={secondaryButton} disabled={busy}>
            Save decision
          </button>
        </Form>
      </details>
      {current?.final_decision === "denied" && line.letters.length === 0 && (
        <Form method="post" className="space-y-2 rounded-md border border-red-100 bg-red-50/40 px-3 py-2">
          <input type="hidden" name="intent" value="denial_letter" />
          <input type="hidden" name="line" value={line.token} />
          <label className="flex items-start gap-2 text-xs text-slate-800">
            <input type="checkbox" name="clinician_sign_off" value="true" required className="mt-0.5" /> I am a clinical reviewer and I sign off this denial of{" "}
            {line.code}.
          </label>
          <button type="submit" className={dangerButton} disabled={busy}>
            Send denial letter
          </button>
        </Form>
      )}
    </article>
  );
}

export function ClaimDetailView({
  detail,
  tab,
  side,
  search,
  lineError,
  headerBadges,
  caseBar,
  footer,
}: {
  detail: ClaimDetailJson;
  tab: ClaimLeftTab;
  side: "decision" | "document";
  search: string;
  lineError?: { line: string; intent: string; message: string } | null;
  /** badges after the title (time-frame extension, appeal outcome) */
  headerBadges?: ReactNode;
  /** the case bar under the title (urgency, due time, assignee) */
  caseBar?: ReactNode;
  /** below the two panes (the time frame and appeals card) */
  footer?: ReactNode;
}) {
  const connected = useLiveConnected();
  const [highlight, setHighlight] = useState<PdfHighlight | null>(null);
  const [sideState, setSideState] = useState<"decision" | "document" | null>(null);
  const currentSide = sideState ?? side;
  const name = detail.patient ? [detail.patient.first_name, detail.patient.last_name].filter(Boolean).join(" ") : null;
  const open = (c: CitationJson) => {
    if (c.document === "policy") return;
    setHighlight({ page: c.page, text: c.text, nonce: Date.now() });
    setSideState("document");
  };
  const sideTabs = [
    { id: "decision", label: "AI Decision" },
    { id: "document", label: "Document" },
  ] as const;
  return (
    <CitationProvider value={open}>
      <div className="mx-auto max-w-7xl space-y-4 p-4 sm:p-6" data-testid="claim-detail">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
            <Link to="../claims" relative="path" className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900">
              <span aria-hidden="true">←</span> Medical Claims
            </Link>
            <h1 className="text-lg font-semibold text-slate-900">{name || "Claim"}</h1>
            <SubmissionBadge type={detail.claim.submission_type} />
            {detail.claim.pre_service ? (
              <Badge
                tone="slate"
                data-testid="pre-service"
                title="A prior-authorization request: its lines are asked for, not services billed, and never count as earlier services"
              >
                Pre-service request
              </Badge>
            ) : null}
            <WithdrawnBadge withdrawn={detail.claim.withdrawn} />
            <span className="text-xs text-slate-500">
              {detail.service_requests.length} service line{detail.service_requests.length === 1 ? "" : "s"}
            </span>
            {headerBadges}
          </div>
          <LiveDot connected={connected} />
        </div>
        {caseBar}
        <UnreadPagesNotice pages={detail.unread_pages ?? []} document="claim form" />
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <section className={`${card} min-w-0 p-4`}>
            <Tabs tabs={CLAIM_LEFT_TABS} current={tab} param="tab" search={search} />
            <div className="pt-4">
              <LeftPanel detail={detail} tab={tab} />
            </div>
          </section>
          <section className={`${card} min-w-0 p-4`}>
            <nav className="flex gap-1 border-b border-slate-200" aria-label="Decision and document">
              {sideTabs.map((t) => (
                <Link
                  key={t.id}
                  to={withParams(search, { side: t.id })}
                  onClick={() => setSideState(t.id)}
                  preventScrollReset
                  replace
                  aria-current={currentSide === t.id ? "page" : undefined}
                  className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${currentSide === t.id ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-500 hover:text-slate-800"}`}
                >
                  {t.label}
                </Link>
              ))}
            </nav>
            <div className="pt-4">
              {currentSide === "decision" ? (
                <div className="space-y-3" data-testid="line-decisions">
                  {detail.service_requests.length ? (
                    detail.service_requests.map((l) => <LineCard key={l.token} line={l} error={lineError} />)
                  ) : (
                    <p className="text-sm text-slate-500">
                      No service line to decide: the request needs its services (HCPCS/CPT code, units, date of service).
                    </p>
                  )}
                </div>
              ) : detail.fax ? (
                <PdfViewer file={detail.fax.pdf_url} label="fax" highlight={highlight} className="h-[72vh]" />
              ) : detail.epa_submission ? (
                <EpaDocument text={detail.epa_submission.synthetic_document} highlight={highlight} className="max-h-[72vh]" />
              ) : (
                <p className="text-sm text-slate-500">No document.</p>
              )}
            </div>
          </section>
        </div>
        {footer}
      </div>
    </CitationProvider>
  );
}
