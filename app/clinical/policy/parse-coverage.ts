/**
 * Parse coverage: which meaning-changing qualifiers of a policy sentence its typed criterion does
 * not represent.
 *
 * A typed criterion (contracts.ts `Criterion`) holds what the reader understood of its sentence: an
 * age bound, a condition, a list of specialties, a threshold. A sentence can say more than the parse
 * holds — "mild asthma in a member **without a previous hospitalization**", "a pulmonologist
 * **(asthma)** or a dermatologist **(urticaria)**", "**active** serious infection", "screened **for**
 * hepatitis B". Such a criterion can still be *met* (its evidence is checked as read), but it must
 * never be the ground of an adverse outcome: a criterion may fail, or an exclusion apply, only when
 * every qualifier of its sentence is accounted for by the parse (docs/clinical/decision-semantics.md,
 * "Adverse outcomes only from fully understood text").
 *
 * `unreadQualifiers` lists the qualifier phrases a leaf criterion's parse does not represent (empty
 * when it represents them all); `adverseConfidence` is the criterion's confidence for denying: its
 * parse confidence, lowered to "medium" when a qualifier is unread. Pure; never throws.
 *
 * Source of the rule: CMS-0057-F and 42 CFR 422.566(d) (a denial states a specific, correct reason
 * reviewed by a clinician), California SB 1120 (no denial on an automated reading alone).
 */
import type { Criterion, ParseConfidence } from "../contracts";
import { CONDITIONS, aliasRegex, conditionByName, mostSpecificConditions } from "../vocabulary/conditions";
import { parseThresholds } from "./parse-criterion";

type Leaf = Exclude<Criterion, { kind: "all" | "any" }>;

/** Words that narrow whom or what a sentence is about (severity, activity, stage). */
const SEVERITY =
  /\b(?:mild(?:ly)?|moderate(?:ly)?|severe(?:ly)?|minimal|serious|active|inactive|latent|acute|chronic|refractory|uncontrolled|poorly controlled|well[- ]controlled|stable|recurrent|early|advanced|metastatic|newly diagnosed|progressive|persistent|intermittent|life[- ]threatening|clinically significant|significant)\b/gi;
/** Clauses that carve people out of a sentence ("without a previous hospitalization", "unless ..."). */
const EXCEPTION =
  /\b(?:without|unless|except(?: for| in| when)?|other than|in the absence of|absent|not due to|excluding|who (?:do|does|did|has|have|had) not|not (?:previously|currently|yet))\b/gi;
/** An allowed overlap written into a concurrent-use rule: how long, or in what transition, two drugs may be taken together. */
const OVERLAP_ALLOWANCE =
  /\b(?:beyond|longer than|more than \d+\s*(?:days?|weeks?|months?)|cross-?taper(?:s|ing|ed)?|taper(?:s|ing|ed)?|transition(?:s|ing|al)?|overlap(?:s|ping)?|up to \d+\s*(?:days?|weeks?|months?))\b/gi;
/** Events and history a sentence may hinge on. */
const HISTORY =
  /\b(?:previous(?:ly)?|prior|history of|hospitali[sz]\w*|emergency (?:department|room)|\bED visit|exacerbations?|after|following|despite|since|relapsed?|failure|failed|inadequate(?:ly)?)\b/gi;
/** A requirement about being tested or screened for a disease, never about having it. */
const SCREENING =
  /\b(?:screen(?:ed|ing)? (?:for|of)|test(?:ed|ing)? (?:for|of)|evaluat(?:ed|ion) for|rul(?:e|ed|ing) out|at risk (?:of|for)|risk of|prevention of|prophyla\w*|family history)\b/gi;
/**
 * Treatments that are no drug (hygiene, dressings, garments, therapy sessions, diet, devices): a
 * prior-therapy requirement that counts them beside its agents ("at least 3 months of treatment —
 * topical or oral antifungal agents, hygiene measures, barrier preparations, absorptive dressings")
 * is met by them as well, so a short trial of its one drug is no failure.
 */
const NON_DRUG_TREATMENT =
  /\b(?:hygiene(?: measures)?|barrier (?:preparations?|creams?|products?)|(?:moisture-wicking |compression )?garments?|(?:absorptive |wound )?dressings?|compression(?: stockings| therapy| bandag\w+)?|physical therapy|occupational therapy|speech therapy|home exercise(?: program)?|exercise (?:program|therapy)|splint(?:s|ing)?|brac(?:e|es|ing)|orthotics?|diet(?:ary)? (?:modification|therapy|counsel\w+)|weight (?:loss|reduction) program|(?:cognitive[- ])?behavio(?:u)?ral (?:therapy|modification|intervention)|psychotherapy|counsel(?:l)?ing|lifestyle (?:modification|changes?)|phototherapy|acupuncture|chiropractic|elevation|activity modification)\b/gi;
/** Phases of a dosing regimen that a single limit does not represent. */
const DOSE_PHASE =
  /\b(?:loading|induction|initial dose|first (?:month|dose|fill|\d+ (?:days|weeks))|maintenance|titration|starter|then|thereafter|weeks? \d+(?:,? (?:and|&) \d+)?)\b/gi;

/** a use aimed at one aspect of a condition: "as treatment of the airway obstruction of", "to treat the underlying cause of" */
const USE_ASPECT_RE =
  /\b(?:as (?:a |an )?(?:treatment|therapy|replacement|substitute)|to treat|to replace|for treatment)\s+(?:for |of )?(?:the )?((?:[a-z-]+\s+){0,3}[a-z-]+)\s+(?:of|in|due to|associated with|caused by)\s+/;

const matches = (re: RegExp, s: string) => [...s.matchAll(new RegExp(re.source, re.flags))].map((m) => m[0].toLowerCase().trim());

/** Text without example parentheticals ("(e.g., ...)", "such as ..."): examples never narrow a rule. */
function core(text: string): string {
  return (
    text
      .replace(/\((?:e\.g\.|eg\b|for example|such as|including|i\.e\.|examples?|see )[^()]*\)/gi, " ")
      .replace(/\b(?:e\.g\.|such as|for example|including)[^;.()]*/gi, " ")
      // "with or without activity", "with or without nasal polyps": no restriction either way
      .replace(/,?\s*\bwith or without\b[^;.,()]*/gi, " ")
      .replace(/\s+/g, " ")
  );
}

/** Spans of the text covered by the aliases of the given conditions (lower-case text). */
function aliasSpans(lower: string, names: string[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const n of names) {
    const term = conditionByName(n);
    for (const a of term?.aliases ?? []) {
      const re = aliasRegex(a, "g");
      for (const m of lower.matchAll(new RegExp(re.source, re.flags.includes("g") ? re.flags : re.flags + "g"))) spans.push([m.index!, m.index! + m[0].length]);
    }
  }
  return spans;
}

/** Qualifier words of `re` in `lower` that no span of `inside` covers. */
function outside(re: RegExp, lower: string, inside: [number, number][]): string[] {
  const out: string[] = [];
  for (const m of lower.matchAll(new RegExp(re.source, re.flags.includes("g") ? re.flags : re.flags + "g"))) {
    const a = m.index!;
    const b = a + m[0].length;
    if (!inside.some(([x, y]) => a >= x && b <= y)) out.push(m[0].trim());
  }
  return out;
}

/**
 * Severity words that qualify a disease ("mild asthma", "active serious infection"), outside the
 * aliases of the parsed conditions; a word before a use ("chronic weight management") is no severity.
 */
function diseaseSeverity(lower: string, spans: [number, number][]): string[] {
  const out: string[] = [];
  for (const m of lower.matchAll(new RegExp(SEVERITY.source, SEVERITY.flags))) {
    const a = m.index!;
    const b = a + m[0].length;
    if (spans.some(([x, y]) => a >= x && b <= y)) continue;
    const next = lower.slice(b, b + 48);
    if (/^\s+(?:[a-z-]+\s+)?(?:management|use|therapy|treatment|care|prevention)\b/.test(next)) continue;
    if (
      /^[\s,-]*(?:[a-z-]+[\s,]+){0,3}?(?:infections?|disease|illness|disorder|symptoms?|impairment|insufficiency|failure|injury)\b/.test(next) ||
      mostSpecificConditions(next).length
    )
      out.push(m[0].trim());
  }
  return out;
}

/** Condition names in parentheses or after "for"/"in" in a sentence whose kind is not about conditions (per-indication lists). */
function scopedConditions(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\(([^()]{2,80})\)/g)) if (mostSpecificConditions(m[1]).length) out.push(`(${m[1].trim()})`);
  for (const m of text.matchAll(/\b(?:for|in|with) (?:patients? with |members? with |the treatment of )?([A-Za-z][A-Za-z' -]{2,60})/g)) {
    const c = mostSpecificConditions(m[1]);
    if (c.length && !out.some((o) => o.toLowerCase().includes(c[0].name))) out.push(m[0].trim());
  }
  return out;
}

/** Numbers of a sentence that are not part of a condition name ("type 2 diabetes") or an ICD-10 code. */
function looseNumbers(lower: string, condSpans: [number, number][]): string[] {
  const out: string[] = [];
  for (const m of lower.matchAll(/\d+(?:\.\d+)?/g)) {
    const a = m.index!;
    // cross-references ("criterion 4", "section 3", "table 1") are no values
    if (/\b(?:criteri(?:on|a)|section|item|step|part|question|table|row|page|footnote|note|appendix|#|no\.)\s*$/.test(lower.slice(Math.max(0, a - 14), a)))
      continue;
    if (condSpans.some(([x, y]) => a >= x && a < y)) continue;
    // the name of the code set ("ICD-10-CM L71.x", "ICD-10 codes") is no value
    if (/\bicd-?\s?$/.test(lower.slice(Math.max(0, a - 5), a))) continue;
    if (/[a-z]\d*\.?$/i.test(lower.slice(Math.max(0, a - 3), a)) && /^[a-z]\d/i.test(lower.slice(Math.max(0, a - 1), a + 2))) continue; // ICD-10 "j45"
    out.push(m[0]);
  }
  return out;
}

/**
 * The qualifier phrases of a leaf criterion's sentence that its parse does not represent (a
 * requirement that could fail, or an exclusion entry that could apply). Empty when the parse accounts for every qualifier. Groups (`all` / `any`) are judged by their items.
 */
export function unreadQualifiers(c: Criterion): string[] {
  if (c.kind === "all" || c.kind === "any") return [];
  const leaf = c as Leaf;
  const text = core(leaf.text ?? "");
  const lower = text.toLowerCase();
  const unread: string[] = [];
  // a fragment (a sentence cut after its start: "(weeks 0 and 4), then 1 syringe per 56 days") says
  // less than its sentence did
  if (/^\s*(?:[(,;)]|(?:then|which|whose)\b)/.test(leaf.text ?? "")) unread.push(`a sentence fragment ("${(leaf.text ?? "").trim().slice(0, 40)}")`);
  switch (leaf.kind) {
    case "age": {
      unread.push(...matches(SEVERITY, lower), ...matches(EXCEPTION, lower), ...scopedConditions(text));
      // more than one age bound than the parse holds ("6 or older; 12 or older for nasal polyps")
      const ages = [...lower.matchAll(/\b(\d{1,2})\s*(?:years?|yrs?|months?)\b/g)].map((m) => Number(m[1]));
      const held = [leaf.min_years, leaf.max_years, leaf.min_months].filter((x) => x != null).length;
      if (new Set(ages).size > Math.max(1, held)) unread.push(`several ages (${[...new Set(ages)].join(", ")})`);
      break;
    }
    case "prescriber":
      unread.push(...matches(EXCEPTION, lower), ...(leaf.by_condition?.length ? [] : scopedConditions(text)));
      break;
    case "diagnosis": {
      unread.push(...matches(SCREENING, lower), ...matches(EXCEPTION, lower));
      break;
    }
    case "excluded_use": {
      // the entry is its first sentence; later sentences are its rationale ("X did not meet its
      // primary endpoint in a phase 2 study"), read only for a carve-out ("unless", "except")
      const cut = /\.\s+(?=[A-Z])/.exec(text);
      if (cut && !(leaf.unless_conditions.length || leaf.unless_icd10.length))
        unread.push(
          ...matches(/\b(?:unless|except(?: for| in| when)?|does not apply|do not apply|only (?:when|if|for))\b/gi, text.slice(cut.index).toLowerCase()),
        );
      const first = cut ? lower.slice(0, cut.index) : lower;
      const thresholdValues = new Set(
        parseThresholds(cut ? text.slice(0, cut.index) : text).flatMap((th) => [th.value, ...(th.value_max != null ? [th.value_max] : [])]),
      );
      const spans = aliasSpans(first, [...leaf.conditions, ...leaf.unless_conditions]);
      const severity = new Set(leaf.severity ?? []);
      unread.push(...diseaseSeverity(first, spans).filter((w) => !severity.has(w)));
      // "As treatment of the airway obstruction of OSA", "to treat the underlying cause of …": a use aimed at
      // one aspect of the condition, which a request for the condition's other aspects (the sleepiness
      // of OSA) does not make
      const aspect = USE_ASPECT_RE.exec(first);
      if (aspect && !spans.some(([x, y]) => aspect.index + aspect[0].indexOf(aspect[1]) >= x && aspect.index + aspect[0].indexOf(aspect[1]) < y))
        unread.push(`a use aimed at one aspect of the condition ("${aspect[1].trim()} of")`);
      // "without / unless / except ..." represented only when the reader took a condition from it
      if (!(leaf.unless_conditions.length || leaf.unless_icd10.length)) unread.push(...matches(EXCEPTION, first));
      unread.push(
        ...outside(HISTORY, first, spans).filter((w) => !(w === "history of" && leaf.conditions.length)),
        ...matches(SCREENING, first),
        // a value of a threshold the exclusion defines its form by ("factor VIII activity greater than
        // 5%", "LVEF below 40%") is read: the reviewer compares the stated value with it
        ...looseNumbers(first, spans)
          .filter((n) => !thresholdValues.has(Number(n)))
          .map((n) => `a value (${n})`),
      );
      break;
    }
    case "current_therapy":
    case "no_concurrent":
      // an allowance the parse does not hold ("beyond a cross-taper of up to 4 weeks", "for longer than
      // 30 days", "other than during a transition") decides whether an overlap is the excluded use
      unread.push(...matches(EXCEPTION, lower).filter((w) => !/^other than$/.test(w)), ...matches(OVERLAP_ALLOWANCE, lower));
      break;
    case "lab": {
      // "mL/min/1.73 m2" is a unit, not a second value; nor is the same value in another unit, in
      // parentheses ("400 cells/mcL (0.4 x 10^9/L)", "880 mg/dL (10 mmol/L)")
      const lower = text
        .toLowerCase()
        .replace(/\/?\s*1\.73\s*m(?:2|²)\b/g, " ")
        .replace(
          /\(\s*\d+(?:\.\d+)?\s*(?:(?:x|×|\*)\s*10\s*\^?\s*\d+\s*\/\s*l|(?:mmol|µmol|umol|mg|g|ng|pg|iu|u|cells)\s*\/\s*(?:d?l|ml|mcl|µl|ul|mm3))\s*\)/g,
          " ",
        );
      const spans = aliasSpans(
        lower,
        CONDITIONS.filter((t) => t.aliases.some((a) => aliasRegex(a, "i").test(text))).map((t) => t.name),
      );
      unread.push(...matches(EXCEPTION, lower), ...scopedConditions(text), ...outside(SEVERITY, lower, spans));
      const nums = looseNumbers(lower, spans).filter((n) => !new RegExp(`\\b${n.replace(".", "\\.")}\\s*(?:days?|weeks?|months?|years?)\\b`).test(lower));
      // "at least 3% of BSA, or involved the scalp, face, palms …": an alternative to the threshold the
      // parse does not hold, so a value below it is no failure
      const alternative = /(?:,|;)?\s+or\s+(?!(?:more|greater|higher|above|less|lower|below|fewer|equal|over|under)\b|\d)([a-z][a-z-]+)/.exec(
        lower.replace(/\([^)]*\)/g, " "),
      );
      if (alternative && !/^(?:mm3|ul|l|dl|ml|percent|%)$/.test(alternative[1])) unread.push(`an alternative ("or ${alternative[1]} …")`);
      const held = 1 + (leaf.value_max != null ? 1 : 0);
      // "10^9/L", "mm3": unit exponents are not thresholds
      const real = nums.filter((n) => !new RegExp(`(?:\\^|mm|10\\s*[x×*]?\\s*)${n}\\b|\\b${n}\\s*\\/`).test(lower) || n === String(leaf.value));
      if (new Set(real).size > held) unread.push(`several values (${[...new Set(real)].join(", ")})`);
      break;
    }
    case "test_result":
      // a sentence that names both results ("negative …; a positive anti-HBc …") leaves which one fails unread
      if (/\bnegative\b|\bnon-?reactive\b/.test(lower) && /\bpositive\b|(?<!non-?)\breactive\b/.test(lower))
        unread.push("both a negative and a positive result");
      unread.push(...matches(EXCEPTION, lower), ...scopedConditions(text).filter((s) => !/tuberculosis|hepatitis|\bhbv\b|\btb\b/i.test(s)));
      break;
    case "quantity_limit":
    case "dose_limit":
      unread.push(...matches(EXCEPTION, lower), ...matches(DOSE_PHASE, lower), ...scopedConditions(text));
      break;
    case "prior_therapy": {
      const exceptions = matches(EXCEPTION, lower);
      const exceptionText = /\b(?:unless|except|other than)\b(.*)$/i.exec(lower)?.[1] ?? "";
      const represented = /contraindicat|intoleran|not tolerated|adverse|allerg/.test(exceptionText) && (leaf.allow_contraindication || leaf.allow_intolerance);
      if (exceptions.some((w) => /unless|except/.test(w)) && !represented) unread.push(...exceptions.filter((w) => /unless|except/.test(w)));
      unread.push(...scopedConditions(text).filter((s) => s.startsWith("(")));
      // (one the parse holds as a therapy of its own — "phototherapy" — is represented)
      const held = [...leaf.drugs, ...leaf.classes].map((d) => d.toLowerCase());
      const nonDrug = matches(NON_DRUG_TREATMENT, lower).filter((w) => !held.some((d) => d.includes(w) || w.includes(d)));
      if (nonDrug.length) unread.push(`treatments that are no drug (${[...new Set(nonDrug)].join(", ")})`);
      break;
    }
    default:
      break;
  }
  return [...new Set(unread)];
}

/**
 * A criterion's confidence as a ground for an adverse outcome (a failed criterion, an applying
 * exclusion): its parse confidence, lowered to "medium" when `unreadQualifiers` finds a qualifier the
 * parse does not represent. Groups take their weakest item.
 */
export function adverseConfidence(c: Criterion): ParseConfidence {
  if (c.kind === "all" || c.kind === "any") {
    const parts = c.items.map((i) => adverseConfidence(i));
    return parts.includes("low") ? "low" : parts.includes("medium") ? "medium" : (c.confidence ?? "high");
  }
  const own = c.confidence ?? "high";
  if (own !== "high") return own;
  return unreadQualifiers(c).length ? "medium" : "high";
}
