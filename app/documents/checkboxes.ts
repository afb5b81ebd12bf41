/**
 * Checkbox detection, so that page text reads "[X] Yes [ ] No" instead of losing the mark (text
 * layer: boxes and ticks are vector paths, invisible to getTextContent) or garbling it (OCR:
 * "[J", "x]", "Yes [No").
 *
 * Boxes are reported in the same frame as the caller's coordinates (top-left origin).
 */
import { despeckleAndCollect, type Component, type Gray } from "./preprocess";

export interface Checkbox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  checked: boolean;
}

type Box = { x0: number; y0: number; x1: number; y1: number };

const mul = (m: number[], n: number[]) => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

function applyBox(m: number[], b: Box): Box {
  const pts = [
    [b.x0, b.y0],
    [b.x1, b.y0],
    [b.x0, b.y1],
    [b.x1, b.y1],
  ].map(([x, y]) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]);
  return {
    x0: Math.min(...pts.map((p) => p[0])),
    y0: Math.min(...pts.map((p) => p[1])),
    x1: Math.max(...pts.map((p) => p[0])),
    y1: Math.max(...pts.map((p) => p[1])),
  };
}

const inside = (a: Box, b: Box, tol: number) => a.x0 >= b.x0 - tol && a.y0 >= b.y0 - tol && a.x1 <= b.x1 + tol && a.y1 <= b.y1 + tol;

/**
 * Checkboxes drawn as vector paths: square paths of 5–15 pt; a box is checked when another path
 * (an X or tick, or a filled square) lies inside it, or when `marks` (small text items such as
 * "X" or "✓", in the same frame) fall inside it. `viewport` maps PDF user space to the caller's
 * frame (pdfjs `viewport.transform`). Returns boxes and the indices of `marks` that were used.
 */
export function vectorCheckboxes(
  fnArray: number[],
  argsArray: unknown[][],
  OPS: { save: number; restore: number; transform: number; constructPath: number },
  viewport: number[],
  marks: Box[] = [],
): { boxes: Checkbox[]; usedMarks: Set<number> } {
  let ctm = [1, 0, 0, 1, 0, 0];
  const stack: number[][] = [];
  const paths: Box[] = [];
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (fn === OPS.transform) ctm = mul(ctm, argsArray[i] as number[]);
    else if (fn === OPS.constructPath) {
      const mm = argsArray[i]?.[2] as ArrayLike<number> | undefined;
      if (!mm || mm.length < 4 || !Number.isFinite(mm[0])) continue;
      paths.push(applyBox(mul(viewport, ctm), { x0: mm[0], y0: mm[1], x1: mm[2], y1: mm[3] }));
    }
  }
  const boxes: Checkbox[] = [];
  const usedMarks = new Set<number>();
  const square = (p: Box) => {
    const w = p.x1 - p.x0;
    const h = p.y1 - p.y0;
    return w >= 5 && h >= 5 && w <= 15 && h <= 15 && Math.abs(w - h) <= 1.5;
  };
  const candidates = paths.filter(square);
  for (const p of candidates) {
    const w = p.x1 - p.x0;
    const h = p.y1 - p.y0;
    // a square inside a larger square is the mark, not a box
    if (candidates.some((q) => q !== p && inside(p, q, 0.75) && q.x1 - q.x0 > w + 1)) continue;
    if (boxes.some((b) => Math.abs(b.x0 - p.x0) < 1 && Math.abs(b.y0 - p.y0) < 1)) continue; // fill + stroke twice
    const tol = 0.75;
    const checkedByPath = paths.some((q) => q !== p && inside(q, p, tol) && (q.x1 - q.x0 < w - 1 || q.y1 - q.y0 < h - 1) && q.x1 - q.x0 + (q.y1 - q.y0) > 2);
    let checkedByMark = false;
    marks.forEach((m, mi) => {
      const cx = (m.x0 + m.x1) / 2;
      const cy = (m.y0 + m.y1) / 2;
      if (cx > p.x0 - tol && cx < p.x1 + tol && cy > p.y0 - tol && cy < p.y1 + tol) {
        checkedByMark = true;
        usedMarks.add(mi);
      }
    });
    boxes.push({ ...p, checked: checkedByPath || checkedByMark });
  }
  return { boxes, usedMarks };
}

/**
 * Checkboxes in a (grayscale, near-upright) scan: dark square outlines with a side of 0.07–0.2 in
 * (`dpi` gives the pixel size) whose four sides are mostly dark; checked when the interior holds
 * enough ink. Coordinates are pixels of `g`.
 */
export function imageCheckboxes(g: Gray, threshold: number, dpi: number): Checkbox[] {
  // no despeckling (maxArea 0): every component is a candidate
  return checkboxesFromComponents(g, threshold, dpi, despeckleAndCollect(g, threshold, 0, checkboxMaxSide(dpi)));
}

/** Largest checkbox side in pixels at `dpi` (components wider or taller cannot be boxes). */
export const checkboxMaxSide = (dpi: number) => Math.round(0.2 * dpi);

/**
 * `imageCheckboxes` on components already found by `despeckleAndCollect(g, threshold, maxArea,
 * checkboxMaxSide(dpi))` (after its despeckling), in their order.
 */
export function checkboxesFromComponents(g: Gray, threshold: number, dpi: number, comps: Component[]): Checkbox[] {
  const out: Checkbox[] = [];
  for (const c of comps) {
    const b = checkboxAt(g, threshold, dpi, c);
    if (b) out.push(b);
  }
  return out;
}

/**
 * Is there ink right beside `comp` (side -1 = left, 1 = right) within letter spacing (a sixth of its
 * width, at least 2 px), in the middle 60% of its height? That is a neighbouring letter of the same
 * word; a checkbox is followed by a space before its label.
 */
function inkBeside(g: Gray, threshold: number, comp: Component, side: -1 | 1): boolean {
  const { width: W, height: H, data } = g;
  const w = comp.x1 - comp.x0 + 1;
  const h = comp.y1 - comp.y0 + 1;
  const gap = Math.max(2, Math.round(w / 6));
  const ya = Math.max(0, comp.y0 + Math.round(0.2 * h));
  const yb = Math.min(H - 1, comp.y1 - Math.round(0.2 * h));
  for (let k = 1; k <= gap; k++) {
    const x = side < 0 ? comp.x0 - k : comp.x1 + k;
    if (x < 0 || x >= W) return false;
    for (let y = ya; y <= yb; y++) if (data[y * W + x] < threshold) return true;
  }
  return false;
}

function checkboxAt(g: Gray, threshold: number, dpi: number, comp: Component): Checkbox | null {
  const { width: W, data } = g;
  const minSide = Math.round(0.07 * dpi);
  const maxSide = checkboxMaxSide(dpi);
  const dark = (x: number, y: number) => data[y * W + x] < threshold;
  const { x0, y0, x1, y1 } = comp;
  {
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    if (w < minSide || h < minSide || w > maxSide || h > maxSide) return null;
    if (Math.abs(w - h) > 0.15 * Math.max(w, h) + 2) return null;
    // each side must be a straight rule: some 2-px wide column (row) within a band of ~10% of
    // the side holds ink along >= 85% of it. Letters ("O", "D", "B", "H") fail on some side.
    const band = Math.max(2, Math.round(0.1 * w));
    const straight = (horizontal: boolean, from: number, to: number) => {
      const [a0, a1] = horizontal ? [x0 + 2, x1 - 2] : [y0 + 2, y1 - 2];
      const n = a1 - a0 + 1;
      if (n <= 0) return false;
      for (let f = from; f <= to; f++) {
        let hit = 0;
        for (let a = a0; a <= a1; a++) {
          const d = horizontal ? dark(a, f) || dark(a, Math.min(f + 1, y1)) : dark(f, a) || dark(Math.min(f + 1, x1), a);
          if (d) hit++;
        }
        if (hit >= 0.85 * n) return true;
      }
      return false;
    };
    if (!straight(true, y0, y0 + band) || !straight(true, y1 - band, y1) || !straight(false, x0, x0 + band) || !straight(false, x1 - band, x1)) {
      return null;
    }
    // square corners: round glyphs ("O", "D", "0") leave the bbox corners blank
    const c = Math.max(2, Math.round(0.08 * w));
    const corner = (cx: number, cy: number, sx: number, sy: number) => {
      for (let k = 0; k <= c; k++) for (let l = 0; l <= c; l++) if (dark(cx + sx * k, cy + sy * l)) return true;
      return false;
    };
    if (!(corner(x0, y0, 1, 1) && corner(x1, y0, -1, 1) && corner(x0, y1, 1, -1) && corner(x1, y1, -1, -1))) return null;
    // thin border: at the middle of each side the rule is at most ~20% of the side thick and the
    // two thinnest sides ~10% (bold glyph stems and bowls are ~20%); an X or tick does not reach
    // the side midpoints
    const maxT = Math.max(3, Math.round(0.2 * w));
    const run = (x: number, y: number, dx: number, dy: number) => {
      let k = 0;
      while (k <= 2 && !dark(x + dx * k, y + dy * k)) k++; // skip a skew-induced gap
      let t = 0;
      while (t <= maxT + 1 && dark(x + dx * (k + t), y + dy * (k + t))) t++;
      return t;
    };
    const mx = Math.round((x0 + x1) / 2);
    const my = Math.round((y0 + y1) / 2);
    const thick = [run(mx, y0, 0, 1), run(mx, y1, 0, -1), run(x0, my, 1, 0), run(x1, my, -1, 0)];
    const [t0, t1] = [...thick].sort((a, b) => a - b);
    // (+1: an anti-aliased rule reads up to half a pixel thicker on each of its edges, which at
    // fax resolution — a 0.11 in box is ~22 px at 200 dpi — is a tenth of the allowance)
    if (thick.some((t) => t === 0 || t > maxT) || t0 + t1 > 0.2 * w + 1) return null;
    // interior ink (the mark may be a separate component)
    const inset = Math.max(band + 1, Math.round(0.22 * w));
    let ink = 0;
    let n = 0;
    for (let y = y0 + inset; y <= y1 - inset; y++) {
      for (let x = x0 + inset; x <= x1 - inset; x++) {
        n++;
        if (dark(x, y)) ink++;
      }
    }
    if (!n) return null;
    // a glyph inside a word: a bold "D" or "O" can pass every test above, but a letter has its
    // neighbours at letter spacing ("Date", "POS", "MD"), a printed box has a space before its label
    if (inkBeside(g, threshold, comp, -1) || inkBeside(g, threshold, comp, 1)) return null;
    return { x0, y0, x1: x1 + 1, y1: y1 + 1, checked: ink / n > 0.08 };
  }
}
