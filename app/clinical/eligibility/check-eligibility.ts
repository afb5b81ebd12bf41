/**
 * Member eligibility and the formulary row of the requested drug.
 *
 * The member is found by ID (OCR-confusable characters compare equal; one character off only when
 * name and date of birth confirm it), or by full name and date of birth when no ID was read or the ID
 * read is not on the roster (a different ID shaped like the plan's leaves the identity unconfirmed:
 * needs more information, never "not covered").
 * Names tolerate one misread or mistyped letter. The request date must fall in the member's
 * coverage window.
 *
 * `certainty` "clear" marks an ineligibility the decision layer may deny on
 * (docs/clinical/decision-semantics.md): a positively identified member whose coverage is not in
 * force on a request date read from the fax (never a birth date), or an identity (ID, name and date
 * of birth, cleanly read) that no roster member has. Anything less is "uncertain": needs more
 * information, never a denial.
 */
import { addDays } from "../codes/dates";
import type { CaseFacts, Citation, EligibilityResult, FormularyRow, RosterMember } from "../contracts";
import { canonicalId, editDistance } from "../codes/ocr";
import { compareNames, normName } from "../codes/names";
import { ndcDigits } from "../codes/ndc";
import { lookupDrug } from "../vocabulary/drugs";

export interface MemberMatch {
  member: RosterMember | null;
  /** "id": ID (OCR-canonical) matches; "id+identity": one character off, confirmed by name and DOB; "identity": no ID read, name + DOB */
  how: "id" | "id+identity" | "identity" | null;
  problems: string[];
  /** name comparisons made, for the reason shown to the reviewer */
  notes: string[];
}

function identityProblems(facts: CaseFacts, m: RosterMember): { problems: string[]; notes: string[] } {
  const p = facts.patient;
  const problems: string[] = [];
  const notes: string[] = [];
  // OCR drops the space between words: "GeraldYount" read as one name, the other name empty
  const joined = p.first_name && p.last_name ? null : (p.last_name ?? p.first_name);
  if (joined) {
    const both = [`${m.first_name}${m.last_name}`, `${m.last_name}${m.first_name}`].map((n) => compareNames(joined, n));
    if (both.some((c) => c === "exact" || c === "close")) {
      notes.push(`name "${joined}" read as one word; matches roster "${m.first_name} ${m.last_name}" with the space lost`);
      if (!p.birth_date) problems.push("date of birth not found on the request");
      else if (p.birth_date !== m.birth_date) problems.push(`date of birth on the request ${p.birth_date} ≠ roster ${m.birth_date}`);
      return { problems, notes };
    }
  }
  const last = compareNames(p.last_name, m.last_name);
  const first = compareNames(p.first_name, m.first_name);
  if (last === "none") problems.push(`last name on the request "${p.last_name ?? "?"}" ≠ roster "${m.last_name}"`);
  else if (last !== "exact") notes.push(`last name "${p.last_name}" read as roster "${m.last_name}" (${last} match)`);
  if (first === "none") problems.push(`first name on the request "${p.first_name ?? "?"}" ≠ roster "${m.first_name}"`);
  else if (first !== "exact") notes.push(`first name "${p.first_name}" read as roster "${m.first_name}" (${first} match)`);
  if (!p.birth_date) problems.push("date of birth not found on the request");
  else if (p.birth_date !== m.birth_date) problems.push(`date of birth on the request ${p.birth_date} ≠ roster ${m.birth_date}`);
  return { problems, notes };
}

/**
 * The shape of an ID: letters → "A", digits → "9", characters OCR confuses between the two
 * (O/0, I/1, S/5, B/8, Z/2, G/6, D, Q, L) → "?". "MCD-123" → "AA?999".
 */
function idShape(id: string): string {
  return id
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .replace(/[ODQILSBZG0125168]/g, "?")
    .replace(/[A-Z]/g, "A")
    .replace(/[0-9]/g, "9");
}

/** Could an ID of shape `a` be one of shape `b` (same length, "?" matches either kind)? */
function sameShape(a: string, b: string): boolean {
  return a.length === b.length && [...a].every((c, i) => c === "?" || b[i] === "?" || c === b[i]);
}

/** Is `id` shaped like one of the plan's member IDs? */
function hasPlanIdShape(id: string, roster: RosterMember[]): boolean {
  const shape = idShape(id);
  return roster.some((m) => sameShape(shape, idShape(m.member_id)));
}

/** Finds the roster member for the extracted patient (see the module comment). */
export function matchMember(facts: CaseFacts, roster: RosterMember[]): MemberMatch {
  const p = facts.patient;
  const id = p.member_id ? canonicalId(p.member_id) : "";
  if (id) {
    const exact = roster.filter((m) => canonicalId(m.member_id) === id);
    if (exact.length) {
      const scored = exact.map((m) => ({ m, ...identityProblems(facts, m) })).sort((a, b) => a.problems.length - b.problems.length);
      return { member: scored[0].m, how: "id", problems: scored[0].problems, notes: scored[0].notes };
    }
    const near = roster.filter((m) => editDistance(canonicalId(m.member_id), id) <= 1 && identityProblems(facts, m).problems.length === 0);
    if (near.length === 1)
      return {
        member: near[0],
        how: "id+identity",
        problems: [],
        notes: [`member ID "${p.member_id}" read one character off roster ID ${near[0].member_id}`, ...identityProblems(facts, near[0]).notes],
      };
  }
  if (p.birth_date && p.last_name && p.first_name) {
    const byIdentity = roster.filter((m) => identityProblems(facts, m).problems.length === 0);
    if (byIdentity.length === 1) {
      const m = byIdentity[0];
      const notes = identityProblems(facts, m).notes;
      if (!id) return { member: m, how: "identity", problems: [], notes: ["no member ID could be read; matched by full name and date of birth", ...notes] };
      // An ID was read but is not on the roster while the full name and date of birth are. An ID that
      // does not even look like this plan's IDs is another number (a lab's patient ID, a chart MRN,
      // another payer's card): the member is identified. One shaped like the plan's IDs may be a
      // different member or a mistyped ID: the identity is not confirmed — never "not covered".
      if (!hasPlanIdShape(p.member_id!, roster)) {
        return {
          member: m,
          how: "identity",
          problems: [],
          notes: [
            `the ID read on the request ("${p.member_id}") is not shaped like this plan's member IDs; matched roster ID ${m.member_id} by full name and date of birth`,
            ...notes,
          ],
        };
      }
      return {
        member: m,
        how: "identity",
        problems: [
          `member ID on the request ${p.member_id} is not on the roster, while the full name and date of birth match the member with ID ${m.member_id}: confirm the member ID`,
        ],
        notes,
      };
    }
  }
  return { member: null, how: null, problems: [id ? `member ID ${p.member_id} is not on the plan roster` : "no member ID found on the request"], notes: [] };
}

/** Formulary row of the requested drug: by NDC (11 digits), else by name, brand or generic. */
export function matchFormulary(facts: CaseFacts, formulary: FormularyRow[]): FormularyRow | null {
  const med = facts.medication;
  const ndc = ndcDigits(med.ndc);
  if (ndc) {
    const r = formulary.find((row) => ndcDigits(row.ndc) === ndc);
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

/** "The requested drug (Humira 40 mg/0.4 mL, NDC 00074-0554-02)" as read from the request, for reasons. */
function requestedDrugPhrase(facts: CaseFacts): string {
  const med = facts.medication;
  const name = [med.drug_name, med.strength && !med.drug_name?.includes(med.strength) ? med.strength : null].filter(Boolean).join(" ");
  const parts = [name, med.ndc ? `NDC ${med.ndc}` : null].filter(Boolean);
  return parts.length ? `The requested drug (${parts.join(", ")})` : "The requested drug";
}

/**
 * Words of form captions that are never a person's name: a "Patient name | DoD Benefits Number"
 * caption row read as the name gives "DoD Number", which no roster can match.
 */
const CAPTION_WORD_RE =
  /^(?:number|no|num|name|names|date|birth|dob|id|identification|member|benefits?|patient|sponsor|policy|plan|group|subscriber|insured|enrollee|beneficiary|phone|address|dbn|mrn|dod|ssn|card|account|relationship|sex|gender)$/i;

/** True when a word of the read first or last name is a form caption word (see CAPTION_WORD_RE). */
function captionAsName(facts: CaseFacts): boolean {
  const words = `${facts.patient.first_name ?? ""} ${facts.patient.last_name ?? ""}`.split(/[\s,.]+/).filter(Boolean);
  return words.some((w) => CAPTION_WORD_RE.test(w));
}

/** The longest run of digits two IDs share ("TRL-4827365" and "10482736519" share "482736": 6). */
function sharedDigitRun(a: string, b: string): number {
  const x = a.replace(/\D/g, "");
  const y = b.replace(/\D/g, "");
  let best = 0;
  for (let i = 0; i < x.length; i++)
    for (let j = 0; j < y.length; j++) {
      let k = 0;
      while (i + k < x.length && j + k < y.length && x[i + k] === y[j + k]) k++;
      if (k > best) best = k;
    }
  return best;
}

/**
 * A roster member the request may well be about although nothing matched: the same date of birth
 * and an ID sharing a run of at least 5 digits with the one read, or a name that compares as the
 * same person's. Such a request is an identity to confirm, never "not covered".
 */
function rosterLookalike(facts: CaseFacts, roster: RosterMember[]): RosterMember | null {
  const p = facts.patient;
  if (!p.birth_date) return null;
  return (
    roster.find(
      (m) =>
        m.birth_date === p.birth_date &&
        ((p.member_id && sharedDigitRun(p.member_id, m.member_id) >= 5) ||
          (p.last_name && editDistance(normName(p.last_name), normName(m.last_name)) <= 2) ||
          (p.first_name && normName(p.first_name) === normName(m.first_name))),
    ) ?? null
  );
}

/**
 * Was the patient's identity read cleanly enough to call its absence from the roster certain? Every
 * part read, OCR confidence at least 0.8, a name that is not a form caption, an ID shaped like the
 * plan's own (another number — a lab's patient ID, a chart MRN — is not the member ID), and no
 * roster member with the same date of birth that the request may be about (rosterLookalike).
 */
function cleanlyRead(facts: CaseFacts, ocrConfidence: number, roster: RosterMember[]): boolean {
  const p = facts.patient;
  if (!(p.member_id && p.first_name && p.last_name && p.birth_date) || ocrConfidence < 0.8 || normName(p.last_name).length < 2) return false;
  if (captionAsName(facts)) return false;
  if (roster.length && !hasPlanIdShape(p.member_id, roster)) return false;
  return !rosterLookalike(facts, roster);
}

/**
 * Eligibility of the extracted request (see the module comment).
 * `ocrConfidence`: mean OCR confidence of the pages the identity was read from (1 for text layer).
 */
export function checkEligibility(
  facts: CaseFacts,
  roster: RosterMember[],
  formulary: FormularyRow[],
  opts: { ocrConfidence?: number; receivedDate?: string | null } = {},
): EligibilityResult {
  const row = matchFormulary(facts, formulary);
  const citations: Citation[] = [...facts.patient.citations];
  const dateNote = facts.notes.find((n) => /^Request date/.test(n.text));
  if (dateNote) citations.push(...dateNote.citations);
  const formNote = row
    ? ` Formulary: ${row.drug_name}${row.ndc ? ` (NDC ${row.ndc})` : ""}, tier ${row.tier ?? "?"}${row.requires_prior_auth ? ", PA required" : ""}.`
    : formulary.length
      ? ` ${requestedDrugPhrase(facts)} is not on the plan's formulary.`
      : " No formulary is on file for this plan, so the requested drug was not checked against one.";
  const p = facts.patient;
  const conf = opts.ocrConfidence ?? 1;
  const dateRead = !!facts.request_date && (facts.request_date_source ?? "form_date") !== "none";
  const base = { formulary: row, citations, formulary_known: formulary.length > 0 };
  if (!p.member_id && !p.last_name)
    return {
      eligible: null,
      member: null,
      reason: "Cannot determine eligibility: no member ID or patient name could be read from the request." + formNote,
      certainty: "uncertain",
      match: null,
      ...base,
    };
  const match = matchMember(facts, roster);
  const who = `${p.first_name ?? "?"} ${p.last_name ?? "?"} (DOB ${p.birth_date ?? "?"}, ID ${p.member_id ?? "?"})`;
  if (!match.member) {
    const clear = cleanlyRead(facts, conf, roster);
    return {
      eligible: clear ? false : null,
      member: null,
      reason: clear
        ? `Not eligible: ${match.problems.join("; ")}; no roster member matches ${who}.` + formNote
        : `Member not identified: ${match.problems.join("; ")} (${who}); the identity was not read cleanly enough to conclude the member is not covered.` +
          formNote,
      certainty: clear ? "clear" : "uncertain",
      match: null,
      ...base,
    };
  }
  const m = match.member;
  if (match.problems.length) {
    // the ID is on the roster but the person on the request is someone else: a different person
    // with a near-identical ID is not this member (clear only when everything was read cleanly)
    const clear = cleanlyRead(facts, conf, roster) && match.problems.some((x) => /date of birth on the request/.test(x));
    return {
      eligible: clear ? false : null,
      member: clear ? null : m,
      reason:
        `${clear ? "Not eligible" : "Identity not confirmed"}: member ID ${m.member_id} is on the roster but the identity does not match (${match.problems.join("; ")}).` +
        formNote,
      certainty: clear ? "clear" : "uncertain",
      match: match.how,
      ...base,
    };
  }
  const d = facts.request_date;
  // the request date was not written: coverage must hold from the latest documented date of care to
  // the date the plan received the request (or today), and a gap is for a reviewer, never a denial
  if (d && (facts.request_date_source === "latest_document" || facts.request_date_source === "received_date")) {
    const until = opts.receivedDate ?? null;
    // received_date: the request was sent on or before it; a coverage that began a year earlier covers it
    const from = facts.request_date_source === "received_date" ? addDays(d, -365) : d;
    const coveredFrom = from >= m.coverage_start;
    const coveredTo = !m.coverage_end || (until ? until <= m.coverage_end : false);
    if (coveredFrom && coveredTo)
      return {
        eligible: true,
        member: m,
        reason:
          `Eligible: ${m.first_name} ${m.last_name} (${m.member_id}), DOB ${m.birth_date}, covered ${m.coverage_start} to ${m.coverage_end ?? "open"}; the request carries no date, and coverage holds from ${facts.request_date_source === "received_date" ? `a year before its receipt (${from})` : `its latest documented date ${d}`}${until ? ` to its receipt on ${until}` : ""}.` +
          formNote,
        certainty: "clear",
        match: match.how,
        ...base,
      };
    return {
      eligible: null,
      member: m,
      reason:
        `Member ${m.first_name} ${m.last_name} (${m.member_id}) found, but the request carries no date and coverage (${m.coverage_start} to ${m.coverage_end ?? "open"}) cannot be confirmed for it.` +
        formNote,
      certainty: "uncertain",
      match: match.how,
      ...base,
    };
  }
  if (!d || !dateRead)
    return {
      eligible: null,
      member: m,
      reason:
        `Member ${m.first_name} ${m.last_name} (${m.member_id}) found, but the request date could not be read, so coverage on that date cannot be confirmed (coverage ${m.coverage_start} to ${m.coverage_end ?? "open"}).` +
        formNote,
      certainty: "uncertain",
      match: match.how,
      ...base,
    };
  const via = match.notes.length ? ` (${match.notes.join("; ")})` : "";
  if (d < m.coverage_start)
    return {
      eligible: false,
      member: m,
      reason:
        `Not eligible: coverage for ${m.first_name} ${m.last_name} (${m.member_id}) starts ${m.coverage_start}, after the request date ${d}${via}.` + formNote,
      certainty: "clear",
      match: match.how,
      ...base,
    };
  if (m.coverage_end && d > m.coverage_end)
    return {
      eligible: false,
      member: m,
      reason:
        `Not eligible: coverage for ${m.first_name} ${m.last_name} (${m.member_id}) ended ${m.coverage_end}, before the request date ${d}${via}.` + formNote,
      certainty: "clear",
      match: match.how,
      ...base,
    };
  return {
    eligible: true,
    member: m,
    reason:
      `Eligible: ${m.first_name} ${m.last_name} (${m.member_id}), DOB ${m.birth_date}, covered ${m.coverage_start} to ${m.coverage_end ?? "open"} on request date ${d}${via}.` +
      formNote,
    certainty: "clear",
    match: match.how,
    ...base,
  };
}
