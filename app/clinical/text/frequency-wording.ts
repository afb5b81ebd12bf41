/**
 * Frequency and quantity wording of a coverage policy: "once every 23 months", "one pair per calendar
 * year", "ONE of the following within one calendar year", "no more often than", "frequency standards",
 * "at least 5 months after the previous dose". Used to tell that a medical policy states a frequency
 * rule of its own, with its own counting period and exceptions, which then wins over a plan's
 * code-level fee-schedule row (review/fee-schedule.ts; ../shared/eval/FORMAT.md: where a policy and
 * the plan's own table disagree, the policy wins).
 */
export const FREQUENCY_WORDING_RE =
  /\b(?:once (?:every|per|in|each|a)\b|(?:every|each) \d+ (?:days?|weeks?|months?|years?)\b|(?:per|within (?:one|a|the|each|any)|in (?:a|any|one|the|each)) (?:calendar|benefit|plan|contract|rolling) year|frequenc(?:y|ies)\b|more (?:often|frequently) than|no (?:sooner|earlier) than|\d+ (?:weeks?|months?|years?) (?:after|since|apart|following|from)\b|(?:one|two|three|four|\d+) (?:pairs?|units?|visits?|sessions?|studies|tests?|scans?|doses?) (?:per|each|in any|in a) )/i;

/** True when `text` states a frequency or quantity rule (FREQUENCY_WORDING_RE). */
export function statesFrequency(text: string): boolean {
  return FREQUENCY_WORDING_RE.test(text);
}
