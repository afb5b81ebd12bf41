import type { Citation, DecisionTree, ParsedDocument, TreeNode } from "../types";
import { indicationTerms, inheritTrial, mostSpecificConditions, parseAge, parseCriterion, parseExcludedUse, parseQuantityLimit, parseSpecialties, type CriterionSpec, type ParseContext } from "./criterion";
import { CONTINUATION_HEAD_RE, DURATION_LINE_RE, parseOutline, splitInlineEnumerations, walk, type OutlineItem } from "./outline";
import { boilerplateLineSet, citeLines, clean, docLines, type DocLine } from "./text";

/** One indication section of a policy (e.g. "Rheumatoid Arthritis — Initial Therapy"). */
export interface PolicyBranch {
  title: string;
  /** condition names / ICD-10 prefixes / title phrases used to decide whether the branch applies */
  indication: { conditions: string[]; icd10: string[]; phrases: string[] };
  /** top-level criteria, all required (each may be an any/all group) */
  criteria: CriterionSpec[];
  duration: string | null;
  passage: Citation | null;
}

/** Intermediate reading of a policy, before it is laid out as a decision tree. */
export interface PolicyModel {
  title: string;
  style: "part_d_table" | "pbm_outline" | "clinical_policy" | "generic";
  branches: PolicyBranch[];
  exclusions: CriterionSpec[];
}

const CONTINUATION_RE = /currently receiving|continued therapy|continuation|renewal|re-?authori[sz]ation|reauthori[sz]ation|established on therapy/i;
const BRANCH_RE = /approve for .*if the patient meets|must meet all|initial (approval|authorization|therapy)|meets all of the following|approval criteria/i;
const EXCLUSION_HEAD_RE = /not (recommended|covered|authorized)|exclusion|limitations of coverage|not medically necessary/i;

function stripConnector(s: string): string {
  return s.replace(/[;,]?\s*(AND|OR|and|or)\s*$/, "").replace(/[;,]\s*$/, "").trim();
}

function titleOf(item: OutlineItem): string {
  const t = item.text;
  const cut = t.split(/\.\s|\s\(must|:|\. Approve|\(A or B\)/)[0];
  return stripConnector(cut).replace(/\.$/, "").trim();
}

function isGenericTitle(t: string): boolean {
  return /^(initial( therapy| approval criteria| authorization)?|approval criteria|criteria)$/i.test(t.trim());
}

function groupOp(item: OutlineItem): "any" | "all" {
  if (/\bONE of the following\b|\bat least one of the following\b|\bany of the following\b|\bONE of\b|\beither\b/i.test(item.text)) return "any";
  if (/\bALL of the following\b|must meet all/i.test(item.text)) return "all";
  if (item.children.some((c) => /\bOR\s*$/.test(c.text.trim()))) return "any";
  return "all";
}

/** Convert an outline item (and its children) to a criterion spec. */
function itemToSpec(item: OutlineItem, ctx: ParseContext, docName: string): CriterionSpec {
  const passage = citeLines(item.lines, "policy", docName);
  const text = stripConnector(item.text);
  if (item.children.length) {
    let items = item.children.map((c) => itemToSpec(c, ctx, docName));
    // "Failure of at least one of the following, each used for >= 3 consecutive months, unless ...:
    //  a. Phototherapy ...; b. A systemic agent: methotrexate ..." — the children name the agents, the
    // parent carries the trial terms (duration, intolerance/contraindication allowances)
    const head = parseCriterion(text, item.note, ctx);
    if (head.kind === "prior_therapy" && !head.drugs.length && !head.classes.length) items = items.map((c) => inheritTrial(head, c, ctx));
    return { kind: groupOp(item), items, text, ...(item.note ? { note: item.note } : {}), passage };
  }
  // "Member has perianal or fistulizing disease, or has previously received a biologic": two alternatives
  const altSpec = alternativesSpec(text, item.note, ctx, passage);
  if (altSpec) return altSpec;
  // inline lettered parts: "ONE of the following: (a) ...; (b) ...; or (c) ..." (any) or
  // "... ALL of: (a) ...; and (b) ..." / unqualified lists (all)
  const aAt = text.search(/(^|\s)\(a\)\s/);
  // only when the lead announces a list ("ONE of the following", "ALL of the following:") or the text opens
  // with "(a)": lettered qualifiers inside one requirement ("... from different classes and (a) used ... or
  // (b) discontinued ...") describe each trial and stay one criterion
  if (aAt >= 0 && /\s\(b\)\s/.test(text.slice(aAt)) && (aAt === 0 || /\bfollowing\b|:\s*$/i.test(text.slice(0, aAt)))) {
    const lead = text.slice(0, aAt);
    const body = text.slice(aAt).trim();
    const alts = body
      .split(/\s*(?:;|,)?\s*(?:(?:or|and)\s+)?\([a-h]\)\s*/i)
      .map((s) => stripConnector(s.trim()))
      .filter(Boolean);
    const op: "any" | "all" = /\b(ONE|any|either)\b\s*(of)?/i.test(lead) && !/\bALL\b|\bboth\b/.test(lead)
      ? "any"
      : /\bALL\b|\bboth\b/i.test(lead)
        ? "all"
        : /[;,]?\s+or\s+\([b-h]\)/i.test(body)
          ? "any"
          : "all";
    if (alts.length >= 2) {
      const items = alts.map((a) => ({ ...parseCriterion(a, "", ctx), passage }));
      // a lead clause that is itself a requirement ("Diagnosis of X and (a) ...") stays as a sibling
      const leadSpec = lead.replace(/\b(the )?(patient|member)? ?meets\b.*$|:?\s*$/i, "").trim();
      if (op === "all" && leadSpec.length > 12 && !/following/i.test(lead)) return { kind: "all", items: [{ ...parseCriterion(leadSpec, "", ctx), passage }, ...items], text, passage };
      return { kind: op, items, text, passage };
    }
  }
  return { ...parseCriterion(text, item.note, ctx), passage };
}


/**
 * "Member has perianal or fistulizing disease, or has previously received a biologic": a clause with
 * two alternatives joined by ", or <subject/verb>". Null when the text is not written that way
 * ("a contraindication to, or has experienced intolerance with, methotrexate" shares one object).
 */
function alternativesSpec(text: string, note: string, ctx: ParseContext, passage: Citation | null): CriterionSpec | null {
  const alt = /,\s+or\s+(?=(?:has|have|had|is|was|were|the patient|the member|patient|member)\b)/i.exec(text);
  if (!alt || /\bONE of\b|\bALL of\b/i.test(text) || /\b(to|with|of|for|on|in|from|by)\s*$/i.test(text.slice(0, alt.index))) return null;
  const first = text.slice(0, alt.index).trim();
  const subject = /^((?:the )?(?:patient|member)\s+)/i.exec(first)?.[1] ?? "";
  const second = subject + text.slice(alt.index + alt[0].length).trim();
  return { kind: "any", items: [{ ...parseCriterion(first, "", ctx), passage }, { ...parseCriterion(second, "", ctx), passage }], text, ...(note ? { note } : {}), passage };
}

/** "Approve for 6 months if the patient ..." written as one sentence (no numbered criteria under it). */
const ONE_SENTENCE_RE =
  /\b(?:approve(?:d)?(?: for [^.;:]{1,40}?)?|authori[sz]e(?:d)?(?: for [^.;:]{1,40}?)?|(?:is|are) (?:considered )?(?:covered|medically necessary))\s+(?:if|when|provided(?: that)?|for (?:patients|members|individuals) who)\s+(?!(?:the )?(?:patient|member|individual)s? (?:meets?|satisf(?:y|ies)) (?:ALL|ONE|ANY|EITHER|BOTH|the following)\b|(?:ALL|ONE|ANY|EITHER|BOTH) of\b|the following\b)/i;

const SUBJECT_START =
  "(?:(?:the|a|an)\\s+)?(?:patient|member|individual|medication|drug|request|prescriber|requested)\\b|(?:has|have|had|is|are|was|were|tried|failed|received|prescribed|there is|documentation|diagnosis|age)\\b";

/**
 * Split the condition of a one-sentence approval rule into criteria: "the patient is ≥ 18 years, has
 * tried two NSAIDs for at least 4 weeks each, and the medication is prescribed by a rheumatologist"
 * → ALL[age, trial, prescriber]. Top-level "; or (if) ..." gives alternatives (ANY of ALL groups);
 * a clause written "X, or has Y" stays one ANY criterion. Commas inside a clause ("methotrexate,
 * leflunomide, or sulfasalazine") do not split: a new clause must start with a subject or a verb.
 */
export function sentenceCriteria(sentence: string, ctx: ParseContext, passage: Citation | null): CriterionSpec[] {
  const m = ONE_SENTENCE_RE.exec(sentence);
  let body = m ? sentence.slice(m.index + m[0].length) : sentence;
  body = body
    .replace(/\s*\((?:[A-Za-z0-9]{1,4}(?:,\s*|\s+(?:and|or)\s+|,\s*(?:and|or)\s+))+[A-Za-z0-9]{1,4}\)\s*:?\s*$/, "")
    .replace(/[.:;]+\s*$/, "")
    .trim();
  if (!body) return [];
  const alts = body.split(/\s*;\s*or\s+(?:if\s+)?|,\s*or\s+if\s+|\s+or\s+if\s+/i).filter((x) => x.trim());
  const groups = alts.map((a) => conjuncts(a).map((c) => clauseSpec(c, ctx, passage)));
  if (groups.length === 1) return groups[0];
  const items: CriterionSpec[] = groups.map((g, i) => (g.length === 1 ? g[0] : { kind: "all", items: g, text: alts[i].trim(), passage }));
  return [{ kind: "any", items, text: body, passage }];
}

function conjuncts(text: string): string[] {
  const subj = new RegExp(`^(?:${SUBJECT_START})`, "i");
  const out: string[] = [];
  for (const part of text.split(/\s*;\s*(?:and\s+)?/)) {
    // ", and <clause>" / ", <clause>" / " and <clause>" where the clause opens with a subject or a verb
    const re = new RegExp(`,\\s*(?:and\\s+)?(?=${SUBJECT_START})|\\s+and\\s+(?=(?:(?:the|a|an)\\s+)?(?:patient|member|individual|medication|drug|prescriber)\\b|(?:has|have|is|was|had)\\s)`, "gi");
    let last = 0;
    let mm: RegExpExecArray | null;
    const pieces: string[] = [];
    while ((mm = re.exec(part))) {
      pieces.push(part.slice(last, mm.index));
      last = mm.index + mm[0].length;
    }
    pieces.push(part.slice(last));
    for (const p of pieces.map((x) => x.trim()).filter(Boolean)) {
      // a fragment that does not open a clause ("leflunomide" after "methotrexate,") belongs to the previous one
      if (out.length && !subj.test(p) && p.split(/\s+/).length <= 3) out[out.length - 1] += `, ${p}`;
      else out.push(p);
    }
  }
  return out;
}

/** One clause of a one-sentence rule as a criterion (subject restored, "≥ 18 years" read as an age). */
function clauseSpec(clause: string, ctx: ParseContext, passage: Citation | null): CriterionSpec {
  let c = clause.trim().replace(/^(?:and|that)\s+/i, "");
  if (/^(?:is|has|have|had|was|tried|failed|received|meets|does|did)\b/i.test(c)) c = `Patient ${c}`;
  // "is >= 18 years" / "is 18 years or older" / "aged 12 years and older": an age bound
  c = c.replace(/((?:>=|≥|at least|aged?)\s*\d+\s*(?:years?|yrs?))\b(?!\s*(?:of age|old))/i, "$1 of age");
  return alternativesSpec(c, "", ctx, passage) ?? { ...parseCriterion(c, "", ctx), passage };
}

/** "Authorization will be issued for 12 months." → "12 months" (the sentence itself when no period is named). */
function durationText(d: string): string {
  const m = /\b(\d+|one|two|three|six|twelve)\s*(?:\(\d+\)\s*)?(months?|years?|weeks?|days?)\b/i.exec(d);
  return m ? `${m[1]} ${m[2]}` : d.replace(DURATION_LINE_RE, "").replace(/^[:\s]+/, "").trim() || d;
}

/** A section that holds renewal criteria ("II. Continued Therapy", "Renewal Criteria:", "Reauthorization"). */
function isContinuationHeading(h: string): boolean {
  return CONTINUATION_HEAD_RE.test(h);
}

/**
 * Step-therapy programs list their drugs by step ("Step 1 drugs: metformin (generic)") and word the
 * rule with the step ("has tried a Step 1 drug for at least 90 days"): name the drugs in the rule.
 */
function substituteStepDrugs(lines: DocLine[]): DocLine[] {
  const steps = new Map<string, string>();
  for (const l of lines) {
    const m = /^(?:preferred\s+)?step\s*(\d|one|two|three)\s*(?:drugs?|agents?|medications?|products?|therap(?:y|ies))?\s*[:\-–]\s*(.+)$/i.exec(l.text);
    if (m) steps.set(({ one: "1", two: "2", three: "3" } as Record<string, string>)[m[1].toLowerCase()] ?? m[1], m[2].replace(/\([^)]*\)/g, "").replace(/\s+/g, " ").trim());
  }
  if (!steps.size) return lines;
  return lines.map((l) => {
    if (/^(?:preferred\s+)?step\s*\d\s*(?:drugs?|agents?|medications?|products?)?\s*[:\-–]/i.test(l.text)) return l;
    const text = l.text.replace(/\b(?:a|one|any|at least one)?\s*step\s*(\d)\s*(?:drugs?|agents?|medications?|products?|therap(?:y|ies))\b/gi, (all, n: string) => (steps.has(n) ? `a Step ${n} drug (${steps.get(n)})` : all));
    return text === l.text ? l : { ...l, text };
  });
}

function findBranches(item: OutlineItem): OutlineItem[] {
  if (CONTINUATION_RE.test(item.text.slice(0, 120))) return [];
  if (EXCLUSION_HEAD_RE.test(item.text.slice(0, 120)) && !BRANCH_RE.test(item.text)) return [];
  const fromChildren = item.children.flatMap(findBranches);
  if (fromChildren.length) return fromChildren;
  if (item.children.length && BRANCH_RE.test(item.text)) return [item];
  // "4. Ankylosing Spondylitis. Initial Therapy: Approve for 6 months if the patient is ≥ 18 years, ..."
  if (!item.children.length && ONE_SENTENCE_RE.test(item.text) && isSectionLevel(item)) return [item];
  return [];
}

/**
 * A childless item that opens an indication section ("2. Ankylosing Spondylitis. Approve for ... if",
 * "A) Initial Therapy. Approve for ... if"), not a criterion inside one ("Patient is approved if ...").
 */
function isSectionLevel(item: OutlineItem): boolean {
  return !/^(?:the\s+)?(?:patient|member|individual|medication|prescriber|documentation|requested)\b/i.test(item.text);
}

function durationOf(item: OutlineItem): string | null {
  const d = walk([item]).flatMap((i) => i.durations)[0];
  if (d) return durationText(d);
  const m = /approve for (\d+ (?:months?|years?|weeks?|days?)|1 year)/i.exec(item.text);
  return m ? m[1] : null;
}

function branchFromItem(item: OutlineItem, ctx: ParseContext, docName: string): PolicyBranch {
  let title = titleOf(item);
  let p = item.parent;
  while ((isGenericTitle(title) || /^initial/i.test(title)) && p) {
    title = titleOf(p);
    p = p.parent;
  }
  const criteria = item.children.length
    ? item.children.map((c) => itemToSpec(c, ctx, docName))
    : sentenceCriteria(item.text, ctx, citeLines(item.lines, "policy", docName));
  return {
    title,
    indication: indicationTerms(title),
    criteria,
    duration: durationOf(item) ?? (item.parent ? durationOf(item.parent) : null),
    passage: citeLines(item.lines.slice(0, 1), "policy", docName),
  };
}

function exclusionSpecs(items: OutlineItem[], ctx: ParseContext, docName: string): CriterionSpec[] {
  const out: CriterionSpec[] = [];
  for (const it of items) {
    const text = stripConnector(it.text);
    // "indications not listed", "non-FDA-approved indications", items restating Section I thresholds
    if (/not (listed|addressed) in this policy|non-fda|off-label|\bsection\b|criteria in|thresholds in|unless approved under/i.test(text)) continue;
    const first = text.split(/(?<=\.)\s+(?=[A-Z])/)[0];
    const spec = { ...(parseExcludedUse(first) ?? parseCriterion(first, "", ctx)), passage: citeLines(it.lines, "policy", docName) };
    if (spec.kind === "concurrent_use") (spec as { negated: boolean }).negated = false;
    out.push({ ...spec, text });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Part D "PA criteria" table

const PARTD_LABELS = [
  "Covered Uses",
  "Exclusion Criteria",
  "Required Medical Information",
  "Age Restrictions",
  "Prescriber Restrictions",
  "Coverage Duration",
  "Other Criteria",
  "Off-Label Uses",
  "Off Label Uses",
  "Indications",
  "PA Indication Indicator",
  "Part B Prerequisite",
];

interface LabelHit {
  label: string;
  line: DocLine;
  where: "start" | "end" | "whole";
}

function findPartDLabels(lines: DocLine[]): LabelHit[] {
  const hits: LabelHit[] = [];
  for (const l of lines) {
    for (const lab of PARTD_LABELS) {
      // "Covered Uses", "Covered Uses:" and "Covered Uses: <details>" all label a row
      if (l.text === lab || l.text === lab + ":") hits.push({ label: l.text, line: l, where: "whole" });
      else if (l.text.startsWith(lab + ": ")) hits.push({ label: lab + ":", line: l, where: "start" });
      else if (l.text.startsWith(lab + " ")) hits.push({ label: lab, line: l, where: "start" });
      else if (l.text.endsWith(lab) && l.text.length > lab.length) hits.push({ label: lab, line: l, where: "end" });
      else continue;
      break;
    }
  }
  return hits;
}

function sliceLine(l: DocLine, from: number, to: number): DocLine {
  const text = l.text.slice(from, to).trim();
  const lead = l.text.slice(from, to).length - l.text.slice(from, to).trimStart().length;
  return { ...l, text, start: l.start + from + lead, end: l.start + from + lead + text.length };
}

/** Split a Part D table into label → content lines, in either text order (label before or after content). */
function partDSections(lines: DocLine[], hits: LabelHit[]): Map<string, DocLine[]> {
  const out = new Map<string, DocLine[]>();
  const headerIdx = lines.findIndex((l) => /^PA Criteria\b/i.test(l.text));
  const firstHit = hits[0];
  const pre = lines.filter((l) => l.index > (headerIdx >= 0 ? lines[headerIdx].index : -1) && l.index < firstHit.line.index);
  const preChars = pre.reduce((n, l) => n + l.text.length, 0) + (firstHit.where === "end" ? firstHit.line.text.length - firstHit.label.length : 0);
  const trailing = firstHit.where !== "start" && preChars > 30;
  const byIndex = new Map(lines.map((l) => [l.index, l] as const));
  const between = (a: number, b: number) => [...byIndex.values()].filter((l) => l.index > a && l.index < b);
  for (let i = 0; i < hits.length; i++) {
    const h = hits[i];
    const content: DocLine[] = [];
    if (trailing) {
      const prevIdx = i === 0 ? (headerIdx >= 0 ? lines[headerIdx].index : -1) : hits[i - 1].line.index;
      content.push(...between(prevIdx, h.line.index));
      if (h.where === "end") content.push(sliceLine(h.line, 0, h.line.text.length - h.label.length));
      if (i > 0 && hits[i - 1].line.index === h.line.index) content.length = 0;
    } else {
      if (h.where === "start") content.push(sliceLine(h.line, h.label.length, h.line.text.length));
      const nextIdx = i + 1 < hits.length ? hits[i + 1].line.index : Infinity;
      content.push(...between(h.line.index, nextIdx).filter((l) => !/^updated \d|page \d+ of \d+/i.test(l.text)));
    }
    out.set(h.label.replace(/:$/, ""), content.filter((l) => l.text.length));
  }
  return out;
}

function splitSubsections(lines: DocLine[]): { title: string | null; lines: DocLine[] }[] {
  const out: { title: string | null; lines: DocLine[] }[] = [{ title: null, lines: [] }];
  for (const l of lines) {
    const m = /^([A-Z][^:]{2,90}):\s*(.*)$/.exec(l.text);
    if (m && !/^(note|e\.g|for example)/i.test(m[1]) && !/^\(?[0-9a-z]{1,3}[.)]\s/i.test(l.text) && (m[2] === "" || /^\d+\.\s/.test(m[2]))) {
      out.push({ title: m[1].trim(), lines: [] });
      if (m[2]) out[out.length - 1].lines.push(sliceLine(l, l.text.indexOf(m[2]), l.text.length));
      continue;
    }
    out[out.length - 1].lines.push(l);
  }
  return out.filter((s) => s.title || s.lines.length);
}

function matchesScope(scope: string, branchTitle: string): boolean {
  const bt = branchTitle.toLowerCase();
  const abbr = [...branchTitle.matchAll(/\(([^)]+)\)/g)].map((m) => m[1].toLowerCase());
  return scope
    .toLowerCase()
    .split(/,|\band\b|\bor\b/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 2)
    .some((s) => bt.includes(s) || abbr.includes(s) || bt.replace(/\([^)]*\)/g, "").trim() === s);
}

function parsePartD(doc: ParsedDocument, lines: DocLine[], hits: LabelHit[], ctx: ParseContext, docName: string, title: string): PolicyModel {
  const sec = partDSections(lines, hits);
  const cite = (ls: DocLine[]) => citeLines(ls, "policy", docName);
  const textOf = (ls: DocLine[] | undefined) => clean((ls ?? []).map((l) => l.text).join(" "));

  // Criteria per indication
  const rmi = sec.get("Required Medical Information") ?? [];
  const subs = splitSubsections(splitInlineEnumerations(rmi));
  const covered = textOf(sec.get("Covered Uses") ?? sec.get("Indications"));
  const branches: PolicyBranch[] = [];
  for (const s of subs) {
    const items = parseOutline(s.lines).flatMap((x) => x.items);
    let criteria: CriterionSpec[];
    if (items.length) criteria = items.map((it) => itemToSpec(it, ctx, docName));
    else {
      const sentences = textOf(s.lines).split(/(?<=\.)\s+(?=[A-Z])/).filter((x) => x.length > 3 && !/^none\.?$/i.test(x));
      criteria = sentences.map((x) => ({ ...parseCriterion(x, "", ctx), passage: cite(s.lines) }));
    }
    if (!criteria.length && !s.title) continue;
    const bTitle = s.title ?? (covered.split(/[:.;]/)[0].trim() || title);
    branches.push({ title: bTitle, indication: indicationTerms(bTitle), criteria, duration: null, passage: cite(s.lines.slice(0, 1)) });
  }
  if (!branches.length) branches.push({ title: covered.split(/[:.;]/)[0].trim() || title, indication: indicationTerms(covered), criteria: [], duration: null, passage: null });

  // Age restrictions (optionally per indication: "PsA: 18 years of age or older. Plaque psoriasis: 6 years ...")
  const ageLines = sec.get("Age Restrictions") ?? [];
  for (const sentence of textOf(ageLines).split(/(?<=\.)\s+(?=[A-Z])/)) {
    const age = parseAge(sentence.includes("age") || /older/.test(sentence) ? sentence : `age ${sentence}`);
    if (!age) continue;
    const scope = /^([^:]{2,80}):/.exec(sentence)?.[1];
    for (const b of branches) {
      if (scope && branches.length > 1 && !matchesScope(scope, b.title)) continue;
      b.criteria.unshift({ kind: "age", ...age, text: sentence.replace(/^[^:]{2,80}:\s*/, ""), passage: cite(ageLines) });
    }
  }
  // Prescriber restrictions: "a rheumatologist (PsA, Behçet's disease) or a dermatologist (plaque psoriasis)"
  const prLines = sec.get("Prescriber Restrictions") ?? [];
  const pr = textOf(prLines);
  if (pr && !/^(none|n\/a|no restriction)/i.test(pr)) {
    const scoped = [...pr.matchAll(/([A-Za-z/ -]+?)\s*\(([^)]+)\)/g)];
    for (const b of branches) {
      let specs: string[] = [];
      if (scoped.length && branches.length > 1) {
        for (const m of scoped) if (matchesScope(m[2], b.title)) specs.push(...parseSpecialties(m[1]));
        if (!specs.length) continue;
      } else specs = parseSpecialties(pr);
      if (specs.length) b.criteria.push({ kind: "prescriber", specialties: [...new Set(specs)], text: pr, passage: cite(prLines) });
    }
  }
  // "All FDA-approved indications not otherwise excluded. X is covered ... in adults with type 2 diabetes":
  // a branch titled without a condition takes the conditions the Covered Uses text names
  const coveredTerms = indicationTerms(covered);
  for (const b of branches) if (!b.indication.conditions.length && coveredTerms.conditions.length) b.indication = { ...coveredTerms, phrases: [...b.indication.phrases, ...coveredTerms.phrases] };
  const dur = textOf(sec.get("Coverage Duration"));
  for (const b of branches) b.duration = dur || null;

  // Exclusions
  const exLines = splitInlineEnumerations(sec.get("Exclusion Criteria") ?? []);
  const exItems = parseOutline(exLines).flatMap((x) => x.items);
  const exclusions = exItems.length
    ? exclusionSpecs(exItems, ctx, docName)
    : textOf(exLines)
        .split(/(?<=\.)\s+(?=[A-Z])/)
        .filter((s) => s.length > 3 && !/^none/i.test(s))
        .map((s) => {
          const spec = { ...(parseExcludedUse(s) ?? parseCriterion(s, "", ctx)), passage: cite(exLines) } as CriterionSpec;
          if (spec.kind === "concurrent_use") spec.negated = false;
          return spec;
        });
  void doc;
  return { title, style: "part_d_table", branches, exclusions };
}

// ---------------------------------------------------------------------------------------------

/**
 * Read a coverage policy into a {@link PolicyModel}: indication branches with their initial-therapy
 * criteria, and exclusions. Continuation/renewal criteria, dosing tables, appendices and references
 * are ignored. Recognises Part D "PA criteria" tables, PBM "Initial Therapy — Approve for N months if
 * the patient meets ALL of the following" outlines and health-plan clinical policies
 * ("I. Initial Approval Criteria / A. <indication> (must meet all): 1. ..."), in any text order the
 * PDF text layer or OCR produces. Never throws on unexpected layouts: the fallback is a single branch
 * holding every numbered criterion found.
 */
export function readPolicy(doc: ParsedDocument, meta: { drug_names: string[]; title?: string; documentName?: string }): PolicyModel {
  const docName = meta.documentName ?? "policy";
  const ctx: ParseContext = { drugNames: meta.drug_names };
  const all = docLines(doc).map((l) => ({ ...l, text: clean(l.text) }));
  const skip = boilerplateLineSet(all, doc.page_count);
  const lines = all.filter((l) => !skip.has(l.index));
  const title = meta.title ?? (lines.find((l) => /policy:|clinical policy:/i.test(l.text))?.text.replace(/^.*?policy:\s*/i, "") || meta.drug_names[0] || "Coverage policy");

  const hits = findPartDLabels(lines);
  if (new Set(hits.map((h) => h.label.replace(/:$/, ""))).size >= 3) return parsePartD(doc, lines, hits, ctx, docName, title);

  const stepLines = substituteStepDrugs(lines);
  let sections = parseOutline(splitInlineEnumerations(stepLines));
  const branches: PolicyBranch[] = [];
  const exclusions: CriterionSpec[] = [];
  let style: PolicyModel["style"] = "generic";
  const skipSection = (h: string) =>
    /reference|appendi|dosing|quantity|revision|reminder|background|overview|description|fda approved/i.test(h) || isContinuationHeading(h) || /^(?:when|where) coverage is available/i.test(h);
  for (const s of sections) {
    if (skipSection(s.heading)) continue;
    if (EXCLUSION_HEAD_RE.test(s.heading)) {
      exclusions.push(...exclusionSpecs(s.items, ctx, docName));
      continue;
    }
    for (const top of s.items) {
      for (const it of walk([top])) {
        if (EXCLUSION_HEAD_RE.test(it.text.slice(0, 120)) && it.children.length && !BRANCH_RE.test(it.text)) exclusions.push(...exclusionSpecs(it.children, ctx, docName));
      }
      for (const b of findBranches(top)) {
        branches.push(branchFromItem(b, ctx, docName));
        style = /initial therapy/i.test(b.text) ? "pbm_outline" : /must meet all/i.test(b.text) ? "clinical_policy" : style;
      }
    }
  }
  if (!branches.length) {
    // bulleted criteria lists (Medicaid PDL "Clinical Criteria:" • ... ; AND) are read only when no
    // numbered criteria exist: elsewhere bullets list products and dosing
    const criteriaSections = (ss: typeof sections) => ss.filter((s) => !skipSection(s.heading) && !/revision|reminder/i.test(s.heading) && !EXCLUSION_HEAD_RE.test(s.heading));
    if (!criteriaSections(sections).some((s) => s.items.length)) sections = parseOutline(splitInlineEnumerations(stepLines), new Set(), { bullets: true });
    const crit = criteriaSections(sections);
    const items = crit.flatMap((s) => s.items);
    const passageOf = (ls: DocLine[]) => citeLines(ls, "policy", docName);
    let criteria = items.map((it) => itemToSpec(it, ctx, docName));
    // prose rules without numbering: "A Step 2 drug is approved when the patient has tried ..."
    const prose = crit.flatMap((s) => s.preamble).filter((l) => ONE_SENTENCE_RE.test(l.text) || /^(?:approval |coverage )?criteria:/i.test(l.text));
    if (!criteria.length) for (const l of prose) criteria.push(...sentenceCriteria(l.text.replace(/^(?:approval |coverage )?criteria:\s*/i, ""), ctx, passageOf([l])));
    // quantity-limit programs: within the limit, or the documented reason for more
    const ql = lines.map((l) => ({ l, q: parseQuantityLimit(l.text) })).find((x) => x.q);
    if (ql && !criteria.length) {
      const exception = lines
        .filter((l) => l.index > ql.l.index && /\b(?:above|exceed\w*|over|beyond|more than) the (?:quantity )?limit\b|\bquantities (?:above|exceeding|greater)/i.test(l.text))
        .map((l) => ({ ...parseCriterion(l.text.replace(/^.*?\b(?:require[sd]?|if|when)\s+(?:documentation (?:that|of)\s+)?/i, ""), "", ctx), passage: passageOf([l]) }) as CriterionSpec);
      const qlSpec: CriterionSpec = { ...ql.q!, text: ql.l.text, passage: passageOf([ql.l]) };
      criteria = exception.length ? [{ kind: "any", items: [qlSpec, ...exception], text: `${ql.l.text} (or: ${exception.map((e) => e.text).join("; ")})`, passage: qlSpec.passage }] : [qlSpec];
    }
    // the lead sentence names the indication ("... medically necessary for members with heterozygous
    // familial hypercholesterolemia when ALL of the following ..."): it is a requirement of its own
    // unless a criterion already asks for a diagnosis
    const lead = crit.flatMap((s) => s.preamble).find((l) => /medically necessary|is covered|are covered|approved for|indicated for|coverage of/i.test(l.text) && mostSpecificConditions(l.text).length);
    const leadConds = lead ? mostSpecificConditions(lead.text) : [];
    if (lead && leadConds.length && !criteria.some((c) => JSON.stringify(c).includes('"kind":"diagnosis"'))) {
      const names = leadConds.map((c) => c.name);
      criteria.unshift({ kind: "diagnosis", conditions: names, icd10: [...new Set(leadConds.flatMap((c) => c.icd10))], phrases: [], text: `Diagnosis of ${names.join(" or ")}`, passage: passageOf([lead]) });
    }
    const bTitle = leadConds.length ? leadConds.map((c) => c.name).join(" / ") : title;
    const durLine = [...walk(items).flatMap((i) => i.durations), ...crit.flatMap((s) => s.preamble).map((l) => l.text).filter((t) => DURATION_LINE_RE.test(t))][0] ?? null;
    branches.push({ title: bTitle, indication: indicationTerms(lead ? `${bTitle} ${title}` : title), criteria, duration: durLine ? durationText(durLine) : null, passage: lead ? passageOf([lead]) : null });
  }
  return { title, style, branches, exclusions };
}

/**
 * Build the decision tree for one coverage policy document.
 *
 * Input: the parsed policy (`ParsedDocument`, text layer or OCR) and `meta.drug_names` (the covered
 * drug's names, never treated as a prior or concurrent therapy). Output layout:
 *   exclusion questions (Yes → denied, No → next) → "Which indication?" (one edge per branch,
 *   condition = branch title; "None of the listed indications" → denied) → per-branch chain of
 *   criterion questions (Yes → next, No → denied) → approved (reason = approval duration).
 * Every question node carries `criterion` (see `Criterion` in ./criterion.ts, plus `role`
 * "exclusion" | "criterion" | "indication" and `branch`) and `passage` (policy citation).
 * Deterministic; no model, no network.
 */
export function generateDecisionTree(doc: ParsedDocument, meta: { drug_names: string[]; title?: string; documentName?: string }): DecisionTree {
  const model = readPolicy(doc, meta);
  return compileTree(model, meta.drug_names);
}

/** Lay a {@link PolicyModel} out as DecisionTree nodes and edges (see generateDecisionTree). */
export function compileTree(model: PolicyModel, drugNames: string[]): DecisionTree {
  const nodes: TreeNode[] = [];
  const edges: DecisionTree["edges"] = [];
  let n = 0;
  const add = (node: Omit<TreeNode, "id">): TreeNode => {
    const full = { id: `n${++n}`, ...node };
    nodes.push(full);
    if (full.parent_id) edges.push({ source: full.parent_id, target: full.id, condition: full.condition });
    return full;
  };
  const action = (parent: string, condition: string, act: "approved" | "denied", label: string, reason: string | null) =>
    add({ node_type: "action", question: label, reason, node_action: act, condition, parent_id: parent, criterion: null, passage: null });

  let parent: string | null = null;
  let cond: string | null = null;
  for (const ex of model.exclusions) {
    const node = add({
      node_type: "question",
      question: `Exclusion: ${ex.text}`,
      reason: "Policy exclusion: when it applies the request is denied.",
      node_action: null,
      condition: cond,
      parent_id: parent,
      criterion: { ...ex, role: "exclusion" } as unknown as Record<string, unknown>,
      passage: ex.passage ?? null,
    });
    action(node.id, "Yes", "denied", "Denied — exclusion applies", ex.text);
    parent = node.id;
    cond = "No";
  }
  const pick = add({
    node_type: "question",
    question: "Which covered indication is the request for?",
    reason: `Indications with initial-therapy criteria in this policy: ${model.branches.map((b) => b.title).join("; ")}`,
    node_action: null,
    condition: cond,
    parent_id: parent,
    criterion: { kind: "indication", role: "indication", branches: model.branches.map((b) => ({ title: b.title, ...b.indication })) },
    passage: null,
  });
  action(pick.id, "None of the listed indications", "denied", "Denied — indication not covered by this policy", null);
  for (const b of model.branches) {
    let p = pick.id;
    let c = b.title;
    for (const crit of b.criteria) {
      const node = add({
        node_type: "question",
        question: crit.text,
        reason: null,
        node_action: null,
        condition: c,
        parent_id: p,
        criterion: { ...crit, role: "criterion", branch: b.title } as unknown as Record<string, unknown>,
        passage: crit.passage ?? null,
      });
      action(node.id, "No", "denied", "Denied — criterion not met", crit.text);
      p = node.id;
      c = "Yes";
    }
    action(p, c, "approved", `Approved — ${b.title}`, b.duration ? `Approval duration: ${b.duration}` : null);
  }
  return { title: model.title, drug_names: drugNames, nodes, edges };
}
