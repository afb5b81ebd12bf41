/**
 * Concurrent-use rules limited to one purpose. A coverage policy may forbid a drug together with
 * another only when that other drug is used for a given condition ("Use together with a GLP-1
 * receptor agonist prescribed for MASH"; "concomitant methotrexate used for psoriasis"). The same
 * drug taken for another condition (semaglutide for type 2 diabetes) is outside the rule, and a
 * drug whose purpose the request does not state cannot be held against it: only a reviewer can say.
 *
 * Source: the policy sentence itself — a purpose written into a concurrent-use rule names the
 * combination the plan excludes, not every use of the drug.
 */
import type { Citation } from "../contracts";
import { conditionAncestors, conditionsNamedIn } from "../vocabulary/conditions";
import { DRUG_CLASSES, classesOfDrug, drugNames, findDrugMentions } from "../vocabulary/drugs";

/** "prescribed for MASH", "used for the treatment of psoriasis", "(semaglutide for MASH)" */
const RULE_PURPOSE =
  /\b(?:prescribed|used|given|taken|indicated|administered)\s+(?:only\s+)?(?:for|to treat)\s+(?:the\s+)?(?:treatment\s+of\s+)?([^.;()]{3,80})|\(\s*[a-z][a-z-]+\s+for\s+([^)]{3,60})\)/gi;

/**
 * The conditions a concurrent-use rule limits `drug` to, read from its first sentence ("… a GLP-1
 * receptor agonist prescribed for MASH (semaglutide for MASH)" → nonalcoholic steatohepatitis for
 * semaglutide). A purpose qualifies the drug or class written right before it: in "another agent: a
 * bisphosphonate, teriparatide or raloxifene used for osteoporosis" it limits raloxifene only, and a
 * rule read for teriparatide names no purpose. [] when the rule names no purpose for `drug`, or names
 * it by exception ("for any use other than …").
 */
export function rulePurposes(ruleText: string, drug: string): string[] {
  const first = ruleText.split(/(?<=[.!?])\s+(?=[A-Z])/)[0];
  const own = [...drugNames(drug), ...classesOfDrug(drug).flatMap((c) => DRUG_CLASSES.find((x) => x.name === c)?.aliases ?? [])];
  const ownAt = (text: string) => Math.max(-1, ...own.map((a) => lastMatch(text, a)));
  const out = new Set<string>();
  for (const m of first.matchAll(RULE_PURPOSE)) {
    const phrase = m[1] ?? m[2] ?? "";
    if (/\b(?:other than|except|any|all)\b/i.test(phrase)) return [];
    // whom the purpose qualifies: the drug in "(semaglutide for MASH)", else the last drug or class
    // named before it in its list item
    const subject = m[2] != null ? m[0] : (first.slice(0, m.index).split(/[:;]/).pop() ?? "");
    const mine = ownAt(subject.toLowerCase());
    if (mine < 0) continue;
    const others = findDrugMentions(subject).filter((d) => !drugNames(drug).includes(d.entry.generic.toLowerCase()));
    if (others.some((d) => d.index > mine)) continue;
    for (const c of conditionsNamedIn(phrase)) out.add(c.name);
  }
  return [...out];
}

/** the start of the last match of the class alias or drug name `a` (a regex fragment) in `text`, or -1 */
function lastMatch(text: string, a: string): number {
  let at = -1;
  try {
    for (const m of text.matchAll(new RegExp(`(?<![a-z])(?:${a})`, "g"))) at = m.index ?? at;
  } catch {
    return -1;
  }
  return at;
}

const related = (a: string, b: string) => conditionAncestors(a).includes(b) || conditionAncestors(b).includes(a);

/**
 * Whether a concurrent drug documented in `citations` (the request's sentences naming it) falls
 * under a rule limited to `purposes` (rulePurposes):
 * - "other": every sentence naming the drug names conditions, none of them a purpose of the rule
 *   ("Ozempic 1 mg weekly since 2024 for glycemic control" in a sentence about her type 2 diabetes);
 * - "unknown": no sentence naming the drug names any condition;
 * - null: the rule names no purpose, or a sentence names one of its purposes (the rule applies as
 *   written).
 * Returns the conditions found with "other".
 */
export function concurrentPurpose(purposes: string[], citations: Citation[]): { state: "other"; taken: string[] } | { state: "unknown" } | null {
  if (!purposes.length) return null;
  const taken = new Set<string>();
  for (const c of citations) {
    const named = conditionsNamedIn(c.text).map((x) => x.name);
    if (named.some((n) => purposes.some((p) => related(n, p)))) return null;
    for (const n of named) taken.add(n);
  }
  // (a sentence naming the drug without a condition, beside others that name one: the purpose is the one stated)
  return taken.size ? { state: "other", taken: [...taken] } : { state: "unknown" };
}
