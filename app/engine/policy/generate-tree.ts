import type { Citation, DecisionTree, ParsedDocument, TreeNode } from "../types";
import { indicationTerms, inheritTrial, parseAge, parseCriterion, parseExcludedUse, parseSpecialties, type CriterionSpec, type ParseContext } from "./criterion";
import { parseOutline, splitInlineEnumerations, walk, type OutlineItem } from "./outline";
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
  const alt = /,\s+or\s+(?=(?:has|have|had|is|was|were|the patient|the member|patient|member)\b)/i.exec(text);
  // (not "a contraindication to, or has experienced intolerance with, methotrexate": a shared object)
  if (alt && !/\bONE of\b|\bALL of\b/i.test(text) && !/\b(to|with|of|for|on|in|from|by)\s*$/i.test(text.slice(0, alt.index))) {
    const first = text.slice(0, alt.index).trim();
    const subject = /^((?:the )?(?:patient|member)\s+)/i.exec(first)?.[1] ?? "";
    const second = subject + text.slice(alt.index + alt[0].length).trim();
    return { kind: "any", items: [{ ...parseCriterion(first, "", ctx), passage }, { ...parseCriterion(second, "", ctx), passage }], text, ...(item.note ? { note: item.note } : {}), passage };
  }
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

function findBranches(item: OutlineItem): OutlineItem[] {
  if (CONTINUATION_RE.test(item.text.slice(0, 120))) return [];
  if (EXCLUSION_HEAD_RE.test(item.text.slice(0, 120)) && !BRANCH_RE.test(item.text)) return [];
  const fromChildren = item.children.flatMap(findBranches);
  if (fromChildren.length) return fromChildren;
  if (item.children.length && BRANCH_RE.test(item.text)) return [item];
  return [];
}

function durationOf(item: OutlineItem): string | null {
  const d = walk([item]).flatMap((i) => i.durations)[0];
  if (d) return d.replace(/^(initial )?(approval|authorization|coverage) duration:?\s*/i, "");
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
  const criteria = item.children.map((c) => itemToSpec(c, ctx, docName));
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

  const sections = parseOutline(splitInlineEnumerations(lines));
  const branches: PolicyBranch[] = [];
  const exclusions: CriterionSpec[] = [];
  let style: PolicyModel["style"] = "generic";
  for (const s of sections) {
    if (/reference|appendi|dosing|quantity|revision|reminder|background|overview|description|fda approved/i.test(s.heading)) continue;
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
    // Fallback: every top-level numbered item of the criteria-bearing sections is one criterion.
    const items = sections.filter((s) => !/reference|appendi|revision|reminder/i.test(s.heading)).flatMap((s) => s.items);
    branches.push({ title, indication: indicationTerms(title), criteria: items.map((it) => itemToSpec(it, ctx, docName)), duration: null, passage: null });
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
