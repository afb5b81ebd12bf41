/**
 * Misdirected requests (issue 24, item 5): a fax meant for another payer, or no prior authorization
 * request at all, is "not ours" — a routing outcome the reviewer sees (return to sender / route to
 * the payer named), never a clinical denial and never a denial letter.
 *
 * A request is for another payer when the payer it names (the insurance plan read from the request)
 * is a known payer (KNOWN_PAYERS) that none of this plan's payer names (the organization's name, the
 * plan's title and ID) is, sharing no distinctive word or initials with them, AND its member is not
 * on this plan's roster. A member on the roster is ours
 * whatever the cover sheet says. A document is no request when nothing of one was read: no drug, no
 * patient name, no member ID, no diagnosis, no prescriber, and no words of a request ("prior
 * authorization", "coverage determination", "medication request", "exception request").
 */
import type { CaseFacts, EligibilityResult, ParsedDocument } from "../contracts";

export interface Routing {
  kind: "other_payer" | "not_a_request";
  /** the payer the request names (other_payer) */
  payer: string | null;
  /** what the reviewer should do, in plain words */
  action: string;
}

/** Words that name no payer by themselves (kinds of plan, products, filler). */
const GENERIC = new Set(
  "health healthcare plan plans insurance insurer medical medicare medicaid advantage care company co inc llc corp corporation group mutual commercial ppo hmo epo pos hdhp mapd pdp part d pharmacy benefit benefits services network national state of the and for employees employee member members program programs choice select gold silver bronze platinum premier 2024 2025 2026 2027".split(
    " ",
  ),
);

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, " ")
    .split(/\s+/)
    .filter(Boolean);

/** Distinctive words and initials of a payer name ("Great Lakes Mutual Health" → great, lakes, glmh, glm). */
function signature(name: string): Set<string> {
  const ws = words(name);
  const out = new Set(ws.filter((w) => w.length >= 3 && !GENERIC.has(w) && !/^\d+$/.test(w)));
  const initials = ws
    .filter((w) => !/^\d+$/.test(w))
    .map((w) => w[0])
    .join("");
  if (initials.length >= 3) {
    out.add(initials);
    out.add(initials.slice(0, 3));
  }
  // an ID like "GLMH-PPO-2026": its letter runs are initials
  for (const run of name.toLowerCase().match(/[a-z]{3,}/g) ?? []) if (!GENERIC.has(run)) out.add(run);
  return out;
}

/**
 * National and large regional payers and PBMs by the names a cover sheet uses. A request is routed as
 * another payer's only when it names one of these that is not ours: a plan's own name written some
 * other way ("NC Medicaid Managed Care • Pharmacy Department") is never taken for another payer.
 */
const KNOWN_PAYERS: [string, RegExp][] = [
  ["Aetna", /\baetna\b/i],
  ["Cigna", /\bcigna\b/i],
  ["UnitedHealthcare", /\b(?:united\s*health\s*care|unitedhealthcare|uhc)\b/i],
  ["Humana", /\bhumana\b/i],
  ["Anthem", /\banthem\b/i],
  ["Elevance", /\belevance\b/i],
  ["Blue Cross Blue Shield", /\b(?:blue\s*cross|blue\s*shield|bcbs\w*)\b/i],
  ["Kaiser Permanente", /\bkaiser\b/i],
  ["Centene", /\bcentene\b/i],
  ["Ambetter", /\bambetter\b/i],
  ["Molina", /\bmolina\b/i],
  ["WellCare", /\bwell\s*care\b/i],
  ["Highmark", /\bhighmark\b/i],
  ["Oscar Health", /\boscar\s+health\b/i],
  ["Optum", /\boptum\s*rx\b|\boptum\b/i],
  ["Express Scripts", /\bexpress\s*scripts\b/i],
  ["CVS Caremark", /\bcaremark\b/i],
  ["Prime Therapeutics", /\bprime\s+therapeutics\b/i],
  ["Tricare", /\btricare\b/i],
  ["CareSource", /\bcaresource\b/i],
  ["Health Net", /\bhealth\s*net\b/i],
  ["Medica", /\bmedica\b(?!id|re|l)/i],
];

/** The known payer a name names (KNOWN_PAYERS), if any. */
export function knownPayerNamed(name: string): string | null {
  return KNOWN_PAYERS.find(([, re]) => re.test(name))?.[0] ?? null;
}

/** Whether the payer named on a request is one of `ours` (shares a distinctive word or initials). */
export function namesOurPayer(named: string, ours: string[]): boolean {
  // nothing distinctive ("Health plan", "Commercial PPO"): cannot tell, assume ours
  if (!words(named).some((w) => w.length >= 3 && !GENERIC.has(w) && !/^\d+$/.test(w))) return true;
  const theirs = signature(named);
  const mine = new Set(ours.flatMap((o) => [...signature(o)]));
  return [...theirs].some((w) => mine.has(w));
}

const REQUEST_WORDS =
  /\b(?:prior\s*auth(?:orization)?|pre-?auth|coverage\s+determination|medication\s+request|exception\s+request|drug\s+request|authorization\s+request|PA\s+request)\b/i;

/**
 * The routing outcome of a request, or null when it is ours to decide (see the module comment).
 * `payerNames`: this plan's payer names; without any, no request is routed as another payer's.
 */
export function routeRequest(facts: CaseFacts, caseDoc: ParsedDocument, eligibility: EligibilityResult, payerNames: string[]): Routing | null {
  const named = facts.patient?.insurance_plan?.trim() ?? "";
  const other = named ? knownPayerNamed(named) : null;
  // another payer: a known payer's name that none of our names carries, and no member of ours
  if (other && payerNames.length && !eligibility.member && !payerNames.some((n) => knownPayerNamed(n) === other) && !namesOurPayer(named, payerNames))
    return {
      kind: "other_payer",
      payer: named,
      action: `Misdirected: this request is addressed to ${named}, not this plan, and the member is not on this plan's roster. Return it to the sender or route it to ${named}.`,
    };
  // nothing of a request: no drug, no patient, no member ID, no diagnosis and no prescriber (a
  // clinical note with a diagnosis and its prescriber is supporting documentation of a request)
  const nothingRead =
    !facts.medication?.drug_name &&
    !facts.patient?.last_name &&
    !facts.patient?.member_id &&
    !(facts.diagnoses ?? []).some((d) => d.code || d.description) &&
    !facts.practitioner?.npi &&
    !facts.practitioner?.last_name &&
    !facts.practitioner?.specialty;
  const text = caseDoc.pages.map((p) => p.text).join("\n");
  if (nothingRead && !REQUEST_WORDS.test(text))
    return {
      kind: "not_a_request",
      payer: null,
      action: "Misdirected: this document is not a prior authorization request (no patient, drug or request was found). Return it to the sender.",
    };
  return null;
}
