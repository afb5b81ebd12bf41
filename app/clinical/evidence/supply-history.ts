/**
 * When a supply item was furnished before, from the request: a supply history or delivery log row
 * that opens with its date and names the item's HCPCS code ("07/20/2026 A7035 Headgear 1" under
 * "Supplies furnished"), and mentions of a lost, stolen or damaged item (the usual exception to a
 * replacement interval). Pure functions of the case index.
 */
import type { Citation } from "../contracts";
import { findDates } from "../codes/dates";
import { quote, type CaseIndex } from "./case-index";

export interface Furnishing {
  /** YYYY-MM-DD */
  date: string;
  units: number;
  citation: Citation;
}

/** a heading or row that says the items were furnished (not ordered, due or denied) */
const FURNISHED_RE =
  /\b(?:furnished|dispensed|deliver(?:ed|y|ies)|supplied|suppl(?:y|ies)\s+(?:[a-z]+\s+)?history|resupply|shipped|shipments?|replacement\s+history)\b/i;
/** a row about a future, refused or undone supply: never an earlier furnishing */
const NOT_FURNISHED_RE = /\b(?:next|due|eligible|ordered|order\s+date|scheduled|denied|returned|cancel+ed|back-?ordered|pending|requested)\b/i;
/** words of a lost, stolen or damaged item */
const LOSS_RE = /\b(?:lost|stolen|theft|damaged|destroyed|broken|cracked|torn|burned|burnt)\b/i;

/**
 * The earlier furnishings of `code` before `dos` (YYYY-MM-DD) the request documents: rows whose first
 * token is a full date before `dos` and which name `code` as a word, in a supply context (the row or
 * one of the 12 lines above it on the same page names a furnishing, FURNISHED_RE), and say nothing
 * of a future or refused supply (NOT_FURNISHED_RE). A row's units are its last number when that is a
 * whole number from 1 to 99 (the quantity column), else 1. One entry per date (the largest quantity).
 */
export function earlierFurnishings(idx: CaseIndex, code: string, dos: string): Furnishing[] {
  const byDate = new Map<string, Furnishing>();
  const codeRe = new RegExp(String.raw`(?:^|[^A-Z0-9])${code}(?![A-Z0-9])`, "i");
  for (const line of idx.lines) {
    const d = findDates(line.text)[0];
    if (!d || d.index > 2 || d.precision !== "day" || d.start >= dos) continue;
    const rest = line.text.slice(d.index + d.length);
    if (!codeRe.test(rest) || NOT_FURNISHED_RE.test(rest)) continue;
    const context =
      FURNISHED_RE.test(line.text) || idx.lines.slice(Math.max(0, line.index - 12), line.index).some((h) => h.page === line.page && FURNISHED_RE.test(h.text));
    if (!context) continue;
    const qty = /\b(\d{1,2})\s*$/.exec(rest);
    const units = qty && Number(qty[1]) >= 1 ? Number(qty[1]) : 1;
    const prev = byDate.get(d.start);
    if (!prev || prev.units < units) byDate.set(d.start, { date: d.start, units, citation: quote(idx, line) });
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** The first line of the request that speaks of a lost, stolen or damaged item, or null. */
export function lossMention(idx: CaseIndex): Citation | null {
  const line = idx.lines.find((l) => LOSS_RE.test(l.text));
  return line ? quote(idx, line) : null;
}

/** a heading over earlier procedures ("Prior radiofrequency ablations (right L4-5)", "Procedure history") */
const EARLIER_RE = /\b(?:prior|previous|earlier|past|history)\b/i;
/** a row about a procedure not yet done */
const NOT_DONE_RE = /\b(?:scheduled|planned|next|pending|requested|cancel+ed|declined)\b/i;

/**
 * The dates of earlier sessions of a procedure before `dos` (YYYY-MM-DD) and on or after `from`, as the
 * request documents them: rows whose first token is a full date and which either name one of `codes`
 * (a procedure or claims history listing codes), or are rows of a table (only dated rows and at most one
 * column header line between the row and its heading, same page) whose heading names earlier sessions
 * (EARLIER_RE) of the procedure (every word of one of
 * `names`, by stem: "Prior radiofrequency ablations"). Rows of a procedure not yet done are skipped.
 * `region`, when given, keeps only rows whose own text or heading names that spinal region
 * (`regionOf`); a row whose region is not named is left out (never counted on a guess). One entry
 * per date.
 */
export function earlierSessions(
  idx: CaseIndex,
  opts: {
    names: string[];
    codes: string[];
    dos: string;
    from: string;
    region?: string | null;
    regionOf?: (text: string) => string | null;
    listed: (code: string) => boolean;
  },
): { date: string; citation: Citation }[] {
  const byDate = new Map<string, { date: string; citation: Citation }>();
  const stems = opts.names.map((n) =>
    n.split(/\s+/).map((w) => new RegExp(String.raw`\b${w.slice(0, Math.max(4, w.length - 1)).replace(/[^a-z0-9-]/gi, "")}`, "i")),
  );
  const namesProcedure = (t: string) => stems.some((ws) => ws.every((re) => re.test(t)));
  for (const line of idx.lines) {
    const d = findDates(line.text)[0];
    if (!d || d.index > 2 || d.precision !== "day" || d.start >= opts.dos || d.start < opts.from) continue;
    const rest = line.text.slice(d.index + d.length);
    if (NOT_DONE_RE.test(rest)) continue;
    const coded = [...rest.matchAll(/\b(\d{4}[0-9FTU]|[A-V]\d{4})\b/g)].some((c) => opts.listed(c[1]));
    // the table's heading: up from the row over its other dated rows and a column header line, the
    // first other line — never a heading further up over prose (whose dated rows may be anything)
    let heading: (typeof idx.lines)[number] | null = null;
    if (!coded)
      for (let k = line.index - 1, headers = 0; k >= Math.max(0, line.index - 12); k--) {
        const h = idx.lines[k];
        if (h.page !== line.page) break;
        const dated = findDates(h.text).some((x) => x.index <= 2 && x.precision === "day");
        if (dated) continue;
        if (EARLIER_RE.test(h.text) && namesProcedure(h.text)) {
          heading = h;
          break;
        }
        // one column header ("Date Result Duration of relief"): short, no digits
        if (headers++ === 0 && !/\d/.test(h.text) && h.text.trim().split(/\s+/).length <= 6) continue;
        break;
      }
    if (!coded && !heading) continue;
    if (opts.region) {
      const r = opts.regionOf?.(rest) ?? (heading ? opts.regionOf?.(heading.text) : null) ?? null;
      if (r !== opts.region) continue;
    }
    if (!byDate.has(d.start)) byDate.set(d.start, { date: d.start, citation: quote(idx, line) });
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}
