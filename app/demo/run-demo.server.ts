/**
 * A run of the public demo: the real agents (app/clinical pipeline with the configured agents, the
 * same as the prior-auth intake: built-in engine, or the model when OPENAI_BASE_URL is set) on an
 * example fax or a visitor's upload, against the public demo organization's plan only.
 *
 * Nothing of the visitor's is stored: the PDF is read in memory on the isolated document thread
 * (time and memory limits as for any fax), the pipeline runs in memory, the result is returned and
 * dropped. No prior auth, document, chunk or agent-run row is written; only the per-address rate
 * limit counter (rate_limits) is. Example faxes are rendered once per process and their reading is
 * cached in memory, since they never change.
 */
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import crypto from "node:crypto";
import { getEnv } from "~/env.server";
import { hitRateLimit, type RateLimitRule } from "~/auth/rate-limit.server";
import { parseDocumentIsolated } from "~/documents/parse-document-isolated.server";
import { checkDocument } from "~/documents/store-document.server";
import { DocumentError } from "~/documents/parse-pdf.server";
import type { ParsedDocument } from "~/documents/types";
import { runPipeline, type PipelineResult, type StageName } from "~/clinical/pipeline/run-pipeline";
import { getAgents } from "~/intake/agents.server";
import { loadPipelineInputs } from "~/intake/pipeline-inputs.server";
import { STEP_LABELS } from "~/intake/run-intake.server";
import { readFormBody, readJsonBody } from "~/lib/request-body";
import { RunDemoInputSchema, type RunDemoInput } from "./demo-input";
import { NO_DATA_MESSAGE, SYNTHETIC_NOTICE, type DemoKind } from "./demo-kinds";
import { demoFaxPdf, getDemoFax, requirePublicDemoOrganization, type DemoOrganization } from "./public-demo.server";

/** At most 10 runs per client address per 10 minutes (a run parses a PDF and runs every agent). */
export const DEMO_RUN_LIMIT: RateLimitRule = { max: 10, windowMs: 10 * 60 * 1000 };
export const DEMO_RATE_LIMITED = "Too many demo runs from your address. Please wait a few minutes and try again.";

/** What a run request carries: the parsed fields and an uploaded PDF, if any. */
export interface DemoRunRequest {
  input: RunDemoInput;
  file: { bytes: Uint8Array; filename: string } | null;
}

/**
 * Reads a run request: JSON `{kind, fax_id}`, or a form (multipart with `file` for fax_simulation).
 * Throws AppError("bad_request") for an unreadable body and AppError("validation") for bad fields.
 */
export async function readDemoRunRequest(request: Request): Promise<DemoRunRequest> {
  const type = request.headers.get("content-type") ?? "";
  let fields: Record<string, unknown> = {};
  let file: File | null = null;
  if (type.includes("application/json")) {
    const value = await readJsonBody(request);
    fields = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } else if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    for (const [k, v] of await readFormBody(request)) {
      if (typeof v === "string") fields[k] = v;
      else if (!file && k === "file") file = v;
    }
  }
  if (fields.fax_id === "") delete fields.fax_id;
  const parsed = RunDemoInputSchema.safeParse(fields);
  if (!parsed.success) {
    const messages = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message));
    throw new AppError("validation", messages[0]!, { details: messages.slice(1) });
  }
  const upload = file && file.size > 0 ? { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name || "fax.pdf" } : null;
  return { input: parsed.data, file: upload };
}

/**
 * A one-way fingerprint of a demo visitor's address, for the run limit only (issue 23, item 7):
 * HMAC-SHA256 keyed with SESSION_SECRET, first 32 hex characters. The address cannot be read back
 * from it without the server's secret; "unknown" when the address is unknown.
 */
export function demoClientFingerprint(ip: string | null): string {
  if (!ip) return "unknown";
  return crypto.createHmac("sha256", getEnv().SESSION_SECRET).update(`demo-client:${ip}`).digest("hex").slice(0, 32);
}

/**
 * Counts one demo run for `ip` (null: the shared "unknown" bucket). Throws
 * AppError("rate_limited", DEMO_RATE_LIMITED) (with the seconds to wait) over DEMO_RUN_LIMIT.
 */
export async function checkDemoRateLimit(ip: string | null, rule: RateLimitRule = DEMO_RUN_LIMIT): Promise<void> {
  // The demo promises to store nothing of a visitor: the budget is keyed by a fingerprint, never the address.
  const hit = await hitRateLimit(`demo:run:client:${demoClientFingerprint(ip)}`, rule);
  if (!hit.allowed) throw new AppError("rate_limited", DEMO_RATE_LIMITED, { details: [`Retry after ${hit.retryAfterSeconds} seconds.`] });
}

/** The result a demo run returns (snake_case, the tabs of the demo page). */
export interface DemoResult {
  kind: DemoKind;
  notice: string;
  organization: { token: string; name: string; plan: string | null };
  source: { type: "example" | "upload"; fax_id: string | null; title: string; filename: string; page_count: number; ocr_pages: number };
  engine: { engine: string; model: string | null };
  duration_ms: number;
  /** the five steps with what each took */
  steps: { step: number; label: string; agent: string; duration_ms: number }[];
  /** true when extraction found neither patient nor provider: show NO_DATA_MESSAGE and `no_data_errors` */
  no_data: boolean;
  no_data_message: string | null;
  no_data_errors: string[];
  patient: PipelineResult["facts"]["patient"];
  practitioners: PipelineResult["facts"]["practitioner"][];
  diagnoses: PipelineResult["facts"]["diagnoses"];
  medication_requests: PipelineResult["facts"]["medication"][];
  prior_therapies: PipelineResult["facts"]["prior_therapies"];
  labs: PipelineResult["facts"]["labs"];
  request_date: string | null;
  urgency: string;
  eligibility: PipelineResult["eligibility"];
  pbm_policy_result: PipelineResult["eligibility"]["formulary"];
  clinical_review: (PipelineResult["review"] & { coverage_policy: { id: string; title: string } | null }) | null;
  audit: PipelineResult["audit"];
  ai_decision: PipelineResult["decision"];
}

const STAGE_STEP: Record<StageName, number> = { extraction: 2, eligibility: 2, clinical_review: 3, audit: 4, decision: 5 };

async function readExample(faxId: string): Promise<ParsedDocument> {
  const key = Symbol.for("pa.demo.parsed-faxes");
  const g = globalThis as unknown as Record<symbol, Map<string, Promise<ParsedDocument>> | undefined>;
  const cache = (g[key] ??= new Map());
  let pending = cache.get(faxId);
  if (!pending) {
    pending = demoFaxPdf(faxId).then((bytes) => parseDocumentIsolated(new Uint8Array(bytes), {}));
    pending.catch(() => cache.delete(faxId));
    cache.set(faxId, pending);
  }
  return pending;
}

function hasAny(...values: (string | null | undefined)[]): boolean {
  return values.some((v) => typeof v === "string" && v.trim() !== "");
}

/**
 * Runs the demo of `kind` for the public demo organization `orgId` on example fax `fax_id` or the
 * uploaded `file` (fax_simulation; an upload wins when both are given). Errors (AppError):
 * not_found (organization not flagged as demo, unknown example), validation ('Please upload a PDF
 * file', choose a fax, file too large, unreadable PDF).
 */
export async function runDemo(database: Database, orgId: string | undefined, req: DemoRunRequest): Promise<DemoResult> {
  const org: DemoOrganization = await requirePublicDemoOrganization(database, orgId);
  const { kind } = req.input;
  const started = Date.now();
  const timings: DemoResult["steps"] = [];

  let caseDoc: ParsedDocument;
  let source: DemoResult["source"];
  const readStart = Date.now();
  try {
    if (req.file || kind === "fax_simulation") {
      if (!req.file) throw new AppError("validation", "Please upload a PDF file");
      checkDocument({ kind: "fax", bytes: req.file.bytes });
      caseDoc = await parseDocumentIsolated(req.file.bytes, {});
      source = {
        type: "upload",
        fax_id: null,
        title: "Your uploaded fax",
        filename: req.file.filename.slice(0, 200),
        page_count: caseDoc.page_count,
        ocr_pages: caseDoc.pages.filter((p) => p.ocr).length,
      };
    } else {
      if (!req.input.fax_id) throw new AppError("validation", "Choose an example fax");
      const fax = getDemoFax(req.input.fax_id);
      caseDoc = await readExample(fax.id);
      source = {
        type: "example",
        fax_id: fax.id,
        title: fax.title,
        filename: `${fax.id}${fax.scanned ? "-scan" : ""}.pdf`,
        page_count: caseDoc.page_count,
        ocr_pages: caseDoc.pages.filter((p) => p.ocr).length,
      };
    }
  } catch (err) {
    if (err instanceof DocumentError || (err as Error)?.name === "DocumentError")
      throw new AppError("validation", (err as Error).message || "The document could not be read");
    throw err;
  }
  timings.push({ step: 1, label: STEP_LABELS[0], agent: "document", duration_ms: Date.now() - readStart });

  const inputs = await loadPipelineInputs(database, { organization_id: org.token, plan_id: org.plan?.id ?? null, received_at: new Date() }, caseDoc, "fax");
  const { agents } = getAgents(null);
  const result = await runPipeline(inputs, agents, {
    run: async (agent, _step, _engine, _input, fn) => {
      const t0 = Date.now();
      try {
        return await fn();
      } finally {
        timings.push({ step: STAGE_STEP[agent], label: STEP_LABELS[STAGE_STEP[agent] - 1], agent, duration_ms: Date.now() - t0 });
      }
    },
  });

  const { facts } = result;
  const noPatient = !hasAny(facts.patient.first_name, facts.patient.last_name, facts.patient.member_id);
  const noProvider = !hasAny(facts.practitioner.full_name, facts.practitioner.npi);
  const noDataErrors = [
    ...(caseDoc.pages.every((p) => !p.text.trim()) ? ["No text could be read from the document."] : []),
    ...(noPatient ? ["Patient name and member ID are missing."] : []),
    ...(noProvider ? ["Prescriber name and NPI are missing."] : []),
  ];
  const noData = noPatient && noProvider;
  const policy = result.policyId
    ? await database.prisma.coveragePolicy.findFirst({ where: { id: result.policyId, organization_id: org.token }, select: { id: true, drug_name: true } })
    : null;

  return {
    kind,
    notice: SYNTHETIC_NOTICE,
    organization: { token: org.token, name: org.name, plan: org.plan?.title ?? null },
    source,
    engine: result.engine,
    duration_ms: Date.now() - started,
    steps: timings,
    no_data: noData,
    no_data_message: noData ? NO_DATA_MESSAGE : null,
    no_data_errors: noData ? noDataErrors : [],
    patient: facts.patient,
    practitioners: hasAny(facts.practitioner.full_name, facts.practitioner.npi) ? [facts.practitioner] : [],
    diagnoses: facts.diagnoses,
    medication_requests: hasAny(facts.medication.drug_name, facts.medication.drug_name_as_written) ? [facts.medication] : [],
    prior_therapies: facts.prior_therapies,
    labs: facts.labs,
    request_date: facts.request_date,
    urgency: facts.urgency,
    eligibility: result.eligibility,
    pbm_policy_result: result.eligibility.formulary,
    clinical_review: result.review ? { ...result.review, coverage_policy: policy ? { id: policy.id, title: policy.drug_name } : null } : null,
    audit: result.audit,
    ai_decision: result.decision,
  };
}
