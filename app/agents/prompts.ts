/**
 * Default prompts of the model path, as data: one entry per prompt_type with the system prompt, the
 * user prompt template and the JSON Schema the reply must follow. /api/prompts.json serves these
 * (until an organisation edits them in the Prompt table) and run_prompt sends them.
 *
 * User prompts are templates: `{{name}}` placeholders are filled by `renderPrompt`. The placeholders
 * each prompt_type receives are listed in `variables`.
 */
import { toStrictJsonSchema } from "./json-schema";
import {
  AuditOutputSchema,
  ClinicalReviewOutputSchema,
  DecisionOutputSchema,
  DecisionTreeOutputSchema,
  EligibilityOutputSchema,
  ExtractionOutputSchema,
} from "./output-schemas";

export type PromptType = "extraction" | "eligibility" | "clinical_review" | "audit" | "decision" | "decision_tree";

export interface PromptTemplate {
  prompt_type: PromptType;
  /** response_format.json_schema.name */
  schema_name: string;
  system_prompt: string;
  user_prompt: string;
  json_schema: Record<string, unknown>;
  /** placeholders the user_prompt may use */
  variables: string[];
}

/** Overrides an organisation (Prompt table) or a developer (run_prompt) may supply to an agent. */
export interface PromptOverride {
  system_prompt?: string | null;
  user_prompt?: string | null;
}

const CITE_QUOTES =
  "For every value you report, add `quotes`: one to three short excerpts (at most 120 characters each) " +
  "copied character for character from the document, with the page number they are on. Quote only text " +
  "that is in the document; an empty list is better than an invented quote.";

const CITE_REFS =
  "Support every statement with `evidence`: the number of an evidence passage ([1], [2] ...) and a short " +
  'verbatim quote from that passage (or "" to cite the whole passage). Cite only passages you actually used.';

export const DECISION_RULES = `Decision semantics (apply exactly):
- denied: a policy criterion clearly fails on every applicable path, an exclusion applies, the member is not on the roster or not covered on the request date, or the drug is not covered for the stated indication. A clear failure wins over missing information elsewhere.
- needs_more_information: no path is fully met, nothing clearly fails, and a required criterion cannot be judged because information is absent or illegible (a prior therapy without dose or duration, a missing lab value or diagnosis, notes referenced but not attached, a lab older than the policy allows).
- approved: every criterion of at least one applicable path is met with evidence, the member is eligible on the request date, and no exclusion applies.
- Formulary step therapy is satisfied by a documented trial of the required length, or by a documented intolerance or contraindication where the coverage policy allows that; where the policy and the formulary row disagree, the policy wins. The request date is the date the fax was sent.`;

const EXTRACTION: PromptTemplate = {
  prompt_type: "extraction",
  schema_name: "case_facts",
  system_prompt: `You are a prior authorization (PA) intake specialist. You read a faxed PA request (text per page, possibly OCR with errors) and extract the case facts.

Rules:
- Report what the document says; never guess. Use null for anything absent or illegible.
- Dates as YYYY-MM-DD. request_date is the date the fax was sent (fax header or form date).
- urgency is "expedited" only when the request is marked urgent, expedited or exigent.
- Patient: name, date of birth, gender, member ID and plan as written.
- Practitioner: the prescriber. full_name is "First Last" without credentials; credential separately (MD, DO, NP, PA ...). NPI is the 10-digit number; phone and fax as written.
- Medication: the drug requested, as written, plus generic name, strength, directions (dosage), quantity and unit, days supply, requested duration in months, NDC as written, drug class.
- Diagnoses: ICD-10-CM codes with the dot and their descriptions; mark the primary one.
- prior_therapies: drugs tried before for this condition, with dose, start/end dates, duration in days and the outcome (inadequate_response, intolerance, contraindication, ongoing, unknown). concurrent_therapies: drugs taken now alongside the request.
- labs: name normalised (LDL-C, A1c, eGFR, eosinophils ...), numeric value, the value as written, unit, date.
- notes: clinical statements a reviewer needs that fit nowhere else, e.g. "see attached notes" when nothing is attached.
- ${CITE_QUOTES}`,
  user_prompt: `Prior authorization request ({{page_count}} pages):

{{document}}`,
  json_schema: toStrictJsonSchema(ExtractionOutputSchema, "case_facts"),
  variables: ["page_count", "document"],
};

const ELIGIBILITY: PromptTemplate = {
  prompt_type: "eligibility",
  schema_name: "eligibility",
  system_prompt: `You match a prior authorization request to the plan's eligibility roster and formulary.

Rules:
- member_id: the roster member who is the same person as the patient (member ID, name, date of birth). Tolerate OCR confusions (O/0, I/1, S/5) but never pick a member whose name and date of birth both differ. null when nobody matches.
- formulary_drug_name: drug_name of the formulary row for the requested drug (brand or generic name, or NDC). null when no row matches.
- Do not judge coverage dates: the application checks them against the request date.
- reason: one sentence.
- ${CITE_REFS}`,
  user_prompt: `Request date: {{request_date}}

Case facts:
{{case_facts}}

Roster candidates:
{{roster}}

Formulary rows:
{{formulary}}

Evidence passages:
{{evidence}}`,
  json_schema: toStrictJsonSchema(EligibilityOutputSchema, "eligibility"),
  variables: ["request_date", "case_facts", "roster", "formulary", "evidence"],
};

const DECISION_TREE: PromptTemplate = {
  prompt_type: "decision_tree",
  schema_name: "decision_tree",
  system_prompt: `You turn a drug coverage policy into a decision tree that a utilization management reviewer follows.

Rules:
- Use the policy's initial-approval criteria. When criteria differ per indication, start with a branch question ("Which indication is requested?") whose outgoing edges are labelled with the indication names; otherwise start with the first criterion.
- Question nodes hold exactly one criterion each, phrased as a yes/no question with the policy's numbers (ages, durations, lab thresholds, recency). Alternatives ("one of the following") stay in one question.
- Edges go from parent to child; condition is "Yes", "No" or the indication name. Each node's parent_id is the source of its incoming edge (null for the root). Exactly one root.
- Every leaf is an action node: node_type "action", node_action "approved" or "denied", question is the action label ("Approve", "Deny"), reason gives the approval duration or the denial reason. A failed criterion leads to a "denied" action; the last met criterion of a path leads to "approved".
- Question nodes have node_action null. Node ids are short and unique ("n1", "n2" ...).
- source: the policy text the node comes from, copied character for character (at most 200 characters), with its page; null for generic actions.`,
  user_prompt: `Coverage policy: {{title}}
Drugs: {{drug_names}}

{{document}}`,
  json_schema: toStrictJsonSchema(DecisionTreeOutputSchema, "decision_tree"),
  variables: ["title", "drug_names", "document"],
};

const CLINICAL_REVIEW: PromptTemplate = {
  prompt_type: "clinical_review",
  schema_name: "clinical_review",
  system_prompt: `You are a clinical pharmacist reviewing a prior authorization request against a coverage policy decision tree.

Rules:
- Answer every question node listed, with exactly one of its answer options, or "Unknown" when the case cannot decide it (information absent, illegible, or older than the policy allows).
- Judge only from the case facts and the numbered evidence passages. Never assume a fact that is not documented.
- Apply the policy as written: durations of trials, lab thresholds and their recency, prescriber specialty, age on the request date. The request date is the date the fax was sent.
- Step therapy is satisfied by a documented trial of the required length, or by a documented intolerance or contraindication where the policy allows that.
- reason: one or two sentences naming the facts that decide the answer.
- ${CITE_REFS}`,
  user_prompt: `Request date: {{request_date}}

Decision tree "{{tree_title}}". Question nodes and their answer options:
{{tree}}

Case facts:
{{case_facts}}

Evidence passages:
{{evidence}}`,
  json_schema: toStrictJsonSchema(ClinicalReviewOutputSchema, "clinical_review"),
  variables: ["request_date", "tree_title", "tree", "case_facts", "evidence"],
};

const AUDIT: PromptTemplate = {
  prompt_type: "audit",
  schema_name: "audit",
  system_prompt: `You audit a prior authorization case before the decision: is the file complete and consistent?

Report one finding per check, for these checks where they apply:
member_identity (patient matches the roster member), prescriber_npi (present, 10 digits, check digit valid), medication_match (requested drug, strength and NDC agree with the formulary row), quantity_limit (requested quantity and days supply within the formulary limit), diagnosis (ICD-10-CM codes present and consistent with the described condition), step_therapy (required prior therapies documented with dose, duration and outcome), labs (required lab values present and recent enough), attachments (notes or records referenced are actually included), review_support (each clinical-review answer is backed by the evidence).

- passed: true, false, or null when it cannot be checked.
- severity: "blocking" when the problem prevents approval, "warning" when a reviewer should look, "info" otherwise.
- message: one sentence a reviewer can act on.
- ${CITE_REFS}`,
  user_prompt: `Request date: {{request_date}}

Case facts:
{{case_facts}}

Eligibility and formulary:
{{eligibility}}

Clinical review:
{{review}}

Organisation rules (report each as its own check, named after the rule):
{{rules}}

Evidence passages:
{{evidence}}`,
  json_schema: toStrictJsonSchema(AuditOutputSchema, "audit"),
  variables: ["request_date", "case_facts", "eligibility", "review", "rules", "evidence"],
};

const DECISION: PromptTemplate = {
  prompt_type: "decision",
  schema_name: "decision",
  system_prompt: `You make the recommended decision on a prior authorization request from the eligibility result, the clinical review and the audit.

${DECISION_RULES}

- confidence_score: 0 to 1, how sure the documented evidence makes you.
- ai_summary: two or three sentences for the reviewer's queue.
- rationale: the criteria that decide it, naming the facts.
- ${CITE_REFS}`,
  user_prompt: `Request date: {{request_date}}
Requested medication: {{medication}}

Eligibility and formulary:
{{eligibility}}

Clinical review (paths and criteria):
{{review}}

Audit findings:
{{audit}}

Evidence passages:
{{evidence}}`,
  json_schema: toStrictJsonSchema(DecisionOutputSchema, "decision"),
  variables: ["request_date", "medication", "eligibility", "review", "audit", "evidence"],
};

/** The default prompt for each prompt_type (extraction, eligibility, clinical_review, audit, decision, decision_tree). */
export const DEFAULT_PROMPTS: readonly PromptTemplate[] = Object.freeze([EXTRACTION, ELIGIBILITY, CLINICAL_REVIEW, AUDIT, DECISION, DECISION_TREE]);

/** The default prompt of `type`; throws for an unknown type. */
export function getDefaultPrompt(type: PromptType): PromptTemplate {
  const p = DEFAULT_PROMPTS.find((x) => x.prompt_type === type);
  if (!p) throw new Error(`Unknown prompt_type "${type}"`);
  return p;
}

/** Fills `{{name}}` placeholders; a placeholder with no value becomes "" (never left for the model). */
export function renderPrompt(template: string, vars: Record<string, string | number | null | undefined>): string {
  return template.replace(/\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi, (_, name: string) => {
    const v = vars[name];
    return v == null ? "" : String(v);
  });
}

/** System and rendered user prompt for `type`, with an organisation's / developer's overrides applied. */
export function buildPrompt(
  type: PromptType,
  vars: Record<string, string | number | null | undefined>,
  override?: PromptOverride,
): { name: string; system: string; user: string } {
  const p = getDefaultPrompt(type);
  return {
    name: p.schema_name,
    system: override?.system_prompt?.trim() ? override.system_prompt : p.system_prompt,
    user: renderPrompt(override?.user_prompt?.trim() ? override.user_prompt : p.user_prompt, vars),
  };
}

/** JSON for a prompt (compact enough for the context window, readable for a model). */
export function asPromptJson(value: unknown): string {
  return JSON.stringify(value, null, 1);
}
