import type {
  CaseFacts,
  Citation,
  CriterionOutcome,
  CriterionResult,
  DecisionTree,
  EligibilityResult,
  ParsedDocument,
  ReviewResult,
  TreeNode,
} from "../types";
import { mostSpecificConditions, type CriterionSpec } from "../policy/criterion";
import { CONDITIONS, DRUG_ABBREVIATIONS, DRUG_CLASSES, SPECIALTIES, aliasRegex, classMembers, classesOfDrug, conditionsNamedIn, escapeRegex } from "../dictionaries/clinical-terms";
import { ageOn, buildCaseIndex, cite, dateNear, daysBetween, findDatesIn, findMeasure, isNegated, measurePending, search, type CaseIndex } from "./evidence";
import { therapyEvidence, type TherapyEvidence } from "./therapies";

/**
 * Clinical review: evaluate every criterion of the applicable indication branch(es) of a decision
 * tree against one case, citing the fax passage each outcome rests on.
 *
 * Outcome rules (eval/FORMAT.md "Decision semantics"): a prior therapy named without dose or
 * duration → insufficient; missing lab → insufficient; a lab older than the policy's recency window
 * → insufficient (not failed); "see attached notes" with nothing attached leaves the criterion
 * insufficient; documented intolerance/contraindication substitutes for a trial where the policy
 * says so. The formulary's step-therapy row is not consulted here: the coverage policy wins.
 */

interface Ev {
  outcome: CriterionOutcome;
  reason: string;
  citations: Citation[];
  /** false when the outcome was inferred (no direct passage) */
  direct: boolean;
}

interface Ctx {
  idx: CaseIndex;
  facts: CaseFacts;
  requestDate: string | null;
  requested: Set<string>;
  allDrugs: string[];
  therapyCache: Map<string, Map<string, TherapyEvidence>>;
  /** conditions / ICD-10 prefixes of the policy's covered indications (all branches) */
  covered?: { conditions: string[]; icd10: string[] };
}

const ev = (outcome: CriterionOutcome, reason: string, citations: Citation[] = [], direct = true): Ev => ({ outcome, reason, citations, direct });

type SpecWithRole = CriterionSpec & { role?: string; branch?: string };

// ---------------------------------------------------------------------------------------------
// helpers

function therapies(ctx: Ctx, drugs: string[]): Map<string, TherapyEvidence> {
  const key = [...drugs].sort().join("|");
  let got = ctx.therapyCache.get(key);
  if (!got) {
    got = therapyEvidence(ctx.idx, drugs, ctx.allDrugs, ctx.facts);
    ctx.therapyCache.set(key, got);
  }
  return got;
}

function candidateDrugs(drugs: string[], classes: string[], ctx: Ctx, excluded: string[] = []): string[] {
  const out = new Set(drugs.map((d) => d.toLowerCase()));
  for (const c of classes) for (const m of classMembers(c)) out.add(m);
  // "MTX 15 mg weekly" is a methotrexate trial
  for (const [abbr, generic] of Object.entries(DRUG_ABBREVIATIONS)) if (out.has(generic) || (generic === "mercaptopurine" && out.has("6-mercaptopurine"))) out.add(abbr);
  for (const e of excluded) out.delete(e.toLowerCase());
  for (const r of ctx.requested) out.delete(r);
  return [...out];
}

function caseIcdCodes(ctx: Ctx): { code: string; citation: Citation | null }[] {
  const out: { code: string; citation: Citation | null }[] = [];
  for (const d of ctx.facts.diagnoses ?? []) if (d.code) out.push({ code: d.code.toUpperCase(), citation: d.citations?.[0] ?? null });
  for (const h of search(ctx.idx, /\b[a-tv-z]\d{2}\.[0-9a-z]{1,4}\b|\b[a-tv-z]\d{2}\b(?=[,;\s]|$)/i)) {
    const code = h.line.text.slice(h.index, h.index + h.length).toUpperCase();
    if (!/^[A-Z]\d{2}/.test(code)) continue;
    // codes are written on lines that name ICD or next to diagnosis text; skip obvious non-codes
    if (!/icd|diagnos|dx|code/i.test(h.line.text) && !/\./.test(code)) continue;
    out.push({ code, citation: cite(ctx.idx, h.line, h.index, h.index + h.length) });
  }
  return out;
}

const icdMatch = (code: string, prefixes: string[]) => prefixes.some((p) => code.replace(/\s/g, "").startsWith(p.toUpperCase()));

function conditionHits(ctx: Ctx, names: string[]): { citation: Citation; line: string }[] {
  const out: { citation: Citation; line: string }[] = [];
  for (const name of names) {
    const cond = CONDITIONS.find((c) => c.name === name);
    if (!cond) continue;
    for (const a of cond.aliases) {
      const re = aliasRegex(a, "g");
      for (const line of ctx.idx.lines) {
        re.lastIndex = 0;
        let m: RegExpExecArray | null;
        while ((m = re.exec(line.text))) {
          if (!isNegated(line.lower, m.index)) out.push({ citation: cite(ctx.idx, line, m.index, m.index + m[0].length), line: line.text });
          if (!m[0].length) re.lastIndex++;
        }
      }
    }
  }
  return out;
}

/** A diagnosis description that names a condition (guards against form labels read as diagnoses). */
function looksLikeDiagnosis(desc: string): boolean {
  return conditionsNamedIn(desc).length > 0 || /\w+(itis|osis|emia|oma|pathy|algia|plegia)\b|\b(disease|disorder|syndrome|failure|deficiency|infection|headache|cancer|carcinoma|ulcer|injury|diabetes|obesity|asthma|migraine|psoriasis|eczema|dermatitis)\b/i.test(desc);
}

function hasAnyDiagnosisInfo(ctx: Ctx): boolean {
  if ((ctx.facts.diagnoses ?? []).some((d) => d.code || (d.description && looksLikeDiagnosis(d.description)))) return true;
  return caseIcdCodes(ctx).length > 0;
}

function phraseHit(ctx: Ctx, phrase: string): Citation | null {
  const words = phrase
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 1)
    .map((w) => w.replace(/s$/, ""));
  if (!words.length) return null;
  for (const line of ctx.idx.lines) {
    const pos = words.map((w) => line.lower.search(new RegExp(`\\b${escapeRegex(w)}`)));
    if (pos.every((p) => p >= 0) && !isNegated(line.lower, Math.min(...pos))) return cite(ctx.idx, line, Math.min(...pos), Math.max(...pos) + 8);
  }
  return null;
}

function contiguousHit(ctx: Ctx, phrase: string): Citation | null {
  const re = new RegExp(`\\b${escapeRegex(phrase.toLowerCase()).replace(/\\ /g, "[\\s-]+")}`, "i");
  for (const h of search(ctx.idx, re)) if (!h.negated) return cite(ctx.idx, h.line, h.index, h.index + h.length);
  return null;
}

function birthDate(ctx: Ctx): { date: string; citation: Citation | null } | null {
  if (ctx.facts.patient?.birth_date) return { date: ctx.facts.patient.birth_date, citation: ctx.facts.patient.citations?.[0] ?? null };
  for (const h of search(ctx.idx, /\b(dob|date of birth|birth date|d\.o\.b\.?)\b/)) {
    const rest = h.line.text.slice(h.index);
    const d = findDatesIn(rest).find((x) => x.precision === "day" && !x.start.startsWith("0000"));
    if (d) return { date: d.start, citation: cite(ctx.idx, h.line, h.index, h.index + d.index + d.length) };
    const next = ctx.idx.lines[h.line.index + 1];
    const d2 = next ? findDatesIn(next.text).find((x) => x.precision === "day" && !x.start.startsWith("0000")) : undefined;
    if (d2 && next) return { date: d2.start, citation: cite(ctx.idx, next, d2.index, d2.index + d2.length) };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// evaluators

function evalAge(spec: Extract<CriterionSpec, { kind: "age" }>, ctx: Ctx): Ev {
  const b = birthDate(ctx);
  if (!b) return ev("insufficient", "Date of birth not found in the request.", [], false);
  if (!ctx.requestDate) return ev("insufficient", "Request date unknown; age cannot be computed.", b.citation ? [b.citation] : []);
  const a = ageOn(b.date, ctx.requestDate);
  const cites = b.citation ? [b.citation] : [];
  if (spec.min_years != null && a.years < spec.min_years) return ev("not_met", `Patient is ${a.years} on ${ctx.requestDate} (DOB ${b.date}); policy requires ≥ ${spec.min_years} years.`, cites);
  if (spec.min_months != null && a.months < spec.min_months) return ev("not_met", `Patient is ${a.months} months old; policy requires ≥ ${spec.min_months} months.`, cites);
  if (spec.max_years != null && a.years >= spec.max_years) return ev("not_met", `Patient is ${a.years}; policy requires younger than ${spec.max_years}.`, cites);
  return ev("met", `Patient is ${a.years} years old on ${ctx.requestDate} (DOB ${b.date}).`, cites);
}

function specialtyPatterns(spec: string): RegExp[] {
  const parts = spec.split("/");
  const out: RegExp[] = [];
  for (const p of parts) {
    const frags = SPECIALTIES[p] ?? SPECIALTIES[p.replace(/s$/, "")] ?? [escapeRegex(p.replace(/ist$/, "").replace(/ologist$/, "olog"))];
    out.push(...frags.map((f) => new RegExp(f, "i")));
  }
  return out;
}

function evalPrescriber(spec: Extract<CriterionSpec, { kind: "prescriber" }>, ctx: Ctx): Ev {
  const pats = spec.specialties.flatMap(specialtyPatterns);
  const field = ctx.facts.practitioner?.specialty ?? null;
  if (field && pats.some((p) => p.test(field)))
    return ev("met", `Prescriber specialty "${field}" matches ${spec.specialties.join(" / ")}.`, ctx.facts.practitioner.citations?.slice(0, 1) ?? []);
  const org = ctx.facts.practitioner?.organization_name ?? null;
  if (org && pats.some((p) => p.test(org)))
    return ev("met", `Prescriber's practice "${org}" is a ${spec.specialties.join(" / ")} practice.`, ctx.facts.practitioner.citations?.slice(0, 1) ?? []);
  // When the prescriber's own specialty is on the request, another specialty named elsewhere counts only as
  // a documented consultation ("in consultation with rheumatology", "co-managed by", "seen by"), not as any
  // mention of the word ("rheumatology started certolizumab" in a dermatology request).
  const CONSULT = /consult|co-?manag|in conjunction with|seen by|evaluated by|recommend(?:ed|s|ation)? (?:by|from)|under the care of|managed by|followed by|per (?:his|her|their|the)?\s*\w*|(?:specialist|physician|provider)[:\s]/i;
  for (const p of pats) {
    const hits = search(ctx.idx, new RegExp(p.source, "i")).filter(
      (h) =>
        !h.negated &&
        !/refer(red|ral)? to\b[^.]{0,30}$/.test(h.line.lower.slice(0, h.index)) &&
        (!field || CONSULT.test(h.line.lower.slice(Math.max(0, h.index - 40), h.index + h.length + 25))),
    );
    if (hits.length) return ev("met", `The request/notes show ${spec.specialties.join(" / ")} involvement ("${hits[0].line.text.slice(0, 80)}").`, [cite(ctx.idx, hits[0].line, hits[0].index, hits[0].index + hits[0].length)]);
  }
  if (field) return ev("not_met", `Prescriber specialty is "${field}"; the policy requires prescribing by or consultation with a ${spec.specialties.join(" or ")} and no consultation is documented.`, ctx.facts.practitioner.citations?.slice(0, 1) ?? []);
  const sp = search(ctx.idx, /\bspecialty\b[:\s]*([a-z &/()-]{3,40})/i)[0];
  if (sp) return ev("not_met", `Prescriber specialty on the request ("${sp.line.text.slice(0, 80)}") is not ${spec.specialties.join(" or ")}.`, [cite(ctx.idx, sp.line)], false);
  return ev("insufficient", "Prescriber specialty not stated.", [], false);
}

function concurrentFound(spec: { drugs: string[]; classes: string[] }, ctx: Ctx): TherapyEvidence | null {
  const cands = candidateDrugs(spec.drugs, spec.classes, ctx);
  const got = therapies(ctx, cands);
  for (const t of got.values()) if (t.ongoing && !t.stopped && !t.notTaken) return t;
  for (const c of ctx.facts.concurrent_therapies ?? []) {
    const n = c.drug_name.toLowerCase();
    if (cands.some((d) => n.includes(d))) return { drug: c.drug_name, days: c.duration_days, dose: c.dose, outcome: c.outcome, intolerance: false, contraindicated: false, failure: false, ongoing: true, stopped: false, notTaken: false, citations: c.citations };
  }
  return null;
}

function evalConcurrent(spec: Extract<CriterionSpec, { kind: "concurrent_use" }>, ctx: Ctx): Ev {
  const t = concurrentFound(spec, ctx);
  if (spec.negated) {
    if (t) return ev("not_met", `Ongoing ${t.drug} documented alongside the requested drug.`, t.citations);
    return ev("met", "No concurrent use of an excluded drug is documented.", [], false);
  }
  if (t) return ev("met", `Ongoing ${t.drug} documented.`, t.citations);
  return ev("not_met", "No such concurrent therapy documented.", [], false);
}

function evalCurrent(spec: Extract<CriterionSpec, { kind: "current_therapy" }>, ctx: Ctx): Ev {
  const got = therapies(ctx, candidateDrugs(spec.drugs, spec.classes, ctx));
  for (const t of got.values()) if ((t.ongoing || !t.stopped) && !t.notTaken && !t.stopped) return ev("met", `Currently taking ${t.drug}.`, t.citations);
  return ev("not_met", `No current ${spec.classes.join("/") || spec.drugs.join("/")} therapy documented.`, [], false);
}

function evalLab(spec: Extract<CriterionSpec, { kind: "lab" }>, ctx: Ctx): Ev {
  let found = findMeasure(ctx.idx, spec.aliases);
  // when the threshold is a percentage, prefer values written with "%" (FEV1 71% over FEV1 1.98 L)
  if (spec.unit === "%") {
    const pct = found.filter((v) => /^\s*\d+(?:\.\d+)?\s*%/.test(v.line.text.slice(v.index)));
    if (pct.length) found = pct;
  } else if (spec.unit) {
    // absolute thresholds (cells/μL, mg/dL): a percentage written next to the name is a different quantity
    const abs = found.filter((v) => !/^\s*\d+(?:\.\d+)?[^\d%]{0,6}%/i.test(v.line.text.slice(v.index)));
    if (abs.length) found = abs;
  }
  const vals = found.map((v) => ({
    value: v.value,
    date: v.date,
    citation: cite(ctx.idx, v.line, Math.max(0, v.index - 12), v.index + 16),
    baseline: BASELINE_RE.test(v.line.lower.slice(Math.max(0, v.index - 60), v.index + 40)),
  }));
  for (const l of ctx.facts.labs ?? []) {
    if (l.value == null) continue;
    const pctLab = /%/.test(l.unit ?? "") || /%/.test(l.value_text ?? "");
    // a percentage lab (eosinophils 5.2%) is not an absolute count, and vice versa
    if (spec.unit && (spec.unit === "%") !== pctLab && (l.unit != null || pctLab)) continue;
    if (spec.aliases.some((a) => new RegExp(a, "i").test(l.name)) || l.name.toLowerCase() === spec.measure.toLowerCase())
      vals.push({ value: l.value, date: l.date, citation: l.citations?.[0] ?? null!, baseline: BASELINE_RE.test(`${l.name} ${l.value_text ?? ""} ${l.citations?.[0]?.text ?? ""}`.toLowerCase()) });
  }
  if (spec.qualifier === "baseline") return evalBaselineLab(spec, vals, ctx);
  const cmp = (v: number) => (spec.op === ">=" ? v >= spec.value : spec.op === ">" ? v > spec.value : spec.op === "<=" ? v <= spec.value : v < spec.value);
  const want = `${spec.measure} ${spec.op} ${spec.value}${spec.unit ?? ""}`;
  if (!vals.length) {
    const p = measurePending(ctx.idx, spec.aliases);
    if (p) return ev("insufficient", `${spec.measure} result is pending/not available ("${p.line.text.slice(0, 90)}").`, [cite(ctx.idx, p.line)]);
    return ev("insufficient", `No ${spec.measure} result in the request; policy requires ${want}.`, [], false);
  }
  // most recent dated value first; undated values after dated ones
  vals.sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""));
  const latest = vals[0];
  const c = latest.citation ? [latest.citation] : [];
  if (spec.within_days != null && ctx.requestDate) {
    if (latest.date) {
      const age = daysBetween(latest.date, ctx.requestDate);
      if (age > spec.within_days)
        return ev("insufficient", `Latest ${spec.measure} ${latest.value} is dated ${latest.date} (${age} days before the request); policy requires a result within ${spec.within_days} days.`, c);
    } else {
      // an undated result cannot show it is recent enough (a result older than the window counts as missing)
      return ev("insufficient", `${spec.measure} ${latest.value} is documented without a date; policy requires a result within ${spec.within_days} days of the request.`, c);
    }
  }
  if (cmp(latest.value)) return ev("met", `${spec.measure} ${latest.value}${latest.date ? ` on ${latest.date}` : ""} meets ${want}.`, c);
  return ev("not_met", `${spec.measure} ${latest.value}${latest.date ? ` on ${latest.date}` : ""} does not meet ${want}.`, c);
}

/** words that mark a lab value as measured before therapy ("untreated LDL-C 212", "baseline", "pre-statin") */
const BASELINE_RE = /\b(untreated|pre-?treatment|baseline|pre-?statin|prior to (?:starting |initiating |initiation of )?(?:any |lipid[- ]lowering |statin )?(?:therapy|treatment|statin)|before (?:starting |any )?(?:therapy|treatment|statin|medication)|off (?:therapy|treatment|statins?|medication)|at diagnosis|highest (?:recorded|documented)|max(?:imum)? (?:recorded|documented))\b/;

/**
 * "Untreated / pre-treatment / baseline <measure> >= N": a value written as measured before therapy
 * decides. Without one, an on-treatment value that already meets a lower bound shows the untreated
 * value does too (therapy lowers it); otherwise the baseline is missing → insufficient.
 */
function evalBaselineLab(
  spec: Extract<CriterionSpec, { kind: "lab" }>,
  vals: { value: number; date: string | null; citation: Citation; baseline: boolean }[],
  ctx: Ctx,
): Ev {
  const cmp = (v: number) => (spec.op === ">=" ? v >= spec.value : spec.op === ">" ? v > spec.value : spec.op === "<=" ? v <= spec.value : v < spec.value);
  const want = `untreated/baseline ${spec.measure} ${spec.op} ${spec.value}${spec.unit ?? ""}`;
  const base = vals.filter((v) => v.baseline).sort((a, b) => b.value - a.value);
  if (base.length) {
    const best = spec.op.startsWith(">") ? base[0] : base[base.length - 1];
    const c = best.citation ? [best.citation] : [];
    return cmp(best.value) ? ev("met", `Baseline ${spec.measure} ${best.value} meets ${want}.`, c) : ev("not_met", `Baseline ${spec.measure} ${best.value} does not meet ${want}.`, c);
  }
  const treated = vals.filter((v) => v.value != null).sort((a, b) => b.value - a.value);
  if (treated.length && spec.op.startsWith(">") && cmp(treated[0].value))
    return ev("met", `${spec.measure} ${treated[0].value} on treatment already meets ${want}; the untreated value is at least as high.`, treated[0].citation ? [treated[0].citation] : [], false);
  void ctx;
  return ev(
    "insufficient",
    treated.length
      ? `Only on-treatment ${spec.measure} values are documented (${treated.map((v) => v.value).join(", ")}); the policy requires the ${want}.`
      : `No untreated/baseline ${spec.measure} in the request; policy requires ${want}.`,
    treated.slice(0, 1).flatMap((v) => (v.citation ? [v.citation] : [])),
    false,
  );
}

/** Requested amount in mg per day from the medication's dose/sig text ("300 mg every 2 weeks", "40 mg weekly"). */
function requestedMgPerDay(text: string): number | null {
  const m = /(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(mg|mcg|g)\b([^;]{0,60})/i.exec(text);
  if (!m) return null;
  let mg = Number(m[1].replace(/,/g, ""));
  if (/^mcg$/i.test(m[2])) mg /= 1000;
  if (/^g$/i.test(m[2])) mg *= 1000;
  const f = m[3].toLowerCase();
  const every = /\b(?:every|q)\s*(\d+)\s*(days?|d|weeks?|wks?|w|months?|mos?)\b/.exec(f);
  if (every) return mg / (Number(every[1]) * (/^d/.test(every[2]) ? 1 : /^w/.test(every[2]) ? 7 : 30));
  if (/\b(qid|four times (a|per) day)\b/.test(f)) return mg * 4;
  if (/\b(tid|three times (a|per) day)\b/.test(f)) return mg * 3;
  if (/\b(bid|twice (a |per )?day|twice daily)\b/.test(f)) return mg * 2;
  if (/\bevery other week\b|\bq2 ?w/.test(f)) return mg / 14;
  if (/\b(weekly|once a week|per week|\/week|every week|qw)\b/.test(f)) return mg / 7;
  if (/\b(monthly|once a month|per month|every month)\b/.test(f)) return mg / 30;
  if (/\b(daily|once a day|qd|per day|\/day|nightly|at bedtime|qhs|every (morning|evening|night))\b/.test(f)) return mg;
  return null;
}

function evalDoseLimit(spec: Extract<CriterionSpec, { kind: "dose_limit" }>, ctx: Ctx): Ev {
  const med = ctx.facts.medication;
  const c = med?.citations?.[0];
  const sig = [med?.dosage, med?.strength].filter(Boolean).join(" ");
  const perDay = spec.max && sig ? requestedMgPerDay(sig) : null;
  if (spec.max && perDay != null) {
    const maxPerDay = spec.max.mg / spec.max.per_days;
    if (perDay > maxPerDay * 1.001)
      return ev("not_met", `Requested dose "${sig}" (~${Math.round(perDay * spec.max.per_days * 100) / 100} mg per ${spec.max.per_days} day(s)) exceeds the policy maximum of ${spec.max.mg} mg per ${spec.max.per_days} day(s).`, c ? [c] : []);
    return ev("met", `Requested dose "${sig}" is within the policy maximum of ${spec.max.mg} mg per ${spec.max.per_days} day(s).`, c ? [c] : []);
  }
  return ev("met", `Requested dose${med?.dosage ? ` "${med.dosage}"` : ""} is not shown to exceed the labeled dose.`, c ? [c] : [], false);
}

/** Quantity limit: requested quantity per the limit's period (scaled by days supply when written). */
function evalQuantityLimit(spec: Extract<CriterionSpec, { kind: "quantity_limit" }>, ctx: Ctx): Ev {
  const med = ctx.facts.medication;
  let qty = med?.quantity ?? null;
  let days = med?.days_supply ?? null;
  let cites: Citation[] = med?.citations?.slice(0, 1) ?? [];
  if (qty == null) {
    const h = search(ctx.idx, /\b(?:qty|quantity|quant\.?|dispense|#)\s*[:=]?\s*(\d+(?:\.\d+)?)/)[0];
    if (h) {
      qty = Number(/(\d+(?:\.\d+)?)/.exec(h.line.lower.slice(h.index))![1]);
      cites = [cite(ctx.idx, h.line, h.index, h.index + h.length)];
    }
  }
  if (days == null) {
    const h = search(ctx.idx, /\b(\d{1,3})[- ]?days?'?\s*supply\b|\bdays?'?\s*supply\s*[:=]?\s*(\d{1,3})\b/)[0];
    if (h) days = Number(/(\d{1,3})/.exec(h.line.lower.slice(h.index))![1]);
  }
  const limit = `${spec.amount} ${spec.unit} per ${spec.period_days} days`;
  if (qty == null) return ev("insufficient", `Requested quantity not stated; policy limit is ${limit}.`, [], false);
  const perPeriod = days && days > 0 ? (qty * spec.period_days) / Math.max(days, 1) : qty;
  const shown = days ? `${qty} per ${days} days` : `${qty}`;
  if (perPeriod > spec.amount * 1.001) return ev("not_met", `Requested quantity ${shown} exceeds the limit of ${limit}.`, cites);
  return ev("met", `Requested quantity ${shown} is within the limit of ${limit}.`, cites);
}

const SCREEN_RESULT =
  /\b(non-?reactive|not detected|negative|neg|no evidence of (?:latent )?(?:tb|tuberculosis|infection)|positive|pos|reactive|detected|indeterminate|equivocal|borderline|pending|awaiting|not (?:yet )?(?:resulted|available)|ordered|to be drawn|will (?:forward|send)|(\d+(?:\.\d+)?)\s*mm)\b/i;

type ScreenResult = "negative" | "positive" | "indeterminate" | "pending";

function screenResultOf(word: string, mm: string | undefined): ScreenResult {
  const w = word.toLowerCase();
  if (mm != null) return Number(mm) < 5 ? "negative" : "positive";
  if (/^(non-?reactive|not detected|negative|neg|no evidence)/.test(w)) return "negative";
  if (/^(positive|pos|reactive|detected)$/.test(w)) return "positive";
  if (/^(indeterminate|equivocal|borderline)$/.test(w)) return "indeterminate";
  return "pending";
}

/** Every result of a screening test written in the request: name (any synonym), result word, date. */
export function screeningFindings(
  idx: CaseIndex,
  aliases: string[],
): { result: ScreenResult; date: string | null; citation: Citation; text: string }[] {
  const out: { result: ScreenResult; date: string | null; citation: Citation; text: string }[] = [];
  const re = new RegExp(aliases.map((a) => `(?:${a})`).join("|"), "gi");
  for (const line of idx.lines) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    const seen = new Set<number>();
    while ((m = re.exec(line.lower))) {
      if (!m[0].length) {
        re.lastIndex++;
        continue;
      }
      const end = m.index + m[0].length;
      if ([...seen].some((s) => Math.abs(s - m!.index) < 12)) continue;
      seen.add(m.index);
      // the result follows the name in the same clause (table rows: "QuantiFERON-TB Gold Plus  Negative  02/09/2026");
      // a wrapped line continues the clause
      let after = line.lower.slice(end).split(/[;]|\.\s|,\s*(?=[a-z-]+\s*(?:[:=]|\d|neg|pos))/)[0].slice(0, 70);
      const next = idx.lines[line.index + 1];
      if (end + after.length >= line.lower.length - 1 && next && next.page === line.page && after.length < 40) after += " " + next.lower.split(/[.;]/)[0].slice(0, 70);
      const before = (line.lower.slice(Math.max(0, m.index - 30), m.index).split(/[.;:]\s|,\s/).pop() ?? "");
      let r = SCREEN_RESULT.exec(after);
      let pos = r ? end + r.index : -1;
      if (!r) {
        const b = /\b(negative|positive|non-?reactive|pending)\b[^a-z]*(?:\w+\s*){0,2}$/i.exec(before);
        if (b) {
          r = SCREEN_RESULT.exec(b[0]);
          pos = m.index - before.length + b.index;
        }
      }
      if (!r) continue;
      if (isNegated(line.lower, m.index) && !/^(negative|neg|non)/i.test(r[1])) continue;
      const result = screenResultOf(r[1], r[2]);
      // date: a full date after the name on the line, else the nearest on the line / page collection date
      const full = (t: string) => findDatesIn(t).filter((d) => !d.present && d.precision === "day" && !d.start.startsWith("0000"));
      const inClause = full(after)[0] ?? full(before).pop();
      const dates = full(line.text);
      const afterDate = inClause ? dates.find((d) => d.index >= m!.index && d.start === inClause.start) : undefined;
      const date = inClause?.start ?? dateNear(idx, line, m.index);
      const to = Math.max(pos + 12, afterDate ? afterDate.index + afterDate.length : end);
      out.push({ result, date, citation: cite(idx, line, Math.max(0, Math.min(m.index, pos)), Math.min(line.text.length, to)), text: line.text.slice(Math.max(0, m.index - 10), to) });
    }
  }
  return out;
}

function evalScreening(spec: Extract<CriterionSpec, { kind: "screening_test" }>, ctx: Ctx): Ev {
  const found = screeningFindings(ctx.idx, spec.aliases);
  const label = spec.test;
  if (!found.length) return ev("insufficient", `No ${label} result in the request; policy requires ${spec.result === "any" ? "a" : `a ${spec.result}`} result${spec.within_days ? ` within ${spec.within_days} days` : ""}.`, [], false);
  const done = found.filter((f) => f.result !== "pending");
  const recent = (f: { date: string | null }) => spec.within_days == null || !ctx.requestDate || (f.date != null && daysBetween(f.date, ctx.requestDate) <= spec.within_days && daysBetween(f.date, ctx.requestDate) >= -1);
  // most recent completed result first (undated after dated)
  done.sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""));
  const want = (f: { result: ScreenResult }) => spec.result === "any" || f.result === spec.result;
  const okRecent = done.find((f) => want(f) && recent(f));
  const latest = done[0];
  if (latest && latest.result === "positive" && spec.result === "negative" && recent(latest))
    return ev("not_met", `${label}: positive result${latest.date ? ` on ${latest.date}` : ""} ("${latest.text.trim().slice(0, 80)}"); policy requires a negative result.`, [latest.citation]);
  if (okRecent) return ev("met", `${label}: ${okRecent.result}${okRecent.date ? ` on ${okRecent.date}` : ""} ("${okRecent.text.trim().slice(0, 80)}").`, [okRecent.citation]);
  const pending = found.find((f) => f.result === "pending");
  if (pending && !done.some(recent)) return ev("insufficient", `${label} result is pending/not available ("${pending.text.trim().slice(0, 80)}").`, [pending.citation]);
  if (latest && want(latest) && latest.date == null)
    return ev("insufficient", `${label} ${latest.result} but the test date is not documented; policy requires a result within ${spec.within_days} days.`, [latest.citation]);
  if (latest && want(latest))
    return ev("insufficient", `Latest ${label} result (${latest.result}) is dated ${latest.date}, older than the ${spec.within_days}-day window before the request (${ctx.requestDate}).`, [latest.citation]);
  if (latest) return ev(latest.result === "indeterminate" ? "insufficient" : "not_met", `${label}: ${latest.result}${latest.date ? ` on ${latest.date}` : ""}; policy requires ${spec.result}.`, [latest.citation]);
  return ev("insufficient", `No completed ${label} result in the request.`, found.slice(0, 1).map((f) => f.citation));
}

function classKey(drug: string): string {
  const cls = classesOfDrug(drug).filter((c) => !["biologic", "targeted synthetic DMARD", "conventional synthetic DMARD", "antidiabetic", "asthma controller"].includes(c.name));
  return cls[0]?.name ?? drug;
}

function evalPriorTherapy(spec: Extract<CriterionSpec, { kind: "prior_therapy" }>, ctx: Ctx): Ev {
  if (spec.all_classes && spec.classes.length > 1) {
    const parts = spec.classes.map((c) => {
      const members = new Set(DRUG_CLASSES.find((x) => x.name === c)?.members ?? []);
      return evalPriorTherapy({ ...spec, all_classes: false, classes: [c], drugs: spec.drugs.filter((d) => members.has(d)), count: 1 }, ctx);
    });
    const worst = parts.find((p) => p.outcome === "not_met") ?? parts.find((p) => p.outcome === "insufficient");
    if (worst) return { ...worst, reason: parts.map((p) => p.reason).join(" ") };
    return ev("met", parts.map((p) => p.reason).join(" "), parts.flatMap((p) => p.citations));
  }
  const cands = candidateDrugs(spec.drugs, spec.classes, ctx, spec.excluded_drugs);
  const got = [...therapies(ctx, cands).values()].filter((t) => !t.notTaken);
  const qualified: TherapyEvidence[] = [];
  const unknown: TherapyEvidence[] = [];
  const short: TherapyEvidence[] = [];
  const lowDose: TherapyEvidence[] = [];
  for (const t of got) {
    const alt = (spec.allow_intolerance && t.intolerance) || (spec.allow_contraindication && t.contraindicated);
    // a documented dose below the policy's minimum ("at least 1,000 mg per day") is not an adequate trial;
    // an unreadable dose leaves the trial as written
    const minDose = (spec.min_dose ?? []).find((d) => d.drug === t.drug) ?? (spec.min_dose ?? []).find((d) => d.drug == null);
    const has = minDose ? (minDose.per === "day" ? t.mgPerDay : t.mgPerWeek) : null;
    if (minDose && has != null && has + 1e-6 < minDose.mg && !alt) {
      lowDose.push(t);
      short.push(t);
      continue;
    }
    if (spec.require_intolerance) {
      if (t.intolerance || (spec.allow_contraindication && t.contraindicated)) qualified.push(t);
      else if (!t.failure && t.days == null) unknown.push(t);
      continue;
    }
    if (spec.min_days == null) {
      if (t.failure || t.intolerance || t.days != null || t.dose || t.ongoing || t.contraindicated) qualified.push(t);
      else unknown.push(t);
      continue;
    }
    if (t.days != null && t.days >= spec.min_days) qualified.push(t);
    else if (alt) qualified.push(t);
    else if (t.days == null) unknown.push(t);
    else short.push(t);
  }
  const count = (list: TherapyEvidence[]) => (spec.different_classes ? new Set(list.map((t) => classKey(t.drug))).size : list.length);
  const describe = (t: TherapyEvidence) =>
    `${t.drug}${t.dose ? ` ${t.dose}` : ""}${lowDose.includes(t) ? ` (below the policy's minimum dose: ~${Math.round((spec.min_dose?.[0]?.per === "week" ? t.mgPerWeek : t.mgPerDay) ?? 0)} mg/${spec.min_dose?.[0]?.per})` : ""}${t.days != null ? ` ~${Math.round(t.days / 7)} weeks (${t.days} days)` : " (duration not documented)"}${t.intolerance ? ", stopped/intolerance" : t.failure ? ", inadequate response" : ""}`;
  const need = `${spec.count > 1 ? `${spec.count} ` : ""}${spec.different_classes ? "different-class " : ""}trial(s)${spec.min_days ? ` of ≥ ${spec.min_days} days` : ""}`;
  const cites = (l: TherapyEvidence[]) => l.flatMap((t) => t.citations.slice(0, 2));
  if (count(qualified) >= spec.count) return ev("met", `Documented: ${qualified.map(describe).join("; ")} (policy: ${need}).`, cites(qualified));
  if (count([...qualified, ...unknown]) >= spec.count)
    return ev("insufficient", `Prior therapy named without enough detail to judge: ${unknown.map(describe).join("; ")} (policy: ${need}).`, cites([...qualified, ...unknown]));
  if (got.length || short.length) {
    const excluded = spec.excluded_drugs.length ? [...therapies(ctx, spec.excluded_drugs).values()].filter((t) => !t.notTaken) : [];
    const tail = excluded.length ? ` Not qualifying under the policy: ${excluded.map((t) => t.drug).join(", ")}.` : "";
    return ev("not_met", `Documented trials do not meet the requirement: ${[...qualified, ...short].map(describe).join("; ") || "none qualifying"} (policy: ${need}).${tail}`, cites([...qualified, ...short, ...excluded]));
  }
  const excluded = spec.excluded_drugs.length ? [...therapies(ctx, spec.excluded_drugs).values()].filter((t) => !t.notTaken) : [];
  if (excluded.length)
    return ev("not_met", `Only non-qualifying therapy documented (${excluded.map((t) => t.drug).join(", ")}); policy: ${need}.`, cites(excluded));
  return ev("not_met", `No qualifying prior therapy documented (policy: ${need}).`, [], false);
}

function evalContra(spec: Extract<CriterionSpec, { kind: "contraindication" }>, ctx: Ctx): Ev {
  const cands = candidateDrugs(spec.drugs, spec.classes, ctx);
  // "has a contraindication to, or has experienced intolerance with, methotrexate": either counts
  const intolOk = /intoleran|not tolerat|adverse (effect|event)/i.test(spec.text);
  for (const t of therapies(ctx, cands).values()) {
    if (t.contraindicated) return ev("met", `Contraindication to ${t.drug} documented.`, t.citations);
    if (intolOk && t.intolerance && !t.notTaken) return ev("met", `Intolerance of ${t.drug} documented (the policy accepts intolerance).`, t.citations);
  }
  for (const ex of spec.examples) {
    if (ex.kind !== "lab") continue;
    const r = evalLab(ex, ctx);
    if (r.outcome === "met") return ev("met", `Contraindication shown by ${r.reason}`, r.citations);
  }
  for (const p of spec.phrases) {
    if (p.split(" ").length < 2) continue;
    const c = contiguousHit(ctx, p);
    if (c) return ev("met", `Documented: "${c.text}" (listed as a contraindication).`, [c]);
  }
  const words = cands.length ? cands : ["contraindicat"];
  for (const h of search(ctx.idx, /contraindicat/)) {
    if (h.negated) continue;
    if (words.some((w) => h.line.lower.includes(w)) || !cands.length) return ev("met", `Contraindication documented: "${h.line.text.slice(0, 100)}".`, [cite(ctx.idx, h.line)]);
  }
  return ev("not_met", `No contraindication to ${spec.drugs.join(", ") || spec.classes.join(", ") || "the alternatives"} documented.`, [], false);
}

function evalDiagnosis(spec: Extract<CriterionSpec, { kind: "diagnosis" }>, ctx: Ctx): Ev {
  const codes = caseIcdCodes(ctx);
  const match = codes.find((c) => icdMatch(c.code, spec.icd10));
  if (match) return ev("met", `ICD-10 ${match.code} on the request matches ${spec.conditions.join(" / ")}.`, match.citation ? [match.citation] : []);
  const hits = conditionHits(ctx, spec.conditions);
  if (hits.length) return ev("met", `Diagnosis documented: "${hits[0].line.slice(0, 100)}".`, [hits[0].citation]);
  if (!hasAnyDiagnosisInfo(ctx)) {
    const attached = search(ctx.idx, /see attached|attached (office |chart |progress )?notes|notes attached/)[0];
    const why = attached ? ` The request refers to attached notes ("${attached.line.text.slice(0, 80)}") that are not in the fax.` : "";
    return ev("insufficient", `No diagnosis or ICD-10 code for ${spec.conditions.join(" / ")} in the request.${why}`, attached ? [cite(ctx.idx, attached.line)] : [], false);
  }
  return ev("not_met", `Diagnoses on the request (${codes.map((c) => c.code).join(", ") || "described in text"}) do not include ${spec.conditions.join(" / ")}.`, codes.flatMap((c) => (c.citation ? [c.citation] : [])).slice(0, 2));
}

function evalText(spec: Extract<CriterionSpec, { kind: "text" }>, ctx: Ctx): Ev {
  const hits = spec.phrases.map((p) => ({ p, c: phraseHit(ctx, p) })).filter((x) => x.c);
  if (spec.absence) {
    if (hits.length) return ev("not_met", `Found "${hits[0].c!.text}" in the request.`, [hits[0].c!], true);
    return ev("met", "Nothing in the request contradicts this criterion.", [], false);
  }
  if (hits.length) return ev("met", `Documented: "${hits[0].c!.text}".`, hits.slice(0, 2).map((h) => h.c!), true);
  return ev("insufficient", "No documentation found for this criterion.", [], false);
}

/** Evaluate one criterion spec (recursively for any/all groups). */
export function evaluateSpec(spec: CriterionSpec, ctx: Ctx): Ev {
  switch (spec.kind) {
    case "all": {
      const rs = spec.items.map((i) => evaluateSpec(i, ctx));
      const bad = rs.find((r) => r.outcome === "not_met") ?? rs.find((r) => r.outcome === "insufficient");
      if (bad) return { ...bad, reason: rs.map((r) => r.reason).join(" ") };
      return ev("met", rs.map((r) => r.reason).join(" "), rs.flatMap((r) => r.citations), rs.every((r) => r.direct));
    }
    case "any": {
      const rs = spec.items.map((i) => evaluateSpec(i, ctx));
      const ok = rs.find((r) => r.outcome === "met");
      if (ok) return ok;
      const ins = rs.filter((r) => r.outcome === "insufficient");
      if (ins.length) return ev("insufficient", `No alternative is clearly met: ${rs.map((r) => r.reason).join(" | ")}`, ins.flatMap((r) => r.citations), false);
      return ev("not_met", `None of the alternatives is met: ${rs.map((r) => r.reason).join(" | ")}`, rs.flatMap((r) => r.citations));
    }
    case "age":
      return evalAge(spec, ctx);
    case "prescriber":
      return evalPrescriber(spec, ctx);
    case "concurrent_use":
      return evalConcurrent(spec, ctx);
    case "current_therapy":
      return evalCurrent(spec, ctx);
    case "lab":
      return evalLab(spec, ctx);
    case "prior_therapy":
      return evalPriorTherapy(spec, ctx);
    case "contraindication":
      return evalContra(spec, ctx);
    case "diagnosis":
      return evalDiagnosis(spec, ctx);
    case "dose_limit":
      return evalDoseLimit(spec, ctx);
    case "quantity_limit":
      return evalQuantityLimit(spec, ctx);
    case "text":
      return evalText(spec, ctx);
    case "screening_test":
      return evalScreening(spec, ctx);
    default:
      return ev("insufficient", "Criterion could not be evaluated.", [], false);
  }
}

/** True when a text is essentially a condition name ("Type 1 diabetes mellitus.") with no qualifier words. */
function isJustCondition(text: string, condition: string): boolean {
  const cond = CONDITIONS.find((c) => c.name === condition);
  let rest = text.toLowerCase();
  for (const a of cond?.aliases ?? []) rest = rest.replace(aliasRegex(a, "g"), " ");
  rest = rest.replace(new RegExp(escapeRegex(condition), "g"), " ");
  const words = rest.split(/[^a-z]+/).filter((w) => w.length > 2 && !["the", "and", "with", "mellitus", "disease", "history", "personal"].includes(w));
  return words.length === 0;
}

const LEAD_STOP = /^(use for|use in|use as|including|includes|personal or|personal|family history of|history of|diagnosis of|concurrent use with|members? with|patients? with|in members|treatment of)\s+/i;

/**
 * Is the request for an excluded use? The stated indication decides: the primary diagnosis code, any
 * diagnosis code when no covered indication is diagnosed, or a phrase written as the purpose
 * ("for weight loss", "indication: weight management"). It does not apply when a condition named in
 * the exclusion's "without / unless" clause is diagnosed, nor when the primary diagnosis is a covered
 * indication of the policy.
 */
function evalExcludedUse(spec: Extract<CriterionSpec, { kind: "excluded_use" }>, ctx: Ctx): Ev {
  const codes = caseIcdCodes(ctx);
  const dx = ctx.facts.diagnoses ?? [];
  const primary = dx.find((d) => d.primary && d.code);
  const diagnosed = (conds: string[], icd: string[]) => {
    const c = codes.find((x) => icdMatch(x.code, icd));
    if (c) return c.citation ?? ({} as Citation);
    return conditionHits(ctx, conds)[0]?.citation ?? null;
  };
  if (spec.unless_conditions.length) {
    const u = diagnosed(spec.unless_conditions, spec.unless_icd10);
    if (u) return ev("not_met", `Exclusion does not apply: ${spec.unless_conditions.join(" / ")} is documented.`, u.page ? [u] : [], false);
  }
  const covered = ctx.covered;
  if (covered && primary?.code && icdMatch(primary.code.toUpperCase(), covered.icd10))
    return ev("not_met", `Exclusion does not apply: the primary diagnosis ${primary.code} is a covered indication.`, primary.citations?.slice(0, 1) ?? [], false);
  const coveredDx = covered ? codes.find((c) => icdMatch(c.code, covered.icd10)) : undefined;
  if (primary?.code && icdMatch(primary.code.toUpperCase(), spec.icd10))
    return ev("met", `Exclusion applies: the primary diagnosis ${primary.code}${primary.description ? ` (${primary.description})` : ""} is an excluded use (${spec.conditions.join(" / ") || spec.phrases.join(" / ")}).`, primary.citations?.slice(0, 2) ?? []);
  if (!coveredDx) {
    const c = codes.find((x) => icdMatch(x.code, spec.icd10));
    if (c && !primary) return ev("met", `Exclusion applies: diagnosis ${c.code} on the request is an excluded use and no covered indication is diagnosed.`, c.citation ? [c.citation] : []);
  }
  // no code, no primary flag: the written diagnoses name only the excluded use and no covered indication
  if (!coveredDx && spec.conditions.length && covered) {
    const coveredNamed = covered.conditions.length > 0 && conditionHits(ctx, covered.conditions).length > 0;
    const described = dx.find((d) => d.description && mostSpecificConditions(d.description).some((c) => spec.conditions.includes(c.name)));
    if (!coveredNamed && described)
      return ev("met", `Exclusion applies: the diagnosis on the request ("${described.description}") is an excluded use and no covered indication is documented.`, described.citations?.slice(0, 1) ?? []);
    if (!coveredNamed && !dx.length) {
      const line = search(ctx.idx, /\b(?:diagnos[ie]s|dx|indication|reason for (?:request|use))\b\s*[:#-]?/).find((h) => mostSpecificConditions(h.line.text.slice(h.index)).some((c) => spec.conditions.includes(c.name)));
      if (line) return ev("met", `Exclusion applies: the request's diagnosis line ("${line.line.text.slice(0, 100)}") names an excluded use and no covered indication is documented.`, [cite(ctx.idx, line.line)]);
    }
  }
  for (const p of spec.phrases) {
    const re = new RegExp(`(?:\\bfor|\\bindication:?|\\breason for (?:request|use):?|\\bused? (?:for|as))\\s+(?:[a-z/-]+\\s+){0,3}?${escapeRegex(p.toLowerCase()).replace(/\\ /g, "[\\s-]+")}\\b`, "i");
    const h = search(ctx.idx, re).find((x) => !x.negated);
    if (h && !coveredDx) return ev("met", `Exclusion applies: the request states the purpose "${h.line.text.slice(0, 120)}".`, [cite(ctx.idx, h.line, h.index, h.index + h.length)]);
  }
  return ev("not_met", "Exclusion does not apply.", [], false);
}

/** Does an exclusion apply to the case? Strict matching: distinctive multi-word phrases, ICD codes, drugs. */
export function evaluateExclusion(spec: CriterionSpec, ctx: Ctx): Ev {
  if (spec.kind === "concurrent_use") {
    const t = concurrentFound(spec, ctx);
    return t ? ev("met", `Exclusion applies: ongoing ${t.drug} documented with the request.`, t.citations) : ev("not_met", "No concurrent excluded drug documented.", [], false);
  }
  if (spec.kind === "excluded_use") return evalExcludedUse(spec, ctx);
  if (spec.kind === "lab" || spec.kind === "age" || spec.kind === "prior_therapy") {
    const r = evaluateSpec(spec, ctx);
    return r.outcome === "met" ? r : ev("not_met", "Exclusion does not apply.", [], false);
  }
  // conditional wording ("in members without ...", "that has not been ...") is not a phrase to match
  const first = spec.text
    .split(/(?<=\.)\s+(?=[A-Z])/)[0]
    .replace(/\([^)]*\)/g, "")
    .split(/\b(?:without|who do not|who does not|unless|except|that has not|that have not|not been|other than)\b/i)[0];
  const phrases = first
    .split(/,|;|\bor\b|\bincluding\b/i)
    .map((p) => {
      let s = p.trim().replace(/[.:]+$/, "");
      for (let i = 0; i < 3; i++) s = s.replace(LEAD_STOP, "");
      return s;
    })
    .filter((p) => p.split(/\s+/).length >= 2 && p.split(/\s+/).length <= 6);
  for (const p of phrases) {
    const c = contiguousHit(ctx, p);
    if (c) return ev("met", `Exclusion applies: the request states "${ctx.idx.lines.find((l) => l.page === c.page && l.start <= c.start && l.end >= c.start)?.text.slice(0, 120) ?? c.text}".`, [c]);
  }
  if (spec.kind === "diagnosis" && spec.conditions.length === 1 && isJustCondition(first, spec.conditions[0])) {
    const m = caseIcdCodes(ctx).find((c) => icdMatch(c.code, spec.icd10));
    if (m) return ev("met", `Exclusion applies: diagnosis ${m.code} (${spec.conditions[0]}).`, m.citation ? [m.citation] : []);
  }
  return ev("not_met", "Exclusion does not apply.", [], false);
}

// ---------------------------------------------------------------------------------------------

interface BranchInfo {
  title: string;
  conditions: string[];
  icd10: string[];
  phrases: string[];
}

/**
 * Score how well a branch's indication matches the case: 4 = the primary diagnosis code, 3 = another
 * ICD-10 code on the request or a coded-less diagnosis description naming the condition, 2/1 = text
 * mentions, 0 = none. Codes outrank words: "Arthropathic psoriasis L40.50" is psoriatic arthritis, not
 * plaque psoriasis, and a description is only read when its code is absent or unknown.
 */
function branchScore(b: BranchInfo, ctx: Ctx): { score: number; citation: Citation | null } {
  const dx = ctx.facts.diagnoses ?? [];
  const primary = dx.find((d) => d.primary && d.code);
  if (primary?.code && icdMatch(primary.code.toUpperCase(), b.icd10)) return { score: 4, citation: primary.citations?.[0] ?? null };
  const codes = caseIcdCodes(ctx);
  const m = codes.find((c) => icdMatch(c.code, b.icd10));
  if (m) return { score: 3, citation: m.citation };
  const knownCode = (code: string | null) => !!code && CONDITIONS.some((c) => icdMatch(code.toUpperCase(), c.icd10));
  for (const d of dx) {
    if (!d.description || knownCode(d.code)) continue;
    const conds = mostSpecificConditions(d.description).map((c) => c.name);
    if (conds.some((c) => b.conditions.includes(c))) return { score: 3, citation: d.citations?.[0] ?? null };
  }
  const hits = conditionHits(ctx, b.conditions);
  if (hits.length) return { score: hits.length >= 2 ? 2 : 1, citation: hits[0].citation };
  for (const p of b.phrases) {
    if (p.length < 4) continue;
    const c = contiguousHit(ctx, p);
    if (c) return { score: 1, citation: c };
  }
  return { score: 0, citation: null };
}

/** Fax citations of an outcome, plus the node's policy passage when there are none (or `always`). */
function withPolicyPassage(cs: Citation[], n: TreeNode, always = false): Citation[] {
  if (!n.passage || (cs.length && !always)) return cs;
  return [...cs, n.passage];
}

/**
 * Review one case against one policy's decision tree.
 *
 * Input: case facts (extraction stage), the parsed fax, the tree from generateDecisionTree, the
 * policy id and the request date (YYYY-MM-DD; falls back to facts.request_date). Output:
 * `paths` = one entry per applicable indication branch with every criterion's outcome, reason and
 * fax citations (page + offsets); `exclusions` = exclusion checks (outcome "met" = the exclusion
 * applies); `indication` = how the branch was chosen; `traversal` = the walk through the tree for
 * the best path. Never throws for odd input: unknown criteria come back "insufficient".
 */
export function reviewCase(input: {
  facts: CaseFacts;
  caseDoc: ParsedDocument;
  tree: DecisionTree;
  policyId: string;
  requestDate: string | null;
  eligibility?: EligibilityResult;
}): ReviewResult {
  const requestDate = input.requestDate ?? input.facts.request_date ?? null;
  const idx = buildCaseIndex(input.caseDoc, requestDate);
  const requested = new Set<string>(input.tree.drug_names.map((d) => d.toLowerCase()));
  for (const n of [input.facts.medication?.drug_name, input.facts.medication?.generic_name]) {
    if (!n) continue;
    for (const w of n.toLowerCase().split(/[^a-z-]+/)) if (w.length > 3 && DRUG_CLASSES.some((c) => c.members.includes(w))) requested.add(w);
  }
  const ctx: Ctx = {
    idx,
    facts: input.facts,
    requestDate,
    requested,
    allDrugs: [...new Set(DRUG_CLASSES.flatMap((c) => c.members))],
    therapyCache: new Map(),
  };
  {
    const pickNode = input.tree.nodes.find((n) => (n.criterion as { role?: string } | null)?.role === "indication");
    const bs = ((pickNode?.criterion as { branches?: BranchInfo[] } | null)?.branches ?? []) as BranchInfo[];
    ctx.covered = { conditions: [...new Set(bs.flatMap((b) => b.conditions))], icd10: [...new Set(bs.flatMap((b) => b.icd10))] };
  }
  const nodes = input.tree.nodes;
  const byId = new Map(nodes.map((n) => [n.id, n] as const));
  const crit = (n: TreeNode) => n.criterion as (SpecWithRole & Record<string, unknown>) | null;

  // exclusions
  const exclusionNodes = nodes.filter((n) => crit(n)?.role === "exclusion");
  const exclusions: CriterionResult[] = exclusionNodes.map((n) => {
    const r = evaluateExclusion(crit(n)!, ctx);
    return { node_id: n.id, question: n.question, outcome: r.outcome, reason: r.reason, citations: r.outcome === "met" ? withPolicyPassage(r.citations, n, true) : r.citations, evidence: r.direct ? "direct" : "inferred" };
  });

  // indication choice
  const pick = nodes.find((n) => crit(n)?.role === "indication");
  const branches = ((pick?.criterion as { branches?: BranchInfo[] } | null)?.branches ?? []) as BranchInfo[];
  const scored = branches.map((b) => ({ b, ...branchScore(b, ctx) }));
  const max = Math.max(0, ...scored.map((s) => s.score));
  let applicable: BranchInfo[];
  let indicationStatus: "matched" | "single" | "no_diagnosis" | "not_covered";
  if (branches.length === 1) {
    applicable = branches;
    indicationStatus = "single";
  } else if (max > 0) {
    applicable = scored.filter((s) => s.score === max).map((s) => s.b);
    indicationStatus = "matched";
  } else if (!hasAnyDiagnosisInfo(ctx)) {
    applicable = branches;
    indicationStatus = "no_diagnosis";
  } else {
    applicable = [];
    indicationStatus = "not_covered";
  }

  const paths: ReviewResult["paths"] = [];
  const pathNodes = new Map<string, TreeNode[]>();
  for (const b of applicable) {
    const chain = nodes.filter((n) => crit(n)?.role === "criterion" && crit(n)?.branch === b.title);
    pathNodes.set(b.title, chain);
    const criteria: CriterionResult[] = chain.map((n) => {
      const r = evaluateSpec(crit(n)!, ctx);
      const out: CriterionResult & { evidence?: "direct" | "inferred" } = {
        node_id: n.id,
        question: n.question,
        outcome: r.outcome,
        reason: r.reason,
        // no fax passage (missing information, inferred outcomes): cite the policy wording that was applied
        citations: withPolicyPassage(r.citations.filter(Boolean).slice(0, 4), n),
        evidence: r.direct ? "direct" : "inferred",
      };
      return out;
    });
    const outcome: CriterionOutcome = criteria.some((c) => c.outcome === "not_met") ? "not_met" : criteria.some((c) => c.outcome === "insufficient") ? "insufficient" : "met";
    paths.push({ title: b.title, outcome, criteria });
  }

  // Concurrent use is a property of the request, not of the indication: a documented combination that
  // one path forbids ("not prescribed concurrently with another biologic") is a hard failure on every
  // path, so it is reported as an exclusion (FORMAT.md: "an exclusion applies" → denied).
  if (!exclusions.some((e) => e.outcome === "met")) {
    for (const p of paths) {
      const failed = p.criteria.find((c) => {
        const spec = crit(byId.get(c.node_id)!);
        return spec?.kind === "concurrent_use" && (spec as { negated?: boolean }).negated && c.outcome === "not_met" && c.citations.length > 0;
      });
      if (failed) {
        exclusions.push({ node_id: failed.node_id, question: `Exclusion: ${failed.question}`, outcome: "met", reason: `Combination use applies to every indication: ${failed.reason}`, citations: failed.citations, evidence: "direct" });
        break;
      }
    }
  }

  // traversal through the tree for the most favourable path
  const traversal: ReviewResult["traversal"] = [];
  const excluded = exclusions.find((e) => e.outcome === "met");
  for (const e of exclusions) {
    const node = byId.get(e.node_id)!;
    const applies = e.outcome === "met";
    const next = nodes.find((n) => n.parent_id === node.id && n.condition === (applies ? "Yes" : "No"));
    traversal.push({ node_question_or_action: node.question, node_answer: applies ? "Yes" : "No", next_node: next?.question ?? null });
    if (applies) {
      traversal.push({ node_question_or_action: next?.question ?? "Denied — exclusion applies", node_answer: "denied", next_node: null });
      break;
    }
  }
  if (!excluded && pick) {
    const rank = (o: CriterionOutcome) => (o === "met" ? 0 : o === "insufficient" ? 1 : 2);
    const best = [...paths].sort((a, b) => rank(a.outcome) - rank(b.outcome))[0];
    if (!best) {
      const none = nodes.find((n) => n.parent_id === pick.id && n.node_type === "action");
      traversal.push({ node_question_or_action: pick.question, node_answer: indicationStatus === "not_covered" ? "None of the listed indications" : "Unknown", next_node: none?.question ?? null });
      if (none) traversal.push({ node_question_or_action: none.question, node_answer: "denied", next_node: null });
    } else {
      const chain = pathNodes.get(best.title) ?? [];
      traversal.push({ node_question_or_action: pick.question, node_answer: best.title, next_node: chain[0]?.question ?? null });
      for (let i = 0; i < best.criteria.length; i++) {
        const c = best.criteria[i];
        const ans = c.outcome === "met" ? "Yes" : c.outcome === "not_met" ? "No" : "Unknown (insufficient information)";
        if (c.outcome === "met") {
          const nextQ = chain[i + 1]?.question ?? nodes.find((n) => n.parent_id === chain[i].id && n.node_action === "approved")?.question ?? null;
          traversal.push({ node_question_or_action: c.question, node_answer: ans, next_node: nextQ });
        } else if (c.outcome === "not_met") {
          const deny = nodes.find((n) => n.parent_id === chain[i].id && n.node_action === "denied");
          traversal.push({ node_question_or_action: c.question, node_answer: ans, next_node: deny?.question ?? null });
          break;
        } else {
          traversal.push({ node_question_or_action: c.question, node_answer: ans, next_node: "Pend — request more information" });
          break;
        }
      }
      if (best.outcome === "met") {
        const appr = nodes.find((n) => n.parent_id === chain[chain.length - 1]?.id && n.node_action === "approved") ?? nodes.find((n) => n.node_action === "approved" && n.question.endsWith(best.title));
        if (appr) traversal.push({ node_question_or_action: appr.question, node_answer: "approved", next_node: null });
      }
    }
  }

  return {
    policy_id: input.policyId,
    paths,
    traversal,
    exclusions,
    indication: { status: indicationStatus, branches: scored.map((s) => ({ title: s.b.title, score: s.score, citation: s.citation })) },
  };
}

/**
 * Pick the policy for a case: the policy whose drug names appear in the requested medication
 * (drug_name / generic_name / NDC-less text), else the one whose names appear most in the fax text.
 * Returns the policy id or null when nothing matches.
 */
export function selectPolicy(facts: CaseFacts, policies: { id: string; drug_names: string[] }[], caseDoc?: ParsedDocument): string | null {
  const med = `${facts.medication?.drug_name ?? ""} ${facts.medication?.generic_name ?? ""}`.toLowerCase();
  const hasName = (hay: string, n: string) => new RegExp(`\\b${escapeRegex(n.toLowerCase())}\\b`).test(hay);
  for (const p of policies) if (p.drug_names.some((n) => hasName(med, n))) return p.id;
  if (!caseDoc) return null;
  const text = caseDoc.pages.map((p) => p.text).join("\n").toLowerCase();
  let best: { id: string; n: number } | null = null;
  for (const p of policies) {
    const n = p.drug_names.reduce((s, d) => s + (text.match(new RegExp(`\\b${escapeRegex(d.toLowerCase())}\\b`, "g"))?.length ?? 0), 0);
    if (n > 0 && (!best || n > best.n)) best = { id: p.id, n };
  }
  return best?.id ?? null;
}
