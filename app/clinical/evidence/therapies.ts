/**
 * What the fax says about each drug the patient has taken, is taking, or never took: duration,
 * dose, outcome (inadequate response, intolerance, contraindication), ongoing or stopped, and
 * whether it was only mentioned as planned/declined/never tried. Reads every document of the fax
 * (form tables, letters, chart notes, fill histories) and merges the extraction stage's therapy rows.
 */
import type { CaseFacts, Citation, TherapyOutcome } from "../contracts";
import { daysBetween, explicitDurations, findDates, rangeDuration } from "../codes/dates";
import {
  CONTRAINDICATION,
  FAILURE,
  FAMILY_CONTEXT,
  GENERAL_STATEMENT,
  INTOLERANCE,
  NOT_TAKEN,
  withoutDeniedAdverseEffects,
  ONGOING,
  PREFERENCE,
  STOPPED,
  isNegated,
  closedSpanEnd,
  UNDISPENSED_RE,
} from "../vocabulary/language";
import { quote, type CaseIndex, type CaseLine } from "./case-index";
import { lookupDrug } from "../vocabulary/drugs";

export interface TherapyEvidence {
  drug: string;
  /** longest documented duration in days, null when none */
  days: number | null;
  /** days supplied by the fills of a pharmacy fill history (summed), when the request has one */
  filledDays?: number;
  dose: string | null;
  outcome: TherapyOutcome;
  intolerance: boolean;
  contraindicated: boolean;
  failure: boolean;
  ongoing: boolean;
  stopped: boolean;
  /** only mentioned as deferred, declined, planned or never tried */
  notTaken: boolean;
  /** explicitly said never to have been taken ("has not tried", "no prior use of") */
  explicitlyNotTaken: boolean;
  mgPerDay?: number | null;
  mgPerWeek?: number | null;
  openDays?: number | null;
  citations: Citation[];
}

const SENTENCE_END = /(?<!\b(?:approx|e\.g|i\.e|vs|dr|wk|wks|mo|mos|yr|yrs|no|tab|tabs|inc|st|er|xr|sr|oint|cr|soln))[.;](?=\s|$)/;
/**
 * The first sentence end of `text` outside parentheses: "Carvedilol 25 mg BID (target; wt 82 kg)
 * titrated 8/2025 - 12/2025; …" ends at the second semicolon — an aside in parentheses ends nothing.
 */
function sentenceEnd(text: string): RegExpExecArray | null {
  const g = new RegExp(SENTENCE_END.source, "g");
  let m: RegExpExecArray | null;
  while ((m = g.exec(text))) {
    const before = text.slice(0, m.index);
    if ((before.match(/\(/g) ?? []).length <= (before.match(/\)/g) ?? []).length) return m;
  }
  return null;
}
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether `text` (one mention's clause) says the drug was not tolerated. A denied adverse effect
 * ("tolerated without nausea or side effects", "no GI side effects") says the opposite and is removed
 * before the intolerance words are read, so a trial that failed is never described as "not tolerated"
 * (issue 24, item 3: the rationale said so while its own citation said "Inadequate response").
 */
export function statesIntolerance(text: string): boolean {
  return INTOLERANCE.test(withoutDeniedAdverseEffects(text));
}

function drugRegex(names: string[]): RegExp {
  const alts = [...new Set(names.map((n) => n.toLowerCase()).filter((n) => n.length >= 3))].sort((a, b) => b.length - a.length).map(esc);
  return new RegExp(`\\b(${alts.join("|")})\\b`, "gi");
}

/**
 * Finds the names of a drug list in lower-case text as `drugRegex` would (`\\b(name|…)\\b`, longest
 * name first at a position), without running a regex of a thousand alternatives at every position:
 * each position's first three characters pick the few names that can start there, tried with one
 * sticky regex in the list's order.
 */
type DrugMatchers = {
  /** The first mention at or after `from`: its offset and length, or null. */
  next(text: string, from: number): { index: number; length: number } | null;
};

/**
 * The matcher of a drug list, kept across scans (the list of every known drug is the same on every
 * call; compiled again per call or per mention it dominated the engine's time).
 */
function drugMatchers(names: string[]): DrugMatchers {
  const source = drugRegex(names).source;
  const hit = matchersCache.get(source);
  if (hit) return hit;
  const ordered = [...new Set(names.map((n) => n.toLowerCase()).filter((n) => n.length >= 3))].sort((a, b) => b.length - a.length);
  const groups = new Map<string, string[]>();
  for (const n of ordered) {
    const key = n.slice(0, 3);
    const g = groups.get(key);
    if (g) g.push(esc(n));
    else groups.set(key, [esc(n)]);
  }
  const byPrefix = new Map([...groups].map(([k, alts]) => [k, new RegExp(`\\b(?:${alts.join("|")})\\b`, "iy")]));
  const made: DrugMatchers = {
    next(text, from) {
      for (let i = Math.max(0, from); i + 3 <= text.length; i++) {
        const re = byPrefix.get(text.slice(i, i + 3).toLowerCase());
        if (!re) continue;
        re.lastIndex = i;
        const m = re.exec(text);
        if (m) return { index: i, length: m[0].length };
      }
      return null;
    },
  };
  if (matchersCache.size >= 200) matchersCache.clear();
  matchersCache.set(source, made);
  return made;
}
const matchersCache = new Map<string, DrugMatchers>();

/** Segments already cut, per drug list and line, by the mention's offset (a line's segments do not change). */
const segmentCache = new WeakMap<DrugMatchers, WeakMap<CaseLine, Map<number, string>>>();

/** Text a mention speaks for: from the drug name to the next drug name or sentence end, plus a wrapped line. */
function segmentFor(idx: CaseIndex, line: CaseLine, start: number, drugs: DrugMatchers): string {
  let byLine = segmentCache.get(drugs);
  if (!byLine) segmentCache.set(drugs, (byLine = new WeakMap()));
  let byStart = byLine.get(line);
  if (!byStart) byLine.set(line, (byStart = new Map()));
  const hit = byStart.get(start);
  if (hit != null) return hit;
  const seg = cutSegment(idx, line, start, drugs);
  byStart.set(start, seg);
  return seg;
}

function cutSegment(idx: CaseIndex, line: CaseLine, start: number, drugs: DrugMatchers): string {
  const rest = line.lower.slice(start);
  let end = rest.length;
  for (let m = drugs.next(rest, 1); m; m = drugs.next(rest, m.index + m.length)) {
    if (!/[/+]\s*$/.test(rest.slice(0, m.index)) && !/\b(?:and|or|to|with)\s+$/.test(rest.slice(0, m.index).slice(-6))) {
      end = m.index;
      break;
    }
  }
  const stop = sentenceEnd(rest.slice(0, end));
  if (stop) {
    const tail = rest.slice(stop.index + 1, end);
    const nextClause = /^\s*(?:and\s+|but\s+|then\s+)?(?:was\s+|it was\s+)?(?:stopped|discontinued|d\/c'?d?|held|ceased|switched|tapered off)\b[^.;]*/i.exec(
      tail,
    );
    end = nextClause ? stop.index + 1 + nextClause[0].length : stop.index;
  }
  let seg = rest.slice(0, end);
  if (end === rest.length && !/[.;]\s*$/.test(seg)) {
    const next = idx.lines[line.index + 1];
    if (next && next.page === line.page && /^[a-z0-9(~>]/.test(next.lower) && !drugs.next(next.lower.split(/[.;]/)[0], 0))
      seg += " " + next.lower.split(/(?<=[.;])\s/)[0];
  }
  return seg;
}

/** Words that make the text between a duration and a drug more than a list of therapies. */
const NOT_A_LIST =
  /\b(?:then|before|after|followed|without|despite|prior|since|until|but|which|who|that|was|were|is|are|had|has|have|for|due|because|when|while|ago)\b/;

/**
 * A duration written before the therapies it belongs to: "failed 16 weeks of azathioprine",
 * "completed 8 weeks of physical therapy and naproxen", "a 12-week trial of methotrexate". `before`
 * is the clause leading up to the mention (lower case); the words between "of" and the mention must
 * be a plain list of therapies ("physical therapy and nsaids ("), so "pain for 12 weeks despite
 * naproxen" is not read as 12 weeks of naproxen. Days, or null.
 */
export function leadingDuration(before: string): number | null {
  const m =
    /\b(\d{1,3}(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[\s-]*(days?|weeks?|wks?|months?|mos?|years?)(?:[\s-]+long)?\s+(?:(?:trial|course|period)\s+)?(?:of|on)\s+([^.;:]{0,60})$/i.exec(
      before,
    );
  if (!m) return null;
  const between = m[3].trim();
  if (between && (NOT_A_LIST.test(between) || !/(?:\band|\bor|,|\/|\+|\(|&)$/.test(between))) return null;
  return explicitDurations(`${m[1]} ${m[2]}`)[0]?.days ?? null;
}

/**
 * Amount per day / per week written in a therapy mention: "1,000 mg PO BID" → 2000/day, "15 mg
 * weekly" → 15/week. Null when no amount with a frequency is written.
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
    if (/\b(?:qid|q\.i\.d|four times (?:a |per )?day)\b/.test(f)) perDay = amt * 4;
    else if (/\b(?:tid|t\.i\.d|three times (?:a |per )?day)\b/.test(f)) perDay = amt * 3;
    else if (/\b(?:bid|b\.i\.d|twice (?:a |per )?day|twice daily|2x daily|two times (?:a |per )?day)\b/.test(f)) perDay = amt * 2;
    else if (/\bevery other week\b|\bq2 ?w(?:ee)?k/.test(f)) perWeek = amt / 2;
    else if (/\b(?:weekly|once a week|per week|\/week|\/wk|q ?week|qwk|every week)\b/.test(f)) perWeek = amt;
    else if (/\b(?:daily|qd|q\.d|once a day|per day|\/day|a day|qam|qpm|qhs|nightly|at bedtime|every (?:morning|evening|night))\b/.test(f)) perDay = amt;
    if (perDay == null && perWeek == null) continue;
    if (perDay != null && perWeek == null) perWeek = perDay * 7;
    if (perWeek != null && perDay == null) perDay = perWeek / 7;
    if (!best || (perDay ?? 0) > (best.perDay ?? 0)) best = { perDay, perWeek };
  }
  return best;
}

/**
 * Collect what the fax says about each drug in `drugNames` (lower-case names). `allKnownDrugs`
 * bound a mention's segment (the next drug starts a new one). Facts from the extraction stage
 * (`facts.prior_therapies`) are merged when their drug matches.
 */
/**
 * Whether the text at `at` of `line` is inside a question of a form: its question mark is followed by
 * the answer's check box ("Daily lid hygiene >= 28 days? [ ] Y [ ] N"), or its sentence opens with an
 * auxiliary ("Has the patient …", "3. Did the member try …", "Was each drug tried …") and ends with a
 * question mark on this line or the next (or the next line is its Yes / No answer row).
 */
export function inQuestion(idx: CaseIndex, line: CaseIndex["lines"][number], at: number): boolean {
  // a form's question written without an auxiliary ("3. Daily lid hygiene >= 28 days? [ ] Y [ ] N"):
  // its question mark, before any sentence end, is followed by the answer's check box
  // (or by its answer alone, "… for at least 30 days with inadequate response, intolerance or
  // contraindication? Y": the question's words are the plan's — an OR question answered Y says one of
  // its drugs and outcomes holds, never each of them)
  if (/^[^.;!?]{0,120}\?\s*(?:[[☐☑☒□■]|(?:yes|no|y|n)\b\s*(?:$|[-–:(]))/.test(line.lower.slice(at))) return true;
  // a numbered item of a form that asks for data and ends in its colon ("3. Total months of relugolix or
  // elagolix therapy (Myfembree, Orilissa, Oriahnn) to date, and months requested:"): the drugs are the
  // caption's words, the answer on the next line says which were taken
  if (/^\s*(?:\(?\d{1,2}[.)]|[a-z][.)]|q\d{1,2}[.:)]?)\s/.test(line.lower) && /:\s*$/.test(line.lower) && !/[.;!]\s/.test(line.lower.slice(at))) return true;
  const head =
    line.lower
      .slice(0, at)
      .split(/[.;?!]\s/)
      .pop() ?? "";
  if (
    !/^\s*(?:\(?\d{1,2}[.)]\s*|[a-z][.)]\s+|q\d{1,2}[.:)]?\s*)?(?:has|have|had|did|does|do|is|are|was|were|will|can|could)\s+(?:the|this|each|any|a|an|patient|member|he|she|they)\b/i.test(
      head,
    )
  )
    return false;
  const rest = line.lower.slice(at);
  const next = idx.lines[line.index + 1];
  const tail = /[.;!]\s/.test(rest) ? rest.slice(0, rest.search(/[.;!]\s/)) : `${rest} ${next && next.page === line.page ? next.lower : ""}`;
  // the question mark may sit on a wrapped line the index does not keep; a Yes / No answer row right
  // after it says the same
  return /\?/.test(tail) || (!/[.;!]\s/.test(rest) && !!next && next.page === line.page && /\byes\b[^a-z]{0,12}\bno\b/i.test(next.lower));
}

/**
 * The start of a sentence that a previous line of wrapped prose leaves unfinished: the previous
 * line's few words (at most 40 characters) after its last sentence end, when that line is on the
 * same page, runs long, ends a sentence inside it (a paragraph's line, not a table header or a label
 * row) and stops mid-sentence (a letter or a comma).
 * "… Gabapentin 300 mg at night, not helpful. Never" + "on dupilumab …" → "never". Null otherwise.
 */
function wrappedSentenceStart(line: CaseIndex["lines"][number], prev: CaseIndex["lines"][number] | undefined): string | null {
  if (!prev || prev.page !== line.page || prev.lower.length < 60 || !/[a-z,]\s*$/.test(prev.lower)) return null;
  // prose: the line ends a sentence before it starts the wrapped one (a table header or a label row does not)
  const end = [...prev.text.matchAll(/[a-z0-9)]\.\s+(?=[A-Z])/g)].pop();
  if (!end) return null;
  const tail = prev.lower.slice((end.index ?? 0) + end[0].length).trim();
  return tail.length <= 40 ? tail : null;
}

/** a fill-history table's header: a fill date column and a days-supply column ("Fill Date Medication Qty Days Pharmacy") */
const FILL_HEADER_RE = /\b(?:fill(?:ed)?|dispens(?:e|ed)|date filled)\s*(?:date)?\b.*\b(?:days?(?:\s+supply)?|ds|day supply)\b/i;

/**
 * The fills of a pharmacy fill history: rows under a FILL_HEADER_RE header that start with a full date
 * and carry the quantity and days-supply numbers in the header's order ("06/17/2026 METFORMIN ER 500 MG
 * TAB 360 90 CVS #8832"). A row whose numbers cannot be told apart is skipped. Each fill: its line, date
 * (ISO) and days supplied.
 */
export function fillHistory(idx: CaseIndex): { line: CaseIndex["lines"][number]; date: string; days: number }[] {
  const out: { line: CaseIndex["lines"][number]; date: string; days: number }[] = [];
  for (const [k, header] of idx.lines.entries()) {
    if (!FILL_HEADER_RE.test(header.lower) || !/\b(?:qty|quantity)\b/i.test(header.lower)) continue;
    const daysFirst = header.lower.search(/\bdays?\b|\bds\b/) < header.lower.search(/\b(?:qty|quantity)\b/);
    for (let j = k + 1; j < idx.lines.length && j <= k + 30; j++) {
      const row = idx.lines[j];
      if (FILL_HEADER_RE.test(row.lower)) continue;
      const m = /^(\d{1,2}\/\d{1,2}\/\d{2,4})\s+(.+?)\s+(\d{1,4}(?:\.\d+)?)\s+(\d{1,3})(?:\s+\D.*)?$/.exec(row.text.trim());
      if (!m) {
        // (a page's furniture between the rows: the table goes on on the next page)
        if (row.page !== header.page && j - k > 3) break;
        continue;
      }
      // a claim reversed, rejected or returned to stock ("… 30 30 MHAC - REVERSED (RTS)", "REJ 75/608")
      // dispensed nothing: no fill, no days of use
      if (UNDISPENSED_RE.test(row.text) || UNDISPENSED_RE.test(idx.lines[j + 1]?.text.trim().match(/^\([A-Z]{2,4}\)$/)?.[0] ?? "")) continue;
      const date = findDates(m[1])[0];
      const days = Number(daysFirst ? m[3] : m[4]);
      if (!date || date.precision !== "day" || !(days > 0 && days <= 120)) continue;
      out.push({ line: row, date: date.start, days });
    }
  }
  // a table printed on two pages repeats its header: one fill once
  const seen = new Set<number>();
  return out.filter((f) => !seen.has(f.line.index) && !!seen.add(f.line.index));
}

export function therapyEvidence(idx: CaseIndex, drugNames: string[], allKnownDrugs: string[], facts?: CaseFacts | null): Map<string, TherapyEvidence> {
  const out = new Map<string, TherapyEvidence>();
  /** drugs a line says were started within the year, with no stop on that line */
  const startedOpen = new Set<string>();
  if (!drugNames.length) return out;
  const want = drugRegex(drugNames);
  const every = drugMatchers([...drugNames, ...allKnownDrugs]);
  const fresh = (drug: string): TherapyEvidence => ({
    drug,
    days: null,
    dose: null,
    outcome: "unknown",
    intolerance: false,
    contraindicated: false,
    failure: false,
    ongoing: false,
    stopped: false,
    notTaken: true,
    explicitlyNotTaken: false,
    citations: [],
  });
  const g = want;
  idx.lines.forEach((line, i) => {
    g.lastIndex = 0;
    const carried = wrappedSentenceStart(line, idx.lines[i - 1]);
    let m: RegExpExecArray | null;
    while ((m = g.exec(line.lower))) {
      const drug = m[1].toLowerCase();
      const seg = segmentFor(idx, line, m.index, every);
      // a sentence wrapped at the line's start keeps its first words ("… Never / on dupilumab")
      const upTo = line.lower.slice(0, m.index);
      const context = carried && !/[.;:]/.test(upTo) ? `${carried} ${upTo}` : upTo;
      const before =
        context
          .slice(Math.max(0, context.length - 50))
          .split(/[.;]\s/)
          .pop() ?? "";
      const ev = out.get(drug) ?? fresh(drug);
      // someone else's drug history, or a general statement about the drug: not this patient's trial;
      // nor a question of a form ("3. Has the patient had an inadequate response, intolerance or
      // contraindication to loperamide …?") — its words are the plan's, the answer beside it says which
      // of them holds, if any
      // nor an option of a form left unticked ("Preferred alternatives … Check one: [ ] bisacodyl 5 mg daily"):
      // the drug is offered, never taken
      const unticked = /^\s*(?:\(?\d{1,2}[.)]\s*)?(?:\[\s?\]|☐|□)\s*$/.test(upTo);
      // nor the plan's own rule quoted back ("Payer message: UPDL ST: need 2 of PEG 3350 / lactulose /
      // senna / bisacodyl x 30 days in 180 days"): what must be tried, never what was
      // (the message may wrap: the line before is read with this one when the mention opens its line)
      const prevLine = idx.lines[i - 1];
      const wrapLead = !upTo.trim() && prevLine && prevLine.page === line.page && !/[.;:]\s*$/.test(prevLine.lower) ? prevLine.lower : "";
      const planRule =
        /\b(?:payer message|reject(?:ion)? (?:code|message)|need(?:s)? (?:\d|one|two|three) of|requires? (?:\d|one|two|three) of|must (?:first )?try)\b[^.;]*$/i.test(
          `${wrapLead} ${upTo}`.slice(-160),
        );
      if (FAMILY_CONTEXT.test(before) || FAMILY_CONTEXT.test(seg.slice(0, 30)) || inQuestion(idx, line, m.index) || unticked || planRule) {
        out.set(drug, ev);
        continue;
      }
      const neg = isNegated(context, context.length) && !/\bno (?:help|benefit|improvement|response|relief)/.test(seg);
      if (neg) {
        // "has not tried triptans", "no prior biologic": documented as never taken
        if (
          /\b(?:not|never|no prior|no previous|no)\b[^.;]{0,25}$/.test(before) &&
          /\b(?:tried|taken|used|received|trial|prior|previous|been on|history of|use of)\b|\bno (?:prior |previous )?$|\bnever (?:been )?on $/.test(
            `${before.trimEnd()} `,
          )
        ) {
          ev.explicitlyNotTaken = true;
          ev.citations.push(quote(idx, line, m.index, m.index + m[1].length));
        }
        out.set(drug, ev);
        continue;
      }
      const general = GENERAL_STATEMENT.test(`${before} ${seg}`);
      const durations = general ? [] : explicitDurations(seg).map((d) => d.days);
      const lead = general
        ? null
        : leadingDuration(
            line.lower
              .slice(0, m.index)
              .split(/[.;]\s/)
              .pop() ?? "",
          );
      if (lead != null) durations.push(lead);
      const atWeek = /\b(?:at|after|by|in)\s+(?:week|wk)\s*(\d{1,2})\b/i.exec(seg);
      if (atWeek && STOPPED.test(seg)) durations.push(Number(atWeek[1]) * 7);
      const range = rangeDuration(seg, idx.requestDate);
      if (range && !range.open) {
        durations.push(range.days);
        ev.stopped = true;
      } else if (range) {
        ev.openDays = Math.max(ev.openDays ?? 0, range.days);
        // "Methotrexate 15 mg PO weekly + folic acid started 09/15/2026": a course started within the
        // year before the request is taken now — when no line of the request stops it (below)
        if (range.days > 0 && range.days <= 365 && /\b(?:started|initiated|began|begun|commenced)\b/i.test(seg) && !STOPPED.test(seg) && !NOT_TAKEN.test(seg))
          startedOpen.add(drug);
      }
      const best = durations.length ? Math.max(...durations) : null;
      if (best != null && (ev.days == null || best > ev.days)) ev.days = best;
      const dose = /(?<![\d,.])(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(?:(?:->|to|→)\s*\d+\s*)?(?:mg|mcg|g|%|units?|iu)\b/i.exec(seg);
      const daily = dailyDoseMg(seg);
      if (daily) {
        if (daily.perDay != null) ev.mgPerDay = Math.max(ev.mgPerDay ?? 0, daily.perDay);
        if (daily.perWeek != null) ev.mgPerWeek = Math.max(ev.mgPerWeek ?? 0, daily.perWeek);
      }
      if (dose && !ev.dose) ev.dose = dose[0];
      // outcomes in a conditional clause are not outcomes: "will start propranolol if no improvement"
      const factual = seg.replace(/\b(?:if|unless|should|in case)\b[^.;]*/i, " ");
      ev.intolerance ||= statesIntolerance(factual);
      ev.failure ||=
        FAILURE.test(factual) ||
        /\b(?:failed|failure of|inadequate response to|despite)\s*$/.test(before.trim() + " ") ||
        /\b(?:failed|failure of|inadequate response to)\b[^.;]{0,20}$/.test(before);
      ev.contraindicated ||= CONTRAINDICATION.test(`${before.slice(-30)} ${seg}`) && !/\bno (?:known )?contraindicat/.test(seg);
      // "on X" is current use, "previously on X" / "was on X" is not
      // (an outcome "on X" — "breakthrough disease on X", "progressed on X", "relapsed on X" — tells what
      // happened while it was taken, not that it still is)
      // "(since 02/2024) stopped 06/2026": a start date beside a stop is a past course, not current use
      const sinceOnly = ONGOING.test(seg.replace(/\bsince\b/gi, " ")) === false && /\bsince\b/i.test(seg);
      // a medication list's status column, printed in capitals on the drug's row ("Lactulose … 30 mL PO
      // three times daily NEW", "Spironolactone 50 mg … CONTINUE"): a current medication
      const rowStatus = /\b(?:NEW|CONTINUE|CONTINUED|CHANGED|RESUME|RESUMED)\b/.test(line.text.slice(m.index, m.index + seg.length)) && !STOPPED.test(seg);
      // "adalimumab 2019-2023 lost response; tocilizumab IV since 04/2024": a closed span of years right
      // after the drug is a past course — the "since" of the next drug's clause is not this one's
      const closedSpan = closedSpanEnd(seg.slice(0, 64), 44) !== null;
      if (closedSpan) ev.stopped = true;
      ev.ongoing ||=
        rowStatus ||
        (!closedSpan && ONGOING.test(seg) && !(sinceOnly && /\b(?:stopped|discontinued|ended|until)\b/i.test(seg))) ||
        (/\b(?:continue|add|adding|remains on|currently (?:on|taking)|(?:is |are |now |slowly )?tapering)\s*$|(?<!\b(?:previously|formerly|was|were|been|prior(?:ly)?|once|briefly)\s+)\bon\s*$/.test(
          before.trim() + " ",
        ) &&
          !/\b(?:breakthrough|relaps\w*|progress\w*|flare[ds]?|fail\w*|worsen\w*|despite)\b(?:\s+[\w-]+){0,3}\s+on\s*$/i.test(before.trim()));
      ev.stopped ||= STOPPED.test(seg) || /\b(?:stopped|discontinued|previously|prior)\b/.test(before);
      const around = `${before.slice(-40)} ${seg.slice(0, 60)}`;
      const planned = NOT_TAKEN.test(around) && (best == null || /\binstructed|\badvised|\brecommend/.test(around)) && !ev.failure && !ev.intolerance;
      if (planned && (/\b(?:not|never|no)\b/.test(`${before.slice(-40)} ${seg.slice(0, 40)}`) || PREFERENCE.test(around))) ev.explicitlyNotTaken = true;
      if (!planned) ev.notTaken = false;
      ev.citations.push(quote(idx, line, m.index, Math.min(line.text.length, m.index + seg.length)));
      out.set(drug, ev);
    }
  });
  // a pharmacy's fill history ("Fill Date | Medication | Qty | Days | Pharmacy"): each fill supplies its
  // days; the drug's supply is their sum (a fill is use, its days the length of that use)
  for (const fill of fillHistory(idx)) {
    want.lastIndex = 0;
    const m = want.exec(fill.line.lower);
    if (!m) continue;
    const drug = m[1].toLowerCase();
    const ev = out.get(drug) ?? fresh(drug);
    // (a fill's days reach no further than the request: "10/02 rizatriptan, 30 days" on a request of
    // 10/16 is 14 days of use so far, never a 30-day trial)
    const elapsed = idx.requestDate && fill.date <= idx.requestDate ? daysBetween(fill.date, idx.requestDate) : null;
    const supplied = (ev.filledDays ?? 0) + (elapsed != null ? Math.min(fill.days, Math.max(1, elapsed)) : fill.days);
    ev.filledDays = supplied;
    if (ev.days == null || supplied > ev.days) ev.days = supplied;
    ev.notTaken = false;
    ev.explicitlyNotTaken = false;
    ev.citations.push(quote(idx, fill.line, 0, fill.line.text.length));
    out.set(drug, ev);
  }
  for (const pt of facts?.prior_therapies ?? []) {
    const name = pt.drug_name.toLowerCase();
    const g = lookupDrug(name)?.generic.toLowerCase();
    const key =
      drugNames.find((d) => d.toLowerCase() === name || (g && lookupDrug(d)?.generic.toLowerCase() === g)) ??
      drugNames.find((d) => new RegExp(`\\b${esc(d.toLowerCase())}\\b`).test(name));
    if (!key) continue;
    const ev = out.get(key) ?? { ...fresh(key), notTaken: false };
    if (pt.duration_days != null && (ev.days == null || pt.duration_days > ev.days)) ev.days = pt.duration_days;
    ev.dose ??= pt.dose;
    if (pt.outcome === "intolerance") ev.intolerance = true;
    if (pt.outcome === "contraindication") ev.contraindicated = true;
    if (pt.outcome === "inadequate_response") ev.failure = true;
    if (pt.outcome === "ongoing") ev.ongoing = true;
    ev.notTaken = false;
    ev.explicitlyNotTaken = false;
    ev.citations.push(...pt.citations);
    out.set(key, ev);
  }
  for (const ev of out.values()) {
    // (never when a length the record states is shorter than the time since the start: "tried Focalin XR
    // ~3 wks" beside "was started 09/08/2026" is a finished trial, its stop written where it is not named)
    const finished = ev.days != null && ev.openDays != null && ev.days < ev.openDays - 7;
    if (startedOpen.has(ev.drug) && !ev.stopped && !finished && !ev.notTaken && !ev.explicitlyNotTaken) ev.ongoing = true;
    // a start date with no stop counts up to the request date only for a course still taken, or when
    // the record states no length of its own: "Focalin XR was started 09/08/2026" beside "tried Focalin
    // XR ~3 wks" is a three-week trial (its stop may be written where the drug is not named again)
    if (ev.openDays != null && (!ev.stopped || ev.ongoing) && (ev.days == null || (ev.ongoing && ev.openDays > ev.days))) ev.days = ev.openDays;
    if (!ev.notTaken) ev.explicitlyNotTaken = false;
    ev.outcome = ev.contraindicated
      ? "contraindication"
      : ev.intolerance
        ? "intolerance"
        : ev.failure
          ? "inadequate_response"
          : ev.ongoing
            ? "ongoing"
            : "unknown";
    const seen = new Set<string>();
    ev.citations = ev.citations
      .filter((c) => {
        const k = `${c.page}:${c.start}`;
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      })
      .slice(0, 4);
  }
  return out;
}
