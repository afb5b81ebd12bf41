/**
 * A "does not have X" requirement met by the request stating X absent ("No history of short QT; ECG
 * QTc 418 ms", "denies X", "negative for X", "without X"): the condition's distinctive words (its
 * hereditary / generic qualifiers — "familial", "syndrome", "history" — set aside, and a short
 * abbreviation the policy writes in capitals, "QT", kept) written together in one sentence under a
 * negation, and nowhere affirmed. A form question ("Familial short QT syndrome?") whose answer is only
 * a mark is neither an affirmation nor a denial. Null when the absence is not stated this way (the
 * requirement is then read as before): this never fails a requirement.
 */
import type { Citation } from "../contracts";
import { citeLine } from "../text/lines";
import type { CaseIndex } from "./case-index";
import { isNegated, NEG_AFTER, PENDING } from "../vocabulary/language";
import { escapeRegex } from "../vocabulary/conditions";

const ABSENCE_HEAD =
  /\b(?:does not have|do not have|has no|have no|no (?:history|evidence|diagnosis) of|without (?:a |an |any )?(?:history of |known )?|free of|absence of|is not diagnosed with)\s+(?:a |an |any |known )?/i;
const SET_ASIDE = new Set(
  "familial congenital hereditary inherited known active current history prior diagnosis syndrome disease disorder condition the and with any".split(" "),
);

/** The distinctive words of the condition a "does not have X" sentence names, or null. */
export function absentConditionWords(text: string): string[] | null {
  const own = text.replace(/\([^)]*\)/g, " ").split(/(?<=[.;])\s+/)[0];
  const m = ABSENCE_HEAD.exec(own);
  if (!m) return null;
  const phrase = own.slice(m.index + m[0].length).split(/[,;.:]|\s(?:or|and|unless|except|who|which|that)\s/)[0];
  // a pointer to a list ("any condition listed below", "the following", "other contraindications") names nothing
  if (/\b(?:listed|following|below|above|these|those|other|another|such)\b/i.test(phrase)) return null;
  const toks = phrase.match(/[A-Za-z][A-Za-z0-9-]*/g) ?? [];
  if (!toks.length || toks.length > 6) return null;
  const words = toks.filter((w) => (w.length >= 3 || /^[A-Z0-9]{2}$/.test(w)) && !SET_ASIDE.has(w.toLowerCase())).map((w) => w.toLowerCase());
  if (!words.length || (words.length === 1 && words[0].length < 5)) return null;
  return [...new Set(words)];
}

/** The absence judged on the fax (see the module comment). */
export function absenceStated(idx: CaseIndex, words: string[]): { reason: string; citations: Citation[] } | null {
  const res = words.map((w) => new RegExp(`\\b${escapeRegex(w)}(?:s|es)?\\b`, "i"));
  let denied: { line: CaseIndex["lines"][number]; text: string } | null = null;
  for (const line of idx.lines) {
    const next = idx.lines[line.index + 1];
    const joined = `${line.lower} ${next && next.page === line.page ? next.lower : ""}`;
    // sentences that start on this line
    let start = 0;
    for (const part of joined.split(/(?<=[.;!?])\s+/)) {
      const at = joined.indexOf(part, start);
      start = at + part.length;
      if (at >= line.lower.length) break;
      if (!res.every((r) => r.test(part))) continue;
      const first = Math.min(...res.map((r) => r.exec(part)!.index));
      const question = /\?/.test(part.slice(first)) && !/\?\s*.*\b(?:yes|y)\b/i.test(part.slice(first));
      // a pending work-up ("short QT evaluation pending") states nothing either way
      if (question || PENDING.test(part)) continue;
      const negated = isNegated(part, first) || NEG_AFTER.test(part.slice(first));
      if (!negated) return null;
      denied ??= { line, text: part.trim() };
    }
  }
  if (!denied) return null;
  return {
    reason: `The request states it absent ("${denied.text.slice(0, 120)}").`,
    citations: [citeLine(idx.doc, idx.documentName, denied.line)],
  };
}
