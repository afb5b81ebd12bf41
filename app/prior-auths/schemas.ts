/**
 * The /api contract of prior auths (PRODUCT-SPEC §3, §7) as zod schemas: request bodies the routes
 * parse, and the response shapes the domain functions return. The OpenAPI document
 * (app/openapi/openapi.ts) is generated from these same schemas, and the integration tests validate
 * real responses against them, so the documentation cannot drift from the code.
 */
import { CORRECTABLE_FIELDS, type CorrectableField } from "./correctable-fields";
import { z } from "zod";

// ───────────── shared pieces ─────────────

export const CitationSchema = z
  .object({
    document: z.string().describe('"fax" | "epa" | "policy" or a document id'),
    document_id: z.string().nullish(),
    page: z.number().int().describe("1-based page number"),
    start: z.number().int().optional().describe("start offset (characters) into the page text"),
    end: z.number().int().optional().describe("end offset (characters) into the page text"),
    text: z.string().describe("the quoted span"),
  })
  .meta({ id: "Citation" });

const IsoDateTime = z.string().describe("ISO 8601 date-time");
const IsoDay = z.string().describe("calendar day, YYYY-MM-DD");

export const DecisionLabelSchema = z.enum(["Approved", "Denied", "Outreach required", "Pending"]);

// ───────────── list ─────────────

export const PriorAuthListItemSchema = z
  .object({
    token: z.string(),
    created_at: IsoDateTime,
    time_ago_in_words: z.string(),
    patient_name: z.string().nullable(),
    medication_name: z.string().nullable(),
    practitioner_name: z.string().nullable(),
    request_date: IsoDay.nullable(),
    intake_status: z.string().describe("pending | queued | running | succeeded | failed"),
    intake_required: z.boolean().describe("true until intake_status is succeeded ('Intake required' badge)"),
    final_decision: z.string().nullable().describe("approved | denied | needs_more_information (human decision wins over the AI's)"),
    decision_label: DecisionLabelSchema,
    submission_type: z.string().describe("fax | epa | pas (Da Vinci PAS on /fhir/Claim/$submit)"),
  })
  .meta({ id: "PriorAuthListItem" });
export type PriorAuthListItem = z.infer<typeof PriorAuthListItemSchema>;

export { PRIOR_AUTH_SORT_KEYS } from "./list-prior-auths-input";

export const PaginationSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
});

export const PriorAuthListResponseSchema = z.object({
  prior_auths: z.array(PriorAuthListItemSchema),
  pagination: PaginationSchema,
});

// ───────────── detail ─────────────

export const PriorAuthCoreSchema = z.object({
  token: z.string(),
  created_at: IsoDateTime,
  intake_status: z.string(),
  intake_step: z.number().int().describe("live step 0-5"),
  intake_error: z.string().nullable(),
  epa_processed: z.boolean(),
  submission_type: z.string(),
  medication_name: z.string().nullable(),
  time_ago_in_words: z.string(),
  urgency: z.string().describe("standard | expedited"),
  received_at: IsoDateTime,
  due_at: IsoDateTime.describe("decision due: received + 72 h (expedited) or + 7 days (standard), CMS-0057-F"),
  on_time: z.boolean().describe("decided (or still open) within the regulatory time frame"),
  request_date: IsoDay.nullable(),
  withdrawn: z
    .object({ at: IsoDateTime, reason: z.string().nullable() })
    .nullable()
    .describe("the requester withdrew the request (a Da Vinci PAS cancellation), else null"),
});

export const FaxSchema = z.object({
  pdf_url: z.string().describe("expiring signed URL of the fax PDF (same as s3_signed_url)"),
  s3_signed_url: z.string().describe("expiring signed URL: /documents/{id}?expires=&signature="),
  image_urls: z.array(z.string()),
});

export const PatientSchema = z.object({
  token: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  birth_date: z.string().nullable(),
  gender: z.string().nullable(),
  insurance_plan: z.string().nullable(),
  plan_identification: z.string().nullable(),
  member_id: z.string().nullable(),
  citations: z.array(CitationSchema),
});

export const PractitionerSchema = z.object({
  token: z.string(),
  role: z.string(),
  full_name: z.string().nullable(),
  npi: z.string().nullable(),
  npi_valid: z.boolean().nullable(),
  state_license: z.string().nullable(),
  specialty: z.string().nullable(),
  phone_number: z.string().nullable(),
  contact_phone: z.string().nullable(),
  fax_phone_number: z.string().nullable(),
  fax_phone: z.string().nullable(),
  organization_name: z.string().nullable(),
  npi_data: z.record(z.string(), z.unknown()).nullable(),
  citations: z.array(CitationSchema),
});

export const AiResponseSchema = z.object({
  token: z.string(),
  agent: z.string(),
  summary: z.string(),
  approved: z.boolean().nullable(),
});

export const TraversalStepSchema = z.object({
  node_question_or_action: z.string(),
  node_answer: z.string().nullable(),
  next_node: z.string().nullable(),
});

export const AiDecisionSchema = z
  .object({
    token: z.string(),
    final_decision: z.string().describe("approved | denied | needs_more_information"),
    confidence_score: z.number().min(0).max(1),
    ai_summary: z.string(),
    rationale: z.string(),
    citations: z.array(CitationSchema),
    decision_tree_traversal: z.array(TraversalStepSchema),
    coverage_policy_version: z.number().int().nullable().describe("the coverage policy's decision-tree version this decision walked"),
    response_data: z.object({ is_approved: z.boolean() }),
    routing: z
      .object({ kind: z.enum(["other_payer", "not_a_request"]), payer: z.string().nullable(), action: z.string() })
      .nullable()
      .describe("a misdirected request (another payer's, or no request): return it or route it; never a clinical decision"),
    engine: z.string(),
    model: z.string().nullable(),
    created_at: IsoDateTime,
  })
  .meta({ id: "AiDecision" });

export const HumanDecisionSchema = z
  .object({
    token: z.string(),
    decision_type: z.enum(["approve", "deny"]),
    reason: z.string(),
    created_at: IsoDateTime,
    user: z.object({ id: z.string(), username: z.string(), email: z.string() }).nullable(),
  })
  .meta({ id: "HumanDecision" });

export const DiagnosisSchema = z.object({
  token: z.string(),
  code: z.string().nullable(),
  code_system: z.string(),
  description: z.string().nullable(),
  primary: z.boolean(),
  ai_summary: z.string().nullable(),
  clinical_indication_summary: z.string().nullable(),
  primary_diagnosis_code: z.string().nullable(),
  primary_diagnosis_description: z.string().nullable(),
  secondary_diagnoses: z.array(z.string()),
  citations: z.array(CitationSchema),
});

export const DiagnosesSummarySchema = z.object({
  ai_summary: z.string().nullable(),
  primary_diagnosis_code: z.string().nullable(),
  primary_diagnosis_description: z.string().nullable(),
  secondary_diagnoses: z.array(z.string()).describe("ICD-10-CM codes of the other diagnoses"),
});

export const MedicationRequestSchema = z.object({
  token: z.string(),
  drug_name: z.string().nullable().describe("the drug the request names (never a formulary drug substituted for it)"),
  drug_name_as_written: z.string().nullable().describe("the request's drug line exactly as written"),
  on_formulary: z.boolean().nullable().describe("false: the requested drug is not on the plan's formulary; null: not known"),
  strength: z.string().nullable(),
  dosage: z.string().nullable(),
  quantity: z.number().nullable(),
  quantity_unit: z.string().nullable(),
  days_supply: z.number().nullable(),
  duration_months: z.number().nullable(),
  ndc: z.string().nullable(),
  rxcui: z.string().nullable(),
  drug_class: z.string().nullable(),
  ai_summary: z.string().nullable(),
  citations: z.array(CitationSchema),
});

export const PbmPolicyResultSchema = z.object({
  token: z.string(),
  ndc: z.string().nullable(),
  requires_prior_auth: z.boolean().nullable(),
  on_formulary: z.boolean(),
  metadata: z.object({ tier: z.number().nullable().optional() }).catchall(z.unknown()),
  quantity_limit: z.object({ amount: z.number().nullable(), unit: z.string().nullable(), period: z.string().nullable() }).nullable(),
  step_therapy: z.object({ required_steps: z.array(z.object({ drug_name: z.string(), duration: z.string().nullable() })) }),
});

export const CoveragePolicyRefSchema = z.object({
  token: z.string(),
  drug_name: z.string(),
  file_url: z.string().nullable().describe("expiring signed URL of the policy PDF, when one was uploaded"),
});

export const PolicyChangeSchema = z
  .object({
    coverage_policy_token: z.string(),
    drug_name: z.string(),
    decided_version: z.number().int().describe("the decision tree version the latest AI decision walked"),
    current_version: z.number().int().describe("the version published now"),
  })
  .describe("set when the case's coverage policy published a newer decision tree after the latest AI decision; re-run to decide on it")
  .meta({ id: "PolicyChange" });

export const PolicyCheckStepSchema = z.object({
  id: z.string(),
  question: z.string(),
  reason: z.string(),
  passed: z.boolean().nullable(),
  outcome: z.string().describe("met | not_met | insufficient"),
  citations: z.array(CitationSchema),
});

export const PolicyCheckSchema = z.object({
  token: z.string(),
  title: z.string(),
  kind: z.string().describe("clinical | eligibility | audit | ai_rule"),
  passed: z.boolean().nullable(),
  policy_check_steps: z.array(PolicyCheckStepSchema),
});

export const LetterSchema = z
  .object({
    token: z.string(),
    kind: z.string(),
    created_at: IsoDateTime,
    denial_reason: z.string(),
    criterion: z.string().nullable(),
    pdf_url: z.string().describe("authenticated download of the letter PDF"),
    signed_off_by: z.string().nullable().describe("reviewer who signed off"),
  })
  .meta({ id: "Letter" });

export const DecisionProvenanceSchema = z
  .object({
    id: z.string().describe("the FHIR Provenance id (GET /fhir/Provenance/{id})"),
    recorded: IsoDateTime,
    decision: z.string(),
    line: z.string().nullable().describe("the claim line, for a claim's decision"),
    engine: z
      .object({ builtin: z.boolean(), name: z.string(), version: z.string() })
      .nullable()
      .describe("the engine or model that decided; null for a reviewer's own"),
    reviewers: z.array(
      z.object({ role: z.enum(["performer", "verifier"]), name: z.string().nullable(), npi: z.string().nullable(), specialty: z.string().nullable() }),
    ),
    signed_off: z
      .object({ name: z.string(), npi: z.string().nullable(), specialty: z.string().nullable(), at: IsoDateTime })
      .nullable()
      .describe("the clinical reviewer who signed off the denial"),
    policy: z
      .object({ token: z.string(), name: z.string(), tree_version: z.number().int().nullable(), effective_date: z.string().nullable() })
      .nullable()
      .describe("the screening criteria: coverage policy, decision tree version and its effective date"),
    rules_fired: z.array(z.object({ name: z.string(), stage: z.string(), detail: z.string() })).describe("the organization's AI rules that fired"),
    evidence: z.array(z.object({ document: z.string(), page: z.number().int(), text: z.string() })).describe("the evidence spans the decision cites"),
  })
  .meta({ id: "DecisionProvenance" });

export const PriorAuthDetailSchema = z
  .object({
    prior_auth: PriorAuthCoreSchema,
    fax: FaxSchema.nullable(),
    epa_submission: z.object({ synthetic_document: z.string() }).nullable(),
    patient: PatientSchema.nullable(),
    practitioner: PractitionerSchema.nullable().describe("the prescriber"),
    practitioners: z.array(PractitionerSchema),
    ai_responses: z.array(AiResponseSchema),
    ai_decision: AiDecisionSchema.nullable(),
    decision: HumanDecisionSchema.nullable().describe("the latest human decision"),
    diagnoses: z.array(DiagnosisSchema),
    diagnoses_summary: DiagnosesSummarySchema,
    medication_requests: z.array(MedicationRequestSchema),
    pbm_policy_result: PbmPolicyResultSchema.nullable(),
    coverage_policy: CoveragePolicyRefSchema.nullable(),
    policy_change: PolicyChangeSchema.nullable(),
    possible_duplicates: z
      .array(z.object({ token: z.string(), received_at: IsoDateTime, medication_name: z.string().nullable() }))
      .describe("other requests for the same member and drug received within 30 days of this one (newest first, at most 5)"),
    unread_pages: z
      .array(z.object({ page: z.number().int().min(1), error: z.string() }))
      .describe("pages of the request's document the reader could not read (damaged, and OCR found nothing): the case is not decided without them"),
    field_flags: z
      .array(
        z.object({
          field: z.enum(Object.keys(CORRECTABLE_FIELDS) as [CorrectableField, ...CorrectableField[]]),
          reason: z.string(),
          suggestion: z.string().optional(),
        }),
      )
      .describe("values read with low confidence (a poor scan, a close roster match, a label's words, a cut-off value): check them on the fax"),
    field_corrections: z
      .array(
        z.object({
          field: z.enum(Object.keys(CORRECTABLE_FIELDS) as [CorrectableField, ...CorrectableField[]]),
          value: z.string().nullable(),
          previous_value: z.string().nullable(),
          by: z.string().nullable(),
          at: IsoDateTime,
        }),
      )
      .describe("reviewers' corrections of values read from the request, newest first; they stand over every AI re-run"),
    policy_checks: z.array(PolicyCheckSchema),
    letters: z.array(LetterSchema),
    can_send_denial_letter: z.boolean(),
    can_override: z.boolean(),
    provenance: z
      .array(DecisionProvenanceSchema)
      .describe(
        "the provenance of every decision of the case, oldest first (engine and version, reviewers, policy and tree version, AI rules fired, evidence)",
      ),
  })
  .meta({ id: "PriorAuthDetail" });
export type PriorAuthDetail = z.infer<typeof PriorAuthDetailSchema>;

// ───────────── create / actions ─────────────

export const CreatedPriorAuthSchema = z
  .object({
    token: z.string(),
    created_at: IsoDateTime,
    submission_type: z.string(),
    intake_status: z.string(),
    urgency: z.string(),
    due_at: IsoDateTime.nullable(),
  })
  .meta({ id: "CreatedPriorAuth" });

export const CreateEpaBodySchema = z.object({
  submission_type: z.literal("epa"),
  epa_submission: z.object({ synthetic_document: z.string().min(1).describe("the ePA's request text") }),
  urgency: z.enum(["standard", "expedited"]).optional(),
  create_anyway: z.boolean().optional().describe("create even when the same ePA text was received in the last 30 days (else 409 with `duplicate`)"),
});

export const CreatePriorAuthResponseSchema = z.object({
  prior_auth: CreatedPriorAuthSchema,
  synthetic_prior_auth: CreatedPriorAuthSchema.describe("same object as prior_auth (key of the original client)"),
});

export const GenerateSyntheticBodySchema = z.object({
  description: z.string().trim().min(1, "Please describe the prior auth to generate").max(4000),
});

export const GenerateSyntheticResponseSchema = z.object({
  synthetic_prior_auth: z.object({ document: z.string().describe("editable request text; submit it as epa_submission.synthetic_document") }),
});

export const DenialLetterBodySchema = z.object({
  clinician_sign_off: z
    .union([z.boolean(), z.enum(["true", "false", "on", "1", "0"])])
    .optional()
    .describe("must be true: a clinician confirms the denial; the AI alone never sends a letter"),
  letter_form_id: z.string().optional().describe("LetterForm token; default: the organization's denial form"),
  denial_reason: z.string().max(4000).optional().describe("overrides the reason taken from the failed criteria"),
});

export const AgentRunSchema = z.object({
  token: z.string(),
  status: z.string().describe("running | succeeded | failed"),
  agent: z.string(),
  step: z.number().int().nullable(),
  task_message: z.string().nullable(),
  time_ago_in_words: z.string(),
  started_at: IsoDateTime,
  finished_at: IsoDateTime.nullable(),
  engine: z.string().describe("builtin | openai"),
  model: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  output: z.object({ response: z.object({ model: z.string().nullable() }) }),
});
