/**
 * The reading of a requirement that a condition "has been considered and addressed", "has been ruled
 * out" or "has been excluded" ("Medication overuse headache has been considered and addressed"): the
 * condition is one the prescriber must look for, never the indication. Judged by
 * review/condition-addressed.ts.
 */
/** "<condition> has/have been [considered|evaluated|assessed] [and] [addressed|ruled out|excluded|managed]" */
const ADDRESSED_RE =
  /^\s*(?:(?:the\s+)?(?:possibility|presence)\s+of\s+)?(.{3,90}?)\s+(?:has|have)\s+been\s+(?:(?:considered|evaluated|assessed|investigated)(?:\s+(?:and|or)\s+(?:addressed|managed|treated|excluded|ruled\s+out))?|addressed|ruled\s+out|excluded)\s*(?:[;,.]\s*(?:and|or)?\s*)?$/i;

/** a subject that is the member or a therapy, not a condition ("The member has been evaluated", "Prior therapy has been considered") */
const NOT_A_CONDITION = /^(?:the\s+)?(?:member|patient|individual|beneficiary|request|prescriber|provider|physician|therapy|treatment|drug|medication)s?$/i;

/**
 * The condition a "has been considered and addressed / ruled out / excluded" requirement names
 * ("medication overuse headache"), or null when the sentence is not one (or its subject is the
 * member or a therapy).
 */
export function addressedCondition(text: string): string | null {
  const m = ADDRESSED_RE.exec(text.replace(/\s+/g, " "));
  if (!m) return null;
  const subject = m[1].trim();
  // "Other causes of hypercalcemia have been ruled out": the condition named is the one the member
  // has, the causes excluded are unnamed — no condition to look for
  if (/^(?:other|secondary|alternative|reversible|underlying)\s+(?:[a-z]+\s+)?(?:causes?|etiolog(?:y|ies))\b/i.test(subject)) return null;
  if (NOT_A_CONDITION.test(subject) || /\b(?:criteria|criterion|request|documentation|therapy|treatment|trial)\b/i.test(subject)) return null;
  return subject;
}
