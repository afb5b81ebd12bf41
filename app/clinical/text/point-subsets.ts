/**
 * Criteria subsets written as numbered check-box points (InterQual / MCG style): "[ ] 100  Osteoarthritis
 * …, ALL of the following:", indented "[ ] 110 Imaging …", "[ ] 130 … at least TWO of the following:" with
 * "[ ] 131" … "[ ] 135" under it, then "[ ] 200 Avascular necrosis …" as another path and "[ ] 510 …" as
 * exclusion points. The point numbers carry the nesting (a hundred opens a path, its tens are the path's
 * points, their units the points' own list), which the outline reader cannot see behind identical
 * check boxes. This module rewrites each point's check box and number into the outline's markers —
 * "1." for a hundred, "a." for a ten, "i." for a unit, counted within their parent — and leaves the
 * rest of the line as printed. The marker maps onto the point number's offsets, so a citation of the
 * point stays verbatim. Pure.
 */
import type { DocLine } from "./lines";

/** "[ ] 110  Imaging …", "☐ 131 Analgesics …", "[X] 200 …": a check box, a 3-digit point number, the text */
const POINT_RE = /^(?:\[\s?[xX✓]?\s?\]|[☐☑☒□■])\s*([1-9]\d{2})\s+(\S.*)$/;

const ROMAN = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"];
const letter = (n: number) => String.fromCharCode(97 + Math.min(25, n));

/**
 * `lines` with the points of every run of at least four numbered check-box points rewritten as outline
 * items; other lines unchanged (a run is broken by nothing: the lines between points — wrapped text,
 * a section lead — pass through). Lines keep their order and offsets; `index` is unchanged.
 */
export function readPointSubsets(lines: DocLine[]): DocLine[] {
  const points = lines.filter((l) => POINT_RE.test(l.text.trim()));
  if (points.length < 4) return lines;
  let hundreds = 0;
  let tens = 0;
  let units = 0;
  let lastHundred = -1;
  let lastTen = -1;
  return lines.map((l) => {
    const m = POINT_RE.exec(l.text.trim());
    if (!m) return l;
    const code = Number(m[1]);
    const hundred = Math.floor(code / 100);
    const ten = Math.floor(code / 10);
    let marker: string;
    if (code % 100 === 0) {
      hundreds = hundred === lastHundred ? hundreds : hundreds + 1;
      lastHundred = hundred;
      lastTen = -1;
      tens = 0;
      marker = `${hundreds}.`;
    } else if (code % 10 === 0) {
      // (a ten with no hundred of its own — "510" under "Exclusions" — numbers from its own run)
      if (hundred !== lastHundred) {
        lastHundred = hundred;
        tens = 0;
      }
      lastTen = ten;
      units = 0;
      marker = `${letter(tens++)}.`;
    } else {
      if (ten !== lastTen) {
        lastTen = ten;
        units = 0;
      }
      marker = `${ROMAN[Math.min(ROMAN.length - 1, units++)]}.`;
    }
    // the marker stands where the point number is printed; the text keeps its own offsets
    const raw = l.text;
    const at = raw.indexOf(m[1]);
    const textAt = raw.indexOf(m[2], at + m[1].length);
    if (at < 0 || textAt < 0) return l;
    const text = `${marker} ${raw.slice(textAt)}`;
    const codeOffset = l.map[at] ?? l.start;
    const map = [...Array(marker.length + 1)].map(() => codeOffset).concat(l.map.slice(textAt));
    return { ...l, text, map };
  });
}
