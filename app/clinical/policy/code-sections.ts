/**
 * Sections of a medical policy written for some service codes only. Payers' policies name the codes a
 * section governs in its heading or first line ("Attended Polysomnography in a Sleep Facility: CPT
 * 95810, 95811", "Codes: CPT 93306, 93307, 93308."); the criteria under it apply to a service line
 * billing one of those codes and never to a line billing another code of the policy (issue 22: "each
 * criterion applies to the codes its section names; a section about other codes never applies").
 */
import type { Citation, Criterion, DecisionTree, ParsedDocument, PolicyModel } from "../contracts";
import { citeLines } from "../text/lines";
import { eligibilityRuleOnly, isClaimLineSentence } from "./claim-line-sentences";
import type { DocLine } from "../text/lines";
import { isHeading } from "./outline";
import { codeListed } from "./visit-limits";
import { mostSpecificConditions } from "../vocabulary/conditions";

/** CPT (5 digits, or 4 + F/T/U) and HCPCS level II (letter + 4 digits) codes */
const SERVICE_CODE = /\b(?:[A-V]\d{4}|\d{4}[FTU]|\d{5})\b/g;
/** a line that names its section's codes: "Codes: …", "CPT 78451 …", "<title>: HCPCS G0398 …" */
const CODE_LINE = /^(?:(?:procedure |service |billing )?codes?\s*:|(?:cpt|hcpcs)\b)|:\s*(?:(?:cpt|hcpcs)(?:\s+codes?)?|codes?)\s+[A-V0-9]/i;

/**
 * A section title that ends with its own codes in parentheses, as clinical policy bulletins number
 * their procedures: "II. Arthroscopic Meniscectomy (CPT 29880, 29881)", "B. Chondroplasty (CPT
 * 29877, HCPCS G0289)". The parenthesis opens with its code system and holds nothing but code-system words and codes.
 */
const TITLE_WITH_CODES =
  /^(?:(?:[IVX]{1,5}|[A-Z]|\d{1,2})[.)]\s+)?[A-Z][A-Za-z,/&' -]{2,}?\s*\(\s*((?:CPT|HCPCS)(?:\s+codes?)?\s*(?:[A-V]\d{4}|\d{4}[FTU]|\d{5})(?:\s*(?:,|;|and|or|-|–)\s*(?:(?:CPT|HCPCS)(?:\s+codes?)?\s*)?(?:[A-V]\d{4}|\d{4}[FTU]|\d{5}))*)\s*\)\s*:?$/;

/** one code or a range of codes ("67901-67908") */
const CODE_OR_RANGE = String.raw`(?:[A-V]\d{4}|\d{4}[FTU]|\d{5})(?:\s*[-–]\s*(?:[A-V]\d{4}|\d{4}[FTU]|\d{5}))?`;
/** a parenthesis list of codes only, with or without its code system ("(G0399, 95800, 95806)", "(CPT 95810)") */
const CODE_LIST = String.raw`(?:(?:CPT|HCPCS)(?:\s+codes?)?\s*)?${CODE_OR_RANGE}(?:\s*(?:,|\band\b|\bor\b|,\s*(?:and|or))\s*(?:(?:CPT|HCPCS)(?:\s+codes?)?\s*)?${CODE_OR_RANGE})*`;
/**
 * A section number as payers' guidelines and manuals print it: a prefixed number ("SLP-2", "HC-3",
 * "SLP-3.1"), a dotted decimal ("14.2", "14.3.1"), a roman numeral, a letter or a number with its stop.
 */
export const SECTION_NUMBER = String.raw`(?:[A-Z]{1,8}-\d{1,2}(?:\.\d{1,2}){0,3}[.:]?|\d{1,2}(?:\.\d{1,2}){1,3}\.?|(?:[IVX]{1,5}|[A-Z]|\d{1,2})[.)])`;
/**
 * A section title whose parenthesis holds nothing but its codes, anywhere in the title, after an
 * optional section number: "SLP-2 Indications for Home Sleep Apnea Testing (G0399, 95800, 95806)",
 * "SLP-3 Indications for Attended PSG (95810) When HSAT Is Not Appropriate", "14.2 Knee Arthroscopy (29880)".
 */
const NUMBERED_TITLE_WITH_CODES = new RegExp(
  String.raw`^${SECTION_NUMBER}\s+[A-Z][A-Za-z,/&' -]{2,}?\s*\(\s*(${CODE_LIST})\s*\)(?:\s+[A-Za-z][A-Za-z,/&' -]*)?\s*:?$`,
);
/**
 * The lead sentence of a list that names its codes in a parenthesis: "Extracapsular cataract removal
 * with insertion of an intraocular lens (66982, 66984) is considered reasonable and necessary for an
 * eye when ALL of the following are met:", "B. Ptosis repair (67901-67908; most often 67904, …) is
 * medically necessary when …". The parenthesis opens with the codes (what follows a semicolon is a
 * note); the coverage statement follows it.
 */
const LEAD_WITH_CODES = new RegExp(
  String.raw`^(?:${SECTION_NUMBER}\s+)?[A-Z][^().;:]{2,160}?\(\s*(${CODE_LIST})\s*(?:;[^()]*)?\)\s*(?:is|are)\s+(?:considered\s+)?(?:medically\s+necessary|reasonable\s+and\s+necessary|covered|eligible\s+for\s+coverage)\b[^.]*?(?:\bfollowing\b[^.]*:|:)\s*$`,
);

const codesOfList = (list: string): string[] => [
  ...new Set([...list.matchAll(new RegExp(CODE_OR_RANGE, "g"))].map((m) => m[0].replace(/\s+/g, "").replace("–", "-").toUpperCase())),
];

/**
 * The codes a lead sentence names as the scope of the list under it (LEAD_WITH_CODES); `text` may run
 * over the next line of the policy ("… (66982, 66984) is considered reasonable and necessary" + "for
 * an eye when ALL of the following are met:"). null when the text is no such lead.
 */
export function leadCodesOf(text: string): string[] | null {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length > 320) return null;
  const m = LEAD_WITH_CODES.exec(t);
  if (!m) return null;
  const codes = codesOfList(m[1]);
  return codes.length ? codes : null;
}

/**
 * The codes a policy line names as the scope of its section, or null when the line is no such line.
 * Codes in parentheses ("(Coronary calcium scoring, CPT 75571, is not addressed here)") are mentions
 * of other services, not the section's scope.
 */
export function sectionCodesOf(text: string): string[] | null {
  const t = text.trim();
  const titled = TITLE_WITH_CODES.exec(t);
  if (titled && t.split(/\s+/).length <= 16) {
    const codes = [...new Set([...titled[1].matchAll(SERVICE_CODE)].map((m) => m[0].toUpperCase()))];
    if (codes.length) return codes;
  }
  const numbered = NUMBERED_TITLE_WITH_CODES.exec(t);
  if (numbered && t.split(/\s+/).length <= 18) {
    const codes = codesOfList(numbered[1]);
    if (codes.length) return codes;
  }
  const lead = leadCodesOf(t);
  if (lead) return lead;
  if (!CODE_LINE.test(t)) return null;
  // "CPT 95860-95864, 95885, 95886) - is considered reasonable and necessary when …": the rest of a
  // sentence wrapped from the line above (its parenthesis closes here), not a line of codes
  if (/^[^(]*\)/.test(t)) return null;
  const own = t.replace(/\([^)]*\)/g, " ").replace(/\([^)]*$/, " ");
  const codes = [...new Set([...own.matchAll(SERVICE_CODE)].map((m) => m[0].toUpperCase()))];
  return codes.length ? codes : null;
}

/**
 * The codes line `i` names as its section's scope: a code title or code line (sectionCodesOf), or a
 * lead run over two lines — the parenthesis of codes on this line, the coverage statement on the next
 * line of the same page (leadCodesOf). null when it names none.
 */
function scopeCodesOfLine(lines: { text: string; page?: number }[], i: number): string[] | null {
  const l = lines[i];
  const titled = sectionCodesOf(l.text);
  if (titled) return titled;
  const wrapped = wrappedLeadCodes(lines, i);
  if (wrapped) return wrapped;
  const next = lines[i + 1];
  if (!next || next.page !== l.page || !/\(\s*[A-V0-9]/.test(l.text) || /[.;:]\s*$/.test(l.text)) return null;
  return leadCodesOf(`${l.text} ${next.text}`);
}

/** the coverage statement that ends a lead sentence and opens its list: "… is considered reasonable and necessary when ALL of the following are met:" */
const COVERAGE_LEAD_END =
  /\b(?:is|are)\s+(?:considered\s+)?(?:medically\s+necessary|reasonable\s+and\s+necessary|covered|eligible\s+for\s+coverage)\b[^.]*?(?:\bfollowing\b[^.]*:|:)\s*$/i;

/**
 * The codes of a coverage lead sentence wrapped over several lines that ends on line `i`
 * ("Electrodiagnostic (EDX) testing - nerve conduction studies (NCS, CPT 95907-95913) and needle" /
 * "electromyography (EMG, CPT 95860-95864, 95885, 95886) - is considered reasonable and necessary when
 * ALL of the following are met:"): every code and range the sentence names, in or out of its
 * parentheses. null when line `i` ends no such sentence or the sentence names no code.
 */
function wrappedLeadCodes(lines: { text: string; page?: number }[], i: number): string[] | null {
  const l = lines[i];
  if (!COVERAGE_LEAD_END.test(l.text)) return null;
  const parts = [l.text];
  for (let j = i - 1; j >= Math.max(0, i - 3); j--) {
    // a title above the lead ("GI-2 Indications for Capsule Endoscopy (91110, 91111)") is a section of its own
    if (lines[j].page !== l.page || /[.;:]\s*$/.test(lines[j].text) || sectionCodesOf(lines[j].text) || titleLine(lines[j].text)) break;
    parts.unshift(lines[j].text);
  }
  if (parts.length < 2) return null;
  const sentence = parts.join(" ").replace(/\s+/g, " ");
  // the sentence starts where the text above ended one; a sentence of its own, not a list item
  const start = sentence.slice(Math.max(0, sentence.lastIndexOf(". ", sentence.length - l.text.length) + 1)).trim();
  if (!/^[A-Z]/.test(start) || /^(?:\d{1,2}|[a-z])[.)]\s/.test(start) || new RegExp(String.raw`^${SECTION_NUMBER}\s`).test(start) || start.length > 400)
    return null;
  const codes = codesOfList(start.match(new RegExp(CODE_OR_RANGE, "g"))?.join(", ") ?? "");
  return codes.length ? codes : null;
}

/** every code a coverage lead or code title of the policy names as its section's scope (the policy's procedures) */
export function policyScopeCodes(lines: { text: string; page?: number }[]): string[] {
  const out = new Set<string>();
  for (const i of lines.keys()) for (const c of scopeCodesOfLine(lines, i) ?? []) out.add(c);
  return [...out];
}

/** a short title line ("Limitations", "CD-3: Nuclear Cardiac Imaging (SPECT MPI)"): a new section */
function titleLine(text: string): boolean {
  const t = text.trim();
  if (isHeading(t)) return true;
  // (a sentence wrapped in a narrow column — "Panniculectomy is medically necessary when ALL of the" —
  // ends in a word no title ends in)
  return (
    /^[A-Z]/.test(t) &&
    !/[.;,:]$/.test(t) &&
    t.split(/\s+/).length <= 8 &&
    !/^(?:\d{1,2}|[a-zA-Z]|[ivx]{1,4})[.)]\s/.test(t) &&
    !/\b(?:the|of|a|an|and|or|to|with|for|in|by|when|that|is|are|if|at|on)$/i.test(t)
  );
}

/**
 * The codes that scope the policy text at `passage`: those of the nearest code line above it, when
 * no title line stands between them; null when the passage is under no code line (it applies to
 * every code of the policy). `lines` are the policy's lines in reading order.
 */
export function scopeCodesAt(lines: DocLine[], passage: Citation | null | undefined): string[] | null {
  if (!passage) return null;
  const at = lines.findIndex((l) => l.page === passage.page && l.end > passage.start);
  if (at < 0) return null;
  const passed: string[] = [];
  for (let i = at; i >= 0; i--) {
    const titled = sectionCodesOf(lines[i].text);
    const lead = !titled || !!leadCodesOf(lines[i].text);
    const codes = scopeCodesOfLine(lines, i);
    if (codes) {
      // a sibling section passed on the way up ("B. …" under "A. … (15822, 15823) is medically
      // necessary when …"): the codes of another section are not this passage's scope
      const own = sectionNumberOf(lines[i].text);
      if (own && passed.some((p) => siblingOrLater(p, own))) return null;
      // a lead without a number of its own reaches down to its items, never past a lettered,
      // roman, prefixed or decimal section ("B. Second eye" below "… (66982, 66984) is covered when:")
      if (lead && !own && passed.some((p) => !/^\d{1,2}$/.test(p))) return null;
      return codes;
    }
    if (i < at && titleLine(lines[i].text)) return null;
    const num = sectionNumberOf(lines[i].text);
    if (num && i < at) passed.push(num);
  }
  return null;
}

/** the section number a line opens with ("B.", "SLP-3.1", "14.2", "IV."), or null */
export function sectionNumberOf(text: string): string | null {
  const m = new RegExp(String.raw`^(${SECTION_NUMBER}):?\s`).exec(text.trim());
  return m ? m[1].replace(/[.)]$/, "") : null;
}

/**
 * Whether section number `passed` is a sibling of `own` (same family, not its subsection): "B" beside
 * "A", "SLP-4" beside "SLP-3", "14.3" beside "14.2"; "SLP-3.1" and "14.2.1" are subsections.
 */
function siblingOrLater(passed: string, own: string): boolean {
  if (passed === own) return false;
  if (passed.startsWith(`${own}.`)) return false;
  const family = (n: string) =>
    /^[A-Z]{1,5}-\d/.test(n)
      ? `p:${n.split("-")[0]}:${n.split(".").length}`
      : /^\d+\.\d/.test(n)
        ? `d:${n.split(".").length}`
        : /^[IVX]{2,5}$/.test(n)
          ? "r"
          : /^[A-Z]$/.test(n)
            ? "l"
            : /^\d+$/.test(n)
              ? "n"
              : n;
  return family(passed) === family(own);
}

/**
 * Marks each criterion of `model` (indications, common criteria, exclusions) with the codes of the
 * section it sits under (Criterion.codes); criteria under no code line are left as they are.
 */
/**
 * A section that applies only under its own condition about another occasion of the policy's
 * procedure: "B. Second eye — Surgery on the second eye is covered when …", "Contralateral side: A
 * second-side procedure is covered when …". Its criteria are about that procedure's lines only (never
 * a biometry or supply line's), and as an indication of its own it is an alternative, never a
 * requirement of a first-occasion line.
 */
const CONDITIONAL_SECTION_RE =
  /^(?:[A-Z][.)]\s+)?(?:second|subsequent|contralateral|opposite|other)[- ](?:eye|side|breast|knee|hip|ear|limb|extremity|procedure|surgery)\b|\b(?:on|of)\s+the\s+(?:second|contralateral|opposite|other)\s+(?:eye|side|breast|knee|hip|ear|limb|extremity)\s+(?:is|are)\s+(?:considered\s+)?(?:covered|medically\s+necessary)\s+(?:only\s+)?(?:when|if)\b/i;

export function isConditionalSection(title: string): boolean {
  return CONDITIONAL_SECTION_RE.test(title.replace(/\s+/g, " ").trim());
}

/** a section about how codes are billed: "5. Administration Codes", "Coding and Billing", "Billing Guidelines" */
const BILLING_SECTION_TITLE_RE =
  /^(?:(?:\d{1,2}(?:\.\d{1,2})*|[A-Z]|[IVX]{1,4})[.)]?\s+)?(?:[A-Za-z/&-]+\s+){0,3}(?:codes?|coding|billing)(?:\s+(?:and|&)\s+(?:coding|billing|reimbursement))?(?:\s+(?:guidelines?|rules?|information|notes?))?\s*:?$/i;
/** a numbered or lettered section title line: "5. Administration Codes", "B. Limitations" (no sentence) */
const NUMBERED_TITLE_RE = /^(?:\d{1,2}|[A-Z]|[IVX]{1,4})[.)]\s+[A-Z][A-Za-z ,/&'()-]{2,70}$/;

/**
 * An item of a billing section ("5. Administration Codes: 5.2 IV push (96374, initial; 96375 …) is an
 * injection of 15 minutes or less …") that names service codes applies to lines billing those codes —
 * never to the drug line the administration follows (it had pended every iron infusion's drug line on
 * "Not documented"). Null outside such a section or when the item names no code.
 */
function billingItemCodes(lines: DocLine[], passage: Citation | null | undefined, text: string): string[] | null {
  if (!passage) return null;
  const codes = [...new Set([...text.matchAll(SERVICE_CODE)].map((m) => m[0].toUpperCase()))];
  // "An administration line follows the decision of the drug line it administers": an item about the
  // administration lines themselves, which name no code, is theirs (CPT 96360-96549, the hydration,
  // injection, infusion and chemotherapy administration codes)
  const named = codes.length ? codes : /\badministration (?:lines?|codes?|services?)\b/i.test(text) ? ["96360-96549"] : [];
  if (!named.length) return null;
  const at = lines.findIndex((l) => l.page === passage.page && l.end > passage.start);
  for (let i = at - 1; i >= 0 && i >= at - 30; i--) {
    const t = lines[i].text.trim();
    if (BILLING_SECTION_TITLE_RE.test(t)) return named;
    if (NUMBERED_TITLE_RE.test(t) || isHeading(t)) return null;
  }
  return null;
}

export function withCodeScopes(model: PolicyModel, lines: DocLine[]): PolicyModel {
  const procedures = policyScopeCodes(lines);
  if (procedures.length)
    for (const ind of model.indications)
      if (isConditionalSection(ind.title) && ind.criteria.every((c) => !c.codes))
        ind.criteria = ind.criteria.map((c) => ({ ...c, codes: procedures }) as Criterion);
  const mark = (cs: Criterion[]): Criterion[] =>
    cs.map((c) => {
      const codes = c.codes ?? scopeCodesAt(lines, c.passage) ?? billingItemCodes(lines, c.passage, c.text);
      return codes ? ({ ...c, codes } as Criterion) : c;
    });
  for (const ind of model.indications) ind.criteria = mark(ind.criteria);
  model.common = mark(model.common);
  model.exclusions = mark(model.exclusions);
  return model;
}

/**
 * A procedure's section the reader took no criterion from ("III. Arthroscopic Chondroplasty (CPT
 * 29877, HCPCS G0289)" followed by prose) never leaves its codes' lines with nothing to check: each
 * section title naming its codes in parentheses whose codes no criterion governs adds one
 * human-review criterion for those codes (a reviewer applies the section) — never an approval on
 * nothing once the other sections are scoped away (treeForCode).
 */
export function withUnreadCodeSections(model: PolicyModel, lines: DocLine[], documentName: string, doc?: ParsedDocument | null): PolicyModel {
  const all = () => [...model.indications.flatMap((i) => i.criteria), ...model.common, ...model.exclusions];
  for (const [i, l] of lines.entries()) {
    const t = l.text.trim();
    if (!TITLE_WITH_CODES.test(t) && !NUMBERED_TITLE_WITH_CODES.test(t)) continue;
    const codes = sectionCodesOf(t);
    if (!codes) continue;
    const governed = new Set(all().flatMap((c) => c.codes ?? []));
    if (codes.some((c) => governed.has(c))) continue;
    const span = [l, ...lines.slice(i + 1, i + 4).filter((x) => x.page === l.page)];
    model.common.push({
      kind: "human_review",
      text: t,
      passage: citeLines(span, documentName, doc),
      confidence: "low",
      codes,
      why: "A section of the policy for these codes was not read into criteria; a reviewer must apply it.",
    });
  }
  return model;
}

/**
 * The tree a service line billing `code` is walked on: every question whose criterion is scoped to
 * other codes (Criterion.codes) is spliced out — its onward branch hangs from its parent, the
 * denial it could lead to is dropped. A question whose other branches lead anywhere but a denial is
 * kept (never a route lost). A line without a code keeps the whole tree.
 */
export function treeForCode(tree: DecisionTree, code: string | null): DecisionTree {
  const want = code?.trim().toUpperCase();
  if (!want) return tree;
  let nodes = tree.nodes;
  let edges = tree.edges;
  const specOf = (n: DecisionTree["nodes"][number]) => (n.criterion as { spec?: Criterion } | null)?.spec;
  for (const original of tree.nodes) {
    const codes = specOf(original)?.codes;
    if (!codes?.length || codeListed(want, codes)) continue;
    // (its parent may have been spliced out before it)
    const node = nodes.find((n) => n.id === original.id);
    if (!node) continue;
    const children = nodes.filter((n) => n.parent_id === node.id);
    const denials = children.filter((n) => n.node_type === "action" && n.node_action === "denied" && !nodes.some((x) => x.parent_id === n.id));
    const onward = children.filter((n) => !denials.includes(n));
    if (onward.length !== 1) continue;
    const next = onward[0];
    const dropped = new Set([node.id, ...denials.map((d) => d.id)]);
    nodes = nodes
      .filter((n) => !dropped.has(n.id))
      .map((n) => (n.id === next.id ? { ...n, parent_id: node.parent_id, condition: node.parent_id ? node.condition : null } : n));
    edges = [
      ...edges.filter((e) => !dropped.has(e.source) && !dropped.has(e.target)),
      ...(node.parent_id ? [{ source: node.parent_id, target: next.id, condition: node.condition }] : []),
    ];
  }
  return { ...tree, nodes, edges };
}

/** a numbered section whose heading names no requirement: background, references, history, coding */
const NON_REQUIREMENT_SECTION_RE =
  /^(?:background|description|overview|scope|purpose|definitions?|references?|sources?|bibliography|(?:policy\s+|revision\s+|document\s+)?history|coding|codes?|billing|reimbursement|(?:coding|billing)\s+and\s+(?:reimbursement|coding)\b|related\s+policies|appendix|summary|rationale|evidence|how\s+this\s+(?:article|section|chapter|policy|certificate|document)\s+works|cost[- ]?sharing|schedule\s+of\s+benefits|copay(?:ment)?s?|coinsurance|deductibles?|appeals?|grievances?|complaints?)\b/i;
/** a section naming services the plan does not pay because another entity does ("carve-outs", "carved out") */
const CARVE_OUT_RE = /\bcarve[d-]?\s*-?\s*outs?\b/i;
/** requirement language in a section's text */
const REQUIREMENT_RE =
  /\b(?:medically\s+necessary|reasonable\s+and\s+necessary|(?:is|are)\s+(?:not\s+)?covered|must|required?|no\s+more\s+than|at\s+least|documenting|documented|following\s+(?:is|are)\s+met)\b/i;
/** every sentence of a section's body is a billing instruction or the plan's eligibility rule (none: false) */
function billingOrEligibilityOnly(body: string): boolean {
  const sentences = body
    .split(/(?<=[.;])\s+(?=[A-Z(])/)
    .map((x) => x.trim())
    .filter((x) => /[a-z]{3}/i.test(x));
  return sentences.length > 0 && sentences.every((x) => isClaimLineSentence(x) || eligibilityRuleOnly(x));
}
/** a prefixed ("SLP-1.2") or dotted decimal ("14.3.1") section number opening a line, before a capital word */
// (a code system, scale or marker written with a hyphen — "ICD-10 Diagnosis", "PHQ-9 Score", "PD-1 Inhibitors" —
// opens a coding table or a name, never a section)
const NUMBERED_SECTION_RE =
  /^((?:(?!(?:ICD|DSM|CPT|PHQ|GAD|COVID|SF|EQ|HIV|HPV|IL|TNF|PD|CD|HER|ECOG|NYHA|FEV|GLP|SGLT|CGRP|JAK|MS|CF|RSV|HBV|HCV)-)[A-Z]{1,5}-\d{1,2}(?:\.\d{1,2}){0,3}|\d{1,2}(?:\.\d{1,2}){1,3})\.?):?\s+([A-Z][A-Za-z])/;

/**
 * Sections numbered with a prefix or a dotted decimal ("SLP-1.1 A face-to-face evaluation …", "14.2
 * Covered conditions") that state requirements but gave the reader no criterion and no unread passage
 * never vanish: each adds one human-review criterion (scoped to the codes its section names, when it
 * names any) so a line under the policy goes to a reviewer. Sections whose heading names no
 * requirement (background, references, coding) are left out.
 */
export function withUnreadNumberedSections(model: PolicyModel, lines: DocLine[], documentName: string, doc?: ParsedDocument | null): PolicyModel {
  const starts = lines.map((l, i) => ({ i, m: NUMBERED_SECTION_RE.exec(l.text.trim()) })).filter((x) => x.m);
  if (starts.length < 2) return model;
  const covered = new Set<number>();
  const lineOf = (p: Citation | null | undefined) => {
    if (!p) return;
    for (const [i, l] of lines.entries()) if (l.page === p.page && l.end > p.start && l.start < p.end) covered.add(i);
  };
  const walk = (cs: Criterion[]) => {
    for (const c of cs) {
      lineOf(c.passage);
      if (c.kind === "all" || c.kind === "any") walk(c.items);
    }
  };
  for (const ind of model.indications) {
    walk(ind.criteria);
    walk(ind.continuation?.criteria ?? []);
  }
  walk(model.common);
  walk(model.exclusions);
  for (const u of [...model.unread, ...model.continuation]) lineOf(u.passage);
  // only the top-level sections (the fewest dots the document's numbers have), each with its subsections
  const depth = (n: string) => n.replace(/\.$/, "").split(".").length;
  const top = Math.min(...starts.map((x) => depth(x.m![1])));
  for (const [k, { i, m }] of starts.entries()) {
    if (depth(m![1]) !== top) continue;
    const end = k + 1 < starts.length ? starts[k + 1].i : Math.min(lines.length, i + 12);
    const span = lines.slice(i, end);
    const title = lines[i].text.trim().slice(m![1].length).trim();
    if (NON_REQUIREMENT_SECTION_RE.test(title)) continue;
    const own0 = m![1].replace(/\.$/, "");
    const after0 = starts.slice(k + 1).find((x) => !x.m![1].startsWith(`${own0}.`));
    // the section's requirement text: without its purpose / scope / background subsections and
    // without negative statements ("… is not medically necessary": the indication list already denies)
    const bodyEnd = after0 ? after0.i : lines.length;
    const skipped = new Set<number>();
    for (const [k2, x] of starts.entries()) {
      if (x.i <= i || x.i >= bodyEnd) continue;
      const subTitle = lines[x.i].text
        .trim()
        .slice(x.m![0].length - 2)
        .trim();
      if (!NON_REQUIREMENT_SECTION_RE.test(subTitle)) continue;
      const subEnd = k2 + 1 < starts.length ? Math.min(starts[k2 + 1].i, bodyEnd) : bodyEnd;
      for (let j = x.i; j < subEnd; j++) skipped.add(j);
    }
    const bodyText = lines
      .slice(i, bodyEnd)
      .filter((_, j) => !skipped.has(i + j))
      .map((l) => l.text)
      .join(" ")
      .replace(/\b(?:is|are)\s+not\s+(?:considered\s+)?(?:medically\s+necessary|covered|reasonable\s+and\s+necessary)\b/gi, " ");
    if (!REQUIREMENT_RE.test(bodyText)) continue;
    // a section that only says how its lines are billed or that dates of service must fall within
    // enrollment ("6.4 Report each session date on its own lines. The authorization number is reported
    // in item 23."): the claim's own fields and the roster decide it (claim-line-sentences.ts)
    if (billingOrEligibilityOnly(bodyText.trim().slice(m![1].length))) continue;
    // the section with its subsections ("SLP-3" with "SLP-3.1" …): read when any of its lines is
    const own = m![1].replace(/\.$/, "");
    const after = starts.slice(k + 1).find((x) => !x.m![1].startsWith(`${own}.`));
    const whole = after ? after.i : lines.length;
    let read = false;
    for (let j = i; j < whole; j++) if (covered.has(j)) read = true;
    if (read) continue;
    // the codes the section itself names (its title or a code line right under it); none: every line
    const codes = [lines[i], ...lines.slice(i + 1, Math.min(i + 3, bodyEnd))].map((l) => sectionCodesOf(l.text)).find((c) => c) ?? null;
    // a section titled by one condition ("14.6 Hyperemesis gravidarum: referral") is that condition's
    // rule: it applies to a line for that diagnosis, never to a line whose diagnosis is known to be another
    // (a carve-out section — "Services not covered by <plan> claims (carve-outs)" — says where the claims
    // of the services it names go: it concerns a line only for the conditions its text names)
    const scope = mostSpecificConditions(CARVE_OUT_RE.test(title) ? bodyText : title.split(/[:–—]|\s-\s/)[0]).map((c) => c.name);
    const key = (codes ?? []).join(",");
    if (model.common.some((c) => c.kind === "human_review" && (c.codes ?? []).join(",") === key && key)) continue;
    model.common.push({
      kind: "human_review",
      text: span
        .map((l) => l.text.trim())
        .join(" ")
        .slice(0, 400),
      passage: citeLines(span.slice(0, 6), documentName, doc),
      confidence: "low",
      ...(codes ? { codes } : {}),
      ...(scope.length ? { applies_to: scope } : {}),
      why: "A numbered section of the policy was not read into criteria; a reviewer must apply it.",
    });
  }
  return model;
}
