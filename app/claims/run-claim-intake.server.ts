/**
 * The intake of one medical claim: the same five live steps as a prior auth (1 document,
 * 2 extraction + eligibility, 3 clinical review per service line, 4 audit, 5 a decision per line),
 * on the same document layer (parseDocumentIsolated, indexDocument), queue (`claim.intake` job,
 * fenced writes), agents (getAgents: built-in engine or model) and rule book (runServicePipeline →
 * applyDecisionRules). Progress goes to `claim:{id}` (step events) and `org:{orgId}` (list refresh).
 *
 * Idempotent: a run replaces the previous run's extracted rows and AI line decisions in one
 * transaction; a reviewer's override (agent "human") and a clinician's sign-off of a denial are never
 * touched by an AI run.
 */
import { getDatabase, type Database } from "~/lib/db.server";
import type { JobTransaction } from "~/queue/define-job";
import { PermanentJobError } from "~/queue/errors";
import { publish } from "~/queue/live-events.server";
import { DocumentError, isRetryableDocumentError } from "~/documents/parse-pdf.server";
import { parseDocumentIsolated } from "~/documents/parse-document-isolated.server";
import { dbOcrCache } from "~/documents/ocr-cache.server";
import { fenced, type AttemptFence } from "~/queue/fence.server";
import { indexDocument, loadParsedDocument, markDocumentFailed } from "~/documents/store-document.server";
import type { ParsedDocument } from "~/clinical/contracts";
import { runServicePipeline, type ServicePipelineInputs, type ServicePipelineResult } from "~/clinical/pipeline/run-pipeline";
import { getAgents, type IntakeAgents } from "~/intake/agents.server";
import { recordAgentRun, STEP_LABELS } from "~/intake/run-intake.server";
import { withAttachments } from "~/intake/attachments.server";
import { textToParsedDocument } from "~/intake/text-document";
import { loadFeeSchedule, loadRoster } from "~/plans/manage-plans.server";
import type { PriorServiceLine } from "~/clinical/review/fee-schedule";
import { loadDecisionTree } from "~/coverage-policies/decision-tree-store.server";
import { dueAt } from "~/prior-auths/regulatory-clock";
import type { X12ClaimPayload } from "./create-claim.server";
import { x12LineNotes, type X12Practitioner, type X12ServiceLine } from "./x12-837p";
import { notifyPasDecision } from "~/fhir/pas-subscriptions.server";

type ClaimRef = { id: string; organization_id: string };

async function step(database: Database, fence: AttemptFence | undefined, claim: ClaimRef, n: number, message: string, status = "running") {
  await fenced(database, fence, (tx) => tx.claim.update({ where: { id: claim.id }, data: { intake_step: n, intake_status: status } }));
  await publish(database, `claim:${claim.id}`, "step", { step: n, label: STEP_LABELS[n - 1], message, status });
}

/**
 * The pipeline inputs of a claim: its plan's roster, the medical policies (policy_type "medical",
 * or any policy of a plan whose document_type is "medical") with ready trees and their codes
 * (`drugs_list`), the organization's active audit rules.
 */
export async function loadClaimPipelineInputs(
  database: Database,
  claim: { id?: string; organization_id: string; plan_id: string | null; received_at: Date },
  caseDoc: ParsedDocument,
  documentName: string,
): Promise<ServicePipelineInputs> {
  const [roster, policies, rules, feeSchedule] = await Promise.all([
    loadRoster(database, claim.organization_id, claim.plan_id),
    database.prisma.coveragePolicy.findMany({
      where: {
        organization_id: claim.organization_id,
        tree_status: "ready",
        ...(claim.plan_id ? { plan_id: claim.plan_id } : {}),
        OR: [{ policy_type: "medical" }, { plan: { document_type: "medical" } }],
      },
      orderBy: { created_at: "asc" },
    }),
    database.prisma.aiRule.findMany({ where: { organization_id: claim.organization_id, active: true, applies_to: "audit" }, orderBy: { priority: "asc" } }),
    loadFeeSchedule(database, claim.organization_id, claim.plan_id),
  ]);
  return {
    caseDoc,
    documentName,
    roster,
    policies: policies.map((p) => ({ id: p.id, codes: p.drugs_list.length ? p.drugs_list : [p.drug_name] })),
    loadTree: (id) => loadDecisionTree(database, id),
    rules: rules.map((r) => ({ name: r.name, description: r.description, conditions: r.conditions, actions: r.actions })),
    receivedDate: claim.received_at.toISOString().slice(0, 10),
    feeSchedule,
    priorServiceLines: (memberId, codes) => loadPriorServiceLines(database, claim, memberId, codes),
  };
}

/**
 * The member's service lines of the organization's earlier claims (received before `claim`, not
 * `claim` itself) for `codes`, with a date of service and units, whose decision is not a denial (a
 * reviewer's decision counts over the AI's). Matched on the patient's member ID as read (case-insensitive).
 * A pre-service request's lines (a PA form, an ePA, a FHIR PAS request: `Claim.pre_service`) are
 * authorizations asked for, not services given, and are never counted. With them, the paid lines of
 * the plan's imported claims history (`PaidClaimLine`: the claim's plan, or every plan of the
 * organization when the claim has none) for the member and codes.
 */
export async function loadPriorServiceLines(
  database: Database,
  claim: { id?: string; organization_id: string; plan_id?: string | null; received_at: Date },
  memberId: string,
  codes: string[],
): Promise<PriorServiceLine[]> {
  if (!memberId.trim() || !codes.length) return [];
  const wanted = codes.map((c) => c.trim().toUpperCase());
  const paid = await database.prisma.paidClaimLine.findMany({
    where: {
      organization_id: claim.organization_id,
      ...(claim.plan_id ? { plan_id: claim.plan_id } : {}),
      member_id: { equals: memberId.trim(), mode: "insensitive" },
      code: { in: wanted },
    },
    orderBy: { date_of_service: "asc" },
    take: 2000,
  });
  const history: PriorServiceLine[] = paid.map((p) => ({
    code: p.code,
    units: p.units,
    date_of_service: p.date_of_service,
    modifiers: p.modifiers,
    source: `paid claim${p.claim_reference ? ` ${p.claim_reference}` : ""} of ${p.date_of_service} (claims history${p.note ? `: ${p.note}` : ""})`,
  }));
  const rows = await database.prisma.serviceRequest.findMany({
    where: {
      code: { in: wanted },
      service_date: { not: null },
      claim: {
        organization_id: claim.organization_id,
        received_at: { lt: claim.received_at },
        // an authorization request's lines were asked for, not given: never earlier services
        pre_service: false,
        ...(claim.id ? { id: { not: claim.id } } : {}),
        patient: { member_id: { equals: memberId.trim(), mode: "insensitive" } },
      },
    },
    include: { decisions: { orderBy: { created_at: "desc" } }, claim: { select: { id: true } } },
    take: 500,
  });
  const earlier = rows
    .filter((r) => {
      const d = r.decisions.find((x) => x.agent === "human") ?? r.decisions[0];
      return d?.final_decision !== "denied";
    })
    .map((r) => ({
      code: r.code!,
      units: r.units ?? 1,
      date_of_service: r.service_date!,
      modifiers: r.modifiers ?? [],
      source: `earlier claim ${r.claim.id} line ${r.line_number}`,
    }));
  // a line of a claim decided here that the claims system has since paid and exported is one service
  const key = (l: PriorServiceLine) => `${l.code}|${l.date_of_service}|${[...(l.modifiers ?? [])].sort().join(" ")}`;
  const inHistory = new Map<string, number>();
  for (const h of history) inHistory.set(key(h), (inHistory.get(key(h)) ?? 0) + 1);
  const notExported = earlier.filter((l) => {
    const n = inHistory.get(key(l)) ?? 0;
    if (n > 0) inHistory.set(key(l), n - 1);
    return n === 0;
  });
  return [...history, ...notExported];
}

const json = (v: unknown) => JSON.parse(JSON.stringify(v ?? null));

/**
 * Replaces a claim's extracted rows and AI line decisions with `r` (one fenced transaction).
 * `x12` (an 837P claim): its billing / rendering / referring practitioners are saved with their NPIs
 * and roles, and each line's notes carry its charge, diagnosis pointers, prior authorization and NDC.
 */
export async function saveClaimResults(
  database: Database,
  claim: ClaimRef,
  r: ServicePipelineResult,
  fence?: AttemptFence,
  x12?: { practitioners: X12Practitioner[] },
) {
  const { facts } = r;
  const patientName = [facts.patient.first_name, facts.patient.last_name].filter(Boolean).join(" ") || null;
  await fenced(database, fence, async (tx) => {
    await tx.patient.deleteMany({ where: { claim_id: claim.id } });
    await tx.practitioner.deleteMany({ where: { claim_id: claim.id } });
    await tx.diagnosis.deleteMany({ where: { claim_id: claim.id } });
    // AI decisions go with their lines; a line a reviewer decided — an override, or a denial a
    // clinician signed off — keeps that human decision (and its line)
    await tx.serviceDecision.deleteMany({ where: { claim_id: claim.id, agent: { not: "human" }, signed_off_by_id: null } });
    await tx.serviceRequest.deleteMany({
      where: { claim_id: claim.id, decisions: { none: { OR: [{ agent: "human" }, { signed_off_by_id: { not: null } }] } } },
    });
    const kept = await tx.serviceRequest.findMany({ where: { claim_id: claim.id } });
    if (facts.patient.first_name || facts.patient.last_name || facts.patient.member_id) {
      await tx.patient.create({
        data: {
          organization_id: claim.organization_id,
          claim_id: claim.id,
          first_name: facts.patient.first_name,
          last_name: facts.patient.last_name,
          birth_date: facts.patient.birth_date,
          gender: facts.patient.gender,
          insurance_plan: facts.patient.insurance_plan,
          member_id: facts.patient.member_id,
          plan_identification: r.eligibility.member?.plan_identification ?? null,
          citations: json(facts.patient.citations),
        },
      });
    }
    const pr = facts.practitioner;
    if ((pr.full_name || pr.npi) && !x12) {
      await tx.practitioner.create({
        data: {
          claim_id: claim.id,
          role: "ordering",
          full_name: pr.full_name,
          npi: pr.npi,
          npi_valid: pr.npi_valid,
          specialty: pr.specialty,
          state_license: pr.state_license,
          phone_number: pr.phone,
          fax_phone_number: pr.fax,
          organization_name: pr.organization_name,
          citations: json(pr.citations),
        },
      });
    }
    // an 837P names its practitioners with their roles and NPIs (NM1*85 billing, *82 rendering, *DN referring)
    for (const p of x12?.practitioners ?? [])
      await tx.practitioner.create({
        data: {
          claim_id: claim.id,
          role: p.role === "referring" ? "ordering" : p.role,
          full_name: p.full_name,
          npi: p.npi,
          npi_valid: p.npi ? true : null,
          organization_name: p.organization ? p.full_name : null,
          citations: json(p.citations),
        },
      });
    const rendering = x12 ? [] : [...new Set(r.services.map((s) => s.rendering_provider).filter((x): x is string => !!x && x !== pr.full_name))];
    for (const name of rendering)
      await tx.practitioner.create({
        data: {
          claim_id: claim.id,
          role: "rendering",
          full_name: name,
          citations: json(r.services.find((s) => s.rendering_provider === name)?.citations.slice(0, 1)),
        },
      });
    for (const d of facts.diagnoses)
      await tx.diagnosis.create({ data: { claim_id: claim.id, code: d.code, description: d.description, primary: d.primary, citations: json(d.citations) } });
    for (const l of r.lines) {
      const s = l.line;
      const existing = kept.find((k) => k.code === s.code && k.service_date === s.date_of_service);
      const sr =
        existing ??
        (await tx.serviceRequest.create({
          data: {
            claim_id: claim.id,
            line_number: s.line_number,
            code: s.code,
            description: s.description,
            category: s.category,
            units: s.units,
            service_date: s.date_of_service,
            service_date_end: s.date_of_service_end,
            place_of_service: s.place_of_service,
            site_of_care: s.site_of_care,
            modifiers: s.modifiers,
            ordering_provider: s.ordering_provider,
            rendering_provider: s.rendering_provider,
            notes: x12 && "diagnosis_pointers" in s ? x12LineNotes(s as X12ServiceLine) : null,
            ai_summary: [s.description, s.units != null ? `${s.units} unit${s.units === 1 ? "" : "s"}` : null, s.date_of_service].filter(Boolean).join(" · "),
            citations: json(s.citations),
          },
        }));
      const d = l.decision;
      await tx.serviceDecision.create({
        data: {
          claim_id: claim.id,
          service_request_id: sr.id,
          agent: r.engine.engine,
          final_decision: d.final_decision,
          approved: d.final_decision === "approved" ? true : d.final_decision === "denied" ? false : null,
          reason: d.rationale,
          ai_summary: d.ai_summary,
          citations: json(d.citations),
          decision_tree_traversal: json(d.decision_tree_traversal),
          metadata: json({
            confidence_score: d.confidence_score,
            rule: d.rule ?? null,
            missing_items: d.missing_items ?? [],
            coverage_policy_id: l.policyId,
            coverage_policy_version: l.tree?.version ?? null,
            engine: r.engine.engine,
            model: r.engine.model,
            criteria: l.review?.paths.flatMap((p) => p.criteria) ?? [],
          }),
        },
      });
    }
    const { received_at, time_frame_extension } = await tx.claim.findUniqueOrThrow({
      where: { id: claim.id },
      select: { received_at: true, time_frame_extension: { select: { days: true } } },
    });
    // a review time-frame extension (app/appeals) stays on the clock when the intake is re-run
    const extensionDays = time_frame_extension?.days ?? 0;
    await tx.claim.update({
      where: { id: claim.id },
      data: {
        patient_name: patientName,
        request_date: facts.request_date,
        pre_service: r.pre_service,
        // the case clock (Cases queue, reports): expedited when the fax asks for it, CMS-0057-F time frames
        urgency: facts.urgency,
        due_at: new Date(dueAt(received_at, facts.urgency).getTime() + extensionDays * 86_400_000),
        intake_finished: true,
        intake_status: "succeeded",
        intake_step: 5,
        intake_error: null,
      },
    });
  });
}

/** Runs the whole intake for `claimId` (see module comment). */
export async function runClaimIntake(
  database: Database,
  claimId: string,
  opts: { fence?: AttemptFence; agents?: IntakeAgents; attempt?: number; maxAttempts?: number } = {},
) {
  const claim = await database.prisma.claim.findUnique({
    where: { id: claimId },
    include: { documents: { orderBy: { created_at: "asc" } }, epa_submission: true },
  });
  if (!claim) return { skipped: "deleted" as const };
  const { agents, embed } = opts.agents ?? getAgents(null);
  const fence = opts.fence;
  await fenced(database, fence, async (tx) => {
    await tx.aiAgentRun.deleteMany({ where: { claim_id: claim.id } });
    await tx.claim.update({ where: { id: claim.id }, data: { intake_error: null } });
  });
  await publish(database, `org:${claim.organization_id}`, "claim", { id: claim.id, intake_status: "running" });
  try {
    await step(database, fence, claim, 1, "Reading the document");
    const fax = claim.documents.find((d) => d.kind === "fax" || d.kind === "epa");
    let caseDoc: ParsedDocument;
    if (fax && fax.kind === "fax") {
      caseDoc = await recordAgentRun(
        database,
        fence,
        { organization_id: claim.organization_id, claim_id: claim.id },
        "document",
        1,
        { engine: "builtin", model: null },
        { document_id: fax.id, bytes: fax.byte_size },
        async () => {
          const parsed = await parseDocumentIsolated(new Uint8Array(fax.data), {
            ocrCache: dbOcrCache(database, claim.organization_id),
            // CMS-1500 scans stay on tesseract.js: native 5.3 lost a field on the claims set (ParseOptions.ocrEngine)
            ocrEngine: "tesseract.js",
          });
          await indexDocument(database, { id: fax.id, organization_id: claim.organization_id }, parsed, embed, { fence });
          return parsed;
        },
      );
    } else if (claim.epa_submission) {
      caseDoc = textToParsedDocument(claim.epa_submission.synthetic_document);
      if (fax) await indexDocument(database, { id: fax.id, organization_id: claim.organization_id }, caseDoc, embed, { fence });
      // PDFs sent with an electronic request (PAS DocumentReferences) are read like faxes
      caseDoc = await withAttachments(database, { organization_id: claim.organization_id }, claim.documents, caseDoc, embed, fence);
    } else {
      const stored = fax ? await loadParsedDocument(database, fax.id) : null;
      if (!stored) throw new DocumentError("unreadable", "This claim has no document to read.");
      caseDoc = stored;
    }
    const inputs = await loadClaimPipelineInputs(database, claim, caseDoc, claim.submission_type === "fax" ? "fax" : "epa");
    // an 837P is read from its segments at upload (createX12Claims): the mapping is reviewed as it is
    const x12 = claim.submission_type === "x12_837p" ? (claim.epa_submission?.payload as X12ClaimPayload | null)?.x12_837p : undefined;
    if (claim.submission_type === "x12_837p" && !x12) throw new PermanentJobError("This 837P claim has no mapped segments.");
    if (x12) inputs.extracted = { facts: x12.facts, services: x12.services };
    const result = await runServicePipeline(inputs, agents, {
      step: (n, message) => step(database, fence, claim, n, message),
      run: (agent, n, engine, input, fn) =>
        recordAgentRun(database, fence, { organization_id: claim.organization_id, claim_id: claim.id }, agent, n, engine, input, fn),
    });
    // an ePA or a FHIR PAS request asks for services before they are given, as a PA form does
    const preService = result.pre_service || claim.submission_type === "epa" || claim.submission_type === "pas";
    await saveClaimResults(database, claim, { ...result, pre_service: preService }, fence, x12 ? { practitioners: x12.practitioners } : undefined);
    await publish(database, `claim:${claim.id}`, "step", { step: 5, label: STEP_LABELS[4], message: "Decisions ready", status: "succeeded" });
    await publish(database, `claim:${claim.id}`, "completed", { final_decision: result.decision.final_decision });
    await publish(database, `org:${claim.organization_id}`, "claim", { id: claim.id, intake_status: "succeeded" });
    if (claim.submission_type === "pas") await notifyPasDecision(database, claim.organization_id, "claim", claim.id);
    return { final_decision: result.decision.final_decision, lines: result.lines.length };
  } catch (err) {
    // A reader out of time is retried while attempts remain (issue 23, item 6); see runIntake.
    const retry = isRetryableDocumentError(err) && (opts.attempt ?? 1) < (opts.maxAttempts ?? 1);
    if (!retry && (err instanceof DocumentError || (err as Error)?.name === "DocumentError")) {
      const message = (err as Error).message || "The document could not be read";
      const doc = claim.documents.find((d) => d.kind === "fax");
      if (doc) await markDocumentFailed(database, doc.id, message, fence);
      throw new PermanentJobError(message, { cause: err });
    }
    throw err;
  }
}

/** onFailure hook of `claim.intake`: the claim becomes failed (last attempt) or queued with the error. */
export async function markClaimIntakeFailed(
  tx: JobTransaction,
  claimId: string,
  info: { attempt: number; final: boolean; message: string },
): Promise<() => Promise<void>> {
  const message = info.message.trim() || "Intake failed";
  const claim = await tx.claim.findUnique({ where: { id: claimId }, select: { id: true, organization_id: true } });
  if (!claim) return async () => {};
  await tx.claim.update({
    where: { id: claim.id },
    data: info.final
      ? { intake_status: "failed", intake_error: message }
      : { intake_status: "queued", intake_error: `Attempt ${info.attempt} failed: ${message.replace(/\.$/, "")}. Retrying.` },
  });
  return async () => {
    const database = await getDatabase();
    await publish(database, `claim:${claim.id}`, info.final ? "failed" : "retrying", { error: message, attempt: info.attempt });
    await publish(database, `org:${claim.organization_id}`, "claim", { id: claim.id, intake_status: info.final ? "failed" : "queued" });
  };
}
