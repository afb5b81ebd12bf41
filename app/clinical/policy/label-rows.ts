/**
 * Criteria tables whose rows are labelled by the element they require, one table per indication, as
 * carriers' pharmacy clinical policies print them:
 *
 *   Indication 2 - Excessive daytime sleepiness (EDS) in obstructive sleep apnea (OSA)
 *   Age                   18 years of age or older.
 *   Prescriber            Prescribed by, or in consultation with, a sleep medicine physician, …
 *   Diagnosis             OSA confirmed by … with an AHI or REI of 5 or more events per hour.
 *   Primary OSA therapy   ONE of: (a) … ; OR (b) …
 *   Approval              Initial authorization 6 months.
 *
 * The page text gives each label a line of its own (set apart as a title), so the outline reader would
 * take every label for a section and lose the indication it belongs to. `numberLabelRows` rewrites
 * such a table as the numbered list it means: the indication title becomes a roman-numbered item
 * ("I. Excessive daytime sleepiness … (OSA)."), each row's requirement a numbered item under it ("1.
 * 18 years of age or older."), an approval row the approval-duration line ("Approval duration: …"), a
 * row scoped to one indication keeps its label as its scope ("3. OSA only: Continues to meet …"). The
 * labels themselves are dropped. A table under a continuation title ("Continuation (both
 * indications)") keeps its title as the heading. Every output line is verbatim page text with its
 * offsets (a synthetic marker maps to the line's start). Pure; lines without word positions pass
 * through unchanged.
 */
import type { DocLine } from "../text/lines";

/** a row label: a short name in title shape ("Age", "Baseline sleepiness", "Primary OSA therapy", "OSA only") */
const LABEL_RE = /^[A-Z][A-Za-z0-9/&'()-]*(?:\s+[A-Za-z0-9/&'()-]+){0,3}$/;
/** labels of field-style forms (CMS Part D PA criteria, labelled drug sheets): read by their own readers, never here */
const FIELD_LABEL_RE =
  /^(?:covered uses?|exclusion criteria|required medical information|age restrictions?|prescriber restrictions?|coverage duration|other criteria|off-label uses?|part b prerequisite|indications?|exclusions?|drugs?|products?|policy|effective date|criteria|documentation)$/i;
/** the title of an indication's table ("Indication 1 - …", "Use 2: …") or of its renewal table */
const TITLE_RE = /^(?:indication|use|diagnosis|condition)\s*\d{0,2}\s*[-–:]\s*(\S.{2,160})$/i;
const CONTINUATION_TITLE_RE = /^(?:continuation|renewal|re-?authori[sz]ation|continued (?:therapy|approval))\b/i;
/** a row that states the approval period, not a requirement */
const DURATION_LABEL_RE =
  /^(?:approval|approval (?:duration|period|length)|duration(?: of approval)?|length of (?:approval|authori[sz]ation)|authori[sz]ation (?:period|duration))$/i;
const ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];

/** the line `l` with `prefix` put before its text; the prefix maps to the line's start */
function prefixed(l: DocLine, prefix: string, body = l.text): DocLine {
  const from = l.text.length - body.length;
  const text = `${prefix}${body}`;
  return {
    ...l,
    text,
    larger: false,
    map: Array.from({ length: text.length + 1 }, (_, k) => (k < prefix.length ? l.start : (l.map[from + k - prefix.length] ?? l.end))),
  };
}

/** Whether `l` labels a row whose requirement starts on `next`, printed in a column right of it. */
function isLabel(l: DocLine, next: DocLine | undefined): boolean {
  if (!next || l.x == null || next.x == null || next.page !== l.page) return false;
  const t = l.text.trim();
  return next.x - l.x >= 40 && t.length <= 40 && LABEL_RE.test(t) && !FIELD_LABEL_RE.test(t);
}

/**
 * `lines` with every element-labelled criteria table (at least three labelled rows after an indication
 * or continuation title) rewritten as a numbered list; other lines unchanged.
 */
export function numberLabelRows(lines: DocLine[]): DocLine[] {
  const out: DocLine[] = [];
  let tables = 0;
  let i = 0;
  while (i < lines.length) {
    const title = lines[i];
    const t = title.text.trim();
    const indication = TITLE_RE.exec(t);
    const renewal = !indication && CONTINUATION_TITLE_RE.test(t) && t.length <= 80;
    if (!indication && !renewal) {
      out.push(lines[i]);
      i += 1;
      continue;
    }
    // the labelled rows after the title: a label at one margin, its requirement in the column right of it
    const rows: { label: DocLine; value: DocLine[] }[] = [];
    let j = i + 1;
    let labelX: number | null = null;
    while (j < lines.length && isLabel(lines[j], lines[j + 1]) && (labelX == null || Math.abs(lines[j].x! - labelX) <= 6)) {
      labelX = lines[j].x!;
      const valueX = lines[j + 1].x!;
      const value = [lines[j + 1]];
      let k = j + 2;
      // (a requirement wraps at its own column; a page break may set it anywhere on the next page)
      while (k < lines.length && lines[k].x != null && Math.abs(lines[k].x! - valueX) <= 12 && !isLabel(lines[k], lines[k + 1])) value.push(lines[k++]);
      rows.push({ label: lines[j], value });
      j = k;
    }
    if (rows.length < 3 || (labelX != null && title.x != null && Math.abs(title.x - labelX) > 12)) {
      out.push(lines[i]);
      i += 1;
      continue;
    }
    if (indication) {
      const mark = ROMAN[Math.min(tables, ROMAN.length - 1)];
      tables += 1;
      out.push(prefixed(title, `${mark}. `, indication[1]));
    } else out.push(title);
    let n = 0;
    for (const row of rows) {
      const label = row.label.text.trim();
      const [first, ...rest] = row.value;
      if (DURATION_LABEL_RE.test(label)) out.push(prefixed(first, "Approval duration: "));
      else {
        n += 1;
        out.push(prefixed(first, /\bonly$/i.test(label) ? `${n}. ${label}: ` : `${n}. `));
      }
      out.push(...rest);
    }
    i = j;
  }
  return out;
}
