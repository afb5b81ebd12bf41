import { clean, type DocLine } from "../text/lines";

/**
 * Numbered-outline reader for coverage policies.
 *
 * Policies nest criteria with marker families: "I." (upper roman), "A." / "A)" (upper letter),
 * "1." / "1)" (number), "a." / "a)" / "(a)" (lower letter), "i." / "i)" (lower roman), "(1)".
 * The first family seen becomes the outermost level; a family seen again closes every deeper
 * level. "i"/"v"/"x" are read as letters when the letter sequence at that level expects them.
 */

export type MarkerFamily = "ROMAN" | "ALPHA" | "num" | "alpha" | "roman" | "pnum" | "palpha" | "proman" | "bullet" | "decimal";

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
/**
 * A decimal-numbered item or section ("3.1.2 The member is 6 years of age or older; AND", "4.1 For use
 * together with …", "3.1 Initial Authorization"), as guideline documents number them: the number and
 * the text after it (which starts with a capital: "1.5 mg/kg every 4 weeks" wrapped onto a line is no item)
 */
const DECIMAL_RE = /^(\d{1,2}(?:\.\d{1,2}){1,3})\.?\s+([A-Z(].*)$/;
/** "Initial Authorization", "Purpose and Scope", "Guideline History / Revision Information": a title in title case */
const TITLE_CASE_RE = /^[A-Z][A-Za-z-]*(?:\s+(?:[A-Z][A-Za-z-]*|and|or|of|for|the|to|in|on|with|a|an|&|\/|-|–))*$/;
/** bullet glyphs of list items ("• Patient is 6 years of age or older; AND"); read only in bullet mode */
const BULLET_RE = /^(?:[•▪◦●○■□☐➢►✓]|\[\s?[xX✓]?\s?\](?=\s)|[-–*](?=\s)|o(?=\s+[A-Z0-9]))\s*(.*)$/;
/** connector lines between items ("-AND-", "OR", "– or –") */
const CONNECTOR_RE = /^[-–(]*\s*(AND|OR)\s*[-–)]*$/i;
/** lines that state the approval period of the criteria above/around them */
export const DURATION_LINE_RE =
  /^(?:(?:initial |total )?(?:approval|authorization|coverage|approval) (?:duration|period|length)|length of (?:approval|authorization|coverage)|duration of (?:approval|authorization|therapy approval))\b|^(?:initial )?authorization (?:will|may) be (?:issued|approved|granted) for\b|^(?:approval|coverage) (?:will be|is) (?:granted|given|approved|provided) for\b/i;
/** a paragraph/heading that opens renewal criteria (never initial-request criteria) */
export const CONTINUATION_HEAD_RE =
  /^(?:(?:section|part|table)\s+[\dA-Z]{1,3}(?:\.\d{1,2})?\s*[-–:.]\s*)?(?:[IVX]+\.\s*|[A-Z]\.\s*|\d+\.\s*)?(?:for\s+)?(?:(?:prior[- ](?:approval|authori[sz]ation)|pa) )?(?:continuation(?: of (?:therapy|coverage|treatment))?|continued (?:therapy|approval|use|treatment)|renewal|re-?authori[sz]ation|recertification|re-?certification|subsequent (?:approval|authorization)|criteria for (?:continuation|renewal|reauthori[sz]ation|continued (?:approval|therapy|use|treatment|coverage)))\b(?: criteria| of therapy| requests?| approval)?\s*[:.]?/i;

const ROMAN_UP = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];
const ROMAN_LOW = ROMAN_UP.map((r) => r.toLowerCase());

/** the names of a policy's sections, as numbered section titles carry them */
const SECTION_NAME_RE =
  /^(?:indications?|(?:fda[- ]approved |covered )?indications? and (?:usage|uses)|exclusions?|required documentation|documentation(?: requirements?)?|prescriber (?:specialt(?:y|ies)|restrictions?|requirements?)|coverage criteria|(?:initial )?approval criteria|continuation of therapy|dosage and administration|dosage\/administration|dosing|dos(?:e|ing|age) limits?|quantity limits?|length of authori[sz]ation|billing codes?(?:\/availability)?(?: information)?|appendi(?:x|ces)\b.*|references?|summary|policy|background|definitions|purpose|scope|procedures?|responsibilit(?:y|ies))\s*:?$/i;

/**
 * "I.2 Contraindications recognized for the step requirement", "Acceptable reasons for not trying a
 * preferred agent", "Intolerances that qualify": a list defining what counts for another criterion
 * (which refers to it: "(see I.2)"), whose items are alternatives that criterion accepts, never
 * requirements of the path
 */
export const DEFINITION_LIST_HEAD_RE =
  /^(?:(?:[IVX]{1,4}|[A-Z]|\d{1,2})(?:\.\d{1,2})*\.?\s+)?(?:(?:contraindications?|intolerances?|exceptions?|exemptions?|reasons?|conditions?|circumstances|situations)\s+(?:(?:that\s+are\s+)?(?:recogni[sz]ed|accepted|acceptable|allowed)|that\s+(?:count|qualify|are\s+(?:recogni[sz]ed|accepted)))\b|(?:recogni[sz]ed|accepted|acceptable|qualifying|allowable)\s+(?:contraindications?|intolerances?|exceptions?|reasons?)\b)/i;
/** A line that starts a new section instead of continuing an item (all-caps titles, known headings). */
export function isHeading(text: string): boolean {
  const t = text.trim();
  // "Polymyalgia rheumatica (PMR) - initial request (ALL of the following):": an indication's own
  // sub-title in a criteria cell, after the previous indication's last item
  if (
    t.length <= 120 &&
    /^[A-Z][A-Za-z0-9 ,'()/-]{2,80}?\s[-–]\s*(?:initial|new start|renewal|continuation|reauthori[sz]ation)(?:\s+(?:requests?|therapy|approval|authori[sz]ation))?\s*(?:\(\s*(?:all|any|one|both) of the following\s*\)|[-–]\s*(?:all|any|one|both) of the following)?\s*:?$/i.test(
      t,
    )
  )
    return true;
  // "Indications - Select ONE path:", "Exclusions - criteria are NOT met if ANY of the following is
  // present:" (a criteria subset's section leads)
  if (
    t.length <= 110 &&
    /^(?:indications?|exclusions?|contraindications?|limitations?)\s*[-–:]\s*(?:select|choose|criteria|the following|any|all|one|not)\b[^.;]*:$/i.test(t)
  )
    return true;
  // "I.2 Contraindications recognized for the step requirement" (a short title, no sentence)
  if (t.length <= 90 && DEFINITION_LIST_HEAD_RE.test(t) && !/[.;,]$/.test(t) && !/[.;]\s/.test(t.replace(/^[IVX\d.]+\s/, ""))) return true;
  // a decimal-numbered section title ("3.0 Coverage Criteria", "3.1 Initial Authorization", "4.0 Exclusions",
  // "8.0 Guideline History / Revision Information"): a heading, never an item of the list before it
  const decimalTitle = DECIMAL_RE.exec(t);
  if (decimalTitle) {
    const title = decimalTitle[2].trim().replace(/:$/, "");
    if (title.length <= 70 && (isHeading(title) || (TITLE_CASE_RE.test(title) && title.split(/\s+/).length <= 8 && !CONNECTOR_RE.test(title)))) return true;
  }
  // a benefit manager's numbered section id before a heading ("PEDENT-2.2 Not medically necessary:",
  // "SLP-4: Coding and Billing"): the heading, whatever list the line before it closed
  const sectionId = /^[A-Z]{2,8}-\d{1,2}(?:\.\d{1,2})?(?:\s*:\s*|\s+)(\S.{2,100})$/.exec(t);
  if (sectionId && isHeading(sectionId[1])) return true;
  // a section numbered in roman numerals whose title is a section name ("I. Indications", "II.
  // Exclusions", "III. Required documentation", "V. Coverage criteria", "VIII. Appendix"), as
  // specialty guideline documents number their sections: a heading, not a criterion item
  const roman = /^(?:[IVX]{1,4})\.\s+(.{3,60})$/.exec(t);
  if (
    roman &&
    (SECTION_NAME_RE.test(roman[1].trim()) ||
      (!/^[IVX]{1,4}\.\s/.test(roman[1]) && isHeading(roman[1])) ||
      // "III. Diagnoses/Indications for which coverage is NOT authorized:" beside "I. Initial Approval Criteria"
      /\bnot (?:authori[sz]ed|covered|approvable|approved|medically necessary|recommended)\b[^.;]*:?$/i.test(roman[1]) ||
      // "II. Criteria for panniculectomy (15830)", "IV. Requirements for the second eye": the criteria
      // section of the service or drug it names
      /^(?:criteria|requirements|indications?)\s+for\s+[^.;:]{3,70}$/i.test(roman[1].trim()) ||
      // "III. Experimental, Investigational, or Unproven", "IV. Limitations and Exclusions"
      /^(?:(?:experimental|investigational|unproven|exclusions?|limitations?)\b[,\s]*(?:(?:or|and)\s+)?)+:?$/i.test(roman[1].trim()))
  )
    return true;
  // "Requests for X may be approved if the following criteria are met:", "Continuation requests for X
  // may be approved if …:", "Requests for X may not be approved for the following:" (clinical UM
  // guidelines): each opens its own list, even when the lists before and after use the same markers
  if (
    t.length <= 180 &&
    /^(?:(?:initial|continuation|renewal|reauthori[sz]ation) )?requests? (?:for|of)\b[^:]*\b(?:may|will|can|shall)(?: not)? be (?:approved|authori[sz]ed|covered|granted)\b[^:]*:$/i.test(
      t,
    )
  )
    return true;
  // "Section 6 - Documentation checklist (…)", "Part 2: Initial criteria": a numbered section title
  const section = /^(?:section|part)\s+(?:[0-9]{1,2}|[IVX]{1,4})[A-Z]?\s*[-–:.]\s*(.{3,140})$/i.exec(t);
  if (section && !/[.;]$/.test(section[1]) && /^[A-Z]/.test(section[1])) return true;
  if (t.length < 4 || t.length > 90) return false;
  // "A. BETA THALASSEMIA", "B. MYELODYSPLASTIC SYNDROMES (MDS)-ASSOCIATED ANEMIA": a lettered indication
  // title set in capitals (never a capitalised logic line: "A. ONE OF THE FOLLOWING:", "1. AND")
  const lettered = /^(?:[A-Z]|[IVX]{1,4})\.\s+(.+)$/.exec(t);
  if (lettered) {
    const title = lettered[1].trim();
    const caps = title.replace(/[^A-Za-z]/g, "");
    if (
      caps.length >= 6 &&
      caps === caps.toUpperCase() &&
      !/[.;,:]$/.test(title) &&
      !CONNECTOR_RE.test(title) &&
      !/\b(?:ALL|ONE|ANY|BOTH|EITHER|NONE|TWO|THREE)\b(?: OF)?\b|\bFOLLOWING\b|^(?:AND|OR|NOT)\b|\b(?:AND|OR)$|\b(?:IS|ARE|HAS|HAVE|WAS|WERE|MUST|WILL|SHOULD|MAY)\b/.test(
        title,
      )
    )
      return true;
  }
  if (MARKER_RE.test(t)) return false;
  // "Prior-Approval will not be granted when:" (an exclusion list follows)
  // ("• Drug is not indicated for:", a care guideline's list of non-indications)
  if (/^[^.;:]{0,60}\b(?:will|shall|may|can|is|are)?\s?not (?:be )?(?:granted|approved|covered|authori[sz]ed|provided|indicated)\b[^.;:]{0,30}:$/i.test(t))
    return true;
  // "Criteria for use - first treatment course (Year 1)", "Requirements for approval - adults",
  // "Regional Formulary notes (for information; not criteria)", "Dispensing - 10 mg tablets per
  // treatment cycle by body weight": a short title line (no sentence end, no trailing connector)
  if (!/[.;,:]$|\b(?:and|or|of|the|a|an|to|with|for|in|by)$/i.test(t)) {
    if (
      // (a closing parenthetical may carry a colon: "CRITERIA FOR INITIAL APPROVAL (authorization period: 6 months)")
      /^(?:criteria|requirements|conditions) for (?:use|approval|coverage|authori[sz]ation|initial (?:approval|authori[sz]ation|therapy))\b[^.;:]{0,70}$/i.test(
        t.replace(/\s*\([^()]{0,60}\)$/, ""),
      )
    )
      return true;
    if (
      /^[A-Z][\w /-]{2,50}\(\s*(?:for information(?: only)?\s*[;,]?\s*)?(?:not (?:approval |coverage |clinical )?criteria|for information(?: only)?)\s*\)$/i.test(
        t,
      )
    )
      return true;
    if (/^dispensing(?:\s*[-–:]\s*[^.;]{0,80}|\s+(?:limits?|table|quantities))?$/i.test(t)) return true;
  }
  // "All indications", "For all requests": the title of the criteria every indication shares
  if (/^(?:for )?all (?:indications|requests|uses|diagnoses|members)\s*:?$|^universal (?:criteria|requirements)\s*:?$/i.test(t)) return true;
  const letters = t.replace(/[^A-Za-z]/g, "");
  // (an abbreviation wrapped onto a line with the item's connector — "(HTC); AND" — continues the item)
  if (letters.length >= 6 && letters === letters.toUpperCase() && !/[.;,]$/.test(t) && !CONNECTOR_RE.test(t) && !/[;,]\s*(?:AND|OR)$/.test(t)) return true;
  // "Clinical Criteria:", "Criteria for Initial Approval", "Renewal Criteria:" (a short line ending the title)
  if (
    /^(?:clinical|approval|coverage|initial(?: approval| authorization)?|prior authorization|pa|step therapy|quantity limit) criteria:?$|^criteria for (?:initial )?(?:approval|authorization|coverage):?$|^(?:initial )?(?:approval|authorization) criteria:?$/i.test(
      t,
    )
  )
    return true;
  if (CONTINUATION_HEAD_RE.test(t) && t.length < 60 && !/[.;]\s*\S/.test(t.replace(/^(?:[IVX]+|[A-Z]|\d+)\.\s*/, ""))) return true;
  // section names of coverage articles and LCD-style policies ("Covered indications", "Limitations",
  // "Screening requirements (all new starts)", "Duration of coverage", "Documentation Requirements")
  if (
    /^(?:not (?:approved|approvable|authori[sz]ed|medically necessary)(?: (?:uses|for|conditions|indications))?|excluded (?:uses|conditions|indications)|covered (?:indications?|uses|conditions)|non-?covered (?:indications?|uses|conditions)|limitations?|screening(?: requirements?)?(?: \([^)]*\))?|(?:safety )?requirements for all (?:indications|requests|new starts)|duration of coverage|coverage duration|length of (?:authori[sz]ation|approval|coverage)|(?:authori[sz]ation|approval) (?:period|length|duration)|documentation requirements|required documentation|denial criteria|disposition of (?:the )?edit|(?:icd-10(?:-cm)?|hcpcs|cpt(?:\/hcpcs)?) codes\b.*|coverage indications,? limitations.*|utilization guidelines)\s*:?$/i.test(
      t,
    )
  )
    return true;
  // benefit rule sheets ("Purpose", "Definitions", "Benefit Limits", "Coverage Rules - Speech Therapy
  // (92507, 92508)", "Claim Requirements"): each opens a section, so a definition list is no criterion
  // list and the coverage rules of one discipline do not run into the next
  if (/^(?:purpose|definitions?(?: and abbreviations)?|benefit (?:limits?|maximums?)|claim(?:s)? requirements|coverage rules\b.{0,70})\s*:?$/i.test(t))
    return true;
  return /^((?:key |selected |additional |supporting |cited )?references?|related (?:medical |pharmacy |coverage |clinical )?(?:policies|policy|documents?|guidelines?|programs?)\s*:?|citations|(?:subset|criteria|document) history|bibliography|sources? of information|works cited|appendix\b.*|appendices.*|background|description|policy\/criteria|fda[- ]approved indication.*|other uses with supportive evidence|coverage polic(?:y|ies)|medical necessity criteria|coverage determinations?|coverage limitations?|dosing|dosage|dosing and.*|dosage and administration.*|quantity limits?.*|reviews, revisions.*|important reminder|coding implications|revision log.*|overview|policy statement|conditions not (recommended|covered).*|exclusions?(?:\s*[-–:]\s*not covered|\s*\([^()]{1,40}\))?:?|limitations of coverage:?|not covered:?|recommended authorization criteria|references?:?)$/i.test(
    t,
  );
}

/**
 * A line that opens a section: a heading by its words (`isHeading`), or a short title set in larger
 * type than the body text (`DocLine.larger`: "Purpose", "Exception criteria", "Definition A -
 * treatment indicated", "Not a basis for exception") — a title shape only: no list marker, bullet
 * or connector, no sentence end, at most 12 words, starting with a capital.
 */
export function isHeadingLine(line: DocLine): boolean {
  const t = clean(line.text).trim();
  if (isHeading(t)) return true;
  // a criteria table's row label ("Pulmonary arterial hypertension - initial authorization" |
  // "… - continuation (every 12 months)") starts that row: the numbered items after it are the row's
  // own, never children of the previous row's last item
  if (line.cell?.role === "label" && /^[A-Z]/.test(t) && !MARKER_RE.test(t) && !BULLET_RE.test(t) && t.length <= 160) return true;
  return (
    !!line.larger &&
    t.length >= 4 &&
    t.length <= 90 &&
    /^[A-Z]/.test(t) &&
    !MARKER_RE.test(t) &&
    !PAREN_RE.test(t) &&
    !BULLET_RE.test(t) &&
    !CONNECTOR_RE.test(t) &&
    !/[.;,]$|\b(?:and|or)$/i.test(t) &&
    t.split(/\s+/).length <= 12
  );
}

const PARAGRAPH_BREAK_RE =
  /^(?:continuation of (?:therapy|coverage|treatment)|continued (?:therapy|use|approval)|renewal|re-?authori[sz]ation|recertification)\b[^.]{0,40}[:.]|^(?:continuation|renewal|re-?authori[sz]ation)(?:\s*\([^)]{1,30}\))?\s+(?:requires|criteria\b|may be (?:approved|authori[sz]ed|granted|renewed)|is (?:approved|authori[sz]ed))|^[A-Z][\w ,/-]{0,40}\(not (?:criteria|a criterion|requirements?)\)\s*:|^(?:when|where) coverage is available\b|^[A-Z][\w ()-]{0,60}\bis (?:considered )?(?:not medically necessary|experimental|investigational|not covered)\b|^(?:all )?other (?:uses|indications) (?:are|is) considered\b/i;

interface Stack {
  family: MarkerFamily;
  lastMarker: string;
  item: OutlineItem;
  /** indentation of the item's first line (PDF points), when known */
  x?: number;
}

/** Position of a marker in its family: "3" → 3, "c" → 3, "iv" → 4. */
function ordinal(marker: string, family: MarkerFamily): number {
  if (/^\d+$/.test(marker)) return Number(marker);
  if (family === "roman" || family === "proman" || family === "ROMAN") return ROMAN_UP.indexOf(marker.toUpperCase()) + 1;
  return marker.toLowerCase().charCodeAt(0) - 96;
}

/**
 * Where a marker of `family` goes on the stack: the index to cut the stack to (its siblings' level),
 * or null to nest it under the current item. A marker continues the level whose last marker it
 * follows ("2." after "1."); a first marker ("1.", "a.") that continues no level opens a new list
 * under the current item, even when an outer list uses the same family ("2. Coverage Criteria /
 * A. Atopic Dermatitis / 1. Initial Authorization"). When several levels could continue, the one
 * indented like the marker wins, else the deepest.
 */
function placeMarker(stack: Stack[], family: MarkerFamily, marker: string, x: number | undefined): number | null {
  const levels = stack.map((s, i) => ({ s, i })).filter((l) => l.s.family === family);
  if (!levels.length) return null;
  const n = ordinal(marker, family);
  const next = levels.filter((l) => ordinal(l.s.lastMarker, family) + 1 === n);
  if (next.length) {
    const aligned = x == null ? [] : next.filter((l) => l.s.x != null && Math.abs(l.s.x - x) <= 6);
    return (aligned.length ? aligned : next)[(aligned.length ? aligned : next).length - 1].i;
  }
  if (n === 1) return null;
  return levels[levels.length - 1].i;
}

function classify(marker: string, stack: Stack[], paren: boolean): MarkerFamily {
  if (/^\d+$/.test(marker)) return paren ? "pnum" : "num";
  if (paren) {
    // "(a)" / "(i)" lists nest inside "(1)" lists and never close an "a." level
    const lvl = stack.find((s) => s.family === "palpha");
    const nextLetter = lvl ? String.fromCharCode(lvl.lastMarker.charCodeAt(0) + 1) : "a";
    if (marker === nextLetter || !ROMAN_LOW.includes(marker)) return "palpha";
    if (marker === "i" || stack.some((s) => s.family === "proman")) return "proman";
    return "palpha";
  }
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
 * Whether a decimal number at a line's start numbers an item: it lies inside the decimal-numbered section
 * being read ("3.1.2" under "3.1", "4.1" under "4.0"), or continues or nests under a decimal item already
 * open ("3.1.5" after "3.1.4"). A wrapped line starting with a dose ("1.5 Times …") fits neither.
 */
function decimalItemFits(num: string, sectionNumber: string | null, stack: Stack[]): boolean {
  if (sectionNumber && num.startsWith(`${sectionNumber}.`)) return true;
  const prefix = num.replace(/\.\d{1,2}$/, "");
  return stack.some((s) => s.family === "decimal" && (s.lastMarker === prefix || s.lastMarker.replace(/\.\d{1,2}$/, "") === prefix));
}

/** The glyph of a bullet line, so that levels can be told apart: "-" and "–" are one glyph, every checkbox another. */
function bulletGlyph(t: string): string {
  const g = /^(\[\s?[xX✓]?\s?\]|[•▪◦●○■□☐➢►✓]|[-–*]|o(?=\s))/.exec(t)?.[1] ?? "•";
  return g.startsWith("[") ? "[]" : g === "–" ? "-" : g;
}

/**
 * Parse lines into outline items grouped under headings. Lines before the first marker of a
 * heading and non-marker lines after a heading are returned as `preamble` text for that heading.
 */
export function parseOutline(
  lines: DocLine[],
  skip: Set<number> = new Set(),
  opts: { bullets?: boolean } = {},
): { heading: string; items: OutlineItem[]; preamble: DocLine[] }[] {
  const sections: { heading: string; items: OutlineItem[]; preamble: DocLine[] }[] = [{ heading: "", items: [], preamble: [] }];
  let stack: Stack[] = [];
  let current: OutlineItem | null = null;
  let inNote = false;
  /** number of the decimal-numbered section being read ("3.1" under "3.1 Initial Authorization", "4" under "4.0 Exclusions") */
  let sectionNumber: string | null = null;

  for (const line of lines) {
    if (skip.has(line.index)) continue;
    const t = clean(line.text);
    if (isHeadingLine(line)) {
      // a numbered section title ("IV. Prescriber specialties") is named by its title
      sections.push({ heading: t.replace(/^[IVX]{1,4}\.\s+/, "").replace(/^\d{1,2}(?:\.\d{1,2}){1,3}\.?\s+/, ""), items: [], preamble: [] });
      // (an unnumbered title inside a numbered section — "4.0 Exclusions" then "Azstarys is not approved
      // under this guideline:" — keeps the section's number for the items under it)
      sectionNumber = /^(\d{1,2}(?:\.\d{1,2}){0,3})\.?\s/.exec(t)?.[1].replace(/(?:\.0)+$/, "") ?? sectionNumber;
      stack = [];
      current = null;
      inNote = false;
      continue;
    }
    const sec = sections[sections.length - 1];
    // "-AND-" / "-OR-" between items: the connector belongs to the item above
    if (CONNECTOR_RE.test(t)) {
      if (current && !inNote) current.text += ` ${/or/i.test(t) ? "OR" : "AND"}`;
      continue;
    }
    const m = PAREN_RE.exec(t) ?? MARKER_RE.exec(t);
    const isParen = PAREN_RE.test(t);
    // an unnumbered paragraph that opens renewal criteria or closes the criteria list ("Continuation of
    // therapy: ...", "X is considered not medically necessary for any other use", "When coverage is
    // available ...") is a section of its own, not a continuation of the item above
    // "Footnotes: (a) …" / a bare "Notes" line closes the criteria list: its lettered notes are no
    // criteria ("Note: …" inside a list stays the item's note)
    if (/^foot\s?notes?\s*(?::|$)|^notes?\s*:?\s*$|^notes\s*:\s*\(?(?:1|a|i)[).]\s/i.test(t)) {
      sections.push({ heading: "Notes", items: [], preamble: [line] });
      stack = [];
      current = null;
      inNote = false;
      continue;
    }
    // (a line that starts in lower case goes on with the sentence above: "- the procedure is not
    // medically necessary at that time" is no paragraph of its own)
    if (!m && current && PARAGRAPH_BREAK_RE.test(t) && !/^[a-z]/.test(t)) {
      sections.push({ heading: t.slice(0, 120), items: [], preamble: [line] });
      stack = [];
      current = null;
      inNote = false;
      continue;
    }
    let marker: string | null = null;
    let body = "";
    // "3.1.2 The member is …" under "3.1 Initial Authorization", "4.1 For use together …" under "4.0
    // Exclusions": an item numbered within its section (or after a sibling numbered so)
    const decimal = !m ? DECIMAL_RE.exec(t) : null;
    if (decimal && decimalItemFits(decimal[1], sectionNumber, stack)) {
      const num = decimal[1];
      const prefix = num.replace(/\.\d{1,2}$/, "");
      const sibling = stack.findIndex((s) => s.family === "decimal" && s.lastMarker.replace(/\.\d{1,2}$/, "") === prefix);
      const parentIdx = stack.findIndex((s) => s.family === "decimal" && s.lastMarker === prefix);
      if (sibling >= 0) stack = stack.slice(0, sibling);
      else if (parentIdx >= 0) stack = stack.slice(0, parentIdx + 1);
      else stack = stack.filter((s) => s.family !== "decimal").length === stack.length ? [] : stack;
      const parent = stack.length ? stack[stack.length - 1].item : null;
      const item: OutlineItem = {
        marker: num,
        family: "decimal",
        text: decimal[2],
        note: "",
        lines: [line],
        children: [],
        parent,
        heading: sec.heading,
        durations: [],
      };
      if (parent) parent.children.push(item);
      else sec.items.push(item);
      stack.push({ family: "decimal", lastMarker: num, item, ...(line.x != null ? { x: line.x } : {}) });
      current = item;
      inNote = false;
      continue;
    }
    const bullet = opts.bullets && !m ? BULLET_RE.exec(t) : null;
    // "B. A chronic skin condition under the panniculus" / "- intertrigo, candidiasis … or tissue" /
    // "necrosis - that has persisted …": a dash opening a parenthetical in the middle of the item's
    // sentence (the item above ends in no punctuation and no list lead), not a bullet
    const midSentenceDash =
      !!bullet &&
      /^[-–]/.test(t) &&
      /^[a-z]/.test(bullet[1]) &&
      !!current &&
      !inNote &&
      !/[.:;,]\s*$|\b(?:following|of|or|and|either|both|includ(?:e|es|ing))\s*$/i.test(current.text.trim()) &&
      // (the parenthetical closes with a second dash on this line or the next: "necrosis - that has …")
      [t.slice(1), lines[lines.indexOf(line) + 1]?.text ?? ""].some((x) => /\s[-–]\s/.test(x));
    if (midSentenceDash && current) {
      current.text += ` ${t}`;
      current.lines.push(line);
      continue;
    }
    if (bullet && bullet[1]) {
      const family: MarkerFamily = "bullet";
      // multi-level bullets ("- item" then "o sub-item", "• item" then "◦ sub-item"): each glyph is
      // a level; a glyph already open is a sibling there, a new glyph nests under the item above
      const glyph = bulletGlyph(t);
      const same = stack.findIndex((s) => s.family === family && s.lastMarker === glyph);
      const anyBullet = stack.findIndex((s) => s.family === family);
      if (same >= 0) stack = stack.slice(0, same);
      else if (anyBullet >= 0 && current !== stack[stack.length - 1]?.item) stack = stack.slice(0, anyBullet);
      const parent = stack.length ? stack[stack.length - 1].item : null;
      const item: OutlineItem = { marker: "•", family, text: bullet[1], note: "", lines: [line], children: [], parent, heading: sec.heading, durations: [] };
      if (parent) parent.children.push(item);
      else sec.items.push(item);
      // (with the glyph's x: a line back at the margin left of it after a finished item is a paragraph or
      // a title of its own — "Depressive episodes associated with bipolar I or II disorder" / "Clinical
      // information required for approval" after a drug's schizophrenia bullets — never more of the item)
      stack.push({ family, lastMarker: glyph, item, ...(line.x != null ? { x: line.x } : {}) });
      current = item;
      inNote = false;
      continue;
    }
    if (m) {
      marker = isParen ? m[1] : m[1];
      body = isParen ? m[2] : m[3];
      // "e.g." style false positives and sentences like "A patient ..." are excluded by the regex.
      if (!isParen && marker.length > 1 && !/^([ivx]+|[IVX]+|\d+)$/.test(marker)) marker = null;
    }
    if (marker) {
      const family = classify(marker, stack, isParen);
      const idx = placeMarker(stack, family, marker, line.x);
      if (idx != null) stack = stack.slice(0, idx);
      const parent = stack.length ? stack[stack.length - 1].item : null;
      const item: OutlineItem = { marker, family, text: body, note: "", lines: [line], children: [], parent, heading: sec.heading, durations: [] };
      if (parent) parent.children.push(item);
      else sec.items.push(item);
      stack.push({ family, lastMarker: marker, item, ...(line.x != null ? { x: line.x } : {}) });
      current = item;
      inNote = false;
      continue;
    }
    if (DURATION_LINE_RE.test(t)) {
      if (current) current.durations.push(t);
      else sec.preamble.push(line);
      inNote = false;
      continue;
    }
    // a footnote line ("*Prior authorization may be required for these agents", "^ ...") annotates
    // the item above; it is not part of the requirement
    if (/^[*^†‡§]/.test(t) && current) {
      current.note += (current.note ? " " : "") + t.replace(/^[*^†‡§]+\s*/, "");
      current.lines.push(line);
      // (a footnote wrapped onto the next line goes on in the note; a "^" footnote is a page's foot
      // note, whose wrapped lines never continue the item)
      if (t.startsWith("^")) inNote = true;
      continue;
    }
    // a labelled paragraph after a finished item ("Units: no more than 100 units per date of
    // service.", "Site of care: …", "References: …") is printed under the list, not part of the item
    // ("Do not count toward criterion 2: docusate, fiber supplements …" says what an earlier item does
    // not accept: a note, never more of the item above it)
    if (
      current &&
      !inNote &&
      /\.\s*$/.test(current.text) &&
      (/^[A-Z][a-z]+(?: [a-z]+){0,3}: \S/.test(t) || /^(?:do(?:es)? not|not to be) (?:count|qualify|be counted)\b[^:]{0,60}:\s*\S/i.test(t))
    ) {
      inNote = true;
      current.note += (current.note ? " " : "") + t;
      current.lines.push(line);
      continue;
    }
    if (/^note:/i.test(t) && current) {
      inNote = true;
      current.note += (current.note ? " " : "") + t.replace(/^note:\s*/i, "");
      current.lines.push(line);
      continue;
    }
    // "c. … described by the radiation oncologist." then, back at the margin left of every marker,
    // "When the 3D conformal plan meets all the constraints in (a), … IMRT is not medically necessary":
    // a paragraph printed after the finished list, never the last item's continuation
    // (at or left of the outermost marker and left of the current item's own marker: a wrapped line of a
    // list printed without hanging indents sits at its item's marker, never left of it)
    const markerX = stack.length ? Math.min(...stack.map((s) => s.x ?? Infinity)) : Infinity;
    const currentX = stack.find((s) => s.item === current)?.x;
    if (
      current &&
      !inNote &&
      line.x != null &&
      currentX != null &&
      Number.isFinite(markerX) &&
      line.x <= markerX + 2 &&
      line.x < currentX - 4 &&
      /[.]\s*$/.test(current.text) &&
      /^[A-Z]/.test(t)
    ) {
      sections.push({ heading: "", items: [], preamble: [line] });
      stack = [];
      current = null;
      continue;
    }
    // "D.   The individual does not have … in the eye to be" / "     treated." then, at the marker's own
    // x, "Continued therapy with … is considered medically necessary when …": the item wrapped with a
    // hanging indent, so a line back at its marker after a finished sentence is a paragraph of its own
    // (a list printed without hanging indents wraps at the marker and is not touched)
    const hanging = current?.lines.slice(1).filter((l) => l.x != null && currentX != null && l.x > currentX + 6) ?? [];
    if (
      current &&
      !inNote &&
      line.x != null &&
      currentX != null &&
      hanging.length > 0 &&
      hanging.length === current.lines.length - 1 &&
      Math.abs(line.x - currentX) <= 2 &&
      /[.]\s*$/.test(current.text) &&
      /^[A-Z][a-z]/.test(t)
    ) {
      sections.push({ heading: "", items: [], preamble: [line] });
      stack = [];
      current = null;
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
  // "… in a CLIA-certified laboratory [DOCUMENTATION REQUIRED]. NOTE: a negative IHC result does not
  // exclude …; sequencing results are required in that case": a note run into the item's own lines
  // annotates the requirement, never a further requirement of it
  const inlineNote = /[.;)\]]\s+(?:NOTE|Note|Please note)\s*:\s+(\S.*)$/.exec(it.text);
  if (inlineNote && inlineNote.index >= 20) {
    it.note = clean(`${inlineNote[1]} ${it.note}`);
    it.text = clean(it.text.slice(0, inlineNote.index + 1));
  }
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

/**
 * Split inline enumerations onto their own lines so the outline reader sees one item per marker:
 * "(1) Diagnosis of ... (2) Trial of metformin ..." and "1) ... 2) ..." written in running text
 * (Part D tables and prose policies do this). A run is split only when it counts up from 1 (or
 * continues a count already open) and reaches at least 2; the marker must follow a line start or
 * a clause boundary and precede a word, so "(2 weeks)" or "type 2)" never split.
 */
const ROMAN_VALUES: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6, vii: 7, viii: 8, ix: 9, x: 10 };

export function splitInlineEnumerations(lines: DocLine[]): DocLine[] {
  const styles: { re: RegExp; num: (m: RegExpExecArray) => number }[] = [
    { re: /(^|[\s:;.,])\((\d{1,2})\)\s+(?=[A-Za-z"'])/g, num: (m) => Number(m[2]) },
    { re: /(^|[\s:;.,])(\d{1,2})\)\s+(?=[A-Za-z"'])/g, num: (m) => Number(m[2]) },
    // "(i and ii): i. Patient is >= 18 years of age; AND ii. The medication is prescribed by ..."
    { re: /(^|[:;]\s|\b(?:AND|OR|and|or)\s)(i{1,3}|iv|vi{0,3}|ix|x)\.(?:\s+(?=[A-Za-z])|\s*$)/g, num: (m) => ROMAN_VALUES[m[2]] ?? 0 },
  ];
  // pass 1: find marker positions per style, keep only counting runs (1, 2, 3 ...) of length >= 2
  const cuts = new Map<number, Set<number>>(); // line index -> offsets in line text
  for (const st of styles) {
    let run: { line: number; at: number }[] = [];
    let expect = 1;
    const leadOf = (r: { line: number; at: number }) => {
      const li = lines.findIndex((l) => l.index === r.line);
      return `${lines[li - 1]?.text ?? ""} ${lines[li]?.text.slice(0, r.at) ?? ""}`.slice(-90);
    };
    const flush = () => {
      // "meets ONE of the following for each medication: (1) ... (2) ..." qualifies every trial of one
      // requirement; those parts stay inside it
      if (run.length >= 2 && /\bfor (each|every)\b|\beach (medication|agent|drug|trial)\b/i.test(leadOf(run[0]))) run = [];
      if (run.length >= 2) for (const r of run) (cuts.get(r.line) ?? cuts.set(r.line, new Set()).get(r.line)!).add(r.at);
      run = [];
      expect = 1;
    };
    for (const l of lines) {
      const re = new RegExp(st.re.source, "g");
      let m: RegExpExecArray | null;
      while ((m = re.exec(l.text))) {
        const n = st.num(m);
        const at = m.index + m[1].length;
        // ("suspected narcolepsy (type 1 or type 2) or idiopathic hypersomnia": a ")" that closes a
        // parenthesis opened before it on the line is no list marker)
        const before = l.text.slice(0, at);
        if ((before.match(/\(/g) ?? []).length > (before.match(/\)/g) ?? []).length) continue;
        if (n === expect) {
          run.push({ line: l.index, at });
          expect++;
        } else if (n === 1) {
          flush();
          run.push({ line: l.index, at });
          expect = 2;
        }
      }
    }
    flush();
  }
  if (!cuts.size) return lines;
  const out: DocLine[] = [];
  for (const l of lines) {
    const at = [...(cuts.get(l.index) ?? [])].filter((x) => x > 0).sort((a, b) => a - b);
    if (!at.length) {
      out.push(l);
      continue;
    }
    const bounds = [0, ...at, l.text.length];
    for (let i = 0; i < bounds.length - 1; i++) {
      const raw = l.text.slice(bounds[i], bounds[i + 1]);
      const text = raw.trim();
      if (!text) continue;
      const from = bounds[i] + (raw.length - raw.trimStart().length);
      const map = [...l.map.slice(from, from + text.length), (l.map[from + text.length - 1] ?? l.end - 1) + 1];
      out.push({ ...l, text, start: map[0] ?? l.start, end: map[map.length - 1], map });
    }
  }
  // split pieces keep their line's index (callers only use it to order and skip lines)
  return out;
}
