/**
 * How many items a policy says every initial request must meet, when it says so by their labels:
 *
 *   "Approve when C1, C2, C3, C4 and C5 are ALL met and no exclusion applies."
 *   "… is authorized when section 1 and ALL of items 2.1 through 2.5 are met."
 *   "The member must meet criteria 1 through 6."
 *
 * The reader compares the count with the items it built for each path (read-policy.ts): a path with
 * fewer lost some in reading (a grid whose rows ran together, an item wrapped into the one above) and
 * is never approved on what is left. Sentences about continuation / renewal are not counted; a policy
 * that announces different counts in different sentences (one per indication) gives none.
 */
import type { DocLine } from "../text/lines";

const LABEL = String.raw`[A-Z]?\d{1,2}(?:\.\d{1,2})?`;
/** "C1, C2, C3, C4 and C5 are (ALL) met" */
const LABEL_LIST = new RegExp(
  String.raw`\b(${LABEL}(?:\s*,\s*${LABEL})+,?\s*(?:and|&)\s*${LABEL})\s+(?:are|must (?:all )?be|have been)\s+(?:all\s+)?(?:met|satisfied|documented)\b`,
  "i",
);
/** "ALL of items 2.1 through 2.5", "criteria 1 through 6", "items A1-A4" */
const LABEL_RANGE = new RegExp(
  String.raw`\b(?:all\s+(?:of\s+)?(?:the\s+)?|meet\s+(?:all\s+(?:of\s+)?)?)(?:items?|criteria|criterion|requirements?)\s+([A-Z]?)(\d{1,2})(?:\.(\d{1,2}))?\s*(?:through|thru|to|-|–)\s*([A-Z]?)(\d{1,2})(?:\.(\d{1,2}))?\b`,
  "i",
);
const CONTINUATION = /\b(?:continu\w*|renew\w*|re-?authori[sz]\w*|recertif\w*)\b/i;

/** the number of labels a "through" range names, or null when it is not one run of labels */
function rangeCount(m: RegExpExecArray): number | null {
  const [, p1, a1, b1, p2, a2, b2] = m;
  if ((p1 || "").toUpperCase() !== (p2 || "").toUpperCase()) return null;
  if (b1 != null || b2 != null) {
    if (b1 == null || b2 == null || a1 !== a2) return null;
    const n = Number(b2) - Number(b1) + 1;
    return n >= 2 && n <= 20 ? n : null;
  }
  const n = Number(a2) - Number(a1) + 1;
  return n >= 2 && n <= 20 ? n : null;
}

/**
 * The item count the policy announces for every initial request (see the module comment), with the
 * line that announces it; null when none is announced or the announcements disagree.
 * @param lines the policy's lines in reading order
 */
export function announcedItemCount(lines: DocLine[]): { count: number; line: DocLine } | null {
  const found: { count: number; line: DocLine }[] = [];
  for (let i = 0; i < lines.length; i++) {
    // a sentence may wrap onto the next line
    const text = `${lines[i].text} ${lines[i + 1]?.page === lines[i].page ? lines[i + 1].text : ""}`;
    const list = LABEL_LIST.exec(text);
    const range = LABEL_RANGE.exec(text);
    const at = list?.index ?? range?.index;
    if (at == null || at >= lines[i].text.length) continue;
    const sentence = text.slice(Math.max(0, text.lastIndexOf(".", at) + 1), text.indexOf(".", at) < 0 ? undefined : text.indexOf(".", at));
    if (CONTINUATION.test(sentence)) continue;
    const count = list ? list[1].split(/\s*(?:,|\band\b|&)\s*/i).filter((s) => s.trim()).length : rangeCount(range!);
    if (count && count >= 2) found.push({ count, line: lines[i] });
  }
  if (!found.length) return null;
  return found.every((f) => f.count === found[0].count) ? found[0] : null;
}
