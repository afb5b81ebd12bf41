/**
 * Age bounds written into an indication's title or lead sentence rather than into its criteria list:
 * "Crohn's disease, ages 6 and older", "for adults 18 years of age and older with …", "pediatric
 * patients 2 years and older", "members aged 12 to 17 years with …". The policy limits the path to
 * those ages just as an "Age ≥ 6" criterion would, so the path gets an age criterion of its own.
 */
import type { Citation, Criterion, CriterionOf } from "../contracts";

/** who the bound is about: a population noun or the word age itself */
const WHO = String.raw`(?:ages?|aged|(?:adult|pediatric|paediatric|adolescent)?\s*(?:members?|patients?|individuals?|adults?|children|adolescents?|persons?|enrollees?|beneficiaries))`;
/** "6 and older", "18 years of age or older", "12+", "2 years old and above" */
const MIN_AFTER = String.raw`(\d{1,2})\s*(?:\+|(?:years?|yrs?)?(?:\s+of\s+age|\s+old)?\s+(?:or|and)\s+(?:older|above|over))`;
/** "12 to 17 years", "2 through 11 years of age", "6-11 years" */
const RANGE = String.raw`(\d{1,2})\s*(?:to|through|[-–])\s*(\d{1,2})\s*(?:years?|yrs?)`;

const MIN_RE = new RegExp(String.raw`\b${WHO}\s+(?:aged?\s+)?(?:of\s+)?${MIN_AFTER}`, "i");
const BARE_MIN_RE = new RegExp(String.raw`(?<![\d.,/-])(\d{1,2})\s+(?:years?|yrs?)\s+(?:of\s+age|old)\s+(?:or|and)\s+(?:older|above|over)\b`, "i");
const RANGE_RE = new RegExp(String.raw`\b${WHO}\s+(?:aged?\s+)?${RANGE}`, "i");
const SYMBOL_RE = /\(\s*(?:age\s*)?(?:≥|>=)\s*(\d{1,2})\s*(?:years?|yrs?|y)?\s*\)/i;

/**
 * The age bound an indication title or lead states, as an age criterion quoting the phrase; null when
 * it states none. min_years is inclusive, max_years exclusive ("12 to 17 years" is 12 ≤ age < 18), as
 * the age criterion's evaluator reads them. A number of years that is not an age ("at least 6 months
 * of therapy", "2 years of treatment") is never read: the bound must be written as an age ("ages",
 * "aged", "years of age", "years old") or after a population noun with "and older".
 * Source: the policy's own wording (the title is part of the coverage statement).
 */
export function titleAgeCriterion(text: string, passage: Citation | null): CriterionOf<"age"> | null {
  const range = RANGE_RE.exec(text);
  if (range) {
    const lo = Number(range[1]);
    const hi = Number(range[2]);
    if (hi > lo) return { kind: "age", min_years: lo, max_years: hi + 1, text: range[0].trim(), passage, confidence: "high" };
  }
  const min = MIN_RE.exec(text) ?? BARE_MIN_RE.exec(text) ?? SYMBOL_RE.exec(text);
  if (!min) return null;
  const n = Number(min[1]);
  if (!(n > 0 && n < 100)) return null;
  return { kind: "age", min_years: n, text: min[0].trim(), passage, confidence: "high" };
}

/** Whether a criteria list already carries an age requirement anywhere in it. */
export function hasAgeCriterion(cs: Criterion[]): boolean {
  return cs.some((c) => c.kind === "age" || ((c.kind === "all" || c.kind === "any") && hasAgeCriterion(c.items)));
}
