/**
 * Frequency limits over a rolling window ("Thermal RFA is limited to a maximum of two (2) sessions
 * per rolling 12 months per spinal region"): the limit names a procedure, not codes; the policy names
 * the codes of that procedure elsewhere ("Report 64490-64495 for diagnostic MBB and 64633-64636 for
 * RFA") and spells out its abbreviation ("thermal radiofrequency ablation (RFA)"). The reader turns
 * such a sentence into a `session_limit` criterion with the procedure's codes, the words a record
 * uses for it, the maximum and the window, and — for a limit "per spinal region" — each code's
 * region from the policy's code table. The evaluator counts the sessions (review/evaluate.ts).
 * Pure functions of the policy text. Source: the policy's own limitation paragraph.
 */
import type { Criterion } from "../contracts";

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12 };
/** "<subject> is/are limited to a maximum of two (2) sessions per rolling 12 months [per spinal region]" */
const LIMIT_RE =
  /^(?:\d{1,2}[.)]\s+)?(.{2,60}?)\s+(?:is|are)\s+limited\s+to\s+(?:a\s+maximum\s+of\s+|no\s+more\s+than\s+|at\s+most\s+)?(?:(\d{1,2})|([a-z]+)(?:\s*\((\d{1,2})\))?)\s+(sessions?|procedures?|treatments?|injections?|services?)\s+(?:per|in\s+(?:any|a))\s+(?:rolling\s+)?(12|twelve)[- ]months?(?:\s+period)?\b(?:\s+per\s+([a-z ]{3,30}?))?(?=\s*[.(,;]|\s*$)/i;
/** a HCPCS/CPT code or range */
const CODE_RE = /\b(\d{4}[0-9FTU]|[A-V]\d{4})(?:\s*[-–]\s*(\d{4}[0-9FTU]|[A-V]\d{4}))?\b/g;
/** spinal regions: a limit "per spinal region" counts sessions of one region */
export const SPINE_REGIONS: [string, RegExp][] = [
  ["cervical/thoracic", /\b(?:cervical|thoracic|[CT]\d{1,2}(?:\s*[-–/]\s*[CT]?\d{1,2})?)\b/i],
  ["lumbar/sacral", /\b(?:lumbar|lumbosacral|sacral|[LS]\d(?:\s*[-–/]\s*[LS]?\d)?)\b/i],
];

/** The spinal region `text` names ("right L4-5" → "lumbar/sacral"), or null when it names none or both. */
export function spineRegionOf(text: string): string | null {
  const named = SPINE_REGIONS.filter(([, re]) => re.test(text)).map(([r]) => r);
  return named.length === 1 ? named[0] : null;
}

/** a code-table row: a CPT/HCPCS code opening the line */
const ROW_CODE_RE = /^(\d{4}[0-9FTU]|[A-V]\d{4})\b\s*(.*)$/;

/**
 * The spinal region of each code of a policy's code table (`rows`: the policy's lines as printed): a
 * row's description with the one line that continues it (a line opening with no code), read for one
 * region (spineRegionOf); a row whose description opens in lower case ("64494 second level") is an
 * indented CPT child code and shares its parent row's region, by the CPT convention that a child's
 * description completes the parent's text before its semicolon. Codes with no region read are left out.
 */
export function codeRegions(rows: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  let parent: string | null = null;
  for (let i = 0; i < rows.length; i++) {
    const m = ROW_CODE_RE.exec(rows[i].trim());
    if (!m) continue;
    const next = rows[i + 1]?.trim() ?? "";
    const continued = next && !ROW_CODE_RE.test(next) && /^[a-z(]/.test(next) ? ` ${next}` : "";
    const own = spineRegionOf(m[2] + continued);
    const child = /^[a-z]/.test(m[2]);
    if (!child) parent = own;
    const region = own ?? (child ? parent : null);
    if (region) out[m[1].toUpperCase()] = region;
  }
  return out;
}

function codesIn(text: string): string[] {
  return [...new Set([...text.matchAll(CODE_RE)].map((m) => (m[2] ? `${m[1]}-${m[2]}` : m[1]).toUpperCase()))];
}

/** a plural noun's singular ("blocks" → "block", "MBBs" → "mbb"; never "-ous", "-ss", "-is") */
const singular = (w: string) => w.replace(/(?<=[a-z]{2}[^siu])s$/i, "").toLowerCase();

/**
 * The `session_limit` criterion a limitation sentence states, or null when it is no such sentence or
 * the policy names no codes for its procedure. `policy` is the whole policy text (for the procedure's
 * codes: codes in the sentence itself, else "<codes> for <procedure>"; and for its spelled-out name:
 * "<name> (<ABBR>)"); `codeRows` the policy's code-table lines ("64635 lumbar or sacral, single facet
 * joint") for the codes' regions when the limit is per spinal region. A limit "per" anything else
 * (per side, per joint) is not read (null): the evaluator could not tell which sessions share it.
 */
export function sessionLimitOf(text: string, policy: string, codeRows: string[], passage: Criterion["passage"]): Criterion | null {
  const m = LIMIT_RE.exec(text.trim());
  if (!m) return null;
  const max = m[2] ? Number(m[2]) : m[4] ? Number(m[4]) : NUMBER_WORDS[(m[3] ?? "").toLowerCase()];
  if (!max) return null;
  const per = m[7]?.trim().toLowerCase() ?? null;
  if (per && !/^(?:spinal\s+)?region$/.test(per)) return null;
  const subject = m[1].trim();
  let codes = codesIn(subject);
  // the procedure's words: the subject's own words, and the spelled-out name of an abbreviation in it
  const abbrs = [...subject.matchAll(/\b([A-Z]{2,6})s?\b/g)].map((a) => a[1]);
  const names: string[] = [];
  for (const a of abbrs) {
    // "thermal radiofrequency ablation (RFA)", "facet joint procedures (medial branch blocks, MBB)"
    const def = new RegExp(String.raw`\b([a-z][a-z -]{3,60}?)\s*\(([a-z][a-z -]{3,40},\s*)?${a}\)`, "ig");
    for (const d of policy.matchAll(def)) {
      // each name's last two words ("thermal radiofrequency ablation" → "radiofrequency ablation")
      for (const n of [d[1], d[2]?.replace(/,\s*$/, "")]) {
        const words = n?.trim().split(/\s+/).slice(-2) ?? [];
        if (words.length) names.push(words.map(singular).join(" "));
      }
    }
  }
  if (!codes.length) {
    // "Report 64490-64495 for diagnostic MBB and 64633-64636 for RFA"
    const keys = [...abbrs, ...subject.split(/\s+/).filter((w) => w.length > 3)].map(singular);
    for (const r of policy.matchAll(/\b(\d{4}[0-9FTU](?:\s*[-–]\s*\d{4}[0-9FTU])?)\s+for\s+((?:[A-Za-z]+\s+){0,2}[A-Za-z]{2,20})\b/g)) {
      // the words after "for" up to the procedure's name: "for RFA once per level" → "RFA"
      const words = r[2].split(/\s+/).map(singular);
      const named = words.some((_, k) => {
        const phrase = words.slice(0, k + 1);
        return keys.includes(phrase[k]) && phrase.every((w) => keys.includes(w) || /^(?:the|a|an)$/.test(w));
      });
      if (named) codes.push(...codesIn(r[1]));
    }
    codes = [...new Set(codes)];
  }
  if (!codes.length || !names.length) return null;
  const regions = per ? codeRegions(codeRows) : {};
  return {
    kind: "session_limit",
    text: text.trim(),
    passage,
    confidence: "high",
    codes,
    max,
    window_months: 12,
    procedure: [...new Set(names)],
    per_region: !!per,
    regions,
  };
}
