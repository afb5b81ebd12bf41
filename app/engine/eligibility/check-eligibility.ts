/**
 * Member eligibility + formulary row lookup for an extracted case.
 *
 * A member is matched by member ID (tolerant to OCR confusions such as O/0, I/1, S/5, B/8) and must
 * be confirmed by last name, first name and birth date; the request date must fall inside the
 * member's coverage window (coverage_start ≤ request date ≤ coverage_end, open end when null).
 */
import type { CaseFacts, Citation, EligibilityResult, FormularyRow, RosterMember } from "../types";
import { lookupDrug } from "../dictionaries/drugs";
import { normalizeNdc } from "../extract/ids";

const CANON: Record<string, string> = { O: "0", D: "0", Q: "0", I: "1", L: "1", "|": "1", S: "5", B: "8", Z: "2", G: "6" };

/** Member ID in a canonical form where OCR-confusable characters compare equal. */
export function canonicalMemberId(id: string): string {
  return id.toUpperCase().replace(/[^A-Z0-9|]/g, "").replace(/[ODQIL|SBZG]/g, (c) => CANON[c] ?? c);
}

function lev(a: string, b: string): number {
  const dp = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) dp[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      dp[i][j] = Math.min(dp[i - 1][j] + 1, dp[i][j - 1] + 1, dp[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
  return dp[a.length][b.length];
}

function normName(s: string | null | undefined): string {
  return (s ?? "").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z]/g, "");
}

/** Names equal after normalisation, or within one OCR edit for names of 5+ letters. */
function nameMatches(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = normName(a);
  const y = normName(b);
  if (!x || !y) return false;
  if (x === y) return true;
  return Math.min(x.length, y.length) >= 5 && lev(x, y) <= 1;
}

export interface MemberMatch {
  member: RosterMember | null;
  /** "id" exact/OCR-canonical ID match; "id+identity" near-ID confirmed by name and DOB */
  /** "identity": no member ID could be read; exactly one roster member has the same full name and DOB */
  how: "id" | "id+identity" | "identity" | null;
  problems: string[];
}

/**
 * Finds the roster member for the extracted patient. The ID must match (exactly, or equal after
 * OCR canonicalisation, or — only when full name and DOB also match — within one character), and
 * name/DOB must confirm it; any disagreement is reported in `problems`.
 */
export function matchMember(facts: CaseFacts, roster: RosterMember[]): MemberMatch {
  const p = facts.patient;
  const id = p.member_id ? canonicalMemberId(p.member_id) : "";
  const identity = (m: RosterMember) => {
    const probs: string[] = [];
    if (!nameMatches(p.last_name, m.last_name)) probs.push(`last name on request "${p.last_name ?? "?"}" ≠ roster "${m.last_name}"`);
    if (!nameMatches(p.first_name, m.first_name) && !(normName(p.first_name).length >= 3 && normName(m.first_name).startsWith(normName(p.first_name))))
      probs.push(`first name on request "${p.first_name ?? "?"}" ≠ roster "${m.first_name}"`);
    if (!p.birth_date) probs.push("birth date not found on request");
    else if (p.birth_date !== m.birth_date) probs.push(`birth date on request ${p.birth_date} ≠ roster ${m.birth_date}`);
    return probs;
  };
  if (id) {
    const exact = roster.filter((m) => canonicalMemberId(m.member_id) === id);
    if (exact.length) {
      const scored = exact.map((m) => ({ m, probs: identity(m) })).sort((a, b) => a.probs.length - b.probs.length);
      return { member: scored[0].m, how: "id", problems: scored[0].probs };
    }
    const near = roster.filter((m) => lev(canonicalMemberId(m.member_id), id) <= 1 && identity(m).length === 0);
    if (near.length === 1) return { member: near[0], how: "id+identity", problems: [] };
  }
  if (!id && p.birth_date && p.last_name && p.first_name) {
    // the ID field was illegible/blank (scanned forms): a unique exact name + DOB match identifies the
    // member; an ID that was read but is not on the roster is never overridden this way
    const byIdentity = roster.filter((m) => identity(m).length === 0);
    if (byIdentity.length === 1) return { member: byIdentity[0], how: "identity", problems: [] };
  }
  return { member: null, how: null, problems: [id ? `member ID ${p.member_id} is not on the plan roster` : "no member ID found on the request"] };
}

/** Formulary row for the requested drug: by NDC (11-digit compare), else by drug / brand / generic name. */
export function matchFormulary(facts: CaseFacts, formulary: FormularyRow[]): FormularyRow | null {
  const med = facts.medication;
  const ndc = med.ndc ? normalizeNdc(med.ndc) : null;
  if (ndc) {
    const r = formulary.find((row) => row.ndc && normalizeNdc(row.ndc) === ndc);
    if (r) return r;
  }
  const names = [med.drug_name, med.drug_name_as_written, med.generic_name].filter((x): x is string => !!x);
  for (const n of names) {
    const r = formulary.find((row) => row.drug_name.toLowerCase() === n.toLowerCase());
    if (r) return r;
  }
  const generics = new Set(names.map((n) => lookupDrug(n)?.generic).filter(Boolean));
  return formulary.find((row) => generics.has(lookupDrug(row.drug_name)?.generic)) ?? null;
}

/**
 * Eligibility of the extracted request.
 *
 * @returns eligible=true when the member is on the roster (ID confirmed by name + DOB) and covered on
 *          facts.request_date; false when the ID is not on the roster, identity disagrees, or the
 *          date is outside coverage; null when it cannot be judged (no member ID and no name, or no
 *          request date). `formulary` is the matched row (or null); `reason` is reviewer-facing text.
 */
export function checkEligibility(facts: CaseFacts, roster: RosterMember[], formulary: FormularyRow[]): EligibilityResult {
  const row = matchFormulary(facts, formulary);
  const citations: Citation[] = [...facts.patient.citations];
  const dateNote = facts.notes.find((n) => /^Request date/.test(n.text));
  if (dateNote) citations.push(...dateNote.citations);
  const formNote = row ? ` Formulary: ${row.drug_name}${row.ndc ? ` (NDC ${row.ndc})` : ""}, tier ${row.tier ?? "?"}${row.requires_prior_auth ? ", PA required" : ""}.` : " Requested drug not found on the formulary.";
  const p = facts.patient;
  if (!p.member_id && !p.last_name) {
    return { eligible: null, member: null, reason: "Cannot determine eligibility: no member ID or patient name could be read from the request." + formNote, formulary: row, citations };
  }
  const match = matchMember(facts, roster);
  const who = `${p.first_name ?? "?"} ${p.last_name ?? "?"} (DOB ${p.birth_date ?? "?"}, ID ${p.member_id ?? "?"})`;
  if (!match.member) {
    return { eligible: false, member: null, reason: `Not eligible: ${match.problems.join("; ")}; no roster member matches ${who}.` + formNote, formulary: row, citations };
  }
  const m = match.member;
  if (match.problems.length) {
    return { eligible: false, member: m, reason: `Not eligible: member ID ${m.member_id} is on the roster but the identity does not match (${match.problems.join("; ")}).` + formNote, formulary: row, citations };
  }
  const d = facts.request_date;
  if (!d) {
    return { eligible: null, member: m, reason: `Member ${m.first_name} ${m.last_name} (${m.member_id}) found, but the request date could not be read, so coverage on that date cannot be confirmed (coverage ${m.coverage_start} to ${m.coverage_end ?? "open"}).` + formNote, formulary: row, citations };
  }
  if (d < m.coverage_start) {
    return { eligible: false, member: m, reason: `Not eligible: coverage for ${m.first_name} ${m.last_name} (${m.member_id}) starts ${m.coverage_start}, after the request date ${d}.` + formNote, formulary: row, citations };
  }
  if (m.coverage_end && d > m.coverage_end) {
    return { eligible: false, member: m, reason: `Not eligible: coverage for ${m.first_name} ${m.last_name} (${m.member_id}) ended ${m.coverage_end}, before the request date ${d}.` + formNote, formulary: row, citations };
  }
  const via =
    match.how === "id+identity"
      ? " (member ID read with one OCR difference; confirmed by name and date of birth)"
      : match.how === "identity"
        ? " (member ID not legible on the request; matched by full name and date of birth)"
        : "";
  return { eligible: true, member: m, reason: `Eligible: ${m.first_name} ${m.last_name} (${m.member_id}), DOB ${m.birth_date}, covered ${m.coverage_start} to ${m.coverage_end ?? "open"} on request date ${d}${via}.` + formNote, formulary: row, citations };
}
