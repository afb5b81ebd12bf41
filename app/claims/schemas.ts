/**
 * The /api contract of medical claims (PRODUCT-SPEC §7, issue 10) as zod schemas, for the OpenAPI
 * document: the create bodies (the fax upload is read by readCreateClaimRequest, the review bodies are
 * app/claims/review-input.ts) and the shapes listClaims / getClaimDetail / signOffAndSendLineDenial
 * return. Nested records the domain passes through from JSON columns (decision metadata, traversal)
 * are described as open objects.
 */
import { z } from "zod";
import { CitationSchema, DecisionProvenanceSchema, PatientSchema } from "~/prior-auths/schemas";

const IsoDateTime = z.string().describe("ISO 8601 date-time");
const OpenObject = z.record(z.string(), z.unknown());

// ───────────── create ─────────────

/** Multipart fax upload: `fax.file` (also accepted: `file`, `fax[file]`, `fax`). */
export const CreateClaimFaxBodySchema = z.object({
  submission_type: z.literal("fax").optional(),
  "fax.file": z.string().describe("the claim / medical request fax PDF (required: 'Please upload a PDF file')"),
});

/** JSON or form ePA: `{submission_type: "epa", epa_submission: {synthetic_document}}`. */
export const CreateClaimEpaBodySchema = z.object({
  submission_type: z.literal("epa"),
  epa_submission: z.object({ synthetic_document: z.string().min(1).describe("the electronic request's text") }),
});

/** Multipart X12 837P upload: `submission_type: "x12_837p"` and `file` (also `x12.file`, `x12`). */
export const CreateClaimX12BodySchema = z.object({
  submission_type: z.literal("x12_837p"),
  file: z.string().describe("an X12 837P (005010X222A1) interchange; one claim is created per CLM"),
});

/** One segment error of an 837P file (nothing is created when there is any). */
export const X12IssueSchema = z
  .object({
    segment: z.number().int().nullable().describe("1-based position of the segment in the interchange (ISA = 1); null for the whole file"),
    tag: z.string().nullable().describe("the segment's tag (SV1, DTP, HI …)"),
    element: z.string().nullable().describe('the element reference, e.g. "SV1-04" or "SV1-01-2" for a composite component'),
    message: z.string(),
  })
  .meta({ id: "X12Issue" });

export const CreatedClaimSchema = z.object({
  token: z.string(),
  intake_status: z.string().describe("queued when the intake job was enqueued"),
  submission_type: z.string().describe("fax | epa | pas | x12_837p"),
  created_at: IsoDateTime,
});

// ───────────── list ─────────────

export const ClaimListItemSchema = z
  .object({
    token: z.string(),
    id: z.string(),
    created_at: IsoDateTime,
    time_ago_in_words: z.string(),
    intake_finished: z.boolean(),
    intake_status: z.string().describe("pending | queued | running | completed | failed"),
    submission_type: z.string(),
    patient_name: z.string().nullable().describe("null until the intake read the patient ('Process intake')"),
    service_requests_size: z.number().int(),
  })
  .meta({ id: "ClaimListItem" });

// ───────────── detail ─────────────

export const ServiceDecisionSchema = z
  .object({
    token: z.string(),
    service_request_id: z.string(),
    agent: z.string().describe("the AI agent's name, or human for a reviewer's override"),
    approved: z.boolean().nullable(),
    final_decision: z.string().nullable().describe("approved | denied | needs_more_information"),
    reason: z.string().nullable(),
    ai_summary: z.string().nullable(),
    metadata: OpenObject.describe("confidence_score, criteria, coverage_policy_id, …"),
    citations: z.array(CitationSchema),
    decision_tree_traversal: z.array(OpenObject),
    signed_off: z.boolean(),
    signed_off_at: IsoDateTime.nullable(),
    created_at: IsoDateTime,
  })
  .meta({ id: "ServiceDecision" });

export const ServiceRequestSchema = z
  .object({
    token: z.string(),
    line_number: z.number().int(),
    code: z.string().nullable().describe("CPT / HCPCS code"),
    code_system: z.string().nullable(),
    description: z.string().nullable(),
    category: z.string().nullable(),
    ai_summary: z.string().nullable(),
    notes: z.string().nullable(),
    units: z.number().nullable(),
    date_of_service: z.string().nullable(),
    date_of_service_end: z.string().nullable(),
    place_of_service: z.string().nullable(),
    site_of_care: z.string().nullable(),
    modifiers: z.array(z.string()),
    ordering_provider: z.string().nullable(),
    rendering_provider: z.string().nullable(),
    citations: z.array(CitationSchema),
    decision: z.string().nullable().describe("the effective decision: a reviewer's override wins over the AI's"),
    approved_after_appeal: z.boolean().describe("an appeal overturned this line's denial: the line is approved after appeal (`decision` keeps the original)"),
    decisions: z.array(ServiceDecisionSchema),
    letters: z.array(z.object({ token: z.string(), denial_reason: z.string(), criterion: z.string().nullable(), created_at: IsoDateTime })),
    provenance: z
      .array(DecisionProvenanceSchema)
      .describe(
        "the provenance of each decision on this line, oldest first (engine and version, reviewers, policy and tree version, AI rules fired, evidence)",
      ),
  })
  .meta({ id: "ServiceRequest" });

export const ClaimDetailSchema = z.object({
  claim: z.object({
    token: z.string(),
    id: z.string(),
    created_at: IsoDateTime,
    time_ago_in_words: z.string(),
    intake_finished: z.boolean(),
    intake_status: z.string(),
    intake_step: z.number().int().describe("1-5 while the intake runs"),
    intake_error: z.string().nullable(),
    submission_type: z.string(),
    request_date: z.string().nullable(),
    plan: z.object({ id: z.string(), title: z.string() }).nullable(),
    service_requests_size: z.number().int(),
    urgency: z.string().describe("standard | expedited"),
    due_at: IsoDateTime.describe("when the determination is due (CMS-0057-F time frame, moved by a time-frame extension)"),
    received_at: IsoDateTime,
    assignee: z.object({ id: z.string(), username: z.string() }).nullable().describe("the reviewer working the claim"),
  }),
  fax: z
    .object({
      document_id: z.string(),
      pdf_url: z.string().describe("expiring signed URL of the fax PDF"),
      s3_signed_url: z.string(),
      status: z.string(),
      error: z.string().nullable(),
      page_count: z.number().int().nullable(),
    })
    .nullable(),
  epa_submission: z.object({ synthetic_document: z.string() }).nullable(),
  patient: PatientSchema.nullable(),
  claim_diagnoses: z.array(
    z.object({
      token: z.string(),
      code: z.string(),
      code_system: z.string().nullable(),
      description: z.string().nullable(),
      primary: z.boolean(),
      citations: z.array(CitationSchema),
    }),
  ),
  practitioners: z.array(OpenObject.describe("role, full_name, npi, npi_valid, specialty, phone/fax, organization_name, citations")),
  service_requests: z.array(ServiceRequestSchema),
  service_decisions: z.array(ServiceDecisionSchema),
  coverage_policies: z.array(z.object({ token: z.string(), name: z.string(), codes: z.unknown(), plan_id: z.string() })),
});

export const ClaimLineDenialLetterSchema = z.object({
  token: z.string(),
  service_request_id: z.string(),
  code: z.string().nullable(),
  service: z.string().describe("description and code of the denied service"),
  criterion: z.string().describe("the failed coverage criterion"),
  denial_reason: z.string(),
  body: z.string(),
  pdf_url: z.string().describe("authenticated download of the letter PDF"),
});
