/**
 * One policy requirement sentence → one typed criterion (contracts.ts `Criterion`) with a parse
 * confidence.
 *
 * The reader recognises the requirement's kind from its wording and reads its parts with the
 * clinical vocabulary: ages, diagnoses (ICD-10-CM), prescriber specialties, prior therapy (drugs,
 * classes, count, duration, dose, intolerance/contraindication alternatives), current and concurrent
 * therapy, lab thresholds with recency, test results, dose and quantity ceilings, excluded uses.
 * A sentence whose kind is recognised but whose parts are partly read gets a lower confidence; a
 * sentence with nothing recognisable becomes `documentation` (its key concepts, confidence medium)
 * or `human_review` (confidence low) — never a silent drop, never a guess that can deny.
 */
import { measurementContextOf } from "../vocabulary/measurement-context";
import type { Citation, Comparator, Criterion, CriterionOf, ParseConfidence } from "../contracts";
import { CONDITIONS, aliasRegex, conditionAncestors, mostSpecificConditions, type ConditionTerm } from "../vocabulary/conditions";
import { classesNamedIn, drugsNamedIn } from "../vocabulary/drugs";
import { CHANGE_BY_AMOUNT_RE, MEASURES, type MeasureTerm } from "../vocabulary/measures";
import { specialtiesNamedIn } from "../vocabulary/specialties";
import { TESTS } from "../vocabulary/tests";
import { addressedCondition } from "./addressed-conditions";
import { numberWord, unitDays } from "../codes/dates";

export interface ParseContext {
  /** names of the drug the policy covers (never a prior or concurrent therapy) */
  drugNames: string[];
}

const has = (re: RegExp, s: string) => re.test(s);
/** a requirement on the change of a value from the member's own baseline ("2 fewer … than baseline", "reduced by 30% from baseline", "at least 2 points lower than the baseline") */
const CHANGE_FROM_BASELINE_RE =
  /\b(?:fewer|less|lower|reduc(?:ed|es|tion)|decreas(?:ed|es|e)|drop(?:ped)?|fall|fell|declin(?:ed|e)|improv(?:ed|es|ement)|increas(?:ed|es|e)|gain(?:ed)?|rise|rose|change)\b[^.;]{0,60}?\b(?:than|from|over|relative to|compared (?:with|to)|versus|vs\.?)\s+(?:the\s+|their\s+|his\s+|her\s+|the (?:member|patient|individual)'s\s+)?(?:pre-?treatment\s+|initial\s+)?baseline\b/i;
/** a lab value measured before (or off) the therapy: "untreated LDL-C", "prior to starting therapy" */
const UNTREATED =
  /\b(?:untreated|pre-?treatment|(?:prior to|before) (?:starting |initiating |initiation of |beginning )?(?:a |an |any |the )?(?:preventive |prophylactic |lipid[- ]lowering |biologic )?(?:therapy|treatment|medication|drug)|off (?:therapy|treatment))\b/i;
const norm = (t: string) => t.replace(/≥/g, ">=").replace(/≤/g, "<=").replace(/\s+/g, " ").trim();

/**
 * A response measured as a change of one measure from its baseline, by a stated amount ("A reduction
 * of the EASI score of at least 50% from baseline", "a reduction of at least 2 points from baseline")
 */
export const MEASURED_CHANGE_RE =
  /\b(?:reduction|decrease|improvement|decline|drop|fall|increase|rise)\b[^.;]{0,60}?(?:at least|≥|>=|a minimum of|no less than)\s*\d+(?:\.\d+)?\s*(?:%|percent|points?)\s*(?:from|over|compared (?:with|to)|relative to|versus|vs\.?)\s+(?:the\s+)?(?:pre-?treatment\s+|pre-?therapy\s+|initial\s+)?baseline\b|(?:at least|≥|>=|a minimum of|no less than)\s*\d+(?:\.\d+)?\s*(?:%|percent|points?)\s*(?:lower|higher|less|more|below|above)\s+than\s+(?:the\s+)?(?:pre-?treatment\s+|pre-?therapy\s+|initial\s+)?baseline\b/i;
/** Criterion text without example lists: "(e.g., ...)", "[...]", "such as ..." parentheticals. */
export function withoutExamples(t: string): string {
  return t
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\((?:e\.g\.|eg\b|for example|such as|including|i\.e\.|examples?)[^()]*(?:\([^()]*\)[^()]*)*\)/gi, " ")
    .replace(/\s+/g, " ");
}

/** Lower-case drug names of a text, minus the covered drug's own names. */
export function drugsIn(text: string, ctx: ParseContext): string[] {
  const own = new Set(ctx.drugNames.flatMap((d) => d.toLowerCase().split(/[\s/()]+/)).filter((w) => w.length > 3));
  const ownFull = new Set(ctx.drugNames.map((d) => d.toLowerCase()));
  return drugsNamedIn(text).filter((d) => !ownFull.has(d) && !own.has(d));
}

/** a sentence that allows something or says it is not required: no requirement of its own */
const ALLOWANCE_RE =
  /\b(?:may|can) (?:continue|be continued|remain|be used|be given)\b|\b(?:is|are) (?:allowed|permitted|acceptable|not restricted|not required|not necessary)\b|\b(?:is|are) NOT required\b|\bdoes not count\b/i;

/** `text` without its sentences that only allow something (see ALLOWANCE_RE); the whole text when every sentence does. */
export function requirementSentences(text: string): string {
  const kept = text.split(/(?<=[.;])\s+(?=[A-Z(])/).filter((x) => !ALLOWANCE_RE.test(x));
  return kept.length ? kept.join(" ") : text;
}

function classNames(text: string): string[] {
  return classesNamedIn(withoutExamples(text)).map((c) => c.name);
}

/** a sentence that says what does not count ("A lower dose, or a statin that was stopped, is not an exclusion") */
const NOT_COUNTED_RE =
  /\b(?:is|are) not (?:an? )?(?:exclusions?|concurrent|combination|considered concurrent|excluded)\b|\bdoes not (?:apply|count)\b|\bnot considered (?:concurrent|combination)\b/i;

/**
 * The drug classes a concurrent-use requirement or exclusion names beside the `drugs` it names.
 * With no drug named, every class named (outside examples). With drugs named, a class counts only
 * where it stands as one more alternative: a parenthetical without an alternative word ("or", "any",
 * "another", "other") explains ("(increased statin exposure)"), and a sentence saying what does not
 * count ("a statin that was stopped is not an exclusion") names no drug the requirement is about.
 */
function classesBeside(text: string, drugs: string[]): string[] {
  if (!drugs.length) return classNames(text);
  const kept = text
    .replace(/\(([^()]*)\)/g, (all, inner: string) => (/\b(?:or|any|another|other)\b/i.test(inner) ? all : " "))
    .split(/(?<=[.;])\s+(?=[A-Z(])/)
    .filter((x) => !NOT_COUNTED_RE.test(x))
    .join(" ");
  return classNames(kept);
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// small readers (exported for tests and for the Part D table reader)

/**
 * A condition the sentence requires absent, defined by a threshold in a parenthetical: "does not have
 * moderate or severe renal impairment (eGFR below 45 mL/min/1.73 m2)", "without severe hepatic
 * impairment (Child-Pugh C)". Group 1 is the parenthetical.
 */
const NEGATED_DEFINITION_RE =
  /\b(?:does not have|do not have|has no|have no|is not|are not|without|free of|no (?:evidence|history|diagnosis) of|absence of)\b[^()]{3,90}\(([^()]{3,120})\)\s*[.;]?\s*$/i;

/** a negation right before a measured value: "does not have an eGFR below 30", "has no platelet count under 50,000" */
const NEGATED_VALUE_RE = /\b(?:does not have|do not have|has no|have no)\s+(?:an?\s+|any\s+)?(?=[A-Za-z])/i;

/** ages written as words past twelve (numberWord reads one to twelve) */
const AGE_WORDS: Record<string, number> = {
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  "twenty-one": 21,
  forty: 40,
  fifty: 50,
  sixty: 60,
  "sixty-five": 65,
};

/** "≥ 18 years of age", "age 6 to < 12 years", "18 years or older", "younger than 65" → bounds. */
export function parseAge(text: string): { min_years?: number; min_months?: number; max_years?: number } | null {
  // a number written as a word ("two years of age or older", "eighteen (18) years") read as its digits
  const t = norm(text)
    .toLowerCase()
    .replace(
      /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|twenty-one|forty|fifty|sixty|sixty-five)\s*(?:\((\d{1,3})\)\s*)?(?=(?:years?|months?|yrs?)\b)/g,
      (all, w: string, d?: string) => `${d ?? AGE_WORDS[w] ?? numberWord(w)} `,
    );
  if (!/\bage\b|years? of age|years? old|or older|and older|aged\b|months? of age|\byoung(?:er)?\b|\bpediatric patients?\b|\badults?\b(?= \d)/.test(t))
    return null;
  const out: { min_years?: number; min_months?: number; max_years?: number } = {};
  const range = /(\d+)\s*(?:years?\s*)?(?:to|-|through)\s*(<|<=|under|less than)?\s*(\d+)\s*years/.exec(t);
  if (range && /\bage/.test(t)) {
    out.min_years = Number(range[1]);
    out.max_years = range[2] ? Number(range[3]) : Number(range[3]) + 1;
    return out;
  }
  // an age bound names age: "age >= 6", "aged 12", "18 years of age", "18 years or older", "2 years old"
  const min =
    /\b(?:age[ds]?|aged)\s*(?:of\s*)?(?:>=|≥|at least|greater than or equal to)?\s*(\d+)\s*(years?|months?|yrs?)?/.exec(t) ??
    /(?:>=|≥|at least|minimum age of|over the age of|older than)\s*(\d+)\s*(years?|months?|yrs?)\s*(?:of age|old|or older|and older|of age or older)/.exec(t) ??
    /(\d+)\s*(years?|months?|yrs?)\s*(?:of age\s*)?(?:or|and) (?:older|above|over)/.exec(t) ??
    /(?:>=|≥|at least|over the age of|older than|minimum age of)\s*(\d+)\s*(years?|months?|yrs?)(?=[^.;]{0,25}\b(?:age|old)\b)/.exec(t);
  if (min && !(/^age/.test(min[0]) && /\bage\s+(?:and|or)\s+sex\b|for age\b/.test(t) && !min[2])) {
    const n = Number(min[1]);
    const strict = /older than|over the age of/.test(min[0]) && !/or older/.test(min[0]);
    if (/^month/.test(min[2] ?? "")) out.min_months = n + (strict ? 1 : 0);
    else out.min_years = n + (strict ? 1 : 0);
  }
  const max =
    /(?:younger than|less than|under(?: the age of)?|<)\s*(\d+)\s*(?:years?|yrs?)/.exec(t) ??
    /(\d+)\s*years (?:of age )?or younger/.exec(t) ??
    /(?:<=|no older than|at most)\s*(\d+)\s*years/.exec(t);
  if (max) out.max_years = /or younger|<=|no older than|at most/.test(max[0]) ? Number(max[1]) + 1 : Number(max[1]);
  return Object.keys(out).length ? out : null;
}

/**
 * A ceiling per administration in mg per kg of body weight, written as a sentence ("The requested dose
 * does not exceed 10 mg/kg of actual body weight per infusion (1,200 mg per infusion for members
 * weighing 120 kg or more)"): the mg/kg and the fixed cap for the heaviest members when the sentence
 * gives one that agrees with it (cap = mg/kg x the weight named, within 1%); null for a daily or weekly
 * mg/kg ("20 mg/kg/day"), or when no administration ("per infusion", "per dose") is named.
 */
export function perKgCeiling(text: string): { mg_per_kg: number; cap_mg: number | null } | null {
  const t = norm(text);
  const m =
    /(\d+(?:\.\d+)?)\s*mg\s*\/\s*kg\b(?!\s*(?:\/|per)\s*(?:day|d|week|wk|month)\b)[^.;]{0,40}?\bper\s+(?:infusion|dose|administration|injection)\b/i.exec(t);
  if (!m) return null;
  const perKg = Number(m[1]);
  const cap =
    /(\d{1,3}(?:,\d{3})+|\d+)\s*mg\s+(?:per\s+(?:infusion|dose|administration|injection)\s+)?for\s+(?:members|patients|individuals|those|adults|children)\s+weighing\s+(?:at least\s+|>=?\s*|≥\s*)?(\d+(?:\.\d+)?)\s*kg\b/i.exec(
      t,
    );
  const capMg = cap ? Number(cap[1].replace(/,/g, "")) : null;
  const agrees = cap && capMg != null && Math.abs(capMg - perKg * Number(cap[2])) <= capMg * 0.01;
  return { mg_per_kg: perKg, cap_mg: agrees ? capMg : null };
}

/** "… and 4 infusions per treatment cycle": a ceiling's count of administrations per cycle */
export const PER_CYCLE_COUNT_RE =
  /\b(\d{1,2}|one|two|three|four|five|six)\s+(?:infusions|doses|injections|administrations)\s+(?:per|in\s+(?:a|each|one)|each)\s+(?:treatment\s+)?cycle\b/i;

/** a requirement that opens with the member's sex ("Male, 18 or older", "Women aged 50 or older") */
const SEX_AGE_RE = /^(?:(?:the )?(?:member|patient) is (?:an? )?)?(male|female|men|women)\b(?:\s+(?:members?|patients?))?[,;:]?\s*/i;

/** "at least 3 months", "28 consecutive days", "8 weeks (56 days)", "3-month trial" → days; null when absent. */
export function parseMinDuration(text: string): number | null {
  // "on at least two occasions at least 4 weeks apart": the spacing of two measurements, no duration
  const t = norm(text)
    .toLowerCase()
    .replace(/\b(?:at least |>= ?|a minimum of )?(?:\d+|one|two|three|four|six|eight|twelve)\s*(?:days?|weeks?|months?)\s+apart\b/g, " ");
  const paren = /\((\d+) days\)/.exec(t);
  if (paren) return Number(paren[1]);
  const re =
    /(?<!past |last |within the |within |in the |previous |prior )(?:at least |for |minimum of |a minimum of |>= ?|no less than )(?:the past )?(\d+|one|two|three|four|five|six|eight|ten|twelve)\s*(?:consecutive\s+)?(days?|weeks?|months?|years?)\b/;
  const m = re.exec(t);
  if (m && !/\b(past|within|in the last|previous|prior)\s*$/.test(t.slice(0, m.index))) return Math.round(numberWord(m[1]) * unitDays(m[2]));
  const m2 = /(\d+|one|two|three|four|six|eight|twelve)[- ](day|week|month)s? (?:trial|course|duration)/.exec(t);
  if (m2) return Math.round(numberWord(m2[1]) * unitDays(m2[2]));
  const m3 = /(\d+|one|two|three|four|six|eight|twelve) consecutive (days|weeks|months)/.exec(t);
  if (m3) return Math.round(numberWord(m3[1]) * unitDays(m3[2]));
  const m4 = /\b(?:trial|course|treatment) of (\d+|one|two|three|four|six|eight|twelve) (days?|weeks?|months?)\b/.exec(t);
  if (m4) return Math.round(numberWord(m4[1]) * unitDays(m4[2]));
  return null;
}

/** a sentence that says it is no condition of coverage ("…; they are not conditions of coverage") */
const NOT_A_CONDITION_RE =
  /\b(?:is|are)\s+not\s+(?:a\s+)?(?:conditions?|requirements?|criteri(?:on|a)|prerequisites?)\s+(?:of|for)\s+(?:coverage|approval|payment|reimbursement)\b/i;

/**
 * `text` without its sentences that declare themselves no condition of coverage ("Immunoglobulins
 * are recommended before the first dose; they are not conditions of coverage."): the text itself when
 * it has none, or when nothing else would be left.
 */
export function withoutAdvisorySentences(text: string): string {
  if (!NOT_A_CONDITION_RE.test(text)) return text;
  const sentences = text.split(/(?<=\.)\s+(?=[A-Z])/);
  const kept = sentences.filter((x) => !NOT_A_CONDITION_RE.test(x));
  if (!kept.length || kept.length === sentences.length) return text;
  return kept.join(" ").trim();
}

/** a symptom's own duration: "pain present for a minimum of 3 months", "symptoms persisting for at least 6 weeks" */
const SYMPTOM_DURATION_RE =
  /\b(?:pain|symptoms?|headaches?|complaints?)\s+(?:(?:has|have)\s+been\s+)?(?:present|persist(?:ed|ing|s)?|lasting|ongoing)?\s*(?:for\s+)?(?:at least|a minimum of|minimum of|more than|over)\s+(?:the past\s+)?(?:\d+|one|two|three|four|five|six|eight|ten|twelve)\s*(?:consecutive\s+)?(?:days?|weeks?|months?|years?)\b/i;

/**
 * The trial duration of a requirement that opens with how long a symptom has lasted and then states
 * the trial's own ("pain present for a minimum of 3 months with documented failure of conservative
 * management (at least 4 weeks of NSAIDs …)" → 28 days): the symptom's duration is never the trial's.
 * Null when the text opens with no symptom duration, or states no later duration (then the caller
 * reads the text as before).
 */
export function trialDurationAfterSymptom(text: string): number | null {
  const m = SYMPTOM_DURATION_RE.exec(norm(text));
  if (!m) return null;
  return parseMinDuration(norm(text).slice(m.index + m[0].length));
}

/** "within the past 90 days", "in the last 12 months", "no older than 6 months" → days; null when absent. */
export function parseRecency(text: string): number | null {
  const t = norm(text).toLowerCase();
  const m =
    /within (?:the )?(?:past |last |previous |prior |preceding )?(\d+|one|two|three|six|twelve)\s*(days?|weeks?|months?|years?)/.exec(t) ??
    /(?:in|during) the (?:past|last|previous|prior|preceding) (\d+|one|two|three|six|twelve)\s*(days?|weeks?|months?|years?)/.exec(t) ??
    /no (?:older|more) than (\d+|one|two|three|six|twelve)\s*(days?|weeks?|months?|years?)(?: old)?/.exec(t) ??
    /(\d+|one|two|three|six|twelve)\s*(days?|weeks?|months?|years?) (?:before|prior to) the request/.exec(t);
  if (!m) return null;
  return Math.round(numberWord(m[1]) * unitDays(m[2]));
}

/** "Quantity Limit: 16 tablets per 30 days", "limited to 2 pens per 28 days" → the limit; null when none. */
export function parseQuantityLimit(text: string): { amount: number; unit: string; period_days: number } | null {
  const m =
    /\b(?:quantity limit(?:ation)?s?|\bql\b|limited to|maximum (?:quantity|of)|max(?:imum)? quantity)\s*(?:is|of)?\s*[:=]?\s*(\d+(?:\.\d+)?)\s*([a-z]+(?:[\s-]+[a-z]+)?)?\s*(?:per|\/|every|each|in)\s*(\d+)?\s*(days?|weeks?|months?|month)\b/i.exec(
      text,
    ) ??
    /\b(\d+(?:\.\d+)?)\s*((?:single-dose |prefilled )?(?:tablets?|capsules?|pens?|syringes?|injections?|units?|vials?|cartridges?|autoinjectors?|patches|inhalers?|boxes|kits?|doses?)(?: or [a-z]+)?)\s*(?:\([^)]*\)\s*)?(?:per|\/|every|each|in)\s*(\d+)?\s*(days?|weeks?|months?)\b/i.exec(
      text,
    );
  if (!m) return null;
  const n = m[3] ? Number(m[3]) : 1;
  return { amount: Number(m[1]), unit: (m[2] ?? "units").toLowerCase().trim(), period_days: Math.round(n * unitDays(m[4])) };
}

/**
 * A ceiling on the count of dispensed units ("The requested dose does not exceed one capsule per day",
 * "no more than 2 tablets daily", "up to four patches per week") → a quantity limit in that unit per
 * period (days); null when the sentence states none. A strength ("52.3 mg") is never a count.
 */
export function parseCountCeiling(text: string): { amount: number; unit: string; period_days: number } | null {
  const m =
    /\b(?:not (?:to )?exceed(?:ing)?|does not exceed|do not exceed|no more than|up to|a maximum of|maximum of|limited to|at most)\s+(\d{1,3}|one|two|three|four|five|six|eight|ten|twelve)\s+((?:tablets?|capsules?|pens?|syringes?|injections?|vials?|cartridges?|autoinjectors?|patch(?:es)?|inhalers?|kits?|doses?|sprays?|packets?|films?|lozenges?|suppositor(?:y|ies)))\b\s*(?:\([^)]*\)\s*)?(?:(?:per|a|each|every|\/)\s*(\d+\s*)?(day|week|month)s?\b|(daily|weekly|monthly))/i.exec(
      norm(text),
    );
  if (!m) return null;
  const unit = (m[4] ?? m[5]).toLowerCase();
  const n = m[3] ? Number(m[3]) : 1;
  const days = /^(?:day|daily)$/.test(unit) ? 1 : /^week/.test(unit) ? 7 : 30;
  return { amount: numberWord(m[1]), unit: m[2].toLowerCase(), period_days: n * days };
}

/** "For enrollees aged 19 and older, <rule>", "For members 18 years of age or older: <rule>": [1] the age, [2] its side, [3] the rule */
const AGE_SCOPE_RE =
  /^for (?:an? |the )?(?:enrollees?|members?|patients?|beneficiar(?:y|ies)|adults?|individuals?|recipients?|persons?|children)\s+(?:who are\s+)?(?:aged?|ages?)?\s*(\d{1,2})\s*(?:years?(?: of age)?|y\/?o)?\s+(?:and|or)\s+(older|over|above|younger|under)\s*[,:]\s*(\S.+)$/i;

/** "not to exceed 300 mg every 2 weeks", "does not exceed 90 mg every 8 weeks" → mg per period; null when absent. */
export function parseMaxDose(text: string): { mg: number; per_days: number } | null {
  const m =
    /\b(?:not (?:to )?exceed(?:ing)?|no more than|maximum(?: dose)?(?: of)?|max(?:imum)? of|up to|does not exceed|do not exceed)\s*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(mg|mcg|g)\b\s*(?:(?:per|\/|every|each|once|q)\s*(?:(\d+|other)\s*)?(day|daily|week|weekly|month|days|weeks|months)|(daily|weekly|monthly|a day|a week))?/i.exec(
      text,
    );
  if (!m) return null;
  let mg = Number(m[1].replace(/,/g, ""));
  if (/^mcg$/i.test(m[2])) mg /= 1000;
  if (/^g$/i.test(m[2])) mg *= 1000;
  let unit = (m[4] ?? m[5] ?? "").toLowerCase();
  let n = m[3] === "other" ? 2 : m[3] ? Number(m[3]) : 1;
  if (!unit) {
    // "45 mg at weeks 0 and 4 then every 12 weeks": the maintenance interval later in the sentence
    const later = /\b(?:then )?(?:every|q)\s*(\d+|other)\s*(days?|weeks?|months?)\b/i.exec(text.slice(m.index + m[0].length));
    if (!later) return null;
    n = later[1] === "other" ? 2 : Number(later[1]);
    unit = later[2].toLowerCase();
  }
  return { mg, per_days: Math.round(n * (/day|daily/.test(unit) ? 1 : /week/.test(unit) ? 7 : 30)) };
}

/**
 * "Doses above 32 mg of buprenorphine per day will not be approved", "Total daily doses greater than
 * 400 mg are not covered": [1] the amount ("32 mg"), [2] its period when written after it ("per
 * day"); a drug name between them ("of buprenorphine") is skipped.
 */
const HARD_DOSE_MAX_RE =
  /^(?:(?:total |requested )?(?:daily )?(?:doses?|dosing|dosages?))\s+(?:above|exceeding|greater than|more than|over|in excess of)\s+(\d[\d,]*(?:\.\d+)?\s*(?:mg|mcg|g)\b)(?:\s+of\s+[a-z][\w/-]*)?\s*((?:per|\/|a|each)\s*(?:day|week|month)|daily|weekly|monthly)?\s+(?:will not|are not|is not|cannot|shall not)\s+(?:be\s+)?(?:approved|approvable|covered|authori[sz]ed)\b/i;

/** "a LAMA and a LABA together", "… used concurrently": two classes taken at the same time */
const TOGETHER_RE = /\band\b[^.;()]{0,40}\b(?:together|concurrently|simultaneously)\b|\bused together\b/i;

/** Minimum doses of a trial: "at a dose of at least 1,000 mg per day", "atorvastatin 40 mg or higher". */
export function parseMinDoses(text: string, ctx: ParseContext): { drug: string | null; mg: number; per: "day" | "week" }[] {
  const t = norm(text).toLowerCase();
  const out: { drug: string | null; mg: number; per: "day" | "week" }[] = [];
  const amt = "(\\d{1,3}(?:,\\d{3})+|\\d+(?:\\.\\d+)?)\\s*(mg|g)\\b";
  const per = (s: string): "day" | "week" => (/^\s*(?:\/|per |a |each |once )?(?:week|weekly|wk)/.test(s) ? "week" : "day");
  const mg = (n: string, u: string) => Number(n.replace(/,/g, "")) * (u === "g" ? 1000 : 1);
  const generic = new RegExp(`(?:dose of |doses? )?(?:at least|>=|a minimum of|minimum(?: dose)? of|no less than)\\s*${amt}([^.;,)]{0,20})`, "g");
  let m: RegExpExecArray | null;
  while ((m = generic.exec(t))) {
    const before = t.slice(Math.max(0, m.index - 40), m.index);
    const d = drugsIn(before.split(/[,;(]/).pop() ?? "", ctx)[0] ?? null;
    out.push({ drug: d, mg: mg(m[1], m[2]), per: per(m[3]) });
  }
  const specific = new RegExp(`([a-z][a-z-]+)\\s+${amt}\\s*(?:or (?:more|higher|greater|above)|\\+)([^.;,)]{0,20})`, "g");
  while ((m = specific.exec(t))) {
    const d = drugsIn(m[1], ctx)[0];
    if (d) out.push({ drug: d, mg: mg(m[2], m[3]), per: per(m[4]) });
  }
  // "(mesalamine >= 2.4 g/day, balsalazide 6.75 g/day ...)": per-drug amounts in an example list
  const perDrug = /([a-z][a-z-]+)\s*(?:>=\s*)?(\d+(?:\.\d+)?)\s*(mg|g)\s*\/\s*(day|week)/g;
  while ((m = perDrug.exec(t))) {
    const d = drugsIn(m[1], ctx)[0];
    if (d && !out.some((o) => o.drug === d)) out.push({ drug: d, mg: mg(m[2], m[3]), per: m[4] === "week" ? "week" : "day" });
  }
  return out;
}

const NUM = "(-?\\d+(?:,\\d{3})*(?:\\.\\d+)?)";
const UNIT =
  "\\s*(%|mg\\/dl|mmol\\/l|cells\\/(?:μl|ul|mcl|mm3|microliter)|\\/(?:μl|ul|mcl|mm3|mm³|cu ?mm)|ml\\/min[^\\s,;)]*|iu\\/ml|ku\\/l|ng\\/ml|ng\\/dl|pg\\/ml|g\\/dl|u\\/l|mm\\/hr|mg\\/l|ppb|kg\\/m2|kg|kpa|cm\\/(?:yr|year)|cm|sd|standard deviations?|points?|days?(?:\\/month| per month)?|minutes?|min|hours?|h\\b|nights?|events?\\/h(?:our)?|per hour|x uln|mm ?hg|wood units?|wu\\b|msec\\b|ms\\b|bpm\\b|beats (?:per|a|\\/) ?min(?:ute)?)?";

/** "<comparator> <number>" or "<number> or more" in a clause. */
export function readComparator(s: string): { op: Comparator; value: number; value_max?: number; unit: string | null } | null {
  const t = norm(s).toLowerCase();
  const between = new RegExp(`(?:between\\s+)?${NUM}${UNIT}\\s*(?:to|-|–|and)\\s*${NUM}${UNIT}`, "i").exec(t);
  if (between && /between|range|\bto\b|–|-/.test(between[0]) && !/\d{1,2}\/\d/.test(between[0])) {
    const a = Number(between[1].replace(/,/g, ""));
    const b = Number(between[3].replace(/,/g, ""));
    if (b > a) return { op: "between", value: a, value_max: b, unit: between[4] ?? between[2] ?? null };
  }
  // "greater than or equal to 5 events and less than or equal to 14 events per hour": both bounds, inclusive
  const bounded = new RegExp(
    `(?:>=|≥|at least|no less than|greater than or equal to|equal to or greater than)\\s*${NUM}${UNIT}\\s*(?:events?\\s*)?(?:and|but)\\s*(?:<=|≤|no more than|not more than|no higher than|not higher than|no greater than|not greater than|not above|not exceeding|at most|less than or equal to|equal to or less than)\\s*${NUM}${UNIT}`,
    "i",
  ).exec(t);
  if (bounded) {
    const a = Number(bounded[1].replace(/,/g, ""));
    const b = Number(bounded[3].replace(/,/g, ""));
    if (b > a) return { op: "between", value: a, value_max: b, unit: bounded[4] ?? bounded[2] ?? null };
  }
  const pats: [RegExp, Comparator][] = [
    // ("FVC of 50% of predicted or greater": the reference the percentage is of sits before the comparator)
    [
      new RegExp(
        `${NUM}${UNIT}\\s*(?:of (?:the )?predicted(?: value)?\\s*|predicted\\s*)?(?:or more|or higher|or greater|or above|and above|or longer|\\+)`,
        "i",
      ),
      ">=",
    ],
    [new RegExp(`(?:>=|at least|no less than|minimum of|greater than or equal to)\\s*${NUM}${UNIT}`, "i"), ">="],
    [new RegExp(`${NUM}${UNIT}\\s*(?:of (?:the )?predicted(?: value)?\\s*|predicted\\s*)?(?:or less|or lower|or below|or fewer|or shorter)`, "i"), "<="],
    // "at or below 55 mm Hg", "equal to or less than 88%": inclusive, never the strict "below"
    [new RegExp(`(?:at or below|at or under|equal to or less than|equal to or lower than)\\s*${NUM}${UNIT}`, "i"), "<="],
    [new RegExp(`(?:at or above|at or over|equal to or greater than|equal to or more than)\\s*${NUM}${UNIT}`, "i"), ">="],
    [
      new RegExp(
        `(?:<=|no more than|not more than|no higher than|not higher than|no greater than|not greater than|not above|not exceeding|at most|less than or equal to|maximum of)\\s*${NUM}${UNIT}`,
        "i",
      ),
      "<=",
    ],
    [new RegExp(`(?:above|greater than|more than|exceeding|exceeds|over|>)\\s*${NUM}${UNIT}`, "i"), ">"],
    [new RegExp(`(?:below|less than|under|lower than|<)\\s*${NUM}${UNIT}`, "i"), "<"],
  ];
  for (const [re, op] of pats) {
    const m = re.exec(t);
    if (m) return { op, value: Number(m[1].replace(/,/g, "")), unit: m[2] ?? null };
  }
  // "an IGA score of 3 or 4", "grade 2, 3 or 4": the score's allowed values, consecutive whole
  // numbers, are the range between the first and the last
  const listed =
    /(?:\bscore|\bgrade|\bstage|\bclass|\bof)\s+(\d{1,2})((?:\s*,\s*\d{1,2})*)\s*,?\s*(?:or|and)\s+(\d{1,2})\b(?!\s*(?:times|x\b|days?|weeks?|months?|years?|%|mg|doses?|agents?|drugs?|more|higher|greater|less|lower|fewer))/i.exec(
      t,
    );
  if (listed) {
    const vals = [listed[1], ...(listed[2].match(/\d{1,2}/g) ?? []), listed[3]].map(Number);
    if (vals.every((v, i) => i === 0 || v === vals[i - 1] + 1)) return { op: "between", value: vals[0], value_max: vals[vals.length - 1], unit: null };
  }
  return null;
}

/**
 * The comparator that belongs to a measure named at [from, to) of `part`: the nearest one after it
 * (within 70 characters, before any other measure), else one just before it ("at least 10% of BSA").
 */
/** the items a scale's total is summed over: "items 1-7", "questions 1 through 9", "Q1-Q10" */
const SCALE_ITEM_RANGE = /\b(?:items?|questions?|q)\s*#?\s*\d{1,2}\s*(?:-|–|to|through)\s*(?:q\s*)?\d{1,2}\b/gi;
/** roman numerals of a class scale (I–V) as numbers */
const ROMAN_CLASS: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4, v: 5 };

/**
 * A class range written after a class measure's name: "class I, II or III" → between 1 and 3, "class
 * II-IV" → 2–4, "class IV" → 4–4, "class II or higher" → >= 2. Null when no class follows.
 */
export function classRange(after: string): { op: Comparator; value: number; value_max?: number; unit: string | null } | null {
  const m =
    /^\s*(?:\(?nyha\)?\s*)?(?:functional\s+)?(?:class(?:es)?\s*)?((?:\b(?:iv|v|i{1,3}|[1-5])\b(?:\s*(?:,|or|and|to|through|-|–)\s*(?=\b(?:iv|v|i{1,3}|[1-5])\b))?)+)(\s*(?:or (?:higher|greater|worse|above)|(?:or|and) (?:lower|less|below|better)))?/i.exec(
      after,
    );
  if (!m) return null;
  const nums = [...m[1].matchAll(/\b(iv|v|i{1,3}|[1-5])\b/gi)].map((x) => ROMAN_CLASS[x[1].toLowerCase()] ?? Number(x[1]));
  if (!nums.length) return null;
  const lo = Math.min(...nums);
  const hi = Math.max(...nums);
  if (m[2] && /higher|greater|worse|above/i.test(m[2])) return { op: ">=", value: lo, unit: "class" };
  if (m[2]) return { op: "<=", value: hi, unit: "class" };
  return { op: "between", value: lo, value_max: hi, unit: "class" };
}

/** the words before a measure a value is corrected for ("DLCO corrected for hemoglobin"): no measure of its own */
const CORRECTED_FOR = /\b(?:corrected|adjusted|normali[sz]ed)\s+(?:for|to)\s+(?:the\s+)?$/i;
function comparatorNear(part: string, from: number, to: number, self?: MeasureTerm): ReturnType<typeof readComparator> {
  if (self?.unit === "class") return classRange(part.slice(to, to + 40));
  // "a FIB-4 index of 1.30 or higher (the age, AST, ALT and platelet count used must be documented)":
  // a measure named inside a parenthetical note (four words or more: not an abbreviation like
  // "(LVEF)") takes a threshold only from inside that note — the value outside belongs to the
  // measure written with it, never to the inputs the note lists
  const open = part.lastIndexOf("(", from);
  // (a note split off at its ", or …" has no closing parenthesis in this part: it runs to the end)
  const close = open < 0 ? -1 : part.indexOf(")", to) >= 0 ? part.indexOf(")", to) : part.length;
  if (open >= 0 && close > 0 && !part.slice(open + 1, from).includes(")")) {
    const inner = part.slice(open + 1, close);
    if (inner.trim().split(/\s+/).length >= 4) return comparatorNear(inner, from - open - 1, to - open - 1, self);
  }
  // "at least 4 migraine days per month": comparator and number right before the measure
  // (or "15 or more headache days per month": the count written first, its comparator after it)
  const lead =
    /(?:(?:at least|at most|more than|greater than|fewer than|less than|no more than|[<>≤≥]=?)\s*\d+(?:\.\d+)?|\b\d+(?:\.\d+)?\s*(?:or more|or greater|or higher|or fewer|or less))\s*$/i.exec(
      part.slice(Math.max(0, from - 30), from),
    );
  if (lead) {
    const r = readComparator(lead[0]);
    if (r) return r;
  }
  const after = part.slice(to, to + 70);
  const otherAt = MEASURES.filter((m) => m !== self)
    .map((m) => measureRegex(m).exec(after))
    .filter((m): m is RegExpExecArray => !!m && m.index > 0 && !CORRECTED_FOR.test(after.slice(Math.max(0, m.index - 24), m.index)))
    .map((m) => m.index);
  const cut = otherAt.length ? Math.min(...otherAt) : after.length;
  const scoped = after.slice(0, cut).split(/\band (?:at least|>=|a |an )/i)[0];
  const found = readComparator(scoped);
  // "… (VCTE, FibroScan) of at least 8.0 kPa and no higher than 20.0 kPa": a lower bound whose upper
  // bound runs past the window is read with it (a lost upper bound would let any higher value pass)
  if (found && (found.op === ">=" || found.op === ">") && cut === after.length) {
    const longer = part.slice(to, to + 160);
    const upTo = MEASURES.filter((m) => m !== self)
      .map((m) => measureRegex(m).exec(longer))
      .filter((m): m is RegExpExecArray => !!m && m.index > 0)
      .map((m) => m.index);
    const wide = readComparator(longer.slice(0, upTo.length ? Math.min(...upTo) : longer.length).split(/,?\s+or\s+/i)[0]);
    if (wide?.op === "between" && wide.value === found.value) return wide;
  }
  if (found) return found;
  // the comparator written before the measure ("a value of at least 15 for the ESS score"), unless another
  // measure stands before it: "platelet count at least 150,000/mm3, and ALT and AST no more than 1.5 x
  // ULN" gives the platelets' bound to the platelets, never to ALT
  const before = part.slice(Math.max(0, from - 60), from);
  if (MEASURES.some((m) => m !== self && measureRegex(m).test(before))) return null;
  return readComparator(part.slice(Math.max(0, from - 40), to));
}

/**
 * `source` matching either case without the "i" flag: letters outside escapes become [aA] (inside a
 * character class the other case is added), so it can be joined with case-sensitive parts.
 */
function caseless(source: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === "\\") {
      out += ch + (source[i + 1] ?? "");
      i++;
    } else if (inClass) {
      if (ch === "]") inClass = false;
      out += /[a-z]/i.test(ch) ? ch.toLowerCase() + ch.toUpperCase() : ch;
    } else if (ch === "[") {
      inClass = true;
      out += ch;
    } else out += /[a-z]/i.test(ch) ? `[${ch.toLowerCase()}${ch.toUpperCase()}]` : ch;
  }
  return out;
}

/**
 * One regex for a measure's aliases, without the "i" flag: an abbreviation alias keeps aliasRegex's
 * case rules (capitalised "BMI", never the word "bmi" in lower case) — under "i" its guards rejected
 * every spelling, so "BMI >= 30" was never read — and other aliases match either case.
 */
function measureRegex(m: MeasureTerm): RegExp {
  return new RegExp(m.aliases.map((a) => (/^\\b[a-z0-9-]{2,6}\\b/.test(a) ? aliasRegex(a).source : `(?:${caseless(a)})`)).join("|"));
}

/** "2 x ULN", "1.5 times the upper limit of normal", "below the lower limit of normal": a limit relative to the laboratory's range */
const RELATIVE_LIMIT_RE = /\b\d+(?:\.\d+)?\s*(?:times|x|×|-fold)\s*(?:the\s+)?(?:upper limit|uln\b|lower limit|lln\b|normal)/i;

/** a limit relative to the laboratory's normal range, with its multiple: "2 x ULN", "below the LLN", "within normal limits" */
const RELATIVE_PHRASE_RE =
  /(?:(\d+(?:\.\d+)?)\s*(?:times|x|×|-fold)\s*(?:the\s+)?)?(?:(upper limit of (?:the )?normal|\bULN\b)|(lower limit of (?:the )?normal|\bLLN\b))|(\bwithin (?:the )?(?:normal limits|normal range|(?:the )?reference range)\b|\bWNL\b)/i;

/**
 * Lab requirements relative to the laboratory's normal range, one per clause of a policy sentence:
 * "ALT above 2 x ULN" is { measure ALT, op ">", value 2, relative "upper" } (the value is the multiple
 * of the upper limit), "hemoglobin below the lower limit of normal" is { op "<", value 1, relative
 * "lower" }, "TSH within normal limits" is { op "between", relative "range" }. Null when a clause with a
 * relative limit names no measure the engine reads, or no direction (then a reviewer compares it).
 * Source: the policy sentence; the range is the one printed with the result, or the policy's own ULN.
 */
/** "Weight and BMI measured within past 30 days": named measures and the window their values must be dated in */
const MEASURED_WITHIN_RE =
  /^(.{2,80}?)\s+(?:measured|assessed|obtained|documented|recorded|drawn|checked)\s+(?:within|in)\s+(?:the\s+)?(?:past|last|previous|prior)\s+\d+\s*(?:days?|weeks?|months?)\s*[.;]?$/i;
/** "Has baseline …", "Baseline … obtained / documented": a requirement for the member's baseline values */
const BASELINE_LEAD_RE = /^(?:(?:the )?(?:patient|member|beneficiary|individual|enrollee)\s+)?(?:(?:has|have|had)\s+(?:a |an |the )?baseline\b|baseline\b)/i;

/**
 * A requirement to have baseline values of named labs, with no threshold ("Has baseline serum
 * transaminases (ALT and AST) and total bilirubin", "Baseline CBC with platelets obtained within 30
 * days"): ALL of a dated value of each named measure, within the requirement's window (read with
 * medium confidence: it can be met or left open, never fail). Null when the
 * sentence names no measure the engine reads, or sets a result ("normal", "negative", "x ULN").
 */
function baselineLabsOf(t: string, base: Base): Criterion | null {
  const first = t.split(/(?<=\.)\s+(?=[A-Z])/)[0];
  // "Weight and BMI measured within past 30 days": a sentence of measure names and a window only
  const measured = MEASURED_WITHIN_RE.exec(first.trim());
  const onlyMeasures =
    !!measured &&
    !MEASURES.reduce((rest, m) => rest.replace(new RegExp(measureRegex(m).source, "g"), " "), measured[1])
      .replace(/\b(?:and|or|the|a|an|current|recent|latest|most)\b|[,/&]/gi, " ")
      .trim();
  if (
    !(BASELINE_LEAD_RE.test(first.trim()) || onlyMeasures) ||
    /\b(?:normal|abnormal|negative|positive|uln|lln|times|elevated|above|below|greater|less|within normal)\b/i.test(first)
  )
    return null;
  const measures = MEASURES.filter((m) => measureRegex(m).test(first));
  if (!measures.length) return null;
  const within = parseRecency(first);
  const labs: Criterion[] = measures.map((m) => ({
    text: `${m.name} documented (dated value)`,
    kind: "lab" as const,
    measure: m.name,
    op: ">=" as const,
    value: 0,
    unit: m.unit,
    within_days: within,
    // a presence check: any dated value meets it, and none fails it (a value read in another unit —
    // platelets "0.248" x10^6/uL — is still a value), so it never grounds a denial
    confidence: "medium" as const,
  }));
  return labs.length === 1 ? { ...labs[0], text: base.text, passage: base.passage } : { ...base, kind: "all", items: labs };
}

export function parseRelativeLimits(text: string): CriterionOf<"lab">[] | null {
  const t = norm(withoutExamples(text));
  const split = t.split(/,?\s+\b(?:and|or)\b\s+(?!(?:equal|more|greater|less|above|below)\b)|;\s*/);
  // "ALT and AST each no higher than 2 times the ULN": the measure before "and" shares the limit the
  // next clause states for "each" of them (read as "ALT no higher than 2 times the ULN")
  const all = split.map((c, i) => {
    const next = split[i + 1];
    // "ALT and AST no more than 1.5 x ULN": a measure named alone shares the limit the next clause
    // states for the measure it starts with
    if (next && c.trim().length <= 24 && !/\d/.test(c) && !RELATIVE_PHRASE_RE.test(c) && RELATIVE_PHRASE_RE.test(next)) {
      // (measureRegex keeps its own case rules: no "i" flag)
      const own = MEASURES.find((ms) => new RegExp(`^\\s*(?:[Tt]he\\s+|[Ss]erum\\s+)?(?:${measureRegex(ms).source})\\s*$`).test(c));
      const lead = own
        ? MEASURES.map((ms) => new RegExp(`^\\s*(?:[Tt]he\\s+|[Ss]erum\\s+)?(?:${measureRegex(ms).source})\\s+`).exec(next)).find((m) => m)
        : null;
      if (own && lead) return `${c.trim()} ${next.slice(lead[0].length)}`;
    }
    const each = next ? /^(.*?)\s+(?:each|both)\s+(.+)$/i.exec(next) : null;
    if (!each || RELATIVE_PHRASE_RE.test(c) || /\d/.test(c) || !RELATIVE_PHRASE_RE.test(each[2])) return c;
    if (!MEASURES.some((ms) => measureRegex(ms).test(c)) || !MEASURES.some((ms) => measureRegex(ms).test(each[1]))) return c;
    return `${c} ${each[2]}`;
  });
  const clauses = all.filter((c) => RELATIVE_PHRASE_RE.test(c));
  if (!clauses.length) return null;
  // "ALT and AST within normal limits": a measure in a clause of its own, with no number, shares the
  // limit of the next clause — not read here (a reviewer compares it)
  if (all.some((c) => !RELATIVE_PHRASE_RE.test(c) && !/\d/.test(c) && MEASURES.some((ms) => measureRegex(ms).test(c)))) return null;
  const out: CriterionOf<"lab">[] = [];
  for (const clause of clauses) {
    const r = RELATIVE_PHRASE_RE.exec(clause)!;
    const head = clause.slice(0, r.index);
    // the measure the clause names before the limit (the last one: "HBV DNA ... and ALT above 2 x ULN")
    let best: { ms: MeasureTerm; at: number } | null = null;
    for (const ms of MEASURES) {
      const g = new RegExp(measureRegex(ms).source, "g");
      let m: RegExpExecArray | null;
      while ((m = g.exec(head))) if (!best || m.index > best.at) best = { ms, at: m.index };
    }
    if (!best) return null;
    const between = head.slice(best.at);
    const factor = r[1] ? Number(r[1]) : 1;
    let op: Comparator;
    if (r[4]) op = "between";
    else if (/(?:>=|≥|\bat least\b|\bor (?:more|greater|higher|above)\b)/i.test(between + clause.slice(r.index, r.index + r[0].length + 20))) op = ">=";
    else if (
      /(?:<=|≤|\bat most\b|\bno (?:more|greater|higher) than\b|\bnot (?:exceeding|above)\b|\bor (?:less|lower|below)\b)/i.test(
        between + clause.slice(r.index, r.index + r[0].length + 20),
      )
    )
      op = "<=";
    else if (/(?:>|\babove\b|\bgreater than\b|\bmore than\b|\bhigher than\b|\bexceed(?:s|ing)?\b|\bover\b|\belevated\b)/i.test(between)) op = ">";
    else if (/(?:<|\bbelow\b|\bless than\b|\blower than\b|\bunder\b|\breduced\b|\blow\b)/i.test(between)) op = "<";
    else return null;
    out.push({
      text: clause.trim(),
      kind: "lab",
      measure: best.ms.name,
      op,
      value: op === "between" ? 1 : factor,
      ...(op === "between" ? { value_max: 1 } : {}),
      unit: null,
      within_days: null,
      relative: op === "between" ? "range" : r[2] ? "upper" : "lower",
      confidence: "high",
    });
  }
  return out;
}

/**
 * The policy's own upper limits of normal ("ULN for ALT is 35 U/L for men and 25 U/L for women",
 * "the upper limit of normal for ALT = 40 U/L", "ALT ULN: 33 U/L"), by measure name: one value for
 * everyone (`any`) or one per sex. A policy that defines its ULN overrides the range a laboratory
 * prints. Empty when the text defines none. Source: the policy text.
 */
export function parsePolicyUlns(text: string): Map<string, { any?: number; male?: number; female?: number }> {
  const out = new Map<string, { any?: number; male?: number; female?: number }>();
  const t = norm(text);
  const NUMU = String.raw`(\d+(?:\.\d+)?)\s*(?:[a-zµ]+\/[a-z]+|iu\/l|u\/l)?`;
  const SEX = String.raw`(?:for|in)\s+(?:adult\s+)?(men|males?|women|females?)`;
  for (const ms of MEASURES) {
    const name = measureRegex(ms).source;
    const res = [
      // (the measure's name keeps its case rules — "ALT", never the word "alt" — the rest is caseless)
      new RegExp(
        caseless(String.raw`(?:\bULN\b|upper limit of normal)\s*\(?(?:ULN)?\)?\s+(?:for|of)\s+(?:serum\s+)?`) +
          `(?:${name})` +
          caseless(String.raw`\s*(?:is|=|:|of)\s*(?:defined as\s+)?${NUMU}(?:\s+${SEX}(?:\s*(?:,|and|;)\s*(?:and\s+)?${NUMU}\s+${SEX})?)?`),
      ),
      new RegExp(
        `(?:${name})` +
          caseless(String.raw`\s+(?:\bULN\b|upper limit of normal)\s*(?:is|=|:|of)\s*${NUMU}(?:\s+${SEX}(?:\s*(?:,|and|;)\s*(?:and\s+)?${NUMU}\s+${SEX})?)?`),
      ),
    ];
    for (const re of res) {
      const m = re.exec(t);
      if (!m) continue;
      const entry: { any?: number; male?: number; female?: number } = {};
      const put = (v: string | undefined, sex: string | undefined) => {
        if (v == null) return;
        if (!sex) entry.any = Number(v);
        else if (/^m/i.test(sex)) entry.male = Number(v);
        else entry.female = Number(v);
      };
      put(m[1], m[2]);
      put(m[3], m[4]);
      // one sex named alone: the limit of the other sex is not given
      if (entry.any != null || (entry.male != null && entry.female != null) || entry.male != null || entry.female != null) out.set(ms.name, entry);
      break;
    }
  }
  return out;
}

/**
 * Whether the thresholds of a sentence are alternatives: an "or" that joins them, never the "or" of a
 * comparator ("25 mmHg or more, 15 mmHg or less, and PVR greater than 3": every one is required).
 */
/**
 * "…, and a serum ferritin below 100 ng/mL or a transferrin saturation (TSAT) below 20%": two measured
 * limits joined by "or" where they stand are alternatives, whatever "and" the sentence has elsewhere.
 * True only for exactly two limits whose measures are both found, with "or" and no "and" between them.
 */
function orBetweenMeasures(t: string, labs: Criterion[]): boolean {
  if (labs.length !== 2 || labs.some((l) => l.kind !== "lab")) return false;
  const at = labs.map((l) => {
    const ms = MEASURES.find((m) => m.name === (l as CriterionOf<"lab">).measure);
    if (!ms) return -1;
    const m = new RegExp(ms.aliases.map((a) => `(?:${a})`).join("|"), "i").exec(t);
    return m ? m.index : -1;
  });
  if (at.some((x) => x < 0) || at[0] >= at[1]) return false;
  const between = joinedByOr(t.slice(at[0], at[1]))
    ? t
        .slice(at[0], at[1])
        .replace(/\b(?:greater|less|more|fewer|lower|higher) than or equal to\b|\bor (?:more|less|greater|higher|lower|fewer|above|below)\b/gi, " ")
    : "";
  return /\bor\b/i.test(between) && !/\band\b/i.test(between);
}

/** `t` without a trailing clause that says where or how its values are recorded (", recorded in a headache diary or in the notes …") */
function valuesPart(t: string): string {
  return t.replace(/,\s*(?:as\s+)?(?:recorded|documented|measured|confirmed|reported|shown|obtained|drawn|kept)\s+(?:in|on|by|with|from)\b[^;]*$/i, "");
}

function joinedByOr(t: string): boolean {
  return /\bor\b/i.test(
    t.replace(
      /\bor (?:more|less|greater|higher|lower|fewer|above|below|longer|shorter|over|under|equal to)\b|\b(?:greater|less|more|fewer|lower|higher) than or equal to\b|\bat or (?:above|below|over|under)\b|\bequal to or (?:greater|less|more|lower|higher|fewer)(?: than)?\b/gi,
      " ",
    ),
  );
}

/** `r` when its unit (if any) is `ms`'s unit or a prefix of it ("%" of "% nights"), else null */
function inUnitOf(ms: MeasureTerm, r: ReturnType<typeof readComparator>): ReturnType<typeof readComparator> {
  if (!r?.unit || !ms.unit) return r;
  const [ru, ou] = [r.unit, ms.unit].map((u) => u.replace(/\s+/g, "").toLowerCase());
  return ru === ou || ou.startsWith(ru) || ru.startsWith(ou) ? r : null;
}

/** "<measure> ... <comparator> <number>" thresholds in a policy sentence. */
export function parseThresholds(text: string): { measure: string; op: Comparator; value: number; value_max?: number; unit: string | null }[] {
  const out: { measure: string; op: Comparator; value: number; value_max?: number; unit: string | null }[] = [];
  // unit exponents and body-surface normalisation are no thresholds ("20 mL/min/1.73 m2 or more")
  // "AIMS total score (items 1-7)", "PHQ-9 questions 1 through 9": the items a scale's score is summed
  // over name which questions count, never a range the score must fall in
  const t = norm(withoutExamples(text))
    // "880 mg/dL (10 mmol/L) or more": the same value in another unit, in parentheses, is no part of
    // the comparison (it would keep "or more" from its number)
    .replace(/\(\s*\d+(?:[.,]\d+)?\s*(?:mmol|µmol|umol|nmol|mg|g|mcg|µg|ng|pg|iu|u|meq)\s*\/\s*(?:d?l|ml|kg|24 ?h)\s*\)/gi, " ")
    // "drawn within the 90 days before the request": the window (parseRecency), never a value
    .replace(
      /\b(?:within|in) (?:the )?(?:past |last |previous |prior )?\d+ (?:days?|weeks?|months?|years?)\b(?:\s+(?:before|of|prior to|preceding)\s+(?:the\s+)?(?:request|submission|start|review))?/gi,
      " ",
    )
    .replace(/\/?\s*1\.73\s*m(?:2|²)\b/gi, "")
    // "2 or more exacerbations treated with systemic corticosteroids (3 days or more each)": how long each
    // event lasted qualifies the events counted, never the count
    .replace(/\((?=[^()]*\beach\b)[^()]*\b\d+\s*(?:days?|weeks?|hours?|months?)\b[^()]*\)/gi, " ")
    .replace(SCALE_ITEM_RANGE, (x) => " ".repeat(x.length))
    // "Serum calcium (corrected for albumin when the albumin is below 4.0 g/dL) of 8.5 mg/dL or more":
    // a parenthetical "when"/"if" clause says how the value is read; its number is no threshold, of
    // the measure it names nor of the one before it (which would take the nearest comparator)
    // (a value before the clause in the same parenthetical stays: "(8.5 mg/dL or higher, corrected for
    // albumin when the albumin is below 4.0 g/dL)" keeps its 8.5)
    .replace(/\((?=[^()]*\b(?:when|if|whenever|unless)\b)[^()]*\d[^()]*\)/gi, (x) => {
      const clause = /,?\s*\b(?:(?:corrected|adjusted)\s+(?:for|to)\b|when|if|whenever|unless)\b/i.exec(x);
      const kept = clause ? x.slice(1, clause.index).trim() : "";
      return /\d/.test(kept) ? ` (${kept}) ` : " ";
    });
  // (never before a roman numeral: "class I, II or III" is one range)
  const parts = t.split(/;|,? or (?=a |an |the |(?![IVX]{1,4}\b)[A-Z]|involvement)|\bOR\b|,? and (?=a |an |the )/);
  /** indexes in `out` of values read under a "when"/"if" clause */
  const conditional = new Set<number>();
  for (const part of parts) {
    const claimed: [number, number][] = [];
    for (const ms of MEASURES) {
      // "LDL-C >= 70", or the comparator first: "at least 10% of body surface area"; any mention of the measure
      // not already read as a more specific measure ("height velocity ... SD" is not also "growth velocity")
      const g = new RegExp(measureRegex(ms).source, "g");
      let th: ReturnType<typeof comparatorNear> = null;
      let am: RegExpExecArray | null;
      while (!th && (am = g.exec(part))) {
        const a = am.index;
        const b = a + am[0].length;
        if (claimed.some(([x, y]) => a < y && b > x)) continue;
        // "DLCO corrected for hemoglobin, of 30% or more": the measure a value is corrected for is no
        // requirement of its own
        if (CORRECTED_FOR.test(part.slice(Math.max(0, a - 24), a))) continue;
        // "parathyroid hormone analog treatment", "GLP-1 receptor agonists": a drug class named after the
        // substance, never the laboratory value
        if (
          /^[\s-]*(?:analog(?:ue)?s?|receptor|agonists?|antagonists?|inhibitors?|blockers?|mimetics?|replacement|therapy|treatment)\b/i.test(
            part.slice(b, b + 24),
          )
        )
          continue;
        // a number inside the measure's own name is its threshold only in the measure's unit: "at least
        // 4 hours per night on at least 70% of nights" names the nights counted, the threshold is the 70%
        th = (/\d/.test(am[0]) ? inUnitOf(ms, readComparator(am[0])) : null) ?? comparatorNear(part, a, b, ms);
        // a share ("% nights", "% predicted") is never met by a value read in another unit ("PAP
        // compliance: use >= 4 h per night on >= 70% of nights"): the next mention is read
        if (th?.unit && ms.unit?.startsWith("%") && !inUnitOf(ms, th)) th = null;
        if (th) claimed.push([a, b]);
      }
      if (!th) continue;
      // "treatment … above 24 months", "for at least 3 months": a duration, never a value of a measure
      // that is not itself one of time
      if (
        !/^(?:days?|weeks?|months?|years?|hours?|minutes?|seconds?|s|min)$/i.test(ms.unit ?? "") &&
        new RegExp(`(?:^|[^\\d.])${String(th.value).replace(".", "\\.").replace("-", "-?")}\\s*(?:days?|weeks?|months?|years?)\\b`, "i").test(part)
      )
        continue;
      // "ALT above 1.5 times the upper limit of normal", "> 3 x ULN": relative to the laboratory's
      // reference range, never an absolute value
      if (
        new RegExp(`\\b${String(th.value).replace(".", "\\.")}\\s*(?:times|x|×|-fold)\\s*(?:the\\s+)?(?:upper limit|uln|lower limit|lln|normal)`, "i").test(
          part,
        )
      )
        continue;
      // "FT4 and FT3 each less than 50% above or below the laboratory's normal limits": a margin around
      // the reference range, never a value of the measure itself
      if (
        th.unit === "%" &&
        new RegExp(
          `\\b${String(th.value).replace(".", "\\.")}\\s*%\\s*(?:above|below|outside|beyond)\\b[^.;]{0,40}\\b(?:normal|reference)\\s+(?:limits?|range)`,
          "i",
        ).test(part)
      )
        continue;
      // "at least 2 fewer migraine days per month than baseline", "a reduction of at least 50% from
      // baseline", "LDL-C reduced by at least 30% from baseline": a change from the member's own
      // baseline, never an absolute value the measure is compared against (a reviewer compares both)
      if (CHANGE_FROM_BASELINE_RE.test(part) || CHANGE_BY_AMOUNT_RE.test(part)) continue;
      // "the heart rate can be brought to 65 beats per minute or less (beta blockade may be used)": a
      // value the member can be brought to is a goal of preparation, never the value measured now
      if (/\b(?:can|could|is able to|are able to)\s+be\s+(?:brought|lowered|reduced|controlled|slowed)\b/i.test(part)) continue;
      // "1.5 SD below the mid-parental target height": relative to another value, not a score threshold
      if (
        ms.unit === "SD" &&
        /\b(?:below|above|from|than)\s+(?:the\s+|their\s+|his\s+|her\s+)?(?:mid-?parental|parental|target|predicted|baseline|previous|prior)\b/i.test(part)
      )
        continue;
      // "at least 2 standard deviations below the mean": a negative SD score
      if (ms.unit === "SD" && /\bbelow\b/i.test(part) && th.value > 0)
        th = { ...th, op: th.op === ">=" ? "<=" : th.op === ">" ? "<" : th.op, value: -th.value };
      // a body-mass threshold is in kilograms as written ("at least 30 kg"); a number without a unit of
      // mass, or in another measure's unit ("weight-related ... 27 kg/m2"), is no weight threshold
      // nor is a weight band of a dose ("weighing 40 kg or more: 300 mg every 4 weeks"): it says which
      // dose applies, never who is covered
      if (ms.unit === "kg" && (th.unit?.toLowerCase() !== "kg" || /\d\s*(?:mg|mcg|µg|units?|ml)\b/i.test(part))) continue;
      if (out.some((o) => o.measure === ms.name)) continue;
      // "corrected for albumin when the albumin is below 4.0 g/dL": a value under a "when"/"if" clause
      // says how another value is read, never a requirement of its own
      const at = claimed[claimed.length - 1]?.[0] ?? 0;
      const numAt = part.indexOf(String(th.value), at);
      if (
        numAt > 0 &&
        /\b(?:when|if|whenever)\s+(?:the\s+|a\s+|an\s+)?[a-z-]+(?:\s+[a-z-]+){0,2}\s+(?:is|are|was|falls?)\b/i.test(part.slice(Math.max(0, numAt - 45), numAt))
      )
        conditional.add(out.length);
      out.push({ measure: ms.name, ...th });
    }
  }
  // dropped only beside a threshold that is a requirement ("approve when the LDL-C is 70 or higher" stays)
  return conditional.size && conditional.size < out.length ? out.filter((_, i) => !conditional.has(i)) : out;
}

/**
 * A prescriber requirement written per indication — "a pulmonologist or allergist/immunologist
 * (asthma), an otolaryngologist (nasal polyps), or a dermatologist (urticaria)", or "... an allergist
 * for asthma; an otolaryngologist for nasal polyps" — as one entry per indication: the conditions
 * and the specialties that may prescribe for them. Null when the sentence is not a prescriber
 * requirement, names no indication, or has a specialty chunk the reader cannot tie to one (then the
 * caller reads it as before and parse coverage keeps it from denying).
 */
export function parseSpecialtiesByCondition(text: string): { conditions: string[]; specialties: string[] }[] | null {
  if (!/prescribed by|in consultation with|\bspecialist\b|\bprescriber\b|\bmanaged by\b/i.test(text)) return null;
  const t = withoutExamples(text);
  const entries: { conditions: string[]; specialties: string[] }[] = [];
  const parens = [...t.matchAll(/\(([^()]{2,80})\)/g)].filter((m) => mostSpecificConditions(m[1]).length);
  // each parenthetical must name indications only ("(asthma)", "(CRSwNP, CSU)"), never another prescriber
  if (parens.some((m) => specialtiesNamedIn(m[1]).length || /\b(?:specialist|physician|provider|prescriber|or an?|if|when|who)\b/i.test(m[1]))) return null;
  if (parens.length) {
    let from = 0;
    for (const m of parens) {
      const specialties = specialtiesNamedIn(t.slice(from, m.index));
      if (!specialties.length) return null;
      entries.push({ conditions: mostSpecificConditions(m[1]).map((c) => c.name), specialties });
      from = m.index! + m[0].length;
    }
    if (specialtiesNamedIn(t.slice(from)).length) return null;
    return entries;
  }
  // "... for asthma; ... for nasal polyps" (a "for <condition>" after each specialty chunk)
  const chunks = t.split(/;|,\s*(?:or\s+|and\s+)?(?=(?:an?|the)\s)/i).filter((c) => c.trim());
  let scoped = 0;
  for (const c of chunks) {
    const specialties = specialtiesNamedIn(c);
    const forM = /\b(?:for|in) (?:patients? with |members? with |the treatment of )?(.+)$/i.exec(c.replace(/\bin consultation with\b/gi, ""));
    const conditions = forM ? mostSpecificConditions(forM[1]).map((x) => x.name) : [];
    if (specialties.length && conditions.length) {
      entries.push({ conditions, specialties });
      scoped++;
    } else if (specialties.length) return null;
  }
  return scoped >= 2 ? entries : null;
}

/** Canonical specialties named in a "prescribed by or in consultation with ..." sentence. */
export function parseSpecialties(text: string): string[] {
  return specialtiesNamedIn(withoutExamples(text));
}

/** a requirement that a therapy was NOT received before */
const NO_PRIOR_RE =
  /\b(?:has|have|had)\s+not\s+(?:previously\s+|already\s+)?(?:received|been\s+treated\s+with|been\s+exposed\s+to|taken|used|tried)\b|\bno\s+(?:prior|previous)\s+(?:treatment|therapy|use|exposure)\b|\bnot\s+(?:been\s+)?previously\s+treated\s+with\b|\bnaive\s+to\b/i;

/** "has not had disease progression on", "has not progressed on/while on", "without progression on" a prior therapy */
const NO_PROGRESSION_ON_RE =
  /\b(?:(?:has|have|had)\s+not\s+(?:had\s+(?:disease\s+)?progression|progressed)|without\s+(?:disease\s+)?progression|no\s+(?:disease\s+)?progression)\s+(?:on|while\s+on|during|after|following)\b/i;

const STOP = new Set(
  "the a an of or and with for to in on by is are be has have had patient patients member members who which that this as at least one following any other from than their his her its use used using been being not no does do documented documentation diagnosis history evidence e.g. eg such including includes must will should may can either both each all per via within over under after before during when where if unless except there these those been being was were but yet also then still currently make makes made they them it she he him we us you your our".split(
    " ",
  ),
);

const GENERIC_WORDS = new Set([
  "regimen",
  "regimens",
  "schedule",
  "less",
  "more",
  "greater",
  "higher",
  "lower",
  "least",
  "most",
  "other",
  "another",
  "prior",
  "previous",
  "current",
  "recent",
  "documented",
  "months",
  "weeks",
  "days",
  "years",
  "time",
  "times",
  "level",
  "levels",
  "result",
  "results",
  "value",
  "values",
  "test",
  "tests",
  "clinical",
  "medical",
  "condition",
  "conditions",
  "treatment",
  "therapy",
  "considered",
  "regardless",
  "following",
  "including",
  "related",
  "associated",
  "member",
  "patient",
  "individual",
  "requested",
  "medication",
  "drug",
  "above",
  "below",
  "based",
]);

/** a score, index or level with a threshold: "score above 8", "index of 20 or more", "level at least 5" */
const SCORE_THRESHOLD_PART_RE =
  /\b(?:score|index|scale|level|grade|count)\s+(?:of\s+)?(?:(?:above|below|over|under|at least|at most|greater than|less than|more than|>=?|<=?|≥|≤)\s*\d|\d+(?:\.\d+)?\s*(?:or (?:more|higher|greater|above|less|lower|below)|\+))/i;

/** "Diagnosis of X (…) confirmed by A, B or C": the diagnosis (1) and the ways it is confirmed (2) */
const DIAGNOSIS_CONFIRMED_BY_RE =
  /^(?:(?:a|the)\s+)?(?:(?:documented|confirmed)\s+)?diagnosis\s+of\s+(.{3,200}?),?\s+(?:confirmed|established|documented|demonstrated)\s+(?:by|with|through|via)\s+(?:either\s+|one of\s+|any of\s+)?(.{3,300})$/is;

/** "Diagnosis of X (codes) made by or in consultation with a <specialist>": X */
const DIAGNOSIS_MADE_BY_RE =
  /^(?:(?:a|the)\s+)?(?:(?:documented|confirmed)\s+)?diagnosis\s+of\s+(.{3,200}?),?\s+(?:made|rendered|established|confirmed)\s+by\s+(?:or\s+in\s+consultation\s+with\s+)?(?:an?\s+|the\s+)?[a-z].*$/is;

/** a study and what it shows ("a V/Q scan … showing", "an MRI demonstrating", "CT angiogram with evidence of") */
const STUDY_FINDING_RE =
  /^(?:(?:a|an|the)\s+)?[^.;:]{0,60}\b(?:scan|angiogra(?:m|phy)|mri|ct|x-?ray|radiograph|ultrasound|echocardiogram|biopsy|catheteri[sz]ation|study)\b[^.;:]{0,40}\b(?:showing|demonstrating|confirming|with evidence of|revealing)\b/i;

/** the lead of a list of ways a fact is established: "established by", "confirmed by", "as demonstrated by", "documented with" */
const EVIDENCE_LEAD_RE =
  /^\s*(?:(?:the\s+)?diagnosis\s+)?(?:(?:is|was|must be|has been|should be)\s+)?(?:as\s+)?(?:established|confirmed|documented|demonstrated|evidenced|diagnosed|defined|proven)\s+(?:by|with|through|via|as|on)\s+(?:either\s+|one of\s+|any of\s+)?/i;

/**
 * The alternatives a documentation requirement can be met by, each a list of content words that
 * must all appear in one fax sentence. Parenthetical enumerations are alternatives ("special area
 * (scalp, face, nails)" → scalp | face | nails | special area); adjectives listed before a shared
 * noun get the noun ("perianal or abdominal fistulas" → perianal fistulas | abdominal fistulas).
 */
/**
 * "the clinical assessment implicates the facet joint as the putative source of the pain": the
 * structure (1) and the symptom attributed to it (2)
 */
const SOURCE_ATTRIBUTION_RE =
  /\b(?:implicates?|identif(?:y|ies)|points? to)\s+(?:the\s+|an?\s+)?([a-z][a-z -]{2,60}?)\s+as\s+(?:the\s+|an?\s+)?(?:(?:putative|likely|probable|presumed|suspected|primary|main)\s+)?(?:source|cause|generator|origin)\s+of\s+(?:the\s+|his\s+|her\s+|their\s+)?([a-z][a-z -]{2,40})/i;
/** words of a structure's name that do not tell it apart ("the facet joint" is the facet) */
const STRUCTURE_GENERIC = new Set(["joint", "joints", "structure", "region", "level", "levels", "area"]);
/** what a record writes of a structure it attributes a symptom to: a positive finding on it */
const ATTRIBUTION_FINDINGS = ["tenderness", "positive", "mediated", "arthropathy"];

/** "evaluation by a registered dietitian": a service noun (1) and the professional who performs it (2) */
const PERFORMED_BY_RE =
  /\b(evaluation|assessment|consultation|examination|counsell?ing)\s+by\s+(?:a|an|the)\s+((?:[A-Za-z-]+\s+){0,2}?(?:dietitian|nutritionist|psychologist|psychiatrist|physician|surgeon|therapist|counselou?r|professional|specialist|provider|nurse))\b/gi;

export function keyConcepts(text: string): string[][] {
  const alts: string[][] = [];
  const words = (p: string) =>
    p
      .toLowerCase()
      .split(/[^a-z0-9'-]+/)
      .map((w) => w.replace(/^'+|'+$/g, ""))
      .filter((w) => w.length > 2 && !STOP.has(w) && !GENERIC_WORDS.has(w) && !/^\d/.test(w));
  // "the clinical assessment implicates the facet joint as the putative source of the pain": what the
  // record must show is the structure with the symptom attributed to it or a positive finding on it
  // ("facet-mediated pain", "facet tenderness", "positive facet loading", "facet arthropathy") — never
  // the policy's framing words ("clinical assessment", "implicates", "putative")
  const source = SOURCE_ATTRIBUTION_RE.exec(text);
  if (source) {
    const structure = words(source[1]).filter((w) => !STRUCTURE_GENERIC.has(w))[0];
    const symptom = words(source[2])[0];
    if (structure && symptom) return [[structure, symptom], ...ATTRIBUTION_FINDINGS.map((f) => [structure, f])];
  }
  // "progress toward the goals of the plan of care": what the progress is measured against qualifies
  // the fact, it is not a word the note must repeat
  let main = text.replace(/\[[^\]]*\]/g, " ").replace(/\btowards?\b[^,;]*/gi, " ");
  // "established by a pathogenic variant, a score above 8, or …": the verb that leads a list of the
  // ways a fact is established is no word of any one of them (a note says "confirmed by genetic
  // testing (pathogenic LDLR variant)", never "established")
  main = main.replace(EVIDENCE_LEAD_RE, " ");
  // "(Note 1)", "(see Note 2)": a reference to the policy's own notes is no word the fax must carry
  main = main.replace(/\(\s*(?:see\s+)?(?:notes?|footnotes?)\s+\d+[^)]*\)/gi, " ");
  // "The prescriber attests that the member is enrolled in …": who states the fact is no word of it
  main = main.replace(
    /\b(?:the\s+)?(?:prescriber|provider|physician|practitioner|requester|prescribing (?:provider|physician))\s+(?:attests|certifies|confirms|affirms|documents|states)\s+(?:that\s+)?/gi,
    " ",
  );
  // "(Appendix A, Table 1)", "(see Table 3)", "(Section 4.2)": nor is a reference to its appendices and tables
  main = main.replace(
    /\(\s*(?:see\s+|per\s+|as (?:listed|defined) in\s+)?(?:appendix|appendices|table|section|attachment|exhibit|figure)\s+[A-Z0-9][^)]*\)/gi,
    " ",
  );
  // parentheticals: enumerations become alternatives of their own
  main = main.replace(/\(([^()]*)\)/g, (_m, inner: string) => {
    const items = inner
      .replace(/^(?:e\.g\.|eg|for example|such as|including|i\.e\.)[,:]?\s*/i, "")
      .split(/,|;|\bor\b|\band\b/i)
      .map((x) => words(x))
      .filter((w) => w.length);
    for (const w of items) alts.push(w.slice(0, 3));
    return " ";
  });
  // "nutritional evaluation by a registered dietitian": a record names the service by its performer
  // ("Registered dietitian evaluation 07/21/2026") as often as by its adjective — one more way to document it
  for (const m of main.matchAll(PERFORMED_BY_RE)) {
    const who = words(m[2]);
    if (who.length) alts.push([...who.slice(0, 3), m[1].toLowerCase()]);
  }
  const parts = main
    .split(/,|;|\bor\b|(?<=[a-z])\/(?=[a-z])/i)
    // "a Dutch Lipid Clinic Network score above 8": an alternative that is a score's threshold is met
    // only by a value compared against it, never by the score's name in a note
    .filter((p) => !SCORE_THRESHOLD_PART_RE.test(p))
    .map((p) => words(p))
    .filter((w) => w.length);
  // a head noun shared by adjectival alternatives ("enterocutaneous or rectovaginal fistulas")
  const head = parts.length > 1 && parts[parts.length - 1].length >= 2 ? parts[parts.length - 1][parts[parts.length - 1].length - 1] : null;
  for (const p of parts) alts.push((head && p.length === 1 && p[0] !== head ? [...p, head] : p).slice(0, 3));
  // adjectives from a parenthetical ("(perianal or abdominal)") take the shared head noun too
  if (head)
    for (let i = 0; i < alts.length; i++)
      if (alts[i].length === 1 && alts[i][0] !== head && /(?:al|ic|ous|ive|ary|ar)$/.test(alts[i][0])) alts[i] = [alts[i][0], head];
  const seen = new Set<string>();
  // an abbreviation defined beside its words ("complete blood count (CBC)") names the same thing: as
  // specific as its long form (an abbreviation alone in a parenthetical — "(MRI)" — is not)
  const abbreviations = new Set<string>();
  for (const m of text.matchAll(/((?:[A-Za-z-]+\s+){1,6})\(([A-Z]{3,6})\)/g)) {
    const initials = m[1]
      .trim()
      .split(/[\s-]+/)
      .map((w) => w[0]?.toLowerCase() ?? "")
      .join("");
    if (initials.endsWith(m[2].toLowerCase())) abbreviations.add(m[2].toLowerCase());
  }
  return alts.filter((a) => {
    const k = a.join(" ");
    if (seen.has(k) || !a.some((w) => w.length >= 4 || abbreviations.has(w))) return false;
    seen.add(k);
    return true;
  });
}

/** Drugs in note sentences that say they do not count ("A trial of mesalamine does not count"). */
function excludedDrugs(text: string, ctx: ParseContext): string[] {
  const out: string[] = [];
  for (const s of text.split(/(?<=\.)\s+(?=[A-Z])/)) {
    if (
      /do(?:es)? not (?:satisfy|count|qualify|meet)|not count as|are excluded|is excluded|not considered|does not apply|is not (?:an? )?(?:adequate|acceptable)|\b(?:are|is) not (?:an? )?(?:[a-z-]+ )?(?:traditional|conventional|systemic|qualifying|acceptable|adequate|first-line|preferred)\b/i.test(
        s,
      )
    ) {
      out.push(...drugsIn(s, ctx));
    }
  }
  return [...new Set(out)];
}

/** Drugs named in note sentences that list examples or say they also count. */
function exampleDrugs(text: string, ctx: ParseContext): string[] {
  const out: string[] = [];
  for (const s of text.split(/(?<=\.)\s+(?=[A-Z])/)) {
    // "Topical therapies … and narrowband UVB are not traditional systemic agents" names what does not count
    if (
      /do(?:es)? not|not count|excluded|\b(?:are|is) not (?:an? )?(?:[a-z-]+ )?(?:traditional|conventional|systemic|qualifying|acceptable|adequate|first-line|preferred)\b/i.test(
        s,
      )
    )
      continue;
    if (/examples?|e\.g\.|such as|also counts?|include|are\b|is considered/i.test(s)) out.push(...drugsIn(s, ctx));
  }
  return out;
}

/** Conditions named in a text that are real conditions (not just "cosmetic use"). */
function conditionsOf(text: string): ConditionTerm[] {
  return mostSpecificConditions(withoutExamples(text));
}

// ─────────────────────────────────────────────────────────────────────────────────────────────

type Base = { text: string; note?: string; passage?: Citation | null; confidence: ParseConfidence };

const TRIAL_VERB =
  /\btried\b|\btrial(?:s)?\b|\bhas taken\b|\btaken\b|\bfailure\b|\bfailed\b|\binadequate (?:response|control)\b|\binadequately (?:controlled|responded)\b|\breceived\b|\bused\b|\bintoleran|\bdiscontinu|\bcurrently taking\b|\bhistory of (?:failure|intolerance|use)\b|\bdespite\b|\bremains? uncontrolled\b|\bafter\b[^.;]{0,40}\bof\b|\bresponse to\b|\bstep therapy\b|\bexperienced\b/i;

/** "(The drug) is prescribed / requested / used for the treatment of …", "Is being prescribed for the management of …" */
const USE_FOR_LEAD_RE =
  /^(?:(?:the )?(?:drug|medication|agent|product|requested (?:drug|medication|agent|product)|[A-Z][A-Za-z-]+)\s+)?(?:is |are |will be |is being )?(?:prescribed|requested|used|being used)(?:\s+[A-Z][A-Za-z-]+)?\s+for\s+(?:the\s+)?(?:treatment|management|prevention|reduction|control)\s+of\b/i;

/**
 * Parse one policy requirement sentence. `note` is any "Note:" text printed under it (examples that
 * also count, drugs that do not count). Unknown wording becomes `documentation` (medium confidence)
 * or `human_review` (low). Never throws.
 */
/** a parenthetical naming a population by age ("(ESS; pediatric ESS under 18)", "(children aged 6 to 11)") */
const POPULATION_PAREN_RE = /\([^()]*\b(?:pediatric|paediatric|children|child|adolescents?|adults?|ages?|aged|years? (?:old|of age)|infants?)\b[^()]*\)/i;

/**
 * "Baseline laboratory values as in RA item 5", "Class criteria 2 and 3 are met", "the step requirement
 * of Section I is met": a requirement that stands for other criteria of the policy by their number —
 * its own words (the other indication's name among them) are no requirement of this request.
 */
const CROSS_REFERENCE_RE =
  /\b(?:as (?:in|described in|listed in|stated in|under|for)|same as|see|per)\s+(?:[A-Z][A-Za-z]{0,30}\s+)?(?:items?|criteri(?:on|a)|sections?|parts?|steps?|#)\s*[A-Z0-9IVX]{1,4}(?:\.\d{1,2})?\b|\b(?:criteri(?:on|a)|items?|requirements?)\s+[A-Z0-9]{1,3}(?:\s*(?:,|and|or|&)\s*[A-Z0-9]{1,3})*\s+(?:is|are)\s+met\b|\b(?:requirements?|criteria) of (?:section|part|step) [A-Z0-9IVX]{1,4}(?:\.\d{1,2})? (?:is|are) met\b/i;

/** "<condition> in a member 18 years of age or older" (1), "Age 18 years or older with <condition>" (2) */
const AGE_FOR_CONDITION_RE =
  /^([A-Za-z][\w ,'/-]{2,60}?)\s+in (?:a |an )?(?:member|patient|child|adult|adolescent|individual|person)s?\s+(?:aged?\s+)?\d{1,2}\b[^;]*$|^(?:the (?:member|patient) is )?(?:age[ds]?\s+)?\d{1,2}\s+(?:years?|yrs?)(?: of age)?(?: or (?:older|over|more))?\s+with\s+([A-Za-z][\w ,'/-]{2,60})\.?$/i;

/** a dose written per band of a value: "<dose words> …: less than 40 x 10^9/L - 60 mg …; 40 to less than 50 - 40 mg" */
const DOSE_BAND_RE =
  /^(?:the )?(?:dose|dosing|dosage)\b[^.;]{0,80}?:[^]*?(?:less than|under|below|at least|more than|greater than|[<>\u2264\u2265]=?)\s*\d+(?:\.\d+)?[^;]{0,40}?\s[-\u2013\u2192:]\s*\d+(?:\.\d+)?\s*(?:mg|mcg|units?)\b/i;

/** a drug the member takes now that the plan stops: "will be stopped before", "to be discontinued prior to" */
const PLANNED_STOP_RE =
  /\b(?:will|must|should|is to|are to|to)\s+be\s+(?:stopped|discontinued|withdrawn|tapered off)\s+(?:before|prior to|at|by|on or before)\b/i;

/** the therapy a value is measured on: "… despite …", "… while the member takes …", "… while on …" */
const LAB_ON_THERAPY_RE =
  /\s(?:despite|while (?:the (?:member|patient|individual) )?(?:takes|is taking|is on|on|taking|receiving|is receiving|(?:is )?being treated with|treated with|using))\s/i;

/**
 * "Serum uric acid above 6.0 mg/dL … while the member takes a xanthine oxidase inhibitor … for at least
 * 3 months", "LDL-C of 70 mg/dL or higher despite a maximally tolerated statin for at least 8 weeks": a
 * value AND the therapy it was measured on — ALL of the two. Read as either half alone, the other half
 * went unchecked (an approval without the value, or without the trial). Null unless the words before
 * the connector read as a lab threshold and those after it as a prior or current therapy.
 */
function labOnTherapy(text: string, note: string, ctx: ParseContext): Criterion | null {
  const m = LAB_ON_THERAPY_RE.exec(text);
  if (!m || m.index < 8) return null;
  const first = text.slice(0, m.index).replace(/[,;\s]+$/, "");
  if (!parseThresholds(first).length) return null;
  const lab = parseCriterion(first, "", ctx);
  if (lab.kind !== "lab") return null;
  const therapy = parseCriterion(text.slice(m.index).trim(), note, ctx);
  if (therapy.kind !== "prior_therapy" && therapy.kind !== "current_therapy") return null;
  const confidence = lab.confidence === "high" && therapy.confidence === "high" ? "high" : "medium";
  return { text, ...(note ? { note } : {}), kind: "all", items: [lab, therapy], confidence };
}

/** ", with or without X" / "(with or without X)": an aside that requires nothing (parseCriterion) */
const WITH_OR_WITHOUT_RE = /\((?:with or without|with\/without)\b[^()]*\)|,?\s*\b(?:with or without|with\/without)\b[^,;.()]*/gi;
const WITH_OR_WITHOUT_TEST_RE = new RegExp(WITH_OR_WITHOUT_RE.source, "i");

/**
 * "… all of the following: (a) X; (b) Y; and (c) Z": the items of an inline lettered list that follows a
 * lead ending in a colon, joined by "and" before its last item. Null unless the letters run (a), (b), (c) …
 * in order, each item is a clause of three words or more and "and" joins the last one (a choice joined by
 * "or" stays one requirement; a list without a connective is left to the outline reader).
 */
function inlineLetteredList(text: string): { op: "any" | "all"; items: string[] } | null {
  const lead = /^[^()]{0,200}?:\s*\(a\)\s+/i.exec(text);
  if (!lead) return null;
  let rest = text.slice(lead[0].length);
  const items: string[] = [];
  let op: "any" | "all" | null = null;
  for (const letter of "bcdefghij") {
    const next = new RegExp(String.raw`;\s*(?:(or|and)\s+)?\(${letter}\)\s+`, "i").exec(rest);
    if (!next) break;
    items.push(rest.slice(0, next.index).trim());
    op = next[1] ? (next[1].toLowerCase() === "or" ? "any" : "all") : null;
    rest = rest.slice(next.index + next[0].length);
  }
  items.push(rest.replace(/[.;]\s*$/, "").trim());
  if (items.length < 2 || !op || items.some((i) => i.split(/\s+/).length < 3)) return null;
  // a choice stays one requirement: an alternative read alone loses the words that tie it to the rest
  // ("(b) as an adjunct to a second or later set of tympanostomy tubes …" met by any mention of tubes),
  // and one loosely met alternative would approve
  if (op === "any") return null;
  return { op, items };
}

/** a product or strength naming its own age band: "cream 0.3% or 0.15%: 6 years", "0.05%: 2 to 5 years", "tablets: 12 years" */
const AGE_PER_PRODUCT_RE =
  /(?:\d(?:\.\d+)?\s*(?:%|mg|mcg|units?)|\b(?:cream|ointment|gel|foam|lotion|tablets?|capsules?|solution|suspension|injection|pen|formulation|strength))\s*:\s*(?:(?:ages?|patients?)\s+)?\d{1,2}\b[^;]{0,30}\byears?\b[^;]*;[^;]*:\s*(?:(?:ages?|patients?)\s+)?\d{1,2}\b/i;

/** an amount of change: "a decrease of at least 20 mmHg", "a drop in FEV1 of more than 12%", "an increase of 2 points" */
const CHANGE_AMOUNT_RE =
  /\b(?:decrease|drop|fall|decline|reduction|increase|rise|gain|loss|worsening)s?\s+(?:in\s+[\w\s-]{1,40}?\s+)?(?:of|by)\s+(?:at\s+least|more\s+than|greater\s+than|no\s+less\s+than|>=?|≥)?\s*\d+(?:\.\d+)?\s*(?:%|mm\s?hg|points?|mg\/dl|kg|lbs?|seconds?|met(?:er|re)s)/i;

/** measures whose value depends on the state it is taken in (at rest, during exercise or sleep, on room air) */
const SETTING_MEASURES = new Set(["SpO2", "PaO2", "heart rate", "respiratory rate", "six-minute walk distance"]);

/** an inline item number: "1. Age", " 2. Chronic" — a number of one or two digits after a sentence end (or at the start) and before a capitalised word */
const INLINE_NUMBER_RE = /(?:^|(?<=[.;:)]\s{1,3}))(\d{1,2})\.\s+(?=[A-Z])/g;

/**
 * The items of a passage written as one run of numbered requirements ("1. X. 2. Y. 3. Z."): the item
 * texts when the numbers run 1, 2, 3 … from the start of the passage; "interleaved" when two or more
 * numbered runs are mixed (a number goes back: "1. … 2. … 1. … 2. … 3.", also after an outline reader
 * took the first "1." as the item's own marker); null when the passage holds fewer than two numbers or
 * does not run from "1." (or from "2." after an unnumbered first item, whose "1." an outline reader took). Numbers inside a sentence ("under 2. Refer …"
 * without a sentence end before it) and decimals are not item numbers.
 */
function inlineNumberedItems(text: string): string[] | "interleaved" | null {
  const t = text.trim();
  const marks = [...t.matchAll(INLINE_NUMBER_RE)].map((m) => ({ n: Number(m[1]), at: m.index!, len: m[0].length }));
  if (marks.length < 2) return null;
  if (marks.some((m, i) => i > 0 && m.n <= marks[i - 1].n)) return "interleaved";
  if (marks.some((m, i) => i > 0 && m.n !== marks[i - 1].n + 1)) return null;
  // (a run from "2." after a first item whose "1." the outline reader took as the item's own marker)
  const lead = marks[0].n === 2 && marks[0].at > 0 ? [t.slice(0, marks[0].at)] : [];
  if (!lead.length && (marks[0].n !== 1 || marks[0].at !== 0)) return null;
  return [...lead, ...marks.map((m, i) => t.slice(m.at + m.len, marks[i + 1]?.at ?? t.length))]
    .map((x) => x.trim().replace(/[.;]\s*$/, ""))
    .filter((x) => x.length > 0);
}

/** the person a line of business's policy is about, by its own noun ("the recipient", "the client", "the participant") */
const SUBJECT_NOUN_RE = /\b(the|a|an|this|that)\s+(recipient|client|enrollee|beneficiary|participant|covered person|insured person|resident)\b/i;

export function parseCriterion(text: string, note: string, ctx: ParseContext): Criterion {
  // "associated with a deletion 5q abnormality, with or without additional cytogenetic abnormalities",
  // "migraine with or without aura": what may or may not be present is no requirement either way — read
  // as "without additional …" it became an absence the request could fail (the sentence keeps its words)
  if (WITH_OR_WITHOUT_TEST_RE.test(text)) {
    const rest = text
      .replace(WITH_OR_WITHOUT_RE, (m) => (m.startsWith("(") ? " " : ""))
      .replace(/\s{2,}/g, " ")
      .trim();
    if (/[a-z]{3}/i.test(rest) && rest !== text) return { ...parseCriterion(rest, note, ctx), text } as Criterion;
  }
  // "At least two of the following are documented: habitual loud snoring; witnessed apneas …; an ESS
  // above 10; …": the lead's count of the items after it — never every item (read as "all", a missing
  // symptom and an ESS of 9 had denied a study two other items supported)
  // (two or more only: "ONE / ALL of the following: (a) …; (b) …" are read by the lettered-list rules below)
  const countLead = /^(.*?\b(?:at least )?(two|three|four|five|[2-5])\s+(?:\(\d\)\s+)?of the following\b[^:;]{0,140}):\s*([^;]+;.+)$/is.exec(norm(text));
  if (countLead && !/\b(?:fail\w*|trial|tried|inadequate (?:response|control)|intoleran\w*)\b/i.test(countLead[1])) {
    const items = countLead[3]
      .split(/;/)
      .map((p) =>
        p
          .replace(/^\s*(?:or|and)\s+/i, "")
          .replace(/[,]?\s*\b(?:and|or)\s*\.?\s*$/i, "")
          .trim(),
      )
      .filter((p) => /[a-z]{3}/i.test(p))
      .map((a) => ({ ...parseCriterion(a, "", ctx), text: a }) as Criterion);
    const n = { two: 2, three: 3, four: 4, five: 5 }[countLead[2].toLowerCase()] ?? Number(countLead[2]);
    if (items.length >= n) return { text, ...(note ? { note } : {}), kind: "any", items, min: n, confidence: "high" };
  }
  // "Approval requires all of the following: (a) X; (b) Y; and (c) Z": a lead and its inline lettered
  // list, every item a requirement of its own (a choice — "…; or (c) Z" — stays whole)
  const listed = inlineLetteredList(text);
  if (listed)
    return {
      text,
      ...(note ? { note } : {}),
      kind: listed.op,
      items: listed.items.map((t) => parseCriterion(t, "", ctx)),
      confidence: "medium",
    } as Criterion;
  // "of an FDA-approved age for the product requested (cream 0.3%: 6 years or older; cream 0.05%: 2 to 5
  // years)": an age band per product or strength — which band applies depends on the product dispensed,
  // so no one bound is the requirement (read as the last band, a 41-year-old was "older than 5" and denied)
  if (AGE_PER_PRODUCT_RE.test(text) && (text.match(/\b\d{1,2}\s*(?:years?|yrs?|y\/o)\b/gi)?.length ?? 0) >= 2)
    return {
      text,
      ...(note ? { note } : {}),
      kind: "human_review",
      why: "The policy gives a different age for each product or strength; a reviewer matches the member's age to the product requested.",
      confidence: "medium",
    };
  // "1. Age 18 or older. 2. Chronic migraine: … 3. Failure of … 4. Prescribed by …" (a table cell written
  // as one run of numbered requirements): each item a requirement of its own; numbers that run out of
  // order ("1. … 2. … 1. … 2. … 3.") are two cells run together line by line, a text nobody can read as
  // one requirement (read as one, a prescriber in it met the whole run)
  const numbered = inlineNumberedItems(text);
  if (numbered === "interleaved")
    return {
      text,
      ...(note ? { note } : {}),
      kind: "human_review",
      why: "Several numbered lists run together in this passage (a table's columns read across); a reviewer reads each requirement.",
      confidence: "low",
    };
  if (numbered)
    return { text, ...(note ? { note } : {}), kind: "all", items: numbered.map((t) => parseCriterion(t, "", ctx)), confidence: "medium" } as Criterion;
  // "An intolerable adverse effect from, or a contraindication to, X and Y": the intolerance of X and Y,
  // read as "intolerance of …" is (the sentence keeps its own words)
  const intolerable = /\b(?:an? )?intolerable (?:adverse |side )?(?:effects?|reactions?|events?) (?:from|to|with|of|on)\b/i;
  if (intolerable.test(text)) {
    const c = parseCriterion(text.replace(intolerable, "intolerance of"), note, ctx);
    return { ...c, text } as Criterion;
  }
  // "The recipient is not taking an MAOI", "the client has received …", "the participant is pregnant": the
  // person the policy's line of business names (Medicaid recipient, Texas client, PACE participant) is
  // the member every reading knows; the sentence keeps its own words
  const subject = SUBJECT_NOUN_RE.exec(text);
  if (subject && !/\bmembers?\b/i.test(text)) {
    const noun = subject[2];
    const back = (c: Criterion): Criterion => {
      const own = { ...c, text: c.text.replace(/\b(the|a|an|this|that) member\b/gi, `$1 ${noun}`) } as Criterion;
      return own.kind === "all" || own.kind === "any" ? ({ ...own, items: own.items.map(back) } as Criterion) : own;
    };
    return { ...back(parseCriterion(text.replace(new RegExp(SUBJECT_NOUN_RE.source, "gi"), "$1 member"), note, ctx)), text } as Criterion;
  }
  // "For enrollees aged 19 and older, therapy is a limited benefit. Visits beyond 12 …": a rule for an age
  // group — the rest of the sentence applies at those ages, and the age is never a requirement itself
  // (a child is no failure of an adults' limit)
  const ageScope = AGE_SCOPE_RE.exec(text.trim());
  if (ageScope) {
    const n = Number(ageScope[1]);
    const inner = parseCriterion(ageScope[3], note, ctx);
    if (inner.kind !== "age")
      return { ...inner, text, applies_age: /older|over|above/i.test(ageScope[2]) ? { min_years: n } : { max_years: n + 1 } } as Criterion;
    return { text, ...(note ? { note } : {}), kind: "human_review", why: "A rule for one age group whose requirement was not read.", confidence: "low" };
  }
  if (CROSS_REFERENCE_RE.test(text) && text.length <= 160)
    return {
      text,
      kind: "human_review",
      why: "The requirement refers to other criteria of the policy by their number; a reviewer applies them.",
      confidence: "medium",
    };
  // "Quantitative immunoglobulins and vaccination review are recommended before the first dose; they
  // are not conditions of coverage.": a sentence that says it states no condition of coverage is no
  // requirement — read the rest (unless nothing else is left)
  const advisory = withoutAdvisorySentences(text);
  if (advisory !== text) return { ...parseCriterion(advisory, note, ctx), text: advisory };
  // "Medication overuse headache has been considered and addressed", "Other causes have been ruled
  // out": the condition is one to look for and exclude, never the indication (a diagnosis reading
  // would require the member to have it); judged on the record (review/condition-addressed.ts)
  const addressed = addressedCondition(text);
  if (addressed) return { text, kind: "documentation", concepts: keyConcepts(addressed), absence: false, confidence: "medium" };
  // "Dose matches the baseline platelet count: less than 40 x 10^9/L - 60 mg …; 40 to less than 50 x
  // 10^9/L - 40 mg …": a dose table by a value's bands — how much to give, never a requirement on the
  // value (read as one, a count of 45 failed "platelets < 40" and a covered request was denied)
  if (DOSE_BAND_RE.test(text)) return { text, ...(note ? { note } : {}), kind: "dose_limit", max_mg: null, per_days: null, confidence: "medium" };
  const onTherapy = labOnTherapy(text, note, ctx);
  if (onTherapy) return onTherapy;
  // "Oral urate-lowering therapy (allopurinol, …) will be stopped before the first infusion and not used
  // during pegloticase treatment": a plan to stop a drug the member takes now — its documentation, never
  // a trial of the drug (met by having taken it) nor a no-concurrent-use rule (failed by taking it now)
  if (PLANNED_STOP_RE.test(text) && !/\b(?:tried|failed|trial|inadequate|intoleran)/i.test(text))
    return { text, ...(note ? { note } : {}), kind: "documentation", concepts: keyConcepts(text), absence: false, confidence: "medium" };
  const c = withoutCountingRuleNotes(parseCriterionText(text, note, ctx));
  // "a sustained decrease of at least 20 mmHg systolic or 10 mmHg diastolic within 3 minutes of standing":
  // an amount of change between two measurements, never an absolute value (read as "systolic blood
  // pressure 10 mmHg or more", any blood pressure met it) — a reviewer compares the measurements
  const labOnly = (x: Criterion): boolean => x.kind === "lab" || ((x.kind === "all" || x.kind === "any") && x.items.length > 0 && x.items.every(labOnly));
  if (labOnly(c) && CHANGE_AMOUNT_RE.test(text) && !CHANGE_FROM_BASELINE_RE.test(text))
    return {
      text,
      ...(note ? { note } : {}),
      kind: "human_review",
      why: "The policy states an amount of change between two measurements; a reviewer compares the measurements it is taken from.",
      confidence: "medium",
    };
  // "a reduction of at least 50% in migraine days from baseline": a change from the member's baseline
  // is no diagnosis (met by the code) nor an absolute threshold; its documentation is read, and a
  // measured threshold in it is compared by a reviewer (evaluate.ts)
  if (c.kind === "diagnosis" && CHANGE_FROM_BASELINE_RE.test(text))
    return { text: c.text, kind: "documentation", concepts: keyConcepts(text), absence: false, confidence: "medium" };
  // "LDL-C of 70 mg/dL (1.8 mmol/L) or higher": a threshold followed by its equivalent in another
  // unit reads as the threshold alone (the stated unit is the one compared; lab values in the other
  // unit are converted by the evaluator as for any threshold)
  if (c.kind === "documentation" && UNIT_EQUIVALENT_RE.test(text)) {
    const plain = parseCriterionText(text.replace(UNIT_EQUIVALENT_RE, "$1"), note, ctx);
    if (plain.kind === "lab") return { ...plain, text };
  }
  // "IBS-C in a member 18 years of age or older", "Age 18 years or older with moderately to severely
  // active RA": an age written with the condition it is for is the condition AND the age — read as the
  // age alone, any diagnosis would pass and the indication would go unread
  // (only the condition the age is written for: "<condition> in a member …", "Age … with <condition>" —
  // never a condition named in passing, "a 10-year ASCVD risk of 20%")
  const ageFor = c.kind === "age" ? AGE_FOR_CONDITION_RE.exec(text.replace(/\([^()]*\)/g, " ").trim()) : null;
  if (c.kind === "age" && ageFor) {
    const named = conditionsOf(ageFor[1] ?? ageFor[2]);
    if (named.length) {
      const dx = parseCriterionText(`Diagnosis of ${named.map((n) => n.name).join(" or ")}`, "", ctx);
      if (dx.kind === "diagnosis") return { text, kind: "all", items: [c, { ...dx, text }], confidence: c.confidence };
    }
  }
  if (c.kind !== "lab") return c;
  // "the Epworth Sleepiness Scale (ESS; pediatric ESS under 18)": a number in a parenthetical naming a
  // population or an age is that population's age, never the measure's threshold
  const population = POPULATION_PAREN_RE.exec(text);
  if (population && new RegExp(`(?<![\\d.])${String(c.value).replace(".", "\\.")}(?![\\d.])`).test(population[0])) {
    const without = text
      .replace(population[0], " ")
      .replace(/\s{2,}/g, " ")
      .trim();
    return { ...parseCriterion(without, note, ctx), text };
  }
  // "Serum calcium (corrected for albumin when the albumin is below 4.0 g/dL) of 8.5 mg/dL or more":
  // the value compared is a corrected one the fax seldom prints; a measured value that reaches the
  // threshold meets it (a correction for low albumin only raises it), one below it is no clear failure
  const corrected = /\b(?:corrected|adjusted)\s+(?:for|to)\b/i.test(text) && c.confidence === "high";
  const counted = withLabCount(corrected ? { ...c, confidence: "medium" } : c, `${text} ${note}`);
  // "on at least two occasions at least 4 weeks apart": the spacing of the results is a requirement
  // the value comparison does not check — a reviewer confirms it (never met on the values alone)
  const apart = /\b(?:at least |>= ?|a minimum of )?(?:\d+|one|two|three|four|six|eight|twelve)\s*(?:days?|weeks?|months?)\s+apart\b/i.exec(text);
  if (apart && (counted.count ?? 1) > 1)
    return {
      text,
      ...(note ? { note } : {}),
      kind: "all",
      items: [
        counted,
        { text: apart[0], kind: "human_review", why: `The results must be ${apart[0]}; a reviewer confirms their dates.`, confidence: "medium" },
      ],
      confidence: "high",
    };
  return counted;
}

const COUNT_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, "2": 2, "3": 3, "4": 4 };
/** "two total testosterone levels", "2 separate fasting values", "three consecutive measurements" */
const LAB_COUNT_RE =
  /\b(?:at least\s+)?(two|three|four|[234])\s+(?:\(\d\)\s+)?(?:[a-z0-9-]+\s+){0,4}?(?:levels|values|results|measurements|readings|determinations|samples|specimens|occasions)\b/i;
/** how a result must be collected to count: time of day, off therapy */
const COLLECTION_RE =
  /\b(?:(?:drawn|collected|measured|obtained)\s+(?:in\s+the\s+)?(?:early\s+)?morning|before\s+\d{1,2}(?::\d{2})?\s*(?:a\.?m\.?)|while\s+(?:off|not\s+on)\s+\w+|off\s+(?:testosterone|therapy|treatment)|(?:while|when)\s+on\s+\w+\s+does\s+not\s+count)\b[^.;]*/i;

/**
 * A lab threshold written for several results ("two total testosterone levels below 300 ng/dL, each
 * drawn in the morning (before 10:00 AM)"): `count` the number of results, `collection` the
 * condition on how each was collected when the policy states one. `c` unchanged when neither is written.
 */
export function withLabCount(c: CriterionOf<"lab">, text: string): CriterionOf<"lab"> {
  const n = LAB_COUNT_RE.exec(text);
  const how = COLLECTION_RE.exec(text);
  const count = n ? COUNT_WORDS[n[1].toLowerCase()] : undefined;
  if (!count && !how) return c;
  return { ...c, ...(count ? { count } : {}), ...(how ? { collection: how[0].trim() } : {}) };
}

/**
 * "a gap month breaks the consecutive count", "a missed visit resets the series": a clause that says
 * how the requirement's count is kept — no fact a record documents in those words
 */
const COUNTING_RULE_NOTE_RE =
  /^(?:an?|any|each|one)\s+(?:[\w-]+\s+){0,3}(?:breaks|resets|restarts|interrupts)\s+the\s+(?:[\w-]+\s+)?(?:count|sequence|series|streak|period)\b[^;]*$/i;

/** `c` without the documentation items of an ALL that are counting-rule notes (COUNTING_RULE_NOTE_RE); `c` itself when none are, or when every item is. */
/** "a trial without a dose or duration cannot be counted", "fills of less than 28 days do not count": what the count leaves out */
const NOT_COUNTED_NOTE_RE =
  /^(?:an?|any|each|one|the)?\s*(?:[\w-]+\s+){0,6}?(?:cannot|can ?not|does not|do not|will not|is not|are not)\s+(?:be\s+)?count(?:ed)?\b(?:\s+(?:toward|towards|as)\b[^;]*)?$/i;

function withoutCountingRuleNotes(c: Criterion): Criterion {
  if (c.kind !== "all") return c;
  const kept = c.items.filter(
    (i) => !(i.kind === "documentation" && [COUNTING_RULE_NOTE_RE, NOT_COUNTED_NOTE_RE].some((re) => re.test(i.text.trim().replace(/[.;]\s*$/, "")))),
  );
  if (kept.length === c.items.length || !kept.length) return c;
  return kept.length === 1 ? ({ ...kept[0], text: c.text, ...(c.passage ? { passage: c.passage } : {}) } as Criterion) : { ...c, items: kept };
}

/** "will not receive X in combination with", "must not be given X concurrently with": X (1) is the requested therapy */
const CONCURRENT_SUBJECT_RE =
  /\b(?:will|does|do|must|shall|should|may)\s+not\s+(?:receive|be\s+given|be\s+treated\s+with|use|take|be\s+using|be\s+taking)\s+([^,;.]{2,60}?)\s+(?:in\s+combination\s+with|concurrently\s+with|together\s+with)\b/i;

/** a value with its unit, then the same value in another unit in parentheses: "70 mg/dL (1.8 mmol/L)" */
const UNIT_EQUIVALENT_RE =
  /(\d(?:\.\d+)?\s*[A-Za-zµμ%][A-Za-z0-9µμ%.]*(?:\/[A-Za-z0-9.]+)?)\s*\(\s*[~≈=]?\s*\d+(?:\.\d+)?\s*[A-Za-zµμ%][A-Za-z0-9µμ%.]*(?:\/[A-Za-z0-9.]+)?\s*\)/g;

function parseCriterionText(text: string, note: string, ctx: ParseContext): Criterion {
  // "For non-radiographic axial spondyloarthritis only: …", "(nr-axSpA only) …", "If the diagnosis is X: …"
  const scoped =
    /^\s*(?:\(?\s*(?:for|in) ([^:()]{3,80}?) only\s*[:)]|if (?:the (?:diagnosis|indication|request) is (?:for )?)?([^:,]{3,80}?)\s*:)\s*(.+)$/is.exec(text);
  // "Type 2 diabetes: trial and failure of 2 preferred agents …", "Heart failure or chronic kidney
  // disease: trial of …": a prefix that is only condition names scopes the requirement to them
  const prefix = /^\s*([A-Za-z][A-Za-z0-9' ,/()-]{2,70}?)\s*:\s*(.{8,})$/s.exec(text);
  if (!scoped && prefix) {
    const named = mostSpecificConditions(prefix[1]);
    // (aliases matched in the prefix's own case: an abbreviation's alias — "OSA" — matches capitals only)
    let rest = prefix[1];
    for (const c of named) for (const a of c.aliases) rest = rest.replace(aliasRegex(a, "g"), " ");
    if (named.length && !rest.replace(/\b(?:or|and|only|for|with|the|patients?|members?)\b|[,/()\s-]/gi, "").length) {
      const inner = parseCriterion(prefix[2], note, ctx);
      return { ...inner, text, applies_to: named.map((c) => c.name) } as Criterion;
    }
  }
  if (scoped) {
    const conds = mostSpecificConditions(scoped[1] ?? scoped[2] ?? "").map((c) => c.name);
    if (conds.length) {
      const inner = parseCriterion(scoped[3], note, ctx);
      return { ...inner, text, applies_to: conds } as Criterion;
    }
  }
  // "Diagnosis of sickle cell disease (HbSS, HbSC …) confirmed by hemoglobin electrophoresis / HPLC
  // or genetic testing (ICD-10-CM D57.x)": the diagnosis AND a record of one of the ways it is
  // confirmed — never a requirement of one named test (the alternatives would be lost), nor the
  // diagnosis alone (its confirmation would be)
  const confirmed = DIAGNOSIS_CONFIRMED_BY_RE.exec(text.trim());
  // (routes written "by A or by B" are read further on, each a test result that confirms the diagnosis)
  // ("15 mmHg or less", "3 Wood units or more" are comparators, no alternatives: "showing ALL of: mPAP
  // greater than 20 mmHg; PAWP 15 mmHg or less; PVR 3 Wood units or more" is read as its thresholds)
  const confirmedWays = confirmed
    ? confirmed[2]
        .replace(/\bor (?:less|more|greater|higher|lower|above|below|fewer)\b/gi, " ")
        .replace(/\b[a-z]+\s*\/\s*(?:d?l|min|kg|m2|hr?|day|week)\b/gi, " ")
    : "";
  if (confirmed && /\bor\b|\//i.test(confirmedWays) && !/\bor\s+by\b/i.test(confirmed[2])) {
    const conds = conditionsOf(confirmed[1]);
    // (the ways end with their sentence: "Sickle cell trait (D57.3) does not qualify" is a note)
    const ways = confirmed[2]
      .split(/(?<=[.;])\s+(?=[A-Z])/)[0]
      .replace(/\(\s*ICD-10[^)]*\)/gi, " ")
      .replace(/[.;]+\s*$/, "")
      .replace(/\s+/g, " ")
      .trim();
    // each way an alternative of its own ("HPLC" never needs the "testing" of "genetic testing")
    const concepts = ways.split(/\s*,\s*|\s+or\s+|\s+\/\s+/i).flatMap((w) => keyConcepts(w));
    if (conds.length && concepts.length)
      return {
        text,
        ...(note ? { note } : {}),
        kind: "all",
        items: [diagnosisOf(confirmed[1].trim(), conds), { text: ways, kind: "documentation", concepts, absence: false, confidence: "medium" }],
        confidence: "high",
      };
  }
  // "AHI 5 to 14 events per hour with documented symptoms of sleepiness, …, or documented
  // hypertension, …": a measured threshold qualified by documented conditions is both — the value in
  // its range AND one of the documented conditions — never the threshold alone, nor alternatives
  // split at the last "or" (a value in range would meet it without any of the conditions)
  const qualified = /^(.{6,200}?\d[^,;]{0,40}?)\s+with\s+(documented\s+.{6,})$/is.exec(text.trim());
  if (qualified) {
    const head = parseCriterion(qualified[1], "", ctx);
    if (head.kind === "lab") {
      const rest = qualified[2].replace(/[.;]+\s*$/, "");
      return {
        text,
        ...(note ? { note } : {}),
        kind: "all",
        items: [head, { text: rest, kind: "documentation", concepts: keyConcepts(rest), absence: false, confidence: "medium" }],
        confidence: "high",
      };
    }
  }
  const t = norm(text);
  const tl = t.toLowerCase();
  const bare = withoutExamples(t).toLowerCase();
  const base: Base = { text, ...(note ? { note } : {}), confidence: "high" };
  // "Continuity of care: the member enrolled in the plan within the 6 months before the request while
  // taking X, and the most recent HBV DNA is below 20 IU/mL": a new member's transition, which rests
  // on the enrollment history — never read as its lab value or its drug alone
  if (/\bcontinuity of care\b|\benroll(?:ed|ment)\b[^.;]{0,60}\bwithin\b|\bnew(?:ly enrolled)? (?:members?|enrollees?)\b/i.test(tl))
    return {
      ...base,
      kind: "human_review",
      why: "A new member's continuity of care rests on the enrollment history; a reviewer checks it against the enrollment record.",
      confidence: "medium",
    };
  // "Total lifetime use of X (all products and all payers) will not exceed 24 months, counting the
  // months requested": a cap on the sum of every past course and this one, which the drug names in
  // the sentence never show met by being mentioned; a reviewer adds up the courses
  if (
    /\b(?:lifetime|cumulative|total (?:duration|length|use|treatment|exposure))\b[^.;]{0,160}\b(?:not|never) (?:to )?exceed\b|\bno more than \d+ (?:months?|years?) (?:of )?(?:total|cumulative|lifetime)\b/i.test(
      tl,
    )
  ) {
    // the cap and the drugs it counts, when the sentence names both: a cumulative limit the review
    // sums the documented courses against (review/evaluate.ts); otherwise a reviewer adds them up
    const cap = /\b(?:exceed|more than)\s+(\d{1,3})\s*(months?|years?)\b/i.exec(tl);
    const drugs = [...new Set(drugsNamedIn(t))];
    if (cap && drugs.length) return { ...base, kind: "cumulative_limit", drugs, max_days: Math.round(Number(cap[1]) * (/^y/i.test(cap[2]) ? 365 : 30.44)) };
    return {
      ...base,
      kind: "human_review",
      why: "A lifetime or cumulative limit on treatment is met only by adding up every past course with the one requested; a reviewer checks the prior courses.",
      confidence: "medium",
    };
  }
  // "Diagnosis of ADPKD confirmed by imaging (…) or by genetic testing (…)": the diagnosis, and the
  // ways it may be confirmed as alternatives (the condition then names the path)
  const routes =
    /^(?:(?:a |the )?(?:confirmed |documented )?diagnosis of\s+)(.{3,80}?),?\s+(?:confirmed|established|documented|proven)\s+(?:by|with|on)\s+(.{3,}?),?\s+or\s+(?:by|with|on)\s+(.{3,})$/i.exec(
      t,
    );
  if (routes && conditionsOf(routes[1]).length) {
    // each way read with the confirming verb ("confirmed by genetic testing (…)"): a result that
    // confirms, never any result
    const verb = /(?:confirmed|established|documented|proven)\s+(?:by|with|on)/i.exec(t)![0];
    const ways = [routes[2], routes[3]].map(
      (w) => ({ ...parseCriterion(`${verb} ${w.replace(/[.;]\s*$/, "")}`, "", ctx), text: w.replace(/[.;]\s*$/, "") }) as Criterion,
    );
    if (ways.some((w) => w.kind === "test_result" && w.result === "any"))
      return { ...base, kind: "human_review", why: "The ways the diagnosis is confirmed were not read as results that confirm it.", confidence: "low" };
    if (ways.every((w) => w.kind !== "human_review"))
      return {
        ...base,
        kind: "all",
        items: [
          { ...diagnosisOf(`Diagnosis of ${routes[1]}`, conditionsOf(routes[1])), text },
          { ...base, kind: "any", items: ways },
        ],
      };
  }
  // "Requested for the ACUTE treatment of migraine attacks", "Used for prophylaxis of attacks" (also
  // with the requested drug as the subject: "Reyvow is prescribed for the acute treatment of …")
  const subjectDrug = ctx.drugNames.length
    ? new RegExp(
        `^(?:${ctx.drugNames.map((d) => d.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})\\s+(?:is|will be)\\s+(?=(?:requested|used|prescribed|being used|intended)\\b)`,
        "i",
      )
    : null;
  const use =
    /^(?:(?:the )?(?:drug|medication|request) is )?(?:requested|used|prescribed|being used|intended)(?: only)? (?:for|as) (?:the )?(?:(acute|abortive|on-demand|rescue)|(preventive|prophylactic|maintenance)) (?:treatment|therapy|use)?\b|^(?:(?:requested|used|prescribed) )?for (?:the )?(?:(acute) treatment|(prevention|prophylaxis)) of\b/i.exec(
      subjectDrug ? t.replace(subjectDrug, "") : t,
    );
  const useRest = (subjectDrug ? t.replace(subjectDrug, "") : t).slice(use?.[0].length ?? 0);
  // ("… used as maintenance therapy and not for the relief of acute bronchospasm": the other use denied
  // restates the same one)
  const deniesOther = /^\s*,?\s*(?:and\s+)?not\s+(?:for|as)\b/i.test(useRest) && !/\b(?:or|unless|except)\b/i.test(useRest);
  if (use && t.length < 120 && (deniesOther || !/\b(?:and|or|unless|except)\b.*\b(?:acute|prevent|prophyla)/i.test(useRest)))
    return { ...base, kind: "use_mode", mode: use[1] || use[3] ? "acute" : "preventive" };

  // "Not taken with a monoamine oxidase inhibitor (MAOI) or within 14 days after an MAOI was stopped",
  // "Not used with another long-acting stimulant": a concurrent-use bar (met unless the ongoing use of
  // the drugs is documented), never a trial the member must have had
  // (the bar is the first sentence: a sentence after it that allows a drug — "On-demand treatment (for
  // example icatibant) may continue" — names no barred drug)
  const notWith =
    /^(?:(?:is|are|will|must|should)\s+)?not (?:be )?(?:taken|given|administered|prescribed|dispensed)\s+(?:together |concurrently |concomitantly )?with\s+(.+)$/i.exec(
      t.trim().split(/(?<=\.)\s+(?=[A-Z])/)[0],
    );
  if (notWith) {
    const named = notWith[1].split(/,?\s+or within\b|\bunless\b/i)[0];
    const drugs = drugsIn(named, ctx);
    const classes = classesBeside(named, drugs);
    if (drugs.length || classes.length) return { ...base, kind: "no_concurrent", drugs, classes };
  }

  // "Doses above 32 mg of buprenorphine per day will not be approved": a stated hard maximum, written
  // as what the plan refuses, is a dose ceiling the requested daily dose is compared with (high
  // confidence: the sentence itself says a dose above it is not approvable). A ceiling with a way
  // around it ("… unless …", "… without prior authorization") stays with the reviewer.
  const hardMax = HARD_DOSE_MAX_RE.exec(t);
  if (hardMax && !/\b(?:unless|except|without|until|before)\b/i.test(t.slice(hardMax.index + hardMax[0].length).split(/(?<=\.)\s/)[0] + hardMax[0])) {
    const period = hardMax[2] ?? (/^(?:total |requested )?daily\b/i.test(hardMax[0]) ? "per day" : "");
    const max = parseMaxDose(`not to exceed ${hardMax[1]} ${period}`);
    if (max) return { ...base, kind: "dose_limit", max_mg: max.mg, per_days: max.per_days };
  }

  // "Dose 45 mg once daily", "Dosage: 10 mg per day": the one dose the policy approves, stated
  // alone — the requested daily dose must not be above it (a dose ceiling, compared like any other)
  const stated =
    /^(?:the )?(?:approved |covered |recommended )?dos(?:e|age|ing)\s*(?:is\s*)?:?\s*(\d+(?:\.\d+)?\s*(?:mg|mcg))\s+(?:(?:taken\s+)?(?:by mouth|orally)\s+)?(once (?:daily|a day)|daily|per day|a day)\.?$/i.exec(
      t.trim(),
    );
  if (stated) {
    const max = parseMaxDose(`not to exceed ${stated[1]} per day`);
    if (max) return { ...base, kind: "dose_limit", max_mg: max.mg, per_days: max.per_days };
  }

  // dose ceilings (weight-banded or "FDA-approved dose" ceilings have no single amount: the approval carries them)
  if (
    has(
      /^(?:the )?(?:requested |starting |initial |prescribed )?(?:dose|dosing)\b[^.;]{0,60}\b(?:not exceed|does not exceed|within|no more than|consistent with)|does not exceed .*(?:dose|mg)|\bexceed(?:s)? the fda|\bnot (?:to )?exceed\b[^.;]{0,30}\d+\s*(?:mg|mcg|g)\b|\bmaximum dose\b|\bdosing (?:is )?(?:within|consistent with)|\bfda[- ]approved (?:dos|labeled dos)|^(?:the )?(?:requested )?(?:dose|dosing)(?: is)? (?:appropriate|in accordance with)\b[^.;]{0,40}\b(?:age|weight|table|label(?:ing)?|prescribing information)\b/i,
      tl,
    ) &&
    !TRIAL_VERB.test(
      withoutExamples(t)
        .toLowerCase()
        .replace(/\bexceed\w*/g, ""),
    )
  ) {
    // "does not exceed one capsule per day (maximum 52.3 mg / 10.4 mg per day)": the count of units is the
    // limit the request's quantity is compared with
    const count = parseCountCeiling(t);
    if (count) return { ...base, kind: "quantity_limit", ...count };
    const max = parseMaxDose(t);
    if (max && !/;|\bkg\b/i.test(t)) return { ...base, kind: "dose_limit", max_mg: max.mg, per_days: max.per_days };
    const perKg = perKgCeiling(t);
    // medium: a request that states no dose is approved within the ceiling, as before; one above it goes to a reviewer
    if (perKg) return { ...base, kind: "dose_limit", max_mg: perKg.cap_mg, per_days: null, mg_per_kg: perKg.mg_per_kg, confidence: "medium" };
    return { ...base, kind: "dose_limit", max_mg: null, per_days: null, confidence: "medium" };
  }

  // age-banded thresholds: "total IgE 30 to 700 IU/mL for age >= 12 years; 30 to 1,300 for age 6 to < 12"
  const banded = ageBandedThresholds(t);
  if (banded) return { ...base, ...banded } as Criterion;

  // "Diagnosis of chronic migraine (G43.701, G43.709) made by or in consultation with a neurologist":
  // the diagnosis AND who made it — the specialist alone would leave the indication unchecked
  const madeBy = DIAGNOSIS_MADE_BY_RE.exec(t.trim());
  const madeConds = madeBy ? conditionsOf(madeBy[1]) : [];
  const madeSpecialties = madeConds.length ? parseSpecialties(t) : [];
  if (madeBy && madeSpecialties.length)
    return {
      ...base,
      kind: "all",
      items: [diagnosisOf(madeBy[1].trim(), madeConds), { ...base, kind: "prescriber", specialties: madeSpecialties }],
    };

  // a specialty per indication: "a pulmonologist or allergist (asthma), an otolaryngologist (CRSwNP)"
  const perIndication = parseSpecialtiesByCondition(t);
  if (perIndication)
    return { ...base, kind: "prescriber", specialties: [...new Set(perIndication.flatMap((e) => e.specialties))], by_condition: perIndication };

  // alternatives and conjunctions written in capitals ("X, OR Y", "X PLUS either Y or Z"), or
  // requirements separated by semicolons ("works night shifts; sleepiness for 3 months; ...")
  const top = splitTopLevel(t);
  // "an inadequate response, intolerance or contraindication to at least ONE of the following, each
  // tried for at least 4 weeks: loperamide; an antispasmodic (dicyclomine or hyoscyamine); or a
  // tricyclic antidepressant (…)": the lead is the terms of every trial listed after it, and a class
  // the vocabulary does not know is named by its members in parentheses
  const trialLead = top ? /^(.*\b(one|any|either|all|both|two|three) of the following\b[^:]{0,140}):\s*(.+)$/is.exec(top.parts[0]) : null;
  if (top && trialLead && /\b(?:fail\w*|trial|tried|inadequate (?:response|control)|intoleran\w*)\b/i.test(trialLead[1])) {
    const lead = trialLead[1];
    const alts = [trialLead[3], ...top.parts.slice(1)].map((p) => p.replace(/^\s*(?:or|and)\s+/i, "").trim()).filter(Boolean);
    const items = alts.map((a) => {
      let c = parseCriterion(`${lead}: ${a}`, "", ctx);
      const members = /\(([^()]{3,120})\)/.exec(a)?.[1];
      if (c.kind !== "prior_therapy" && members && drugsIn(members, ctx).length) c = parseCriterion(`${lead}: ${members}`, "", ctx);
      return { ...c, text: a } as Criterion;
    });
    const op = /^(?:all|both)$/i.test(trialLead[2]) ? "all" : "any";
    return { ...base, kind: op, items };
  }
  if (top) {
    const items = top.parts.map((p) => parseCriterion(p, "", ctx));
    return { ...base, kind: top.op, items };
  }

  // "a TB screening test with a negative result within 12 months, or, if positive, documentation that
  // treatment for latent TB has been started": the test, or the alternative for a positive result;
  // also written as later sentences ("… with its result. A positive test is acceptable when treatment
  // for latent tuberculosis has been started."), beside notes that restate the rule ("A test that has
  // been ordered but not resulted does not meet this requirement.")
  const sentences = t.split(/(?<=\.)\s+(?=[A-Z])/);
  if (sentences.length > 1) {
    const positive = sentences
      .slice(1)
      .map((s) =>
        /^a positive (?:test|result|screen(?:ing)?(?: test)?) (?:(?:is|will be) (?:acceptable|accepted|allowed|sufficient) (?:when|if|provided(?: that)?)|requires|must be followed by) (.+?)\.?$/i.exec(
          s,
        ),
      )
      .find(Boolean);
    const notes = sentences
      .slice(1)
      .every(
        (s) =>
          positive?.[0] === s ||
          /\b(?:does not|do not|will not) (?:meet|satisfy|prevent|preclude|bar|affect)\b|\bis not (?:acceptable|sufficient|required)\b|^note\b/i.test(s),
      );
    const first = parseCriterion(sentences[0].replace(/\.$/, ""), "", ctx);
    if (first.kind === "any" && first.items[0]?.kind === "test_result" && notes && !positive) return { ...first, text, passage: base.passage ?? null };
    // "Hepatitis B screening (HBsAg and anti-HBc) … A positive test is acceptable when …": every test
    // negative, or the alternative for a positive result
    const allTests = first.kind === "all" && first.items.length > 1 && first.items.every((i) => i.kind === "test_result");
    if (allTests && notes) {
      if (!positive) return { ...first, text, passage: base.passage ?? null };
      const negative = first.items.map((i) => (i.kind === "test_result" && i.result === "any" ? { ...i, result: "negative" as const } : i));
      return { ...base, kind: "any", items: [{ ...first, items: negative }, parseCriterion(positive[1], "", ctx)] };
    }
    if (first.kind === "test_result" && notes) {
      if (!positive) return { ...first, text, passage: base.passage ?? null };
      return {
        ...base,
        kind: "any",
        items: [{ ...first, result: first.result === "any" ? "negative" : first.result }, parseCriterion(positive[1], "", ctx)],
      };
    }
  }
  const ifPositive =
    /,?\s*\bor,?\s+(?:(?:if|when) (?:(?:the|a) (?:test|result|screen) (?:is|was) )?positive,?\s+|positive,? (?:with|and|plus|if|when)\s+)/i.exec(t);
  if (ifPositive && ifPositive.index > 10) {
    const first = parseCriterion(t.slice(0, ifPositive.index), "", ctx);
    if (first.kind === "test_result")
      return { ...base, kind: "any", items: [first, parseCriterion(t.slice(ifPositive.index + ifPositive[0].length), "", ctx)] };
  }

  // "Used as second-line therapy", "as subsequent therapy", "previously treated": a prior systemic
  // cancer treatment (two for third-line) — read with medium confidence, since the line of therapy
  // is inferred from the treatments the request documents
  const line =
    /\b(?:(second|2nd|third|3rd|fourth|4th)[- ]line|subsequent (?:line of )?therapy|previously treated|after (?:failure of|progression (?:on|after)) (?:at least one |one |a )?(?:prior|previous|first[- ]line)(?: systemic)? (?:therapy|treatment|regimen|chemotherapy))\b/i.exec(
      t,
    );
  if (line && !/\bfirst[- ]line\b(?![^.;]*\bor\b)/i.test(t.replace(line[0], ""))) {
    const count = line[1] && /^(?:third|3rd)/i.test(line[1]) ? 2 : line[1] && /^(?:fourth|4th)/i.test(line[1]) ? 3 : 1;
    return {
      ...base,
      kind: "prior_therapy",
      drugs: [],
      classes: ["anticancer therapy"],
      excluded_drugs: drugsIn(t, ctx),
      min_days: null,
      count,
      different_classes: false,
      all_classes: false,
      allow_intolerance: true,
      allow_contraindication: false,
      require_intolerance: false,
      confidence: "medium",
    };
  }

  // "Ph-positive disease and intolerant or refractory to a second-generation TKI": a finding AND a
  // prior therapy in one sentence are two requirements
  const compound =
    /,?\s+and\s+(?=(?:(?:the|this) (?:individual|member|patient|person|beneficiary|enrollee|recipient|child|adult)\s+)?(?:is |has |was |have )?(?:been )?(?:intolerant|refractory|resistant|failed|tried|had an inadequate|unable to tolerate)\b)/i.exec(
      t,
    );
  if (compound && compound.index > 12) {
    const first = parseCriterion(t.slice(0, compound.index), "", ctx);
    const second = parseCriterion(t.slice(compound.index + compound[0].length), note, ctx);
    if (first.kind !== "human_review" && second.kind === "prior_therapy") return { ...base, kind: "all", items: [first, second] };
  }

  const ql = parseQuantityLimit(t);
  if (ql && /quantity|limit|per \d+ days|\/\d+ days/i.test(t)) return { ...base, kind: "quantity_limit", ...ql };

  // concurrent use
  const concurrentWords =
    /\bconcurrent(?:ly)?\b|\bin combination with\b|\bcombination with\b|\bwith another\b|\btogether with\b|\bused with\b|\bco-?administ|\badd-on to\b|\bin addition to\b|\bwhile (?:on|taking|receiving)\b|\bat the same time as\b|\bsimultaneous(?:ly)? with\b/i;
  if (
    has(concurrentWords, tl) &&
    !has(/\b(?:has|have) (?:taken|tried|used|received)\b|\bremains on\b/i, tl) &&
    !(
      has(
        /\bdespite\b|\binadequate(?:ly)? (?:response|control)|\bfailure\b|\bfailed\b|\btried\b|\btrial\b|\b(?:has|have) been (?:receiving|taking|on|using)\b/i,
        tl,
      ) && parseMinDuration(t) != null
    )
  ) {
    // the drugs the requirement names, never those a sentence beside it allows ("On-demand treatment
    // (for example icatibant) may continue") or a note says are not required
    const named = requirementSentences(t);
    // "The member will not receive onabotulinumtoxinA in combination with a CGRP antibody (…)": the
    // drug the member receives is the requested therapy (a medical policy's own drug, which its
    // codes do not name), never one of the concurrent drugs
    const subject = CONCURRENT_SUBJECT_RE.exec(named);
    const subjectDrugs = subject ? drugsIn(subject[1], ctx) : [];
    const rest = subject ? named.slice(subject.index + subject[0].length) : named;
    // (only when the other side names the concurrent drugs: "must not take ketoconazole together with
    // the requested drug" names its concurrent drug as the subject)
    const restDrugs = drugsIn(rest, ctx);
    const concurrentSide = restDrugs.length > 0 || classesBeside(rest, restDrugs).length > 0;
    const drugs = drugsIn(named, ctx).filter((d) => !concurrentSide || !subjectDrugs.includes(d) || restDrugs.includes(d));
    const classes = classesBeside(named, drugs);
    // the negation must be in the clause that names the concurrent use: "enrolled … while taking X,
    // and the most recent HBV DNA is below 20 IU/mL or not detected" negates the result, not the use
    const at = concurrentWords.exec(tl)!.index;
    const clauseStart = Math.max(0, ...[...tl.slice(0, at).matchAll(/[;.]\s|,\s*(?:and|or|but)\s|\band the\b/g)].map((m) => m.index + m[0].length));
    const after = /[;.]\s|,\s*(?:and|or|but)\s|\band the\b/.exec(tl.slice(at));
    const clause = tl.slice(clauseStart, after ? at + after.index : tl.length);
    // (a negation in an exception never negates the use: "will be co-administered with methotrexate,
    // unless methotrexate is contraindicated or not tolerated" requires the combination)
    const core = clause.split(/,?\s*\b(?:unless|except (?:when|if|where|in)|other than when)\b/i)[0];
    const negated = has(/\bnot\b|\bno\b|\bwithout\b|\bavoid\b/i, core);
    if (negated) return { ...base, kind: "no_concurrent", drugs, classes, confidence: drugs.length || classes.length ? "high" : "medium" };
    if (drugs.length || classes.length) {
      // "…, unless methotrexate is contraindicated or not tolerated": the documented contraindication
      // (or intolerance) is the other way to meet it
      const exception = /\b(?:unless|except (?:when|if|where))\b[^.;]*\b(?:contraindicat\w*|not tolerated|intoleran\w*)/i.exec(t);
      const current: Criterion = { ...base, kind: "current_therapy", drugs, classes };
      if (!exception) return current;
      const instead: Criterion = { text: exception[0], kind: "contraindication", drugs, classes, phrases: [], confidence: "medium" };
      return { ...base, kind: "any", items: [{ ...current, text: t.slice(0, exception.index).replace(/[,;\s]+$/, "") }, instead] };
    }
  }

  // "tuberculosis screening (IGRA or TST) negative, or latent TB with treatment started": a test result
  // OR another way to meet the item — alternatives, never the second clause read into the test
  const orSplit = /^(.{8,}?),\s+or\s+(.{8,})$/i.exec(t.split(/(?<=\.)\s+(?=[A-Z])/)[0].replace(/[.;]\s*$/, ""));
  if (orSplit && !/\([^)]*$/.test(orSplit[1])) {
    const first = TESTS.find((x) => !x.generic && x.policy.test(orSplit[1]));
    if (first && /\bnegative\b|\bnon-?reactive\b|\bpositive\b/i.test(orSplit[1]) && !TESTS.some((x) => x.policy.test(orSplit[2]) && x !== first)) {
      const a = parseCriterion(orSplit[1], "", ctx);
      const b = parseCriterion(orSplit[2], "", ctx);
      if (a.kind === "test_result" && b.kind !== "human_review") return { ...base, kind: "any", items: [a, b] };
    }
  }

  // tests with a required result — never a test named inside the list of comorbidities a threshold
  // comes with ("BMI of 35.0 or more with at least ONE comorbidity: …, obstructive sleep apnea
  // confirmed by sleep study, …"): the study confirms one listed condition, it is no requirement
  const conditionTail = WITH_CONDITION_TAIL_RE.exec(t);
  const tailFrom = conditionTail && parseThresholds(t.slice(0, conditionTail.index)).length ? conditionTail.index : Infinity;
  const test = TESTS.map((x) => ({ x, m: x.policy.exec(t) }))
    .filter((y) => y.m && y.m.index < tailFrom)
    .sort((a, b) => Number(!!a.x.generic) - Number(!!b.x.generic) || b.m![0].length - a.m![0].length || a.m!.index - b.m!.index)[0]?.x;
  if (
    test &&
    (has(
      /\bnegative\b|\bpositive\b|\bscreen|\btest(?:ed|ing|s)?\b|\bassay\b|\bconfirm|\bshowing\b|\bwith (?:a )?peak\b|\bdocument|\bresult|\bstud(?:y|ies)\b|\bdownload\b|\breading\b|\b(?:performed|obtained|done)\b[^.;]{0,20}\bwithin\b|^(?:an?\s+|the\s+)?(?:baseline\s+)?[a-z0-9 ()-]{2,60}?\bwithin\s+(?:the\s+)?(?:past|last|previous|preceding|prior)?\s*\d{1,3}\s*(?:days?|weeks?|months?|years?)\b/i,
      tl,
    ) ||
      test.measure) &&
    !has(/\bactive\b[^.;]{0,30}\b(?:tb|tuberculosis|infection)\b|\b(?:latent|untreated)\b[^.;]{0,20}\b(?:tb|tuberculosis)\b(?![^.;]{0,40}(?:test|screen))/i, tl)
  ) {
    // "hepatitis B (HBsAg AND total anti-HBc) and hepatitis C antibody negative": each test named in the
    // requirement's own sentence is a requirement of its own (one result never stands for another)
    const own = t.split(/(?<=\.)\s+(?=[A-Z])/)[0].replace(/\s[-–]\s[^.;]*$/, "");
    // (each joined to the one before by "and" / "plus" / a comma: "skin test" inside "(tuberculin skin
    // test or IGRA)" is a way to do the one test, not a second one)
    const hits = TESTS.filter((x) => !x.generic && !x.measure)
      .map((x) => ({ x, m: x.policy.exec(own) }))
      .filter((h): h is { x: (typeof TESTS)[number]; m: RegExpExecArray } => !!h.m)
      .sort((a, b) => a.m.index - b.m.index);
    const joined = hits.every((h, i) => {
      if (i === 0) return true;
      const gap = own.slice(hits[i - 1].m.index + hits[i - 1].m[0].length, h.m.index);
      return h.m.index >= hits[i - 1].m.index + hits[i - 1].m[0].length && /\band\b|\bplus\b|,/i.test(gap) && !/\bor\b/i.test(gap);
    });
    const named = joined ? hits.map((h) => h.x) : [];
    if (named.length >= 2 && named.includes(test) && !/\bor\b(?![^(]*\))/i.test(own.replace(/\([^)]*\)/g, " ")))
      return {
        ...base,
        kind: "all",
        items: named.map((x) => ({ ...parseTestCriterion(t, base, x.name, null), text: `${x.name}: ${t}` }) as Criterion),
      };
    return parseTestCriterion(t, base, test.name, test.measure ?? null);
  }

  // prescriber
  // ("administered by an ophthalmologist", "ordered by a neurologist": the physician who gives or orders a
  // medical-benefit drug is the request's practitioner, as a prescriber is)
  if (
    has(
      /prescribed by|in consultation with|\bspecialist\b|\bprescriber is\b|\bmanaged by\b|\bunder the (?:care|supervision) of\b|\b(?:administered|ordered) by (?:an? |the )?(?!(?:health ?care |healthcare |qualified |licensed )?(?:professional|provider|nurse|patient|member|caregiver)\b)/i,
      tl,
    )
  ) {
    const specialties = parseSpecialties(t);
    if (specialties.length) return { ...base, kind: "prescriber", specialties };
  }

  // "Male, 18 or older", "Women 50 years of age or older": an age bound for one sex
  const sexed = SEX_AGE_RE.exec(t.trim());
  if (sexed) {
    const rest = t.trim().slice(sexed[0].length);
    const bounds = rest ? (parseAge(rest) ?? parseAge(`age ${rest}`)) : {};
    if (bounds && (!rest || /^(?:age[ds]?\s*)?(?:>=|≥|at least)?\s*\d/i.test(rest) || parseAge(rest)) && t.length < 80)
      return { ...base, kind: "age", ...bounds, sex: /^(?:male|men)/i.test(sexed[1]) ? "male" : "female" };
  }
  // "one or more first- or second-degree relatives with colorectal cancer diagnosed before age 50": a
  // family history to document — never the member's own diagnosis nor an age bound of the member
  if (RELATIVES_RE.test(t) && !/^\s*(?:no|not|without|absence)\b/i.test(t))
    return { ...base, kind: "documentation", concepts: keyConcepts(t), absence: false, confidence: "medium" };
  // age
  const age = parseAge(t);
  // "baseline ESS score of 10 or more (pediatric ESS for members 6 to 17 years of age)": an age written
  // only in a parenthesis beside a threshold scopes a variant of the measure, never an age requirement
  const outside = t.replace(/\([^()]*\)/g, " ");
  const scopedAge = !!age && !parseAge(outside) && parseThresholds(outside).length > 0;
  if (age && !scopedAge && !AGE_OF_OTHER_RE.test(t) && t.length < 140 && !TRIAL_VERB.test(bare)) return { ...base, kind: "age", ...age };

  const minDays = parseMinDuration(t);
  const drugs = drugsIn(withoutExamples(t), ctx);
  const drugsWithExamples = drugsIn(t, ctx);
  const classes = classNames(t);
  const trialVerb = TRIAL_VERB.test(bare);

  // contraindication (as its own requirement)
  if (
    has(
      /^(?:(?:the )?(?:patient|member|individual) )?(?:has )?(?:a |an |documented |medical )*contraindications? (?:to|with)\b|^contraindication|contraindicated in this patient|cannot (?:use|take) .* due to (?:a )?contraindication/i,
      tl,
    ) &&
    !has(/\btried\b|\bfailed\b/i, tl)
  ) {
    const exText = /\((?:for example|e\.g\.|such as)[, ]*([^)]*)\)/i.exec(t)?.[1] ?? "";
    const conds = conditionsOf(exText).map((c) => c.name);
    return {
      ...base,
      kind: "contraindication",
      drugs: drugs.length ? drugs : drugsWithExamples,
      classes,
      phrases: conds,
      confidence: drugs.length || drugsWithExamples.length || classes.length ? "high" : "medium",
    };
  }

  // "The patient is not taking opioids and is not in acute opioid withdrawal", "Member is not currently
  // receiving another CGRP antagonist": a requirement that a drug is NOT being taken now — never a
  // trial of it to document (read as one, "no opioid was tried" failed it)
  const own = t.split(/(?<=\.)\s+(?=[A-Z])/)[0];
  const notTaking = NOT_TAKING_RE.exec(own);
  // (a drug not taken for one purpose — "not receiving tolvaptan for hyponatremia" — is a purpose-bound
  // absence, read below as documentation)
  if (
    notTaking &&
    !/\b(?:tried|failed|trial|inadequate|intoleran)/i.test(own) &&
    !/\bfor\s+(?:the\s+)?(?:treatment|management|[a-z-]*\s*(?:hyponatremia|[a-z]+emia|[a-z]+itis|disease|disorder|syndrome))\b/i.test(own)
  ) {
    const clause = notTaking[0] + own.slice(notTaking.index + notTaking[0].length).split(/[;.]|,\s*(?:and|or|but)\s|\band (?:is|has|was|will)\b/i)[0];
    const named = drugsIn(withoutExamples(clause), ctx);
    const cls = classNames(clause);
    if (named.length || cls.length) return { ...base, kind: "no_concurrent", drugs: named, classes: cls, confidence: "medium" };
  }

  // "The member has not previously received a course of <the requested drug> (8 infusions)": no earlier
  // course of the drug itself — never a documentation item met because the drug's name or "infusions"
  // appear in the request (they always do). Met only on a statement of no prior use (evalNoPriorTherapy)
  if (NO_PRIOR_RE.test(t) && !drugs.length && !classes.length) {
    const ownNamed = drugsNamedIn(t).filter((d) =>
      ctx.drugNames.some(
        (n) =>
          n.toLowerCase() === d ||
          n
            .toLowerCase()
            .split(/[\s/()]+/)
            .includes(d),
      ),
    );
    if (ownNamed.length)
      return {
        ...base,
        kind: "prior_therapy",
        drugs: [ownNamed[0]],
        classes: [],
        excluded_drugs: [],
        min_days: null,
        count: 1,
        different_classes: false,
        all_classes: false,
        allow_intolerance: false,
        allow_contraindication: false,
        require_intolerance: false,
        absent: true,
      };
  }

  // "a V/Q scan or CT pulmonary angiogram showing chronic thromboembolic disease after at least 3
  // months of therapeutic anticoagulation": a study's finding, the treatment only its timing — a
  // record of the study, never a trial of a drug the reader must name
  if (STUDY_FINDING_RE.test(t) && minDays != null && !drugs.length)
    return { ...base, kind: "documentation", concepts: keyConcepts(t.replace(/\s+after\s+at\s+least\b.*$/i, "")), absence: false, confidence: "medium" };

  // prior therapy
  if (
    (minDays != null && (drugs.length || drugsWithExamples.length || classes.length || trialVerb)) ||
    ((trialVerb || NO_PROGRESSION_ON_RE.test(t)) && (drugs.length || drugsWithExamples.length || classes.length))
  ) {
    const prior = parsePriorTherapy(t, note, base, ctx, trialDurationAfterSymptom(t) ?? minDays);
    // "has not received prior PD-1 or PD-L1 inhibitor therapy", "no prior treatment with a TNF
    // inhibitor": the absence of that therapy is the requirement, never a trial of it
    if (NO_PRIOR_RE.test(t) && prior.kind === "prior_therapy") return { ...prior, absent: true };
    // "has not had disease progression on a prior CDK4/6 inhibitor": a trial of X is never what it
    // asks for — a documented failure of X is the opposite of the requirement; it is met on a stated
    // absence of X and otherwise left to a reviewer (never failed by a course of X alone)
    if (NO_PROGRESSION_ON_RE.test(t) && prior.kind === "prior_therapy") return { ...prior, absent: true };
    return prior;
  }

  // currently on
  if (
    has(
      /\bcurrent(?:ly)? (?:treatment|taking|receiving|on|using)\b|\bis currently\b|\bcontinued (?:use|treatment) of\b|\bwill continue\b|\bused with continued\b|\bin conjunction with\b|\bmaintained on\b|\bstable (?:dose|regimen) of\b/i,
      tl,
    ) &&
    (drugs.length || drugsWithExamples.length || classes.length)
  ) {
    return { ...base, kind: "current_therapy", drugs: drugs.length ? drugs : drugsWithExamples, classes };
  }

  // "Diagnosis of X, with at least 10% BSA ...", "X confirmed by A1c >= 6.5%": the diagnosis AND its qualifier
  const conds0 = conditionsOf(t);
  // (also "The member has X with a positive serologic test for …": the member's condition and its qualifier)
  const hasLead = /^(?:the )?(?:patient|member|individual|beneficiary|enrollee|participant)\s+(?:has|is diagnosed with|has been diagnosed with)\s/i.test(t);
  if (conds0.length && (/\bdiagnos/i.test(tl) || hasLead)) {
    const q =
      /,?\s+(?:with|confirmed by|as evidenced by|(?:as )?documented by|supported by|established by|as shown by)\s+(?=(?:at least|a |an |the |two|one|documented|positive|negative|\d|[a-z]+ (?:>=|<=|of)))/i.exec(
        t,
      );
    if (q && q.index > 8) {
      const qual = parseCriterion(t.slice(q.index + q[0].length), "", ctx);
      // after "The member has X with …" a qualifier read only as documentation still needs its own
      // evidence (a positive test, a class): the condition AND that documentation, never one alone
      // (only a "with …" finding: "as documented by the prescriber" says who writes it, not what)
      const docQualifier = hasLead && !/\bdiagnos/i.test(tl) && /^,?\s+with\s/i.test(q[0]) && qual.kind === "documentation";
      if (docQualifier) return { ...base, kind: "all", items: [diagnosisOf(t.slice(0, q.index), conditionsOf(t.slice(0, q.index))), qual] };
      if (qual.kind !== "documentation" && qual.kind !== "human_review" && qual.kind !== "diagnosis")
        return { ...base, kind: "all", items: [diagnosisOf(t.slice(0, q.index), conditionsOf(t.slice(0, q.index))), qual] };
    }
  }

  // lab / measure thresholds (with a diagnosis, "diagnosis of X confirmed by A1c >= 6.5%")
  // a later sentence that restates the threshold's failing side ("A BMI below 35.0 kg/m2 does not meet
  // A2 regardless of comorbidities") is a note on the requirement, not a second threshold
  const th = parseThresholds(withoutFailingSideNotes(t));
  // "Has baseline serum transaminases (ALT and AST) and total bilirubin": the baseline values of
  // named labs, no threshold — documented by a dated value of each (a test ordered or pending has none)
  const baselineLabs = th.length ? null : baselineLabsOf(t, base);
  if (baselineLabs) return baselineLabs;
  // "ALT greater than 3 times the upper limit of normal", "hemoglobin below the LLN": a sentence that is
  // only relative lab limits (a few words beside them at most) is those limits
  if (!th.length && RELATIVE_PHRASE_RE.test(t)) {
    // "Liver tests drawn within the past 3 months, with the laboratory's reference ranges: ALT … 2
    // times the ULN, and …": a lead naming the tests and their window, then only relative limits —
    // the limits, with the lead's window
    const colon = t.indexOf(":");
    const body =
      colon > 0 &&
      !RELATIVE_PHRASE_RE.test(t.slice(0, colon).replace(/\breference ranges?\b/gi, " ")) &&
      /\b(?:tests?|panel|labs?|laborator\w*|levels?)\b/i.test(t.slice(0, colon))
        ? t.slice(colon + 1)
        : t;
    const rel = parseRelativeLimits(body);
    const rest = rel ? rel.reduce((acc, r) => acc.replace(r.text, " "), norm(withoutExamples(body))) : "";
    if (rel?.length && (rest.match(/[a-z]{3,}/gi) ?? []).filter((w) => !STOP.has(w.toLowerCase())).length <= 3) {
      const within = parseRecency(t);
      const items = rel.map((x) => ({ ...x, within_days: within }));
      if (items.length === 1) return { ...items[0], text: t };
      return { ...base, kind: /\bor\b/i.test(t) && !/\band\b/i.test(t) ? "any" : "all", items };
    }
  }
  // "liver stiffness by elastography of at least 8 kPa and no higher than 20 kPa, or by magnetic
  // resonance elastography of at least 3 kPa and no higher than 5 kPa": the same measure by another
  // method, with limits of its own. The first method's limits are read; the other method is an
  // alternative a reviewer compares — never its words alone (a documentation reading would be met by
  // naming the method, whatever its value), nor the first method's limits applied to its value
  if (th.length === 1) {
    const other = /,?\s+or\s+(?:by|on|with|using|via)\s+(?=[^.;]*\d)/i.exec(t);
    const depth = other ? (t.slice(0, other.index).match(/\(/g) ?? []).length - (t.slice(0, other.index).match(/\)/g) ?? []).length : 1;
    if (other && depth <= 0 && parseThresholds(t.slice(0, other.index)).length === 1 && readComparator(t.slice(other.index + other[0].length))) {
      const first = parseCriterion(t.slice(0, other.index), "", ctx);
      const rest = t
        .slice(other.index)
        .replace(/^,?\s+or\s+/i, "")
        .trim();
      if (first.kind === "lab")
        return {
          ...base,
          kind: "any",
          items: [
            first,
            {
              text: rest,
              kind: "human_review",
              why: "The same measure by another method, with limits of its own: a reviewer compares the documented value.",
              confidence: "low",
            },
          ],
        };
    }
  }
  // "at least 10% BSA, or involvement of the face, hands, feet, scalp or genitals": a threshold OR another finding
  if (th.length === 1) {
    const orAt = t.search(/,?\s+or\s+(?=(?:involvement|documentation|presence|history|evidence|a |an |the |has |with |severe|significant)\b)/i);
    // (an "or" inside the comorbidity list the threshold comes with is one of its conditions)
    const tailAt = WITH_CONDITION_TAIL_RE.exec(t)?.index ?? Infinity;
    // (an "or" inside a parenthetical note — "(the inputs used must be documented, or the value the
    // laboratory calculated reported)" — offers a way to document the value, never an alternative to it)
    const inParens = orAt > 0 && (t.slice(0, orAt).match(/\(/g) ?? []).length > (t.slice(0, orAt).match(/\)/g) ?? []).length;
    if (orAt > 0 && !inParens && orAt < tailAt && parseThresholds(t.slice(0, orAt)).length === 1 && !parseThresholds(t.slice(orAt)).length) {
      const first = parseCriterion(t.slice(0, orAt), "", ctx);
      const second = parseCriterion(t.slice(orAt).replace(/^,?\s+or\s+/i, ""), "", ctx);
      return { ...base, kind: "any", items: [first, second] };
    }
  }
  const conds = conditionsOf(t);
  // a diagnosis requirement: "Diagnosis of X", "X confirmed by", "Patient has/with X" (the condition right after)
  const leadCond = conds.length ? aliasFirstIndex(t, conds[0]) : -1;
  const isDx =
    has(/\bdiagnos|\bconfirmed (?:diagnosis|by|with)\b/i, tl) ||
    // "Is prescribed Fintepla for the treatment of seizures associated with Dravet syndrome": the use
    // the drug is prescribed for is the member's condition
    (conds.length > 0 && USE_FOR_LEAD_RE.test(t)) ||
    (leadCond >= 0 &&
      /^(?:(?:the )?(?:patient|member|individual)\s+(?:has|with|is diagnosed with|has been diagnosed with)\s+(?:a |an |documented |active |moderate[a-z -]* |severe |chronic )*|(?:moderate|severe|active|chronic|mild|persistent|relapsing|refractory)[a-z -]*)$/i.test(
        t.slice(0, leadCond).trim() + (t.slice(0, leadCond).trim() ? " " : ""),
      ));
  if (th.length) {
    const within = parseRecency(t);
    // "baseline" safety labs (a blood count, liver tests before the first dose) are any current value
    // of a request to start the drug; only a disease marker's baseline means untreated ("untreated LDL-C")
    const untreatedWords = has(UNTREATED, tl);
    const baseline = untreatedWords || has(/\bbaseline\b/i, tl);
    const SAFETY_LAB = new Set([
      "hemoglobin",
      "hematocrit",
      "platelets",
      "ANC",
      "ALC",
      "WBC",
      "ALT",
      "AST",
      "bilirubin",
      "albumin",
      "creatinine",
      "eGFR",
      "creatinine clearance",
      "potassium",
      "INR",
      "CK",
    ]);
    // "does not have moderate or severe renal impairment (eGFR below 45 mL/min/1.73 m2)": the
    // threshold defines the condition the sentence requires ABSENT — the requirement is its opposite
    // (eGFR 45 or more), never the threshold itself (an eGFR of 30 had met it)
    const negatedDefinition = NEGATED_DEFINITION_RE.exec(t);
    // "does not have an eGFR below 30": the negation right before the measured value
    const negatedValue = NEGATED_VALUE_RE.exec(t);
    const valueRest = negatedValue ? t.slice(negatedValue.index + negatedValue[0].length) : "";
    const invert =
      th.every((x) => x.op !== "between") &&
      ((!!negatedDefinition && parseThresholds(negatedDefinition[1]).length === th.length) ||
        (!!negatedValue &&
          /^[^,;()\d]{2,50}?\d/.test(valueRest) &&
          !/\b(?:and|or|with|who|has|have|is|are|but|unless)\b/i.test(valueRest.split(/\d/)[0]) &&
          parseThresholds(valueRest).length === th.length));
    if (negatedDefinition && !invert) return { ...base, kind: "documentation", concepts: keyConcepts(t), absence: true, confidence: "medium" };
    const opposite: Record<string, ">=" | ">" | "<=" | "<"> = { "<": ">=", "<=": ">", ">": "<=", ">=": "<" };
    const labs: Criterion[] = (invert ? th.map((x) => ({ ...x, op: opposite[x.op] ?? x.op })) : th).map((x) => {
      const base = baseline && (untreatedWords || !SAFETY_LAB.has(x.measure));
      const form = measureForm(t, x.measure);
      return {
        text: `${base ? "untreated/baseline " : ""}${form ? `${form} ` : ""}${x.measure} ${x.op === "between" ? `${x.value}–${x.value_max}` : `${x.op} ${x.value}`}${x.unit ? ` ${x.unit}` : ""}`,
        kind: "lab" as const,
        measure: x.measure,
        op: x.op,
        value: x.value,
        ...(x.value_max != null ? { value_max: x.value_max } : {}),
        unit: x.unit,
        within_days: within,
        ...(base ? { baseline: true } : {}),
        confidence: "high" as const,
      };
    });
    // "HBV DNA above 20,000 IU/mL and ALT above 2 x ULN": a value relative to the laboratory's normal
    // range is no absolute threshold the reader compares, and the absolute one alone is not the whole
    // requirement — a reviewer compares the other (the requirement is never met by the first value)
    const relative = RELATIVE_LIMIT_RE.exec(t);
    // a relative limit on a measure the engine reads: compared with the range printed beside the result
    // ("a hemoglobin below the laboratory's lower limit of normal, and a ferritin below 100 ng/mL or a
    // TSAT below 20%": the relative limit, and one of the two measured ones)
    const eitherMeasured = orBetweenMeasures(t, labs);
    const relLabs = relative || (eitherMeasured && RELATIVE_PHRASE_RE.test(t)) ? parseRelativeLimits(t) : null;
    if (relLabs?.length) {
      const rel = relLabs.map((x) => ({ ...x, within_days: within }));
      if (eitherMeasured)
        return { ...base, kind: "all", items: [...rel, { kind: "any", items: labs, text: labs.map((l) => l.text).join(" or "), confidence: "high" }] };
      const either = /\bor\b/i.test(t) && !/\band\b/i.test(t);
      return { ...base, kind: either ? "any" : "all", items: [...labs, ...rel] };
    }
    if (relative) {
      const clause = t.split(/,?\s+\b(?:and|or)\b\s+|;\s*/).find((c) => RELATIVE_LIMIT_RE.test(c)) ?? relative[0];
      const review: Criterion = {
        text: clause.trim(),
        kind: "human_review",
        why: "A value relative to the laboratory's normal range (x ULN / LLN) is compared by a reviewer.",
        confidence: "medium",
      };
      const either = /\bor\b/i.test(t) && !/\band\b/i.test(t);
      return { ...base, kind: either ? "any" : "all", items: [...labs, review] };
    }
    // (a threshold whose only conditions are the comorbidity list it comes with is read below)
    const tailOnly = labs.length === 1 && WITH_CONDITION_TAIL_RE.exec(withoutFailingSideNotes(t));
    const condsBeforeTail = tailOnly ? conditionsOf(t.slice(0, tailOnly.index).replace(/\b[\w]+-related\b/gi, " ")).length : 1;
    if (conds.length && isDx && condsBeforeTail > 0 && !/\bmigraine days\b|\bheadache days\b/i.test(t)) {
      const dx = diagnosisOf(
        t.split(/\band has\b|\bsupported by\b|\bconfirmed by\b|\bas evidenced by\b|\bwith (?:a |an )?(?=[a-z0-9 -]*(?:>=|<=|>|<|\d))/i)[0].trim(),
        conds,
      );
      if (labs.length > 1 && joinedByOr(t) && !/\bboth\b/i.test(t))
        return { ...base, kind: "all", items: [dx, { kind: "any", items: labs, text: labs.map((l) => l.text).join(" or "), confidence: "high" }] };
      return { ...base, kind: "all", items: [dx, ...labs] };
    }
    // "BMI of 27 kg/m2 or greater with at least one weight-related comorbidity: hypertension, …": the
    // threshold AND the condition it comes with — never the threshold alone
    const withTail = WITH_CONDITION_TAIL_RE.exec(withoutFailingSideNotes(t));
    if (labs.length === 1 && withTail && !parseThresholds(withTail[1]).length) {
      const tail = withTail[1].replace(/^[^:]*:\s*/, "");
      const tailConds = conditionsOf(tail);
      const second: Criterion = tailConds.length
        ? {
            ...diagnosisOf(tail, tailConds),
            text: withTail[0].replace(/^(?:with|and|plus)\s+/i, ""),
            // a listed condition the vocabulary does not know ("established cardiovascular disease"):
            // the list can be met, but its absence is no clear failure
            confidence: tail.split(/,|;|\bor\b|\band\b/i).filter((x) => x.trim().length > 2).length > tailConds.length ? "medium" : "high",
          }
        : { ...parseCriterion(withTail[1], "", ctx) };
      return { ...base, kind: "all", items: [labs[0], second] };
    }
    // "SpO2 at or below 88% during sleep for at least 5 minutes (cumulative)": time spent beyond a
    // threshold, which no single value shows — a documentation item (never met by its words)
    if (/\bfor (?:at least|a total of|more than|>=?)\s*\d+\s*(?:minutes?|min|hours?|h)\b|\bcumulative\b/i.test(t))
      return { ...base, kind: "documentation", concepts: keyConcepts(t), absence: false, confidence: "medium" };
    // "…, taken at rest while awake, breathing room air" / "…, during exercise": the setting every
    // value must be measured in; "with documented improvement …" after it is a requirement of its own
    // (a setting is a condition of measures that change with it — oxygenation, heart rate —; "ambulatory
    // with a Timed 25-Foot Walk" names a walk test, not the state a value was taken in)
    const setting = labs.some((l) => l.kind === "lab" && SETTING_MEASURES.has(l.measure)) ? measurementContextOf(t) : null;
    const placed = setting ? labs.map((l) => ({ ...l, context: setting }) as Criterion) : labs;
    const further = setting ? /,\s*(?:and\s+)?with (?:documented |a documented )?((?:[\w-]+\s+){1,}[\w-]+)\s*[;.]?\s*$/i.exec(t) : null;
    const extra: Criterion[] =
      further && !parseThresholds(further[1]).length
        ? [{ text: further[0].replace(/^,\s*(?:and\s+)?/, ""), kind: "documentation", concepts: keyConcepts(further[1]), absence: false, confidence: "medium" }]
        : [];
    const measured: Criterion =
      placed.length === 1
        ? ({ ...(placed[0] as Criterion), ...(extra.length ? {} : base) } as Criterion)
        : {
            ...(extra.length ? { text: placed.map((l) => l.text).join(" or "), confidence: "high" as const } : base),
            // (an "or" in a trailing clause on where the values are recorded — ", recorded in a diary or in the
            // notes" — joins the records, not the values)
            kind: (joinedByOr(valuesPart(t)) && (setting || !/\band\b/i.test(valuesPart(t)))) || orBetweenMeasures(t, placed) ? "any" : "all",
            items: placed,
          };
    if (extra.length) return { ...base, kind: "all", items: [measured, ...extra] };
    return measured;
  }

  const NEGATIVE_CLAUSE =
    /^(?:is |are )?not\b|^no\b|^there (?:is|are|was|were|has been|have been) no\b|\bno (?:history|evidence|signs?|symptoms?)\b|\bdoes not have\b|\bwithout\b|\babsence of\b|\bfree of\b|\bnot (?:pregnant|breastfeeding)\b|^(?:the |a )?(?:member|patient|individual|enrollee|beneficiary|child)\s+(?:is|are)\s+not\s+(?:currently\s+)?(?:receiving|taking|using|on|being treated with)\b/i;
  // diagnosis
  // a condition the sentence requires ABSENT ("The member does not have cystic fibrosis", "Cystic
  // fibrosis is not the cause of the bronchiectasis", "bronchiectasis not due to cystic fibrosis") is
  // never a diagnosis the request must carry: read as a required absence (documentation), beside the
  // conditions the sentence does require
  const absentConds = conds.filter((c) => conditionNegatedIn(t, c));
  const presentConds = conds.filter((c) => !absentConds.includes(c));
  if (absentConds.length && conds.length && !/^documentation (?:that|of)\b(?! (?:a |the )?diagnosis)/i.test(t)) {
    const absent: Criterion = {
      kind: "documentation",
      text: t,
      concepts: absentConds.map((c) => keyConcepts(c.name).flat()).filter((x) => x.length),
      absence: true,
      confidence: "medium",
    };
    if (presentConds.length) return { ...base, kind: "all", items: [{ ...diagnosisOf(t, presentConds), confidence: "medium" }, absent], confidence: "medium" };
    // ("Screening has been completed and the member does not have active hepatitis B": a positive
    // clause beside the absence is still to be documented — read below as one documented requirement)
    const whollyNegative = tl
      .split(/(?<=\.)\s+(?=[a-z0-9])/)[0]
      .replace(/\([^)]*\)/g, " ")
      .split(/\s+and\s+|;\s*/)
      .every((clause) => NEGATIVE_CLAUSE.test(clause.trim()));
    if (whollyNegative) return { ...base, ...absent };
  }
  if (
    presentConds.length &&
    !/^documentation (?:that|of)\b(?! (?:a |the )?diagnosis)/i.test(t) &&
    (isDx || (t.length < 70 && !TRIAL_VERB.test(bare) && !/\b(?:treated|treatment|therapy)\b/i.test(tl)))
  ) {
    const dx = diagnosisOf(t, conds);
    // a disease state beyond the diagnosis ("B-ALL in remission but positive for minimal residual
    // disease", "metastatic", "Ph-negative", "relapsed or refractory") is a requirement of its own:
    // the bare diagnosis never meets it
    const state = diseaseStateOf(t, conds);
    if (state) return { ...base, kind: "all", items: [dx, state], confidence: "medium" };
    // "Diagnosis of CSU: hives ... for at least 6 weeks without an identified cause": qualifiers read but not checked
    const qualified = /\bconfirmed by\b|\bas evidenced by\b|\bwith (?:at least|a|an)\b|\bfor at least\b|\bdefined as\b|\bdocumented by\b/i.test(t);
    return qualified ? { ...dx, confidence: "medium" } : dx;
  }

  // "The recipient has a diagnosis of nausea and vomiting of pregnancy (ICD-10-CM O21.0, O21.1, O21.8 or
  // O21.9)": a diagnosis the vocabulary does not know, defined by the codes the policy lists — met by a
  // request coded with one of them, never failed by another code (the words may cover more)
  const coded = codeListedDiagnosis(t);
  if (coded) return { ...base, kind: "diagnosis", conditions: [], icd10: coded.icd10, phrases: [coded.phrase], confidence: "medium" };
  // documentation of something recognisable
  let concepts = keyConcepts(t);
  // a requirement met by absence only when every clause of it is a negative statement: "screening has
  // been completed and the member does not have active HBV" still needs the screening documented
  // ("there is no untreated radiculopathy …, and no non-facet pathology …": an existential negative is
  // a negative statement as much as a leading "no")
  // the requirement's own sentence: a later sentence is a note ("Baseline items … are not repeated")
  const absence = tl
    .split(/(?<=\.)\s+(?=[a-z0-9])/)[0]
    .replace(/\([^)]*\)/g, " ")
    .split(/\s+and\s+|;\s*/)
    .every((clause) => NEGATIVE_CLAUSE.test(clause.trim()));
  // "The member does not have familial short QT syndrome (contraindication). <running footer>": what
  // must be absent is the condition of the requirement's own sentence — never a parenthetical label
  // ("contraindication"), a later sentence or page furniture, nor the requested drug's own name
  // (every request names it, so finding it would read as the condition being present)
  if (absence) {
    // (a parenthetical may name the thing itself — "tolvaptan (Samsca)" — so only label words are dropped)
    const own = t.split(/(?<=\.)\s+(?=[A-Z0-9])/)[0];
    const drugWords = new Set(ctx.drugNames.flatMap((d) => d.toLowerCase().split(/[\s/()-]+/)).filter((w) => w.length > 3));
    const LABELS = /^(?:contraindications?|exclusions?|warnings?|precautions?|boxed|footnotes?|notes?|see|required|requirement)$/;
    const narrowed = keyConcepts(own).filter((g) => !g.every((w) => drugWords.has(w.toLowerCase()) || LABELS.test(w.toLowerCase())));
    if (narrowed.length) concepts = narrowed;
  }
  if (concepts.length && (t.split(/\s+/).length >= 2 || DISEASE_STATE.test(t)) && !/^(?:patient|member) meets (?:one|all|both|any) of the following/i.test(t)) {
    return { ...base, kind: "documentation", concepts, absence, confidence: "medium" };
  }
  return { ...base, kind: "human_review", why: "The reader found no requirement it can check in this sentence.", confidence: "low" };
}

/**
 * Split a sentence at connectives written in capitals outside parentheses ("X, OR Y", "X PLUS Y",
 * "(1) ...; AND (2) ..."), or at "plus either". Null when there is no such connective or a side is
 * shorter than three words.
 */
function splitTopLevel(t: string): { op: "any" | "all"; parts: string[] } | null {
  let depth = 0;
  const cuts: { at: number; len: number; op: "any" | "all" }[] = [];
  const re = /[()[\]]|[,;]?\s+(OR|AND|PLUS)\s+|\s+plus\s+(?=either\b)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(t))) {
    if (m[0] === "(" || m[0] === "[") depth++;
    else if (m[0] === ")" || m[0] === "]") depth = Math.max(0, depth - 1);
    else if (depth === 0) {
      // "… a contraindication to, generic doxycycline AND generic minocycline, each documented": a
      // connective between two drug names joins the objects of one requirement, never two requirements
      const next = /^(?:(?:generic|brand|oral|topical|an?|the)\s+)*([a-z][a-z-]+)(?=\s*[,;.)]|\s+(?:each|both|products?|tablets?|capsules?)\b|\s*$)/i.exec(
        t.slice(m.index + m[0].length),
      );
      if (next && drugsNamedIn(next[1]).length && drugsNamedIn(t.slice(Math.max(0, m.index - 30), m.index)).length) continue;
      cuts.push({ at: m.index, len: m[0].length, op: m[1] === "OR" ? "any" : "all" });
    }
  }
  if (!cuts.length) {
    // "a; b; c" at the top level (not "(a) ...; (b) ..." lists, which the outline reader splits)
    if (/\((?:a|i|1)\)/i.test(t)) return null;
    depth = 0;
    const semi: number[] = [];
    for (let i = 0; i < t.length; i++) {
      const ch = t[i];
      if (ch === "(" || ch === "[") depth++;
      else if (ch === ")" || ch === "]") depth = Math.max(0, depth - 1);
      else if (ch === ";" && depth === 0) semi.push(i);
    }
    if (!semi.length) return null;
    const parts = [0, ...semi.map((i) => i + 1)]
      .map((a, k) =>
        t
          .slice(a, semi[k] ?? t.length)
          .replace(/^\s*(?:and|or)\s+/i, "")
          .trim(),
      )
      .filter(Boolean);
    // "Diagnosis of ONE of: X; Y; Z": a lead offering a choice makes the parts alternatives, each
    // read with the lead's own words ("Diagnosis of Y")
    const choice = /^(.{0,60}?)\b(?:ONE|any|either)\s+of(?:\s+the\s+following)?\s*:\s*(.+)$/is.exec(parts[0] ?? "");
    if (choice && parts.length >= 2) {
      const lead = choice[1].replace(/\s+of\s*$/i, " of").trim();
      const alts = [choice[2], ...parts.slice(1)].map((p) => (lead ? `${lead} ${p}` : p));
      if (alts.every((p) => p.split(/\s+/).length >= 2)) return { op: "any", parts: alts };
    }
    const ors = /;\s*or\b/i.test(t);
    if (parts.length < 2 || parts.some((p) => p.split(/\s+/).length < 3)) return null;
    // a part that defines what counts ("a topical corticosteroid counts as a conventional therapy only
    // when …") or offers an alternative to another part ("In place of the trial, the prescriber may
    // document …") belongs to the requirement it qualifies: not a requirement of its own
    if (
      parts
        .slice(1)
        .some((p) =>
          /\b(?:counts? as|(?:does|do) not count|(?:is|are) considered|qualif(?:y|ies) as|in place of|instead of|as an alternative|alternatively)\b/i.test(p),
        )
    )
      return null;
    return { op: ors ? "any" : "all", parts };
  }
  const op = cuts[0].op;
  if (cuts.some((c) => c.op !== op)) return null;
  const parts: string[] = [];
  let last = 0;
  for (const c of cuts) {
    parts.push(t.slice(last, c.at));
    last = c.at + c.len;
  }
  parts.push(t.slice(last));
  const clean = parts.map((p) =>
    p
      .replace(/^\s*(?:\(\d+\)|either)\s*/i, "")
      .replace(/[;,.\s]+$/, "")
      .trim(),
  );
  if (clean.some((p) => p.split(/\s+/).length < 3)) return null;
  return { op, parts: clean };
}

/** Disease-state words a diagnosis requirement can add to the condition's name. */
const DISEASE_STATE =
  /\b(?:(?:in )?remission|relapsed|refractory|recurrent|metastatic|unresectable|stage\s+[0-9IV]+[A-C]?|minimal residual disease|mrd\+?|mutation|mutated|amplifi\w*|deletion|fusion|rearrange\w*|ph\+|ph-|philadelphia|her2|hormone receptor|er\+|pr\+|(?:high|intermediate|low)[- ]risk|castration[- ]\w+|previously treated|treatment[- ]na[iï]ve|newly diagnosed)(?![a-z])/i;

/**
 * The disease state a diagnosis requirement names besides its condition (see DISEASE_STATE), as a
 * documentation criterion of its key words; null when the sentence is the condition alone.
 */
function diseaseStateOf(text: string, conds: ConditionTerm[]): Criterion | null {
  let rest = withoutExamples(text);
  for (const c of conds) for (const a of c.aliases) rest = rest.replace(aliasRegex(a, "gi"), " ");
  rest = rest.replace(/\b(?:diagnosis of|diagnosed with|confirmed|documented|the patient has|patient has|member has)\b/gi, " ");
  if (!DISEASE_STATE.test(rest)) return null;
  const concepts = keyConcepts(rest);
  if (!concepts.length) return null;
  return { kind: "documentation", text: rest.replace(/\s+/g, " ").trim(), concepts, absence: false, confidence: "medium" };
}

function aliasFirstIndex(text: string, c: ConditionTerm): number {
  let best = -1;
  for (const a of c.aliases) {
    const m = aliasRegex(a).exec(text);
    if (m && (best < 0 || m.index < best)) best = m.index;
  }
  return best;
}

/** a negation written just before a condition's name ("does not have", "no history of", "not due to", "other than"), severity or state words between ("does not have severe untreated sleep apnea") */
const NEGATION_BEFORE_CONDITION =
  /\b(?:does not have|do not have|did not have|has no|have no|has not had|no (?:history|evidence|diagnosis|signs?) of|without (?:a |an |any )?(?:known |history of |diagnosis of )?|absence of|free of|not (?:been )?diagnosed with|not due to|not caused by|not secondary to|not related to|other than|rather than|excluding)\s+(?:a |an |any |the |known )?(?:(?:severe|untreated|active|uncontrolled|moderate|mild|significant|clinically significant|known|current|chronic|acute|symptomatic|unstable|recent|serious|ongoing|concurrent|diagnosed|documented)\s+(?:(?:or|and|\/)\s+)?){0,3}$/i;
/** a negation written just after a condition's name: "is not the cause of …", "has been ruled out", "is absent" */
const NEGATION_AFTER_CONDITION =
  /^\s*(?:\([^)]{0,40}\)\s*)?(?:is|was|has been|have been|are|were)\s+(?:not (?:the|a) (?:cause|reason)|ruled out|excluded|absent|not present)\b/i;

/**
 * Whether `text` states condition `c` absent (see the two patterns above), at its first mention. A
 * condition named once affirmatively and once negated counts as required: only the first mention is read.
 */
function conditionNegatedIn(text: string, c: ConditionTerm): boolean {
  for (const a of c.aliases) {
    const m = aliasRegex(a, "i").exec(text);
    if (!m) continue;
    const before = text.slice(Math.max(0, m.index - 60), m.index);
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 60);
    if (NEGATION_BEFORE_CONDITION.test(before)) return true;
    // "… is not the cause", "… has been ruled out" says so of the condition only when it is the clause's
    // subject ("Other known causes of interstitial lung disease have been ruled out" rules out causes)
    const clause = before.split(/[,;:.]\s*/).pop() ?? "";
    return /^\s*(?:(?:and|that|the|a|an|known|active|current)\s+)*$/i.test(clause) && NEGATION_AFTER_CONDITION.test(after);
  }
  return false;
}

function diagnosisOf(text: string, conds: ConditionTerm[]): CriterionOf<"diagnosis"> {
  const names = conds.map((c) => c.name);
  return {
    text,
    kind: "diagnosis",
    conditions: names,
    icd10: [...new Set(conds.flatMap((c) => c.icd10))],
    phrases: [],
    confidence: "high",
  };
}

/** non-drug conservative care a policy requires before imaging, surgery or equipment */
const NON_DRUG_CARE =
  /\b(?:conservative (?:treatment|therapy|therapies|care|management|measures)|physical therapy|physiotherapy|home exercise|activity modification|bracing|rest, ice)\b/i;

/** "Currently receiving at least two …", "The member is currently taking a statin …": the therapies must be ongoing */
const CURRENT_THERAPY_LEAD_RE =
  /^\s*(?:(?:the )?(?:patient|member|individual|beneficiary) (?:is |has been )?)?(?:currently|presently) (?:receiving|taking|on|using|treated with)\b/i;

/**
 * An age that is not the member's present age: a relative's ("first-degree relatives with colorectal
 * cancer diagnosed before age 50") or an age at diagnosis or onset ("diagnosed before age 50", "onset
 * before age 40") — a fact of the history to document, never an age bound of the request.
 */
const RELATIVES_RE = /\b(?:relatives?|siblings?|first-degree|second-degree|third-degree)\b/i;
const AGE_OF_OTHER_RE =
  /\b(?:relatives?|siblings?|parents?|mother|father|brothers?|sisters?|aunts?|uncles?|grandparents?|family members?|first-degree|second-degree)\b|\b(?:diagnosed|diagnosis|onset|presenting|presented)\s+(?:at|before|after|under|prior to)\s+(?:the\s+)?age\b|\bage (?:at|of) (?:diagnosis|onset)\b/i;

/** Prior-therapy requirement: drugs/classes, count, duration, doses, intolerance/contraindication alternatives. */
function parsePriorTherapy(t: string, note: string, base: Base, ctx: ParseContext, minDays: number | null): Criterion {
  const tl = t.toLowerCase();
  const bare = withoutExamples(t);
  const full = `${t} ${note}`;
  const cm =
    /at least (one|two|three|four|\d+)\b(?!\s*(?:consecutive\s+)?(?:days?|weeks?|months?|years?|%|mg))(?:\s+(?:different|standard|oral|conventional|preventive|traditional|other|additional|prior|previous|medium-|to|super-high-|high-|potency|synthetic|systemic|agents?|medications?|drugs?|therapies|of|the)\b)*/i.exec(
      bare,
    );
  const twoDiff = /\b(two|three|four|\d+) (?:different|distinct|separate)\b/i.exec(bare);
  const plain =
    /\b(?:tried|failed|trials? of|failure of|received|taken|used|intolerance to|history of)\s+(?:a minimum of\s+)?(two|three|four|\d)\s+(?!(?:consecutive\s+)?(?:days?|weeks?|months?|years?)\b)/i.exec(
      bare,
    );
  const ofClasses = /\b(two|three|four|\d) of the following\b/i.exec(bare);
  // "Two preferred antimuscarinics, each for at least 30 days": a count that opens the requirement
  const leading = /^\s*(two|three|four)\s+(?!(?:consecutive\s+)?(?:days?|weeks?|months?|years?)\b)(?:[a-z0-9-]+\s+){0,2}?[a-z0-9-]+s\b/i.exec(bare);
  const count = twoDiff
    ? numberWord(twoDiff[1])
    : cm
      ? numberWord(cm[1])
      : plain
        ? numberWord(plain[1])
        : ofClasses
          ? numberWord(ofClasses[1])
          : leading
            ? numberWord(leading[1])
            : 1;
  const drugs = drugsIn(withoutExamples(t), ctx);
  // "both doxycycline and minocycline", "doxycycline AND minocycline, each …": every drug named
  // (never "… or leflunomide, unless both are contraindicated": the exception's "both" is no requirement)
  const mainClause = bare.split(/\b(?:unless|except|other than)\b/i)[0];
  const everyNamed =
    drugs.length >= 2 &&
    drugsIn(mainClause, ctx).length >= 2 &&
    /\bboth\b[^.;]{0,60}\band\b|\band\b[^.;]{0,60}\beach\b/i.test(mainClause) &&
    !/\b(?:one|either|any)\s+of\b/i.test(mainClause);
  const examples = drugsIn(t, ctx).filter((d) => !drugs.includes(d));
  const classes = classNames(t).filter((c) => c !== "biologic" || /\bbiologic/i.test(withoutExamples(t)));
  const allowIntol = has(
    /intoleran|adverse (?:effect|event)|not tolerat|unless contraindicated or|side effect|stopped .* because|or (?:was|were) not tolerated/i,
    full,
  );
  const allowContra = has(/contraindicat/i, t);
  const requireIntol =
    minDays == null &&
    // ("an intolerance or hypersensitivity to metformin that is not expected to occur with the target agent")
    ((has(
      /intolerable|intoleran(?:ce|t)\b[^.;]{0,30}?\b(?:to|with)\b|hypersensitivity to|allerg(?:y|ic) to|muscle symptoms|adverse effects? (?:with|to)/i,
      tl,
    ) &&
      !has(/inadequate|failure|tried|or (?:a )?contraindication/i, tl)) ||
      // "intolerance to an oral bisphosphonate (…) or a contraindication (…)": an alternative that
      // is the intolerance or contraindication itself, never met by a course taken without either
      // ("Individual has a documented intolerance of, or contraindication to, both LAMA and LABA therapy":
      // the same with the person as its subject)
      (/^(?:(?:the )?(?:individual|patient|member|recipient|beneficiary|enrollee|client)\s+(?:has|have|had|with)\s+(?:had\s+)?)?(?:(?:a |an |documented |history of |(?:an? )?(?:clinically )?(?:significant |documented )?)?)?(?:intolerance|contraindication)s? (?:to|with|of)\b/i.test(
        tl,
      ) &&
        !has(/inadequate|failure|failed|tried|trial|taken for|for at least/i, tl)));
  const alsoCount = exampleDrugs(note, ctx);
  const excluded = excludedDrugs(note, ctx);
  // classes named generically ("a conventional systemic agent") take their example drugs into account
  let allDrugs = [...new Set([...drugs, ...(classes.length ? [] : examples), ...alsoCount])].filter((d) => !excluded.includes(d));
  // "(i.e., Sprycel, Tasigna, Bosulif, Iclusig)" lists the qualifying drugs exactly: the named class
  // ("a second-generation or later TKI") is only their description, never every member of it
  const exact = /\(\s*(?:[^()]*;\s*)?i\.e\.,?([^()]*)\)/i.exec(t);
  const exactDrugs = exact ? drugsIn(exact[1], ctx) : [];
  if (exactDrugs.length >= 2) {
    allDrugs = exactDrugs.filter((d) => !excluded.includes(d));
    classes.length = 0;
  }
  const minDose = parseMinDoses(t, ctx);
  const understood = allDrugs.length > 0 || classes.length > 0;
  // "medium- to super-high-potency", "medium or higher potency", "high-potency" topical corticosteroid
  // the lowest potency a "... potency" phrase names: "medium- to super-high-potency", "Medium, high,
  // or very-high potency", "high-potency"
  const potPhrase =
    /((?:(?:low|medium|mid|high|super[- ]high|very[- ]high|ultra[- ]high|higher|greater)[-\s,]*(?:(?:to|or|through|and)[-\s]+)?)+)potency\b/i.exec(t);
  const levels = potPhrase
    ? [...potPhrase[1].matchAll(/\b(super[- ]high|very[- ]high|ultra[- ]high|low|medium|mid|high)\b/gi)].map((m) => m[1].toLowerCase())
    : [];
  const rank = (w: string) => (/^(?:super|very|ultra)/.test(w) ? 3 : w === "high" ? 2 : w === "medium" || w === "mid" ? 1 : 0);
  const lowest = levels.length ? levels.reduce((a, b) => (rank(b) < rank(a) ? b : a)) : null;
  const minPotency = lowest == null ? undefined : (["low", "medium", "high", "super-high"] as const)[rank(lowest)];
  // "maintenance therapy with a LAMA and a LABA together (as a combination inhaler, as separate
  // inhalers, or as part of LAMA / LABA / ICS triple therapy)": every class named outside the
  // parentheses, used at the same time — never one of them alone, nor the classes of the examples
  const togetherClasses = TOGETHER_RE.test(withoutExamples(tl)) ? classNames(t.replace(/\([^()]*\)/g, " ")) : [];
  if (togetherClasses.length > 1) classes.splice(0, classes.length, ...togetherClasses);
  // "each for at least 2 months OR stopped because of an adverse effect": the duration applies per drug
  const spec: CriterionOf<"prior_therapy"> = {
    ...base,
    kind: "prior_therapy",
    drugs: allDrugs,
    classes,
    excluded_drugs: excluded,
    min_days: minDays,
    count: Math.max(1, Math.min(everyNamed ? Math.max(count, drugs.length) : count, 5)),
    different_classes: has(/different (?:pharmacologic |therapeutic )?classes|from different classes|different classes/i, tl),
    // ("an intolerance of, or contraindication to, both LAMA and LABA therapy": each class)
    all_classes:
      (togetherClasses.length > 1 ||
        /\bboth\b[^.;]{0,60}\band\b/i.test(mainClause) ||
        has(/\bplus\b|together with|in combination with|\band\b[^.;]{0,40}\beach\b/i, withoutExamples(tl))) &&
      classes.length > 1,
    ...classGroups(t, classes),
    allow_intolerance: allowIntol,
    allow_contraindication: allowContra,
    require_intolerance: requireIntol,
    ...(minDose.length ? { min_dose: minDose } : {}),
    ...(minPotency && minPotency !== "low" ? { min_potency: minPotency as "medium" | "high" | "super-high" } : {}),
    ...(CURRENT_THERAPY_LEAD_RE.test(bare) ? { current: true } : {}),
    confidence: understood ? "high" : "low",
  };
  // conservative (non-drug) care ("6 weeks of conservative treatment", "activity modification or
  // bracing") is no prior drug: it is never sent to a reader of drugs and classes
  if (!understood && NON_DRUG_CARE.test(bare))
    return {
      ...base,
      kind: "human_review",
      why: `Conservative (non-drug) care is required${minDays ? ` for at least ${Math.round(minDays / 7)} weeks` : ""}; whether it was given for that long and failed (or an exception applies) is for a reviewer to confirm.`,
      confidence: "low",
    };
  if (!understood)
    return { ...base, kind: "human_review", why: "Prior therapy is required, but the reader could not tell which drugs or classes count.", confidence: "low" };
  return spec;
}

/**
 * "a medium- or high-dose ICS plus a second controller (LABA, LAMA or leukotriene modifier)": the
 * sides of "plus"/"together with"/"in combination with" are separate required groups, each
 * satisfied by any class it names.
 */
function classGroups(t: string, classes: string[]): { class_groups?: string[][] } {
  const parts = t.split(/\bplus\b|\btogether with\b|\bin combination with\b/i);
  if (parts.length < 2 || classes.length < 2) return {};
  const groups = parts.map((p) =>
    classesNamedIn(p.replace(/\((?:e\.g\.|for example|such as)[^)]*\)/gi, " "))
      .map((c) => c.name)
      .filter((c) => classes.includes(c)),
  );
  if (groups.filter((g) => g.length).length < 2) return {};
  return { class_groups: groups.filter((g) => g.length) };
}

/**
 * "… with at least one weight-related comorbidity: hypertension, …": the condition list a threshold
 * comes with (group 1: the list with its head noun).
 */
const WITH_CONDITION_TAIL_RE =
  /\b(?:with|and|plus)\s+(?:at least (?:one|1)|one or more|a|an|documented|a documented)\s+((?:[\w-]+\s+){0,3}(?:comorbidit(?:y|ies)|conditions?|risk factors?|complications?)\b.*)$/i;

/**
 * `t` without its later sentences that state what does not meet it and carry a threshold of their
 * own ("… or severe osteoarthritis. A BMI below 35.0 kg/m2 does not meet A2 regardless of
 * comorbidities."): such a sentence restates the failing side of the requirement's threshold.
 */
function withoutFailingSideNotes(t: string): string {
  const parts = t.split(/(?<=\.)\s+(?=[A-Z])/);
  if (parts.length < 2) return t;
  const kept = parts.filter((p, i) => i === 0 || !(/\b(?:does|do) not (?:meet|satisfy|qualify)\b/i.test(p) && parseThresholds(p).length));
  return kept.join(" ");
}

/**
 * A condition of the patient written after a test requirement ("… in a patient with a documented
 * hypothalamic-pituitary abnormality on MRI", "… in members who have …"): a further requirement
 * besides the test's result.
 */
const PATIENT_CONDITION_RE = /\b(?:in|for) (?:a |an |the )?(?:patient|member|child|adult|individual|beneficiar(?:y|ies)|person)s? (?:with|who|whose)\b[^;]*/i;

/**
 * A value a test must show, written with a comparator: "50 mmHg or higher", "at least 30%", "< 2.5",
 * "no higher than 20 kPa" — not a duration ("at least 4 weeks", "within 3 months", "18 years or
 * older"), which says when or how long, not what the report shows.
 */
const UNREAD_TEST_VALUE =
  /(?:[<>\u2264\u2265]=?\s*\d+(?:\.\d+)?|\b(?:at least|at most|above|below|greater than|less than|more than|fewer than|higher than|lower than|no (?:more|higher|less|lower) than|exceeding|under|over)\s+\d+(?:\.\d+)?|\b\d+(?:\.\d+)?\s*(?:%|[a-z\u00b5/.]+(?:\s?[a-z/]+)?)?\s+or\s+(?:higher|more|greater|above|less|lower|below|fewer)\b)(?!\s*(?:-|\u2013)?\s*(?:days?|weeks?|months?|years?|yrs?|y\/o)\b)(?<!\b\d+(?:\.\d+)?\s*(?:days?|weeks?|months?|years?|yrs?)\s+or\s+(?:higher|more|greater|above|less|lower|below|fewer|older|younger))/i;

/** a test's required absence of findings: "showing none of", "showing no", "with none of", "free of", "without evidence of" */
const REQUIRED_ABSENCE_RE =
  /\b(?:showing|shows|show|with|demonstrating|revealing|reporting)\s+(?:none of\b|no\s+(?!later\b|more\b|less\b|older\b|fewer\b))|\bnone of the following\b|\bfree of\b|\bwithout (?:any )?(?:evidence|signs?) of\b/;

/** A test requirement together with an item a reviewer judges (`text`, `why`): ALL of the two. */
function withReview(base: Base, spec: Criterion, text: string, why: string): Criterion {
  return { ...base, kind: "all", items: [spec, { ...base, text, kind: "human_review", why, confidence: "low" }] };
}

/** A test requirement: result polarity, count ("two stimulation tests"), threshold ("peak < 10 ng/mL"), recency. */
function parseTestCriterion(t: string, base: Base, testName: string, measure: string | null): Criterion {
  // the result the policy requires is in the requirement's own sentence; later sentences are notes
  // ("A positive anti-HBc with a negative HBsAg does not prevent coverage when …")
  // (a follow-up written as a condition — "with HCV RNA if the antibody is positive" — is what to do
  // on a result, never the result required)
  const tl = t
    .split(/(?<=\.)\s+(?=[A-Z])/)[0]
    .toLowerCase()
    .replace(
      /\b(?:if|when|where|unless)\s+(?:the\s+|a\s+|an\s+)?(?:[a-z0-9-]+\s+){0,4}(?:is|are|was|were|comes? back|returns?)\s+(?:positive|reactive|negative|non-?reactive|abnormal|detected)\b|\bif (?:positive|reactive|negative|abnormal|detected)\b/g,
      " ",
    );
  // the count is the requirement's, never a note's ("… - a result that is pending, or only one of the
  // two hepatitis B tests, does not meet this item")
  const countM = /\b(two|three|2|3) (?:different |separate |distinct )?(?:[a-z-]+ ){0,3}(?:tests?|studies)\b/i.exec(
    t.replace(/(?:\s[-–]\s|[,;]\s*)[^.;]*\b(?:does|do) not (?:meet|satisfy|count)\b[^.;]*/gi, " "),
  );
  const count = countM ? numberWord(countM[1]) : 1;
  // "Brain MRI within the past 12 months showing none of: more than 4 microbleeds; …", "a chest
  // x-ray showing no active disease", "free of …": a required ABSENCE of the findings listed — never
  // met by an "abnormal" report nor failed by a "normal" one; the test must be done, and a reviewer
  // reads the report for the listed findings
  const absence = REQUIRED_ABSENCE_RE.exec(tl);
  if (absence && tl.slice(absence.index + absence[0].length).trim().length > 3) {
    const spec: Criterion = { ...base, kind: "test_result", test: testName, count, result: "any", threshold: null, within_days: parseRecency(t) };
    return withReview(
      base,
      spec,
      t.slice(Math.max(0, t.toLowerCase().indexOf(absence[0]))).trim(),
      "The test must show none of the findings the policy lists; a reviewer reads the report for each of them.",
    );
  }
  const result: "negative" | "positive" | "abnormal" | "any" =
    has(/\bnegative\b|\bnon-?reactive\b|\bruled? out\b|\bnormal\b|\b(?:has|have|had|been|is|are|was|were)\s+(?:been\s+)?excluded\b/i, tl) &&
    !has(/\bpositive\b/i, tl)
      ? "negative"
      : has(/\bpositive\b|\breactive\b|\bsensiti[sz]/i, tl)
        ? "positive"
        : has(/\babnormal\b|\bconfirm|\bshowing\b|\bdiagnos/i, tl)
          ? "abnormal"
          : "any";
  let threshold: { op: Comparator; value: number; unit: string | null } | null = null;
  if (measure) {
    const th = parseThresholds(t).find((x) => x.measure === measure) ?? null;
    if (th) threshold = { op: th.op, value: th.value, unit: th.unit };
    else {
      // "each with a peak GH below 10 ng/mL": the comparator follows "peak"/"with"
      const c = /\b(?:peak|with|showing|of)\b[^.;]{0,30}/i.exec(t);
      const r = c ? readComparator(c[0] + t.slice(c.index + c[0].length, c.index + c[0].length + 30)) : null;
      // (a value in another unit is another measure's: "RV systolic pressure of 40 mmHg" on an
      // echocardiogram is no LVEF threshold)
      const own = MEASURES.find((x) => x.name === measure)?.unit;
      const [ru, ou] = [r?.unit, own].map((u) => (u ?? "").replace(/\s+/g, "").toLowerCase());
      // ("%" is the unit of "% predicted" and "% nights")
      const sameUnit = !ru || !ou || ru === ou || ou.startsWith(ru) || ru.startsWith(ou);
      if (r && sameUnit) threshold = { op: r.op, value: r.value, unit: r.unit };
    }
  }
  const other = parseThresholds(t).filter((x) => x.measure !== measure);
  const spec: Criterion = { ...base, kind: "test_result", test: testName, count, result, threshold, within_days: parseRecency(t) };
  // "Peak LVOT gradient of 50 mmHg or higher on an echocardiogram": a value the test must show that no
  // known measure reads is never met by the test being done; the test AND a reviewer comparing the value
  const unread = !threshold && !other.length ? UNREAD_TEST_VALUE.exec(t.split(/(?<=\.)\s+(?=[A-Z])/)[0]) : null;
  if (unread)
    return withReview(
      base,
      spec,
      t.trim(),
      `the test must show a value ("${unread[0].trim()}") that the engine does not read from a report; a reviewer compares it`,
    );
  // "One stimulation test below 10 ng/mL in a patient with a documented pituitary abnormality on MRI
  // or a deficiency of another pituitary hormone": the test alone is not the requirement; the
  // patient condition after it is a further item, for a reviewer (never met by the test's value).
  // Written before the test ("for members who can become pregnant, a negative pregnancy test") it
  // says whom the test applies to, and is read as before.
  const patient = PATIENT_CONDITION_RE.exec(t.split(/(?<=\.)\s+(?=[A-Z])/)[0]);
  if (patient && patient.index > 0 && !other.length)
    return withReview(
      base,
      spec,
      patient[0].trim(),
      `the test is required only together with a further condition of the patient ("${patient[0].trim().slice(0, 120)}")`,
    );
  // "MSLT showing a mean sleep latency of 8 minutes or less and at least 2 SOREMPs": extra measures
  if (other.length) {
    // "a resting heart rate of 70 bpm or more, documented on a 12-lead ECG within 90 days": when the
    // test asks nothing but values its report gives, those dated values are the test's evidence
    const reports = TESTS.find((x) => x.name === testName)?.reports ?? [];
    const onlyReported = !threshold && result === "any" && count === 1 && other.every((x) => reports.includes(x.measure));
    return {
      ...base,
      kind: "all",
      items: [
        ...(onlyReported ? [] : [spec]),
        ...other.map((x) => ({
          text: `${x.measure} ${x.op} ${x.value}${x.unit ? ` ${x.unit}` : ""}`,
          kind: "lab" as const,
          measure: x.measure,
          op: x.op,
          value: x.value,
          ...(x.value_max != null ? { value_max: x.value_max } : {}),
          unit: x.unit,
          within_days: parseRecency(t),
          // "a resting heart rate of 70 bpm or more, documented on a 12-lead ECG": read from that test's report
          ...(TESTS.find((x) => x.name === testName)?.reports?.includes(x.measure) ? { on_test: testName } : {}),
          confidence: "high" as const,
        })),
      ],
    };
  }
  return spec;
}

/**
 * "Pre-treatment serum total IgE within the dosing range: age ≥ 12 years, 30 to 700 IU/mL; age 6 to
 * < 12 years, 30 to 1,300 IU/mL" → ANY[ ALL[age ≥ 12, IgE 30–700], ALL[age 6–11, IgE 30–1300] ].
 * Null unless the sentence pairs two or more age bands with a threshold each.
 */
function ageBandedThresholds(t: string): { kind: "any"; items: Criterion[] } | null {
  const parts = t.split(/;\s*/);
  if (parts.length < 2) return null;
  const measure = MEASURES.find((m) => measureRegex(m).test(parts[0]));
  if (!measure) return null;
  const items: Criterion[] = [];
  for (const p of parts) {
    const agePart = /\bage[^,;]*?(?:years?|yrs?)\b/i.exec(p) ?? /\b(?:adults?|children|pediatric)[^,;]*/i.exec(p);
    if (!agePart) return null;
    const age = parseAge(agePart[0].includes("age") ? agePart[0] : `age ${agePart[0]}`);
    const rest = p.slice(agePart.index + agePart[0].length);
    const th = readComparator(rest);
    if (!age || !th) return null;
    items.push({
      kind: "all",
      text: p.trim(),
      confidence: "high",
      items: [
        { kind: "age", text: agePart[0], ...age, confidence: "high" },
        {
          kind: "lab",
          text: `${measure.name} ${th.op === "between" ? `${th.value}–${th.value_max}` : `${th.op} ${th.value}`}`,
          measure: measure.name,
          op: th.op,
          value: th.value,
          ...(th.value_max != null ? { value_max: th.value_max } : {}),
          unit: th.unit,
          within_days: null,
          confidence: "high",
        },
      ],
    });
  }
  return items.length >= 2 ? { kind: "any", items } : null;
}

const USE_RE =
  /\b(?:use|used|using|prescribed|prescribing|requested|requests?|coverage|treatment|therapy)\s+(?:solely\s+|only\s+|primarily\s+)?(?:for|as|in the treatment of|of)\b|^(?:for|as)\s/i;
const USE_TERMS =
  /\bweight (?:loss|reduction|management|control)\b|\banti-?obesity\b|\bcosmetic\b|\bobesity\b|\boverweight\b|\bathletic\b|\banti-?aging\b|\bperformance\b|\benhancement\b/i;

/**
 * An entry of a policy's exclusion list as a criterion whose outcome "met" means the exclusion
 * APPLIES: an excluded use ("Weight loss in a patient without type 2 diabetes"), a condition that
 * is not covered ("Type 1 diabetes mellitus"), a combination ("Concurrent use with another GLP-1
 * receptor agonist"), an age ("Patients younger than 18"), or anything else readable.
 */
export function parseExclusion(text: string, ctx: ParseContext): Criterion {
  const t = norm(text);
  const tl = t.toLowerCase();
  const base: Base = { text, confidence: "high" };
  if (/\bconcurrent|\bconcomitant|\bcombination|\btogether with\b|\bwith another\b|\bused with\b/i.test(tl)) {
    const drugs = drugsIn(t, ctx);
    const classes = classesBeside(t, drugs);
    if (drugs.length || classes.length) return { ...base, kind: "current_therapy", drugs, classes };
  }
  const age = parseAge(t);
  if (age && !AGE_OF_OTHER_RE.test(t) && /\b(?:younger|older|under|less than|age)\b/i.test(tl) && t.length < 120) return { ...base, kind: "age", ...age };
  // "Preventive (scheduled daily) use", "Use for prophylaxis": a use the policy does not cover
  const use =
    /^(?:use (?:for|as) |(?:the )?treatment of )?(?:(acute|abortive|on-demand|rescue)|(preventive|prophylactic|prophylaxis|prevention|maintenance))(?:\s*\([^)]*\))?(?: use| treatment| therapy)?\b/i.exec(
      t,
    );
  // ("Prevention of skeletal-related events in members with bone metastases": a use for a subpopulation
  // the request must show, an excluded indication, never every preventive use)
  // ("maintenance programs once goals are met": a kind of program with its own condition, not a use mode)
  if (
    use &&
    t.length < 160 &&
    !/^\s*(?:programs?|services?|visits?|sessions?|care)\b/i.test(t.slice(use[0].length)) &&
    !mostSpecificConditions(t.slice(0, use[0].length)).length &&
    !/\bin (?:a |an |the )?(?:members?|patients?|individuals?|adults?|children|persons?|participants?|enrollees?)\s+(?:with|who)\b|\bwho (?:have|has|are|is)\b/i.test(
      t,
    )
  )
    return { ...base, kind: "use_mode", mode: use[1] ? "acute" : "preventive" };
  // "any request that would bring cumulative parathyroid hormone analog treatment (abaloparatide and
  // teriparatide combined) above 24 months in the member's lifetime": the lifetime cap, excluded when
  // the documented courses and the one requested add up past it (a cumulative limit, evaluated as one)
  const lifetime =
    /\b(?:lifetime|cumulative|total (?:duration|length|use|treatment|exposure))\b[^.;]{0,160}?\b(?:above|beyond|more than|exceed(?:s|ing)?|over|longer than)\s+(\d{1,3})\s*(months?|years?)\b/i.exec(
      tl,
    );
  if (lifetime) {
    const drugs = [...new Set(drugsNamedIn(t))];
    if (drugs.length) return { ...base, kind: "cumulative_limit", drugs, max_days: Math.round(Number(lifetime[1]) * (/^y/i.test(lifetime[2]) ? 365 : 30.44)) };
  }
  // "Doses above 800 mg per infusion, or more often than every 4 weeks": a dose ceiling listed among
  // exclusions applies when the requested dose is above it (read with medium confidence: a reviewer
  // confirms before it denies)
  // ("More than 80 mg of cabozantinib per day": the same ceiling without "doses", the drug named between
  // the amount and its period)
  const above =
    /^(?:doses?|dosing|dosages?)\s+(?:above|exceeding|greater than|more than|over|in excess of)\s+(\d[\d,.]*\s*(?:mg|mcg|g)\b.*)$/i.exec(t) ??
    /^(?:more than|greater than|in excess of|above)\s+(\d[\d,]*(?:\.\d+)?\s*(?:mg|mcg|g)\b(?:\s+of\s+[a-z][\w/-]*(?:\s*\([^)]{1,40}\))?)?\s*(?:per|\/|a|each)\s*(?:day|week|month)\b)\.?$/i.exec(
      t,
    );
  if (above) {
    const max = parseMaxDose(`not to exceed ${above[1].replace(/\s+of\s+[a-z][\w/-]*(?:\s*\([^)]{1,40}\))?/i, "")}`);
    if (max) return { ...base, kind: "dose_limit", max_mg: max.mg, per_days: max.per_days, confidence: "medium" };
  }
  const ex = parseExcludedUse(t);
  // "ATTR-CM with NYHA functional class IV heart failure": a condition WITH a measured qualifier is
  // excluded only when the qualifier is documented too — never because the request names the condition
  const qualifier = ex ? parseThresholds(t.replace(/\([^)]*\)/g, " ")) : [];
  if (ex && qualifier.length === 1 && /\b(?:with|and|in|who have|having)\b/i.test(t)) {
    const q = qualifier[0];
    const lab: Criterion = {
      text: `${q.measure} ${q.op === "between" ? `${q.value}–${q.value_max}` : `${q.op} ${q.value}`}`,
      kind: "lab",
      measure: q.measure,
      op: q.op,
      value: q.value,
      ...(q.value_max != null ? { value_max: q.value_max } : {}),
      unit: q.unit,
      within_days: null,
      confidence: "high",
    };
    return { ...base, kind: "all", items: [ex, lab] };
  }
  if (ex) return ex;
  // "Initiation of therapy when the ANC is below 2,000/mm3, the platelet count is below 100,000/mm3,
  // or ALT is above 1.5 times the upper limit of normal": any one threshold makes it apply; a clause
  // the reader cannot hold as a value stays a documentation item (never applies on its own)
  const own = t.split(/(?<=\.)\s+(?=[A-Z(])/)[0];
  const clauses = own
    .replace(/^.*?\bwhen\s+/i, "")
    .split(/,\s+(?:or\s+)?(?=[A-Za-z])/)
    .map((x) => x.trim())
    .filter((x) => x.length > 3);
  if (clauses.length >= 2 && /\bor\b/i.test(own) && parseThresholds(own).length >= 2) {
    const items = clauses.map((c) => {
      const one = parseThresholds(c);
      return one.length === 1
        ? ({
            text: c,
            confidence: "high",
            kind: "lab",
            measure: one[0].measure,
            op: one[0].op,
            value: one[0].value,
            unit: one[0].unit,
            within_days: null,
          } as Criterion)
        : ({ text: c, kind: "documentation", concepts: keyConcepts(c), absence: false, confidence: "medium" } as Criterion);
    });
    return { ...base, kind: "any", items };
  }
  const th = parseThresholds(t);
  // "Cirrhosis, compensated or decompensated, including a liver stiffness above 20 kPa or by another
  // method above 5 kPa, a biopsy stage F4, or clinical evidence (…)": the findings after "including"
  // are each a way the excluded condition is shown, so a value beyond the threshold clause shows it
  // on its own — the threshold is read with its clause only (the other ways are not read, as before;
  // they never make a read value less sure)
  const including = /^[^.;]{3,120}?,?\s+including\s+(.+)$/i.exec(t);
  if (th.length === 1 && including) {
    const clause = including[1]
      .split(/,\s+(?:or\s+)?|\s+or\s+(?=(?:by|on|with|using|via)\b)/i)
      .map((x) => x.trim())
      .find((x) => {
        const one = parseThresholds(x);
        return one.length === 1 && one[0].measure === th[0].measure && one[0].value === th[0].value;
      });
    if (clause)
      return {
        ...base,
        // (named by the condition, its own qualifiers left to the full entry the reviewer sees)
        text: `${t
          .slice(0, t.length - including[1].length)
          .replace(/,?\s+including\s*$/i, "")
          .split(",")[0]
          .trim()}: ${clause}`,
        kind: "lab",
        measure: th[0].measure,
        op: th[0].op,
        value: th[0].value,
        ...(th[0].value_max != null ? { value_max: th[0].value_max } : {}),
        unit: th[0].unit,
        within_days: null,
      };
  }
  if (th.length === 1)
    return {
      ...base,
      kind: "lab",
      measure: th[0].measure,
      op: th[0].op,
      value: th[0].value,
      ...(th[0].value_max != null ? { value_max: th[0].value_max } : {}),
      unit: th[0].unit,
      within_days: null,
    };
  return { ...base, kind: "documentation", concepts: keyConcepts(t), absence: false, confidence: "medium" };
}

/**
 * "Any diagnosis other than schizophrenia, including schizoaffective disorder, schizophreniform
 * disorder, …": every use but the covered one is excluded; the conditions it lists are excluded by
 * name (the request's indication being one of them applies it), the covered one is its "unless".
 * Null when the sentence is not of that form or lists no condition the vocabulary knows.
 */
function anyDiagnosisOtherThan(text: string): CriterionOf<"excluded_use"> | null {
  const m =
    /^\s*(?:use for |use in |treatment of )?(?:(?:any|an?)\s+(?:other\s+)?|(?:[A-Za-z-]+\s+){0,2}?)(?:diagnos[ie]s|indications?|uses?|conditions?|disorders?|diseases?)\s+other than\s+([^,;(]+?)\s*(?:[,;(]\s*(?:including|such as|e\.g\.,?|for example,?|like)\s+([^)]*?))?\)?\s*[.;]?\s*$/i.exec(
      // ("Eosinophilic conditions other than asthma, such as eosinophilic granulomatosis with polyangiitis
      // (EGPA) or …": a kind of condition before "other than", abbreviations in parentheses after the names)
      text.replace(/\s*\([A-Z][A-Za-z0-9-]{1,7}\)/g, ""),
    );
  if (!m) return null;
  const covered = mostSpecificConditions(m[1]);
  const coveredNames = new Set(covered.map((c) => c.name));
  const listed = m[2] ? mostSpecificConditions(m[2]).filter((c) => !coveredNames.has(c.name)) : [];
  if (!covered.length || !listed.length) return null;
  return {
    text,
    kind: "excluded_use",
    conditions: listed.map((c) => c.name),
    icd10: [...new Set(listed.flatMap((c) => c.icd10))],
    phrases: [],
    unless_conditions: covered.map((c) => c.name),
    unless_icd10: [...new Set(covered.flatMap((c) => c.icd10))],
    confidence: "high",
  };
}

/** "The patient is not taking …", "is not currently on …", "Member does not take …", "Not receiving …" */
const NOT_TAKING_RE =
  /^(?:\s*(?:the )?(?:patient|member|enrollee|beneficiary|individual|child)\s+)?(?:(?:is|will be|must be)\s+not|isn't|does not|doesn't|will not|must not|not)\s+(?:currently\s+|concurrently\s+|presently\s+)?(?:be\s+)?(?:taking|using|receiving|on|treated with|take|use|receive)\s+/i;

/** "Use for weight loss ... in a patient without type 2 diabetes", "Type 1 diabetes mellitus", "Cosmetic use". */
export function parseExcludedUse(text: string): CriterionOf<"excluded_use"> | null {
  const other = anyDiagnosisOtherThan(text);
  if (other) return other;
  // a definition set off by dashes ("Clinically isolated syndrome - a first demyelinating event that
  // does not meet the McDonald criteria for MS - and …") or a "that does not meet the criteria for X"
  // clause names what the excluded condition is NOT: never a condition of the exclusion
  const t = withoutExamples(text)
    .replace(/\([^)]*\)/g, " ")
    .replace(/\s[-–—]\s[^–—]{3,160}?\s[-–—]\s/g, " ")
    .replace(/\b(?:that|which|who) (?:does|do) not (?:meet|fulfil|fulfill|satisfy)\b[^,;.]*/gi, " ");
  const [useRaw, ...restParts] = t.split(
    /\b(?:in (?:a |an )?(?:patients?|members?|individuals?|adults?|children) )?(?:without|unless|except(?: in| for)?|who do(?:es)? not have|other than|(?:that|which) (?:is|are) not)\b/i,
  );
  const rest = restParts.join(" ");
  // "Use for weight loss" is about weight loss; "Type 1 diabetes, including use as an adjunct to
  // insulin" keeps the condition named before the use
  const use = useRaw.replace(/^.*?\b(?:for|as|in the treatment of)\b\s*/i, (m) => (USE_RE.test(m) && !mostSpecificConditions(m).length ? "" : m));
  // "prevention of type 2 diabetes": a use in people who do NOT have the condition it names
  const prevented = /\b(?:prevention of|prevent(?:ing)?|(?:to )?reduce the risk of|risk reduction (?:of|for)|at risk (?:of|for))\b.*$/i.exec(use);
  const prevents = prevented ? new Set(mostSpecificConditions(prevented[0]).map((c) => c.name)) : new Set<string>();
  // "Bronchiectasis due to cystic fibrosis", "neuropathy secondary to chemotherapy": what is excluded is
  // the condition from that cause — the cause is the condition the request must show; the manifestation
  // alone (often the covered condition itself) never is
  const cause = /\b(?:due to|secondary to|caused by|as a result of|attributable to|resulting from)\b(.*)$/i.exec(use);
  const causeConds = cause ? mostSpecificConditions(cause[1]) : [];
  // "PBC-autoimmune hepatitis overlap syndrome": an overlap of two conditions is a condition of its own,
  // neither of the two (it stays a phrase the request must state)
  const named = use.replace(/[^,;]*\boverlap(?: syndrome)?\b[^,;]*/gi, (x) => " ".repeat(x.length));
  const conds = (causeConds.length ? causeConds : mostSpecificConditions(named)).filter(
    (c) =>
      (c.name !== "cancer" || /cancer|malignan|carcinoma|neoplasm/i.test(use)) &&
      !(prevents.has(c.name) && !mostSpecificConditions(use.slice(0, prevented!.index)).some((x) => x.name === c.name)),
  );
  const phrases = use
    .split(/,|;|\bor\b|\band\b/i)
    .map((p) =>
      p
        .trim()
        .replace(/[.:]+$/, "")
        .replace(/^(?:the |a |an |use (?:for|in|as) |use )+/i, "")
        .trim(),
    )
    .filter((p) => p.length >= 4 && p.split(/\s+/).length <= 6);
  const usey = USE_RE.test(t) || USE_TERMS.test(useRaw);
  if (!conds.length && !(usey && phrases.some((p) => USE_TERMS.test(p)))) return null;
  const unless = mostSpecificConditions(rest);
  // a bare condition name ("Type 1 diabetes mellitus.", "Cluster headache or medication-overuse headache")
  const bareCondition = !usey && conds.length > 0;
  const severity = [
    ...new Set(
      [...use.matchAll(/\b(mild|moderate|severe|acute|active|latent|early|newly diagnosed|uncomplicated)\s+(?=[a-z'-]+)/gi)].map((m) => m[1].toLowerCase()),
    ),
    // "chronic insomnia", "persistent insomnia": the course of an excluded condition, which the request
    // must describe — never part of the condition's own name ("chronic kidney disease", "chronic
    // migraine") nor a word about something else ("chronic weight management")
    ...[...use.matchAll(/\b(chronic|persistent)\s+(?=[a-z'-]+)/gi)]
      .filter((m) => {
        const at = (x: string) => conds.some((c) => c.aliases.some((a) => aliasRegex(a).exec(x)?.index === 0));
        const after = use.slice(m.index + m[0].length);
        // ("chronic fatigue syndrome": a named syndrome the vocabulary lacks, not a course of fatigue)
        return (
          !at(use.slice(m.index)) &&
          at(after) &&
          !/^(?:[a-z-]+\s+)?(?:management|use|therapy|treatment|care|prevention)\b/i.test(after) &&
          !/^[a-z'-]+(?:\s+[a-z'-]+)?\s+(?:syndrome|disease|disorder)\b/i.test(after)
        );
      })
      .map((m) => m[1].toLowerCase()),
  ];
  return {
    text,
    kind: "excluded_use",
    conditions: conds.map((c) => c.name),
    icd10: [...new Set(conds.flatMap((c) => c.icd10))],
    phrases: phrases.filter((p) => USE_TERMS.test(p) || conds.some((c) => c.aliases.some((a) => aliasRegex(a).test(p)))),
    unless_conditions: unless.map((c) => c.name),
    unless_icd10: [...new Set(unless.flatMap((c) => c.icd10))],
    ...(severity.length && !/\b(?:active|acute)\b/.test(severity.join(" ")) ? { severity } : {}),
    confidence: conds.length || bareCondition ? "high" : "medium",
  };
}

/**
 * Conditions and ICD-10-CM prefixes an indication title names, with the title words used as phrases.
 * `understood` is false when no condition could be read ("All FDA-approved indications").
 */
export function indicationTerms(title: string): { conditions: string[]; icd10: string[]; phrases: string[]; understood: boolean } {
  // "Primary hyperlipidemia without ASCVD or HeFH": the conditions named after "without" are what the
  // indication is NOT (a patient with them belongs to another branch), never what it matches
  const positive = withoutExamples(title).replace(/\s*\b(?:without|other than|excluding|except(?: for)?|not due to|in the absence of)\b.*$/i, "");
  let conds = mostSpecificConditions(positive).filter((c) => c.name !== "cosmetic use");
  // "Bone Cancer - Osteosarcoma", "Renal Cell Carcinoma/Kidney Cancer": the specific condition, not its ancestor
  conds = conds.filter((c) => !conds.some((o) => o !== c && conditionAncestors(o.name).includes(c.name)));
  // "growth failure due to growth hormone deficiency": the cause is the indication, not the sign
  // "Systemic sclerosis-associated interstitial lung disease", "ILD associated with systemic sclerosis":
  // the associated disease sets the indication apart (an IPF request is no SSc-ILD)
  const associated = /^(.*?)-associated\b/i.exec(positive)?.[1].split(/[(:,]/).pop() ?? /\bassociated with\b(.*)$/i.exec(positive)?.[1] ?? null;
  if (associated) {
    const with_ = mostSpecificConditions(associated).filter((c) => c.name !== "cosmetic use");
    if (with_.length) conds = with_;
  }
  const cause = /\b(?:due to|secondary to|caused by|resulting from|because of)\b(.*)$/i.exec(positive);
  if (cause) {
    const causes = mostSpecificConditions(cause[1]).filter((c) => c.name !== "cosmetic use");
    if (causes.length) conds = causes;
  }
  const abbr = [...title.matchAll(/\(([A-Za-z]{2,8})\)/g)].map((m) => m[1].toLowerCase());
  const phrases = [
    title
      .replace(/\([^)]*\)/g, "")
      .replace(/[.:]+$/, "")
      .trim()
      .toLowerCase(),
    ...abbr,
  ].filter((p) => p.length >= 2 && p.length < 80);
  return { conditions: conds.map((c) => c.name), icd10: [...new Set(conds.flatMap((c) => c.icd10))], phrases, understood: conds.length > 0 };
}

/** Every condition a diagnosis criterion or indication accepts, with ancestors resolved downwards. */
export function conditionCovers(policyCondition: string, caseCondition: string): boolean {
  return conditionAncestors(caseCondition).includes(policyCondition);
}

export { CONDITIONS };

/** an ICD-10-CM code, or a range of them ("Z72.51-Z72.53", "F80.0-F80.9"), or a category written with "x" ("L40.x") */
const ICD_ITEM_RE = /\b([A-TV-Z]\d{2}(?:\.[0-9A-Z]{1,4}|\.x)?)(?:\s*[-–]\s*([A-TV-Z]\d{2}(?:\.[0-9A-Z]{1,4})?))?\b/g;

/**
 * The codes of a range of ICD-10-CM codes that differ only in their last character ("Z72.51-Z72.53":
 * Z72.51, Z72.52, Z72.53; "F80.0-F80.9": the category F80.); null for any other range (a reader does
 * not guess what lies between two categories).
 */
function icdRange(from: string, to: string): string[] | null {
  const a = from.toUpperCase();
  const b = to.toUpperCase();
  if (a.length !== b.length || a.slice(0, -1) !== b.slice(0, -1)) return null;
  const x = a.at(-1)!;
  const y = b.at(-1)!;
  if (!/\d/.test(x) || !/\d/.test(y) || Number(y) < Number(x)) return null;
  if (x === "0" && y === "9") return [a.slice(0, -1)];
  const out: string[] = [];
  for (let d = Number(x); d <= Number(y); d++) out.push(`${a.slice(0, -1)}${d}`);
  return out;
}

/**
 * A diagnosis requirement that names its condition in words the vocabulary does not know and lists its
 * ICD-10-CM codes in a parenthetical ("a diagnosis of nausea and vomiting of pregnancy (ICD-10-CM O21.0,
 * O21.1, O21.8 or O21.9)"): the codes (prefixes for the matcher) and the words. Null when the sentence
 * is no diagnosis requirement, lists no ICD-10-CM code, or names a condition the vocabulary knows (the
 * ordinary diagnosis reading applies then).
 */
export function codeListedDiagnosis(text: string): { icd10: string[]; phrase: string } | null {
  const m = /^(.*?\bdiagnos(?:is|ed)\b(?:\s+(?:of|with))?\s+(.{3,120}?))\s*\(\s*ICD-?10(?:-CM)?(?:\s+codes?)?\s*:?\s*([^()]{3,160})\)/i.exec(text.trim());
  if (!m) return null;
  const phrase = m[2].replace(/^(?:a|an|the)\s+/i, "").trim();
  if (mostSpecificConditions(phrase).length) return null;
  const icd10: string[] = [];
  for (const it of m[3].matchAll(ICD_ITEM_RE)) {
    const from = it[1].replace(/\.x$/i, "");
    if (it[2]) {
      const range = icdRange(from, it[2]);
      if (!range) return null;
      icd10.push(...range);
    } else icd10.push(from.toUpperCase());
  }
  return icd10.length ? { icd10: [...new Set(icd10)], phrase } : null;
}

/**
 * The form of a measure a requirement names beside it ("a Corrected Calcium of at least 7.8", "calcium,
 * ionized, below 4.5", "albumin-adjusted calcium"), lower case; null when it names none. A value of the
 * total (or another form) is another measurement (evaluate.ts reads only values named in that form).
 */
export function measureForm(text: string, measure: string): string | null {
  const name = measure.split(/\s+/)[0].replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const m =
    new RegExp(`\\b(corrected|ionized|ionised|albumin-adjusted|adjusted)\\s+(?:serum\\s+|total\\s+)?${name}`, "i").exec(text) ??
    new RegExp(`\\b${name}\\s*,?\\s*\\(?\\s*(corrected|ionized|ionised|adjusted)\\b`, "i").exec(text);
  return m ? m[1].toLowerCase() : null;
}
