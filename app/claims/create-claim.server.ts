/**
 * Creating medical claims: from a fax PDF ('Medical Claim fax simulation', POST /api/o/{org}/claims
 * multipart `{submission_type, fax.file}`) or from an ePA-style text submission. The claim, its
 * document and its `claim.intake` job are written in one transaction; the organization channel
 * (`org:{id}`, event `claim`) refreshes the list.
 */
import type { Database } from "~/lib/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { AppError } from "~/lib/errors";
import { readFormBody, readJsonBody } from "~/lib/request-body";
import { enqueue, organizationLane } from "~/queue/enqueue.server";
import { publish } from "~/queue/live-events.server";
import { checkDocument, storeDocument, type StoreDocumentInput } from "~/documents/store-document.server";
import { EPA_DOCUMENT_MAX_BYTES, type CaseAttachment } from "~/prior-auths/create-prior-auth.server";
import { normalizeToken } from "~/prior-auths/require-prior-auth.server";
import { dueAt } from "~/prior-auths/regulatory-clock";
import { parse837p, type X12Claim } from "./x12-837p";

/** What a create request carries. */
export type CreateClaimInput =
  | { submission_type: "fax"; file: { bytes: Uint8Array; filename: string } | null }
  | { submission_type: "epa"; synthetic_document: string }
  /** a Da Vinci PAS request (app/fhir): its labelled text, the request bundle, its PDF attachments */
  | { submission_type: "pas"; synthetic_document: string; payload: Prisma.InputJsonValue; attachments: CaseAttachment[] }
  /** an X12 837P interchange (app/claims/x12-837p.ts): one claim per CLM, see createX12Claims */
  | { submission_type: "x12_837p"; file: { bytes: Uint8Array; filename: string } | null };

/** What an 837P claim keeps in its epa_submission payload: the mapping the intake reviews. */
export interface X12ClaimPayload {
  x12_837p: Omit<X12Claim, "document"> & { filename: string };
}

/** The queue key of a claim's intake job (one queued-or-running intake per claim). */
export function claimIntakeJobKey(claimId: string): string {
  return `claim-intake:${claimId}`;
}

async function defaultPlanId(database: Database, organizationId: string): Promise<string | null> {
  // a claim is reviewed on the organization's medical plan when it has exactly one active one
  const medical = await database.prisma.plan.findMany({
    where: { organization_id: organizationId, is_active: true, document_type: "medical" },
    select: { id: true },
    take: 2,
  });
  if (medical.length === 1) return medical[0].id;
  const plans = await database.prisma.plan.findMany({ where: { organization_id: organizationId, is_active: true }, select: { id: true }, take: 2 });
  return plans.length === 1 ? plans[0].id : null;
}

/**
 * Creates a claim from `input` and (unless opts.queue is false) queues its intake.
 * Throws AppError("validation", "Please upload a PDF file") for a missing, empty or non-PDF fax,
 * AppError("validation") for an empty or oversized text submission.
 */
export async function createClaim(
  database: Database,
  organizationId: string,
  input: Exclude<CreateClaimInput, { submission_type: "x12_837p" }>,
  opts: { queue?: boolean; received_at?: Date; plan_id?: string | null } = {},
) {
  let document: Omit<StoreDocumentInput, "claim_id">;
  let synthetic: string | undefined;
  let attachments: Omit<StoreDocumentInput, "claim_id">[] = [];
  if (input.submission_type === "epa" || input.submission_type === "pas") {
    const text = (input.synthetic_document ?? "").trim();
    if (!text) throw new AppError("validation", "The synthetic document is empty");
    if (text.length > EPA_DOCUMENT_MAX_BYTES || Buffer.byteLength(text, "utf8") > EPA_DOCUMENT_MAX_BYTES)
      throw new AppError("validation", `The synthetic document is larger than the ${EPA_DOCUMENT_MAX_BYTES / 1048576} MB limit.`);
    document = {
      organization_id: organizationId,
      kind: "epa",
      filename: "epa-submission.txt",
      bytes: new TextEncoder().encode(text),
      content_type: "text/plain",
    };
    synthetic = text;
    if (input.submission_type === "pas") {
      document.filename = "pas-request.txt";
      attachments = input.attachments.map((a) => ({ organization_id: organizationId, kind: "attachment" as const, ...a }));
      for (const a of attachments) checkDocument(a);
    }
  } else {
    if (!input.file || !input.file.bytes?.byteLength) throw new AppError("validation", "Please upload a PDF file");
    document = { organization_id: organizationId, kind: "fax", filename: input.file.filename, bytes: input.file.bytes };
  }
  checkDocument(document);
  const queue = opts.queue !== false;
  const planId = opts.plan_id !== undefined ? opts.plan_id : await defaultPlanId(database, organizationId);
  const receivedAt = opts.received_at ?? new Date();
  const { claim, job } = await database.prisma.$transaction(
    async (tx) => {
      const claim = await tx.claim.create({
        data: {
          organization_id: organizationId,
          submission_type: input.submission_type,
          intake_status: queue ? "queued" : "pending",
          plan_id: planId,
          received_at: receivedAt,
          // standard until intake reads an expedited request from the fax (saveClaimResults)
          due_at: dueAt(receivedAt, "standard"),
          ...(synthetic !== undefined
            ? { epa_submission: { create: { synthetic_document: synthetic, payload: input.submission_type === "pas" ? input.payload : undefined } } }
            : {}),
        },
      });
      await storeDocument(database, { ...document, claim_id: claim.id }, Number.MAX_SAFE_INTEGER, tx);
      for (const attachment of attachments) await storeDocument(database, { ...attachment, claim_id: claim.id }, Number.MAX_SAFE_INTEGER, tx);
      const job = queue
        ? await enqueue(database, "claim.intake", { claim_id: claim.id }, { key: claimIntakeJobKey(claim.id), tx, lane: organizationLane(organizationId) })
        : null;
      return { claim, job };
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
  await publish(database, `org:${organizationId}`, "claim", { id: claim.id, intake_status: claim.intake_status });
  if (job) await publish(database, `claim:${claim.id}`, "queued", { job_id: job.id });
  return claim;
}

/**
 * Reads a create request: multipart with `fax.file` (also `fax[file]`, `file`) and optional
 * `submission_type`; JSON or form with `submission_type: "epa"` and
 * `epa_submission.synthetic_document`. Malformed bodies → AppError("bad_request").
 */
export async function readCreateClaimRequest(request: Request): Promise<CreateClaimInput> {
  const type = request.headers.get("content-type") ?? "";
  const fields: Record<string, unknown> = {};
  let file: File | null = null;
  if (type.includes("application/json")) {
    const value = await readJsonBody(request);
    if (value && typeof value === "object" && !Array.isArray(value)) Object.assign(fields, value);
  } else if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    for (const [k, v] of await readFormBody(request)) {
      if (typeof v === "string") fields[k] = v;
      else if (!file && ["fax.file", "fax[file]", "file", "fax", "x12.file", "x12[file]", "x12"].includes(k)) file = v;
    }
  }
  if (fields.submission_type === "x12_837p") {
    // JSON: the interchange as a string in `x12` (or `file`)
    const inline = typeof fields.x12 === "string" ? fields.x12 : typeof fields.file === "string" && type.includes("json") ? fields.file : null;
    if (!file && inline) return { submission_type: "x12_837p", file: { bytes: new TextEncoder().encode(inline), filename: "claim.837p" } };
    if (!file || file.size === 0) return { submission_type: "x12_837p", file: null };
    return { submission_type: "x12_837p", file: { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name || "claim.837p" } };
  }
  if (fields.submission_type === "epa") {
    const nested = fields.epa_submission && typeof fields.epa_submission === "object" ? (fields.epa_submission as Record<string, unknown>) : {};
    const text =
      nested.synthetic_document ?? fields["epa_submission[synthetic_document]"] ?? fields["epa_submission.synthetic_document"] ?? fields.synthetic_document;
    return { submission_type: "epa", synthetic_document: typeof text === "string" ? text : "" };
  }
  if (!file || file.size === 0) return { submission_type: "fax", file: null };
  return { submission_type: "fax", file: { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name || "claim.pdf" } };
}

/**
 * Creates one claim per CLM of an X12 837P interchange (parse837p), all in one transaction with
 * their intake jobs: a file with any segment error creates nothing (X12IntakeError carries every
 * issue with its segment position and element). Each claim's document is its own segments (kind
 * "epa", text/plain) and its epa_submission keeps the segments and the mapping (X12ClaimPayload).
 * Throws AppError("validation") for a missing, empty, oversized or non-text file.
 */
export async function createX12Claims(
  database: Database,
  organizationId: string,
  file: { bytes: Uint8Array; filename: string } | null,
  opts: { queue?: boolean; received_at?: Date; plan_id?: string | null } = {},
) {
  if (!file || !file.bytes?.byteLength) throw new AppError("validation", "Please upload an X12 837P file");
  checkDocument({ kind: "epa", bytes: file.bytes });
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(file.bytes);
  } catch {
    throw new AppError("validation", "An X12 837P file is text (ASCII or UTF-8)");
  }
  const parsed = parse837p(text);
  const queue = opts.queue !== false;
  const planId = opts.plan_id !== undefined ? opts.plan_id : await defaultPlanId(database, organizationId);
  const receivedAt = opts.received_at ?? new Date();
  const created = await database.prisma.$transaction(
    async (tx) => {
      const out = [];
      for (const c of parsed) {
        const { document, ...mapping } = c;
        const payload: X12ClaimPayload = { x12_837p: { ...mapping, filename: file.filename } };
        const claim = await tx.claim.create({
          data: {
            organization_id: organizationId,
            submission_type: "x12_837p",
            intake_status: queue ? "queued" : "pending",
            plan_id: planId,
            received_at: receivedAt,
            due_at: dueAt(receivedAt, "standard"),
            epa_submission: { create: { synthetic_document: document, payload: JSON.parse(JSON.stringify(payload)) } },
          },
        });
        await storeDocument(
          database,
          {
            organization_id: organizationId,
            kind: "epa",
            filename: `${c.claim_id || "claim"}.837p.txt`,
            bytes: new TextEncoder().encode(document),
            content_type: "text/plain",
            claim_id: claim.id,
          },
          Number.MAX_SAFE_INTEGER,
          tx,
        );
        const job = queue
          ? await enqueue(database, "claim.intake", { claim_id: claim.id }, { key: claimIntakeJobKey(claim.id), tx, lane: organizationLane(organizationId) })
          : null;
        out.push({ claim, job, patient_control_number: c.claim_id });
      }
      return out;
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
  for (const { claim, job } of created) {
    await publish(database, `org:${organizationId}`, "claim", { id: claim.id, intake_status: claim.intake_status });
    if (job) await publish(database, `claim:${claim.id}`, "queued", { job_id: job.id });
  }
  return created.map(({ claim, patient_control_number }) => ({ ...claim, patient_control_number }));
}

/** The claim `claimId` of `organizationId`. Throws AppError("not_found", "Claim not found"). */
export async function requireClaim(database: Database, organizationId: string, claimId: string) {
  const id = normalizeToken(claimId);
  const claim = id ? await database.prisma.claim.findFirst({ where: { id, organization_id: organizationId } }) : null;
  if (!claim) throw new AppError("not_found", "Claim not found");
  return claim;
}

/**
 * Queues (or re-queues: 'Complete intake with AI', POST .../claims/{id}/run_ai) a claim's intake,
 * the job and the claim's `queued` status in one transaction. Throws AppError("not_found").
 */
export async function queueClaimIntake(database: Database, organizationId: string, claimId: string) {
  const claim = await requireClaim(database, organizationId, claimId);
  const job = await database.prisma.$transaction(async (tx) => {
    const queued = await enqueue(
      database,
      "claim.intake",
      { claim_id: claim.id },
      { key: claimIntakeJobKey(claim.id), tx, lane: organizationLane(organizationId) },
    );
    const updated = await tx.claim.updateMany({ where: { id: claim.id }, data: { intake_status: "queued", intake_error: null, intake_step: 0 } });
    if (updated.count === 0) throw new AppError("not_found", "Claim not found");
    return queued;
  });
  await publish(database, `org:${organizationId}`, "claim", { id: claim.id, intake_status: "queued" });
  await publish(database, `claim:${claim.id}`, "queued", { job_id: job.id });
  return job;
}

/** Permanently deletes a claim and everything under it (cascade). Throws AppError("not_found"). */
export async function deleteClaim(database: Database, organizationId: string, claimId: string): Promise<{ token: string }> {
  const id = normalizeToken(claimId);
  const { count } = id ? await database.prisma.claim.deleteMany({ where: { id, organization_id: organizationId } }) : { count: 0 };
  if (!count) throw new AppError("not_found", "Claim not found");
  await publish(database, `org:${organizationId}`, "claim", { id, deleted: true });
  return { token: id! };
}
