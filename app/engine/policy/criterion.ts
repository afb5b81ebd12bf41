import type { Citation } from "../types";
import {
  CONDITIONS,
  SCREENING_TESTS,
  DRUG_CLASSES,
  MEASURES,
  SPECIALTIES,
  aliasRegex,
  classesNamedIn,
  conditionsNamedIn,
  drugNamesIn,
  escapeRegex,
} from "../dictionaries/clinical-terms";

/**
 * Machine-readable criterion stored in `TreeNode.criterion` and read by the built-in reviewer.
 * Every variant carries `text` (the policy wording) and optionally `passage` (where it came from).
 */
export type Comparator = ">=" | ">" | "<=" | "<";

export type Criterion =
  | { kind: "all" | "any"; items: CriterionSpec[] }
  | { kind: "age"; min_years?: number; min_months?: number; max_years?: number }
  | { kind: "prescriber"; specialties: string[] }
  | { kind: "concurrent_use"; drugs: string[]; classes: string[]; negated: boolean }
  | { kind: "current_therapy"; drugs: string[]; classes: string[] }
  | {
      kind: "lab";
      measure: string;
      aliases: string[];
      op: Comparator;
      value: number;
      unit: string | null;
      within_days: number | null;
      /** "untreated / pre-treatment / baseline LDL-C": only a value measured before therapy counts */
      qualifier?: "baseline";
    }
  | {
      kind: "prior_therapy";
      drugs: string[];
      classes: string[];
      excluded_drugs: string[];
      min_days: number | null;
      count: number;
      different_classes: boolean;
      all_classes: boolean;
      allow_intolerance: boolean;
      allow_contraindication: boolean;
      require_intolerance: boolean;
      /** minimum doses: "at a dose of at least 1,000 mg per day" (drug null = every agent), "atorvastatin 40 mg or higher" */
      min_dose?: { drug: string | null; mg: number; per: "day" | "week" }[];
    }
  | { kind: "contraindication"; drugs: string[]; classes: string[]; phrases: string[]; examples: CriterionSpec[] }
  | { kind: "diagnosis"; conditions: string[]; icd10: string[]; phrases: string[] }
  /** requested dose within a labeled/maximum dose; `max` when the policy states the ceiling */
  | { kind: "dose_limit"; max?: { mg: number; per_days: number } | null }
  /** quantity limit ("16 tablets per 30 days"): requested quantity per period must not exceed it */
  | { kind: "quantity_limit"; amount: number; unit: string; period_days: number }
  /** a screening test with a required result ("negative TB test within the previous 12 months") */
  | { kind: "screening_test"; test: string; aliases: string[]; result: "negative" | "positive" | "any"; within_days: number | null }
  /**
   * an excluded use ("use for weight loss or chronic weight management in a patient without type 2
   * diabetes"): applies when the request's stated indication is one of `conditions` / `phrases` and
   * none of `unless_conditions` is diagnosed
   */
  | { kind: "excluded_use"; conditions: string[]; icd10: string[]; phrases: string[]; unless_conditions: string[]; unless_icd10: string[] }
  | { kind: "text"; phrases: string[]; absence: boolean };

export type CriterionSpec = Criterion & { text: string; note?: string; passage?: Citation | null };

export interface ParseContext {
  /** names of the drug the policy covers (never counted as a prior/concurrent therapy) */
  drugNames: string[];
}

const NUM_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12 };
const num = (s: string) => (NUM_WORDS[s.toLowerCase()] ?? Number(s.replace(/,/g, "")));
const unitDays = (u: string) => (/^d/i.test(u) ? 1 : /^w/i.test(u) ? 7 : /^m/i.test(u) ? 30 : 365);

/**
 * Dose thresholds in a trial criterion: "at a dose of at least 1,000 mg per day", ">= 15 mg per week",
 * "atorvastatin 40 mg or higher", "rosuvastatin 20 mg or more daily". Per-day unless the text says weekly.
 */
export function parseMinDoses(text: string, ctx: ParseContext): { drug: string | null; mg: number; per: "day" | "week" }[] {
  const t = text.replace(/≥/g, ">=").toLowerCase();
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
    if (!d) continue;
    out.push({ drug: d, mg: mg(m[2], m[3]), per: per(m[4]) });
  }
  return out;
}

/**
 * "Quantity Limit: 16 tablets per 30 days", "limited to 2 pens per 28 days", "QL: 4 syringes/28 days"
 * → the limit; null when the text states none.
 */
export function parseQuantityLimit(text: string): Extract<Criterion, { kind: "quantity_limit" }> | null {
  const m =
    /\b(?:quantity limit(?:ation)?s?|\bql\b|limited to|maximum (?:quantity|of)|max(?:imum)? quantity)\s*(?:is|of)?\s*[:=]?\s*(\d+(?:\.\d+)?)\s*([a-z]+(?:\s+[a-z]+)?)?\s*(?:per|\/|every|each|in)\s*(\d+)?\s*(days?|weeks?|months?|month)\b/i.exec(text);
  if (!m) return null;
  const n = m[3] ? Number(m[3]) : 1;
  const period = n * (/^d/i.test(m[4]) ? 1 : /^w/i.test(m[4]) ? 7 : 30);
  return { kind: "quantity_limit", amount: Number(m[1]), unit: (m[2] ?? "units").toLowerCase(), period_days: period };
}

/** "not to exceed 300 mg every 2 weeks", "maximum dose of 40 mg per week" → mg per period; null when absent. */
export function parseMaxDose(text: string): { mg: number; per_days: number } | null {
  const m =
    /\b(?:not (?:to )?exceed(?:ing)?|no more than|maximum(?: dose)?(?: of)?|max(?:imum)? of|up to|does not exceed)\s*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(mg|mcg|g)\b\s*(?:(?:per|\/|every|each|once)\s*(?:(\d+|other)\s*)?(day|daily|week|weekly|month|days|weeks|months)|(daily|weekly|monthly))?/i.exec(text);
  if (!m) return null;
  let mg = Number(m[1].replace(/,/g, ""));
  if (/^mcg$/i.test(m[2])) mg /= 1000;
  if (/^g$/i.test(m[2])) mg *= 1000;
  const unit = (m[4] ?? m[5] ?? "day").toLowerCase();
  const n = m[3] === "other" ? 2 : m[3] ? Number(m[3]) : 1;
  const per_days = n * (/^d/.test(unit) ? 1 : /^w/.test(unit) ? 7 : 30);
  return { mg, per_days };
}

/** "at least 3 months", "28 consecutive days", "8 weeks (56 days)", "3-month trial" → days; null when absent. */
export function parseMinDuration(text: string): number | null {
  const t = text.toLowerCase();
  const paren = /\((\d+) days\)/.exec(t);
  if (paren) return Number(paren[1]);
  const re =
    /(?<!past |last |within the |within |in the )(?:at least |for |minimum of |>= ?|≥ ?)(?:the past )?(\d+|one|two|three|four|five|six|eight|twelve)\s*(?:consecutive\s+)?(days?|weeks?|months?|years?)\b/;
  const m = re.exec(t);
  if (m && !/\b(past|within|in the last)\s*$/.test(t.slice(0, m.index))) return num(m[1]) * unitDays(m[2]);
  const m2 = /(\d+)[- ](day|week|month)s? (?:trial|course)/.exec(t);
  if (m2) return num(m2[1]) * unitDays(m2[2]);
  const m3 = /(\d+|one|two|three|four|six|eight|twelve) consecutive (days|weeks|months)/.exec(t);
  if (m3) return num(m3[1]) * unitDays(m3[2]);
  return null;
}

/** "within the past 90 days", "dated within the past 12 months" → days; null when absent. */
export function parseRecency(text: string): number | null {
  const m = /within (?:the )?(?:past |last |previous |prior |preceding )?(\d+|one|two|three|six|twelve)\s*(days?|weeks?|months?|years?)/i.exec(text);
  if (!m) return parseRecencyLoose(text);
  const n = num(m[1]);
  if (/^m/i.test(m[2])) return Math.round(n * 30.44);
  return n * unitDays(m[2]);
}

/** "within the previous 12 months", "in the last 6 months", "no older than 90 days" → days; null when absent. */
export function parseRecencyLoose(text: string): number | null {
  const m = /(?:within|in) (?:the )?(?:previous|prior|preceding|past|last) (\d+|one|two|three|six|twelve)\s*(days?|weeks?|months?|years?)|no (?:older|more) than (\d+|one|two|three|six|twelve)\s*(days?|weeks?|months?|years?)(?: old)?/i.exec(text);
  if (!m) return null;
  const n = num(m[1] ?? m[3]);
  const u = m[2] ?? m[4];
  if (/^m/i.test(u)) return Math.round(n * 30.44);
  return n * unitDays(u);
}

/** Find "<measure> ... <comparator> <number>" thresholds in a policy sentence. */
export function parseThresholds(text: string): { measure: string; aliases: string[]; op: Comparator; value: number; unit: string | null }[] {
  const out: { measure: string; aliases: string[]; op: Comparator; value: number; unit: string | null }[] = [];
  const t = text.replace(/≥/g, ">=").replace(/≤/g, "<=");
  // split on "; or", ", or a" so two thresholds in one sentence are read separately
  const parts = t.split(/;|,? or (?=a |an |the |[A-Z])|\bOR\b/);
  for (const part of parts) {
    for (const ms of MEASURES) {
      const aliasRe = new RegExp(ms.aliases.join("|"), "i");
      const am = aliasRe.exec(part);
      if (!am) continue;
      const th = readComparator(part);
      if (!th) continue;
      if (out.some((o) => o.measure === ms.name)) continue;
      out.push({ measure: ms.name, aliases: ms.aliases, ...th });
      break;
    }
  }
  return out;
}

function readComparator(s: string): { op: Comparator; value: number; unit: string | null } | null {
  const n = "(\\d+(?:,\\d{3})*(?:\\.\\d+)?)";
  const unit = "\\s*(%|mg\\/dl|cells\\/(?:μl|ul|mcl|mm3)|ml\\/min[^\\s,;)]*|kg|points?|days?)?";
  const pats: [RegExp, Comparator][] = [
    [new RegExp(`${n}${unit}\\s*(?:or more|or higher|or greater|or above|and above|\\+)`, "i"), ">="],
    [new RegExp(`(?:>=|at least|no less than|minimum of)\\s*${n}${unit}`, "i"), ">="],
    [new RegExp(`${n}${unit}\\s*(?:or less|or lower|or below|or fewer)`, "i"), "<="],
    [new RegExp(`(?:<=|no more than|not more than|at most)\\s*${n}${unit}`, "i"), "<="],
    [new RegExp(`(?:above|greater than|more than|exceeding|>)\\s*${n}${unit}`, "i"), ">"],
    [new RegExp(`(?:below|less than|under|<)\\s*${n}${unit}`, "i"), "<"],
  ];
  for (const [re, op] of pats) {
    const m = re.exec(s);
    if (m) return { op, value: Number(m[1].replace(/,/g, "")), unit: m[2] ?? null };
  }
  return null;
}

/** "≥ 18 years of age", "Age ≥ 6 months", "18 years of age or older", "younger than 65" → age bounds. */
export function parseAge(text: string): { min_years?: number; min_months?: number; max_years?: number } | null {
  const t = text.replace(/≥/g, ">=").replace(/≤/g, "<=").toLowerCase();
  if (!/\bage\b|years of age|years old|or older|and older|aged\b|months of age/.test(t)) return null;
  let m = /(?:>=|at least|aged?\s*(?:>=)?)\s*(\d+)\s*(years?|months?)/.exec(t) ?? /(\d+)\s*(years?|months?)\s*(?:of age\s*)?(?:or|and) (?:older|above)/.exec(t);
  if (!m) m = /(?:age|aged)\s*(\d+)\s*(?:years?)?\s*(?:or|and) (?:older|above)/.exec(t);
  const out: { min_years?: number; min_months?: number; max_years?: number } = {};
  if (m) {
    if (/^month/.test(m[2] ?? "")) out.min_months = Number(m[1]);
    else out.min_years = Number(m[1]);
  }
  const mx = /(?:younger than|less than|under|<)\s*(\d+)\s*years/.exec(t) ?? /(\d+)\s*years (?:of age )?or younger/.exec(t);
  if (mx) out.max_years = /or younger/.test(mx[0]) ? Number(mx[1]) + 1 : Number(mx[1]);
  return Object.keys(out).length ? out : null;
}

/** Specialties named in a "prescribed by or in consultation with ..." sentence. */
export function parseSpecialties(text: string): string[] {
  const t = text.toLowerCase();
  const out = new Set<string>();
  const slash = /([a-z]+ist)\/([a-z]+ist)/g;
  let m: RegExpExecArray | null;
  while ((m = slash.exec(t))) out.add(`${m[1]}/${m[2]}`);
  for (const key of Object.keys(SPECIALTIES)) {
    if (key.includes("/")) continue;
    if (new RegExp(`\\b${escapeRegex(key)}s?\\b`).test(t) && ![...out].some((o) => o.split("/").includes(key))) out.add(key);
  }
  const generic = /\b([a-z]+(?:ologist|iatrist))\b/g;
  while ((m = generic.exec(t))) if (![...out].some((o) => o.split("/").includes(m![1]))) out.add(m[1]);
  if (/\bspecialist in ([a-z ]+)/.test(t)) out.add(/\bspecialist in ([a-z ]+)/.exec(t)![1].trim());
  return [...out];
}

const STOP = new Set(
  "the a an of or and with for to in on by is are be has have had patient patients member members who which that this as at least one following any other from than their his her use used using been being not no does do documented documentation diagnosis history evidence e.g. eg such including includes".split(
    " ",
  ),
);

/** Distinctive phrases of a criterion sentence (for evidence search on unparsed criteria). */
export function keyPhrases(text: string): string[] {
  const t = text
    .toLowerCase()
    .replace(/\([^)]*\)/g, (s) => s.replace(/[()]/g, ","))
    .replace(/[;:.]/g, ",");
  const parts = t.split(/,|\bor\b|\band\b|\bas evidenced by\b/).map((p) => p.trim());
  const out: string[] = [];
  for (const p of parts) {
    const words = p.split(/\s+/).filter((w) => w && !STOP.has(w) && !/^\d/.test(w));
    if (!words.length) continue;
    const phrase = words.slice(0, 4).join(" ");
    if (phrase.length >= 4) out.push(phrase);
  }
  return [...new Set(out)].slice(0, 12);
}

/** Drug names (lower case) listed in a text, minus the covered drug. */
function drugsIn(text: string, ctx: ParseContext): string[] {
  const own = new Set(ctx.drugNames.map((d) => d.toLowerCase()));
  return drugNamesIn(text).filter((d) => !own.has(d));
}

/** Drugs in sentences of a note that say they do not qualify. */
function excludedDrugs(text: string, ctx: ParseContext): string[] {
  const out: string[] = [];
  for (const s of text.split(/(?<=\.)\s+(?=[A-Z])/)) {
    if (/do(es)? not (satisfy|count|qualify|meet)|not count as|are excluded|is excluded|not considered/i.test(s)) {
      out.push(...drugsIn(s, ctx));
      for (const c of classesNamedIn(s)) if (/topical therap/i.test(s) || c.name !== "biologic") out.push(...c.members);
    }
  }
  return [...new Set(out)];
}

/** Drugs in note sentences that say they also count. */
function alsoCountDrugs(text: string, ctx: ParseContext): string[] {
  const out: string[] = [];
  for (const s of text.split(/(?<=\.)\s+(?=[A-Z])/)) {
    if (/do(es)? not|not count|excluded/i.test(s)) continue;
    if (/examples?|e\.g\.|such as|also counts?|include|are\b|is considered/i.test(s)) out.push(...drugsIn(s, ctx));
  }
  return out;
}

const has = (re: RegExp, s: string) => re.test(s);

/** Criterion text without example lists: "(e.g., ...)", "[...]", "such as ..." parentheticals. */
export function withoutExamples(t: string): string {
  return t
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\((?:e\.g\.|eg\b|for example|such as|including|i\.e\.)[^()]*(?:\([^()]*\)[^()]*)*\)/gi, " ")
    .replace(/\s+/g, " ");
}

/**
 * Turn one policy criterion sentence into a machine-readable criterion.
 *
 * `text` is the criterion wording (marker removed), `note` any "Note:" text printed under it.
 * Unknown wording becomes `{ kind: "text", phrases }` so evidence search can still answer it.
 */
export function parseCriterion(text: string, note: string, ctx: ParseContext): CriterionSpec {
  const t = text.replace(/≥/g, ">=").replace(/≤/g, "<=");
  const tl = t.toLowerCase();
  const base = { text, ...(note ? { note } : {}) };
  const full = `${t} ${note}`;

  if (has(/\bdose\b.*\b(not exceed|within)|does not exceed .*dose|\bexceed(s)? the fda|\bnot (?:to )?exceed\b[^.;]{0,20}\d+\s*(?:mg|mcg|g)\b|\bmaximum dose\b/i, tl)) return { ...base, kind: "dose_limit", max: parseMaxDose(t) };
  const ql = parseQuantityLimit(t);
  if (ql) return { ...base, ...ql };

  if (
    has(/\bconcurrent(ly)?\b|\bin combination with\b|\bcombination with another\b|\bwith another\b|\btogether with another\b|\bused with (another|other)\b/i, tl) &&
    !has(/\b(has|have) (taken|tried|used|received)\b|\bremains on\b/i, tl) &&
    // "uncontrolled despite an ICS in combination with a LABA for at least 3 months": a trial, not co-use
    !(has(/\bdespite\b|\binadequate(ly)? (response|control)\b|\bfailure\b|\bfailed\b|\btried\b|\btrial\b/i, tl) && parseMinDuration(t) != null)
  ) {
    const drugs = drugsIn(full, ctx);
    const classes = classesNamedIn(t).map((c) => c.name);
    const negated = has(/\bnot\b|\bno\b|\bwithout\b/i, tl);
    return { ...base, kind: "concurrent_use", drugs, classes, negated };
  }

  const screen = SCREENING_TESTS.find((s) => s.policy.test(t));
  if (screen && has(/\bnegative\b|\bpositive\b|\bscreen|\btest(ed|ing)?\b|\bassay\b/i, tl) && !has(/\bactive\b[^.;]{0,30}\b(tb|tuberculosis|infection)\b|\b(latent|untreated)\b/i, tl)) {
    return {
      ...base,
      kind: "screening_test",
      test: screen.name,
      aliases: screen.aliases,
      result: has(/\bnegative\b|\bnon-?reactive\b/i, tl) ? "negative" : has(/\bpositive\b/i, tl) ? "positive" : "any",
      within_days: parseRecency(t),
    };
  }

  if (has(/prescribed by|in consultation with|specialist/i, tl)) {
    const specialties = parseSpecialties(t);
    if (specialties.length) return { ...base, kind: "prescriber", specialties };
  }

  const age = parseAge(t);
  if (age && has(/\bage\b|years of age|or older|years old|aged/i, tl) && t.length < 160) return { ...base, kind: "age", ...age };

  const minDays = parseMinDuration(t);
  const drugs = drugsIn(t, ctx);
  const classes = classesNamedIn(t)
    .filter((c) => c.name !== "low-potency topical corticosteroid")
    .map((c) => c.name);
  const trialVerb = has(/\btried\b|\btrial\b|\bhas taken\b|\btaken\b|\bfailure of\b|\bfailed\b|\binadequate response\b|\breceived\b|\bused the medication\b|\bintoleran|\bdiscontinu|\bcurrently taking\b/i, tl);

  if (has(/^(?:(?:the )?(?:patient|member) )?(?:has )?(?:a |documented )*contraindication to\b|^contraindication to|contraindicated in this patient/i, tl) && minDays == null && !has(/\btried\b/i, tl)) {
    const exText = /\((?:for example|e\.g\.)[, ]*([^)]*)\)/i.exec(t)?.[1] ?? "";
    const examples = parseThresholds(exText).map((th) => ({ text: `${th.measure} ${th.op} ${th.value}`, kind: "lab" as const, ...th, within_days: null }));
    return { ...base, kind: "contraindication", drugs, classes, phrases: keyPhrases(exText), examples };
  }

  if ((minDays != null && (drugs.length || classes.length || trialVerb)) || (trialVerb && (drugs.length || classes.length))) {
    const cm = /at least (one|two|three|four|\d+)\b(?!\s*(?:consecutive\s+)?(?:days?|weeks?|months?|years?|%))(?: (?:different|standard|oral|conventional|preventive|traditional|other|additional|medium-|to|super-high-|high-|potency|synthetic|systemic|agent|of)\b)*/i.exec(t);
    const twoDiff = /\b(two|three|\d+) different\b/i.exec(t);
    const plain = /\b(?:tried|failed|trials? of|failure of|received|taken|used)\s+(?:a minimum of\s+)?(two|three|four|\d)\s+(?!(?:consecutive\s+)?(?:days?|weeks?|months?|years?)\b)/i.exec(withoutExamples(t));
    const count = twoDiff ? num(twoDiff[1]) : cm ? num(cm[1]) : plain ? num(plain[1]) : 1;
    const allowIntol = has(/intoleran|adverse (effect|event)|not tolerated|unless contraindicated|side effect|stopped .* because/i, full);
    const allowContra = has(/contraindicat/i, t);
    const requireIntol = minDays == null && has(/intolerable|intolerance to|muscle symptoms|adverse effect(s)? (with|to)/i, tl) && !has(/inadequate|failure|tried/i, tl);
    const allDrugs = [...new Set([...drugs, ...alsoCountDrugs(note, ctx)])];
    const excluded = excludedDrugs(note, ctx);
    return {
      ...base,
      kind: "prior_therapy",
      drugs: allDrugs.filter((d) => !excluded.includes(d)),
      classes,
      excluded_drugs: excluded,
      min_days: minDays,
      count: Math.max(1, Math.min(count, 5)),
      different_classes: has(/different (pharmacologic )?classes|different classes/i, tl),
      // "statin plus ezetimibe" requires both; "plus" inside an example list ("e.g., ..., psoralen plus
      // ultraviolet A") does not
      all_classes: has(/\bplus\b|together with|in combination with|\band\b.*\beach for\b/i, withoutExamples(tl)) && classes.length > 1,
      allow_intolerance: allowIntol,
      allow_contraindication: allowContra,
      require_intolerance: requireIntol,
      ...(() => {
        const md = parseMinDoses(t, ctx);
        return md.length ? { min_dose: md } : {};
      })(),
    };
  }

  if (has(/\bcurrent(ly)? (treatment|taking|receiving|on)\b|\bis currently\b/i, tl) && (drugs.length || classes.length)) {
    return { ...base, kind: "current_therapy", drugs, classes };
  }

  const th = parseThresholds(t);
  const conds = conditionsNamedIn(t);
  const isDx = has(/\bdiagnos/i, tl);
  if (th.length) {
    const within = parseRecency(t);
    // "untreated / pre-treatment / baseline LDL-C >= 190": a value measured before lipid-lowering therapy
    const baseline = has(/\b(untreated|pre-?treatment|baseline|prior to (?:starting |initiation of )?(?:therapy|treatment)|before (?:starting )?(?:therapy|treatment)|off (?:therapy|treatment))\b/i, tl);
    const labs: CriterionSpec[] = th.map((x) => ({ text: `${baseline ? "untreated/baseline " : ""}${x.measure} ${x.op} ${x.value}${x.unit ?? ""}`, kind: "lab" as const, ...x, within_days: within, ...(baseline ? { qualifier: "baseline" as const } : {}) }));
    if (isDx && conds.length) {
      const dx: CriterionSpec = { text: t.split(/\band has\b|\band\b|\bsupported by\b|\bconfirmed by\b|\bas evidenced by\b/)[0].trim(), kind: "diagnosis", conditions: conds.map((c) => c.name), icd10: conds.flatMap((c) => c.icd10), phrases: [] };
      // "supported by an A1c of 6.5% or greater, or a fasting plasma glucose of 126 mg/dL or greater": either lab
      if (labs.length > 1 && /\bor\b/i.test(t) && !/\bboth\b|\band\b[^.;]{0,30}\b(a|an)\b[^.;]{0,40}\b(>=|or greater|or higher|at least)/i.test(t))
        return { ...base, kind: "all", items: [dx, { kind: "any", items: labs, text: labs.map((l) => l.text).join(" or ") }] };
      return { ...base, kind: "all", items: [dx, ...labs] };
    }
    if (labs.length === 1) return { ...labs[0], ...base };
    return { ...base, kind: "any", items: labs };
  }

  if ((isDx && conds.length) || (conds.length && t.length < 50 && !trialVerb && residualWords(t, conds) <= 1)) {
    return { ...base, kind: "diagnosis", conditions: conds.map((c) => c.name), icd10: conds.flatMap((c) => c.icd10), phrases: keyPhrases(t) };
  }

  return { ...base, kind: "text", phrases: keyPhrases(t), absence: has(/^(?:is |are )?not\b|\bno (history|evidence)\b|\bdoes not have\b|\bwithout\b/i, tl) };
}

const USE_RE = /\b(?:use|used|using|prescribed|prescribing|requested|requests?|coverage|treatment)\s+(?:solely\s+|only\s+|primarily\s+)?(?:for|as|in the treatment of)\b|^(?:for|as)\s/i;
const USE_TERMS = /\bweight (?:loss|reduction|management|control)\b|\banti-?obesity\b|\bcosmetic\b|\bobesity\b|\boverweight\b/i;

/**
 * An excluded use written in a policy's exclusion list ("Use for weight loss or chronic weight
 * management in a patient without type 2 diabetes mellitus", "Cosmetic use"), or null when the
 * sentence is not about the purpose of the request. `unless_*` come from "without / unless / except".
 */
export function parseExcludedUse(text: string): CriterionSpec | null {
  const t = withoutExamples(text).replace(/\([^)]*\)/g, " ");
  if (!USE_RE.test(t) && !USE_TERMS.test(t.split(/\bwithout\b|\bunless\b|\bexcept\b/i)[0])) return null;
  const [useRaw, ...restParts] = t.split(/\b(?:in (?:a |an )?(?:patients?|members?|individuals?|adults?) )?(?:without|unless|except(?: in| for)?|who do(?:es)? not have)\b/i);
  const rest = restParts.join(" ");
  const use = useRaw.replace(/^.*?\b(?:for|as|in the treatment of)\b\s*/i, "");
  const conds = conditionsNamedIn(use);
  const phrases = use
    .split(/,|;|\bor\b|\band\b/i)
    .map((p) => p.trim().replace(/[.:]+$/, "").replace(/^(?:the |chronic |long-term )+/i, (m) => (/chronic|long-term/i.test(m) ? m : "")).trim())
    .filter((p) => p.length >= 4 && p.split(/\s+/).length <= 5);
  if (!conds.length && !phrases.some((p) => USE_TERMS.test(p))) return null;
  const unless = conditionsNamedIn(rest);
  return {
    text,
    kind: "excluded_use",
    conditions: conds.map((c) => c.name),
    icd10: [...new Set(conds.flatMap((c) => c.icd10))],
    phrases,
    unless_conditions: unless.map((c) => c.name),
    unless_icd10: [...new Set(unless.flatMap((c) => c.icd10))],
  };
}

/**
 * A list item under a trial requirement ("Failure of at least one of the following, each used for
 * >= 3 consecutive months, unless ...") that only names agents becomes a prior-therapy criterion with
 * the parent's duration and intolerance/contraindication allowances.
 */
export function inheritTrial(parent: Extract<CriterionSpec, { kind: "prior_therapy" }>, child: CriterionSpec, ctx: ParseContext): CriterionSpec {
  if (child.kind === "all" || child.kind === "any") return { ...child, items: child.items.map((c) => inheritTrial(parent, c, ctx)) };
  if (child.kind !== "text" && child.kind !== "prior_therapy") return child;
  const drugs = drugsIn(child.text, ctx);
  const classes = classesNamedIn(child.text).filter((c) => c.name !== "low-potency topical corticosteroid").map((c) => c.name);
  if (!drugs.length && !classes.length) return child;
  const own = child.kind === "prior_therapy" ? child : null;
  return {
    ...parent,
    text: child.text,
    passage: child.passage ?? parent.passage,
    drugs,
    classes,
    min_days: own?.min_days ?? parent.min_days,
    count: own?.count ?? 1,
    all_classes: false,
    excluded_drugs: [...parent.excluded_drugs, ...(own?.excluded_drugs ?? [])],
  };
}

/** Count of content words left after removing the condition names from `t`. */
function residualWords(t: string, conds: { aliases: string[] }[]): number {
  let rest = t;
  for (const c of conds) for (const a of c.aliases) rest = rest.replace(aliasRegex(a, "g"), " ");
  return rest
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 2 && !STOP.has(w) && !["mellitus", "disease", "moderate", "severe", "active", "chronic"].includes(w)).length;
}

/** All condition terms whose name or aliases appear in an indication title (used for branch matching). */
export function indicationTerms(title: string): { conditions: string[]; icd10: string[]; phrases: string[] } {
  const conds = mostSpecificConditions(title);
  // prefer the most specific (longest alias) match when one condition's name contains another's
  const names = conds.map((c) => c.name);
  const icd = conds.flatMap((c) => c.icd10);
  const abbr = [...title.matchAll(/\(([A-Za-z]{2,6})\)/g)].map((m) => m[1].toLowerCase());
  const phrases = [title.replace(/\([^)]*\)/g, "").replace(/[.:]+$/, "").trim().toLowerCase(), ...abbr].filter((p) => p.length >= 2);
  return { conditions: names, icd10: [...new Set(icd)], phrases };
}

/**
 * Conditions named in `text`, dropping any whose matching words lie inside a longer match of
 * another condition ("heterozygous familial hypercholesterolemia" is not also "hypercholesterolemia").
 */
export function mostSpecificConditions(text: string) {
  const spans = CONDITIONS.map((c) => {
    let best: [number, number] | null = null;
    for (const a of c.aliases) {
      const m = aliasRegex(a).exec(text);
      if (m && (!best || m[0].length > best[1] - best[0])) best = [m.index, m.index + m[0].length];
    }
    return { c, best };
  }).filter((x) => x.best) as { c: (typeof CONDITIONS)[number]; best: [number, number] }[];
  return spans
    .filter((x) => !spans.some((y) => y !== x && y.best[0] <= x.best[0] && y.best[1] >= x.best[1] && y.best[1] - y.best[0] > x.best[1] - x.best[0]))
    .map((x) => x.c);
}

export { CONDITIONS, DRUG_CLASSES };
