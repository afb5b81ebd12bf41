/**
 * Requirements that a condition "has been considered and addressed", "has been ruled out", "has been
 * excluded" ("Medication overuse headache has been considered and addressed", "Other causes of
 * hypercalcemia have been ruled out", "Hypothyroidism has been excluded"). Such a sentence names the
 * condition as something the prescriber must have looked for, never as the indication: read as a
 * diagnosis it would ask the member to HAVE the condition it asks to exclude (and make it the
 * branch's indication).
 *
 * Judged on the record: met by a statement that the condition was looked for and is absent ("no
 * medication overuse", "not consistent with medication overuse", "medication overuse ruled out");
 * a mention that affirms the condition, a pending work-up, or silence is a reviewer's question
 * (needs more information), never a failure — whether an affirmed condition has been "addressed" is
 * clinical judgement, and silence documents no consideration.
 *
 * Source: payer criteria such as ICHD-3 based chronic-migraine policies ("medication overuse
 * headache has been considered"), and the reviewer's rule that approval needs evidence for every
 * criterion (issues 21/22).
 */
import type { Citation } from "../contracts";
import { quote, type CaseIndex } from "../evidence/case-index";
import { NEG_AFTER, PENDING, isNegated } from "../vocabulary/language";
import { addressedCondition } from "../policy/addressed-conditions";

/** words that carry no meaning of the condition when searched for in a record */
const FILLER = new Set(["the", "of", "and", "or", "a", "an", "any", "other", "causes", "cause", "possible", "such", "as", "with", "for", "to", "in"]);

/** the word groups a record may name the condition with: all its words, then without its last (head) word ("medication overuse" of "medication overuse headache") */
function conditionWordGroups(condition: string): string[][] {
  const words = condition
    .toLowerCase()
    .replace(/\([^)]*\)/g, " ")
    .split(/[^a-z0-9-]+/)
    .filter((w) => w.length > 1 && !FILLER.has(w));
  if (!words.length) return [];
  const groups = [words];
  if (words.length >= 3) groups.push(words.slice(0, -1));
  return groups;
}

const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Judge a "has been considered and addressed / ruled out / excluded" requirement on the case: `met`
 * when a sentence names the condition (its words in order, a few words apart at most) negated
 * ("no medication overuse", "not consistent with medication overuse", "medication overuse ruled
 * out") and not pending; otherwise `insufficient` (an affirmed or pending mention, or silence).
 * Null when `text` is not such a requirement.
 */
export function judgeConditionAddressed(text: string, idx: CaseIndex): { outcome: "met" | "insufficient"; reason: string; citations: Citation[] } | null {
  const condition = addressedCondition(text);
  if (!condition) return null;
  const groups = conditionWordGroups(condition);
  if (!groups.length) return null;
  let affirmed: Citation | null = null;
  for (const words of groups) {
    const re = new RegExp(String.raw`\b${words.map((w) => `${escape(w)}\\w*`).join(String.raw`(?:\s+[\w/-]+){0,2}?\s+`)}`, "g");
    for (const line of idx.lines) {
      const next = idx.lines[line.index + 1];
      const joined = next && next.page === line.page ? `${line.lower} ${next.lower}` : line.lower;
      re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(joined))) {
        if (m.index >= line.lower.length) break;
        const after = joined.slice(m.index + m[0].length);
        const sentence = joined.slice(Math.max(0, joined.lastIndexOf(".", m.index) + 1), m.index + m[0].length + 60);
        const negated = isNegated(joined, m.index) || NEG_AFTER.test(after);
        const cite = quote(idx, line, m.index, Math.min(line.lower.length, m.index + m[0].length));
        if (negated && !PENDING.test(sentence))
          return {
            outcome: "met",
            reason: `The request states that ${condition.toLowerCase()} is absent ("${cite.text}"), so it was considered.`,
            citations: [cite],
          };
        affirmed ??= cite;
      }
    }
  }
  if (affirmed)
    return {
      outcome: "insufficient",
      reason: `The policy requires that ${condition.toLowerCase()} has been considered and addressed; the request mentions it ("${affirmed.text}") without stating it is absent — a reviewer should confirm how it was addressed.`,
      citations: [affirmed],
    };
  return {
    outcome: "insufficient",
    reason: `The policy requires that ${condition.toLowerCase()} has been considered and addressed; the request does not say so.`,
    citations: [],
  };
}
