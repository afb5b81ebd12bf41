/**
 * Outlines marked by indentation alone, as licensed care guidelines print them ("• Drug may be indicated
 * for 1 or more of the following:", then, each further in, "Condition, initial treatment, as indicated by
 * ALL of the following:", "Diagnosis confirmed by genetic testing …", "SMN2 copy number reported", with
 * "- " sub-bullets): no number or letter opens an item, so the page text reads the whole block as one
 * paragraph and its requirements are lost. This module rewrites such a block as an outline the policy
 * reader knows: each item at the first indentation level gets "1.", "2." …, at the second "a.", "b." …,
 * at the third "i.", "ii." …; bulleted lines keep their bullets; a wrapped line (it starts in lower case,
 * or the line before it ends mid-phrase) goes on with its item. The lines keep their page offsets
 * (citations quote the policy). Pure; needs the lines' x positions (text-layer PDFs and OCR both give them).
 */
import type { DocLine } from "./lines";

/** the lead of an indented list: "… 1 or more of the following(1)(2):", "… ALL of the following:", "… is not indicated for:" */
const LEAD_RE =
  /\b(?:(?:\d+|one|two)\s+or\s+more|all|any|one|both|each)\s+of\s+the\s+following\s*(?:\(\d{1,2}\)|\[[A-Z]\])*\s*:\s*$|\b(?:is|are)\s+not\s+(?:indicated|covered|approved|medically\s+necessary)\s+for\s*:\s*$/i;
/** a line that opens with a list marker of its own (bullet, number, letter) */
const MARKED_RE = /^(?:[•▪◦●○■□➢►✓*\-–]\s|\(?(?:\d{1,2}|[a-zA-Z]|[ivx]{1,4})[.)]\s)/;
/** the line before ends mid-phrase: the next line goes on with it */
const OPEN_END_RE = /(?:[,(/\-–]|\b(?:and|or|of|the|a|an|to|with|for|in|by|as|on|at|from|than|eg|e\.g\.|ie|including|such))\s*$/i;
/** a connector line between two items ("OR", "AND") */
const CONNECTOR_RE = /^(?:and|or|and\/or)$/i;
/** how far (PDF points) two lines' left edges may differ and still be one level */
const LEVEL_TOLERANCE = 4;
/** the least indent (PDF points) that puts a line inside the lead's block */
const MIN_INDENT = 8;

const ROMAN = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"];

/** `line` with `prefix` before its text; the added characters map to the line's start */
function prefixed(line: DocLine, prefix: string): DocLine {
  return { ...line, text: `${prefix}${line.text}`, map: [...prefix.split("").map(() => line.start), ...line.map] };
}

/**
 * `lines` with every block of items marked by indentation alone rewritten as an outline (see the module
 * comment); other lines unchanged. A block is the run of lines set at least MIN_INDENT further in than
 * its lead; it is rewritten only when it has at least two items and none of its items carries a number
 * or letter of its own (a numbered list is read as it is).
 */
export function readIndentOutlines(lines: DocLine[], isHeading: (text: string) => boolean): DocLine[] {
  const out: DocLine[] = [];
  let i = 0;
  while (i < lines.length) {
    const lead = lines[i];
    if (lead.x == null || !LEAD_RE.test(lead.text.trim())) {
      out.push(lead);
      i++;
      continue;
    }
    const block: DocLine[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const l = lines[j];
      if (l.x == null || l.page !== lead.page || l.x < lead.x + MIN_INDENT || (isHeading(l.text.trim()) && !CONNECTOR_RE.test(l.text.trim()))) break;
      block.push(l);
    }
    // the items: a line not marked, opening with a capital, after a line that ended its phrase
    const starts = block.filter((l, k) => {
      const t = l.text.trim();
      // (a connector line, "OR" / "AND" between two items, is no item)
      if (MARKED_RE.test(t) || !/^[A-Z]/.test(t) || CONNECTOR_RE.test(t)) return false;
      const prev = k ? block[k - 1].text.trim() : lead.text.trim();
      if (k && OPEN_END_RE.test(prev) && !CONNECTOR_RE.test(prev)) return false;
      // (a wrapped line of a bullet is set further in than the bullet's text: never an item)
      const bullet = block
        .slice(0, k)
        .reverse()
        .find((b) => (b.x ?? 0) <= (l.x ?? 0) + LEVEL_TOLERANCE);
      return !(bullet && MARKED_RE.test(bullet.text.trim()) && (bullet.x ?? 0) < (l.x ?? 0) - LEVEL_TOLERANCE);
    });
    const numbered = block.some((l) => /^\(?(?:\d{1,2}|[a-z]|[ivx]{1,4})[.)]\s/i.test(l.text.trim()) && !/^[•▪◦●○■□➢►✓*\-–]/.test(l.text.trim()));
    if (starts.length < 2 || numbered) {
      out.push(lead);
      i++;
      continue;
    }
    // indentation levels of the items, shallowest first
    const levels: number[] = [];
    for (const x of [...new Set(starts.map((l) => l.x!))].sort((a, b) => a - b))
      if (!levels.length || x - levels[levels.length - 1] > LEVEL_TOLERANCE) levels.push(x);
    const levelOf = (x: number) => levels.findIndex((v, k) => x <= v + LEVEL_TOLERANCE && (k === levels.length - 1 || x < levels[k + 1] - LEVEL_TOLERANCE));
    const counters = levels.map(() => 0);
    out.push(lead);
    const startSet = new Set(starts);
    for (const l of block) {
      if (!startSet.has(l)) {
        out.push(l);
        continue;
      }
      const k = Math.max(0, levelOf(l.x!));
      counters[k]++;
      for (let d = k + 1; d < counters.length; d++) counters[d] = 0;
      const n = counters[k];
      const mark = k === 0 ? `${n}. ` : k === 1 ? `${String.fromCharCode(96 + Math.min(n, 26))}. ` : `${ROMAN[Math.min(n, ROMAN.length) - 1]}. `;
      out.push(prefixed(l, mark));
    }
    i = j;
  }
  return out.length === lines.length && out.every((l, k) => l === lines[k]) ? lines : out.map((l, k) => ({ ...l, index: k }));
}
