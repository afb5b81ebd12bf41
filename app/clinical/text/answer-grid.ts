/**
 * Question grids whose answer column states the answer needed for approval —
 *
 *   Q    Question                                              Approvable answer   Documentation / notes
 *   A1   Is the patient enrolled in the REMS, and will the     Yes                 Prescriber attestation
 *        drug be dispensed by a certified pharmacy?                                is accepted.
 *   A2   Is the patient currently taking a sedative-hypnotic?  No                  Concurrent use is …
 *   B3   Does the patient have cataplexy?                      Yes or No           Yes: go to B5. …
 *
 * as state Medicaid prescriber worksheets (a Part for every request, one Part per indication) and
 * some PBM criteria forms print them. The page text runs the question, answer and notes cells of a
 * printed line together ("A1 Is the patient enrolled …, and will Yes Prescriber attestation is
 * accepted."), so no sentence of the grid can be read and nothing says which answer approves.
 *
 * This module re-reads such a grid by its word boxes (the header row gives the column edges): each row
 * whose answer is "Yes" becomes the requirement its question asks ("the patient is enrolled in the
 * REMS …"), listed as "1. …" under the heading above the grid; the rows whose answer is "No" go under
 * an "Exclusions:" heading after them, as what the question asks ("Concurrent use of a
 * sedative-hypnotic"). A row answered "Yes or No" (a branch), "N/A" or anything else is no criterion.
 * The notes column is dropped (how to document an answer, never a requirement). Each output line cites
 * the row (its offsets span the row's question cell). A grid whose rows cannot all be restated
 * (a question that does not read as a statement) is left as it is: the reader then finds no criteria
 * in it and the policy goes to a reviewer, never an approval on part of a grid.
 * Pure; needs word boxes (text-layer PDFs and OCR both provide them).
 */
import type { ParsedDocument, WordBox } from "~/documents/types";
import { exclusionStatement, questionStatement } from "../policy/decision-flow";
import { cleanWithMap, withLineText, type DocLine } from "./lines";

/** the header row: a label column, the question, the answer needed for approval, optional notes */
const HEADER_RE =
  /^(?:q|#|no\.?|item|ref\.?|question\s+(?:#|no\.?))?\s*(?:question|criteri(?:on|a))\s+((?:approvable|required|expected|acceptable|approval|approving)\s+(?:answer|response)|answer\s+(?:required|needed)(?:\s+for\s+approval)?)(?:\s+(.{2,40}))?$/i;
/** a row label in the first column: "A1", "B12", "3", "3.", "Q4" */
const LABEL_RE = /^[A-Z]{0,2}\d{1,2}[a-z]?[.):]?$/;
/** the gap (PDF points) before a word that starts a cell of its own */
const CELL_GAP = 10;

interface Row {
  label: WordBox;
  question: WordBox[];
  answer: WordBox[];
}

const wordsOf = (doc: ParsedDocument, l: DocLine) =>
  (doc.pages.find((p) => p.page === l.page)?.words ?? []).filter((w) => w.start >= l.start && w.end <= l.end).sort((a, b) => a.x - b.x);

/** "the patient is X" → "The patient is X"; questions that do not restate as a statement → null */
function statementOf(question: string): string | null {
  const q = question.replace(/[¹²³⁴⁵⁶⁷⁸⁹⁰]+/g, "").trim();
  if (!/\?\s*$/.test(q)) return null;
  // "Is narcolepsy confirmed by …?" (no person as subject): the subject before its verb
  const passive =
    /^(is|are|was|were)\s+(?!the (?:client|patient|member|beneficiary|enrollee|individual|recipient|prescriber|provider)\b)(.{2,60}?)\s+(confirmed|documented|diagnosed|established|present|available|attached|completed|performed|recorded)\b(.*)$/i.exec(
      q.replace(/\?\s*$/, ""),
    );
  let s = passive ? `${passive[2]} ${passive[1].toLowerCase()} ${passive[3]}${passive[4]}` : questionStatement(q);
  // the questions inside it ("…, and will the drug be dispensed …", "or has one been consulted", ": has
  // the patient had a trial", "or does the patient have a contraindication") in the same order
  const lead = String.raw`(\b(?:and|or)\s+|[,:]\s+)`;
  const subj = String.raw`(the [\w-]+|one|it|they)`;
  s = s
    .replace(new RegExp(`${lead}(?:does|do)\\s+${subj}\\s+have\\b`, "gi"), "$1$2 has")
    .replace(new RegExp(`${lead}(?:has|have)\\s+${subj}\\s+(had|been|received|tried|taken|used|failed|completed)\\b`, "gi"), "$1$2 has $3")
    .replace(new RegExp(`${lead}will\\s+${subj}\\s+be\\b`, "gi"), "$1$2 will be")
    .replace(new RegExp(`${lead}(is|are)\\s+${subj}\\s+`, "gi"), "$1$3 $2 ");
  // still a question ("Will X be used …", "Can the …"): exclusionStatement reads the combination
  // question; anything else is not restated
  if (/^(?:will|can|could|should|would|may|must)\b/i.test(s) && !/^concurrent use of\b/i.test(exclusionStatement(s))) return null;
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** a synthetic line standing for the words `ws` of the page: its text `text`, citing the words' span */
function lineFor(doc: ParsedDocument, page: number, ws: WordBox[], text: string): DocLine | null {
  const p = doc.pages.find((x) => x.page === page);
  if (!p || !ws.length) return null;
  const sorted = [...ws].sort((a, b) => a.start - b.start);
  const start = sorted[0].start;
  const end = sorted[sorted.length - 1].end;
  const c = cleanWithMap(text, 0);
  // every character maps into the cited span (the row's question cell), the end onto its end
  const map = c.text.split("").map(() => start);
  map.push(end);
  return { text: c.text, page, start, end, index: 0, map, x: Math.min(...ws.map((w) => w.x)) };
}

/** a heading line with `text`, standing at `at`'s place */
function headingAt(at: DocLine, text: string): DocLine {
  return withLineText(at, text);
}

/**
 * `lines` (docLines of `doc`) with every approvable-answer question grid re-read (see the module
 * comment); other lines unchanged, `index` renumbered in output order.
 */
export function readAnswerGrids(doc: ParsedDocument, lines: DocLine[]): DocLine[] {
  const out: DocLine[] = [];
  let i = 0;
  let changed = false;
  while (i < lines.length) {
    const header = lines[i];
    const grid = HEADER_RE.test(header.text.trim()) ? readGrid(doc, lines, i) : null;
    if (!grid) {
      out.push(header);
      i++;
      continue;
    }
    out.push(...grid.lines);
    i = grid.next;
    changed = true;
  }
  return changed ? out.map((l, k) => ({ ...l, index: k })) : lines;
}

/** the grid whose header is lines[at]: its re-read lines and the index of the first line after it, or null */
function readGrid(doc: ParsedDocument, lines: DocLine[], at: number): { lines: DocLine[]; next: number } | null {
  const header = lines[at];
  const hw = wordsOf(doc, header);
  const qWord = hw.find((w) => /^(?:question|criteri(?:on|a))$/i.test(w.text));
  const aWord = hw.find((w) => qWord && w.x > qWord.x && /^(?:approvable|required|expected|acceptable|approval|approving|answer)$/i.test(w.text));
  if (!qWord || !aWord) return null;
  // the notes column: the first header word after the answer caption that stands apart from it
  const captionEnd = hw.filter((w) => w.x >= aWord.x).findIndex((w, k, ws) => k > 0 && w.x - (ws[k - 1].x + ws[k - 1].w) >= CELL_GAP);
  const after = hw.filter((w) => w.x >= aWord.x);
  const notesX = captionEnd > 0 ? after[captionEnd].x - 4 : Infinity;
  const qX = qWord.x - 4;
  const aX = aWord.x - 4;
  const rows: Row[] = [];
  let j = at + 1;
  for (; j < lines.length && lines[j].page === header.page; j++) {
    if (HEADER_RE.test(lines[j].text.trim())) break;
    const ws = wordsOf(doc, lines[j]);
    if (!ws.length) break;
    // a printed line that runs across a column edge (a footnote, a paragraph, a heading) ends the grid
    const crosses = ws.some((w, k) =>
      [qX, aX, notesX].some(
        (b) => (w.x < b - 2 && w.x + w.w > b + 2) || (k > 0 && ws[k - 1].x < b && w.x >= b && w.x - (ws[k - 1].x + ws[k - 1].w) < CELL_GAP),
      ),
    );
    if (crosses) break;
    const lbl = ws[0].x < qX && LABEL_RE.test(ws[0].text) ? ws[0] : null;
    // a word left of the question column that is no label: not a row of this grid
    if (ws.some((w) => w.x < qX && w !== lbl)) break;
    if (lbl) rows.push({ label: lbl, question: [], answer: [] });
    const row = rows[rows.length - 1];
    if (!row) break;
    for (const w of ws) {
      if (w === lbl) continue;
      if (w.x < aX) row.question.push(w);
      else if (w.x < notesX) row.answer.push(w);
    }
  }
  if (rows.length < 2) return null;
  const page = doc.pages.find((p) => p.page === header.page);
  if (!page) return null;
  const required: DocLine[] = [];
  const excluded: DocLine[] = [];
  for (const r of rows) {
    const answer = r.answer
      .map((w) => w.text)
      .join(" ")
      .replace(/[.:]$/, "")
      .trim()
      .toLowerCase();
    if (answer !== "yes" && answer !== "no") continue;
    const ordered = [...r.question].sort((a, b) => a.start - b.start);
    if (!ordered.length) return null;
    const question = ordered.map((w) => page.text.slice(w.start, w.end)).join(" ");
    const statement = statementOf(question);
    if (!statement) return null;
    const text = answer === "yes" ? statement : exclusionStatement(statement);
    const line = lineFor(doc, header.page, [r.label, ...r.question], text);
    if (!line) return null;
    (answer === "yes" ? required : excluded).push(line);
  }
  if (!required.length && !excluded.length) return null;
  const made: DocLine[] = required.map((l, k) => ({ ...l, text: `${k + 1}. ${l.text}`, map: [...Array(`${k + 1}. `.length).fill(l.start), ...l.map] }));
  if (excluded.length)
    made.push(
      headingAt(header, "Exclusions:"),
      ...excluded.map((l, k) => ({ ...l, text: `${k + 1}. ${l.text}`, map: [...Array(`${k + 1}. `.length).fill(l.start), ...l.map] })),
    );
  return { lines: made, next: j };
}
