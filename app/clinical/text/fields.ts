/**
 * Generic label → value lookup over the line/segment model: handles "Label: value" on one line,
 * grid cells with the label above the value (column-aligned), and sections (PATIENT / PRESCRIBER /
 * MEDICATION / DIAGNOSIS / CLINICAL) so that repeated labels ("Name:", "Phone") resolve per section.
 */
import type { DocModel, Line, Segment, Tok } from "./layout";
import { toksInRange } from "./layout";

export type SectionName = "patient" | "prescriber" | "medication" | "diagnosis" | "clinical" | "submission" | "other" | "none";

const HEADERS: [SectionName, RegExp][] = [
  [
    "patient",
    /^(?:(?:[IVXl1|]+\.?|[A-H][.)]|\d{1,2}[.)])\s*)?(?:PATIENT|MEMBER|ENROLLEE|BENEFICIARY|RESIDENT|CLIENT|RECIPIENT|PARTICIPANT)(?:\s+(?:INFORMATION|INFO|DETAILS|DEMOGRAPHICS))?$/i,
  ],
  [
    "prescriber",
    /^(?:(?:[IVXl1|]+\.?|[A-H][.)]|\d{1,2}[.)])\s*)?(?:(?:REQUESTING|RENDERING|ORDERING|PRESCRIBING)(?:\s*\/\s*(?:REQUESTING|RENDERING|ORDERING|PRESCRIBING))?\s+)?(?:(?:ATTENDING|TREATING)\s*[/|]\s*)?(?:PRESCRIBER|PROVIDER|PHYSICIAN|PRESCRIBER\s*\/\s*PROVIDER)(?:\s+(?:INFORMATION|INFO|DETAILS))?$/i,
  ],
  [
    "medication",
    /^(?:(?:[IVXl1|]+\.?|[A-H][.)]|\d{1,2}[.)])\s*)?(?:MEDICATION|DRUG|PRESCRIPTION|REQUESTED (?:MEDICATION|DRUG)|PRODUCT(?: SUBMITTED| REQUESTED)?)(?:\s+(?:REQUESTED|INFORMATION|INFO|DETAILS))?$/i,
  ],
  ["diagnosis", /^(?:(?:[IVXl1|]+\.?|[A-H][.)]|\d{1,2}[.)])\s*)?(?:DIAGNOSIS|DIAGNOSES)(?:\s+(?:INFORMATION|CODES?))?$/i],
  [
    "clinical",
    /^(?:(?:[IVXl1|]+\.?|[A-H][.)]|\d{1,2}[.)])\s*)?(?:CLINICAL|MEDICAL)\s+(?:INFORMATION|QUESTIONS|HISTORY|CRITERIA|DOCUMENTATION)(?:\s*\(continued\))?$/i,
  ],
  ["submission", /^(?:(?:[IVXl1|]+\.?|[A-H][.)]|\d{1,2}[.)])\s*)?(?:SUBMISSION|REVIEW|REVIEW TYPE AND ATTESTATION|ATTESTATION|ISSUER USE ONLY|REQUEST TYPE)$/i],
];

function upperRatio(s: string): number {
  const letters = s.replace(/[^A-Za-z]/g, "");
  if (!letters) return 0;
  return letters.replace(/[^A-Z]/g, "").length / letters.length;
}

/** "Section IV - ", "Part 2:" — a numbered-section prefix, a header cue strong enough to allow mixed case. */
const SECTION_PREFIX = /^(?:Section|Part)\s+[IVXl1|0-9]{1,4}\s*[-–—:.]?\s*/i;
/** Section keyword at the start of the title that follows a numbered-section prefix (OCR may split words). */
const SECTION_KEYWORDS: [SectionName, RegExp][] = [
  ["patient", /^(?:patient|member|enrollee|beneficiary|resident|client|recipient|participant)/i],
  ["prescriber", /^(?:prescri|provider|physician)/i],
  ["medication", /^(?:medication|drug|prescription)/i],
  ["diagnosis", /^diagnos/i],
  ["clinical", /^(?:clinical|medical)/i],
  ["submission", /^(?:submission|review|attestation)/i],
];

/** Section header of a line, if the line is one. */
export function headerOf(line: Line): SectionName | null {
  const first =
    line.segs[0]?.text
      .replace(/[^A-Za-z0-9 .()/|\-–—:]/g, " ")
      .replace(/\s+/g, " ")
      .trim() ?? "";
  if (!first || first.length > 60) return null;
  const pm = SECTION_PREFIX.exec(first);
  if (pm && line.segs.length <= 3) {
    // "Section IV - Prescri ber Information": title-case titles, words split by OCR
    const title = first.slice(pm[0].length).replace(/\s+/g, "");
    if (title) for (const [name, re] of SECTION_KEYWORDS) if (re.test(title)) return name;
  }
  const plain = first
    .replace(/[\-–—:]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  // a title-case panel title alone on its line ("Patient", "Medication", "Requesting / Rendering
  // Provider") is a header as much as an all-caps one
  const alone = line.segs.length === 1 && plain.split(" ").length <= 5;
  if (upperRatio(plain) < 0.7 && !alone) return null;
  for (const [name, re] of HEADERS) if (re.test(plain)) return name;
  return null;
}

/** A numbered-section header whose title OCR destroyed ("Section 1 - | Information"). */
function unreadableNumberedHeader(line: Line): boolean {
  const first = line.segs[0]?.text.trim() ?? "";
  return SECTION_PREFIX.test(first) && line.segs.length <= 3 && line.text.length <= 60 && !headerOf(line);
}

/** Section implied by the labels inside a block whose header is unreadable. */
const CONTENT_CUES: [SectionName, RegExp][] = [
  ["patient", /\b(?:Date\s+of\s+birth|DOB|Member\s+(?:or\s+\w+\s+)?ID|Subscriber\s+ID|Sex)\b/i],
  ["prescriber", /\b(?:NPI|DEA|Specialty|Credential)\b/i],
  ["medication", /\b(?:NDC|Days\s+supply|Quantity|Strength)\b/i],
];

/** Section tags for each line (by page, line index). */
export function sectionMap(model: DocModel): Map<string, SectionName> {
  const m = new Map<string, SectionName>();
  for (const p of model.pages) {
    let cur: SectionName = "none";
    for (let i = 0; i < p.lines.length; i++) {
      const l = p.lines[i];
      const h = headerOf(l);
      if (h) cur = h;
      else if (unreadableNumberedHeader(l)) {
        // infer from the block's own labels (up to the next header): one unambiguous cue wins
        const block: string[] = [];
        for (let j = i + 1; j < p.lines.length && block.length < 12; j++) {
          if (headerOf(p.lines[j]) || unreadableNumberedHeader(p.lines[j])) break;
          block.push(p.lines[j].text);
        }
        const text = block.join("\n");
        const cues = CONTENT_CUES.filter(([, re]) => re.test(text)).map(([n]) => n);
        cur = cues.length === 1 ? cues[0] : "other";
      }
      m.set(`${p.page}:${l.index}`, cur);
    }
  }
  return m;
}

export interface FieldHit {
  page: number;
  value: string;
  toks: Tok[];
  labelToks: Tok[];
  line: Line;
  how: "inline" | "below";
  section: SectionName;
}

/**
 * Cuts an inline value before the next "Label:" on the same line. The label is the word before the
 * colon, extended backwards over lower-case words to a capitalised head ("Days supply:",
 * "Length of therapy:"), so a value ending in a capitalised name ("Chloe Nakamura DOB:") is kept.
 */
export function cutAtNextLabel(v: string): string {
  const re = /([A-Za-z][A-Za-z0-9#)\]\-\/.]*)\s?:(?=\s|$)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(v))) {
    if (m.index === 0) continue;
    const before = v.slice(0, m.index);
    const words = before.split(/(\s+)/);
    // words: alternating word / whitespace; walk back over lower-case words
    let start = m.index;
    const label = m[1];
    if (/^[a-z&\/]/.test(label)) {
      const toks = before.trimEnd().split(/\s+/);
      let k = toks.length - 1;
      let len = before.length - before.trimEnd().length;
      while (k >= 0 && /^[a-z&\/(]/.test(toks[k]) && toks.length - k <= 4) {
        len += toks[k].length + 1;
        k--;
      }
      if (k >= 0 && /^[A-Z]/.test(toks[k])) len += toks[k].length + 1;
      start = Math.max(0, m.index - len);
    }
    void words;
    if (start <= 0) continue;
    return v.slice(0, start).trim();
  }
  return v.trim();
}

/** A word of a form's captions that names a field, never a value ("address", "phone", "city"). */
const CAPTION_WORD = String.raw`(?:names?|address(?:es)?|addr\.?|phone|telephone|tel\.?|fax|city|state|zip(?:\s*code)?|location|contact|e-?mail|npi|dea|specialty|suite|street|county|country|number|no\.|id|facility|practice|clinic|office|group|organization|hospital|sex|gender|age)`;
/**
 * The rest of a caption after the label a caller asked for: a connector and caption words
 * ("Practice name| and address", "Clinic name| & phone", "Facility name| / location", "Group name|,
 * city and state"). It belongs to the label: read as a value it became "and address" as a
 * prescriber's organization (issue 24).
 */
const CAPTION_TAIL = new RegExp(String.raw`^(?:\s*(?:,|&|\/|\+|\band\b|\bor\b)\s*${CAPTION_WORD}(?![A-Za-z]))+`, "i");
/** A text made only of connectors and caption words, starting with a connector: a caption's fragment, no value. */
const CAPTION_FRAGMENT = new RegExp(String.raw`^\s*(?:,|&|\/|\+|and\b|or\b)(?:\s*(?:,|&|\/|\+|\band\b|\bor\b|${CAPTION_WORD}(?![A-Za-z])|[:#.\-]))*\s*$`, "i");

/** True for a caption's fragment ("and address", "& phone", "/ city, state") read where a value was looked for. */
export function isCaptionFragment(v: string): boolean {
  return CAPTION_FRAGMENT.test(v);
}

/** A string that is itself a form label (used to reject "values" that are the next label). */
const LOOKS_LIKE_LABEL = /^(?:[A-Z][a-z]+(?:\s+[a-z(][a-z()/#,.\- ]*)?\s*[:#]?|[A-Z][A-Za-z ]+\(if [a-z ]+\))$/;

export interface FindOpts {
  sections?: SectionName[];
  pages?: number[];
  /** accept a candidate value; return false to keep looking */
  validate?: (v: string) => boolean;
  /** how many lines below a label to search for a grid value (default 2) */
  maxBelow?: number;
  /** label regex must match at the start of a cell (default false: anywhere after whitespace) */
  anchored?: boolean;
  /** skip inline values (label is always above its value) */
  belowOnly?: boolean;
}

/**
 * All values for a label. `label` should match the label text only (no trailing colon needed).
 * Results are in document order; inline values come from the same cell, grid values from the
 * nearest line below whose tokens fall in the label's column.
 */
export function findLabeled(model: DocModel, sections: Map<string, SectionName>, label: RegExp, opts: FindOpts = {}): FieldHit[] {
  const out: FieldHit[] = [];
  const flags = label.flags.includes("g") ? label.flags : label.flags + "g";
  const re = new RegExp(label.source, flags);
  for (const p of model.pages) {
    if (opts.pages && !opts.pages.includes(p.page)) continue;
    for (const line of p.lines) {
      const section = sections.get(`${p.page}:${line.index}`) ?? "none";
      if (opts.sections && !opts.sections.includes(section)) continue;
      line.segs.forEach((seg, si) => {
        re.lastIndex = 0;
        let m: RegExpExecArray | null;
        while ((m = re.exec(seg.text))) {
          if (m[0].length === 0) {
            re.lastIndex++;
            continue;
          }
          const at = m.index;
          if (opts.anchored && at > 2) continue;
          if (at > 0 && !/[\s|\[(]/.test(seg.text[at - 1])) continue;
          const labelToks = toksInRange(seg.toks, at, at + m[0].length);
          // inline value (after the whole caption: "Practice name| and address|: value")
          let restStart = at + m[0].length;
          restStart += CAPTION_TAIL.exec(seg.text.slice(restStart))?.[0].length ?? 0;
          const rest0 = seg.text.slice(restStart);
          const lead = /^[\s:#.\-=|)\]]*(?:#|No\.?|Number)?[\s:.\-=|]*/.exec(rest0)![0];
          restStart += lead.length;
          let rest = seg.text.slice(restStart);
          rest = cutAtNextLabel(rest);
          rest = rest.trim();
          // a stray empty box the scan put between a label and its value ("DB [ ] 01/07/1988") is no value
          if (/^(?:\[\s*\]\s*)+$/.test(rest)) rest = "";
          // a combined label ("Member ID / BIN-PCN", "Phone / Fax") or a format hint ("Date of birth
          // (CCYYMMDD)"): the rest of the cell is label, the value is in the next cell
          if (/^(?:[/&]\s*[A-Za-z][A-Za-z.\- ]{0,24}|\([A-Za-z/ .,-]{2,20}\))$/.test(rest) && line.segs[si + 1]) rest = "";
          const hadColon = /:/.test(lead) || /:$/.test(m[0]);
          if (!opts.belowOnly && rest && (!opts.validate || opts.validate(rest)) && (hadColon || !LOOKS_LIKE_LABEL.test(rest) || opts.validate)) {
            out.push({ page: p.page, value: rest, toks: toksInRange(seg.toks, restStart, restStart + rest.length), labelToks, line, how: "inline", section });
            continue;
          }
          // "Label:   value" split into two cells by a wide gap
          const nextSeg = line.segs[si + 1];
          if (
            !opts.belowOnly &&
            !rest &&
            (hadColon || /\[\s*\]/.test(rest0)) &&
            nextSeg &&
            !/:\s*$/.test(nextSeg.text) &&
            !/^[A-Z][A-Za-z#&/().\- ]{0,30}:/.test(nextSeg.text)
          ) {
            let v = nextSeg.text;
            v = cutAtNextLabel(v);
            v = v.trim();
            if (v && !isCaptionFragment(v) && (!opts.validate || opts.validate(v))) {
              out.push({ page: p.page, value: v, toks: toksInRange(nextSeg.toks, 0, v.length), labelToks, line, how: "inline", section });
              continue;
            }
          }
          // grid value below — unless the text below starts in the label's own column (a column of
          // labels: "Specialty | Rheumatology" over "Practice | Blue Ridge ...") and the next cell on
          // this line is the value
          const below = valueBelow(p.lines, line, seg, si, labelToks, opts);
          const labelColumn = below && Math.abs((below.toks[0]?.x ?? -99) - (labelToks[0]?.x ?? seg.x)) < Math.max(6, (line.h || 10) * 0.8);
          if (labelColumn && !opts.belowOnly && !rest && !hadColon && nextSeg && !/[:#]\s*$/.test(nextSeg.text)) {
            const v = cutAtNextLabel(nextSeg.text).trim();
            if (v && !isCaptionFragment(v) && (!opts.validate || opts.validate(v))) {
              out.push({ page: p.page, value: v, toks: toksInRange(nextSeg.toks, 0, v.length), labelToks, line, how: "inline", section });
              continue;
            }
          }
          if (below) {
            out.push({ page: p.page, ...below, labelToks, line, how: "below", section });
            continue;
          }
          // "Label   value" without a colon (OCR drops colons; some forms never print them): the
          // next cell on the same line, when nothing sits below the label, the caller's validator
          // accepts it, and it is not itself a column header with a value under it
          // (a value with digits is never a column header: "Medicaid ID #   946218834P")
          if (
            !opts.belowOnly &&
            !rest &&
            !hadColon &&
            opts.validate &&
            nextSeg &&
            !/[:#]/.test(nextSeg.text) &&
            (!hasValueBelow(p.lines, line, nextSeg) || /\d/.test(nextSeg.text) || !LOOKS_LIKE_LABEL.test(nextSeg.text))
          ) {
            const v = cutAtNextLabel(nextSeg.text).trim();
            if (v && !isCaptionFragment(v) && opts.validate(v)) {
              out.push({ page: p.page, value: v, toks: toksInRange(nextSeg.toks, 0, v.length), labelToks, line, how: "inline", section });
            }
          }
        }
      });
    }
  }
  return out;
}

function valueBelow(lines: Line[], line: Line, seg: Segment, si: number, labelToks: Tok[], opts: FindOpts): { value: string; toks: Tok[] } | null {
  const labelX = labelToks[0]?.x ?? seg.x;
  const prev = line.segs[si - 1];
  const next = line.segs[si + 1];
  const h = line.h || 10;
  const left = prev ? Math.max(prev.right + 1, labelX - 3 * h) : -Infinity;
  const right = next ? next.x - 0.2 * h : Infinity;
  const maxBelow = opts.maxBelow ?? 2;
  let seen = 0;
  for (let i = line.index + 1; i < lines.length && seen < maxBelow; i++) {
    const l = lines[i];
    if (l.y - line.y > h * (2.6 + 1.6 * maxBelow)) break;
    if (headerOf(l)) break;
    const toks = l.toks.filter((t) => t.x + t.w / 2 >= left && t.x < right);
    if (!toks.length) continue;
    seen++;
    const value = toks
      .map((t) => t.text)
      .join(" ")
      .trim();
    if (!value || /^[_.\-–—:|\s]+$/.test(value)) continue;
    // the second line of a caption wrapped under its label ("Practice name" over "and address")
    if (isCaptionFragment(value)) {
      seen--;
      continue;
    }
    if (opts.validate && !opts.validate(value)) continue;
    return { value, toks };
  }
  return null;
}

/** True when the next line (within ~2 line heights) has a token under `seg`'s column. */
function hasValueBelow(lines: Line[], line: Line, seg: Segment): boolean {
  const l = lines[line.index + 1];
  const h = line.h || 10;
  if (!l || l.y - line.y > h * 2.6 || headerOf(l)) return false;
  return l.toks.some((t) => t.x + t.w > seg.x && t.x < seg.right);
}

/** First hit or null. */
export function firstLabeled(model: DocModel, sections: Map<string, SectionName>, label: RegExp, opts: FindOpts = {}): FieldHit | null {
  return findLabeled(model, sections, label, opts)[0] ?? null;
}
