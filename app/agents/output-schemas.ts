/**
 * What each model prompt must return ("wire" schemas), in the strict structured-output subset:
 * every property required, optional values as null, no open records.
 *
 * Models never produce offsets. Document-reading prompts return verbatim `quotes` with a page;
 * prompts that reason over numbered evidence return `{ ref, quote }` pointers. Agents turn both into
 * Citations (app/agents/cite.ts) and map the reply onto the engine contracts (app/agents/schemas.ts).
 */
import { z } from "zod";

/** A verbatim quote from the document and the page (1-based) it is on. */
export const QuoteSchema = z.object({
  page: z.number().int(),
  quote: z.string(),
});

/** A pointer to evidence passage [ref] (1-based) and the verbatim words relied on (or "" for all of it). */
export const EvidenceRefSchema = z.object({
  ref: z.number().int(),
  quote: z.string(),
});

const quotes = z.array(QuoteSchema);
const s = () => z.string().nullable();

const TherapyOutputSchema = z.object({
  drug_name: z.string(),
  dose: s(),
  start_date: s(),
  end_date: s(),
  duration_days: z.number().nullable(),
  outcome: z.enum(["inadequate_response", "intolerance", "contraindication", "ongoing", "unknown"]),
  quotes,
});

export const ExtractionOutputSchema = z.object({
  request_date: s(),
  urgency: z.enum(["standard", "expedited"]),
  patient: z.object({
    first_name: s(),
    last_name: s(),
    birth_date: s(),
    gender: z.enum(["male", "female", "other", "unknown"]).nullable(),
    member_id: s(),
    insurance_plan: s(),
    quotes,
  }),
  practitioner: z.object({
    full_name: s(),
    first_name: s(),
    last_name: s(),
    credential: s(),
    npi: s(),
    specialty: s(),
    phone: s(),
    fax: s(),
    organization_name: s(),
    state_license: s(),
    quotes,
  }),
  medication: z.object({
    drug_name: s(),
    generic_name: s(),
    strength: s(),
    dosage: s(),
    quantity: z.number().nullable(),
    quantity_unit: s(),
    days_supply: z.number().nullable(),
    duration_months: z.number().nullable(),
    ndc: s(),
    drug_class: s(),
    quotes,
  }),
  diagnoses: z.array(z.object({ code: s(), description: s(), primary: z.boolean(), quotes })),
  prior_therapies: z.array(TherapyOutputSchema),
  concurrent_therapies: z.array(TherapyOutputSchema),
  labs: z.array(z.object({ name: z.string(), value: z.number().nullable(), value_text: s(), unit: s(), date: s(), quotes })),
  notes: z.array(z.object({ text: z.string(), quotes })),
});
export type ExtractionOutput = z.infer<typeof ExtractionOutputSchema>;

export const EligibilityOutputSchema = z.object({
  /** member_id of the matching roster member, or null when nobody on the roster matches */
  member_id: s(),
  /** drug_name of the matching formulary row, or null */
  formulary_drug_name: s(),
  reason: z.string(),
  evidence: z.array(EvidenceRefSchema),
});
export type EligibilityOutput = z.infer<typeof EligibilityOutputSchema>;

export const DecisionTreeOutputSchema = z.object({
  title: z.string(),
  drug_names: z.array(z.string()),
  nodes: z.array(
    z.object({
      id: z.string(),
      node_type: z.enum(["question", "action"]),
      question: z.string(),
      reason: s(),
      node_action: z.enum(["approved", "denied"]).nullable(),
      condition: s(),
      parent_id: s(),
      /** verbatim policy text this node comes from */
      source: QuoteSchema.nullable(),
    }),
  ),
  edges: z.array(z.object({ source: z.string(), target: z.string(), condition: s() })),
});
export type DecisionTreeOutput = z.infer<typeof DecisionTreeOutputSchema>;

export const ClinicalReviewOutputSchema = z.object({
  answers: z.array(
    z.object({
      node_id: z.string(),
      /** one of the node's answer options, or "Unknown" when the evidence cannot decide it */
      answer: z.string(),
      reason: z.string(),
      evidence: z.array(EvidenceRefSchema),
    }),
  ),
});
export type ClinicalReviewOutput = z.infer<typeof ClinicalReviewOutputSchema>;

export const AuditOutputSchema = z.object({
  findings: z.array(
    z.object({
      check: z.string(),
      passed: z.boolean().nullable(),
      severity: z.enum(["info", "warning", "blocking"]),
      message: z.string(),
      evidence: z.array(EvidenceRefSchema),
    }),
  ),
});
export type AuditOutput = z.infer<typeof AuditOutputSchema>;

export const DecisionOutputSchema = z.object({
  final_decision: z.enum(["approved", "denied", "needs_more_information"]),
  confidence_score: z.number().min(0).max(1),
  ai_summary: z.string(),
  rationale: z.string(),
  evidence: z.array(EvidenceRefSchema),
});
export type DecisionOutput = z.infer<typeof DecisionOutputSchema>;

export const SyntheticPriorAuthOutputSchema = z.object({
  document: z.string().min(200, "the document must be a complete PA request (at least 200 characters)"),
});
export type SyntheticPriorAuthOutput = z.infer<typeof SyntheticPriorAuthOutputSchema>;
