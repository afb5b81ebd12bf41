/**
 * The CMS-1500 (02/12) claim form read by its grid: box captions are found among the page's word
 * boxes (tolerant to OCR noise: "PROCEDURES", "POINTER", "EPSDT", "RENDERING" … in one band is the
 * item-24 header, never a label word in running text), the column x-ranges of 24A–24J come from the
 * caption positions (missing captions placed by the NUCC proportions of the found ones), and every
 * service line (with its shaded supplemental row above) is read by geometry. Boxes follow the NUCC
 * 1500 Claim Form Reference Instruction Manual:
 *
 *  1a insured's ID · 2 patient's name (Last, First MI) · 3 birth date (MM DD YY[YY]) and sex ·
 *  17 referring provider (qualifier DN/DK/DQ + name), 17b its NPI · 21 ICD indicator and diagnoses
 *  A–L (no decimal point) · 23 prior authorization number · 24A from/to dates · 24B place of service
 *  · 24C EMG · 24D CPT/HCPCS + up to 4 modifiers · 24E diagnosis pointers (letters of 21) · 24F charges
 *  · 24G days or units · 24H EPSDT · 24I qualifier (NPI preprinted) · 24J rendering provider NPI ·
 *  supplemental (shaded) row: "N4" + 11-digit NDC + unit qualifier (UN, ML, GR, F2, ME) + quantity, or
 *  a narrative · 33a billing provider NPI.
 *
 * Scans are tilted: coordinates are deskewed first (the angle at which the page's word rows line up
 * best). Words keep their page-text offsets, so every field is cited to the words read.
 */
import type { Citation, ExtractedDiagnosis, ExtractedPatient, ExtractedPractitioner, ParsedDocument, ServiceLine } from "../contracts";
import { isValidNpi } from "../codes/npi";
import type { DocumentPageText } from "~/documents/types";
import { MODIFIERS, PLACE_OF_SERVICE, serviceCategory } from "./service-lines";
import { citeLine, docLines } from "../text/lines";
import { isDrugCode } from "../vocabulary/hcpcs";

interface W {
  text: string;
  /** upper-cased, letters/digits only (plus # and $) */
  norm: string;
  x: number;
  y: number;
  w: number;
  h: number;
  start: number;
  end: number;
  page: number;
}

export interface GridField<T> {
  value: T;
  citations: Citation[];
}

export interface Cms1500Diagnosis {
  letter: string;
  code: string;
  citations: Citation[];
}

export interface Cms1500Reading {
  /** 1-based pages that carry the form */
  pages: number[];
  lines: ServiceLine[];
  /** per line (same order as `lines`): 24J rendering NPI, 24E pointers resolved to box-21 codes, NDC */
  lineExtras: {
    rendering_npi: string | null;
    diagnosis_codes: string[];
    ndc: string | null;
    ndc_quantity: string | null;
    charge: number | null;
    emg: boolean;
  }[];
  member_id: GridField<string> | null;
  patient_name: GridField<{ first_name: string; last_name: string; middle_initial: string | null }> | null;
  birth_date: GridField<string> | null;
  sex: GridField<"male" | "female"> | null;
  /** item 17: qualifier DN (referring), DK (ordering) or DQ (supervising), name, 17b NPI */
  referring: GridField<{ name: string | null; npi: string | null; qualifier?: "DN" | "DK" | "DQ" | null }> | null;
  /** item 31: the signing physician or supplier's name as printed ("LAURA WHITEHORSE MD"), credential split off */
  signer: GridField<{ name: string; credential: string | null }> | null;
  billing_npi: GridField<string> | null;
  icd_indicator: string | null;
  diagnoses: Cms1500Diagnosis[];
  prior_authorization: GridField<string> | null;
}

const norm = (t: string) => t.toUpperCase().replace(/[^A-Z0-9#$]/g, "");

function lev(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 9;
  const d = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0];
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const t = d[j];
      d[j] = Math.min(d[j] + 1, d[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = t;
    }
  }
  return d[b.length];
}

/** a word that is (or, OCR-merged, contains) the caption word `key`; returns the x where `key` starts */
function captionX(w: W, key: string): number | null {
  const n = w.norm;
  if (!n) return null;
  if (n === key || (key.length >= 5 && lev(n, key) <= (key.length >= 8 ? 2 : 1))) return w.x;
  if (key.length >= 3 && n.length > key.length && n.includes(key)) return w.x + (w.w * n.indexOf(key)) / n.length;
  return null;
}

// ─────────────────────────────── deskew ───────────────────────────────

/** The shear (dy per dx) that lines the page's words up in rows best, within ±2.2°. */
function skewOf(words: W[]): number {
  if (words.length < 20) return 0;
  let best = 0;
  let bestScore = -1;
  for (let a = -2.2; a <= 2.2001; a += 0.05) {
    const t = Math.tan((a * Math.PI) / 180);
    const bins = new Map<number, number>();
    for (const w of words) {
      const cy = w.y + w.h / 2 - t * (w.x + w.w / 2);
      const k = Math.round(cy);
      bins.set(k, (bins.get(k) ?? 0) + 1);
    }
    let score = 0;
    for (const v of bins.values()) score += v * v;
    if (score > bestScore + 1e-9) {
      bestScore = score;
      best = t;
    }
  }
  return best;
}

function pageWords(p: DocumentPageText): W[] {
  const raw: W[] = p.words.map((w) => ({ text: w.text, norm: norm(w.text), x: w.x, y: w.y, w: w.w, h: w.h, start: w.start, end: w.end, page: p.page }));
  // a page without two item-24 caption words is no form: no deskew, no header search
  const anchors = new Set<string>();
  for (const w of raw) for (const k of ANCHORS) if (captionX(w, k) !== null) anchors.add(k);
  if (anchors.size < 2) return [];
  if (!p.ocr) return raw;
  const t = skewOf(raw);
  if (!t) return raw;
  return raw.map((w) => {
    const cx = w.x + w.w / 2;
    const cy = w.y + w.h / 2;
    return { ...w, x: w.x + t * cy, y: w.y - t * cx };
  });
}

// ─────────────────────────────── the item-24 header ───────────────────────────────

type Col = "A" | "Ato" | "B" | "C" | "D" | "mod" | "E" | "F" | "G" | "H" | "I" | "J";
const ORDER: Col[] = ["A", "Ato", "B", "C", "D", "mod", "E", "F", "G", "H", "I", "J"];
/**
 * Nominal left rules of the columns: the form's 10-characters-per-inch print grid (NUCC print
 * positions: 24A from 1, to 10, B 19, C 22, D 25, modifiers 32, E 44, F 48, G 60, H 64, I 66, J 68; box 3
 * at 30, the insured's column at 50, the right edge at 79), in characters.
 */
const NOMINAL: Record<Col, number> = { A: 1, Ato: 10, B: 19, C: 22, D: 25, mod: 32, E: 44, F: 48, G: 60, H: 64, I: 66, J: 68 };
const NOMINAL_BOX3 = 30;
const NOMINAL_INSURED = 50;
const NOMINAL_RIGHT = 79;
/** caption words of each column and how far the caption sits right of the column's left rule */
const CAPTIONS: { col: Col; key: string; inset: number }[] = [
  { col: "A", key: "DATES", inset: 20 },
  { col: "Ato", key: "TO", inset: 8 },
  { col: "B", key: "PLACE", inset: 2 },
  { col: "C", key: "EMG", inset: 2 },
  { col: "D", key: "PROCEDURES", inset: 10 },
  { col: "D", key: "CPTHCPCS", inset: 2 },
  { col: "mod", key: "MODIFIER", inset: 22 },
  { col: "E", key: "POINTER", inset: 2 },
  { col: "E", key: "DIAGNOSIS", inset: 2 },
  { col: "F", key: "CHARGES", inset: 18 },
  { col: "G", key: "DAYS", inset: 2 },
  { col: "G", key: "UNITS", inset: 2 },
  { col: "H", key: "EPSDT", inset: 1 },
  { col: "I", key: "QUAL", inset: 2 },
  { col: "J", key: "RENDERING", inset: 6 },
];
const ANCHORS = new Set(["PROCEDURES", "CPTHCPCS", "POINTER", "EPSDT", "RENDERING", "PLACE", "DAYS"]);

interface Header {
  cols: Record<Col, number>;
  /** x of a print position (characters → points) */
  at: (c: number) => number;
  /** y below which the service lines start */
  top: number;
  /** y of the box-25 captions (end of the lines area) */
  bottom: number;
}

function findHeader(words: W[]): Header | null {
  const hits: { col: Col; key: string; x: number; w: W }[] = [];
  for (const w of words)
    for (const c of CAPTIONS) {
      const x = captionX(w, c.key);
      if (x !== null) hits.push({ col: c.col, key: c.key, x: x - c.inset, w });
    }
  let best: { y: number; cols: Set<Col> } | null = null;
  for (const a of hits) {
    if (!ANCHORS.has(a.key)) continue;
    const cols = new Set(hits.filter((h) => Math.abs(h.w.y - a.w.y) <= 26 && h.col !== "Ato").map((h) => h.col));
    if (!best || cols.size > best.cols.size) best = { y: a.w.y, cols };
  }
  if (!best || best.cols.size < 4) return null;
  const band = hits.filter((h) => Math.abs(h.w.y - best.y) <= 26);
  // one x per column: the leftmost caption of the column in the band
  const found: Partial<Record<Col, number>> = {};
  for (const h of band) {
    if (h.col === "Ato" && h.w.norm !== "TO") continue;
    if (found[h.col] === undefined || h.x < found[h.col]!) found[h.col] = h.x;
  }
  // the captions must sit where the NUCC columns are: left to right, in proportion (at most one outlier);
  // label words in running text never line up so
  const known = ORDER.filter((c) => found[c] !== undefined);
  const fit = linearFit(known.map((c) => [NOMINAL[c], found[c]!]));
  if (!fit) return null;
  const TOL = 2.2 * fit.a; // points: about two print positions
  const resid = (c: Col, f: { a: number; b: number }) => Math.abs(f.a * NOMINAL[c] + f.b - found[c]!);
  const worst = [...known].sort((p, q) => resid(q, fit) - resid(p, fit))[0];
  if (resid(worst, fit) > TOL) delete found[worst];
  const kept = ORDER.filter((c) => found[c] !== undefined);
  const fit2 = linearFit(kept.map((c) => [NOMINAL[c], found[c]!]));
  if (!fit2 || kept.filter((c) => c !== "Ato").length < 4 || kept.some((c) => resid(c, fit2) > TOL)) return null;
  for (let i = 1; i < kept.length; i++) if (found[kept[i]]! <= found[kept[i - 1]]!) return null;
  const cols = {} as Record<Col, number>;
  for (const c of ORDER) cols[c] = found[c] ?? fit2.a * NOMINAL[c] + fit2.b;
  for (let i = 1; i < ORDER.length; i++) if (cols[ORDER[i]] <= cols[ORDER[i - 1]]) cols[ORDER[i]] = fit2.a * NOMINAL[ORDER[i]] + fit2.b;
  // the header's lowest caption row ends it ("MM DD YY", "CPT/HCPCS", "MODIFIER", "$ CHARGES", "PROVIDER ID. #")
  const xs = [cols.A - 10, cols.J + 150];
  const headerWords = words.filter(
    (w) =>
      w.y >= best.y - 4 &&
      w.y <= best.y + 34 &&
      w.x >= xs[0] &&
      w.x <= xs[1] &&
      /^(MM|DD|YY|CPTHCPCS|MODIFIER|CHARGES|\$|PROVIDER|ID|#|UNITS|POINTER|QUAL|PLAN|FAMILY|SERVICE\w*|EMG|FROM|TO)$/.test(w.norm),
  );
  const top = Math.max(...headerWords.map((w) => w.y + w.h), best.y + 8) + 1;
  const foot = words.filter((w) => w.y > top + 20 && (/^25\.?$/.test(w.text.trim()) || captionX(w, "FEDERAL") !== null)).sort((a, b) => a.y - b.y)[0];
  return { cols, at: (c: number) => fit2.a * c + fit2.b, top, bottom: foot ? foot.y - 1 : Infinity };
}

function linearFit(pts: [number, number][]): { a: number; b: number } | null {
  if (pts.length === 0) return null;
  if (pts.length === 1) return { a: 7.2, b: pts[0][1] - 7.2 * pts[0][0] };
  const n = pts.length;
  const mx = pts.reduce((s, p) => s + p[0], 0) / n;
  const my = pts.reduce((s, p) => s + p[1], 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of pts) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  const a = sxx ? sxy / sxx : 1;
  // a print position is 7.2 pt at 10 cpi on a page at scale; anything far from it is no fit
  if (!(a > 3.6 && a < 14.4)) return { a: 7.2, b: my - 7.2 * mx };
  return { a, b: my - a * mx };
}

// ─────────────────────────────── values ───────────────────────────────

function cite(doc: ParsedDocument, documentName: string, ws: W[]): Citation[] {
  return ws.map((w) => {
    const text = doc.pages[w.page - 1]?.text.slice(w.start, w.end) ?? w.text;
    return { document: documentName, page: w.page, start: w.start, end: w.end, text };
  });
}

/** OCR repairs inside a token that must be digits */
const digits = (t: string) =>
  t
    .replace(/[Oo]/g, "0")
    .replace(/[Il|]/g, "1")
    .replace(/S/g, "5")
    .replace(/B/g, "8")
    .replace(/[^0-9]/g, "");

function year(yy: string): number {
  if (yy.length === 4) return Number(yy);
  const n = Number(yy);
  const now = new Date().getUTCFullYear() % 100;
  return n <= now + 5 ? 2000 + n : 1900 + n;
}

/** "10 12 26", "101226", "10 12 2026", "10/12/26" → ISO */
export function gridDate(s: string): string | null {
  const d = digits(s.replace(/[/.-]/g, " "));
  if (d.length !== 6 && d.length !== 8) return null;
  const mm = Number(d.slice(0, 2));
  const dd = Number(d.slice(2, 4));
  const y = year(d.slice(4));
  if (mm < 1 || mm > 12 || dd < 1 || dd > 31) return null;
  return `${y}-${String(mm).padStart(2, "0")}-${String(dd).padStart(2, "0")}`;
}

const CODE_SHAPE = /^(?:[ABCEGHJKLMPQRSTV]\d{4}|\d{4}[FTU]|\d{5})$/;

/** a 24D code token with OCR repairs (O→0, l→1 in digit positions) */
function readCode(t: string): string | null {
  const s = t.toUpperCase().replace(/[^A-Z0-9]/g, "");
  if (s.length !== 5) return null;
  const fixDigits = (x: string) => x.replace(/O/g, "0").replace(/[IL]/g, "1").replace(/S/g, "5").replace(/B/g, "8").replace(/Z/g, "2");
  const cands = [s, fixDigits(s), s[0] + fixDigits(s.slice(1)), fixDigits(s.slice(0, 4)) + s[4]];
  return cands.find((c) => CODE_SHAPE.test(c)) ?? null;
}

/**
 * An item-21 diagnosis as OCR read it ("K50012", "W01.OXXA") → the dotted ICD-10-CM code ("W01.0XXA"),
 * or null when it cannot be one. Source: ICD-10-CM code shape (a letter, a digit, then alphanumerics;
 * U reserved; no O or I after the first character).
 */
export function icd(t: string): string | null {
  let s = t.toUpperCase().replace(/[^A-Z0-9]/g, "");
  if (s.length < 3 || s.length > 7) return null;
  // ICD-10-CM codes open with a letter: OCR's digit look-alikes of the first character are repaired
  const first: Record<string, string> = { "0": "O", "1": "I", "2": "Z", "4": "A", "5": "S", "6": "G", "7": "Z", "8": "B" };
  // (ICD-10-CM never uses the letters O or I after the first character: "W01.OXXA" is W01.0XXA)
  s = (first[s[0]] ?? s[0]) + s.slice(1, 3).replace(/O/g, "0").replace(/[IL]/g, "1") + s.slice(3).replace(/O/g, "0").replace(/I/g, "1");
  if (!/^[A-Z]\d[0-9A-Z][0-9A-Z]{0,4}$/.test(s) || s[0] === "U") return null;
  return s.length > 3 ? `${s.slice(0, 3)}.${s.slice(3)}` : s;
}

function titleCase(s: string): string {
  return s.toLowerCase().replace(/(^|[\s'-])([a-z])/g, (_, a: string, b: string) => a + b.toUpperCase());
}

function rows(ws: W[], tol: number): W[][] {
  const sorted = [...ws].sort((a, b) => a.y + a.h / 2 - (b.y + b.h / 2));
  const out: W[][] = [];
  for (const w of sorted) {
    const cy = w.y + w.h / 2;
    const last = out[out.length - 1];
    if (last && Math.abs(cy - last.reduce((s, x) => s + x.y + x.h / 2, 0) / last.length) <= tol) last.push(w);
    else out.push([w]);
  }
  for (const r of out) r.sort((a, b) => a.x - b.x);
  return out;
}

/** the first caption word matching `key` (optionally after `after` on the same row) */
function findCaption(words: W[], key: string, opts: { next?: string; maxY?: number; minX?: number } = {}): W | null {
  for (const w of words) {
    if (opts.maxY !== undefined && w.y > opts.maxY) continue;
    if (opts.minX !== undefined && w.x < opts.minX) continue;
    if (captionX(w, key) === null) continue;
    if (opts.next) {
      const nx = words.find((v) => v !== w && Math.abs(v.y - w.y) < 4 && v.x > w.x && v.x - (w.x + w.w) < 40 && captionX(v, opts.next!) !== null);
      if (!nx) continue;
    }
    return w;
  }
  return null;
}

/** data words of a box whose caption is `cap`: the row(s) below the caption inside [x0, x1) */
function boxValue(words: W[], cap: W, x0: number, x1: number, depth = 20): W[] {
  return words.filter((w) => w.y > cap.y + cap.h * 0.6 && w.y < cap.y + depth && w.x >= x0 && w.x < x1 && w !== cap);
}

// ─────────────────────────────── the reader ───────────────────────────────

/** Whether `doc` carries a CMS-1500 grid, and which pages. */
export function cms1500Pages(doc: ParsedDocument): number[] {
  return doc.pages.filter((p) => findHeader(pageWords(p))).map((p) => p.page);
}

/**
 * Reads every CMS-1500 page of `doc` by its grid; null when no page carries the form.
 * `documentName` names the case document in citations.
 */
export function readCms1500(doc: ParsedDocument, documentName = "fax"): Cms1500Reading | null {
  const out: Cms1500Reading = {
    pages: [],
    lines: [],
    lineExtras: [],
    member_id: null,
    patient_name: null,
    birth_date: null,
    sex: null,
    referring: null,
    signer: null,
    billing_npi: null,
    icd_indicator: null,
    diagnoses: [],
    prior_authorization: null,
  };
  for (const p of doc.pages) {
    const words = pageWords(p);
    const header = findHeader(words);
    if (!header) continue;
    out.pages.push(p.page);
    readTopBoxes(doc, documentName, words, header, out);
    readLines(doc, documentName, words, header, out);
  }
  if (!out.pages.length) return null;
  out.lines.forEach((l, i) => (l.line_number = i + 1));
  return out;
}

function readTopBoxes(doc: ParsedDocument, dn: string, words: W[], header: Header, out: Cms1500Reading): void {
  const above = words.filter((w) => w.y < header.top - 20);
  const right = header.at(NOMINAL_RIGHT) + 20;
  const mid2 = header.at(NOMINAL_INSURED); // the insured's column (1a, 4, 7, 11 …)
  const mid1 = header.at(NOMINAL_BOX3); // patient's column | box 3, 6, 8, 10

  // 1a insured's ID number
  if (!out.member_id) {
    const cap = findCaption(above, "INSUREDS", { next: "ID" }) ?? findCaption(above, "1A");
    if (cap) {
      const v = boxValue(above, cap, cap.x - 8, right).filter((w) => /\d/.test(w.text) && w.norm.length >= 4);
      if (v[0]) out.member_id = { value: v[0].text.replace(/[^A-Za-z0-9-]/g, ""), citations: cite(doc, dn, [v[0]]) };
    }
  }
  // 2 patient's name (Last, First MI)
  if (!out.patient_name) {
    const cap = findCaption(above, "PATIENTS", { next: "NAME" });
    if (cap) {
      const v = boxValue(above, cap, cap.x - 10, cap.x + (mid1 - header.cols.A) - 6).filter((w) => /[A-Za-z]/.test(w.text));
      const text = v.map((w) => w.text).join(" ");
      const m = /^\s*([A-Za-z'-]+(?:\s+[A-Za-z'-]+)?)\s*,\s*([A-Za-z'-]+)(?:\s+([A-Za-z])\.?)?/.exec(text);
      if (m)
        out.patient_name = {
          value: { last_name: titleCase(m[1]), first_name: titleCase(m[2]), middle_initial: m[3]?.toUpperCase() ?? null },
          citations: cite(doc, dn, v),
        };
    }
  }
  // 3 patient's birth date and sex
  if (!out.birth_date) {
    const cap = findCaption(above, "BIRTH", { next: "DATE" });
    if (cap) {
      const x0 = Math.min(cap.x - 40, mid1 - 10);
      const v = boxValue(above, cap, x0, mid2 - 4, 24).filter((w) => w.y > cap.y + 4);
      const dateWords = v.filter((w) => /\d/.test(w.text)).slice(0, 3);
      const iso = gridDate(dateWords.map((w) => w.text).join(" "));
      if (iso) out.birth_date = { value: iso, citations: cite(doc, dn, dateWords) };
      const mark = v.find((w) => /^[Xx×]$/.test(w.text));
      const near = (w: W) => w.x > x0 && w.x < mid2 && Math.abs(w.y - cap.y) < 14;
      const merged = above.find((w) => w.norm === "MF" && near(w));
      const mx = merged ? merged.x : above.find((w) => w.norm === "M" && near(w))?.x;
      const fx = merged ? merged.x + merged.w : above.find((w) => w.norm === "F" && near(w))?.x;
      if (mark && mx !== undefined && fx !== undefined)
        out.sex = { value: Math.abs(mark.x - mx) <= Math.abs(mark.x - fx) ? "male" : "female", citations: cite(doc, dn, [mark]) };
    }
  }
  // 17 referring provider, 17b NPI
  if (!out.referring) {
    const cap = findCaption(above, "REFERRING", { next: "PROVIDER" });
    if (cap) {
      const nameWords = boxValue(above, cap, cap.x - 30, mid1 - 4).filter((w) => /[A-Za-z]/.test(w.text));
      const names = nameWords.filter((w, i) => !(i === 0 && /^D[NKQ]$/.test(w.norm)));
      // the qualifier is printed left of the name, often in the narrow 17 qualifier cell left of the caption
      const qualWord = names[0]
        ? above.find((w) => /^D[NKQ]$/.test(w.norm) && Math.abs(w.y - names[0].y) < 5 && w.x < names[0].x && names[0].x - w.x < 80)
        : undefined;
      const qual = qualWord ? (qualWord.norm as "DN" | "DK" | "DQ") : null;
      const npiCap = above.find((w) => w.norm === "NPI" && w.y > cap.y && w.y < cap.y + 30 && w.x > mid1 - 20 && w.x < mid2);
      const npiWord = above.find(
        (w) => /^\d{10}$/.test(digits(w.text)) && w.norm.length >= 10 && w.y > cap.y && w.y < cap.y + 32 && w.x > (npiCap?.x ?? mid1) && w.x < mid2,
      );
      const name = names.length ? titleCase(names.map((w) => w.text).join(" ")) : null;
      if (name || npiWord)
        out.referring = {
          value: { name, npi: npiWord ? digits(npiWord.text) : null, qualifier: qual },
          citations: cite(doc, dn, [...names, ...(npiWord ? [npiWord] : [])]),
        };
    }
  }
  // 21 diagnoses A–L with the ICD indicator
  if (!out.diagnoses.length) {
    const cap = findCaption(above, "DIAGNOSIS", { next: "OR" }) ?? findCaption(above, "NATURE");
    if (cap) {
      const box22 = above.find((w) => (/^22\.?$/.test(w.text) || captionX(w, "RESUBMISSION") !== null) && Math.abs(w.y - cap.y) < 10);
      const x1 = box22 ? box22.x - 4 : mid2 - 4;
      const region = above.filter((w) => w.y > cap.y - 4 && w.y < header.top - 24 && w.x >= cap.x - 10 && w.x < x1);
      const ind = region.find((w) => /^[09]$/.test(w.text) && w.y < cap.y + 8 && w.x > cap.x + 150);
      out.icd_indicator = ind?.text ?? null;
      const letters = region.filter((w) => /^[A-L][.,]?$/.test(w.text) && w.y > cap.y + 6);
      const codes = region.filter((w) => w.y > cap.y + 6 && !letters.includes(w) && icd(w.text));
      const used = new Set<string>();
      codes.sort((a, b) => (Math.abs(a.y - b.y) < 6 ? a.x - b.x : a.y - b.y));
      // where a letter caption was lost to OCR, the box's 4 × 3 layout names the code: row of the
      // preprinted letters (A–D, E–H, I–L) and quarter of the box's width
      const letterRows = rows(
        region.filter((w) => w.y > cap.y + 6),
        4,
      ).map((r) => r.reduce((a, w) => a + w.y + w.h / 2, 0) / r.length);
      const quarter = (x1 - cap.x) / 4;
      codes.forEach((c, i) => {
        const lab = letters.filter((l) => Math.abs(l.y + l.h / 2 - (c.y + c.h / 2)) < 7 && l.x < c.x && c.x - l.x < 60).sort((a, b) => b.x - a.x)[0];
        const cy = c.y + c.h / 2;
        const row = letterRows.findIndex((y) => Math.abs(y - cy) < 5);
        const col = Math.min(3, Math.max(0, Math.floor((c.x - cap.x) / quarter)));
        const geometric = row >= 0 && row < 3 ? String.fromCharCode(65 + row * 4 + col) : String.fromCharCode(65 + i);
        let letter = lab ? lab.text[0] : geometric;
        if (used.has(letter)) letter = geometric;
        used.add(letter);
        out.diagnoses.push({ letter, code: icd(c.text)!, citations: cite(doc, dn, [c]) });
      });
      // an unreadable indicator: ICD-10-CM codes (letter first) say "0"
      if (!out.icd_indicator && out.diagnoses.length) out.icd_indicator = "0";
    }
  }
  // 23 prior authorization number
  if (!out.prior_authorization) {
    const cap = findCaption(above, "AUTHORIZATION", { next: "NUMBER" }) ?? findCaption(above, "PRIOR", { next: "AUTHORIZATION" });
    if (cap) {
      const v = boxValue(above, cap, cap.x - 40, right, 22).filter((w) => w.norm.length >= 3);
      if (v.length) out.prior_authorization = { value: v.map((w) => w.text).join(" "), citations: cite(doc, dn, v) };
    }
  }
  // 31 signature of physician or supplier (including degrees or credentials)
  if (!out.signer) out.signer = readSigner(doc, dn, words, header);
  // 33a billing provider NPI
  if (!out.billing_npi) {
    const below = words.filter((w) => w.y > header.bottom);
    const cap33 = findCaption(below, "BILLING", { next: "PROVIDER" });
    if (cap33) {
      const npis = below
        .filter((w) => w.x > cap33.x - 20 && w.y > cap33.y + 20 && /^\d{10}$/.test(digits(w.text)) && w.norm.length >= 10)
        .sort((a, b) => a.x - b.x);
      if (npis[0]) out.billing_npi = { value: digits(npis[0].text), citations: cite(doc, dn, [npis[0]]) };
    }
  }
}

/** the preprinted words of box 31 and its neighbours: never part of the signer's name */
const BOX31_CAPTION =
  /^(?:31|SIGNATURE|OF|PHYSICIAN|OR|SUPPLIER|INCLUDING|DEGREES|CREDENTIALS|I|CERTIFY|THAT|THE|STATEMENTS|ON|REVERSE|APPLY|TO|THIS|BILL|AND|ARE|MADE|A|PART|THEREOF|SIGNED|DATE|NPI|B)$/;
/** a degree or credential printed after the signer's name ("MD", "PT DPT", "CNP") */
const CREDENTIAL_WORD =
  /^(?:MD|DO|NP|NPC|PA|PAC|MA|MS|MED|MPT|MSPT|MOT|CCC|RRT|LPC|LMFT|DPM|DPT|PT|OT|OTR|OTRL|SLP|CCCSLP|FNP|FNPC|APRN|CNP|CRNP|DNP|OD|DDS|DMD|PHD|RN|DC|AUD|LCSW|PSYD|LAC|ND|DACM|DAOM|LMT|CNM|LM|CPM)$/;

/** words of a supplier's, facility's or group's name, never of a person's */
const ORGANIZATION_WORD =
  /^(?:MEDICAL|HOME|SUPPLY|SUPPLIES|EQUIPMENT|DME|HEALTH|HEALTHCARE|CARE|CENTER|CENTRE|CLINIC|HOSPITAL|GROUP|ASSOCIATES|ASSOC|PARTNERS|SERVICES|PHARMACY|INC|LLC|LLP|PC|PA|CORP|COMPANY|CO|RESPIRATORY|OXYGEN|IMAGING|LABORATORY|LAB|REHAB|REHABILITATION|THERAPY|ONCOLOGY|INFUSION|SPECIALTY|SLEEP|SURGERY|ORTHOPAEDIC|ORTHOPEDIC|PHYSICIANS|NETWORK|SYSTEM|INSTITUTE|UNIVERSITY)$/;

/**
 * Item 31 (signature of physician or supplier, including degrees or credentials): the name typed in
 * the box, left of box 32, between the caption and the signed date. Rows carrying a preprinted word
 * of the box ("(I certify that the statements on the reverse …)", "SIGNED DATE") or a digit are no
 * name; a supplier's box left blank or signed "SIGNATURE ON FILE" gives null (NUCC 1500 manual, item 31).
 */
function readSigner(doc: ParsedDocument, dn: string, words: W[], header: Header): GridField<{ name: string; credential: string | null }> | null {
  const below = words.filter((w) => w.y > header.bottom - 2);
  const cap = findCaption(below, "SIGNATURE", { next: "OF" });
  if (!cap) return null;
  const svc = below.find((w) => Math.abs(w.y - cap.y) < 6 && w.x > cap.x + 40 && captionX(w, "FACILITY") !== null);
  const num32 = svc && below.find((w) => Math.abs(w.y - svc.y) < 6 && w.x < svc.x && svc.x - w.x < 90 && /^32\.?$/.test(w.text.trim()));
  const service = svc && below.find((w) => Math.abs(w.y - svc.y) < 6 && w.x < svc.x && svc.x - w.x < 60 && captionX(w, "SERVICE") !== null);
  const x1 = (num32 ?? service ?? svc)?.x ?? header.at(26);
  const end = below.find((w) => w.norm === "SIGNED" && w.y > cap.y + 10 && w.x < x1)?.y ?? cap.y + 110;
  const region = below.filter((w) => w.y > cap.y + cap.h * 0.6 && w.y < end - 1 && w.x >= cap.x - 20 && w.x + w.w / 2 < x1 - 2);
  for (const row of rows(region, 4)) {
    const ws = row.filter((w) => w.norm);
    if (ws.length < 2 || ws.some((w) => /\d/.test(w.text) || BOX31_CAPTION.test(w.norm))) continue;
    if (!ws.every((w) => /^[A-Za-z][A-Za-z.,'-]*$/.test(w.text))) continue;
    let k = ws.length;
    while (k > 2 && CREDENTIAL_WORD.test(ws[k - 1].norm)) k--;
    const nameWords = ws.slice(0, k);
    // a name never opens with a degree (a row of credentials alone is no name)
    if (CREDENTIAL_WORD.test(nameWords[0].norm)) continue;
    // a supplier's or group's name ("RIVERSIDE HOME MEDICAL SUPPLY") is no practitioner
    if (k === ws.length && nameWords.some((w) => ORGANIZATION_WORD.test(w.norm))) continue;
    const creds = ws.slice(k).map((w) => w.text.replace(/[.,]/g, "").toUpperCase());
    return {
      value: { name: titleCase(nameWords.map((w) => w.text.replace(/,$/, "")).join(" ")), credential: creds.length ? creds.join(", ") : null },
      citations: cite(doc, dn, ws),
    };
  }
  return null;
}

function colOf(h: Header, x: number): Col {
  let c: Col = "A";
  for (const k of ORDER) if (x + 3 >= h.cols[k]) c = k;
  return c;
}

function readLines(doc: ParsedDocument, dn: string, words: W[], h: Header, out: Cms1500Reading): void {
  const area = words.filter(
    (w) =>
      w.y >= h.top &&
      w.y + w.h / 2 < h.bottom &&
      w.x + w.w > h.cols.A - 2 &&
      // the preprinted "NPI" of 24I and the line numbers 1–6 in the left margin are the form's
      !(w.norm === "NPI" && colOf(h, w.x) === "I") &&
      !(/^[1-6]$/.test(w.text) && w.x + w.w <= h.cols.A + 2),
  );
  if (!area.length) return;
  const hs = area.map((w) => w.h).sort((a, b) => a - b);
  const medH = hs[Math.floor(hs.length / 2)];
  const rs = rows(area, Math.max(2.5, medH * 0.45));
  const isMain = (r: W[]) =>
    r.some((w) => colOf(h, w.x) === "D" && readCode(w.text)) && r.some((w) => ["A", "Ato", "B", "G", "J"].includes(colOf(h, w.x)) && /\d/.test(w.text));
  let prevMain = -1;
  rs.forEach((r, ri) => {
    if (!isMain(r)) return;
    const cy = r.reduce((s, w) => s + w.y + w.h / 2, 0) / r.length;
    // the shaded supplemental row: rows above this line (after the previous line) within ~1.6 row heights
    const supp = rs.slice(prevMain + 1, ri).filter((s) => !isMain(s) && cy - s.reduce((a, w) => a + w.y + w.h / 2, 0) / s.length < medH * 2.6);
    prevMain = ri;
    out.lines.push(readLine(doc, dn, h, r, supp.flat(), out));
  });
}

function readLine(doc: ParsedDocument, dn: string, h: Header, r: W[], supp: W[], out: Cms1500Reading): ServiceLine {
  const by = (c: Col) => r.filter((w) => colOf(h, w.x) === c);
  const fromWords = by("A");
  const toWords = by("Ato");
  // a date printed across the from/to rule still reads as six digits in order
  const aDigits = [...fromWords, ...toWords].map((w) => digits(w.text)).join("");
  let from = gridDate(fromWords.map((w) => w.text).join(" "));
  let to = gridDate(toWords.map((w) => w.text).join(" "));
  if (!from && (aDigits.length === 12 || aDigits.length === 16)) {
    from = gridDate(aDigits.slice(0, aDigits.length / 2));
    to = gridDate(aDigits.slice(aDigits.length / 2));
  } else if (!from && (aDigits.length === 6 || aDigits.length === 8)) from = gridDate(aDigits);
  const posWords = by("B");
  const posD = digits(posWords.map((w) => w.text).join(""));
  const pos = posD.length === 2 ? posD : null;
  const emgWords = by("C");
  const dWords = [...by("D"), ...by("mod")];
  const codeWord = dWords.find((w) => readCode(w.text));
  let code = codeWord ? readCode(codeWord.text) : null;
  const modWords = dWords.filter((w) => w !== codeWord && codeWord && w.x > codeWord.x);
  const modifiers = modWords
    .flatMap((w) =>
      w.text
        .toUpperCase()
        .replace(/[^A-Z0-9 ]/g, " ")
        .trim()
        .split(/\s+/),
    )
    .filter((m) => /^[A-Z0-9]{2}$/.test(m))
    .slice(0, 4);
  const eWords = by("E");
  const pointerText = eWords
    .map((w) => w.text.toUpperCase())
    .join("")
    .replace(/[^A-L1-4]/g, "");
  const letters = [...pointerText].map((c) => (/\d/.test(c) ? String.fromCharCode(64 + Number(c)) : c));
  const fWords = by("F").filter((w) => /\d/.test(w.text));
  let charge: number | null = null;
  if (fWords.length) {
    const t = fWords.map((w) => w.text.replace(/[$,]/g, "")).join(" ");
    const m = /^(\d+)(?:[ .](\d{2}))?$/.exec(t.trim());
    if (m) charge = Number(`${m[1]}.${m[2] ?? "00"}`);
  }
  const gWords = by("G").filter((w) => /[\dlIO]/.test(w.text));
  const unitsText = gWords
    .map((w) => w.text)
    .join("")
    .replace(/[lI|]/g, "1")
    .replace(/O/g, "0")
    .replace(/[^0-9.]/g, "");
  const units = unitsText && Number.isFinite(Number(unitsText)) && Number(unitsText) > 0 ? Number(unitsText) : null;
  const jWords = by("J").filter((w) => digits(w.text).length >= 8);
  const npi = jWords.length ? digits(jWords.map((w) => w.text).join("")) : null;
  // supplemental row: N4 + 11-digit NDC + unit qualifier + quantity, or a narrative
  const suppSorted = [...supp].sort((a, b) => a.x - b.x);
  const suppText = suppSorted.map((w) => w.text).join(" ");
  const ndcM = /\bN4\s*([0-9OoIl]{11})\s*(UN|ML|GR|F2|ME)\s*([\dSOoIlB.,]+)/i.exec(
    suppText.replace(/\s+(?=\d)/g, (s, i: number) => (/N4$/i.test(suppText.slice(0, i)) ? "" : s)),
  );
  const ndc = ndcM ? digits(ndcM[1]) : null;
  // an NDC supplemental row goes with a drug code (HCPCS J…): OCR's "1" for a J is repaired there
  if (ndc && code && /^1\d{4}$/.test(code) && codeWord && /^[1lIJ]/.test(codeWord.text)) code = `J${code.slice(1)}`;
  const narrative = !ndcM && /[A-Za-z]{3,}/.test(suppText) ? suppText.trim() : null;
  const description = narrative;
  const dx = letters.map((l) => out.diagnoses.find((d) => d.letter === l)?.code).filter((c): c is string => !!c);
  const read = [codeWord, ...fromWords, ...toWords, ...posWords, ...modWords, ...eWords, ...fWords, ...gWords, ...jWords, ...suppSorted].filter(
    (w): w is W => !!w,
  );
  out.lineExtras.push({
    rendering_npi: npi && npi.length === 10 ? npi : null,
    diagnosis_codes: dx,
    ndc,
    ndc_quantity: ndcM ? `${ndcM[2].toUpperCase()}${ndcM[3].replace(/[SOoIlB]/g, (c) => digits(c))}` : null,
    charge,
    emg: emgWords.some((w) => /^Y$/i.test(w.text)),
  });
  return {
    line_number: out.lines.length + 1,
    code,
    description,
    category: serviceCategory(code, description),
    units: units ?? 1,
    date_of_service: from,
    date_of_service_end: to && from && to !== from && to > from ? to : null,
    place_of_service: pos,
    site_of_care: pos ? (PLACE_OF_SERVICE[pos]?.toLowerCase() ?? null) : null,
    modifiers,
    ordering_provider: out.referring?.value.name ?? null,
    rendering_provider: null,
    // every pointer read resolves to a diagnosis of item 21: otherwise the line's diagnoses are unknown
    ...(letters.length && dx.length === letters.length ? { diagnosis_codes: dx } : {}),
    citations: cite(doc, dn, read),
  };
}

// ─────────────────────────────── case facts from the grid ───────────────────────────────

/** The patient of boxes 1a, 2 and 3 over `base` (the text reading), field by field where the grid has it. */
export function gridPatient(g: Cms1500Reading, base: ExtractedPatient): ExtractedPatient {
  const cites = [g.patient_name, g.birth_date, g.member_id, g.sex].flatMap((f) => f?.citations ?? []);
  if (!cites.length) return base;
  return {
    ...base,
    first_name: g.patient_name?.value.first_name ?? base.first_name,
    last_name: g.patient_name?.value.last_name ?? base.last_name,
    birth_date: g.birth_date?.value ?? base.birth_date,
    gender: g.sex?.value ?? base.gender,
    member_id: g.member_id?.value ?? base.member_id,
    citations: cites,
  };
}

/**
 * The practitioner of the claim (NUCC 1500 manual): the rendering practitioner who signs item 31
 * ("including degrees or credentials"), with the 24J rendering NPI of the lines (else the 33a
 * billing NPI). Item 17 is another provider: the referring (DN) or supervising (DQ) provider is
 * never the practitioner; the ordering provider (DK) is, when item 31 names no person (a
 * supplier's claim for equipment or supplies the ordering physician prescribed). Without either,
 * the text reading, given the 24J (else 33a) NPI when it has none.
 */
export function gridPractitioner(g: Cms1500Reading, base: ExtractedPractitioner): ExtractedPractitioner {
  const rendering = g.lineExtras.find((e) => e.rendering_npi)?.rendering_npi ?? null;
  const gridNpi = rendering ?? g.billing_npi?.value ?? null;
  const signer = g.signer?.value;
  const ref = g.referring?.value;
  const ordering = !signer && ref?.name && ref.qualifier === "DK" ? ref : null;
  const printed = signer ? signer.name : ordering?.name;
  if (printed) {
    // "ADAEZE NWOSU MD": the trailing degree is the credential, not the last name
    const cred = /[\s,]+(MD|DO|NP|PA-?C|PA|DPM|DPT|PT|FNP|APRN|CNP|CRNP|DNP|OD|DDS|DMD|PhD)\.?$/i.exec(printed);
    const name = cred ? printed.slice(0, cred.index).trim() : printed;
    const parts = name.split(/\s+/);
    const npi = ordering ? (ordering.npi ?? base.npi) : (gridNpi ?? base.npi);
    const same = base.full_name?.toLowerCase() === name.toLowerCase();
    const credential = signer?.credential?.split(", ")[0] ?? (cred ? cred[1].toUpperCase() : same ? base.credential : null);
    return {
      ...base,
      full_name: name,
      first_name: parts[0] ?? null,
      last_name: parts.length > 1 ? parts[parts.length - 1] : null,
      credential,
      npi,
      npi_valid: npi ? isValidNpi(npi) : null,
      citations: (signer ? g.signer! : g.referring!).citations,
    };
  }
  if (base.npi) return base;
  return gridNpi ? { ...base, npi: gridNpi, npi_valid: isValidNpi(gridNpi) } : base;
}

/** Box 21's diagnoses in letter order (A is primary); descriptions kept from the text reading. */
export function gridDiagnoses(g: Cms1500Reading, base: ExtractedDiagnosis[]): ExtractedDiagnosis[] {
  if (!g.diagnoses.length) return base;
  return [...g.diagnoses]
    .sort((a, b) => a.letter.localeCompare(b.letter))
    .map((d, i) => ({ code: d.code, description: base.find((b) => b.code === d.code)?.description ?? null, primary: i === 0, citations: d.citations }));
}

// ─────────────────────────────── rows without captions ───────────────────────────────

/**
 * An item-24 line as printed by a practice-management system, when the form's captions are gone (a
 * fax of the drop-out red form keeps only the typed data): "[1-6] MM DD YY MM DD YY POS [EMG] CODE
 * [MOD…] POINTERS DOLLARS CENTS UNITS [NPI] [10-digit NPI]".
 */
const ROW_RE =
  /^\s*(?:[1-6]\s+)?(\d{2}\s?\d{2}\s?\d{2}(?:\d{2})?)\s+(?:(\d{2}\s?\d{2}\s?\d{2}(?:\d{2})?)\s+)?(\d{2})\s+(?:([Yy])\s+)?([ABCEGHJKLMPQRSTV]\d{4}|\d{4}[FTU]|\d{5})((?:\s+[A-Z0-9]{2}){0,4})(?:\s+([A-La-l]{1,4}))?\s+([\d,]+)[\s.](\d{2})\s+(\d{1,4}(?:\.\d+)?)(?:\s+(?:NPI\s+)?(\d{10}))?\b/;
/** the start of an item-24 row: from and to dates (MM DD YY), place of service and a five-character code */
const ROW_START = /^\s*(?:[1-6]\s+)?\d{2}\s\d{2}\s\d{2}\s+\d{2}\s\d{2}\s\d{2}\s+\d{2}\s+[A-Za-z0-9]{5}\b/;
const NDC_ROW = /^\s*N4\s*(\d{11})\s*(UN|ML|GR|F2|ME)\s*([\d.]+)/i;

/** an item-24 row whose code or units token OCR damaged ("Jo271", units "a"): the same columns, any five-character code, any short units token */
const ROW_LOOSE_RE =
  /^\s*(?:[1-6]\s+)?(\d{2}\s?\d{2}\s?\d{2}(?:\d{2})?)\s+(?:(\d{2}\s?\d{2}\s?\d{2}(?:\d{2})?)\s+)?(\d{2})\s+(?:([Yy])\s+)?([A-Za-z0-9]{5})((?:\s+[A-Z0-9]{2}){0,4})(?:\s+([A-La-l]{1,4}))?\s+([\d,]+)[\s.](\d{2})\s+(\S{1,4})(?:\s+(?:NPI\s+)?(\d{10}))?\b/;

/** an item-24 row whose 24B place-of-service token OCR damaged ("i" for "11"): the same columns with any one- or two-glyph token there and a well-formed code */
const ROW_POS_DAMAGED_RE =
  /^\s*(?:[1-6]\s+)?(\d{2}\s?\d{2}\s?\d{2}(?:\d{2})?)\s+(?:(\d{2}\s?\d{2}\s?\d{2}(?:\d{2})?)\s+)?(\S{1,2})\s+(?:([Yy])\s+)?([ABCEGHJKLMPQRSTV]\d{4}|\d{4}[FTU]|\d{5})((?:\s+[A-Z0-9]{2}){0,4})(?:\s+([A-La-l]{1,4}))?\s+([\d,]+)[\s.](\d{2})\s+(\d{1,4}(?:\.\d+)?)(?:\s+(?:NPI\s+)?(\d{10}))?\b/;

/** the digits OCR commonly reads as other glyphs on a faxed Courier grid */
const GLYPH_DIGIT: Record<string, string> = { i: "1", I: "1", l: "1", "|": "1", "!": "1", o: "0", O: "0", D: "0", Z: "2", z: "2", S: "5", s: "5", B: "8" };

/**
 * Whether `token`, a damaged 24B place-of-service token, can be a misreading of the two-digit `pos`:
 * each glyph reads as the digit in its position (GLYPH_DIGIT), and a single glyph can only stand for
 * a code of one repeated digit ("i" for "11", two narrow glyphs run together). Pure.
 */
export function damagedPosFits(token: string, pos: string): boolean {
  const asDigit = (c: string) => (/\d/.test(c) ? c : (GLYPH_DIGIT[c] ?? null));
  if (token.length === 2) return [...token].every((c, i) => asDigit(c) === pos[i]);
  if (token.length === 1) return pos[0] === pos[1] && asDigit(token) === pos[0];
  return false;
}

/**
 * The from date of an item-24 row whose from date OCR damaged ("10 65 26") while its to date reads
 * ("10 05 26"): the to date when the two differ in exactly one digit — a one-day line, its from and
 * to printed the same and one glyph misread. Null otherwise (no date is guessed). Pure.
 */
export function damagedFromDate(fromToken: string, toToken: string | undefined): string | null {
  if (!toToken) return null;
  const a = fromToken.replace(/\s/g, "");
  const b = toToken.replace(/\s/g, "");
  if (a.length !== b.length) return null;
  const diff = [...a].filter((c, i) => c !== b[i]).length;
  return diff === 1 ? gridDate(toToken) : null;
}

/**
 * A 24D code token OCR damaged in its digit positions ("Jo271": the second character a letter where
 * HCPCS level II has a digit) resolved against `known` (the codes the plan's medical policies
 * govern): each non-digit in a digit position may be any digit, and the token is read as the one
 * known code it then fits. null when it fits none or more than one (the row is not read: a code is
 * never guessed), or when the token is no damaged code at all.
 */
export function repairedRowCode(token: string, known: string[]): string | null {
  const s = token.toUpperCase();
  if (CODE_SHAPE.test(s)) return s;
  // HCPCS level II: a letter and four digits; CPT: five digits (or four and F/T/U)
  const slots = /^[A-Z]/.test(s) && !/^[OIL]/.test(s) ? [false, true, true, true, true] : [true, true, true, true, /\d/.test(s[4])];
  const pattern = new RegExp(`^${[...s].map((c, i) => (slots[i] && !/\d/.test(c) ? "\\d" : c.replace(/[^A-Z0-9]/g, "."))).join("")}$`);
  const fits = [...new Set(known.map((k) => k.trim().toUpperCase()))].filter((k) => CODE_SHAPE.test(k) && pattern.test(k));
  return fits.length === 1 ? fits[0] : null;
}

/**
 * The 24D modifiers of a caption-less row. With the 24E pointer column unread, a last "modifier" of
 * pointer letters (A–L) that is no known modifier ("AB") is the pointer, not a modifier.
 */
function rowModifiers(mods: string, pointer: string | undefined): string[] {
  const out = mods.trim() ? mods.trim().split(/\s+/) : [];
  const last = out[out.length - 1];
  if (!pointer && last && /^[A-La-l]{1,4}$/.test(last) && !MODIFIERS.has(last.toUpperCase())) out.pop();
  return out;
}

/**
 * Service lines read from item-24 rows by their shape alone, for a claim form whose captions did not
 * survive (no grid to measure): [] when no line has the shape. A row whose code OCR damaged is read
 * when the code resolves to exactly one of `knownCodes` (repairedRowCode); its units, when OCR
 * damaged them too, are read as 1 — the billing units of a visit or an administration — except on a
 * drug code (HCPCS J, Q0/Q5), whose units are a dose: such a row is not read.
 */
export function readCms1500Rows(doc: ParsedDocument, documentName = "fax", knownCodes: string[] = []): ServiceLine[] {
  const lines = docLines(doc);
  const out: ServiceLine[] = [];
  lines.forEach((l, i) => {
    const strict = ROW_RE.exec(l.text);
    const loose = strict ? null : ROW_LOOSE_RE.exec(l.text);
    const posDamaged = strict || loose ? null : ROW_POS_DAMAGED_RE.exec(l.text);
    const m = strict ?? loose ?? posDamaged;
    if (!m) return;
    const to = m[2] ? gridDate(m[2]) : null;
    const from = gridDate(m[1]) ?? damagedFromDate(m[1], m[2]);
    // a damaged 24B is read as the place of service of the claim's other rows it can be a misreading of
    const pos = posDamaged
      ? (lines
          .map((o) => (o.page === l.page ? ROW_RE.exec(o.text)?.[3] : undefined))
          .find((p): p is string => !!p && !!PLACE_OF_SERVICE[p] && damagedPosFits(m[3], p)) ?? null)
      : m[3];
    if (!from || !pos || !PLACE_OF_SERVICE[pos]) return;
    const code = strict || posDamaged ? m[5] : repairedRowCode(m[5], knownCodes);
    if (!code) return;
    const unitsRead = /^\d{1,4}(?:\.\d+)?$/.test(m[10]) ? Number(m[10]) : null;
    if (unitsRead === null && isDrugCode(code)) return;
    const prev = lines[i - 1];
    const ndc = prev && prev.page === l.page ? NDC_ROW.exec(prev.text) : null;
    out.push({
      line_number: out.length + 1,
      code,
      description: null,
      category: serviceCategory(code, null),
      units: unitsRead ?? 1,
      date_of_service: from,
      date_of_service_end: to && to > from ? to : null,
      place_of_service: pos,
      site_of_care: PLACE_OF_SERVICE[pos].toLowerCase(),
      modifiers: rowModifiers(m[6], m[7]),
      ordering_provider: null,
      rendering_provider: null,
      citations: [citeLine(doc, documentName, l), ...(ndc ? [citeLine(doc, documentName, prev)] : [])],
    });
  });
  return out;
}

/** a caption-less box-31 row: "FIRST [MIDDLE] LAST CRED [CRED]" then box 32's street address */
const SIGNER_ROW =
  /^\s*([A-Z][A-Z'.-]+(?:\s+[A-Z][A-Z'.-]+){1,3}?),?\s+((?:MD|DO|NP|PA-?C|MA|MS|DPM|DPT|PT|OT|OTR\/?L|SLP|CCC-SLP|FNP|FNP-C|APRN|CNP|CRNP|DNP|OD|DDS|DMD|PHD|AUD|DC)(?:,?\s+(?:MD|DO|NP|PA-?C|MA|MS|DPM|DPT|PT|OT|OTR\/?L|SLP|CCC-SLP|FNP|FNP-C|APRN|CNP|CRNP|DNP|OD|DDS|DMD|PHD|AUD|DC))*)\s+\d/;
/** a caption-less item-17 row: "DK FIRST LAST [CRED] NPI" */
const ORDERING_ROW =
  /^\s*(DK|DN|DQ)\s+([A-Z][A-Z'.-]+(?:\s+[A-Z][A-Z'.-]+){1,3}?)(?:,?\s+(?:MD|DO|NP|PA-?C|DPM|APRN|CNP|CRNP|DNP|FNP))?\s+(?:17b\.?\s+)?(?:NPI\s+)?(\d{10})\b/;

/**
 * The practitioner of a claim form whose captions did not survive (a scan of the drop-out red form,
 * only the typed data left), read as on the grid (gridPractitioner): the item-31 signer, the row
 * below the item-24 rows that prints a name with its degree followed by box 32's street address,
 * with the 24J NPI ending the item-24 rows; without a signer, an ordering provider (DK) of item 17
 * with its 17b NPI. Null when the page has no item-24 row or neither is found.
 */
export function readCms1500RowsPractitioner(
  doc: ParsedDocument,
  documentName = "fax",
): { name: string; credential: string | null; npi: string | null; citations: Citation[] } | null {
  const lines = docLines(doc);
  const rowIdx = lines.map((l, i) => (ROW_RE.test(l.text) || ROW_START.test(l.text) ? i : -1)).filter((i) => i >= 0);
  if (!rowIdx.length) return null;
  const firstRow = lines[rowIdx[0]];
  const lastRow = rowIdx[rowIdx.length - 1];
  const npis = rowIdx.map((i) => /(\d{10})\s*$/.exec(lines[i].text)?.[1]).filter((n): n is string => !!n && isValidNpi(n));
  for (let i = lastRow + 1; i < lines.length && i <= lastRow + 8; i++) {
    const l = lines[i];
    if (l.page !== firstRow.page) break;
    const m = SIGNER_ROW.exec(l.text);
    if (!m || m[1].split(/\s+/).some((w) => ORGANIZATION_WORD.test(norm(w)) || BOX31_CAPTION.test(norm(w)))) continue;
    const creds = m[2].split(/[,\s]+/).filter(Boolean);
    return { name: titleCase(m[1]), credential: creds[0] ?? null, npi: npis[0] ?? null, citations: [citeLine(doc, documentName, l)] };
  }
  for (let i = rowIdx[0] - 1; i >= 0 && i >= rowIdx[0] - 12; i--) {
    const l = lines[i];
    if (l.page !== firstRow.page) break;
    const m = ORDERING_ROW.exec(l.text);
    if (m && m[1] === "DK") return { name: titleCase(m[2]), credential: null, npi: m[3], citations: [citeLine(doc, documentName, l)] };
  }
  return null;
}

/**
 * Box 21's diagnoses on a claim form whose captions did not survive (a scan of the drop-out red
 * form): the typed codes sit on the line(s) right above the first item-24 row (or above its shaded
 * NDC row), undotted and often OCR-damaged ("1350 110" for I35.0 I10). Read from the leading codes
 * of up to three lines above the first row of the page that carries the rows; letters are given in
 * reading order (A is primary). [] when no row is found or the line above holds no code.
 */
export function readCms1500DiagnosisRows(doc: ParsedDocument, documentName = "fax"): Cms1500Diagnosis[] {
  const lines = docLines(doc);
  // (the row's code or units may be OCR-damaged: "Jo271", units "a"; its dates and place of service anchor it)
  const first = lines.findIndex((l) => ROW_RE.test(l.text) || ROW_START.test(l.text));
  if (first < 0) return [];
  const found: { line: (typeof lines)[number]; codes: string[]; upto: number }[] = [];
  for (let i = first - 1; i >= 0 && found.length < 3; i--) {
    const l = lines[i];
    if (l.page !== lines[first].page) break;
    // the shaded supplemental row of the first line ("N4 00006302602 ML8") sits between
    if (!found.length && NDC_ROW.test(l.text)) continue;
    const tokens = l.text.trim().split(/\s+/);
    const codes: string[] = [];
    let upto = 0;
    for (const t of tokens) {
      const c = /^[A-Za-z0-9]{3,7}$/.test(t) ? icd(t) : null;
      if (!c) break;
      codes.push(c);
      upto = l.text.indexOf(t, upto) + t.length;
    }
    // box 22/23 may follow on the same printed line; anything else before a code ends the box
    if (!codes.length) break;
    found.unshift({ line: l, codes, upto });
  }
  return found
    .flatMap((f) => f.codes.map((code) => ({ code, citations: [citeLine(doc, documentName, f.line, 0, f.upto)] })))
    .map((d, i) => ({ letter: String.fromCharCode(65 + i), ...d }));
}
