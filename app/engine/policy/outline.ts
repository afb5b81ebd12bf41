import { clean, type DocLine } from "./text";

/**
 * Numbered-outline reader for coverage policies.
 *
 * Policies nest criteria with marker families: "I." (upper roman), "A." / "A)" (upper letter),
 * "1." / "1)" (number), "a." / "a)" / "(a)" (lower letter), "i." / "i)" (lower roman), "(1)".
 * The first family seen becomes the outermost level; a family seen again closes every deeper
 * level. "i"/"v"/"x" are read as letters when the letter sequence at that level expects them.
 */

export type MarkerFamily = "ROMAN" | "ALPHA" | "num" | "alpha" | "roman" | "pnum";

export interface OutlineItem {
  marker: string;
  family: MarkerFamily;
  /** item text without the marker, whitespace-normalised (continuation lines joined) */
  text: string;
  /** text of "Note:" paragraphs that follow the item */
  note: string;
  lines: DocLine[];
  children: OutlineItem[];
  parent: OutlineItem | null;
  /** heading (section title) the item appeared under */
  heading: string;
  /** "Approval duration: 6 months" style lines seen while this item was open */
  durations: string[];
}

const MARKER_RE = /^\(?([IVX]{1,4}|[A-Z]|\d{1,2}|[a-z]{1,4})([.)])\s+(.*)$/;
const PAREN_RE = /^\(([a-z]|\d{1,2}|[ivx]{1,4})\)\s+(.*)$/;

const ROMAN_UP = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];
const ROMAN_LOW = ROMAN_UP.map((r) => r.toLowerCase());

/** A line that starts a new section instead of continuing an item (all-caps titles, known headings). */
export function isHeading(text: string): boolean {
  const t = text.trim();
  if (t.length < 4 || t.length > 90) return false;
  if (MARKER_RE.test(t)) return false;
  const letters = t.replace(/[^A-Za-z]/g, "");
  if (letters.length >= 6 && letters === letters.toUpperCase() && !/[.;,]$/.test(t)) return true;
  return /^(references?|appendix\b.*|appendices.*|background|description|policy\/criteria|fda approved indication.*|dosing and.*|dosage and administration.*|quantity limits?.*|reviews, revisions.*|important reminder|coding implications|revision log.*|overview|policy statement|conditions not (recommended|covered).*|recommended authorization criteria|references?:?)$/i.test(
    t,
  );
}

interface Stack {
  family: MarkerFamily;
  lastMarker: string;
  item: OutlineItem;
}

function classify(marker: string, stack: Stack[], paren: boolean): MarkerFamily {
  if (/^\d+$/.test(marker)) return paren ? "pnum" : "num";
  const expectsLetter = (fam: MarkerFamily) => {
    const lvl = stack.find((s) => s.family === fam);
    if (!lvl) return false;
    const next = String.fromCharCode(lvl.lastMarker.charCodeAt(0) + 1);
    return next === marker;
  };
  if (/^[A-Z]+$/.test(marker)) {
    if (marker.length === 1 && expectsLetter("ALPHA")) return "ALPHA";
    if (ROMAN_UP.includes(marker) && (marker === "I" || stack.some((s) => s.family === "ROMAN"))) return "ROMAN";
    return "ALPHA";
  }
  if (marker.length === 1 && expectsLetter("alpha")) return "alpha";
  if (ROMAN_LOW.includes(marker) && (marker === "i" || stack.some((s) => s.family === "roman"))) return "roman";
  return "alpha";
}

/**
 * Parse lines into outline items grouped under headings. Lines before the first marker of a
 * heading and non-marker lines after a heading are returned as `preamble` text for that heading.
 */
export function parseOutline(lines: DocLine[], skip: Set<number> = new Set()): { heading: string; items: OutlineItem[]; preamble: DocLine[] }[] {
  const sections: { heading: string; items: OutlineItem[]; preamble: DocLine[] }[] = [{ heading: "", items: [], preamble: [] }];
  let stack: Stack[] = [];
  let current: OutlineItem | null = null;
  let inNote = false;

  for (const line of lines) {
    if (skip.has(line.index)) continue;
    const t = clean(line.text);
    if (isHeading(t)) {
      sections.push({ heading: t, items: [], preamble: [] });
      stack = [];
      current = null;
      inNote = false;
      continue;
    }
    const sec = sections[sections.length - 1];
    const m = PAREN_RE.exec(t) ?? MARKER_RE.exec(t);
    const isParen = PAREN_RE.test(t);
    let marker: string | null = null;
    let body = "";
    if (m) {
      marker = isParen ? m[1] : m[1];
      body = isParen ? m[2] : m[3];
      // "e.g." style false positives and sentences like "A patient ..." are excluded by the regex.
      if (!isParen && marker.length > 1 && !/^([ivx]+|[IVX]+|\d+)$/.test(marker)) marker = null;
    }
    if (marker) {
      const family = classify(marker, stack, isParen);
      const idx = stack.findIndex((s) => s.family === family);
      if (idx >= 0) stack = stack.slice(0, idx);
      const parent = stack.length ? stack[stack.length - 1].item : null;
      const item: OutlineItem = { marker, family, text: body, note: "", lines: [line], children: [], parent, heading: sec.heading, durations: [] };
      if (parent) parent.children.push(item);
      else sec.items.push(item);
      stack.push({ family, lastMarker: marker, item });
      current = item;
      inNote = false;
      continue;
    }
    if (/^(initial )?(approval|authorization|coverage) duration\b/i.test(t) && current) {
      current.durations.push(t);
      inNote = false;
      continue;
    }
    if (/^note:/i.test(t) && current) {
      inNote = true;
      current.note += (current.note ? " " : "") + t.replace(/^note:\s*/i, "");
      current.lines.push(line);
      continue;
    }
    if (current) {
      if (inNote) current.note += " " + t;
      else current.text += " " + t;
      current.lines.push(line);
    } else sec.preamble.push(line);
  }
  for (const s of sections) for (const it of s.items) normaliseItem(it);
  return sections;
}

function normaliseItem(it: OutlineItem) {
  it.text = clean(it.text);
  it.note = clean(it.note);
  it.children.forEach(normaliseItem);
}

/** Depth-first list of an item and its descendants. */
export function walk(items: OutlineItem[]): OutlineItem[] {
  const out: OutlineItem[] = [];
  const rec = (it: OutlineItem) => {
    out.push(it);
    it.children.forEach(rec);
  };
  items.forEach(rec);
  return out;
}
