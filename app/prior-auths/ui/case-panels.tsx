/**
 * Left-hand tabs of the case detail: Intake (patient, diagnoses, medication requests, practitioners
 * with NPI data), Formulary (the PBM policy result) and Policy Criteria Check. In the developer code
 * view every panel shows its raw JSON and a re-run icon that opens the prompt modal.
 */
import { plainCriterion, plainLabel, plainText } from "~/lib/plain-language";
import { Link, useLocation } from "react-router";
import type { PriorAuthDetail } from "~/prior-auths/schemas";
import { JsonView } from "~/components/code-view";
import { Badge, PassMark } from "./badges";
import { CitationList } from "./citations";
import { formatDay } from "./decision";
import { withParams } from "~/ui/modal";
import { FieldCheck } from "./correct-fields";

type Detail = PriorAuthDetail;

function RerunLink({ promptType, label }: { promptType: string; label: string }) {
  const { search } = useLocation();
  return (
    <Link
      to={withParams(search, { modal: "prompt", prompt_type: promptType })}
      preventScrollReset
      className="inline-flex items-center gap-1 rounded-md border border-slate-200 px-2 py-1 text-xs font-medium text-slate-600 hover:border-indigo-300 hover:text-indigo-700"
      aria-label={`Re-run the ${label} prompt`}
      title={`Re-run the ${label} prompt`}
      data-testid="rerun-prompt"
      data-prompt-type={promptType}
    >
      <svg viewBox="0 0 20 20" fill="currentColor" className="h-3.5 w-3.5" aria-hidden="true">
        <path d="M15.3 4.7A7 7 0 1 0 17 10h-2a5 5 0 1 1-1.1-3.1L11.5 9H17V3.5l-1.7 1.2Z" />
      </svg>
      Re-run
    </Link>
  );
}

export function Section({
  title,
  children,
  codeView,
  json,
  promptType,
  count,
}: {
  title: string;
  children: React.ReactNode;
  codeView?: boolean;
  json?: unknown;
  promptType?: string;
  count?: number;
}) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white shadow-xs" aria-label={title}>
      <header className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-2.5">
        <h3 className="text-sm font-semibold text-slate-900">
          {title}
          {count !== undefined && <span className="ml-1.5 font-normal text-slate-400">({count})</span>}
        </h3>
        {codeView && promptType && <RerunLink promptType={promptType} label={title} />}
      </header>
      <div className="px-4 py-3">{codeView ? <JsonView value={json ?? null} className="max-h-96" /> : children}</div>
    </section>
  );
}

function Field({ label, value, mono = false, check }: { label: string; value: React.ReactNode; mono?: boolean; check?: React.ReactNode }) {
  const empty = value === null || value === undefined || value === "";
  return (
    <div className="min-w-0">
      <dt className="text-[11px] font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className={`mt-0.5 text-sm break-words ${empty ? "text-slate-400" : "text-slate-900"} ${mono ? "font-mono text-[13px]" : ""}`}>
        {empty ? (check ? "Not read" : "—") : value}
      </dd>
      {check}
    </div>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="text-sm text-slate-500">{children}</p>;
}

// ───────────── Intake tab ─────────────

export function IntakeTab({ detail, codeView }: { detail: Detail; codeView: boolean }) {
  const { patient, diagnoses, diagnoses_summary, medication_requests, practitioners } = detail;
  return (
    <div className="space-y-4" data-testid="intake-tab">
      <Section title="Patient" codeView={codeView} json={patient} promptType="extraction">
        {patient ? (
          <>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
              <Field
                label="Name"
                value={[patient.first_name, patient.last_name].filter(Boolean).join(" ")}
                check={<FieldCheck detail={detail} fields={["patient.first_name", "patient.last_name"]} param="patient.name" />}
              />
              <Field label="Date of birth" value={formatDay(patient.birth_date)} check={<FieldCheck detail={detail} fields={["patient.birth_date"]} />} />
              <Field label="Gender" value={patient.gender ? patient.gender[0]!.toUpperCase() + patient.gender.slice(1) : null} />
              <Field label="Member ID" value={patient.member_id} mono check={<FieldCheck detail={detail} fields={["patient.member_id"]} />} />
              <Field label="Insurance plan" value={patient.insurance_plan} check={<FieldCheck detail={detail} fields={["patient.insurance_plan"]} />} />
              <Field label="Plan ID" value={patient.plan_identification} mono />
            </dl>
            {patient.citations.length > 0 && (
              <div className="mt-3 flex items-center gap-2 text-xs text-slate-500">
                Source <CitationList citations={patient.citations} />
              </div>
            )}
          </>
        ) : (
          <Empty>No patient was extracted from this request.</Empty>
        )}
      </Section>

      <Section title="Diagnoses" codeView={codeView} json={{ diagnoses, diagnoses_summary }} promptType="extraction" count={diagnoses.length}>
        {diagnoses.length ? (
          <div className="space-y-3">
            {diagnoses_summary.ai_summary && (
              <div className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
                <p className="text-[11px] font-semibold tracking-wide text-slate-500 uppercase">Summary</p>
                <p className="mt-0.5">{plainText(diagnoses_summary.ai_summary)}</p>
                <p className="mt-1 text-xs text-slate-500">
                  Primary <span className="font-mono text-slate-700">{diagnoses_summary.primary_diagnosis_code ?? "—"}</span>
                  {diagnoses_summary.primary_diagnosis_description ? ` · ${diagnoses_summary.primary_diagnosis_description}` : ""}
                  {diagnoses_summary.secondary_diagnoses.length > 0 && <> · Secondary {diagnoses_summary.secondary_diagnoses.join(", ")}</>}
                </p>
              </div>
            )}
            <ul className="divide-y divide-slate-100">
              {diagnoses.map((d) => (
                <li key={d.token} className="flex flex-wrap items-start justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <p className="text-sm text-slate-900">
                      <span className="mr-2 font-mono text-[13px] font-semibold">{d.code ?? "—"}</span>
                      {d.description}
                      {d.primary && (
                        <Badge tone="indigo" className="ml-2">
                          Primary
                        </Badge>
                      )}
                    </p>
                    {d.clinical_indication_summary && d.clinical_indication_summary !== d.description && (
                      <p className="mt-0.5 text-xs text-slate-500">{d.clinical_indication_summary}</p>
                    )}
                    <p className="text-[11px] text-slate-400">{d.code_system}</p>
                  </div>
                  <CitationList citations={d.citations} />
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <Empty>No diagnoses were found in the request.</Empty>
        )}
      </Section>

      <Section title="Medication requests" codeView={codeView} json={medication_requests} promptType="extraction" count={medication_requests.length}>
        {medication_requests.length ? (
          <ul className="divide-y divide-slate-100">
            {medication_requests.map((m) => (
              <li key={m.token} className="@container py-2 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900" data-testid="requested-drug">
                      <span>
                        {m.drug_name ?? m.drug_name_as_written ?? "Drug not read"}{" "}
                        {m.strength && !(m.drug_name ?? "").includes(m.strength) && <span className="font-normal text-slate-600">{m.strength}</span>}
                      </span>
                      {m.on_formulary === false && (
                        <Badge tone="amber" data-testid="not-on-formulary">
                          Not on formulary
                        </Badge>
                      )}
                    </p>
                    {m.drug_name_as_written && m.drug_name_as_written !== m.drug_name && (
                      <p className="mt-0.5 text-xs text-slate-500">As written on the request: {m.drug_name_as_written}</p>
                    )}
                  </div>
                  <CitationList citations={m.citations} />
                </div>
                <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-2 @2xl:grid-cols-4">
                  <Field label="Dosage" value={m.dosage} check={<FieldCheck detail={detail} fields={["medication.dosage"]} />} />
                  <Field label="Quantity" value={m.quantity != null ? `${m.quantity} ${m.quantity_unit ?? ""}`.trim() : null} />
                  <Field label="Days supply" value={m.days_supply} />
                  <Field label="Duration" value={m.duration_months != null ? `${m.duration_months} months` : null} />
                  <Field label="NDC" value={m.ndc} mono />
                  <Field label="RxCUI" value={m.rxcui} mono />
                  <Field label="Drug class" value={m.drug_class} />
                </dl>
              </li>
            ))}
          </ul>
        ) : (
          <Empty>No medication request was found.</Empty>
        )}
      </Section>

      <Section title="Practitioners" codeView={codeView} json={practitioners} promptType="extraction" count={practitioners.length}>
        {practitioners.length ? (
          <ul className="divide-y divide-slate-100">
            {practitioners.map((p) => {
              const npi = (p.npi_data ?? {}) as {
                basic?: Record<string, string | null>;
                taxonomies?: { desc?: string; state?: string; license?: string; primary?: boolean }[];
                addresses?: Record<string, string | null>[];
                source?: string;
              };
              return (
                <li key={p.token} className="@container py-2 first:pt-0 last:pb-0">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="text-sm font-semibold text-slate-900">
                        {p.full_name ?? "Unknown practitioner"}
                        <span className="ml-2 text-xs font-normal text-slate-500 capitalize">{p.role}</span>
                      </p>
                      {p === practitioners[0] && <FieldCheck detail={detail} fields={["practitioner.full_name"]} />}
                    </div>
                    <CitationList citations={p.citations} />
                  </div>
                  <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-2 @2xl:grid-cols-4">
                    <Field
                      label="NPI"
                      value={
                        p.npi ? (
                          <span className="inline-flex items-center gap-1.5">
                            <span className="font-mono text-[13px]">{p.npi}</span>
                            {p.npi_valid === false ? <Badge tone="red">Invalid</Badge> : p.npi_valid ? <Badge tone="green">Valid</Badge> : null}
                          </span>
                        ) : null
                      }
                    />
                    <Field label="Specialty" value={p.specialty} />
                    <Field label="State license" value={p.state_license} mono />
                    <Field
                      label="Organization"
                      value={p.organization_name}
                      check={p === practitioners[0] ? <FieldCheck detail={detail} fields={["practitioner.organization_name"]} /> : undefined}
                    />
                    <Field label="Phone" value={p.phone_number} />
                    <Field label="Fax" value={p.fax_phone_number} />
                    {npi.basic?.credential && <Field label="Credential" value={npi.basic.credential} />}
                    {npi.basic?.status && <Field label="NPI status" value={npi.basic.status === "A" ? "Active" : npi.basic.status} />}
                  </dl>
                  {npi.taxonomies && npi.taxonomies.length > 0 && (
                    <p className="mt-2 text-xs text-slate-500">
                      Taxonomy:{" "}
                      {npi.taxonomies.map((t) => [t.desc, t.state, t.license].filter(Boolean).join(" · ") + (t.primary ? " (primary)" : "")).join("; ")}
                    </p>
                  )}
                  {npi.source && <p className="mt-1 text-[11px] text-slate-400">NPI data: {npi.source}</p>}
                </li>
              );
            })}
          </ul>
        ) : (
          <Empty>No practitioner was found.</Empty>
        )}
      </Section>
    </div>
  );
}

// ───────────── Formulary tab ─────────────

export function FormularyTab({ detail, codeView }: { detail: Detail; codeView: boolean }) {
  const pbm = detail.pbm_policy_result;
  const med = detail.medication_requests[0];
  const tier = pbm?.metadata?.tier;
  const note = typeof pbm?.metadata?.quantity_limit_note === "string" ? pbm.metadata.quantity_limit_note : null;
  const ql = pbm?.quantity_limit;
  return (
    <div data-testid="formulary-tab">
      <Section title="PBM policy result" codeView={codeView} json={pbm} promptType="eligibility">
        {pbm ? (
          <div className="space-y-4">
            <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
              <Field label="NDC" value={pbm.ndc} mono />
              <Field label="Dosage" value={ql?.amount != null ? `${ql.amount} ${ql.unit ?? ""}`.trim() : (med?.dosage ?? null)} />
              <Field
                label="Prior authorization required"
                value={pbm.requires_prior_auth == null ? null : pbm.requires_prior_auth ? <Badge tone="amber">Yes</Badge> : <Badge tone="green">No</Badge>}
              />
              <Field label="Tier" value={tier != null ? `Tier ${tier}` : null} />
              <Field label="Quantity limit" value={ql?.amount != null ? `${ql.amount} ${ql.unit ?? ""} per ${ql.period ?? "period"}` : "None"} />
              <Field label="On formulary" value={pbm.on_formulary ? "Yes" : "No"} />
            </dl>
            {note && <p className="rounded-md bg-slate-50 px-3 py-2 text-xs text-slate-600">{note}</p>}
            <div>
              <h4 className="text-[11px] font-semibold tracking-wide text-slate-500 uppercase">Step therapy</h4>
              {pbm.step_therapy.required_steps.length ? (
                <ol className="mt-2 space-y-1.5">
                  {pbm.step_therapy.required_steps.map((s, i) => (
                    <li key={i} className="flex items-center gap-3 text-sm">
                      <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-xs font-semibold text-indigo-700">
                        {i + 1}
                      </span>
                      <span className="font-medium text-slate-900 capitalize">{s.drug_name}</span>
                      {s.duration && <span className="text-slate-500">for {s.duration}</span>}
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="mt-1 text-sm text-slate-500">No step therapy required.</p>
              )}
            </div>
          </div>
        ) : (
          <Empty>The requested drug was not found on the plan's formulary.</Empty>
        )}
      </Section>
    </div>
  );
}

// ───────────── Policy Criteria Check tab ─────────────

export function PolicyCriteriaTab({ detail, codeView }: { detail: Detail; codeView: boolean }) {
  const checks = detail.policy_checks;
  if (codeView) {
    return (
      <Section title="Policy checks" codeView json={checks} promptType="clinical_review">
        {null}
      </Section>
    );
  }
  if (!checks.length) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500" data-testid="criteria-empty">
        No criteria found for this prior auth
      </p>
    );
  }
  return (
    <div className="space-y-4" data-testid="criteria-tab">
      {checks.map((check) => (
        <section key={check.token} className="rounded-lg border border-slate-200 bg-white shadow-xs" aria-label={check.title}>
          <header className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-2.5">
            <h3 className="text-sm font-semibold text-slate-900">
              {check.title}
              <span className="ml-2 text-xs font-normal text-slate-400">{plainLabel(check.kind)}</span>
            </h3>
            {check.passed === true ? (
              <Badge tone="green">Met</Badge>
            ) : check.passed === false ? (
              <Badge tone="red">Not met</Badge>
            ) : (
              <Badge tone="amber">Insufficient information</Badge>
            )}
          </header>
          <ol className="divide-y divide-slate-100">
            {check.policy_check_steps.map((step) => (
              <li key={step.id} className="flex gap-3 px-4 py-2.5" data-testid="criteria-step">
                <PassMark passed={step.passed} />
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-slate-900">{plainCriterion(step.question)}</p>
                  {step.reason && <p className="mt-0.5 text-sm leading-relaxed text-slate-600">{plainText(step.reason)}</p>}
                  {step.citations.length > 0 && (
                    <div className="mt-1">
                      <CitationList citations={step.citations} />
                    </div>
                  )}
                </div>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
