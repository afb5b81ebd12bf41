/**
 * Writes one intake's results for a prior auth, replacing any earlier run's rows in a single
 * transaction (idempotent re-runs, no duplicates). Human decisions are never touched: the AI
 * decision they refer to is kept beside the new one, and prior_auths.final_decision stays the
 * latest human decision when there is one. With `fence` (the job attempt), a superseded attempt
 * writes nothing and gets StaleAttemptError.
 */
import type { Database } from "~/lib/db.server";
import type { PipelineResult } from "~/clinical/pipeline/run-pipeline";
import { dueAt } from "~/prior-auths/regulatory-clock";
import { lockPriorAuth, refreshFinalDecision } from "~/prior-auths/effective-decision.server";
import { intakeJobKey } from "~/prior-auths/create-prior-auth.server";
import type { JobTransaction } from "~/queue/define-job";
import { fenced, type AttemptFence } from "~/queue/fence.server";
import { agentSummaries } from "./agent-summaries";
import { applyFieldCorrections } from "~/prior-auths/field-corrections.server";
import { requestedDrugLabel } from "./requested-drug";

/** One pipeline run's results (review null when no coverage policy matched the requested drug). */
export type IntakeResults = Pick<PipelineResult, "facts" | "eligibility" | "policyId" | "tree" | "review" | "audit" | "decision" | "engine">;

const day = (iso: string | null) => (iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00.000Z`) : null);
const json = (v: unknown) => JSON.parse(JSON.stringify(v ?? null));

/** See module comment. `pa` needs id, organization_id and received_at. */
export async function saveIntakeResults(
  database: Database,
  pa: { id: string; organization_id: string; received_at: Date },
  r: IntakeResults,
  fence?: AttemptFence,
) {
  const member = r.eligibility.member
    ? await database.prisma.member.findFirst({ where: { organization_id: pa.organization_id, member_id: r.eligibility.member.member_id } })
    : null;
  // a review time-frame extension (app/appeals/extend-time-frame.server.ts) stays on the clock when
  // a re-run recomputes the due time from receipt and urgency
  const extension = await database.prisma.timeFrameExtension.findUnique({ where: { prior_auth_id: pa.id }, select: { days: true } });
  // One transaction: the attempt's fence first (job row, then the case row: the lock order every
  // writer uses), then every replace. A superseded attempt writes nothing (StaleAttemptError).
  await fenced(database, fence, async (tx) => {
    for (const write of resultWrites(tx, pa, r, member, extension?.days ?? 0)) await write;
    // a reviewer's correction of a value read from the request stands over this run's extraction
    await applyFieldCorrections(tx, pa.id);
  });
}

/** The statements of saveIntakeResults, in order (lazy Prisma promises: each runs when awaited). */
function resultWrites(
  p: JobTransaction,
  pa: { id: string; organization_id: string; received_at: Date },
  r: IntakeResults,
  member: { id: string } | null,
  extensionDays: number,
) {
  const { facts, eligibility, review, audit, decision } = r;
  const paths = review?.paths ?? [];
  const exclusions = review?.exclusions ?? [];
  const pr = facts.practitioner;
  const med = facts.medication;
  const f = eligibility.formulary;
  const patientName = [facts.patient.first_name, facts.patient.last_name].filter(Boolean).join(" ") || null;

  return [
    // Serialises with reviewers' decisions on this case (see effective-decision.server.ts).
    lockPriorAuth(p, pa.id),
    p.patient.deleteMany({ where: { prior_auth_id: pa.id } }),
    p.practitioner.deleteMany({ where: { prior_auth_id: pa.id } }),
    p.diagnosis.deleteMany({ where: { prior_auth_id: pa.id } }),
    p.medicationRequest.deleteMany({ where: { prior_auth_id: pa.id } }),
    p.priorTherapy.deleteMany({ where: { prior_auth_id: pa.id } }),
    p.labResult.deleteMany({ where: { prior_auth_id: pa.id } }),
    p.pbmPolicyResult.deleteMany({ where: { prior_auth_id: pa.id } }),
    p.policyCheck.deleteMany({ where: { prior_auth_id: pa.id } }),
    p.aiResponse.deleteMany({ where: { prior_auth_id: pa.id } }),
    // A previous AI decision a reviewer decided on stays (the human decision refers to it); the
    // others are replaced by this run's.
    p.aiDecision.deleteMany({ where: { prior_auth_id: pa.id, human_decisions: { none: {} } } }),
    p.patient.create({
      data: {
        organization_id: pa.organization_id,
        prior_auth_id: pa.id,
        first_name: facts.patient.first_name,
        last_name: facts.patient.last_name,
        birth_date: facts.patient.birth_date,
        gender: facts.patient.gender,
        insurance_plan: facts.patient.insurance_plan,
        plan_identification: eligibility.member?.plan_identification ?? null,
        member_id: facts.patient.member_id,
        citations: json(facts.patient.citations),
      },
    }),
    p.practitioner.create({
      data: {
        prior_auth_id: pa.id,
        role: "prescriber",
        full_name: pr.full_name,
        npi: pr.npi,
        npi_valid: pr.npi_valid,
        state_license: pr.state_license,
        specialty: pr.specialty,
        phone_number: pr.phone,
        fax_phone_number: pr.fax,
        organization_name: pr.organization_name,
        npi_data: pr.npi
          ? json({
              number: pr.npi,
              basic: { first_name: pr.first_name, last_name: pr.last_name, credential: pr.credential, status: pr.npi_valid ? "A" : "invalid check digit" },
              addresses: [{ address_purpose: "LOCATION", telephone_number: pr.phone }],
              taxonomies: pr.specialty ? [{ desc: pr.specialty, primary: true, license: pr.state_license }] : [],
              source: "extracted from the request; NPI check digit validated (no registry lookup offline)",
            })
          : undefined,
        citations: json(pr.citations),
      },
    }),
    p.diagnosis.createMany({
      data: facts.diagnoses.map((d) => ({
        prior_auth_id: pa.id,
        code: d.code,
        description: d.description,
        primary: d.primary,
        ai_summary: [d.code, d.description].filter(Boolean).join(" — ") || null,
        clinical_indication_summary: d.description,
        citations: json(d.citations),
      })),
    }),
    p.medicationRequest.create({
      data: {
        prior_auth_id: pa.id,
        drug_name: med.drug_name,
        drug_name_as_written: med.drug_name_as_written ?? null,
        // the formulary row eligibility matched (by NDC, name or generic); none on a plan with a
        // formulary: not on it; no formulary on file: not known
        on_formulary: f ? true : (med.drug_name || med.ndc) && eligibility.formulary_known ? false : null,
        strength: med.strength,
        dosage: med.dosage,
        quantity: med.quantity,
        quantity_unit: med.quantity_unit,
        days_supply: med.days_supply,
        duration_months: med.duration_months,
        ndc: med.ndc,
        drug_class: med.drug_class,
        ai_summary: [med.drug_name, med.strength, med.dosage].filter(Boolean).join(", ") || null,
        citations: json(med.citations),
      },
    }),
    p.priorTherapy.createMany({
      data: [...facts.prior_therapies, ...facts.concurrent_therapies.map((t) => ({ ...t, outcome: t.outcome ?? "ongoing" }))].map((t) => ({
        prior_auth_id: pa.id,
        drug_name: t.drug_name,
        dose: t.dose,
        start_date: t.start_date,
        end_date: t.end_date,
        duration_days: t.duration_days,
        outcome: t.outcome,
        citations: json(t.citations),
      })),
    }),
    p.labResult.createMany({
      data: facts.labs.map((l) => ({
        prior_auth_id: pa.id,
        name: l.name,
        value: l.value,
        value_text: l.value_text,
        unit: l.unit,
        observed_on: l.date,
        citations: json(l.citations),
      })),
    }),
    ...(f
      ? [
          p.pbmPolicyResult.create({
            data: {
              prior_auth_id: pa.id,
              ndc: f.ndc,
              requires_prior_auth: f.requires_prior_auth,
              on_formulary: true,
              metadata: { tier: f.tier, drug_name: f.drug_name, quantity_limit_note: f.quantity_limit_note ?? null },
              quantity_limit: f.quantity_limit
                ? { amount: f.quantity_limit.amount, unit: f.quantity_limit.unit, period: `${f.quantity_limit.period_days} days` }
                : undefined,
              step_therapy: { required_steps: f.step_therapy.map((s) => ({ drug_name: s.drug_name, duration: `${s.duration_days} days` })) },
            },
          }),
        ]
      : []),
    ...paths.map((path, i) =>
      p.policyCheck.create({
        data: {
          prior_auth_id: pa.id,
          coverage_policy_id: r.policyId,
          title: path.title,
          kind: "clinical",
          passed: path.outcome === "met" ? true : path.outcome === "not_met" ? false : null,
          created_at: new Date(Date.now() + i),
          policy_check_steps: {
            create: path.criteria.map((c, j) => ({
              position: j + 1,
              node_id: c.node_id,
              question: c.question,
              reason: c.reason,
              outcome: c.outcome,
              passed: c.outcome === "met" ? true : c.outcome === "not_met" ? false : null,
              citations: json(c.citations),
            })),
          },
        },
      }),
    ),
    ...(exclusions.length
      ? [
          p.policyCheck.create({
            data: {
              prior_auth_id: pa.id,
              coverage_policy_id: r.policyId,
              title: "Exclusions",
              kind: "clinical",
              // an exclusion result "met" means the exclusion applies
              passed: exclusions.some((c) => c.outcome === "met") ? false : exclusions.every((c) => c.outcome === "not_met") ? true : null,
              created_at: new Date(Date.now() - 1),
              policy_check_steps: {
                create: exclusions.map((c, j) => ({
                  position: j + 1,
                  node_id: c.node_id,
                  question: c.question,
                  reason: c.reason,
                  outcome: c.outcome === "met" ? "not_met" : c.outcome === "not_met" ? "met" : "insufficient",
                  passed: c.outcome === "met" ? false : c.outcome === "not_met" ? true : null,
                  citations: json(c.citations),
                })),
              },
            },
          }),
        ]
      : []),
    p.policyCheck.create({
      data: {
        prior_auth_id: pa.id,
        title: "Eligibility",
        kind: "eligibility",
        passed: eligibility.eligible,
        created_at: new Date(Date.now() - 2),
        policy_check_steps: {
          create: [
            {
              position: 1,
              question: "Is the member on the plan's roster and covered on the request date?",
              reason: eligibility.reason,
              outcome: eligibility.eligible === true ? "met" : eligibility.eligible === false ? "not_met" : "insufficient",
              passed: eligibility.eligible,
              citations: json(eligibility.citations),
            },
          ],
        },
      },
    }),
    ...(audit.length
      ? [
          p.policyCheck.create({
            data: {
              prior_auth_id: pa.id,
              title: "Audit",
              kind: "audit",
              passed: audit.every((a) => a.passed !== false || a.severity !== "blocking"),
              created_at: new Date(Date.now() + 1000),
              policy_check_steps: {
                create: audit.map((a, j) => ({
                  position: j + 1,
                  question: a.check,
                  reason: a.message,
                  outcome: a.passed === true ? "met" : a.passed === false ? "not_met" : "insufficient",
                  passed: a.passed,
                  citations: json(a.citations),
                })),
              },
            },
          }),
        ]
      : []),
    // each agent's line from the same results the decision used (never a default that contradicts them)
    p.aiResponse.createMany({
      data: agentSummaries({ eligibility, review, audit, decision, requestedDrug: requestedDrugLabel(med) }).map((a) => ({ prior_auth_id: pa.id, ...a })),
    }),
    p.aiDecision.create({
      data: {
        prior_auth_id: pa.id,
        final_decision: decision.final_decision,
        confidence_score: Math.max(0, Math.min(1, decision.confidence_score)),
        ai_summary: decision.ai_summary,
        rationale: decision.rationale,
        citations: json(decision.citations),
        decision_tree_traversal: json(decision.decision_tree_traversal?.length ? decision.decision_tree_traversal : (review?.traversal ?? [])),
        coverage_policy_version: r.tree?.version ?? null,
        response_data: json({
          is_approved: decision.final_decision === "approved",
          policy_id: r.policyId,
          rule: decision.rule ?? null,
          missing_items: decision.missing_items ?? [],
          routing: decision.routing ?? null,
          review,
          audit,
          eligibility,
        }),
        engine: r.engine.engine,
        model: r.engine.model,
      },
    }),
    p.priorAuth.update({
      where: { id: pa.id },
      data: {
        intake_step: 5,
        intake_error: null,
        epa_processed: true,
        medication_name: med.drug_name,
        patient_name: patientName,
        practitioner_name: pr.full_name,
        urgency: facts.urgency,
        request_date: day(facts.request_date),
        due_at: new Date(dueAt(pa.received_at, facts.urgency).getTime() + extensionDays * 24 * 3600_000),
        member_id: member?.id ?? null,
        coverage_policy_id: r.policyId,
      },
    }),
    // The latest human decision stays final; else this run's AI decision.
    refreshFinalDecision(p, pa.id, decision.final_decision),
    // Succeeded, unless a re-run was asked for while this one ran (its job runs again next).
    p.$executeRaw`UPDATE prior_auths SET intake_status = CASE WHEN EXISTS (
        SELECT 1 FROM jobs WHERE key = ${intakeJobKey(pa.id)} AND rerun_requested) THEN 'queued' ELSE 'succeeded' END
      WHERE id = ${pa.id}`,
  ];
}
