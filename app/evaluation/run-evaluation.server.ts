/**
 * Runs an evaluation set (../shared/eval/FORMAT.md layout) through the same path as a reviewer's
 * upload: the plan, roster, formulary and coverage policies are created in a fresh organization,
 * each case's fax.pdf is submitted with createPriorAuthFromFax (queue → worker → intake), and the
 * report is read back from the database once every decision is final. expected.json files are read
 * only after that, for scoring.
 */
import { LATEST_AI_DECISION } from "~/prior-auths/effective-decision.server";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { createPlan, importFormulary, importRoster, replaceFeeSchedule, savePaidClaimLines } from "~/plans/manage-plans.server";
import { normaliseClaimsHistory } from "./offline-set";
import { normaliseFeeSchedule } from "~/clinical/review/fee-schedule";
import { createCoveragePolicy } from "~/coverage-policies/manage-coverage-policies.server";
import { createPriorAuthFromFax } from "~/prior-auths/create-prior-auth.server";
import { scoreReports, type CaseReport, type Expected, type Score } from "./score";
import { createClaim } from "~/claims/create-claim.server";
import { scoreServices, type ExpectedService, type ServiceCaseReport, type ServiceScore } from "./score-services";
import { caseKindFromFax } from "./case-kind";
import { parseDocumentIsolated } from "~/documents/parse-document-isolated.server";
import { dbOcrCache } from "~/documents/ocr-cache.server";

const ManifestSchema = z.object({
  name: z.string().default("set"),
  plan: z.object({
    title: z.string(),
    identification: z.string(),
    line_of_business: z.string(),
    plan_type: z.string(),
    state: z.string(),
    effective_date: z.string(),
    termination_date: z.string().nullish(),
  }),
  members: z.array(z.any()).default([]),
  policies: z
    .array(
      z.object({
        id: z.string(),
        file: z.string(),
        drug_names: z.array(z.string()).default([]),
        kind: z.string().optional(),
        codes: z.array(z.string()).default([]),
      }),
    )
    .default([]),
  formulary: z.array(z.any()).default([]),
  /** per-code unit / frequency limits of the plan (FORMAT.md), applied to claim lines */
  fee_schedule: z.array(z.any()).default([]),
  /** the members' earlier paid service lines, saved as the plan's imported claims history */
  claims_history: z.array(z.any()).default([]),
  cases: z.array(z.string()).optional(),
});

export interface EvaluationResult {
  report: {
    set: string;
    engine: string;
    started_at: string;
    finished_at: string;
    cases: CaseReport[];
    score: Score | null;
    services?: ServiceCaseReport[];
    service_score?: ServiceScore | null;
  };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/**
 * Runs the set at `setDir` in organization `organizationId` (which must be empty of plans) and
 * returns the report (scored when expected.json files exist). `log` receives progress lines.
 */
export async function runEvaluation(
  database: Database,
  organizationId: string,
  setDir: string,
  opts: { log?: (line: string) => void; timeoutMs?: number; engine?: string } = {},
): Promise<EvaluationResult> {
  const log = opts.log ?? (() => {});
  const timeoutMs = opts.timeoutMs ?? 30 * 60_000;
  const manifest = ManifestSchema.parse(JSON.parse(fs.readFileSync(path.join(setDir, "manifest.json"), "utf8")));
  const startedAt = new Date();
  const caseIds = manifest.cases ?? fs.readdirSync(path.join(setDir, "cases")).sort();
  const medicalPolicies = manifest.policies.filter((p) => p.kind === "medical");
  const drugPolicies = manifest.policies.filter((p) => p.kind !== "medical");
  // a set may mix drug and medical cases (FORMAT.md): each case's kind is read from its fax
  let drugCases = medicalPolicies.length ? [] : caseIds;
  let medicalCases = medicalPolicies.length ? caseIds : [];
  if (medicalPolicies.length && (drugPolicies.length || manifest.formulary.length)) {
    const codes = medicalPolicies.flatMap((p) => (p.codes.length ? p.codes : p.drug_names));
    drugCases = [];
    medicalCases = [];
    for (const caseId of caseIds) {
      const bytes = new Uint8Array(fs.readFileSync(path.join(setDir, "cases", caseId, "fax.pdf")));
      const doc = await parseDocumentIsolated(bytes, { ocrCache: dbOcrCache(database, organizationId), ocrEngine: "tesseract.js" });
      (caseKindFromFax(doc, codes) === "medical" ? medicalCases : drugCases).push(caseId);
    }
    log(`mixed set: ${drugCases.length} drug cases, ${medicalCases.length} medical cases (read from the faxes)`);
  }
  const drug = drugCases.length
    ? await runDrugCases(database, organizationId, setDir, { ...manifest, policies: drugPolicies }, drugCases, { log, timeoutMs })
    : { cases: [], score: null };
  const medical = medicalCases.length
    ? await runClaimsCases(database, organizationId, setDir, { ...manifest, policies: medicalPolicies }, medicalCases, { log, timeoutMs })
    : null;
  return {
    report: {
      set: manifest.name,
      engine: opts.engine ?? "builtin",
      started_at: startedAt.toISOString(),
      finished_at: new Date().toISOString(),
      cases: drug.cases,
      score: drug.score,
      ...(medical ? { services: medical.services, service_score: medical.service_score } : {}),
    },
  };
}

/**
 * A manifest's plan as the product's plan form takes it: a set may describe its line of business in a
 * sentence ("Medicare-Medicaid dual-eligible special needs plan (D-SNP, …)"), longer than the form's
 * 100 characters, which failed the whole evaluation. Text fields are cut at a word boundary to the
 * form's limits (title 200, the others 100); nothing the engine decides on is in them.
 */
function planFields<T extends { title: string; identification: string; line_of_business: string; plan_type: string }>(plan: T): T {
  const clip = (v: string, max: number) => (v.length <= max ? v : `${v.slice(0, max - 1).replace(/\s+\S*$/, "")}…`);
  return {
    ...plan,
    title: clip(plan.title, 200),
    identification: clip(plan.identification, 100),
    line_of_business: clip(plan.line_of_business, 100),
    plan_type: clip(plan.plan_type, 100),
  };
}

/** The drug cases `caseIds` of a set: a pharmacy plan with the drug policies and formulary, each fax a prior auth. */
async function runDrugCases(
  database: Database,
  organizationId: string,
  setDir: string,
  manifest: z.infer<typeof ManifestSchema>,
  caseIds: string[],
  opts: { log: (line: string) => void; timeoutMs: number },
): Promise<{ cases: CaseReport[]; score: Score | null }> {
  const { log, timeoutMs } = opts;
  const plan = await createPlan(database, organizationId, { ...planFields(manifest.plan), document_type: "pharmacy", is_active: true });
  await importRoster(database, organizationId, plan.id, manifest.members);
  await importFormulary(database, organizationId, plan.id, manifest.formulary);
  const policyIdByDb = new Map<string, string>();
  for (const p of manifest.policies) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(setDir, p.file)));
    const policy = await createCoveragePolicy(
      database,
      organizationId,
      plan.id,
      { drug_name: p.drug_names[0] ?? p.id, drugs_list: p.drug_names, external_id: p.id },
      { bytes, filename: path.basename(p.file) },
    );
    policyIdByDb.set(policy.id, p.id);
  }
  log(`plan, ${manifest.members.length} members, ${manifest.formulary.length} formulary rows, ${manifest.policies.length} policies queued`);
  await waitFor(
    async () => (await database.prisma.coveragePolicy.count({ where: { plan_id: plan.id, tree_status: { in: ["queued", "generating"] } } })) === 0,
    timeoutMs,
    "decision trees",
  );
  const failedTrees = await database.prisma.coveragePolicy.findMany({ where: { plan_id: plan.id, tree_status: "failed" } });
  for (const f of failedTrees) log(`decision tree failed for ${f.drug_name}: ${f.tree_error}`);
  log("decision trees ready");

  const submitted = new Map<string, { id: string; at: number }>();
  for (const caseId of caseIds) {
    const file = path.join(setDir, "cases", caseId, "fax.pdf");
    const bytes = new Uint8Array(fs.readFileSync(file));
    const pa = await createPriorAuthFromFax(database, organizationId, { bytes, filename: `${caseId}.pdf` }, { plan_id: plan.id });
    submitted.set(caseId, { id: pa.id, at: pa.created_at.getTime() });
  }
  log(`${caseIds.length} cases submitted`);
  let lastDone = -1;
  await waitFor(
    async () => {
      const done = await database.prisma.priorAuth.count({
        where: { id: { in: [...submitted.values()].map((s) => s.id) }, intake_status: { in: ["succeeded", "failed"] } },
      });
      if (done !== lastDone) {
        lastDone = done;
        log(`${done}/${caseIds.length} decided`);
      }
      return done === caseIds.length;
    },
    timeoutMs,
    "case decisions",
  );

  const cases: CaseReport[] = [];
  for (const caseId of caseIds) {
    const { id, at } = submitted.get(caseId)!;
    const pa = await database.prisma.priorAuth.findUniqueOrThrow({
      where: { id },
      include: {
        patient: true,
        practitioners: true,
        medication_requests: true,
        diagnoses: true,
        ai_decisions: LATEST_AI_DECISION,
        ai_agent_runs: { select: { started_at: true, finished_at: true } },
        policy_checks: { include: { policy_check_steps: { orderBy: { position: "asc" } } }, orderBy: { created_at: "asc" } },
      },
    });
    const scanned = (await database.prisma.documentPage.count({ where: { document: { prior_auth_id: id, kind: "fax" }, ocr: true } })) > 0;
    const prescriber = pa.practitioners.find((p) => p.role === "prescriber") ?? pa.practitioners[0];
    const med = pa.medication_requests[0];
    const finished = pa.ai_decisions[0]?.created_at.getTime() ?? pa.updated_at.getTime();
    cases.push({
      case_id: caseId,
      decision: (pa.ai_decisions[0]?.final_decision as CaseReport["decision"]) ?? "failed",
      confidence: pa.ai_decisions[0]?.confidence_score ?? null,
      rule: ((pa.ai_decisions[0]?.response_data as { rule?: string | null } | null)?.rule ?? null) as string | null,
      patient: {
        first_name: pa.patient?.first_name ?? null,
        last_name: pa.patient?.last_name ?? null,
        birth_date: pa.patient?.birth_date ?? null,
        member_id: pa.patient?.member_id ?? null,
      },
      practitioner: { full_name: prescriber?.full_name ?? null, npi: prescriber?.npi ?? null },
      medication: { drug_name: med?.drug_name ?? null, ndc: med?.ndc ?? null },
      diagnoses: pa.diagnoses.map((d) => d.code).filter((c): c is string => !!c),
      policy: pa.coverage_policy_id ? (policyIdByDb.get(pa.coverage_policy_id) ?? pa.coverage_policy_id) : null,
      criteria: pa.policy_checks.flatMap((c) =>
        c.policy_check_steps.map((s) => ({
          text: `${c.title}: ${s.question}`,
          outcome: s.outcome,
          met: s.passed,
          reason: s.reason,
          evidence: (s.citations as unknown[]) ?? [],
        })),
      ),
      seconds: Math.max(0, (finished - at) / 1000),
      processing_seconds: processingSeconds(pa.ai_agent_runs),
      scanned,
      error: pa.intake_error,
    });
  }

  // Only now, with every decision final, are the expected answers read.
  const expected = new Map<string, Expected>();
  for (const caseId of caseIds) {
    const file = path.join(setDir, "cases", caseId, "expected.json");
    if (fs.existsSync(file)) expected.set(caseId, JSON.parse(fs.readFileSync(file, "utf8")));
  }
  return { cases, score: expected.size ? scoreReports(cases, expected) : null };
}

function processingSeconds(runs: { started_at: Date; finished_at: Date | null }[]): number | null {
  const done = runs.filter((r) => r.finished_at);
  if (!done.length) return null;
  const start = Math.min(...done.map((r) => r.started_at.getTime()));
  const end = Math.max(...done.map((r) => r.finished_at!.getTime()));
  return Math.max(0, (end - start) / 1000);
}

/**
 * The medical cases `caseIds` of a set (manifest policies of `kind: "medical"` with `codes`): a
 * medical plan, its medical policies, every case submitted as a claim (createClaim → claim.intake →
 * the worker), and the per-line report with the case's patient, practitioner, diagnoses and seconds,
 * scored by scoreServices once every claim is decided.
 */
async function runClaimsCases(
  database: Database,
  organizationId: string,
  setDir: string,
  manifest: z.infer<typeof ManifestSchema>,
  caseIds: string[],
  opts: { log: (line: string) => void; timeoutMs: number },
): Promise<{ services: ServiceCaseReport[]; service_score: ServiceScore | null }> {
  const { log, timeoutMs } = opts;
  const plan = await createPlan(database, organizationId, { ...planFields(manifest.plan), document_type: "medical", is_active: true });
  await importRoster(database, organizationId, plan.id, manifest.members);
  await replaceFeeSchedule(database, organizationId, plan.id, normaliseFeeSchedule(manifest.fee_schedule));
  // the manifest's claims_history is the plan's claims system's paid lines: imported as a plan would
  // import its history, so the queued intake counts the same earlier services the engine loop does
  const history = normaliseClaimsHistory(manifest.claims_history);
  await savePaidClaimLines(
    database,
    organizationId,
    plan.id,
    history.map((h) => ({
      member_id: h.member_id,
      code: h.code.toUpperCase(),
      units: h.units,
      date_of_service: h.date_of_service,
      modifiers: h.modifiers ?? [],
      claim_reference: null,
      note: h.note,
    })),
  );
  const policyIdByDb = new Map<string, string>();
  for (const p of manifest.policies) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(setDir, p.file)));
    const policy = await createCoveragePolicy(
      database,
      organizationId,
      plan.id,
      { drug_name: p.id, drugs_list: p.codes.length ? p.codes : p.drug_names, policy_type: p.kind === "medical" ? "medical" : "pharmacy", external_id: p.id },
      { bytes, filename: path.basename(p.file) },
    );
    policyIdByDb.set(policy.id, p.id);
  }
  log(
    `medical plan, ${manifest.members.length} members, ${manifest.fee_schedule.length} fee-schedule rows, ${history.length} paid lines of claims history, ${manifest.policies.length} medical policies queued`,
  );
  await waitFor(
    async () => (await database.prisma.coveragePolicy.count({ where: { plan_id: plan.id, tree_status: { in: ["queued", "generating"] } } })) === 0,
    timeoutMs,
    "decision trees",
  );
  log("decision trees ready");
  const submitted = new Map<string, string>();
  const submittedAt = new Map<string, number>();
  for (const caseId of caseIds) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(setDir, "cases", caseId, "fax.pdf")));
    const claim = await createClaim(database, organizationId, { submission_type: "fax", file: { bytes, filename: `${caseId}.pdf` } }, { plan_id: plan.id });
    submitted.set(caseId, claim.id);
    submittedAt.set(caseId, claim.created_at.getTime());
  }
  log(`${caseIds.length} claims submitted`);
  let lastDone = -1;
  await waitFor(
    async () => {
      const done = await database.prisma.claim.count({ where: { id: { in: [...submitted.values()] }, intake_status: { in: ["succeeded", "failed"] } } });
      if (done !== lastDone) log(`${(lastDone = done)}/${caseIds.length} decided`);
      return done === caseIds.length;
    },
    timeoutMs,
    "claim decisions",
  );
  const services: ServiceCaseReport[] = [];
  for (const caseId of caseIds) {
    const id = submitted.get(caseId)!;
    const claim = await database.prisma.claim.findUniqueOrThrow({
      where: { id },
      include: {
        service_requests: {
          orderBy: { line_number: "asc" },
          include: { decisions: { where: { agent: { not: "human" } }, orderBy: { created_at: "desc" }, take: 1 } },
        },
        patient: true,
        practitioners: { orderBy: { created_at: "asc" } },
        claim_diagnoses: true,
        service_decisions: { where: { agent: { not: "human" } }, select: { created_at: true } },
        ai_agent_runs: { select: { started_at: true, finished_at: true } },
      },
    });
    const practitioner = claim.practitioners.find((p) => p.role === "ordering") ?? claim.practitioners[0];
    const decidedAt = claim.service_decisions.length ? Math.max(...claim.service_decisions.map((d) => d.created_at.getTime())) : claim.updated_at.getTime();
    const scanned = (await database.prisma.documentPage.count({ where: { document: { claim_id: id, kind: "fax" }, ocr: true } })) > 0;
    const lines = claim.service_requests.map((s) => {
      const d = s.decisions[0];
      const meta = (d?.metadata ?? {}) as {
        confidence_score?: number;
        coverage_policy_id?: string;
        criteria?: { question: string; outcome: string; reason: string; citations: unknown[] }[];
      };
      return {
        code: s.code,
        units: s.units,
        modifiers: s.modifiers,
        date_of_service: s.service_date,
        place_of_service: s.place_of_service,
        policy: meta.coverage_policy_id ? (policyIdByDb.get(meta.coverage_policy_id) ?? meta.coverage_policy_id) : null,
        decision: (d?.final_decision ?? "needs_more_information") as ServiceCaseReport["services"][number]["decision"],
        confidence: meta.confidence_score ?? null,
        criteria: (meta.criteria ?? []).map((c) => ({ text: c.question, outcome: c.outcome, reason: c.reason, evidence: c.citations })),
      };
    });
    const ds = lines.map((l) => l.decision);
    const decision =
      claim.intake_status !== "succeeded"
        ? "failed"
        : !ds.length
          ? "needs_more_information"
          : ds.every((d) => d === "approved")
            ? "approved"
            : ds.every((d) => d === "denied")
              ? "denied"
              : ds.includes("needs_more_information")
                ? "needs_more_information"
                : "denied";
    services.push({
      case_id: caseId,
      decision,
      scanned,
      patient: {
        first_name: claim.patient?.first_name ?? null,
        last_name: claim.patient?.last_name ?? null,
        birth_date: claim.patient?.birth_date ?? null,
        member_id: claim.patient?.member_id ?? null,
      },
      practitioner: { full_name: practitioner?.full_name ?? null, npi: practitioner?.npi ?? null },
      diagnoses: claim.claim_diagnoses.map((d) => d.code).filter((c): c is string => !!c),
      seconds: Math.max(0, (decidedAt - submittedAt.get(caseId)!) / 1000),
      processing_seconds: processingSeconds(claim.ai_agent_runs),
      services: lines,
    });
  }
  // Only now, with every decision final, are the expected answers read.
  const expected = new Map<string, Expected & { services?: ExpectedService[] }>();
  for (const caseId of caseIds) {
    const file = path.join(setDir, "cases", caseId, "expected.json");
    if (fs.existsSync(file)) expected.set(caseId, JSON.parse(fs.readFileSync(file, "utf8")));
  }
  return { services, service_score: expected.size ? scoreServices(services, expected) : null };
}
