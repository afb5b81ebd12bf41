/**
 * Requirements that set a minimum frequency, a count per period ("Headache on 15 or more days per
 * month", "at least 8 migraine days per month", "4 or more attacks per month", "of which at least 8
 * days per month have features of migraine"). Like a threshold on a measured value, such a
 * requirement is met only by a frequency the request states for the same thing and that reaches it
 * ("20-22 HA days/mo", "headache days: 18/month", "18 headache days in the last 30 days", "headaches
 * 20 days a month") — never by the requirement's words appearing in the fax ("near-daily headache",
 * "chronic migraine"). A count over a stated span of days or weeks is converted to a month (30 days);
 * a range ("20-22") counts as its low end. A migraine day is a headache day, so a stated migraine
 * frequency counts for a headache threshold (never the reverse). A stated frequency below the
 * minimum is a reviewer's question (the fax may state another period, a diary may be attached), and
 * so is silence: both are needs-more-information naming the threshold, never a failure.
 *
 * Source: the reviewer's rule "a threshold is met only by a value compared against it" (issues
 * 21/22); ICHD-3 chronic migraine (headache on >= 15 days/month, >= 8 with migraine features) is the
 * commonest such criterion.
 */
import type { Citation } from "../contracts";
import { quote, type CaseIndex } from "../evidence/case-index";

/** what a frequency counts: its subject ("headache", "migraine", "attack", …) */
export type FrequencySubject = string;

/** a minimum frequency a requirement states: `min` per `per` (normalised to a month) of `subject` */
export interface RequiredFrequency {
  min: number;
  subject: FrequencySubject;
  /** "days" when it counts days with the subject, "events" when it counts the events themselves */
  counts: "days" | "events";
  text: string;
}

/** subjects and the words a record writes them with (abbreviations included) */
const SUBJECTS: Array<{ subject: string; re: string }> = [
  { subject: "migraine", re: String.raw`migraines?|migrainous|migraine-like|MMDs?` },
  { subject: "headache", re: String.raw`headaches?|HAs?|h\/a|MHDs?` },
  { subject: "attack", re: String.raw`attacks?` },
  { subject: "seizure", re: String.raw`seizures?` },
];
const subjectOf = (word: string): string | null => {
  // "HA" is a headache only in capitals ("has", "ha" are no headache)
  if (/^has?$/i.test(word) && !/^HAs?$/.test(word)) return null;
  for (const s of SUBJECTS) if (new RegExp(String.raw`^(?:${s.re})$`, "i").test(word)) return s.subject;
  return null;
};
const ANY_SUBJECT = SUBJECTS.map((s) => s.re).join("|");
/** a subject word ("HA" only in capitals: "ha" is no headache) */
const SUBJECT_WORD = String.raw`(?:\b(?:${SUBJECTS.filter((s) => s.subject !== "headache")
  .map((s) => s.re)
  .join("|")}|headaches?|h\/a)\b|\bHAs?\b)`;

const NUMBER_WORDS: Record<string, number> = { four: 4, six: 6, eight: 8, ten: 10, twelve: 12, fifteen: 15 };
const NUM = String.raw`(\d{1,2}|four|six|eight|ten|twelve|fifteen)`;
const PER_MONTH = String.raw`(?:per|a|each|every|\/)\s*(?:calendar\s+)?(?:month|mo)\b`;
const toNumber = (w: string) => (/^\d+$/.test(w) ? Number(w) : (NUMBER_WORDS[w.toLowerCase()] ?? NaN));
const AT_LEAST = String.raw`(?:at least|a minimum of|no fewer than|minimum of|>=|≥)`;
const OR_MORE = String.raw`(?:or more|or greater|or higher|\+)`;

/** words of a change from baseline (a response), not of a frequency */
const CHANGE_WORDS = /\b(?:fewer|reduc\w*|decreas\w*|baseline|improv\w*|drop\w*|declin\w*|lowered)\b/i;

/**
 * The minimum frequencies a requirement states, each with its subject (the word before or after it:
 * "Headache on 15 or more days per month" → headache, "at least 8 days per month have features of
 * migraine" → migraine, "4 or more attacks per month" → attack). Empty when it states none, or when
 * a frequency's subject cannot be told (then the caller keeps its other reading).
 */
export function requiredFrequencies(text: string): RequiredFrequency[] {
  const out: RequiredFrequency[] = [];
  const flat = text.replace(/\s+/g, " ");
  // "[subject] on N or more days per month" / "at least N [subject] days per month" / "N or more [subject] per month"
  const re = new RegExp(String.raw`(?:${AT_LEAST}\s*${NUM}|${NUM}\s*${OR_MORE})\s+((?:[A-Za-z/-]+\s+){0,2}?)(days?|${ANY_SUBJECT})\s+${PER_MONTH}`, "gi");
  for (const m of flat.matchAll(re)) {
    const min = toNumber(m[1] ?? m[2]);
    if (!Number.isFinite(min) || min < 1 || min > 31) continue;
    const between = (m[3] ?? "").trim();
    // a change from baseline ("at least 2 fewer migraine days per month than baseline", "a reduction of
    // at least 4 days per month") is a response, judged elsewhere, never a frequency the member must have
    const around = flat.slice(Math.max(0, (m.index ?? 0) - 60), (m.index ?? 0) + m[0].length + 40);
    if (CHANGE_WORDS.test(between) || CHANGE_WORDS.test(around)) continue;
    const noun = m[4];
    let subject: string | null = null;
    let counts: "days" | "events" = "days";
    if (/^days?$/i.test(noun)) {
      // the subject written inside ("8 migraine days"), else right before ("Headache on 15 or more
      // days") or right after ("8 days per month have features of migraine")
      const inside = between.split(/\s+/).map(subjectOf).find(Boolean);
      const before = new RegExp(String.raw`(${SUBJECT_WORD})(?:\s+[A-Za-z-]+){0,2}\s*$`, "i").exec(flat.slice(Math.max(0, (m.index ?? 0) - 30), m.index));
      const after = new RegExp(String.raw`^[^.;,]{0,40}?(${SUBJECT_WORD})`, "i").exec(flat.slice((m.index ?? 0) + m[0].length));
      subject = inside ?? (after ? subjectOf(after[1]) : null) ?? (before ? subjectOf(before[1]) : null);
      // "of which at least 8 days … migraine" is about migraine even when "headache" opened the sentence
      if (after && before && subjectOf(after[1]) === "migraine") subject = "migraine";
    } else {
      subject = subjectOf(noun);
      counts = "events";
    }
    if (!subject) continue;
    out.push({ min, subject, counts, text: m[0] });
  }
  return out;
}

/** a frequency the request states: per month, for a subject, quoted */
interface StatedFrequency {
  perMonth: number;
  subject: string;
  cite: Citation;
}

/** low end of "20-22", "20–22", "20 to 22" */
const RANGE = String.raw`(\d{1,3}(?:\.\d)?)(?:\s*(?:-|–|to)\s*\d{1,3}(?:\.\d)?)?`;
/** "20-22 HA days/mo", "18 headache days per month", "12 migraine days a month", "21 HA days/mo" */
const COUNT_DAYS_PER_MONTH = new RegExp(String.raw`${RANGE}\s*(?:\+\s*)?((?:[A-Za-z/-]+\s+){0,2}?)(?:days?|d)\s*${PER_MONTH}`, "gi");
/** ", 15 migraine days" / "of which 12 migraine days" right after a per-month count (no period of its own) */
const LISTED_AFTER = new RegExp(
  String.raw`^\s*(?:,|;|and|with|of which|including)\s*(?:of which\s*)?~?${RANGE}\s+((?:[A-Za-z/-]+\s+){1,2}?)days?\b(?!\s*(?:${PER_MONTH}|in|over|during|within))`,
  "i",
);
/** "headaches 20 days a month", "migraine on 16 days per month" */
const SUBJECT_THEN_DAYS = new RegExp(String.raw`(${SUBJECT_WORD})(?:\s+(?:on|about|approximately|~|of))?\s*~?${RANGE}\s*(?:days?|d)\s*${PER_MONTH}`, "gi");
/** "headache days: 18/month", "migraine days per month: 14", "HA days/mo 24" */
const LABEL_THEN_COUNT = new RegExp(
  String.raw`(${SUBJECT_WORD})\s+days?(?:\s*(?:per|\/|a)\s*(?:month|mo))?\s*(?::|=|-|of|was|were|is)?\s*~?${RANGE}(?!\s*(?:mg|%|weeks?|wks?|months?|years?|yrs?))`,
  "gi",
);
/** "12-14/mo are migrainous", "9/mo after the cycle": a bare per-month count, its subject in the clause */
const BARE_PER_MONTH = new RegExp(String.raw`${RANGE}\s*\/\s*(?:mo|month)\b([^.;,()]{0,40})`, "gi");
/** "18 headache days in the last 30 days", "10 migraine days over 4 weeks", "6 attacks in the past month" */
const COUNT_OVER_SPAN = new RegExp(
  String.raw`${RANGE}\s+((?:[A-Za-z/-]+\s+){0,2}?)(days?|${ANY_SUBJECT})\s+(?:in|over|during|within)\s+(?:the\s+)?(?:last|past|previous|prior|preceding)?\s*(\d{1,3}|one|two|three|four)?\s*(days?|weeks?|months?)\b`,
  "gi",
);
/** "4 migraine attacks per month", "6 attacks a month" */
const COUNT_EVENTS_PER_MONTH = new RegExp(String.raw`${RANGE}\s+((?:[A-Za-z/-]+\s+){0,2}?)(${ANY_SUBJECT})\s*${PER_MONTH}`, "gi");

/** words that make the number after them a limit or goal, not a frequency the member has */
const LIMIT_BEFORE = /(?:[<>≤≥]=?|\b(?:less|fewer|more|greater) than|\bunder|\bbelow|\bgoal|\btarget|\blimit(?:ed)?(?: to)?|\bmax(?:imum)?(?: of)?)\s*~?\s*$/i;
const SPAN_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4 };

/** the subject named in a few words (the first subject word wins; "migraine" beats "headache") */
function subjectIn(words: string): string | null {
  const found = [...words.matchAll(new RegExp(SUBJECT_WORD, "gi"))].map((x) => subjectOf(x[0]));
  if (found.includes("migraine")) return "migraine";
  return found.find((s): s is string => !!s) ?? null;
}

/** every frequency per month the request states, with its subject */
export function statedFrequencies(idx: CaseIndex): StatedFrequency[] {
  const out: StatedFrequency[] = [];
  const push = (n: number, subject: string | null, line: CaseIndex["lines"][number], at: number, len: number) => {
    if (!subject || !Number.isFinite(n) || n < 0 || n > 31) return;
    // a limit or a goal is no frequency stated ("limit to < 10 HA days/mo", "goal under 4 days a month")
    if (LIMIT_BEFORE.test(line.text.slice(Math.max(0, at - 20), at))) return;
    out.push({ perMonth: n, subject, cite: quote(idx, line, at, at + len) });
  };
  for (const line of idx.lines) {
    const t = line.text;
    for (const m of t.matchAll(COUNT_DAYS_PER_MONTH)) {
      // the subject inside ("20 HA days/mo") or right before ("headache diary: 18 days/month")
      const before = t.slice(Math.max(0, (m.index ?? 0) - 25), m.index);
      push(Number(m[1]), subjectIn(m[2] ?? "") ?? subjectIn(before.split(/[.;]/).pop() ?? ""), line, m.index ?? 0, m[0].length);
      // "24 HA days/mo, 15 migraine days": a count of days listed right after shares its period
      const next = LISTED_AFTER.exec(t.slice((m.index ?? 0) + m[0].length));
      if (next) push(Number(next[1]), subjectIn(next[2] ?? ""), line, m.index ?? 0, m[0].length + next[0].length);
    }
    for (const m of t.matchAll(SUBJECT_THEN_DAYS)) push(Number(m[2]), subjectOf(m[1]) ?? subjectIn(m[1]), line, m.index ?? 0, m[0].length);
    for (const m of t.matchAll(LABEL_THEN_COUNT)) push(Number(m[2]), subjectIn(m[1]), line, m.index ?? 0, m[0].length);
    for (const m of t.matchAll(BARE_PER_MONTH)) {
      // its subject after it in the clause ("12-14/mo are migrainous") or in the words just before
      const before = t.slice(Math.max(0, (m.index ?? 0) - 30), m.index);
      push(Number(m[1]), subjectIn(m[2]) ?? subjectIn(before.split(/[.;(]/).pop() ?? ""), line, m.index ?? 0, m[0].length);
    }
    // "4 migraine attacks per month" counts attacks: the noun is the subject
    for (const m of t.matchAll(COUNT_EVENTS_PER_MONTH)) push(Number(m[1]), subjectOf(m[3]), line, m.index ?? 0, m[0].length);
    for (const m of t.matchAll(COUNT_OVER_SPAN)) {
      const n = Number(m[1]);
      const spanN = m[4] ? (/^\d+$/.test(m[4]) ? Number(m[4]) : SPAN_WORDS[m[4].toLowerCase()]) : 1;
      const unit = m[5].toLowerCase();
      const days = unit.startsWith("day") ? spanN : unit.startsWith("week") ? spanN * 7 : spanN * 30;
      // a span shorter than four weeks is too short to convert to a month
      if (!days || days < 28) continue;
      const subject = /^days?$/i.test(m[3]) ? subjectIn(m[2] ?? "") : subjectOf(m[3]);
      const perMonth = Math.floor(((n * 30) / days) * 10) / 10;
      push(perMonth, subject, line, m.index ?? 0, m[0].length);
    }
  }
  return out;
}

/** a stated frequency counts for a required one of the same subject; a migraine day is also a headache day */
const sameSubject = (req: string, stated: string) => req === stated || (req === "headache" && stated === "migraine");

/**
 * Judges a requirement that sets minimum frequencies (see the module comment): met, quoted, when for
 * every frequency it states the request states one for the same subject that reaches it; otherwise
 * insufficient, naming the threshold and any lower frequency stated. Returns null when the
 * requirement states no frequency.
 */
export function judgeFrequency(text: string, idx: CaseIndex): { outcome: "met" | "insufficient"; reason: string; citations: Citation[] } | null {
  const reqs = requiredFrequencies(text);
  if (!reqs.length) return null;
  const stated = statedFrequencies(idx);
  const citations: Citation[] = [];
  const met: string[] = [];
  for (const req of reqs) {
    const same = stated.filter((s) => sameSubject(req.subject, s.subject));
    const best = same.reduce<StatedFrequency | null>((b, s) => (!b || s.perMonth > b.perMonth ? s : b), null);
    if (best && best.perMonth >= req.min) {
      citations.push(best.cite);
      met.push(`${best.perMonth} ${req.subject} days a month stated ("${best.cite.text}") meets ${req.text}`);
      continue;
    }
    if (best)
      return {
        outcome: "insufficient",
        reason: `The policy requires ${req.text}; the request states ${best.perMonth} ${req.subject} a month ("${best.cite.text}"), below it — a reviewer must check the diary or another period.`,
        citations: [best.cite],
      };
    return {
      outcome: "insufficient",
      reason: `The policy requires ${req.text}; the request states no ${req.subject} frequency (a count per month) to compare with it.`,
      citations: [],
    };
  }
  return { outcome: "met", reason: `${met.join("; ")}.`, citations };
}
