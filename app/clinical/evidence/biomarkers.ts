/**
 * Tumour and genetic marker status: what a policy requires ("hormone receptor (HR)-positive AND
 * HER2-negative", "EGFR exon 19 deletion or L858R mutation-positive", "HER2-positive breast cancer"
 * as an exclusion) and what the fax shows ("HR+/HER2-", "ER+/PR+, HER2 2+ with ISH not amplified",
 * "Estrogen receptor (ER) Positive, 90%", "EGFR: wild-type").
 *
 * Status is read only where it is written beside the marker's own name; a score that is neither
 * positive nor negative ("HER2 2+ (equivocal)") shows nothing. Hormone-receptor positive is shown by
 * ER or PR positive; hormone-receptor negative only by "HR-negative" or both ER and PR negative
 * (ASCO/CAP ER/PR testing guideline: HR-positive means ER and/or PR positive).
 */
import type { Citation } from "../contracts";
import { quote, type CaseIndex } from "./case-index";

export type MarkerStatus = "positive" | "negative";

interface Marker {
  name: string;
  /** regex sources of the marker's names as written in policies and reports */
  aliases: string[];
}

const MARKERS: Marker[] = [
  { name: "HR", aliases: ["hormone[- ]receptors?(?:\\s*\\(HR\\))?", "HR"] },
  { name: "ER", aliases: ["estrogen[- ]receptors?(?:\\s*\\(ER\\))?", "oestrogen[- ]receptors?", "ER"] },
  { name: "PR", aliases: ["progesterone[- ]receptors?(?:\\s*\\(PR\\))?", "PR", "PgR"] },
  { name: "HER2", aliases: ["human epidermal growth factor receptor 2(?:\\s*\\(HER2\\))?", "HER-?2(?:/neu)?", "ERBB2"] },
  { name: "EGFR", aliases: ["EGFR"] },
  { name: "ALK", aliases: ["ALK"] },
  { name: "ROS1", aliases: ["ROS-?1"] },
  { name: "BRAF", aliases: ["BRAF(?:\\s*V600E?)?"] },
  { name: "KRAS", aliases: ["KRAS(?:\\s*G12C)?"] },
  { name: "BRCA", aliases: ["g?BRCA(?:1|2|1/2)?"] },
  { name: "PD-L1", aliases: ["PD-?L1"] },
  { name: "MSI-H/dMMR", aliases: ["MSI-H", "dMMR"] },
  { name: "FLT3", aliases: ["FLT-?3"] },
  { name: "IDH1", aliases: ["IDH-?1"] },
  { name: "IDH2", aliases: ["IDH-?2"] },
  { name: "NTRK", aliases: ["NTRK(?:\\s*gene)?(?:\\s*fusion)?"] },
  { name: "Ph", aliases: ["Philadelphia chromosome", "Ph", "BCR-?ABL1?"] },
  { name: "PIK3CA", aliases: ["PIK3CA"] },
  { name: "ESR1", aliases: ["ESR1"] },
];

const POS = String.raw`positive|pos\b|mutated|mutation[- ]positive|mutant|amplified|overexpress(?:ed|ing|ion)|detected|fusion[- ]positive|rearranged`;
const NEG = String.raw`negative|neg\b|wild[- ]?type|not amplified|non-?amplified|not detected|no mutation|unamplified`;
/**
 * the status written right after a marker's name: a sign touching it ("ER+", "HER2-", never "HR - 72"),
 * or a word ("HER2-negative", "HER2 (dual-probe ISH) NOT amplified", "EGFR: wild-type")
 */
const STATUS_AFTER = new RegExp(
  String.raw`^(?:([+\-−])(?![a-z0-9])|[- ]?(?:\s*\((?:IHC|ISH|FISH|NGS|PCR|dual-probe ISH)\))?\s*(?:status|expression|testing|result|mutation)?\s*[:=]?\s*(?:is\s+)?(${NEG}|${POS})\b)`,
  "i",
);
const statusWord = (s: RegExpExecArray) => s[1] ?? s[2];

const aliasRe = (m: Marker) => new RegExp(String.raw`(?<![A-Za-z0-9])(?:${m.aliases.join("|")})(?![A-Za-z0-9])`, "g");
const statusOf = (word: string): MarkerStatus => (new RegExp(`^(?:${NEG}|-|−)$`, "i").test(word.trim()) ? "negative" : "positive");

export interface MarkerRequirement {
  marker: string;
  status: MarkerStatus;
}

/**
 * The marker statuses a policy sentence requires or names, in order ("HR-positive … AND HER2-negative"
 * → HR positive, HER2 negative). Definitions in brackets ("[ER and/or PR positive, defined as …]")
 * are not requirements of their own. Empty when the sentence names no marker status.
 */
export function markerRequirements(text: string): MarkerRequirement[] {
  const t = text.replace(/\[[^\]]*\]/g, " ").replace(/\((?:[^()]*\s){3,}[^()]*\)/g, " ");
  const out: (MarkerRequirement & { at: number })[] = [];
  for (const m of MARKERS) {
    const re = aliasRe(m);
    let x: RegExpExecArray | null;
    while ((x = re.exec(t))) {
      const s = STATUS_AFTER.exec(t.slice(x.index + x[0].length, x.index + x[0].length + 40));
      if (s && !out.some((o) => o.marker === m.name)) out.push({ marker: m.name, status: statusOf(statusWord(s)), at: x.index });
    }
  }
  return out.sort((a, b) => a.at - b.at).map(({ marker, status }) => ({ marker, status }));
}

export interface MarkerFinding {
  status: MarkerStatus;
  citation: Citation;
}

/** Every status of `marker` written in the fax beside its name (see the module comment). */
export function markerFindings(idx: CaseIndex, marker: string): MarkerFinding[] {
  const m = MARKERS.find((x) => x.name === marker);
  if (!m) return [];
  const out: MarkerFinding[] = [];
  for (const line of idx.lines) {
    const re = aliasRe(m);
    let x: RegExpExecArray | null;
    while ((x = re.exec(line.text))) {
      const end = x.index + x[0].length;
      // "HER2 2+ with ISH not amplified": a score, then the result that settles it
      const after = line.text.slice(end, end + 60);
      let s = STATUS_AFTER.exec(after);
      // (the score alone, "HER2 2+", is no status: the sign after a digit never touches the name)
      if (!s && marker === "HER2")
        s = /^\s*(?:\(IHC\)\s*)?[0-3]\+?\s*(?:\([^)]*\)\s*)?(?:with|by|on)\s+(?:ISH|FISH)\s+()(not amplified|non-?amplified|amplified|negative|positive)/i.exec(
          after,
        );
      if (!s && marker === "HER2") {
        const score = her2Score(after);
        if (score) out.push({ status: score.status, citation: quote(idx, line, x.index, end + score.end) });
        continue;
      }
      if (!s) continue;
      out.push({ status: statusOf(s[1] || s[2]), citation: quote(idx, line, x.index, end + s.index + s[0].length) });
    }
  }
  if (marker === "HR" && !out.length) {
    const er = markerFindings(idx, "ER");
    const pr = markerFindings(idx, "PR");
    const pos = [...er, ...pr].filter((f) => f.status === "positive");
    if (pos.length) return pos;
    const erNeg = er.find((f) => f.status === "negative");
    const prNeg = pr.find((f) => f.status === "negative");
    if (erNeg && prNeg && !er.some((f) => f.status === "positive") && !pr.some((f) => f.status === "positive")) return [erNeg, prNeg];
  }
  return out;
}

/**
 * An IHC score written right after "HER2" ("HER2 (IHC 4B5) 0", "HER2 IHC 1+", "HER2: 3+"): 0 and 1+
 * are HER2-negative, 3+ is HER2-positive (ASCO/CAP 2023 HER2 testing guideline); 2+ is equivocal and
 * shows nothing without an ISH result, nor does a range ("1+ to 2+"). Null when no such score.
 */
function her2Score(after: string): { status: MarkerStatus; end: number } | null {
  const m =
    /^\s*(?:\((?:IHC|immunohistochemistry)\b[^)]{0,20}\)\s*)?(?:(?:by\s+)?IHC\b\s*)?(?:score\s*)?[:=]?\s*(0|1\+|3\+)(?![\d.+]|\s*(?:-|–|to|or)\s*\d)/i.exec(
      after,
    );
  if (!m) return null;
  const end = m.index + m[0].length;
  // an equivocal word or a 2+ beside it, or an ISH result after it (which would settle it), leaves it to the rest
  if (/\b(?:equivocal|2\+)/i.test(after.slice(end, end + 30).split(/[;.]/)[0]) || /\b(?:f?ish|amplif\w*|cish|sish)\b/i.test(after.slice(end))) return null;
  return { status: m[1] === "3+" ? "positive" : "negative", end };
}

export interface MarkerJudgement {
  outcome: "met" | "not_met" | "insufficient";
  reason: string;
  citations: Citation[];
}

/**
 * Whether the fax shows `req`: met when it shows the required status and never the other, not met
 * when it shows only the other, insufficient when it shows both or neither.
 */
export function judgeMarker(idx: CaseIndex, req: MarkerRequirement): MarkerJudgement {
  const found = markerFindings(idx, req.marker);
  const same = found.filter((f) => f.status === req.status);
  const other = found.filter((f) => f.status !== req.status);
  const want = `${req.marker}-${req.status}`;
  if (same.length && !other.length) return { outcome: "met", reason: `${want} is documented.`, citations: [same[0].citation] };
  if (other.length && !same.length)
    return {
      outcome: "not_met",
      reason: `The request documents ${req.marker}-${other[0].status}; the policy requires ${want}.`,
      citations: [other[0].citation],
    };
  if (same.length)
    return {
      outcome: "insufficient",
      reason: `${req.marker} status is documented both ways; a reviewer should confirm ${want}.`,
      citations: [same[0].citation, other[0].citation],
    };
  return { outcome: "insufficient", reason: `${req.marker} status is not documented; the policy requires ${want}.`, citations: [] };
}

/** A star-allele genotype: gene and its two alleles ("CYP2C9*3/*3", "CYP2D6 *4/*4"), alleles in order. */
export interface Genotype {
  gene: string;
  alleles: [string, string];
}

const GENOTYPE_RE = /\b([A-Z][A-Z0-9]{2,7})\s*(?:genotype|alleles?|status)?\s*[:=]?\s*(\*\d{1,3}[A-Z]?)\s*\/\s*(\*\d{1,3}[A-Z]?)/g;
const sorted = (a: string, b: string): [string, string] => (a <= b ? [a, b] : [b, a]);

/** Every star-allele genotype written in `text`. */
export function genotypesIn(text: string): (Genotype & { index: number; length: number })[] {
  return [...text.matchAll(GENOTYPE_RE)].map((m) => ({
    gene: m[1].toUpperCase(),
    alleles: sorted(m[2].toUpperCase(), m[3].toUpperCase()),
    index: m.index,
    length: m[0].length,
  }));
}

/**
 * Whether the fax shows `want` (a genotype a policy names): met when the gene's genotype written in
 * the fax is that one, not met when every genotype written for the gene is another, insufficient
 * when none is written (or both). Source of the notation: PharmVar star-allele nomenclature.
 */
export function judgeGenotype(idx: CaseIndex, want: Genotype): MarkerJudgement {
  const same: Citation[] = [];
  const other: { g: string; c: Citation }[] = [];
  for (const line of idx.lines)
    for (const g of genotypesIn(line.text)) {
      if (g.gene !== want.gene) continue;
      const c = quote(idx, line, g.index, g.index + g.length);
      if (g.alleles[0] === want.alleles[0] && g.alleles[1] === want.alleles[1]) same.push(c);
      else other.push({ g: g.alleles.join("/"), c });
    }
  const name = `${want.gene} ${want.alleles.join("/")}`;
  if (same.length && !other.length) return { outcome: "met", reason: `${name} is documented.`, citations: [same[0]] };
  if (other.length && !same.length)
    return { outcome: "not_met", reason: `The request documents ${want.gene} ${other[0].g}, not ${want.alleles.join("/")}.`, citations: [other[0].c] };
  if (same.length) return { outcome: "insufficient", reason: `${want.gene} is documented with more than one genotype.`, citations: [same[0], other[0].c] };
  return { outcome: "insufficient", reason: `No ${want.gene} genotype in the request (${name} must be ruled in or out).`, citations: [] };
}

/** A gene's protein-level variant a policy names ("KRAS G12C", "BRAF V600E", "EGFR L858R"). */
export interface GeneVariant {
  gene: string;
  /** one-letter protein change, upper case: "G12C" */
  change: string;
}

/** "KRAS G12C", "KRAS p.G12C", "BRAF V600E" (the change: reference residue, position, new residue) */
const VARIANT_RE =
  /\b(KRAS|NRAS|HRAS|BRAF|EGFR|ERBB2|HER2|PIK3CA|IDH1|IDH2|FLT3|KIT|MET|ESR1|AKT1|JAK2)\s*(?:gene\s+)?(?:mutation\s+)?(?:p\.)?([ACDEFGHIKLMNPQRSTVWY]\d{1,4}[ACDEFGHIKLMNPQRSTVWY])\b/i;
/** a variant written in a report line: "p.G12D", "G12D" */
const ANY_CHANGE_RE = /\b(?:p\.)?([ACDEFGHIKLMNPQRSTVWY]\d{1,4}[ACDEFGHIKLMNPQRSTVWY])\b/g;
/** a result line's statement that a variant is absent or still to come */
const ABSENT_NEAR_RE = /\b(?:not detected|negative|absent|wild[- ]?type|none detected|no (?:mutation|variant)s?)\b/i;
const PENDING_NEAR_RE = /\b(?:pending|ordered|in progress|sent out|awaiting|to follow)\b/i;

/** The protein variant a requirement names, or null. */
export function geneVariantIn(text: string): GeneVariant | null {
  const m = VARIANT_RE.exec(text);
  return m ? { gene: m[1].toUpperCase() === "HER2" ? "ERBB2" : m[1].toUpperCase(), change: m[2].toUpperCase() } : null;
}

/**
 * Whether the fax shows `want` (a gene's protein variant a policy requires): met when a line naming
 * the gene writes that change and does not call it absent; not met when the lines naming the gene
 * write only other changes of it, none absent-marked ("KRAS p.G12D detected" against a G12C
 * requirement; a line naming the gene without any change does not outweigh them); insufficient when
 * the gene's result is pending, or it is written without a change
 * ("KRAS-mutated"), or the change is marked absent with no other result. Source of the notation:
 * HGVS protein nomenclature (one-letter amino-acid codes).
 */
export function judgeGeneVariant(idx: CaseIndex, want: GeneVariant): MarkerJudgement {
  const gene = new RegExp(`\\b${want.gene === "ERBB2" ? "(?:ERBB2|HER2)" : want.gene}\\b`, "i");
  const same: Citation[] = [];
  const absent: Citation[] = [];
  const other: { change: string; c: Citation }[] = [];
  const bare: Citation[] = [];
  let pending: Citation | null = null;
  for (const line of idx.lines) {
    const g = gene.exec(line.text);
    if (!g) continue;
    // the gene's own stretch of the line (a panel line may name several genes)
    const rest = line.text.slice(g.index);
    const next = /\b(?:KRAS|NRAS|HRAS|BRAF|EGFR|ERBB2|HER2|PIK3CA|IDH1|IDH2|FLT3|KIT|MET|ESR1|AKT1|JAK2|ALK|ROS1|RET|NTRK\d?)\b/i.exec(
      rest.slice(want.gene.length),
    );
    const own = next ? rest.slice(0, want.gene.length + next.index) : rest;
    const c = quote(idx, line, g.index, g.index + Math.min(own.length, 120));
    if (PENDING_NEAR_RE.test(own)) {
      pending ??= c;
      continue;
    }
    const changes = [...own.matchAll(ANY_CHANGE_RE)].map((m) => m[1].toUpperCase());
    const others = changes.filter((x) => x !== want.change);
    if (changes.includes(want.change) && !ABSENT_NEAR_RE.test(own)) same.push(c);
    // ("KRAS p.G12D detected; G12C not detected": the wanted change ruled out beside another one found)
    else if (changes.includes(want.change)) {
      absent.push(c);
      if (others.length) other.push({ change: others[0], c });
    } else if (others.length && !ABSENT_NEAR_RE.test(own)) other.push({ change: others[0], c });
    else bare.push(c);
  }
  const name = `${want.gene} ${want.change}`;
  if (same.length) return { outcome: "met", reason: `${name} is documented.`, citations: [same[0]] };
  if (pending) return { outcome: "insufficient", reason: `The ${want.gene} result is pending; the policy requires ${name}.`, citations: [pending] };
  // (a line naming the gene without a change — "KRAS-mutated" in a letter — says less than the report's change)
  if (other.length)
    return { outcome: "not_met", reason: `The request documents ${want.gene} ${other[0].change}, not ${want.change}.`, citations: [other[0].c] };
  return {
    outcome: "insufficient",
    reason:
      other.length || bare.length || absent.length
        ? `The ${want.gene} result does not state ${want.change} clearly.`
        : `No ${want.gene} result in the request (${name}).`,
    citations: [...other.map((o) => o.c), ...bare, ...absent].slice(0, 2),
  };
}
