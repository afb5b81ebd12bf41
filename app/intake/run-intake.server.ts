/**
 * The intake of one prior auth, steps 1–5 of the live progress:
 *   1 document (text layer / OCR, pages + chunks + embeddings)
 *   2 extraction + eligibility (patient, prescriber, medication, diagnoses, roster, formulary)
 *   3 clinical review (coverage policy decision tree, criteria with cited evidence)
 *   4 audit (consistency checks + the organization's active audit AI rules)
 *   5 decision (approved / denied / needs_more_information, confidence, rationale, citations, trail)
 * Steps 2–5 are the clinical pipeline of app/clinical (runPipeline) with the configured agents.
 *
 * Runs as the `prior_auth.intake` job. Idempotent: every run replaces the previous results of the
 * case in one transaction, so a retry or a re-run never duplicates rows. A bad PDF fails the job
 * (and so the case) at once with the document's error (no retry); any other error is retried with
 * backoff by the queue and, after the last attempt, the case shows the error and can be retried by
 * the user. The case status on failure is written by `markIntakeFailed` (the job's onFailure hook).
 */
import { getDatabase, type Database } from "~/lib/db.server";
import { toJsonValue } from "~/lib/json";
import type { JobTransaction } from "~/queue/define-job";
import { PermanentJobError } from "~/queue/errors";
import { publish } from "~/queue/live-events.server";
import { DocumentError, isRetryableDocumentError } from "~/documents/parse-pdf.server";
import { parseDocumentIsolated } from "~/documents/parse-document-isolated.server";
import { dbOcrCache } from "~/documents/ocr-cache.server";
import { fenced, StaleAttemptError, type AttemptFence } from "~/queue/fence.server";
import { indexDocument, loadParsedDocument, markDocumentFailed } from "~/documents/store-document.server";
import type { ParsedDocument } from "~/clinical/contracts";
import { runPipeline } from "~/clinical/pipeline/run-pipeline";
import { getAgents, type IntakeAgents } from "./agents.server";
import { loadPipelineInputs } from "./pipeline-inputs.server";
import { saveIntakeResults } from "./save-intake-results.server";
import { textToParsedDocument } from "./text-document";
import { withAttachments } from "./attachments.server";
import { emitWebhookEvent } from "~/webhooks/emit-webhook-event.server";
import type { WebhookEventType } from "~/webhooks/event-types";
import { notifyPasDecision } from "~/fhir/pas-subscriptions.server";

export const STEP_LABELS = ["Reading document", "Checking eligibility", "Clinical review", "Audit check", "Making a decision"] as const;

export interface IntakeOptions {
  attempt?: number;
  maxAttempts?: number;
  /**
   * The job attempt running this intake (JobContext.fence): every write to the case goes through
   * it, so an attempt that no longer holds the job (declared dead, timed out) writes nothing.
   */
  fence?: AttemptFence;
  /** the agents to run (default: the model when configured, else the built-in engine) */
  agents?: IntakeAgents;
}

/** Stores the step on the case row (fenced), then publishes a step event on the case channel. */
async function step(
  database: Database,
  fence: AttemptFence | undefined,
  pa: { id: string; organization_id: string },
  n: number,
  message: string,
  status = "running",
) {
  await fenced(database, fence, (tx) => tx.priorAuth.update({ where: { id: pa.id }, data: { intake_step: n, intake_status: status } }));
  await publish(database, `prior_auth:${pa.id}`, "step", { step: n, label: STEP_LABELS[n - 1], message, status });
}

/**
 * Runs `fn` as one recorded agent run of a case (prior auth or claim): an ai_agent_runs row
 * "running" with its input, then "succeeded" with the output or "failed" with the error, timed in
 * ms; every write fenced with the job attempt (a stale attempt's bookkeeping is dropped). Returns
 * what `fn` returns; rethrows what it throws.
 */
export async function recordAgentRun<T>(
  database: Database,
  fence: AttemptFence | undefined,
  owner: { organization_id: string; prior_auth_id?: string; claim_id?: string },
  agent: string,
  stepNo: number,
  engine: { engine: string; model: string | null },
  input: unknown,
  fn: () => Promise<T>,
): Promise<T> {
  const run = await fenced(database, fence, (tx) =>
    tx.aiAgentRun.create({
      data: {
        organization_id: owner.organization_id,
        prior_auth_id: owner.prior_auth_id ?? null,
        claim_id: owner.claim_id ?? null,
        agent,
        step: stepNo,
        status: "running",
        task_message: STEP_LABELS[stepNo - 1],
        engine: engine.engine,
        model: engine.model,
        input: toJsonValue(input) ?? undefined,
      },
    }),
  );
  const started = Date.now();
  try {
    const out = await fn();
    await fenced(database, fence, (tx) =>
      tx.aiAgentRun.update({
        where: { id: run.id },
        data: { status: "succeeded", output: JSON.parse(JSON.stringify(out ?? null)), finished_at: new Date(), duration_ms: Date.now() - started },
      }),
    );
    return out;
  } catch (err) {
    if (!(err instanceof StaleAttemptError)) {
      await fenced(database, fence, (tx) =>
        tx.aiAgentRun.update({
          where: { id: run.id },
          data: { status: "failed", error: (err as Error).message, finished_at: new Date(), duration_ms: Date.now() - started },
        }),
      ).catch(() => {}); // a stale attempt's bookkeeping is dropped with the rest of its work
    }
    throw err;
  }
}

/** Runs the whole intake for `priorAuthId`; see the module comment. Returns the final decision. */
export async function runIntake(database: Database, priorAuthId: string, opts: IntakeOptions = {}) {
  const pa = await database.prisma.priorAuth.findUnique({
    where: { id: priorAuthId },
    include: { documents: { orderBy: { created_at: "asc" } }, epa_submission: true },
  });
  if (!pa) return { skipped: "deleted" as const };
  const { agents, embed } = opts.agents ?? getAgents({ database, organizationId: pa.organization_id, priorAuthId: pa.id });
  const fence = opts.fence;
  // Previous runs' agent records are replaced, not accumulated.
  await fenced(database, fence, async (tx) => {
    await tx.aiAgentRun.deleteMany({ where: { prior_auth_id: pa.id } });
    await tx.priorAuth.update({ where: { id: pa.id }, data: { intake_error: null } });
  });
  await publish(database, `org:${pa.organization_id}`, "prior_auth", { id: pa.id, intake_status: "running" });
  // Webhook events (PRODUCT-SPEC §9) go out at the same points as the organization's live events.
  const emit = (type: WebhookEventType, data: Record<string, unknown> = {}) =>
    emitWebhookEvent(
      database,
      pa.organization_id,
      type,
      { id: pa.id, submission_type: pa.submission_type, attempt: opts.attempt ?? 1, ...data },
      { bestEffort: true },
    );
  await emit("prior_auth.processing");
  await emit("prior_auth.intake.processing");
  // Step 3 is the coverage-policy review: prior_auth.coverage_policy.* follow it.
  let currentStep = 0;
  const onStep = async (n: number, message: string) => {
    await step(database, fence, pa, n, message);
    if (n >= 3 && currentStep < 3) await emit("prior_auth.coverage_policy.processing");
    if (n > 3 && currentStep <= 3) await emit("prior_auth.coverage_policy.succeeded");
    currentStep = n;
  };

  try {
    // ── 1. Document ──
    await step(database, fence, pa, 1, "Reading the document");
    const fax = pa.documents.find((d) => d.kind === "fax" || d.kind === "epa");
    let caseDoc: ParsedDocument;
    let documentId: string | null = null;
    if (fax && fax.kind === "fax") {
      documentId = fax.id;
      caseDoc = await recordAgentRun(
        database,
        fence,
        { organization_id: pa.organization_id, prior_auth_id: pa.id },
        "document",
        1,
        { engine: "builtin", model: null },
        { document_id: fax.id, bytes: fax.byte_size },
        async () => {
          // On an isolated thread with a time and memory limit: a hostile PDF cannot stall this
          // worker (and its heartbeat) nor exhaust its memory.
          const parsed = await parseDocumentIsolated(new Uint8Array(fax.data), { ocrCache: dbOcrCache(database, pa.organization_id), ocrEngine: "native" });
          await indexDocument(database, { id: fax.id, organization_id: pa.organization_id, prior_auth_id: pa.id }, parsed, embed, { fence });
          return parsed;
        },
      );
    } else if (pa.epa_submission) {
      caseDoc = textToParsedDocument(pa.epa_submission.synthetic_document);
      if (fax) {
        documentId = fax.id;
        await indexDocument(database, { id: fax.id, organization_id: pa.organization_id, prior_auth_id: pa.id }, caseDoc, embed, { fence });
      }
      // PDFs sent with an electronic request (PAS DocumentReferences) are read like faxes
      caseDoc = await withAttachments(database, { organization_id: pa.organization_id, prior_auth_id: pa.id }, pa.documents, caseDoc, embed, fence);
    } else {
      const stored = fax ? await loadParsedDocument(database, fax.id) : null;
      if (!stored) throw new DocumentError("unreadable", "This prior auth has no document to read.");
      caseDoc = stored;
    }

    // ── 2–5. Extraction + eligibility, clinical review, audit, decision (app/clinical pipeline) ──
    const inputs = await loadPipelineInputs(database, pa, caseDoc, pa.submission_type === "fax" ? "fax" : "epa");
    const result = await runPipeline(inputs, agents, {
      step: onStep,
      run: (agent, n, engine, input, fn) =>
        recordAgentRun(database, fence, { organization_id: pa.organization_id, prior_auth_id: pa.id }, agent, n, engine, input, fn),
    });
    const { decision } = result;

    await saveIntakeResults(database, pa, result, fence);
    await publish(database, `prior_auth:${pa.id}`, "step", { step: 5, label: STEP_LABELS[4], message: "Decision ready", status: "succeeded" });
    await publish(database, `prior_auth:${pa.id}`, "completed", { final_decision: decision.final_decision, confidence_score: decision.confidence_score });
    await publish(database, `org:${pa.organization_id}`, "prior_auth", { id: pa.id, intake_status: "succeeded" });
    if (currentStep === 3) await emit("prior_auth.coverage_policy.succeeded");
    const outcome = { final_decision: decision.final_decision, confidence_score: decision.confidence_score };
    await emit("prior_auth.intake.succeeded", outcome);
    await emit("prior_auth.succeeded", outcome);
    // a PAS request answered pended: its submitter's subscriptions learn the engine's decision
    if (pa.submission_type === "pas") await notifyPasDecision(database, pa.organization_id, "prior_auth", pa.id);
    return { final_decision: decision.final_decision };
  } catch (err) {
    if (currentStep === 3 && !(err instanceof StaleAttemptError))
      await emit("prior_auth.coverage_policy.failed", { error: (err as Error)?.message ?? "failed" });
    // The case's status (retrying / failed with the error) is written by the job's onFailure hook
    // in the same transaction that records the failed attempt (markIntakeFailed), so that a job that
    // fails in any way, including a worker found dead, always leaves its case failed or queued.
    // A reader that ran out of time may do better on a later attempt (issue 23, item 6): retried
    // with the job's backoff, then failed with its error like any unreadable document.
    const permanent =
      (err instanceof DocumentError || (err as Error)?.name === "DocumentError") &&
      !(isRetryableDocumentError(err) && (opts.attempt ?? 1) < (opts.maxAttempts ?? 1));
    if (permanent) {
      const message = (err as Error).message || "The document could not be read";
      const doc = pa.documents.find((d) => d.kind === "fax");
      if (doc) await markDocumentFailed(database, doc.id, message, fence);
      // Retrying cannot fix an unreadable document: fail the job (and so the case) at once.
      throw new PermanentJobError(message, { cause: err });
    }
    throw err;
  }
}

/**
 * onFailure hook of the `prior_auth.intake` job, run in the transaction that records the failed
 * attempt: the case becomes `failed` with the error (Retry shows) when no attempt is left, else
 * `queued` with "Attempt n failed: ... Retrying.". A deleted case is ignored.
 * Returns the live events to publish once the transaction commits.
 */
export async function markIntakeFailed(
  tx: JobTransaction,
  priorAuthId: string,
  info: { attempt: number; final: boolean; message: string },
): Promise<() => Promise<void>> {
  const message = info.message.trim() || "Intake failed";
  const status = info.final ? "failed" : "queued";
  const pa = await tx.priorAuth.findUnique({ where: { id: priorAuthId }, select: { id: true, organization_id: true, submission_type: true } });
  if (!pa) return async () => {};
  await tx.priorAuth.update({
    where: { id: pa.id },
    data: info.final
      ? { intake_status: "failed", intake_error: message }
      : { intake_status: "queued", intake_error: `Attempt ${info.attempt} failed: ${message.replace(/\.$/, "")}. Retrying.` },
  });
  if (info.final) {
    // Enqueued in this transaction: the failure and its webhook deliveries commit together.
    const database = await getDatabase();
    const data = { id: pa.id, submission_type: pa.submission_type, attempt: info.attempt, error: message };
    await emitWebhookEvent(database, pa.organization_id, "prior_auth.intake.failed", data, { tx });
    await emitWebhookEvent(database, pa.organization_id, "prior_auth.failed", data, { tx });
  }
  return async () => {
    const database = await getDatabase();
    await publish(database, `prior_auth:${pa.id}`, info.final ? "failed" : "retrying", { error: message, attempt: info.attempt });
    await publish(database, `org:${pa.organization_id}`, "prior_auth", { id: pa.id, intake_status: status });
  };
}
