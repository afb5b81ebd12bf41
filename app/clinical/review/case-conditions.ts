/**
 * The conditions a request is about: ICD-10-CM codes on the form, diagnosis descriptions, and the
 * conditions named in the letter or notes as the patient's diagnoses — not family history, not
 * "rule out", not a negated mention. Used to choose the indication path and to check diagnosis
 * criteria and excluded uses.
 */
import type { Citation } from "../contracts";
import { CONDITIONS, conditionAncestors, conditionMentions, conditionsForCode, icdMatches, mostSpecificConditions } from "../vocabulary/conditions";
import { isNegated } from "../vocabulary/language";
import { normalizeIcd10, ICD10_SHAPE } from "../codes/icd10";
import { isUnansweredFormLine, quote, type CaseIndex } from "../evidence/case-index";
import type { CaseFacts } from "../contracts";

export interface CaseCondition {
  /** canonical condition name (vocabulary/conditions.ts), or null for an unknown code */
  condition: string | null;
  code: string | null;
  /** "primary": the primary ICD-10-CM code; "code": another code; "described": a diagnosis line; "text": named in notes */
  source: "primary" | "code" | "described" | "text";
  citation: Citation | null;
}

const NOT_THE_PATIENTS =
  /\b(?:family history|fhx|fh:|mother|father|sister|brother|parent|sibling|grand(?:mother|father|parent)|partner(?:'s)?|spouse(?:'s)?|(?:sexual|household|close) contacts?|exposed to|exposure to|rule out|r\/o|ruled out|screen(?:ing)? for|risk of|risk for|to prevent|prevention of|negative for|no (?:history|evidence|signs?) of|denies|without)\b[^.;]{0,40}$/i;
const DX_CONTEXT =
  /\b(?:diagnos[ie]s|dx|icd|indication|assessment|impression|problem list|reason for (?:request|use|referral)|diagnosed with|history of|hx of|with|for|has|have|suffers? from|presents? with|known|confirmed|consistent with)\b/i;

/** Codes written anywhere in the fax next to diagnosis words or in ICD shape with a dot. */
function codesInText(idx: CaseIndex): { code: string; citation: Citation }[] {
  const out: { code: string; citation: Citation }[] = [];
  const re = /(?<![A-Za-z0-9])([A-TV-Z]\d{2}(?:\.[0-9A-Z]{1,4})?)(?![A-Za-z0-9])/g;
  for (const line of idx.lines) {
    // a form's question about a diagnosis, its answer not read ("Diagnosis of schizophrenia (F20.x)? Yes No")
    if (isUnansweredFormLine(line.text)) continue;
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(line.text))) {
      const raw = m[1];
      if (!/\./.test(raw) && !/icd|diagnos|dx|code/i.test(line.text)) continue;
      // a code family or range ("F20.x", "F32.xx", "F20-F29"): the form's or policy's words, never the patient's code
      if (/^(?:\.?[xX]{1,4}(?![A-Za-z0-9])|\s*[-–]\s*[A-TV-Z]\d{2})/.test(line.text.slice(m.index + raw.length))) continue;
      const code = normalizeIcd10(raw);
      if (!code || !ICD10_SHAPE.test(code)) continue;
      // CLIA numbers, lot numbers and the like sit next to other words
      if (/\b(?:clia|lot|ndc|npi|accession|ref|room)\b[^A-Za-z]{0,6}$/i.test(line.text.slice(Math.max(0, m.index - 14), m.index))) continue;
      out.push({ code, citation: quote(idx, line, m.index, m.index + raw.length) });
    }
  }
  return out;
}

/** a condition's name followed by its negation: "not suspected", "ruled out", "excluded", "negative", "denied" */
const NEGATED_AFTER =
  /^[^.;,:()]{0,12}?\b(?:(?:is|was|were|has been|have been|are)\s+)?(?:not (?:suspected|present|seen|found|detected|confirmed|diagnosed|identified)|ruled out|excluded|absent|unlikely|denied|negative)\b/i;

/**
 * Every condition of the request (see module comment), most authoritative first: the primary
 * code, other codes, diagnosis descriptions, then conditions named in the notes.
 */
export function caseConditions(facts: CaseFacts, idx: CaseIndex): CaseCondition[] {
  const out: CaseCondition[] = [];
  const push = (c: CaseCondition) => {
    if (!out.some((o) => o.condition === c.condition && o.code === c.code && o.source === c.source)) out.push(c);
  };
  const dx = facts.diagnoses ?? [];
  const primary = dx.find((d) => d.primary && d.code) ?? dx.find((d) => d.code);
  for (const d of dx) {
    if (!d.code) continue;
    const conds = conditionsForCode(d.code);
    const src = d === primary ? "primary" : "code";
    if (!conds.length) push({ condition: null, code: d.code, source: src, citation: d.citations?.[0] ?? null });
    for (const c of conds) push({ condition: c.name, code: d.code, source: src, citation: d.citations?.[0] ?? null });
  }
  for (const c of codesInText(idx)) {
    if (dx.some((d) => d.code === c.code)) continue;
    const conds = conditionsForCode(c.code);
    if (!conds.length) push({ condition: null, code: c.code, source: "code", citation: c.citation });
    for (const t of conds) push({ condition: t.name, code: c.code, source: "code", citation: c.citation });
  }
  for (const d of dx) {
    if (!d.description) continue;
    for (const c of mostSpecificConditions(d.description)) push({ condition: c.name, code: d.code, source: "described", citation: d.citations?.[0] ?? null });
  }
  for (const line of idx.lines) {
    // a form's question answered "No" or left blank, an option whose box is empty ("Symptoms of acute
    // HIV infection in the past 4 weeks? [ ] Yes [X] No", "[ ] Active hepatitis B"): the form's words,
    // no condition of the patient
    if (isUnansweredFormLine(line.text)) continue;
    for (const c of CONDITIONS) {
      for (const mm of conditionMentions(line.text, c)) {
        const before = line.text.slice(Math.max(0, mm.index - 60), mm.index);
        if (NOT_THE_PATIENTS.test(before) || isNegated(line.lower, mm.index)) continue;
        // negated after the name ("OSA not / suspected", "TB ruled out", "hepatitis B negative"),
        // also across a line wrap
        const next = idx.lines[line.index + 1];
        const after = `${line.text.slice(mm.index + mm.length)} ${next && next.page === line.page ? next.text : ""}`;
        if (NEGATED_AFTER.test(after)) continue;
        // a department, clinic or specialty named after the condition ("Infectious Diseases / HIV
        // Medicine", "Asthma Clinic", "Diabetes Program"): who sees the patient, not the patient's condition
        if (/^\s*(?:medicine|clinic|program(?:me)?|cent(?:er|re)|service|department|division|unit|specialists?)\b/i.test(after)) continue;
        // the most specific condition at this spot ("psoriatic arthritis", not also "psoriasis")
        const here = mostSpecificConditions(line.text.slice(Math.max(0, mm.index - 30), mm.index + mm.length + 30)).map((x) => x.name);
        if (here.length && !here.includes(c.name)) continue;
        const context = `${line.text.slice(Math.max(0, mm.index - 50), mm.index)}`;
        const src: CaseCondition["source"] = DX_CONTEXT.test(context) || /^\s*[A-Z]/.test(line.text) ? "text" : "text";
        push({ condition: c.name, code: null, source: src, citation: quote(idx, line, mm.index, mm.index + mm.length) });
        break;
      }
    }
  }
  return out;
}

/** True when a case condition is, or is narrower than, one of `conditions` or carries one of `icd10`. */
export function conditionSatisfies(cc: CaseCondition, conditions: string[], icd10: string[]): boolean {
  // a code whose condition is known matches through that condition (M45.A8 is nr-axSpA, which an
  // ankylosing spondylitis branch's M45 prefix would otherwise take); prefixes decide for unknown
  // codes and for branches defined by codes alone
  if (cc.code && icd10.length && icdMatches(cc.code, icd10) && (!cc.condition || !conditions.length)) return true;
  if (cc.condition && conditions.some((c) => conditionAncestors(cc.condition!).includes(c))) return true;
  return false;
}

/** Whether the request names any diagnosis at all (a code, a described diagnosis, or a condition in the notes). */
export function hasDiagnosisInfo(conds: CaseCondition[]): boolean {
  return conds.some((c) => c.source !== "text") || conds.length > 0;
}

/**
 * The most specific reading of each code: a code read as a condition and as its parent (E11.65:
 * type 2 diabetes mellitus and diabetes mellitus; M45.6: ankylosing spondylitis and axial
 * spondyloarthritis) keeps the specific condition only. Conditions without a code are kept.
 */
export function mostSpecificPerCode(conds: CaseCondition[]): CaseCondition[] {
  return conds.filter(
    (c) =>
      !c.code ||
      !c.condition ||
      !conds.some((o) => o !== c && o.code === c.code && o.condition && o.condition !== c.condition && conditionAncestors(o.condition).includes(c.condition!)),
  );
}
