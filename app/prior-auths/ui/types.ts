/**
 * The JSON shapes the prior-auth screens render (the read model of PRODUCT-SPEC §3 / §7, as returned
 * by listPriorAuths / getPriorAuthDetail). Only the fields the UI uses are typed; everything is
 * optional-tolerant because older cases, failed intakes and ePA cases leave parts empty.
 */

/** A cited span of a case document (engine `Citation`): 1-based page, character offsets, quoted text. */
export interface CitationJson {
  document: string;
  document_id?: string | null;
  page: number;
  start?: number;
  end?: number;
  text: string;
}

export interface PriorAuthListRow {
  token: string;
  created_at: string;
  time_ago_in_words?: string | null;
  patient_name: string | null;
  medication_name: string | null;
  practitioner_name: string | null;
  request_date: string | null;
  intake_status: string;
  intake_required: boolean;
  final_decision: string | null;
  decision_label?: string | null;
  submission_type: string;
}

export interface TraversalStep {
  node_question_or_action: string;
  node_answer: string | null;
  next_node: string | null;
}

export interface AiDecisionJson {
  token: string;
  final_decision: string;
  confidence_score: number;
  ai_summary: string;
  rationale: string;
  citations: CitationJson[];
  decision_tree_traversal: TraversalStep[];
  /** the coverage policy tree version the decision walked (null: none, or decided before versions) */
  coverage_policy_version?: number | null;
}

export interface HumanDecisionJson {
  decision_type: string;
  reason: string;
  created_at?: string;
}

export interface PolicyCheckStepJson {
  id: string;
  question: string;
  reason: string | null;
  passed: boolean | null;
  outcome?: string | null;
  citations?: CitationJson[] | null;
}

export interface PolicyCheckJson {
  token: string;
  title: string;
  kind?: string | null;
  policy_check_steps: PolicyCheckStepJson[];
}

export interface LetterJson {
  token: string;
  kind?: string;
  denial_reason?: string | null;
  created_at: string;
  pdf_url?: string | null;
  download_url?: string | null;
}

export type DecisionKind = "approved" | "denied" | "outreach";
