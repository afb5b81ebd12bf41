/**
 * A state Preferred Drug List printed as a grid of therapeutic classes ("Appendix P" style):
 *
 *   Therapeutic Drug Class | PREFERRED AGENTS | NON-PREFERRED AGENTS | Prior Authorization Criteria
 *   STIMULANTS AND         | amphetamine salts| MYDAYIS (mixed       | Non-preferred agents may be approved
 *   RELATED AGENTS (ADHD)  | ER capsule       | amphetamine salts ER)| when ALL of the following are met: …
 *
 * The page text runs every printed row across the four columns, and one page holds several classes, so
 * the criteria of the neighbouring classes (a muscle relaxant's "spasticity", a dementia class's
 * "cholinesterase inhibitor") were read as the requested drug's. This module finds such grids by their
 * header row (a PREFERRED and a NON-PREFERRED column and a criteria column), cuts them into class rows
 * (a class name in capitals in the first column starts a row; a row "(continued)" on the next page, or
 * under the same name, goes on), and — when exactly one class row lists the requested drug among its
 * agents — keeps the class name and that row's criteria column only, in reading order. A criterion's
 * "TWO preferred agents" is followed by the row's preferred agents in parentheses, so the step names its
 * drugs. Lines outside the grids are kept. Each criteria line is verbatim page text (citations quote
 * the page); a line whose words were added to keeps its whole line's position. Pure; needs word boxes.
 *
 * Source: the layout of state PDL documents (e.g. Health First Colorado's Appendix P); no clinical rule.
 */
import type { ParsedDocument, WordBox } from "~/documents/types";
import { drugsNamedIn } from "../vocabulary/drugs";
import { withLineText, type DocLine } from "./lines";
import { lineFrom } from "./table-columns";

interface Row {
  name: string[];
  nameLine: DocLine | null;
  preferred: string[];
  nonPreferred: string[];
  criteria: DocLine[];
  /** a name line says "(continued)": the row goes on from the page before */
  continued: boolean;
}

const PREFERRED_RE = /^\(?preferred\b/i;
const NON_PREFERRED_RE = /^\(?non-?\s?preferred\b/i;
/** "Continued on next page", a page's own continuation note in the criteria column */
const CONTINUED_NOTE_RE = /^\(?continued\s+(?:on\s+(?:the\s+)?next\s+page|from\s+(?:the\s+)?previous\s+page)\)?\.?$/i;

/** the x where each of the four columns starts, from the header line's words; null when it is no PDL header */
function headerColumns(words: WordBox[], text: string): number[] | null {
  if (!/\bnon-?\s?preferred\b/i.test(text) || !/\bcriteria\b/i.test(text)) return null;
  const sorted = [...words].sort((a, b) => a.x - b.x);
  const non = sorted.find((w) => NON_PREFERRED_RE.test(w.text));
  const pref = sorted.find((w) => PREFERRED_RE.test(w.text) && !NON_PREFERRED_RE.test(w.text) && (!non || w.x < non.x));
  if (!non || !pref) return null;
  // the criteria column: the first word after NON-PREFERRED's cell separated by a column gap
  let k = sorted.indexOf(non);
  let right = non.x + non.w;
  let crit: WordBox | undefined;
  for (k = k + 1; k < sorted.length; k++) {
    if (sorted[k].x - right > 18) {
      crit = sorted[k];
      break;
    }
    right = Math.max(right, sorted[k].x + sorted[k].w);
  }
  if (!crit || sorted[0].x >= pref.x) return null;
  return [sorted[0].x, pref.x, non.x, crit.x];
}

/**
 * `lines` (docLines of `doc`) with every PDL class grid reduced to the class row that lists a drug of
 * `drugNames`, as described in the module comment; `lines` unchanged when there is no grid or no single
 * such row.
 */
export function readPdlGrids(doc: ParsedDocument, lines: DocLine[], drugNames: string[]): DocLine[] {
  const wordsOf = (l: DocLine) => (doc.pages.find((p) => p.page === l.page)?.words ?? []).filter((w) => w.start >= l.start && w.end <= l.end);
  const rows: Row[] = [];
  const inGrid = new Set<number>();
  let cols: number[] | null = null;
  let page = -1;
  let current: Row | null = null;
  let prevHadName = false;
  let afterHeader = 0;
  for (const l of lines) {
    if (l.page !== page) {
      page = l.page;
      cols = null;
      prevHadName = false;
    }
    const ws = wordsOf(l);
    const header = headerColumns(ws, l.text);
    if (header) {
      cols = header;
      afterHeader = 0;
      inGrid.add(l.index);
      continue;
    }
    afterHeader++;
    if (!cols || !ws.length) continue;
    const bounds = cols.slice(1).map((x) => x - 6);
    const colOf = (w: WordBox) => bounds.filter((b) => w.x >= b).length;
    // a line whose words cross a column boundary (a section heading across the page, a footer): no cell
    if (ws.some((w) => bounds.some((b) => w.x < b && w.x + w.w > b + 6))) {
      inGrid.add(l.index);
      continue;
    }
    const byCol = [0, 1, 2, 3].map((k) => ws.filter((w) => colOf(w) === k).sort((a, b) => a.x - b.x));
    const text = (k: number) => byCol[k].map((w) => w.text).join(" ");
    // the header's second line of captions ("(No PA required unless noted *)   (PA required)")
    if (afterHeader <= 2 && [0, 1, 2, 3].every((k) => !byCol[k].length || /^\(/.test(text(k)))) {
      inGrid.add(l.index);
      continue;
    }
    inGrid.add(l.index);
    const name = text(0);
    if (name) {
      const continued = /\(continued\)/i.test(name);
      // (a class name opens with a word in capitals: "ANTICONVULSANTS - Oral", "TRIPTANS - Oral and Nasal")
      const first = name.replace(/^[^A-Za-z]+/, "").split(/[\s-]+/)[0] ?? "";
      const isName = first.length >= 3 && /^[A-Z][A-Z0-9/&]+$/.test(first);
      // every class name starts a row; a row "(continued)" or under the same name is merged below
      if ((isName && !prevHadName) || !current) {
        current = { name: [], nameLine: null, preferred: [], nonPreferred: [], criteria: [], continued: false };
        rows.push(current);
      }
      if (continued) current.continued = true;
      if (!/^\(continued\)$/i.test(name.trim()) && !current!.name.join(" ").includes(name.replace(/\s*\(continued\)\s*/i, "").trim())) {
        current!.name.push(name.replace(/\s*\(continued\)\s*/i, "").trim());
        current!.nameLine ??= lineFrom(doc, l.page, byCol[0], l.index);
      }
    }
    prevHadName = !!name;
    if (!current) continue;
    if (byCol[1].length) current.preferred.push(text(1));
    if (byCol[2].length) current.nonPreferred.push(text(2));
    const crit = lineFrom(doc, l.page, byCol[3], l.index);
    if (crit && !CONTINUED_NOTE_RE.test(crit.text.trim())) current.criteria.push(crit);
  }
  // a row "(continued)", or under the name of the row before it, goes on from that row
  const merged: Row[] = [];
  for (const r of rows) {
    const prev = merged[merged.length - 1];
    if (prev && (r.continued || r.name.join(" ") === prev.name.join(" "))) {
      prev.preferred.push(...r.preferred);
      prev.nonPreferred.push(...r.nonPreferred);
      prev.criteria.push(...r.criteria);
    } else merged.push(r);
  }
  rows.splice(0, rows.length, ...merged);
  if (!rows.length) return lines;
  const names = drugNames
    .flatMap((n) => [n, ...[...n.matchAll(/\(([^()]+)\)/g)].map((m) => m[1])])
    .map((n) => n.replace(/\([^()]*\)/g, "").trim())
    .filter((n) => n.length > 3);
  const namesRow = (r: Row) => {
    const agents = [...r.preferred, ...r.nonPreferred].join(" ");
    return names.some((n) => new RegExp(`\\b${n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "i").test(agents));
  };
  const own = rows.filter(namesRow);
  if (own.length !== 1 || !own[0].criteria.length) return lines;
  const row = own[0];
  const preferred = drugsNamedIn(row.preferred.join(" "));
  const out: DocLine[] = [];
  let placed = false;
  for (const l of lines) {
    if (!inGrid.has(l.index)) {
      out.push(l);
      continue;
    }
    if (placed) continue;
    placed = true;
    if (row.nameLine) out.push({ ...row.nameLine, text: row.name.join(" ") });
    for (const c of row.criteria) out.push(withPreferredAgents(c, preferred));
  }
  return out.map((l, i) => ({ ...l, index: i }));
}

/** "TWO preferred agents" → "TWO preferred agents (baclofen, tizanidine, …)": the row's own preferred drugs */
function withPreferredAgents(l: DocLine, preferred: string[]): DocLine {
  if (!preferred.length) return l;
  const text = l.text.replace(
    /\b((?:one|two|three|four|\d|a|any)\s+preferred\s+(?:[a-z-]+\s+)?(?:agents?|drugs?|products?|medications?|[a-z]+(?:ants|ics|ors|ines|ans)))\b(?!\s*\()/gi,
    (m) => `${m} (${preferred.join(", ")})`,
  );
  return text === l.text ? l : withLineText(l, text);
}
