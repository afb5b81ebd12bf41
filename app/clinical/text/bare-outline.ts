/**
 * Criteria subsets numbered without list punctuation, as licensed screening-criteria products print
 * them ("Criteria - Initial (All)", then "1 Age 2 years or older", "2 Cystic fibrosis diagnosis
 * (One)", "2.1 Sweat chloride 60 mmol/L or more", "2.2 Two CF-causing CFTR variants …"). Without a
 * period or parenthesis after the number the lines read as running text, so the subset's points were
 * lost. This module rewrites such a block as an outline the policy reader knows: the heading as
 * "Initial Approval Criteria" or "Continuation Criteria" (its "(All)" says every point must be met),
 * each point as "N. …", each sub-point as "a. …", and a point marked "(One)" / "(All)" followed by
 * "ONE of the following:" / "ALL of the following:" so its sub-points nest as alternatives or
 * requirements. The points keep their page offsets (citations quote the policy). Pure.
 */
import type { DocLine } from "./lines";

/** "Criteria - Initial (All)", "Criteria - Continued use (All)": a subset heading that requires every point */
const SUBSET_HEAD_RE = /^(?:clinical\s+)?criteria\b\s*[-–:]?\s*(.{0,60}?)\s*\(\s*all\s*\)\s*:?$/i;
/** "2 Cystic fibrosis diagnosis (One)", "2.1 Sweat chloride …" */
const POINT_RE = /^(\d{1,2})(?:\.(\d{1,2}))?\s+(?=\S)/;
const CONTINUATION_RE = /\b(?:continu|renewal|re-?authori[sz]|recertif|subsequent)/i;
const GROUP_RE = /\(\s*(one|all)\s*\)\s*(?:\[[^\]]*\])?\s*$/i;

/** `line` as `prefix` + its text after `cut` characters + `suffix`; the added text maps to the line's ends */
function rewritten(line: DocLine, cut: number, prefix: string, suffix = ""): DocLine {
  const body = line.text.slice(cut);
  return {
    ...line,
    text: `${prefix}${body}${suffix}`,
    map: [...prefix.split("").map(() => line.start), ...line.map.slice(cut, line.text.length), ...suffix.split("").map(() => line.end), line.end],
  };
}

/**
 * `lines` with every criteria subset numbered without punctuation rewritten as an outline (see the
 * module comment); other lines unchanged. A block is rewritten only when its points number 1, 2, 3 …
 * in order (sub-points 1, 2 … under each) — a table of values that happens to start with numbers is
 * left alone.
 */
export function readBareOutlines(lines: DocLine[], isHeading: (text: string) => boolean): DocLine[] {
  const out: DocLine[] = [];
  let i = 0;
  while (i < lines.length) {
    const head = SUBSET_HEAD_RE.exec(lines[i].text.trim());
    if (!head) {
      out.push(lines[i]);
      i++;
      continue;
    }
    // the block: numbered points and their wrapped lines, up to the next heading
    const block: DocLine[] = [];
    let j = i + 1;
    let top = 0;
    let sub = 0;
    let ok = true;
    for (; j < lines.length; j++) {
      const t = lines[j].text.trim();
      const m = POINT_RE.exec(t);
      if (m) {
        const a = Number(m[1]);
        const b = m[2] ? Number(m[2]) : null;
        if (b === null && a === top + 1) {
          top = a;
          sub = 0;
        } else if (b !== null && a === top && b === sub + 1) sub = b;
        else break;
        block.push(lines[j]);
        continue;
      }
      if (!block.length || isHeading(t) || SUBSET_HEAD_RE.test(t)) break;
      block.push(lines[j]);
    }
    if (top < 2) ok = false;
    if (!ok) {
      out.push(lines[i]);
      i++;
      continue;
    }
    const title = CONTINUATION_RE.test(head[1]) ? "Continuation Criteria" : "Initial Approval Criteria";
    out.push({ ...lines[i], text: title, map: [...title.split("").map(() => lines[i].start), lines[i].end] });
    for (const l of block) {
      const t = l.text;
      const lead = t.length - t.trimStart().length;
      const m = POINT_RE.exec(t.trimStart());
      if (!m) {
        out.push(l);
        continue;
      }
      const group = GROUP_RE.exec(t);
      // "2 Cystic fibrosis diagnosis (One)": the diagnosis, established by one of its sub-points
      const how = group && /^one$/i.test(group[1]) && /\bdiagnosis\b/i.test(t) ? "confirmed by " : "";
      const suffix = group ? ` - ${how}${group[1].toUpperCase()} of the following:` : "";
      const prefix = m[2] ? `${String.fromCharCode(96 + Math.min(Number(m[2]), 26))}. ` : `${m[1]}. `;
      out.push(rewritten(l, lead + m[0].length, prefix, suffix));
    }
    i = j;
  }
  return out.map((l, k) => ({ ...l, index: k }));
}
