import { clean, type DocLine } from "../text/lines";
import { isHeadingLine } from "./outline";

/**
 * Policies that build their criteria from named parts instead of one nested list:
 *
 * - **Dotted-decimal items** ("1.1 Chronic hepatitis B: …", "1.2 Antiviral treatment is indicated",
 *   "2.1 …"): the items of section 1 and section 2. They are rewritten as "(1) …" items, a marker
 *   family the outline reader nests under whatever opened the section.
 * - **A sentence that composes sections** ("An exception is granted for 12 months when ALL of
 *   Section 1 and ONE of Section 2 are met."), followed by the section titles ("Section 1 - all of
 *   the following", "Section 2 - one of the following"): the sentence becomes the lead of one list
 *   ("I. … when ALL of the following are met:") and each section a lettered item of it ("A. All of
 *   the following:", "B. One of the following:"), so both are required and each keeps its own
 *   quantifier — never two alternative paths.
 * - **A definition referred to by name** ("1.2 Antiviral treatment is indicated (Definition A)." and,
 *   further down, "Definition A - treatment indicated / ONE of the following: (a) … (d) …"): the
 *   definition's lead and items move under the one item that refers to it, so its alternatives are
 *   that item's sub-criteria instead of a list of their own (which the reader would take for
 *   indications). The definition's title and any paragraph after its items stay where they were.
 *
 * Rewritten lines keep their page offsets: every character maps into the original line, so a
 * citation still quotes the policy verbatim. Lines that match none of these shapes are returned
 * unchanged; a composition whose sections are not both found is left alone.
 */
export function composeNamedParts(lines: DocLine[]): DocLine[] {
  return inlineDefinitions(composeSections(pathTitles(dottedDecimalItems(wrappedRequestLeads(lines)))));
}

/** "Requests for X may not be approved when …", "Continuation requests for X may be approved if …" */
const REQUEST_LEAD_RE =
  /^(?:(?:initial|continuation|renewal|reauthori[sz]ation) )?requests? (?:for|of)\b.*\b(?:may|will|can|shall)(?: not)? be (?:approved|authori[sz]ed|covered|granted)\b/i;

/**
 * A request-list lead wrapped onto a second line ("Requests for Ingrezza (valbenazine) may not be
 * approved when the above criteria are not met and for all other" / "indications, or when any of the
 * following apply:") joined back into one line, so the outline reader sees the whole lead (a heading
 * that opens its own list) and not an item's continuation. Only when the second line ends the lead
 * with a colon and carries no item marker; at most 180 characters together.
 */
function wrappedRequestLeads(lines: DocLine[]): DocLine[] {
  const out: DocLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const a = lines[i];
    const b = lines[i + 1];
    if (
      b &&
      b.page === a.page &&
      REQUEST_LEAD_RE.test(clean(a.text)) &&
      !/:\s*$/.test(a.text) &&
      /:\s*$/.test(b.text) &&
      !ITEM_RE.test(b.text) &&
      a.text.length + b.text.length < 180
    ) {
      const n = a.text.length;
      out.push({ ...a, text: `${a.text} ${b.text}`, end: b.end, map: [...a.map.slice(0, n), a.map[n] ?? a.end, ...b.map] });
      i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

/** "Path A - Active SLE …", "Pathway 2: Lupus nephritis", "Option B – …": a route's title */
const PATH_TITLE_RE = /^(?:path(?:way)?|route|option|track)\s+(?:[A-Z]|\d{1,2})\s*[-–:.]\s*(?=[A-Z])/i;
/** a lead that makes the routes alternatives: "ALL items of ONE path", "one of the following pathways" */
const ONE_PATH_RE = /\b(?:one|either|any)\s+(?:of\s+the\s+(?:following\s+)?)?(?:path(?:way)?s?|routes?|options?|tracks?)\b/i;

/**
 * Routes a policy offers after a lead that asks for ONE of them ("Belimumab is authorized when
 * section 1 and ALL items of ONE path are met." then "Path A - Active SLE …" with its items, "Path B
 * - Active lupus nephritis" with its own): each title becomes a lettered item ("A. Active SLE …"),
 * so the items under it nest under the route and each route is read as an alternative titled by the
 * condition it covers. Needs the lead and at least two titles after it; otherwise unchanged.
 */
function pathTitles(lines: DocLine[]): DocLine[] {
  const lead = lines.findIndex((l) => ONE_PATH_RE.test(l.text));
  if (lead < 0) return lines;
  const titles = lines.map((l, i) => (i > lead && PATH_TITLE_RE.test(clean(l.text)) && !/[.;]\s*$/.test(l.text) ? PATH_TITLE_RE.exec(l.text) : null));
  if (titles.filter(Boolean).length < 2) return lines;
  let k = 0;
  return lines.map((l, i) => {
    const m = titles[i];
    if (!m) return l;
    return rewrite(l, [
      { add: `${"ABCDEFGH"[Math.min(k++, 7)]}. `, at: 0 },
      { from: m[0].length, to: l.text.length },
    ]);
  });
}

/** Text pieces of a rewritten line: synthetic strings (mapped to an offset of the line) and slices of it. */
type Piece = { add: string; at: number } | { from: number; to: number };

/** A copy of `l` whose text is `pieces` joined, each character mapped into `l`'s page offsets. */
function rewrite(l: DocLine, pieces: Piece[]): DocLine {
  let text = "";
  const map: number[] = [];
  for (const p of pieces) {
    if ("add" in p) {
      text += p.add;
      for (let i = 0; i < p.add.length; i++) map.push(l.map[p.at] ?? l.start);
    } else {
      text += l.text.slice(p.from, p.to);
      map.push(...l.map.slice(p.from, p.to));
    }
  }
  map.push(l.end);
  return { ...l, text, map };
}

const DOTTED_RE = /^(\d{1,2})\.(\d{1,2})\.?\s+(?=[A-Z(])/;

/**
 * "1.1 X", "1.2 Y", "2.1 Z" → "(1) X", "(2) Y", "(1) Z" when the document numbers at least two items
 * this way under a parent it names ("Section 1", "1."), counting from .1; other lines (a dose "2.5 mg",
 * "1.5 x ULN") stay.
 */
function dottedDecimalItems(lines: DocLine[]): DocLine[] {
  // only under the parent the outline reader sees right above them: a "Section 1 - …" title or a
  // "1." / "1)" item (a "2 - ONE of the following:" row of a criteria grid is no marker, and a
  // numbered reference list further down is no parent)
  let parent: string | null = null;
  const keep = lines.map((l) => {
    const t = clean(l.text);
    const p = PART_TITLE_RE.exec(t) ?? /^(\d{1,2})[.)]\s+\S/.exec(t);
    if (p) parent = p[1].toLowerCase();
    const m = DOTTED_RE.exec(l.text);
    return m && m[1] === parent ? m : null;
  });
  if (keep.filter(Boolean).length < 2) return lines;
  return lines.map((l, i) => {
    const m = keep[i];
    return m
      ? rewrite(l, [
          { add: `(${Number(m[2])}) `, at: 0 },
          { from: m[0].length, to: l.text.length },
        ])
      : l;
  });
}

const PART_WORD = "(?:section|part|group)";
const QUANT = "(all|each|one|any|both|either|at least one)";
const COMPOSE_RE = new RegExp(
  String.raw`\b${QUANT}\s+(?:of\s+)?(?:the\s+(?:criteria|requirements|items)\s+(?:in|of)\s+)?${PART_WORD}\s+(\w{1,4})\s+(?:and|plus)\s+${QUANT}\s+(?:of\s+)?(?:the\s+(?:criteria|requirements|items)\s+(?:in|of)\s+)?${PART_WORD}\s+(\w{1,4})\b`,
  "i",
);
const PART_TITLE_RE = new RegExp(String.raw`^${PART_WORD}\s+(\w{1,4})\s*[-–:.]\s*(.*)$`, "i");

/** "all" for ALL/EACH/BOTH, "one" for ONE/ANY/EITHER/AT LEAST ONE */
const quantOf = (q: string) => (/^(?:all|each|both)$/i.test(q) ? "All" : "One");

function composeSections(lines: DocLine[]): DocLine[] {
  const at = lines.findIndex((l) => COMPOSE_RE.test(l.text));
  if (at < 0) return lines;
  const m = COMPOSE_RE.exec(lines[at].text)!;
  const parts = [
    { name: m[2].toLowerCase(), q: quantOf(m[1]) },
    { name: m[4].toLowerCase(), q: quantOf(m[3]) },
  ];
  const titles = parts.map((p) => lines.findIndex((l, i) => i > at && PART_TITLE_RE.exec(clean(l.text))?.[1].toLowerCase() === p.name));
  if (titles.some((i) => i < 0) || titles[1] < titles[0]) return lines;
  // the sentence may end on a later line: it is the lead only when it ends before the first section
  const out = [...lines];
  const lead = out[at];
  const end = m.index + m[0].length;
  const stop = /\.\s*$/.test(lead.text) ? lead.text.replace(/\.\s*$/, "").length : lead.text.length;
  out[at] = rewrite(lead, [
    { add: "I. ", at: 0 },
    { from: 0, to: m.index },
    { add: "ALL of the following", at: m.index },
    { from: end, to: stop },
    { add: ":", at: stop },
  ]);
  titles.forEach((ti, k) => {
    const l = out[ti];
    out[ti] = rewrite(l, [
      { add: `${"AB"[k]}. ${parts[k].q} of the following (`, at: 0 },
      { from: 0, to: l.text.length },
      { add: "):", at: l.text.length },
    ]);
  });
  return out;
}

const DEF_TITLE_RE = /^(definition|appendix)\s+([A-Z0-9]{1,3})\b\s*(?:[-–:.]\s*(.*))?$/i;
const ITEM_RE = /^\(?(?:[IVX]{1,4}|[A-Z]|\d{1,2}|[a-z]{1,4})[.)]\s/;

function inlineDefinitions(lines: DocLine[]): DocLine[] {
  let out = [...lines];
  const titles = out.filter((l) => DEF_TITLE_RE.test(clean(l.text)) && isHeadingLine(l));
  for (const title of titles) {
    const di = out.indexOf(title);
    const [, kind, name] = DEF_TITLE_RE.exec(clean(title.text))!;
    let end = di + 1;
    while (end < out.length && !isHeadingLine(out[end])) end++;
    const body = out.slice(di + 1, end);
    const items = body.filter((l) => ITEM_RE.test(l.text));
    if (items.length < 2) continue;
    // the items and their continuation lines, up to the sentence end of the last item; a paragraph
    // after them ("ULN for ALT is 35 U/L …") stays under the title
    let itemsEnd = body.indexOf(items[items.length - 1]);
    while (itemsEnd + 1 < body.length && !/[.;:]$/.test(body[itemsEnd].text)) itemsEnd++;
    const moved = body.slice(0, itemsEnd + 1);
    const refRe = new RegExp(String.raw`\b${kind}\s+${name}\b`, "i");
    const refs = out.filter((l, i) => (i < di || i >= end) && refRe.test(l.text) && !DEF_TITLE_RE.test(clean(l.text)));
    // moved only when exactly one line refers to it, and that line is an item of a list
    if (refs.length !== 1 || !ITEM_RE.test(refs[0].text)) continue;
    const rest = out.filter((l) => !moved.includes(l));
    let ins = rest.indexOf(refs[0]) + 1;
    while (ins < rest.length && rest[ins] !== title && !ITEM_RE.test(rest[ins].text) && !isHeadingLine(rest[ins])) ins++;
    out = [...rest.slice(0, ins), ...moved, ...rest.slice(ins)];
  }
  return out;
}
