/**
 * Benefit-manager guidelines cut into numbered sections whose titles name their codes (eviCore /
 * Carelon style): "XX-1 General Requirements (apply to every study)" with sub-sections "XX-1.1 …",
 * "XX-2 Indications for <study> (code, code)" whose body is a lead sentence ("… is medically necessary
 * when ALL of the following are met:") and lettered items ("A. XX-1 is met; AND", "B. … at least TWO of
 * …; AND", "C. None of the conditions listed in XX-3.1 or XX-3.2 is present."), "XX-3 … (code)" whose
 * sub-sections are alternatives under a lead ("… when XX-1 is met AND ONE of the following applies:"),
 * each with its own nested list ("a. … b. …").
 *
 * `readSectionGuideline` reads such a guideline, as the guideline itself says it is applied:
 * - a section that applies to every study ("apply to every study", "General Requirements") gives
 *   criteria of every code's path (common criteria, no codes);
 * - a section whose title names codes in parentheses gives the path of those codes: its lead's
 *   cross-references and quantifier, then its sub-sections or its lettered / numbered items;
 * - a cross-reference to another numbered section ("XX-1 is met", "a condition in XX-3.1", "met
 *   XX-2.B") stands for that section's (or item's) criteria; a reference to a section that applies to
 *   every study is already a criterion of every path;
 * - "None of the conditions listed in XX-3.1 or XX-3.2 is present" is an absence requirement over
 *   those sections' conditions: each condition a `documentation` absence (medium confidence: a
 *   mention in the record never denies — a reviewer judges it), met when the record states it absent;
 * - "at least TWO of a; b; c" is an `any` with `min` 2 over the signs; a sign with a measured threshold
 *   counts only as a value compared (a `lab`), one whose measure is not read counts for nothing;
 * - "ONE of: a condition in XX-3.1; b; or c" inside an item is an `any` of its parts.
 * Sections without codes in their title and that do not apply to every study (repeat-testing tables,
 * coding notes) are left to the rest of the reader. Returns null when the guideline has fewer than two
 * code-titled sections or one of them has no readable body (the reader's other passes then apply).
 *
 * Source: the guideline's own section structure and wording; no clinical rule is added.
 */
import type { Citation, Criterion, PolicyModel } from "../contracts";
import { citeLines, type DocLine } from "../text/lines";
import { sectionCodesOf } from "./code-sections";
import { keyConcepts, parseCriterion, withoutExamples, type ParseContext } from "./parse-criterion";

/** "SLP-2 Indications …", "SLP-2: …", "SLP-3.1 A comorbid …": prefix, section, sub-section, rest */
const ID_RE = /^([A-Z]{1,8})-(\d{1,2})(?:\.(\d{1,2}))?(?:\s*:\s*|\s+)(\S.*)$/;
/** a list item opening a line: "A. ", "b) ", "3. ", or a bullet ("• ") */
const ITEM_RE = /^([A-Z]|[a-z]|\d{1,2})[.)]\s+(\S.*)$|^([•▪●■➢►])\s*(\S.*)$/;
/** a sub-bullet under a bullet item ("o 7 or more such episodes …", "◦ …", "– …") */
const SUB_BULLET_RE = /^(?:o|◦|○|–|-)\s+(\S.*)$/;
/** a section that applies to every study of the guideline */
const EVERY_STUDY_RE = /\bappl(?:y|ies) to (?:every|all|each)\b|\bgeneral (?:requirements|criteria|guidelines)\b|\ball (?:studies|requests|services)\b/i;
/** "ONE of the following", "ANY of", "at least one of": alternatives */
const ONE_RE = /\b(?:ONE|ANY|EITHER|at least one)\s+(?:\(1\)\s+)?of\b/i;
/** "ALL of the following", "BOTH of": every item */
const ALL_RE = /\b(?:ALL|BOTH|EACH)\s+(?:of\b|must\b|are\b)/i;
/** a note or a coding remark after a list: no requirement */
const NOTE_RE = /^(?:note|notes|coding|billing)\b\s*:?/i;

interface Item {
  marker: string;
  text: string;
  lines: DocLine[];
  /** sub-bullets of a bullet item ("AND a frequency of: o 7 or more …; OR o 5 or more …") */
  subs?: Item[];
}
interface Section {
  id: string;
  title: string;
  /** the lines after the id line up to the first sub-section (the id line's own rest included for a sub-section) */
  lead: string;
  items: Item[];
  subs: Section[];
  lines: DocLine[];
  codes: string[] | null;
}

const stripConnector = (t: string) =>
  t
    .trim()
    .replace(/[;,]?\s*(?:and|or)\s*$/i, "")
    .replace(/[;,.]\s*$/, "")
    .trim();
const connectorOf = (t: string): "and" | "or" | null => {
  const m = /[;,]\s*(and|or)\s*$/i.exec(t.trim());
  return m ? (m[1].toLowerCase() as "and" | "or") : null;
};

/** the lead text and the items of a block of lines (items of the first marker family; other lines continue the item above) */
function itemsOf(lines: DocLine[]): { lead: string; items: Item[] } {
  const lead: string[] = [];
  const items: Item[] = [];
  let family: RegExp | null = null;
  let closed = false;
  for (const l of lines) {
    const t = l.text.trim();
    if (closed) continue;
    if (NOTE_RE.test(t) && (items.length || lead.length)) {
      closed = true;
      continue;
    }
    const raw = ITEM_RE.exec(t);
    const m = raw ? ([raw[0], raw[1] ?? raw[3], raw[2] ?? raw[4]] as const) : null;
    const fam = m ? (raw![3] ? /^[•▪●■➢►]$/ : /[A-Z]/.test(m[1]) ? /^[A-Z]$/ : /[a-z]/.test(m[1]) ? /^[a-z]$/ : /^\d+$/) : null;
    if (m && (!family || family.test(m[1]))) {
      family ??= fam;
      items.push({ marker: raw![3] ? String(items.length + 1) : m[1], text: m[2], lines: [l] });
      continue;
    }
    // a sub-bullet of a bullet item: its own alternative, never more text of the item
    const sub = items.length && family?.test("•") ? SUB_BULLET_RE.exec(t) : null;
    if (sub) {
      const last = items[items.length - 1];
      (last.subs ??= []).push({ marker: String(last.subs?.length ?? 0), text: sub[1], lines: [l] });
      continue;
    }
    if (!items.length) {
      lead.push(t);
      continue;
    }
    const top = items[items.length - 1];
    const last = top.subs?.length ? top.subs[top.subs.length - 1] : top;
    // a sentence after the list's last item ("A split-night study … is reported as 95811 alone"): no item text
    if (/\.\s*$/.test(last.text) && /^[A-Z]/.test(t) && !m) {
      closed = true;
      continue;
    }
    last.text = `${last.text} ${t}`;
    last.lines.push(l);
  }
  return { lead: lead.join(" "), items };
}

/** the guideline's numbered sections with their sub-sections, items and codes */
function sectionsOf(lines: DocLine[]): Section[] {
  const starts: { i: number; m: RegExpExecArray }[] = [];
  for (const [i, l] of lines.entries()) {
    const m = ID_RE.exec(l.text.trim());
    if (m) starts.push({ i, m });
  }
  const out: Section[] = [];
  for (const [k, { i, m }] of starts.entries()) {
    const end = starts[k + 1]?.i ?? lines.length;
    const own = lines.slice(i, end);
    const body = m[3] === undefined ? own.slice(1) : [{ ...own[0], text: m[4] }, ...own.slice(1)];
    const { lead, items } = itemsOf(body);
    const sec: Section = { id: `${m[1]}-${m[2]}${m[3] !== undefined ? `.${m[3]}` : ""}`, title: m[4], lead, items, subs: [], lines: own, codes: null };
    if (m[3] === undefined) {
      // a top section's title is a short line; a long sentence with the same shape is no section
      if (m[4].length > 120 || /[.;,]$/.test(m[4])) continue;
      sec.codes = sectionCodesOf(lines[i].text);
      out.push(sec);
    } else {
      const parent = out[out.length - 1];
      if (parent && parent.id === `${m[1]}-${m[2]}`) {
        parent.subs.push(sec);
        parent.lines.push(...own);
      }
    }
  }
  return out;
}

type Ref = { section: Section; item: Item | null };

interface Reader {
  sections: Section[];
  ctx: ParseContext;
  doc: string;
  /** ids of the sections that apply to every study (their criteria are common) */
  general: Set<string>;
  depth: number;
}

const REF_RE = /\b([A-Z]{1,8}-\d{1,2}(?:\.\d{1,2})?(?:\.[A-Za-z])?)\b/g;

/** "XX-1" a section, "XX-3.1" a sub-section, "XX-2.B" / "XX-3.1.a" an item of one; null when not in the guideline */
function resolveAny(id: string, r: Reader): Ref | null {
  const m = /^([A-Z]{1,8}-\d{1,2})(?:\.(\d{1,2}))?(?:\.([A-Za-z]))?$/.exec(id);
  if (!m) return null;
  const top = r.sections.find((s) => s.id === m[1]);
  if (!top) return null;
  const section = m[2] !== undefined ? top.subs.find((s) => s.id === `${m[1]}.${m[2]}`) : top;
  if (!section) return null;
  if (m[3] === undefined) return { section, item: null };
  const item = section.items.find((it) => it.marker === m[3]);
  return item ? { section, item } : null;
}

const isGeneralRef = (ref: Ref, r: Reader) => !ref.item && [...r.general].some((g) => ref.section.id === g || ref.section.id.startsWith(`${g}.`));

function cite(lines: DocLine[], r: Reader): Citation | null {
  return citeLines(lines, r.doc);
}

function review(text: string, passage: Citation | null, why: string): Criterion {
  return { kind: "human_review", text, passage, confidence: "low", why };
}

/** the criteria a reference stands for */
function refCriteria(ref: Ref, r: Reader, passage: Citation | null): Criterion {
  if (r.depth > 4) return review(ref.section.id, passage, "A chain of cross-references was not followed; a reviewer must apply it.");
  const inner = { ...r, depth: r.depth + 1 };
  if (ref.item) return partCriterion(stripConnector(ref.item.text), ref.item.lines, inner);
  return sectionCriterion(ref.section, inner);
}

/** the conditions a section lists (its items, else its own sentence), as texts with their lines */
function conditionsOf(ref: Ref): { text: string; lines: DocLine[] }[] {
  if (ref.item) return [{ text: stripConnector(ref.item.text), lines: ref.item.lines }];
  if (ref.section.items.length) return ref.section.items.map((it) => ({ text: stripConnector(it.text), lines: it.lines }));
  if (ref.section.subs.length) return ref.section.subs.flatMap((s) => conditionsOf({ section: s, item: null }));
  return [{ text: stripConnector(ref.section.lead), lines: ref.section.lines }];
}

/** "None of the conditions listed in XX-3.1 or XX-3.2 is present": one absence per listed condition */
const NONE_OF_RE =
  /^none of the (?:conditions?|criteria|findings|situations?|items?)\b[^.]*?\b(?:listed |named |described )?in\s+(.+?)\s+(?:is|are)\s+(?:present|met|documented)\b/i;

function absenceOf(text: string, lines: DocLine[], r: Reader): Criterion | null {
  const m = NONE_OF_RE.exec(text);
  if (!m) return null;
  const refs = [...m[1].matchAll(REF_RE)].map((x) => resolveAny(x[1], r));
  if (!refs.length || refs.some((x) => !x)) return null;
  const passage = cite(lines, r);
  const items: Criterion[] = refs.flatMap((ref) =>
    conditionsOf(ref!).map(({ text: t, lines: ls }): Criterion => {
      // the condition as named, without its examples and thresholds: the record states it absent
      // ("heart failure, NYHA class III or IV or … 40% or less" → "heart failure": its absence is the
      // stricter statement, and a threshold is never shown absent by silence)
      const name = t
        .replace(/\([^)]*\)/g, " ")
        .split(/,\s+/)
        .filter((x, k) => k === 0 || !/\d|\b(?:I{1,3}|IV)\b/.test(x))
        .join(", ")
        .replace(/\s+/g, " ")
        .replace(/^(?:an?|the)\s+/i, "")
        .trim();
      return {
        kind: "documentation",
        text: `No ${name}`,
        concepts: keyConcepts(name),
        absence: true,
        passage: cite(ls, r) ?? passage,
        confidence: "medium",
      };
    }),
  );
  return { kind: "all", items, text, passage, confidence: "high" };
}

/** "at least TWO of a; b; …; f": an `any` with `min` over the signs */
const COUNT_RE = /\bat least\s+(two|three|four|five|[2-9])\s+(?:\(\d\)\s+)?of(?:\s+the following)?\s*:?\s+(.+)$/i;
const COUNT_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5 };

function countOf(text: string, lines: DocLine[], r: Reader): Criterion | null {
  const m = COUNT_RE.exec(text);
  if (!m) return null;
  const min = COUNT_WORDS[m[1].toLowerCase()] ?? Number(m[1]);
  const parts = m[2]
    .split(/;\s*/)
    .map((p) => stripConnector(p.replace(/^(?:or|and)\s+/i, "")))
    .filter((p) => p.length > 2);
  if (parts.length < min) return null;
  const passage = cite(lines, r);
  const items = parts.map((p): Criterion => {
    const c = parseCriterion(p, "", r.ctx);
    // a sign with a number is a measured one: only a value compared counts
    if (/\d/.test(p) && c.kind !== "lab") return review(p, passage, "A measured sign whose measure the reader did not read; a reviewer compares it.");
    return { ...c, passage } as Criterion;
  });
  return { kind: "any", min, items, text, passage, confidence: "high" };
}

/** "… because ONE of: a condition in XX-3.1; b; or c": an `any` of the parts */
function inlineChoice(text: string, lines: DocLine[], r: Reader): Criterion | null {
  const m = /\b(?:ONE|ANY|EITHER)\s+of(?:\s+the following)?\s*:\s*(.+)$/.exec(text);
  if (!m) return null;
  const parts = m[1]
    .split(/;\s*/)
    .map((p) => stripConnector(p.replace(/^(?:or|and)\s+/i, "")))
    .filter((p) => p.length > 2);
  if (parts.length < 2) return null;
  const passage = cite(lines, r);
  const items = parts.map((p) => partCriterion(p, lines, r));
  return { kind: "any", items, text, passage, confidence: "high" };
}

/** one requirement's text: a whole reference, an absence over listed conditions, a count of signs, or a sentence */
function partCriterion(text: string, lines: DocLine[], r: Reader, note = ""): Criterion {
  const passage = cite(lines, r);
  const whole =
    /^(?:(?:an?|any) (?:condition|criterion|indication|situation) (?:listed |named )?in |the criteria of |criteria in )?([A-Z]{1,8}-\d{1,2}(?:\.\d{1,2})?(?:\.[A-Za-z])?)(?: is met| are met| applies)?$/i.exec(
      text,
    );
  if (whole) {
    const ref = resolveAny(whole[1], r);
    if (ref) return refCriteria(ref, r, passage);
  }
  const absent = absenceOf(text, lines, r);
  if (absent) return absent;
  const count = countOf(text, lines, r);
  if (count) return count;
  const choice = inlineChoice(text, lines, r);
  if (choice) return choice;
  const c = parseCriterion(text, note, r.ctx);
  // "A physical or cognitive impairment that prevents … operating the HSAT device", "suspected sleep
  // disorder … that requires PSG": a condition that names a test is no result of that test
  if (c.kind === "test_result" && !TEST_RESULT_RE.test(text))
    return { kind: "documentation", text, concepts: keyConcepts(withoutExamples(text)), absence: false, passage, confidence: "medium" };
  return { ...c, passage: c.passage ?? passage } as Criterion;
}

/** words that state a test's result ("shows", "was negative", "an AHI of 15 or more") */
const TEST_RESULT_RE =
  /\b(?:shows?|showed|showing|demonstrat\w*|reveal\w*|result\w*|finding|findings|negative|positive|abnormal|normal|inconclusive|inadequate|confirm\w*|index|AHI|REI|score)\b/i;

/** null for a reference to a section that applies to every study (already a criterion of every path) */
function itemCriterion(it: Item, owner: Section, r: Reader): Criterion | null {
  const text = stripConnector(it.text);
  const whole = /^([A-Z]{1,8}-\d{1,2}(?:\.\d{1,2})?) (?:is|are) met$/i.exec(text);
  if (whole) {
    const ref = resolveAny(whole[1], r);
    if (ref && isGeneralRef(ref, r)) return null;
  }
  void owner;
  if (it.subs?.length) {
    // "Recurrent throat infection, with each episode … ; AND a frequency of:" + its sub-bullets: the
    // item's own requirement and one (or all) of its sub-bullets
    const own = stripConnector(text.replace(/[;,]?\s*(?:and|or)?\s*(?:an?|the)?\s*[\w -]{0,30}\bof\s*:\s*$/i, "").replace(/:\s*$/, ""));
    const subs = it.subs.map((x) => partCriterion(stripConnector(x.text), x.lines, r));
    const passage = cite([...it.lines, ...it.subs.flatMap((x) => x.lines)], r);
    const kind = combine(text, it.subs);
    const parts = own ? [partCriterion(own, it.lines, r), group(kind, subs, text, passage)] : [group(kind, subs, text, passage)];
    return group("all", parts, text, passage);
  }
  return partCriterion(text, it.lines, r);
}

/** how a list's items combine: the lead's quantifier, else the items' connectors, else a lead naming one thing ("A comorbid condition …:") */
function combine(lead: string, items: Item[]): "all" | "any" {
  if (ONE_RE.test(lead) && !ALL_RE.test(lead)) return "any";
  if (ALL_RE.test(lead)) return "all";
  const connectors = items.slice(0, -1).map((it) => connectorOf(it.text));
  if (connectors.length && connectors.every((c) => c === "or")) return "any";
  if (connectors.some((c) => c === "and")) return "all";
  if (/^(?:an?|any)\s/i.test(lead.trim()) && /:\s*$/.test(lead.trim())) return "any";
  return "all";
}

const group = (kind: "all" | "any", items: Criterion[], text: string, passage: Citation | null): Criterion =>
  items.length === 1 ? items[0] : { kind, items, text, passage, confidence: "high" };

/** a section's (or sub-section's) criteria; a human-review item when its body is prose the reader cannot read */
function sectionCriterion(s: Section, r: Reader): Criterion {
  const passage = cite(s.lines.slice(0, 6), r);
  const leadRefs = s.subs.length || s.items.length ? leadReferences(s.lead, r, passage) : [];
  if (s.subs.length) {
    // "XX-2.2 Not medically necessary:" lists the failing side of the section's criteria (a request
    // that does not meet them): no criterion of its own; nor is a general section's sentence on how
    // the guideline is applied or documented ("These guidelines describe …", "Documentation comes from …")
    const own = s.subs.filter((x) => !NOT_NECESSARY_RE.test(x.title) && !(r.general.has(s.id) && processOnly(x)));
    if (!own.length) return review(s.title, passage, "The section states no requirement the reader could read; a reviewer must apply it.");
    const subs = own.map((x) => sectionCriterion(x, r));
    const kind = ONE_RE.test(s.lead) ? "any" : "all";
    return group("all", [...leadRefs, group(kind, subs, s.lead || s.title, passage)], s.lead || s.title, passage);
  }
  if (s.items.length) {
    const items = s.items.map((it) => itemCriterion(it, s, r)).filter((c): c is Criterion => !!c);
    return group("all", [...leadRefs, group(combine(s.lead, s.items), items, s.lead, passage)], s.lead, passage);
  }
  const text = stripConnector(s.lead);
  if (!text) return review(s.title, passage, "A numbered section of the guideline has no text the reader could read; a reviewer must apply it.");
  // "… STOP-BANG score of 3 or more, OR ESS score greater than 10. The questionnaire items or the total
  // score must appear in the record.": a sentence on how the value is recorded is a note of the
  // requirement before it, never an alternative way to meet it
  const sentences = text.split(/(?<=[a-z0-9)%]\.)\s+(?=[A-Z])/);
  const rules = sentences.filter((x) => RECORD_RULE_RE.test(x));
  const own = sentences.filter((x) => !RECORD_RULE_RE.test(x));
  if (!rules.length || !own.length) return partCriterion(text, s.lines, r);
  const parts = own.map((x) => partCriterion(stripConnector(x), s.lines, r, rules.join(" ")));
  return group("all", parts, text, passage);
}

/** a sub-section listing what is not medically necessary / not covered under the section */
const NOT_NECESSARY_RE =
  /^(?:(?:is |are )?not (?:medically necessary|covered|reimbursable|approvable)|non-?covered|exclusions?|limitations?)\b[^.]{0,40}:?\s*$/i;
/** a sentence about applying or documenting the guideline, not about the member or the service */
const PROCESS_SENTENCE_RE =
  /^(?:these|this) guidelines? (?:describes?|appl(?:y|ies)|explains?|sets? out)\b|\bclaims are reviewed\b|\breviewed against the same criteria\b|^documentation (?:comes|is taken|must come) from\b|\bmust be dated\b|^statements such as\b|\bdo(?:es)? not document a criterion\b|\b(?:elective )?procedures? requires? prior authori[sz]ation\b|^an? (?:indication|criterion) that depends on a test\b|\bis met only by a completed test\b|\bthe request is pended\b|^a test that is (?:ordered|scheduled|pending)\b/i;
/** whether every sentence of a section's text is about applying or documenting the guideline */
function processOnly(s: Section): boolean {
  const text = [s.title, s.lead, ...s.items.map((i) => i.text)].join(" ").trim();
  const sentences = text.split(/(?<=[.;])\s+(?=[A-Z])/).filter((x) => x.trim());
  return sentences.length > 0 && sentences.every((x) => PROCESS_SENTENCE_RE.test(x.trim()));
}

/** "The questionnaire items or the total score must appear in the record": how a value is documented */
const RECORD_RULE_RE = /\bmust (?:appear|be (?:documented|recorded|written|included)) in the (?:medical |clinical )?records?\b/i;

/** the sections a lead names as met ("when XX-1 is met AND ONE of the following applies"), except those applying to every study */
function leadReferences(lead: string, r: Reader, passage: Citation | null): Criterion[] {
  const out: Criterion[] = [];
  for (const m of lead.matchAll(/\b([A-Z]{1,8}-\d{1,2}(?:\.\d{1,2})?) (?:is|are) met\b/g)) {
    const ref = resolveAny(m[1], r);
    if (ref && !isGeneralRef(ref, r)) out.push(refCriteria(ref, r, passage));
  }
  return out;
}

/**
 * The criteria with `codes` on every node (none: unchanged codes) and every leaf read at most at medium
 * confidence: a requirement taken from a cross-referenced, nested guideline sentence is never clear
 * enough to deny on (a not-met leaf sends the line to a reviewer); met leaves still meet.
 */
function scoped(c: Criterion, codes: string[] | undefined): Criterion {
  const own = { ...(codes ? { codes } : {}), confidence: c.confidence === "high" ? "medium" : c.confidence };
  if (c.kind === "all" || c.kind === "any") return { ...c, ...own, items: c.items.map((x) => scoped(x, codes)) } as Criterion;
  return { ...c, ...own } as Criterion;
}

export interface SectionGuideline {
  /** criteria of every code's path (the sections that apply to every study) */
  common: Criterion[];
  /** one criterion per code-titled section, scoped to its codes */
  paths: Criterion[];
  /** the lines read (those of the sections above), for the caller to drop what it read of them before */
  read: DocLine[];
}

/**
 * Reads a numbered-section guideline whose sections name their codes (see the file comment). `lines`
 * are the policy's lines in reading order, `documentName` the policy's name for citations. Null when
 * the guideline is not of this kind (fewer than two sections with codes in their title, or none whose
 * body is a list or sub-sections).
 */
export function readSectionGuideline(lines: DocLine[], ctx: ParseContext, documentName: string): SectionGuideline | null {
  const sections = sectionsOf(lines);
  const coded = sections.filter((s) => s.codes?.length);
  if (coded.length < 2 || !coded.some((s) => s.items.length || s.subs.length)) return null;
  // (a general section whose every part is about applying or documenting the guideline states no requirement)
  const general = sections.filter((s) => !s.codes && EVERY_STUDY_RE.test(s.title) && !(s.subs.length ? s.subs.every(processOnly) : s.lead && processOnly(s)));
  const r: Reader = { sections, ctx, doc: documentName, general: new Set(general.map((s) => s.id)), depth: 0 };
  const common = general.map((s) => scoped(sectionCriterion(s, r), undefined));
  const paths = coded.map((s) => {
    const c = sectionCriterion(s, r);
    const text = `${s.id} ${s.title}`;
    const path: Criterion = c.kind === "all" ? { ...c, text } : { kind: "all", items: [c], text, passage: c.passage ?? null, confidence: "high" };
    return scoped(path, s.codes!);
  });
  return { common, paths, read: [...general, ...coded].flatMap((s) => s.lines) };
}

/**
 * Puts a section guideline's reading into `model`: every criterion, exclusion and unread passage the
 * other passes took from the sections read (a citation on one of `sg.read`'s lines) is dropped, the
 * general sections' criteria join the common criteria and the code paths join one indication titled
 * `title` (with the criteria of the model's other indications, which keep their codes). Mutates and
 * returns `model`.
 */
export function withSectionGuideline(model: PolicyModel, sg: SectionGuideline, title: string): PolicyModel {
  const onRead = (p: Citation | null | undefined) => !!p && sg.read.some((l) => l.page === p.page && l.end > p.start && l.start < p.end);
  const keep = (cs: Criterion[]) => cs.filter((c) => !onRead(c.passage));
  const rest = model.indications.flatMap((i) => keep(i.criteria));
  const base = model.indications[0];
  model.indications = [
    {
      title,
      match: { conditions: [], icd10: [], phrases: [] },
      understood: false,
      criteria: [...rest, ...sg.paths],
      duration: base?.duration ?? null,
      passage: base?.passage ?? sg.paths[0].passage ?? null,
      continuation: null,
    },
  ];
  model.common = [...keep(model.common), ...sg.common];
  model.exclusions = keep(model.exclusions);
  model.unread = model.unread.filter((u) => !onRead(u.passage));
  return model;
}
