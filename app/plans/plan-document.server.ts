/**
 * A plan's document (PRODUCT-SPEC §3 "Plan: ... file_url"): one PDF per plan, stored by the app as a
 * Document row (kind "plan", plan_id) with the same checks as every upload (a PDF by its magic
 * number, at most MAX_UPLOAD_MB, 25 MB by default; app/documents/store-document.server.ts).
 * Uploading again replaces it; it can be removed. Every function is scoped to one organization: a
 * plan of another organization is "not found".
 */
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { checkDocument, storeDocument } from "~/documents/store-document.server";
import { createPlan, requirePlan } from "./manage-plans.server";
import type { PlanInput } from "./plan-schemas";

/** What a page or /api answer shows of a plan document (no bytes). */
export interface PlanDocumentInfo {
  id: string;
  filename: string;
  /** bytes */
  byte_size: number;
  content_type: string;
  uploaded_at: string;
}

const SELECT = { id: true, filename: true, byte_size: true, content_type: true, created_at: true } as const;

function info(doc: { id: string; filename: string; byte_size: number; content_type: string; created_at: Date }): PlanDocumentInfo {
  return { id: doc.id, filename: doc.filename, byte_size: doc.byte_size, content_type: doc.content_type, uploaded_at: doc.created_at.toISOString() };
}

/** Checks a plan document before anything is written. Throws AppError("validation"): 'Please upload a PDF file' or the size limit. */
export function checkPlanDocument(file: { bytes: Uint8Array }): void {
  checkDocument({ kind: "plan", bytes: file.bytes });
}

/** The plan's document, or null when it has none. Throws AppError not_found for another organization's plan. */
export async function getPlanDocument(database: Database, organizationId: string, planId: string): Promise<PlanDocumentInfo | null> {
  await requirePlan(database, organizationId, planId);
  const doc = await database.prisma.document.findFirst({
    where: { organization_id: organizationId, plan_id: planId, kind: "plan" },
    orderBy: { created_at: "desc" },
    select: SELECT,
  });
  return doc ? info(doc) : null;
}

/** The documents of many plans of one organization at once (plan id → document), for lists. */
export async function getPlanDocuments(database: Database, organizationId: string, planIds: string[]): Promise<Map<string, PlanDocumentInfo>> {
  if (planIds.length === 0) return new Map();
  const docs = await database.prisma.document.findMany({
    where: { organization_id: organizationId, plan_id: { in: planIds }, kind: "plan" },
    orderBy: { created_at: "asc" },
    select: { ...SELECT, plan_id: true },
  });
  return new Map(docs.map((d) => [d.plan_id!, info(d)]));
}

/**
 * Stores `file` as the plan's document, replacing the one it had (in one transaction: the plan never
 * has two, or none after a failed replace). Throws AppError not_found (another organization's plan),
 * validation ('Please upload a PDF file' for an empty or non-PDF file, or one over the size limit).
 */
export async function setPlanDocument(
  database: Database,
  organizationId: string,
  planId: string,
  file: { bytes: Uint8Array; filename: string },
): Promise<PlanDocumentInfo> {
  await requirePlan(database, organizationId, planId);
  checkDocument({ kind: "plan", bytes: file.bytes });
  const doc = await database.prisma.$transaction(async (tx) => {
    await tx.document.deleteMany({ where: { organization_id: organizationId, plan_id: planId, kind: "plan" } });
    return storeDocument(
      database,
      { organization_id: organizationId, kind: "plan", plan_id: planId, filename: file.filename || "plan.pdf", bytes: file.bytes },
      undefined,
      tx,
    );
  });
  return info(doc);
}

/** Removes the plan's document. Throws AppError not_found for another organization's plan or a plan without a document. */
export async function removePlanDocument(database: Database, organizationId: string, planId: string): Promise<void> {
  await requirePlan(database, organizationId, planId);
  const { count } = await database.prisma.document.deleteMany({ where: { organization_id: organizationId, plan_id: planId, kind: "plan" } });
  if (count === 0) throw new AppError("not_found", "This plan has no document");
}

/** The plan document's bytes for download: {filename, content_type, data}. Throws AppError not_found as removePlanDocument. */
export async function readPlanDocument(database: Database, organizationId: string, planId: string) {
  await requirePlan(database, organizationId, planId);
  const doc = await database.prisma.document.findFirst({
    where: { organization_id: organizationId, plan_id: planId, kind: "plan" },
    orderBy: { created_at: "desc" },
    select: { filename: true, content_type: true, data: true },
  });
  if (!doc) throw new AppError("not_found", "This plan has no document");
  return { filename: doc.filename, content_type: doc.content_type, data: new Uint8Array(doc.data) };
}

/** A file field of a form (multipart) as {bytes, filename}, or null when absent or empty. */
export async function fileFromForm(value: unknown): Promise<{ bytes: Uint8Array; filename: string } | null> {
  if (!value || typeof value !== "object" || !("arrayBuffer" in value) || (value as File).size === 0) return null;
  const f = value as File;
  return { bytes: new Uint8Array(await f.arrayBuffer()), filename: f.name };
}

/** The Response serving a plan document: a PDF inline, or as a download with `download`. */
export function planDocumentResponse(doc: { filename: string; data: Uint8Array }, opts: { download?: boolean } = {}): Response {
  const filename = doc.filename.replace(/["\\\r\n]/g, "_");
  return new Response(doc.data as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `${opts.download ? "attachment" : "inline"}; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * A plan document as /api answers it: {filename, byte_size, content_type, uploaded_at, url}, where url
 * is the tenancy-checked GET /api/o/{org}/plans/{plan}/document; null when the plan has none.
 */
export function serializePlanDocument(organizationId: string, planId: string, doc: PlanDocumentInfo | null | undefined) {
  if (!doc) return null;
  return {
    filename: doc.filename,
    byte_size: doc.byte_size,
    content_type: doc.content_type,
    uploaded_at: doc.uploaded_at,
    url: `/api/o/${encodeURIComponent(organizationId)}/plans/${encodeURIComponent(planId)}/document`,
  };
}

/**
 * Creates a plan (createPlan: one message per invalid field) with an optional document. The file is
 * checked before the plan is written, so a bad file leaves no plan behind. Throws as createPlan and
 * setPlanDocument.
 */
export async function createPlanWithDocument(
  database: Database,
  organizationId: string,
  input: PlanInput,
  file: { bytes: Uint8Array; filename: string } | null,
) {
  if (file) checkPlanDocument(file);
  const plan = await createPlan(database, organizationId, input);
  const document = file ? await setPlanDocument(database, organizationId, plan.id, file) : null;
  return { plan, document };
}
