/**
 * A requirement that the treating practitioner saw the member within a stated time before the order
 * ("within six (6) months prior to ordering the CGM, the treating practitioner has an in-person or
 * telehealth visit with the member"): judged on the dated visit notes in the fax ("Visit date:
 * 09/16/2026", "Date of visit", "Encounter date") against the order date the fax states ("Order
 * date: 09/16/2026"), or the request's date when it states none. Met by a visit note dated inside the
 * window; never failed (an order's checkbox or a supplier's checklist is no visit note, and a visit may
 * be in records not sent): otherwise the visit note is what to ask for. Pure functions of the fax lines.
 */
import type { Citation } from "../contracts";
import { addDays, parseDate } from "../codes/dates";
import { citeLine } from "../text/lines";
import type { CaseIndex } from "./case-index";

const NUM_WORD: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, nine: 9, twelve: 12 };
/** "within six (6) months prior to ordering", "within 90 days before the order" */
const WINDOW_RE =
  /\bwithin\s+(?:the\s+)?(?:(one|two|three|four|five|six|nine|twelve)\s*(?:\((\d{1,3})\))?|(\d{1,3}))\s+(months?|days?)\s+(?:prior\s+to|before|preceding)\s+(?:ordering|the\s+order|the\s+prescription|prescribing|the\s+initial\s+(?:order|prescription))\b/i;
const DATE = String.raw`(\d{1,2}\/\d{1,2}\/\d{4})`;
/** a visit note's own date: "Visit date: 09/16/2026", "Date of visit 09/16/2026", "Encounter date:" */
const VISIT_DATE_RE = new RegExp(String.raw`\b(?:(?:visit|encounter|appointment)\s+date|date\s+of\s+(?:visit|encounter))\s*:?\s*${DATE}`, "i");
/** the order's date: "Order date: 09/16/2026", "Date ordered", "Prescription date" */
const ORDER_DATE_RE = new RegExp(String.raw`\b(?:order(?:ed)?\s+date|date\s+(?:of\s+)?order(?:ed)?|prescription\s+date)\s*:?\s*${DATE}`, "i");
/** a visit note's title: "Office Visit - Diabetes", "Telehealth Visit", "Progress Note", "Clinic Note", "Encounter Note" */
const VISIT_TITLE_RE =
  /^\s*(?:[A-Z][\w&'-]*\s+){0,3}?(?:office|clinic|telehealth|telemedicine|video|virtual|follow[- ]?up|return|new patient|established patient|progress|outpatient)\s+(?:visit|note|encounter)\b|^\s*(?:visit|encounter|progress|clinic) note\b/i;
/** the date a note's header gives itself: "Date: 08/05/2026", "Date of service: …", "DOS 08/05/2026" */
const HEADER_DATE_RE = new RegExp(String.raw`(?:^|\s)(?:date(?:\s+of\s+service)?|dos)\s*:?\s*${DATE}`, "i");

/**
 * Dated visit notes of the fax: lines that date a visit themselves ("Visit date: 09/16/2026",
 * "Encounter date", and `extra`), and a visit note's title ("Office Visit - Diabetes") with the date its
 * header gives within the next four lines ("Date: 08/05/2026"), cited at the dated line.
 */
function visitNoteDates(idx: CaseIndex, extra?: RegExp): { date: string; line: CaseIndex["lines"][number] }[] {
  const out: { date: string; line: CaseIndex["lines"][number] }[] = [];
  idx.lines.forEach((l, i) => {
    const m = (extra && extra.exec(l.text)) ?? VISIT_DATE_RE.exec(l.text);
    const d = m ? parseDate(m[1] ?? m[2]) : null;
    if (d) out.push({ date: d, line: l });
    if (l.text.length > 80 || !VISIT_TITLE_RE.test(l.text)) return;
    for (const h of idx.lines.slice(i, i + 5)) {
      if (h.page !== l.page) break;
      const hd = HEADER_DATE_RE.exec(h.text);
      const date = hd ? parseDate(hd[1]) : null;
      if (date) {
        out.push({ date, line: h });
        break;
      }
    }
  });
  return out;
}

/**
 * The window of a visit-before-ordering requirement in days (months as 31 days), or null when the
 * text is no such requirement (it must name a visit). Pure.
 */
export function visitWindowDays(text: string): number | null {
  if (!/\bvisit\b/i.test(text)) return null;
  const m = WINDOW_RE.exec(text);
  if (!m) return null;
  const n = m[2] ? Number(m[2]) : m[3] ? Number(m[3]) : (NUM_WORD[m[1].toLowerCase()] ?? 0);
  if (!n) return null;
  return /^month/i.test(m[4]) ? n * 31 : n;
}

/**
 * The visit-before-ordering requirement judged on the fax (see the module comment): `windowDays` from
 * visitWindowDays. Returns the outcome ("met" | "insufficient"), a reason and the visit note line.
 */
export function judgeVisitBeforeOrder(idx: CaseIndex, windowDays: number): { outcome: "met" | "insufficient"; reason: string; citations: Citation[] } {
  const orders = idx.lines
    .map((l) => ORDER_DATE_RE.exec(l.text)?.[1])
    .map((d) => (d ? parseDate(d) : null))
    .filter((d): d is string => !!d);
  const ref = orders.sort()[0] ?? idx.requestDate;
  if (!ref) return { outcome: "insufficient", reason: "Neither the order date nor the request date is read.", citations: [] };
  const from = addDays(ref, -windowDays);
  for (const { date: d, line: l } of visitNoteDates(idx)) {
    if (d < from || d > ref) continue;
    return {
      outcome: "met",
      reason: `A visit note dated ${d} is within ${windowDays} days before the ${orders.length ? "order" : "request"} (${ref}).`,
      citations: [citeLine(idx.doc, idx.documentName, l)],
    };
  }
  return {
    outcome: "insufficient",
    reason: `No visit note dated within ${windowDays} days before the ${orders.length ? "order" : "request"} (${ref}) is in the request.`,
    citations: [],
  };
}

/**
 * "A face-to-face evaluation by the ordering practitioner within 90 days before the study": a visit
 * required within a window before the service itself (a study, test, procedure), counted back from the
 * service line's date of service. Returns the window in days, or null when the text is no such
 * requirement. Pure.
 */
export function serviceVisitWindowDays(text: string): number | null {
  if (!/\b(?:visit|evaluation|consultation|encounter)\b/i.test(text)) return null;
  const m = SERVICE_WINDOW_RE.exec(text);
  if (!m) return null;
  const n = m[2] ? Number(m[2]) : m[3] ? Number(m[3]) : (NUM_WORD[m[1].toLowerCase()] ?? 0);
  if (!n) return null;
  return /^month/i.test(m[4]) ? n * 31 : n;
}

/** "within 90 days before the study", "within three (3) months prior to the procedure" */
const SERVICE_WINDOW_RE =
  /\bwithin\s+(?:the\s+)?(?:(one|two|three|four|five|six|nine|twelve)\s*(?:\((\d{1,3})\))?|(\d{1,3}))\s+(months?|days?)\s+(?:prior\s+to|before|preceding)\s+(?:the\s+)?(?:study|test|testing|service|procedure|imaging|examination|surgery)\b/i;
/** a note's own date: "Visit: 08/31/2026" (at the line's head, or after the patient's name with its colon), "Consultation date 08/31/2026", "Date of visit:" */
const NOTE_DATE_RE = new RegExp(
  String.raw`^\s*(?:(?:visit|encounter|appointment|consultation|consult|evaluation)(?:\s+date)?|date\s+of\s+(?:visit|encounter|consultation|service))\s*:?\s*${DATE}|\b(?:visit|encounter|consultation)(?:\s+date)?\s*:\s*${DATE}`,
  "i",
);

/**
 * The visit-before-the-service requirement judged on the fax: met by a note dated (NOTE_DATE_RE or
 * VISIT_DATE_RE) within `windowDays` before `serviceDate` (YYYY-MM-DD) and not after it; otherwise
 * insufficient (the visit note is what to ask for), never failed.
 */
export function judgeVisitBeforeService(
  idx: CaseIndex,
  windowDays: number,
  serviceDate: string,
): { outcome: "met" | "insufficient"; reason: string; citations: Citation[] } {
  const from = addDays(serviceDate, -windowDays);
  for (const { date: d, line: l } of visitNoteDates(idx, NOTE_DATE_RE)) {
    if (d < from || d > serviceDate) continue;
    return {
      outcome: "met",
      reason: `A visit note dated ${d} is within ${windowDays} days before the service (${serviceDate}).`,
      citations: [citeLine(idx.doc, idx.documentName, l)],
    };
  }
  return {
    outcome: "insufficient",
    reason: `No visit note dated within ${windowDays} days before the service (${serviceDate}) is in the request.`,
    citations: [],
  };
}

/** a requirement of on-label use: "prescribed in accordance with its FDA indications for use", "used per FDA labeling" */
const ON_LABEL_REQUIREMENT_RE =
  /\b(?:in\s+accordance\s+with|according\s+to|consistent\s+with|per|within)\s+(?:its|the(?:\s+device's|\s+product's)?)?\s*(?:FDA[- ](?:cleared\s+|approved\s+)?)(?:indications?(?:\s+for\s+use)?|label(?:l)?ing|label)\b/i;
/** a statement that the item is used as labelled: "used as labelled for …", "per its labeling", "on-label use" */
const ON_LABEL_STATEMENT_RE =
  /\b(?:(?:used|prescribed|use|ordered)\s+(?:as|per)\s+(?:labell?ed|(?:its|the)\s+(?:FDA\s+)?label(?:l)?ing|FDA[- ]label(?:l)?ing)|on[- ]label(?:\s+use)?|in\s+accordance\s+with\s+(?:its|the)\s+(?:FDA\s+)?(?:label(?:l)?ing|indications?))\b/i;

/** Whether a requirement asks for on-label use (ON_LABEL_REQUIREMENT_RE). Pure. */
export function isOnLabelRequirement(text: string): boolean {
  return ON_LABEL_REQUIREMENT_RE.test(text);
}

/**
 * An on-label-use requirement judged on the fax: met by a line stating the item is used as labelled
 * (not negated: "not used as labelled" is no such statement); otherwise null (the requirement is read
 * as before). Never failed here.
 */
export function onLabelStatement(idx: CaseIndex): { reason: string; citations: Citation[] } | null {
  for (const l of idx.lines) {
    const m = ON_LABEL_STATEMENT_RE.exec(l.text);
    if (!m || /\b(?:not|never|off)\s*$/i.test(l.text.slice(0, m.index))) continue;
    return { reason: `The request states use as labelled ("${m[0]}").`, citations: [citeLine(idx.doc, idx.documentName, l)] };
  }
  return null;
}
