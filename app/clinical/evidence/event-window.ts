/**
 * Requirements timed from a dated life event and requirements of documented counseling, judged on
 * the fax lines. Pure functions of the requirement's text and the case index.
 *
 * - "The request is made within 12 months after the delivery": the most recent date of the event the
 *   request writes ("delivered 09/14/2026", "s/p primary LTCS on 9/14/26", "delivery on …", "Delivered
 *   8/2026") compared with the request date. Met when that date lies inside the window (a month-only
 *   date from the first of its month, so any day of the month is inside). Never failed here: a later
 *   event may be in records not sent, and a stated absence ("not postpartum") is an exclusion's matter.
 * - "The prescriber attests that the member has been counseled not to drive or operate machinery …":
 *   met by a sentence that documents the counseling (counseled / advised / instructed / educated /
 *   informed / discussed) and names what it was about (its action word and most of its other words),
 *   never by the words alone nor by a negated counseling ("not counseled").
 */
import type { Citation } from "../contracts";
import { addDays, findDates, numberWord, unitDays } from "../codes/dates";
import { citeLine } from "../text/lines";
import type { CaseIndex } from "./case-index";
import { isNegated } from "../vocabulary/language";

/** the life events a window can be timed from, and how a request writes that the event happened */
const EVENTS: { name: string; policy: RegExp; mention: RegExp }[] = [
  {
    name: "delivery",
    policy: /^(?:the\s+)?(?:(?:most\s+recent|last)\s+)?(?:delivery|childbirth|birth(?:\s+of\s+the\s+(?:child|infant|baby))?|giving\s+birth)\b/i,
    mention:
      /\b(?:deliver(?:ed|y)|childbirth|gave\s+birth|(?:baby|infant|child)\s+(?:was\s+)?born|born\s+on|c-?\s?section|cesarean|caesarean|(?:n?svd|ltcs|lscs|vbac))\b/i,
  },
];

/** "within 12 months after the delivery", "within twelve (12) months following childbirth" */
const WINDOW_RE =
  /\bwithin\s+(?:the\s+)?(?:(one|two|three|four|five|six|eight|nine|ten|twelve)\s*(?:\((\d{1,3})\))?|(\d{1,3}))\s+(months?|weeks?|days?)\s+(?:after|following|of|from)\s+(.{3,60})/i;

export interface EventWindow {
  event: string;
  days: number;
  mention: RegExp;
}

/** The event window a requirement states, or null (no window, or an event this module does not know). */
export function eventWindow(text: string): EventWindow | null {
  const m = WINDOW_RE.exec(text);
  if (!m) return null;
  const n = m[2] ? Number(m[2]) : m[3] ? Number(m[3]) : numberWord(m[1] ?? "");
  if (!n) return null;
  const ev = EVENTS.find((e) => e.policy.test(m[5].trim()));
  if (!ev) return null;
  // months counted as whole calendar months would be kinder; 30.44 days each keeps the window exact enough
  const days = Math.floor(n * unitDays(m[4]));
  return { event: ev.name, days, mention: ev.mention };
}

type Judgement = { outcome: "met" | "insufficient"; reason: string; citations: Citation[] };

/**
 * The window judged on the fax: the latest event date on a line that mentions the event (not negated,
 * within 60 characters of the mention), on or before the request date. Null when no such date is read
 * (the requirement is then read as before).
 */
export function judgeEventWindow(idx: CaseIndex, w: EventWindow): Judgement | null {
  const ref = idx.requestDate;
  if (!ref) return null;
  let best: { date: string; line: CaseIndex["lines"][number] } | null = null;
  for (const line of idx.lines) {
    const re = new RegExp(w.mention.source, "gi");
    let m: RegExpExecArray | null;
    while ((m = re.exec(line.text))) {
      if (isNegated(line.lower, m.index)) continue;
      for (const d of findDates(line.text, { partial: true })) {
        const near = d.index >= m.index ? d.index - (m.index + m[0].length) : m.index - (d.index + d.length);
        if (near > 60 || d.precision === "year") continue;
        const start = d.start;
        if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || start > ref) continue;
        if (!best || start > best.date) best = { date: start, line };
      }
    }
  }
  if (!best) return null;
  const citation = citeLine(idx.doc, idx.documentName, best.line);
  if (best.date >= addDays(ref, -w.days))
    return {
      outcome: "met",
      reason: `The ${w.event} on ${best.date} is within ${w.days} days before the request (${ref}).`,
      citations: [citation],
    };
  return {
    outcome: "insufficient",
    reason: `The latest ${w.event} the request dates (${best.date}) is more than ${w.days} days before the request (${ref}); a later one is not documented.`,
    citations: [citation],
  };
}

/** "… attests that the member has been counseled not to drive …", "the patient was educated about …" */
const COUNSEL_REQ_RE =
  /\b(?:has\s+been|have\s+been|was|were|is|been)?\s*(?:counsel(?:l)?ed|educated|advised|instructed|informed)\s+(?:not\s+to|to|about|on|regarding|that|of)\s+(.{6,})$/i;
const COUNSEL_DONE_RE = /\b(?:counsel(?:l)?ed|counsel(?:l)?ing\s+(?:given|provided|done|completed)|educated|advised|instructed|informed|discussed|reviewed)\b/i;
const COUNSEL_FILLER = new Set(
  "least until after each dose doses hours hour minimum more than about regarding their member patient following while taking with from that this".split(" "),
);

/** The subject of a counseling requirement's words, or null when the text asks for no counseling. */
export function counselingSubject(text: string): string[] | null {
  const m = COUNSEL_REQ_RE.exec(text.replace(/\s+/g, " ").trim());
  if (!m) return null;
  const words = (m[1].toLowerCase().match(/[a-z]{4,}/g) ?? []).filter((w) => !COUNSEL_FILLER.has(w));
  return words.length ? [...new Set(words)] : null;
}

/**
 * The counseling judged on the fax: a counseling word and, within its sentence (read across the next
 * line), the subject's first word and at least half of its words (by stem). Null when none is read.
 */
export function judgeCounseling(idx: CaseIndex, subject: string[]): Judgement | null {
  const stem = (w: string) => w.replace(/(?:ing|ed|es|s|e|y)$/, "").slice(0, 6);
  const stems = subject.map(stem);
  for (const line of idx.lines) {
    const m = COUNSEL_DONE_RE.exec(line.text);
    if (!m) continue;
    const before = line.lower.slice(Math.max(0, m.index - 25), m.index);
    if (/\b(?:not|never|no)\s+(?:yet\s+)?(?:been\s+)?$/.test(before) || isNegated(line.lower, m.index)) continue;
    const next = idx.lines[line.index + 1];
    const span = `${line.lower.slice(m.index)} ${next && next.page === line.page ? next.lower : ""}`.slice(0, 260);
    const words = span.match(/[a-z]{3,}/g) ?? [];
    const has = (s: string) => words.some((w) => stem(w) === s || (s.length >= 5 && w.startsWith(s)));
    if (!has(stems[0])) continue;
    const hits = stems.filter(has).length;
    if (hits * 2 < stems.length) continue;
    return {
      outcome: "met",
      reason: `The counseling is documented ("${`${line.text.slice(m.index)} ${next && next.page === line.page ? next.text.trim() : ""}`.trim().slice(0, 140)}").`,
      citations: [citeLine(idx.doc, idx.documentName, line)],
    };
  }
  return null;
}
