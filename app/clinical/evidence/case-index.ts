/**
 * The fax as evidence: every line of every document in it (request form, letters, chart notes, lab
 * reports, fill histories, imaging reports) with positions, searchable, and quotable as whole
 * sentences that are verbatim page text. Pure functions of the parsed fax.
 */
import type { Citation, ParsedDocument } from "~/documents/types";
import { citeSentence, docLines, rawRange, type DocLine } from "../text/lines";
import { isNegated } from "../vocabulary/language";
import { findDates } from "../codes/dates";

export interface CaseLine extends DocLine {
  lower: string;
  ocr: boolean;
  /** OCR confidence of the page (0..1), null for text-layer pages */
  confidence: number | null;
}

export interface CaseIndex {
  doc: ParsedDocument;
  lines: CaseLine[];
  /** YYYY-MM-DD, the date the fax was sent */
  requestDate: string | null;
  documentName: string;
  /**
   * form questions answered "No" with a marked box ("Will X be used for rescue / acute symptoms?
   * [ ] Yes [X] No"), left out of `lines` (a question's words are the form's, not facts): the few rules
   * that read such an answer as a statement that something is not so look here. `index` is -1.
   */
  answeredNo?: CaseLine[];
}

// an empty box as OCR reads it: "[ ]", "[]", or with its "]" read as 1 / l / I / J / | ("[ 1No", "[]1Yes")
const BOX = String.raw`(?:\[\s*[xX✓✔]?\s*[\]1lIJ|][1lI|]?|[❑☐□☒☑■])`;
const CHECKED = /\[\s*[xX✓✔]\s*\]|[☒☑■]/;
/** a form option with its box left empty ("[ ] Ph- (negative)", "❑ Yes") */
const UNCHECKED_OPTION = new RegExp(String.raw`^\s*(?:\[\s*\]|[❑☐□])\s`);
/** one or two answer boxes leading a line, as printed or as OCR reads them ("[X]", "[ ] [N]", "[1M", "[yl [1") */
const LEAD_BOXES = /^\s*((?:\[\s*[A-Za-z0-9✓✔]{0,2}\s*[\]1lIJ|]?\s*){1,2})(?<=[\]\s])(?=[A-Za-z(])/;
/** a yes / checked mark inside leading boxes (Y, X, a tick; "v" is how OCR reads a tick or a "Y") */
const YES_MARK = /\[\s*[xXyYvV✓✔]/;
/** a form question with answer boxes ("Does your patient have MRD? Yes [ ] No [ ]") */
/** a question ending in both printed answers, neither marked ("…? Yes No", "…? Y / N") */
const PRINTED_YES_NO_END = /\?\s*(?:yes|y)\s*(?:\/|\||or)?\s*(?:no|n)\.?\s*$/i;
const QUESTION = new RegExp(String.raw`\?[^?]*(?:\b(?:yes|no)\b\s*${BOX}|${BOX}\s*(?:yes|no)\b)`, "i");
const MARK = String.raw`(?:\[\s*[xX✓✔]\s*\]|[☒☑■])`;
/** "Yes [ ] No [X]" (each box after its label) */
const LABEL_THEN_BOX = new RegExp(String.raw`\byes\b\s*${BOX}.*\bno\b\s*${BOX}`, "i");
const NO_MARKED_AFTER = new RegExp(String.raw`\bno\b\s*${MARK}`, "i");
/** "[ ] Yes [X] No" (each box before its label) */
const NO_MARKED_BEFORE = new RegExp(String.raw`${MARK}\s*no\b`, "i");
const answeredNo = (t: string) => (LABEL_THEN_BOX.test(t) ? NO_MARKED_AFTER.test(t) : NO_MARKED_BEFORE.test(t));

/**
 * Whether a line of a request form states nothing: an option whose box is empty, or a question
 * whose answer boxes are all empty or answered "No". The wording of such a line ("Does your patient
 * have relapsed disease?", "[ ] Ph- (negative)") is the form's, not a fact about the patient, so it
 * is never evidence.
 */
export function isUnansweredFormLine(text: string): boolean {
  if (UNCHECKED_OPTION.test(text) && !CHECKED.test(text)) return true;
  const letters = letterAnswerUnanswered(text);
  if (letters !== null) return letters;
  // a line led by one or two answer boxes (a "Y / N" attestation column, a checklist) with no yes mark
  // in them nor a checked box further on ("[ ] New start [X] Continuation" is answered): left blank, marked "N", or marked in a way the OCR did not keep ("[ ] [N]" read "[1M").
  // The line's words are the form's statement, not the prescriber's; only a mark makes them a fact.
  const lead = LEAD_BOXES.exec(text);
  if (lead && !YES_MARK.test(lead[1]) && !CHECKED.test(text)) return true;
  // a form's question about the patient, even without its "?" ("Does your patient have Philadelphia
  // chromosome -positive or -negative ALL")
  if (
    /^(?:\(if [^)]*\)\s*)?(?:does|do|is|are|has|have|was|were|will|did|can|could|what|which)\b[^.]*\b(?:your patient|the patient|the member|this patient)\b/i.test(
      text,
    ) &&
    !CHECKED.test(text)
  )
    return true;
  if (QUESTION.test(text)) return !CHECKED.test(text) || answeredNo(text);
  // a question printed with both answers and no box ("2. Diagnosis of schizophrenia (F20.x)? Yes No"):
  // the answer is a ring drawn around one of them, which the text does not keep
  if (PRINTED_YES_NO_END.test(text)) return true;
  // answer boxes with no mark on a numbered question whose "?" wrapped onto the next line
  // ("1. Has the patient tried a traditional systemic agent (...), [ ] Yes [ ] No")
  if (
    /^\s*\d{1,2}[.)]\s+(?:does|do|is|are|has|have|was|were|will|did|can)\b/i.test(text) &&
    new RegExp(String.raw`${BOX}\s*(?:yes|no)\b|\b(?:yes|no)\s*${BOX}`, "i").test(text)
  )
    return !CHECKED.test(text) || answeredNo(text);
  // the wrapped end of a question ("PUVA/NB-UVB) for at least 3 months?") with no answer marked
  if (/\?\s*$/.test(text) && !CHECKED.test(text)) return true;
  return false;
}

/**
 * Whether a form's question is answered "No" with a marked box ("Will X be used for rescue / acute
 * symptoms? [ ] Yes [X] No", "… [ ] Y [X] N"): the form states that what it asks is not so. False for
 * an unanswered question or one answered "Yes".
 */
export function isQuestionAnsweredNo(text: string): boolean {
  if (LETTER_ANSWERS.test(text)) return CHECKED.test(text) && LETTER_NO_MARKED.test(text);
  return QUESTION.test(text) && CHECKED.test(text) && answeredNo(text);
}

/** answer boxes before the letters Y and N ("[X] Y [ ] N", "[ ] Yes [X] No") */
const LETTER_ANSWERS = new RegExp(String.raw`${BOX}\s*Y(?:es)?\b.*?${BOX}\s*N(?:o)?\b`, "i");
const LETTER_NO_MARKED = new RegExp(String.raw`${MARK}\s*N(?:o)?\b`, "i");

/**
 * Whether a form question answered with boxes before the letters ("7. Member enrolled in the REMS?
 * [X] Y [ ] N") states nothing: no box marked, or "N" marked. Null when the line has no such answer.
 */
function letterAnswerUnanswered(text: string): boolean | null {
  if (!LETTER_ANSWERS.test(text)) return null;
  return !CHECKED.test(text) || LETTER_NO_MARKED.test(text);
}

/** the end of one question's answer boxes where a second numbered question of a two-column grid starts on the same line */
const GRID_CUT = new RegExp(String.raw`${BOX}\s*Y(?:es)?\s*${BOX}\s*N(?:o)?\b\s+(?=\d{1,2}\.?\s+[A-Z])`, "gi");

/**
 * A line of a two-column question grid holding two numbered questions, each with its own answer
 * boxes ("5. eGFR ≥ 30 …? [X] Y [ ] N 6. Secondary IgAN (IgA vasculitis, …) [ ] Y [X] N"), cut into one
 * line per question, so that each answer goes with its own question; other lines unchanged.
 * Offsets and the character map stay on the page text.
 */
export function splitGridQuestions(l: DocLine): DocLine[] {
  const cuts: number[] = [];
  GRID_CUT.lastIndex = 0;
  for (const m of l.text.matchAll(GRID_CUT)) cuts.push((m.index ?? 0) + m[0].length);
  if (!cuts.length) return [l];
  const bounds = [0, ...cuts, l.text.length];
  const out: DocLine[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const raw = l.text.slice(bounds[k], bounds[k + 1]);
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    if (!text) continue;
    out.push(subLine(l, bounds[k] + lead, text));
  }
  return out;
}

/** The part of `l` that starts at `a` and reads `text` (a trimmed slice of `l.text`), its offsets and map kept on the page. */
function subLine(l: DocLine, a: number, text: string): DocLine {
  const b = a + text.length;
  const end = (l.map[b - 1] ?? l.end - 1) + 1;
  return { ...l, text, start: l.map[a] ?? l.start, end, map: [...l.map.slice(a, b), end] };
}

/** a box opening a form option: "[ ]", "[X]", "☐", "☒" */
const OPTION_BOX = /(?:\[\s*[xX✓✔]?\s*\]|[❑☐□☒☑■])\s*(?=[A-Za-z(])/g;

/**
 * A row of form options, each behind its own box ("[ ] Physician office [X] Hospital outpatient infusion
 * [ ] Home infusion"), cut into runs of ticked and of unticked options, so that an option left unticked is
 * never read as a fact beside the ticked one; other lines unchanged (a question answered "[X] Yes [ ] No" keeps its
 * answer). Offsets and the character map stay on the page text.
 */
export function splitOptionRow(l: DocLine): DocLine[] {
  const t = l.text;
  const boxes = [...t.matchAll(OPTION_BOX)].map((m) => m.index ?? 0);
  if (boxes.length < 2 || boxes[0] !== t.length - t.trimStart().length || /\?/.test(t)) return [l];
  const parts = boxes.map((a, k) => t.slice(a, boxes[k + 1] ?? t.length).trim());
  // answer boxes ("[X] Yes [ ] No", "[ ] Y [X] N") answer the line they are on: never options to cut
  if (parts.some((p) => /^\S+\s*(?:yes|no|y|n|n\/a|unknown)\.?$/i.test(p))) return [l];
  // (the options are cut into runs of ticked and of unticked ones: the ticked ones stay one line, as printed)
  const ticked = boxes.map((a) => /^\[\s*[xX✓✔]|^[☒☑■]/.test(t.slice(a)));
  if (ticked.every(Boolean) || ticked.every((x) => !x)) return [l];
  const out: DocLine[] = [];
  let k = 0;
  while (k < boxes.length) {
    let j = k;
    while (j + 1 < boxes.length && ticked[j + 1] === ticked[k]) j++;
    const a = boxes[k];
    const text = t.slice(a, boxes[j + 1] ?? t.length).trim();
    if (text) out.push(subLine(l, a, text));
    k = j + 1;
  }
  return out;
}

/** an ePA printout's answer line: "Answer: Yes - enrolled in …", "Response: Y" */
export const ANSWER_YES = /^(?:answer|response|reply|a)\s*[:.\-]\s*(?:yes|y)\b/i;

/**
 * Whether line `i` of `all` is a question answered "Yes" on the answer line after it (ePA printouts:
 * "Question 3: Is the patient participating in a reduced-calorie diet …?" / "Answer: Yes - …"): the
 * question's wording is then a fact about the patient, like a checked "[X] Yes".
 */
function answeredYesBelow(all: DocLine[], i: number): boolean {
  for (let k = i + 1; k < Math.min(all.length, i + 3); k++) {
    if (all[k].page !== all[i].page) return false;
    if (ANSWER_YES.test(all[k].text.trim())) return true;
    // the answer written on the line after the question's "?" ("7. Will X be used as maintenance
    // therapy (not for acute symptoms)?" / "Yes, maintenance. Albuterol for rescue.")
    if (/\?\s*$/.test(all[k - 1].text) && /^yes\b\s*(?:[,.:;-]|$)/i.test(all[k].text.trim())) return true;
    if (/^(?:answer|response|reply)\s*[:.\-]/i.test(all[k].text.trim()) || /\?\s*$/.test(all[k - 1].text) === false) return false;
  }
  return false;
}

/**
 * A form's own routing instruction ("Drugs dispensed by a pharmacy for self-administration go to CobaltRx
 * on the prescription form.", "Requests for X should be sent to … using form …"): printed on every copy of
 * the form, it says where requests go, never anything about this member
 */
const FORM_ROUTING_RE =
  /\b(?:go|goes|are (?:sent|submitted|faxed|routed)|should be (?:sent|submitted|faxed)|must be (?:sent|submitted|faxed))\s+to\b[^.;]{0,80}\b(?:form|fax|portal)\b/i;

/**
 * `dropped` (per line of `lines`: a form line that states nothing) widened to the wrapped part of each
 * dropped question whose parenthesis runs onto the next line ("… to TWO preferred antipsychotics
 * (aripiprazole, lurasidone, olanzapine, [ ] Yes [X] No" / "quetiapine, risperidone, ziprasidone), at
 * least 4 weeks each"): the wrapped part is the question's too, never a list of drugs taken. Pure.
 */
export function withWrappedQuestions(lines: { text: string; page?: number }[], dropped: boolean[]): boolean[] {
  const out = [...dropped];
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!out[i] || out[i + 1] || lines[i + 1].page !== lines[i].page) continue;
    const open = (lines[i].text.match(/\(/g) ?? []).length - (lines[i].text.match(/\)/g) ?? []).length;
    const next = lines[i + 1].text;
    const closeAt = next.indexOf(")");
    if (open > 0 && closeAt > 0 && !next.slice(0, closeAt).includes("(")) out[i + 1] = true;
  }
  return out;
}

export function buildCaseIndex(doc: ParsedDocument, requestDate: string | null, documentName = "fax"): CaseIndex {
  const pageMeta = new Map(doc.pages.map((p) => [p.page, p] as const));
  const all = docLines(doc).flatMap(splitGridQuestions).flatMap(splitOptionRow);
  const dropped = withWrappedQuestions(
    all,
    all.map((l, i) => isUnansweredFormLine(l.text) && !answeredYesBelow(all, i)),
  );
  const lines = all
    .filter((l, i) => !dropped[i] && !FORM_ROUTING_RE.test(l.text))
    .map((l, index) => {
      const p = pageMeta.get(l.page);
      return { ...l, index, lower: l.text.toLowerCase(), ocr: p?.ocr ?? false, confidence: p?.confidence ?? null };
    });
  const answeredNo = all
    .filter((l) => isQuestionAnsweredNo(l.text))
    .map((l) => {
      const p = pageMeta.get(l.page);
      return { ...l, index: -1, lower: l.text.toLowerCase(), ocr: p?.ocr ?? false, confidence: p?.confidence ?? null };
    });
  return { doc, lines, requestDate, documentName, answeredNo };
}

/** The whole sentence around `line.text.slice(from, to)`, verbatim from the page. */
export function quote(idx: CaseIndex, line: CaseLine, from = 0, to = line.text.length): Citation {
  const [a, b] = rawRange(line, from, Math.max(to, from + 1));
  return citeSentence(idx.doc, idx.documentName, line.page, a, b);
}

export interface Hit {
  line: CaseLine;
  index: number;
  length: number;
  negated: boolean;
}

/**
 * Whether the text at `index` of `line` is negated: within its own line, or as an item of a negated
 * list that began on the line before and wraps onto this one ("No history of liver disease, celiac
 * disease," / "inflammatory bowel disease, HIV or IgA vasculitis.") — the line before only when it is
 * on the same page and ends mid-sentence.
 */
export function negatedAt(idx: CaseIndex, line: CaseLine, index: number): boolean {
  if (isNegated(line.lower, index)) return true;
  const prev = idx.lines[line.index - 1];
  if (!prev || prev.page !== line.page || /[.;:?!]\s*$/.test(prev.lower)) return false;
  return isNegated(`${prev.lower} ${line.lower}`, prev.lower.length + 1 + index);
}

/**
 * Every match of `re` (made global) in the case lines (lower-cased when `re` is case-insensitive).
 * A phrase wrapped onto the next line ("His diagnosis is idiopathic short / stature") is found on
 * the line where it starts; `length` is clamped to that line.
 */
export function search(idx: CaseIndex, re: RegExp): Hit[] {
  const g = new RegExp(re.source, re.flags.includes("g") ? re.flags : re.flags + "g");
  const lower = g.flags.includes("i");
  const out: Hit[] = [];
  for (const line of idx.lines) {
    const own = lower ? line.lower : line.text;
    const next = idx.lines[line.index + 1];
    const text = next && next.page === line.page ? `${own} ${lower ? next.lower : next.text}` : own;
    g.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = g.exec(text))) {
      if (m.index >= own.length) break;
      out.push({ line, index: m.index, length: Math.min(m[0].length, own.length - m.index), negated: negatedAt(idx, line, m.index) });
      if (m[0].length === 0) g.lastIndex++;
    }
  }
  return out;
}

/** Same as `search` over the original-case text (for capital-only abbreviations). */
export function searchCased(idx: CaseIndex, re: RegExp): Hit[] {
  const g = new RegExp(re.source, re.flags.includes("g") ? re.flags : re.flags + "g");
  const out: Hit[] = [];
  for (const line of idx.lines) {
    g.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = g.exec(line.text))) {
      out.push({ line, index: m.index, length: m[0].length, negated: isNegated(line.lower, m.index) });
      if (m[0].length === 0) g.lastIndex++;
    }
  }
  return out;
}

/** The text of a line and the next one on the same page (for values wrapped onto the next line). */
export function withNext(idx: CaseIndex, line: CaseLine): string {
  const next = idx.lines[line.index + 1];
  return next && next.page === line.page ? `${line.lower} ${next.lower}` : line.lower;
}

/**
 * A visit note's header naming its date without the word "date": a line that starts with the visit,
 * encounter or service word and the date right after it ("Visit 11/04/2026 Provider: ...",
 * "Encounter: 10/02/2026", "DOS 09/15/2026", "Office visit - 11/01/2026").
 */
const NOTE_HEADER_DATE =
  /^\s*(?:(?:office|clinic|follow-?up|telehealth|new patient|established patient)\s+)?(?:visit|encounter|seen|dos)\b\s*(?:on\s*)?[:#\-\u2013]?\s*\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}\b/i;

/**
 * Date of a value at `pos` on `line`: the nearest full date on the line (never one in a later sentence), else the page's collection,
 * service or visit date ("Collected 09/29/2026", "Date of service: ...", a note header "Visit 11/04/2026").
 */
export function dateNear(idx: CaseIndex, line: CaseLine, pos: number): string | null {
  // a date written after the value's sentence has ended ("His eGFR is 71 mL/min. A hepatic panel on
  // 10/30/2026 was normal") dates the next statement, never this value
  const ds = findDates(line.text).filter((d) => d.precision === "day" && !(d.index > pos && /[.;!?]\s+(?=[A-Z])/.test(line.text.slice(pos, d.index))));
  if (ds.length) {
    ds.sort((x, y) => Math.abs(x.index - pos) - Math.abs(y.index - pos));
    return ds[0].start;
  }
  const pageLines = idx.lines.filter((l) => l.page === line.page);
  for (const l of pageLines) {
    // (never a fax header, request, signature or received date: those say when the fax was sent)
    // a labelled study date on a line that also gives the birth date ("Patient X DOB: 02/09/1963 Study
    // date: 10/27/2026"): the date written right after its label
    const label = /\b(?:collected|date of (?:service|visit|study|test)|specimen date|visit date|study date|exam date)\b\s*[:.]?\s*/i.exec(l.text);
    if (label && /\b(?:dob|birth)\b/i.test(l.text)) {
      const after = label.index + label[0].length;
      const d = findDates(l.text).find((x) => x.precision === "day" && x.index >= after && x.index - after <= 4);
      if (d) return d.start;
    }
    if (
      (/collected|date of service|drawn|specimen date|date of (?:visit|study|test)|visit date|study date|report(?:ed)? date|\bdate:/i.test(l.text) ||
        NOTE_HEADER_DATE.test(l.text)) &&
      !/\b(?:fax|sent|request(?:ed)?|submi\w*|signature|signed|received|printed|page\s*\d|from\s*:|to\s*:)\b/i.test(l.text)
    ) {
      const next = idx.lines[l.index + 1];
      const d = findDates(l.text)[0] ?? (next && next.page === l.page ? findDates(next.text)[0] : undefined);
      if (d && !/\b(?:dob|birth)\b/i.test(l.text)) return d.start;
    }
  }
  return null;
}

/** Mean OCR confidence (0..1) of the pages `citations` point to; 1 for text-layer pages. */
export function citationConfidence(idx: CaseIndex, citations: Citation[]): number {
  const pages = [...new Set(citations.map((c) => c.page))];
  if (!pages.length) return 1;
  const vals = pages.map((p) => {
    const pg = idx.doc.pages.find((x) => x.page === p);
    return pg?.ocr ? (pg.confidence ?? 0.6) : 1;
  });
  return vals.reduce((a, b) => a + b, 0) / vals.length;
}
