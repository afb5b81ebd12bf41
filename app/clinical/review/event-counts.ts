/**
 * Requirements that count clinical events ("at least TWO sickle cell crises in the 12 months before
 * the request", "two or more exacerbations requiring systemic corticosteroids in the past year", "at
 * least 3 documented bleeding episodes"). Like a threshold on a measured value, a count is met only by
 * a number the request states for those events and that is compared with it — never by the events'
 * words appearing somewhere in the fax ("sickle cell crisis" in a problem list, "two" in another
 * sentence). When the requirement has a window ("in the 12 months before the request"), the dated
 * lines that name the events (an encounter history's rows: "09/14/2026 … ED … Hb-SS with crisis")
 * are counted as a reviewer counts them, one event per date inside the window. A count below the
 * minimum is not a clear failure (a history may list events the note does not name), so it, and
 * silence, are needs-more-information naming the count.
 */
import type { Citation } from "../contracts";
import { findDates } from "../codes/dates";
import { quote, type CaseIndex } from "../evidence/case-index";

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12 };
const NUM = String.raw`(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|twelve)`;
/** event nouns, plural and singular (a count's object) */
const EVENT = String.raw`((?:crises|crisis|episodes?|exacerbations?|attacks?|bleeds?|hospitali[sz]ations?|admissions?|relapses?|flares?|seizures?|ED visits?|emergency (?:department |room )?visits?|visits?|sessions?|events?))`;
/** "at least TWO sickle cell crises", "two or more exacerbations", "a minimum of 3 bleeding episodes" */
const REQUIRED_COUNT_RE = new RegExp(
  String.raw`\b(?:at least|a minimum of|no fewer than|minimum of)\s+${NUM}\s+(?:\(\d+\)\s+)?(?:[A-Za-z-]+\s+){0,4}?${EVENT}\b|\b${NUM}\s+(?:\(\d+\)\s+)?or more\s+(?:[A-Za-z-]+\s+){0,4}?${EVENT}\b`,
  "i",
);
/** a count the request states: a number within four words before an event noun ("three qualifying crises", "2 VOC admissions") */
const STATED_COUNT_RE = new RegExp(String.raw`\b${NUM}\s+(?:[A-Za-z-]+\s+){0,4}?${EVENT}\b`, "gi");

/** an ordinal the request gives the current event ("his third episode of C. difficile in 8 months", "4th exacerbation"): at least that many */
const STATED_ORDINAL_RE = new RegExp(String.raw`\b(second|third|fourth|fifth|sixth|2nd|3rd|4th|5th|6th)\s+(?:[A-Za-z-]+\s+){0,3}?${EVENT}\b`, "gi");
const ORDINALS: Record<string, number> = { second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "6th": 6 };
/** the span a stated count covers, right after it ("… in 8 months", "… over the past 2 years"), in months */
const STATED_SPAN_RE =
  /^[^.;]{0,60}?\b(?:in|within|over)\s+(?:the\s+)?(?:past|last|previous|prior)?\s*(\d{1,2}|one|two|three|six|twelve)\s+(months?|years?)\b/i;

/** the window a count is taken over: "in the 12 months before the request", "within the past year" */
const WINDOW_RE = /\b(?:in|within|during|over)\s+the\s+(?:past|last|previous|prior|preceding)?\s*(\d{1,2}|six|twelve)?\s*(months?|year)\b/i;

const toNumber = (w: string) => (/^\d+$/.test(w) ? Number(w) : (NUMBER_WORDS[w.toLowerCase()] ?? NaN));

/**
 * The minimum count of events a requirement states (`{ min: 2, text: "at least TWO sickle cell
 * crises", stem: "cris" }`: `stem` the event noun's first letters, which a stated count must share),
 * or null when it counts none.
 */
export function requiredEventCount(text: string): { min: number; text: string; stem: string } | null {
  const m = REQUIRED_COUNT_RE.exec(text);
  if (!m) return null;
  const min = toNumber(m[1] ?? m[3]);
  const event = (m[2] ?? m[4]).toLowerCase();
  return Number.isFinite(min) && min >= 2 ? { min, text: m[0], stem: event.slice(0, 4) } : null;
}

/**
 * Judges a requirement that counts events (see the module comment) against the request: met, with
 * the quoted sentence, when a count the request states for such events reaches the minimum;
 * otherwise insufficient. Returns null when the requirement counts no events.
 */
export function judgeEventCount(text: string, idx: CaseIndex): { outcome: "met" | "insufficient"; reason: string; citations: Citation[] } | null {
  const req = requiredEventCount(text);
  if (!req) return null;
  let best: { n: number; cite: Citation } | null = null;
  const w0 = WINDOW_RE.exec(text);
  const windowMonths = w0 ? (w0[2].toLowerCase().startsWith("year") ? 12 * (w0[1] ? toNumber(w0[1]) : 1) : toNumber(w0[1] ?? "")) : NaN;
  for (const line of idx.lines) {
    // an ordinal of the same events, within the requirement's window when it has one
    for (const m of line.text.matchAll(STATED_ORDINAL_RE)) {
      if (m[2].toLowerCase().slice(0, 4) !== req.stem) continue;
      const n = ORDINALS[m[1].toLowerCase()];
      const span = STATED_SPAN_RE.exec(line.text.slice((m.index ?? 0) + m[0].length));
      const spanMonths = span ? toNumber(span[1]) * (span[2].toLowerCase().startsWith("year") ? 12 : 1) : NaN;
      // a window the policy sets is met only by an ordinal stated over no longer a span
      if (Number.isFinite(windowMonths) && !(spanMonths <= windowMonths)) continue;
      if (!best || n > best.n) best = { n, cite: quote(idx, line, m.index ?? 0, (m.index ?? 0) + m[0].length + (span ? span[0].length : 0)) };
    }
    for (const m of line.text.matchAll(STATED_COUNT_RE)) {
      const n = toNumber(m[1]);
      // a count of the same events ("2 ED visits" is no count of crises)
      if (m[2].toLowerCase().slice(0, 4) !== req.stem) continue;
      // a date or dose is no count ("12 months", "2 mg"): only a number right before the event words
      if (!Number.isFinite(n) || n > 50) continue;
      if (!best || n > best.n) best = { n, cite: quote(idx, line, m.index ?? 0, (m.index ?? 0) + m[0].length) };
    }
  }
  // the dated lines naming the events, one per date inside the window
  const w = WINDOW_RE.exec(text);
  if (w && idx.requestDate && (!best || best.n < req.min)) {
    const months = w[2].toLowerCase().startsWith("year") ? 12 * (w[1] ? toNumber(w[1]) : 1) : toNumber(w[1] ?? "");
    if (Number.isFinite(months) && months > 0) {
      const from = new Date(`${idx.requestDate}T00:00:00Z`);
      from.setUTCMonth(from.getUTCMonth() - months);
      const since = from.toISOString().slice(0, 10);
      const nounRe = new RegExp(String.raw`\b${req.stem}`, "i");
      const dated = new Map<string, Citation>();
      for (const line of idx.lines) {
        if (!nounRe.test(line.text)) continue;
        const d = findDates(line.text).find((x) => x.precision === "day");
        if (!d || d.start < since || d.start > idx.requestDate || dated.has(d.start)) continue;
        dated.set(d.start, quote(idx, line));
      }
      if (dated.size >= req.min)
        return {
          outcome: "met",
          reason: `${dated.size} dated ${req.text.replace(/^.*?\b(\w+)$/, "$1")} in the window (the policy requires ${req.text}).`,
          citations: [...dated.values()].slice(0, 4),
        };
    }
  }
  if (best && best.n >= req.min) return { outcome: "met", reason: `The request counts ${best.n} (the policy requires ${req.text}).`, citations: [best.cite] };
  // a table of the events ("Visit | Weight (kg) | Counselling" over one dated row per visit): its rows
  // counted, one per date (within the window when the requirement has one)
  const rows = datedTableRows(idx, req.stem, w && idx.requestDate ? windowStart(idx.requestDate, w) : null);
  if (rows && rows.dates >= req.min)
    return {
      outcome: "met",
      reason: `${rows.dates} dated rows in the table of ${req.text.replace(/^.*?\b(\w+)$/, "$1")} (the policy requires ${req.text}).`,
      citations: rows.citations,
    };
  if (best)
    return {
      outcome: "insufficient",
      reason: `The policy requires ${req.text}; the request counts ${best.n}, which a reviewer must reconcile with the history.`,
      citations: [best.cite],
    };
  return { outcome: "insufficient", reason: `The policy requires ${req.text}; no count of them in the request was compared against it.`, citations: [] };
}

/** the first day of a requirement's window ("in the past 12 months") before `requestDate`, or null */
function windowStart(requestDate: string, w: RegExpExecArray): string | null {
  const months = w[2].toLowerCase().startsWith("year") ? 12 * (w[1] ? toNumber(w[1]) : 1) : toNumber(w[1] ?? "");
  if (!Number.isFinite(months) || months <= 0) return null;
  const from = new Date(`${requestDate}T00:00:00Z`);
  from.setUTCMonth(from.getUTCMonth() - months);
  return from.toISOString().slice(0, 10);
}

/**
 * The largest table of the events: a header line naming them (a word starting with `stem`, no date)
 * and the lines right after it on its page that each start with a full date — one event per distinct
 * date (on or after `since` when given). Null when there is none.
 */
function datedTableRows(idx: CaseIndex, stem: string, since: string | null): { dates: number; citations: Citation[] } | null {
  const header = new RegExp(String.raw`\b${stem}`, "i");
  let best: { dates: number; citations: Citation[] } | null = null;
  for (const line of idx.lines) {
    if (!header.test(line.text) || findDates(line.text).length || line.text.length > 120) continue;
    const dates = new Set<string>();
    const cites: Citation[] = [quote(idx, line)];
    for (let k = line.index + 1; k < idx.lines.length; k++) {
      const row = idx.lines[k];
      if (row.page !== line.page) break;
      const d = findDates(row.text).find((x) => x.precision === "day");
      if (!d || !/^\s*\d{1,2}[/-]\d{1,2}[/-]\d{2,4}\b/.test(row.text)) break;
      if (since && d.start < since) continue;
      if (idx.requestDate && d.start > idx.requestDate) continue;
      if (!dates.has(d.start) && cites.length < 4) cites.push(quote(idx, row));
      dates.add(d.start);
    }
    if (dates.size && (!best || dates.size > best.dates)) best = { dates: dates.size, citations: cites };
  }
  return best;
}
