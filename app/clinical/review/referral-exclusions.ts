/**
 * Referrals written among a policy's exclusions ("Opsynvi (macitentan / tadalafil) is reviewed under
 * worksheet KRX-CCW-0953", "For the autoinjector, see policy RX-204"): the policy sends another
 * product to another document. It is no exclusion of the request unless the request IS that product;
 * a request for another drug is not touched by it (issue 21: the words of the sentence found in the
 * fax — "tadalafil" taken alongside — read as "the exclusion may apply").
 *
 * Read only when the sentence names a product that is a drug: a known drug name as its subject, or a
 * brand with its known components in parentheses. Anything else (a scope such as "Requests for
 * members under 18 are reviewed under the pediatric policy") is left to the ordinary reading.
 */
import type { CaseFacts } from "../contracts";
import { drugNames, lookupDrug } from "../vocabulary/drugs";

const REFERRAL_RE =
  /^\s*(?:for\s+)?(.{2,80}?)\s*(?:,\s*)?(?:(?:is|are)\s+(?:reviewed|covered|addressed|handled|evaluated|managed)\s+(?:under|by|in|through|with)|see)\s+(?:a\s+|the\s+)?(?:separate\s+|another\s+|its own\s+)?(?:[\w-]+\s+){0,2}?(?:worksheet|policy|guideline|criteria|program|document|bulletin)\b/i;

export interface ReferralJudgement {
  outcome: "not_met" | "insufficient";
  reason: string;
}

/**
 * The referral in exclusion `text` judged against the request's medication (`facts.medication`, names
 * as written on the request) and the requested drug's names (`requested`, lower case). Null when the
 * sentence is no referral of a named drug product. "insufficient" when the request is, or may be,
 * that product (its name, or every component of a combination, is in the request's drug); "not_met"
 * (the exclusion does not apply) when the request names another drug.
 */
export function judgeReferralExclusion(text: string, facts: CaseFacts, requested: Set<string>): ReferralJudgement | null {
  const m = REFERRAL_RE.exec(text);
  if (!m) return null;
  const subject = m[1].trim();
  const head = subject
    .replace(/\([^)]*\)/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const components = [...subject.matchAll(/\(([^)]*)\)/g)].flatMap((p) =>
    p[1]
      .split(/\s*(?:\/|,|\+|\band\b|\bwith\b)\s*/i)
      .map((x) => x.trim())
      .filter(Boolean),
  );
  // a product: a brand (one or two capitalised words) with known components, or a known drug's name
  const brandLike = /^[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?$/.test(head);
  const knownComponents = components.length > 0 && components.every((c) => lookupDrug(c));
  const headDrug = lookupDrug(head);
  if (!(brandLike && (knownComponents || headDrug))) return null;
  const asked = [facts.medication?.drug_name, facts.medication?.generic_name].filter((n): n is string => !!n).map((n) => n.toLowerCase());
  if (!asked.length)
    return { outcome: "insufficient", reason: `The policy refers ${head} to another document; the requested drug is not read from the request.` };
  const named = (word: string) => asked.some((a) => new RegExp(`(?:^|[^a-z])${word.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![a-z])`).test(a));
  const isProduct =
    named(head) ||
    (!!headDrug && drugNames(head).some((d) => requested.has(d) && asked.some((a) => drugNames(a).includes(d)))) ||
    (components.length > 1 && components.every((c) => named(c)));
  if (isProduct) return { outcome: "insufficient", reason: `The policy reviews ${head} under another document; the request may be for it.` };
  return {
    outcome: "not_met",
    reason: `Does not apply: the policy refers ${subject} to another document, and the request is for ${facts.medication?.drug_name ?? asked[0]}.`,
  };
}
