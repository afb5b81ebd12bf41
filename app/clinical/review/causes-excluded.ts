/**
 * Requirements that other causes of a condition have been excluded, with the causes given as examples
 * ("Other known causes of interstitial lung disease have been ruled out (for example, domestic and
 * occupational environmental exposures, connective tissue disease, drug toxicity)"). A record writes
 * each cause's exclusion in its own words: "Exposures reviewed: ...; no birds, mold or asbestos",
 * "CTD serologies negative", "no amiodarone / nitrofurantoin", or one list ("Exposures, CTD serologies
 * and drug history negative at diagnosis"). The requirement is met only when EVERY cause category the
 * policy names is shown excluded in an affirmed statement; a category the reader does not know leaves
 * the requirement to the caller (null). Only ever met here.
 *
 * Source: ATS/ERS/JRS/ALAT 2022 IPF guideline (exclusion of known causes: exposures, connective tissue
 * disease, drugs) — the commonest such criterion.
 */
import type { Citation } from "../contracts";
import { quote, type CaseIndex } from "../evidence/case-index";

const REQUIREMENT_RE = /\bother (?:known |possible |potential |alternative )?(?:causes|etiologies|aetiologies)\b[^.]{0,80}?\b(?:excluded|ruled out)\b/i;
/** words that say a cause was looked for and not found */
const CLEARED = String.raw`(?:negative|excluded|ruled out|unremarkable|none|not identified|no\b)`;

interface Category {
  name: string;
  /** the policy names it */
  policy: RegExp;
  /** the record shows it excluded */
  record: RegExp[];
}
const CATEGORIES: Category[] = [
  {
    name: "exposures",
    policy: /\bexposures?\b|\boccupational\b|\benvironmental\b/i,
    record: [new RegExp(String.raw`\bexposures?\b[^.]{0,80}?${CLEARED}`, "i"), /\bno (?:occupational|environmental|domestic)\b[^.]{0,20}\bexposures?\b/i],
  },
  {
    name: "connective tissue disease",
    policy: /\bconnective tissue\b|\bctd\b/i,
    record: [
      new RegExp(String.raw`\b(?:ctd|connective tissue(?: disease)?)\b[^.]{0,60}?${CLEARED}`, "i"),
      /\b(?:no|negative for)\b[^.]{0,20}\b(?:ctd|connective tissue)\b/i,
    ],
  },
  {
    name: "drugs",
    policy: /\bdrugs?\b|\bmedications?\b/i,
    record: [
      new RegExp(String.raw`\b(?:drug|medication)s?(?: history| exposures?| review)?\b[^.]{0,60}?${CLEARED}`, "i"),
      /\bno (?:fibrogenic|pneumotoxic|offending|causative) (?:drugs?|medications?)\b/i,
    ],
  },
];

/** the cause categories a requirement names, or null when it is no such requirement or names one the reader does not know */
export function causeCategories(text: string): Category[] | null {
  const m = REQUIREMENT_RE.exec(text);
  if (!m) return null;
  const examples = /\(([^)]*)\)/.exec(text.slice(m.index))?.[1] ?? "";
  if (!examples) return null;
  const named = CATEGORIES.filter((c) => c.policy.test(examples));
  // every comma-separated example must belong to a known category
  const parts = examples
    .replace(/^\s*(?:for example|e\.g\.|such as|including)[,:]?\s*/i, "")
    .split(/[,;]/)
    .map((p) => p.trim())
    .filter((p) => p.length > 2);
  if (!named.length || parts.some((p) => !CATEGORIES.some((c) => c.policy.test(p)))) return null;
  return named;
}

/**
 * Judges a causes-excluded requirement (see the module comment): met, quoted, when every category is
 * shown excluded; null otherwise.
 */
export function judgeCausesExcluded(text: string, idx: CaseIndex, knownDrugs: string[]): { outcome: "met"; reason: string; citations: Citation[] } | null {
  const cats = causeCategories(text);
  if (!cats) return null;
  // "no amiodarone / nitrofurantoin": a named drug stated absent clears the drug cause
  const names = knownDrugs.filter((n) => n.length >= 5).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const noDrug = names.length ? new RegExp(String.raw`\bno (?:${names.join("|")})\b`, "i") : null;
  const cites: Citation[] = [];
  for (const c of cats) {
    let hit: Citation | null = null;
    for (const line of idx.lines) {
      if (/\?/.test(line.text)) continue;
      // the statement read through the line it wraps onto ("... Exposures,\nCTD serologies and drug history negative")
      const next = idx.lines[line.index + 1];
      const text = next && next.page === line.page ? `${line.text} ${next.text}` : line.text;
      for (const re of c.name === "drugs" && noDrug ? [...c.record, noDrug] : c.record) {
        const m = re.exec(text);
        if (m && m.index < line.text.length) {
          hit = quote(idx, line, m.index, Math.min(line.text.length, m.index + m[0].length));
          break;
        }
      }
      if (hit) break;
    }
    if (!hit) return null;
    cites.push(hit);
  }
  return {
    outcome: "met",
    reason: `The request shows each cause the policy names excluded (${cats.map((c) => c.name).join(", ")}).`,
    citations: cites.filter((c, i) => cites.findIndex((x) => x.text === c.text) === i).slice(0, 3),
  };
}
