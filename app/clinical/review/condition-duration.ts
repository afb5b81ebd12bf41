/**
 * Requirements on how long a condition, an episode or a symptom has lasted ("the current episode of
 * hair loss has lasted at least 6 months", "symptoms persisting for a minimum of 12 weeks", "disease
 * duration of at least 1 year"). Like any threshold, such a requirement is met only by a duration the
 * request states for the same subject and that is compared with it — never by its words. A record
 * writes the duration as a start ("current episode since 01/2024", "the flare began in August 2025",
 * "onset 03/2025") or as a length ("current episode 15 months", "symptoms for the past 8 months"). A
 * start is counted from the LAST day it can mean ("since 2024" from 31 December 2024, "since 01/2024"
 * from 31 January), so the duration is never overstated. The request's clause must name the
 * requirement's subject (a word of it, "episode", "symptoms"), and when the requirement is about the
 * current or present one, the clause must say so too: "alopecia since 2016" dates the disease, not the
 * current episode. A stated duration shorter than the minimum is a reviewer's question (another note
 * may date the start earlier), never a failure; silence leaves the requirement to the other readings.
 *
 * Source: the reviewer's rule "a threshold is met only by a value compared against it" (issues 21/22).
 */
import type { Citation } from "../contracts";
import { daysBetween, findDates, numberWord, unitDays } from "../codes/dates";
import { quote, type CaseIndex, type CaseLine } from "../evidence/case-index";

/** a minimum duration of a condition a requirement states */
export interface RequiredDuration {
  /** least days (months counted as 30.44 days, years as 365) */
  minDays: number;
  /** the requirement's subject, lower-case content words ("episode", "hair", "loss") */
  subject: string[];
  /** whether the subject is the current / present one ("the current episode") */
  current: boolean;
  text: string;
}

const NUM = String.raw`(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`;
const UNIT = String.raw`(weeks?|months?|years?)`;
const AT_LEAST = String.raw`(?:at least|a minimum of|no less than|not less than|>=|≥|more than|longer than|greater than)`;
/** "[subject] (has) lasted / persisted / been present (for) at least N months" */
const LASTED_RE = new RegExp(
  String.raw`\b(?:has|have|had)?\s*(?:lasted|persisted|been present|been ongoing|existed|been active)\s+(?:for\s+)?${AT_LEAST}\s+${NUM}\s*${UNIT}\b`,
  "i",
);
/** "[subject] duration of at least N months", "[subject] present for at least N months" */
const DURATION_OF_RE = new RegExp(String.raw`\b(?:duration of|present for|persisting for|persistent for|ongoing for)\s+${AT_LEAST}\s+${NUM}\s*${UNIT}\b`, "i");

/** words that say nothing about which condition is meant */
const SUBJECT_STOP = new Set(
  "the a an of for and or with has have had been does did is are was were patient patients member members person individual their his her its this that which who documented current present most recent".split(
    " ",
  ),
);
const CURRENT_RE = /\b(?:current|present|this|most recent|ongoing)\b/i;

/**
 * The minimum duration of a condition a requirement states, with its subject, or null when it states
 * none (a drug trial's length is a prior-therapy criterion, not read here: the subject must not be a
 * use of a drug, "has used X for at least 3 months" does not match the verbs read).
 */
export function requiredConditionDuration(text: string): RequiredDuration | null {
  const flat = text.replace(/\s+/g, " ");
  const m = LASTED_RE.exec(flat) ?? DURATION_OF_RE.exec(flat);
  if (!m) return null;
  const n = numberWord(m[1]);
  if (!Number.isFinite(n) || n <= 0) return null;
  // the subject: the clause before the verb ("Has the current episode of hair loss")
  const before =
    flat
      .slice(0, m.index)
      .split(/[.;:?!]|\bif\b|\band\b(?=\s+(?:has|have|is|was)\b)/i)
      .pop() ?? "";
  const words = before
    .toLowerCase()
    .replace(/[^a-z\s-]/g, " ")
    .split(/\s+/)
    .filter((w) => w.length >= 4 && !SUBJECT_STOP.has(w));
  if (!words.length) return null;
  return { minDays: Math.round(n * unitDays(m[2])), subject: words, current: CURRENT_RE.test(before), text: m[0].trim() };
}

const stem = (w: string) => w.replace(/(?:ies|es|s)$/, "").slice(0, 6);

/** a duration the request states for a subject, in days, quoted */
interface StatedDuration {
  days: number;
  cite: Citation;
  shown: string;
}

/** "since 01/2024", "began in August 2025", "onset: 03/2025", "started 2024" */
const START_BEFORE = /\b(?:since|began|begun|beginning|started|starting|onset(?:\s+(?:in|on|of))?|dating from|dates from)\s*(?:on\s+|in\s+|:\s*|-\s*)?$/i;
/** "15 months", "of 15 months", "for the past 8 months", "x 9 months" right after the subject */
const LENGTH_AFTER = new RegExp(
  String.raw`^\s*(?:(?:of|for|lasting|x|now|currently|ongoing|duration:?|,|-|–)\s*)*(?:the\s+)?(?:past|last|previous|prior)?\s*(?:about|approximately|approx\.?|~|over|nearly)?\s*${NUM}\s*(?:\+\s*)?(?:-|\s)?${UNIT}\b(?!\s*(?:ago|old|of age|later|after|post))`,
  "i",
);
const NEGATION_BEFORE = /\b(?:no|not|without|denies|denied|negative for|free of|resolved)\b[^.;]*$/i;

/** where in `clause` the subject is named (every required qualifier present): the index after it, or -1 */
function subjectEnd(clause: string, req: RequiredDuration): number {
  const lower = clause.toLowerCase();
  if (req.current && !CURRENT_RE.test(lower)) return -1;
  let end = -1;
  for (const w of req.subject) {
    const m = new RegExp(String.raw`\b${stem(w)}[a-z]*`, "g");
    for (const x of lower.matchAll(m)) end = Math.max(end, (x.index ?? 0) + x[0].length);
  }
  return end;
}

/** every duration the request states for the requirement's subject */
function statedDurations(idx: CaseIndex, req: RequiredDuration): StatedDuration[] {
  const out: StatedDuration[] = [];
  const requestDate = idx.requestDate;
  for (const line of idx.lines as CaseLine[]) {
    const t = line.text;
    // the form's own question ("lasted at least 6 months?") is no statement
    if (LASTED_RE.test(t) || DURATION_OF_RE.test(t) || /\?/.test(t)) continue;
    // clauses of the line
    let offset = 0;
    for (const clause of t.split(/(?<=[.;])\s+/)) {
      const at = t.indexOf(clause, offset);
      offset = at + clause.length;
      const end = subjectEnd(clause, req);
      if (end < 0) continue;
      // starts after the subject
      if (requestDate)
        for (const d of findDates(clause, { partial: true })) {
          if (d.index < end) continue;
          const between = clause.slice(0, d.index);
          if (!START_BEFORE.test(between)) continue;
          // nothing else dated between the subject and the start ("alopecia since 2016; current episode since …" is split by clause)
          if (NEGATION_BEFORE.test(clause.slice(0, end))) continue;
          if (d.end > requestDate) continue;
          const days = daysBetween(d.end, requestDate);
          out.push({ days, cite: quote(idx, line, at, at + d.index + d.length), shown: `since ${d.text}` });
        }
      const len = LENGTH_AFTER.exec(clause.slice(end));
      if (len && !NEGATION_BEFORE.test(clause.slice(0, end))) {
        const n = numberWord(len[1]);
        if (Number.isFinite(n) && n > 0)
          out.push({ days: Math.round(n * unitDays(len[2])), cite: quote(idx, line, at, at + end + len[0].length), shown: len[0].trim() });
      }
    }
  }
  return out;
}

/**
 * Judges a requirement on a condition's duration (see the module comment): met, quoted, when the
 * request states a duration of the same subject reaching the minimum; insufficient, naming it, when
 * the only durations stated are shorter; null when the requirement states no such duration or the
 * request states none (the caller keeps its other readings).
 */
export function judgeConditionDuration(text: string, idx: CaseIndex): { outcome: "met" | "insufficient"; reason: string; citations: Citation[] } | null {
  const req = requiredConditionDuration(text);
  if (!req) return null;
  const stated = statedDurations(idx, req);
  if (!stated.length) return null;
  const best = stated.reduce((b, s) => (s.days > b.days ? s : b));
  const months = (d: number) => Math.floor(d / 30.44);
  if (best.days >= req.minDays)
    return {
      outcome: "met",
      reason: `The request dates it "${best.shown}" (${months(best.days)} months by the request date), which meets "${req.text}".`,
      citations: [best.cite],
    };
  return {
    outcome: "insufficient",
    reason: `The policy requires it "${req.text}"; the request states "${best.shown}" (${months(best.days)} months), shorter — a reviewer must check whether another record dates it earlier.`,
    citations: [best.cite],
  };
}
