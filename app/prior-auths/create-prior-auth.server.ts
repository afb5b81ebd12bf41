/**
 * Creating prior auths: from an uploaded fax PDF (Fax Simulation, POST /api/o/{org}/prior_auths
 * multipart `file`) or from a synthetic ePA document (`submission_type: "epa"`). Creating a case
 * queues its intake automatically.
 */
import type { Database } from "~/lib/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { AppError } from "~/lib/errors";
import { readFormBody, readJsonBody } from "~/lib/request-body";
import { enqueue, organizationLane } from "~/queue/enqueue.server";
import { publish } from "~/queue/live-events.server";
import { checkDocument, storeDocument, type StoreDocumentInput } from "~/documents/store-document.server";
import { dueAt } from "./regulatory-clock";

export interface CreateOptions {
  plan_id?: string | null;
  urgency?: "standard" | "expedited";
  /** when the request was received (default now); the regulatory clock starts here */
  received_at?: Date;
  /** false to create without queueing (tests) */
  queue?: boolean;
}

async function defaultPlanId(database: Database, organizationId: string, planId?: string | null) {
  if (planId) {
    const plan = await database.prisma.plan.findFirst({ where: { id: planId, organization_id: organizationId } });
    if (!plan) throw new AppError("not_found", "Plan not found");
    return plan.id;
  }
  // a drug request goes to the organization's one active pharmacy plan (a medical plan beside it is for claims)
  const pharmacy = await database.prisma.plan.findMany({
    where: { organization_id: organizationId, is_active: true, document_type: "pharmacy" },
    select: { id: true },
    take: 2,
  });
  if (pharmacy.length === 1) return pharmacy[0].id;
  const plans = await database.prisma.plan.findMany({ where: { organization_id: organizationId, is_active: true }, select: { id: true }, take: 2 });
  return plans.length === 1 ? plans[0].id : null;
}

/**
 * Largest ePA request text accepted, in UTF-8 bytes. A real ePA's clinical text is a few kB; the
 * limit keeps one request from storing hundreds of MB (issue 8, defect 14).
 */
export const EPA_DOCUMENT_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Creates a prior auth from a fax PDF and queues its intake. The file is checked before anything
 * is written, and the case, its document and its intake job are created in one transaction: a
 * rejected request leaves nothing behind.
 * Throws AppError("validation", "Please upload a PDF file") for a missing, empty or non-PDF file and
 * AppError("validation", "The file is larger than the N MB limit.") above `maxBytes` (MAX_UPLOAD_MB).
 */
export async function createPriorAuthFromFax(
  database: Database,
  organizationId: string,
  file: { bytes: Uint8Array; filename: string } | null | undefined,
  opts: CreateOptions & { maxBytes?: number } = {},
) {
  if (!file || !file.bytes?.byteLength) throw new AppError("validation", "Please upload a PDF file");
  const document = { organization_id: organizationId, kind: "fax" as const, filename: file.filename, bytes: file.bytes };
  checkDocument(document, opts.maxBytes);
  return createCase(database, organizationId, "fax", opts, document);
}

/**
 * Creates a prior auth from an ePA's synthetic document (plain text) and queues its intake; all or
 * nothing, like createPriorAuthFromFax.
 * Throws AppError("validation") when the document is empty or larger than EPA_DOCUMENT_MAX_BYTES.
 */
export async function createPriorAuthFromEpa(database: Database, organizationId: string, syntheticDocument: string, opts: CreateOptions = {}) {
  const text = (syntheticDocument ?? "").trim();
  if (!text) throw new AppError("validation", "The synthetic document is empty");
  // Cheap bound first (a UTF-8 byte is at most one UTF-16 unit), so a huge string is never encoded.
  if (text.length > EPA_DOCUMENT_MAX_BYTES || Buffer.byteLength(text, "utf8") > EPA_DOCUMENT_MAX_BYTES) {
    throw new AppError("validation", `The synthetic document is larger than the ${EPA_DOCUMENT_MAX_BYTES / 1048576} MB limit.`);
  }
  const bytes = new TextEncoder().encode(text);
  const document = { organization_id: organizationId, kind: "epa" as const, filename: "epa-submission.txt", bytes, content_type: "text/plain" };
  return createCase(database, organizationId, "epa", opts, document, text);
}

/** A supporting file sent with an electronic request (stored as a document of kind "attachment"). */
export interface CaseAttachment {
  filename: string;
  bytes: Uint8Array;
  content_type: string;
}

/**
 * Creates a prior auth from a Da Vinci PAS request (POST /fhir/Claim/$submit, app/fhir): the
 * request rendered as labelled text (the case document the intake reads, as for an ePA), the PAS
 * request bundle kept as the submission's payload, and the request's PDF attachments stored as
 * documents of kind "attachment" (read by the intake like faxes). `submission_type` is "pas". All
 * or nothing, like createPriorAuthFromEpa, whose limits and errors apply to `text`; an attachment
 * that is not a PDF or above the upload limit → AppError("validation").
 */
export async function createPriorAuthFromPas(
  database: Database,
  organizationId: string,
  input: { text: string; payload: Prisma.InputJsonValue; attachments: CaseAttachment[]; member_id?: string | null },
  opts: CreateOptions = {},
) {
  const text = input.text.trim();
  if (!text) throw new AppError("validation", "The request has nothing to review");
  if (Buffer.byteLength(text, "utf8") > EPA_DOCUMENT_MAX_BYTES)
    throw new AppError("validation", `The request is larger than the ${EPA_DOCUMENT_MAX_BYTES / 1048576} MB limit.`);
  const attachments = input.attachments.map((a) => ({ organization_id: organizationId, kind: "attachment" as const, ...a }));
  for (const a of attachments) checkDocument(a);
  const document = {
    organization_id: organizationId,
    kind: "epa" as const,
    filename: "pas-request.txt",
    bytes: new TextEncoder().encode(text),
    content_type: "text/plain",
  };
  return createCase(database, organizationId, "pas", opts, document, text, { payload: input.payload, attachments, member_id: input.member_id ?? null });
}

/**
 * The case row, its document and (unless opts.queue is false) its intake job, in one transaction;
 * the regulatory clock starts at received_at. Live events go out after the commit.
 */
async function createCase(
  database: Database,
  organizationId: string,
  submissionType: "fax" | "epa" | "pas",
  opts: CreateOptions,
  document: Omit<StoreDocumentInput, "prior_auth_id">,
  syntheticDocument?: string,
  extra: { payload?: Prisma.InputJsonValue; attachments?: Omit<StoreDocumentInput, "prior_auth_id">[]; member_id?: string | null } = {},
) {
  const receivedAt = opts.received_at ?? new Date();
  const planId = await defaultPlanId(database, organizationId, opts.plan_id);
  const queue = opts.queue !== false;
  const { pa, job } = await database.prisma.$transaction(
    async (tx) => {
      const pa = await tx.priorAuth.create({
        data: {
          organization_id: organizationId,
          submission_type: submissionType,
          intake_status: queue ? "queued" : "pending",
          plan_id: planId,
          urgency: opts.urgency ?? "standard",
          received_at: receivedAt,
          due_at: dueAt(receivedAt, opts.urgency),
          ...(extra.member_id ? { member_id: extra.member_id } : {}),
          ...(syntheticDocument !== undefined ? { epa_submission: { create: { synthetic_document: syntheticDocument, payload: extra.payload } } } : {}),
        },
      });
      await storeDocument(database, { ...document, prior_auth_id: pa.id }, Number.MAX_SAFE_INTEGER, tx);
      for (const attachment of extra.attachments ?? []) await storeDocument(database, { ...attachment, prior_auth_id: pa.id }, Number.MAX_SAFE_INTEGER, tx);
      const job = queue
        ? await enqueue(database, "prior_auth.intake", { prior_auth_id: pa.id }, { key: intakeJobKey(pa.id), tx, lane: organizationLane(organizationId) })
        : null;
      return { pa, job };
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
  await publish(database, `org:${organizationId}`, "prior_auth", { id: pa.id, intake_status: pa.intake_status });
  if (job) await publish(database, `prior_auth:${pa.id}`, "queued", { job_id: job.id });
  return pa;
}

/** The queue key of a case's intake job (one queued-or-running intake per case). */
export function intakeJobKey(priorAuthId: string): string {
  return `intake:${priorAuthId}`;
}

/**
 * Queues (or re-queues, for "Complete intake with AI" / run_ai) the intake of a prior auth of this
 * organization. The job and the case's `queued` status are written in one transaction (outbox), so
 * a case never says queued without a job. A run already queued is not duplicated; a run in
 * progress is asked to run again when it ends (EnqueueOptions.key), so the re-run is never dropped.
 * Throws AppError not_found for a case of another organization or none.
 */
export async function queueIntake(database: Database, organizationId: string, priorAuthId: string) {
  const pa = await database.prisma.priorAuth.findFirst({ where: { id: priorAuthId, organization_id: organizationId }, select: { id: true } });
  if (!pa) throw new AppError("not_found", "Prior auth not found");
  const job = await database.prisma.$transaction(
    async (tx) => {
      // Job row first, then the case row: the same lock order as a worker recording an attempt.
      const queued = await enqueue(
        database,
        "prior_auth.intake",
        { prior_auth_id: pa.id },
        { key: intakeJobKey(pa.id), tx, lane: organizationLane(organizationId) },
      );
      const updated = await tx.priorAuth.updateMany({ where: { id: pa.id }, data: { intake_status: "queued", intake_error: null, intake_step: 0 } });
      if (updated.count === 0) throw new AppError("not_found", "Prior auth not found"); // deleted meanwhile
      return queued;
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
  await publish(database, `org:${organizationId}`, "prior_auth", { id: pa.id, intake_status: "queued" });
  await publish(database, `prior_auth:${pa.id}`, "queued", { job_id: job.id });
  return job;
}

// ───────────── one entry point for the /api and the Fax Simulation / ePA modals ─────────────

/** What a create request carries: a fax upload or an ePA's synthetic document. */
export type CreatePriorAuthInput = (
  | { submission_type: "fax"; file: { bytes: Uint8Array; filename: string } | null; urgency?: "standard" | "expedited" }
  | { submission_type: "epa"; synthetic_document: string; urgency?: "standard" | "expedited" }
) & {
  /** create even when the same content was received in the last 30 days (`create_anyway`: true / "1" / "true") */
  create_anyway?: boolean;
};

/**
 * Reads a create request: multipart with `file` (also `fax[file]` / `fax.file`) → fax;
 * JSON or form with `submission_type: "epa"` and `epa_submission.synthetic_document`
 * (also `epa_submission[synthetic_document]` / `synthetic_document`) → ePA. `create_anyway` (true, "1",
 * "true") skips the duplicate check.
 * Anything else is a fax without a file (→ 'Please upload a PDF file'). Malformed JSON, an unreadable
 * form or NUL characters → AppError("bad_request").
 */
export async function readCreatePriorAuthRequest(request: Request): Promise<CreatePriorAuthInput> {
  const type = request.headers.get("content-type") ?? "";
  let fields: Record<string, unknown> = {};
  let file: File | null = null;
  if (type.includes("application/json")) {
    const value = await readJsonBody(request);
    fields = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } else if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    for (const [k, v] of await readFormBody(request)) {
      if (typeof v === "string") fields[k] = v;
      else if (!file && ["file", "fax[file]", "fax.file", "fax"].includes(k)) file = v;
    }
  }
  const urgency = fields.urgency === "expedited" ? "expedited" : fields.urgency === "standard" ? "standard" : undefined;
  const create_anyway = fields.create_anyway === true || fields.create_anyway === "1" || fields.create_anyway === "true";
  if (fields.submission_type === "epa") {
    const nested = fields.epa_submission && typeof fields.epa_submission === "object" ? (fields.epa_submission as Record<string, unknown>) : {};
    const text =
      nested.synthetic_document ?? fields["epa_submission[synthetic_document]"] ?? fields["epa_submission.synthetic_document"] ?? fields.synthetic_document;
    return { submission_type: "epa", synthetic_document: typeof text === "string" ? text : "", urgency, create_anyway };
  }
  if (!file || file.size === 0) return { submission_type: "fax", file: null, urgency, create_anyway };
  return { submission_type: "fax", file: { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name || "fax.pdf" }, urgency, create_anyway };
}

/**
 * Creates a prior auth from either input and queues its intake (see createPriorAuthFromFax /
 * createPriorAuthFromEpa for the errors). Returns the public summary of the new case.
 */
export async function createPriorAuth(database: Database, organizationId: string, input: CreatePriorAuthInput, opts: CreateOptions = {}) {
  const options = { ...opts, urgency: input.urgency ?? opts.urgency };
  const pa =
    input.submission_type === "epa"
      ? await createPriorAuthFromEpa(database, organizationId, input.synthetic_document, options)
      : await createPriorAuthFromFax(database, organizationId, input.file, options);
  return serializeCreatedPriorAuth(pa);
}

/** The public summary of a newly created case (CreatedPriorAuthSchema). */
export function serializeCreatedPriorAuth(pa: {
  id: string;
  created_at: Date;
  submission_type: string;
  intake_status: string;
  urgency: string;
  due_at: Date | null;
}) {
  return {
    token: pa.id,
    created_at: pa.created_at.toISOString(),
    submission_type: pa.submission_type,
    intake_status: pa.intake_status,
    urgency: pa.urgency,
    due_at: pa.due_at?.toISOString() ?? null,
  };
}
