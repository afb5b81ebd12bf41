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

/** "prescribed for MASH", "used for the treatment of psoriasis", "(semaglutide for MASH)" */
const RULE_PURPOSE =
  /\b(?:prescribed|used|given|taken|indicated|administered)\s+(?:only\s+)?(?:for|to treat)\s+(?:the\s+)?(?:treatment\s+of\s+)?([^.;()]{3,80})|\(\s*[a-z][a-z-]+\s+for\s+([^)]{3,60})\)/gi;

/**
 * The conditions a concurrent-use rule limits itself to, read from its first sentence ("… a GLP-1
 * receptor agonist prescribed for MASH (semaglutide for MASH)" → nonalcoholic steatohepatitis);
 * [] when the rule names no purpose, or names it by exception ("for any use other than …").
 */
export function rulePurposes(ruleText: string): string[] {
  const first = ruleText.split(/(?<=[.!?])\s+(?=[A-Z])/)[0];
  const out = new Set<string>();
  for (const m of first.matchAll(RULE_PURPOSE)) {
    const phrase = m[1] ?? m[2] ?? "";
    if (/\b(?:other than|except|any|all)\b/i.test(phrase)) return [];
    for (const c of conditionsNamedIn(phrase)) out.add(c.name);
  }
  return [...out];
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
