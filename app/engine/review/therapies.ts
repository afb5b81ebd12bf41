import type { CaseFacts, Citation, TherapyOutcome } from "../types";
import { escapeRegex } from "../dictionaries/clinical-terms";
import { cite, explicitDurations, isNegated, rangeDuration, type CaseIndex, type CaseLine } from "./evidence";

/** What the fax says about one drug the patient has taken (or is taking). */
export interface TherapyEvidence {
  drug: string;
  /** longest documented duration in days (date range, "x 8 weeks", "since 02/2023"), null when none */
  days: number | null;
  dose: string | null;
  outcome: TherapyOutcome;
  intolerance: boolean;
  contraindicated: boolean;
  failure: boolean;
  ongoing: boolean;
  stopped: boolean;
  /** only mentioned as deferred/declined/planned, never taken */
  notTaken: boolean;
  /** highest documented dose in mg per day / per week (from "1,000 mg BID", "15 mg weekly"), when readable */
  mgPerDay?: number | null;
  mgPerWeek?: number | null;
  /** longest open-ended duration ("since 02/2023", "started 05/04/2026"), counted only when not stopped */
  openDays?: number | null;
  citations: Citation[];
}

const INTOL =
  /intoleran|not tolerat|tolerated poorly|poorly tolerated|(?:could|unable to|can't|cannot) (?:not )?tolerate|adverse|side effect|\bs\/e\b|myalgia|muscle (pain|ache|symptom)|\brash\b|nausea|vomit|gi upset|diarrh|bradycardia|transaminitis|hepatotox|\blfts?\b[^.;]{0,15}(elevat|rose|up|high)|(alt|ast)\b[^.;]{0,12}(rose|elevat|\dx|x uln)|elevated (alt|ast|lft)|paresthesia|cognitive|word-finding|sedation|grogg|fatigue|dizz|lightheaded|palpitation|hypotension|pancreatitis|angioedema|\bck \d|rhabdo|hair loss|insomnia|\bhr 4\d\b/i;
const FAIL =
  /inadequate|fail|no (improvement|benefit|help|change|reduction|response|relief)|not (controlled|effective|improved)|uncontrolled|minimal (benefit|improvement|response)|ineffective|persist|partial|not at goal|above goal|still (uncontrolled|has|having|active)|no help|wasn't doing much|lack of efficacy|plateau|did not (help|work|improve)|without (meaningful )?(benefit|improvement|response)|only (mild|transient|partial)|despite/i;
const CONTRA = /contraindicat/i;
const ONGOING = /\bpresent\b|\bongoing\b|\bcurrent(ly)?\b|\bcontinu(e|es|ing)\b|still taking|\bsince\b|\bremains on\b|\bon\b [^.;]{0,20}\bsince\b|will continue|adding|add-on|in addition to/i;
const STOPPED = /\buntil \d|\bstopped\b|discontinu|\bd\/c\b|\bdc'?d\b|\bceased\b|\bquit\b|\bstopping\b|\bwas stopped\b|\bended\b/i;
const NOT_TAKEN = /\bdeferred\b|\bnot tried\b|\bnever (tried|taken|used|had)\b|\bdeclined\b|\brefused\b|\bconsider(ed|ing)?\b|\bwill (start|try)\b|\bplan(ned)? to (start|try)\b|\bnot appropriate\b|\breluctant\b|\bhesitant\b|\bnot been (tried|used)\b|\bavoid\b/i;

const SENTENCE_END = /(?<!\b(?:approx|e\.g|i\.e|vs|dr|wk|wks|mo|mos|yr|yrs|no|tab|tabs|inc|st|er|xr|sr|oint|cr|soln))[.;](?=\s|$)/;

function drugRegex(names: string[]): RegExp {
  const alts = [...new Set(names.map((n) => n.toLowerCase()).filter((n) => n.length >= 3))].sort((a, b) => b.length - a.length).map(escapeRegex);
  return new RegExp(`\\b(${alts.join("|")})\\b`, "gi");
}

/** Text a mention speaks for: from the drug name to the next drug name, plus a wrapped continuation line. */
function segmentFor(idx: CaseIndex, line: CaseLine, start: number, allDrugs: RegExp): string {
  const rest = line.lower.slice(start);
  const g = new RegExp(allDrugs.source, "gi");
  g.lastIndex = 1;
  let m: RegExpExecArray | null;
  let end = rest.length;
  while ((m = g.exec(rest))) {
    // combination products ("budesonide/formoterol", "atorvastatin + ezetimibe") share one segment
    if (m.index > 0 && !/[/+]\s*$/.test(rest.slice(0, m.index))) {
      end = m.index;
      break;
    }
  }
  const stop = SENTENCE_END.exec(rest.slice(0, end));
  if (stop) {
    // "Methotrexate started 02/02/2026; discontinued at week 6 for ALT elevation": a following clause that
    // only says how the same drug ended still belongs to it
    const tail = rest.slice(stop.index + 1, end);
    const nextClause = /^\s*(?:and\s+|but\s+|then\s+)?(?:was\s+|it was\s+)?(?:stopped|discontinued|d\/c'?d?|held|ceased|switched|tapered off)\b[^.;]*/i.exec(tail);
    end = nextClause ? stop.index + 1 + nextClause[0].length : stop.index;
  }
  let seg = rest.slice(0, end);
  if (end === rest.length && !/[.;]\s*$/.test(seg)) {
    const next = idx.lines[line.index + 1];
    if (next && next.page === line.page && /^[a-z0-9(~>]/.test(next.lower) && !new RegExp(allDrugs.source, "i").test(next.lower.split(/[.;]/)[0])) {
      seg += " " + next.lower.split(/(?<=[.;])\s/)[0];
    }
  }
  return seg;
}

/**
 * Amount per day / per week written in a therapy mention: "1,000 mg PO BID" → 2000/day,
 * "metformin ER 2,000 mg daily" → 2000/day, "methotrexate 15 mg weekly" → 15/week. Null when no
 * amount with a frequency is written.
 */
export function dailyDoseMg(seg: string): { perDay: number | null; perWeek: number | null } | null {
  const re = /(?<![\d,.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(mg|mcg|g)\b([^.;]{0,30})/gi;
  let best: { perDay: number | null; perWeek: number | null } | null = null;
  let m: RegExpExecArray | null;
  while ((m = re.exec(seg))) {
    let amt = Number(m[1].replace(/,/g, ""));
    if (m[2].toLowerCase() === "g") amt *= 1000;
    if (m[2].toLowerCase() === "mcg") amt /= 1000;
    const f = m[3].toLowerCase();
    let perDay: number | null = null;
    let perWeek: number | null = null;
    if (/\b(qid|q\.i\.d|four times (a |per )?day)\b/.test(f)) perDay = amt * 4;
    else if (/\b(tid|t\.i\.d|three times (a |per )?day)\b/.test(f)) perDay = amt * 3;
    else if (/\b(bid|b\.i\.d|twice (a |per )?day|twice daily|2x daily|two times (a |per )?day)\b/.test(f)) perDay = amt * 2;
    else if (/\bevery other week\b|\bq2 ?w(ee)?k/.test(f)) perWeek = amt / 2;
    else if (/\b(weekly|once a week|per week|\/week|\/wk|q ?week|qwk|every week)\b/.test(f)) perWeek = amt;
    else if (/\b(daily|qd|q\.d|once a day|per day|\/day|a day|qam|qpm|qhs|nightly|at bedtime|every (morning|evening|night))\b/.test(f)) perDay = amt;
    if (perDay == null && perWeek == null) continue;
    if (perDay != null && perWeek == null) perWeek = perDay * 7;
    if (perWeek != null && perDay == null) perDay = perWeek / 7;
    if (!best || (perDay ?? 0) > (best.perDay ?? 0)) best = { perDay, perWeek };
  }
  return best;
}

/**
 * Collect what the fax says about each drug in `drugNames` (lower-case generic/brand names).
 * Duration is the longest documented one; outcome flags come from the words around each mention.
 * Facts from the extraction stage (`facts.prior_therapies`) are merged in when their drug matches.
 */
export function therapyEvidence(idx: CaseIndex, drugNames: string[], allKnownDrugs: string[], facts?: CaseFacts | null): Map<string, TherapyEvidence> {
  const out = new Map<string, TherapyEvidence>();
  if (!drugNames.length) return out;
  const want = drugRegex(drugNames);
  const every = drugRegex([...drugNames, ...allKnownDrugs]);
  for (const line of idx.lines) {
    const g = new RegExp(want.source, "gi");
    let m: RegExpExecArray | null;
    while ((m = g.exec(line.lower))) {
      const drug = m[1].toLowerCase();
      const seg = segmentFor(idx, line, m.index, every);
      const before = (line.lower.slice(Math.max(0, m.index - 45), m.index).split(/[.;]\s/).pop() ?? "");
      const ctx = `${before} ${seg}`;
      const ev =
        out.get(drug) ??
        ({ drug, days: null, dose: null, outcome: "unknown", intolerance: false, contraindicated: false, failure: false, ongoing: false, stopped: false, notTaken: true, citations: [] } as TherapyEvidence);
      if (isNegated(line.lower, m.index) && !/\bno (help|benefit|improvement)/.test(seg)) {
        out.set(drug, ev);
        continue;
      }
      const durations = explicitDurations(seg).map((d) => d.days);
      // "discontinued at week 6", "stopped after week 3": the trial ended at that week
      const atWeek = /\b(?:at|after|by|in)\s+(?:week|wk)\s*(\d{1,2})\b/i.exec(seg);
      if (atWeek && STOPPED.test(seg)) durations.push(Number(atWeek[1]) * 7);
      const range = rangeDuration(seg, idx.requestDate);
      if (range && !range.open) {
        durations.push(range.days);
        ev.stopped = true;
      } else if (range) ev.openDays = Math.max(ev.openDays ?? 0, range.days);
      const best = durations.length ? Math.max(...durations) : null;
      if (best != null && (ev.days == null || best > ev.days)) ev.days = best;
      const dose = /(?<![\d,.])(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(?:->\s*\d+\s*)?(mg|mcg|g|%|units?|iu)\b/i.exec(seg);
      const daily = dailyDoseMg(seg);
      if (daily) {
        if (daily.perDay != null) ev.mgPerDay = Math.max(ev.mgPerDay ?? 0, daily.perDay);
        if (daily.perWeek != null) ev.mgPerWeek = Math.max(ev.mgPerWeek ?? 0, daily.perWeek);
      }
      if (dose && !ev.dose) ev.dose = dose[0];
      const intol = INTOL.test(seg) || /\bstopped\b[^.;]{0,30}\b(because|due to|for)\b/.test(seg);
      const fail = FAIL.test(seg) || /\b(failed|failure of|inadequate response to)\b/.test(before);
      ev.intolerance ||= intol;
      ev.failure ||= fail;
      ev.contraindicated ||= CONTRA.test(seg) && !/\bno contraindicat/.test(seg);
      ev.ongoing ||= ONGOING.test(seg) || /\b(continue|on|add|adding)\s*$/.test(before.trim() + " ").valueOf();
      ev.stopped ||= STOPPED.test(seg) || /\b(stopped|discontinued)\b/.test(before);
      const notTaken = NOT_TAKEN.test(`${before.slice(-25)} ${seg.slice(0, 60)}`) && best == null && !dose;
      if (!notTaken) ev.notTaken = false;
      ev.citations.push(cite(idx, line, m.index, Math.min(line.text.length, m.index + seg.length)));
      out.set(drug, ev);
    }
  }
  for (const pt of facts?.prior_therapies ?? []) {
    const name = pt.drug_name.toLowerCase();
    const key = drugNames.find((d) => name.includes(d.toLowerCase()));
    if (!key) continue;
    const ev =
      out.get(key) ??
      ({ drug: key, days: null, dose: null, outcome: "unknown", intolerance: false, contraindicated: false, failure: false, ongoing: false, stopped: false, notTaken: false, citations: [] } as TherapyEvidence);
    if (pt.duration_days != null && (ev.days == null || pt.duration_days > ev.days)) ev.days = pt.duration_days;
    ev.dose ??= pt.dose;
    if (pt.outcome === "intolerance") ev.intolerance = true;
    if (pt.outcome === "contraindication") ev.contraindicated = true;
    if (pt.outcome === "inadequate_response") ev.failure = true;
    if (pt.outcome === "ongoing") ev.ongoing = true;
    ev.notTaken = false;
    ev.citations.push(...pt.citations);
    out.set(key, ev);
  }
  for (const ev of out.values()) {
    if (ev.openDays != null && (!ev.stopped || ev.ongoing) && (ev.days == null || ev.openDays > ev.days)) ev.days = ev.openDays;
    ev.outcome = ev.contraindicated ? "contraindication" : ev.intolerance ? "intolerance" : ev.failure ? "inadequate_response" : ev.ongoing ? "ongoing" : "unknown";
    ev.citations = ev.citations.slice(0, 4);
  }
  return out;
}
