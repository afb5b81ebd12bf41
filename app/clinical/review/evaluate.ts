/**
 * Per-kind criterion evaluators: one typed criterion × one case → met / not_met / insufficient, with
 * a reason a reviewer can read, whole-sentence citations into the fax, and what to ask the
 * prescriber for when information is missing.
 *
 * Outcome rules (docs/clinical/decision-semantics.md):
 * - met needs evidence: a fax sentence that states it ("direct"), or — for absence criteria such as
 *   "not used with another biologic" — nothing in the fax that contradicts it ("inferred");
 * - not_met needs a fax sentence that states the failure (a value out of range, a trial too short
 *   and stopped for lack of effect, "has not tried", a different diagnosis); absence of
 *   information is never a failure;
 * - everything else is insufficient: missing, illegible, pending, older than the policy allows,
 *   named without dose or duration.
 * The walker (walk-tree.ts) further requires a high-confidence parse before a not_met may deny.
 */
import { citeLine } from "../text/lines";
import { judgeClaimLineCheck } from "../policy/claim-line-sentences";
import { measureForm } from "../policy/parse-criterion";
import { readDoseBands, bandHolds } from "../policy/dose-bands";
import { codeListed } from "../policy/visit-limits";
import { icdListed } from "../policy/bundled-codes";
import {
  isOnLabelRequirement,
  judgeVisitBeforeOrder,
  judgeVisitBeforeService,
  onLabelStatement,
  serviceVisitWindowDays,
  visitWindowDays,
} from "../evidence/visit-recency";
import { visitNumber } from "../evidence/visit-count";
import { absenceStated, absentConditionWords } from "../evidence/absence-stated";
import { isCurrentPregnancyRequirement, judgeCurrentPregnancy } from "../evidence/pregnancy";
import { counselingSubject, eventWindow, judgeCounseling, judgeEventWindow } from "../evidence/event-window";
import { earlierFurnishings, earlierSessions, lossMention } from "../evidence/supply-history";
import { spineRegionOf } from "../policy/session-limits";
import { addInterval } from "../policy/replacement-intervals";
import type { CaseFacts, Citation, Criterion, CriterionOf, CriterionOutcome, RequestDateSource } from "../contracts";
import { ageOn, daysBetween, findDates, numberWord } from "../codes/dates";
import { editDistance } from "../codes/ocr";
import { DRUG_CLASSES, classAncestors, classMembers, classesNamedIn, classesOfDrug, drugNames, drugsNamedIn, DRUGS, lookupDrug } from "../vocabulary/drugs";
import { aliasRegex, conditionAncestors, conditionByName, conditionMentions, conditionsNamedIn } from "../vocabulary/conditions";
import { orthostaticFallMet, readFallRequirement } from "./orthostatic";
import { CHANGE_BY_AMOUNT_RE, MEASURES, isShareOfPeriod, measureByName, type MeasureTerm } from "../vocabulary/measures";
import { referenceRangeOn } from "../evidence/reference-range";
import { specialtiesNamedIn, specialtyPatterns, specialtySatisfies } from "../vocabulary/specialties";
import { TESTS, testByName } from "../vocabulary/tests";
import { ATTACHMENT_REFERENCE, HYPOTHETICAL_AFTER, HYPOTHETICAL_BEFORE, PENDING, PREFERENCE, isNegated, isPending } from "../vocabulary/language";
import { quote, search, withNext, type CaseIndex, type CaseLine, type Hit } from "../evidence/case-index";
import { judgeCausesExcluded } from "./causes-excluded";
import { judgeCombinationPartner } from "./combination-partner";
import { judgeConditionDuration } from "./condition-duration";
import { judgeDiseaseExtent } from "./disease-extent";
import { judgeEventCount } from "./event-counts";
import { judgeFrequency } from "./frequency-thresholds";
import { judgeCodeFrequency } from "./code-frequency-count";
import { judgeResectionMinimum } from "./resection-minimum";
import { judgeReferralExclusion } from "./referral-exclusions";
import { judgeConditionAddressed } from "./condition-addressed";
import { inQuestion, therapyEvidence, type TherapyEvidence } from "../evidence/therapies";
import { measureValues, pendingMention, testFindings, testReportLines, type MeasureValue } from "../evidence/findings";
import { describeContext, measuredIn } from "../vocabulary/measurement-context";
import { geneVariantIn, genotypesIn, judgeGeneVariant, judgeGenotype, judgeMarker, markerRequirements } from "../evidence/biomarkers";
import { ADHERENCE_REQUIREMENT_RE, adherenceShown, continuationRequest, currentUseShown, currentUseStart, responseShown } from "../evidence/continuation";
import { USE_MODES, titleModes } from "../vocabulary/use-modes";
import { concurrentPurpose, rulePurposes } from "./concurrent-purpose";
import { caseConditions, conditionSatisfies, mostSpecificPerCode, type CaseCondition } from "./case-conditions";
import { MEASURED_CHANGE_RE, PER_CYCLE_COUNT_RE, keyConcepts, parseRecency, parseThresholds } from "../policy/parse-criterion";
import { isDrugCode } from "../vocabulary/hcpcs";

export interface Ev {
  outcome: CriterionOutcome;
  reason: string;
  citations: Citation[];
  evidence: "direct" | "inferred" | "none";
  /** what outreach to the prescriber would ask for */
  missing?: string | null;
}

export interface EvalContext {
  idx: CaseIndex;
  facts: CaseFacts;
  requestDate: string | null;
  requestDateSource: RequestDateSource;
  /** the requested drug's names (never a prior or concurrent therapy) */
  requested: Set<string>;
  conditions: CaseCondition[];
  therapyCache: Map<string, Map<string, TherapyEvidence>>;
  allDrugNames: string[];
}

const ev = (
  outcome: CriterionOutcome,
  reason: string,
  citations: Citation[] = [],
  evidence: Ev["evidence"] = citations.length ? "direct" : "none",
  missing: string | null = null,
): Ev => ({ outcome, reason, citations, evidence, missing });

/**
 * A judge's verdict (`{ outcome, reason, citations }`) as the evaluation of criterion text `text`:
 * direct evidence when it cites the request, and the criterion itself as the item to request when it
 * is undecided.
 */
const judged = (j: { outcome: CriterionOutcome; reason: string; citations: Citation[] }, text: string): Ev =>
  ev(j.outcome, j.reason, j.citations, j.citations.length ? "direct" : "none", j.outcome === "insufficient" ? text : null);

/**
 * The requested drug's names (lower case) when the policy is a class document — its names resolve to
 * at least two different directory drugs — and the medication read from the request is one of them;
 * null otherwise (a single-drug policy: every name of the policy is the requested drug).
 * @param policyNames the policy's drug names (brand or generic)
 * @param read the request's medication names (drug name, generic name)
 */
export function classDocumentOwnNames(policyNames: string[], read: string[]): string[] | null {
  const generics = new Set(policyNames.flatMap((n) => (lookupDrug(n) ? [lookupDrug(n)!.generic.toLowerCase()] : [])));
  if (generics.size < 2) return null;
  const own = read.flatMap((n) => (lookupDrug(n) && generics.has(lookupDrug(n)!.generic.toLowerCase()) ? drugNames(n) : []));
  return own.length ? [...new Set(own)] : null;
}

/**
 * The drug a HCPCS drug code bills, as the policy's own code table prints it ("Tocilizumab IV (Actemra)
 * J3262 1 mg", "J0129 abatacept, 10 mg"): the known drug named nearest the code in any of `texts` (within
 * 60 characters before it or 40 after). A claim's line carries only the code ("J3262 x784"); without
 * its drug, the drug itself, documented as ongoing in the infusion record, read as "another biologic"
 * taken with the requested one. Null when no text names a known drug beside the code.
 * @param code a HCPCS Level II code ("J3262")
 * @param texts the policy's criterion texts and passages
 * @returns the drug's names (lower case: generic, brands, aliases) or null
 */
export function drugBilledByCode(code: string, texts: string[]): string[] | null {
  const codeRe = new RegExp(String.raw`\b${code.replace(/[^A-Za-z0-9]/g, "")}\b`, "gi");
  let best: { name: string; distance: number } | null = null;
  for (const t of texts) {
    for (const m of t.matchAll(codeRe)) {
      const at = m.index ?? 0;
      const from = Math.max(0, at - 60);
      const window = t.slice(from, Math.min(t.length, at + m[0].length + 40));
      for (const w of window.matchAll(/[A-Za-z][A-Za-z-]{3,}/g)) {
        if (!lookupDrug(w[0])) continue;
        const pos = from + (w.index ?? 0);
        const distance = pos < at ? at - (pos + w[0].length) : pos - (at + m[0].length);
        if (!best || distance < best.distance) best = { name: w[0], distance };
      }
    }
  }
  return best ? drugNames(best.name) : null;
}

/** Build the evaluation context of one case (computed once per review). */
export function evalContext(input: {
  idx: CaseIndex;
  facts: CaseFacts;
  requestDate: string | null;
  requestDateSource?: RequestDateSource;
  requestedNames: string[];
  /** the policy's criterion texts and passages (a drug code's line finds its drug there: drugBilledByCode) */
  policyTexts?: string[];
}): EvalContext {
  const requested = new Set<string>();
  for (const n of input.requestedNames) for (const x of drugNames(n)) requested.add(x);
  // a claim line that bills a drug by its HCPCS code alone ("J3262 x784") requests the drug the
  // policy's code table names for that code
  const lineCode = input.facts.service_line?.code ?? null;
  const lineRead = [input.facts.medication?.drug_name, input.facts.medication?.generic_name].filter((n): n is string => !!n);
  if (lineCode && isDrugCode(lineCode) && !lineRead.some((n) => n.split(/\s+/).some((w) => lookupDrug(w))))
    for (const x of drugBilledByCode(lineCode, input.policyTexts ?? []) ?? []) requested.add(x);
  // the medication read from the fax is the requested drug too — unless the policy names its drugs and
  // that name is none of them (a discharge summary's first reconciliation row, "Lactulose … NEW",
  // read as the request): then it is another drug the member takes, never "the requested drug"
  // (each name on its own: a drug name resolved to the formulary's "Xifaxan" beside a generic name
  // still read from the lactulose row)
  const read = [input.facts.medication?.drug_name, input.facts.medication?.generic_name].filter((n): n is string => !!n);
  const policyNames = new Set(requested);
  // a service line's item is read from the line itself ("Q5103 Inflectra (infliximab-dyyb)"): it is the
  // requested drug whatever names the policy was stored under (its HCPCS code), never "another biologic"
  const ownLine = !!input.facts.service_line;
  for (const n of read)
    if (ownLine || !input.requestedNames.length || drugNames(n).some((x) => policyNames.has(x))) for (const x of drugNames(n)) requested.add(x);
  // a class document names several different drugs ("Gemtesa, Myrbetriq, Toviaz …"): the requested
  // drug is the request's own one of them, and the class's other agents are prior therapies the
  // policy may require ("a trial of mirabegron" before vibegron), never "the requested drug"
  const own = classDocumentOwnNames(input.requestedNames, read);
  if (own && !ownLine) {
    requested.clear();
    for (const x of own) requested.add(x);
  }
  const all = new Set<string>();
  for (const d of DRUGS) {
    all.add(d.generic.toLowerCase());
    for (const b of d.brands) all.add(b.toLowerCase());
    for (const a of d.aliases ?? []) all.add(a.toLowerCase());
  }
  return {
    idx: input.idx,
    facts: input.facts,
    requestDate: input.requestDate,
    requestDateSource: input.requestDateSource ?? (input.requestDate ? "form_date" : "none"),
    requested,
    conditions: caseConditions(input.facts, input.idx),
    therapyCache: new Map(),
    allDrugNames: [...all],
  };
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// helpers

/**
 * `text` cut to at most `max` characters at a word boundary, with "…" when cut: a quote in a reason
 * never ends mid-word ("… every 8 we)", issue 24: what a reviewer reads is true to its source).
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const atWord = cut.replace(/\s+\S*$/, "");
  return `${(atWord.length >= max / 2 ? atWord : cut).replace(/[\s,;:(]+$/, "")}…`;
}

/**
 * The outcome words of a trial as its evidence states them, every one of them: a methotrexate trial
 * documented both "inadequate response" and "stopped for nausea" says both, and one documented only
 * as failed never reads "not tolerated" (issue 24, item 3). Empty when no outcome is documented.
 */
export function trialOutcomeWords(t: Pick<TherapyEvidence, "failure" | "intolerance" | "contraindicated">): string {
  const words = [t.failure && "inadequate response", t.intolerance && "not tolerated", t.contraindicated && "contraindicated"].filter(Boolean);
  return words.length ? `, ${words.join(" and ")}` : "";
}

function candidateDrugs(drugs: string[], classes: string[], ctx: EvalContext, excluded: string[] = []): string[] {
  const out = new Set<string>();
  for (const d of drugs) for (const n of drugNames(d)) out.add(n);
  for (const c of classes) for (const m of classMembers(c)) out.add(m);
  for (const e of excluded) for (const n of drugNames(e)) out.delete(n);
  for (const r of ctx.requested) out.delete(r);
  // a component of the requested combination product ("sofosbuvir" of sofosbuvir/velpatasvir) is the
  // requested drug, never "another" drug taken with it
  for (const r of ctx.requested) if (/[/+]/.test(r)) for (const part of r.split(/\s*[/+]\s*/)) for (const n of drugNames(part)) out.delete(n);
  return [...out];
}

function therapies(ctx: EvalContext, names: string[]): TherapyEvidence[] {
  const key = [...names].sort().join("|");
  let got = ctx.therapyCache.get(key);
  if (!got) {
    got = therapyEvidence(ctx.idx, names, ctx.allDrugNames, ctx.facts);
    ctx.therapyCache.set(key, got);
  }
  // one entry per active ingredient (a brand and its generic are one trial)
  const byGeneric = new Map<string, TherapyEvidence>();
  for (const t of got.values()) {
    const g = lookupDrug(t.drug)?.generic.toLowerCase() ?? t.drug;
    const cur = byGeneric.get(g);
    if (!cur) byGeneric.set(g, { ...t, drug: g });
    else
      byGeneric.set(g, {
        ...cur,
        days: Math.max(cur.days ?? -1, t.days ?? -1) < 0 ? null : Math.max(cur.days ?? -1, t.days ?? -1),
        dose: cur.dose ?? t.dose,
        intolerance: cur.intolerance || t.intolerance,
        contraindicated: cur.contraindicated || t.contraindicated,
        failure: cur.failure || t.failure,
        ongoing: cur.ongoing || t.ongoing,
        stopped: cur.stopped || t.stopped,
        notTaken: cur.notTaken && t.notTaken,
        explicitlyNotTaken: cur.explicitlyNotTaken || t.explicitlyNotTaken,
        mgPerDay: Math.max(cur.mgPerDay ?? 0, t.mgPerDay ?? 0) || null,
        mgPerWeek: Math.max(cur.mgPerWeek ?? 0, t.mgPerWeek ?? 0) || null,
        citations: [...cur.citations, ...t.citations].slice(0, 4),
      });
  }
  return [...byGeneric.values()];
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const what = (spec: { drugs: string[]; classes: string[] }) => [...spec.classes, ...spec.drugs].join(" / ") || "the required therapy";

// ─────────────────────────────────────────────────────────────────────────────────────────────
// evaluators

function birthDate(ctx: EvalContext): { date: string; citation: Citation | null } | null {
  if (ctx.facts.patient?.birth_date)
    return {
      date: ctx.facts.patient.birth_date,
      citation: ctx.facts.patient.citations?.find((c) => /\d/.test(c.text)) ?? ctx.facts.patient.citations?.[0] ?? null,
    };
  return null;
}

function evalAge(spec: CriterionOf<"age">, ctx: EvalContext): Ev {
  const b = birthDate(ctx);
  if (!b) return ev("insufficient", "Date of birth not found in the request.", [], "none", "Patient's date of birth");
  if (!ctx.requestDate || ctx.requestDateSource === "none")
    return ev("insufficient", "Request date unknown; age cannot be computed.", b.citation ? [b.citation] : [], "none", "Date of the request");
  const a = ageOn(b.date, ctx.requestDate);
  const cites = b.citation ? [b.citation] : [];
  const shown = `Patient is ${a.years} on ${ctx.requestDate} (DOB ${b.date})`;
  // with no written request date (judged as of the latest documented date), an age that fails is
  // asked about, never denied on: the request may have been sent after a birthday
  const fail = (why: string) =>
    ctx.requestDateSource === "latest_document" || ctx.requestDateSource === "received_date"
      ? ev(
          "insufficient",
          `${why} The request carries no date; a reviewer should confirm the age on the date it was sent.`,
          cites,
          "direct",
          "Date of the request",
        )
      : ev("not_met", why, cites);
  // a bound for one sex ("Male, 18 or older"): the member's sex as the request gives it
  if (spec.sex) {
    const sex = memberSex(ctx);
    if (!sex)
      return ev("insufficient", `The policy requires a ${spec.sex} member; the request does not give the member's sex.`, cites, "none", "The member's sex");
    if (sex !== spec.sex) return ev("not_met", `The policy requires a ${spec.sex} member; the request gives the member's sex as ${sex}.`, cites);
  }
  if (spec.min_years != null && a.years < spec.min_years) return fail(`${shown}; the policy requires ≥ ${spec.min_years} years.`);
  if (spec.min_months != null && a.months < spec.min_months) return fail(`Patient is ${a.months} months old; the policy requires ≥ ${spec.min_months} months.`);
  if (spec.max_years != null && a.years >= spec.max_years) return fail(`${shown}; the policy requires younger than ${spec.max_years}.`);
  return ev("met", `${shown}.`, cites);
}

function evalPrescriber(spec: CriterionOf<"prescriber">, ctx: EvalContext): Ev {
  if (spec.by_condition?.length) {
    // a specialty per indication: only the request's own indication's entry counts
    const coded = ctx.conditions.filter((c) => c.source !== "text");
    const pick = (cs: CaseCondition[]) => spec.by_condition!.filter((e) => cs.some((c) => conditionSatisfies(c, e.conditions, [])));
    const own = pick(coded).length ? pick(coded) : pick(ctx.conditions);
    if (!own.length)
      return ev(
        "insufficient",
        `The policy names the prescriber's specialty per indication (${spec.by_condition.map((e) => `${e.specialties.join(" or ")} for ${e.conditions.join(", ")}`).join("; ")}); the request's indication is none of them.`,
        [],
        "none",
        "The indication the drug is requested for, and the prescriber's specialty",
      );
    return evalPrescriber({ ...spec, specialties: [...new Set(own.flatMap((e) => e.specialties))], by_condition: undefined }, ctx);
  }
  const pr = ctx.facts.practitioner;
  const want = spec.specialties;
  const sat = (names: string[]) => names.some((h) => want.some((w) => specialtySatisfies(h, w)));
  const field = pr?.specialty ?? null;
  // the citation of the specialty itself (not the practitioner's first one, e.g. the signature)
  const specCite = field ? (pr?.citations ?? []).filter((c) => c.text.toLowerCase().includes(field.toLowerCase().slice(0, 12))) : [];
  const found = field && !specCite.length ? search(ctx.idx, new RegExp(field.slice(0, 40).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i"))[0] : undefined;
  const cites = specCite.length
    ? specCite.slice(0, 1)
    : found
      ? [quote(ctx.idx, found.line, found.index, found.index + found.length)]
      : (pr?.citations?.slice(0, 1) ?? []);
  // OCR look-alike digits inside words ("Endocrin0logy") read as the letters they stand for
  const readable = field ? field.replace(/(?<=[A-Za-z])0(?=[A-Za-z])/g, "o").replace(/(?<=[A-Za-z])[1|](?=[A-Za-z])/g, "l") : null;
  if (readable && sat(specialtiesNamedIn(readable))) return ev("met", `Prescriber specialty "${field}" is ${want.join(" / ")}.`, cites);
  const org = pr?.organization_name ?? null;
  if (org && sat(specialtiesNamedIn(org))) return ev("met", `The prescriber's practice "${org}" is a ${want.join(" / ")} practice.`, cites);
  // a documented consultation or co-management counts; a bare mention of the specialty does not
  const CONSULT =
    /consult|co-?manag|in conjunction with|seen by|evaluated by|recommend(?:ed|s|ation)? (?:by|from)|under the care of|managed by|followed by|in collaboration with|per (?:his|her|their|the)?\s*\w*|(?:specialist|physician|provider)[:\s]|signed by|electronically signed/i;
  for (const w of want) {
    for (const p of specialtyPatterns(w)) {
      const hits = search(ctx.idx, new RegExp(p.source, "i")).filter(
        (h) =>
          !h.negated &&
          !/refer(?:red|ral)? to\b[^.]{0,30}$/.test(h.line.lower.slice(0, h.index)) &&
          (!field || CONSULT.test(h.line.lower.slice(Math.max(0, h.index - 50), h.index + h.length + 30))),
      );
      if (hits.length)
        return ev("met", `The request documents ${w} involvement.`, [quote(ctx.idx, hits[0].line, hits[0].index, hits[0].index + hits[0].length)]);
    }
  }
  // a failure needs a specialty read as a known, different specialty; a garbled or unknown one
  // ("Endoerinology", "Clinic") is something to confirm, never a reason to deny
  const stated = readable ? specialtiesNamedIn(readable) : [];
  const nearMiss = !!readable && want.some((w) => looksLikeSpecialty(readable, w));
  if (field && stated.length && !nearMiss)
    return ev(
      "not_met",
      `Prescriber specialty is "${field}"; the policy requires prescribing by or consultation with a ${want.join(" or ")}, and no consultation is documented.`,
      cites,
      cites.length ? "direct" : "none",
      `Consultation note from a ${want.join(" or ")}, if one was obtained`,
    );
  if (field)
    return ev(
      "insufficient",
      `Prescriber specialty reads "${field}", which the engine cannot match to ${want.join(" or ")} with certainty; a reviewer should confirm.`,
      cites,
      cites.length ? "direct" : "none",
      `Prescriber specialty (policy requires ${want.join(" or ")})`,
    );
  return ev("insufficient", "Prescriber specialty is not stated.", [], "none", `Prescriber specialty (policy requires ${want.join(" or ")})`);
}

/**
 * True when a word of `text` is an OCR-damaged spelling of the specialty `name` (its word stem
 * within two edits: "Endoerinology" for endocrinologist).
 */
function looksLikeSpecialty(text: string, name: string): boolean {
  const stems = specialtyPatterns(name)
    .map((p) => p.source.toLowerCase().replace(/^\(\?<!\[a-z\]\)\(\?:(.*)\)$/, "$1"))
    .filter((p) => /^[a-z ]{6,}$/.test(p));
  const words = text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 6);
  return stems.some((stem) => words.some((w) => editDistance(w.slice(0, stem.length), stem) <= 2));
}

/** "will stop", "will be stopped / discontinued", "to be stopped", "stop … before the first dose / starting" */
const PLANNED_STOP_RE =
  /\b(?:will (?:stop|discontinue|d\/c|taper off|come off)|will be (?:stopped|discontinued|tapered off|held)|(?:is |are )?to be (?:stopped|discontinued)|plan(?:s|ned)? to (?:stop|discontinue)|stop(?:ped)? (?:it |them )?(?:before|prior to|at|upon|when) (?:the )?(?:first dose|starting|initiation|start)|discontinue[ds]? (?:it |them )?(?:before|prior to|at|upon|when) (?:the )?(?:first dose|starting|initiation|start))\b/i;

/**
 * A stop of `drug` the request plans before the requested drug starts, stated anywhere in the request
 * ("Will stop lisinopril", "ACE inhibitor / ARB will be stopped before the first dose [X] Y"): the
 * phrase within one sentence of the drug's name or of a class it belongs to, on a line with no
 * negative answer ticked. A combination the request ends before it begins is no combination. Returns
 * the quoted phrase, or null.
 */
function plannedStopOf(drug: string, ctx: EvalContext): Citation | null {
  const entry = lookupDrug(drug);
  const names = [...new Set([drug, ...(entry ? drugNames(entry.generic) : [])].map((n) => n.toLowerCase()).filter((n) => n.length > 3))];
  const classRes = (entry ? classesOfDrug(entry.generic) : [])
    .flatMap((c) => DRUG_CLASSES.find((k) => k.name === c)?.aliases ?? [])
    .map((a) => new RegExp(a, "i"));
  for (const h of search(ctx.idx, PLANNED_STOP_RE)) {
    if (h.negated) continue;
    const text = withNext(ctx.idx, h.line).toLowerCase();
    // the sentence (or form question) around the phrase
    const from = Math.max(0, text.lastIndexOf(".", h.index) + 1, h.index - 90);
    const window = text.slice(from, Math.min(text.length, h.index + h.length + 40));
    if (/\[\s*[x✓✔]\s*\]\s*n(?:o)?\b/i.test(text.slice(h.index, h.index + h.length + 60))) continue;
    if (names.some((n) => window.includes(n)) || classRes.some((re) => re.test(window))) return quote(ctx.idx, h.line, h.index, h.index + h.length);
  }
  return null;
}

function ongoingOf(spec: { drugs: string[]; classes: string[] }, ctx: EvalContext, opts: { combination?: boolean } = {}): TherapyEvidence | null {
  const cands = candidateDrugs(spec.drugs, spec.classes, ctx);
  for (const t of therapies(ctx, cands)) {
    if (t.notTaken || (t.stopped && !t.ongoing)) continue;
    // for combination checks, "will stop X" / "switching from X" is a transition, not a combination
    const cited = t.citations.map((c) => c.text.toLowerCase()).join(" ");
    if (
      opts.combination &&
      /\b(?:will (?:stop|discontinue|be stopped|be discontinued)|to be (?:stopped|discontinued)|switch(?:ed|ing)? from|transition(?:ed|ing)? from|changed from|replac(?:e|ing)|instead of|discontinue|stop(?:ping)? (?:it|this|the)|(?:plan|will|to)\W{1,3}(?:stop|discontinue|d\/c)\b|last dose\b)/.test(
        cited,
      )
    )
      continue;
    if (opts.combination && plannedStopOf(t.drug, ctx)) continue;
    if (t.ongoing) return t;
  }
  for (const c of ctx.facts.concurrent_therapies ?? []) {
    if (opts.combination && plannedStopOf(c.drug_name, ctx)) continue;
    const n = c.drug_name.toLowerCase();
    if (cands.some((d) => n === d || n.startsWith(d + " ") || n.includes(d)))
      return {
        drug: c.drug_name,
        days: c.duration_days,
        dose: c.dose,
        outcome: c.outcome,
        intolerance: false,
        contraindicated: false,
        failure: false,
        ongoing: true,
        stopped: false,
        notTaken: false,
        explicitlyNotTaken: false,
        citations: c.citations,
      };
  }
  return null;
}

/**
 * A therapy the request documents both as stopped (a dated stop, "discontinued") and, elsewhere, as
 * taken ("breakthrough disease on glatiramer"): which one is current is not clear, so it is never
 * the ground of an adverse outcome (a combination exclusion or a no-concurrent-use failure).
 */
function conflictedOngoing(t: TherapyEvidence): Ev | null {
  if (!(t.stopped && t.ongoing)) return null;
  return ev(
    "insufficient",
    `${cap(t.drug)} is documented both as stopped and as taken; whether it continues with the requested drug is not clear.`,
    t.citations.slice(0, 2),
    "direct",
    `Whether ${t.drug} continues together with the requested drug`,
  );
}

/**
 * The daily dose (mg per day) above which a concurrent-use rule applies to `drug`, when the rule's
 * text qualifies that drug with one: "simvastatin at a dose above 20 mg daily or pravastatin above
 * 40 mg daily" → 20 for simvastatin, 40 for pravastatin. Null when the drug is not qualified.
 */
export function doseQualifierFor(text: string, drug: string): number | null {
  const t = text.toLowerCase();
  for (const name of drugNames(drug)) {
    const at = new RegExp(`(?<![a-z])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![a-z])`).exec(t);
    if (!at) continue;
    const clause = t.slice(at.index + name.length, at.index + name.length + 60).split(/\bor\b|[,;(]/)[0];
    const m = /\b(?:above|greater than|more than|exceeding|over|higher than)\s+(\d+(?:\.\d+)?)\s*mg\b|>\s*(\d+(?:\.\d+)?)\s*mg\b/.exec(clause);
    if (m) return Number(m[1] ?? m[2]);
  }
  return null;
}

/**
 * A concurrent therapy `t` against the dose that a rule names for it (doseQualifierFor): "under" when
 * its documented daily dose is at or below that dose (the rule does not reach it), "unknown" when
 * its daily dose is not documented, null when the rule names no dose for it or the dose is above.
 */
function belowDoseQualifier(text: string, t: TherapyEvidence): { ceiling: number; state: "under" | "unknown" } | null {
  const ceiling = doseQualifierFor(text, t.drug);
  if (ceiling == null) return null;
  if (t.mgPerDay == null) return { ceiling, state: "unknown" };
  return t.mgPerDay <= ceiling ? { ceiling, state: "under" } : null;
}

/**
 * "will not be used in the same eye at the same time as another VEGF inhibitor": a rule about one eye
 * (ear, joint, limb, side) is broken only by the other drug in the eye the request treats. The request's
 * side is the one written nearest the requested drug's mentions; the other drug's side the one written
 * in its own sentences. "other": every side of the other drug is one the request does not treat (met);
 * "same": a side is shared, or either is unknown (a reviewer decides — never a failure). Null when the
 * rule names no such site.
 */
function sameSiteRule(spec: { text: string }, t: TherapyEvidence, ctx: EvalContext): "other" | "same" | null {
  if (!/\bsame (?:eye|ear|joint|knee|hip|shoulder|side|limb|site|lesion)\b/i.test(spec.text)) return null;
  const sides = (s: string) => {
    const out = new Set<string>();
    // (a side is named with its organ or as OD / OS: a bare "right" — "start it right away" — names none)
    if (/\bright\s+(?:eye|ear|knee|hip|shoulder|side|limb|arm|leg)s?\b|\(od\)|\bod\b/i.test(s)) out.add("right");
    if (/\bleft\s+(?:eye|ear|knee|hip|shoulder|side|limb|arm|leg)s?\b|\(os\)|\bos\b/i.test(s)) out.add("left");
    if (/\bboth (?:eyes|ears|knees|hips|sides)\b|\bbilateral(?:ly)?\b|\bou\b/i.test(s)) {
      out.add("right");
      out.add("left");
    }
    return out;
  };
  // the other drug's sentences (its citations and the sentence they continue on the next line)
  // (only the sentences naming it: a report heading the citation runs into — "FLUORESCEIN ANGIOGRAPHY OD" — is not its side)
  const names = drugNames(t.drug);
  const otherText = t.citations
    .map((c) => c.text.replace(/\n[A-Z0-9][A-Z0-9 ()/,-]{4,}(?=\n|$)/g, " "))
    .flatMap((c) => c.split(/(?<=[.;])\s+/))
    .filter((x) => names.some((n) => x.toLowerCase().includes(n)))
    .join(" ");
  const otherSides = sides(otherText);
  // the request's side: the sentences naming the requested drug with a side ("… faricimab … for the RIGHT eye")
  const own = new Set<string>();
  for (const line of ctx.idx.lines) {
    if (![...ctx.requested].some((n) => n.length > 3 && line.lower.includes(n))) continue;
    for (const sentence of line.lower.split(/(?<!\b(?:mr|mrs|ms|dr|st|vs|no)\.)(?<=[.;])\s+/))
      if ([...ctx.requested].some((n) => n.length > 3 && sentence.includes(n))) for (const x of sides(sentence)) own.add(x);
  }
  if (!otherSides.size || !own.size) return "same";
  return [...otherSides].some((x) => own.has(x)) ? "same" : "other";
}

function evalNoConcurrent(spec: CriterionOf<"no_concurrent">, ctx: EvalContext): Ev {
  const t = ongoingOf(spec, ctx, { combination: true });
  const conflicted = t && conflictedOngoing(t);
  if (conflicted) return conflicted;
  const dose = t && belowDoseQualifier(spec.text, t);
  if (t && dose?.state === "under")
    return ev("met", `${cap(t.drug)} ${t.mgPerDay} mg daily is not above the ${dose.ceiling} mg daily the policy names.`, t.citations.slice(0, 2));
  if (t && dose)
    return ev(
      "insufficient",
      `${cap(t.drug)} is documented with the requested drug, but not its daily dose; the policy limits it only above ${dose.ceiling} mg daily.`,
      t.citations.slice(0, 2),
      "direct",
      `Daily dose of ${t.drug}`,
    );
  const otherUse = t && outsideRuledUse(spec.text, t);
  if (t && otherUse)
    return ev(
      "met",
      `${cap(t.drug)} is taken for ${otherUse.taken} use; the policy's combination rule is about ${otherUse.rule} use.`,
      t.citations.slice(0, 2),
    );
  const purpose = t && outsideRuledPurpose(spec.text, t, "criterion");
  if (purpose) return purpose;
  const site = t && sameSiteRule(spec, t, ctx);
  if (t && site === "other")
    return ev("met", `${cap(t.drug)} is documented for the other side only; the policy's rule is about the same site.`, t.citations.slice(0, 2));
  if (t && site === "same")
    return ev(
      "insufficient",
      `${cap(t.drug)} is documented with the requested drug; the policy's rule is about the same site, and the request does not show clearly which site each treats.`,
      t.citations.slice(0, 2),
      "direct",
      `The site (eye, ear, joint or side) each drug is given in`,
    );
  // a claim line that bills a drug code whose drug is known neither from the line nor from the
  // policy's code table: the "other" drug may be the billed drug itself — never a denial
  const lineCode = ctx.facts.service_line?.code ?? "";
  if (t && isDrugCode(lineCode) && ![...ctx.requested].some((n) => lookupDrug(n)))
    return ev(
      "insufficient",
      `Ongoing ${t.drug} is documented, but the drug billed with ${lineCode} is not named on the line or in the policy's code table; a reviewer must confirm that ${t.drug} is another drug.`,
      t.citations.slice(0, 2),
      "direct",
      `The drug billed with ${lineCode}`,
    );
  if (t)
    return ev(
      "not_met",
      `Ongoing ${t.drug} is documented with the requested drug (the policy does not allow ${what(spec)} together with it).`,
      t.citations.slice(0, 2),
    );
  return ev("met", `No ongoing ${what(spec)} is documented besides the requested drug.`, [], "inferred");
}

/**
 * A combination rule limited to one use ("not used in combination with another CGRP agent for the
 * preventive treatment of migraine") does not reach a concurrent drug the request documents only for
 * the other use ("rimegepant as needed for acute attacks"): the use each names, or null when the rule
 * names no single use or the drug's own lines do not name only the other one (then the rule applies
 * as written).
 */
function outsideRuledUse(ruleText: string, t: TherapyEvidence): { rule: "acute" | "preventive"; taken: "acute" | "preventive" } | null {
  const ruled = titleModes(ruleText);
  if (ruled.length !== 1) return null;
  const text = t.citations.map((c) => c.text.toLowerCase()).join(" \n ");
  const taken = USE_MODES.filter((u) => {
    const re = new RegExp(u.request.source, "gi");
    return [...text.matchAll(re)].some((m) => !isNegated(text, m.index ?? 0));
  }).map((u) => u.mode);
  return taken.length === 1 && taken[0] !== ruled[0] ? { rule: ruled[0], taken: taken[0] } : null;
}

/**
 * A concurrent-use rule limited to one purpose (concurrent-purpose.ts) against the ongoing drug `t`:
 * outside it when the request documents the drug for other conditions only — as an exclusion "does
 * not apply" (not_met), as a no-concurrent-use criterion "met" — and for a reviewer when the request
 * does not say what the drug is for; null when the rule applies as written.
 */
function outsideRuledPurpose(ruleText: string, t: TherapyEvidence, role: "criterion" | "exclusion"): Ev | null {
  const purposes = rulePurposes(ruleText, t.drug);
  const p = concurrentPurpose(purposes, t.citations);
  if (!p) return null;
  if (p.state === "other")
    return ev(
      role === "exclusion" ? "not_met" : "met",
      `${cap(t.drug)} is documented for ${p.taken.join(", ")}; the policy's rule is about use for ${purposes.join(" / ")}.`,
      t.citations.slice(0, 2),
    );
  return ev(
    "insufficient",
    `${cap(t.drug)} is documented with the requested drug, but not what it is prescribed for; the policy's rule is about use for ${purposes.join(" / ")}.`,
    t.citations.slice(0, 2),
    "direct",
    `What ${t.drug} is prescribed for`,
  );
}

function evalCurrent(spec: CriterionOf<"current_therapy">, ctx: EvalContext): Ev {
  const t = ongoingOf(spec, ctx);
  if (t) return ev("met", `Currently on ${t.drug}.`, t.citations.slice(0, 2));
  // "The medication will be used in combination with fulvestrant": a partner started with the requested
  // drug is not yet current; a regimen joining the two ("Plan: fulvestrant + capivasertib") meets it
  const partner = judgeCombinationPartner(spec.text, ctx.idx, ctx.requested, ctx.allDrugNames);
  if (partner) return judged(partner, spec.text);
  const cands = candidateDrugs(spec.drugs, spec.classes, ctx);
  const all = therapies(ctx, cands);
  const stopped = all.find((x) => x.stopped && !x.ongoing && !x.notTaken);
  if (stopped)
    return ev(
      "insufficient",
      `${cap(stopped.drug)} is documented but not as current therapy.`,
      stopped.citations.slice(0, 1),
      "direct",
      `Whether the patient is currently taking ${what(spec)}`,
    );
  return ev("insufficient", `No current ${what(spec)} documented.`, [], "none", `Current ${what(spec)} (drug, dose, start date)`);
}

const WITHIN = (ctx: EvalContext, date: string | null, days: number | null) =>
  days == null || !ctx.requestDate || (date != null && daysBetween(date, ctx.requestDate) <= days && daysBetween(date, ctx.requestDate) >= -1);

function cmp(op: string, v: number, a: number, b?: number): boolean {
  return op === ">=" ? v >= a : op === ">" ? v > a : op === "<=" ? v <= a : op === "<" ? v < a : v >= a && v <= (b ?? Infinity);
}
const showOp = (op: string, a: number, b?: number) => (op === "between" ? `${a}–${b}` : `${op} ${a}`);

/**
 * The member's sex: the extracted one, else a labelled field the extraction did not read ("DOB / Sex:
 * 12/14/1982 F", "Gender: Female") when every such field agrees; null when unknown.
 */
function memberSex(ctx: EvalContext): "male" | "female" | null {
  const g = ctx.facts.patient?.gender;
  if (g === "male" || g === "female") return g;
  const seen = new Set<"male" | "female">();
  for (const h of search(ctx.idx, /\b(?:sex|gender)\b[^:\n]{0,12}:\s*(?:\d{1,2}\/\d{1,2}\/\d{2,4}\s+)?(?:male|female|m|f)\b/i)) {
    const v = /:\s*(?:\d{1,2}\/\d{1,2}\/\d{2,4}\s+)?(male|female|m|f)\b/i.exec(h.line.text.slice(h.index));
    if (v) seen.add(/^f/i.test(v[1]) ? "female" : "male");
  }
  return seen.size === 1 ? [...seen][0] : null;
}

/**
 * A lab limit relative to the normal range ("ALT above 2 x ULN", "hemoglobin below the LLN", "TSH
 * within normal limits"): the latest result (within the policy's window) against the limit the policy
 * defines itself (by the member's sex when it gives one per sex) or else the reference range printed
 * beside that result. Met or not met only with both numbers; a result without a range, or a sex-specific
 * limit for a member whose sex is unknown and on which the verdict turns, is needs-more-information.
 */
function evalRelativeLab(spec: CriterionOf<"lab">, m: MeasureTerm, ctx: EvalContext): Ev {
  const limit =
    spec.relative === "range"
      ? "the normal range"
      : `${spec.value === 1 ? "" : `${spec.value} x `}the ${spec.relative === "upper" ? "upper" : "lower"} limit of normal`;
  const want = `${m.name} ${spec.relative === "range" ? "within" : spec.op} ${limit}`;
  const vals = measureValues(ctx.idx, m)
    .filter((v) => v.citation && v.line != null && !v.bound)
    .sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""));
  if (!vals.length) {
    const p = pendingMention(
      ctx.idx,
      m.aliases.filter((a) => !/^\\b/.test(a)),
    );
    if (p) return ev("insufficient", `${m.name} is pending or not yet available.`, [quote(ctx.idx, p.line, p.index)], "direct", `${m.name} result (${want})`);
    return ev(
      "insufficient",
      `No ${m.name} result in the request; the policy requires ${want}.`,
      [],
      "none",
      `${m.name} result with its reference range (${want})`,
    );
  }
  const latest = vals[0];
  if (spec.within_days != null && ctx.requestDate) {
    const age = latest.date ? daysBetween(latest.date, ctx.requestDate) : null;
    if (age == null || age > spec.within_days)
      return ev(
        "insufficient",
        `${m.name} ${latest.value}${latest.date ? ` is dated ${latest.date}` : " has no date"}; the policy requires a result within ${spec.within_days} days.`,
        [latest.citation],
        "direct",
        `A ${m.name} result from the last ${spec.within_days} days`,
      );
  }
  const shown = `${m.name} ${latest.value}${latest.date ? ` on ${latest.date}` : ""}`;
  const judge = (low: number | null, high: number | null): boolean | null => {
    if (spec.relative === "range") return low == null || high == null ? null : latest.value >= low && latest.value <= high;
    const bound = spec.relative === "upper" ? high : low;
    return bound == null ? null : cmp(spec.op, latest.value, spec.value * bound, spec.value_max != null ? spec.value_max * bound : undefined);
  };
  let verdict: boolean | null = null;
  let basis = "";
  if (spec.uln && spec.relative === "upper") {
    // the policy's own ULN overrides the laboratory's; one per sex decides only when the sex is known
    // or both give the same verdict
    const sex = memberSex(ctx);
    const own = spec.uln.any ?? (sex === "male" ? spec.uln.male : sex === "female" ? spec.uln.female : undefined);
    if (own != null) {
      verdict = judge(null, own);
      basis = `the policy's ULN of ${own}`;
    } else if (spec.uln.male != null && spec.uln.female != null && judge(null, spec.uln.male) === judge(null, spec.uln.female)) {
      verdict = judge(null, spec.uln.male);
      basis = `the policy's ULN of ${spec.uln.male} (men) / ${spec.uln.female} (women)`;
    } else
      return ev(
        "insufficient",
        `${shown}: the policy's ULN depends on the member's sex, which the request does not give.`,
        [latest.citation],
        "direct",
        `The member's sex (${want})`,
      );
  } else {
    // the line the value was read from (its text starts the value's line, which may carry the next)
    const range = printedRange(ctx, m, latest);
    if (range) {
      verdict = judge(range.low, range.high);
      basis = `the laboratory's reference range ${range.low ?? ""}${range.low != null && range.high != null ? "–" : range.high != null ? "< " : "> "}${range.high ?? ""}`;
    }
  }
  if (verdict == null)
    return ev(
      "insufficient",
      `${shown} is documented without the laboratory's reference range; the policy's limit (${want}) is relative to it.`,
      [latest.citation],
      "direct",
      `${m.name} with its laboratory reference range (${want})`,
    );
  return verdict
    ? ev("met", `${shown} meets ${want} (${basis}).`, [latest.citation])
    : ev("not_met", `${shown} does not meet ${want} (${basis}).`, [latest.citation]);
}

/** a value not drawn fasting: "random", "non-fasting", "postprandial", "2 h after a meal" */
const NOT_FASTING_RE = /\bnon-?fasting\b|\bnot fasting\b|\brandom\b|\bpost-?prandial\b|\bafter (?:a |the |his |her )?(?:meal|eating|lunch|dinner|breakfast)\b/i;

function evalLab(spec: CriterionOf<"lab">, ctx: EvalContext): Ev {
  const m = measureByName(spec.measure) ?? MEASURES.find((x) => x.name.toLowerCase() === spec.measure.toLowerCase());
  if (m && spec.relative) return evalRelativeLab(spec, m, ctx);
  const want = `${spec.baseline ? "untreated/baseline " : ""}${spec.measure} ${showOp(spec.op, spec.value, spec.value_max)}${spec.unit ? ` ${spec.unit}` : ""}${spec.context ? ` ${describeContext(spec.context)}` : ""}`;
  if (!m) return ev("insufficient", `The policy measure "${spec.measure}" is not one the engine can read.`, [], "none", spec.text);
  let vals = measureValues(ctx.idx, m);
  // a percentage threshold reads percentages, an absolute threshold skips them (FEV1 71% vs 1.98 L)
  const pct = (u: string) => /^\s*%/.test(u);
  if (spec.unit === "%" || spec.unit === "% predicted") {
    const p = vals.filter((v) => pct(v.unitText));
    if (p.length) vals = p;
    // a lung volume or transfer in litres or mL/min/mmHg ("FVC 2.31 L") is not a percentage of predicted
    else if (m.unit === "% predicted") vals = vals.filter((v) => !/^\s*(?:m?l\b|liters?|litres?)/i.test(v.unitText));
  } else if (m.percentIsOther || (spec.unit && spec.unit !== "%")) {
    const a = vals.filter((v) => !pct(v.unitText));
    if (a.length) vals = a;
  }
  // "SpO2 at or below 88% at rest, on room air": only a value read where its setting is written counts
  // (an extracted lab carries no setting, so it never does)
  const setting = spec.context;
  if (setting) vals = vals.filter((v) => v.line != null && measuredIn(v.line, setting));
  // "the most recent fasting triglyceride level": a value its line calls random, non-fasting or
  // drawn after a meal is no fasting value (it neither meets nor fails the requirement)
  const notFasting = /\bfasting\b/i.test(spec.text) && !/\bnon-?fasting\b/i.test(spec.text) ? vals.filter((v) => v.line && NOT_FASTING_RE.test(v.line)) : [];
  if (notFasting.length) vals = vals.filter((v) => !notFasting.includes(v));
  // "a resting heart rate of 70 bpm or more, documented on a 12-lead ECG": only a value of that
  // test's report counts (an office pulse is not the ECG's rate)
  const onTest = spec.on_test ? testByName(spec.on_test) : null;
  if (spec.on_test) {
    const report = onTest ? testReportLines(ctx.idx, onTest, TESTS) : new Set<number>();
    const lines = ctx.idx.lines.filter((l) => report.has(l.index));
    vals = vals.filter((v) => v.line != null && lines.some((l) => l.text && v.line!.startsWith(l.text)));
  }
  for (const l of setting || spec.on_test ? [] : (ctx.facts.labs ?? [])) {
    if (l.value == null || l.name.toLowerCase() !== m.name.toLowerCase()) continue;
    if (vals.some((v) => v.value === l.value && v.date === l.date)) continue;
    // (the extracted copy of a value read above as not fasting is not fasting either)
    if (notFasting.some((v) => v.value === l.value && (v.date === l.date || !v.date || !l.date))) continue;
    vals.push({ value: l.value, unitText: l.unit ?? "", date: l.date, baseline: false, citation: l.citations?.[0] });
  }
  vals = vals.filter((v) => v.citation);
  // "a Corrected Calcium of at least 7.8 mg/dL", "ionized calcium": only a value its line names in that
  // form counts — the total calcium printed above it on the same report is another measurement (it had
  // failed the requirement at 7.6 while the corrected value, 7.9, met it)
  const form = measureForm(spec.text, spec.measure);
  if (form) {
    const stem = new RegExp(`\\b${form.slice(0, 5)}`, "i");
    vals = vals.filter((v) => v.line != null && stem.test(v.line));
  }
  if (spec.baseline) {
    const base = vals.filter((v) => v.baseline);
    if (base.length) {
      const best = base.sort((a, b) => (spec.op.startsWith(">") ? b.value - a.value : a.value - b.value))[0];
      return cmp(spec.op, best.value, spec.value, spec.value_max)
        ? ev("met", `Baseline ${m.name} ${best.value} meets ${want}.`, [best.citation])
        : ev("not_met", `Baseline ${m.name} ${best.value} does not meet ${want}.`, [best.citation]);
    }
    // a new start (nothing documents the requested drug taken, now or before) against a bare "baseline":
    // every value is before the drug — the latest one is the baseline
    // (a length alone is no course taken: the request's own "for 3 months" is read as one)
    // (only a bare "baseline" is the value before the requested drug: "untreated", "before starting a
    // preventive medication" ask for a value before any such therapy, which the latest may not be)
    const bareBaseline =
      /\bbaseline\b/i.test(spec.text) &&
      !/\b(?:untreated|pre-?treatment|off (?:therapy|treatment)|(?:prior to|before)\s+(?:starting|initiating|initiation|beginning)\b|(?:prior to|before)\s+(?:any|a|an|the)\s+(?:[\w-]+\s+)?(?:therapy|treatment|medication|drug)s?\b)/i.test(
        spec.text,
      );
    const requestedTaken = !bareBaseline || therapies(ctx, [...ctx.requested]).some((t) => t.ongoing || t.stopped);
    const latestUntreated = requestedTaken ? null : [...vals].filter((v) => v.date).sort((a, b) => (b.date! < a.date! ? -1 : b.date! > a.date! ? 1 : 0))[0];
    if (
      ctx.requested.size &&
      latestUntreated &&
      spec.within_days != null &&
      ctx.requestDate &&
      daysBetween(latestUntreated.date!, ctx.requestDate) > spec.within_days
    )
      return ev(
        "insufficient",
        `Latest ${m.name} ${latestUntreated.value} is dated ${latestUntreated.date}; the policy requires a result within ${spec.within_days} days.`,
        [latestUntreated.citation],
        "direct",
        `A ${m.name} result from the last ${spec.within_days} days`,
      );
    if (ctx.requested.size && latestUntreated)
      return cmp(spec.op, latestUntreated.value, spec.value, spec.value_max)
        ? ev("met", `${m.name} ${latestUntreated.value} on ${latestUntreated.date} (before the requested drug is started) meets ${want}.`, [
            latestUntreated.citation,
          ])
        : ev(
            "insufficient",
            `${m.name} ${latestUntreated.value} on ${latestUntreated.date} does not meet ${want}; a reviewer confirms it is the untreated value.`,
            [latestUntreated.citation],
            "direct",
            `${m.name} (${want})`,
          );
    const top = [...vals].sort((a, b) => b.value - a.value)[0];
    if (top && spec.op.startsWith(">") && cmp(spec.op, top.value, spec.value))
      return ev("met", `${m.name} ${top.value} on treatment already meets ${want}; the untreated value is at least as high.`, [top.citation]);
    return ev(
      "insufficient",
      vals.length
        ? `Only on-treatment ${m.name} values are documented; the policy requires the ${want}.`
        : `No baseline ${m.name} in the request; the policy requires ${want}.`,
      vals.slice(0, 1).map((v) => v.citation),
      vals.length ? "direct" : "none",
      `Untreated (baseline) ${m.name} value with its date`,
    );
  }
  if (!vals.length) {
    const p = pendingMention(
      ctx.idx,
      m.aliases.filter((a) => !/^\\b/.test(a)),
    );
    if (p) return ev("insufficient", `${m.name} is pending or not yet available.`, [quote(ctx.idx, p.line, p.index)], "direct", `${m.name} result (${want})`);
    if (setting)
      return ev(
        "insufficient",
        `No ${m.name} measured ${describeContext(setting)} in the request; the policy requires ${want}.`,
        [],
        "none",
        `${m.name} result with its date (${want})`,
      );
    return ev(
      "insufficient",
      `No ${m.name} result in the request; the policy requires ${want}.`,
      [],
      "none",
      `${m.name} result with its date (${want}${spec.within_days ? `, within ${spec.within_days} days` : ""})`,
    );
  }
  vals.sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""));
  let latest = vals[0];
  // the same result written twice on one day ("ALC 1.64" in the note, "1.64 x10E3/uL" on the lab
  // report): the reading whose unit puts it on the threshold's scale
  const onScale = (v: typeof latest) => (spec.unit === "%" && /^\s*%/.test(v.unitText)) || onThresholdScale(v.value, v.unitText, spec.value, m.unit) != null;
  if (!onScale(latest)) latest = vals.find((v) => v.date === latest.date && onScale(v)) ?? latest;
  if (spec.within_days != null && ctx.requestDate) {
    if (!latest.date)
      return ev(
        "insufficient",
        `${m.name} ${latest.value} is documented without a date; the policy requires a result within ${spec.within_days} days of the request.`,
        [latest.citation],
        "direct",
        `Date of the ${m.name} result`,
      );
    const age = daysBetween(latest.date, ctx.requestDate);
    if (age > spec.within_days)
      return ev(
        "insufficient",
        `Latest ${m.name} ${latest.value} is dated ${latest.date} (${age} days before the request); the policy requires a result within ${spec.within_days} days.`,
        [latest.citation],
        "direct",
        `A ${m.name} result from the last ${spec.within_days} days`,
      );
  }
  // a value on another scale than the threshold ("248 K/uL" against "100,000/mm3") is compared on the
  // threshold's scale when its unit says so, never read as it stands
  // (a percentage against a percentage threshold is on its scale however far apart: "TPS 75%" vs "1% or more")
  const mass = m.unit === "kg" ? massInUnit(latest.value, latest.unitText, spec.unit ?? m.unit) : undefined;
  const scaled =
    mass !== undefined
      ? mass
      : spec.unit === "%" && /^\s*%/.test(latest.unitText)
        ? latest.value
        : onThresholdScale(latest.value, latest.unitText, spec.value, m.unit);
  if (scaled == null)
    return ev(
      "insufficient",
      `${m.name} ${latest.value}${latest.unitText ? ` ${latest.unitText.trim()}` : ""} is not on the scale of the policy's ${want}; a reviewer should compare the units.`,
      [latest.citation],
      "direct",
      `${m.name} with its unit (${want})`,
    );
  if (scaled !== latest.value) latest = { ...latest, value: scaled };
  // a value written as a bound ("TPS <1%", "> 90%") is a range: met when the whole range meets the
  // threshold, failed when none of it does, else not clear
  if (latest.bound) {
    const lo = latest.bound === ">" ? latest.value : -Infinity;
    const hi = latest.bound === "<" ? latest.value : Infinity;
    const upper = spec.op === "<" || spec.op === "<=" || spec.op === "between";
    const lower = spec.op === ">" || spec.op === ">=" || spec.op === "between";
    const whole = (!lower || lo >= spec.value) && (!upper || hi <= (spec.value_max ?? spec.value));
    const none = (lower && hi <= spec.value) || (upper && lo >= (spec.value_max ?? spec.value));
    const shown = `${m.name} ${latest.bound}${latest.value}${latest.date ? ` on ${latest.date}` : ""}`;
    // several results, or results collected a stated way: a reviewer counts them (see below)
    if ((whole || none) && (spec.count || spec.collection))
      return ev(
        "insufficient",
        `${shown} is one result; the policy counts ${spec.count ?? "its"} result(s)${spec.collection ? ` ${spec.collection}` : ""}, which a reviewer confirms.`,
        [latest.citation],
        "direct",
        `${m.name} results (${want})`,
      );
    if (whole) return ev("met", `${shown} meets ${want}.`, [latest.citation]);
    if (none) return ev("not_met", `${shown} does not meet ${want}.`, [latest.citation]);
    return ev(
      "insufficient",
      `${shown} is a bound, not a value; whether it meets ${want} is not clear.`,
      [latest.citation],
      "direct",
      `${m.name} value (${want})`,
    );
  }
  // a value converted from SI units within 3% of a bound: the rounding of either unit may decide it
  // ("1.8 mmol/L" is 69.6 mg/dL against "70 mg/dL (1.8 mmol/L)"), so a reviewer compares
  const near = (b: number | undefined) => b != null && b !== 0 && Math.abs(latest.value - b) / Math.abs(b) < 0.03;
  if (latest.converted && (near(spec.value) || near(spec.value_max)))
    return ev(
      "insufficient",
      `${m.name} ${latest.value}${latest.unitText.trim() ? ` ${latest.unitText.trim()}` : ""} is within rounding of ${want}; a reviewer should compare it in the laboratory's units.`,
      [latest.citation],
      "direct",
      `${m.name} in the policy's units (${want})`,
    );
  if (cmp(spec.op, latest.value, spec.value, spec.value_max)) {
    // several results required ("two levels below 300"): as many meeting results on different dates;
    // a collection condition the engine does not check ("drawn before 10:00 AM") is confirmed by a reviewer
    if (spec.count || spec.collection) {
      const meeting = vals.filter(
        (v) =>
          cmp(spec.op, onScale(v) ? v.value : NaN, spec.value, spec.value_max) &&
          (!spec.within_days || !ctx.requestDate || (v.date && daysBetween(v.date, ctx.requestDate) <= spec.within_days)),
      );
      const days = new Set(meeting.map((v) => v.date ?? `?${v.value}`));
      if (spec.count && days.size < spec.count)
        return ev(
          "insufficient",
          `${days.size} ${m.name} result(s) meeting ${want} on separate dates; the policy requires ${spec.count}.`,
          meeting.slice(0, 2).map((v) => v.citation),
          "direct",
          `${spec.count} ${m.name} results (${want})`,
        );
      // a time-of-day bound ("drawn in the morning (before 10:00 AM)"): each result's collection time
      // written on its own line decides whether it counts; a result without one leaves it to a reviewer
      const byTime = spec.collection ? collectedBefore(spec.collection) : null;
      if (byTime != null) {
        const timed = meeting.map((v) => ({
          v,
          at: collectionMinutes(afterValue(v.line ?? "", v.value, v.citation?.text ?? "", v.unitText)) ?? (v.date ? timeOnDate(ctx.idx.lines, v.date) : null),
        }));
        const counted = new Set(timed.filter((t) => t.at != null && t.at < byTime).map((t) => t.v.date ?? `?${t.v.value}`));
        if (counted.size >= (spec.count ?? 1))
          return ev(
            "met",
            `${counted.size} ${m.name} results meeting ${want} collected before ${Math.floor(byTime / 60)}:${String(byTime % 60).padStart(2, "0")} on separate dates.`,
            timed
              .filter((t) => t.at != null && t.at < byTime)
              .slice(0, 2)
              .map((t) => t.v.citation),
          );
      }
      if (spec.collection)
        return ev(
          "insufficient",
          `${m.name} results meet ${want}; the policy counts only results ${spec.collection}, which a reviewer confirms.`,
          meeting.slice(0, 2).map((v) => v.citation),
          "direct",
          `${m.name} results with collection details (${spec.collection})`,
        );
    }
    return ev("met", `${m.name} ${latest.value}${latest.date ? ` on ${latest.date}` : ""} meets ${want}.`, [latest.citation]);
  }
  // several results, or results collected a stated way: one failing result is no clear failure
  if (spec.count || spec.collection)
    return ev(
      "insufficient",
      `${m.name} ${latest.value}${latest.date ? ` on ${latest.date}` : ""} does not meet ${want}; the policy counts ${spec.count ?? "its"} result(s)${spec.collection ? ` ${spec.collection}` : ""}, which a reviewer confirms.`,
      [latest.citation],
      "direct",
      `${m.name} results (${want})`,
    );
  const disputed = disputedFailingValue(latest, vals, spec, ctx.requestDate);
  if (disputed)
    return ev(
      "insufficient",
      `${m.name} ${latest.value} (dated ${latest.date} only by its page) does not meet ${want}, but ${m.name} ${disputed.value}${disputed.date ? ` on ${disputed.date}` : ""} does; a reviewer should confirm which is current.`,
      [latest.citation, disputed.citation],
      "direct",
      `Current ${m.name} with its date (${want})`,
    );
  return ev("not_met", `${m.name} ${latest.value}${latest.date ? ` on ${latest.date}` : ""} does not meet ${want}.`, [latest.citation]);
}

/**
 * The time-of-day bound of a collection condition, in minutes after midnight: "drawn in the morning
 * (before 10:00 AM)" → 600; "before 9 a.m." → 540; null when it states none (a bare "in the
 * morning" is no bound the engine checks).
 */
export function collectedBefore(collection: string): number | null {
  const m = /\bbefore\s+(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|noon)?/i.exec(collection);
  if (!m) return null;
  const h = Number(m[1]);
  if (h > 12 || (!m[3] && h > 11)) return null;
  return h * 60 + Number(m[2] ?? 0);
}

/**
 * The collection time written on a result's line ("09/22/2026 07:45", "collected 08:10 AM", "at 3:40
 * PM"), in minutes after midnight; null when the line carries no time or more than one.
 */
export function collectionMinutes(line: string): number | null {
  const times = [...line.matchAll(/(?<![\d:/.])([01]?\d|2[0-3]):([0-5]\d)(?![\d/])\s*(a\.?m\.?|p\.?m\.?)?/gi)];
  if (times.length !== 1) return null;
  const [, hh, mm, ap] = times[0];
  let h = Number(hh);
  if (ap && /^p/i.test(ap) && h < 12) h += 12;
  if (ap && /^a/i.test(ap) && h === 12) h = 0;
  return h * 60 + Number(mm);
}

/**
 * The words written after a result on its line, up to the next result in the same unit ("212 ng/dL on
 * September 8, 2026 (drawn at 08:10) and 238 ng/dL …" → " ng/dL on September 8, 2026 (drawn at
 * 08:10) and "): where its own collection time is written. "" when the value is not found.
 */
export function afterValue(line: string, value: number, citeText: string, unitText: string): string {
  const from = Math.max(0, citeText ? line.indexOf(citeText.slice(0, 20)) : 0);
  const num = String(value).replace(".", "\\.");
  const at = new RegExp(`(?<![\\d.])${num}(?:\\.0+)?(?![\\d])`).exec(line.slice(from));
  if (!at) return "";
  const rest = line.slice(from + at.index + at[0].length);
  const unit = /^\s*([a-z%µμ/]+(?:\/[a-z]+)?)/i.exec(unitText)?.[1];
  const next = unit ? new RegExp(`\\d(?:[\\d.,]*)\\s*${unit.replace(/[/%]/g, (c) => `\\${c}`)}`, "i").exec(rest.slice(unit.length + 1)) : null;
  return next ? rest.slice(0, unit!.length + 1 + next.index) : rest;
}

/**
 * The one collection time written right after `date` anywhere in the request ("Collected: 09/22/2026
 * 07:45", "September 22, 2026 (drawn at 07:45)"), in minutes after midnight; null when none is
 * written or the times written with that date differ.
 */
export function timeOnDate(lines: { text: string }[], date: string): number | null {
  const seen = new Set<number>();
  for (const l of lines)
    for (const d of findDates(l.text)) {
      if (d.start !== date) continue;
      const after = l.text.slice(d.index + d.text.length, d.index + d.text.length + 24);
      const t = collectionMinutes(after.split(/[;]|\s-\s/)[0]);
      if (t != null) seen.add(t);
    }
  return seen.size === 1 ? [...seen][0] : null;
}

/**
 * A failing latest value whose date is not written with it (taken from its page: "enanthate 9 mo -
 * Hct 55" on a form dated the day it was filled in) is no clear failure when another value of the
 * measure, written with its own date within the policy's window (or the last 6 months), meets the
 * threshold: the page date may be when a past value was copied. Returns that meeting value, or null
 * when the failure stands.
 */
export function disputedFailingValue<V extends { value: number; date?: string | null; line?: string | null; citation?: unknown }>(
  latest: V,
  vals: V[],
  spec: { op: CriterionOf<"lab">["op"]; value: number; value_max?: number; within_days?: number | null },
  requestDate: string | null,
): V | null {
  const ownDate = (v: V) => !!v.date && !!v.line && findDates(v.line).some((d) => d.start === v.date);
  if (!latest.date || ownDate(latest)) return null;
  const window = spec.within_days ?? 183;
  return (
    vals.find(
      (v) => v !== latest && ownDate(v) && (!requestDate || daysBetween(v.date!, requestDate) <= window) && cmp(spec.op, v.value, spec.value, spec.value_max),
    ) ?? null
  );
}

/** pounds per kilogram (NIST: 1 lb = 0.45359237 kg) */
const LB_PER_KG = 2.20462;

/**
 * A body mass on the threshold's unit: `value` with the unit written after it (`unitText`, "kg",
 * "kilograms", "lb", "lbs", "pounds") converted to `want` ("kg" or "lb"; kg when anything else) at
 * 2.20462 lb/kg, rounded to 0.1. Null when no unit of mass is written (a bare "62.6" may be either, so
 * it is never compared). Source: NIST SP 811 conversion factor.
 */
export function massInUnit(value: number, unitText: string, want: string): number | null {
  const u = /^\s*(kg|kilograms?|kgs|lbs?|pounds?|#)(?![a-z])/i.exec(unitText)?.[1].toLowerCase();
  if (!u) return null;
  const kg = u.startsWith("k") ? value : value / LB_PER_KG;
  const out = /^(?:lbs?|pounds?)$/i.test(want.trim()) ? kg * LB_PER_KG : kg;
  return Math.round(out * 10) / 10;
}

/**
 * A measured value on the scale of a threshold: as it stands when the two are within a factor of 50
 * of each other; times 1,000 or divided by 1,000 when its unit says thousands ("K/uL", "x10^3/uL",
 * "10^9/L", "thou/mm3") or the threshold is written in thousands; null when the scales cannot be
 * reconciled (never compared). Cell counts are the usual case: 248 K/uL is 248,000/mm3.
 */
function onThresholdScale(value: number, unitText: string, threshold: number, measureUnit: string | null = null): number | null {
  // a value written with a power of ten ("3.1 x 10^7 IU/mL", "2.4E+05"): the number is the mantissa
  // times that power, never the mantissa alone (3.1 would pass "below 20"). Powers 3, 6, 9 and 12 are
  // the cell-count units ("x10^3/uL", "10^9/L") read below; any other power is applied here
  const power = /^\s*(?:[x×*]\s*10\s*(?:\^|\*\*|e)?\s*\+?(\d{1,2})|e\+?(\d{1,2}))\b/i.exec(unitText);
  const exp = power ? Number(power[1] ?? power[2]) : null;
  if (exp != null && ![3, 6, 9, 12].includes(exp)) {
    value = value * 10 ** exp;
    unitText = unitText.slice(power![0].length);
  }
  if (!value || !threshold) return value;
  // only counts per volume (cells/uL, x10^3/uL) are written in thousands without saying so; any other
  // measure's value stands as written (12,400 IU/mL is never 12.4)
  const count = measureUnit == null || /cells|\/u?l\b|\/mm3|x10/i.test(measureUnit);
  // written in the measure's own unit ("12,400 IU/mL" for HBV DNA in IU/mL): on its scale, however far
  // from the threshold
  const squash = (u: string) => u.toLowerCase().replace(/\s+/g, "");
  if (measureUnit && !count && squash(unitText).startsWith(squash(measureUnit))) return value;
  // "K/uL" as a scan reads it ("KfuL", "KhuL", "K/ul"): thousands per microlitre
  const kPerUl = /^\s*k\s*[^\s\d]{0,2}\s*u?l\b/i.test(unitText);
  // a threshold per microlitre or mm3 (500, 150,000) against a value in thousands (1.6, 228): the
  // value times 1,000 — also when a scan lost its decimal point ("16 K/uL" for 1.6), which then never
  // reads as a failure
  if (kPerUl && value < 1000 && Math.abs(threshold / value) > 5) return value * 1000;
  const ratio = Math.abs(threshold / value);
  if (ratio <= 50 && ratio >= 1 / 50) return value;
  const thousands = kPerUl || /\bk\b|k\/|x\s*10\s*\^?\s*[39]|×\s*10|10\s*\^\s*[39]|10\*[39]|10e[39]|thou|\b10[³⁹]/i.test(unitText);
  if (thousands && ratio > 50 && ratio / 1000 <= 50 && ratio / 1000 >= 1 / 50) return value * 1000;
  if (ratio < 1 / 50 && ratio * 1000 <= 50 && ratio * 1000 >= 1 / 50 && (thousands || (count && value >= 1000))) return value / 1000;
  return null;
}

/**
 * The request's own service is never evidence for its criteria: when a service line is reviewed and
 * the line is itself a test of the criterion's kind (an MRI line, CPT 70010-79999 or a description the
 * test's policy words name, against "imaging"), a finding of that test dated on or after the line's date
 * of service is the requested study (or its planned date), not a prior one — it is dropped. Findings
 * dated before the date of service, and every finding when no line is reviewed, are kept.
 */
export function ownServiceExcluded<F extends { date: string | null }>(found: F[], t: { name: string; policy: RegExp }, ctx: EvalContext): F[] {
  const line = ctx.facts.service_line;
  if (!line?.date_of_service) return found;
  const described = `${ctx.facts.medication?.drug_name ?? ""}`;
  const code = (line.code ?? "").trim();
  const radiology = /^7\d{4}$/.test(code) && Number(code) >= 70010;
  const sameKind = (t.name === "imaging" && radiology) || t.policy.test(code && described.startsWith(code) ? described.slice(code.length) : described);
  if (!sameKind) return found;
  return found.filter((f) => !f.date || f.date < line.date_of_service!);
}

/** The measures a policy sentence names ("forced vital capacity (FVC)"), each once. */
function measuresNamed(text: string): MeasureTerm[] {
  return MEASURES.filter((x) => x.aliases.some((a) => (/^\\b[a-z0-9-]{2,6}\\b/.test(a) ? aliasRegex(a) : new RegExp(a, "i")).test(text)));
}

/** a requirement of two affected alleles: "biallelic pathogenic variants in LPL, APOC2, …" */
const BIALLELIC_REQUIRED_RE = /\bbi-?allelic\b/i;
/**
 * A result that states both alleles are affected: homozygous, compound heterozygous, two variants in
 * trans, biallelic, two pathogenic variants. A single heterozygous variant ("heterozygous for one
 * pathogenic LPL variant", a carrier) is none of these.
 */
const BIALLELIC_RESULT_RE =
  /\b(?:homozygous|homozygote|compound[- ]heterozyg(?:ous|ote)|bi-?allelic|in trans\b|(?:two|2|both) (?:different |distinct )?(?:likely )?pathogenic (?:[A-Z0-9]{2,8} )?(?:variants|mutations|alleles))/i;

/**
 * "Genetic testing showing biallelic pathogenic variants in LPL, APOC2, APOA5, LMF1 or GPIHBP1": met
 * on a result that states two affected alleles (homozygous, compound heterozygous, in trans) of one
 * of the genes the policy names (any gene when it names none), read on the line or across its
 * continuation; never on "genetic testing positive" alone, and never failed by a single heterozygous
 * variant (a reviewer confirms — the report may list a second one).
 */
function evalBiallelic(spec: CriterionOf<"test_result">, ctx: EvalContext): Ev {
  const genes = [
    ...new Set((spec.text.match(/\b[A-Z][A-Z0-9]{1,7}\b/g) ?? []).filter((g) => /[A-Z]{2}/.test(g) && !/^(?:OR|AND|ALL|ONE|DNA|FCS|THE)$/.test(g))),
  ];
  const geneRe = genes.length ? new RegExp(`\\b(?:${genes.join("|")})\\b`) : null;
  for (const line of ctx.idx.lines) {
    const next = ctx.idx.lines[line.index + 1];
    const window = next && next.page === line.page ? `${line.text} ${next.text}` : line.text;
    const m = BIALLELIC_RESULT_RE.exec(line.text);
    if (!m) continue;
    if (isNegated(line.lower, m.index) || PENDING.test(line.text)) continue;
    const prev = ctx.idx.lines[line.index - 1];
    const around = `${prev && prev.page === line.page ? prev.text : ""} ${window}`;
    if (geneRe && !geneRe.test(around)) continue;
    return ev(
      "met",
      `The genetic result states two affected alleles ("${clip(line.text.trim(), 140)}"), i.e. biallelic variants (policy: ${clip(spec.text, 120)}).`,
      [quote(ctx.idx, line, m.index, Math.min(line.text.length, m.index + m[0].length))],
    );
  }
  return ev(
    "insufficient",
    "The policy requires biallelic pathogenic variants (homozygous or compound heterozygous); the request does not state both alleles are affected.",
    [],
    "none",
    "The genetic test report showing both affected alleles (homozygous or compound heterozygous / in trans)",
  );
}

function evalTest(spec: CriterionOf<"test_result">, ctx: EvalContext): Ev {
  const t = testByName(spec.test);
  if (!t) return ev("insufficient", `The test "${spec.test}" is not one the engine can read.`, [], "none", spec.text);
  if (t.name === "genetic test" && BIALLELIC_REQUIRED_RE.test(spec.text) && !spec.threshold) return evalBiallelic(spec, ctx);
  const found = ownServiceExcluded(testFindings(ctx.idx, t), t, ctx);
  // "a forced vital capacity (FVC) of at least 40% of predicted, from pulmonary function testing": the
  // threshold is on the measure the policy names (FVC), not on the test's usual one (FEV1) — a value of
  // another measure on the report (the FEV1/FVC ratio) is never compared with it
  const usual = t.measure ? measureByName(t.measure) : null;
  const named = spec.threshold ? measuresNamed(spec.text) : [];
  const m = !usual || !named.length || named.includes(usual) ? usual : named.length === 1 ? named[0] : null;
  if (spec.threshold && usual && !m)
    return ev("insufficient", `The policy's threshold names several measures of the ${spec.test}; a reviewer must compare them.`, [], "none", spec.text);
  const mv = m ? measureValues(ctx.idx, m) : [];
  const recent = (d: string | null) => WITHIN(ctx, d, spec.within_days);
  const label = spec.test;
  const need = `${spec.count > 1 ? `${spec.count} ` : ""}${label}${spec.result !== "any" ? ` (${spec.result})` : ""}${spec.threshold ? ` with ${m?.name ?? "result"} ${showOp(spec.threshold.op, spec.threshold.value)}` : ""}${spec.within_days ? ` within ${spec.within_days} days` : ""}`;
  // thresholded tests: the measured values decide ("peak GH 6.2 and 7.9" vs "< 10")
  if (spec.threshold) {
    const raw = mv.length
      ? mv.map((v) => ({ value: v.value, date: v.date, citation: v.citation }))
      : // (never for a share of nights: the numbers on a download's line are hours and counts of nights)
        found.flatMap((f) =>
          isShareOfPeriod(m)
            ? []
            : f.values.filter((x) => !m || (x >= m.range[0] && x <= m.range[1])).map((value) => ({ value, date: f.date, citation: f.citation })),
        );
    // one test reported twice (form and note) is one test
    const values = raw.filter((v, i) => raw.findIndex((w) => w.value === v.value && (w.date === v.date || !w.date || !v.date)) === i);
    const usable = values.filter((v) => recent(v.date));
    const ok = usable.filter((v) => cmp(spec.threshold!.op, v.value, spec.threshold!.value));
    const bad = usable.filter((v) => !cmp(spec.threshold!.op, v.value, spec.threshold!.value));
    if (ok.length >= spec.count)
      return ev(
        "met",
        `${cap(label)}: ${ok.map((v) => v.value).join(", ")} (policy: ${need}).`,
        ok.slice(0, 2).map((v) => v.citation),
      );
    const pending = found.find((f) => f.result === "pending");
    if (bad.length && ok.length + (pending ? 1 : 0) < spec.count && !pending && bad.length + ok.length >= spec.count)
      return ev(
        "not_met",
        `${cap(label)} results ${[...ok, ...bad].map((v) => v.value).join(", ")} do not meet ${need}.`,
        bad.slice(0, 2).map((v) => v.citation),
      );
    if (pending)
      return ev(
        "insufficient",
        `${cap(label)}: ${ok.length ? `${ok.length} qualifying result(s), ` : ""}another is pending or scheduled.`,
        [pending.citation, ...ok.slice(0, 1).map((v) => v.citation)],
        "direct",
        `Result of the pending ${label}`,
      );
    if (values.length && !usable.length)
      return ev(
        "insufficient",
        `${cap(label)} result is older than the policy allows (${spec.within_days} days).`,
        values.slice(0, 1).map((v) => v.citation),
        "direct",
        `A ${label} from the last ${spec.within_days} days`,
      );
    return ev(
      "insufficient",
      `${cap(label)}: ${ok.length} of ${spec.count} required qualifying result(s) documented.`,
      [...ok, ...bad].slice(0, 2).map((v) => v.citation),
      ok.length || bad.length ? "direct" : "none",
      `${need}`,
    );
  }
  const done = found.filter((f) => f.result !== "pending");
  done.sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""));
  const want = (r: string) =>
    spec.result === "any" ||
    r === spec.result ||
    (spec.result === "abnormal" && (r === "positive" || r === "done" || r === "abnormal")) ||
    (spec.result === "negative" && r === "normal");
  const okRecent = done.filter((f) => want(f.result) && recent(f.date));
  if (okRecent.length >= spec.count)
    return ev(
      "met",
      `${cap(label)}: ${okRecent[0].result}${okRecent[0].date ? ` on ${okRecent[0].date}` : ""}.`,
      okRecent.slice(0, 2).map((f) => f.citation),
    );
  const latest = done[0];
  // a pending, ordered or scheduled test is never a failure: its result is what to ask for
  const pendingNow = found.find((f) => f.result === "pending");
  if (pendingNow && !okRecent.length)
    return ev("insufficient", `${cap(label)} is pending, ordered or scheduled.`, [pendingNow.citation], "direct", `Result of the ${label}`);
  const contrary = (r: string) =>
    (spec.result === "negative" && r === "positive") || (spec.result === "positive" && r === "negative") || (spec.result === "abnormal" && r === "normal");
  if (latest && contrary(latest.result) && recent(latest.date))
    return ev("not_met", `${cap(label)}: ${latest.result}${latest.date ? ` on ${latest.date}` : ""}; the policy requires ${spec.result}.`, [latest.citation]);
  const pending = found.find((f) => f.result === "pending");
  if (pending && !okRecent.length)
    return ev("insufficient", `${cap(label)} is pending, ordered or scheduled.`, [pending.citation], "direct", `Result of the ${label}`);
  if (latest && want(latest.result) && spec.within_days && !latest.date)
    return ev(
      "insufficient",
      `${cap(label)} ${latest.result}, but the date is not documented; the policy requires a result within ${spec.within_days} days.`,
      [latest.citation],
      "direct",
      `Date of the ${label}`,
    );
  if (latest && want(latest.result))
    return ev(
      "insufficient",
      `Latest ${label} (${latest.result}) is dated ${latest.date ?? "?"}, older than the policy allows.`,
      [latest.citation],
      "direct",
      `A ${label} from the last ${spec.within_days} days`,
    );
  if (latest) return ev("insufficient", `${cap(label)}: ${latest.result}; the policy requires ${spec.result}.`, [latest.citation], "direct", `${need}`);
  return ev("insufficient", `No ${label} result in the request.`, [], "none", need);
}

function classKey(drug: string): string {
  const generic = new Set([
    "biologic",
    "targeted synthetic DMARD",
    "conventional synthetic DMARD",
    "conventional systemic agent",
    "antidiabetic",
    "asthma controller",
    "immunomodulator",
    "antidepressant",
  ]);
  return classesOfDrug(drug).filter((c) => !generic.has(c))[0] ?? drug;
}

/** "no prior systemic therapy", "no previous immunotherapy", "has not received a TNF inhibitor", "treatment-naive" */
const NO_PRIOR_STATEMENT_RE =
  /\b(?:no|without|never\s+(?:received|taken|used|tried|been\s+(?:on|treated\s+with))|(?:has|have|had)\s+not\s+(?:received|taken|used|tried)|not\s+previously\s+treated\s+with|naive\s+to)\s+(?:any\s+)?(?:prior|previous)?\s*([^.;]{2,60})|\btreatment[- ]na[iï]ve\b/gi;

/**
 * "Has not received prior X therapy" (prior_therapy with `absent`): met on a fax sentence stating the
 * absence of X, of a broader kind of therapy that holds it ("no prior immunotherapy" for a checkpoint
 * inhibitor, "no prior systemic therapy" for any anticancer drug), or "treatment-naive"; failed only on a
 * dated, completed earlier course of X (`completedCourse`); otherwise needs information — a documented
 * dose of X may be the requested drug itself (a reviewer tells prior use from the service billed).
 */
function evalNoPriorTherapy(spec: CriterionOf<"prior_therapy">, ctx: EvalContext): Ev {
  // the classes named, and those of each drug named: "no prior systemic therapy" covers an anticancer
  // drug, "no prior biologic" a TNF inhibitor named by its drug (a class holding the drug, never one inside it)
  const wanted = new Set([...spec.classes, ...spec.drugs.flatMap((d) => classesOfDrug(d))].flatMap((c) => [c, ...classAncestors(c)]));
  const names = spec.drugs.flatMap((d) => drugNames(d));
  // "has not previously received a course of <the requested drug>": the request may name that drug by
  // any of its names ("No prior Tepezza" for teprotumumab)
  if (names.some((n) => ctx.requested.has(n))) names.push(...ctx.requested);
  const coversPrior = (raw: string | null): boolean => {
    if (raw === null) return true;
    const phrase = raw.toLowerCase();
    return (
      names.some((n) => phrase.includes(n)) ||
      classesNamedIn(phrase).some((c) => wanted.has(c.name)) ||
      (/\bimmunotherap/.test(phrase) && wanted.has("immune checkpoint inhibitor")) ||
      // ("no prior treatment with radiation" names what it was not: never every anticancer drug)
      (/^(?:systemic |anti-?cancer )?(?:therapy|treatment|chemotherapy or immunotherapy)\b(?!\s+(?:with|of|by|using)\b)|\bsystemic (?:therapy|treatment)\b(?!\s+(?:with|of|by|using)\b)/.test(
        phrase,
      ) &&
        wanted.has("anticancer therapy"))
    );
  };
  for (const line of ctx.idx.lines) {
    // a form's question about earlier use answered "No" on its own line ("Prior CDK4/6 inhibitor
    // (Ibrance, Kisqali)? No.", "Previous biologic therapy: None"): the answer states the absence
    const q = PRIOR_QUESTION_NO_RE.exec(line.text.trim());
    if (q && !PRIOR_OUTCOME_WORDS.test(q[1]) && coversPrior(q[1]))
      return ev("met", `The request answers "No" to earlier use of ${what(spec)}: "${line.text.trim()}".`, [quote(ctx.idx, line)]);
  }
  for (const line of ctx.idx.lines) {
    // the line as printed first; then a statement wrapped onto the next line of the same page
    // ("… CAS 2/7. No" / "prior Tepezza."), read only as prose: a form's "Pregnant: No" above
    // "Prior X: Yes" is two answers, never one statement
    const next = ctx.idx.lines[line.index + 1];
    const texts = next && next.page === line.page ? [line.text, `${line.text} ${next.text}`] : [line.text];
    for (const text of texts) {
      const wrapped = text !== line.text;
      NO_PRIOR_STATEMENT_RE.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = NO_PRIOR_STATEMENT_RE.exec(text)) && m.index < line.text.length) {
        if (wrapped && (m.index + m[0].length <= line.text.length || /[:?]|\b(?:yes|n\/a)\b/i.test(text.slice(m.index).split(/[.;]/)[0]))) continue;
        if (coversPrior(m[1] ?? null))
          return ev("met", `The request states no prior ${what(spec)}: "${m[0].trim()}".`, [
            quote(ctx.idx, line, m.index, Math.min(line.text.length, m.index + m[0].length)),
          ]);
      }
    }
  }
  // (a completed course fails "has not received X", never "has not progressed on X")
  const course = /\bprogress/i.test(spec.text) ? null : completedCourse(names, ctx);
  if (course) return ev("not_met", `The request documents a completed earlier course of ${what(spec)}: "${course.text}".`, [course.citation]);
  return ev("insufficient", `Whether the member has received ${what(spec)} before is not stated.`, [], "none", `Prior ${what(spec)} (none, or which and when)`);
}

/**
 * A form's question (or label) about earlier use with the answer "No" / "None" and nothing else after it:
 * "Prior CDK4/6 inhibitor (Ibrance, Kisqali, Verzenio)? No.", "Previous TNF inhibitor: None", "Has the
 * patient previously received a biologic? No". Group 1 is what the question asks about.
 */
const PRIOR_QUESTION_NO_RE =
  /^(?:\d{1,2}[.)]\s*)?(?:(?:has|have|did)\s+(?:the\s+)?(?:patient|member)\s+)?(?:any\s+)?(?:prior|previous(?:ly)?|history\s+of|ever)\s+(?:(?:been\s+)?(?:treated\s+with|received|receiving|taken|used|tried)\s+)?([^?:]{2,90}?)\s*[?:]\s*(?:no|none|n)\b\.?\s*$/i;
/** a question about how an earlier course went, not whether there was one ("Progression on prior X? No") */
const PRIOR_OUTCOME_WORDS =
  /\b(?:progress\w*|fail\w*|respon\w*|intoleran\w*|contraindicat\w*|adverse|reaction|side[- ]effects?|allerg\w*|stopped|discontinu\w*)\b/i;

/** a course said to be over: "Completed 8 Tepezza infusions", "finished a 12-week course of X" */
const COMPLETED_RE = /\b(?:completed|finished)\b/i;
/** how long before the request a documented course must have ended to be an earlier course, not this one */
const EARLIER_COURSE_DAYS = 60;

/**
 * A sentence that states an earlier course of one of `names` was completed, dated: the drug's name
 * and "completed"/"finished" in one sentence (not negated, not pending, not a form's question), with a
 * date that ended at least 60 days before the request ("Completed 8 Tepezza infusions 03/2024-08/2024").
 * The quoted sentence and its citation, or null. Used to fail "has not previously received X": the
 * request's own course is never dated months before the request, and "completed" says it is over.
 */
function completedCourse(names: string[], ctx: EvalContext): { text: string; citation: Citation } | null {
  if (!ctx.requestDate || !names.length) return null;
  const drug = new RegExp(`\\b(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})\\b`, "i");
  for (const line of ctx.idx.lines) {
    for (const sentence of line.text.split(/(?<=[.;])\s+/)) {
      const d = drug.exec(sentence);
      const c = COMPLETED_RE.exec(sentence);
      if (!d || !c || PENDING.test(sentence) || /\?/.test(sentence)) continue;
      const at = line.text.indexOf(sentence);
      if (isNegated(line.lower, at + d.index) || isNegated(line.lower, at + c.index)) continue;
      const ended = findDates(sentence, { partial: true }).filter((x) => x.end !== "present" && !x.start.startsWith("0000"));
      if (!ended.length || ended.some((x) => daysBetween(x.end, ctx.requestDate!) < EARLIER_COURSE_DAYS)) continue;
      return { text: sentence.trim(), citation: quote(ctx.idx, line, at, at + sentence.length) };
    }
  }
  return null;
}

function evalPriorTherapy(spec: CriterionOf<"prior_therapy">, ctx: EvalContext): Ev {
  if (spec.class_groups && spec.class_groups.length > 1) {
    const parts = spec.class_groups.map((g) =>
      evalPriorTherapy(
        {
          ...spec,
          all_classes: false,
          class_groups: undefined,
          classes: g,
          drugs: spec.drugs.filter((d) => classesOfDrug(d).some((c) => g.includes(c))),
          count: 1,
        },
        ctx,
      ),
    );
    const worst = parts.find((p) => p.outcome === "not_met") ?? parts.find((p) => p.outcome === "insufficient");
    if (worst) return { ...worst, reason: parts.map((p) => p.reason).join(" ") };
    return ev(
      "met",
      parts.map((p) => p.reason).join(" "),
      parts.flatMap((p) => p.citations),
    );
  }
  if (spec.all_classes && spec.classes.length > 1) {
    const parts = spec.classes.map((c) =>
      evalPriorTherapy({ ...spec, all_classes: false, classes: [c], drugs: spec.drugs.filter((d) => classesOfDrug(d).includes(c)), count: 1 }, ctx),
    );
    const worst = parts.find((p) => p.outcome === "not_met") ?? parts.find((p) => p.outcome === "insufficient");
    if (worst) return { ...worst, reason: parts.map((p) => p.reason).join(" ") };
    return ev(
      "met",
      parts.map((p) => p.reason).join(" "),
      parts.flatMap((p) => p.citations),
    );
  }
  const cands = candidateDrugs(spec.drugs, spec.classes, ctx, spec.excluded_drugs);
  const all = therapies(ctx, cands);
  const got = all.filter((t) => !t.notTaken);
  const never = [...all.filter((t) => t.explicitlyNotTaken), ...classNeverTaken(spec.classes, ctx)];
  const qualified: TherapyEvidence[] = [];
  const unknown: TherapyEvidence[] = [];
  const short: TherapyEvidence[] = [];
  const POTENCY = { low: 0, medium: 1, high: 2, "super-high": 3 } as const;
  const belowPotency = (t: TherapyEvidence) => {
    if (!spec.min_potency) return false;
    const p = lookupDrug(t.drug)?.potency;
    return p != null && POTENCY[p] < POTENCY[spec.min_potency];
  };
  const lowPotency: TherapyEvidence[] = [];
  const notCurrent: TherapyEvidence[] = [];
  for (const t of got) {
    // "currently receiving …": a stopped course is no current therapy (never counted, never a failure)
    if (spec.current && t.stopped && !t.ongoing) {
      notCurrent.push(t);
      continue;
    }
    if (belowPotency(t)) {
      lowPotency.push(t);
      continue;
    }
    const alt = (spec.allow_intolerance && t.intolerance) || (spec.allow_contraindication && t.contraindicated);
    const minDose =
      (spec.min_dose ?? []).find((d) => d.drug && lookupDrug(d.drug)?.generic.toLowerCase() === t.drug) ?? (spec.min_dose ?? []).find((d) => d.drug == null);
    const dose = minDose ? (minDose.per === "day" ? t.mgPerDay : t.mgPerWeek) : null;
    if (minDose && dose != null && dose + 1e-6 < minDose.mg && !alt) {
      short.push(t);
      continue;
    }
    if (spec.require_intolerance) {
      if (t.intolerance || (spec.allow_contraindication && t.contraindicated)) qualified.push(t);
      else unknown.push(t);
      continue;
    }
    const minDays = (spec.min_days_by_drug ?? []).find((d) => d.drug === t.drug || lookupDrug(d.drug)?.generic.toLowerCase() === t.drug)?.days ?? spec.min_days;
    if (minDays == null) {
      if (t.failure || t.intolerance || t.days != null || t.dose || t.ongoing || t.contraindicated) qualified.push(t);
      else unknown.push(t);
      continue;
    }
    if (t.days != null && t.days >= minDays - 2) qualified.push(t);
    else if (alt) qualified.push(t);
    else if (t.days == null) unknown.push(t);
    // a trial still running has not failed yet
    else if (t.ongoing && !t.stopped) unknown.push(t);
    else short.push(t);
  }
  const count = (list: TherapyEvidence[]) => (spec.different_classes ? new Set(list.map((t) => classKey(t.drug))).size : new Set(list.map((t) => t.drug)).size);
  const describe = (t: TherapyEvidence) =>
    `${t.drug}${t.dose ? ` ${t.dose}` : ""}${t.days != null ? ` ~${Math.round(t.days / 7)} weeks` : " (duration not documented)"}${trialOutcomeWords(t)}`;
  const need = `${spec.count > 1 ? `${spec.count} ` : ""}${spec.different_classes ? "different-class " : ""}trial(s) of ${what(spec)}${spec.min_days ? ` of ≥ ${Math.round(spec.min_days / 7)} weeks` : ""}${spec.allow_intolerance ? " (or intolerance)" : ""}${spec.allow_contraindication ? " (or contraindication)" : ""}`;
  const cites = (l: TherapyEvidence[]) => l.flatMap((t) => t.citations.slice(0, 2));
  if (count(qualified) >= spec.count) return ev("met", `Documented: ${qualified.map(describe).join("; ")} (policy: ${need}).`, cites(qualified));
  if (count([...qualified, ...unknown]) >= spec.count)
    return ev(
      "insufficient",
      `Prior therapy is named without enough detail to judge: ${unknown.map(describe).join("; ")} (policy: ${need}).`,
      cites([...qualified, ...unknown]),
      "direct",
      `Dose, dates and outcome of ${unknown.map((t) => t.drug).join(", ")}`,
    );
  // A clear failure rests on what the fax states: the required drugs explicitly never tried, or a
  // documented history of them in which every trial fails the requirement (too short and stopped
  // without intolerance, below the minimum dose, or a drug the policy says does not count) with no
  // trial of undetermined length and none that qualified. Partial histories stay insufficient.
  const nonQualifying = [
    ...lowPotency,
    ...(spec.excluded_drugs.length ? therapies(ctx, candidateDrugs(spec.excluded_drugs, [], ctx)).filter((t) => !t.notTaken) : []),
  ];
  if (!qualified.length && !unknown.length && (short.length || nonQualifying.length)) {
    return ev(
      "not_met",
      `Documented trials do not meet the requirement: ${[...short, ...nonQualifying].map(describe).join("; ")}${nonQualifying.length ? " (does not count under the policy)" : ""} (policy: ${need}).`,
      cites([...short, ...nonQualifying]),
    );
  }
  if (never.length && !qualified.length && !unknown.length)
    return ev("not_met", `The request states ${what(spec)} ${never.length > 1 ? "were" : "was"} not tried (policy: ${need}).`, cites(never));
  if (got.length)
    return ev(
      "insufficient",
      `Documented: ${got.map(describe).join("; ")}; not enough to meet the requirement (policy: ${need}).`,
      cites(got),
      "direct",
      `Further trials of ${what(spec)} (drug, dose, dates, outcome)`,
    );
  const attached = search(ctx.idx, ATTACHMENT_REFERENCE)[0];
  return ev(
    "insufficient",
    `No trial of ${what(spec)} is documented (policy: ${need}).${attached ? " The request refers to records that are not in the fax." : ""}`,
    attached ? [quote(ctx.idx, attached.line)] : [],
    attached ? "direct" : "none",
    `History of ${what(spec)} (drug, dose, dates, outcome)`,
  );
}

/**
 * A class named as never taken: "has not tried a triptan", "no prior biologic", "prefers not to take
 * a triptan" — the class word itself, not a member drug, in a negated or declined clause.
 */
function classNeverTaken(classes: string[], ctx: EvalContext): TherapyEvidence[] {
  const out: TherapyEvidence[] = [];
  for (const name of classes) {
    const cls = DRUG_CLASSES.find((c) => c.name === name);
    if (!cls) continue;
    const re = new RegExp(cls.aliases.map((a) => `(?:${a})`).join("|"), "i");
    for (const h of search(ctx.idx, re)) {
      const clause = h.line.lower.slice(Math.max(0, h.index - 60), h.index + h.length + 40);
      const before = h.line.lower.slice(Math.max(0, h.index - 60), h.index);
      const declined =
        PREFERENCE.test(clause) ||
        /\b(?:has not|have not|hasn't|never|not yet|no (?:prior |previous )?(?:trial|use))\b[^.;]{0,30}$/.test(before) ||
        (h.negated && /\b(?:tried|taken|used|trial|received)\b/.test(before));
      if (!declined || /\bcontraindicat/.test(clause)) continue;
      out.push({
        drug: name,
        days: null,
        dose: null,
        outcome: "unknown",
        intolerance: false,
        contraindicated: false,
        failure: false,
        ongoing: false,
        stopped: false,
        notTaken: true,
        explicitlyNotTaken: true,
        citations: [quote(ctx.idx, h.line, h.index, h.index + h.length)],
      });
      break;
    }
  }
  return out;
}

function evalContraindication(spec: CriterionOf<"contraindication">, ctx: EvalContext): Ev {
  const cands = candidateDrugs(spec.drugs, spec.classes, ctx);
  const intolOk = /intoleran|not tolerat|adverse (?:effect|event)/i.test(spec.text);
  for (const t of therapies(ctx, cands)) {
    if (t.contraindicated) return ev("met", `A contraindication to ${t.drug} is documented.`, t.citations.slice(0, 2));
    if (intolOk && t.intolerance && !t.notTaken)
      return ev("met", `Intolerance of ${t.drug} is documented (the policy accepts intolerance).`, t.citations.slice(0, 2));
  }
  // the class named as contraindicated ("triptans are contraindicated", "contraindication to metformin")
  const names = [...spec.classes.map((c) => c.toLowerCase().replace(/s$/, "")), ...cands];
  for (const h of search(ctx.idx, /contraindicat|not (?:a )?candidate for|cannot (?:take|use|receive)|unable to (?:take|use)/i)) {
    if (h.negated) continue;
    const sentence = h.line.lower;
    if (!names.length || names.some((n) => n.length > 3 && sentence.includes(n)))
      return ev("met", "A contraindication is documented.", [quote(ctx.idx, h.line, h.index, h.index + h.length)]);
  }
  // a condition the policy lists as a contraindication ("e.g., coronary artery disease, prior MI")
  for (const name of spec.phrases) {
    const cc = ctx.conditions.find((c) => c.condition && conditionSatisfies(c, [name], conditionByName(name)?.icd10 ?? []));
    if (cc?.citation) return ev("met", `${cap(name)} is documented; the policy lists it as a contraindication.`, [cc.citation]);
  }
  const no = search(ctx.idx, /\bno (?:known )?contraindications?\b|\bnot contraindicated\b/i)[0];
  if (no && (!names.length || names.some((n) => n.length > 3 && no.line.lower.includes(n))))
    return ev("not_met", "The request states there is no contraindication.", [quote(ctx.idx, no.line, no.index, no.index + no.length)]);
  // the request gives a preference, not a contraindication, as the reason the drug was not used
  const pref = [...therapies(ctx, cands).filter((t) => t.explicitlyNotTaken), ...classNeverTaken(spec.classes, ctx)].find((t) =>
    t.citations.some((c) => PREFERENCE.test(c.text)),
  );
  if (pref)
    return ev(
      "not_met",
      `The request gives the patient's preference, not a contraindication, as the reason ${pref.drug} was not used.`,
      pref.citations.slice(0, 1),
    );
  return ev("insufficient", `No contraindication to ${what(spec)} is documented.`, [], "none", `Any contraindication to ${what(spec)}`);
}

function evalDiagnosis(spec: CriterionOf<"diagnosis">, ctx: EvalContext): Ev {
  const codedHit = ctx.conditions.find((c) => c.source !== "text" && conditionSatisfies(c, spec.conditions, spec.icd10));
  const hit = codedHit ?? ctx.conditions.find((c) => conditionSatisfies(c, spec.conditions, spec.icd10));
  // the request is coded as another member of the required condition's family ("M30.1 eosinophilic
  // granulomatosis with polyangiitis" where the policy covers GPA or MPA) and names the required form
  // only in its text ("like patients with microscopic polyangiitis he is MPO-ANCA positive"): the code
  // says which form is treated, so the mention never meets the requirement — a reviewer confirms
  if (hit && !codedHit) {
    const sibling = ctx.conditions.filter(
      (c) =>
        c.source !== "text" &&
        !!c.condition &&
        spec.conditions.some((s) => {
          const mine = conditionAncestors(c.condition!);
          const theirs = conditionAncestors(s);
          return !mine.includes(s) && !theirs.includes(c.condition!) && mine.some((a) => theirs.includes(a));
        }),
    );
    if (sibling.length)
      return ev(
        "insufficient",
        `The request is coded as ${sibling.map((c) => [c.code, c.condition].filter(Boolean).join(" ")).join(", ")}, another form than ${spec.conditions.join(" / ")}, which its text only mentions; the diagnosis being treated must be confirmed.`,
        [...sibling.flatMap((c) => (c.citation ? [c.citation] : [])), ...(hit.citation ? [hit.citation] : [])].slice(0, 2),
        "direct",
        `Confirmation of the diagnosis being treated (${spec.conditions.join(" / ")})`,
      );
  }
  if (hit) {
    const shown = `${hit.code ? `ICD-10-CM ${hit.code}` : "Diagnosis"} on the request: ${hit.condition ?? hit.code} (policy: ${spec.conditions.length ? spec.conditions.join(" / ") : `${spec.phrases[0] ?? "diagnosis"}, ${spec.icd10.join(", ")}`})`;
    const sev = severityEvidence(spec, hit, ctx);
    if (sev && !sev.shown)
      return ev(
        "insufficient",
        `${shown}; the policy requires ${sev.level} disease, which a diagnosis code does not show and the request does not document (symptoms, findings or a disease activity score).`,
        hit.citation ? [hit.citation] : [],
        "direct",
        `Severity of ${spec.conditions[0] ?? "the condition"} (${sev.level}): clinical findings or a disease activity score`,
      );
    return ev("met", `${shown}.${sev?.shown ? ` Severity: ${sev.shown.reason}` : ""}`, [
      ...(hit.citation ? [hit.citation] : []),
      ...(sev?.shown?.citation ? [sev.shown.citation] : []),
    ]);
  }
  const formal = ctx.conditions.filter((c) => c.source !== "text");
  // a diagnosis the policy defines by its codes alone (words the engine does not know): another code
  // on the request may still be that diagnosis in the policy's words — a reviewer decides, never a failure
  if (!spec.conditions.length) {
    const named = spec.phrases[0] ?? "the diagnosis the policy names";
    return ev(
      "insufficient",
      formal.length
        ? `The request's diagnosis codes (${formal.map((c) => c.code ?? c.condition).join(", ")}) are not among the policy's (${spec.icd10.join(", ")}) for ${named}; a reviewer should confirm.`
        : `No diagnosis code of ${named} (${spec.icd10.join(", ")}) in the request.`,
      formal.flatMap((c) => (c.citation ? [c.citation] : [])).slice(0, 2),
      formal.length ? "direct" : "none",
      `Diagnosis of ${named} (ICD-10-CM ${spec.icd10.join(", ")})`,
    );
  }
  if (!formal.length) {
    const attached = search(ctx.idx, ATTACHMENT_REFERENCE)[0];
    return ev(
      "insufficient",
      `No diagnosis of ${spec.conditions.join(" / ")} in the request.${attached ? " The request refers to notes that are not in the fax." : ""}`,
      attached ? [quote(ctx.idx, attached.line)] : [],
      attached ? "direct" : "none",
      `Diagnosis (ICD-10-CM code and clinical notes) for ${spec.conditions.join(" / ")}`,
    );
  }
  const known = formal.filter((c) => c.condition);
  if (!known.length)
    return ev(
      "insufficient",
      `The request's diagnosis codes (${formal.map((c) => c.code).join(", ")}) are not ones the engine recognises; a reviewer should confirm ${spec.conditions.join(" / ")}.`,
      formal.flatMap((c) => (c.citation ? [c.citation] : [])).slice(0, 2),
      "direct",
      `Confirmation that the diagnosis is ${spec.conditions.join(" / ")}`,
    );
  // an unspecified diagnosis is less specific than the form the policy requires: never met, never failed
  const vague = mostSpecificPerCode(known).filter((c) => spec.conditions.some((s) => s !== c.condition && conditionAncestors(s).includes(c.condition!)));
  if (vague.length)
    return ev(
      "insufficient",
      `The request's diagnosis (${vague.map((c) => [c.code, c.condition].filter(Boolean).join(" ")).join(", ")}) is less specific than ${spec.conditions.join(" / ")}; the form of the disease must be confirmed.`,
      vague.flatMap((c) => (c.citation ? [c.citation] : [])).slice(0, 2),
      "direct",
      `The specific form of ${vague[0].condition} (diagnosis and ICD-10-CM code)`,
    );
  return ev(
    "not_met",
    `The request's diagnosis (${[...new Set(known.map((c) => c.condition))].join(", ")}) is not ${spec.conditions.join(" / ")}.`,
    known.flatMap((c) => (c.citation ? [c.citation] : [])).slice(0, 2),
  );
}

/** ICD-10-CM categories whose own title states the severity (J45.4 "Moderate persistent asthma", J45.5 "Severe persistent asthma", F32.1/F33.1 moderate and F32.2/F33.2 severe depressive episode). Source: ICD-10-CM Tabular List. */
const SEVERITY_CODES: [RegExp, "moderate" | "severe"][] = [
  [/^J45\.4/i, "moderate"],
  [/^J45\.5/i, "severe"],
  [/^F3[23]\.1/i, "moderate"],
  [/^F3[23]\.[23]/i, "severe"],
];
/** named disease activity / severity scores written with a value ("Harvey-Bradshaw Index 11", "PASI 14", "BSA 12%", "Hurley stage II") */
const SEVERITY_SCORE =
  /\b(?:hbi|harvey[- ]bradshaw(?: index)?|cdai|ses-cd|(?:partial |total |full )?mayo(?: score)?|pasi|easi|v?iga|bsa|das-?28|sdai|basdai|asdas|uas7|scorad|pga|salt|ihs4|hurley(?: stage)?|(?:disease )?activity (?:score|index)|severity (?:score|index))\b[^.;\n]{0,25}?(?:\d|\b(?:i{1,3}|iv)\b)/i;

/**
 * The severity a diagnosis requirement names before its condition ("moderately to severely active
 * Crohn's disease", "severe asthma", "moderate-to-severe atopic dermatitis") and where the request
 * shows it: a diagnosis code alone never does (most codes carry no severity), except a code whose own
 * title states it (SEVERITY_CODES); the fax must say it in words — a sentence with the severity word,
 * not negated and not "mild to moderate", about the condition or its activity — or give a named
 * activity score with its value. An alternative written after "or" ("…, or fistulizing CD") is shown
 * by its own word. Null when the requirement names no severity.
 */
function severityEvidence(
  spec: CriterionOf<"diagnosis">,
  hit: CaseCondition,
  ctx: EvalContext,
): { level: string; shown: { reason: string; citation: Citation | null } | null } | null {
  const text = spec.text.toLowerCase();
  const q = /\b(moderate(?:ly)?[\s-]+(?:to|or)[\s-]+sever(?:e|ely)|sever(?:e|ely)|moderate(?:ly)?)\b/.exec(text);
  if (!q || /\bmild(?:ly)?[\s-]+(?:to|or)[\s-]*$/.test(text.slice(0, q.index))) return null;
  // the qualifier must name the condition's own state: the condition follows it closely
  const terms = spec.conditions.map(conditionByName).filter((c): c is NonNullable<typeof c> => !!c);
  const after = text.slice(q.index);
  const condAt = Math.min(...terms.flatMap((c) => conditionMentions(after, c).map((m) => m.index)), Infinity);
  if (!(condAt < 60)) return null;
  // "type 2 diabetes, hypertension, …, or severe osteoarthritis of a weight-bearing joint": in a list
  // of alternative conditions the severity qualifies the condition it stands before, never the others
  if (terms.length > 1) {
    const qualified = terms.filter((c) => conditionMentions(after, c).some((m) => m.index === condAt)).map((c) => c.name);
    if (qualified.length && !conditionSatisfies(hit, qualified, [])) return null;
  }
  const severeOnly = /^sever/.test(q[1]);
  const level = q[1].replace(/\s+/g, " ");
  const code = hit.code ?? "";
  const byCode = SEVERITY_CODES.find(([re]) => re.test(code));
  if (byCode && (!severeOnly || byCode[1] === "severe"))
    return { level, shown: { reason: `ICD-10-CM ${code} names ${byCode[1]} disease.`, citation: hit.citation ?? null } };
  const word = severeOnly ? /\bsever(?:e|ely|ity of severe)\b/ : /\b(?:moderate(?:ly)?|sever(?:e|ely))\b/;
  for (const line of ctx.idx.lines) {
    const m = word.exec(line.lower);
    if (!m || isNegated(line.lower, m.index)) continue;
    const before = line.lower.slice(Math.max(0, m.index - 14), m.index);
    if (/\bmild(?:ly)?[\s-]+(?:to|or)[\s-]*$/.test(before)) continue;
    // "moderate-to-severe" does not show "severe"
    if (severeOnly && /\bmoderate(?:ly)?[\s-]+(?:to|or)[\s-]*$/.test(before)) continue;
    const near = `${line.lower} ${ctx.idx.lines[line.index + 1]?.lower ?? ""}`;
    const about =
      terms.some((c) => conditionMentions(near, c).length) ||
      /\b(?:disease|activity|active|flares?|persistent|symptoms?|uncontrolled|exacerbations?|involvement)\b/.test(
        near.slice(Math.max(0, m.index - 40), m.index + 60),
      );
    if (about) return { level, shown: { reason: `"${clip(line.text.trim(), 100)}"`, citation: quote(ctx.idx, line) } };
  }
  // a score is no evidence of severity where the fax calls the disease mild ("IGA 2 (mild)")
  const mild = ctx.idx.lines.some((l) => {
    const m = /\bmild(?!(?:ly)?[\s-]+(?:to|or)[\s-])\b/.exec(l.lower);
    if (!m || isNegated(l.lower, m.index)) return false;
    return terms.some((c) => conditionMentions(l.lower, c).length) || SEVERITY_SCORE.test(l.lower) || /\b(?:disease|activity|flares?)\b/.test(l.lower);
  });
  if (!severeOnly && !mild)
    for (const line of ctx.idx.lines) {
      const m = SEVERITY_SCORE.exec(line.lower);
      if (m && !PENDING.test(line.lower)) return { level, shown: { reason: `disease activity score "${clip(m[0], 60)}".`, citation: quote(ctx.idx, line) } };
    }
  // "moderately to severely active CD, or fistulizing CD": the alternative form shows itself
  const alt = /\bor\s+([a-z-]{5,})\s+([^,;.]{2,40})/.exec(after.slice(q[0].length));
  if (alt && !terms.some((c) => conditionMentions(alt[1], c).length) && terms.some((c) => conditionMentions(alt[2], c).some((x) => x.index === 0))) {
    const stem = alt[1].slice(0, 6);
    const h = search(ctx.idx, new RegExp(`\\b${stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`)).find((x) => !x.negated);
    if (h) return { level, shown: { reason: `the alternative "${alt[1]}" is documented.`, citation: quote(ctx.idx, h.line) } };
  }
  return { level, shown: null };
}

/**
 * The requested daily amount in mg worked out from the quantity dispensed, when the directions give
 * none: quantity x strength of one unit / days supply ("8 mg" film, 150 films for 30 days = 40 mg a
 * day). Only for a quantity counted in single-dose units (tablets, capsules, films, …) with one
 * strength of one unit ("8 mg", or the first ingredient of "8 mg/2 mg") and a days supply; null
 * otherwise. Returns the mg per day and how it was reached, for the reason.
 */
function suppliedMgPerDay(med: EvalContext["facts"]["medication"]): { mgPerDay: number; shown: string } | null {
  if (!med || med.quantity == null || !med.days_supply || med.days_supply <= 0 || !med.strength) return null;
  if (
    !/^(?:tab(?:let)?s?|cap(?:sule)?s?|films?|lozenges?|troches?|suppositor(?:y|ies)|patch(?:es)?|sachets?|packets?|ODTs?)$/i.test(
      (med.quantity_unit ?? "").trim(),
    )
  )
    return null;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(mg|mcg)\s*(?:\/\s*\d+(?:\.\d+)?\s*(?:mg|mcg)\s*)?$/i.exec(med.strength);
  if (!m) return null;
  const unitMg = Number(m[1]) / (/^mcg$/i.test(m[2]) ? 1000 : 1);
  const mgPerDay = (med.quantity * unitMg) / med.days_supply;
  return { mgPerDay, shown: `${med.quantity} ${med.quantity_unit} of ${med.strength} for ${med.days_supply} days` };
}

/** Requested amount in mg per day from the sig ("300 mg every 2 weeks", "40 mg weekly"). */
function requestedMgPerDay(text: string): number | null {
  const m = /(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(mg|mcg|g)\b([^;]{0,60})/i.exec(text);
  if (!m) return null;
  let mg = Number(m[1].replace(/,/g, ""));
  if (/^mcg$/i.test(m[2])) mg /= 1000;
  if (/^g$/i.test(m[2])) mg *= 1000;
  const f = m[3].toLowerCase();
  const every = everyInterval(f);
  if (every) return mg / every;
  if (/\b(?:qid|four times (?:a|per) day)\b/.test(f)) return mg * 4;
  if (/\b(?:tid|three times (?:a|per) day)\b/.test(f)) return mg * 3;
  if (/\b(?:bid|twice (?:a |per )?day|twice daily)\b/.test(f)) return mg * 2;
  if (/\bevery other week\b|\bq2 ?w/.test(f)) return mg / 14;
  if (/\b(?:weekly|once a week|per week|\/week|every week|qw)\b/.test(f)) return mg / 7;
  if (/\b(?:monthly|once a month|per month|every month)\b/.test(f)) return mg / 30;
  if (/\b(?:daily|once a day|qd|per day|\/day|nightly|at bedtime|qhs|every (?:morning|evening|night))\b/.test(f)) return mg;
  return null;
}

/**
 * The member's weight in kg as the request states it ("Weight 72.0 kg", "wt 158 lb", converted at
 * 2.2046 lb/kg), with its citation: the last one written; null when no weight with a unit of mass is
 * written next to the word (a bare number is never read as kg; "4 kg weight loss" is no weight).
 */
export function memberWeightKg(ctx: EvalContext): { kg: number; citation: Citation } | null {
  const re = /\b(?:body weight|weight|wt|weighs|weighing)\s*(?:[:=]|is|of|was|today)?\s*(\d{1,3}(?:\.\d+)?)\s*(kg|kilograms?|lbs?|pounds?)\b/i;
  const hits = search(ctx.idx, re).filter((h) => !h.negated);
  const vals = hits
    .map((h) => {
      const m = re.exec(h.line.lower.slice(h.index));
      if (!m) return null;
      const n = Number(m[1]);
      const kg = /^k/.test(m[2]) ? n : n / 2.2046;
      return kg >= 1 && kg <= 400 ? { kg, citation: quote(ctx.idx, h.line, h.index, h.index + m[0].length) } : null;
    })
    .filter((v): v is NonNullable<typeof v> => !!v);
  if (!vals.length) return null;
  // the last weight written (the most recent note's) is the one the dose is calculated on
  const pick = vals.at(-1)!;
  return { kg: Math.round(pick.kg * 10) / 10, citation: pick.citation };
}

/**
 * A dose ceiling read from a policy's maximum-dose table (policy/dose-ceilings.ts): the requested dose
 * per administration — a service line's units times the mg of one billing unit, else the first "N mg"
 * or "N mg/kg" of the directions (never the strength) — against the row's maximum, weight-based ones
 * on the member's stated weight, rounded up to whole vials when the policy says so. Met within it
 * (both values quoted); clearly over it is not met only for a ceiling read with high confidence from
 * units read off the line and a weight in kg, else needs a reviewer. A row for adults or children does
 * not apply to a member of the other age (insufficient, so that another row may meet it).
 */
function evalDoseCeiling(spec: CriterionOf<"dose_limit">, ctx: EvalContext): Ev {
  const med = ctx.facts.medication;
  const line = ctx.facts.service_line;
  const b = birthDate(ctx);
  if (spec.population && b && ctx.requestDate) {
    const years = ageOn(b.date, ctx.requestDate).years;
    if ((spec.population === "adult") !== years >= 18)
      return ev(
        "insufficient",
        `The ceiling "${clip(spec.text, 80)}" is for ${spec.population === "adult" ? "adults" : "children"}; the member is ${years}.`,
        [],
        "none",
        null,
      );
  }
  const lineCite = med?.citations?.[0] ?? null;
  let requestedMg: number | null = null;
  let requestedPerKg: number | null = null;
  let shown = "";
  const fromUnits = !!line && med?.quantity != null && /^units?$/i.test(med?.quantity_unit ?? "") && spec.unit_mg != null;
  if (fromUnits) {
    requestedMg = med!.quantity! * spec.unit_mg!;
    shown = `${med!.quantity} unit(s) of ${line!.code ?? "the line"} x ${spec.unit_mg} mg = ${Math.round(requestedMg * 100) / 100} mg`;
  } else if (!line && med?.dosage) {
    const perKg = /(\d+(?:\.\d+)?)\s*mg\s*\/\s*kg\b/i.exec(med.dosage);
    const mg = /(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*mg\b(?!\s*\/)/i.exec(med.dosage);
    if (perKg) {
      requestedPerKg = Number(perKg[1]);
      shown = `"${clip(med.dosage, 60)}"`;
    } else if (mg) {
      requestedMg = Number(mg[1].replace(/,/g, ""));
      shown = `"${clip(med.dosage, 60)}" (${requestedMg} mg per administration)`;
    }
  }
  const cites = lineCite ? [lineCite] : [];
  if (requestedMg == null && requestedPerKg == null)
    return spec.confidence === "high"
      ? ev(
          "insufficient",
          `The requested dose is not stated; the policy limits it to "${clip(spec.text, 100)}".`,
          cites,
          cites.length ? "direct" : "none",
          "Dose per administration (mg, or units billed)",
        )
      : ev("met", `The requested dose is not stated; the approval is limited to the policy's maximum ("${clip(spec.text, 100)}").`, cites, "inferred");
  // a fixed ceiling per period: other lines of the same code within the period add to it
  if (spec.mg_per_kg == null) {
    const max = spec.max_mg!;
    if (requestedMg == null)
      return ev(
        "insufficient",
        `The requested dose ${shown} is per kg; the policy's maximum is ${max} mg.`,
        cites,
        "direct",
        "Dose in mg and the member's weight",
      );
    const others =
      line && spec.per_days
        ? line.claim_lines.filter(
            (l) =>
              l.code === line.code &&
              l.date_of_service &&
              line.date_of_service &&
              l.date_of_service !== line.date_of_service &&
              Math.abs(daysBetween(l.date_of_service, line.date_of_service)) < spec.per_days!,
          )
        : [];
    const limit = `${max} mg${spec.per_days ? ` per ${spec.per_days} days` : " per administration"}`;
    if (others.length)
      return ev(
        "insufficient",
        `${shown}; other ${line!.code} lines fall within the same ${spec.per_days}-day period, whose total the policy limits to ${limit}.`,
        cites,
        "direct",
        "Total dose within the period",
      );
    if (requestedMg <= max * 1.001) return ev("met", `${shown} is within the policy maximum of ${limit}.`, cites);
    return spec.confidence === "high" && fromUnits
      ? ev("not_met", `${shown} exceeds the policy maximum of ${limit}.`, cites)
      : ev(
          "insufficient",
          `${shown} is above the maximum of ${limit} as read; a reviewer should confirm the dose.`,
          cites,
          "direct",
          "Dose per administration within the policy maximum",
        );
  }
  if (requestedPerKg != null) {
    if (requestedPerKg <= spec.mg_per_kg * 1.001) return ev("met", `Requested ${shown} is within the policy maximum of ${spec.mg_per_kg} mg/kg.`, cites);
    return ev(
      "insufficient",
      `Requested ${shown} is above the maximum of ${spec.mg_per_kg} mg/kg as read; a reviewer should confirm the dose.`,
      cites,
      "direct",
      "Dose per administration within the policy maximum",
    );
  }
  const w = memberWeightKg(ctx);
  if (!w)
    return ev(
      "insufficient",
      `${shown}; the policy's maximum is ${spec.mg_per_kg} mg/kg and the member's weight is not stated.`,
      cites,
      cites.length ? "direct" : "none",
      "Member's weight (kg)",
    );
  let max = spec.mg_per_kg * w.kg;
  const steps = [`${spec.mg_per_kg} mg/kg x ${w.kg} kg = ${Math.round(max * 10) / 10} mg`];
  if (spec.vial_mg) {
    max = Math.ceil(max / spec.vial_mg - 1e-9) * spec.vial_mg;
    steps.push(`rounded up to whole ${spec.vial_mg} mg vials = ${max} mg`);
  }
  if (spec.max_mg != null && spec.max_mg < max) {
    max = spec.max_mg;
    steps.push(`capped at ${max} mg`);
  }
  const both = [...cites, w.citation];
  if (requestedMg! <= max * 1.001) return ev("met", `${shown} is within the policy maximum (${steps.join(", ")}).`, both);
  return spec.confidence === "high" && fromUnits
    ? ev("not_met", `${shown} exceeds the policy maximum (${steps.join(", ")}).`, both)
    : ev(
        "insufficient",
        `${shown} is above the maximum as read (${steps.join(", ")}); a reviewer should confirm the dose.`,
        both,
        "direct",
        "Dose per administration within the policy maximum",
      );
}

/**
 * A dose ceiling with no single amount per period, compared where the request states its dose per
 * administration ("300 mg SC every 2 weeks"): the sentence's fixed amounts are read as weight bands
 * (policy/dose-bands.ts). Within every amount the sentence states → met; above every amount, or above
 * the band of the member's stated weight → needs a reviewer (the ceiling was not read as a single
 * amount, so it is never a denial); between them with no weight stated → the weight is requested; a
 * band that allows the dose only under a condition of its own ("90 mg if > 100 kg with psoriasis")
 * needs a reviewer. Null when the sentence states no fixed amount or the request states no dose in mg
 * (then the approval is limited to the ceiling, as before).
 * @param c the citation of the request's dose, if any
 */
function evalDoseBands(spec: CriterionOf<"dose_limit">, ctx: EvalContext, c: Citation | null): Ev | null {
  const dosage = ctx.facts.medication?.dosage ?? "";
  const mg = /(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*mg\b(?!\s*\/)/i.exec(dosage);
  if (!mg || /mg\s*(?:\/|per\s+)kg/i.test(dosage)) return null;
  const { bands, schedules, perKg } = readDoseBands(spec.text);
  if (!bands.length) return null;
  const requested = Number(mg[1].replace(/,/g, ""));
  const shown = `The requested ${requested} mg per administration ("${clip(dosage, 60)}")`;
  const cites = c ? [c] : [];
  const ceiling = `"${clip(spec.text, 120)}"`;
  const reviewer = (reason: string, missing: string) => ev("insufficient", reason, cites, cites.length ? "direct" : "none", missing);
  // the request follows a schedule the policy writes out ("600 mg once, then 300 mg every 2 weeks"):
  // every requested amount, in order, within the schedule's, for the population it names
  const asked = [...dosage.matchAll(/(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*mg\b(?!\s*\/)/gi)].map((m) => Number(m[1].replace(/,/g, "")));
  const b = birthDate(ctx);
  const adult = b && ctx.requestDate ? ageOn(b.date, ctx.requestDate).years >= 18 : null;
  const forMember = schedules.filter((sc) => sc.population == null || (adult != null && (sc.population === "adult") === adult));
  // the whole schedule, or its maintenance amount alone ("300 mg every 2 weeks" on a continuation)
  const follows = forMember.find(
    (sc) => (sc.mg.length === asked.length && asked.every((a, i) => a <= sc.mg[i] * 1.001)) || (asked.length === 1 && asked[0] <= sc.mg.at(-1)! * 1.001),
  );
  if (follows) return ev("met", `The requested doses (${asked.map((a) => `${a} mg`).join(", then ")}) follow the policy's "${clip(follows.text, 80)}".`, cites);
  if (schedules.length && !forMember.length)
    return reviewer(
      `${shown}: the policy's schedule (${ceiling}) is written for another age group than the member's; a reviewer should confirm the dose.`,
      "Dose per administration within the policy maximum",
    );
  if (forMember.length && asked.length >= 2)
    return reviewer(
      `${shown}: the requested doses (${asked.map((a) => `${a} mg`).join(", then ")}) do not follow the policy's schedule (${ceiling}); a reviewer should confirm the dose.`,
      "Dose per administration within the policy maximum",
    );
  const amounts = bands.map((b) => b.mg);
  const lowest = Math.min(...amounts);
  if (requested > Math.max(...amounts) * 1.001)
    return reviewer(
      `${shown} is above every amount the policy's ceiling states (${ceiling}); a reviewer should confirm the dose.`,
      "Dose per administration within the policy maximum",
    );
  if (requested <= lowest * 1.001 && !perKg) return ev("met", `${shown} is within every amount the policy's ceiling states (${ceiling}).`, cites);
  // bands that name no weight are per indication or population ("rheumatoid arthritis 2 mg; alopecia
  // areata up to 4 mg"): a dose within one of them is limited to it by the approval, as before
  if (!bands.some((bd) => bd.minKg != null || bd.maxKg != null)) return null;
  const w = memberWeightKg(ctx);
  if (!w)
    return reviewer(`${shown}; the policy's ceiling depends on the member's weight (${ceiling}), which the request does not state.`, "Member's weight (kg)");
  const holding = bands.filter((b) => bandHolds(b, w.kg) === true);
  const applicable = holding.length ? holding : bands.filter((b) => bandHolds(b, w.kg) === null);
  const both = [...cites, w.citation];
  if (applicable.some((b) => !b.qualified && requested <= b.mg * 1.001))
    return ev("met", `${shown} is within the ceiling for a member of ${w.kg} kg (${ceiling}).`, both);
  if (applicable.length && applicable.every((b) => requested > b.mg * 1.001))
    return ev(
      "insufficient",
      `${shown} is above the ceiling for a member of ${w.kg} kg as read (${ceiling}); a reviewer should confirm the dose.`,
      both,
      "direct",
      "Dose per administration within the policy maximum",
    );
  return ev(
    "insufficient",
    `${shown}, member ${w.kg} kg: the band of the ceiling that allows it has a condition of its own, or none applies (${ceiling}).`,
    both,
    "direct",
    "Dose band the member qualifies for",
  );
}

/** "20 mg/kg/day", "25 mg/kg per day": a daily ceiling per kg of body weight */
const PER_KG_DAY_RE = /(\d+(?:\.\d+)?)\s*mg\s*\/\s*kg\s*(?:\/|per\s+)\s*day\b/gi;

/**
 * A daily ceiling per kg of body weight that the reader kept as words ("does not exceed 20 mg/kg/day
 * for X or Y, or 25 mg/kg/day for Z"): the requested daily amount — the highest the directions or a
 * stated "N mg/day" give — over the member's weight — the lowest written — is compared with the
 * lowest ceiling the sentence states. Within it → met (whichever band applies); above it → a reviewer
 * compares (which band applies, which weight is current). Null when the sentence states no such
 * ceiling or the request gives no daily amount or weight (then the approval is limited to the ceiling,
 * as before).
 */
function evalPerKgDayCeiling(spec: CriterionOf<"dose_limit">, ctx: EvalContext): Ev | null {
  const limits = [...spec.text.matchAll(PER_KG_DAY_RE)].map((m) => Number(m[1]));
  if (!limits.length) return null;
  const dosage = ctx.facts.medication?.dosage ?? "";
  const daily = [...dosage.matchAll(/(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(?:mg|mcg|g)\b/gi)].flatMap((m) => requestedMgPerDay(dosage.slice(m.index)) ?? []);
  const stated = search(ctx.idx, /\b(\d{1,5}(?:\.\d+)?)\s*mg\s*(?:\/|per\s+)\s*day\b/i);
  for (const h of stated) {
    const m = /(\d{1,5}(?:\.\d+)?)\s*mg/i.exec(h.line.lower.slice(h.index));
    if (m) daily.push(Number(m[1]));
  }
  const kgs = search(ctx.idx, /\b\d{1,3}(?:\.\d+)?\s*(?:kg|kilograms?)\b(?!\s*\/|\s*(?:weight )?(?:loss|lost|gain|gained)\b)/i).flatMap((h) => {
    if (/(?:\/|per\s+)\s*$/.test(h.line.lower.slice(Math.max(0, h.index - 6), h.index))) return [];
    const n = Number(/\d{1,3}(?:\.\d+)?/.exec(h.line.lower.slice(h.index))?.[0]);
    return n >= 2 && n <= 300 ? [n] : [];
  });
  if (!daily.length || !kgs.length) return null;
  const perDay = Math.max(...daily);
  const kg = Math.min(...kgs);
  const dose = Math.round((perDay / kg) * 10) / 10;
  const ceiling = Math.min(...limits);
  const shown = `${perDay} mg/day at ${kg} kg is ${dose} mg/kg/day`;
  if (perDay / kg <= ceiling * 1.001) return ev("met", `${shown}, within the policy's lowest ceiling of ${ceiling} mg/kg/day ("${clip(spec.text, 100)}").`, []);
  return ev(
    "insufficient",
    `${shown}, above ${ceiling} mg/kg/day: which of the policy's ceilings applies ("${clip(spec.text, 100)}") and which weight is current must be confirmed.`,
    [],
    "none",
    "Daily dose per kg of the current weight within the policy maximum",
  );
}

/**
 * A ceiling that also counts administrations per cycle ("… and 4 infusions per treatment cycle"),
 * against the directions' count ("once weekly x 4", "4 infusions"): a count above it goes to a
 * reviewer (insufficient); a count within it, or none stated (the approval carries the ceiling, as a
 * dose not stated does), leaves `dose` as it is.
 */
function withCycleCount(spec: CriterionOf<"dose_limit">, ctx: EvalContext, dose: Ev): Ev {
  const rule = PER_CYCLE_COUNT_RE.exec(spec.text);
  if (!rule || dose.outcome !== "met") return dose;
  const max = numberWord(rule[1]);
  const dosage = ctx.facts.medication?.dosage ?? "";
  const asked = /(?:\bx|×|\bfor)\s*(\d{1,2})\b(?!\s*(?:mg|mcg|g|ml|kg|%|months?|days?))|\b(\d{1,2})\s+(?:infusions|doses|injections|administrations)\b/i.exec(
    dosage,
  );
  const n = asked ? Number(asked[1] ?? asked[2]) : null;
  if (n == null || n <= max) return n == null ? dose : { ...dose, reason: `${dose.reason} ${n} administrations per cycle, within ${max}.` };
  return ev(
    "insufficient",
    `${n} administrations per cycle are requested ("${clip(dosage, 60)}"); the policy allows ${max} per cycle — a reviewer should confirm.`,
    dose.citations,
    "direct",
    "Number of administrations per treatment cycle",
  );
}

function evalDoseLimit(spec: CriterionOf<"dose_limit">, ctx: EvalContext): Ev {
  if (spec.mg_per_kg != null || spec.unit_mg != null) return withCycleCount(spec, ctx, evalDoseCeiling(spec, ctx));
  const med = ctx.facts.medication;
  const c = med?.citations?.find((x) => /\d\s*(?:mg|mcg|g)\b/i.test(x.text)) ?? med?.citations?.[0];
  const fromSig = [med?.dosage, med?.strength].filter(Boolean).join(" ");
  const sigPerDay = fromSig && spec.max_mg != null ? requestedMgPerDay(fromSig) : null;
  const supplied = sigPerDay == null && spec.max_mg != null ? suppliedMgPerDay(med) : null;
  const perDay = sigPerDay ?? supplied?.mgPerDay ?? null;
  const sig = sigPerDay == null && supplied ? supplied.shown : fromSig;
  if (spec.max_mg == null || spec.per_days == null) {
    const perKg = evalPerKgDayCeiling(spec, ctx);
    if (perKg) return perKg;
    const banded = evalDoseBands(spec, ctx, c ?? null);
    if (banded) return banded;
    return ev(
      "met",
      `The policy's dose ceiling ("${clip(spec.text, 120)}") is not a single amount that can be compared automatically; the approval is limited to it.`,
      c ? [c] : [],
      "inferred",
    );
  }
  const limit = `${spec.max_mg} mg per ${spec.per_days} day(s)`;
  if (perDay != null) {
    const max = spec.max_mg / spec.per_days;
    const loading = /\bload|induction|then|followed by|day 1\b|initial dose|weeks? 0\b/i.test(sig);
    if (perDay > max * 1.001 && !loading)
      return ev(
        "not_met",
        `Requested "${sig}" (~${Math.round(perDay * spec.per_days * 100) / 100} mg per ${spec.per_days} days) exceeds the policy maximum of ${limit}.`,
        c ? [c] : [],
      );
    if (perDay > max * 1.001)
      return ev(
        "insufficient",
        `Requested "${sig}" includes a loading or induction dose above the maintenance maximum of ${limit}; a reviewer should confirm the maintenance dose.`,
        c ? [c] : [],
        c ? "direct" : "none",
        "Maintenance dose and frequency",
      );
    return ev("met", `Requested "${sig}" is within the policy maximum of ${limit}.`, c ? [c] : []);
  }
  // the approval's quantity will carry the limit; an unreadable sig does not fail the request
  return ev(
    "met",
    `The requested dose${med?.dosage ? ` "${med.dosage}"` : ""} is not shown to exceed ${limit}; the approval is limited to it.`,
    c ? [c] : [],
    "inferred",
  );
}

function evalQuantityLimit(spec: CriterionOf<"quantity_limit">, ctx: EvalContext): Ev {
  const med = ctx.facts.medication;
  const qty = med?.quantity ?? null;
  const days = med?.days_supply ?? null;
  const cites = med?.citations?.filter((x) => /\d/.test(x.text)).slice(0, 1) ?? [];
  const limit = `${spec.amount} ${spec.unit} per ${spec.period_days} days`;
  if (qty == null) return ev("met", `Requested quantity not stated; the approval is limited to ${limit}.`, [], "inferred");
  const shown = days ? `${qty} per ${days} days` : `${qty}`;
  // a fill shorter than the limit's period is repeated as often as the directions say: "1 vial, 1 day
  // supply, every 12 weeks" is 1 vial per 84 days, not 84; with no interval stated, the projection is
  // no ground for a failure when the fill itself is within the limit
  const interval = days && days > 0 && days < spec.period_days ? dosingIntervalDays(med?.dosage ?? "") : null;
  const perPeriod = !days || days <= 0 ? qty : interval && interval >= days ? qty * Math.ceil(spec.period_days / interval) : (qty * spec.period_days) / days;
  if (perPeriod > spec.amount * 1.001 && days && days < spec.period_days && !interval && qty <= spec.amount)
    return ev(
      "insufficient",
      `The request's fill (${shown}) is within ${limit}, but how often it is repeated is not stated; a reviewer should confirm the dosing interval.`,
      cites,
      cites.length ? "direct" : "none",
      "Dosing interval (how often the fill is repeated)",
    );
  // a fill above a limit of a shorter period than any fill ("one capsule per day") is compared only
  // over the days it supplies: without them, its count says nothing of the daily amount
  if (perPeriod > spec.amount * 1.001 && !days && spec.period_days < 28)
    return ev(
      "insufficient",
      `The request's quantity (${shown}) is stated without its days supply, so it cannot be compared with ${limit}; a reviewer should confirm the daily amount.`,
      cites,
      cites.length ? "direct" : "none",
      "Days supply of the requested quantity (or the number of units a day)",
    );
  if (perPeriod > spec.amount * 1.001) {
    // a failure needs the number read as a dispensed quantity in the limit's own unit, never a
    // strength ("40 mg") or another unit ("2 cartons" against "pens")
    // the failure is quoted: the fax text cited shows the quantity (and the days supply it is spread over)
    const shows = (n: number) => (med?.citations ?? []).some((c) => new RegExp(`(?<![\\d.])${String(n).replace(".", "\\.")}(?![\\d.])`).test(c.text));
    if (!shows(qty) || (days != null && days !== spec.period_days && !shows(days)) || !comparableQuantity(qty, med?.quantity_unit ?? null, spec.unit, cites))
      return ev(
        "insufficient",
        `The request's quantity (${shown}${med?.quantity_unit ? ` ${med.quantity_unit}` : ""}) cannot be compared with the limit of ${limit}; a reviewer should confirm the quantity dispensed.`,
        cites,
        cites.length ? "direct" : "none",
        `Quantity requested per fill in ${spec.unit}, with the days supply`,
      );
    const loading = /\bload|induction|starter|titration|first (?:fill|month)|day 1\b/i.test(`${med?.dosage ?? ""}`);
    if (loading)
      return ev(
        "insufficient",
        `Requested quantity ${shown} exceeds ${limit}, with a loading dose in the directions; a reviewer should confirm the first fill.`,
        cites,
        cites.length ? "direct" : "none",
        "Quantity needed after the loading dose",
      );
    return ev("not_met", `Requested quantity ${shown} exceeds the limit of ${limit}.`, cites);
  }
  return ev("met", `Requested quantity ${shown} is within the limit of ${limit}.`, cites);
}

/**
 * Days between doses stated in directions: "every 12 weeks" → 84, "q4w" → 28, "every 3 months" → 90,
 * "once monthly" → 30, "every 28 days" → 28. Null when no interval is stated (daily dosing included:
 * a daily drug's fill is its days supply).
 */
export function dosingIntervalDays(directions: string): number | null {
  const t = directions.toLowerCase();
  const every = everyInterval(t);
  if (every) return every;
  // "twice a month" / "two times weekly" are more often than the period: no interval of one period
  if (/\b(?:twice|two times|three times|\d+ times)\s+(?:a |per |every )?(?:month|week)|\b(?:twice|two times|three times)\s+(?:monthly|weekly)\b/.test(t))
    return null;
  if (/\b(?:once\s+)?(?:monthly|every month|a month)\b/.test(t)) return 30;
  if (/\b(?:once\s+)?(?:weekly|every week|a week)\b/.test(t)) return 7;
  return null;
}

/** "every 12 weeks", "q4w", "every 28 days", "q3 months" in lower-case directions → days between doses, or null */
function everyInterval(t: string): number | null {
  const m = /\b(?:every|q)\s*(\d{1,3})\s*(days?|d|weeks?|wks?|w|months?|mos?|m)\b/.exec(t);
  return m ? Number(m[1]) * (/^d/.test(m[2]) ? 1 : /^w/.test(m[2]) ? 7 : 30) : null;
}

/** Dispensing units that count the same thing (a pen is a prefilled syringe is an injection). */
const UNIT_FAMILIES = [
  /^(?:tab|tablet|cap|capsule|film|lozenge|troche|wafer|odt|dose|each|ea|unit)$/,
  /^(?:pen|syringe|prefilled syringe|autoinjector|auto-injector|injector|injection|cartridge|device|dose|each|ea|unit|vial|kit)$/,
  /^(?:patch|patches|each|ea|unit)$/,
  /^(?:inhaler|canister|device|each|ea|unit)$/,
  /^(?:ml|milliliter)$/,
];

/**
 * Whether a request's quantity can be compared with a quantity limit: the number is not a strength
 * (its citation does not show it as "40 mg" without a quantity label), and its unit, when the request
 * states one, counts what the limit counts. Units of mass or percent are never dispensed quantities.
 */
function comparableQuantity(qty: number, unit: string | null, limitUnit: string, cites: Citation[]): boolean {
  const one = (u: string) =>
    u
      .toLowerCase()
      .replace(/^(?:single-dose|prefilled|pre-filled)\s+/, "")
      .replace(/(ch|sh|x)es$|s$/, "$1")
      .trim();
  const n = String(qty).replace(".", "\\.");
  const strength = cites.some(
    (c) =>
      new RegExp(`(?<![\\d.])${n}\\s*(?:mg|mcg|µg|g|gm|%|units?/ml|mg/ml)\\b`, "i").test(c.text) && !/\b(?:qty|quantity|#|dispense|disp|count)\b/i.test(c.text),
  );
  if (strength) return false;
  if (!unit) return true;
  const u = one(unit);
  if (/^(?:mg|mcg|µg|g|gm|%|mg\/ml|iu)$/.test(u)) return false;
  const l = one(limitUnit);
  if (!l || l === "unit" || u === l || u.startsWith(l) || l.startsWith(u)) return true;
  return UNIT_FAMILIES.some((f) => f.test(u) && f.test(l));
}

/** words on every request (form labels, plan names): never evidence of a requirement on their own */
const STOP_WORDS = new Set("every each any all one two some other another could would should may must can will not".split(" "));
const BOILERPLATE_WORDS = new Set(
  "health plan member patient request requested prescriber provider established past documented documentation medication drug therapy treatment product products preferred policy approval approved coverage covered previous current".split(
    " ",
  ),
);

/** clinical words too generic to stand for a requirement alone (evalDocumentation) */
const GENERIC_SINGLE_WORDS = new Set(
  "sign signs symptom symptoms status known history evaluation assessment finding findings condition conditions disease change changes new planned current prior past contraindication contraindications contraindicated intolerance intolerant hypersensitivity".split(
    " ",
  ),
);

/** a cap on the doses (injections, infusions, courses) of a drug over a member's lifetime */
const LIFETIME_CAP_RE =
  /\b(?:total )?number of\s+(?:[\w-]+\s+){0,3}?(doses|injections|infusions|courses)\b[^.;]{0,120}?\b(?:will|must|may|does|shall|can)\s*not\s+exceed\s+(\d{1,3})\b|\b(?:no more than|a maximum of|maximum of)\s+(\d{1,3})\s+(doses|injections|infusions|courses)\b[^.;]{0,30}\blifetime\b/i;
/** a stated count of doses already received ("Number of romosozumab doses previously received 0") */
const PRIOR_DOSES_RE =
  /\b(?:doses|injections|infusions|courses)\s+(?:previously|already|prior(?:ly)?)?\s*(?:received|given|administered)(?:\s+(?:to date|so far|before))?\s*[:=-]?\s*(\d{1,3}|none|zero)\b|\b(\d{1,3}|no)\s+(?:prior|previous|earlier)\s+(?:doses|injections|infusions)\b/i;

/**
 * The number of doses a request asks for, where it says so: "for 12 doses", "x 12 injections",
 * "12 monthly doses requested", "Monthly x 12", "once every month x 12", "doses requested: 6".
 * The largest stated count wins (a reader must not under-count what is asked); null when none is stated.
 */
const REQUESTED_DOSES_RES = [
  /\b(?:for|x|×)\s*(\d{1,2})\s+(?:(?:monthly|weekly|more)\s+)?(?:doses|injections|infusions)\b/gi,
  /\b(\d{1,2})\s+(?:(?:monthly|weekly)\s+)?(?:doses|injections|infusions)\s+(?:requested|remaining|to complete)\b/gi,
  /\b(?:doses|injections|infusions)\s+requested\s*[:=-]?\s*(\d{1,2})\b/gi,
  /\b(?:monthly|once (?:every|a|per) month|every month|q\s?month)\b[^.\n]{0,20}?(?:x|×|for)\s*(\d{1,2})(?:\s*(?:months?|mo|doses))?\b/gi,
];
function requestedDoses(ctx: EvalContext): { count: number; line: (typeof ctx.idx.lines)[number]; at: number; len: number } | null {
  let best: { count: number; line: (typeof ctx.idx.lines)[number]; at: number; len: number } | null = null;
  for (const line of ctx.idx.lines) {
    if (PRIOR_DOSES_RE.test(line.text)) continue;
    for (const re of REQUESTED_DOSES_RES) {
      re.lastIndex = 0;
      for (const m of line.text.matchAll(re)) {
        const count = Number(m[1]);
        if (count > 0 && (!best || count > best.count)) best = { count, line, at: m.index ?? 0, len: m[0].length };
      }
    }
  }
  return best;
}

/**
 * A lifetime cap on a drug's doses ("will not exceed 12 doses, including doses given before
 * enrollment"), counting the doses requested: met when the request states how many doses were
 * already received and those plus the doses it asks for stay within the cap, or when none were
 * received and the request states no count (an authorization never exceeds the policy's cap);
 * any other stated count (over the cap, or earlier doses with no requested count) is for a reviewer
 * (never a denial from this reading). Null when the requirement is no such cap or no earlier count is stated.
 */
function judgeLifetimeCap(text: string, ctx: EvalContext): Ev | null {
  const m = LIFETIME_CAP_RE.exec(text);
  if (!m) return null;
  const cap = Number(m[2] ?? m[3]);
  for (const line of ctx.idx.lines) {
    const p = PRIOR_DOSES_RE.exec(line.text);
    if (!p) continue;
    const raw = (p[1] ?? p[2]).toLowerCase();
    const prior = raw === "none" || raw === "zero" || raw === "no" ? 0 : Number(raw);
    const c = [quote(ctx.idx, line, p.index, p.index + p[0].length)];
    const asked = requestedDoses(ctx);
    if (asked) {
      const ca = [...c, quote(ctx.idx, asked.line, asked.at, asked.at + asked.len)];
      if (prior + asked.count <= cap)
        return ev("met", `${prior} dose(s) already received and ${asked.count} requested: ${prior + asked.count}, within the cap of ${cap}.`, ca);
      return ev(
        "insufficient",
        `${prior} dose(s) already received and ${asked.count} requested: ${prior + asked.count}, over the cap of ${cap}; a reviewer must limit the authorization to ${Math.max(0, cap - prior)} dose(s).`,
        ca,
        "direct",
        text,
      );
    }
    if (prior === 0) return ev("met", `No doses received before; the authorization is limited to the cap of ${cap}.`, c);
    if (prior < cap)
      return ev(
        "insufficient",
        `${prior} dose(s) already received; the request does not state how many it asks for, and ${cap - prior} remain under the cap of ${cap}.`,
        c,
        "direct",
        text,
      );
    return ev("insufficient", `${prior} dose(s) already received, at or over the cap of ${cap}; a reviewer must check it.`, c, "direct", text);
  }
  return null;
}

/** an exclusion's qualifier naming one sex ("osteoporosis in men", "use in males") */
const SEX_QUALIFIER_RE = /\b(?:in|for)\s+(?:adult\s+)?(men|males?|boys|women|females?|girls)\b(?!\s+(?:and|or)\s+(?:men|women|males?|females?))/i;

/** a count threshold on events ("7 or more such episodes", "at least two exacerbations", "three or more visits") */
const COUNT_THRESHOLD_RE =
  /\b(?:(?:more|fewer|less)\s+than\s+(?:\d{1,3}|two|three|four|five|six|twelve)|(?:\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+or\s+more|at\s+least\s+(?:\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|twelve)|no\s+fewer\s+than\s+(?:\d{1,3}|two|three|four|five|six))\s+(?:\(\d+\)\s+)?(?:[a-z-]+\s+){0,2}?(?:episodes?|events?|infections?|visits?|attacks?|exacerbations?|admissions?|hospitali[sz]ations?|courses?|occurrences?|crises|seizures?|sessions?|flares?|relapses?|fractures?|falls?|migraines?|headaches?|doses|injections|infusions)\b/i;

/** a minimum duration ("for 3 months or longer", "at least 6 weeks", "a minimum of 12 months") */
const DURATION_THRESHOLD_RE =
  /\b(?:(?:for|lasting|persisting|present for|duration of)\s+(?:at least|a minimum of|minimum of|no less than)\s+(?:\d{1,3}|one|two|three|four|six|eight|twelve)\s*(?:consecutive\s+)?(?:days?|weeks?|months?|years?)\b|(?:\d{1,3}|one|two|three|four|six|eight|twelve)\s*(?:consecutive\s+)?(?:days?|weeks?|months?|years?)\s+or\s+(?:longer|more|greater)\b)/i;

/** a question's printed answers, neither marked in the text ("Yes No", "[ ] Yes [ ] No", "Y / N") */
const UNREAD_YES_NO_RE = /^(?:\[\s*\]\s*|\(\s*\)\s*|[☐□]\s*)?(?:yes|y)\b\s*(?:\/|\||or)?\s*(?:\[\s*\]\s*|\(\s*\)\s*|[☐□]\s*)?(?:no|n)\b/i;

/** words left around marker statuses in a requirement that is only about them ("Disease is … AND …") */
const MARKER_FILLER = new Set(
  "disease is are the and tumor tumour cancer carcinoma patient member has have with status documented confirmed both must be of a an by test testing result".split(
    " ",
  ),
);

/**
 * A requirement of marker statuses ("hormone receptor (HR)-positive AND HER2-negative"), judged by
 * the statuses the fax writes beside each marker (evidence/biomarkers.ts): not met when the fax shows
 * another status, met when it shows every one and the requirement asks nothing else. Null when the
 * requirement names no marker status or offers alternatives ("… or …").
 */
function evalMarkerRequirement(text: string, ctx: EvalContext): Ev | null {
  const reqs = markerRequirements(text);
  if (!reqs.length) return null;
  const plain = text.replace(/\[[^\]]*\]/g, " ").replace(/\((?:[^()]*\s){3,}[^()]*\)/g, " ");
  if (/\b(?:or|either|and\/or)\b/i.test(plain)) return null;
  const judged = reqs.map((r) => judgeMarker(ctx.idx, r));
  const failed = judged.find((j) => j.outcome === "not_met");
  if (failed) return ev("not_met", failed.reason, failed.citations, "direct");
  const open = judged.filter((j) => j.outcome === "insufficient");
  if (open.length)
    return ev(
      "insufficient",
      open.map((j) => j.reason).join(" "),
      open.flatMap((j) => j.citations),
      open.some((j) => j.citations.length) ? "direct" : "none",
      text,
    );
  const rest = plain
    .replace(/\([^)]*\)/g, " ")
    .toLowerCase()
    .match(/[a-z][a-z0-9-]+/g)
    ?.filter(
      (w) =>
        !MARKER_FILLER.has(w) &&
        !markerRequirements(w + "-positive").length &&
        !/^(?:positive|negative|receptor|receptors|hormone|estrogen|progesterone|human|epidermal|growth|factor|amplified|mutation|mutated|wild-type)$/.test(w),
    );
  if ((rest?.length ?? 0) > 2) return null;
  return ev(
    "met",
    judged.map((j) => j.reason).join(" "),
    judged.flatMap((j) => j.citations),
  );
}

/**
 * A benefit visit maximum (policy/visit-limits.ts) judged on the service line under review
 * (`facts.service_line`): the line's code picks the policy's row; its visit number in the period is
 * counted from the request (evidence/visit-count.ts). Met within the maximum, failed beyond it (the
 * count quoted), needs information when the count, the line or the row is not read.
 */
function evalVisitLimit(spec: CriterionOf<"visit_limit">, ctx: EvalContext): Ev {
  const line = ctx.facts.service_line;
  if (!line?.code || !line.date_of_service)
    return ev("insufficient", "The visit maximum is judged per service line; the line's code or date of service is not read.", [], "none", spec.text);
  const row = spec.limits.find((l) => codeListed(line.code!, l.codes));
  if (!row)
    return ev(
      "insufficient",
      `The policy's visit maximum for ${line.code} was not read from its benefit table.`,
      [],
      "none",
      `The ${spec.period} visit maximum for ${line.code}`,
    );
  // a visit is one discipline's (GP physical, GO occupational, GN speech therapy): another
  // discipline's lines of the same codes on the claim are not this discipline's visits
  const discipline = (mods: string[] | undefined) => mods?.find((m) => /^G[PON]$/.test(m)) ?? null;
  const own = discipline(line.modifiers);
  const claimDates = line.claim_lines
    .filter((l) => l.code && l.date_of_service && codeListed(l.code, row.codes) && (!own || !discipline(l.modifiers) || discipline(l.modifiers) === own))
    .map((l) => l.date_of_service!);
  const n = visitNumber(ctx.idx, line.date_of_service, claimDates);
  if (n.visit == null)
    return ev(
      "insufficient",
      n.why,
      n.citations,
      n.citations.length ? "direct" : "none",
      `The ${spec.period} visits used before ${line.date_of_service} (benefit verification or visit log)`,
    );
  return n.visit <= row.max
    ? ev("met", `${line.code} on ${line.date_of_service} is ${spec.period} visit ${n.visit} of the ${row.max}-visit maximum (${n.how}).`, n.citations)
    : ev("not_met", `${line.code} on ${line.date_of_service} is ${spec.period} visit ${n.visit}, beyond the ${row.max}-visit maximum (${n.how}).`, n.citations);
}

/**
 * A code the policy includes in other codes (policy/bundled-codes.ts) judged on the service line under
 * review: failed when another line of the same claim on the same date of service bills a code it is
 * included in (the line quoted, the policy sentence in the reason); otherwise needs a reviewer (the
 * policy's bundling does not say when the code is paid alone). Needs information when the line's
 * code or date is not read.
 */
/** The line's modifier that takes it out of a bundling rule ("… or without modifier 59 / XS"), or undefined. */
function exemptingModifier(spec: CriterionOf<"bundled_code">, modifiers: string[] | undefined): string | undefined {
  return spec.unless_modifiers?.find((m) => (modifiers ?? []).some((x) => x.trim().toUpperCase() === m));
}

function evalBundledCode(spec: CriterionOf<"bundled_code">, ctx: EvalContext): Ev {
  const line = ctx.facts.service_line;
  if (!line?.code || !line.date_of_service)
    return ev(
      "insufficient",
      "Whether the service is billed with the procedure it is included in is judged per service line; the line is not read.",
      [],
      "none",
      spec.text,
    );
  // "… or without modifier 59 / XS, is included in …": a line carrying the modifier is out of the
  // bundling only if the service was distinct, which the reader does not judge
  const exempt = exemptingModifier(spec, line.modifiers);
  const sameDay = line.claim_lines.some(
    (l) => l.code && l.code !== line.code && l.date_of_service === line.date_of_service && codeListed(l.code, spec.included_in),
  );
  if (exempt && sameDay)
    return ev(
      "insufficient",
      `${line.code} on ${line.date_of_service} carries modifier ${exempt}; whether it is distinct from the service the policy includes it in is for a reviewer: "${spec.text}"`,
      [],
      "none",
      spec.text,
    );
  if (spec.days_before != null) {
    // "on the day of surgery or the day before": the procedure on the line's date or up to
    // `days_before` days after it bundles the line; the procedure on the claim on another date does not
    const procs = line.claim_lines.filter((l) => l.code && l.code !== line.code && l.date_of_service && codeListed(l.code, spec.included_in));
    const within = procs.find((l) => {
      const gap = daysBetween(line.date_of_service!, l.date_of_service!);
      return gap >= 0 && gap <= spec.days_before!;
    });
    if (within)
      return ev(
        "not_met",
        `${line.code} on ${line.date_of_service} is billed with ${within.code} on ${within.date_of_service} on the same claim; the policy includes it in that procedure: "${spec.text}"`,
        ctx.facts.medication.citations.slice(0, 1),
      );
    if (procs.length)
      return ev(
        "met",
        `${line.code} on ${line.date_of_service} is not on the date of ${procs.map((p) => `${p.code} (${p.date_of_service})`).join(", ")} or within ${spec.days_before} day(s) before it; the policy's bundling does not reach it.`,
        [],
        "inferred",
      );
  }
  const primary = line.claim_lines.find(
    (l) => l.code && l.code !== line.code && l.date_of_service === line.date_of_service && codeListed(l.code, spec.included_in),
  );
  if (!primary)
    return ev(
      "insufficient",
      `${line.code} is billed without a procedure it is included in (${spec.included_in.join(", ")}) on ${line.date_of_service}; the policy's bundling rule does not decide it.`,
      [],
      "none",
      `Whether ${line.code} on ${line.date_of_service} is payable on its own`,
    );
  return ev(
    "not_met",
    `${line.code} is billed on ${line.date_of_service} with ${primary.code} on the same claim; the policy includes it in ${spec.included_in.join(", ")}: "${spec.text}"`,
    ctx.facts.medication.citations.slice(0, 1),
  );
}

/**
 * A line coding rule (policy/line-billing-rules.ts) as an exclusion of the service line under review:
 * applies when the line's code is one the rule names and the line carries a modifier the rule forbids,
 * or when the line's own units exceed the per-date-of-service maximum (the policy sentence quoted in
 * the reason). When the line is within the maximum but the code's lines of that date together exceed
 * it, which line is over is a reviewer's call (needs information). Does not apply otherwise; needs
 * information when the line's code, modifiers or units are not read.
 */
function evalLineBillingExclusion(spec: CriterionOf<"line_billing">, ctx: EvalContext): Ev {
  const line = ctx.facts.service_line;
  if (!line) return ev("not_met", "Does not apply: the coding rule is judged on claim service lines.", [], "inferred");
  if (!line.code) return ev("insufficient", "The coding rule is judged per service line; the line's code is not read.", [], "none", spec.text);
  if (spec.codes?.length && !codeListed(line.code, spec.codes)) return ev("not_met", "Does not apply to this code.", [], "inferred");
  // a per-month unit maximum, a required modifier or a companion code (policy/claim-line-sentences.ts)
  const checked = judgeClaimLineCheck(spec, line);
  if (checked)
    return checked.outcome === "met"
      ? ev("met", checked.reason, ctx.facts.medication.citations.slice(0, 1))
      : checked.outcome === "insufficient"
        ? ev("insufficient", checked.reason, [], "none", spec.text)
        : ev("not_met", checked.reason, [], "inferred");
  const mods = (line.modifiers ?? []).map((m) => m.toUpperCase());
  const banned = mods.filter((m) => spec.modifiers.includes(m));
  if (banned.length)
    return ev(
      "met",
      `Applies: ${line.code} is billed with modifier ${banned.join(", ")}, which the policy says must not be appended: "${spec.text}"`,
      ctx.facts.medication.citations.slice(0, 1),
    );
  if (spec.max_units_per_date != null) {
    if (line.units == null)
      return ev(
        "insufficient",
        `The policy allows ${spec.max_units_per_date} units per date of service; the line's units are not read.`,
        [],
        "none",
        spec.text,
      );
    if (line.units > spec.max_units_per_date)
      return ev(
        "met",
        `Applies: ${line.code} is billed with ${line.units} units on ${line.date_of_service ?? "its date of service"}, above the ${spec.max_units_per_date}-unit maximum per date of service: "${spec.text}"`,
        ctx.facts.medication.citations.slice(0, 1),
      );
    const sameDate = line.claim_lines.filter((l) => l.code && codeListed(l.code, [line.code!]) && l.date_of_service === line.date_of_service);
    const total = sameDate.reduce((n, l) => n + (l.units ?? 0), 0);
    if (line.date_of_service && sameDate.length > 1 && total > spec.max_units_per_date)
      return ev(
        "insufficient",
        `${line.code} lines on ${line.date_of_service} total ${total} units, above the ${spec.max_units_per_date}-unit maximum per date of service; which line is over is for a reviewer to decide.`,
        [],
        "none",
        `Whether ${line.code} on ${line.date_of_service} is within the per-date-of-service maximum`,
      );
  }
  return ev("not_met", "Does not apply: the line's modifiers and units are within the policy's coding rule.", [], "inferred");
}

/**
 * A supply replacement schedule row (policy/replacement-intervals.ts) as an exclusion of the service
 * line under review: applies when the request documents earlier furnishings of the line's code
 * (evidence/supply-history.ts, and earlier lines of the same claim) inside the interval before the
 * line's date of service, so that with the line's own units more than `max` fall in one interval (the
 * supply row quoted); open when the record speaks of a lost, stolen or damaged item and the policy
 * excepts those; does not apply when the interval has elapsed or no earlier furnishing is documented.
 */
function evalReplacementIntervalExclusion(spec: CriterionOf<"replacement_interval">, ctx: EvalContext): Ev {
  const line = ctx.facts.service_line;
  const period = `${spec.max} per ${spec.every > 1 ? `${spec.every} ${spec.unit}s` : spec.unit}`;
  // a drug request (no service line) is not judged against a claim line's replacement schedule
  if (!line) return ev("not_met", "Does not apply: the replacement schedule is judged on claim service lines.", [], "inferred");
  if (!line.code || !line.date_of_service)
    return ev("insufficient", "The replacement interval is judged per service line; the line's code or date of service is not read.", [], "none", spec.text);
  const dos = line.date_of_service;
  const code = line.code.toUpperCase();
  const furnished = new Map<string, { date: string; units: number; citation: Citation | null }>();
  for (const f of earlierFurnishings(ctx.idx, code, dos)) furnished.set(f.date, f);
  for (const l of line.claim_lines) {
    if (l.code?.toUpperCase() !== code || !l.date_of_service || l.date_of_service >= dos) continue;
    const prev = furnished.get(l.date_of_service);
    const units = l.units && l.units > 0 ? l.units : 1;
    if (!prev || prev.units < units) furnished.set(l.date_of_service, { date: l.date_of_service, units, citation: prev?.citation ?? null });
  }
  if (!furnished.size) return ev("not_met", `Does not apply: no earlier furnishing of ${code} before ${dos} is documented.`, [], "inferred");
  const inside = [...furnished.values()].filter((f) => addInterval(f.date, spec.every, spec.unit) > dos).sort((a, b) => b.date.localeCompare(a.date));
  const own = line.units && line.units > 0 ? line.units : 1;
  const count = inside.reduce((n, f) => n + f.units, 0) + own;
  const last = [...furnished.values()].sort((a, b) => b.date.localeCompare(a.date))[0];
  const citations = inside.map((f) => f.citation).filter((c): c is Citation => !!c);
  if (count <= spec.max)
    return ev(
      "not_met",
      `Does not apply: ${code} was last furnished on ${last.date}, ${daysBetween(last.date, dos)} days before ${dos}; ${count} within the ${period} schedule.`,
      last.citation ? [last.citation] : [],
      "inferred",
    );
  const why = `${code} on ${dos} is unit ${count} within ${period}: it was furnished on ${inside.map((f) => f.date).join(", ")} (${daysBetween(inside[0].date, dos)} days earlier), before the replacement interval elapsed ("${spec.text}")`;
  const loss = spec.loss_exception ? lossMention(ctx.idx) : null;
  if (loss)
    return ev(
      "insufficient",
      `${why}. The record speaks of a lost, stolen or damaged item, which the policy excepts; a reviewer decides whether the exception applies.`,
      [...citations, loss],
      "direct",
      `Whether the ${code} replacement follows a documented loss, theft or damaging incident`,
    );
  return ev("met", `Applies: ${why}.`, citations);
}

/**
 * A rolling-window frequency limit (policy/session-limits.ts) as an exclusion of the service line under
 * review: the earlier sessions in the window before the line's date of service — the request's history
 * rows (evidence/supply-history.ts earlierSessions) and earlier lines of the same claim billing the
 * procedure's codes, one date = one session, of the line's spinal region when the limit is per region —
 * plus this session. Applies when that is more than the maximum (the rows quoted); does not apply
 * otherwise (the count in the reason), never on a region the policy's code table does not give.
 */
function evalSessionLimitExclusion(spec: CriterionOf<"session_limit">, ctx: EvalContext): Ev {
  const line = ctx.facts.service_line;
  // a drug request (no service line) is not judged against a claim line's session count
  if (!line) return ev("not_met", "Does not apply: the session limit is judged on claim service lines.", [], "inferred");
  if (!line.code || !line.date_of_service)
    return ev("insufficient", "The frequency limit is judged per service line; the line's code or date of service is not read.", [], "none", spec.text);
  const dos = line.date_of_service;
  const codes = spec.codes ?? [];
  const region = spec.per_region ? (spec.regions[line.code.toUpperCase()] ?? null) : null;
  if (spec.per_region && !region)
    return ev(
      "not_met",
      `Does not apply: the spinal region of ${line.code} is not given by the policy's code table, so its sessions cannot be counted.`,
      [],
      "inferred",
    );
  const from = addInterval(dos, -spec.window_months, "month");
  const sessions = new Map<string, Citation | null>();
  for (const s of earlierSessions(ctx.idx, {
    names: spec.procedure,
    codes,
    dos,
    from,
    region,
    regionOf: spineRegionOf,
    listed: (c) => codeListed(c, codes),
  }))
    sessions.set(s.date, s.citation);
  for (const l of line.claim_lines) {
    if (!l.code || !l.date_of_service || l.date_of_service >= dos || l.date_of_service < from || !codeListed(l.code, codes)) continue;
    if (region && spec.regions[l.code.toUpperCase()] !== region) continue;
    if (!sessions.has(l.date_of_service)) sessions.set(l.date_of_service, null);
  }
  const dates = [...sessions.keys()].sort();
  const count = dates.length + 1;
  const scope = region ? ` (${region} region)` : "";
  if (count <= spec.max)
    return ev(
      "not_met",
      `Does not apply: ${line.code} on ${dos} is session ${count} of at most ${spec.max} in the ${spec.window_months} months before it${scope}${dates.length ? ` (earlier: ${dates.join(", ")})` : ""}.`,
      [...sessions.values()].filter((c): c is Citation => !!c),
      "inferred",
    );
  return ev(
    "met",
    `Applies: ${line.code} on ${dos} is session ${count}${scope} within ${spec.window_months} months (earlier sessions ${dates.join(", ")}), beyond the maximum of ${spec.max}: "${spec.text}"`,
    [...sessions.values()].filter((c): c is Citation => !!c),
  );
}

/**
 * A billing article's supporting-diagnosis list (policy/bundled-codes.ts lineDiagnosisRules) as an
 * exclusion of the line under review: applies when the line's diagnosis pointers were read and every
 * diagnosis they point to is unlisted (the claim line quoted). When the pointers were not read, the
 * request's diagnoses stand in: any listed → does not apply; none listed → open (a reviewer checks
 * the line's diagnosis), never a denial.
 */
function evalLineDiagnosisExclusion(spec: CriterionOf<"line_diagnosis">, ctx: EvalContext): Ev {
  const line = ctx.facts.service_line;
  const pointed = line?.diagnosis_codes ?? [];
  if (pointed.length) {
    const listed = pointed.filter((c) => icdListed(c, spec.icd10));
    if (listed.length) return ev("not_met", `Does not apply: the line points to ${listed.join(", ")}, listed by the policy.`, [], "inferred");
    return ev(
      "met",
      `Applies: ${line?.code ?? "the line"} points to ${pointed.join(", ")}, which the policy's list of supporting diagnoses does not include ("${spec.text}").`,
      ctx.facts.medication.citations.slice(0, 1),
    );
  }
  const dxs = (ctx.facts.diagnoses ?? []).map((d) => d.code).filter((c): c is string => !!c);
  if (dxs.some((c) => icdListed(c, spec.icd10))) return ev("not_met", "Does not apply: the request's diagnosis is listed by the policy.", [], "inferred");
  return ev(
    "insufficient",
    "The policy pays this code only for its listed diagnoses; the line's diagnosis was not read as one of them.",
    [],
    "none",
    `The diagnosis the ${line?.code ?? "service"} line is billed for (one of the policy's listed ICD-10-CM codes)`,
  );
}

/**
 * Words a note uses for the same documented fact as a policy's word (by stem): "measurable progress"
 * is charted as "measurable gains" or "improvement" (therapy progress reports).
 */
const SAME_CONCEPT_STEMS: Record<string, string[]> = {
  progress: ["gains?\\b", "improv"],
  // "pre-operative psychological evaluation" is the "Pre-surgical Psychological Evaluation" of a
  // record, and its "pre-op" / "preoperative" shorthand
  "pre-operative": ["pre-?surg", "preop", "pre-op\\b"],
  "pre-surgical": ["pre-?oper", "preop", "pre-op\\b"],
};

/**
 * Documentation of a finding the reader identified by concepts: one fax line that contains every
 * word of one alternative (stem match), not negated, not pending. Absence never fails it.
 */
/**
 * units of a measured quantity (a result, a vital sign, a length in mm, an angle in degrees: "MRD1 of
 * 2.0 mm or less", "a field that improves by at least 12 degrees"), never of time, doses or counts
 */
const MEASURED_UNIT = String.raw`(?:%|mm\s?hg|mmhg|torr|kpa|mg\/dl|g\/dl|mmol\/l|µmol\/l|umol\/l|ng\/ml|pg\/ml|iu\/ml|u\/l|ml\/min|l\/min|bpm|beats per minute|kg\/m2|kg\/m²|mg\/l|cells\/\S+|mm\b|millimet(?:er|re)s?\b|degrees?\b|seconds?\b|secs?\b|minutes?\b|mins?\b|met(?:er|re)s\b)`;
/** a Snellen acuity threshold ("20/50 or worse", "worse than 20/50", "20/40 or better") */
const SNELLEN_THRESHOLD = String.raw`\b20\/\d{2,3}\s+or\s+(?:worse|better|less|poorer)\b|\b(?:worse|better|poorer)\s+than\s+20\/\d{2,3}\b`;
const MEASURED_THRESHOLD = new RegExp(
  String.raw`(?:(?:at or (?:below|above|under|over)|at least|at most|no (?:more|less|fewer) than|(?:more|less|greater|lower|higher) than|equal to or (?:less|greater) than|below|above|under|over|exceed(?:s|ing)?|[<>≤≥]=?)\s*-?\d+(?:\.\d+)?\s*${MEASURED_UNIT}|-?\d+(?:\.\d+)?\s*${MEASURED_UNIT}\s*or (?:less|lower|below|more|greater|higher|above)|\b(?:of|between)\s+\d+(?:\.\d+)?\s*(?:%\s*)?(?:to|and|-|–)\s*\d+(?:\.\d+)?\s*${MEASURED_UNIT}|\b(?:of|is)\s+\d+(?:\.\d+)?\s*${MEASURED_UNIT}|${SNELLEN_THRESHOLD})`,
  "i",
);

/**
 * The threshold on a measured value a requirement states ("SpO2 at or below 88%", "PaO2 55 mm Hg or
 * less", "an ejection fraction under 35%", "MRD1 of 2.0 mm or less", "improves by at least 12
 * degrees", a Snellen acuity "of 20/50 or worse"), as written; null when it states none. Durations, doses
 * and counts ("at least 3 months", "at least 2 doses") are no measured thresholds.
 */
export function measuredThreshold(text: string): string | null {
  return MEASURED_THRESHOLD.exec(text)?.[0] ?? null;
}

/** words of a listed test that name its kind, not the test ("assay", "test", "level") */
const LIST_ITEM_GENERIC = new Set(["assay", "assays", "test", "tests", "testing", "level", "levels", "result", "results", "study", "panel", "measurement"]);

/** a requirement that lists items and needs every one ("ALL THREE of the following", "both of the following") */
const EVERY_ITEM_RE = /\ball (?:two|three|four|five|six|\d) (?:of )?(?:the following|these)\b|\b(?:all|both|each) of the following\b/i;

/** "within 30 miles", "within 50 km": a distance limit a requirement is written with */
const DISTANCE_LIMIT_RE = /\bwithin\s+(\d+(?:\.\d+)?)\s*(miles?|mi\b|kilomet(?:er|re)s?|km\b)/i;
/** a distance stated in the request ("is about 6 miles from her home", "45 km away") */
const STATED_DISTANCE_RE = /\b(\d+(?:\.\d+)?)\s*(miles?|mi\b|kilomet(?:er|re)s?|km\b)/gi;
/** a negative statement in one alternative of a requirement ("no …", "without …", "not …") */
const NEGATIVE_ALTERNATIVE_RE =
  /^(?:is |are )?not\b|^no\b|\bno (?:history|evidence|signs?|symptoms?)\b|\bdoes not have\b|\bwithout\b|\babsence of\b|\bfree of\b/i;

/**
 * The alternatives of a requirement written as a list after a colon and closed by "or" ("Symptoms or
 * signs of heart failure: dyspnea, orthopnea, peripheral edema, syncope or pre-syncope, or an elevated
 * natriuretic peptide (BNP > 100 pg/mL)"), each as written (a parenthesis stays with its
 * alternative); null when the requirement is no such list (no colon, an "and" list, "all of the
 * following", fewer than two alternatives).
 */
export function listedAlternatives(text: string): string[] | null {
  const colon = text.indexOf(":");
  if (colon < 0 || EVERY_ITEM_RE.test(text)) return null;
  // separators inside parentheses belong to their alternative ("(BNP > 100 pg/mL or NT-proBNP > 300 pg/mL)")
  const list = text
    .slice(colon + 1)
    .replace(/\([^)]*\)/g, (m) => m.replace(/[,;]|\bor\b/g, " "))
    .replace(/[.;]\s*$/, "")
    .trim();
  // closed by "or" ("…, or an elevated BNP"), never by "and" ("…, and a documented trial")
  if (!/(?:,|;)?\s+or\s+[^,;]+$/i.test(list) || /(?:,|;)\s*and\s+[^,;]+$/i.test(list) || /[:]/.test(list)) return null;
  const parts = list
    .split(/\s*[,;]\s*(?:or\s+)?|\s+or\s+/i)
    .map((x) => x.trim())
    .filter((x) => x.length > 2);
  return parts.length >= 2 ? parts : null;
}

/**
 * For a listed requirement whose threshold on a measured value belongs to one alternative only
 * (listedAlternatives), the first threshold-free alternative the request writes (every word of one
 * of its concept groups in one sentence, not negated, not pending), with where it was found; null
 * when there is none or the requirement is no such list. One readable alternative clearly met meets
 * an OR list; the threshold alternative is then not needed.
 */
function thresholdFreeAlternative<F extends { negated: boolean }>(
  text: string,
  findIn: (groups: string[][]) => F | null,
): { alternative: string; found: F } | null {
  const alts = listedAlternatives(text);
  if (!alts) return null;
  const withThreshold = alts.filter((a) => measuredThreshold(a));
  if (!withThreshold.length || withThreshold.length === alts.length) return null;
  for (const a of alts) {
    if (measuredThreshold(a) || /\d/.test(a)) continue;
    const groups = keyConcepts(a)
      .filter((g) => g.length)
      .filter((g) => !(g.length === 1 && GENERIC_SINGLE_WORDS.has(g[0].toLowerCase())));
    if (!groups.length) continue;
    const found = findIn(groups);
    if (found && !found.negated) return { alternative: a, found };
  }
  return null;
}

/**
 * An absence requirement with a distance limit ("no in-network infusion site within 30 miles of the
 * member's home"): the absence of a site within the distance is a fact the request must state, never
 * inferred from silence. A distance the request states (a sentence that names the distance and one of
 * the requirement's own words) within the limit fails it, quoted; only distances beyond the limit are
 * a reviewer's call (whether the site named is the kind the policy means); none stated is insufficient.
 * Returns null when the requirement has no distance limit.
 */
export function evalAbsenceWithinDistance(spec: CriterionOf<"documentation">, ctx: EvalContext): Ev | null {
  if (!spec.absence) return null;
  const lim = DISTANCE_LIMIT_RE.exec(spec.text);
  if (!lim) return null;
  const limit = Number(lim[1]);
  const unitOf = (u: string) => (/^k/i.test(u) ? "km" : "mi");
  const unit = unitOf(lim[2]);
  const words = [...new Set(spec.concepts.flat().flatMap((w) => w.toLowerCase().split(/[-\s]+/)))].filter(
    (w) => w.length > 3 && !STOP_WORDS.has(w) && !BOILERPLATE_WORDS.has(w),
  );
  const within: { line: (typeof ctx.idx.lines)[number]; at: number; value: number }[] = [];
  const beyond: typeof within = [];
  for (const line of ctx.idx.lines) {
    for (const m of line.lower.matchAll(STATED_DISTANCE_RE)) {
      if (unitOf(m[2]) !== unit) continue;
      // the sentence around the distance must name one of the requirement's own words (a site, a centre)
      const from = Math.max(0, line.lower.lastIndexOf(".", m.index!) + 1);
      const sentence = line.lower.slice(from, m.index! + m[0].length + 60);
      if (!words.some((w) => sentence.includes(w.slice(0, Math.max(4, w.length - 1))))) continue;
      const value = Number(m[1]);
      (value <= limit ? within : beyond).push({ line, at: m.index!, value });
    }
  }
  if (within.length)
    return ev(
      "not_met",
      `The request states a site ${within[0].value} ${unit === "km" ? "km" : "miles"} away, within the policy's ${limit} ${unit === "km" ? "km" : "miles"}.`,
      within.slice(0, 2).map((w) => quote(ctx.idx, w.line, w.at)),
    );
  if (beyond.length)
    return ev(
      "insufficient",
      `The request states a distance of ${beyond[0].value} ${unit === "km" ? "km" : "miles"}; a reviewer must confirm no qualifying site lies within ${limit}.`,
      beyond.slice(0, 2).map((w) => quote(ctx.idx, w.line, w.at)),
      "direct",
      spec.text,
    );
  return ev(
    "insufficient",
    `The policy requires the absence of a site within ${limit} ${unit === "km" ? "km" : "miles"}; the request states no distance.`,
    [],
    "none",
    spec.text,
  );
}

/**
 * The value a measure changed to, written as an arrow after it on its line ("ACT 12 -> 21", "migraine days
 * 12/mo → 5", "ACT 12 (03/30/2026, before reslizumab) -> 21 today"); null without one.
 */
function arrowTarget(v: MeasureValue): number | null {
  const line = v.line ?? "";
  const at = line.indexOf(String(v.value)) + String(v.value).length;
  const after = /^[^>→\n]{0,50}?(?:->|→|=>|-->)\s*(\d+(?:\.\d+)?)/.exec(`${v.unitText} ${line.slice(at, at + 60)}`);
  return after ? Number(after[1]) : null;
}

/** "at least 2 fewer migraine days per month than baseline", "a reduction of at least 50% in monthly migraine days from baseline" */
const FEWER_THAN_BASELINE_RE =
  /\bat least (\d+(?:\.\d+)?)\s*(%\s*)?(?:fewer|less|lower)\s+([a-z0-9 /()-]{3,50}?)\s+(?:than|from|compared (?:with|to))\s+(?:the\s+)?(?:pre-?treatment\s+|member'?s\s+|patient'?s\s+)?baseline\b|\b(?:reduction|decrease|drop|improvement) of at least (\d+(?:\.\d+)?)\s*(%\s*)?(?:in|of)\s+([a-z0-9 /()-]{3,50}?)\s+(?:from|compared (?:with|to)|over|versus|vs\.?)\s+(?:the\s+)?(?:pre-?treatment\s+|member'?s\s+|patient'?s\s+)?baseline\b/i;

/**
 * A response requirement written as a reduction of a measure from baseline ("at least 2 fewer
 * migraine days per month than baseline", "a reduction of at least 50% in monthly migraine days from
 * baseline"), met by the request's own before -> after pair of that measure ("migraine days 12 -> 5",
 * "MIDAS 48 → 17"): the drop (in the measure's units, or as a percentage of the before value) at least
 * the policy's. Null when the requirement is not of this form, names no measure the engine reads, or
 * no pair meets it (the requirement is then read as before; a smaller drop never fails it here).
 * Source: the policy sentence; no clinical rule is added.
 */
export function reductionFromBaseline(text: string, ctx: EvalContext): Ev | null {
  const r = FEWER_THAN_BASELINE_RE.exec(text);
  if (!r) return null;
  const need = Number(r[1] ?? r[4]);
  const pct = !!(r[2] ?? r[5]);
  const phrase = (r[3] ?? r[6]).toLowerCase();
  const m = MEASURES.find((x) => x.aliases.some((a) => new RegExp(a, "i").test(phrase)));
  if (!m) return null;
  for (const v of measureValues(ctx.idx, m)) {
    const to = arrowTarget(v);
    if (to == null) continue;
    const drop = v.value - to;
    const ok = pct ? v.value > 0 && (drop / v.value) * 100 >= need : drop >= need;
    if (ok)
      return ev(
        "met",
        `${m.name} ${v.value} -> ${to} is a reduction of ${pct ? `${Math.round((drop / v.value) * 100)}%` : drop} from baseline (policy: at least ${need}${pct ? "%" : ""}).`,
        [v.citation],
      );
  }
  return null;
}

/**
 * A change of a measure by a stated amount, judged on the member's own dated values: the earliest value
 * on the request is the baseline, the latest the current one ("ACT 12 on 03/30 … ACT 19 on 09/14":
 * an increase of 7 points meets "an increase of 3 points or more"). Met only when the change reaches
 * the amount; null otherwise (fewer than two dated values, no known measure, or a smaller change: the
 * requirement is then judged as written, never failed on this reading).
 */
export function changeByAmount(text: string, ctx: EvalContext): Ev | null {
  const c = CHANGE_BY_AMOUNT_RE.exec(text);
  if (!c) return null;
  const before = text.slice(Math.max(0, c.index - 70), c.index);
  const m = MEASURES.find((x) => x.aliases.some((a) => new RegExp(a, "i").test(before)));
  if (!m) return null;
  // (an "improvement" of a score where lower is better — ESS, PHQ-9 — is a fall)
  const lowerIsBetter = /epworth|phq|gad|madrs|edss|pain|midas|hit-6|days/i.test(m.name);
  const rising = /^(?:increased?|improve(?:d|ment)|rise|gain|raised)$/i.test(c[1]) && !(lowerIsBetter && /^improv/i.test(c[1]));
  const pct = /%|percent/i.test(c[3]);
  const need = Number(c[2]);
  /** the change from `from` to `to` in the requirement's direction and unit (points or % of `from`) */
  const change = (from: number, to: number) => {
    const delta = rising ? to - from : from - to;
    return pct ? (from ? (delta / Math.abs(from)) * 100 : 0) : delta;
  };
  const shown = (amount: number) => `${rising ? "rise" : "fall"} of ${pct ? `${Math.round(amount)}%` : amount} (policy: ${c[0]})`;
  const values = measureValues(ctx.idx, m);
  // "ACT 12 -> 21", "ACT 12 (03/30/2026, before reslizumab) -> 21 today": a change written as an arrow
  for (const v of values) {
    const to = arrowTarget(v);
    if (to == null) continue;
    const amount = change(v.value, to);
    if (amount >= need) return ev("met", `${m.name} ${v.value} -> ${to} is a ${shown(amount)}.`, [v.citation]);
  }
  const dated = values.filter((v) => v.date);
  if (dated.length < 2) return null;
  const sorted = [...dated].sort((a, b) => (a.date! < b.date! ? -1 : a.date! > b.date! ? 1 : 0));
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (first.date === last.date) return null;
  const amount = change(first.value, last.value);
  if (amount < need) return null;
  return ev("met", `${m.name} ${first.value} (${first.date}) -> ${last.value} (${last.date}) is a ${shown(amount)}.`, [first.citation, last.citation]);
}

/** True when `text` names measure `m` by one of its aliases. */
function measureNamedIn(m: (typeof MEASURES)[number], text: string): boolean {
  return new RegExp(m.aliases.map((a) => `(?:${a})`).join("|"), "i").test(text);
}

/** The laboratory's reference range printed with the value `v` of measure `m` on its line, or null. */
function printedRange(ctx: EvalContext, m: (typeof MEASURES)[number], v: { value: number; line?: string | null }) {
  return (
    ctx.idx.lines
      .filter((l) => l.text && v.line?.startsWith(l.text))
      .map((l) => referenceRangeOn(ctx.idx, l, m, v.value))
      .find((x) => x) ?? null
  );
}

/** "within normal limits", "within the laboratory's reference range", "less than 50% above or below the normal limits" */
const NEAR_NORMAL_RE =
  /\bwithin\s+(?:the\s+)?(?:[\w']+\s+){0,2}(?:normal|reference)\s+(?:limits|range)\b|\bless than\s+\d+\s*%\s+(?:above or below|outside)\b[^.;]{0,40}\bnormal\s+(?:limits|range)\b/i;
/** a requirement on a value beyond normal ("above the upper limit of normal", "2 x ULN") is another rule */
const BEYOND_NORMAL_RE =
  /\b(?:above|below|exceed\w*|greater than|more than)\s+(?:the\s+)?(?:upper|lower)\s+limit\b|\b\d+(?:\.\d+)?\s*(?:x|times)\s*(?:the\s+)?(?:uln|lln|upper|lower)\b/i;

/**
 * "FT4 and FT3 within (or less than 50% outside) the laboratory's normal limits, on a test drawn within
 * the 60 days before the request": met when every measure the requirement names has its latest value,
 * dated within the window (when one is set), inside the reference range the laboratory printed beside
 * it. Null (evaluate as written) when the text is not such a requirement, names no known measure, or
 * any named value is missing, undated, outside the window, without a printed range or outside it
 * (a value outside the range may still be within a margin the policy allows: a reviewer decides).
 */
export function evalWithinNormalLimits(text: string, ctx: EvalContext): Ev | null {
  if (!NEAR_NORMAL_RE.test(text) || BEYOND_NORMAL_RE.test(text)) return null;
  const named = MEASURES.filter((m) => measureNamedIn(m, text));
  if (!named.length) return null;
  const within = parseRecency(text);
  const shown: string[] = [];
  const citations: Citation[] = [];
  for (const m of named) {
    const values = measureValues(ctx.idx, m).filter((v) => !v.bound && v.line);
    const dated = values.filter((v) => v.date).sort((a, b) => (a.date! < b.date! ? 1 : -1));
    const latest = dated[0];
    if (!latest || !WITHIN(ctx, latest.date, within)) return null;
    const range = printedRange(ctx, m, latest);
    if (!range || (range.low != null && latest.value < range.low) || (range.high != null && latest.value > range.high)) return null;
    shown.push(`${m.name} ${latest.value} on ${latest.date} (reference ${range.low ?? ""}–${range.high ?? ""})`);
    citations.push(latest.citation);
  }
  return ev("met", `Within the laboratory's normal limits: ${shown.join("; ")}.`, citations.slice(0, 2));
}

/** "The ALP and total bilirubin values … were collected within the 90 days before the request" */
const VALUES_RECENCY_RE =
  /\b(?:values?|results?|labs?|levels?|measurements?|tests?)\b[^.;]{0,80}\b(?:collected|drawn|obtained|dated|measured|performed|taken)\s+(?:with)?in\s+(?:the\s+)?(?:past\s+|last\s+)?\d{1,3}\s+days\b/i;

/**
 * A requirement that the values of named measures are recent ("The ALP and total bilirubin values used
 * for criteria 3 and 4 were collected within the 90 days before the request"): met when each named
 * measure has a dated value within the window; a measure without one leaves it for more information
 * (never a failure). Null when the requirement is not of that form or names no measure the engine reads.
 */
function evalValuesRecency(text: string, ctx: EvalContext): Ev | null {
  if (!VALUES_RECENCY_RE.test(text)) return null;
  const within = parseRecency(text);
  if (!within) return null;
  const named = MEASURES.filter((m) => measureNamedIn(m, text));
  if (!named.length) return null;
  // "… with ALT and AST no more than 3 times the upper limit of normal and total bilirubin no more than
  // 2 times": the values must also be within those limits. A limit the reader cannot tie to its measures
  // leaves the requirement to a reviewer: a recent value never meets a threshold it was not compared with
  const limits = ulnLimits(text, named);
  const unread = VALUE_BOUND_RE.test(text) && (!limits || named.every((m) => !limits.has(m.name)));
  const shown: string[] = [];
  const citations: Citation[] = [];
  for (const m of named) {
    const latest = measureValues(ctx.idx, m)
      .filter((v) => !v.bound && v.date)
      .sort((a, b) => (a.date! < b.date! ? 1 : -1))[0];
    if (!latest || !WITHIN(ctx, latest.date, within))
      return ev(
        "insufficient",
        latest ? `The latest ${m.name} (${latest.date}) is older than ${within} days.` : `No dated ${m.name} value in the request.`,
        latest ? [latest.citation] : [],
        latest ? "direct" : "none",
        `${m.name} collected within ${within} days before the request`,
      );
    const times = limits?.get(m.name);
    if (times != null) {
      const range = printedRange(ctx, m, latest);
      if (range?.high == null)
        return ev(
          "insufficient",
          `${m.name} ${latest.value} on ${latest.date} is recent, but no upper limit of normal is printed beside it to compare with the policy's ${times} x ULN.`,
          [latest.citation],
          "direct",
          `${m.name} with the laboratory's upper limit of normal (the policy allows at most ${times} x ULN)`,
        );
      const most = times * range.high;
      if (latest.value > most)
        return ev(
          "insufficient",
          `${m.name} ${latest.value} on ${latest.date} is above ${times} x the upper limit of normal (${range.high}): at most ${+most.toFixed(2)} is allowed.`,
          [latest.citation],
          "direct",
          `${m.name} within ${times} x the upper limit of normal, or the prescriber's assessment`,
        );
      shown.push(`${m.name} ${latest.value} on ${latest.date} (at most ${times} x ULN ${range.high} = ${+most.toFixed(2)})`);
    } else shown.push(`${m.name} ${latest.value} on ${latest.date}`);
    citations.push(latest.citation);
  }
  if (unread)
    return ev(
      "insufficient",
      `Collected within ${within} days: ${shown.join("; ")}; the policy's limits on these values were not compared (a reviewer applies them).`,
      citations.slice(0, 3),
      "direct",
      "Comparison of the values with the policy's limits",
    );
  return ev("met", `Collected within ${within} days: ${shown.join("; ")}.`, citations.slice(0, 3));
}

/** a bound on a value in a requirement's words ("no more than 3 times the ULN", "below 40", "≥ 2.0", "within normal limits") */
const VALUE_BOUND_RE =
  /\b(?:no more than|not more than|not (?:to )?exceed\w*|at most|at least|less than|greater than|more than|below|above|under|over|exceed\w*|up to)\s+(?:\d|(?:the\s+)?(?:[\w']+\s+){0,3}(?:limits?|values?|levels?|range|normal|threshold|cut-?off)\b)|[<>≤≥]=?\s*\d|\b\d+(?:\.\d+)?\s*(?:x|×|times)\s*(?:the\s+)?(?:uln|lln|upper|lower|normal)\b|\bwithin (?:the )?(?:normal|reference)\b/i;
/** "<measures> no more than K times the upper limit of normal" */
const ULN_LIMIT_RE =
  /\b(?:no more than|not more than|not (?:to )?exceed(?:ing)?|at most|up to|less than or equal to|≤|<=)\s*(\d+(?:\.\d+)?)\s*(?:x|×|times)\s*(?:the\s+)?(?:upper limit of (?:the )?normal|uln)\b/gi;

/**
 * The "K times the upper limit of normal" ceilings a requirement sets per measure: each ceiling applies
 * to the measures named between the previous ceiling (or the sentence start) and it ("ALT and AST no
 * more than 3 times the ULN and total bilirubin no more than 2 times the ULN" → ALT 3, AST 3, bilirubin
 * 2). Null when the text sets no such ceiling, or a ceiling names no measure before it.
 */
function ulnLimits(text: string, named: typeof MEASURES): Map<string, number> | null {
  const out = new Map<string, number>();
  let from = 0;
  for (const m of text.matchAll(ULN_LIMIT_RE)) {
    // the measures of this ceiling are named after the last clause break before it ("…, with ALT and AST")
    const before = text.slice(from, m.index);
    const breaks = [...before.matchAll(/[,;:)]|\bwith\b/gi)];
    const span = breaks.length ? before.slice(breaks[breaks.length - 1].index! + breaks[breaks.length - 1][0].length) : before;
    const own = named.filter((x) => measureNamedIn(x, span) && !out.has(x.name));
    if (!own.length) return null;
    for (const x of own) out.set(x.name, Number(m[1]));
    from = m.index! + m[0].length;
  }
  return out.size ? out : null;
}

/** a mention that leaves a condition open: to be ruled out, suspected, equivocal, under work-up */
const OPEN_QUESTION_RE = /\b(?:rule out|r\/o|to exclude|exclude|suspect(?:ed)?|possible|probable|equivocal|questionable|concern for|work-?up)\b/i;
/** "there is no …", "there are no …": a requirement that the record rule its conditions out */
const EXISTENTIAL_NEGATIVE_RE = /^there (?:is|are|was|were|has been|have been) no\b/i;
/** words of an absence requirement that name no condition ("untreated", "would explain") */
const ABSENCE_FRAMING_WORDS = new Set(
  "untreated explain explains explained underlying significant clinically current currently another present presence evidence".split(" "),
);

/**
 * An existential absence requirement ("there is no untreated radiculopathy or neurogenic claudication,
 * and no non-facet pathology that would explain the pain") asks the record to rule its conditions out:
 * it is met by silence or by a negated mention only
 * when the request does not write one of its conditions (a word of seven letters or more of the
 * requirement, framing words aside) in a mention that is neither negated nor settled: "lumbar
 * radiculopathy (probable S1)", "EMG scheduled to r/o C6 radiculopathy". Such a mention is a
 * reviewer's call (insufficient, quoted), never a failure: one word is too loose to fail on.
 * Returns null when no condition word is written that way, or when the requirement is no existential
 * negative ("no other biologic in combination" may name the requested drug's own class: a mention is
 * no open question).
 */
export function absenceLeftOpen(spec: CriterionOf<"documentation">, ctx: EvalContext): Ev | null {
  if (!spec.absence || !EXISTENTIAL_NEGATIVE_RE.test(spec.text.trim())) return null;
  const words = [...new Set(spec.concepts.flat().map((w) => w.toLowerCase()))].filter(
    (w) => w.length >= 7 && !STOP_WORDS.has(w) && !BOILERPLATE_WORDS.has(w) && !GENERIC_SINGLE_WORDS.has(w) && !ABSENCE_FRAMING_WORDS.has(w),
  );
  for (const w of words) {
    const own = w
      .replace(/(?:ies|es|s|ed|ing)$/, "")
      .slice(0, 8)
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const re = new RegExp(`\\b${own}`, "g");
    for (const line of ctx.idx.lines) {
      for (const m of line.lower.matchAll(re)) {
        const at = m.index!;
        const clauseStart = Math.max(line.lower.lastIndexOf(".", at), line.lower.lastIndexOf(";", at)) + 1;
        const around = line.lower.slice(clauseStart, at + w.length + 40);
        const open = OPEN_QUESTION_RE.test(around) || isPending(line.lower, at, w.length);
        if (isNegated(line.lower, at) && !open) continue;
        return ev(
          "insufficient",
          `The policy requires the absence of ${w}; the request mentions it${open ? " as not yet settled" : ""}, so a reviewer must judge it.`,
          [quote(ctx.idx, line, at)],
          "direct",
          spec.text,
        );
      }
    }
  }
  return null;
}

/** a REMS program's name ("the FILSPARI REMS", "CAMZYOS REMS Program") */
const REMS_RE = /\brems\b/i;
/** enrollment in it as a request states it: "REMS enrollment active (patient ID …)", "enrolled in the … REMS", "REMS #" */
const REMS_ENROLLED_RE =
  /\benroll(?:ed|ment)\b|\bregistered\b|\bcertified\b|\bauthori[sz]ation (?:number|#)|\bpatient (?:id|number|#)|\brems\s*(?:#|no\.?|number|id)\b/i;

/**
 * "The prescriber attests that the member is enrolled in the FILSPARI REMS", "continued enrollment in
 * the CAMZYOS REMS Program": met by a request line naming the REMS with its enrollment ("REMS
 * enrollment active (patient ID …)", "has been enrolled in the … REMS", a REMS question answered "[X] Y"),
 * not negated and not pending; otherwise null (the general documentation reading applies). A REMS
 * program is the FDA's (21 U.S.C. 355-1); enrollment is what the prescriber attests.
 */
function evalRemsEnrollment(text: string, ctx: EvalContext): Ev | null {
  if (!REMS_RE.test(text) || !/\benroll/i.test(text)) return null;
  for (const h of search(ctx.idx, /\brems\b/i)) {
    const line = h.line.text;
    if (h.negated || !REMS_ENROLLED_RE.test(line)) continue;
    if (isPending(h.line.lower, h.index, h.length) || /\b(?:not|never)\s+(?:yet\s+)?(?:enrolled|registered|certified)\b|\bpending\b/i.test(line)) continue;
    return ev("met", `REMS enrollment is documented ("${clip(line.trim(), 120)}").`, [quote(ctx.idx, h.line, h.index, h.index + h.length)]);
  }
  return null;
}

/**
 * a window counted back from the request ("within the past 6 months", "in the last 12 months",
 * "within 30 days before the request") — never one counted from another event ("within 12 months of
 * completing adjuvant therapy")
 */
const ANCHORED_WINDOW_RE =
  /\bwithin\s+(?:the\s+)?(?:past|last|previous|preceding|prior)\s+(?:\d{1,3}|one|two|three|four|six|twelve)\s*(?:days?|weeks?|months?|years?)\b|\bwithin\s+(?:the\s+)?\d{1,3}\s*(?:days?|weeks?|months?|years?)\s+(?:before|prior to|of)\s+(?:the\s+|this\s+)?(?:request|submission|date of (?:the )?request)\b|\bin\s+the\s+(?:past|last)\s+\d{1,3}\s*(?:days?|weeks?|months?|years?)\b/i;

/** the tail of an absence requirement naming the members it concerns by a condition they lack ("…, in a patient without type 2 diabetes") */
const WITHOUT_CONDITION_TAIL_RE =
  /,?\s+(?:in|for)\s+(?:a |an |the )?(?:patients?|members?|individuals?|persons?|people|adults?)\s+without\s+(?:a\s+)?(?:diagnosis of\s+)?([^,.;()]{3,60})\s*[.;]?\s*$/i;

/** "Intravenous product only: …", "Subcutaneous use only -": a requirement scoped to one route of the drug */
const ROUTE_SCOPE_RE =
  /^\s*(?:\(?[a-z0-9]{1,3}[.)]\s*)?(intravenous|iv|subcutaneous|sc|oral)\s+(?:products?|formulations?|use|administration|dosing|forms?)?\s*only\s*[:-]/i;

/**
 * The route of the requested product, from the drug as written and its directions: "subcutaneous"
 * (autoinjector, pen, prefilled syringe, SC), "intravenous" (IV, infusion), "oral" (tablet, capsule);
 * null when they do not say or say more than one.
 */
function requestedRoute(ctx: EvalContext): "intravenous" | "subcutaneous" | "oral" | null {
  const m = ctx.facts.medication;
  const t = [m.drug_name_as_written, m.drug_name, m.strength, m.dosage].filter(Boolean).join(" ").toLowerCase();
  const found = new Set<string>();
  if (/\b(?:autoinjector|auto-injector|pen|prefilled syringe|pre-filled syringe|pfs|subcutaneous(?:ly)?|sc|subq|sub-q)\b/.test(t)) found.add("subcutaneous");
  if (/\b(?:intravenous(?:ly)?|iv|infusion|infused)\b/.test(t)) found.add("intravenous");
  if (/\b(?:tablets?|tabs?|capsules?|caps?|by mouth|po|oral(?:ly)?)\b/.test(t)) found.add("oral");
  return found.size === 1 ? ([...found][0] as "intravenous" | "subcutaneous" | "oral") : null;
}

/** a requirement of an assessment on a validated scale ("assessed with age-appropriate validated scale") */
const SCALE_REQUIREMENT_RE = /\b(?:validated|standardi[sz]ed|age-appropriate)\s+(?:[a-z-]+\s+)?(?:scales?|instruments?|tools?|measures?)\b/i;

/**
 * Whether a score is written in `text` (the mention and what follows it on its line) or at the start of
 * `next` (the line below): a number of one to three digits (or "19/66") that is no date, no time and no
 * part of a scale's name ("HINE-2", "6-minute walk").
 */
function scoreBeside(text: string, next: string, reach = 160): boolean {
  const strip = (x: string) =>
    x
      .replace(/\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{4}\b/g, " ")
      .replace(/\b[A-Za-z]+-\d\b|\b\d+-(?:minute|meter|metre|item|point)\b/gi, " ")
      .replace(/\b\d{1,2}:\d{2}\b/g, " ");
  return (
    /(?:^|[\s:=(])\d{1,3}(?:\.\d)?(?:\s*\/\s*\d{1,3})?(?=[\s,;.)]|$)/.test(strip(text).slice(0, reach)) ||
    /^\s*(?:score\s*)?[:=]?\s*\d{1,3}\b/i.test(strip(next))
  );
}

/**
 * Whether the request writes a score for one of the scales the requirement names (its examples: "(eg,
 * HINE-2, CHOP INTEND, HFMSE, RULM, 6-minute walk test)"), or — when it names none — beside the mention
 * found for it. A scale's name is matched as written, case-insensitively.
 */
function scaleScored(text: string, ctx: EvalContext, found: { line: { index: number; text: string }; at: number }): boolean {
  const examples = /\((?:e\.?g\.?|for example|such as|including)[,:]?\s*([^)]*)\)/i.exec(text)?.[1] ?? "";
  const names = examples
    .split(/,|;|\bor\b|\band\b/i)
    .map((x) => x.trim())
    .filter((x) => x.length >= 3 && x.length <= 40);
  if (!names.length) return scoreBeside(found.line.text.slice(found.at), ctx.idx.lines[found.line.index + 1]?.text ?? "");
  const res = names.map((n) => new RegExp(`\\b${n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s*")}\\b`, "gi"));
  return ctx.idx.lines.some((line) =>
    res.some((re) =>
      [...line.text.matchAll(re)].some((m) => scoreBeside(line.text.slice(m.index! + m[0].length), ctx.idx.lines[line.index + 1]?.text ?? "", 40)),
    ),
  );
}

/** box captions the NUCC 1500 claim form (02/12) prints, in its capitals (items 10, 14, 16, 18) */
const CLAIM_FORM_CAPTION_RE =
  /\bDATE OF CURRENT ILLNESS, INJURY,? (?:or|OR) PREGNANCY\b|\bIS PATIENT'?S CONDITION RELATED TO\b|\bDATES PATIENT UNABLE TO WORK\b|\bHOSPITALIZATION DATES RELATED TO CURRENT SERVICES\b/;

/**
 * The conditions `words` names ("type 2 diabetes", "gout") and the member's coded or listed diagnosis
 * that satisfies one of them (never a condition only mentioned in free text), or `has` undefined.
 */
function memberCodedWith(words: string, ctx: EvalContext): { named: ReturnType<typeof conditionsNamedIn>; has: CaseCondition | undefined } {
  const named = conditionsNamedIn(words);
  const has = named.length
    ? ctx.conditions.find(
        (cc) =>
          cc.source !== "text" &&
          conditionSatisfies(
            cc,
            named.map((n) => n.name),
            named.flatMap((n) => n.icd10),
          ),
      )
    : undefined;
  return { named, has };
}

/**
 * A requirement that opens with a diagnosis the request codes, then qualifies it ("Dupuytren's
 * contracture with a palpable cord in the finger to be treated" for a request coded M72.0 "Dupuytren's
 * contracture"): the diagnosis is shown by its code, so the qualifier's own words ("palpable cord
 * finger") are looked for — found as `find` finds any group. The diagnosis phrase is two or more
 * consecutive words of the requirement that all appear in the description of one coded diagnosis of
 * the request; null when there is none, when nothing is left after it, or when the qualifier is not found.
 */
function qualifierOfCodedDiagnosis<F>(text: string, ctx: EvalContext, find: (groups: string[][]) => F | null): F | null {
  const coded = (ctx.facts.diagnoses ?? []).filter((d) => d.code && d.description);
  if (!coded.length) return null;
  const words = (x: string) => x.toLowerCase().match(/[a-z][a-z'-]+/g) ?? [];
  const tokens = [...text.matchAll(/[A-Za-z][A-Za-z'-]+/g)];
  for (const d of coded) {
    const desc = new Set(words(d.description!).filter((w) => w.length >= 4 && !STOP_WORDS.has(w)));
    // the longest run of consecutive requirement words found in the description
    let best: [number, number] | null = null;
    for (let i = 0; i < tokens.length; i++) {
      let j = i;
      while (j < tokens.length && desc.has(tokens[j][0].toLowerCase())) j++;
      if (j - i >= 2 && (!best || j - i > best[1] - best[0])) best = [i, j];
    }
    if (!best) continue;
    const from = tokens[best[0]].index!;
    const to = tokens[best[1] - 1].index! + tokens[best[1] - 1][0].length;
    const rest = keyConcepts(text.slice(0, from) + " " + text.slice(to)).filter(
      (g) =>
        g.length && g.some((w) => !GENERIC_SINGLE_WORDS.has(w.toLowerCase()) && !STOP_WORDS.has(w.toLowerCase()) && !BOILERPLATE_WORDS.has(w.toLowerCase())),
    );
    if (!rest.length) continue;
    const f = find(rest);
    if (f) return f;
  }
  return null;
}

function evalDocumentation(spec: CriterionOf<"documentation">, ctx: EvalContext, role: "criterion" | "exclusion" = "criterion"): Ev {
  // "Intravenous product only: the requested dose is no more than 10 mg/kg …" for a subcutaneous
  // autoinjector: the requirement is for another product of the drug
  const scope = ROUTE_SCOPE_RE.exec(spec.text);
  if (scope) {
    const want = /^(?:iv|intravenous)$/i.test(scope[1]) ? "intravenous" : /^(?:sc|subcutaneous)$/i.test(scope[1]) ? "subcutaneous" : "oral";
    const route = requestedRoute(ctx);
    if (route && route !== want) return ev("met", `Applies to the ${want} product only; the request is for the ${route} product.`, []);
  }
  // "will NOT be used for weight loss alone, in a patient without type 2 diabetes": an absence
  // qualified by a condition the member lacks — a member diagnosed with that condition (by code or a
  // diagnosis line) is outside it
  const without = spec.absence ? WITHOUT_CONDITION_TAIL_RE.exec(spec.text) : null;
  if (without) {
    const { named, has } = memberCodedWith(without[1], ctx);
    if (has)
      return ev(
        "met",
        `The requirement concerns a member without ${named.map((n) => n.name).join(" / ")}; the member has it (${has.code ?? has.condition}).`,
        has.citation ? [has.citation] : [],
      );
  }
  const rems = evalRemsEnrollment(spec.text, ctx);
  if (rems) return rems;
  // "The recipient is currently pregnant, with the EDD or the gestational age documented": a dated
  // pregnancy (an EDD after the request, a gestational age), never the word "pregnancy" (pregnancy.ts)
  const pregnancy =
    !spec.absence && isCurrentPregnancyRequirement(spec.text)
      ? judgeCurrentPregnancy(
          ctx.idx,
          (ctx.facts.diagnoses ?? []).map((d) => d.code).filter((c): c is string => !!c),
        )
      : null;
  if (pregnancy) return judged(pregnancy, spec.text);
  const premenopausal = premenopausalScope(spec.text, ctx);
  if (premenopausal) return premenopausal;
  const normal = evalWithinNormalLimits(spec.text, ctx);
  if (normal) return normal;
  const recent = spec.absence ? null : evalValuesRecency(spec.text, ctx);
  if (recent) return recent;
  const marker = evalMarkerRequirement(spec.text, ctx);
  if (marker) return marker;
  const distance = evalAbsenceWithinDistance(spec, ctx);
  if (distance) return distance;
  // "within six months prior to ordering, the treating practitioner has a visit": a dated visit note
  // "a face-to-face evaluation … within 90 days before the study": a dated note before the line's date of service
  const serviceWindow = spec.absence ? null : serviceVisitWindowDays(spec.text);
  const serviceDate = ctx.facts.service_line?.date_of_service;
  if (serviceWindow && serviceDate) return judged(judgeVisitBeforeService(ctx.idx, serviceWindow, serviceDate), spec.text);
  const visitWindow = visitWindowDays(spec.text);
  if (visitWindow) {
    const j = judgeVisitBeforeOrder(ctx.idx, visitWindow);
    return judged(j, spec.text);
  }
  // "The request is made within 12 months after the delivery": the dated event the request writes
  const window = spec.absence ? null : eventWindow(spec.text);
  const inWindow = window ? judgeEventWindow(ctx.idx, window) : null;
  if (inWindow) return judged(inWindow, spec.text);
  // "attests that the member has been counseled not to drive …": a documented counseling sentence
  const counsel = spec.absence ? null : counselingSubject(spec.text);
  const counseled = counsel ? judgeCounseling(ctx.idx, counsel) : null;
  if (counseled) return judged(counseled, spec.text);
  // "Medication overuse headache has been considered and addressed": met by a statement that the
  // condition is absent, never by its name alone nor by silence
  const addressed = judgeConditionAddressed(spec.text, ctx.idx);
  if (addressed) return judged(addressed, spec.text);
  // "prescribed in accordance with its FDA indications for use": a statement of use as labelled
  const onLabel = isOnLabelRequirement(spec.text) ? onLabelStatement(ctx.idx) : null;
  if (onLabel) return ev("met", onLabel.reason, onLabel.citations);
  // "Members with the CYP2C9*3/*3 genotype": the genotype written in the fax decides
  // "a KRAS G12C mutation": the gene's protein change written in the fax decides
  const variant = spec.absence ? null : geneVariantIn(spec.text);
  if (variant) return judged(judgeGeneVariant(ctx.idx, variant), spec.text);
  const genotypes = genotypesIn(spec.text);
  if (genotypes.length === 1) {
    const j = judgeGenotype(ctx.idx, genotypes[0]);
    return judged(j, spec.text);
  }
  // "Headache on 15 or more days per month": a frequency threshold is met by a frequency the request
  // states for the same thing and that reaches it, never by the requirement's words
  const freq = spec.absence ? null : judgeFrequency(spec.text, ctx.idx);
  if (freq) return judged(freq, spec.text);
  // "at least TWO sickle cell crises in the 12 months": a count of events is met by a count the
  // request states and that reaches it, never by the events' words
  const count = spec.absence ? null : judgeEventCount(spec.text, ctx.idx);
  if (count) return judged(count, spec.text);
  // "the current episode has lasted at least 6 months": a duration is met by a duration the request
  // states for the same subject ("current episode since 01/2024"), never by the words
  const lasted = spec.absence ? null : judgeConditionDuration(spec.text, ctx.idx);
  if (lasted) return judged(lasted, spec.text);
  // "locally advanced or metastatic disease": an extent is met by a secondary-neoplasm code or an
  // affirmed statement of one alternative's states, never left to a word-by-word match
  const extent = spec.absence ? null : judgeDiseaseExtent(spec.text, ctx.idx, ctx.facts);
  if (extent) return judged(extent, spec.text);
  // "used in combination with fulvestrant": met by a regimen joining the partner and the requested drug
  const partner = spec.absence ? null : judgeCombinationPartner(spec.text, ctx.idx, ctx.requested, ctx.allDrugNames);
  if (partner) return judged(partner, spec.text);
  // "other known causes have been ruled out (for example exposures, CTD, drugs)": each cause shown excluded
  const causes = spec.absence ? null : judgeCausesExcluded(spec.text, ctx.idx, ctx.allDrugNames);
  if (causes) return judged(causes, spec.text);
  // "Adherence to PrEP and to 3-monthly follow-up": met by documented adherence (on-time refills, a PDC
  // of 0.80 or more, no missed doses), never by the word; poor adherence is a reviewer's call
  if (!spec.absence && ADHERENCE_REQUIREMENT_RE.test(spec.text.trim())) {
    const a = adherenceShown(ctx.idx);
    if (a && !a.against) return ev("met", `Adherence is documented ("${clip(a.text, 100)}").`, [a.citation]);
    if (a)
      return ev(
        "insufficient",
        `The request documents doubtful adherence ("${clip(a.text, 100)}"); a reviewer must judge it.`,
        [a.citation],
        "direct",
        spec.text,
      );
    return ev(
      "insufficient",
      "Adherence to the therapy is not documented.",
      [],
      "none",
      "Documentation of adherence (refill history or proportion of days covered)",
    );
  }
  // "The total number of romosozumab doses, including doses given before enrollment, will not exceed
  // 12": met by a stated count of earlier doses that leaves room under the cap
  const cap = spec.absence ? null : judgeLifetimeCap(spec.text, ctx);
  if (cap) return cap;
  // "7 or more such episodes in the 12 months before …": a count threshold is met by a count compared
  // against it (judgeEventCount above), never by the events' words being in the request
  const countThreshold = spec.absence ? null : (COUNT_THRESHOLD_RE.exec(spec.text) ?? DURATION_THRESHOLD_RE.exec(spec.text));
  if (countThreshold)
    return ev(
      "insufficient",
      `The policy sets a count or a duration ("${countThreshold[0]}") that nothing in the request was compared against; its words alone do not decide it.`,
      [],
      "none",
      spec.text,
    );
  const alts = spec.concepts.filter((g) => g.length);
  if (!alts.length) return ev("insufficient", "The policy requirement could not be read; a reviewer must check it.", [], "none", spec.text);
  // a long requirement read as many loose word groups ("inadequate response to at least one preferred
  // product, unless (a) … or (b) …"): a group of words every fax carries ("health plan",
  // "established", "preferred product") found in the fax is no evidence that it is met
  const loose = alts.length > 5;
  // a group of one generic clinical word ("signs" of "new or worsening symptoms or signs", "known",
  // "status") found in the fax ("electronically signed", "no known heart disease") is no evidence
  // that the requirement is met: only the requirement's specific words are
  const specific = alts.filter((g) => !(g.length === 1 && GENERIC_SINGLE_WORDS.has(g[0].toLowerCase())));
  const usable = loose ? specific.filter((g) => g.some((w) => !BOILERPLATE_WORDS.has(w.toLowerCase()) && !STOP_WORDS.has(w.toLowerCase()))) : specific;
  if (!usable.length) return ev("insufficient", "The policy requirement was not fully read; a reviewer must check it.", [], "none", spec.text);
  const stem = (w: string) =>
    w
      .toLowerCase()
      .replace(/(?:ies|es|s|ed|ing)$/, "")
      .slice(0, Math.max(4, Math.min(8, w.length - 1)));
  type Found = { line: (typeof ctx.idx.lines)[number]; at: number; negated: boolean; pending: boolean };
  /** where the request writes one of `groups` (every word of a group in one sentence), preferring a mention that is not negated */
  const findIn = (groups: string[][]): Found | null => {
    let found: Found | null = null;
    for (const line of ctx.idx.lines) {
      // a claim form's printed box captions ("14. DATE OF CURRENT ILLNESS, INJURY, or PREGNANCY (LMP)")
      // state nothing about the member
      if (CLAIM_FORM_CAPTION_RE.test(line.text)) continue;
      // the sentences that start on this line, read through the lines they wrap onto
      const next = [1, 2].map((k) => ctx.idx.lines[line.index + k]).filter((l) => l && l.page === line.page);
      const joined = [line.lower, ...next.map((l) => l.lower)].join(" ");
      // a line that starts inside a sentence ("…, no eating disorder, no" / "MAOI. Note attached."):
      // that sentence's start, on the line before, is read for its negation
      const prev = ctx.idx.lines[line.index - 1];
      // (only a line that cannot end there — a comma, "no", "and", "of" — runs on: a form's lines
      // ("… [ ] Yes [X] No") end without a stop and are lines of their own)
      const carry =
        prev &&
        prev.page === line.page &&
        /(?:,|\b(?:no|not|nor|without|and|or|of|the|a|an|with|to|for|in|denies|never))\s*$/i.test(prev.lower) &&
        // (a form's answer column, "[ ] Yes [X] No", ends its own line)
        !/\byes\b|[[\]☐☒□■]/i.test(prev.lower)
          ? (prev.lower.split(/(?<=[.!?;:])\s+/).pop() ?? "")
          : "";
      const sentences: { text: string; start: number }[] = [];
      let start = 0;
      for (const part of joined.split(/(?<=[.!?])\s+/)) {
        const at = joined.indexOf(part, start);
        if (at >= line.lower.length) break;
        sentences.push({ text: part, start: at });
        start = at + part.length;
      }
      for (const a of groups) {
        let text = "";
        let offset = 0;
        let answer = "";
        let pos: number[] = [];
        for (const sen of sentences) {
          pos = a.map((w) => {
            // ("sub-total" is written "subtotal" or "sub total" as often as with its hyphen)
            const own = stem(w)
              .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
              .replace(/-/g, "[-\\s]?");
            const m = new RegExp(`\\b(?:${[own, ...(SAME_CONCEPT_STEMS[w.toLowerCase()] ?? [])].join("|")})`).exec(sen.text);
            return m ? m.index : -1;
          });
          if (!pos.some((p) => p < 0)) {
            text = sen.text;
            offset = sen.start;
            answer = sentences[sentences.indexOf(sen) + 1]?.text ?? "";
            break;
          }
        }
        if (!text) continue;
        const local = Math.min(...pos);
        // the quote starts on this line (the sentence's first concept may sit on a wrapped line)
        const at = Math.min(line.lower.length - 1, offset + local);
        const pending = PENDING.test(text.slice(Math.max(0, local - 40), local + 60));
        // a form's question answered "No" on the line after it ("Any hepatic decompensation … since the
        // start of therapy? / No."): the answer negates what the question names
        // (the wrapped end of the question, "therapy?", is no line of the index: the "No" then closes the
        // question's own sentence, on a line of its own)
        const answeredNo =
          (/\?\s*$/.test(text) && /^(?:answer\s*[:.-]\s*)?no\b(?!\s*(?:,\s*)?(?:but|except))/.test(answer.trim())) ||
          (/^(?:\d{1,2}[.)]\s*)?(?:any|is|are|has|have|does|do|did|was|were)\b/.test(text.trim()) &&
            /\s(?:no)\.?\s*$/.test(text) &&
            next.some((l) => /^(?:answer\s*[:.-]\s*)?no\.?$/i.test(l.text.trim())));
        // a form's question printed with both of its answers ("5. Current or prior bulimia or anorexia
        // nervosa? Yes No"), the one circled or ticked not being read: the question states nothing
        const unanswered = /\?\s*$/.test(text) && UNREAD_YES_NO_RE.test(answer.trim());
        // the form's question itself ("Q4. Does the patient have a deleterious or suspected deleterious HRR
        // gene mutation (germline or somatic)? Name the gene and the test."): its words are the form's,
        // never a statement about the member — the answer written after it is read on its own
        const asked =
          /^(?:q\s*\d{1,2}[.:)]?\s*|\d{1,2}[.)]\s*)?(?:does|do|is|are|has|have|had|was|were|did|will|can|any)\b[^?]*$/i.test(text.slice(0, local)) &&
          /\?/.test(text.slice(local));
        const lead = offset === 0 && carry ? `${carry} ` : "";
        // "counseled her on the seizure risk", "risk of falls", "monitor for infection": the condition as a
        // risk talked about, never a fact of the member's record
        const hypothetical = HYPOTHETICAL_BEFORE.test(text.slice(Math.max(0, local - 60), local)) || HYPOTHETICAL_AFTER.test(text.slice(local, local + 40));
        const negated = isNegated(lead + text, lead.length + local) || pending || answeredNo || unanswered || hypothetical || asked;
        if (!found || (found.negated && !negated)) found = { line, at, negated, pending };
        if (!negated) break;
      }
      if (found && !found.negated) break;
    }
    return found;
  };
  // "absence of a monoclonal protein on ALL THREE of the following: serum free light chains, serum
  // immunofixation and urine immunofixation": every item must be documented — one found is never the list
  const listAt = /\bthe following\s*:\s*/i.exec(spec.text);
  const items = listAt
    ? spec.text
        .slice(listAt.index + listAt[0].length)
        .replace(/\([^)]*\)/g, " ")
        .split(/;|,\s*(?:and\s+|or\s+)?|\s+and\s+/)
        .map((x) => x.trim())
        .filter((x) => x.length > 3)
    : [];
  if (EVERY_ITEM_RE.test(spec.text) && items.length > 1 && !spec.absence) {
    // each item is documented when its own words are written together in one sentence, done (not
    // pending) — "urine protein immunofixation" is never met by "urine" alone, nor by "serum … immunofixation"
    const each = items.map((it) => {
      const words = [...new Set(keyConcepts(it).flat())].filter((w) => !LIST_ITEM_GENERIC.has(w.toLowerCase()));
      return words.length ? findIn([words]) : null;
    });
    // (an item written with its negative result, "urine immunofixation - no monoclonal protein", is
    // done; one pending, ordered or not received is not)
    const open = each.filter((f) => !f || f.pending).length;
    if (open) {
      const seen = each.filter((f): f is Found => !!f);
      return ev(
        "insufficient",
        `The policy requires every item of its list; ${open} of ${each.length} ${open === 1 ? "is" : "are"} not documented as done (missing or pending).`,
        seen.slice(0, 2).map((f) => quote(ctx.idx, f.line, f.at)),
        seen.length ? "direct" : "none",
        spec.text,
      );
    }
  }
  // "does not have familial short QT syndrome": a sentence stating the condition absent ("no history of
  // short QT"), with no affirmed mention anywhere, meets it (a bare form question decides nothing)
  const absentWords = spec.absence && !measuredThreshold(spec.text) ? absentConditionWords(spec.text) : null;
  const statedAbsent = absentWords ? absenceStated(ctx.idx, absentWords) : null;
  if (statedAbsent) return ev("met", statedAbsent.reason, statedAbsent.citations);
  // (a criterion only: an exclusion is never found to apply by a reading that sets words aside)
  const found = findIn(usable) ?? (spec.absence || role === "exclusion" ? null : qualifierOfCodedDiagnosis(spec.text, ctx, findIn));
  if (found) {
    const c = [quote(ctx.idx, found.line, found.at)];
    // "SpO2 at or below 88% at rest", "no ejection fraction under 35%": a requirement on a measured
    // value is met or failed by a value compared against it, never by the measure's name (or the
    // setting's words) being in the request — nor by their negation
    const th = measuredThreshold(spec.text);
    // "…: dyspnea, orthopnea, peripheral edema, or an elevated BNP (> 100 pg/mL)": the threshold belongs
    // to one alternative; another alternative, written in the request, meets the list on its own
    const other = th && !spec.absence ? thresholdFreeAlternative(spec.text, findIn) : null;
    // "ANA by IFA titer of 1:80 or higher, or anti-dsDNA 30 IU/mL or higher": a titer the request
    // states for the named antibody and that reaches the alternative's dilution meets the list
    const titer = th && !spec.absence ? titerAlternativeMet(spec.text, ctx) : null;
    if (titer) return titer;
    if (other)
      return ev("met", `Documented in the request (${other.alternative}; the threshold of another alternative is not needed).`, [
        quote(ctx.idx, other.found.line, other.found.at),
      ]);
    if (th && (spec.absence || !found.negated))
      return ev(
        "insufficient",
        `The policy sets a threshold ("${th}") that no value in the request was compared against; its words alone do not decide it.`,
        c,
        "direct",
        spec.text,
      );
    if (spec.absence && found.negated) return absenceLeftOpen(spec, ctx) ?? ev("met", "The request documents its absence.", c);
    // a form's question naming the condition ("5. Familial short QT syndrome? [ ] [X]") whose answer is
    // not read is no statement that the member has it
    if (spec.absence && /^[^.;!]{0,80}\?/.test(found.line.text.slice(found.at)) && !/\?\s*(?:yes|y)\b/i.test(found.line.text))
      return ev("insufficient", "The form asks about it, but its answer is not read.", c, "direct", spec.text);
    if (spec.absence) return ev("not_met", "The request documents it.", c);
    // "Baseline motor function assessed … with a validated scale (eg, HFMSE, RULM)": an assessment is
    // documented by its result — a mention with no score beside it ("PT evaluation (HFMSE / RULM) done
    // 11/18, scores to be scanned into the chart") leaves it to be shown
    if (!found.negated && SCALE_REQUIREMENT_RE.test(spec.text) && !scaleScored(spec.text, ctx, found))
      return ev(
        "insufficient",
        "The assessment is mentioned, but without its score; the scale's result is needed.",
        c,
        "direct",
        `${spec.text.replace(/\s*\(e\.?g\.?,?[^)]*\)/i, "")}: the scale and its score`,
      );
    if (!found.negated) {
      // "A complete blood count within the past 6 months": a window is a threshold on the date, met only
      // by a date on the mention compared against it — never by the words alone
      const within = ANCHORED_WINDOW_RE.test(spec.text) ? parseRecency(spec.text) : null;
      if (within != null && ctx.requestDate) {
        const dayDates = (l: (typeof ctx.idx.lines)[number]) =>
          findDates(l.text)
            // (a birth date beside the mention dates the member, never the mention)
            .filter(
              (d) =>
                d.precision === "day" &&
                !d.start.startsWith("0000") &&
                // (the member's birth date, however its caption is printed, dates no mention)
                d.start !== ctx.facts.patient.birth_date &&
                !/\b(?:dob|d\.o\.b\.?|birth(?:\s*date)?|born|date of birth)\b\W{0,4}$/i.test(l.text.slice(Math.max(0, d.index - 24), d.index)),
            )
            .map((d) => d.start);
        // (the mention's own line and the few after it: a report's heading, then its "Date:" line)
        const near = [0, 1, 2, 3].map((k) => ctx.idx.lines[found.line.index + k]).filter((l) => l && l.page === found.line.page);
        // (a date after the request — a signature, a print or a fax stamp — never dates what was done before it)
        const before = (ds: string[]) => ds.filter((d) => daysBetween(d, ctx.requestDate!) >= -1);
        let dates = before(near.flatMap(dayDates));
        // "Timed 25-Foot Walk today: 14.8 s": a mention dated "today" takes the date of the note it is
        // written in — its header's "Date:" at the top of the page — never a date in the history above it
        if (/\btoday\b|\b(?:at\s+)?this\s+(?:visit|encounter|appointment)\b/i.test(found.line.text.slice(found.at, found.at + 80))) {
          const header = ctx.idx.lines.filter((l) => l.page === found.line.page && l.index < found.line.index).slice(0, 15);
          // (the note's own dated line: "Date: 11/24/2026", "Office Visit - Established Patient 11/24/2026")
          const d = header
            .filter((l) => /\b(?:date|visit|encounter|dos|note|consult\w*)\b/i.test(l.text) && !/\b(?:dob|birth)\b/i.test(l.text))
            .flatMap(dayDates)[0];
          if (d) dates = before([d]);
        }
        // an undated mention takes the date of the note or report it stands in: the nearest dated line
        // above it on its page (a note's date, a lab table's collection date)
        for (let k = found.line.index - 1; !dates.length && k >= 0 && k >= found.line.index - 25; k--) {
          const l = ctx.idx.lines[k];
          if (l.page !== found.line.page) break;
          dates = before(dayDates(l));
        }
        const inWindow = dates.find((d) => WITHIN(ctx, d, within));
        if (!inWindow)
          return ev(
            "insufficient",
            dates.length
              ? `Documented, but dated ${dates[0]}: not within the ${within} days the policy requires.`
              : `Documented, but without a date to compare with the ${within}-day window the policy requires.`,
            c,
            "direct",
            spec.text,
          );
        return ev("met", `Documented in the request, dated ${inWindow} (within ${within} days).`, c);
      }
      return ev("met", "Documented in the request.", c);
    }
    return ev("insufficient", "Mentioned in the request, but negated or still pending.", c, "direct", spec.text);
  }
  // the absence of a value beyond a threshold is shown by a value, never by silence
  if (spec.absence && measuredThreshold(spec.text))
    return ev("insufficient", "The policy sets a threshold on a measured value; no value in the request was compared against it.", [], "none", spec.text);
  // "the first infusion, or the first infusion after 6 months or more without infliximab": an
  // alternative that states a positive fact ("the first infusion") is never met by silence
  // (its first alternative states no negative: "no history of MI, stroke, or TIA" is one negative list)
  const altParts = spec.text.replace(/\([^)]*\)/g, " ").split(/,\s*or\s+|;\s*or\s+/i);
  const positiveAlt = altParts.length > 1 && !NEGATIVE_ALTERNATIVE_RE.test(altParts[0].trim());
  if (spec.absence && positiveAlt)
    return ev("insufficient", "Part of the requirement is a fact to document; the request does not document it.", [], "none", spec.text);
  if (spec.absence) return absenceLeftOpen(spec, ctx) ?? ev("met", "Nothing in the request contradicts it.", [], "inferred");
  return ev("insufficient", "Not documented in the request.", [], "none", spec.text);
}

/**
 * Does an excluded use apply? The request's stated indication decides: its primary code, or the
 * diagnosis written as the purpose ("for weight loss"). It does not apply when a condition of the
 * "unless" clause is diagnosed, or when the exclusion names a severity ("mild") the request does
 * not describe. A condition of the exclusion that is only mentioned elsewhere is a "maybe":
 * insufficient, never a denial.
 */
/** Words before "for X" that make X something tested or watched for, not the request's purpose. */
const SCREENED_FOR =
  /(?:screen(?:ed|ing)?|test(?:ed|ing)?|evaluat(?:ed|ion)|assess(?:ed|ment)?|check(?:ed)?|rul(?:ed?|ing) out|work-?up|monitor(?:ed|ing)?|negative|positive|prophylaxis|vaccinat(?:ed|ion)|risk)\s*$/;

/**
 * The clause of an excluded use that narrows whom or when it covers ("… in a member currently
 * receiving maintenance dialysis", "… in a member with cancer who is not receiving chemotherapy",
 * "use as a substitute for transfusion …"): from its first word to the end, or null.
 */
const EXCLUSION_QUALIFIER_RE =
  /\b(?:in (?:a |an |the )?(?:members?|patients?|participants?|persons?|individuals?|adults?|children|enrollees?|beneficiar(?:y|ies))\b|who (?:is|are|has|have|was|were|requires?|needs?)\b|whose\b|when (?:used|given)\b|as a substitute\b|with curative intent\b|\bwithout (?:a |an |any )?(?:previous|prior|history of)\b)/i;
const QUALIFIER_STOP = new Set(
  "member members patient patients participant participants person individual adults children enrollee currently receiving requires require needs whose which their there other being given used maintenance immediate correction therapy treatment either within before after while during".split(
    " ",
  ),
);
/** words too common in clinical text to show a qualifier on their own ("blood" of "blood pressure") */
const GENERIC_QUALIFIER_WORDS = new Set(
  "blood serum level levels count counts value values cells chronic acute disease disorder condition clinical medical severe moderate result results patient".split(
    " ",
  ),
);
/**
 * Whether the word at `index` of `text` is part of an organization's name ("Four States Cancer Center",
 * "CKD Anemia Management Clinic", "Dialysis Associates"): a letterhead or address, not a clinical fact.
 */
export function inOrganizationName(text: string, index: number): boolean {
  return /^[\w-]*(?:\s+[A-Z][\w&'-]*){0,3}\s+(?:Center|Centre|Clinic|Institute|Associates|Group|Program|Department|Services|Partners|Specialists|Hospital|Practice|Unit|Network|Foundation|LLC|PC|PA)\b/.test(
    text.slice(index),
  );
}
const PAST_MARK = /\b(?:in (?:19|20)\d\d|history of|previous(?:ly)?|prior|past|former(?:ly)?|ended|stopped|discontinued|recovered|resolved|no longer)\b/i;

/** words of a "without …" clause that name no event of their own */
const EVENT_STOP = new Set("previous previously prior history documented known recent recently any other current currently".split(" "));

/**
 * A past event a "without …" qualifier names ("without previous hospitalisation", "without a prior
 * transfusion"), recorded in the request: a non-negated mention of its word (any spelling of
 * "-isation"/"-ization" as an event — "hospitalized", "hospitalizations" — never "hospitalist") on a
 * line that dates it or puts it in the past. Null when the request records no such event.
 */
function eventShown(clause: string, ctx: EvalContext): Hit | null {
  const words = (clause.toLowerCase().match(/[a-z][a-z-]{5,}/g) ?? []).filter(
    (w) => !EVENT_STOP.has(w) && !QUALIFIER_STOP.has(w) && !GENERIC_QUALIFIER_WORDS.has(w),
  );
  if (!words.length || conditionsNamedIn(clause).length) return null;
  const forms = words.map((w) => {
    const iz = /^(.*)i[sz]ations?$/.exec(w);
    if (iz) return `${iz[1]}i[sz](?:ations?|ed)`;
    return `${w.replace(/s$/, "")}(?:s|es)?`;
  });
  const re = new RegExp(`\\b(?:${forms.join("|")})\\b`, "i");
  const PAST = /\b(?:\d{1,2}\/\d{2,4}|(?:19|20)\d\d|[a-z]+ed\b|history of|previous(?:ly)?|prior|past|last (?:year|month))/i;
  return (
    search(ctx.idx, re).find((h) => !h.negated && !isNegated(h.line.lower, h.index) && !inOrganizationName(h.line.text, h.index) && PAST.test(h.line.text)) ??
    null
  );
}

/**
 * Whether an excluded use's qualifier is shown. The exclusion applies only when the request shows
 * the qualifier as well as the condition: conditions the qualifier names must be documented; its
 * other terms ("dialysis", "transfusion") must be mentioned in the request, and a mention that is
 * negated ("not on dialysis") or, for a "currently" qualifier, in the past ("dialysis in 2022,
 * recovered") shows it does not apply. Returns null when the exclusion has no qualifier.
 * Source: the policy sentence itself — a qualified exclusion names a subpopulation, not the disease.
 */
function qualifierEvidence(spec: CriterionOf<"excluded_use">, ctx: EvalContext): Ev | null {
  const m = EXCLUSION_QUALIFIER_RE.exec(spec.text);
  if (!m) return null;
  const q = spec.text.slice(m.index);
  const head = spec.text.slice(0, m.index).toLowerCase();
  // "in a patient without type 2 diabetes": a subpopulation defined by what it lacks — the
  // exclusion does not apply when the request documents that condition, and is read as before otherwise
  const without = /\bwithout\b(.*)$/i.exec(q);
  if (without) {
    // a parenthesis names who is in the subpopulation ("(including prediabetes)"), not what it lacks
    const clause = without[1].replace(/\([^)]*\)?/g, " ");
    const lacking = spec.conditions.filter((c) => conditionMentions(clause, conditionByName(c)!).length > 0);
    const shown = lacking.length ? ctx.conditions.find((c) => c.source !== "text" && conditionSatisfies(c, lacking, [])) : undefined;
    if (shown)
      return ev(
        "not_met",
        `Does not apply: the exclusion is for members without ${lacking.join(" or ")}, and the request documents ${shown.condition ?? shown.code}.`,
        shown.citation ? [shown.citation] : [],
        "direct",
      );
    // "without previous hospitalisation", "without prior transfusion": an event the request records
    // (dated, or in the past tense) shows the member is not in the subpopulation
    if (!lacking.length) {
      const had = eventShown(clause, ctx);
      if (had)
        return ev(
          "not_met",
          `Does not apply: the exclusion is for members without ${clause.trim().replace(/\.$/, "")}, and the request records it ("${clip(had.line.text.trim(), 120)}").`,
          [quote(ctx.idx, had.line)],
          "direct",
        );
    }
    return null;
  }
  const named = spec.conditions.filter((c) => !head.includes(c.toLowerCase()) && conditionMentions(q, conditionByName(c)!).length > 0);
  if (named.length) {
    const shown = ctx.conditions.find((c) => conditionSatisfies(c, named, []));
    if (!shown)
      return ev("not_met", `Does not apply: the exclusion is for members with ${named.join(" or ")}, which the request does not document.`, [], "inferred");
  }
  // the qualifier's own terms: not the conditions it names (judged just above: "… immediate correction
  // of anemia" is met by any anemia request), and a generic word ("blood", "serum") only beside another
  const namedWords = new Set(named.flatMap((c) => c.toLowerCase().split(/\W+/)));
  const keys = [...new Set((q.toLowerCase().match(/[a-z][a-z-]{4,}/g) ?? []).filter((w) => !QUALIFIER_STOP.has(w) && !head.includes(w) && !namedWords.has(w)))];
  if (!keys.length) return null;
  const keyRe = (ks: string[]) => new RegExp(`\\b(?:${ks.map((k) => k.replace(/[-]/g, "[- ]?")).join("|")})`, "i");
  const strong = keys.filter((k) => !GENERIC_QUALIFIER_WORDS.has(k));
  const re = keyRe(strong.length ? strong : keys);
  const weakOnly = !strong.length && keys.length > 1;
  const hits = search(ctx.idx, re).filter(
    (h) =>
      !inOrganizationName(h.line.text, h.index) &&
      // generic words alone: two of them on the line
      (!weakOnly || keys.filter((k) => keyRe([k]).test(h.line.text)).length >= 2),
  );
  if (!hits.length) return ev("not_met", `Does not apply: nothing in the request shows "${q.replace(/\.$/, "")}".`, [], "inferred");
  const current = /\bcurrently\b/i.test(q);
  const against = hits.filter((h) => isNegated(h.line.lower, h.index) || (current && PAST_MARK.test(h.line.lower)));
  const forIt = hits.filter((h) => !against.includes(h));
  if (!forIt.length)
    return ev(
      "not_met",
      `Does not apply: the request says otherwise ("${clip(against[0].line.text.trim(), 120)}").`,
      [quote(ctx.idx, against[0].line)],
      "direct",
    );
  return ev(
    "insufficient",
    `The request mentions "${clip(forIt[0].line.text.trim(), 80)}"; whether the exclusion's qualifier ("${q.replace(/\.$/, "")}") applies must be confirmed.`,
    [quote(ctx.idx, forIt[0].line)],
    "direct",
    `Whether this exclusion applies: ${spec.text}`,
  );
}

/**
 * An exclusion whose excluded form is defined by a measured value ("mild hemophilia A (factor VIII
 * activity greater than 5%)", "heart failure with reduced ejection fraction (LVEF below 40%)"),
 * decided by the values the request states and compares, never by the condition's name: "met" when
 * every threshold of the exclusion has documented values and every value of each meets it (one
 * result on the threshold's own scale is enough; a single value that does not meet it leaves the
 * exclusion to the other evidence), "not_met" when a documented value fails every threshold and none
 * meets one, null otherwise (no threshold, no value, or values that disagree). Percent thresholds
 * read percent values only. Source: the policy's own sentence (the parenthesis defines the form).
 */
/** a level measured on treatment: after a dose or infusion, a peak, trough or recovery level */
const ON_TREATMENT_LEVEL_RE =
  /\b(?:post[- ]?(?:infusion|dose|dosing|injection|treatment|ddavp|desmopressin)|after (?:a |the )?(?:dose|infusion|injection|ddavp|desmopressin)|peak|trough|recovery|on (?:prophylaxis|treatment|therapy|factor))\b/i;

function exclusionByValue(spec: CriterionOf<"excluded_use">, ctx: EvalContext): Ev | null {
  const thresholds = parseThresholds(spec.text);
  if (!thresholds.length) return null;
  const results = thresholds.map((th) => evalLab({ kind: "lab", text: spec.text, confidence: "high", ...th, within_days: null }, ctx));
  const contradicted = results.filter((x) => x.outcome === "not_met" && x.citations.length);
  if (contradicted.length && !results.some((x) => x.outcome === "met"))
    return ev("not_met", `Does not apply: ${contradicted.map((x) => x.reason.replace(/\.$/, "")).join("; ")}.`, contradicted[0].citations, "direct");
  // applies: every threshold met by the latest value, and no documented value of its measure falls short
  const allAgree = thresholds.every((th, k) => {
    if (results[k].outcome !== "met" || !results[k].citations.length) return false;
    const m = measureByName(th.measure);
    if (!m) return false;
    const read = measureValues(ctx.idx, m);
    // a level measured after a dose ("peak, 30 min post-infusion", "trough, 72 h post dose", "on
    // prophylaxis", "after DDAVP") is a level on treatment, not the one that defines the form: with
    // one on the fax, the exclusion is left to the other evidence
    if (read.some((v) => ON_TREATMENT_LEVEL_RE.test(v.line ?? ""))) return false;
    let vals: { value: number; pct: boolean; bound?: "<" | ">" }[] = read.map((v) => ({
      value: v.value,
      pct: /^\s*%/.test(v.unitText),
      ...(v.bound ? { bound: v.bound } : {}),
    }));
    for (const l of ctx.facts.labs ?? [])
      if (l.value != null && l.name.toLowerCase() === m.name.toLowerCase()) vals.push({ value: l.value, pct: /^\s*%/.test(l.unit ?? "") });
    // a percent threshold is compared with values written as percents only
    if (th.unit === "%") vals = vals.filter((v) => v.pct);
    // a value written as a bound ("<10%") meets a threshold only on the bound's own side ("> 90%" meets "above 80%")
    const meets = (v: (typeof vals)[number]) =>
      cmp(th.op, v.value, th.value, th.value_max) && (!v.bound || (th.op.startsWith(">") && v.bound === ">") || (th.op.startsWith("<") && v.bound === "<"));
    return vals.length > 0 && vals.every(meets);
  });
  if (allAgree)
    return ev(
      "met",
      `Applies: ${results.map((x) => x.reason.replace(/\.$/, "")).join("; ")} (the exclusion's defining value).`,
      results.flatMap((x) => x.citations.slice(0, 1)),
      "direct",
    );
  return null;
}

function evalExcludedUse(spec: CriterionOf<"excluded_use">, ctx: EvalContext, coveredConditions: string[], coveredIcd: string[]): Ev {
  const applies = evalExcludedUseByCondition(spec, ctx, coveredConditions, coveredIcd);
  // an exclusion that names a subpopulation applies only when the request shows that too: met (or
  // left to a reviewer) on the condition, it is decided by the qualifier's evidence when that is clear
  if (applies.outcome === "not_met" || spec.severity?.length) return applies;
  // the policy's covered indication was not understood: an excluded condition the request carries may be
  // the very condition the policy covers ("PBC-autoimmune hepatitis overlap syndrome" on a PBC drug), so
  // the diagnosis alone is never the ground of a denial — a reviewer reads which condition is excluded
  if (applies.outcome === "met" && !coveredConditions.length && !coveredIcd.length)
    return ev(
      "insufficient",
      `${applies.reason.replace(/\.$/, "")}, but the policy's covered indication was not read, so whether the excluded condition is another one is for a reviewer.`,
      applies.citations,
      applies.evidence,
      `Whether this exclusion applies: ${spec.text}`,
    );
  // a form defined by a value ("Heart failure with reduced ejection fraction (LVEF below 40%)") is
  // never shown by the condition alone (an I50.x code is any heart failure): the stated value decides,
  // and without one a reviewer does
  if (applies.outcome === "met" && parseThresholds(spec.text).length) {
    const byValue = exclusionByValue(spec, ctx);
    if (byValue) return byValue;
    return ev(
      "insufficient",
      `${applies.reason.replace(/\.$/, "")}, but the value that defines the excluded form is not stated.`,
      applies.citations,
      applies.evidence,
      `Whether this exclusion applies: ${spec.text}`,
    );
  }
  // "HER2-positive breast cancer": the marker status must be shown too
  const markers = markerRequirements(spec.text);
  if (markers.length) {
    const judged = markers.map((m) => judgeMarker(ctx.idx, m));
    const contra = judged.find((j) => j.outcome === "not_met");
    if (contra) return ev("not_met", `Does not apply: ${contra.reason}`, contra.citations, "direct");
    if (applies.outcome === "met" && judged.some((j) => j.outcome !== "met"))
      return ev(
        "insufficient",
        judged.map((j) => j.reason).join(" "),
        [...applies.citations, ...judged.flatMap((j) => j.citations)],
        "direct",
        `Whether this exclusion applies: ${spec.text}`,
      );
  }
  const q = qualifierEvidence(spec, ctx);
  if (!q) return applies;
  return q.outcome === "not_met" || applies.outcome === "met" ? q : applies;
}

/** an exclusion's qualifier about an earlier course: "after", "following", "prior", "failure of/on" a drug */
const EARLIER_COURSE_QUALIFIER_RE =
  /\b(?:after|following|prior|previous(?:ly)?|earlier|failed|failure\s+(?:of|on|with)|progress\w*\s+(?:on|after|following)|(?:re-?)?treatment\s+with|experienced\s+with)\b/i;

/**
 * An exclusion whose qualifier is an earlier course of named drugs or classes ("Virologic failure
 * after any regimen containing an NS5A inhibitor (velpatasvir, ledipasvir)", "Progression on a prior
 * CDK4/6 inhibitor") does not apply when the request states the member has had no such course: the
 * no-prior-therapy reading of the drugs and classes it names ("treatment-naive", "no prior direct-acting
 * antiviral", a form's "Prior HCV treatment? None") is met. Null otherwise (left as it was).
 */
function earlierCourseQualifierAbsent(text: string, ctx: EvalContext): Ev | null {
  if (!EARLIER_COURSE_QUALIFIER_RE.test(text)) return null;
  const drugs = [...new Set(drugsNamedIn(text))].filter((d) => !drugNames(d).some((n) => ctx.requested.has(n)));
  const classes = classesNamedIn(text).map((c) => c.name);
  if (!drugs.length && !classes.length) return null;
  const r = evalNoPriorTherapy(
    {
      kind: "prior_therapy",
      text,
      confidence: "medium",
      drugs,
      classes,
      excluded_drugs: [],
      min_days: null,
      count: 1,
      different_classes: false,
      all_classes: false,
      allow_intolerance: false,
      allow_contraindication: false,
      require_intolerance: false,
      absent: true,
    },
    ctx,
  );
  if (r.outcome !== "met") return null;
  return ev(
    "not_met",
    `Does not apply: the exclusion is about an earlier course, and ${r.reason.charAt(0).toLowerCase()}${r.reason.slice(1)}`,
    r.citations,
    "direct",
  );
}

/** "Antinuclear antibody (ANA) by IFA titer of 1:80 or higher", "ANA titer ≥ 1:160": the named antibody and the dilution */
const TITER_THRESHOLD_RE =
  /([A-Za-z][A-Za-z0-9 -]{1,50}?)\s*(?:\(([A-Za-z][A-Za-z0-9-]{1,12})\))?\s*(?:by\s+[A-Za-z-]{2,12}\s+)?tit(?:er|re)\s*(?:of\s*)?(?:(?:[≥]|>=|at least)\s*)?1\s*:\s*(\d{2,5})(?:\s*(?:or (?:higher|greater|above|more)|and above))?/gi;

/**
 * A requirement listing alternatives ("a result that meets ANA by IFA titer of 1:80 or higher, or
 * anti-dsDNA 30 IU/mL or higher, or positive by Crithidia") is met when the request states a titer
 * for the antibody one alternative names (its abbreviation as written, or its full name) that reaches
 * that alternative's dilution ("ANA 1:160 homogeneous", "ANA titer (IFA) (<1:40) 1:640 H" — a
 * reference range in brackets is not the result). Only for a list of alternatives ("or", no "and");
 * never failed here: a lower titer leaves the other alternatives and the reviewer. Null otherwise.
 */
export function titerAlternativeMet(text: string, ctx: EvalContext): Ev | null {
  const bare = text.replace(/\([^)]*\)/g, (x) => (/^\([A-Za-z][A-Za-z0-9-]{1,12}\)$/.test(x) ? x : " "));
  if (/\band\b/i.test(bare) || !/\bor\b/i.test(text)) return null;
  for (const m of text.matchAll(TITER_THRESHOLD_RE)) {
    const need = Number(m[3]);
    const name = m[1].replace(/^.*\b(?:meets?|of|is|an?|the|positive|result|that)\s+/i, "").trim();
    const names = [m[2] ? `\\b${m[2]}\\b` : null, name.length > 5 ? name.replace(/\s+/g, "\\s+") : null].filter((x): x is string => !!x);
    if (!names.length) continue;
    const re = new RegExp(`(?:${names.join("|")})`, m[2] ? "" : "i");
    for (const line of ctx.idx.lines) {
      const at = re.exec(line.text);
      if (!at || isNegated(line.lower, at.index) || PENDING.test(line.text)) continue;
      const after = line.text.slice(at.index + at[0].length, at.index + at[0].length + 50);
      // the first dilution not written as a bound or a reference range ("<1:40", "(ref < 1:80)")
      const value = [...after.matchAll(/([<>≤≥]\s*|ref\w*\s*[:=]?\s*)?\b1\s*:\s*(\d{1,5})\b/gi)].find((v) => !v[1]);
      if (!value || Number(value[2]) < need) continue;
      return ev("met", `${m[2] ?? name} titer 1:${value[2]} meets the alternative of a titer of 1:${need} or higher.`, [
        quote(ctx.idx, line, at.index, Math.min(line.text.length, at.index + at[0].length + (value.index ?? 0) + value[0].length)),
      ]);
    }
  }
  return null;
}

/**
 * The words that make an exclusion one of uses without the covered condition `covered` ("in the
 * absence of", "without", "not caused by"), when they stand right before its mention in `text`; null
 * otherwise (the exclusion names the condition as something present).
 */
function absenceQualifier(text: string, covered: string): string | null {
  const term = conditionByName(covered);
  for (const m of term ? conditionMentions(text, term) : []) {
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    const q = /\b(in the absence of|absent|without|not (?:caused by|due to)|other than)\s+(?:[a-z-]+\s+){0,2}$/i.exec(before);
    if (q) return q[1].toLowerCase();
  }
  return null;
}

/** words of an exclusion's qualifier that set no finding apart on their own ("severe active …", "within the past 60 days") */
const QUALIFIER_FILLER = new Set(
  "severe active acute chronic mild moderate state within before after during including include includes except unless other another recent recently months weeks years hours documented history system systems organ organs involvement".split(
    " ",
  ),
);

/**
 * An exclusion that names the covered condition itself with the findings that set the excluded form
 * apart ("Severe active central nervous system lupus (seizures, psychosis, acute confusional state or
 * cerebritis within the past 60 days)") does not apply when the request mentions those findings only
 * to deny them ("no seizures / psychosis", "no neuropsychiatric lupus") and never affirms one: "not_met"
 * with the denial cited. Null (left to a reviewer) when a finding is affirmed anywhere, when none is
 * mentioned (silence shows nothing), or when the qualifier has no specific word. The covered
 * condition's own names, generic qualifier words and boilerplate are not findings.
 */
function qualifierFindingsDenied(text: string, covered: string, ctx: EvalContext): Ev | null {
  const term = conditionByName(covered);
  let rest = text;
  const mentions = term ? conditionMentions(text, term) : [];
  for (const m of mentions) rest = rest.slice(0, m.index) + " ".repeat(m.length) + rest.slice(m.index + m.length);
  // "Nodular or conglobate acne (nodules of 5 mm or more) for which isotretinoin is indicated": the form
  // words written before the condition are its qualifier; what follows defines or explains it
  const lead = mentions.length ? text.slice(0, mentions[0].index) : "";
  if (/^\s*[A-Za-z-]{4,}(?:\s*(?:,|or|and|\/)\s*[A-Za-z-]{4,})*\s*$/.test(lead)) rest = lead;
  // a qualifier that is itself an absence ("… in a member without prior hospitalisation"): a request
  // denying the finding is IN the excluded form, never out of it
  if (/\b(?:without|in the absence of|absent|never|no (?:prior|previous|history|evidence)|not (?:had|been|have|has))\b/i.test(rest)) return null;
  const words = [
    ...new Set(
      (rest.toLowerCase().match(/[a-z][a-z-]{4,}/g) ?? []).filter(
        (w) =>
          !QUALIFIER_FILLER.has(w) &&
          !QUALIFIER_STOP.has(w) &&
          !GENERIC_QUALIFIER_WORDS.has(w) &&
          !STOP_WORDS.has(w) &&
          !BOILERPLATE_WORDS.has(w) &&
          !GENERIC_SINGLE_WORDS.has(w),
      ),
    ),
  ];
  if (!words.length) return null;
  let denial: Hit | null = null;
  for (const w of words) {
    const stem = w.replace(/(?:ies|es|s|al|ed|ing)$/, "").slice(0, Math.max(5, Math.min(8, w.length - 1)));
    const hits = search(ctx.idx, new RegExp(`\\b${stem.replace(/[-]/g, "[- ]?")}`, "i")).filter((h) => !inOrganizationName(h.line.text, h.index));
    // ("non-nodular": the word with "non-" before it denies it)
    if (hits.some((h) => !h.negated && !/\bnon-?$/i.test(h.line.text.slice(Math.max(0, h.index - 4), h.index)))) return null;
    denial ??= hits[0] ?? null;
  }
  if (!denial) return null;
  return ev(
    "not_met",
    `Does not apply: the request mentions what sets the excluded form apart only to deny it ("${clip(denial.line.text.trim(), 120)}").`,
    [quote(ctx.idx, denial.line, denial.index)],
    "direct",
  );
}

/**
 * An exclusion qualified by a normal measure ("HAE with normal C1-INH", "… with a normal ferritin"):
 * the measures the words name (the measure itself, or every measure whose name starts with them:
 * "C1-INH" is "C1-INH antigenic" and "C1-INH function") judged against the range printed beside the
 * latest result. A "does not apply" (not_met) when one of them is outside its range; null otherwise
 * (no such qualifier, no value, no printed range, or every value within range — left to the reader).
 */
function abnormalNormalQualifier(text: string, ctx: EvalContext): Ev | null {
  const q = /\bwith (?:a |an )?normal ([a-z0-9][\w-]*(?: [a-z0-9][\w-]*)?)/i.exec(text);
  if (!q) return null;
  const words = q[1].toLowerCase().split(" ");
  for (const n of [words.length, 1]) {
    const name = words
      .slice(0, n)
      .join(" ")
      .replace(/[-,.;]+$/, "");
    const ms = MEASURES.filter((m) => m.name.toLowerCase() === name || m.name.toLowerCase().startsWith(`${name} `));
    if (!ms.length) continue;
    for (const m of ms) {
      const r = evalRelativeLab(
        { kind: "lab", text, confidence: "high", measure: m.name, op: "between", value: 1, unit: null, within_days: null, relative: "range" },
        m,
        ctx,
      );
      if (r.outcome === "not_met" && r.citations.length) return ev("not_met", `Does not apply: ${r.reason.replace(/\.$/, "")}.`, r.citations, "direct");
    }
    return null;
  }
  return null;
}

/**
 * Words of an exclusion that set a form of its condition apart ("higher-risk", "IPSS-R high or very
 * high", "grade 3 or 4", "stage IV", "relapsed or refractory", "severe"), read after the condition's own
 * names are taken out (so "severe combined immunodeficiency" is no qualifier): the first one, or null.
 * A diagnosis code never shows such a form (issue 21: an exclusion applies only when each of its
 * qualifiers is evidenced).
 */
const FORM_QUALIFIER_RE =
  /\b(?:(?:very |higher|lower|intermediate|high|low)[- ]?(?:risk|grade)\b|risk (?:group|category|score)|ipss(?:-r|-m)?\b|(?:who |cns who )?grade\s*(?:[1-4]|i{1,3}v?|iv)\b|stage\s*(?:[0-4]|i{1,3}v?|iv)[a-c]?\b|(?:relapsed|refractory|recurrent|metastatic|advanced|progressive|mild|moderate|severe|smoldering|indolent|aggressive|treatment-naive|untreated)\b)/i;
function unreadQualifier(text: string, conditions: string[]): string | null {
  let rest = text.toLowerCase();
  for (const name of conditions)
    for (const a of conditionByName(name)?.aliases ?? []) {
      try {
        rest = rest.replace(new RegExp(a, "gi"), " ");
      } catch {
        // an alias that is no valid pattern alone is left in place
      }
    }
  return FORM_QUALIFIER_RE.exec(rest)?.[0] ?? null;
}

/** "<condition> that is not 5q-associated", "non-5q <condition>": the covered form's word ("5q") */
const NOT_FORM_RE =
  /\b(?:that|which)\s+(?:is|are)\s+not\s+([a-z0-9]{1,12})(?:-(?:associated|related|linked|mediated))?\b|\bnon-([a-z0-9]{1,12})(?:-(?:associated|related|linked|mediated))?\b/i;

/**
 * An exclusion of the covered condition's other forms ("Spinal muscular atrophy that is not
 * 5q-associated (eg, SMARD1 …)") judged on the fax: a mention, not negated, of the covered form's word
 * right before the condition's name or its initials ("5q-associated spinal muscular atrophy", "5q SMA")
 * shows that it does not apply. Null when the exclusion has no such qualifier or the fax names no form.
 */
function coveredFormAffirmed(text: string, condition: string, ctx: EvalContext): Ev | null {
  const m = NOT_FORM_RE.exec(text);
  const word = (m?.[1] ?? m?.[2] ?? "").toLowerCase();
  if (!word || /^(?:a|an|the|due|caused|associated|related|covered|approved|indicated|listed|otherwise)$/.test(word)) return null;
  const escapeRe = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const words = condition.toLowerCase().split(/\s+/).filter(Boolean);
  const initials = words.length >= 2 ? words.map((w) => w[0]).join("") : null;
  const name = `(?:${words.map(escapeRe).join("\\s+")}${initials ? `|${initials}` : ""})`;
  const re = new RegExp(`\\b${escapeRe(word)}(?:-(?:associated|related|linked|mediated))?\\s+(?:\\w+\\s+)?${name}\\b`, "i");
  for (const line of ctx.idx.lines) {
    const hit = re.exec(line.text);
    if (!hit || isNegated(line.lower, hit.index)) continue;
    return ev(
      "not_met",
      `Does not apply: the request documents the covered form ("${clip(line.text.trim(), 120)}"); the exclusion is for ${condition} that is not ${word}.`,
      [citeLine(ctx.idx.doc, ctx.idx.documentName, line)],
      "direct",
    );
  }
  return null;
}

function evalExcludedUseByCondition(spec: CriterionOf<"excluded_use">, ctx: EvalContext, coveredConditions: string[], coveredIcd: string[]): Ev {
  const conds = ctx.conditions;
  if (spec.unless_conditions.length || spec.unless_icd10.length) {
    const u = conds.find((c) => c.source !== "text" && conditionSatisfies(c, spec.unless_conditions, spec.unless_icd10));
    if (u) return ev("not_met", `Does not apply: ${u.condition ?? u.code} is documented.`, u.citation ? [u.citation] : [], "inferred");
  }
  const severityOk = (cit: Citation | null) => {
    if (!spec.severity?.length) return true;
    const text = (cit?.text ?? "").toLowerCase();
    return (
      spec.severity.some((s) => new RegExp(`\\b${s}\\b`).test(text)) &&
      !/\bmoderate(?:ly)?[- ]to[- ]severe|\bsevere\b/.test(text.replace(new RegExp(`\\b${spec.severity[0]}\\b`), ""))
    );
  };
  const primary = conds.find((c) => c.source === "primary");
  const matchesExcluded = (c: CaseCondition) =>
    conditionSatisfies(c, spec.conditions, spec.icd10) && !(c.condition && coveredConditions.includes(c.condition) && !spec.conditions.includes(c.condition));
  const isCovered = (c: CaseCondition) => conditionSatisfies(c, coveredConditions, coveredIcd);
  // an exclusion that names the very condition the policy covers ("Virologic failure after an NS5A
  // regimen" in a hepatitis C policy) is about something else the request must show (a prior failure,
  // a stage), never met by the diagnosis alone: a reviewer checks it
  if (primary && !spec.severity?.length && isCovered(primary) && primary.condition != null && spec.conditions.includes(primary.condition)) {
    // "Use before eyelid surgery in the absence of Demodex blepharitis": an exclusion of uses WITHOUT the
    // covered condition does not apply to a request whose diagnosis is that condition
    const absent = absenceQualifier(spec.text, primary.condition);
    if (absent)
      return ev(
        "not_met",
        `Does not apply: the exclusion is for use ${absent} ${primary.condition}, and the request's diagnosis is ${primary.condition}${primary.code ? ` (${primary.code})` : ""}.`,
        primary.citation ? [primary.citation] : [],
        "direct",
      );
    // its qualifier is a measure ("RA with low disease activity (CDAI of 10 or less, or DAS28 below
    // 3.2)"): a documented value outside every threshold shows it does not apply, documented values
    // that all meet it show it does (exclusionByValue)
    const byValue = exclusionByValue(spec, ctx);
    if (byValue) return byValue;
    // "HAE with normal C1-INH": a documented value of the named measure outside the laboratory's range
    // (any of its kinds: "C1-INH antigenic", "C1-INH function") shows the member is not in that form
    const abnormal = abnormalNormalQualifier(spec.text, ctx);
    if (abnormal) return abnormal;
    // its qualifier is an earlier course ("virologic failure after a regimen containing an NS5A
    // inhibitor (velpatasvir, ledipasvir …)"): a request stating no such course shows it does not apply
    const naive = earlierCourseQualifierAbsent(spec.text, ctx);
    if (naive) return naive;
    // its qualifier is a set of findings ("Severe active CNS lupus (seizures, psychosis, acute confusional
    // state or cerebritis)"): a request that mentions them only to deny them shows it does not apply
    const denied = qualifierFindingsDenied(spec.text, primary.condition, ctx);
    if (denied) return denied;
    // "Spinal muscular atrophy that is not 5q-associated": a request that names the covered form
    // ("5q-associated spinal muscular atrophy", "5q SMA") shows it does not apply
    const form = coveredFormAffirmed(spec.text, primary.condition, ctx);
    if (form) return form;
    // "osteoporosis in men": an exclusion for one sex does not apply to a member of the other
    const sex = SEX_QUALIFIER_RE.exec(spec.text);
    const gender = (ctx.facts.patient.gender ?? "").trim().toLowerCase();
    const memberSex = /^(?:f|female|woman)$/.test(gender) ? "female" : /^(?:m|male|man)$/.test(gender) ? "male" : null;
    const excludedSex = sex ? (/^(?:men|males?|boys)$/i.test(sex[1]) ? "male" : "female") : null;
    if (excludedSex && memberSex && excludedSex !== memberSex)
      return ev(
        "not_met",
        `Does not apply: the exclusion is for ${sex![1]}, and the member is ${memberSex}.`,
        ctx.facts.patient.citations?.slice(0, 1) ?? [],
        "direct",
      );
    return ev(
      "insufficient",
      `The exclusion names the covered condition itself (${primary.condition}); whether its qualifier applies is not read from the diagnosis.`,
      [],
      "none",
      `Whether this exclusion applies: ${spec.text}`,
    );
  }
  // an unspecified code ("L40.9 psoriasis, unspecified") with text that names the excluded form
  // ("palmoplantar pustulosis, biopsy-proven"): the text names what the code leaves open, so the
  // excluded form is the diagnosis — unless the text also names a covered form
  if (
    primary?.condition &&
    !spec.severity?.length &&
    // the primary code's condition is as specific as that code is read anywhere
    mostSpecificPerCode(conds).includes(primary) &&
    spec.conditions.some((x) => x !== primary.condition && conditionAncestors(x).includes(primary.condition!))
  ) {
    const named = conds.filter((c) => (c.source === "text" || c.source === "described") && c.condition !== primary.condition && matchesExcluded(c));
    const coveredForm = conds.some(
      (c) => (c.source === "text" || c.source === "described") && c.condition !== primary.condition && isCovered(c) && !matchesExcluded(c),
    );
    if (named.length && !coveredForm && named[0].citation)
      return ev(
        "met",
        `Applies: the request's code ${primary.code ?? ""} leaves the form of ${primary.condition} unspecified, and the request names ${named[0].condition}, an excluded form.`,
        [named[0].citation],
      );
  }
  // the primary diagnosis is the excluded condition itself, not one the policy covers
  if (primary && matchesExcluded(primary) && !isCovered(primary) && severityOk(primary.citation)) {
    const coveredElse = conds.some((c) => c !== primary && c.source !== "text" && isCovered(c) && !matchesExcluded(c));
    // "Higher-risk MDS (IPSS-R high or very high)": a code names the disease, never its risk group,
    // grade or stage — the qualifier is the reviewer's to read
    const qualifier = !spec.severity?.length ? unreadQualifier(spec.text, spec.conditions) : null;
    if (!coveredElse && qualifier)
      return ev(
        "insufficient",
        `The request's diagnosis ${primary.code ?? ""} (${primary.condition}) is the condition this exclusion names, but not its qualifier ("${qualifier}"); a code does not say whether it applies.`,
        primary.citation ? [primary.citation] : [],
        "direct",
        `Whether this exclusion applies: ${spec.text}`,
      );
    if (!coveredElse && !spec.severity?.length)
      return ev(
        "met",
        `Applies: the request's primary diagnosis ${primary.code ?? ""} (${primary.condition}) is an excluded use.`,
        primary.citation ? [primary.citation] : [],
      );
  }
  // the purpose written out: "for weight loss", "indication: weight management", "diagnosis: type 1 diabetes"
  const named = [...spec.phrases, ...spec.conditions.flatMap((n) => conditionByName(n)?.aliases.filter((a) => !/\\b/.test(a) && a.length > 4) ?? [])];
  for (const p of named) {
    const re = new RegExp(
      `(?:\\bfor|\\bindication:?|\\bdiagnos[ie]s:?|\\breason for (?:request|use):?|\\bused? (?:for|as)|\\brequest(?:ed|ing)? (?:for|as)|\\bto (?:help with|treat|aid))\\s+(?:[a-z/-]+\\s+){0,3}?${p
        .toLowerCase()
        .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
        .replace(/\\ /g, "[\\s-]+")}`,
      "i",
    );
    // "screened for latent tuberculosis", "tested for hepatitis B": a test, never a purpose
    const h = search(ctx.idx, re).find((x) => !x.negated && !SCREENED_FOR.test(x.line.lower.slice(Math.max(0, x.index - 40), x.index)));
    if (h && severityOk(quote(ctx.idx, h.line))) {
      const coveredDx = conds.find((c) => c.source !== "text" && isCovered(c) && !matchesExcluded(c));
      // the exclusion names the covered condition itself ("Hereditary ATTR polyneuropathy without
      // cardiomyopathy" read onto the covered ATTR-CM): the purpose names the covered condition, and
      // what sets the excluded form apart is not read — never applied on the name alone
      const self = spec.conditions.find((c) => coveredConditions.includes(c));
      if (!coveredDx && self)
        return ev(
          "insufficient",
          `The exclusion names the covered condition itself (${self}); the request's stated purpose does not show what sets the excluded form apart.`,
          [],
          "none",
          `Whether this exclusion applies: ${spec.text}`,
        );
      if (!coveredDx) return ev("met", `Applies: the request states its purpose as ${p}.`, [quote(ctx.idx, h.line, h.index, h.index + h.length)]);
      return ev(
        "insufficient",
        `The request names ${p} as a purpose but also a covered diagnosis (${coveredDx.condition ?? coveredDx.code}); a reviewer should confirm the indication.`,
        [quote(ctx.idx, h.line, h.index, h.index + h.length)],
        "direct",
        "The indication the drug is requested for",
      );
    }
  }
  // severity-qualified exclusions ("mild Crohn's disease"): the request describes that severity
  if (spec.severity?.length) {
    // a severity the exclusion defines by a value ("mild hemophilia A (factor VIII activity greater
    // than 5%)") is decided by the stated value when there is one, before the severity's word
    const byValue = exclusionByValue(spec, ctx);
    if (byValue) return byValue;
    for (const name of spec.conditions) {
      const term = conditionByName(name);
      if (!term) continue;
      for (const line of ctx.idx.lines) {
        for (const mm of conditionMentions(line.text, term)) {
          const before = line.lower.slice(Math.max(0, mm.index - 30), mm.index);
          if (spec.severity.some((s) => new RegExp(`\\b${s}\\b(?![- ]to[- ])`).test(before)) && !isNegated(line.lower, mm.index))
            return ev("met", `Applies: the request describes ${spec.severity.join("/")} ${name}.`, [
              quote(ctx.idx, line, Math.max(0, mm.index - 12), mm.index + mm.length),
            ]);
        }
      }
    }
    return ev("not_met", "Does not apply.", [], "inferred");
  }
  const mention = conds.find((c) => c.source !== "primary" && matchesExcluded(c) && !isCovered(c));
  if (mention && !conds.some((c) => c.source !== "text" && isCovered(c)))
    return ev(
      "insufficient",
      `${cap(mention.condition ?? "An excluded condition")} is documented and no covered indication is; a reviewer should confirm the indication.`,
      mention.citation ? [mention.citation] : [],
      "direct",
      "The indication the drug is requested for",
    );
  return ev("not_met", "Does not apply.", [], "inferred");
}

// ─────────────────────────────────────────────────────────────────────────────────────────────

/** "Infusion in a hospital outpatient department (POS 19 or 22) is medically necessary only when …" */
const POS_ONLY_WHEN_RE = /\(\s*POS\s+(\d{2}(?:\s*(?:,|\/|or|and)\s*\d{2})*)\s*\)[^.]{0,80}?\bonly\s+(?:when|if)\b/i;

/**
 * A requirement that restricts one setting, named by its place-of-service codes ("Infusion in a hospital
 * outpatient department (POS 19 or 22) is medically necessary only when ONE of the following …"), does
 * not apply to a service line billed at another place of service: met as not applicable, with the line's
 * code in the reason. Returns null (evaluate as written) when no service line is reviewed, its place of
 * service was not read, or the line is at one of the named places.
 */
export function placeOfServiceScope(text: string, ctx: EvalContext): Ev | null {
  const m = POS_ONLY_WHEN_RE.exec(text);
  const pos = ctx.facts.service_line?.place_of_service?.trim();
  if (!m || !pos || !/^\d{2}$/.test(pos)) return null;
  const named: string[] = m[1].match(/\d{2}/g) ?? [];
  if (named.includes(pos)) return null;
  return ev("met", `Applies at place of service ${named.join(" / ")} only; the line is billed at place of service ${pos}.`, [], "inferred");
}

/** "with more than 50% of the total from non-ocular items": a share of a composite score from a group of its items */
const SUBSCORE_SHARE_RE =
  /\bmore\s+than\s+(\d{1,2})\s*%\s+of\s+(?:the\s+)?(?:total(?:\s+score)?|score)\s+(?:from|due\s+to|attributable\s+to|coming\s+from)\s+non-?\s*([a-z]+)\s+(?:items|symptoms|sub-?scores?|domains?)\b/i;

/**
 * A composite score's threshold with a condition on its items' share ("MG-ADL total score is 5 or
 * more, with more than 50% of the total from non-ocular items"): `total` is the threshold as judged;
 * when it is met, the request must state the sub-score of the items named ("Total 9 (ocular items 3 of
 * 9)", "ocular subscore 3") for that total — met when the other items' share is above the policy's
 * percentage; a sub-score not stated, stated for another total, or a share not above it goes to a
 * reviewer (insufficient: a sub-score read from free text is never a denial). Source: the policy's words.
 */
export function subScoreShare(text: string, total: Ev, ctx: EvalContext): Ev {
  const rule = SUBSCORE_SHARE_RE.exec(text)!;
  if (total.outcome !== "met") return total;
  const pct = Number(rule[1]);
  const group = rule[2].toLowerCase();
  const value = /\b(\d{1,3}(?:\.\d+)?)\b/.exec(total.reason)?.[1];
  const want = `${rule[2]} items' sub-score of the total (more than ${pct}% from the other items)`;
  const sub = new RegExp(
    String.raw`\b${group}\b(?:\s+(?:items?|sub-?scores?|score|points?|domains?))?\s*[:=]?\s*(\d{1,2})(?:\s*(?:of|\/|out of)\s*(\d{1,3}))?\b|\b(\d{1,2})\s*(?:of\s*(\d{1,3})\s*)?(?:points?\s+)?(?:are\s+|from\s+)?${group}\b`,
    "i",
  );
  for (const line of ctx.idx.lines) {
    const m = sub.exec(line.text);
    if (!m || isNegated(line.lower, m.index) || /\bnon-?\s*$/i.test(line.text.slice(0, m.index))) continue;
    const part = Number(m[1] ?? m[3]);
    const of = m[2] ?? m[4];
    const whole = of != null ? Number(of) : value != null ? Number(value) : null;
    if (whole == null || !(whole > 0) || (value != null && Number(value) !== whole) || part > whole) continue;
    const share = ((whole - part) / whole) * 100;
    const cite = quote(ctx.idx, line, m.index, m.index + m[0].length);
    if (share > pct)
      return ev("met", `${total.reason} ${rule[2]} items ${part} of ${whole}: ${Math.round(share)}% from the other items, more than ${pct}%.`, [
        ...total.citations,
        cite,
      ]);
    return ev(
      "insufficient",
      `${total.reason} ${rule[2]} items ${part} of ${whole}: ${Math.round(share)}% from the other items, not more than ${pct}% — a reviewer should confirm.`,
      [...total.citations, cite],
      "direct",
      `The ${want}`,
    );
  }
  return ev(
    "insufficient",
    `${total.reason} The policy also requires more than ${pct}% of the total from non-${group} items; the request does not state the ${group} items' sub-score.`,
    total.citations,
    total.citations.length ? "direct" : "none",
    `The ${want}`,
  );
}

/** "Each treatment cycle starts no sooner than 50 days after the start of the previous cycle" */
const CYCLE_SPACING_RE =
  /\bcycles?\b[^.;]{0,40}?\b(?:no\s+(?:sooner|earlier)\s+than|at\s+least|a\s+minimum\s+of)\s+(\d{1,3})\s+days?\s+(?:after|from)\s+the\s+start\s+of\s+the\s+(?:previous|prior|preceding|last)\s+(?:treatment\s+)?cycle\b/i;

/**
 * A minimum spacing between the starts of treatment cycles ("Each treatment cycle starts no sooner
 * than 50 days after the start of the previous cycle"), judged on the cycles the request dates
 * ("cycle 1 started 04/06/2026, cycle 2 06/01/2026 …", "Plan cycle 5 starting 11/30/2026"): met when
 * at least two numbered cycles are dated, each cycle once, and every start is at least the minimum
 * after the one before (the dates quoted); a start too soon, or a cycle given two dates, is for a
 * reviewer (planned dates move) — never failed here. Null when the criterion is no such spacing or
 * the request dates fewer than two cycles (evaluated as written). Source: the policy's own interval.
 */
export function cycleSpacing(text: string, ctx: EvalContext): Ev | null {
  const rule = CYCLE_SPACING_RE.exec(text);
  if (!rule) return null;
  const min = Number(rule[1]);
  const starts = new Map<number, { date: string; citation: Citation }[]>();
  for (const line of ctx.idx.lines)
    for (const m of line.text.matchAll(/\bcycle\s*#?\s*(\d{1,2})\b(?!\s*(?:of|\/)\s*\d)[^.;\d]{0,25}?(\d{1,2}\/\d{1,2}\/\d{2,4})/gi)) {
      if (isNegated(line.lower, m.index!)) continue;
      const date = findDates(m[2])[0]?.start;
      if (!date) continue;
      const n = Number(m[1]);
      const seen = starts.get(n) ?? [];
      if (!seen.some((x) => x.date === date)) seen.push({ date, citation: quote(ctx.idx, line, m.index!, m.index! + m[0].length) });
      starts.set(n, seen);
    }
  if (starts.size < 2) return null;
  const twice = [...starts].find(([, v]) => v.length > 1);
  if (twice)
    return ev(
      "insufficient",
      `Cycle ${twice[0]} is given two start dates (${twice[1].map((x) => x.date).join(", ")}); the policy requires each cycle to start at least ${min} days after the previous one.`,
      twice[1].map((x) => x.citation),
      "direct",
      "Start date of each treatment cycle",
    );
  const cycles = [...starts].map(([n, v]) => ({ n, ...v[0] })).sort((a, b) => a.n - b.n);
  const gaps: string[] = [];
  for (let i = 1; i < cycles.length; i++) {
    const [a, b] = [cycles[i - 1], cycles[i]];
    const days = daysBetween(a.date, b.date);
    if (b.n !== a.n + 1 || days < min)
      return ev(
        "insufficient",
        b.n !== a.n + 1
          ? `Cycles ${a.n} and ${b.n} are dated, but not the cycles between them; the policy requires each cycle to start at least ${min} days after the previous one.`
          : `Cycle ${b.n} (${b.date}) starts ${days} days after cycle ${a.n} (${a.date}); the policy requires at least ${min} days — a reviewer should confirm the schedule.`,
        [a.citation, b.citation],
        "direct",
        "Start date of each treatment cycle",
      );
    gaps.push(`cycle ${a.n} → ${b.n}: ${days} days`);
  }
  return ev(
    "met",
    `Each cycle starts at least ${min} days after the previous one (${gaps.join("; ")}).`,
    cycles.map((c) => c.citation),
  );
}

/** "For members of reproductive potential, …", "females of childbearing potential must …" */
const REPRODUCTIVE_SCOPE_RE = /^[^.;]{0,60}?\b(?:of|with)\s+(?:reproductive|child-?bearing)\s+potential\b/i;
/** a statement that the member cannot become pregnant: after menopause, or surgically sterile */
const NOT_REPRODUCTIVE_RE =
  /(?<!\bperi-?)\b(?:post-?menopaus\w*|menopause\b(?!\s+transition)|(?:total\s+|abdominal\s+|vaginal\s+)?hysterectomy|bilateral\s+(?:salping[o-]?-?)?oophorectomy|not\s+of\s+(?:reproductive|child-?bearing)\s+potential)/i;

/**
 * A requirement the policy limits to members of reproductive (childbearing) potential — a pregnancy
 * test, contraception counselling — does not apply to a member the request shows cannot become
 * pregnant: a male member (the request's sex field), or one documented after menopause or after
 * hysterectomy / bilateral oophorectomy (a statement not negated, pending or planned). Met as not
 * applicable with the evidence cited; null (evaluate as written) otherwise. Source: FDA labelling's
 * "females of reproductive potential" (21 CFR 201.57(c)(9)(iii), Pregnancy and Lactation Labeling Rule).
 */
export function reproductiveScope(text: string, ctx: EvalContext): Ev | null {
  if (!REPRODUCTIVE_SCOPE_RE.test(text)) return null;
  const patient = ctx.facts.patient;
  if (patient.gender === "male")
    return ev("met", "Applies to members of reproductive potential only; the request gives the member's sex as male.", patient.citations.slice(0, 1));
  if (patient.gender !== "female" && patient.gender !== null && patient.gender !== "unknown") return null;
  for (const line of ctx.idx.lines) {
    const m = NOT_REPRODUCTIVE_RE.exec(line.text);
    if (!m || isNegated(line.lower, m.index) || /\b(?:planned|scheduled|pending|consider\w*|candidate)\b/i.test(line.text)) continue;
    return ev("met", `Applies to members of reproductive potential only; the request documents "${m[0]}".`, [
      quote(ctx.idx, line, m.index, m.index + m[0].length),
    ]);
  }
  return null;
}

/** "premenopausal or perimenopausal women must also receive ovarian suppression", "For pre-menopausal patients, …" */
const PREMENOPAUSAL_SCOPE_RE =
  /^(?:\(?[a-z0-9]\)\s*)?(?:for|in)?\s*(?:(?:pre|peri)-?menopausal\s+(?:or\s+(?:pre|peri)-?menopausal\s+)?(?:women|females|patients|members)\b)/i;
/** a statement that the member is past menopause: natural or surgical */
const POSTMENOPAUSAL_RE = /\b(?:post-?menopaus\w*|surgical(?:ly)?\s+menopaus\w*|bilateral\s+(?:salping[o-]?-?)?oophorectomy)/i;

/**
 * A requirement the policy limits to premenopausal or perimenopausal women (ovarian suppression
 * beside endocrine therapy) does not apply to a male member (the request's sex field) nor to one the
 * request documents as postmenopausal (natural or surgical; a statement not negated, pending or
 * planned): met as not applicable with the evidence cited; null (evaluate as written) otherwise.
 */
export function premenopausalScope(text: string, ctx: EvalContext): Ev | null {
  if (!PREMENOPAUSAL_SCOPE_RE.test(text.trim())) return null;
  const patient = ctx.facts.patient;
  if (patient.gender === "male")
    return ev("met", "Applies to premenopausal or perimenopausal women only; the request gives the member's sex as male.", patient.citations.slice(0, 1));
  for (const line of ctx.idx.lines) {
    const m = POSTMENOPAUSAL_RE.exec(line.text);
    if (!m || isNegated(line.lower, m.index) || /\b(?:planned|scheduled|pending|consider\w*|candidate)\b/i.test(line.text)) continue;
    return ev("met", `Applies to premenopausal or perimenopausal women only; the request documents "${m[0]}".`, [
      quote(ctx.idx, line, m.index, m.index + m[0].length),
    ]);
  }
  return null;
}

/** "the drug names must be documented", "each medication must be named": how a trial is to be written down */
const TRIAL_NAMES_NOTE_RE =
  /^(?:and\s+)?(?:the\s+|each\s+)?(?:drug|medication|product|agent|therap(?:y|ies))s?(?:'s)?(?:\s+names?)?\s+(?:must|should|shall)\s+be\s+(?:documented|named|listed|specified)\.?$/i;

/**
 * A note beside a trial requirement on how the trial is documented ("trial of at least TWO different
 * triptans …; the drug names must be documented") is met when that trial requirement is met: the
 * prior-therapy reading counts only trials it found named in the request. `items` and `rs` are an
 * `all` group's criteria and their results, in order; returns the results with each such note met.
 */
export function withNamedTrials(items: Criterion[], rs: Ev[]): Ev[] {
  const trial = items.findIndex((c, k) => c.kind === "prior_therapy" && !c.absent && rs[k].outcome === "met");
  if (trial < 0) return rs;
  return rs.map((r, k) =>
    items[k].kind === "documentation" && TRIAL_NAMES_NOTE_RE.test(items[k].text.trim()) && r.outcome !== "met"
      ? ev("met", "The trials are documented by drug name.", rs[trial].citations.slice(0, 2))
      : r,
  );
}

/**
 * Evaluate one criterion (recursively for `all` / `any`). `role` "exclusion" asks whether an
 * exclusion APPLIES (met = applies). `covered` are the conditions of the policy's indications (an
 * excluded use never applies to a covered primary diagnosis). Never throws.
 */
export function evaluateCriterion(
  spec: Criterion,
  ctx: EvalContext,
  role: "criterion" | "exclusion" = "criterion",
  covered: { conditions: string[]; icd10: string[] } = { conditions: [], icd10: [] },
): Ev {
  try {
    if (role === "criterion" && spec.applies_to?.length) {
      // a requirement for one form of the indication: met (not applicable) when the request's known
      // diagnosis is another form; evaluated as written when it is that form or the form is unknown
      // a code read as a condition and its parent (M45.6: ankylosing spondylitis, an axial
      // spondyloarthritis) is the specific condition
      const formal = mostSpecificPerCode(ctx.conditions.filter((c) => c.source !== "text" && c.condition));
      const inScope = formal.some((c) => conditionSatisfies(c, spec.applies_to!, []));
      const outOfScope = formal.length > 0 && !inScope && !formal.some((c) => spec.applies_to!.some((a) => conditionAncestors(a).includes(c.condition!)));
      if (outOfScope)
        return ev(
          "met",
          `Applies to ${spec.applies_to.join(" / ")} only; the request's diagnosis is ${[...new Set(formal.map((c) => c.condition))].join(", ")}.`,
          formal.flatMap((c) => (c.citation ? [c.citation] : [])).slice(0, 1),
        );
    }
    if (role === "criterion" && spec.applies_age && spec.kind !== "age") {
      // a question asked only at some ages ("Patients 40 years of age or older ONLY: …"): met (does
      // not apply) when the patient's age on the request date is clearly outside; judged as written
      // when inside or when the age cannot be computed
      const r = evalAge({ kind: "age", text: spec.text, confidence: "high", ...spec.applies_age }, ctx);
      if (r.outcome === "not_met") {
        const { min_years: lo, max_years: hi } = spec.applies_age;
        const range = lo != null && hi != null ? `${lo} to ${hi - 1}` : lo != null ? `${lo} or older` : `younger than ${hi}`;
        return ev("met", `Asked only of patients ${range}; does not apply (${r.reason.split(";")[0]}).`, r.citations);
      }
    }
    if (role === "criterion" && spec.kind !== "all" && spec.kind !== "any") {
      const spacing = cycleSpacing(spec.text, ctx);
      if (spacing) return spacing;
    }
    // "MG-ADL total score is 5 or more, with more than 50% of the total from non-ocular items": the
    // total as written, then the share of its items the request states (subScoreShare)
    if (role === "criterion" && SUBSCORE_SHARE_RE.test(spec.text)) return subScoreShare(spec.text, evaluateInner(spec, ctx, role, covered), ctx);
    if (role === "criterion") {
      const site = placeOfServiceScope(spec.text, ctx);
      if (site) return site;
      const reproductive = reproductiveScope(spec.text, ctx);
      if (reproductive) return reproductive;
    }
    return evaluateInner(spec, ctx, role, covered);
  } catch (err) {
    return ev("insufficient", `The engine could not evaluate this criterion (${(err as Error).message}); a reviewer must check it.`, [], "none", spec.text);
  }
}

function evaluateInner(spec: Criterion, ctx: EvalContext, role: "criterion" | "exclusion", covered: { conditions: string[]; icd10: string[] }): Ev {
  if (role === "exclusion") return evaluateExclusion(spec, ctx, covered);
  switch (spec.kind) {
    case "all": {
      const rs = withNamedTrials(
        spec.items,
        spec.items.map((i) => evaluateInner(i, ctx, role, covered)),
      );
      const bad = rs.find((r) => r.outcome === "not_met") ?? rs.find((r) => r.outcome === "insufficient");
      if (bad)
        return {
          ...bad,
          reason: rs.map((r) => r.reason).join(" "),
          missing:
            rs
              .filter((r) => r.outcome === "insufficient")
              .map((r) => r.missing)
              .filter(Boolean)
              .join("; ") || bad.missing,
        };
      return ev(
        "met",
        rs.map((r) => r.reason).join(" "),
        rs.flatMap((r) => r.citations),
        rs.every((r) => r.evidence === "inferred") ? "inferred" : "direct",
      );
    }
    case "any": {
      const rs = spec.items.map((i) => evaluateInner(i, ctx, role, covered));
      const need = spec.min ?? 1;
      const met = rs.filter((r) => r.outcome === "met");
      if (met.length >= need)
        return ev(
          "met",
          met.map((r) => r.reason).join(" "),
          met.flatMap((r) => r.citations),
          met.every((r) => r.evidence === "inferred") ? "inferred" : "direct",
        );
      const open = rs.filter((r) => r.outcome === "insufficient");
      if (met.length + open.length >= need)
        return ev(
          "insufficient",
          `${need > 1 ? `${met.length} of ${need} required alternatives met; ` : ""}no alternative is clearly met: ${alternatives(rs)}`,
          [...met, ...open].flatMap((r) => r.citations),
          "direct",
          open
            .map((r) => r.missing)
            .filter(Boolean)
            .join(" — or — ") || null,
        );
      return ev(
        "not_met",
        `None of the alternatives is met: ${alternatives(rs)}`,
        rs.flatMap((r) => r.citations),
      );
    }
    case "age":
      return evalAge(spec, ctx);
    case "prescriber":
      return evalPrescriber(spec, ctx);
    case "no_concurrent":
      return evalNoConcurrent(spec, ctx);
    case "current_therapy":
      return evalCurrent(spec, ctx);
    case "lab":
      return evalLab(spec, ctx);
    case "test_result":
      return evalTest(spec, ctx);
    case "prior_therapy":
      return spec.absent ? evalNoPriorTherapy(spec, ctx) : evalPriorTherapy(spec, ctx);
    case "contraindication":
      return evalContraindication(spec, ctx);
    case "diagnosis":
      return evalDiagnosis(spec, ctx);
    case "dose_limit":
      return evalDoseLimit(spec, ctx);
    case "quantity_limit":
      return evalQuantityLimit(spec, ctx);
    case "documentation": {
      // "a physical or cognitive impairment that prevents correct use of home equipment, without a
      // caregiver who can apply it": what comes before "without" must be documented first — the absence
      // after it is met by silence, the impairment never is
      // (then the absence is read on the words from "without" on)
      const head = role === "criterion" && spec.absence ? presenceBeforeWithout(spec.text) : null;
      if (head) {
        const h = evalDocumentation({ ...spec, text: head, absence: false, concepts: keyConcepts(head) }, ctx);
        if (h.outcome !== "met") return { ...h, outcome: "insufficient", missing: h.missing ?? head };
        const tail = spec.text.slice(spec.text.toLowerCase().indexOf(" without", head.length - 1)).trim();
        const t = evalDocumentation({ ...spec, text: tail, concepts: keyConcepts(tail) }, ctx);
        return t.outcome === "met" ? { ...t, reason: `${h.reason} ${t.reason}`, citations: [...h.citations, ...t.citations] } : t;
      }
      return documentationAsWritten(spec, ctx);
    }
    case "visit_limit":
      return evalVisitLimit(spec, ctx);
    case "code_frequency":
      return judgeCodeFrequency(spec, ctx.facts, ctx.facts.medication.citations);
    case "resection_minimum": {
      // as a requirement: the removal reaches the table minimum (the exclusion the other way round)
      const r = judgeResectionMinimum(spec, ctx.idx, ctx.facts.service_line?.modifiers);
      return r.outcome === "met" ? { ...r, outcome: "not_met" } : r.outcome === "not_met" ? { ...r, outcome: "met" } : r;
    }
    case "bundled_code":
      return evalBundledCode(spec, ctx);
    case "line_billing": {
      // as a requirement: the line is coded within the rule (the exclusion the other way round)
      const r = evalLineBillingExclusion(spec, ctx);
      if (r.outcome === "met") return { ...r, outcome: "not_met", reason: r.reason.replace(/^Applies: /, "") };
      if (r.outcome === "not_met") return { ...r, outcome: "met", reason: r.reason.replace(/^Does not apply: /, "") };
      return r;
    }
    case "line_diagnosis": {
      // as a requirement: the line's diagnosis is listed (the exclusion's outcome the other way round)
      const r = evalLineDiagnosisExclusion(spec, ctx);
      if (r.outcome === "met") return { ...r, outcome: "not_met", reason: r.reason.replace(/^Applies: /, "") };
      if (r.outcome === "not_met") return { ...r, outcome: "met", reason: r.reason.replace(/^Does not apply: /, "") };
      return r;
    }
    case "session_limit": {
      // as a requirement: within the limit (the exclusion the other way round); a count without any
      // documented history is no evidence that the limit is met
      const r = evalSessionLimitExclusion(spec, ctx);
      if (r.outcome === "met") return { ...r, outcome: "not_met", reason: r.reason.replace(/^Applies: /, "") };
      return {
        ...r,
        outcome: "insufficient",
        missing: `The earlier sessions of ${spec.procedure.join(" / ")} in the ${spec.window_months} months before the service`,
      };
    }
    case "replacement_interval": {
      // as a requirement: the supply is within its replacement schedule (the exclusion the other way round)
      const r = evalReplacementIntervalExclusion(spec, ctx);
      if (r.outcome === "met") return { ...r, outcome: "not_met", reason: r.reason.replace(/^Applies: /, "") };
      if (r.outcome === "not_met" && r.reason.includes("last furnished")) return { ...r, outcome: "met", reason: r.reason.replace(/^Does not apply: /, "") };
      if (r.outcome === "not_met") return { ...r, outcome: "insufficient", missing: `The date ${spec.codes?.join(", ") ?? "the item"} was last furnished` };
      return r;
    }
    case "excluded_use":
      return evalExcludedUse(spec, ctx, covered.conditions, covered.icd10);
    case "use_mode":
      return evalUseMode(spec, ctx);
    case "on_therapy":
      return evalOnTherapy(spec, ctx);
    case "response":
      return evalResponse(spec, ctx);
    case "cumulative_limit":
      return evalCumulativeLimit(spec, ctx);
    case "human_review": {
      // "a sustained decrease of at least 20 mmHg systolic or 10 mmHg diastolic within 3 minutes of
      // standing": compared against the falls the request states or its orthostatic readings
      const fall = role === "criterion" ? readFallRequirement(spec.text) : null;
      const met = fall ? orthostaticFallMet(fall, ctx.idx, ctx.requestDate) : null;
      if (met) return ev("met", met.reason, met.citations);
      return ev("insufficient", `Needs human review: ${spec.why}`, [], "none", `Reviewer to check the policy requirement: "${clip(spec.text, 160)}"`);
    }
  }
}

/** the current course's start after the drug's name ("Myfembree since 03/10/2026", "on it since 03/2026"): [1] month, [2] day, [3] year */
const COURSE_SINCE_RE = /^[^.;]{0,40}?\b(?:since|started(?: on)?|start date:?)\s+(\d{1,2})\/(?:(\d{1,2})\/)?(\d{4})\b/;

/** start and stop dates in a medication table's columns ("03/2024   08/2024"): [1] month, [2] year, [3] month, [4] year */
const COURSE_COLUMNS_RE = /\b(\d{1,2})\/(?:\d{1,2}\/)?(\d{4})\s+(\d{1,2})\/(?:\d{1,2}\/)?(\d{4})\b/;

/** a course's length written beside the drug ("Oriahnn for 6 months", "= 6 months", "x 4 months") */
const COURSE_LENGTH_RE = /^[^.;]{0,50}?(?:\bfor\s+|=\s*|\bx\s*)(?:about\s+|~\s*)?\d{1,2}(?:\.\d)?\s*(?:months?|mos?)\b/;

/**
 * The months the request asks for, as its text states them ("Requesting 12 months", "requesting Myfembree
 * once daily for 6 months", "this request is for 6 months"): null when none or several different ones.
 */
function requestedMonthsStated(idx: CaseIndex): number | null {
  const found = new Set<number>();
  for (const line of idx.lines)
    for (const m of line.lower.matchAll(/\b(?:requesting|requested|request is for|request for)\b[^.;()]{0,50}?\b(\d{1,2})\s*months?\b/g))
      found.add(Number(m[1]));
  return found.size === 1 ? [...found][0] : null;
}

/** a past course written as a month range ("04/2021 - 04/2023", "08/04/2026 - 08/13/2026"): [1] month, [2] year, [3] month, [4] year */
const COURSE_RANGE_RE = /\b(\d{1,2})\/(?:\d{1,2}\/)?(\d{4})\s*(?:-|–|to|through)\s*(\d{1,2})\/(?:\d{1,2}\/)?(\d{4})\b/;

/**
 * A lifetime (cumulative) limit on a treatment ("Total lifetime use of teriparatide and abaloparatide
 * will not exceed 24 months, counting the months requested"). Not met when one completed course of
 * a counted drug, written with its month range ("Forteo 20 mcg daily 04/2021 - 04/2023"), already
 * comes within a month of the limit by itself: any month requested then exceeds it, whatever else
 * is counted. Met when the request states that none of the counted drugs was taken before ("No
 * prior teriparatide, abaloparatide …", outside a form's answer boxes) and no past course of them is
 * written, and the requested duration, when stated, is within the limit. Anything else is summed by
 * a reviewer (insufficient).
 */
function evalCumulativeLimit(spec: CriterionOf<"cumulative_limit">, ctx: EvalContext): Ev {
  // (the requested drug's own months count: "treatment with Myfembree and any other relugolix- …")
  const names = [...new Set([...spec.drugs.flatMap((d) => drugNames(d)), ...ctx.requested])].filter((n) => n.length >= 4);
  const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const nameRe = new RegExp(`\\b(?:${names.map(esc).join("|")})\\b`, "g");
  const maxMonths = spec.max_days / 30.44;
  const req = ctx.requestDate ? { y: Number(ctx.requestDate.slice(0, 4)), m: Number(ctx.requestDate.slice(5, 7)) } : null;
  let longest: { months: number; line: CaseIndex["lines"][number]; at: number; end: number } | null = null;
  const stated = new Set<string>();
  // every past course by its month range (one course written twice counts once), and the current
  // course by its start ("Myfembree since 03/10/2026")
  const courses = new Map<string, { months: number; line: CaseIndex["lines"][number]; at: number; end: number }>();
  let current: { months: number; line: CaseIndex["lines"][number]; at: number; end: number } | null = null;
  let undatedOther = false;
  for (const line of ctx.idx.lines) {
    for (const m of line.lower.matchAll(nameRe)) {
      const at = m.index;
      const clauseStart = Math.max(line.lower.lastIndexOf(";", at), line.lower.lastIndexOf(". ", at)) + 1;
      const before = line.lower.slice(clauseStart, at);
      // "No prior teriparatide, abaloparatide or denosumab": a statement that none was taken — never
      // read from a form line, whose printed statement its answer boxes may deny ("[N] No prior …")
      if (/\b(?:no|never|denies)\b(?: (?:prior|previous|history of|past))?\b[^.;]{0,60}$/.test(before)) {
        if (!/[[\]☐☑☒❑□■]/.test(line.text)) stated.add(m[0]);
        continue;
      }
      if (isNegated(before, before.length)) continue;
      const seg = line.lower.slice(at, at + 90).split(";")[0];
      // (its own clause: a range of the next drug's sentence is not this course's end)
      const clause = seg.split(/\.\s/)[0];
      const since = COURSE_SINCE_RE.exec(clause);
      if (since && req && !COURSE_RANGE_RE.test(clause)) {
        const [sm, sy] = [Number(since[1]), Number(since[3])];
        const months = req.y * 12 + req.m - (sy * 12 + sm) + (since[2] && Number(since[2]) > 15 ? -0.5 : 0);
        if (sm >= 1 && sm <= 12 && months >= 0 && months < 240 && (!current || months > current.months))
          current = { months, line, at, end: at + since.index + since[0].length };
      }
      // (a medication table's start and stop columns — "Oriahnn (…)   03/2024   08/2024   6 months" — are its range too)
      const r = COURSE_RANGE_RE.exec(seg) ?? COURSE_COLUMNS_RE.exec(seg);
      // a mention of another counted drug with neither dates nor a length ("used Orilissa for a while"),
      // outside a form's question: a course the sum cannot count
      const own = [...ctx.requested].some((x) => x === m[0]);
      if (!r && !since && !own && !COURSE_LENGTH_RE.test(seg) && !inQuestion(ctx.idx, line, at) && !/\?/.test(line.lower.slice(at, at + 120)))
        undatedOther = true;
      if (!r || !req) continue;
      const [m1, y1, m2, y2] = [Number(r[1]), Number(r[2]), Number(r[3]), Number(r[4])];
      if (m1 < 1 || m1 > 12 || m2 < 1 || m2 > 12) continue;
      // a course that ended before the request month: a past course, not the one requested
      if (y2 * 12 + m2 >= req.y * 12 + req.m) continue;
      const months = (y2 - y1) * 12 + (m2 - m1);
      if (months > 0 && (!longest || months > longest.months)) longest = { months, line, at, end: at + r.index + r[0].length };
      // (an inclusive month range "03/2024 - 08/2024" is counted as its months of use, 6)
      if (months >= 0) courses.set(`${m1}/${y1}-${m2}/${y2}`, { months: months + 1, line, at, end: at + r.index + r[0].length });
    }
  }
  const limit = `${Math.round(maxMonths)} months`;
  if (longest && longest.months >= maxMonths - 1)
    return ev(
      "not_met",
      `A completed course of about ${longest.months} months is documented; with it the lifetime limit of ${limit} is already used, so any months requested exceed it.`,
      [quote(ctx.idx, longest.line, longest.at, longest.end)],
    );
  const allNone = spec.drugs.every((d) => drugNames(d).some((n) => stated.has(n)));
  const requested = ctx.facts.medication?.duration_months ?? null;
  if (!longest && !current && allNone && (requested == null || requested <= maxMonths + 0.5)) {
    const line = ctx.idx.lines.find(
      (l) => spec.drugs.some((d) => drugNames(d).some((n) => l.lower.includes(n))) && /\b(?:no|never|denies)\b/.test(l.lower) && !/[[\]☐☑☒❑□■]/.test(l.text),
    );
    return ev(
      "met",
      `No prior course of ${spec.drugs.join(" / ")} is documented (the request states there was none)${requested != null ? `; ${requested} months requested` : ""}, within the lifetime limit of ${limit}.`,
      line ? [quote(ctx.idx, line)] : [],
    );
  }
  // every course the request documents, added up with the months requested: within the limit when the
  // request accounts for earlier use (a dated course, the current course's start, or a statement that there
  // was none) and states how many months it asks for
  // (the larger of the months read with the medication and those the text states: never fewer than asked)
  const statedAsk = requestedMonthsStated(ctx.idx);
  const asked = requested != null || statedAsk != null ? Math.max(requested ?? 0, statedAsk ?? 0) : null;
  const accounted = (courses.size > 0 || current != null || stated.size > 0) && !undatedOther;
  if (asked != null && accounted) {
    const past = [...courses.values()];
    const total = past.reduce((a, c) => a + c.months, 0) + (current?.months ?? 0) + asked;
    const parts = [
      ...past.map((c) => `${c.months} months (${clip(c.line.text.slice(c.at, c.end), 60)})`),
      ...(current ? [`about ${Math.round(current.months)} months to date (${clip(current.line.text.slice(current.at, current.end), 60)})`] : []),
      `${asked} months requested`,
    ];
    const cites = [...past, ...(current ? [current] : [])].slice(0, 3).map((c) => quote(ctx.idx, c.line, c.at, c.end));
    if (total <= maxMonths + 0.5)
      return ev(
        "met",
        `The documented courses add up to about ${Math.round(total)} months with the request: ${parts.join(" + ")}, within the lifetime limit of ${limit}.`,
        cites,
      );
    if (total > maxMonths + 1.5)
      return ev(
        "insufficient",
        `The documented courses add up to about ${Math.round(total)} months with the request (${parts.join(" + ")}), above the lifetime limit of ${limit}; a reviewer must confirm the courses and limit the authorization.`,
        cites,
        "direct",
        `Prior ${spec.drugs.join(" / ")} courses with dates, and the months requested`,
      );
  }
  return ev(
    "insufficient",
    `Needs human review: the lifetime limit of ${limit} is met only by adding up every past course with the one requested${longest ? ` (a past course of about ${longest.months} months is documented)` : ""}.`,
    longest ? [quote(ctx.idx, longest.line, longest.at, longest.end)] : [],
    longest ? "direct" : "none",
    `Prior ${spec.drugs.join(" / ")} courses with dates, or a statement that there was none`,
  );
}

/** Continuation criterion "currently receiving the drug": met on documented ongoing use, never failed by absence. */
/**
 * The uses (acute / preventive) the request names, each with the fax line that names it: in the sig,
 * or in the lines that mention the requested drug (with the line each wraps onto). Exported for the
 * indication choice (review-case.ts).
 */
/** `text` from the requested drug's first name (`re`) up to the next other drug it names, or the whole text */
function ownClause(text: string, re: RegExp, ctx: EvalContext): string {
  const at = re.exec(text)?.index ?? 0;
  const rest = text.slice(at);
  const own = new Set([...ctx.requested].map((n) => n.toLowerCase()));
  let end = rest.length;
  for (const d of ctx.allDrugNames) {
    if (d.length <= 3 || own.has(d.toLowerCase())) continue;
    const m = new RegExp(`\\b${d.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "i").exec(rest.slice(1));
    if (m && m.index + 1 < end) end = m.index + 1;
  }
  return rest.slice(0, end);
}

/** A word-bounded, case-insensitive pattern for the requested drug's names longer than three letters, or null when it has none. */
function requestedDrugRe(ctx: EvalContext): RegExp | null {
  const names = [...ctx.requested].filter((n) => n.length > 3).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return names.length ? new RegExp(`\\b(?:${names.join("|")})\\b`, "i") : null;
}

export function requestUseModes(ctx: EvalContext): { mode: "acute" | "preventive"; citation: Citation | null; explicit: boolean }[] {
  const out: { mode: "acute" | "preventive"; citation: Citation | null; explicit: boolean }[] = [];
  const re = requestedDrugRe(ctx);
  const sig = ctx.facts.medication?.dosage ?? "";
  for (const u of USE_MODES) {
    let hit: { citation: Citation | null; text: string } | null = u.request.test(sig)
      ? { citation: ctx.facts.medication?.citations?.[0] ?? null, text: sig }
      : null;
    if (!hit && re)
      for (const line of ctx.idx.lines) {
        if (!re.test(line.lower)) continue;
        // the use may wrap onto the next line ("Ubrelvy 50 mg tablets," / "as needed at onset") — the
        // requested drug's own clause: from its name to the next drug named ("Reyvow 100 mg at onset;
        // rimegepant every other day for prevention" names a preventive use of the other drug)
        const text = ownClause(withNext(ctx.idx, line), re, ctx);
        const m = u.request.exec(text);
        if (m && !isNegated(text, m.index)) {
          hit = { citation: quote(ctx.idx, line), text };
          break;
        }
      }
    if (hit) out.push({ mode: u.mode, citation: hit.citation, explicit: EXPLICIT_USE[u.mode].test(hit.text) });
  }
  return out;
}

/**
 * The form question about `mode` use of the requested drug answered "No" ("Will Ohtuvayre be used for
 * rescue / acute symptoms? [ ] Yes [X] No"), or undefined.
 */
function answeredNoForUse(ctx: EvalContext, mode: "acute" | "preventive"): CaseLine | undefined {
  const drug = requestedDrugRe(ctx);
  if (!drug) return undefined;
  const words = USE_MODES.find((u) => u.mode === mode)!.request;
  return (ctx.idx.answeredNo ?? []).find((l) => drug.test(l.lower) && words.test(l.text));
}

/** "Treatment of established CMV infection or CMV disease": treating a disease the member already has, not preventing it */
const TREATMENT_OF_ESTABLISHED_RE =
  /\btreatment of (?:an? )?(?:established|active|existing|confirmed|documented|current)\b[^.;]{0,60}?\b(?:infections?|disease|viremia)\b/i;

/**
 * An exclusion of one use of the requested drug — acute or rescue use ("Relief of acute bronchospasm
 * (rescue use)"), or the treatment of an established disease by a drug given to prevent it ("Treatment
 * of established CMV infection or CMV disease (approved for prophylaxis only)") — against the use the
 * request states. Does not apply (not_met, citing the request) when the request answers the form's
 * question about the excluded use "No" ("Will X be used for rescue / acute symptoms? [ ] Yes [X] No"),
 * or states outright only the other use ("maintenance only", "for CMV prophylaxis"). Null when the
 * exclusion names no single use or the request does not settle it: the exclusion is then judged as
 * written. Source: the policy's own exclusion sentence; no clinical rule is added.
 */
export function exclusionOfOtherUse(text: string, ctx: EvalContext): Ev | null {
  const outside = text.replace(/\([^)]*\)/g, " ");
  const treatment = TREATMENT_OF_ESTABLISHED_RE.test(outside);
  const named = titleModes(outside).length ? titleModes(outside) : titleModes(text);
  const excluded = treatment ? "acute" : named.length === 1 ? named[0] : null;
  if (!excluded) return null;
  const what = treatment ? "the treatment of an established disease" : excluded === "acute" ? "acute or rescue use" : "preventive use";
  // the form asks about the excluded use of the requested drug, and "No" is marked
  const denied = answeredNoForUse(ctx, excluded);
  if (denied)
    return ev("not_met", `Does not apply: the request answers "No" to ${what} ("${denied.text.trim().slice(0, 100)}").`, [quote(ctx.idx, denied)], "direct");
  const modes = requestUseModes(ctx);
  const own = modes.find((m) => m.mode === excluded);
  const other = modes.find((m) => m.mode !== excluded);
  if (other && !own && other.explicit && other.citation)
    return ev(
      "not_met",
      `Does not apply: the request is for ${other.mode === "preventive" ? "preventive (maintenance or prophylaxis)" : "acute"} use; the exclusion is about ${what}.`,
      [other.citation],
      "direct",
    );
  return null;
}

/** A documentation requirement judged on its words as written (a change from baseline first, when it is one). */
function documentationAsWritten(spec: CriterionOf<"documentation">, ctx: EvalContext, role: "criterion" | "exclusion" = "criterion"): Ev {
  return (!spec.absence ? (reductionFromBaseline(spec.text, ctx) ?? changeByAmount(spec.text, ctx)) : null) ?? evalDocumentation(spec, ctx, role);
}

/**
 * The presence a requirement names before qualifying it with "without" ("a physical or cognitive
 * impairment that prevents correct use of home equipment, without a caregiver who can apply it" → "a
 * physical or cognitive impairment that prevents correct use of home equipment"), or null when the
 * requirement opens with a negation, a bare subject ("The member has been without seizures") or
 * carries one before "without" ("will NOT be used for weight loss alone, in a patient without …").
 */
export function presenceBeforeWithout(text: string): string | null {
  const first = text.split(/(?<=\.)\s+(?=[A-Z])/)[0];
  const m = /^(.+?),?\s+without\b/i.exec(first);
  if (!m) return null;
  const head = m[1].trim();
  if (/\b(?:no|not|never|none|nor|without|absence|free of|denies)\b|n't\b/i.test(head)) return null;
  if (/^(?:the |a )?(?:member|patient|individual|enrollee|beneficiary|child|recipient)(?:\s+(?:is|has|has been|remains|was|had))*$/i.test(head)) return null;
  return head.split(/\s+/).length >= 3 ? head : null;
}

/** Words that name a use outright ("for prevention", "as needed at onset"), not a schedule that suggests it. */
const EXPLICIT_USE = {
  acute: /\b(?:as needed|p\.?r\.?n\.?|at (?:the )?onset|acute|abortive|rescue|on[- ]demand)\b/i,
  preventive: /\b(?:prevent(?:ive|ion)|prophyla\w*|maintenance)\b/i,
};

/** "Requested for the acute treatment of …": met by the request's stated use; fails only on the other use named outright. */
function evalUseMode(spec: CriterionOf<"use_mode">, ctx: EvalContext): Ev {
  const modes = requestUseModes(ctx);
  const own = modes.find((m) => m.mode === spec.mode);
  const other = modes.find((m) => m.mode !== spec.mode);
  if (own && !other) return ev("met", `The request is for ${spec.mode} use.`, own.citation ? [own.citation] : []);
  if (other && !own && other.explicit && other.citation)
    return ev("not_met", `The request is for ${other.mode} use; the policy covers ${spec.mode} use.`, [other.citation]);
  // the form's question about the other use answered "No" ("Will X be used for rescue / acute
  // symptoms? [ ] Yes [X] No"): of the two uses the policies distinguish, the request is for this one
  const deniedOther = !own && !other ? answeredNoForUse(ctx, spec.mode === "acute" ? "preventive" : "acute") : undefined;
  if (deniedOther)
    return ev(
      "met",
      `The request answers "No" to ${spec.mode === "acute" ? "preventive" : "acute or rescue"} use ("${deniedOther.text.trim().slice(0, 100)}"): it is for ${spec.mode} use.`,
      [quote(ctx.idx, deniedOther)],
    );
  return ev(
    "insufficient",
    own && other ? "The request names both acute and preventive use." : "The request does not say whether the drug is for acute or preventive use.",
    [own, other].flatMap((m) => (m?.citation ? [m.citation] : [])),
    own || other ? "direct" : "none",
    `Whether the drug is requested for ${spec.mode} use (the directions for use)`,
  );
}

function evalOnTherapy(spec: CriterionOf<"on_therapy">, ctx: EvalContext): Ev {
  const current = currentUse(ctx);
  if (!spec.min_days || current.outcome !== "met") return current;
  // "established on the drug for at least 90 days": current use for a least time, counted from the start
  // date the fax states to the request date; a shorter or unknown time is a reviewer's call (the policy
  // sends it to the initial criteria), never a failure
  const need = `at least ${spec.min_days} days on the requested drug`;
  const start = currentUseStart(ctx.idx, [...ctx.requested]);
  if (!start || !ctx.requestDate)
    return ev(
      "insufficient",
      `${current.reason} When the current course began (${need}) is not stated, or rests on samples, a program supply or an interrupted course.`,
      current.citations,
      "direct",
      "The start date of the current course of the requested drug and its source of supply",
    );
  const days = daysBetween(start.date, ctx.requestDate);
  if (days >= spec.min_days)
    return ev("met", `The member has received the requested drug since ${start.date} (${days} days by ${ctx.requestDate}; policy: ${need}).`, [
      start.citation,
      ...current.citations.slice(0, 1),
    ]);
  return ev(
    "insufficient",
    `The member has received the requested drug since ${start.date} (${days} days by ${ctx.requestDate}); the policy requires ${need}.`,
    [start.citation],
    "direct",
    "The start date of the current course of the requested drug",
  );
}

/** "Currently receiving the drug": met on documented ongoing use, never failed by absence. */
function currentUse(ctx: EvalContext): Ev {
  const names = [...ctx.requested];
  for (const t of therapyEvidence(ctx.idx, names, ctx.allDrugNames, ctx.facts).values())
    if (t.ongoing && !t.notTaken && t.citations.length) return ev("met", `The member currently receives ${t.drug}.`, t.citations.slice(0, 2));
  const shown = currentUseShown(ctx.idx, names);
  if (shown) return ev("met", `Current use of the requested drug is documented ("${clip(shown.text, 120)}").`, [shown.citation]);
  return ev(
    "insufficient",
    "Current use of the requested drug is not documented.",
    [],
    "none",
    "Documentation that the member currently receives the requested drug (start date, dose, source of supply)",
  );
}

/** a response requirement that names stability as a response ("stability or improvement", "stable or improved") */
const STABILITY_ACCEPTED =
  /\b(?:stab(?:le|ility|ili[sz]ation|ili[sz]ed)\s+or\s+improv\w*|improv\w*\s+or\s+(?:disease\s+)?stab(?:le|ility|ili[sz]ation|ili[sz]ed))\b/i;

/** the direction a response criterion wants a measure to move from its baseline ("a current AIMS total lower than the baseline score") */
const RESPONSE_DOWN =
  /\b(?:lower|less|fewer|smaller|decrease[sd]?|decline[sd]?|reduc(?:ed|tion)|fall|fell|drop(?:ped)?)\b[^.;]{0,60}\b(?:baseline|pre-?treatment|initial|prior|previous)\b|\b(?:baseline|pre-?treatment)\b[^.;]{0,40}\b(?:decrease[sd]?|reduc(?:ed|tion)|lowered|fell|dropped)\b/i;
const RESPONSE_UP =
  /\b(?:higher|greater|more|larger|increase[sd]?|rise|rose|gain(?:ed)?)\b[^.;]{0,60}\b(?:baseline|pre-?treatment|initial|prior|previous)\b|\b(?:baseline|pre-?treatment)\b[^.;]{0,40}\b(?:increase[sd]?|rose|raised)\b/i;

/**
 * A response criterion written as a measure's change from its baseline ("improvement is documented by a
 * current AIMS total score that is lower than the baseline score"): met when the request shows the
 * measure's baseline (a value marked baseline, else the earliest dated one) and a later dated value that
 * moved the way the criterion says. Only the direction the criterion itself states is used; null (no
 * finding) when the criterion names no measure or direction, or the values do not show the change — the
 * absence of a change is left to the caller, never read as a failure here.
 */
function measuredResponse(text: string, ctx: EvalContext): Ev | null {
  const down = RESPONSE_DOWN.test(text);
  const up = RESPONSE_UP.test(text);
  if (down === up) return null;
  const named = MEASURES.filter((m) => m.aliases.some((a) => (/^\\b[a-z0-9-]{2,6}\\b/.test(a) ? aliasRegex(a) : new RegExp(a, "i")).test(text)));
  if (named.length !== 1) return null;
  const m = named[0];
  const vals = measureValues(ctx.idx, m).filter((v) => v.date && v.citation && (!ctx.requestDate || v.date <= ctx.requestDate));
  if (vals.length < 2) return null;
  const byDate = [...vals].sort((a, b) => a.date!.localeCompare(b.date!));
  const base = byDate.find((v) => v.baseline) ?? byDate[0];
  const current = byDate[byDate.length - 1];
  if (current.date! <= base.date!) return null;
  // "a reduction … of at least 50% from baseline", "… of at least 2 points": the change computed from
  // the two values; below the amount it fails only when the baseline is marked as such in the request
  const amount = /(?:at least|≥|>=|a minimum of|no less than)\s*(\d+(?:\.\d+)?)\s*(%|percent|points?)/i.exec(text);
  if (amount) {
    const need = Number(amount[1]);
    const pct = /%|percent/i.test(amount[2]);
    const change = down ? base.value - current.value : current.value - base.value;
    if (pct && !(base.value > 0)) return null;
    const got = pct ? (change / base.value) * 100 : change;
    const shown = pct ? `${Math.round(got * 10) / 10}%` : `${Math.round(got * 10) / 10} point(s)`;
    const said = `${m.name} ${base.value} on ${base.date} (baseline) to ${current.value} on ${current.date}: a change of ${shown}`;
    if (got + 1e-9 >= need) return ev("met", `${said}, which meets the required ${need}${pct ? "%" : " point(s)"}.`, [base.citation!, current.citation!]);
    if (base.baseline) return ev("not_met", `${said}, less than the required ${need}${pct ? "%" : " point(s)"}.`, [base.citation!, current.citation!]);
    return null;
  }
  const moved = down ? current.value < base.value : current.value > base.value;
  if (!moved) return null;
  return ev("met", `${m.name} ${current.value} on ${current.date} is ${down ? "lower" : "higher"} than the baseline ${base.value} on ${base.date}.`, [
    base.citation!,
    current.citation!,
  ]);
}

/** Continuation criterion "positive clinical response": met on a quoted improvement, never failed by absence. */
function evalResponse(spec: CriterionOf<"response">, ctx: EvalContext): Ev {
  // "a reduction of the EASI score of at least 50% from baseline": the change computed from the
  // measure's baseline and current values, never met by a response described in general words
  if (MEASURED_CHANGE_RE.test(spec.text)) {
    const computed = measuredResponse(spec.text, ctx);
    if (computed) return computed;
    return ev(
      "insufficient",
      "The policy requires a stated change of a measure from its baseline; the request does not give both values to compute it.",
      [],
      "none",
      "The baseline and current values of the measure, with their dates",
    );
  }
  // "disease stability or improvement", "stable or improved symptoms": the policy accepts a stable course
  const shown = responseShown(ctx.idx, [...ctx.requested], { stability: STABILITY_ACCEPTED.test(spec.text) });
  if (shown) return ev("met", `A positive response to therapy is documented ("${clip(shown.text, 120)}").`, [shown.citation]);
  const measured = measuredResponse(spec.text, ctx);
  if (measured) return measured;
  return ev(
    "insufficient",
    "No positive response to the requested drug is documented.",
    [],
    "none",
    "Documentation of the clinical response to the requested drug (baseline and current measures)",
  );
}

/** Does an exclusion apply to the case? met = applies (see evaluateCriterion). */
/**
 * The excluded service an absence qualifies ("Routine surveillance of valve disease at intervals
 * shorter than those listed" of "… without a change in clinical status"; "Routine pre-operative
 * assessment" of "… in a member without known heart disease"): the words before the first "without"
 * (and a "in a member" that leads to it), when they are at least two words and the sentence opens
 * with them; null otherwise.
 */
export function excludedSubject(text: string): string | null {
  const m = /^(.+?)\s+(?:(?:in|for)\s+(?:a|an|the)?\s*(?:members?|patients?|beneficiar(?:y|ies)|individuals?|persons?)\s+)?without\b/i.exec(text.trim());
  if (!m) return null;
  const subject = m[1].replace(/[,;:]\s*$/, "").trim();
  // "No …", "Absence of …": the subject itself is a negative, never a service
  if (/^(?:no|not|absence|lack|none)\b/i.test(subject) || subject.split(/\s+/).length < 2) return null;
  return subject;
}

/** words of an excluded service that qualify it, never name it ("routine", "elective") */
const SUBJECT_QUALIFIERS = new Set("routine regular elective standard usual general repeat repeated".split(" "));

/**
 * Whether the request is silent on `subject` (excludedSubject): the word that names the excluded
 * service (its first content word past qualifiers such as "routine": "surveillance" of "Routine
 * surveillance of valve disease", "pre-operative" of "Routine pre-operative assessment") is written
 * nowhere in the request, negated or not, hyphens aside ("preoperative"). A subject with no such
 * word is never judged silent.
 */
function subjectUndocumented(subject: string, ctx: EvalContext): boolean {
  const head = (subject.toLowerCase().match(/[a-z][a-z-]{3,}/g) ?? []).find(
    (w) => !SUBJECT_QUALIFIERS.has(w) && !STOP_WORDS.has(w) && !BOILERPLATE_WORDS.has(w) && !GENERIC_SINGLE_WORDS.has(w),
  );
  if (!head) return false;
  const bare = head.replace(/-/g, "");
  const stem = bare.replace(/(?:ies|es|s|ed|ing)$/, "").slice(0, Math.max(4, Math.min(8, bare.length - 1)));
  const re = new RegExp(`\\b${stem}`);
  return !ctx.idx.lines.some((l) => re.test(l.lower.replace(/-/g, "")));
}

function evaluateExclusion(spec: Criterion, ctx: EvalContext, covered: { conditions: string[]; icd10: string[] }): Ev {
  // "Initiation of therapy when …", "New starts with …": never applies to a request to continue therapy
  if (/^(?:(?:the )?initiation|initiating|starting|(?:the )?start) (?:of )?(?:therapy|treatment)\b|^(?:for )?new starts?\b/i.test(spec.text.trim())) {
    const cont = continuationRequest(ctx.idx);
    if (cont) return ev("not_met", `Does not apply: the request is to continue therapy (${cont.text}).`, [cont.citation], "direct");
  }
  if (spec.kind === "documentation" || spec.kind === "excluded_use") {
    const use = exclusionOfOtherUse(spec.text, ctx);
    if (use) return use;
  }
  // "febuxostat for asymptomatic hyperuricemia (no diagnosis of gout)": an exclusion of members without a
  // condition does not reach a member coded with it (the parenthesis' words are never read as present)
  if (spec.kind === "documentation") {
    const without = /\((?:no|without|not)\s+(?:a\s+)?(?:(?:diagnosis|history)\s+of\s+)?([^()]{3,60})\)/i.exec(spec.text);
    const { named, has } = without ? memberCodedWith(without[1], ctx) : { named: [], has: undefined };
    if (has)
      return ev(
        "not_met",
        `Does not apply: the exclusion is for members without ${named.map((n) => n.name).join(" / ")}; the request is coded ${has.code ?? has.condition}.`,
        has.citation ? [has.citation] : [],
        "direct",
      );
  }
  switch (spec.kind) {
    case "excluded_use":
      return evalExcludedUse(spec, ctx, covered.conditions, covered.icd10);
    case "current_therapy":
    case "no_concurrent": {
      const t = ongoingOf(spec, ctx, { combination: true });
      const conflicted = t && conflictedOngoing(t);
      if (conflicted) return conflicted;
      // "simvastatin at a dose above 20 mg daily": the exclusion reaches only the doses it names
      const dose = t && belowDoseQualifier(spec.text, t);
      if (t && dose?.state === "under")
        return ev("not_met", `Does not apply: ${t.drug} ${t.mgPerDay} mg daily is not above ${dose.ceiling} mg daily.`, t.citations.slice(0, 2), "direct");
      if (t && dose)
        return ev(
          "insufficient",
          `${cap(t.drug)} is documented, but not its daily dose; the exclusion applies only above ${dose.ceiling} mg daily.`,
          t.citations.slice(0, 2),
          "direct",
          `Daily dose of ${t.drug}`,
        );
      // a rule limited to one use or one purpose does not reach the drug taken for another
      const otherUse = t && outsideRuledUse(spec.text, t);
      if (t && otherUse)
        return ev(
          "not_met",
          `Does not apply: ${t.drug} is taken for ${otherUse.taken} use; the exclusion is about ${otherUse.rule} use.`,
          t.citations.slice(0, 2),
          "direct",
        );
      const purpose = t && outsideRuledPurpose(spec.text, t, "exclusion");
      if (purpose) return purpose;
      const site = t && sameSiteRule(spec, t, ctx);
      if (t && site === "other")
        return ev(
          "not_met",
          `Does not apply: ${t.drug} is documented for the other side only; the exclusion is about the same site.`,
          t.citations.slice(0, 2),
          "direct",
        );
      if (t && site === "same")
        return ev(
          "insufficient",
          `${cap(t.drug)} is documented; the exclusion is about the same site, and the request does not show clearly which site each treats.`,
          t.citations.slice(0, 2),
          "direct",
          `The site (eye, ear, joint or side) each drug is given in`,
        );
      return t
        ? ev("met", `Applies: ongoing ${t.drug} is documented with the request.`, t.citations.slice(0, 2))
        : ev("not_met", "Does not apply: no such concurrent therapy documented.", [], "inferred");
    }
    case "age": {
      // "Patients younger than 18": the exclusion applies when the age bound it names holds
      const r = evalAge({ ...spec }, ctx);
      if (r.outcome === "insufficient") return r;
      const inRange = r.outcome === "met";
      return inRange ? ev("met", `Applies: ${r.reason}`, r.citations) : ev("not_met", `Does not apply: ${r.reason}`, r.citations, "inferred");
    }
    case "lab":
    case "test_result":
    case "diagnosis":
    case "documentation": {
      // "Opsynvi (macitentan / tadalafil) is reviewed under worksheet X": a referral of another product
      const referral = spec.kind === "documentation" ? judgeReferralExclusion(spec.text, ctx.facts, ctx.requested) : null;
      if (referral)
        return ev(
          referral.outcome,
          referral.reason,
          [],
          "inferred",
          referral.outcome === "insufficient" ? `Whether the request is for the product the policy refers elsewhere (${clip(spec.text, 80)})` : null,
        );
      // "Concurrent use with another PI3K, AKT or mTOR inhibitor (alpelisib, everolimus)" read as words:
      // a rule about taking other drugs together applies on an ongoing course of one it names, as a
      // concurrent-therapy exclusion does, never on the names being written ("alpelisib - not started")
      const together = spec.kind === "documentation" ? concurrentUseExclusion(spec.text, ctx) : null;
      if (together) return together;
      // "… in a patient who has not received endocrine therapy (endocrine-naive)": the request records a course
      const treated = spec.kind === "documentation" ? notReceivedQualifierContradicted(spec.text, ctx) : null;
      if (treated) return treated;
      // (a documentation exclusion is read as written: "X without Y" excludes X only where Y is absent)
      const r = spec.kind === "documentation" ? documentationAsWritten(spec, ctx, "exclusion") : evaluateInner(spec, ctx, "criterion", covered);
      // "Routine surveillance of valve disease … without a change in clinical status": an excluded
      // service qualified by an absence reaches only a request the record shows to be that service;
      // silence about the absence is no ground when the service itself is not in the request
      if (r.outcome === "met" && spec.kind === "documentation" && spec.absence && r.evidence === "inferred" && !r.citations.length) {
        const subject = excludedSubject(spec.text);
        if (subject && subjectUndocumented(subject, ctx))
          return ev("not_met", `Does not apply: the request does not show ${clip(subject, 80)}.`, [], "inferred");
      }
      if (r.outcome === "met") return { ...r, reason: `Applies: ${r.reason}` };
      return ev("not_met", "Does not apply.", [], "inferred");
    }
    case "line_diagnosis":
      return evalLineDiagnosisExclusion(spec, ctx);
    case "resection_minimum": {
      const r = judgeResectionMinimum(spec, ctx.idx, ctx.facts.service_line?.modifiers);
      return r.outcome === "met" ? { ...r, reason: `Applies: ${r.reason}` } : r.outcome === "not_met" ? { ...r, reason: `Does not apply: ${r.reason}` } : r;
    }
    case "replacement_interval":
      return evalReplacementIntervalExclusion(spec, ctx);
    case "line_billing":
      return evalLineBillingExclusion(spec, ctx);
    case "session_limit":
      return evalSessionLimitExclusion(spec, ctx);
    case "bundled_code": {
      // "not separately payable with …": applies when the claim bills the code it is included in that day
      const r = evalBundledCode(spec, ctx);
      // a line with a modifier that takes it out of the bundling only if the service was distinct
      // ("… or without modifier 59 / XS"): may apply, a reviewer decides
      const exempt = exemptingModifier(spec, ctx.facts.service_line?.modifiers);
      if (exempt && r.outcome === "insufficient")
        return { ...r, reason: `May apply: ${r.reason}`, missing: r.missing ?? "Whether the service is distinct from the one it is included in" };
      return r.outcome === "not_met" ? { ...r, outcome: "met", reason: `Applies: ${r.reason}` } : ev("not_met", `Does not apply: ${r.reason}`, [], "inferred");
    }
    case "use_mode": {
      // "Preventive (scheduled daily) use": applies when the request states that use outright
      const r = evalUseMode(spec, ctx);
      if (r.outcome === "met" && r.citations.length && requestUseModes(ctx).find((m) => m.mode === spec.mode)?.explicit)
        return { ...r, reason: `Applies: ${r.reason}` };
      if (r.outcome === "met")
        return { ...r, outcome: "insufficient", reason: `${r.reason} The exclusion may apply; a reviewer should confirm.`, missing: "The directions for use" };
      return ev("not_met", "Does not apply.", [], "inferred");
    }
    case "cumulative_limit": {
      // a lifetime cap listed as an exclusion applies when the courses add up past it
      const r = evalCumulativeLimit(spec, ctx);
      if (r.outcome === "not_met") return { ...r, outcome: "met", reason: `Applies: ${r.reason}` };
      if (r.outcome === "met") return { ...r, outcome: "not_met", reason: `Does not apply: ${r.reason}` };
      return r;
    }
    case "dose_limit": {
      // a ceiling listed as an exclusion applies when the request is above it
      const r = evalDoseLimit(spec, ctx);
      if (r.outcome === "not_met") return { ...r, outcome: "met", reason: `Applies: ${r.reason}` };
      return ev("not_met", `Does not apply: ${r.reason}`, r.citations, "inferred");
    }
    case "all":
    case "any": {
      // inside a conjunction ("mild asthma with an FEV1 above 80 percent") a measure the request does
      // not give leaves the exclusion open — never "does not apply" because the value is missing
      const rs = spec.items.map((i) => {
        if (spec.kind !== "all" || i.kind !== "lab") return evaluateExclusion(i, ctx, covered);
        const r = evaluateInner(i, ctx, "criterion", covered);
        return r.outcome === "met" ? { ...r, reason: `Applies: ${r.reason}` } : r.outcome === "not_met" ? { ...r, reason: `Does not apply: ${r.reason}` } : r;
      });
      // one part clearly does not hold (a value read from the request): the whole does not apply
      const contradicted = spec.kind === "all" ? rs.find((r) => r.outcome === "not_met" && r.citations.length) : undefined;
      if (contradicted) return contradicted;
      const applies = spec.kind === "any" ? rs.find((r) => r.outcome === "met") : rs.every((r) => r.outcome === "met") ? rs[0] : undefined;
      if (applies) return applies;
      const open = rs.find((r) => r.outcome === "insufficient");
      return open ?? ev("not_met", "Does not apply.", [], "inferred");
    }
    default:
      return ev("not_met", "Does not apply.", [], "inferred");
  }
}

/** "Concurrent use with …", "Concomitant therapy with …", "Use together with …", "Combination with …" */
const CONCURRENT_USE_RE =
  /^(?:(?:concurrent|concomitant|simultaneous)\s+(?:use|therapy|treatment|administration)\s+(?:with|of)|(?:use\s+)?(?:together|in combination)\s+with|combination\s+(?:use\s+|therapy\s+)?with)\b/i;

/**
 * An exclusion of taking the requested drug together with others, read as words (kind documentation):
 * judged like a concurrent-therapy exclusion on the drugs it names (other than the requested one) —
 * "Applies" on an ongoing course of one (left to the general reading), "Does not apply" when none is
 * documented as ongoing (one stopped, considered or not started is not concurrent use). Null when the
 * text is no such rule or names no drug the vocabulary knows.
 */
function concurrentUseExclusion(text: string, ctx: EvalContext): Ev | null {
  if (!CONCURRENT_USE_RE.test(text.trim())) return null;
  const head = text.split(/(?<=[.;])\s+(?=[A-Z])/)[0];
  const named = [...new Set(drugsNamedIn(head))];
  const drugs = named.filter((d) => !drugNames(d).some((n) => ctx.requested.has(n)));
  if (!drugs.length) return sameDrugDuplication(head, named, ctx);
  const t = ongoingOf({ drugs, classes: [] }, ctx, { combination: true });
  if (t) return null;
  return ev("not_met", `Does not apply: no ongoing ${drugs.join(" / ")} documented with the request.`, [], "inferred");
}

/**
 * "Use in combination with another belimumab product (intravenous and subcutaneous at the same time)":
 * a rule against two products of the requested drug at once applies only when the record shows the
 * drug already taken (an ongoing course besides the one requested) — never because the request names
 * the drug it asks for. "not_met" when no ongoing course of the requested drug is recorded, "insufficient"
 * when one is (a reviewer reads which products overlap); null when the rule is not of that kind.
 */
function sameDrugDuplication(head: string, named: string[], ctx: EvalContext): Ev | null {
  if (!named.length || !/\banother\b[^.;]{0,40}\b(?:products?|formulations?|preparations?|dosage forms?|routes?)\b|\bsame time\b/i.test(head)) return null;
  const own = [...ctx.requested];
  const t = therapies(ctx, own).find((x) => x.ongoing && !x.notTaken && !x.explicitlyNotTaken && x.days != null && x.days > 0);
  // ("Bupropion XL will be stopped the day Auvelity starts": the course under way ends when the requested one begins)
  const stop = t ? plannedStopOf(t.drug, ctx) : null;
  if (t && stop) return ev("not_met", `Does not apply: the request states ${t.drug} stops when the requested drug starts.`, [stop], "direct");
  if (t)
    return ev(
      "insufficient",
      `${cap(t.drug)} is already taken; whether the requested product would be used together with the one under way is for a reviewer.`,
      t.citations.slice(0, 1),
      "direct",
      `Whether two ${named.join(" / ")} products would be used at the same time`,
    );
  return ev("not_met", `Does not apply: no course of ${named.join(" / ")} already under way is documented besides the one requested.`, [], "inferred");
}

/** "who has not received endocrine therapy", "who have not previously been treated with a TNF inhibitor", "(endocrine-naive)" */
const NOT_RECEIVED_QUALIFIER_RE =
  /\bwho\s+(?:has|have)\s+not\s+(?:previously\s+|yet\s+)?(?:received|been\s+treated\s+with|taken|tried|had)\s+(?:any\s+|an?\s+|prior\s+)?([^.;()]{3,60})|\b([a-z]+)[- ]na[iï]ve\b/i;

/**
 * An exclusion qualified by the member never having had a kind of treatment ("Use as first endocrine-based
 * therapy for metastatic disease in a patient who has not received endocrine therapy (endocrine-naive)")
 * does not apply when the request records an earlier course of a drug of that kind (stopped, or taken
 * for at least 4 weeks; never one considered, planned or ordered to start with the requested drug, nor
 * the requested drug itself): "not_met" with the course cited.
 * Null when the qualifier names no class or drug the vocabulary knows, or no such course is recorded.
 */
function notReceivedQualifierContradicted(text: string, ctx: EvalContext): Ev | null {
  const m = NOT_RECEIVED_QUALIFIER_RE.exec(text);
  if (!m) return null;
  const phrase = m[1] ?? `${m[2]} therapy`;
  const classes = classesNamedIn(phrase).map((c) => c.name);
  const drugs = drugsNamedIn(phrase);
  const names = [...new Set([...drugs, ...classes.flatMap((c) => classMembers(c))])].filter((d) => !drugNames(d).some((n) => ctx.requested.has(n)));
  if (!names.length) return null;
  // an earlier course: one stopped, or one taken for at least 4 weeks — never a partner ordered to start
  // with the requested drug ("Fulvestrant 500 mg loading ordered for 11/24")
  const course = therapies(ctx, names).find(
    (t) => !t.notTaken && !t.explicitlyNotTaken && t.citations.length && (t.stopped || (t.days != null && t.days >= 28)),
  );
  if (!course) return null;
  return ev(
    "not_met",
    `Does not apply: the exclusion is for members who have not received ${clip(phrase.trim(), 60)}, and the request records ${course.drug}.`,
    course.citations.slice(0, 1),
    "direct",
  );
}

/** The reasons of a criterion's alternatives as one sentence: "A; or B." (each without its own full stop). */
function alternatives(rs: { reason: string }[]): string {
  return `${rs
    .map((r) => r.reason.trim().replace(/[.\s]+$/, ""))
    .filter(Boolean)
    .join("; or ")}.`;
}
