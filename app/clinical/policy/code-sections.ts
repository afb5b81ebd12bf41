/**
 * Sections of a medical policy written for some service codes only. Payers' policies name the codes a
 * section governs in its heading or first line ("Attended Polysomnography in a Sleep Facility: CPT
 * 95810, 95811", "Codes: CPT 93306, 93307, 93308."); the criteria under it apply to a service line
 * billing one of those codes and never to a line billing another code of the policy (issue 22: "each
 * criterion applies to the codes its section names; a section about other codes never applies").
 */
import type { Citation, Criterion, DecisionTree, ParsedDocument, PolicyModel } from "../contracts";
import { citeLines } from "../text/lines";
import type { DocLine } from "../text/lines";
import { isHeading } from "./outline";
import { codeListed } from "./visit-limits";

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
  if (!CODE_LINE.test(t)) return null;
  const own = t.replace(/\([^)]*\)/g, " ").replace(/\([^)]*$/, " ");
  const codes = [...new Set([...own.matchAll(SERVICE_CODE)].map((m) => m[0].toUpperCase()))];
  return codes.length ? codes : null;
}

/** a short title line ("Limitations", "CD-3: Nuclear Cardiac Imaging (SPECT MPI)"): a new section */
function titleLine(text: string): boolean {
  const t = text.trim();
  if (isHeading(t)) return true;
  return /^[A-Z]/.test(t) && !/[.;,:]$/.test(t) && t.split(/\s+/).length <= 8 && !/^(?:\d{1,2}|[a-zA-Z]|[ivx]{1,4})[.)]\s/.test(t);
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
  for (let i = at; i >= 0; i--) {
    const codes = sectionCodesOf(lines[i].text);
    if (codes) return codes;
    if (i < at && titleLine(lines[i].text)) return null;
  }
  return null;
}

/**
 * Marks each criterion of `model` (indications, common criteria, exclusions) with the codes of the
 * section it sits under (Criterion.codes); criteria under no code line are left as they are.
 */
export function withCodeScopes(model: PolicyModel, lines: DocLine[]): PolicyModel {
  const mark = (cs: Criterion[]): Criterion[] =>
    cs.map((c) => {
      const codes = c.codes ?? scopeCodesAt(lines, c.passage);
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
    if (!TITLE_WITH_CODES.test(t)) continue;
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
