/**
 * Contracts between the built-in clinical engine's stages and the rest of the app.
 *
 * Everything here is plain data (JSON-serialisable) so that it can be stored in AiAgentRun.input /
 * output, sent to an OpenAI-compatible model as JSON-schema output, and compared in evaluation.
 * Pages are 1-based; offsets are UTF-16 code-unit offsets into DocumentPageText.text.
 */

/** One word with its box, in PDF user-space points with a top-left origin. */
export interface WordBox {
  text: string;
  /** offsets of this word inside the page text */
  start: number;
  end: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface DocumentPageText {
  page: number;
  text: string;
  /** true when the text came from OCR instead of the PDF text layer */
  ocr: boolean;
  /** mean OCR confidence 0..1, null for text-layer pages */
  confidence: number | null;
  width: number;
  height: number;
  words: WordBox[];
}

export interface ParsedDocument {
  page_count: number;
  pages: DocumentPageText[];
}

/** A pointer to the exact text an agent relied on. */
export interface Citation {
  /** "fax" | "policy" | "epa" | a document id */
  document: string;
  document_id?: string;
  page: number;
  start: number;
  end: number;
  text: string;
}

export type Gender = "male" | "female" | "other" | "unknown";

export interface ExtractedPatient {
  first_name: string | null;
  last_name: string | null;
  birth_date: string | null; // YYYY-MM-DD
  gender: Gender | null;
  member_id: string | null;
  insurance_plan: string | null;
  citations: Citation[];
}

export interface ExtractedPractitioner {
  full_name: string | null; // "First Last", no credentials
  first_name: string | null;
  last_name: string | null;
  credential: string | null; // MD, DO, NP ...
  npi: string | null; // 10 digits
  npi_valid: boolean | null; // Luhn check with the 80840 prefix
  specialty: string | null;
  phone: string | null;
  fax: string | null;
  organization_name: string | null;
  state_license: string | null;
  citations: Citation[];
}

export interface ExtractedMedication {
  drug_name: string | null; // plan formulary drug name the request maps to (as written when unmapped)
  /** optional: the drug name/strength text exactly as written on the request */
  drug_name_as_written?: string | null;
  generic_name: string | null;
  strength: string | null;
  dosage: string | null; // sig / directions
  quantity: number | null;
  quantity_unit: string | null;
  days_supply: number | null;
  duration_months: number | null;
  ndc: string | null; // normalised 5-4-2, 11 digits
  drug_class: string | null;
  citations: Citation[];
}

export interface ExtractedDiagnosis {
  code: string | null; // ICD-10-CM, with the dot
  description: string | null;
  primary: boolean;
  citations: Citation[];
}

export type TherapyOutcome =
  | "inadequate_response"
  | "intolerance"
  | "contraindication"
  | "ongoing"
  | "unknown";

export interface PriorTherapy {
  drug_name: string;
  dose: string | null;
  start_date: string | null;
  end_date: string | null;
  duration_days: number | null;
  outcome: TherapyOutcome;
  citations: Citation[];
}

export interface LabValue {
  name: string; // normalised: "LDL-C", "A1c", "eGFR", "eosinophils" ...
  value: number | null;
  value_text: string | null;
  unit: string | null;
  date: string | null; // YYYY-MM-DD
  citations: Citation[];
}

/** Everything the extraction agent found in a case. Extraction helper owns this shape. */
export interface CaseFacts {
  request_date: string | null; // YYYY-MM-DD, date the fax was sent
  urgency: "standard" | "expedited";
  patient: ExtractedPatient;
  practitioner: ExtractedPractitioner;
  medication: ExtractedMedication;
  diagnoses: ExtractedDiagnosis[];
  prior_therapies: PriorTherapy[];
  concurrent_therapies: PriorTherapy[];
  labs: LabValue[];
  /** free-text clinical statements worth keeping (e.g. "see attached notes" with nothing attached) */
  notes: { text: string; citations: Citation[] }[];
}

export interface RosterMember {
  member_id: string;
  first_name: string;
  last_name: string;
  birth_date: string;
  gender: string | null;
  plan_identification: string | null;
  coverage_start: string;
  coverage_end: string | null;
}

export interface FormularyRow {
  drug_name: string;
  ndc: string | null;
  tier: number | null;
  requires_prior_auth: boolean;
  quantity_limit: { amount: number; unit: string; period_days: number } | null;
  quantity_limit_note?: string | null;
  step_therapy: { drug_name: string; duration_days: number }[];
}

export interface EligibilityResult {
  eligible: boolean | null; // null: cannot be determined
  member: RosterMember | null;
  reason: string;
  formulary: FormularyRow | null;
  citations: Citation[];
}

/** Decision tree as stored in CoveragePolicyNode/Edge (ids are local to the tree). */
export interface TreeNode {
  id: string;
  node_type: "question" | "action";
  question: string; // criterion text, or the action label
  reason: string | null; // why this node exists / approval duration etc.
  node_action: "approved" | "denied" | null;
  condition: string | null; // answer on the edge from the parent ("Yes", "No", "Rheumatoid arthritis")
  parent_id: string | null;
  /** machine-readable criterion for the built-in evaluator; free-form, engine-owned */
  criterion: Record<string, unknown> | null;
  passage: Citation | null; // where in the policy this came from
}

export interface DecisionTree {
  title: string;
  drug_names: string[];
  nodes: TreeNode[];
  edges: { source: string; target: string; condition: string | null }[];
}

export type CriterionOutcome = "met" | "not_met" | "insufficient";

export interface CriterionResult {
  node_id: string;
  question: string;
  outcome: CriterionOutcome;
  reason: string;
  citations: Citation[];
  /** optional: "direct" when a fax passage states it, "inferred" when concluded from absence/defaults */
  evidence?: "direct" | "inferred";
}

export interface ReviewResult {
  policy_id: string | null;
  /** criteria results grouped per path/branch (e.g. per indication) */
  paths: { title: string; outcome: CriterionOutcome; criteria: CriterionResult[] }[];
  traversal: { node_question_or_action: string; node_answer: string; next_node: string | null }[];
  /** optional: policy exclusion checks; outcome "met" means the exclusion APPLIES to the case */
  exclusions?: CriterionResult[];
  /** optional: how the indication branch was chosen (single branch, ICD/diagnosis match, none) */
  indication?: {
    status: "matched" | "single" | "no_diagnosis" | "not_covered";
    branches: { title: string; score: number; citation: Citation | null }[];
  };
}

export interface AuditFinding {
  check: string;
  passed: boolean | null;
  severity: "info" | "warning" | "blocking";
  message: string;
  citations: Citation[];
}

export type FinalDecision = "approved" | "denied" | "needs_more_information";

export interface DecisionResult {
  final_decision: FinalDecision;
  confidence_score: number; // 0..1
  ai_summary: string;
  rationale: string;
  citations: Citation[];
  decision_tree_traversal: ReviewResult["traversal"];
}
