/**
 * Service lines of a medical claim or medical PA request. A claim printed on the CMS-1500 (02/12)
 * grid is read by its grid geometry (./cms1500.ts). Any other layout — a text-only item-24 table, a
 * payer request form's "Requested services" rows, or a letter of medical necessity's "CPT 72148 —
 * MRI lumbar spine without contrast, 1 unit" sentence — is read by its text: a line
 * is any document line that carries one HCPCS/CPT code in a service context (a date, units, a charge
 * or a code label), and every field is read from that line (or, for the site of care and providers,
 * from the document when the line has none), each cited verbatim.
 *
 * Code shapes (AMA CPT; CMS HCPCS Level II): CPT Category I = 5 digits, Category II/III = 4 digits +
 * F/T; HCPCS Level II = one letter A–V + 4 digits. Place of service: CMS Place of Service Code Set.
 */
import type { Citation, ParsedDocument, ServiceCategory, ServiceLine } from "../contracts";
import { findDates } from "../codes/dates";
import { citeLine, docLines, type DocLine } from "../text/lines";
import { readCms1500, readCms1500Rows } from "./cms1500";

const CODE_RE = /(?<![A-Za-z0-9.$,/-])([ABCEGHJKLMPQRSTV]\d{4}|\d{4}[FTU]|\d{5})(?![0-9.,/]|\d)/g;

/** CPT/HCPCS modifiers the readers accept after a code (two characters, as seen on professional claims) */
export const MODIFIERS = new Set([
  "22",
  "24",
  "25",
  "26",
  "50",
  "51",
  "52",
  "53",
  "57",
  "58",
  "59",
  "76",
  "77",
  "78",
  "79",
  "91",
  "TC",
  "RT",
  "LT",
  "NU",
  "RR",
  "UE",
  "KX",
  "GA",
  "GY",
  "GZ",
  "JW",
  "JZ",
  "GP",
  "GO",
  "GN",
  "KH",
  "KI",
  "KJ",
  "XS",
  "XU",
  "XE",
  "XP",
  "E1",
  "E2",
  "E3",
  "E4",
  "FA",
  "F1",
  "F2",
  "F3",
  "F4",
  "F5",
  "F6",
  "F7",
  "F8",
  "F9",
  "TA",
  "T1",
  "T2",
  "T3",
  "T4",
  "T5",
  "T6",
  "T7",
  "T8",
  "T9",
  "QW",
  "SG",
  "PO",
  "PN",
  "33",
  "80",
  "82",
  "AS",
]);

/** Lines that carry numbers shaped like codes but are not service lines. */
const NOT_A_SERVICE =
  /\b(zip|postal|phone|tel|fax|npi|tax ?id|ein|ssn|member ?id|subscriber|policy (?:no|number|#)|group (?:no|number|#)|account|claim (?:no|number|#)|icd|diagnos[ie]s|dx\b|date of birth|dob|birth)/i;
const STATE_ZIP = /\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/;
/** a line that starts a new field or row, never the rest of a wrapped service sentence */
const CODE_LINE_START = /^\s*(?:\d{1,2}[/-]\d{1,2}[/-]\d{2,4}\s|[A-Z][A-Za-z ]{0,30}:)/;
const SERVICE_CONTEXT = /\b(units?|qty|quantity|cpt|hcpcs|code|procedure|service|dos|date of service|charges?|pos|x\s*\d)\b|\$\s?\d/i;

/** CMS place-of-service codes the engine names (subset). */
export const PLACE_OF_SERVICE: Record<string, string> = {
  "11": "Office",
  "12": "Home",
  "19": "Off-campus outpatient hospital",
  "21": "Inpatient hospital",
  "22": "On-campus outpatient hospital",
  "23": "Emergency room",
  "24": "Ambulatory surgical center",
  "49": "Independent clinic",
  "81": "Independent laboratory",
};

const SITES: { re: RegExp; site: string; pos: string }[] = [
  { re: /\b(?:hospital outpatient|outpatient hospital|HOPD)\b/i, site: "hospital outpatient", pos: "22" },
  { re: /\b(?:ambulatory surg(?:ery|ical) center|ASC)\b/i, site: "ambulatory surgical center", pos: "24" },
  { re: /\b(?:home infusion|patient'?s home|in the home|home use)\b/i, site: "home", pos: "12" },
  { re: /\b(?:infusion center|infusion suite)\b/i, site: "infusion center", pos: "11" },
  { re: /\b(?:physician'?s? office|office setting|in[- ]office)\b/i, site: "office", pos: "11" },
  { re: /\b(?:freestanding imaging center|independent imaging|imaging center)\b/i, site: "freestanding imaging center", pos: "49" },
  { re: /\binpatient\b/i, site: "inpatient hospital", pos: "21" },
];

/**
 * Service category of a code (CPT section ranges; HCPCS Level II letter series: E/K/L durable
 * medical equipment and orthotics, J drugs administered other than orally). Description words refine
 * radiology (CT/MRI/PET are advanced imaging).
 */
export function serviceCategory(code: string | null, description: string | null = null): ServiceCategory {
  const d = (description ?? "").toLowerCase();
  if (!code) return "other";
  const letter = /^[A-Z]/.test(code) ? code[0] : null;
  if (letter === "J" || (letter === "Q" && /infus|inject/.test(d))) return "infusion";
  if (letter === "E" || letter === "K" || letter === "L" || (letter === "A" && /supply|mask|tubing|cushion|strip|catheter/.test(d))) return "dme";
  if (letter === "G" && /therap|physical/.test(d)) return "physical_therapy";
  if (letter) return "other";
  const n = Number(code.slice(0, 5).replace(/[FTU]$/, ""));
  if (n >= 97010 && n <= 97799) return "physical_therapy";
  if (n >= 96365 && n <= 96549) return "infusion";
  if (n >= 70010 && n <= 79999)
    return /\b(mri|mr angio|magnetic|ct\b|computed|pet\b|positron|spect|cta\b|mra\b)/.test(d) ||
      (n >= 70450 && n <= 70559) ||
      (n >= 71250 && n <= 71275) ||
      (n >= 72125 && n <= 72159) ||
      (n >= 73200 && n <= 73225) ||
      (n >= 73700 && n <= 73725) ||
      (n >= 74150 && n <= 74185) ||
      (n >= 78811 && n <= 78816)
      ? "advanced_imaging"
      : "other";
  if (n >= 10004 && n <= 69990) return "outpatient_surgery";
  return "other";
}

interface CodeHit {
  line: DocLine;
  code: string;
  index: number;
}

function codeHits(lines: DocLine[]): CodeHit[] {
  const out: CodeHit[] = [];
  for (const line of lines) {
    const t = line.text;
    if (NOT_A_SERVICE.test(t) && !/\b(cpt|hcpcs|procedure code)\b/i.test(t)) continue;
    CODE_RE.lastIndex = 0;
    let m: RegExpExecArray | null;
    const found: { code: string; index: number }[] = [];
    while ((m = CODE_RE.exec(t))) {
      const code = m[1];
      const before = t.slice(Math.max(0, m.index - 3), m.index);
      if (/^\d{5}$/.test(code) && STATE_ZIP.test(t.slice(Math.max(0, m.index - 4), m.index + 5))) continue;
      if (/^\d{5}$/.test(code) && /(?:19|20)\d{2}\s*$/.test(before)) continue;
      found.push({ code, index: m.index });
    }
    if (!found.length) continue;
    const letters = /[A-Za-z]{3,}/.test(t.replace(/\b(cpt|hcpcs|code)\b/gi, ""));
    const dated = findDates(t).length > 0;
    if (!(SERVICE_CONTEXT.test(t) || dated) || !letters) continue;
    // one service per line: the first code (a second code on the same line is a description reference)
    out.push({ line, code: found[0].code, index: found[0].index });
  }
  return out;
}

function readUnits(rest: string): { units: number | null; at: [number, number] | null } {
  const patterns = [
    /\b(\d{1,4}(?:\.\d+)?)\s*(?:units?|UN|U)\b/i,
    /\b(?:units?|qty|quantity)\s*[:=#]?\s*(\d{1,4}(?:\.\d+)?)\b/i,
    /\$\s?[\d,]+\.\d{2}\s+(\d{1,3})\b/,
    /\bx\s*(\d{1,3})\b/i,
  ];
  for (const re of patterns) {
    const m = re.exec(rest);
    if (m) return { units: Number(m[1]), at: [m.index, m.index + m[0].length] };
  }
  return { units: null, at: null };
}

const UNITS_CAPTION = /\b(?:units?|qty|quantity)\b(?:\s*\/\s*(?:units?|qty|quantity)\b)?/i;
const DATE_CAPTION = /\b(?:(?:planned|requested|start|service|anticipated)\s+)?(?:date(?:\(s\))?(?:\s+of\s+service)?|dos)\b/i;
const CODE_CAPTION = /\b(?:cpt|hcpcs|code|procedure)\b/i;

/**
 * Where a services table's header row puts the units column: right before the date column
 * ("Description Units / Qty Planned date POS") or right after it ("Date Units"), read from the
 * nearest header above the row on its page (a line naming a code, a units and a date column and
 * carrying no code itself). Null without such a header or when the two columns are not adjacent.
 */
function unitsColumn(lines: DocLine[], row: DocLine, codeLines: Set<number>): "before-date" | "after-date" | null {
  for (let i = row.index - 1; i >= 0 && i >= row.index - 12; i--) {
    const l = lines[i];
    if (l.page !== row.page) break;
    if (codeLines.has(l.index)) continue;
    const u = UNITS_CAPTION.exec(l.text);
    const d = DATE_CAPTION.exec(l.text);
    if (!u || !d || !CODE_CAPTION.test(l.text)) continue;
    const uEnd = u.index + u[0].length;
    const dEnd = d.index + d[0].length;
    if (u.index < d.index && /^[\s/|]*$/.test(l.text.slice(uEnd, d.index))) return "before-date";
    if (d.index < u.index && /^[\s/|]*$/.test(l.text.slice(dEnd, u.index))) return "after-date";
    return null;
  }
  return null;
}

/**
 * The units of a table row by its column (see unitsColumn): the bare number right before the row's
 * first date, or right after its date (range); null when that cell holds no bare number. A dose in
 * the description ("500 mg", "wk 0") is never the cell: the cell is the one next to the date.
 */
function unitsByColumn(t: string, from: number, col: "before-date" | "after-date"): number | null {
  const dates = findDates(t).filter((d) => d.precision === "day" && d.index >= from);
  if (!dates.length) return null;
  if (col === "before-date") {
    const m = /(?:^|\s)(\d{1,4}(?:\.\d+)?)\s*$/.exec(t.slice(from, dates[0].index));
    return m ? Number(m[1]) : null;
  }
  let end = dates[0].index + dates[0].length;
  if (dates[1] && /^\s*(?:-|–|to|through|thru)\s*$/i.test(t.slice(end, dates[1].index))) end = dates[1].index + dates[1].length;
  const m = /^\s*(\d{1,4}(?:\.\d+)?)(?=\s|$)/.exec(t.slice(end));
  return m ? Number(m[1]) : null;
}

/** The provider named after `label` anywhere in the document ("Ordering physician: Dr. Ana Ruiz, MD"). */
function providerAfter(lines: DocLine[], label: RegExp): { name: string; line: DocLine } | null {
  for (const line of lines) {
    const m = label.exec(line.text);
    if (!m) continue;
    const rest = line.text.slice(m.index + m[0].length).replace(/^[\s:#-]+/, "");
    const name = /^(?:Dr\.?\s+)?([A-Z][A-Za-z'-]+(?:\s+[A-Z]\.?)?(?:\s+[A-Z][A-Za-z'-]+){1,2})(?:,?\s*(?:MD|DO|NP|PA-C|PA|DPT|PT|DPM|FNP|APRN)\b)?/.exec(rest);
    if (name && !/^(NPI|Name|Phone|Fax|Same|None|Provider|Physician)\b/i.test(name[1])) return { name: name[1].trim(), line };
  }
  return null;
}

/**
 * Whether `doc` is a pre-service request (a prior-authorization, precertification or predetermination
 * request form) rather than a claim: not read as a CMS-1500 grid, and its first page names itself a
 * request of that kind. On such a request a line's units are the units asked for over the
 * authorization period (20 sessions from the planned start), never units billed on one date.
 */
export function isPreServiceRequest(doc: ParsedDocument, documentName = "fax", knownCodes: string[] = []): boolean {
  const grid = readCms1500(doc, documentName);
  if ((grid && grid.lines.some((l) => l.code)) || readCms1500Rows(doc, documentName, knownCodes).length) return false;
  const first = doc.pages[0]?.text ?? "";
  return /\b(?:prior[- ]?authori[sz]ation|pre-?service|pre-?certification|pre-?determination|pre-?authori[sz]ation)\b[^\n]{0,60}\b(?:request|review|form)\b/i.test(
    first,
  );
}

/**
 * Every service line of `doc`, in the order written; each field cited to its line (`citations[0]`
 * is the whole line). A document with no line carrying a code yields [] (the request then needs
 * the services it asks for). `documentName` names the case document in citations ("fax" | "epa").
 * `knownCodes` (the codes the plan's medical policies govern) resolve an item-24 row whose code OCR
 * damaged (cms1500.ts repairedRowCode); without them such a row is not read.
 */
export function extractServiceLines(doc: ParsedDocument, documentName = "fax", knownCodes: string[] = []): ServiceLine[] {
  // a claim on the CMS-1500 grid: its service lines are item 24, read by the grid's geometry
  const grid = readCms1500(doc, documentName);
  if (grid && grid.lines.some((l) => l.code)) return grid.lines;
  // its typed rows alone when the form's red captions did not survive the fax
  const rows = readCms1500Rows(doc, documentName, knownCodes);
  if (rows.length) return rows;
  const lines = docLines(doc);
  const hits = codeHits(lines);
  const seen = new Set<string>();
  const ordering = providerAfter(lines, /\b(?:ordering|referring|requesting)\s+(?:provider|physician|practitioner|clinician)\b/i);
  const rendering = providerAfter(lines, /\b(?:rendering|performing|servicing|treating)\s+(?:provider|physician|practitioner|clinician|therapist)\b/i);
  const docText = lines.map((l) => l.text).join("\n");
  const docSite = SITES.find((s) => s.re.test(docText));
  const out: ServiceLine[] = [];
  const hitLines = new Set(hits.map((h) => h.line.index));
  for (const hit of hits) {
    // a sentence that wraps ("…, 150 units, date of service" / "10/27/2026, POS 11.") is read whole
    const next = lines[hit.line.index + 1];
    const continues = next && next.page === hit.line.page && !hitLines.has(next.index) && !/[.;:]\s*$/.test(hit.line.text) && !CODE_LINE_START.test(next.text);
    const t = continues ? `${hit.line.text} ${next.text}` : hit.line.text;
    const after = t.slice(hit.index + hit.code.length);
    // modifiers: "72148-RT", "72148 RT 59", "Mod: RT"
    const modifiers: string[] = [];
    const modRe = /^(?:\s*[-:]?\s*)([A-Z0-9]{2})(?![A-Za-z0-9])/;
    let rest = after;
    for (let i = 0; i < 4; i++) {
      const m = modRe.exec(rest);
      if (!m || !MODIFIERS.has(m[1]) || (/^\d{2}$/.test(m[1]) && /^\s*[-:]?\s*\d{2}\s*(?:units?|x)\b/i.test(rest))) break;
      modifiers.push(m[1]);
      rest = rest.slice(m[0].length);
    }
    const labelled = /\b(?:mod(?:ifiers?)?)\s*[:#]?\s*((?:[A-Z0-9]{2}[,\s]*){1,4})/i.exec(t);
    if (labelled)
      for (const x of labelled[1].split(/[,\s]+/)) if (MODIFIERS.has(x.toUpperCase()) && !modifiers.includes(x.toUpperCase())) modifiers.push(x.toUpperCase());
    // a services table whose header names the units column next to the date column reads that cell
    const col = unitsColumn(lines, hit.line, hitLines);
    const units = (col ? unitsByColumn(t, hit.index + hit.code.length, col) : null) ?? readUnits(after).units;
    const dates = findDates(t).filter((d) => d.precision === "day");
    const start = dates[0]?.start ?? null;
    const between = dates[1] ? t.slice(dates[0].index + dates[0].length, dates[1].index) : "";
    const end = dates[1] && /^\s*(?:-|–|to|through|thru)?\s*$/i.test(between) && dates[1].start >= (start ?? "") ? dates[1].start : null;
    // place of service: labelled, or a bare 2-digit CMS code in the columns before the code
    const posLabelled = /\b(?:POS|place of service)\s*[:#]?\s*(\d{2})\b/i.exec(t);
    const beforeCode = t.slice(0, hit.index);
    const posColumn = /(?:^|\s)(\d{2})\s+(?:[A-Z]?\s+)?$/.exec(beforeCode.replace(/\d{1,2}[/-]\d{1,2}[/-]\d{2,4}/g, " "));
    const lineSite = SITES.find((s) => s.re.test(t));
    // or a column after the code that writes the code with its name ("1 11/12/2026 11 Office", "22 On-campus OP")
    const posNamed = [...after.matchAll(/(?:^|\s)(\d{2})\s+([A-Za-z][A-Za-z-]*)/g)].find(
      (m) => PLACE_OF_SERVICE[m[1]] && PLACE_OF_SERVICE[m[1]].split(/\s+/)[0].toLowerCase() === m[2].toLowerCase(),
    )?.[1];
    const pos = posLabelled?.[1] ?? (posColumn && PLACE_OF_SERVICE[posColumn[1]] ? posColumn[1] : null) ?? posNamed ?? null;
    // description: the words after the code and modifiers, up to units / charges / dates
    let description = rest
      .replace(/\$\s?[\d,]+(?:\.\d{2})?.*$/, "")
      .replace(/\b\d{1,4}(?:\.\d+)?\s*(?:units?|UN)\b.*$/i, "")
      .replace(/\b(?:units?|qty|quantity)\s*[:=#]?\s*\d.*$/i, "")
      .replace(/\d{1,2}[/-]\d{1,2}[/-]\d{2,4}.*$/, "")
      .replace(/\b(?:POS|place of service)\b.*$/i, "")
      .replace(/^[\s:;,—–|-]+|[\s:;,—–|-]+$/g, "")
      .trim();
    if (!/[A-Za-z]{3,}/.test(description)) {
      const lead = beforeCode
        .replace(/\b(?:cpt|hcpcs|code|procedure)\b[\s:#/]*$/i, "")
        .replace(/^[\s\d/.-]+/, "")
        .replace(/[\s:;,—–|(-]+$/g, "")
        .trim();
      description = /[A-Za-z]{3,}/.test(lead) ? lead : "";
    }
    const key = `${hit.code}|${start}|${modifiers.join(",")}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const citation: Citation = citeLine(doc, documentName, hit.line);
    const more: Citation[] = continues ? [citeLine(doc, documentName, next)] : [];
    out.push({
      line_number: out.length + 1,
      code: hit.code,
      description: description || null,
      category: serviceCategory(hit.code, description || t),
      units: units ?? 1,
      date_of_service: start,
      date_of_service_end: end,
      place_of_service: pos ?? lineSite?.pos ?? null,
      site_of_care: lineSite?.site ?? (pos ? (PLACE_OF_SERVICE[pos]?.toLowerCase() ?? null) : null) ?? docSite?.site ?? null,
      modifiers,
      ordering_provider: ordering?.name ?? null,
      rendering_provider: rendering?.name ?? null,
      citations: [citation, ...more, ...(ordering ? [citeLine(doc, documentName, ordering.line)] : [])],
    });
  }
  return out;
}
