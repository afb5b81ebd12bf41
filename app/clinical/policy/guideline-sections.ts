/**
 * Radiology / cardiology benefit-manager guidelines (RBM style): the guideline is cut into numbered
 * sections, one per study ("CD-2: Echocardiography (TTE)" with its "Codes: CPT 93306, 93307, 93308."
 * line), and each study's section into numbered sub-sections, each an indication group or a
 * limitation ("CD-2.1 Initial transthoracic echocardiography is medically necessary for ANY of the
 * following: 1. … 2. …", "CD-2.2 Repeat transthoracic echocardiography is medically necessary for
 * ANY of the following: …", "CD-2.3 Transthoracic echocardiography is NOT medically necessary for:
 * 1. …"). The section numbers are neither outline markers nor conditions, so the outline reader
 * found nothing in such a guideline. Here:
 *
 * - `guidelineSectionLines` rewrites the section lines into an outline the reader reads: a study's
 *   title line ("CD-2: …") becomes a section heading, each sub-section ("CD-2.1 …") a top-level item
 *   (a capital letter, restarting per study) whose numbered lines nest under it;
 * - `mergeGuidelineIndications` joins the indication groups a study's section lists for the same
 *   codes into one choice: a line billing one of those codes meets the section when it meets ANY
 *   group (initial OR repeat study), each group with its own requirements. The guideline's own rule
 *   (an indication not listed in the study's section is not medically necessary) is that choice.
 *
 * Source of the layout: the published guidelines of radiology benefit managers (eviCore, Carelon/AIM,
 * NIA), which number sections "CD-2.1", "HD-1.0", "CAR-3.2" and name each section's CPT codes.
 */
import type { Citation, Criterion, PolicyModel } from "../contracts";
import { citeLines, type DocLine } from "../text/lines";
import { scopeCodesAt, sectionCodesOf } from "./code-sections";
import { isHeading } from "./outline";
import { parseExclusion, type ParseContext } from "./parse-criterion";

/** "CD-2: Echocardiography (TTE)", "CD-2.1 Initial …", "CAR-10.3 …": prefix, section, sub-section, rest */
const SECTION_ID_RE = /^([A-Z]{1,6})-(\d{1,2})(?:\.(\d{1,2}))?(?:\s*:\s*|\s+)(\S.*)$/;
/** sub-section markers: capital letters (a roman numeral would make "III. … is NOT medically necessary for:" a heading) */
const LETTERS = "ABCDEFGHJKLMNOPQRSTUWYZ";

/** true when `lines` are those of a numbered-section guideline: at least three sub-section lines of one prefix */
export function isNumberedGuideline(lines: DocLine[]): boolean {
  const counts = new Map<string, number>();
  for (const l of lines) {
    const m = SECTION_ID_RE.exec(l.text.trim());
    if (m && m[3] !== undefined) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  }
  return [...counts.values()].some((n) => n >= 3);
}

/**
 * The lines of a numbered-section guideline as an outline (see the file comment); other policies'
 * lines are returned unchanged. Citations stay on the original text (each rewritten line keeps its
 * character map).
 */
export function guidelineSectionLines(lines: DocLine[]): DocLine[] {
  if (!isNumberedGuideline(lines)) return lines;
  let n = 0;
  return lines.map((l) => {
    const t = l.text.trim();
    const m = SECTION_ID_RE.exec(t);
    if (!m) return l;
    if (m[3] === undefined) {
      // "CD-2: Echocardiography (TTE)": a short title line is the study's heading (upper-cased, same length)
      if (t.length > 90 || /[.;,]$/.test(t)) return l;
      n = 0;
      return { ...l, text: l.text.toUpperCase() };
    }
    const mark = LETTERS[Math.min(n, LETTERS.length - 1)];
    n += 1;
    const rest = m[4];
    const text = `${mark}. ${rest}`;
    const prefix = `${mark}. `.length;
    const skip = l.text.length - rest.length;
    return { ...l, text, map: Array.from({ length: text.length + 1 }, (_, k) => (k < prefix ? l.start : (l.map[k - prefix + skip] ?? l.end))) };
  });
}

/** a limitation: "is NOT medically necessary", "are not medically necessary" */
const NOT_NECESSARY_RE = /\bnot (?:reasonable and |considered )?medically necessary\b/i;

const codesKey = (c: Criterion) => [...(c.codes ?? [])].sort().join(",");

/**
 * Joins the indication groups of a numbered-section guideline that govern the same codes. First the
 * limitations written among them ("… is NOT medically necessary …", a whole sub-section or one item)
 * move to the model's exclusions, keeping their codes. Then the groups (every criterion scoped to the
 * codes of its study's section) become one indication titled `title` whose criteria are, per set of
 * codes, ONE of the groups (each group ALL of its own requirements), scoped to those codes. A group's
 * title is a clinical scenario ("Symptomatic members with suspected CAD"), not a diagnosis the claim
 * must carry: its requirements are its criteria. A model with an unscoped criterion in an indication
 * is left with its limitations moved and its groups as they were.
 */
export function mergeGuidelineIndications(model: PolicyModel, title: string, lines: DocLine[], ctx: ParseContext, documentName: string): PolicyModel {
  withUnreadSections(model, lines, ctx, documentName);
  // "CD-2.3 … is NOT medically necessary for: 1. … 2. …", "2. SPECT MPI is NOT medically necessary
  // before low-risk surgery …": limitations of the study's section, never requirements of a group
  for (const i of model.indications) {
    const all = NOT_NECESSARY_RE.test(i.title);
    model.exclusions.push(...i.criteria.filter((c) => all || NOT_NECESSARY_RE.test(c.text)));
    i.criteria = all ? [] : i.criteria.filter((c) => !NOT_NECESSARY_RE.test(c.text));
  }
  model.indications = model.indications.filter((i) => i.criteria.length);
  const inds = model.indications;
  if (inds.length < 2) return model;
  if (inds.some((i) => i.criteria.some((c) => !c.codes?.length) || new Set(i.criteria.map(codesKey)).size !== 1)) return model;
  const groups = new Map<string, typeof inds>();
  for (const i of inds) groups.set(codesKey(i.criteria[0]), [...(groups.get(codesKey(i.criteria[0])) ?? []), i]);
  const criteria: Criterion[] = [];
  for (const [, group] of groups) {
    const codes = group[0].criteria[0].codes!;
    const asOne = (i: (typeof inds)[number]): Criterion =>
      i.criteria.length === 1 ? i.criteria[0] : { kind: "all", items: i.criteria, text: i.title, passage: i.passage, confidence: "high", codes };
    if (group.length === 1) {
      criteria.push(...group[0].criteria);
      continue;
    }
    criteria.push({
      kind: "any",
      items: group.map(asOne),
      text: `ONE of: ${group.map((i) => i.title).join("; ")}`,
      passage: group[0].passage,
      confidence: "high",
      codes,
    });
  }
  model.indications = [{ ...inds[0], title, match: { conditions: [], icd10: [], phrases: [] }, understood: false, criteria, continuation: null }];
  return model;
}

/** every criterion of the model with its sub-items, and its exclusions and common criteria */
function allCriteria(model: PolicyModel): Criterion[] {
  const out: Criterion[] = [];
  const visit = (c: Criterion) => {
    out.push(c);
    if (c.kind === "all" || c.kind === "any") c.items.forEach(visit);
  };
  [...model.indications.flatMap((i) => i.criteria), ...model.common, ...model.exclusions].forEach(visit);
  return out;
}

const within = (p: Citation | null | undefined, from: DocLine, to: DocLine) =>
  !!p && (p.page > from.page || (p.page === from.page && p.end > from.start)) && (p.page < to.page || (p.page === to.page && p.start <= to.end));

/**
 * What of a study's section the outline did not read never goes unchecked: a sub-section under a
 * code line that gave no criterion ("CD-3.3 Repeat testing: Repeat stress imaging within 2 years … is
 * not medically necessary unless …", a sentence rather than a list) is read as a limitation of those
 * codes when it says "not medically necessary", else as a passage a reviewer must apply; a study's
 * section whose codes have no criterion at all ("CD-5: Cardiac PET / Codes: … PET is medically
 * necessary when …", prose) gets one such passage for its codes — never an approval on nothing.
 */
function withUnreadSections(model: PolicyModel, lines: DocLine[], ctx: ParseContext, documentName: string): void {
  const passages = allCriteria(model).map((c) => c.passage);
  const starts = lines.map((l, i) => ({ l, i })).filter(({ l }) => SECTION_ID_RE.test(l.text.trim()) || isHeading(l.text));
  for (const [k, { l, i }] of starts.entries()) {
    const m = SECTION_ID_RE.exec(l.text.trim());
    if (!m || m[3] === undefined) continue;
    const end = (starts[k + 1]?.i ?? lines.length) - 1;
    const span = lines.slice(i, end + 1);
    const codes = scopeCodesAt(lines, citeLines([l], documentName));
    if (!codes || passages.some((p) => within(p, l, lines[end]))) continue;
    const text = span
      .map((x) => x.text.trim())
      .join(" ")
      .replace(SECTION_ID_RE, "$4");
    const passage = citeLines(span, documentName);
    const sentence = text.split(/(?<=:)\s+|(?<=\.)\s+(?=[A-Z])/).find((x) => NOT_NECESSARY_RE.test(x));
    if (sentence) model.exclusions.push({ ...parseExclusion(sentence, ctx), text: sentence, passage, codes });
    else model.common.push(unread(text, passage, codes));
  }
  const governed = new Set(allCriteria(model).flatMap((c) => c.codes ?? []));
  for (const l of lines) {
    const codes = sectionCodesOf(l.text);
    if (codes && !codes.some((c) => governed.has(c))) model.common.push(unread(l.text.trim(), citeLines([l], documentName), codes));
  }
}

function unread(text: string, passage: Citation | null, codes: string[]): Criterion {
  return {
    kind: "human_review",
    text,
    passage,
    confidence: "low",
    codes,
    why: "A section of the guideline for these codes was not read into criteria; a reviewer must apply it.",
  };
}
