/**
 * Plain language at the presentation boundary (issue 24, item A).
 *
 * The clinical engine and the agents speak in codes and markup meant for the decision trail:
 * audit check names (`quantity_limit`, `duplicate_therapy`), outcome tags (`- [not_met] …`),
 * comparison symbols (`≥ 60 years`) and notes about how a value was read ("(read from the edited
 * question)"). None of that may reach a member's letter or a reviewer's reading text. Every place
 * that shows engine text to a person — letters, the reason a letter records as the human decision,
 * the case detail's criteria and rationale, the claim detail — goes through this one module, so the
 * wording is decided once. The code view (raw JSON) deliberately does not.
 */

/** Short labels of the codes the engine and the agents emit (check names, outcomes, kinds, decisions). */
export const CODE_LABELS: Readonly<Record<string, string>> = {
  // audit checks (app/clinical/audit)
  quantity_limit: "Quantity limit",
  step_therapy: "Step therapy",
  prescriber_restriction: "Prescriber requirement",
  date_sanity: "Request dates",
  duplicate_therapy: "Duplicate therapy",
  // criterion outcomes
  met: "Met",
  not_met: "Not met",
  insufficient: "Not documented",
  // policy check kinds
  clinical: "Clinical criteria",
  ai_rule: "AI rule",
  eligibility: "Eligibility",
  audit: "Audit",
  // decisions
  approved: "Approved",
  denied: "Denied",
  needs_more_information: "Needs more information",
  needs_more_info: "Needs more information",
  partially_approved: "Partially approved",
  pending: "Pending",
};

/**
 * The criterion an audit check stands for, worded as the requirement a member or reviewer reads
 * (used as the failed criterion of a denial letter and as the question of an audit step).
 */
export const CHECK_CRITERIA: Readonly<Record<string, string>> = {
  quantity_limit: "The requested quantity must be within the plan's quantity limit",
  step_therapy: "The plan's required step therapy must be tried first",
  prescriber_restriction: "The prescriber must meet the plan's prescriber requirement",
  date_sanity: "The dates of the request must be consistent",
  duplicate_therapy: "The member must not be on another drug of the same kind at the same time (duplicate therapy)",
};

/** Engine notes about how a value was read: meaningful in the trail, noise to a member. */
const ENGINE_ANNOTATIONS: RegExp[] = [/\s*\(read from the edited question\)/gi, /\s*\((?:read|taken) from the (?:edited|original) (?:question|answer)s?\)/gi];

const SNAKE_CASE = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

/** Sentence-case first letter. */
const capitalize = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/**
 * The plain label of a code: "quantity_limit" → "Quantity limit", "not_met" → "Not met"; an unknown
 * snake_case code reads as words ("prior_step" → "Prior step"). Empty/nullish → "".
 */
export function plainLabel(code: string | null | undefined): string {
  if (!code) return "";
  const key = code.trim();
  return CODE_LABELS[key] ?? capitalize(key.replace(/_/g, " "));
}

/**
 * A criterion/question as a person reads it: an audit check code becomes the requirement it
 * stands for (CHECK_CRITERIA), anything else goes through plainText.
 */
export function plainCriterion(question: string | null | undefined): string {
  if (!question) return "";
  const key = question.trim();
  return CHECK_CRITERIA[key] ?? plainText(key);
}

/**
 * Engine or agent text made readable for members and reviewers. Wording only, never meaning:
 *  - engine annotations such as "(read from the edited question)" are removed;
 *  - outcome markup "- [not_met] Q — R" becomes "Not met: Q — R" (also "[met]", "[insufficient]");
 *  - comparison symbols become words: ">=", "≥" → "at least"; "<=", "≤" → "at most";
 *    "> 5" → "more than 5"; "< 18" → "less than 18";
 *  - codes become words: a whole text that is a code gets its label ("quantity_limit" →
 *    "Quantity limit"), a code inside a sentence its lower-case label ("audit: quantity limit: …").
 * Nullish → "".
 */
export function plainText(text: string | null | undefined): string {
  if (!text) return "";
  const whole = text.trim();
  if (/^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/.test(whole) || CODE_LABELS[whole]) return plainLabel(whole);
  let out = text;
  for (const re of ENGINE_ANNOTATIONS) out = out.replace(re, "");
  out = out
    // "- [not_met] question" at the start of a line (the engine's criteria lists)
    .replace(/^[ \t]*[-*•]?[ \t]*\[([a-z_]+)\][ \t]*/gm, (_m, code: string) => `${plainLabel(code)}: `)
    // any other "[not_met]" tag
    .replace(/\[([a-z]+(?:_[a-z]+)*)\]/g, (_m, code: string) => `(${plainLabel(code).toLowerCase()})`)
    .replace(/\s*(?:>=|≥|=>)\s*/g, " at least ")
    .replace(/\s*(?:<=|≤|=<)\s*/g, " at most ")
    .replace(/\s*>\s*(?=[\d$.])/g, " more than ")
    .replace(/\s*<\s*(?=[\d$.])/g, " less than ")
    .replace(SNAKE_CASE, (code) => (CODE_LABELS[code] ?? code.replace(/_/g, " ")).toLowerCase())
    .replace(/[ \t]{2,}/g, " ")
    .replace(/^ at (least|most) /gm, "At $1 ");
  return out.trim();
}
