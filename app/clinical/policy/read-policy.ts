/**
 * Coverage policy document → PolicyModel: one path per indication with typed criteria, the
 * criteria common to every indication, exclusions, and — kept apart — continuation/renewal
 * passages and passages the reader did not understand.
 *
 * Formats read (structure, not wording, decides):
 * - CMS Part D "PA criteria" tables (Covered Uses / Exclusion Criteria / Required Medical
 *   Information with per-indication criteria "RA: ..." and "For ALL indications: ..." / Age and
 *   Prescriber Restrictions, optionally per indication / Coverage Duration / Other Criteria);
 * - outlines of PBM policies ("1. Indication. Approve for N months if the patient meets ALL of the
 *   following (A, B and C): A) ...", "B) Patient is Currently Receiving ..." dropped), health-plan
 *   clinical policies ("I. Initial Approval Criteria / A. Indication (must meet all): 1. ...",
 *   "II. Continued Therapy" dropped, "III. ... NOT authorized" as exclusions), UnitedHealthcare
 *   "1. Initial Authorization / a. X will be approved based on all of the following criteria:
 *   (1) ... -AND- (2) ...", Cigna/Aetna "medically necessary when ONE of the following";
 * - bullet lists of Medicaid PDL criteria ("• Diagnosis of ...; AND"), prose one-sentence rules,
 *   step-therapy and quantity-limit programs.
 * Dosing tables, product lists, background, references and revision history are never read as
 * criteria. Never throws: an unreadable policy yields indications marked not understood.
 */
import { dosingTableCeiling } from "./dose-ceilings";
import { titleAgeCriterion, hasAgeCriterion } from "./title-age";
import { statedVisitLimit, visitLimitRows, withVisitLimits } from "./visit-limits";
import { bundledCodeRules, lineDiagnosisRules } from "./bundled-codes";
import { lineBillingRules } from "./line-billing-rules";
import { codeFrequencyRules } from "./code-frequency";
import { withResectionMinimum } from "./resection-table";
import { claimLineChecks, codeNamedExclusions, eligibilityRuleOnly, withoutClaimLineSentences } from "./claim-line-sentences";
import { pointerDiagnosisRules } from "./pointer-diagnosis-list";
import { replacementIntervalRules } from "./replacement-intervals";
import { sessionLimitOf } from "./session-limits";
import type { Citation, Criterion, CriterionOf, ParsedDocument, PolicyIndication, PolicyModel, UnreadPassage } from "../contracts";
import { boilerplateLineSet, citeLines, clean, docLines, withLineText, type DocLine } from "../text/lines";
import { readApplicabilityGrids } from "../text/applicability-grid";
import { readBareOutlines } from "../text/bare-outline";
import { readMarginLabels } from "../text/margin-labels";
import { readTwoColumnPages } from "../text/two-columns";
import { readIndentOutlines } from "../text/indent-outline";
import { numberLabelRows } from "./label-rows";
import { readPointSubsets } from "../text/point-subsets";
import { readStepTables } from "../text/step-table";
import { readAnswerGrids } from "../text/answer-grid";
import { readAgentGrids, readTableColumns } from "../text/table-columns";
import { resolveTableRowRefs } from "./table-rows";
import { announcedItemCount } from "./announced-items";
import { policyScopeCodes, withCodeScopes, withUnreadCodeSections, withUnreadNumberedSections } from "./code-sections";
import { composeNamedParts } from "./section-refs";
import { branchRejoins, exclusionStatement, flowRoutes, flowSteps, type FlowStep } from "./decision-flow";
import { ageDoseBands, supportingTables, tableConditions, type SupportingTable } from "./supporting-tables";
import { guidelineSectionLines, isNumberedGuideline, mergeGuidelineIndications } from "./guideline-sections";
import { readSectionGuideline, withSectionGuideline } from "./section-guideline";
import { ADHERENCE_REQUIREMENT_RE } from "../evidence/continuation";
import { opensWithDrugName, sectionDrugs } from "./drug-sections";
import { readPdlGrids } from "../text/pdl-grid";
import { agentIndicationPaths, isStepExceptionList, stepAgentTable } from "./step-agent-table";
import {
  CONTINUATION_HEAD_RE,
  DEFINITION_LIST_HEAD_RE,
  DURATION_LINE_RE,
  isHeading,
  isHeadingLine,
  parseOutline,
  splitInlineEnumerations,
  walk,
  type OutlineItem,
} from "./outline";
import {
  indicationTerms,
  keyConcepts,
  MEASURED_CHANGE_RE,
  parseAge,
  parseCriterion,
  PER_CYCLE_COUNT_RE,
  parseExclusion,
  parseMinDuration,
  parsePolicyUlns,
  parseQuantityLimit,
  parseRecency,
  parseSpecialties,
  withoutExamples,
  type ParseContext,
} from "./parse-criterion";
import { statesFrequency } from "../text/frequency-wording";
import { conditionsNamedIn, mostSpecificConditions } from "../vocabulary/conditions";
import { classesNamedIn, drugNames, drugsNamedIn } from "../vocabulary/drugs";

export interface ReadPolicyMeta {
  /** the covered drug's names (never read as prior or concurrent therapy) */
  drug_names: string[];
  title?: string;
  /** name used in policy citations (default "policy") */
  documentName?: string;
}

interface Reader {
  doc: ParsedDocument;
  docName: string;
  ctx: ParseContext;
  unread: UnreadPassage[];
  continuation: UnreadPassage[];
  /** continuation criteria read from those passages; `scope` the indication they sit under (null: every indication) */
  renewals: Renewal[];
  /** the document's own title (its largest type on page 1), when it has one */
  docTitle?: string;
}

interface Renewal {
  scope: string | null;
  criteria: Criterion[];
  passage: Citation | null;
  duration: string | null;
}

/** "currently receiving the drug", "documentation of use", "previously met initial approval criteria" */
const ON_THERAPY_RE =
  /\b(?:currently (?:receiving|on|taking|using)|(?:has|have) paid claims? for|paid claims? (?:for|history)|(?:has )?received [\w -]{1,30}? within the (?:past|previous|last) \d+ (?:days|weeks|months)|documentation of (?:current |ongoing )?use|established on (?:therapy|treatment)|(?:has been |was )?previously approved for (?:the )?(?:target agent|requested (?:agent|drug|medication)|this (?:agent|drug|medication))|previously met (?:the )?initial (?:approval |authori[sz]ation )?criteria|is continuing (?:therapy|treatment))\b/i;
/**
 * "Individual has been receiving Ingrezza", "the member has been taking the requested drug", "the
 * member has received <drug> under this policy or under another health plan's authorization": in a
 * continuation list, current use of the drug the policy covers (`drugNames`, names of that drug).
 */
function receivingOwnDrug(text: string, drugNames: string[]): boolean {
  const m =
    /\b(?:has|have) been (?:receiving|taking|using|treated with|on)\s+(.{3,60})/i.exec(text) ??
    // "The member has received <drug> IV under this policy or under another health plan's authorization"
    /\b(?:has|have) received\s+(.{3,60}?)\s+under\s+(?:this policy|(?:a|an|the|another)\s+(?:[\w'-]+\s+){0,3}?(?:authori[sz]ation|approval|policy))\b/i.exec(
      text,
    );
  if (!m) return false;
  const rest = m[1].toLowerCase();
  return (
    /^(?:the requested|this|the) (?:medication|drug|product|agent|therapy)\b/.test(rest) ||
    drugNames.some((d) => d.length > 3 && rest.startsWith(d.toLowerCase()))
  );
}

/** "documentation of a positive clinical response", "member is responding positively to therapy" */
const RESPONSE_RE =
  /\b(?:improvement (?:in [\w' -]{1,40} )?(?:is|was|has been) documented\b|(?:score|total(?: score)?) (?:that is )?lower than (?:the )?baseline\b|(?:positive|favou?rable|beneficial|adequate|meaningful|significant) (?:clinical )?response|(?:has |have |is |are )?respond(?:ing|ed|s) (?:positively |favou?rably |well )?to (?:the )?(?:therapy|treatment|medication|[\w-]+(?: therapy| treatment)?\b(?!\s+(?:trial|or|and)\b))|clinical (?:benefit|improvement)|(?:control|symptoms?|disease activity|condition|signs and symptoms) (?:has |have )?(?:improved|stabili[sz]ed)|improv(?:ed|ement) (?:on|with|while on|since (?:starting|initiating))|improvement (?:in|of) (?:signs|symptoms|disease)|(?:reduction|decrease|improvement) (?:in|of) [\w -]{1,40}? (?:from|compared (?:with|to)|relative to|versus|vs\.?) (?:the )?(?:pre-?treatment |pre-?therapy |initial )?baseline|maintenance of [\w -]{1,40}? at (?:the )?(?:patient'?s )?(?:individuali[sz]ed )?goal|disease stability|stable disease|(?:stability|stabili[sz]ation) or (?:improvement|response)|(?:response|improvement) or (?:stability|stabili[sz]ation)|(?:a|any) clinical response|(?:decrease|reduction) in (?:the )?(?:number|frequency|rate) of [\w -]{1,40}? compared (?:with|to)|(?:decrease|reduction) in [\w -]{1,30}? compared (?:with|to) (?:the )?(?:period |time )?before|experiencing (?:disease )?(?:stability|improvement)|documented (?:clinical )?response)\b/i;
/** words of a response requirement: "respond", "improvement", "stabilization", "benefit" */
const RESPONSE_HINT_RE =
  /\brespon(?:se|ded|ding|ds)\b|\bimprov(?:e|ed|ement|ing)\b|\bstabili[sz](?:ation|ed)\b|\b(?:clinical )?benefit\b|\b(?:reduction|decrease|decline) in (?:the )?(?:number|frequency|rate|severity|[\w-]+ (?:frequency|attacks|episodes|days|exacerbations|symptoms))\b/i;
/** "the exclusion criteria do not apply": the tree's exclusion questions already ask it */
const EXCLUSIONS_CLEAR_RE = /\bexclusion criteria (?:do|does) not apply\b|\bnone of the exclusion/i;
const RENEWAL_LEAD_RE =
  /^(?:continuation of (?:therapy|coverage|treatment)|continued (?:therapy|approval|use|treatment)|continuation|renewal|re-?authori[sz]ation|recertification)(?: criteria)?(?:\s*\([^)]{1,30}\))?(?:\s*[:.-]\s*|\s+requires\s+(?:(?:all|each|both) of the following(?: criteria)?\s*:\s*)?)/i;
/** "Approve for 1 year if " / "Authorize for 12 months when ": a duration that leads a condition */
const RENEWAL_CONDITION_RE =
  /^.*?\b(?:approve|authori[sz]e|approved|authori[sz]ed)\s+for\s+(?:an? |one |\d+ )?(?:months?|years?|weeks?|days?)\s+(?:if|when|provided(?: that)?)\s+/i;
const RENEWAL_DURATION_RE =
  /\b(?:authori[sz]ation (?:will|may) be (?:issued|approved|granted) for|approval duration:?|approve for) ?(\d+ (?:months?|weeks?|years?|days?))[^.]*\.?/i;

/**
 * "Patient has been established on therapy for at least 3 months", "Individual has been established on
 * <the policy's drug> for at least 90 days", "has been receiving the requested medication for at least 6
 * months", "Participant has received <the drug> for at least 6 months": a continuation requirement of current use for a least time. Returns that time in days
 * (months as 31 days, years as 366, weeks as 7: never fewer days than the calendar period), or null when
 * the sentence is not one (its object must be therapy, treatment, the requested drug or one of
 * `drugNames`, the policy's own drug names — never another drug the member was on).
 */
export function onTherapyFor(text: string, drugNames: string[]): number | null {
  const own = drugNames
    .filter((n) => n.length > 3)
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|");
  const object = String.raw`(?:(?:the )?(?:therapy|treatment)|the (?:requested|target|prescribed) (?:drug|agent|medication|product)|this (?:drug|agent|medication)${own ? `|${own}` : ""})`;
  const re = new RegExp(
    // "has taken X for at least 10 of the past 12 months": the months of use it counts
    String.raw`\b(?:(?:has|have) (?:been )?)?(?:established on|(?:received|receiving|on|taken|taking|using|used|treated with))\s+${object}\s+(?:continuously\s+)?for\s+(?:at least|a minimum of|more than|over|>=?|≥)\s*(\d+)\s*(?:of (?:the )?(?:past|previous|last|preceding) \d+\s*)?(days?|weeks?|months?|years?)\b`,
    "i",
  );
  const m = re.exec(text);
  if (!m) return null;
  // "established on" or "has been …": a statement of time on the drug, not "taking X for at least …" as a
  // condition of a prior trial
  if (!/\bestablished on\b|\b(?:has|have) (?:been|received|taken|used)\b/i.test(m[0])) return null;
  const n = Number(m[1]);
  const unit = m[2].toLowerCase();
  const days = unit.startsWith("day") ? n : unit.startsWith("week") ? n * 7 : unit.startsWith("month") ? n * 31 : n * 366;
  return /more than|over|>(?!=)/i.test(m[0]) ? days + 1 : days;
}

/**
 * One continuation requirement as a criterion: current use and positive response get their own kinds
 * (evaluate.ts reads them from the request); the rest goes through the ordinary criterion reader
 * ("not used in combination with another CGRP antagonist" → no_concurrent). Null for sentences that
 * restate the exclusions or only give the approval duration.
 */
function renewalCriterion(raw: string, passage: Citation | null, r: Reader): Criterion | null {
  const text = stripConnector(
    raw
      .replace(RENEWAL_LEAD_RE, "")
      // "Approve for 1 year if the patient has responded to X, as determined by the prescriber": the
      // duration goes, the condition after "if" stays
      .replace(RENEWAL_CONDITION_RE, "")
      .replace(RENEWAL_DURATION_RE, "")
      .replace(/,?\s*as (?:determined|assessed|documented) by the (?:prescriber|prescribing (?:physician|provider)|physician|provider)\b/i, "")
      .trim(),
  ).replace(/[;.]\s*$/, "");
  // a requirement followed by a note ("… improvement from baseline. The individual is not required to
  // meet criterion A(iii) again.") is still a requirement: only its own sentence says what it is
  if (text.length < 4 || EXCLUSIONS_CLEAR_RE.test(text) || DURATION_LINE_RE.test(text) || NOT_A_REQUIREMENT_RE.test(firstSentence(text))) return null;
  const onFor = onTherapyFor(text, r.ctx.drugNames);
  const onTherapy: Criterion | null = onFor
    ? { kind: "on_therapy", text, passage, confidence: "high", min_days: onFor }
    : (ON_THERAPY_RE.test(text) || receivingOwnDrug(text, r.ctx.drugNames)) && !/\bnot (?:currently )?(?:receiving|on|taking)\b/i.test(text)
      ? { kind: "on_therapy", text, passage, confidence: "high" }
      : null;
  const response: Criterion | null =
    (RESPONSE_RE.test(text) || MEASURED_CHANGE_RE.test(text)) &&
    !/\b(?:no|not|in)adequate response|\bno response\b|\b(?:not|never|fail(?:ed|s)? to) respond/i.test(text)
      ? { kind: "response", text, passage, confidence: "high" }
      : null;
  // "… when the member has received the drug within the past 12 months and the neurologist documents
  // clinical stability or improvement": one sentence, both requirements (never current use alone)
  if (onTherapy && response) return { kind: "all", text, passage, confidence: "high", items: [onTherapy, response] };
  // "is currently receiving X and the prescriber documents fewer attacks …" in words the response reader
  // does not take: the response is still required, never dropped for the current use beside it
  // ("via the plan benefit", "the pharmacy benefit": the benefit that pays, never a clinical benefit)
  if (
    onTherapy &&
    RESPONSE_HINT_RE.test(text.replace(/\b(?:plan|pharmacy|medical|prescription|drug|health|insurance)(?:'s)?\s+benefits?\b/gi, " ")) &&
    !/\b(?:no|not|in)adequate response|\bno response\b|\b(?:not|never|fail(?:ed|s)? to) respond|\bloss of response\b/i.test(text)
  )
    return { kind: "all", text, passage, confidence: "high", items: [onTherapy, { kind: "response", text, passage, confidence: "high" }] };
  if (onTherapy) return onTherapy;
  if (response) return response;
  // "Adherence to PrEP and to 3-monthly follow-up": documentation of adherence (evaluate.ts reads it
  // from refill records or a PDC), never the condition the words name ("PrEP" read as the diagnosis)
  if (ADHERENCE_REQUIREMENT_RE.test(text)) return { kind: "documentation", text, passage, confidence: "medium", concepts: keyConcepts(text), absence: false };
  const negated = negatedRenewal(text, passage, r);
  if (negated) return negated;
  const parsed = { ...parseCriterion(text, "", r.ctx), passage };
  // a renewal requirement that speaks of a response in words the reader does not take as one
  // ("improvement by at least one NYHA class", "benefit from therapy as shown by …"): whatever else it
  // reads as, a documented response is part of it, so it is never met on a generic reading alone
  if (
    RESPONSE_HINT_RE.test(text) &&
    !/\b(?:no|not|in)adequate response|\bno response\b|\b(?:not|never|fail(?:ed|s)? to) respond|\bloss of response\b/i.test(text)
  )
    return { kind: "all", text, passage, confidence: parsed.confidence, items: [parsed, { kind: "response", text, passage, confidence: "high" }] };
  // "If request is for a dose increase, new dose does not exceed the maximum listed in Section I": a
  // dose ceiling like any other (one the engine cannot compare limits the approval, as on the initial path)
  if (parsed.kind !== "dose_limit" && /^if (?:the )?request is for a dose (?:increase|escalation)\b.*\bnot exceed\b/i.test(text))
    return { kind: "dose_limit", text, passage, confidence: "high", max_mg: null, per_days: null };
  return parsed;
}

const FLIP: Record<string, "<" | "<=" | ">" | ">="> = { ">": "<=", ">=": "<", "<": ">=", "<=": ">" };

/**
 * A renewal requirement written as absences: "No progression to cirrhosis: no liver stiffness by VCTE
 * above 20.0 kPa on a test within the past 12 months, no biopsy showing stage F4, and no hepatic
 * decompensation event since the start of therapy". Each "no …" clause is a requirement of its own: a
 * measured limit ("no liver stiffness above 20.0 kPa") is the measure on the other side of it (at most
 * 20.0 kPa), anything else the documented absence of what it names. Read whole, the words after each
 * "no" became required findings (a liver stiffness above 20 kPa, a biopsy) and a renewal that met every
 * criterion was denied. Null for a requirement that does not open with "No".
 */
function negatedRenewal(text: string, passage: Citation | null, r: Reader): Criterion | null {
  // "No more than 4 doses per month", "no later than day 30": a limit, not an absence
  if (
    !/^(?:no|absence of|without)\b/i.test(text.trim()) ||
    /^no (?:more|fewer|less|later|earlier|longer|greater|higher|lower|sooner) than\b/i.test(text.trim())
  )
    return null;
  // the title before a colon ("No progression to cirrhosis:") names the list; the clauses follow it
  const body = /^[^:]{3,60}:\s*(?=(?:no|absence of|without)\b)/i.test(text) ? text.slice(text.indexOf(":") + 1) : text;
  const clauses = body
    .split(/,\s*(?:and\s+|or\s+)?(?=(?:no|without)\b)|;\s*(?:and\s+|or\s+)?(?=(?:no|without)\b)|\s+and\s+(?=no\b)/i)
    .map((c) => c.trim().replace(/[.;,]\s*$/, ""))
    .filter((c) => c.length > 3);
  const items: Criterion[] = clauses.map((clause): Criterion => {
    const positive = clause.replace(/^(?:no|absence of|without)\s+/i, "");
    const p = parseCriterion(positive, "", r.ctx);
    if (p.kind === "lab" && p.op !== "between" && p.value != null) return { ...p, text: clause, op: FLIP[p.op], passage };
    return { kind: "documentation", text: clause, concepts: keyConcepts(positive), absence: true, confidence: "medium", passage };
  });
  if (!items.length) return null;
  return items.length === 1 ? items[0] : { kind: "all", text, passage, confidence: "medium", items };
}

/**
 * The requirements of one continuation sentence: split at AND / -AND-, and before an "Approve for …
 * if" that follows a sentence ("Patient is Currently Receiving X. Approve for 1 year if the patient
 * has responded to X" is current use AND a response).
 */
function renewalParts(text: string): string[] {
  // also at the clauses of one long sentence ("… for members 18 years of age or older … who are
  // currently receiving X … and who are experiencing disease stability …, when the member will not
  // use X with another DMT"): each clause is a requirement of its own
  return text
    .split(
      /\s+(?:-AND-|AND)\s+|(?<=\.)\s+(?=(?:[Aa]pprove|[Aa]uthori[sz]e)\s+(?:for|if|when)\b)|,?\s+and who\s+(?=(?:are|is|has|have)\b)|\s+who\s+(?=(?:are|is)\s+currently\b)|,\s+when\s+(?=the (?:member|patient|individual)\b)/,
    )
    .filter((p) => p.trim());
}

/** The continuation criteria of an outline passage: its leaf items, or its sentences joined by AND. */
function renewalFromItems(items: OutlineItem[], scope: string | null, r: Reader): void {
  let duration: string | null = null;
  const read = (leaf: OutlineItem): Criterion[] => {
    const d = RENEWAL_DURATION_RE.exec(leaf.text) ?? /(\d+ (?:months?|weeks?|years?))/i.exec(leaf.durations.join(" "));
    if (d && !duration) duration = d[1];
    // "ONE of the following: A. The patient has a diagnosis of MS AND has had clinical benefit OR B. …
    // UC AND has had clinical benefit …": inline lettered alternatives, each its own requirements —
    // never split on their ANDs into requirements of every renewal
    const inline = leaf.children.length ? null : inlineLetteredAlternatives(stripConnector(leaf.text));
    if (inline) {
      const alts = inline.map((alt) => {
        const cs = renewalParts(alt)
          .map((part) => renewalCriterion(part, cite(r, leaf.lines), r))
          .filter((c): c is Criterion => c != null);
        return cs.length === 1 ? cs[0] : ({ kind: "all", items: cs, text: alt, passage: cite(r, leaf.lines), confidence: "high" } as Criterion);
      });
      if (alts.every((a) => a.kind !== "all" || a.items.length))
        return [{ kind: "any", items: alts, text: stripConnector(leaf.text), passage: cite(r, leaf.lines), confidence: "high" }];
    }
    const parts = leaf.children.length ? [leaf.text] : renewalParts(leaf.text);
    return parts.map((part) => renewalCriterion(part, cite(r, leaf.lines), r)).filter((c): c is Criterion => c != null);
  };
  // "There is documented clinical response, as ONE of the following: a. … OR b. … OR c. …": the
  // sub-items are alternatives of one requirement, never each a requirement of the renewal
  const visit = (i: OutlineItem): Criterion[] => {
    if (!i.children.length) return read(i);
    const kids = i.children.flatMap(visit);
    const g = groupOp(i.text, i.children);
    if (g.op === "any" && kids.length >= 2)
      return [{ kind: "any", text: stripConnector(i.text), passage: cite(r, i.lines), confidence: "high", items: kids, ...(g.min ? { min: g.min } : {}) }];
    return kids;
  };
  const criteria = items.flatMap(visit);
  if (criteria.length) r.renewals.push({ scope, criteria, passage: cite(r, items.flatMap((i) => i.lines).slice(0, 2)), duration });
}

/**
 * The alternatives of a sentence that lists them inline after "ONE of the following:" with letters or
 * numbers joined by OR ("ONE of the following: A. X AND Y OR B. Z"): ["X AND Y", "Z"]; null when the
 * sentence is not such a list (fewer than two alternatives, or markers out of order).
 */
export function inlineLetteredAlternatives(text: string): string[] | null {
  const lead = /\b(?:one|either|any) of the following\s*:?\s*(?=\(?(?:A|a|1)[.)]\s)/i.exec(text);
  if (!lead) return null;
  const body = text.slice(lead.index + lead[0].length);
  const first = /^\(?(A|a|1)[.)]\s+/.exec(body);
  if (!first) return null;
  const seq = /\d/.test(first[1]) ? "123456789" : first[1] === "a" ? "abcdefghi" : "ABCDEFGHI";
  const out: string[] = [];
  let rest = body.slice(first[0].length);
  for (let k = 1; k < seq.length; k++) {
    const next = new RegExp(`\\s+OR\\s+\\(?${seq[k]}[.)]\\s+`).exec(rest);
    if (!next) break;
    out.push(rest.slice(0, next.index).trim());
    rest = rest.slice(next.index + next[0].length);
  }
  out.push(rest.replace(/\s+(?:AND|OR)\s*$/, "").trim());
  return out.length >= 2 && out.every((a) => a.length > 3) ? out : null;
}

/** Continuation criteria written as one sentence ("Continuation of therapy: the patient is currently receiving X AND ..."). */
function renewalFromText(text: string, lines: DocLine[], scope: string | null, r: Reader): void {
  // "… (c) continued enrollment in the REMS. Dose notes (not criteria): …": what follows is no requirement
  text = text.replace(/(?<=[.;])\s+[A-Z][\w ,/-]{0,40}\(\s*not (?:criteria|a criterion|requirements?)\s*\)\s*:[\s\S]*$/, "");
  const criteria = letteredParts(text.replace(RENEWAL_LEAD_RE, ""))
    .flatMap(renewalParts)
    .map((t) => renewalCriterion(t, cite(r, lines), r))
    .filter((c): c is Criterion => c != null);
  const d = RENEWAL_DURATION_RE.exec(text) ?? RENEWAL_HEAD_DURATION_RE.exec(text);
  if (criteria.length) r.renewals.push({ scope, criteria, passage: cite(r, lines), duration: d ? d[1] : null });
}

/** "Continuation (12 months) requires …": the term a renewal heading states in parentheses */
const RENEWAL_HEAD_DURATION_RE = /^\s*(?:continuation|renewal|re-?authori[sz]ation)\b[^(.:]{0,30}\((\d+ (?:months?|weeks?|years?))\)/i;

/**
 * A paragraph's inline lettered list ("requires ALL of the following: (a) LVEF of 50% or higher …;
 * (b) a clinical response …; (c) continued enrollment …"): its items, each a requirement. The words
 * before "(a)" are the list's lead and no requirement. A paragraph without a run "(a)", "(b)", … is
 * returned whole.
 */
export function letteredParts(text: string): string[] {
  const marks: { at: number; end: number }[] = [];
  const re = /(?:^|(?<=[\s:;]))\(([a-z])\)\s+/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (m[1].charCodeAt(0) - 97 !== marks.length) continue;
    marks.push({ at: m.index, end: m.index + m[0].length });
  }
  if (marks.length < 2) return [text];
  const lead = text.slice(0, marks[0].at).trim();
  const parts = marks.map((x, i) =>
    text
      .slice(x.end, marks[i + 1]?.at ?? text.length)
      .replace(/[;,]?\s*(?:and|or)?\s*$/i, "")
      .trim(),
  );
  // a lead that is itself a requirement ("Patient is stable and meets: (a) …") stays one
  return lead && !/:\s*$/.test(lead) && !/\b(?:following|requires?)\b/i.test(lead) ? [lead, ...parts] : parts;
}

const cite = (r: Reader, ls: DocLine[]): Citation | null => citeLines(ls, r.docName, r.doc);

// ─────────────────────────────────────────────────────────────────────────────────────────────
// wording

/** renewal / continuation: never applied to an initial request */
const CONTINUATION_RE =
  /^(?:(?:the )?(?:patient|member|individual) (?:is|has been) )?currently (?:receiving|on|taking|using)|\bcontinu(?:ation|ed) (?:of )?(?:therapy|approval|use|treatment|coverage)\b|\brenewal\b|\bre-?authori[sz]ation\b|\brecertification\b|\bestablished on (?:therapy|treatment)\b|\bsubsequent (?:approval|authorization)\b|\bpatient is continuing\b/i;
/**
 * A heading that names the request type after the indication ("Pulmonary arterial hypertension, WHO
 * Group 1 - continuation (every 12 months)", "Condition X: renewal"): a continuation section.
 */
const TRAILING_CONTINUATION_RE =
  /\s[-–—:]\s*(?:continuation|renewal|re-?authori[sz]ation|recertification|continued (?:therapy|approval|use))(?:\s+(?:of therapy|requests?|criteria|approval))?\s*(?:\([^)]{0,40}\))?\s*:?$/i;
/** an item that introduces initial criteria ("Initial Therapy. Approve for 6 months if ALL of ...") */
const APPROVAL_LEAD_RE =
  /\bapprove(?:d)? for\b|\bapprove if\b|\bwill be approved\b|\bmust meet all\b|\bmust meet (?:one|1|both|at least)\b|\binitial (?:therapy|approval|authori[sz]ation|treatment|request)\b|\bmeets? (?:all|one|both|any|each) of the following\b|\bapproval criteria\b|\bcriteria for (?:initial )?(?:approval|coverage|authori[sz]ation)\b|\bmedically necessary (?:when|if|for)\b|\bmay be (?:approved|authori[sz]ed|granted)\b|\bconsidered medically necessary\b|\bis covered\b|\bcoverage (?:is|will be) (?:provided|approved)\b|\bauthori[sz]ation (?:of|for) .{0,40}may be granted\b/i;
const EXCLUSION_HEAD_RE =
  /\bnot (?:recommended|covered|authori[sz]ed|approvable|approved|medically necessary)\b|\b(?:is|are) not indicated for\b|\bnot be (?:approved|covered|authori[sz]ed|granted)\b|^(?:coverage )?limitations?\s*:?$|\bexclusions?\b|\blimitations? of (?:coverage|use)\b|\bexperimental\b|\binvestigational\b|\bunproven\b|\bcontraindications?\b(?=\s*$)|\bconditions not\b|^denial(?: criteria)?\s*:?$|^denials\s*:?$|\b(?:coverage|authori[sz]ation|approval) (?:is|will) not (?:be )?(?:provided|available|extended|given)\b|\bnot (?:be )?(?:provided|payable|reimbursable) for\b/i;
/**
 * A CMS coverage-determination heading that names both sides ("Indications and Limitations of
 * Coverage", "Indications and Limitations of Coverage and/or Medical Necessity"): it holds the covered
 * indications as well as the limitations, so it is no exclusion section — its own sub-parts
 * ("Nationally Covered Indications" / "Nationally Non-Covered Indications") say which is which.
 */
const INDICATIONS_AND_LIMITATIONS_RE = /\bindications?\s+and\s+limitations?\b/i;
/** an exclusion section's heading, unless it is a heading of indications and limitations together */
function exclusionHeading(h: string): boolean {
  return EXCLUSION_HEAD_RE.test(h) && !INDICATIONS_AND_LIMITATIONS_RE.test(h);
}
const SKIP_HEAD_RE =
  /^(?:(?:key |selected |additional |supporting |cited )?references?|related (?:medical |pharmacy |coverage |clinical )?(?:policies|policy|documents?|guidelines?|programs?)\s*:?$|citations|(?:subset|criteria|document|revision) history|resources|not a basis for\b|bibliography|sources? of information|works cited|appendi|dosing|dosage|quantity limits?|quantity|revision|reviews?,? revisions|history|reminder|important reminder|background|overview|description|policy guidelines?\s*:?$|fda[- ]approved indications?\s*\(|fda approved indication|clinical (?:pharmacology|consideration|rationale)|place in therapy|summary|coding|policy history|products? affected|medications? affected|drugs? affected|applicable codes|instructions for use|definitions|abbreviations|pharmacology|safety|warnings|efficacy|guidelines?|evidence|cost|availability|benefit|documentation requirements|documentation required\s*:?$|documentation to (?:submit|include|send|attach)\b|documentation notes?\s*:?$|required documentation\s*:?$|(?:program|policy) (?:summary|overview|description)|other information\s*:?$|automation|notes?:?$|notes? (?:to|on|for) (?:the )?(?:sections?|parts?|tables?|criteria|items?)\b[^:.;]{0,24}:?$|(?:clinical |pharmacist |utilization )?review(?:er)?s?'?\s+(?:notes?|guidance|instructions|tips)\s*:?$|notes? (?:to|for) (?:the )?(?:clinical )?reviewers?\s*:?$|preferred products?|formulary|scope\b|procedures?\s*:?$|responsibilit|(?:prescriptions?|drugs?|medications?|products?|agents?|requests?) (?:that|which) requires? prior authori[sz]ation\b|alternatives?(?: covered)? (?:services|treatments?|therap(?:y|ies)|agents|drugs|medications|products)\s*:?$)/i;

/** a section's own statement that what follows is not criteria */
const NOT_CRITERIA_LEAD_RE =
  /\b(?:are|is) not (?:approval |coverage |clinical |medical necessity |prior authori[sz]ation )?(?:criteria|requirements)\b|\bnot (?:additional|separate|further) (?:coverage |approval )?criteria\b|\bnot by itself a reason for denial\b|\(\s*(?:for information(?: only)?\s*[;,]\s*)?not (?:approval |coverage |clinical )?criteria\s*\)|\(\s*for information(?: only)?\s*\)|\bfor (?:informational purposes|information|reference) only\b|\bnot (?:to be )?used (?:as|for) (?:approval|coverage) (?:criteria|decisions)\b|\b(?:does|do) not add (?:(?:coverage|approval|clinical) )?(?:criteria|requirements)\b/i;

/**
 * A bibliographic reference ("Ommen SR, et al. 2024 … guideline for … Circulation. 2024;149:e1239-e1311",
 * "X capsules prescribing information. Maker; revised 2025."): the source of a policy's criteria, never
 * a criterion — author lists with "et al.", a journal's year;volume:pages, a label's revision line.
 */
const CITATION_RE =
  /\bet al\.|\b(?:19|20)\d{2}\s*;\s*\d+(?:\(\d+\))?\s*:\s*e?\d+|\bprescribing information\b.{0,80}?[;,]\s*(?:(?:revised|rev\.|updated)\s+)?(?:\d{1,2}\/)?\d{4}\b/;
/** a section whose items are all bibliographic references (a "Sources for the criteria" list) */
const citationSection = (s: { items: OutlineItem[] }) => s.items.length > 0 && s.items.every((i) => CITATION_RE.test(i.text));

const saysNotCriteria = (s: { heading: string; preamble: DocLine[]; items?: OutlineItem[] }) =>
  (s.items ? citationSection({ items: s.items }) : false) ||
  DEFINITION_LIST_HEAD_RE.test(s.heading.trim()) ||
  NOT_CRITERIA_LEAD_RE.test([s.heading, ...s.preamble.slice(0, 2).map((l) => l.text)].join(" ")) ||
  // "Section 6 - Documentation checklist", "Part 3: Definitions": the title after its number
  /^(?:section|part)\s+\S+\s*[-–:.]\s*(?:documentation checklist|checklist|(?:hemodynamic |clinical )?reference|definitions|background|references)\b/i.test(
    s.heading,
  );

const isGenericTitle = (t: string) =>
  /^(?:initial(?: therapy| approval(?: criteria)?| authori[sz]ation(?: criteria)?| treatment| request)?|approval criteria|coverage criteria|criteria(?: for (?:initial )?(?:approval|coverage|authori[sz]ation))?|clinical criteria|medical necessity criteria|prior authorization criteria|fda-approved indications?|other uses with supportive evidence|(?:[a-z0-9 -]+ )?will be approved based on .*|(?:the )?(?:patient|member) (?:must )?meets? .*|(?:an? )?(?:exception|approval|authori[sz]ation|coverage)s? (?:is|are|will be|may be) (?:granted|approved|authori[sz]ed|provided)\b.*)$/i.test(
    t.replace(/\s*\([^)]*\)/g, "").trim(),
  );

function stripConnector(s: string): string {
  return s
    .replace(/(?:[;,]|\s)\s*-?\s*(?:AND|OR|and|or)\s*-?\s*$/, "")
    .replace(/[;,]\s*$/, "")
    .trim();
}

/**
 * "A. Clinical atherosclerotic cardiovascular disease (ASCVD)" on a line of its own, followed by a
 * lead-in paragraph ("For members with clinical ASCVD (history of …) when ALL of the following
 * criteria are met:") and the numbered criteria: the heading line is the indication's title. Only
 * where the whole text is too long to be a title (the indication was otherwise lost); null elsewhere.
 */
function headingLine(item: OutlineItem): string | null {
  if (!item.children.length || item.lines.length < 2 || titleOf(item).length < 140) return null;
  const first = item.lines[0].text.replace(/^\s*(?:[IVX]+|[A-Z]|\d{1,2})[.)]\s+/, "").trim();
  const second = item.lines[1].text.trim();
  if (first.length < 3 || first.length > 100 || /[,;:-]$|\b(?:and|or|of|with|the|a|an|to|for|by|in|who|when|if)$/i.test(first)) return null;
  if (CRITERION_LEAD_RE.test(first) || !/^[A-Z]/.test(second)) return null;
  return first.replace(/[.:]$/, "");
}

/** Title of an item: its text up to the first sentence / "Approve" clause / colon. */
function titleOf(item: OutlineItem): string {
  const t = item.text;
  const cut = t.split(/\.\s|\s\((?:must|regardless)|:\s|\. Approve|\(A or B\)|\s[-–]\s(?=approve|initial)|\s(?:approve|authori[sz]ation of|coverage of)\b/i)[0];
  return stripConnector(cut)
    .replace(/[.:]$/, "")
    .replace(/\s*\[[^\]]*\]\s*/g, " ")
    .replace(/\s*\{[^}]*\}\s*/g, " ")
    .trim();
}

/** Group operator an item announces for its children. */
function groupOp(text: string, children: OutlineItem[]): { op: "any" | "all"; min?: number } {
  const t = text.replace(/\([^)]*\)/g, (m) => (/\b(?:or|and)\b/.test(m) ? m : " "));
  const atLeast = /\bat least (two|three|four|2|3|4) of the following\b|\b(two|three|2|3) of the following\b/i.exec(t);
  if (atLeast) return { op: "any", min: { two: 2, three: 3, four: 4 }[(atLeast[1] ?? atLeast[2]).toLowerCase()] ?? Number(atLeast[1] ?? atLeast[2]) };
  // "as indicated by 1 or more of the following", "2 or more of the following" (care guidelines)
  const orMore = /\b(one|two|three|four|1|2|3|4)\s+or\s+more\s+of\s+the\s+following\b/i.exec(t);
  if (orMore) {
    const n = { one: 1, two: 2, three: 3, four: 4 }[orMore[1].toLowerCase()] ?? Number(orMore[1]);
    return n > 1 ? { op: "any", min: n } : { op: "any" };
  }
  if (/\b(?:ONE|any|either) of the following\b|\bat least one of the following\b|\bmust meet (?:one|1|at least one)\b|\bONE of\b|\beither\b/i.test(t))
    return { op: "any" };
  if (/\bALL of the following\b|\bmust meet all\b|\bBOTH of the following\b|\bboth\b/i.test(t)) return { op: "all" };
  // the children's markers spelled out: "(a or b)", "(a, b, or c)" / "(i and ii)"
  const spelled = /\(((?:[a-z0-9]{1,4}[.)]?\s*,\s*)*[a-z0-9]{1,4}[.)]?\s*,?\s*(or|and)\s+[a-z0-9]{1,4}[.)]?)\)/i.exec(text);
  if (spelled) return { op: /or/i.test(spelled[2]) ? "any" : "all" };
  // connectors written on the children ("...; OR"), or a statute's "…; or" before its last item
  const ors = children.filter((c) => /\bOR\s*$|;\s*or\s*$/.test(c.text.trim())).length;
  const ands = children.filter((c) => /\bAND\s*$|;\s*and\s*$/.test(c.text.trim())).length;
  if (ors > ands && ors > 0) return { op: "any" };
  return { op: "all" };
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// criteria from outline items

/** Trial terms a header gives its children ("Failure of one of the following, each for ≥ 3 months"). */
function inheritTrial(head: Criterion, child: Criterion): Criterion {
  if (head.kind !== "prior_therapy") return child;
  if (child.kind === "all" || child.kind === "any") return { ...child, items: child.items.map((c) => inheritTrial(head, c)) };
  if (child.kind === "prior_therapy") {
    return {
      ...child,
      min_days: child.min_days ?? head.min_days,
      allow_intolerance: child.allow_intolerance || head.allow_intolerance,
      allow_contraindication: child.allow_contraindication || head.allow_contraindication,
      excluded_drugs: [...new Set([...child.excluded_drugs, ...head.excluded_drugs])],
      count: child.count,
    };
  }
  return child;
}

/** A child that only names agents ("(b) Topical calcineurin inhibitor [e.g., Elidel]") under a trial header. */
function agentChild(head: Criterion, child: OutlineItem, r: Reader): Criterion | null {
  if (head.kind !== "prior_therapy") return null;
  let c = parseCriterion(`trial of ${stripConnector(child.text)}`, child.note, r.ctx);
  // "an antispasmodic (dicyclomine or hyoscyamine)": a class the reader does not know, named by its
  // members in parentheses — the members are the agents
  const members = /\(([^()]{3,120})\)/.exec(child.text)?.[1];
  if (c.kind !== "prior_therapy" && members && drugsNamedIn(members).length) c = parseCriterion(`trial of ${members}`, child.note, r.ctx);
  if (c.kind !== "prior_therapy") return null;
  return {
    ...c,
    text: stripConnector(child.text),
    passage: cite(r, child.lines),
    min_days: head.min_days,
    allow_intolerance: head.allow_intolerance,
    allow_contraindication: head.allow_contraindication,
    count: 1,
  };
}

/**
 * A list header that sets the terms of a trial without naming a drug ("Failure of at least one of
 * the following, each used for >= 3 consecutive months, unless clinically significant adverse
 * effects are experienced:"): a prior-therapy template its children inherit, or null.
 */
function trialTemplate(text: string): CriterionOf<"prior_therapy"> | null {
  if (!/\b(?:failure|failed|fail|trial|tried|inadequate (?:response|control)|intoleran\w*)\b/i.test(text) || !/\b(?:following|below|these)\b/i.test(text))
    return null;
  return {
    kind: "prior_therapy",
    text,
    drugs: [],
    classes: [],
    excluded_drugs: [],
    min_days: parseMinDuration(text),
    count: 1,
    different_classes: false,
    all_classes: false,
    allow_intolerance: /\b(?:intoleran\w*|not tolerated|adverse (?:effects?|events?|reactions?)|side effects?)\b/i.test(text),
    allow_contraindication: /\bcontraindicat\w*/i.test(text),
    require_intolerance: false,
    confidence: "high",
  };
}

/**
 * Lists whose items are only names, read as one requirement:
 * - "Prescribed by one of the following: Dermatologist / Allergist / Immunologist" → one prescriber
 *   criterion naming every specialty;
 * - "Patient is not receiving <drug> in combination with any of the following: Anti-IL-5 therapy
 *   [e.g., Nucala (mepolizumab)] / Anti-IgE therapy [e.g., Xolair (omalizumab)]" → no concurrent use
 *   of any of them (the example drugs are the members of each class).
 * Null for any other list.
 */
function listCriterion(text: string, kids: OutlineItem[], r: Reader, passage: Citation | null): Criterion | null {
  const names = kids.map((k) => stripConnector(k.text));
  // "The patient does NOT have any FDA labeled contraindications to the requested agent, including:
  // A. … C. Severe untreated sleep apnea D. …": the lead's negation is every item's — each listed
  // thing must be absent, never a diagnosis or a use the request must show
  if (NEGATED_LIST_LEAD_RE.test(text) && kids.every((k) => !k.children.length)) {
    const items: Criterion[] = names.map((n) => {
      const c = parseCriterion(`The patient does not have ${n.replace(/^(?:a|an|the)\s+/i, "").replace(/[.;]\s*$/, "")}`, "", r.ctx);
      return c.kind === "documentation" && c.absence
        ? { ...c, text: n, passage }
        : { kind: "human_review", text: n, why: "An item of a list of things that must be absent, not read as an absence.", passage, confidence: "low" };
    });
    return items.length === 1 ? items[0] : { kind: "all", items, text, passage, confidence: "high" };
  }
  if (/\bprescribed by\b|\bin consultation with\b/i.test(text)) {
    const per = names.map((n) => parseSpecialties(n));
    if (per.every((p) => p.length > 0))
      return { kind: "prescriber", specialties: [...new Set(per.flat())], text: `${text} ${names.join("; ")}`, passage, confidence: "high" };
  }
  if (/\bnot\b[^:]{0,60}\b(?:in combination|concurrently|concomitantly|together)\b[^:]{0,40}\b(?:any|either|one|each) of the following\b/i.test(text)) {
    const items: Criterion[] = names.map((n) => {
      const drugs = drugsNamedIn(n).filter((d) => !r.ctx.drugNames.some((o) => o.toLowerCase() === d));
      // the examples name the class's members; a class read from the item's words alone can be
      // broader than the item ("Anti-IgE therapy" is not every asthma biologic)
      const classes = drugs.length ? [] : classesNamedIn(withoutExamples(n)).map((c) => c.name);
      return drugs.length || classes.length
        ? { kind: "no_concurrent", text: n, drugs, classes, passage, confidence: "high" }
        : { kind: "human_review", text: n, why: "The list item names no drug or class the reader knows.", passage, confidence: "low" };
    });
    return items.length === 1 ? items[0] : { kind: "all", items, text, passage, confidence: "high" };
  }
  return null;
}

/** True when two items require the same test with opposite results (no patient can meet both). */
function contradictory(items: Criterion[]): boolean {
  const tests = items.flatMap((c) =>
    c.kind === "test_result" ? [c] : c.kind === "all" ? c.items.filter((i): i is CriterionOf<"test_result"> => i.kind === "test_result") : [],
  );
  return tests.some((a) =>
    tests.some(
      (b) => a !== b && a.test === b.test && ((a.result === "negative" && b.result === "positive") || (a.result === "positive" && b.result === "negative")),
    ),
  );
}

/**
 * An age band that leads a requirement ("Adults 18 years and older: BMI of 30 kg/m2 or greater",
 * "Members 12 to 17 years: BMI at or above the 95th percentile"): group 1 is the band, group 2 the
 * requirement for members in it.
 */
const AGE_BAND_RE =
  /^((?:adults?|adolescents?|children|pediatric(?: patients| members)?|(?:patients|members|individuals)(?: aged?)?|aged?)\s*\(?\s*(?:aged?\s*)?\d{1,2}\s*(?:years?(?: of age| old)?\s*)?(?:(?:and|or) (?:older|over|above)|\+|(?:to|through|[-–])\s*\d{1,2}\s*(?:years?(?: of age| old)?)?|(?:and|or) younger|(?:or )?less)\s*\)?)\s*[:–-]\s*(.{4,})$/i;

/**
 * A requirement for one age band: the band's age criterion AND the requirement, so a sibling band
 * written for other ages reads as an alternative (see itemCriterion), never as a rule every member
 * must meet. Null when `text` does not lead with an age band.
 */
function ageBandCriterion(text: string, note: string, r: Reader, passage: Citation | null): Criterion | null {
  const m = AGE_BAND_RE.exec(text);
  if (!m) return null;
  const nums = [...m[1].matchAll(/\d{1,2}/g)].map((x) => Number(x[0]));
  const range = /(?:to|through|[-–])\s*\d/.test(m[1]);
  const below = /younger|less/i.test(m[1]);
  // max_years is exclusive, as the age reader writes it: "12 to 17 years" is 12 ≤ age < 18
  const age: CriterionOf<"age"> = {
    kind: "age",
    text: m[1],
    confidence: "high",
    ...(below ? { max_years: nums[0] + 1 } : { min_years: nums[0] }),
    ...(range && nums[1] != null ? { max_years: nums[1] + 1 } : {}),
  };
  const rest = m[2].trim();
  const req = inlineAlternatives(rest, note, r, passage) ?? { ...parseCriterion(rest, note, r.ctx), passage };
  return { kind: "all", items: [{ ...age, passage }, req], text, passage, confidence: "high" };
}

/** a list lead whose negation covers every listed item ("does NOT have any … contraindications …, including:", "none of the following:") */
const NEGATED_LIST_LEAD_RE =
  /\b(?:(?:does|do|did) not have any\b[^:]{0,100}|has none of the following\b[^:]{0,40}|none of the following\b[^:]{0,40}|(?:no|without) (?:history of )?any of the following\b[^:]{0,40})(?:,?\s*(?:including|such as))?\s*:\s*$/i;

/** Convert an outline item (with its children) into one criterion. */
function itemCriterion(item: OutlineItem, r: Reader): Criterion {
  const passage = cite(r, item.lines);
  const text = stripConnector(item.text);
  const kids = item.children.filter((c) => !isContinuation(c, r));
  if (kids.length) {
    const listed = listCriterion(text, kids, r, passage);
    if (listed) return listed;
    const { op, min } = groupOp(item.text, kids);
    const parsedHead = parseCriterion(text.replace(/:\s*$/, ""), item.note, r.ctx);
    const head = parsedHead.kind === "prior_therapy" ? parsedHead : (trialTemplate(text) ?? parsedHead);
    let items = kids.map((c) => agentChild(head, c, r) ?? inheritTrial(head, itemCriterion(c, r)));
    // "Baseline screening, ALL resulted within the 90 days before the request: a. lymphocyte count …":
    // the header's window applies to every result listed under it
    const window = parseRecency(text.split(/:\s*/)[0]);
    if (window != null) items = items.map((c) => withWindow(c, window));
    // a header that is itself a requirement besides its list ("Diagnosis of X, confirmed by one of:")
    // "Over-the-counter pyridoxine … for at least seven days, with: (a) … (b) …": a header that sets a
    // duration of its own is a requirement beside its list — never dropped for the items under it
    const lead = headRequirement(text, head) ?? headDuration(text, head);
    // "(i and ii)" over mutually exclusive items (Ph-negative disease / Ph-positive disease): both are
    // covered, one at a time — read as alternatives, never as two requirements no patient can meet
    // children that are each an age band ("Adults 18 years and older: …" / "Members 12 to 17 years:
    // …") are alternatives: a member is in one band
    const ageBands = kids.length > 1 && kids.every((k) => AGE_BAND_RE.test(stripConnector(k.text)));
    const opFinal = op === "all" && (contradictory(items) || ageBands) ? "any" : op;
    if (lead && opFinal === "any")
      return {
        kind: "all",
        items: [lead, { kind: "any", items, ...(min ? { min } : {}), text, passage, confidence: "high" }],
        text,
        passage,
        confidence: "high",
      };
    if (lead) items = [lead, ...items];
    return { kind: opFinal, items, ...(min ? { min } : {}), text, ...(item.note ? { note: item.note } : {}), passage, confidence: "high" } as Criterion;
  }
  const band = ageBandCriterion(text, item.note, r, passage);
  if (band) return band;
  const positivePath = positiveResultPath(text, item.note, r, passage);
  if (positivePath) return positivePath;
  const alt = inlineAlternatives(text, item.note, r, passage);
  if (alt) return alt;
  return { ...parseCriterion(text, item.note, r.ctx), passage };
}

/**
 * "a negative tuberculosis screening test within 12 months before the first dose; a member with a
 * positive test must have started treatment of latent tuberculosis before the first dose": the clause
 * after the semicolon is the other path for the other result, never a second requirement of every
 * member — the two are alternatives (the negative test, or the positive test's treatment). Returns null
 * when the text is not a negative-result requirement followed by such a positive-result clause.
 */
function positiveResultPath(text: string, note: string, r: Reader, passage: Citation | null): Criterion | null {
  const m = /^(.*\bnegative\b[^;]*);\s*((?:a|an|the|any)\s+(?:member|patient|individual)s?\s+with\s+a\s+positive\b[^;]*\bmust\b[^;]*)$/i.exec(
    text.replace(/[.]\s*$/, ""),
  );
  if (!m) return null;
  const first = { ...parseCriterion(m[1].trim(), note, r.ctx), passage } as Criterion;
  const second = { ...parseCriterion(m[2].trim(), "", r.ctx), passage } as Criterion;
  return { kind: "any", items: [first, second], text, passage, confidence: "high" };
}

/** `c` with the policy's own upper limit of normal on each "x ULN" lab criterion of a measure it defines one for. */
function withPolicyUln(c: Criterion, ulns: Map<string, { any?: number; male?: number; female?: number }>): Criterion {
  if (c.kind === "lab" && c.relative === "upper" && ulns.has(c.measure)) return { ...c, uln: ulns.get(c.measure) };
  if (c.kind === "all" || c.kind === "any") return { ...c, items: c.items.map((i) => withPolicyUln(i, ulns)) };
  return c;
}

/** `c` with a recency window of `days` on each lab or test result that states none of its own. */
function withWindow(c: Criterion, days: number): Criterion {
  if ((c.kind === "lab" || c.kind === "test_result") && c.within_days == null) return { ...c, within_days: days };
  if (c.kind === "all" || c.kind === "any") return { ...c, items: c.items.map((i) => withWindow(i, days)) };
  return c;
}

/** "for at least seven days", "for a minimum of 3 months": a duration a header sets */
const HEAD_DURATION_RE =
  /\bfor\s+(?:at\s+least|a\s+minimum\s+of|no\s+less\s+than|≥|>=)\s*(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\s*(?:\(\d{1,3}\)\s*)?(?:consecutive\s+)?(?:days?|weeks?|months?)\b/i;

/**
 * A list header read as documentation that sets a duration of its own ("Over-the-counter pyridoxine,
 * alone or with over-the-counter doxylamine, for at least seven days, with:"): the header's sentence,
 * without its list lead-out, as a requirement beside the items (null otherwise). A trial header
 * (prior_therapy) passes its duration to its items instead (inheritTrial).
 */
function headDuration(text: string, head: Criterion): Criterion | null {
  if (head.kind !== "documentation" || !HEAD_DURATION_RE.test(text)) return null;
  const own = text
    .replace(
      /,?\s*(?:with|and|including|as follows|documented by|as (?:evidenced|shown|indicated) by)?\s*(?:(?:one|all|both|each|any|at least one|\d+)\s+(?:or more\s+)?of\s+the\s+following)?\s*:\s*$/i,
      "",
    )
    .trim();
  return own.length > 8 ? { ...head, text: own } : null;
}

/** The part of a list header that is a requirement of its own ("Diagnosis of X confirmed by ONE of:"). */
function headRequirement(text: string, head: Criterion): Criterion | null {
  // "Relapsed or refractory B-ALL (i and ii):" — a diagnosis with its disease state
  if (head.kind === "all" && head.items[0]?.kind === "diagnosis" && !/\bfollowing\b/i.test(text))
    return { ...head, text: text.replace(/\s*\([a-z0-9, ]+(?:and|or)[a-z0-9 ]+\)\s*:?\s*$/i, "").trim() };
  if (head.kind === "diagnosis" || head.kind === "age" || head.kind === "prescriber") {
    const lead = text.split(
      /,?\s*(?:confirmed|as evidenced|documented|supported|defined) by\b|,?\s*(?:and|who|with) (?:meets?|has) (?:one|all|both|at least)/i,
    )[0];
    if (lead.length > 8 && !/\bfollowing\b/i.test(lead)) return { ...head, text: lead.trim(), confidence: "high" };
  }
  return null;
}

/**
 * "(a) ...; (b) ...; or (c) ..." written inside one item, or "X, or has Y" alternatives.
 * Null when the item holds one requirement.
 */
function inlineAlternatives(text: string, note: string, r: Reader, passage: Citation | null): Criterion | null {
  const aAt = text.search(/(^|\s)\((?:a|i|1)\)\s/);
  if (aAt >= 0 && /\s\((?:b|ii|2)\)\s/.test(text.slice(aAt)) && (aAt === 0 || /\bfollowing\b|:\s*$|\bof\b\s*$|\bby\b\s*$/i.test(text.slice(0, aAt)))) {
    const lead = text.slice(0, aAt);
    const alts = text
      .slice(aAt)
      .split(/\s*(?:;|,)?\s*(?:(?:or|and)\s+)?\((?:[a-h]|i{1,3}|iv|v|\d)\)\s*/i)
      .map((s) => stripConnector(s.trim()))
      .filter(Boolean);
    if (alts.length >= 2) {
      const op: "any" | "all" =
        /\b(?:ONE|any|either)\b/i.test(lead) && !/\bALL\b|\bboth\b/i.test(lead)
          ? "any"
          : /\bALL\b|\bboth\b/i.test(lead)
            ? "all"
            : /[;,]?\s+or\s+\((?:[b-h]|ii|2)\)/i.test(text)
              ? "any"
              : "all";
      const items = alts.map((a) => ({ ...parseCriterion(a, "", r.ctx), passage }));
      const head = parseCriterion(lead.replace(/:\s*$/, ""), note, r.ctx);
      const headReq = headRequirement(lead, head);
      if (headReq) return { kind: "all", items: [headReq, { kind: op, items, text, passage, confidence: "high" }], text, passage, confidence: "high" };
      return { kind: op, items: head.kind === "prior_therapy" ? items.map((i) => inheritTrial(head, i)) : items, text, passage, confidence: "high" };
    }
  }
  // "Member has perianal or fistulizing disease, or has previously received a biologic"
  const alt = /,\s+or\s+(?=(?:has|have|had|is|was|were|the patient|the member|patient|member|documentation)\b)/i.exec(text);
  if (alt && !/\bONE of\b|\bALL of\b/i.test(text) && !/\b(?:to|with|of|for|on|in|from|by)\s*$/i.test(text.slice(0, alt.index))) {
    const first = text.slice(0, alt.index).trim();
    // "has tried at least one biologic … for at least 3 months, or was intolerant to it": one trial
    // requirement that also accepts intolerance, never a loose "intolerant" item met by any mention
    const rest = text.slice(alt.index + alt[0].length).trim();
    if (
      /^(?:was|were|is|are|has been|have been)\s+(?:intolerant|unable to tolerate)\b[^.;]{0,20}\b(?:it|them|this|these|that agent|those agents)\b\s*[.;]?$/i.test(
        rest,
      )
    ) {
      const trial = parseCriterion(first, note, r.ctx);
      if (trial.kind === "prior_therapy") return { ...trial, allow_intolerance: true, text, passage };
    }
    const subject = /^((?:the )?(?:patient|member)\s+)/i.exec(first)?.[1] ?? "";
    const second = subject + text.slice(alt.index + alt[0].length).trim();
    const a = { ...parseCriterion(first, note, r.ctx), passage };
    let b: Criterion = { ...parseCriterion(second, note, r.ctx), passage };
    // "..., OR has contraindications to them": the pronoun names the first clause's drugs
    if (
      (b.kind === "contraindication" || b.kind === "prior_therapy") &&
      !b.drugs.length &&
      !b.classes.length &&
      a.kind === "prior_therapy" &&
      /\b(?:them|these|those|it|this|such agents|such drugs)\b/i.test(second)
    )
      b = { ...b, drugs: a.drugs, classes: a.classes, confidence: "high" };
    return { kind: "any", items: [a, b], text, passage, confidence: "high" };
  }
  return null;
}

/** "Approve for 6 months if the patient is ≥ 18 years, has tried two NSAIDs ..., and is prescribed by ..." */
const ONE_SENTENCE_RE =
  /\b(?:approve(?:d)?(?: for [^.;:]{1,40}?)?|authori[sz]e(?:d)?(?: for [^.;:]{1,40}?)?|(?:is|are) (?:considered )?(?:covered|medically necessary)|may be (?:approved|authori[sz]ed))\s+(?:if|when|provided(?: that)?|for (?:patients|members|individuals) who)\s+|\bmay be granted for (?:members|patients|individuals)\s+(?=(?:aged?\s+)?\d{1,2}\s+years?\b|with\b|who\b)(?!(?:the )?(?:patient|member|individual)s? (?:meets?|satisf(?:y|ies)) (?:ALL|ONE|ANY|EITHER|BOTH|the following)\b|(?:ALL|ONE|ANY|EITHER|BOTH) of\b|the following\b)/i;
const SUBJECT_START =
  "(?:(?:the|a|an)\\s+)?(?:patient|member|individual|medication|drug|request|prescriber|requested)\\b|(?:has|have|had|is|are|was|were|tried|failed|received|prescribed|there is|documentation|diagnosis|age)\\b";

/** Criteria of a one-sentence approval rule (top-level "; or" gives alternatives). */
export function sentenceCriteria(sentence: string, r: Reader, passage: Citation | null): Criterion[] {
  const m = ONE_SENTENCE_RE.exec(sentence);
  let body = m ? sentence.slice(m.index + m[0].length) : sentence;
  body = body
    .replace(/\s*\((?:[A-Za-z0-9]{1,4}(?:,\s*|\s+(?:and|or)\s+|,\s*(?:and|or)\s+))+[A-Za-z0-9]{1,4}\)\s*:?\s*$/, "")
    .replace(/[.:;]+\s*$/, "")
    .trim();
  if (!body) return [];
  const alts = body.split(/\s*;\s*or\s+(?:if\s+)?|,\s*or\s+if\s+|\s+or\s+if\s+/i).filter((x) => x.trim());
  const groups = alts.map((a) => conjuncts(a).map((c) => clauseCriterion(c, r, passage)));
  if (groups.length === 1) return groups[0];
  return [
    {
      kind: "any",
      items: groups.map((g, i) => (g.length === 1 ? g[0] : { kind: "all" as const, items: g, text: alts[i].trim(), passage, confidence: "high" as const })),
      text: body,
      passage,
      confidence: "high",
    },
  ];
}

function conjuncts(text: string): string[] {
  const subj = new RegExp(`^(?:${SUBJECT_START})`, "i");
  const out: string[] = [];
  for (const part of text.split(/\s*;\s*(?:and\s+)?/)) {
    const re = new RegExp(
      `,\\s*(?:and\\s+)?(?=${SUBJECT_START})|\\s+and\\s+(?=(?:(?:the|a|an)\\s+)?(?:requested\\s+)?(?:patient|member|individual|medication|drug|prescriber)\\b|(?:has|have|is|was|had)\\s)`,
      "gi",
    );
    let last = 0;
    let mm: RegExpExecArray | null;
    const pieces: string[] = [];
    while ((mm = re.exec(part))) {
      pieces.push(part.slice(last, mm.index));
      last = mm.index + mm[0].length;
    }
    pieces.push(part.slice(last));
    // "18 years of age or older with relapsing or refractory EGPA": the age, and the disease (with its state)
    const split = pieces.flatMap((x) => {
      const m = /^(.*?\byears?(?: of age| old)? (?:or|and) (?:older|over))\s+with\s+(.{4,})$/i.exec(x.trim());
      return m ? [m[1], `Diagnosis of ${m[2]}`] : [x];
    });
    for (const p of split.map((x) => x.trim()).filter(Boolean)) {
      if (out.length && !subj.test(p) && p.split(/\s+/).length <= 3) out[out.length - 1] += `, ${p}`;
      else out.push(p);
    }
  }
  return out;
}

function clauseCriterion(clause: string, r: Reader, passage: Citation | null): Criterion {
  let c = clause.trim().replace(/^(?:and|that)\s+/i, "");
  if (/^(?:is|has|have|had|was|tried|failed|received|meets|does|did)\b/i.test(c)) c = `Patient ${c}`;
  c = c.replace(/((?:>=|≥|at least|aged?)\s*\d+\s*(?:years?|yrs?))\b(?!\s*(?:of age|old))/i, "$1 of age");
  return inlineAlternatives(c, "", r, passage) ?? { ...parseCriterion(c, "", r.ctx), passage };
}

function durationText(d: string): string {
  const m = /\b(\d+|one|two|three|six|twelve)\s*(?:\(\d+\)\s*)?(months?|years?|weeks?|days?)\b/i.exec(d);
  return m
    ? `${m[1]} ${m[2]}`
    : d
        .replace(DURATION_LINE_RE, "")
        .replace(/^[:\s]+/, "")
        .trim() || d;
}

function durationOf(item: OutlineItem): string | null {
  const d = walk([item]).flatMap((i) => i.durations)[0];
  if (d) return durationText(d);
  const m = /approve for (\d+ (?:months?|years?|weeks?|days?)|1 year)|authori[sz]ation (?:of|for) (\d+ (?:months?|years?))/i.exec(item.text);
  return m ? (m[1] ?? m[2]) : null;
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// outline policies: find the indications

/**
 * A renewal section: named so ("Continued Therapy", "Reauthorization", "Renewal"), or "Patient is
 * currently receiving <the requested drug>" — not "currently receiving another antidiabetic", which is
 * an initial criterion.
 */
function isContinuation(item: OutlineItem, r?: Reader): boolean {
  const head = item.text.slice(0, 160);
  if (/\binitial\b/i.test(head.slice(0, 40))) return false;
  if (
    /\bcontinu(?:ation|ed) (?:of )?(?:therapy|approval|use|treatment|coverage)\b|\brenewal\b|\bre-?authori[sz]ation\b|\brecertification\b|\bestablished on (?:therapy|treatment)\b|\bsubsequent (?:approval|authorization)\b/i.test(
      head,
    )
  )
    return true;
  if (!/currently (?:receiving|on|taking|using)\b/i.test(head)) return false;
  const rest = head.slice(head.search(/currently (?:receiving|on|taking|using)/i));
  const own = (r?.ctx.drugNames ?? []).some((d) => d.length > 3 && rest.toLowerCase().includes(d.toLowerCase()));
  return (
    own ||
    /\b(?:the requested|this|the) (?:medication|drug|product|agent)\b|\b(?:an?|the) [a-z-]+ product\b|approve for/i.test(rest) ||
    (item.children.length > 0 && APPROVAL_LEAD_RE.test(item.text))
  );
}

function isExclusionItem(item: OutlineItem): boolean {
  return EXCLUSION_HEAD_RE.test(item.text.slice(0, 120)) && !APPROVAL_LEAD_RE.test(item.text) && (item.children.length > 0 || /:\s*$/.test(item.text));
}

/**
 * An item worded as a requirement ("Diagnosis of CRSwNP defined by all of the following",
 * "Prescribed by one of the following", "History of failure of ..."), which is a criterion with
 * sub-criteria, never an indication heading — even when it names a condition.
 */
const CRITERION_LEAD_RE =
  /^(?:(?:a |the )?(?:confirmed |documented )?diagnosis (?:of|is)|prescribed|history of|documentation|submission|(?:the )?patient|(?:the )?member|(?:the )?(?:individual|enrollee|beneficiary|recipient)\b|trial|failure|inadequate|intoleran|contraindicat|one of the following|all of the following|both of the following|used (?:in combination|as)|not (?:used|receiving)|age\b|dose|quantity|requested|prescriber)/i;

/** a sentence about the person the request is for ("Individual meets ONE of the following …"): a requirement, not a sub-path */
const SUBJECT_LEAD_RE = /^(?:the )?(?:patient|member|individual|enrollee|beneficiary|recipient)\b/i;

/** An item whose children are indications or initial/continuation sections, not criteria. */
function isStructural(item: OutlineItem, r: Reader): boolean {
  // "Approve if the individual meets ALL of the following criteria (i, ii, iii, and iv)": a list of
  // requirements, each one needed, even when one of them is itself a choice ("ii. Individual meets ONE
  // of the following (a, b, or c)")
  const allOf = /\b(?:meets?|meet) all of the following\b|\ball of the following (?:criteria|are met|must be met)\b/i.test(item.text);
  return item.children.some(
    (c) =>
      isContinuation(c, r) ||
      /^initial\b/i.test(titleOf(c)) ||
      // "1. For <generic> (<Brand>) - initial requests, ALL of the following:": a section per drug
      (c.children.length > 0 && /^for\b/i.test(titleOf(c)) && !!sectionDrugs(titleOf(c), r.ctx.drugNames)) ||
      (!allOf && APPROVAL_LEAD_RE.test(c.text.slice(0, 160)) && (c.children.length > 0 || ONE_SENTENCE_RE.test(c.text)) && !SUBJECT_LEAD_RE.test(c.text)) ||
      (!allOf &&
        indicationTerms(titleOf(c)).understood &&
        !CRITERION_LEAD_RE.test(c.text.trim()) &&
        c.children.some((g) => g.children.length > 0 || APPROVAL_LEAD_RE.test(g.text))),
  );
}

/** an age in an approval lead ("… may be granted for members 6 years of age or older with …") */
const LEAD_AGE_RE = /\b(?:members|patients|individuals|adults|children)\s+(?:aged?\s+)?(\d{1,2})\s+years?(?: of age| old)? (?:or|and) older\b/i;
/**
 * "… is considered medically necessary when the drug is administered by an Ophthalmologist and ALL of
 * the following criteria are met:": a prescriber written in the lead of a criteria list is a requirement
 * of the list like its items (group 1: the prescriber clause).
 */
const LEAD_PRESCRIBER_RE =
  /\b((?:prescribed|administered|ordered|given|managed|initiated)\s+by(?:,?\s+or\s+in\s+consultation\s+with,?)?\s+(?:an?\s+|the\s+)?[^,;:.]{3,80}?)\s+and\s+(?:all|both|each|one|any|the following)\b/i;

/** The prescriber requirement a list's lead states (LEAD_PRESCRIBER_RE) as a criterion cited at `lines`, or null when it states none the parser reads as a specialty. */
function leadPrescriber(lead: string, r: Reader, lines: DocLine[]): Criterion | null {
  const m = LEAD_PRESCRIBER_RE.exec(lead);
  if (!m) return null;
  const p = parseCriterion(m[1], "", r.ctx);
  return p.kind === "prescriber" ? { ...p, passage: cite(r, lines) } : null;
}

interface Found {
  title: string;
  item: OutlineItem;
  criteria: Criterion[];
  duration: string | null;
  /** requirements written beside this path's list were not read into it */
  incomplete?: boolean;
  /** the block sits under a drug's heading of a class document (its title "<drug> — <indication>") */
  drugScoped?: boolean;
}

function collect(item: OutlineItem, inherited: string | null, r: Reader, out: Found[], exclusions: Criterion[]) {
  if (isContinuation(item, r)) {
    r.continuation.push({
      text: item.text.slice(0, 300),
      passage: cite(r, item.lines),
      why: "Continuation/renewal criteria apply to reauthorization requests only.",
    });
    if (item.children.length) renewalFromItems(item.children, inherited, r);
    else renewalFromText(item.text, item.lines, inherited, r);
    return;
  }
  if (isExclusionItem(item)) {
    exclusions.push(...exclusionList(item.children.length ? item.children : [item], r));
    return;
  }
  const own = headingLine(item) ?? titleOf(item);
  // a numbered "4. References:" or "3. Background" section is no indication, whatever it names
  if (SKIP_HEAD_RE.test(own) && !/criteria/i.test(own)) return;
  const ownIsIndication =
    !isGenericTitle(own) &&
    own.length > 2 &&
    own.length < 140 &&
    !/^(?:the )?(?:patient|member|individual|documentation)\b/i.test(own) &&
    !CRITERION_LEAD_RE.test(item.text.trim());
  const title = ownIsIndication ? own : inherited;
  // "E. Other diagnoses/indications: not covered under this policy."
  if (/\bother (?:diagnoses|indications|uses)\b[^.]{0,40}\bnot (?:covered|authori)/i.test(item.text)) return;
  if (item.children.length && isStructural(item, r)) {
    // a requirement beside the sub-paths that no path took ("i. Individual is 18 years of age or
    // older" next to "ii. … ONE of the following (a, b, or c)") is lost: the paths read here are
    // incomplete, and an incomplete path never approves
    const start = out.length;
    let lost = false;
    for (const c of item.children) {
      const before = out.length;
      collect(c, title, r, out, exclusions);
      // (a section the reader skips by its title — "6. Quantity limits", "References" — or a dosing
      // section ("D. Dose and Duration of Therapy") is no requirement lost beside the paths)
      const head = headingLine(c) ?? titleOf(c);
      const skipped = (SKIP_HEAD_RE.test(head) && !/criteria/i.test(head)) || /^dos(?:e|es|ing|age)\b[^.:;]{0,30}\bduration\b/i.test(head);
      if (out.length === before && !c.children.length && !isContinuation(c, r) && !skipped && CRITERION_LEAD_RE.test(stripConnector(c.text))) lost = true;
    }
    if (lost) for (const f of out.slice(start)) f.incomplete = true;
    return;
  }
  if (item.children.length && (APPROVAL_LEAD_RE.test(item.text) || ownIsIndication || isGenericTitle(own))) {
    const kids = item.children.filter((c) => !isContinuation(c, r));
    for (const c of item.children.filter((c) => isContinuation(c, r)))
      if (c.children.length) renewalFromItems(c.children, title ?? own, r);
      else renewalFromText(c.text, c.lines, title ?? own, r);
    const { op, min } = groupOp(item.text, kids);
    const crit = kids.map((k) => itemCriterion(k, r));
    const criteria =
      op === "any" && crit.length > 1
        ? [
            {
              kind: "any" as const,
              items: crit,
              ...(min ? { min } : {}),
              text: item.text,
              passage: cite(r, item.lines.slice(0, 2)),
              confidence: "high" as const,
            },
          ]
        : crit;
    // "Authorization of 6 months may be granted for members 6 years of age or older with severe asthma
    // when all of the following criteria are met:": the lead's age is a requirement too
    const leadAge = LEAD_AGE_RE.exec(item.text);
    const leadBound = leadAge ? null : titleAgeCriterion(item.text, cite(r, item.lines.slice(0, 2)));
    if (leadAge && !hasAgeCriterion(criteria))
      criteria.unshift({ kind: "age", min_years: Number(leadAge[1]), text: leadAge[0], passage: cite(r, item.lines.slice(0, 2)), confidence: "high" });
    else if (leadBound && !hasAgeCriterion(criteria)) criteria.unshift(leadBound);
    const prescriber = criteria.some((c) => c.kind === "prescriber") ? null : leadPrescriber(item.text, r, item.lines.slice(0, 2));
    if (prescriber) criteria.unshift(prescriber);
    out.push({ title: title ?? own, item, criteria, duration: durationOf(item) });
    return;
  }
  if (
    !item.children.length &&
    ONE_SENTENCE_RE.test(item.text) &&
    !/^(?:the )?(?:patient|member|individual|medication|prescriber|documentation|requested)\b/i.test(item.text)
  ) {
    out.push({ title: title ?? own, item, criteria: sentenceCriteria(item.text, r, cite(r, item.lines)), duration: durationOf(item) });
  }
}

function exclusionList(items: OutlineItem[], r: Reader): Criterion[] {
  const out: Criterion[] = [];
  for (const it of items) {
    const text = stripConnector(it.text);
    if (
      /not (?:listed|addressed) in (?:this|the) policy|non-fda|off-label|\bsection\b|criteria (?:in|above)|thresholds in|unless approved under|other (?:uses|indications|diagnoses)|not listed in|indications? not listed|\bdenied if (?:any|all|the)? ?(?:of the )?(?:approval |above )?criteria (?:are|is) not met/i.test(
        text,
      )
    )
      continue;
    const first = text.split(/(?<=\.)\s+(?=[A-Z])/)[0];
    const parsed = parseExclusion(first, r.ctx);
    // (an entry the parse narrowed to the clause it reads — "Cirrhosis: a liver stiffness above 20
    // kPa" of "Cirrhosis, including a liver stiffness above 20 kPa, a biopsy stage F4, or …" — keeps
    // that reading, so the ways it does not read do not stand as qualifiers of the one it does)
    const narrowed = parsed.kind === "lab" && parsed.text !== first && /\bincluding\b/i.test(first);
    out.push({ ...parsed, text: narrowed ? parsed.text : text, passage: cite(r, it.lines) });
  }
  return out;
}

/** Attach to every indication the passages the reader could not check (documentation / human review). */
function noteUnread(r: Reader, criteria: Criterion[]) {
  const visit = (c: Criterion) => {
    if (c.kind === "all" || c.kind === "any") return c.items.forEach(visit);
    if (c.kind === "human_review") r.unread.push({ text: c.text, passage: c.passage ?? null, why: c.why });
    else if (c.confidence === "low") r.unread.push({ text: c.text, passage: c.passage ?? null, why: "Read with low confidence: needs human review." });
  };
  criteria.forEach(visit);
}

/**
 * Indications written as unnumbered sub-headings ("Criteria for Initial Approval / Eosinophilic
 * Asthma / Authorization of 6 months may be granted for members … when all of the following criteria
 * are met: / A. … B. …", the style of specialty-pharmacy clinical policy bulletins): a short line that
 * names a known condition, with no marker and no sentence end, directly followed by an approval lead
 * ("may be granted", "is medically necessary when", "approve for") becomes a numbered item ("1.
 * Eosinophilic Asthma."), so its lead and lettered criteria nest under it like any numbered indication.
 * Numbering restarts at each section heading. Other lines are returned unchanged.
 */
function numberConditionHeadings(lines: DocLine[]): DocLine[] {
  let n = 0;
  // the section heading the line is under, and whether a numbered item has been read since it
  let section = "";
  let numbered = false;
  return lines.flatMap((l, i) => {
    const t = l.text.trim();
    if (isHeadingLine(l)) {
      n = 0;
      section = t;
      numbered = false;
      return [l];
    }
    const wasNumbered = numbered;
    if (/^\(?\d{1,2}[.)]\s/.test(t)) numbered = true;
    const next = lines[i + 1]?.text ?? "";
    if (
      t.length < 3 ||
      t.length > 70 ||
      /^\(?(?:[IVX]{1,4}|[A-Z]|\d{1,2}|[a-z]{1,4})[.)]\s/.test(t) ||
      /^[•\-–*]/.test(t) ||
      /[.;,]$/.test(t) ||
      !/^[A-Z]/.test(t) ||
      CRITERION_LEAD_RE.test(t) ||
      APPROVAL_LEAD_RE.test(t) ||
      // the title of an indication's criteria: an approval lead follows, or (a title ending in ":")
      // the indication's bulleted or lettered requirements do
      // the indication's bulleted or lettered requirements do; or (a title in title case, "Breast Cancer")
      // its numbered requirements do
      !(
        APPROVAL_LEAD_RE.test(next) ||
        (/:$/.test(t) && /^(?:[•▪◦●○■□☐➢►✓\-–*]|\(?(?:[A-Z]|\d{1,2}|[a-z])[.)])\s/.test(next.trim())) ||
        (t.split(/\s+/).length <= 6 && t.split(/\s+/).every((w) => w.length < 4 || /^[A-Z(]/.test(w)) && /^\(?(?:1|a|A|i)[.)]\s/.test(next.trim())) ||
        // "Chronic thromboembolic pulmonary hypertension (CTEPH, WHO Group 4)" then "1. …": a condition
        // named in sentence case, its abbreviation or group in parentheses, heading its numbered criteria
        // (a dagger after it marks an FDA-approved indication: "Hemophilia A (congenital factor VIII deficiency) †")
        (/\)(?:\s*[†‡])?$/.test(t) && t.replace(/\s*\([^()]*\)\s*(?:[†‡]\s*)?$/, "").split(/\s+/).length <= 8 && /^1[.)]\s/.test(next.trim()))
      ) ||
      !indicationTerms(t.replace(/:$/, "")).understood
    )
      return [l];
    n += 1;
    // the criteria under it numbered "1. 2." themselves: the title takes a roman numeral so they nest under it
    const nextMarker = lines.slice(i + 1, i + 8).find((x) => /^\(?(?:[IVX]{1,4}|[A-Z]|\d{1,2}|[a-z]{1,4})[.)]\s/.test(x.text.trim()));
    const mark =
      nextMarker && /^\(?\d{1,2}[.)]\s/.test(nextMarker.text.trim()) ? ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"][Math.min(n - 1, 7)] : String(n);
    const text = `${mark}. ${t.replace(/:$/, "")}.`;
    const prefix = `${mark}. `.length;
    const title: DocLine = {
      ...l,
      text,
      map: Array.from({ length: text.length + 1 }, (_, k) => (k < prefix ? l.start : k - prefix < t.length ? l.map[k - prefix] : l.end)),
    };
    // the first indication's title right after a numbered list of requirements for every request
    // ("Universal Criteria: 1. … 3. …" then "Hemophilia A (…)" with its own "1. … 3."): the shared list
    // ends there, so a section opens at the title (a "Coverage criteria" heading standing at its place)
    // and the indication's items never nest under the shared list's last item
    if (n === 1 && wasNumbered && ALL_REQUESTS_HEAD_RE.test(section)) {
      section = "Coverage criteria";
      numbered = false;
      return [{ ...l, text: section, map: Array.from({ length: section.length + 1 }, () => l.start) }, title];
    }
    return [title];
  });
}

/**
 * The generic lead a class document prints under each indication title, above that indication's
 * requirements ("Clinical information required for approval", "Approval criteria:", "Criteria for
 * initial approval")
 */
const GENERIC_CRITERIA_LEAD_RE =
  /^(?:(?:the )?(?:following )?clinical information (?:is )?required for (?:initial )?approval|(?:initial )?(?:approval|coverage|clinical) criteria|criteria for (?:initial )?(?:approval|coverage)|(?:prior authori[sz]ation |pa )?requirements for (?:initial )?approval)\s*:?$/i;
/** a row of a class table's key: a short code or symbol, then what it means ("PA > QL   Prior authorization required only …", "*   Generic available") */
const LEGEND_ROW_RE = /^(?:[A-Z]{1,4}(?:\s*[>/]\s*[A-Z]{1,4})?|[*#†‡§¶])\s+[A-Z][a-z]/;

/** A section that is a class table's key: at least two key rows before its only items (a "*" row read as a bullet). */
function legendSection(s: { items: OutlineItem[]; preamble: DocLine[] }): boolean {
  const tail = s.preamble.slice(-2);
  return (
    tail.length === 2 &&
    tail.every((l) => LEGEND_ROW_RE.test(l.text.trim())) &&
    s.items.length <= 2 &&
    s.items.every((i) => !i.children.length && i.text.length < 120)
  );
}

/**
 * An indication block of a class document, printed as lines of their own above its requirements:
 * optionally the drug's heading ("Lumateperone (Caplyta)"), the indication's title (one or two lines:
 * "Depressive episodes associated with bipolar I or bipolar II disorder (bipolar depression), as
 * monotherapy or" / "adjunctive to lithium or valproate"), then a generic lead ("Clinical information
 * required for approval") and the requirements as the section's items. Returns the block's title
 * ("<drug> — <indication>" under a drug heading, else the indication), the drug heading in force and
 * where the lead stands in the preamble; null when the section is not such a block (no lead, no items,
 * or a title that names no indication the reader understands).
 */
function titledBlock(
  s: { items: OutlineItem[]; preamble: DocLine[] },
  r: Reader,
  drugHeading: string | null,
): { title: string; drugHeading: string | null; leadAt: number } | null {
  if (!s.items.length) return null;
  const leadAt = s.preamble.findIndex((l) => GENERIC_CRITERIA_LEAD_RE.test(l.text.trim()));
  if (leadAt < 1 || leadAt < s.preamble.length - 1) return null;
  const before = s.preamble.slice(0, leadAt).map((l) => l.text.trim());
  // the drug heading: a short line opening with the name of one of the drugs the policy covers, naming
  // no indication ("Lumateperone (Caplyta)"; never "adjunctive to lithium or valproate", a title's end)
  let heading = drugHeading;
  let titleFrom = 0;
  // — the policy's own drug or another ("Solriamfetol (Sunosi)" ends the pitolisant blocks): a name the
  // vocabulary knows opening the line, or a generic name with its brand in parentheses
  before.forEach((t, i) => {
    if (t.length <= 60 && opensWithDrugName(t, r.ctx.drugNames) && !indicationTerms(t).understood && !/[.:;]$/.test(t)) {
      heading = t;
      titleFrom = i + 1;
    }
  });
  const lines = before.slice(titleFrom);
  // (the title: the last one or two lines above the lead, a wrapped title ending mid-phrase)
  const last = lines.slice(-1);
  const two = lines.slice(-2);
  const candidates = [two.length === 2 && !/[.:;]$/.test(two[0]) ? two.join(" ") : null, last.join(" ")].filter((x): x is string => !!x && x.length <= 200);
  const title = candidates.find((c) => !/[.;]$/.test(c) && indicationTerms(c).understood);
  if (!title) return null;
  return { title: heading ? `${heading} — ${title}` : title, drugHeading: heading, leadAt };
}

function readOutline(lines: DocLine[], title: string, r: Reader): PolicyModel | null {
  const sections = parseOutline(splitInlineEnumerations(numberConditionHeadings(numberLabelRows(substituteStepDrugs(lines)))), new Set(), { bullets: true });
  const found: Found[] = [];
  const exclusions: Criterion[] = [];
  const common: Criterion[] = [];
  let sawCriteriaHeading = false;
  let droppedCriteria = 0;
  // the indication of the per-indication block read last ("Criteria for Use - Atopic Dermatitis"),
  // while its exclusion list and renewal paragraph follow
  let blockTitle: string | null = null;
  // the drug heading of a class document's per-drug sections ("Lumateperone (Caplyta)"), kept across
  // the indication blocks under it
  let drugHeading: string | null = null;
  for (const s of sections) {
    const h = s.heading;
    const titled = titledBlock(s, r, drugHeading);
    if (titled) {
      drugHeading = titled.drugHeading;
      // ("Reauthorization: documentation of a positive clinical response." printed just above the next
      // drug's heading: the renewal of the block before, never a heading of this one)
      if (CONTINUATION_HEAD_RE.test(h) || CONTINUATION_RE.test(h) || TRAILING_CONTINUATION_RE.test(h)) {
        r.continuation.push({
          text: h,
          passage: cite(r, s.preamble.slice(0, 1)),
          why: "Continuation/renewal criteria apply to reauthorization requests only.",
        });
        renewalFromText(h, s.preamble.slice(0, 1), blockTitle, r);
      }
      blockTitle = titled.title;
      found.push({ ...indicationBlock(titled.title, { ...s, preamble: s.preamble.slice(titled.leadAt) }, r), drugScoped: !!titled.drugHeading });
      continue;
    }
    if (SKIP_HEAD_RE.test(h) && !/criteria/i.test(h)) continue;
    // the key to a class table's symbols ("PA   Prior authorization required …", "QL   Quantity limit
    // applies …", "*   Generic available; generic dispensed.") is no criterion
    if (legendSection(s)) continue;
    // a section that says of itself that it is not criteria ("These points are provided for the
    // prescriber and are not approval criteria:", "for information only")
    if (saysNotCriteria(s)) continue;
    if (CONTINUATION_HEAD_RE.test(h) || CONTINUATION_RE.test(h) || TRAILING_CONTINUATION_RE.test(h)) {
      // "Renewal (12 months): …" after an indication block (and its exclusion list) renews that path
      if (blockTitle && !s.items.length && s.preamble.length) {
        r.continuation.push({
          text: h,
          passage: cite(r, s.preamble.slice(0, 1)),
          why: "Continuation/renewal criteria apply to reauthorization requests only.",
        });
        renewalFromText(s.preamble.map((l) => l.text).join(" "), s.preamble, blockTitle, r);
        continue;
      }
      r.continuation.push({ text: h, passage: cite(r, s.preamble.slice(0, 1)), why: "Continuation/renewal criteria apply to reauthorization requests only." });
      // "For tardive dyskinesia, improvement is documented by …; OR" / "For Huntington's disease chorea,
      // improvement …": a requirement scoped to one indication by its opening words
      const forScoped = s.items.filter((it) => {
        const m = FOR_SCOPE_RE.exec(stripConnector(it.text));
        return !!m && !it.children.length && indicationTerms(m[1]).understood;
      });
      for (const it of forScoped) {
        const m = FOR_SCOPE_RE.exec(stripConnector(it.text))!;
        renewalFromText(m[2].replace(/;\s*(?:or|and)?\s*$/i, ""), it.lines, m[1], r);
      }
      s.items = s.items.filter((it) => !forScoped.includes(it));
      // per-indication continuation criteria ("Eosinophilic Asthma: … / EGPA: …") keep their indication
      const scoped = s.items.filter((it) => indicationTerms(titleOf(it)).understood && !CRITERION_LEAD_RE.test(it.text.trim()));
      const rest = s.items.filter((it) => !scoped.includes(it));
      if (scoped.length > 1 || (scoped.length === 1 && !rest.length))
        for (const it of scoped)
          if (it.children.length) renewalFromItems(it.children, titleOf(it), r);
          else renewalFromText(it.text.slice(titleOf(it).length).replace(/^[.:\s]+/, ""), it.lines, titleOf(it), r);
      else if (scoped.length) rest.unshift(...scoped);
      if (rest.length) renewalFromItems(rest, null, r);
      // "Continuation of therapy: the patient is currently receiving X AND …" as a paragraph
      if (!s.items.length && s.preamble.length) renewalFromText(s.preamble.map((l) => l.text).join(" "), s.preamble, null, r);
      continue;
    }
    if (exclusionHeading(h) && (!APPROVAL_LEAD_RE.test(h) || /\bnot be (?:approved|covered|authori[sz]ed|granted)\b/i.test(h))) {
      exclusions.push(...exclusionList(s.items, r));
      continue;
    }
    if (/criteria|authori[sz]ation|approval|coverage|indication|polic/i.test(h)) sawCriteriaHeading = true;
    // "ALL of: I. age; II. one of the following diagnoses: A. X and …; B. Y and …; III. …": each
    // diagnosis is an indication with its own requirements, the other items apply to every one
    // "Covered indications: 1. Rheumatoid arthritis (RA), moderately to severely active, in adults who
    // have had …": each item a condition and the requirements written after it
    if (COVERED_HEAD_RE.test(h.trim()) && s.items.length && s.items.every((it) => !it.children.length && indicationTerms(choiceLead(it.text)).understood)) {
      for (const it of s.items) found.push(choiceIndication(it, r));
      continue;
    }
    // "Prescriber specialties: This medication must be prescribed by or in consultation with a
    // neurologist." — a requirement of every request, written as a section
    if ((RESTRICTION_HEAD_RE.test(h.trim()) || /^prescriber specialt(?:y|ies)\s*:?$/i.test(h.trim())) && !s.items.length) {
      for (const x of preambleSentences(s.preamble))
        if (!/^(?:none|n\/a|not applicable|no restrictions?)\b/i.test(x.text.trim())) common.push(...sentenceCriteria(x.text, r, cite(r, x.lines)));
      continue;
    }
    // a list of what to submit ("Required documentation: Submission of the following information is
    // necessary to initiate the review") is no criterion: the criteria sections say what must be met
    if (/^(?:required documentation|documentation requirements?|documentation required)\s*:?$/i.test(h.trim())) continue;
    // "Screening requirements (all new starts)", "Requirements for all indications": every indication's
    if (ALL_REQUESTS_HEAD_RE.test(h.trim()) && s.items.length) {
      for (const it of s.items) if (!isContinuation(it, r)) common.push(itemCriterion(it, r));
      continue;
    }
    // "Infusion in a hospital outpatient department is medically necessary only when ONE of the
    // following is documented: 1. … 4. …" (a site-of-care or setting rule after the criteria): its items
    // are requirements of every request, alternatives when the lead says so — never dropped for not
    // looking like indications
    if (s.items.length && ONLY_WHEN_LEAD_RE.test(leadBefore(s))) {
      common.push(...sectionCriteria(s, r));
      continue;
    }
    // "Criteria for Use - Prurigo Nodularis" over "Inclusion criteria - ALL must be met (initial
    // approval 6 months): 1. … 5.": a block per indication, its numbered list that path's criteria
    const block =
      INDICATION_BLOCK_HEAD_RE.exec(h.trim()) ??
      TRAILING_INITIAL_HEAD_RE.exec(h.trim()) ??
      PART_HEAD_RE.exec(h.trim()) ??
      LETTERED_TITLE_HEAD_RE.exec(h.trim());
    if (block && s.items.length && indicationTerms(block[1]).understood && !diagnosisChoice(s.items)) {
      blockTitle = block[1].trim();
      found.push(indicationBlock(blockTitle, s, r));
      continue;
    }
    blockTitle = null;
    const choice = diagnosisChoice(s.items);
    if (choice) {
      // "ONE of the following, with an LDL-C drawn within 90 days before the request:": the lead's
      // window applies to the lab values each choice requires
      const window = /\bwithin (\d{1,3}) days\b/i.exec(choice.text.split(/:\s*$/)[0]);
      for (const child of choice.children) {
        const f = choiceIndication(child, r);
        found.push(window ? { ...f, criteria: f.criteria.map((c) => withWindow(c, Number(window[1]))) } : f);
      }
      // numbered sections beside a choice of routes ("1. Eligibility", "3. Exclusions", "5. Limits")
      // are read as they would be without it: requirements of every route, exclusions, limits
      if (ONE_ROUTE_RE.test(choice.text)) {
        for (const other of s.items) if (other !== choice) collect(other, null, r, found, exclusions);
        continue;
      }
      for (const other of s.items) if (other !== choice && !isContinuation(other, r)) common.push(itemCriterion(other, r));
      // "… when the drug is administered by an Ophthalmologist and ALL of the following criteria are met:"
      const prescriber = common.some((c) => c.kind === "prescriber") ? null : leadPrescriber(`${h} ${leadBefore(s)}`, r, s.preamble.slice(-2));
      if (prescriber) common.unshift(prescriber);
      continue;
    }
    for (const top of s.items) {
      const before = found.length;
      collect(top, null, r, found, exclusions);
      if (found.length === before && !top.children.length && CRITERION_LEAD_RE.test(stripConnector(top.text))) droppedCriteria += 1;
    }
  }
  if (!found.length) return null;
  // a flat list of requirements ("ALL of the following must be documented: 1. The member is 12 years
  // of age or older. 2. BMI criterion: a. … b. … 3. …") is not a list of indications: the outline
  // reading would keep only the items with sub-items and drop the rest, so the list is read whole
  if (droppedCriteria >= 2 && droppedCriteria >= found.length) return null;
  const indications: PolicyIndication[] = found.map((f) => {
    noteUnread(r, f.criteria);
    const ind = toIndication(f.title, f.criteria, f.duration, cite(r, f.item.lines.slice(0, 1)), title, r.docTitle);
    // "For <drug> - initial requests": a section headed by drug names, not a condition, is the path of
    // those drugs (drug-sections.ts); the review takes it for a request of one of them only
    if (!ind.understood && !ind.match.conditions.length && !ind.match.icd10.length && sectionDrugs(ind.title, r.ctx.drugNames)) {
      ind.understood = true;
      ind.drug_scoped = true;
    }
    // "<drug> — <indication>": an indication block under a drug's heading is that drug's path only
    if (f.drugScoped) ind.drug_scoped = true;
    if (f.incomplete) {
      ind.understood = false;
      r.unread.push({
        text: f.item.text.slice(0, 200),
        passage: cite(r, f.item.lines.slice(0, 1)),
        why: "Requirements listed beside this one were not read into its path: a reviewer must read the policy.",
      });
    }
    return ind;
  });
  void sawCriteriaHeading;
  return {
    title,
    style: found.some((f) => /approve for/i.test(f.item.text))
      ? "pbm_outline"
      : found.some((f) => /must meet all/i.test(f.item.text))
        ? "clinical_policy"
        : "criteria_list",
    indications,
    common,
    exclusions,
    continuation: r.continuation,
    unread: r.unread,
  };
}

/**
 * a lettered or numbered part of a worksheet naming one indication ("PART B - NARCOLEPSY (type 1 or
 * type 2)", "Section 3: Chronic migraine"): its items that indication's path (a part for every request
 * is ALL_REQUESTS_HEAD_RE's, a renewal part CONTINUATION_HEAD_RE's)
 */
const PART_HEAD_RE = /^(?:part|section)\s+[A-Z0-9]{1,4}\s*[-–:.]\s*([^.;:]{3,80})$/i;
/** a lettered indication title in capitals: "A. BETA THALASSEMIA", "B. MYELODYSPLASTIC SYNDROMES (MDS)-ASSOCIATED ANEMIA" */
const LETTERED_TITLE_HEAD_RE = /^(?:[A-Z]|[IVX]{1,4})\.\s+([A-Z0-9][^.;:a-z]{3,80})$/;
/** a criteria heading naming one indication: "Criteria for Use - Prurigo Nodularis", "Requirements for approval: Atopic dermatitis", "Initial authorization - severe asthma with an eosinophilic phenotype" */
const INDICATION_BLOCK_HEAD_RE =
  /^(?:(?:initial )?(?:criteria|requirements|conditions) for (?:use|approval|coverage|initial (?:approval|authori[sz]ation))|(?:initial )?(?:approval|coverage|clinical) criteria|initial (?:authori[sz]ation|approval|therapy|requests?)(?: criteria)?)\s*[-–:]\s*([^.;:]{3,80})$/i;

/**
 * A criteria table's row label naming the indication and then the request type ("Pulmonary arterial
 * hypertension, WHO Group 1 - initial authorization"): a per-indication block like the above.
 */
const TRAILING_INITIAL_HEAD_RE =
  /^([^.;:]{3,100}?)\s+[-–—:]\s*initial (?:authori[sz]ation|approval|therapy|requests?|coverage)(?:\s+criteria)?(?:\s*\([^)]{0,40}\))?\s*:?$/i;

/** a sentence of an indication block that opens its renewal criteria ("Renewal (12 months): EASI …") */
const BLOCK_RENEWAL_RE = /(?:^|(?<=[.;])\s+)(?=(?:renewal|continuation(?: of therapy)?|re-?authori[sz]ation|recertification)\b[^.:]{0,40}:)/i;

/** "The prurigo nodularis exclusion criteria also apply.": a pointer to an exclusion list the reader already applies to every path */
const EXCLUSIONS_APPLY_RE = /(?:^|(?<=[.;])\s+)(?:the )?[^.;]{0,60}\bexclusions?(?: criteria| list)? (?:also |likewise )?appl(?:y|ies)\b[^.;]*[.;]?/gi;

/**
 * One per-indication block of a monograph's "Criteria for Use": the indication named in the section
 * heading, every numbered item of the section a requirement of its path (the lead says "ALL must be
 * met"), the approval period from the lead ("initial approval 6 months"); a renewal paragraph run into
 * the last item ("… inhibitors. Renewal (12 months): EASI improvement of 50% or more") becomes that
 * path's continuation criteria, and a pointer to the exclusion list is dropped (the policy's exclusion
 * lists apply to every path already).
 */
function indicationBlock(title: string, s: { heading: string; items: OutlineItem[]; preamble: DocLine[] }, r: Reader): Found {
  const lead = s.preamble.map((l) => l.text).join(" ");
  const criteria: Criterion[] = [];
  for (const it of s.items) {
    const cut = it.text.search(BLOCK_RENEWAL_RE);
    const own = (cut > 0 ? it.text.slice(0, cut) : it.text).replace(EXCLUSIONS_APPLY_RE, " ").trim();
    if (cut > 0) {
      const renewal = it.text.slice(cut).trim();
      r.continuation.push({
        text: renewal.slice(0, 300),
        passage: cite(r, it.lines),
        why: "Continuation/renewal criteria apply to reauthorization requests only.",
      });
      renewalFromText(renewal, it.lines, title, r);
    }
    if (cut === 0 || (cut < 0 && isContinuation(it, r))) {
      if (it.children.length) renewalFromItems(it.children, title, r);
      else renewalFromText(it.text, it.lines, title, r);
      continue;
    }
    if (own.length > 3) criteria.push(itemCriterion({ ...it, text: own }, r));
  }
  const d = /\b(?:initial )?(?:approval|authori[sz]ation)(?: (?:period|duration))?:?\s*(?:of |for )?(\d+\s*(?:months?|weeks?|years?))\b/i.exec(lead);
  const item: OutlineItem = {
    marker: "",
    family: "num",
    text: `${s.heading}. ${lead}`.trim(),
    note: "",
    lines: s.preamble.length ? s.preamble : s.items[0].lines,
    children: s.items,
    parent: null,
    heading: s.heading,
    durations: [],
  };
  return { title, item, criteria, duration: d ? d[1] : null };
}

/** "For tardive dyskinesia, improvement is documented by …": a condition, then its requirement */
const FOR_SCOPE_RE = /^for (?:the |members with |individuals with |patients with )?([^,;:]{3,80}),\s+(.{8,})$/i;

/** "Covered indications", "Covered uses" section headings. */
const COVERED_HEAD_RE = /^(?:covered|approved) (?:indications?|uses|conditions)\s*:?$/i;
/** Sections whose items every request must meet: "Screening requirements (all new starts)", "Requirements for all indications". */
const ALL_REQUESTS_HEAD_RE =
  /^(?:(?:part|section)\s+[A-Z0-9]{1,4}\s*[-–:.]\s*)?(?:screening(?: requirements?)?(?: \([^)]*\))?|(?:safety )?requirements for all (?:indications|requests|new starts)|(?:for )?all (?:indications|requests|uses|diagnoses|members)|universal (?:criteria|requirements))\s*:?$/i;

/** "Individual has one of the following diagnoses:", "the member has any of the following conditions:" */
const DX_CHOICE_RE =
  /\b(?:one|any|either) of the following (?:diagnoses|conditions|indications|disease states)\b|\bhas (?:a diagnosis of )?(?:one|any) of the following\s*:?\s*$/i;

/** The words of a diagnosis-choice child before its own requirements ("Active psoriatic arthritis" of "Active psoriatic arthritis and individual has had …"). */
function choiceLead(text: string): string {
  return stripConnector(text)
    .split(
      // (a parenthetical inside the name — "Neovascular (wet) age-related macular degeneration" — does not end it)
      /\s+(?:and|with|who|in (?:an? )?(?:individual|member|patient)s? (?:who|with))\s+(?=(?:the )?(?:individual|member|patient|has|have|had|is|are|who)\b)|\s*\((?![^()]*\)\s+(?!(?:and|or|with|who|in|that|for|if|when|as|plus|including)\b)[a-z])|;|:/i,
    )[0]
    .trim()
    .replace(/\s*,$/, "");
}

/**
 * The item of a requirement list that is a choice among diagnoses, when exactly one item is one and
 * each of its sub-items starts with a condition the vocabulary knows; null otherwise.
 */
function diagnosisChoice(items: OutlineItem[]): OutlineItem | null {
  if (items.length < 2) return null;
  const hits = items.filter((it) => {
    if (it.children.length < 2) return false;
    const known = it.children.filter((c) => indicationTerms(choiceLead(c.text)).understood).length;
    if (DX_CHOICE_RE.test(stripConnector(it.text))) return known === it.children.length;
    // "ONE of the following, with an LDL-C drawn within 90 days: a. Clinical ASCVD … AND LDL-C of 70
    // or higher; OR b. HeFH … AND …; OR c. Primary prevention at high risk …": a choice whose
    // sub-items lead with conditions is a choice among indications even when the lead does not say
    // "diagnoses"; a sub-item whose condition the vocabulary lacks becomes a path not understood
    // "… is authorized when section 1 and ALL items of ONE path are met" over "A. Active SLE …" and
    // "B. Active lupus nephritis" (section-refs.ts lettered the path titles): the same choice
    return (ANY_LEAD_RE.test(stripConnector(it.text)) || ONE_ROUTE_RE.test(it.text)) && known >= 2 && known >= it.children.length - 1;
  });
  return hits.length === 1 ? hits[0] : null;
}

/** a lead asking for every item of one route ("ALL items of ONE path are met", "all criteria of one pathway") */
const ONE_ROUTE_RE =
  /\b(?:all|each|every)\s+(?:of\s+the\s+)?(?:items|criteria|requirements)\s+(?:of|in|under)\s+(?:one|any|either)\s+(?:path(?:way)?|route|option|track)s?\b/i;

/** a list lead offering alternatives ("ONE of the following, with …:", "either of the following:") */
const ANY_LEAD_RE = /^(?:the )?(?:one|any|either) of the following\b/i;

/** One diagnosis of a choice as an indication: its condition, its parenthetical measure, and the requirements after it. */
function choiceIndication(child: OutlineItem, r: Reader): Found {
  const text = stripConnector(child.text);
  const lead = choiceLead(text);
  let rest = text.slice(text.indexOf(lead) + lead.length);
  const criteria: Criterion[] = [];
  // "(body surface area 3% or more, or involvement of the face …)": the severity the diagnosis needs
  const paren = /^\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)/.exec(rest);
  if (paren) {
    if (/\d|\binvolvement\b|\bscore\b|\bsevere\b/i.test(paren[1])) criteria.push({ ...parseCriterion(paren[1], "", r.ctx), passage: cite(r, child.lines) });
    rest = rest.slice(paren[0].length);
  }
  // ", moderately to severely active, in adults who have had …": the disease state, then whom it is for
  rest = rest
    .replace(/^[\s,;]+/, "")
    .replace(/^(?:(?:mild|moderate|moderately|severe|severely|active|chronic|refractory|relapsing|to|and|or)[\s-]+)+[^,;]{0,30}?,\s*/i, "")
    .trim();
  if (/^in adults\b/i.test(rest)) criteria.push({ kind: "age", min_years: 18, text: "in adults", passage: cite(r, child.lines), confidence: "high" });
  rest = rest.replace(/^[\s,;]*(?:and|with|who|in (?:an? )?(?:individual|member|patient|adult)s?(?: (?:who|with))?)[\s,]+/i, "").trim();
  if (rest.length > 8)
    if (child.children.length) criteria.push(itemCriterion({ ...child, text: rest }, r));
    else if (!/\.\s+[A-Z]/.test(rest)) criteria.push({ ...parseCriterion(rest.replace(/[.;]\s*$/, ""), child.note, r.ctx), passage: cite(r, child.lines) });
    else criteria.push(...sentenceCriteria(rest, r, cite(r, child.lines)));
  else if (child.children.length) criteria.push(...child.children.map((c) => itemCriterion(c, r)));
  return { title: lead, item: child, criteria, duration: durationOf(child) };
}

/** An indication path: its conditions come from its title, else from its diagnosis criteria, else from the policy title. */
function toIndication(
  title: string | null,
  criteria: Criterion[],
  duration: string | null,
  passage: Citation | null,
  policyTitle: string,
  docTitle?: string,
): PolicyIndication {
  let terms = indicationTerms(title ?? "");
  const inferred = !terms.understood;
  if (!terms.understood) {
    const dx = criteria.flatMap(diagnosisConditions);
    if (dx.length) {
      terms = {
        conditions: [...new Set(dx.map((d) => d.name).filter(Boolean))],
        icd10: [...new Set(dx.flatMap((d) => d.icd10))],
        phrases: terms.phrases,
        understood: true,
      };
      // the diagnosis requirement is then the only sign of what the path covers: a request outside it
      // is not clearly uncovered (the reader may have missed the policy's indication section), so the
      // requirement can be met but never fails on its own
      criteria = criteria.map(function soften(c: Criterion): Criterion {
        if (c.kind === "diagnosis" && c.confidence === "high") return { ...c, confidence: "medium" };
        return c.kind === "all" || c.kind === "any" ? { ...c, items: c.items.map(soften) } : c;
      });
    }
  }
  // a path titled by its approval lead ("An exception is granted for 12 months when ALL of the
  // following are met") is the policy's own indication
  if (!terms.understood && (title == null || isGenericTitle(title))) {
    const fromTitle = indicationTerms(policyTitle);
    // else the title printed on the document ("Non-Formulary Exception: Tenofovir alafenamide
    // (Vemlidy) for chronic hepatitis B")
    // when it names exactly one condition; the path is then inferred (review-case.ts): a diagnosis
    // outside it is never "not covered", a reviewer matches it
    const fromDoc = docTitle ? indicationTerms(docTitle) : null;
    if (fromTitle.understood) terms = fromTitle;
    else if (fromDoc?.understood && fromDoc.conditions.length === 1) terms = fromDoc;
  }
  return {
    title: title ?? (terms.conditions.join(" / ") || policyTitle),
    match: { conditions: terms.conditions, icd10: terms.icd10, phrases: terms.phrases },
    understood: terms.understood,
    ...(inferred && terms.understood ? { inferred: true } : {}),
    criteria,
    duration,
    passage,
  };
}

function diagnosisConditions(c: Criterion): { name: string; icd10: string[] }[] {
  // "No current malignancy": a condition the member must not have covers nothing
  if (c.kind === "diagnosis" && NEGATED_CONDITION_RE.test(c.text.trim())) return [];
  // (a diagnosis the policy defines by its ICD-10-CM codes alone — codeListedDiagnosis — covers those codes)
  if (c.kind === "diagnosis")
    return c.conditions.length
      ? c.conditions.map((n, i) => ({ name: n, icd10: i === 0 ? c.icd10 : [] }))
      : c.icd10.length
        ? [{ name: "", icd10: c.icd10 }]
        : [];
  if (c.kind === "all") return c.items.flatMap(diagnosisConditions);
  // "ONE of: (a) IBS-C in a member 18 or older; (b) CIC …": alternatives that each name their
  // condition cover those conditions; one that names none leaves the path's indication unread
  if (c.kind === "any") {
    const each = c.items.map(diagnosisConditions);
    return each.length > 1 && each.every((d) => d.length) ? each.flat() : [];
  }
  return [];
}

/**
 * Step-therapy programs list their drugs by step ("Step 1 drugs: metformin") and word the rule with
 * the step ("has tried a Step 1 drug for at least 90 days"): name the drugs in the rule.
 */
function substituteStepDrugs(lines: DocLine[]): DocLine[] {
  const steps = new Map<string, string>();
  // the step a defined term names ("Step 1 (prerequisite agents) | metformin …": "prerequisite agent")
  let prerequisite: string | null = null;
  for (const l of lines) {
    const m =
      /^(?:preferred\s+)?step\s*(\d|one|two|three)\s*(?:drugs?|agents?|medications?|products?|therap(?:y|ies))?\s*[:\-–]\s*(.+)$/i.exec(l.text) ??
      // a step table's row: "Step 1 (prerequisite agents) metformin immediate-release …; Available without PA"
      /^step\s*(\d)\s*\((?:(prerequisite|preferred)\s+)?(?:drugs?|agents?|medications?|products?)\)\s*[:\-–]?\s*([a-z].+)$/i.exec(l.text);
    if (!m) continue;
    const n = ({ one: "1", two: "2", three: "3" } as Record<string, string>)[m[1].toLowerCase()] ?? m[1];
    const list = (m[3] ?? m[2]).split(";")[0];
    if (m[3] && /^prerequisite$/i.test(m[2] ?? "")) prerequisite = n;
    steps.set(
      n,
      list
        .replace(/\([^)]*\)/g, "")
        .replace(/\s+/g, " ")
        .trim(),
    );
  }
  if (!steps.size) return lines;
  return lines.map((l) => {
    if (/^(?:preferred\s+)?step\s*\d\s*(?:drugs?|agents?|medications?|products?)?\s*[:\-–]|^step\s*\d\s*\(/i.test(l.text)) return l;
    let text = l.text
      // "a prerequisite agent ('prerequisite agent' = a Step 1 agent)": the definition is said once
      .replace(/\s*\(\s*['"‘“]?prerequisite agents?['"’”]?\s*=\s*(?:a\s+)?step\s*\d\s*(?:drugs?|agents?)\s*\)/gi, "");
    if (prerequisite && steps.has(prerequisite))
      text = text.replace(
        /\b(?:a|the|any|one)?\s*prerequisite\s+(?:drugs?|agents?|medications?)\b/gi,
        `a Step ${prerequisite} drug (${steps.get(prerequisite)})`,
      );
    text = text.replace(
      /\b(?:a|one|any|at least one)?\s*step\s*(\d)\s*(?:drugs?|agents?|medications?|products?|therap(?:y|ies))\b(?!\s*\()/gi,
      (all, n: string) => (steps.has(n) ? `a Step ${n} drug (${steps.get(n)})` : all),
    );
    // the substituted text no longer lines up with the page: keep the whole line's position
    return text === l.text ? l : withLineText(l, text);
  });
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// CMS Part D "PA criteria" tables

const PARTD_LABELS = [
  "Covered Uses",
  "Exclusion Criteria",
  "Required Medical Information",
  "Age Restrictions",
  "Prescriber Restrictions",
  "Coverage Duration",
  "Other Criteria",
  "Off-Label Uses",
  "Off Label Uses",
  "Indications",
  "PA Indication Indicator",
  "Part B Prerequisite",
];

interface LabelHit {
  label: string;
  line: DocLine;
  where: "start" | "end" | "whole";
}

function findPartDLabels(lines: DocLine[]): LabelHit[] {
  const hits: LabelHit[] = [];
  for (const l of lines) {
    // labels are printed in any case ("Off-label Uses", "OFF-LABEL USES"); the cell text keeps its own
    const t = l.text.toLowerCase();
    // a label opening the line wins over one ending it ("PA Indication Indicator All FDA-approved
    // Indications" is the indicator's row, not a cell ending with the "Indications" label). A label
    // matches in another mixed case ("Off-label Uses"), never as a heading in capitals ("EXCLUSION
    // CRITERIA" over a lettered list is a section of a prose policy, not a grid row)
    const sameLabel = (text: string, lab: string) => text === lab || text !== text.toUpperCase();
    const opening = PARTD_LABELS.find((lab) => {
      const k = lab.toLowerCase();
      return (t === k || t === k + ":" || t.startsWith(k + " ") || t.startsWith(k + ": ")) && sameLabel(l.text.slice(0, lab.length), lab);
    });
    if (opening) {
      const k = opening.toLowerCase();
      hits.push(
        t === k || t === k + ":"
          ? { label: l.text, line: l, where: "whole" }
          : t.startsWith(k + ": ")
            ? { label: opening + ":", line: l, where: "start" }
            : { label: opening, line: l, where: "start" },
      );
      continue;
    }
    for (const lab of PARTD_LABELS) {
      const k = lab.toLowerCase();
      // the label trailing its cell, after a space or glued to the cell's last sentence ("older.Age Restrictions")
      if (t.length > k.length && t.endsWith(k) && /[\s.;:)]/.test(t[t.length - k.length - 1]) && sameLabel(l.text.slice(-lab.length), lab)) {
        hits.push({ label: lab, line: l, where: "end" });
        break;
      }
    }
  }
  return hits;
}

/**
 * A row label wrapped inside its narrow label column ("Required Medical" / "Information", each on
 * the line of the cell text beside it) joined back onto the first line, and its second half removed
 * from the next line, so the cell reads as one section and not as the tail of the previous one.
 */
function joinWrappedLabels(lines: DocLine[]): DocLine[] {
  const out = [...lines];
  for (let i = 0; i + 1 < out.length; i++) {
    const l = out[i];
    const next = out[i + 1];
    if (next.page !== l.page || next.index !== l.index + 1) continue;
    for (const lab of PARTD_LABELS) {
      const words = lab.split(" ");
      if (words.length < 2 || l.text.startsWith(lab)) continue;
      const cut = words.findIndex((_, j) => {
        if (j === 0) return false;
        const prefix = words.slice(0, j).join(" ");
        const suffix = words.slice(j).join(" ");
        return (l.text === prefix || l.text.startsWith(prefix + " ")) && (next.text === suffix || next.text.startsWith(suffix + " "));
      });
      if (cut < 0) continue;
      const prefix = words.slice(0, cut).join(" ");
      const suffix = words.slice(cut).join(" ");
      const text = `${lab}${l.text.slice(prefix.length)}`;
      const at = l.map[prefix.length] ?? l.end;
      out[i] = { ...l, text, map: [...l.map.slice(0, prefix.length), ...Array<number>(1 + suffix.length).fill(at), ...l.map.slice(prefix.length)] };
      out[i + 1] = sliceLine(next, suffix.length, next.text.length);
      break;
    }
  }
  return out.filter((l) => l.text.length);
}

function sliceLine(l: DocLine, from: number, to: number): DocLine {
  const raw = l.text.slice(from, to);
  const text = raw.trim();
  const a = from + (raw.length - raw.trimStart().length);
  const map = [...l.map.slice(a, a + text.length), (l.map[a + text.length - 1] ?? l.end - 1) + 1];
  return { ...l, text, start: map[0] ?? l.start, end: map[map.length - 1], map };
}

function partDSections(lines: DocLine[], hits: LabelHit[]): Map<string, DocLine[]> {
  const out = new Map<string, DocLine[]>();
  const headerIdx = lines.findIndex((l) => /^PA Criteria\b/i.test(l.text));
  const firstHit = hits[0];
  const pre = lines.filter((l) => l.index > (headerIdx >= 0 ? lines[headerIdx].index : -1) && l.index < firstHit.line.index);
  const preChars = pre.reduce((n, l) => n + l.text.length, 0) + (firstHit.where === "end" ? firstHit.line.text.length - firstHit.label.length : 0);
  const trailing = firstHit.where !== "start" && preChars > 30;
  const between = (a: number, b: number) => lines.filter((l) => l.index > a && l.index < b);
  for (let i = 0; i < hits.length; i++) {
    const h = hits[i];
    const content: DocLine[] = [];
    if (trailing) {
      const prevIdx = i === 0 ? (headerIdx >= 0 ? lines[headerIdx].index : -1) : hits[i - 1].line.index;
      content.push(...between(prevIdx, h.line.index));
      if (h.where === "end") content.push(sliceLine(h.line, 0, h.line.text.length - h.label.length));
      if (i > 0 && hits[i - 1].line.index === h.line.index) content.length = 0;
    } else {
      if (h.where === "start") content.push(sliceLine(h.line, h.label.length, h.line.text.length));
      const nextIdx = i + 1 < hits.length ? hits[i + 1].line.index : Infinity;
      content.push(...between(h.line.index, nextIdx).filter((l) => !/^updated \d|page \d+ of \d+/i.test(l.text)));
    }
    out.set(
      h.label.replace(/:$/, ""),
      content.filter((l) => l.text.length),
    );
  }
  return out;
}

/** Subsections of a table cell: "RA: ...", "For ALL indications: ...", "Plaque psoriasis (PsO): ...". */
function splitScoped(input: DocLine[]): { scope: string | null; lines: DocLine[] }[] {
  const out: { scope: string | null; lines: DocLine[] }[] = [{ scope: null, lines: [] }];
  // a new scope can start mid-line after a sentence ("... or older. PsO: 4 years or older.")
  const lines: DocLine[] = [];
  // a capitalised scope label wrapped over two lines ("… auto-HSCT. MYELODYSPLASTIC" / "SYNDROMES: approve
  // if …"): its first words are cut from the line that ends with them and carried to the next line's label
  const carried = new Map<DocLine, string>();
  const source = [...input];
  for (let i = 0; i + 1 < source.length; i++) {
    const tail = /(?:^|(?<=[.;]\s))([A-Z][A-Z0-9'’,/()-]*(?:\s+[A-Z][A-Z0-9'’,/()-]*){0,5})\s*$/.exec(source[i].text);
    if (!tail || tail[1].length < 3 || !/^[A-Z][A-Z0-9'’ ,/()-]{0,60}:\s/.test(source[i + 1].text)) continue;
    carried.set(source[i + 1], tail[1]);
    const cut = sliceLine(source[i], 0, tail.index);
    // (a line that both receives a carried label and carries one on keeps what it received)
    if (carried.has(source[i])) carried.set(cut, carried.get(source[i])!);
    source[i] = cut;
  }
  for (const l of source) {
    if (!l.text) continue;
    const cuts = [...l.text.matchAll(/(?<=[\p{L})\]%]{2}[.;]\s)(?=\p{L}[\p{L}0-9'’ ,/()-]{0,60}?:(?:\s|$))/gu)].map((m) => m.index!).filter((i) => i > 0);
    if (!cuts.length) {
      lines.push(l);
      continue;
    }
    const bounds = [0, ...cuts, l.text.length];
    for (let i = 0; i < bounds.length - 1; i++) {
      const part = sliceLine(l, bounds[i], bounds[i + 1]);
      if (i === 0 && carried.has(l)) carried.set(part, carried.get(l)!);
      lines.push(part);
    }
  }
  for (const l of lines) {
    const m = /^((?:for )?(?:all|\p{L}[\p{L}0-9'’ ,/()-]{0,70}?)):\s*(.*)$/iu.exec(l.text);
    // (a parenthesis the label opens and does not close is prose running into a note: "… in the
    // prescribing information (MDS: 10 mg …" is no scope)
    const label = m && (m[1].match(/\(/g)?.length ?? 0) <= (m[1].match(/\)/g)?.length ?? 0) ? `${carried.has(l) ? `${carried.get(l)} ` : ""}${m[1]}` : "";
    const looksScope =
      m &&
      label &&
      !/^(?:note|e\.g|for example|quantity limit|renewal|reauthori[sz]ation|dose|dosing|initial|continuation)/i.test(label) &&
      !/^\(?[0-9a-z]{1,3}[.)]\s/i.test(l.text) &&
      (/\b(?:all|each|every)\b.*\bindications?\b/i.test(label) ||
        mostSpecificConditions(label).length > 0 ||
        // an indication named in capitals, as Part D "Other Criteria" run them together ("FOLLICULAR
        // LYMPHOMA OR MARGINAL ZONE LYMPHOMA: approve if …")
        (label === label.toUpperCase() && /[A-Z]{4,}\s+[A-Z]{3,}/.test(label) && label.split(/\s+/).length <= 10) ||
        /^[A-Z][A-Za-z]{1,5}(?:\s*(?:,|and|\/)\s*[A-Z][A-Za-z]{1,5})*$/.test(label));
    if (looksScope) {
      out.push({ scope: label.trim(), lines: [] });
      if (m![2]) out[out.length - 1].lines.push(sliceLine(l, l.text.indexOf(m![2], m![1].length), l.text.length));
      continue;
    }
    out[out.length - 1].lines.push(l);
  }
  return out.filter((s) => s.scope || s.lines.length);
}

/** dosing statements ("50 mg twice weekly for 12 weeks (8 per 28 days)", "0.8 mg/kg weekly") */
const DOSING_TEXT =
  /\b\d+(?:\.\d+)?\s*(?:mg|mcg|units?|ml)(?:\/kg)?\b[^.]{0,40}\b(?:daily|weekly|every|once|twice|per|q\d|bid|tid|at weeks?)\b|\bper \d+ days\b/i;

const ALL_SCOPE_RE = /\b(?:all|each|every|any)\b.*\bindications?\b|^for all\b/i;

/** Does a scope label ("RA and AS", "pJIA and juvenile PsA", "PsO") cover an indication? */
function scopeCovers(scope: string, ind: { title: string; match: { conditions: string[] } }): boolean {
  if (ALL_SCOPE_RE.test(scope)) return true;
  const conds = mostSpecificConditions(scope).map((c) => c.name);
  if (conds.length) return conds.some((c) => ind.match.conditions.includes(c));
  const abbr = scope
    .split(/,|\band\b|\bor\b|\//)
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const t = ind.title.toLowerCase();
  return abbr.some((a) => t.includes(a) || new RegExp(`\\(${a.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\)`, "i").test(ind.title));
}

/** Criteria written as sentences in a table cell (numbered items are read as an outline). */
function cellCriteria(ls: DocLine[], r: Reader): Criterion[] {
  const items = parseOutline(splitInlineEnumerations(ls), new Set(), { bullets: true }).flatMap((x) => x.items);
  if (items.length) {
    const lead =
      ls.length && items[0].lines[0] !== ls[0]
        ? clean(
            ls
              .filter((l) => l.index < items[0].lines[0].index)
              .map((l) => l.text)
              .join(" "),
          )
        : "";
    const crit = items.filter((i) => !isContinuation(i, r)).map((i) => itemCriterion(i, r));
    const { op, min } = groupOp(lead, items);
    if (op === "any" && crit.length > 1)
      return [
        { kind: "any", items: crit, ...(min ? { min } : {}), text: lead || crit.map((c) => c.text).join(" or "), passage: cite(r, ls), confidence: "high" },
      ];
    return crit;
  }
  const text = clean(ls.map((l) => l.text).join(" "));
  const out: Criterion[] = [];
  for (const sentence of text.split(/(?<=\.)\s+(?=[A-Z])/)) {
    // "approve if the patient has …": the requirement, without the outcome that opens it
    const s = sentence.trim().replace(/^(?:approve|approval|authori[sz]e|cover)\s+(?:only\s+)?(?:if|when)\s+/i, "");
    if (
      s.length < 4 ||
      // a Required Medical Information checklist's bare item ("Diagnosis.", "Chart notes.") asks for a document, no requirement
      /^(?:diagnosis|diagnoses|chart notes|medical records?|clinical notes|lab(?:oratory)? results)\.?$/i.test(s) ||
      /^none\.?$/i.test(s) ||
      /\brenewal\b|\bre-?authori[sz]ation\b|\bcontinu(?:ation|ed) (?:of )?therapy\b/i.test(s) ||
      /^(?:note|quantity(?: limits?)?|dose|dosing|pediatric dosing)\b/i.test(s) ||
      /\b(?:does not|do not) (?:meet|satisfy) this (?:requirement|criterion)\b/i.test(s)
    ) {
      // a note that qualifies the previous criterion ("A shorter trial stopped for lack of effect does not meet this requirement")
      if (out.length && /\bdoes not (?:meet|satisfy)\b/i.test(s))
        out[out.length - 1] = { ...out[out.length - 1], note: `${out[out.length - 1].note ?? ""} ${s}`.trim() };
      continue;
    }
    const passage = cite(r, ls);
    const body = s.replace(/[.]$/, "");
    const alt = inlineAlternatives(body, "", r, passage);
    if (alt) {
      out.push(alt);
      continue;
    }
    // "the lymphoma was previously treated and the requested drug will be used in combination with
    // rituximab": two requirements, each read (one parse of the whole had kept only the first)
    // (only a sentence of "and"s: one holding an alternative — "a negative test, or, if positive, documentation
    // that treatment has started" — is read whole)
    const parts = /\bor\b/i.test(body.replace(/\([^)]*\)/g, " ")) ? [body] : conjuncts(body);
    if (parts.length > 1) out.push(...parts.map((c) => clauseCriterion(c, r, passage)));
    else out.push({ ...parseCriterion(body, "", r.ctx), passage });
  }
  return out;
}

/** Other Criteria subsections that hold no initial requirement: limits, renewal, and the Part B versus Part D benefit note */
const OTHER_CRITERIA_SKIP_RE = /^(?:quantity|dose|dosing|renewal|reauthori|continuation|pediatric dosing|part [bd]\b)/i;

function readPartD(lines: DocLine[], hits: LabelHit[], title: string, r: Reader): PolicyModel {
  const sec = partDSections(lines, hits);
  const textOf = (ls: DocLine[] | undefined) => clean((ls ?? []).map((l) => l.text).join(" "));
  // covered uses, without the sentences that send other indications elsewhere
  const covered = textOf(sec.get("Covered Uses") ?? sec.get("Indications"))
    .split(/(?<=\.)\s+(?=[A-Z])/)
    .filter((x) => !/separate criteria|separate policy|not covered|are excluded|reviewed under|not addressed|other [a-z]+ indications/i.test(x))
    .join(" ");

  // indications: the scoped subsections of Required Medical Information, else the covered uses
  const rmi = splitScoped(sec.get("Required Medical Information") ?? []);
  const common: Criterion[] = [];
  const indications: PolicyIndication[] = [];
  for (const s of rmi) {
    const crit = cellCriteria(s.lines, r);
    if (!s.scope || ALL_SCOPE_RE.test(s.scope)) {
      common.push(...crit);
      continue;
    }
    const terms = indicationTerms(s.scope);
    indications.push({
      title: s.scope,
      match: { conditions: terms.conditions, icd10: terms.icd10, phrases: terms.phrases },
      understood: terms.understood,
      criteria: crit,
      duration: null,
      passage: cite(r, s.lines.slice(0, 1)),
    });
  }
  // scoped abbreviations ("PsO") resolve through the covered uses ("plaque psoriasis (PsO)")
  for (const ind of indications) {
    if (ind.understood) continue;
    const re = new RegExp(`([^;:.(]{3,90})\\(${ind.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\)`, "i").exec(covered);
    if (re) {
      const terms = indicationTerms(re[1]);
      if (terms.understood)
        Object.assign(ind, {
          match: { conditions: terms.conditions, icd10: terms.icd10, phrases: [...terms.phrases, ind.title.toLowerCase()] },
          understood: true,
        });
    }
  }
  // a policy read per indication whose Other Criteria also name an indication of their own ("FOLLICULAR
  // LYMPHOMA OR MARGINAL ZONE LYMPHOMA: approve if …" beside RMI sections for MDS, MCL and MM): that
  // indication is a path too, with the restrictions of every path and its own Other Criteria
  if (indications.length)
    for (const s of splitScoped(sec.get("Other Criteria") ?? [])) {
      if (!s.scope || ALL_SCOPE_RE.test(s.scope) || OTHER_CRITERIA_SKIP_RE.test(s.scope) || indications.some((i) => scopeCovers(s.scope!, i))) continue;
      const terms = indicationTerms(s.scope);
      if (!terms.understood) continue;
      indications.push({
        title: s.scope,
        match: { conditions: terms.conditions, icd10: terms.icd10, phrases: terms.phrases },
        understood: true,
        criteria: [],
        duration: null,
        passage: cite(r, s.lines.slice(0, 1)),
      });
    }
  if (!indications.length) {
    // one path whose indication is what the covered uses name
    const coveredTerms = indicationTerms(covered.replace(/\ball fda[- ]approved indications?(?: not otherwise excluded)?\b[.:;]?/i, ""));
    indications.push({
      title: coveredTerms.conditions.join(" / ") || covered.split(/[:.;]/)[0].trim() || title,
      match: { conditions: coveredTerms.conditions, icd10: coveredTerms.icd10, phrases: coveredTerms.phrases },
      understood: coveredTerms.understood,
      criteria: [...common],
      duration: null,
      passage: cite(r, (sec.get("Covered Uses") ?? []).slice(0, 1)),
    });
    common.length = 0;
  }

  // age and prescriber restrictions, optionally per indication
  const restrict = (label: string, make: (sentence: string) => Criterion | null) => {
    const ls = sec.get(label) ?? [];
    const text = textOf(ls);
    if (!text || /^(?:none|n\/a|no restrictions?)\.?$/i.test(text)) return;
    for (const part of splitScoped(ls)) {
      const sentence = textOf(part.lines);
      const c = make(sentence);
      if (!c) continue;
      const withPassage = { ...c, passage: cite(r, part.lines.length ? part.lines : ls) };
      const targets = part.scope && indications.length > 1 && !ALL_SCOPE_RE.test(part.scope) ? indications.filter((i) => scopeCovers(part.scope!, i)) : null;
      if (targets && targets.length) for (const t of targets) t.criteria.unshift(withPassage);
      else if (targets)
        r.unread.push({
          text: `${part.scope}: ${sentence}`,
          passage: withPassage.passage ?? null,
          why: "Restriction scoped to an indication the reader could not match.",
        });
      else for (const t of indications) t.criteria.unshift(withPassage);
    }
  };
  restrict("Age Restrictions", (s) => {
    const age = parseAge(/age|older|younger|years/i.test(s) ? s : `age ${s}`);
    return age ? { kind: "age", ...age, text: s, confidence: "high" } : null;
  });
  // prescriber: "rheumatologist (RA, AS) or dermatologist (PsO)" names its scope in parentheses
  {
    const ls = sec.get("Prescriber Restrictions") ?? [];
    const pr = textOf(ls);
    if (pr && !/^(?:none|n\/a|no restrictions?)\.?$/i.test(pr)) {
      // "a rheumatologist (RA, AS) or a dermatologist (PsO)": parentheses that list indications, not specialties
      const scopedParen = [...pr.matchAll(/([A-Za-z/ -]+?)\s*\(([^)]+)\)/g)].filter(
        (m) => parseSpecialties(m[1]).length && !parseSpecialties(m[2]).length && !/:/.test(pr),
      );
      if (scopedParen.length && indications.length > 1) {
        for (const ind of indications) {
          const specs = scopedParen.filter((m) => scopeCovers(m[2], ind)).flatMap((m) => parseSpecialties(m[1]));
          if (specs.length) ind.criteria.push({ kind: "prescriber", specialties: [...new Set(specs)], text: pr, passage: cite(r, ls), confidence: "high" });
        }
      } else {
        for (const part of splitScoped(ls)) {
          const sentence = textOf(part.lines);
          const specs = parseSpecialties(sentence);
          if (!specs.length) continue;
          const c: Criterion = {
            kind: "prescriber",
            specialties: specs,
            text: sentence,
            passage: cite(r, part.lines.length ? part.lines : ls),
            confidence: "high",
          };
          const targets =
            part.scope && indications.length > 1 && !ALL_SCOPE_RE.test(part.scope) ? indications.filter((i) => scopeCovers(part.scope!, i)) : indications;
          for (const t of targets) t.criteria.push(c);
        }
      }
    }
  }
  // Other Criteria: requirements other than renewal, quantity and dosing text
  for (const s of splitScoped(sec.get("Other Criteria") ?? [])) {
    if (s.scope && OTHER_CRITERIA_SKIP_RE.test(s.scope)) continue;
    const crit = cellCriteria(s.lines, r).filter(
      (c) =>
        !["quantity_limit", "dose_limit"].includes(c.kind) &&
        !(
          (c.kind === "documentation" || c.kind === "human_review") &&
          (/renew|reauthori|response|quantity|dose|dosing/i.test(c.text) || DOSING_TEXT.test(c.text))
        ),
    );
    if (!crit.length) continue;
    if (!s.scope || ALL_SCOPE_RE.test(s.scope)) common.push(...crit.filter((c) => c.kind !== "human_review" && c.kind !== "documentation"));
    else for (const ind of indications.filter((i) => scopeCovers(s.scope!, i))) ind.criteria.push(...crit);
  }
  // Part B prerequisite is a benefit routing note, not a clinical criterion
  const dur = textOf(sec.get("Coverage Duration"));
  for (const ind of indications) ind.duration = dur || null;

  const exLines = splitInlineEnumerations(sec.get("Exclusion Criteria") ?? []);
  const exItems = parseOutline(exLines, new Set(), { bullets: true }).flatMap((x) => x.items);
  const exclusions = exItems.length
    ? exclusionList(exItems, r)
    : textOf(exLines)
        .split(/(?<=\.)\s+(?=[A-Z])/)
        .filter((s) => s.length > 3 && !/^none/i.test(s))
        .map((s) => ({ ...parseExclusion(s, r.ctx), passage: cite(r, exLines) }) as Criterion);
  for (const ind of indications) noteUnread(r, ind.criteria);
  noteUnread(r, common);
  const other = textOf(sec.get("Other Criteria"));
  // "Continuation of therapy: … AND …", "Renewal requires documentation of a reduction in A1c from baseline …"
  const renewal =
    /(?:continuation of (?:therapy|coverage|treatment)|continued therapy|renewal|re-?authori[sz]ation)(?: criteria)?(?:\s*:\s*|\s+requires\s+)/i.exec(other);
  if (renewal) {
    const rest = other.slice(renewal.index);
    const sentences = rest.split(/(?<=\.)\s+(?=[A-Z])/);
    const taken = [sentences[0], ...sentences.slice(1).filter((x, i, all) => all.slice(0, i + 1).every((y) => !/^[A-Z][\w /()-]{0,30}:\s/.test(y)))];
    renewalFromText(taken.join(" "), sec.get("Other Criteria") ?? [], null, r);
  }
  if (/\brenew|\breauthori|\bcontinuation of therapy/i.test(other))
    r.continuation.push({
      text: other.slice(0, 300),
      passage: cite(r, sec.get("Other Criteria") ?? []),
      why: "Renewal criteria apply to reauthorization requests only.",
    });
  return { title, style: "part_d_table", indications, common, exclusions, continuation: r.continuation, unread: r.unread };
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// prose, bullets, step-therapy and quantity-limit programs

/** Sentences of consecutive preamble lines, each with the lines it spans. */
function preambleSentences(lines: DocLine[]): { text: string; lines: DocLine[] }[] {
  const out: { text: string; lines: DocLine[] }[] = [];
  let cur: { text: string; lines: DocLine[] } | null = null;
  for (const l of lines) {
    const parts = l.text.split(/(?<=[.!?])\s+(?=[A-Z])/);
    parts.forEach((part, i) => {
      if (!cur || i > 0 || (cur.lines.length && cur.lines[cur.lines.length - 1].index !== l.index - 1)) {
        if (cur) out.push(cur);
        cur = { text: part, lines: [l] };
      } else {
        cur.text += ` ${part}`;
        if (!cur.lines.includes(l)) cur.lines.push(l);
      }
    });
    if (cur && /[.!?]$/.test(l.text.trim())) {
      out.push(cur);
      cur = null;
    }
  }
  if (cur) out.push(cur);
  return out;
}

/** "AGE RESTRICTIONS", "Prescriber Restrictions:", "Specialist requirement" section headings. */
const RESTRICTION_HEAD_RE = /^(?:age|prescriber|specialist|specialty)\s+(?:restrictions?|requirements?|limitations?)\s*:?$/i;

/** "… is medically necessary only when ONE of the following is documented:" — a lead that makes its list a requirement */
const ONLY_WHEN_LEAD_RE = /\b(?:medically necessary|covered|approved|authori[sz]ed)\s+only\s+(?:when|if)\b[^.]*\bof the following\b[^.:]{0,60}:$/i;

/** The last sentence of a section's preamble before its first item (the list's lead-in, wrapped lines joined), or "". */
function leadBefore(s: { items: OutlineItem[]; preamble: DocLine[] }): string {
  const first = s.items[0]?.lines[0]?.index ?? Infinity;
  const before = clean(
    s.preamble
      .filter((l) => l.index < first)
      .map((l) => l.text)
      .join(" "),
  );
  return (
    before
      .split(/(?<=[.!?])\s+(?=[A-Z])/)
      .pop()
      ?.trim() ?? ""
  );
}

/**
 * The criteria of one section of a prose policy: its top-level items, ALL required — unless the
 * sentence that leads into them, unnumbered and possibly wrapped over two lines ("Infusion in a hospital
 * outpatient department is medically necessary only when ONE of the following / is documented:"), says
 * one (any, either, at least N) of them is enough: then they are alternatives of one "any" criterion.
 */
/**
 * A benefit brochure's own voice ("We cover prescribed drugs … as described in the chart beginning on
 * page 74.", "Please remember that all benefits are subject to …", "Be sure to read Section 4, Your costs
 * …", "… may have different cost-sharing; see Section 9."): what the plan pays and how to read the
 * brochure, never a requirement of a request — unless it states one (must, required, tried, diagnosis …).
 */
export function isBenefitProse(text: string): boolean {
  const t = stripConnector(text).trim();
  const voice =
    /^(?:we|please|be sure|remember|if you|when you|your)\b/i.test(t) ||
    /\b(?:you pay|your costs?|cost-?shar\w*|this brochure|coinsurance|copay(?:ment)?s?|deductible|out-of-pocket)\b/i.test(t);
  return (
    voice &&
    !/\b(?:must|required?|requires|documented|documentation|diagnos\w+|tried|failed|trials?|prescribed by|in consultation with|years of age|contraindicat\w*|intoleran\w*)\b/i.test(
      t,
    )
  );
}

function sectionCriteria(s: { items: OutlineItem[]; preamble: DocLine[] }, r: Reader): Criterion[] {
  const kids = s.items.filter((i) => !isContinuation(i, r) && !isBenefitProse(i.text));
  const crit = kids.map((it) => itemCriterion(it, r));
  if (crit.length < 2 || !s.items.length) return crit;
  const first = s.items[0].lines[0]?.index ?? Infinity;
  // the lead is the last sentence before the list, and it ends with the colon that opens it
  const lead = leadBefore(s);
  if (!/\bof the following\b[^.:]{0,60}:$/i.test(lead)) return crit;
  const { op, min } = groupOp(lead, kids);
  if (op !== "any") return crit;
  const lines = s.preamble.filter((l) => l.index < first).slice(-2);
  return [{ kind: "any", items: crit, ...(min ? { min } : {}), text: lead, passage: cite(r, lines), confidence: "high" }];
}

/** "The study is performed for one of the covered indications listed below": a pointer to the covered-indications list */
const LISTED_BELOW_RE =
  /\b(?:one|any|at least one) of the (?:covered |approved |following |listed )?(?:indications|conditions|diagnoses|uses)\b[^.;]{0,20}?\b(?:(?:listed|described|shown|named) )?(?:below|that follow|in the (?:list|section) below)\b/i;

/** A covered-indications list (see readProse) as one choice: met when one of its items is. */
function coveredChoice(s: { heading: string; items: OutlineItem[]; preamble: DocLine[] }, r: Reader): Criterion[] {
  const items = s.items.map((it) => itemCriterion(it, r));
  return [
    {
      kind: "any",
      items,
      text: `${s.heading.trim().replace(/:$/, "")}: one of the following`,
      passage: cite(r, s.items[0].lines.slice(0, 1)),
      confidence: "high",
    },
  ];
}

function readProse(lines: DocLine[], title: string, r: Reader): PolicyModel {
  const sections = parseOutline(splitInlineEnumerations(substituteStepDrugs(lines)), new Set(), { bullets: true });
  const usable = sections.filter(
    (s) =>
      !(SKIP_HEAD_RE.test(s.heading) && !/criteria/i.test(s.heading)) &&
      !CONTINUATION_HEAD_RE.test(s.heading) &&
      !exclusionHeading(s.heading) &&
      !saysNotCriteria(s),
  );
  const exclusions = sections.filter((s) => exclusionHeading(s.heading)).flatMap((s) => exclusionList(s.items, r));
  const items = usable.flatMap((s) => s.items).filter((i) => !isContinuation(i, r));
  // "Covered indications / a. Focal neuropathies … b. Radiculopathy … h. …" under a requirement "The
  // study is performed for one of the covered indications listed below": the list is that requirement's
  // choices, one of which is met, never a list of requirements each request must meet
  const coveredList = (s: (typeof usable)[number]) => COVERED_HEAD_RE.test(s.heading.trim()) && s.items.length >= 2 && s.items.every((i) => !i.children.length);
  let criteria: Criterion[] = usable.flatMap((s) => (coveredList(s) ? coveredChoice(s, r) : sectionCriteria(s, r)));
  if (usable.some(coveredList)) criteria = criteria.filter((c) => !LISTED_BELOW_RE.test(c.text));
  // restriction sections written as a heading and a sentence ("AGE RESTRICTIONS / 18 years of age and
  // older.", "PRESCRIBER RESTRICTIONS / Prescribed by, or in consultation with, a dermatologist."):
  // requirements of every request, whatever else the policy lists
  for (const s of usable)
    if (RESTRICTION_HEAD_RE.test(s.heading.trim()) && !s.items.length)
      for (const x of preambleSentences(s.preamble))
        if (!/^(?:none|n\/a|not applicable|no restrictions?)\b/i.test(x.text.trim())) criteria.push(...sentenceCriteria(x.text, r, cite(r, x.lines)));
  const preamble = usable.flatMap((s) => s.preamble);
  // an approval sentence wrapped over lines ("… are covered when they are / medically necessary to
  // restore function …") is read whole: its first line alone reads as a fragment ("they are")
  if (!criteria.length)
    for (const x of preambleSentences(preamble).filter((x) => ONE_SENTENCE_RE.test(x.text) || /^(?:approval |coverage |clinical )?criteria:/i.test(x.text)))
      criteria.push(...sentenceCriteria(x.text.replace(/^(?:approval |coverage |clinical )?criteria:\s*/i, ""), r, cite(r, x.lines)));
  let style: PolicyModel["style"] = "generic";
  // quantity-limit programs: within the limit, or the documented reason for more
  const ql = lines.map((l) => ({ l, q: parseQuantityLimit(l.text) })).find((x) => x.q);
  if (ql && !criteria.length) {
    style = "quantity_limit";
    const exception = lines
      .filter(
        (l) =>
          l.index > ql.l.index &&
          /\b(?:above|exceed\w*|over|beyond|more than) the (?:quantity )?limit\b|\bquantities (?:above|exceeding|greater)/i.test(l.text),
      )
      .map(
        (l) =>
          ({
            ...parseCriterion(l.text.replace(/^.*?\b(?:require[sd]?|if|when)\s+(?:documentation (?:that|of)\s+)?/i, ""), "", r.ctx),
            passage: cite(r, [l]),
          }) as Criterion,
      );
    const qlSpec: Criterion = { kind: "quantity_limit", ...ql.q!, text: ql.l.text, passage: cite(r, [ql.l]), confidence: "high" };
    criteria = exception.length
      ? [
          {
            kind: "any",
            items: [qlSpec, ...exception],
            text: `${ql.l.text} (or: ${exception.map((e) => e.text).join("; ")})`,
            passage: qlSpec.passage,
            confidence: "high",
          },
        ]
      : [qlSpec];
  }
  if (
    /\bstep\s*(?:1|one|2|two)\b/i.test(lines.map((l) => l.text).join(" ")) &&
    criteria.some((c) => c.kind === "prior_therapy" || (c.kind === "any" && c.items.some((i) => i.kind === "prior_therapy")))
  )
    style = "step_therapy";
  // the lead sentence names the indication ("... medically necessary for members with X when ALL ...")
  // the lead sentence may wrap over lines ("It is indicated, with a reduced-calorie diet and increased
  // physical activity, for chronic weight management in adults …"): read whole sentences
  const leadRe = /medically necessary|is covered|are covered|approved for|indicated\b[^.;]{0,90}?\bfor\b|coverage of|recommended (?:for|in)/i;
  const leadSentence = preambleSentences(preamble).find((x) => leadRe.test(x.text) && mostSpecificConditions(withoutExamples(x.text)).length);
  const lead = leadSentence?.lines[0];
  const leadTerms = leadSentence ? indicationTerms(leadSentence.text) : null;
  // (only beside criteria the reader found: a policy read down to its lead sentence — a background
  // paragraph's "approved for …" — has no criteria, and a diagnosis alone never approves)
  if (leadTerms?.understood && criteria.length && !criteria.some((c) => JSON.stringify(c).includes('"kind":"diagnosis"'))) {
    criteria.unshift({
      kind: "diagnosis",
      conditions: leadTerms.conditions,
      icd10: leadTerms.icd10,
      phrases: [],
      text: `Diagnosis of ${leadTerms.conditions.join(" or ")}`,
      passage: cite(r, [lead!]),
      confidence: "high",
    });
  }
  const duration = [...walk(items).flatMap((i) => i.durations), ...preamble.map((l) => l.text).filter((t) => DURATION_LINE_RE.test(t))][0] ?? null;
  // two or more criteria sections of their own ("Criteria for use - first treatment course (Year 1)",
  // "Criteria for use - second treatment course (Year 2)"): each is a path, never one list that needs
  // both (a second-course request would fail the first course's thresholds). A section that names no
  // condition of its own is a path that is not understood: a reviewer applies it.
  const critSections = usable.filter(
    (s) =>
      s.items.length && /^(?:criteria|requirements|conditions) for (?:use|approval|coverage|authori[sz]ation|initial)\b.*\S\s*[-–:(]/i.test(s.heading.trim()),
  );
  if (
    critSections.length >= 2 &&
    new Set(critSections.map((s) => s.heading.trim().toLowerCase())).size === critSections.length &&
    style === "generic" &&
    criteria.length === items.length
  ) {
    const others = usable.filter((s) => !critSections.includes(s));
    const shared = criteria.filter((_, i) => others.some((s) => s.items.includes(items[i])));
    const inds = critSections.map((s) => {
      const own = criteria.filter((_, i) => s.items.includes(items[i]));
      noteUnread(r, own);
      const dur = [...walk(s.items).flatMap((i) => i.durations), ...s.preamble.map((l) => l.text).filter((t) => DURATION_LINE_RE.test(t))][0] ?? null;
      const name = s.heading.replace(/^(?:criteria|requirements) for (?:use|approval|coverage|authori[sz]ation)\s*[-–:]?\s*/i, "").trim() || s.heading.trim();
      return toIndication(name, [...shared, ...own], dur ? durationText(dur) : null, cite(r, s.preamble.slice(0, 1)), title, r.docTitle);
    });
    return { title, style, indications: inds, common: [], exclusions, continuation: r.continuation, unread: r.unread };
  }
  noteUnread(r, criteria);
  const ind = toIndication(
    leadTerms?.understood ? leadTerms.conditions.join(" / ") : null,
    criteria,
    duration ? durationText(duration) : null,
    leadSentence ? cite(r, leadSentence.lines) : null,
    title,
    r.docTitle,
  );
  if (!criteria.length)
    r.unread.push({
      text: "No criteria section was found in this policy.",
      passage: null,
      why: "The reader found no numbered, bulleted or sentence criteria; every request under it needs human review.",
    });
  return { title, style, indications: [ind], common: [], exclusions, continuation: r.continuation, unread: r.unread };
}

// ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Read a coverage policy into a PolicyModel (see the module comment). `meta.drug_names` are the
 * covered drug's names. Deterministic; never throws.
 */
export function readPolicy(doc: ParsedDocument, meta: ReadPolicyMeta): PolicyModel {
  const r: Reader = { doc, docName: meta.documentName ?? "policy", ctx: { drugNames: meta.drug_names }, unread: [], continuation: [], renewals: [] };
  // pages set in two text columns read column by column (two-columns.ts)
  // a state PDL's grid of classes (Class | Preferred | Non-preferred | Criteria): the requested drug's
  // class row alone (pdl-grid.ts)
  const raw = readTwoColumnPages(doc, readPdlGrids(doc, docLines(doc), meta.drug_names));
  // criteria tables read column by column ("Initial approval | Reauthorization"), except a Part D
  // criteria table, whose label column the Part D reader needs beside its text
  const partD = new Set(findPartDLabels(joinWrappedLabels(raw)).map((h) => h.label.replace(/:$/, ""))).size >= 3;
  // grids that mark each row's requests ("# | Criterion | Initial | Renewal") read as numbered criteria;
  // step algorithm tables ("S1 | Question | YES -> Go to S2 | NO -> NOT APPROVED") row by row (step-table.ts)
  // question grids whose answer column gives the approving answer ("Q | Question | Approvable answer") as requirements and exclusions (answer-grid.ts)
  // section names in a left margin column ("Coverage criteria | I. Initial authorization …") split from their first body line (margin-labels.ts)
  const all = partD
    ? raw
    : readBareOutlines(
        // criteria subsets of numbered check-box points ("[ ] 100 …", "[ ] 110 …") as outline items (point-subsets.ts)
        // items marked by indentation alone ("… 1 or more of the following:" with the items set further in) as an outline (indent-outline.ts)
        readIndentOutlines(
          readPointSubsets(readMarginLabels(doc, readApplicabilityGrids(doc, readStepTables(doc, readTableColumns(doc, readAnswerGrids(doc, raw)))))),
          isHeading,
        ),
        isHeading,
      );
  const skip = boilerplateLineSet(all, doc.page_count);
  const { lines, tables } = takeIndicationTables(
    composeNamedParts(
      inlineExclusionLists(
        // "meets Table A, row 1": the row's requirement in the criterion's place (table-rows.ts)
        resolveTableRowRefs(all.filter((l) => !skip.has(l.index) && !/^©|^copyright\b/i.test(l.text) && !/^\d{1,3}$/.test(l.text)))
          .map(withBracketNoteTrials(all))
          .map(withoutFootnoteMarks)
          .map(withoutNoteNumbers(all)),
      ),
    ),
  );
  if (process.env.DEBUG_LINES)
    for (const l of lines)
      console.error("L", l.page, l.text, process.env.DEBUG_LINES === "2" ? JSON.stringify({ x: l.x, cell: l.cell, larger: l.larger }) : "");
  r.docTitle = documentTitle(lines);
  const title =
    meta.title ??
    (lines.find((l) => /(?:^|\b)policy:|clinical policy:/i.test(l.text))?.text.replace(/^.*?policy:\s*/i, "") || meta.drug_names[0] || "Coverage policy");
  const tableLines = joinWrappedLabels(lines);
  const hits = findPartDLabels(tableLines);
  let model: PolicyModel | null = null;
  if (new Set(hits.map((h) => h.label.replace(/:$/, ""))).size >= 3) model = readPartD(tableLines, hits, title, r);
  else model = readOutline(guidelineSectionLines(lines), title, r) ?? readProse(lines, title, r);
  // a step requirement written as a sentence over a table of agents with their own minimum trials
  // (step-agent-table.ts): one prior-therapy criterion of every path, and the exceptions list that
  // was read as a requirement taken out
  const step = stepAgentTable(lines, r.ctx, (ls) => cite(r, ls));
  if (step) {
    const onTable = (p: Citation | null | undefined) => !!p && step.lines.some((l) => l.page === p.page && p.start < l.end && l.start < p.end);
    const fromTable = (c: Criterion) => isStepExceptionList(c) || ((c.kind === "prior_therapy" || c.kind === "human_review") && onTable(c.passage));
    for (const ind of model.indications) ind.criteria = ind.criteria.filter((c) => !fromTable(c));
    model.common = [step.criterion, ...model.common.filter((c) => !fromTable(c))];
  }
  // a class document's table of agents, each row a drug and an indication with its own criteria and
  // preferred-agent step (step-agent-table.ts): one path per row, scoped to its drug — the column
  // reading ran the rows together, so what it made of the table's lines is set aside
  const grids = readAgentGrids(doc, raw);
  const agentPaths = agentIndicationPaths(
    grids,
    (t, ctx) => parseCriterion(t, "", ctx),
    (ls) => cite(r, ls),
  );
  if (agentPaths.length >= 2) {
    const gridLines = grids.flatMap((g) => g.lines);
    const onGrid = (p: Citation | null | undefined) => !!p && gridLines.some((l) => l.page === p.page && p.start < l.end && l.start < p.end);
    const continuation = model.indications.find((i) => i.continuation)?.continuation;
    model.indications = agentPaths.map((p) => ({
      ...toIndication(p.title, p.criteria, null, p.passage, title, r.docTitle),
      understood: true,
      drug_scoped: true,
      ...(continuation ? { continuation } : {}),
    }));
    model.common = model.common.filter((c) => !onGrid(c.passage));
  }
  // a numbered yes/no decision flow read as its approving routes (decision-flow.ts)
  const flowRead = readFlowInto(model, lines, title, r);
  // a "Quantity Limits" table whose rows all give one limit ("Ubrelvy 50 mg tablet | 16 tablets per 30
  // days", "Ubrelvy 100 mg tablet | 16 tablets per 30 days") is a requirement of every request when
  // the criteria do not state one; rows with different limits (per strength, per phase) are left to
  // the reviewer, as before
  const hasLimit = (cs: Criterion[]): boolean => cs.some((c) => c.kind === "quantity_limit" || ((c.kind === "all" || c.kind === "any") && hasLimit(c.items)));
  const tableLimit = quantityTableLimit(lines, r);
  if (tableLimit && !hasLimit(model.common) && !model.indications.some((i) => hasLimit(i.criteria))) model.common.push(tableLimit);
  // a maximum-dose table of the dosing section ("Maximum per administration: 5 mg/kg, rounded up to
  // whole 100 mg vials"), when no criterion states a ceiling: every path's ceiling (dose-ceilings.ts)
  const hasCeiling = (cs: Criterion[]): boolean =>
    cs.some((c) => c.kind === "quantity_limit" || c.kind === "dose_limit" || ((c.kind === "all" || c.kind === "any") && hasCeiling(c.items)));
  if (!hasCeiling(model.common) && !model.indications.some((i) => hasCeiling(i.criteria))) {
    const table = dosingTableCeiling(lines, (ls) => cite(r, ls));
    if (table) model.common.push(table);
  }
  const otherDrugs = (t: string) => scopedToOtherDrugs(t, r.ctx.drugNames);
  for (const ind of model.indications)
    ind.criteria = withQuantityExceptions(withoutTexts(withoutNonRequirements(ineligibleToExclusions(ind.criteria, model, r)), otherDrugs));
  resolveIndicationReferences(model.indications);
  // "Crohn's disease (CD), ages 6 and older": an age bound in the indication's title limits its path
  // like an age criterion (title-age.ts); a path or the common criteria that state an age keep theirs
  if (!hasAgeCriterion(model.common))
    for (const ind of model.indications) {
      const age = hasAgeCriterion(ind.criteria) ? null : titleAgeCriterion(ind.title, ind.passage);
      if (age) ind.criteria = [age, ...ind.criteria];
    }
  model.common = withQuantityExceptions(withoutTexts(withoutNonRequirements(ineligibleToExclusions(model.common, model, r)), otherDrugs));
  // "None of the NOT APPROVABLE items applies": the exclusion list, which is evaluated as exclusions
  if (model.exclusions.length) {
    for (const ind of model.indications) ind.criteria = withoutExclusionReferences(ind.criteria);
    model.common = withoutExclusionReferences(model.common);
  }
  // "the visit falls within the calendar-year maximum": the maximum is the benefit table row of the
  // line's code (visit-limits.ts)
  const visitRows = visitLimitRows(lines);
  for (const ind of model.indications) ind.criteria = withVisitLimits(ind.criteria, visitRows);
  model.common = withVisitLimits(model.common, visitRows);
  // "ULN for ALT is 35 U/L for men and 25 U/L for women": the policy's own limits on its relative lab criteria
  const ulns = parsePolicyUlns(lines.map((l) => l.text).join(" "));
  if (ulns.size) {
    for (const ind of model.indications) ind.criteria = ind.criteria.map((c) => withPolicyUln(c, ulns));
    model.common = model.common.map((c) => withPolicyUln(c, ulns));
  }
  // a provider manual's visit maximum written as a sentence ("Visits beyond 24 in a calendar year are
  // not covered"), when no criterion carries a visit maximum yet
  const hasVisitLimit = (cs: Criterion[]): boolean =>
    cs.some((c) => c.kind === "visit_limit" || ((c.kind === "all" || c.kind === "any") && hasVisitLimit(c.items)));
  if (!hasVisitLimit(model.common) && !model.indications.some((i) => hasVisitLimit(i.criteria))) {
    const stated = statedVisitLimit(lines, (ls) => cite(r, ls));
    if (stated) model.common.push(stated);
  }
  // a code the policy includes in other codes and never pays alone ("77003 … included in 64490-64495
  // and must not be reported separately"): a criterion scoped to that code (bundled-codes.ts)
  // — an exclusion of the line, whatever the indication
  model.exclusions.push(...bundledCodeRules(lines, (ls) => cite(r, ls), meta.drug_names, policyScopeCodes(lines)));
  // a billing article's ICD-10-CM codes that support medical necessity, with its statement that a line
  // pointing to no listed code is denied: an exclusion of a line whose every diagnosis is unlisted
  model.exclusions.push(...lineDiagnosisRules(lines, (ls) => cite(r, ls)));
  // the same list stated through the line's diagnosis pointer, without that heading (pointer-diagnosis-list.ts)
  if (!model.exclusions.some((c) => c.kind === "line_diagnosis")) model.exclusions.push(...pointerDiagnosisRules(lines, (ls) => cite(r, ls)));
  // modifiers that must not be appended to a code, and a per-date-of-service unit maximum, each with
  // the policy's statement that such a line is denied: an exclusion of the line (line-billing-rules.ts)
  model.exclusions.push(...lineBillingRules(lines, (ls) => cite(r, ls)));
  // a billing note's frequency rule on its own codes ("92136 … is reimbursed once per eye in a 12-month
  // period"): a requirement of those codes' lines, counted over the claim and the claims history
  // (code-frequency.ts) — for a code the policy gives no other criterion, the only one
  model.common.push(...codeFrequencyRules(lines, (ls) => cite(r, ls)));
  // an exclusion of a removal below the policy's BSA sliding-scale table (resection-table.ts)
  model.exclusions = withResectionMinimum(model.exclusions, raw);
  // billing / coding / modifier / unit sentences are checks on the claim line, never documentation:
  // out of the criteria, and the checkable ones as line exclusions (claim-line-sentences.ts)
  for (const ind of model.indications) ind.criteria = withoutClaimLineSentences(ind.criteria);
  model.common = withoutClaimLineSentences(model.common);
  model.exclusions = withoutClaimLineSentences(model.exclusions);
  model.exclusions.push(...claimLineChecks(lines, (ls) => cite(r, ls)));
  // a supply replacement schedule ("A7035 Headgear … 1 per 6 months") under the policy's statement that
  // a supply furnished before its interval is not covered: an exclusion of an early replacement line (the page lines as printed: a table read column by column would part a row's code from its quantity)
  model.exclusions.push(...replacementIntervalRules(raw, (ls) => cite(r, ls)));
  // a frequency limit naming a procedure ("Thermal RFA is limited to a maximum of two (2) sessions per
  // rolling 12 months per spinal region"), read as a limitation: counted per line (session-limits.ts)
  const policyText = raw.map((l) => l.text.trim()).join(" ");
  const asSessionLimit = (c: Criterion): Criterion =>
    sessionLimitOf(
      c.text,
      policyText,
      raw.map((l) => l.text),
      c.passage ?? null,
    ) ?? c;
  model.exclusions = model.exclusions.map(asSessionLimit);
  // a medical policy's frequency or quantity rule that no criterion counts ("Coverage is limited to
  // ONE of the following within one calendar year: one pair of depth shoes (A5500) and three pairs of
  // inserts"): kept as a passage the reader did not turn into a criterion, shown to the policy author;
  // a plan fee-schedule row for the same codes then never denies against it (review/fee-schedule.ts)
  if (meta.drug_names.length && meta.drug_names.every((n) => /^[A-Z]?\d{4}[A-Z0-9]?$/i.test(n.trim()))) {
    const criterionText = JSON.stringify([model.common, model.exclusions, model.indications.map((i) => i.criteria)]);
    const rules = lines
      .filter((l) => l.text.trim().split(/\s+/).length >= 6 && statesFrequency(l.text) && !criterionText.includes(l.text.trim().slice(0, 40)))
      .slice(0, 3);
    for (const l of rules)
      model.unread.push({
        text: l.text.trim(),
        passage: cite(r, [l]),
        why: "A frequency or quantity rule of the policy that the reader does not count: a reviewer applies it (it wins over the plan's fee-schedule row).",
      });
  }
  // a path with no criteria at all is understood only when the policy says so ("Required Medical
  // Information: None"); otherwise the reader missed them and a human must read the policy
  const explicitNone = /\b(?:required medical information|criteria|clinical criteria)\s*:?\s*(?:none|n\/a|not applicable)\b/i.test(
    lines.map((l) => l.text).join(" "),
  );
  for (const ind of model.indications) {
    if (!ind.match.conditions.length && !ind.match.icd10.length && !ind.drug_scoped) ind.understood = false;
    if (!ind.criteria.length && !model.common.length && !explicitNone) ind.understood = false;
  }
  // a yes/no decision flow ("Is the client 18 or older? [ ] Yes (Go to #2) [ ] No (Deny)"): its
  // questions are steps of one route, not alternative indications, and the reader does not follow
  // the routing — every path needs a reviewer (never an approval on one step)
  const routing = lines.filter((l) => /\((?:go to|proceed to|skip to)\s*(?:#|question|step)?\s*\d+\)|\((?:deny|approve)\b/i.test(l.text)).length;
  if (routing >= 3 && !flowRead) {
    for (const ind of model.indications) ind.understood = false;
    r.unread.push({
      text: 'Yes/No decision flow ("Go to #n", "Deny", "Approve")',
      passage: null,
      why: "The policy is a numbered yes/no decision flow; the reader does not follow its routing, so a reviewer walks it.",
    });
  }
  // "C. Requirements for all initial requests", "For all indications": criteria of every path, never a path of its own
  const ALL_PATHS_TITLE =
    /^(?:[A-Z0-9]{1,3}[.)]\s*|(?:part|section)\s+[A-Z0-9]{1,4}\s*[-–:.]\s*)?(?:(?:requirements?|criteria|conditions) (?:for|applying to|that apply to) (?:all|every)\b|(?:for )?(?:all|every) (?:initial )?(?:indications?|requests?|members?|patients?|uses?)\b|general (?:requirements?|criteria)\b|(?:member |general )?eligibility(?: (?:criteria|requirements))?\s*[.:]?\s*$)/i;
  const forAll = model.indications.filter((i) => ALL_PATHS_TITLE.test(i.title.trim()));
  if (forAll.length && forAll.length < model.indications.length) {
    model.common.push(...forAll.flatMap((i) => i.criteria));
    model.indications = model.indications.filter((i) => !forAll.includes(i));
  }
  expandIndicationTables(model, tables, title, r);
  // a criteria section the reader took nothing from (rows it could not read as items): the paths it
  // built lack those criteria, so none is understood — never an approval on what is left
  const missed = unreadCriteriaSection(lines, model);
  if (missed) {
    for (const ind of model.indications) ind.understood = false;
    r.unread.push({ text: missed.text, passage: cite(r, [missed]), why: "A criteria section of the policy was not read; a reviewer must apply it." });
  }
  // "Approve when C1, C2, C3, C4 and C5 are ALL met": a path with fewer items than the policy counts
  // (its indication counted as one: a diagnosis item is read as the path's indication) lost some in
  // reading — never an approval on what is left (announced-items.ts)
  const announced = announcedItemCount(lines);
  if (announced) {
    const short = model.indications.filter((ind) => ind.criteria.length + model.common.length + 1 < announced.count);
    for (const ind of short) ind.understood = false;
    if (short.length)
      r.unread.push({
        text: announced.line.text,
        passage: cite(r, [announced.line]),
        why: `The policy requires ${announced.count} items; the reader built fewer for ${short.map((i) => i.title).join(", ")}. A reviewer must apply the items it did not read.`,
      });
  }
  // a path that requires two different minimum ages holds more than one indication's criteria run
  // together (a class document's drugs and indications
  // read as one list): neither an approval nor a denial can rest on it (an adult-only age of another
  // indication's block denied a child's request) — a reviewer applies the policy
  for (const ind of model.indications) {
    const why = mergedPathReason([...ind.criteria]);
    if (!why) continue;
    ind.understood = false;
    ind.criteria = [
      {
        kind: "human_review",
        text: `${ind.title}: criteria read as one list (${why})`,
        why: `The reader ran the criteria of more than one indication or drug together (${why}); a reviewer must apply the policy.`,
        confidence: "low",
        passage: ind.passage,
      },
    ];
    r.unread.push({ text: ind.title, passage: ind.passage, why: `Criteria of more than one indication read as one path (${why}).` });
  }
  // a drug policy that states approval criteria, read down to administrative lines only (a quantity
  // limit, a dose ceiling): the reader missed its criteria — never an
  // approval on what is left (a criteria grid read as a quantity-limit program approved a request whose
  // ECG failed the policy)
  const drugPolicy = meta.drug_names.some((n) => !/^[A-Z]?\d{4,5}[A-Z]?$/i.test(n.trim()));
  const statesCriteria = APPROVAL_CRITERIA_RE.test(lines.map((l) => l.text).join(" "));
  if (drugPolicy && statesCriteria) {
    const clinical = (cs: Criterion[]): boolean =>
      cs.some((c) => (c.kind === "all" || c.kind === "any" ? clinical(c.items) : !ADMINISTRATIVE_KINDS.has(c.kind)));
    const bare = model.indications.filter((ind) => !clinical([...ind.criteria, ...model.common]));
    for (const ind of bare) ind.understood = false;
    if (bare.length)
      r.unread.push({
        text: bare.map((i) => i.title).join(", "),
        passage: null,
        why: "The policy states approval criteria, but the reader found only administrative limits (quantity, dose) for this path; a reviewer must apply its criteria.",
      });
  }
  attachRenewals(model, r.renewals);
  // "Doses above the weight-based maximum …, or more than 4 infusions in a treatment cycle, are not
  // covered": an exclusion that restates the dose ceiling every path already checks is no exclusion of
  // its own (its words are in every request that states a dose) — kept when it counts administrations
  // the ceilings do not
  model.exclusions = withoutRestatedCeilings(model);
  // "Not covered: Abdominoplasty, 15847 (add-on) …": an entry naming its codes denies those lines only
  model.exclusions = codeNamedExclusions(model.exclusions);
  // criteria under a heading that names service codes apply to those codes' lines only
  withCodeScopes(model, lines);
  // a procedure's section (a title naming its codes) the reader took nothing from needs a reviewer
  withUnreadCodeSections(model, lines, r.docName, r.doc);
  // a prefixed or decimal-numbered section that gave no criterion goes to a reviewer, never vanishes
  withUnreadNumberedSections(model, lines, r.docName, r.doc);
  // an RBM guideline's indication groups for the same codes are alternatives (guideline-sections.ts)
  if (isNumberedGuideline(lines)) mergeGuidelineIndications(model, title, lines, r.ctx, r.docName);
  // a guideline whose numbered sections name their codes, with general sections and cross-references
  // (section-guideline.ts): its sections' criteria replace what the outline made of them
  const sectioned = readSectionGuideline(lines, r.ctx, r.docName);
  if (sectioned) withSectionGuideline(model, sectioned, title);
  model.named_conditions = namedConditions(doc, model);
  return model;
}

/** "Doses above …", "Dosing in excess of …": an exclusion of an amount above a maximum */
const DOSE_ABOVE_RE = /^(?:[-•]\s*)?(?:(?:requested\s+)?doses?|dosing|amounts?)\s+(?:above|exceeding|greater\s+than|in\s+excess\s+of|over|higher\s+than)\b/i;

/**
 * The model's exclusions without those that restate a dose ceiling every path checks (each path's
 * criteria, or the common ones, hold a dose limit; a continuation's own criteria too when it has
 * them): "Doses above the maximum in Table 5 are not covered". One that also counts administrations
 * per cycle stays unless a ceiling counts the same number ("… and 4 infusions per treatment cycle").
 */
function withoutRestatedCeilings(model: PolicyModel): Criterion[] {
  const ceilings = (cs: Criterion[]): CriterionOf<"dose_limit">[] =>
    cs.flatMap((c) => (c.kind === "dose_limit" ? [c] : c.kind === "all" || c.kind === "any" ? ceilings(c.items) : []));
  const common = ceilings(model.common);
  const paths = model.indications.flatMap((i) => [i.criteria, ...(i.continuation ? [i.continuation.criteria] : [])]);
  if (!paths.length || !paths.every((cs) => common.length || ceilings(cs).length)) return model.exclusions;
  const all = [...common, ...paths.flatMap(ceilings)];
  const count = (t: string) => PER_CYCLE_COUNT_RE.exec(t)?.[1]?.toLowerCase() ?? null;
  return model.exclusions.filter((x) => {
    if (!DOSE_ABOVE_RE.test(x.text.trim())) return true;
    const n = /\bmore\s+than\s+(\d{1,2}|one|two|three|four|five|six)\s+(?:infusions|doses|injections|administrations)\b/i.exec(x.text)?.[1]?.toLowerCase();
    return !!n && !all.some((c) => count(c.text) === n);
  });
}

/**
 * Why a path's criteria look like several indications' run together: two different minimum ages
 * required together (alternatives under an "any" group are not counted; several diagnoses are not a
 * sign — a subtype, a complication and the disease are often required together); null otherwise.
 * @param cs the path's criteria (all required)
 */
export function mergedPathReason(cs: Criterion[]): string | null {
  const required = (xs: Criterion[]): Criterion[] => xs.flatMap((c) => (c.kind === "all" ? required(c.items) : c.kind === "any" ? [] : [c]));
  const flat = required(cs);
  const mins = new Set(flat.flatMap((c) => (c.kind === "age" && c.min_years != null ? [c.min_years] : [])));
  if (mins.size >= 2) return `minimum ages ${[...mins].sort((a, b) => a - b).join(" and ")}`;
  return null;
}

/**
 * criterion kinds that limit an approval but say nothing of who may have it (an age and a prescriber
 * specialty are requirements of their own: "Psoriatic arthritis: approve if 18 or older and prescribed
 * by a rheumatologist or dermatologist" is a whole path)
 */
const ADMINISTRATIVE_KINDS = new Set<Criterion["kind"]>(["quantity_limit", "dose_limit", "visit_limit", "replacement_interval", "session_limit"]);
/** a policy's own words that it has approval criteria ("Approval Criteria", "Payment will be considered … when the following criteria are met") */
const APPROVAL_CRITERIA_RE =
  /\b(?:approval criteria|criteria for (?:initial )?(?:approval|authori[sz]ation|coverage)|(?:initial|prior) (?:authori[sz]ation|approval) criteria|coverage criteria|clinical criteria|criteria (?:are|is) met|following criteria|payment will be considered|approve (?:for|when|if)\b|(?:is|are) (?:medically necessary|approved|authori[sz]ed|covered) when)/i;

/**
 * The document's own title: the line set in the largest type on its first page, when that type is
 * larger than the body text (DocLine.larger); undefined for OCR pages and documents set in one size.
 */
/**
 * A numbered yes/no decision flow ("1. Is the client 18 or older? [ ] Yes (Go to #2) [ ] No (Deny)")
 * read into `model`: one path per approving route (decision-flow.ts), its requirements the questions
 * answered YES on it (each read as the sentence it asks about), the steps whose YES denies as
 * exclusions (only when on every route). The reader's own paths and common criteria, built from the
 * same lines as if they were an outline, are replaced; exclusions read elsewhere in the policy stay.
 * False (model untouched) when the flow cannot be followed or a required step reads as nothing.
 */
/** a flow question that asks whether the request renews therapy ("Is this a request to continue …", "… (renewal)?", "Is this a reauthorization?") */
const RENEWAL_QUESTION_RE = /\b(?:renewal|re-?authori[sz]ation|recertification|request to continue|continuation (?:of )?(?:therapy|treatment|request))\b/i;

function readFlowInto(model: PolicyModel, lines: DocLine[], title: string, r: Reader): boolean {
  const steps = flowSteps(lines);
  const allRoutes = steps ? flowRoutes(steps) : null;
  if (!steps || !allRoutes) return false;
  // "Is this a request to continue <drug> for a member who has received it for at least 6 months
  // (renewal)? YES go to 9, NO go to 2": the branch chooses the request type. The routes through its
  // YES are the renewal's (applied to reauthorization requests only, as a continuation section is);
  // the initial request's routes are read
  // ("Is this a request for continuation of therapy? Yes: Go to Renewal Criteria / No: Go to #4": the
  // same choice, its YES pointing at a renewal section)
  const renewalSteps = steps.filter(
    (s) => (s.yes.to === "step" && s.no.to === "step" && RENEWAL_QUESTION_RE.test(s.question)) || (s.yes.to === "renewal" && s.no.to === "step"),
  );
  const routes = allRoutes.filter((x) => !x.required.some((s) => renewalSteps.includes(s)));
  if (!routes.length) return false;
  for (const s of renewalSteps)
    r.continuation.push({ text: s.question, passage: cite(r, s.lines), why: "The flow's renewal route applies to reauthorization requests only." });
  const excludedEverywhere = routes[0].excluded.filter((s) => routes.every((x) => x.excluded.includes(s)));
  if (routes.some((x) => x.excluded.some((s) => !excludedEverywhere.includes(s)))) return false;
  const read = new Map<number, Criterion[]>();
  // the question is the requirement; sentences after its question mark explain it ("An inadequate
  // response requires at least 90 days of therapy") and are read as its note
  const tables = supportingTables(lines);
  for (const s of new Set(routes.flatMap((x) => x.required))) {
    const c = flowStepCriterion(s, tables, r) ?? parseCriterion(s.statement, s.note, r.ctx);
    // "An inadequate response requires at least 90 days of therapy": the trial length of the question's trial
    const days = c.kind === "prior_therapy" && c.min_days == null && s.note ? parseMinDuration(s.note) : null;
    // a question whose NO has no stated outcome ("If the test is pending, please resubmit"): the form
    // asks for more, it never denies on that answer — the requirement is read, never a failure
    const soft = s.no.to === "pend" && c.confidence === "high" ? { confidence: "medium" as const } : {};
    // a question asked only at some ages ("Patients 40 years of age or older ONLY: …")
    const ages = s.ages ? { applies_age: s.ages } : {};
    read.set(s.n, [{ ...c, ...(days != null ? { min_days: days } : {}), ...soft, ...ages, passage: cite(r, s.lines) } as Criterion]);
  }
  if ([...read.values()].some((cs) => !cs.length)) return false;
  // a branch (YES and NO both go on, to different steps) is only the choice of route when it asks
  // for a diagnosis: a member without it is simply on the other route. Any other branch ("Is the
  // client under 18? Yes (Go to #3) No (Go to #6)") would let the NO route skip what the YES route
  // checks for a member who belongs on it, so such a flow is left to a reviewer — unless every way on
  // from the NO comes back to the YES step (decision-flow.ts branchRejoins): then the branch only
  // offers alternatives ("received X? or tried a preferred drug? or an intolerance?") before the
  // same remaining steps
  // — or unless its NO states its own condition ("Request is for subcutaneous flare prevention: go to
  // S7"): then the NO route requires that condition, and no member skips the YES route's checks by default
  const branches = steps.filter((s) => s.yes.to === "step" && s.no.to === "step" && s.yes.step !== s.no.step);
  if (
    branches.some(
      (s) => !renewalSteps.includes(s) && parseCriterion(s.statement, s.note, r.ctx).kind !== "diagnosis" && !branchRejoins(steps, s) && !statedCondition(s),
    )
  )
    return false;
  const stated = new Map<number, Criterion>();
  for (const s of new Set(routes.flatMap((x) => x.stated))) {
    const c = parseCriterion(statedCondition(s)!, "", r.ctx);
    if (c.kind === "human_review") return false;
    stated.set(s.n, { ...c, passage: cite(r, s.lines) } as Criterion);
  }
  const seen = new Set<string>();
  const indications: PolicyIndication[] = [];
  for (const route of routes) {
    const key = [...route.required.map((s) => s.n), ...route.stated.map((s) => -s.n)].join(",");
    if (seen.has(key)) continue;
    seen.add(key);
    const criteria = [...route.required.flatMap((s) => read.get(s.n) ?? []), ...route.stated.flatMap((s) => stated.get(s.n) ?? [])];
    const ind = toIndication(null, criteria, route.duration, cite(r, route.required.flatMap((s) => s.lines).slice(0, 2)), title, r.docTitle);
    // a request form for one drug whose questions name the condition ("Does the patient have severe
    // alopecia areata …?") but no question reads as a diagnosis: the condition named by the questions
    // on the route is the path's, inferred (a diagnosis outside it is never "not covered")
    if (!ind.understood) {
      // the first question on the route that names a condition (later ones name tests and drugs)
      const named = route.required.map((s) => indicationTerms(s.question)).find((t) => t.understood && t.conditions.length);
      if (named) {
        ind.match = { conditions: named.conditions, icd10: named.icd10, phrases: named.phrases };
        ind.understood = true;
        ind.inferred = true;
        if (ind.title === title || !ind.title) ind.title = named.conditions.join(" / ");
      }
    }
    indications.push(ind);
  }
  model.indications = indications;
  model.common = [];
  model.exclusions.push(
    ...excludedEverywhere.map(
      (s) =>
        ({ ...parseExclusion(exclusionStatement(s.statement), r.ctx), ...(s.ages ? { applies_age: s.ages } : {}), passage: cite(r, s.lines) }) as Criterion,
    ),
  );
  // the outline reader's complaints about the flow's own lines ("Yes (Go to #3) [ ] No (Go to #4)")
  const flowText = new Set(steps.flatMap((s) => s.lines.map((l) => l.text)));
  // (and the complaint that no criteria were found: the flow's questions are the criteria)
  const ours = (u: UnreadPassage) => /^No criteria section was found\b/.test(u.text) || [...flowText].some((t) => t.includes(u.text.slice(0, 40)));
  r.unread = r.unread.filter((u) => !ours(u));
  model.unread = model.unread.filter((u) => !ours(u));
  return true;
}

/** the condition a branch step's NO states for its own way on ("Request is for SC flare prevention: go to S7"), or null */
function statedCondition(s: FlowStep): string | null {
  return s.no.to === "step" && s.no.when ? s.no.when : null;
}

/** "… or a condition in Table 3", "a condition listed in Table 2": the part of a question a table of conditions answers */
const TABLE_CONDITION_RE =
  /,?\s*(?:\bor\s+)?(?:has\s+)?(?:a|any|one)\s+(?:of the\s+)?(?:conditions?|diagnos[ie]s)\s+(?:listed\s+)?in\s+table\s+(\d{1,2})\b\s*$/i;
/** "the requested daily dose within the limit in Table 4 for the client's age" */
const TABLE_DOSE_RE = /\bdaily dose\b[^.]*\b(?:within|below|not (?:above|more than|exceed))\b[^.]*\btable\s+(\d{1,2})\b/i;

/**
 * A flow step read with what the policy's own tables and drug names say (supporting-tables.ts), or
 * null to read the question as an ordinary requirement:
 *  - "has received <the requested drug> for at least 30 days" → current use for that long (on_therapy);
 *  - "is the requested daily dose within the limit in Table 4 for the client's age" over a table of age
 *    bands → one daily ceiling per band, each asked only at its ages;
 *  - "… or a condition in Table 3" over a table of conditions with ICD-10-CM codes → either the rest of
 *    the question or a diagnosis of one of the table's conditions (a question asking for a condition
 *    "within the age limit" of its row is left as it was: the rows' ages are not read).
 */
function flowStepCriterion(s: FlowStep, tables: Map<number, SupportingTable>, r: Reader): Criterion | null {
  const passage = cite(r, s.lines);
  // "received guanfacine ER for …": the drug's own name, with or without its release form
  const onFor =
    onTherapyFor(s.statement, r.ctx.drugNames) ??
    onTherapyFor(s.statement.replace(/\s+(?:ER|XR|XL|SR|CR|LA|ODT|extended[- ]release)\s+(?=for\b)/i, " "), r.ctx.drugNames);
  if (onFor) return { kind: "on_therapy", text: s.statement, passage, confidence: "high", min_days: onFor };
  const dose = TABLE_DOSE_RE.exec(s.statement);
  const bands = dose && tables.get(Number(dose[1])) ? ageDoseBands(tables.get(Number(dose[1]))!) : null;
  if (bands && /\bage\b/i.test(s.statement))
    return {
      kind: "all",
      text: s.statement,
      passage,
      confidence: "high",
      items: bands.map((b) => ({
        kind: "dose_limit" as const,
        text: `${b.text} (${s.statement})`,
        passage,
        confidence: "high" as const,
        max_mg: b.max_mg,
        per_days: 1,
        applies_age: { min_years: b.min_years, max_years: b.max_years },
      })),
    };
  const cond = TABLE_CONDITION_RE.exec(s.statement);
  const table = cond ? tables.get(Number(cond[1])) : undefined;
  const listed = table && !/\bage limit\b/i.test(`${s.statement} ${s.note}`) ? tableConditions(table) : null;
  if (!cond || !listed) return null;
  const named = parseCriterion(`Diagnosis of ${listed.names.join("; ")}`, "", r.ctx);
  const diagnosis: Criterion = {
    kind: "diagnosis",
    text: `${table!.title}: ${listed.names.join("; ")}`,
    passage,
    confidence: "high",
    conditions: named.kind === "diagnosis" ? named.conditions : [],
    icd10: listed.icd10,
    phrases: named.kind === "diagnosis" ? named.phrases : [],
  } as Criterion;
  const rest = s.statement.slice(0, cond.index).trim();
  if (/^the (?:client|patient|member)\s+(?:has|have)?$/i.test(rest) || rest.length < 8) return diagnosis;
  const first = parseCriterion(rest, s.note, r.ctx);
  return { kind: "any", text: s.statement, passage, confidence: "high", items: [first, diagnosis] };
}

function documentTitle(lines: DocLine[]): string | undefined {
  const first = lines.filter((l) => l.page === lines[0]?.page && l.larger && l.text.length <= 140);
  return first[0]?.text;
}

/** "Prior-Approval will not be granted when:", "Coverage will not be provided if:" — the lead of an exclusion list. */
const NOT_GRANTED_LEAD_RE =
  /^([^.;:]{0,60}\b(?:will|shall|may|can|is|are)?\s?not (?:be )?(?:granted|approved|covered|authori[sz]ed|provided)\b[^.;:]{0,30}:)\s*(.+)$/i;

/**
 * An exclusion list written on the line of its lead ("Prior-Approval will not be granted when: the
 * only risk is X; the patient has Y; creatinine clearance is below 30 mL/min."): the lead becomes a
 * heading line and each part a bullet line, so the outline reader files the parts as exclusions —
 * never as the text of the criterion above. Offsets still map into the page.
 */
function inlineExclusionLists(lines: DocLine[]): DocLine[] {
  const out: DocLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const m = NOT_GRANTED_LEAD_RE.exec(l.text);
    // the parts run on over the next lines until the sentence ends
    const tail: DocLine[] = [];
    if (m) for (let j = i + 1; j < lines.length && !/[.]$/.test([l, ...tail].at(-1)!.text) && tail.length < 3; j++) tail.push(lines[j]);
    const joinedText = m ? [m[2], ...tail.map((t) => t.text)].join(" ") : "";
    if (!m || joinedText.split(";").filter((x) => x.trim().length > 3).length < 2) {
      out.push(l);
      continue;
    }
    out.push(sliceLine(l, 0, m[1].length));
    const bullet = (x: DocLine): DocLine => ({ ...x, text: `- ${x.text}`, map: [x.map[0], x.map[0], ...x.map], start: x.start, end: x.end });
    // each ";" part of the lead line starts a bullet; the wrapped lines continue the last one
    const from = m[1].length;
    const rest = l.text.slice(from);
    let at = 0;
    for (const part of rest.split(";")) {
      const a = from + at;
      const b = a + part.length;
      if (part.trim().length > 1) out.push(bullet(sliceLine(l, a, b)));
      at += part.length + 1;
    }
    for (const t of tail) {
      const parts = t.text.split(";");
      let off = 0;
      parts.forEach((part, k) => {
        const piece = sliceLine(t, off, off + part.length);
        if (part.trim().length > 1) out.push(k === 0 && !/;\s*$/.test(rest) ? piece : bullet(piece));
        off += part.length + 1;
      });
    }
    i += tail.length;
  }
  return out;
}

/**
 * A line without its footnote marks ("Breast Cancer † ‡", "glatiramer acetate¹"): each mark becomes a
 * space (offsets keep mapping into the page), then the line is trimmed. Asterisks stay ("CYP2C9*3/*3").
 */
function withoutFootnoteMarks(l: DocLine): DocLine {
  // a line opening with its note mark ("¹ Sedative-hypnotic agents for question A2: …") is the
  // footnote itself: marked "^" as footnotes are (outline.ts reads it as a note, never as criterion words)
  // (a bracketed note number too: "[1] A brand counts as its generic agent …" under the list citing "[1]")
  const lead = /^[†‡§¹²³⁴⁵⁶⁷⁸⁹⁰]+(?=\s)/.exec(l.text) ?? /^\[\d{1,2}\](?=\s+[A-Z])/.exec(l.text);
  if (lead) return { ...l, text: "^".repeat(lead[0].length) + l.text.slice(lead[0].length).replace(/[†‡§¹²³⁴⁵⁶⁷⁸⁹⁰]/g, " ") };
  const t = l.text.replace(/[†‡§¹²³⁴⁵⁶⁷⁸⁹⁰]/g, " ");
  if (t === l.text) return l;
  const a = t.length - t.trimStart().length;
  const b = t.trimEnd().length;
  if (b <= a) return l;
  return { ...l, text: t.slice(a, b), map: l.map.slice(a, b + 1), start: l.map[a] ?? l.start, end: l.map[b] ?? l.end };
}

/**
 * A document's numbered notes ("[1] A brand counts as …", "3 The report of … obtained within …"): note
 * number → its text, the first line `re` matches ([1] the number, [2] the text) joined with up to three
 * lines after it (until a blank line or the next note). The first note of a number wins.
 */
function numberedNotes(all: DocLine[], re: RegExp): Map<string, string> {
  const notes = new Map<string, string>();
  all.forEach((l, k) => {
    const m = re.exec(l.text);
    if (!m || notes.has(m[1])) return;
    const more: string[] = [];
    for (const x of all.slice(k + 1, k + 4)) {
      if (re.test(x.text) || !x.text.trim()) break;
      more.push(x.text.trim());
    }
    notes.set(m[1], [m[2], ...more].join(" "));
  });
  return notes;
}

/** a note's definition of an adequate trial: "An adequate trial is at least 30 days of use …" */
const TRIAL_DEFINITION_RE =
  /\b(?:an? )?adequate trial (?:is|means|requires|=|:)\s*(?:defined as\s+)?(?:at least|a minimum of|no less than)\s+(\d{1,3}|one|two|three|four|six|eight|twelve)\s*(days?|weeks?|months?)\b/i;

/**
 * A criterion that cites a bracketed note ("… at least TWO different generic triptans (…) [1]; OR") whose
 * note defines an adequate trial ("[1] … An adequate trial is at least 30 days of use …"): the note's
 * trial length is written into the criterion in the mark's place ("(an adequate trial is at least 30
 * days)"), so the trials are held to it — a trial shorter than the note's length never counts. Other
 * lines unchanged; the added words map to the mark's position in the page.
 */
function withBracketNoteTrials(all: DocLine[]): (l: DocLine) => DocLine {
  const notes = numberedNotes(all, /^\[(\d{1,2})\]\s+(\S.*)$/);
  const byIndex = new Map(all.map((l) => [l.index, l] as const));
  const trials = new Map(
    [...notes].flatMap(([n, t]) => {
      const d = TRIAL_DEFINITION_RE.exec(t);
      return d ? [[n, `(an adequate trial is at least ${d[1]} ${d[2]})`] as const] : [];
    }),
  );
  return (l) => {
    if (!trials.size || /^\[\d{1,2}\]\s/.test(l.text)) return l;
    const m = /\s?\[(\d{1,2})\](?=[\s;.,)]|$)/.exec(l.text);
    const add = m ? trials.get(m[1]) : undefined;
    // (the citing sentence may have wrapped: the mark on its last line, the trial words on the line before)
    const prev = byIndex.get(l.index - 1);
    const sentence = `${prev && prev.page === l.page ? prev.text : ""} ${l.text}`;
    if (!m || !add || !/\btrials?\b|\btried\b|\bfailure\b|\binadequate response\b/i.test(sentence)) return l;
    const text = `${l.text.slice(0, m.index)} ${add}${l.text.slice(m.index + m[0].length)}`;
    const at = l.map[m.index] ?? l.end;
    const map = [...l.map.slice(0, m.index), ...Array.from({ length: add.length + 1 }, () => at), ...l.map.slice(m.index + m[0].length)];
    return { ...l, text, map };
  };
}

/**
 * A line without the numbered note references a guideline puts after its criteria ("Has baseline
 * ALT, AST and total bilirubin (3); AND", a wrapped "(1) (2); AND"), when the document has notes of
 * those numbers ("3 The report (date and values) of … obtained within the 3 months before the request"
 * at the foot of the page): a note number is no part of a criterion's words (a line of nothing but
 * note numbers would otherwise become an item of its own). A note whose first sentence sets the window
 * of what it describes ("… obtained within the 3 months before the request") gives that window to the
 * criterion in the number's place. A number after a count word ("two (2)") or a pointer ("criterion
 * (2)"), and a number opening a line with words after it (an outline marker), stay.
 */
function withoutNoteNumbers(all: DocLine[]): (l: DocLine) => DocLine {
  const notes = numberedNotes(all, /^\s*(\d{1,2})\s+([A-Z][a-z]*(?:\s+\(?[A-Za-z][\w'/-]*){2}.*)$/);
  return (l) => {
    if (!notes.size) return l;
    const m = /((?:\s*\(\d{1,2}\))+)(\s*(?:[;.,]\s*)?(?:(?:AND|OR|and|or)\s*)?)$/.exec(l.text);
    if (!m) return l;
    const nums = [...m[1].matchAll(/\((\d{1,2})\)/g)].map((x) => x[1]);
    const before = l.text.slice(0, m.index).trimEnd();
    if (!nums.every((n) => notes.has(n))) return l;
    if (
      /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|criteri(?:on|a)|items?|sections?|steps?|questions?|parts?|paragraphs?|notes?|footnotes?|pages?)$/i.test(
        before,
      )
    )
      return l;
    // a line of note numbers alone keeps its connector; a lone "(1)" is an outline marker
    if (!before && !m[2].trim()) return l;
    const windows = nums.flatMap((n) => WINDOW_NOTE_RE.exec(notes.get(n)!.split(/(?<=\.)\s+(?=[A-Z])/)[0])?.[0] ?? []);
    const added = before && windows.length === 1 ? ` (${windows[0]})` : "";
    const tail = before ? m[2].replace(/^\s+/, "") : m[2].trim();
    const text = `${before}${added}${tail}`;
    if (!text.trim()) return l;
    const at = l.map[m.index] ?? l.end;
    const map = [
      ...l.map.slice(0, before.length),
      ...Array.from({ length: added.length }, () => at),
      ...Array.from({ length: tail.length }, (_, k) => l.map[l.text.length - tail.length + k] ?? l.end),
      l.map[l.text.length] ?? l.end,
    ];
    return { ...l, text, map };
  };
}

/** a note's window on what it describes: "within the 3 months before the request" */
const WINDOW_NOTE_RE =
  /\bwithin (?:the )?(?:past |last |previous )?\d{1,3} (?:days?|weeks?|months?)\b[^.;]{0,20}?\bbefore the (?:request|date of (?:the )?request)\b/i;

/**
 * The heading of an initial-criteria section ("Section 2 - Initial criteria (ALL rows must be met)",
 * "Coverage Criteria") with at least three lines under it, none of which any criterion of `model`
 * cites; null when every such section gave criteria.
 */
function unreadCriteriaSection(lines: DocLine[], model: PolicyModel): DocLine | null {
  const flatOf = (cs: Criterion[]): Criterion[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c, ...flatOf(c.items)] : [c]));
  const cited = [...model.indications.flatMap((i) => flatOf(i.criteria)), ...flatOf(model.common)].flatMap((c) => (c.passage ? [c.passage] : []));
  for (let i = 0; i < lines.length; i++) {
    const h = lines[i];
    if (!isHeading(h.text) || !/\bcriteria\b/i.test(h.text) || /renew|re-?authori|continu|exclu|not covered|documentation|checklist/i.test(h.text)) continue;
    // (a running head printed on every page — "Oregon Medicaid PA Criteria" — is no section)
    if (lines.some((l) => l !== h && l.page !== h.page && l.text.trim() === h.text.trim())) continue;
    const body: DocLine[] = [];
    for (let j = i + 1; j < lines.length && body.length < 60 && !isHeadingLine(lines[j]); j++) body.push(lines[j]);
    // rows or items under it ("1 Diagnosis of …", "2. Age …"), not a lead-in paragraph above sub-sections
    if (body.length < 3 || body.filter((l) => /^(?:\d{1,2}|[A-Z]\d{0,2}|[a-z])[.)]?\s+[A-Z]/.test(l.text)).length < 2) continue;
    // (the body's extent on the page, whatever order its lines were re-read in: a table read row by row
    // may print a cell after the rows below it)
    const inside = (c: Citation) => body.some((l) => l.page === c.page && c.start >= l.start && c.start <= l.end);
    if (!cited.some(inside)) return h;
  }
  return null;
}

/** A table of covered indications: one row per indication with the requirements written for it. */
interface IndicationTable {
  /** the table's name in its caption ("A" of "Table A. Covered indications") */
  name: string;
  rows: { label: DocLine; body: DocLine[] }[];
}

/** "The diagnosis is ONE of the indications in Table A", "a condition listed in Table 2" */
const tableReferenceRe = (name: string) =>
  new RegExp(String.raw`\b(?:indications?|diagnos[ie]s|conditions?|uses?)\b[^.]{0,60}?\b(?:in|listed in|from|of|per|see)\s+(?:the\s+)?table\s*${name}\b`, "i");

/**
 * The grids of covered indications (a first column of indications, a column of their requirements,
 * as table-columns.ts marks them) that sit under a "Table X" caption and that a criterion refers to
 * ("one of the indications in Table X"): taken out of the lines, so the outline reader does not
 * read them as the continuation of the criterion above, and returned to be laid out as paths.
 */
function takeIndicationTables(lines: DocLine[]): { lines: DocLine[]; tables: IndicationTable[] } {
  const tables: IndicationTable[] = [];
  const taken = new Set<DocLine>();
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i];
    if (first.cell?.role !== "label" || (i > 0 && lines[i - 1].cell?.grid === first.cell.grid)) continue;
    const grid = first.cell.grid;
    const cells = [];
    for (let j = i; j < lines.length && lines[j].cell?.grid === grid; j++) cells.push(lines[j]);
    const caption = lines
      .slice(Math.max(0, i - 2), i)
      .reverse()
      .find((l) => /^table\s*[A-Z0-9]{1,3}\b/i.test(l.text));
    const name = caption ? /^table\s*([A-Z0-9]{1,3})\b/i.exec(caption.text)![1] : null;
    if (!name || !lines.some((l) => !l.cell && tableReferenceRe(name).test(l.text))) continue;
    const rows: IndicationTable["rows"] = [];
    for (const c of cells) {
      if (c.cell!.role === "label") rows.push({ label: c, body: [] });
      else rows[rows.length - 1]?.body.push(c);
    }
    // a table of indications: most row labels name a condition
    if (rows.length < 2 || rows.filter((x) => indicationTerms(x.label.text).understood).length * 2 < rows.length) continue;
    tables.push({ name, rows });
    for (const c of cells) taken.add(c);
    taken.add(caption!);
  }
  return { lines: taken.size ? lines.filter((l) => !taken.has(l)) : lines, tables };
}

/**
 * A path whose criteria include "the diagnosis is one of the indications in Table X" becomes one path
 * per row of Table X: the row's indication as its title, the path's other criteria, and the row's own
 * requirements. A row that says its requirement "replaces" a criterion above drops the path's
 * criterion on the same measure. Only when exactly one path refers to the table.
 */
function expandIndicationTables(model: PolicyModel, tables: IndicationTable[], title: string, r: Reader) {
  for (const t of tables) {
    const re = tableReferenceRe(t.name);
    const refers = (c: Criterion) => c.kind !== "all" && c.kind !== "any" && re.test(c.text);
    const holders = model.indications.filter((i) => i.criteria.some(refers));
    if (holders.length !== 1) continue;
    const holder = holders[0];
    const base = holder.criteria.filter((c) => !refers(c));
    const rows = t.rows.map((row) => {
      const text = row.body.map((b) => b.text).join(" ");
      const passage = cite(r, [row.label, ...row.body]);
      const own = text ? sentenceCriteria(text.replace(/\([^)]*\breplac\w*[^)]*\)/gi, ""), r, passage) : [];
      const replaced = /\breplac\w*\b/i.test(text)
        ? new Set(own.filter((c) => c.kind === "lab").map((c) => (c as CriterionOf<"lab">).measure))
        : new Set<string>();
      const kept = base.filter((c) => !(c.kind === "lab" && replaced.has(c.measure)));
      return toIndication(row.label.text, [...kept, ...own], holder.duration, passage, title, r.docTitle);
    });
    model.indications = model.indications.flatMap((i) => (i === holder ? rows : [i]));
  }
}

/**
 * Conditions a policy names as something it covers, outside its exclusion entries
 * (PolicyModel.named_conditions): the document's text before its References, less the text of each
 * exclusion the reader filed, read sentence by sentence; a sentence that says what is not covered
 * ("not approvable", "excluded", "not medically necessary", "investigational") names no covered use.
 */
function namedConditions(doc: ParsedDocument, model: PolicyModel): string[] {
  const squash = (s: string) => s.replace(/\s+/g, " ").trim();
  const pages = doc.pages.map((p) => p.text).join("\n");
  const refs = /^\s*(?:references|bibliography|citations)\s*:?\s*$/im.exec(pages);
  let text = squash(refs ? pages.slice(0, refs.index) : pages);
  for (const ex of model.exclusions) {
    const t = squash(ex.text ?? "");
    if (t.length > 8) text = text.split(t).join(" . ");
  }
  const NEGATIVE =
    /\bnot (?:be )?(?:covered|approvable|approved|authori[sz]ed|medically necessary|reasonable and necessary|recommended|addressed)\b|\bexclu(?:ded|sion)\b|\bunproven\b|\binvestigational\b|\bexperimental\b|\bnot considered\b|\bnot indicated\b/i;
  const named = new Set<string>();
  for (const sentence of text.split(/(?<=[.;:])\s+|\s+-\s+|\s(?=\d{1,2}\.\s+[A-Z])/)) {
    if (NEGATIVE.test(sentence)) continue;
    for (const c of mostSpecificConditions(sentence)) named.add(c.name);
  }
  return [...named];
}

/** The one limit of a policy's "Quantity Limits" section, when every row states the same one; null otherwise. */
function quantityTableLimit(lines: DocLine[], r: Reader): Criterion | null {
  const start = lines.findIndex((l) => /^quantity limits?(?: table)?\s*:?$/i.test(l.text.trim()));
  if (start < 0) return null;
  // a column of a table whose rows are indications ("Indication | Strength | Dose | Quantity limit"):
  // each limit belongs to its row's indication (9 tablets / 30 days for travelers' diarrhea is no
  // limit of a hepatic-encephalopathy request) — never one limit for every request
  const near = lines.slice(Math.max(0, start - 12), start).filter((l) => l.page === lines[start].page);
  if (near.some((l) => /^(?:indications?|diagnos[ie]s|conditions?|uses?|disease(?: state)?)\b/i.test(l.text.trim()))) return null;
  const rows: { l: DocLine; q: NonNullable<ReturnType<typeof parseQuantityLimit>> }[] = [];
  for (const l of lines.slice(start + 1)) {
    if (isHeading(l.text) && !/^(?:product|drug|medication)\b/i.test(l.text)) break;
    const q = parseQuantityLimit(l.text);
    if (q && !/\b(?:more than|above|exceed\w*|over)\b[^.]{0,20}\d/i.test(l.text.slice(0, l.text.search(/\d/) + 1))) rows.push({ l, q });
  }
  if (!rows.length) return null;
  const same = rows.every(
    (x) => x.q.amount === rows[0].q.amount && x.q.period_days === rows[0].q.period_days && x.q.unit.replace(/s$/, "") === rows[0].q.unit.replace(/s$/, ""),
  );
  if (!same) return null;
  return { kind: "quantity_limit", ...rows[0].q, text: rows[0].l.text, passage: cite(r, [rows[0].l]), confidence: "high" };
}

/** "members with active hepatitis B are not eligible", "patients who are pregnant should not receive …" */
/** The negation that opens a requirement NOT to have a condition: "No ", "Without ", "The member does not have ". */
const NEGATED_CONDITION_RE =
  /^(?:(?:and|but)\s+)?(?:(?:there is |there are )?no (?:evidence of |history of |known |diagnosis of )?|without |absence of |free of |(?:the )?(?:members?|patients?|individuals?) (?:does|do) not have (?:a |an )?(?:diagnosis of |history of )?|(?:the )?(?:members?|patients?|individuals?) (?:has|have) no )/i;

const NOT_ELIGIBLE_RE =
  /^(?:(?:and|but)\s+)?(?:the\s+)?(?:members?|patients?|individuals?|persons?)\s+(?:with|who (?:have|are|has))\s+(.{3,120}?)\s+(?:are|is)\s+not\s+(?:eligible|covered|candidates?|appropriate)\b|^(?:(?:and|but)\s+)?(?:the\s+)?(?:members?|patients?)\s+(?:with|who have)\s+(.{3,120}?)\s+(?:should|must|may) not (?:receive|be treated|use)\b/i;

/**
 * A sentence inside the criteria that says who is NOT eligible ("members with active hepatitis B are
 * not eligible") is an exclusion, never a requirement to have the condition: it moves to the
 * policy's exclusions (a criterion "has active hepatitis B" would deny every member without it).
 */
function ineligibleToExclusions(criteria: Criterion[], model: PolicyModel, r: Reader): Criterion[] {
  const out: Criterion[] = [];
  for (const c of criteria) {
    if (c.kind === "all" || c.kind === "any") {
      const items = ineligibleToExclusions(c.items, model, r);
      if (!items.length) continue;
      out.push(items.length === 1 && c.kind === "all" ? items[0] : { ...c, items });
      continue;
    }
    if (NOT_ELIGIBLE_RE.test(c.text.trim())) {
      if (!model.exclusions.some((e) => e.text === c.text)) model.exclusions.push({ ...parseExclusion(c.text, r.ctx), passage: c.passage ?? null });
      continue;
    }
    // "No current malignancy.", "The member does not have active tuberculosis": a condition the member
    // must NOT have is an exclusion (applied only when the fax documents the condition), never a
    // diagnosis requirement (which every member without the condition would fail)
    const negated = c.kind === "diagnosis" ? NEGATED_CONDITION_RE.exec(c.text.trim()) : null;
    if (negated) {
      const rest = c.text.trim().slice(negated[0].length);
      if (!model.exclusions.some((e) => e.text === c.text)) model.exclusions.push({ ...parseExclusion(rest, r.ctx), text: c.text, passage: c.passage ?? null });
      continue;
    }
    out.push(c);
  }
  return out;
}

/**
 * A renewal requirement that restates an initial criterion by its number ("The dose still matches the
 * member's current body weight (criterion 5 above)", "Criterion 3 of the initial criteria continues to be
 * met"): that initial criterion, as the policy wrote it, when the indication has a criterion whose own
 * passage opens with the number. Null otherwise.
 */
function referencedCriterion(c: Criterion, initial: Criterion[]): Criterion | null {
  const m =
    /\(?\b(?:see |as in |per )?(?:initial )?criterion\s+(\d{1,2}|[a-z])\b(?:\s+(?:above|of the initial criteria|in (?:the )?initial criteria))?\)?/i.exec(
      c.text,
    );
  if (!m || c.kind === "all" || c.kind === "any") return null;
  const n = m[1];
  const hits = initial.filter((i) => new RegExp(`^\\s*\\(?${n}[.)]\\s`, "i").test(i.passage?.text ?? ""));
  return hits.length === 1 ? hits[0] : null;
}

/**
 * Give each indication the continuation criteria that apply to it: those read under it (by title),
 * else those written for every indication. Only for a continuation that includes current use or a
 * response requirement — a passage without either was not read as renewal criteria.
 */
function attachRenewals(model: PolicyModel, renewals: Renewal[]) {
  const continues = (c: Criterion): boolean => c.kind === "on_therapy" || c.kind === "response" || (c.kind === "all" && c.items.some(continues));
  // a renewal section's list of several requirements ("Table 2 - Continuation: 1. MMSE of 20 or higher
  // …; 2. safety MRIs …; 3. no anticoagulant started") is the renewal's criteria even when none of them
  // is current use or a response: the policy asks no more of a renewal
  const usable = renewals.filter((x) => x.criteria.some(continues) || x.criteria.length >= 2);
  if (!usable.length) return;
  const same = (a: string, b: string) =>
    a.toLowerCase() === b.toLowerCase() || a.toLowerCase().startsWith(b.toLowerCase()) || b.toLowerCase().startsWith(a.toLowerCase());
  for (const ind of model.indications) {
    // a scope names the indication by its title or by the condition it covers ("Huntington's disease
    // chorea" for "Chorea associated with Huntington's disease")
    const covers = (scope: string, i: PolicyModel["indications"][number]) =>
      same(scope, i.title) || indicationTerms(scope).conditions.some((c) => i.match.conditions.includes(c));
    // every requirement scoped to this indication, even one that does not read as use or response
    // (a renewal never goes through on the general items alone when the policy adds its own)
    const own = renewals.filter((x) => x.scope && covers(x.scope, ind));
    const general = usable.filter((x) => !x.scope || (!model.indications.some((i) => covers(x.scope!, i)) && /\ball\b/i.test(x.scope)));
    // a scoped requirement adds to those every renewal meets ("has been receiving X"), never replaces them
    const pick = own.length ? [...general.filter((x) => !x.scope), ...own] : general.length ? general : model.indications.length === 1 ? usable : [];
    if (!pick.length) continue;
    const stated = /\b(?:continuation|renewal|reauthori[sz]ation)\s*:?\s*(\d+ (?:months?|weeks?|years?))/i.exec(ind.duration ?? "");
    ind.continuation = {
      criteria: pick.flatMap((x) => x.criteria).map((c) => referencedCriterion(c, ind.criteria) ?? c),
      passage: pick[0].passage,
      duration: pick.find((x) => x.duration)?.duration ?? stated?.[1] ?? null,
    };
  }
}

/**
 * Sentences that say what is NOT required or NOT a reason to deny ("Concurrent benzodiazepine
 * prescriptions are not a reason to deny buprenorphine", "a specialist is not required", "doses up to
 * 24 mg do not require prior authorization"): information for the reviewer, never a criterion.
 */
const NOT_A_REQUIREMENT_RE =
  /\b(?:the )?(?:reviewer|plan|pharmacist|clinician|care management(?: team)?) will (?:request|contact|ask|obtain|reach out)\b|\bcannot be used to (?:establish|meet|satisfy)\b|\bnot (?:a |an )?(?:reason|grounds?|basis|cause) (?:to|for) (?:deny|denial|deny(?:ing)?)\b|\b(?:is|are) not (?:required|necessary|needed)\b|\bdo(?:es)? not (?:require|need)\b|\bno (?:longer )?(?:required|necessary)\b|\bnot (?:a )?requirement\b|\bdoes not (?:prevent|preclude|bar|affect) (?:approval|coverage|authori[sz]ation)\b|\bis not re-?(?:reviewed|evaluated|assessed|checked)\b/i;

/**
 * A numbered paragraph that defines a term ("Apnea is defined as …", "Visit means …", "For purposes of
 * this policy, …", "Definitions") states no requirement; nor does one the plan marks as not applying
 * ("8. Coverage with Evidence Development: … [Not applicable to the plan's members; see 12.7.1.]").
 */
const DEFINITION_RE =
  /^\s*(?:definitions?\b|for (?:the )?purposes? of this (?:policy|section|document|bulletin|chapter)\b|['‘"“]?[A-Z][A-Za-z0-9 ()/'-]{1,60}?['’"”]?\s(?:means|is defined as|are defined as|refers to)\s)/;
const NOT_APPLICABLE_RE = /[[(]\s*not applicable (?:to|for)\b|^\s*not applicable (?:to|for)\b/im;

/**
 * A sentence that only says how long an approval lasts ("Pregnancy: approve through the estimated
 * delivery date plus 12 weeks.", "Approve for 12 months.", "Authorization is granted for 6 months"):
 * the term of an approval, never a requirement of one. A condition in it ("approve for 6 months
 * when …") makes it a criterion again.
 */
const APPROVAL_TERM_RE =
  /^\s*(?:[A-Z][\w ()/,'-]{0,50}:\s*)?(?:approve|authori[sz]e|(?:initial )?(?:approval|authori[sz]ation) (?:is |will be )?(?:granted |given |issued )?)\s*(?:for|through|until)\s+[^.;:]{1,80}[.;]?\s*$/i;

/**
 * Statements about who may prescribe that restrict nothing a review can check: a permission ("Members
 * may receive the drug from any registered prescriber") or the prescriber's own licensure ("Prescribers
 * must hold an active DEA registration with Schedule III authority"), which dispensing verifies and a
 * request never documents.
 */
const PRESCRIBER_STATUS_RE =
  /\bmay (?:receive|obtain|fill|get)\b[^.;]{0,80}\bfrom any\b|^\s*(?:the )?prescribers? (?:must|shall) (?:hold|have|maintain) (?:an? )?(?:active|current|valid) (?:dea|state|medical|prescrib\w*|controlled[- ]substances?)\b[^.;]{0,40}\b(?:registration|licen[sc]e|authority|certificate)\b/i;

/** whether a criterion's text is a definition or a paragraph the plan says does not apply */
/** "Initial: 6 months", "Continuation: 12 months", "Approval duration - 1 year": how long an approval lasts, no requirement */
const DURATION_ONLY_RE =
  /^\s*(?:initial(?: (?:approval|authori[sz]ation|therapy|requests?))?|continuation(?: of (?:therapy|approval))?|continued therapy|renewal|re-?authori[sz]ation|approval(?: (?:duration|period|length))?|duration(?: of (?:approval|authori[sz]ation|therapy))?|authori[sz]ation (?:period|duration|length))\s*[:\-–]\s*(?:up to\s+)?(?:\d+|one|two|three|four|six|twelve)\s*(?:days?|weeks?|months?|years?)\.?\s*$/i;

/**
 * A statute's or a plan's own clauses that bind the insurer, define a term or limit the reading of the
 * rest ("As used in this section, 'step therapy protocol' means …", "Upon the granting of a step therapy
 * exception, the insurer shall authorize coverage …", "This section shall not be construed to prevent an
 * insurer from …", "…, the patient and prescribing practitioner shall have access to a clear … process"):
 * what the plan must do, never what the member's records must show.
 */
const INSURER_CLAUSE_RE =
  /^\s*(?:\(?[a-z0-9]{1,2}[.)]\s*)?(?:as used in this (?:section|subsection|chapter|article|act|part|policy)\b|this (?:section|subsection|chapter|article|act|part) (?:shall|does|may) not\b|nothing in this (?:section|subsection|chapter|article|act|part)\b)|\bshall not be construed\b|^[^.;]{0,160}?\b(?:the|an|any) (?:insurer|issuer|carrier|health benefit plan|pharmacy benefit manager|utilization review (?:agent|organi[sz]ation))\s+shall\s+(?:authori[sz]e|grant|respond|provide|make|notify|establish|maintain|not require)\b|\bshall have access to a (?:clear|readily accessible|convenient)\b/i;

function notARequirement(text: string): boolean {
  if (DURATION_ONLY_RE.test(text)) return true;
  // (a duty conditioned on the member or opening a list — "the insurer shall grant an exception if: (a) …",
  // "… when the patient has tried …" — states requirements)
  const lead = firstSentence(text);
  if (
    INSURER_CLAUSE_RE.test(lead) &&
    !/\b(?:the|a)\s+(?:member|patient|enrollee|individual|insured|covered person)\s+(?:has|have|had|is|was|must|tried|failed)\b/i.test(lead) &&
    !/\b(?:if|when|unless|provided that)\s*:|\b(?:if|when|unless|only if)\s+(?:the\s+|a\s+)?(?:member|patient|enrollee|individual|insured|covered person|prescriber|request)\b/i.test(
      lead,
    )
  )
    return true;
  if (eligibilityRuleOnly(text)) return true;
  // (a parenthetical aside is the requirement's note: "Hepatitis B surface antigen result documented (a
  // positive result does not prevent approval)" still requires the result)
  const first = firstSentence(text).replace(/\([^()]*\)/g, " ");
  const definition = DEFINITION_RE.test(first) && !/\b(?:must|required?|requires|should|only|covered|medically necessary|approv\w*)\b/i.test(text);
  const term = APPROVAL_TERM_RE.test(first) && !/\b(?:when|if|provided|unless|only)\b/i.test(first);
  return NOT_A_REQUIREMENT_RE.test(first) || definition || term || PRESCRIBER_STATUS_RE.test(first) || calculationRule(text) || NOT_APPLICABLE_RE.test(text);
}

/**
 * A paragraph saying how a measure is calculated or scored ("The AHI or RDI is calculated on the
 * average number of events per hour. If the AHI is calculated based on less than 2 hours …, the
 * total number of recorded events used to calculate it must be at least …"): every sentence is about
 * the calculation, so it is a scoring rule — never a threshold the member's value is held to (its
 * "2 hours" is no AHI of 2), even with a "must" in it.
 */
function calculationRule(text: string): boolean {
  if (!/^\s*(?:the )?[A-Za-z][A-Za-z0-9 ()/'-]{1,60}?\s(?:is|are) (?:calculated|computed|scored|derived|determined)\b/i.test(text)) return false;
  const sentences = text.split(/(?<=[.;])\s+(?=[A-Z])/).filter((x) => x.trim());
  return sentences.every((x) => /\bcalculat|\bcomput|\bscor(?:e|ed|ing)\b|\bderived\b/i.test(x));
}

/**
 * A criterion that only refers to the policy's exclusion list ("None of the NOT APPROVABLE items
 * applies.", "The member does not meet any of the exclusion criteria below", "No exclusion applies"):
 * no requirement of its own — the list is read and judged as the policy's exclusions. Only dropped when
 * the policy's exclusions were read (withoutExclusionReferences is called then).
 */
const EXCLUSION_REFERENCE_LEAD_RE =
  /^\s*(?:(?:\d{1,2}|[a-z])[.)]\s*)?(?:none of the\b|no\b|(?:the )?(?:member|patient|request) (?:does not|doesn't|do not) (?:meet|have|fall under) any of the\b|does not (?:meet|have) any of the\b|(?:the )?absence of (?:any |all )?(?:of )?(?:the )?)/i;
const EXCLUSION_REFERENCE_TERM_RE =
  /\b(?:not approvable|not covered (?:uses?|items?|conditions?)|exclusions?|exclusion criteria|excluded (?:uses?|conditions?)|contraindications? (?:listed|above|below|in)\b|limitations? (?:listed|above|below|of coverage)|reasons? for (?:denial|non-?coverage))\b/i;
function isExclusionReference(text: string): boolean {
  const t = text.trim();
  return t.length <= 140 && EXCLUSION_REFERENCE_LEAD_RE.test(t) && EXCLUSION_REFERENCE_TERM_RE.test(t);
}
/** `criteria` without the exclusion-list references (isExclusionReference), also inside an "all". */
function withoutExclusionReferences(criteria: Criterion[]): Criterion[] {
  return withoutTexts(criteria, isExclusionReference);
}

/** `criteria` without the paragraphs that state no requirement (notARequirement), also inside an "all". */
function withoutNonRequirements(criteria: Criterion[]): Criterion[] {
  return withoutTexts(criteria, notARequirement);
}

/** "Baseline laboratory values as in RA item 5": the words it shares with that item, and the indication's name or abbreviation */
const INDICATION_ITEM_REF_RE =
  /^(.{6,80}?)\s+as (?:in|for|under|described in|listed in)\s+(?:the\s+)?([A-Za-z][A-Za-z0-9-]{1,40}(?:\s+[A-Za-z][A-Za-z0-9-]{1,40}){0,3}?)\s+(?:item|criterion|#)\s*\d{1,2}[.;]?$/i;

/**
 * "4. Baseline laboratory values as in RA item 5" in the PMR path: the RA path's own requirement that
 * starts with the same words ("Baseline laboratory values drawn within the 60 days …: ANC at least
 * 2,000/mm3, …") stands in its place. Only a criterion of the named indication (its title, or the
 * abbreviation in its title's parentheses) whose text starts with the referring words is taken; any
 * other reference stays for a reviewer (parse-criterion.ts). Mutates `indications`.
 */
function resolveIndicationReferences(indications: PolicyIndication[]): void {
  const norm = (t: string) => t.toLowerCase().replace(/\s+/g, " ").trim();
  for (const ind of indications)
    ind.criteria = ind.criteria.map((c) => {
      const m = INDICATION_ITEM_REF_RE.exec(c.text.trim());
      if (!m) return c;
      const name = norm(m[2]);
      const target = indications.find((o) => {
        if (o === ind) return false;
        const title = norm(o.title);
        const abbrev = [...o.title.matchAll(/\(([A-Za-z0-9-]{2,10})\)/g)].map((x) => x[1].toLowerCase());
        return title.startsWith(name) || abbrev.includes(name);
      });
      const lead = norm(m[1]);
      const same = target?.criteria.filter((o) => norm(o.text).startsWith(lead) && !INDICATION_ITEM_REF_RE.test(o.text.trim())) ?? [];
      return same.length === 1 ? { ...same[0], text: c.text.trim().endsWith(".") ? same[0].text : same[0].text, passage: c.passage ?? same[0].passage } : c;
    });
}

/**
 * A PDL's agent-specific line led by product names in capitals and a colon ("ADZENYS XR-ODT, COTEMPLA
 * XR-ODT, DYANAVEL XR: members 6 years and older who …", "AZSTARYS and JORNAY PM: …"): the names
 * (brands in capitals, an optional generic in parentheses) before the colon.
 */
const BRAND_LEAD_RE = /^\s*(?:[•·▪o-]\s*)?((?:[A-Z][A-Z0-9]{3,}(?:[- ][A-Z0-9]{1,4})*(?:\s*\([^()]{2,40}\))?(?:\s*,\s*|\s+(?:and|or)\s+|\s*\/\s*)?)+)\s*:\s*\S/;
/** words in capitals that lead a policy's own sections, never a product's name */
const SECTION_WORD_RE =
  /^(?:NOTES?|EXCEPTIONS?|CRITERIA|DIAGNOSIS|RENEWAL|REAUTHORI[SZ]ATION|INITIAL|LIMITATIONS?|QUANTITY|DOSING|AGE|GRANDFATHERING|EXCLUSIONS?|APPROVAL|DURATION|DEFINITIONS?|REQUIRED|REQUIREMENTS?|DOCUMENTATION|WARNING|IMPORTANT|STEP|PREFERRED|NON-PREFERRED|ALL|ONE|BOTH|EITHER|ANY)$/;

/**
 * Whether `text` opens with product names in capitals (BRAND_LEAD_RE) none of which is one of the
 * policy's own names (`own`), and none of which names a condition or a section ("COPD:", "NOTE:"):
 * the line is another product's criterion.
 */
function brandLeadOfOthers(text: string, own: string[]): boolean {
  const m = BRAND_LEAD_RE.exec(text);
  if (!m || !own.length) return false;
  const lead = m[1];
  const words = lead.replace(/\([^()]*\)/g, " ").match(/\b[A-Z][A-Z0-9]{3,}\b/g) ?? [];
  if (!words.length || words.some((w) => SECTION_WORD_RE.test(w))) return false;
  if (conditionsNamedIn(lead).length) return false;
  const ours = own.flatMap((n) => n.toLowerCase().split(/[^a-z0-9-]+/)).filter((w) => w.length > 3);
  const leadWords = lead.toLowerCase().split(/[^a-z0-9-]+/);
  return !leadWords.some((w) => ours.includes(w));
}

/** "Zoledronic acid only: creatinine clearance of 35 mL/min or more": a requirement scoped to the drugs it names */
const DRUG_ONLY_LEAD_RE = /^\s*(?:(?:\d{1,2}|[a-z])[.)]\s*)?(?:for\s+)?([A-Za-z][A-Za-z0-9 ,/()-]{2,60}?)\s+only\s*[:–-]\s*\S/i;

/**
 * Whether `text` is scoped to other drugs than the policy's own (`own`, the names it covers for this
 * request): "Zoledronic acid only: creatinine clearance …" in a policy read for denosumab applies to
 * none of its requests. False when the lead names no directory drug or `own` is empty.
 */
export function scopedToOtherDrugs(text: string, own: string[]): boolean {
  if (brandLeadOfOthers(text, own)) return true;
  const m = DRUG_ONLY_LEAD_RE.exec(text);
  if (!m || !own.length) return false;
  const named = drugsNamedIn(m[1]);
  if (!named.length) return false;
  const ours = new Set(own.flatMap((n) => drugNames(n)));
  return !named.some((d) => drugNames(d).some((n) => ours.has(n)));
}

/**
 * `criteria` without those whose text `drop` matches: a top-level criterion is dropped, an "all" keeps
 * its other items (itself gone when none is left, its single item when one is).
 */
function withoutTexts(criteria: Criterion[], drop: (text: string) => boolean): Criterion[] {
  const out: Criterion[] = [];
  for (const c of criteria) {
    if (c.kind === "all" && c.items.length > 1) {
      const kept = c.items.filter((i) => !drop(i.text));
      if (!kept.length) continue;
      out.push(kept.length === c.items.length ? c : kept.length === 1 ? kept[0] : { ...c, items: kept });
      continue;
    }
    if (drop(c.text)) continue;
    out.push(c);
  }
  return out;
}

/** A requirement's own sentence: later sentences are its notes ("A positive anti-HBc … does not prevent coverage when …"). */
function firstSentence(text: string): string {
  return text.split(/(?<=\.)\s+(?=[A-Z])/)[0];
}

/** a statement that more than the limit is approvable on conditions ("Doses above 24 mg ... are approved when ...") */
const ABOVE_LIMIT_APPROVABLE_RE =
  /\b(?:doses?|quantit(?:y|ies)|amounts?|fills?)\s+(?:above|exceeding|greater than|over|more than|beyond|in excess of)\b[^.]*\b(?:approv|authori[sz]|allowed|covered|permitted)/i;

/**
 * A quantity limit beside a route to more ("Doses above 24 mg and up to 32 mg per day ... are
 * approved when ALL of the following are documented") is the limit OR that route: exceeding the
 * limit alone is then never a clear failure.
 */
function withQuantityExceptions(criteria: Criterion[]): Criterion[] {
  const q = criteria.findIndex((c) => c.kind === "quantity_limit" || (c.kind === "all" && c.items.some((i) => i.kind === "quantity_limit")));
  if (q < 0) return criteria;
  const ex = criteria.filter(
    (c, i) => i !== q && ABOVE_LIMIT_APPROVABLE_RE.test(c.text) && !/\bwill not be (?:approved|authori[sz]ed|covered)\b|\bnot approvable\b/i.test(c.text),
  );
  if (!ex.length) return criteria;
  const ql = criteria[q];
  const merged: Criterion = {
    kind: "any",
    items: [ql, ...ex],
    text: `${ql.text} (or: ${ex.map((e) => e.text).join("; ")})`,
    passage: ql.passage ?? null,
    confidence: "high",
  };
  return criteria.filter((c) => !ex.includes(c)).map((c) => (c === ql ? merged : c));
}

export { parseMinDuration };
