/**
 * The decision layer: the one rule book every engine's proposal goes through.
 *
 * A request may be denied only when
 *   (a) a criterion read with high confidence clearly fails on every applicable path, each failure
 *       cited by a whole fax sentence that is verbatim page text, or the request's diagnosis is
 *       clearly outside every indication the policy reader understood;
 *   (b) an exclusion clearly applies, cited the same way; or
 *   (c) the member is positively identified (or cleanly read and absent from the roster) and
 *       coverage is not in force on a request date read from the fax.
 * A request may be approved only when every criterion of the path for its own indication is met
 * with evidence (a route with no criterion read from the policy approves nothing), the member is
 * eligible on the request date and no blocking audit finding stands.
 * Everything else — an uncertain parse, an unmatched identity, an unread date, missing evidence, an
 * OCR-garbled passage, no matching policy — is needs_more_information with the items to request.
 * A model may propose; it can make an approval more cautious, never a denial easier.
 *
 * Sources: docs/clinical/decision-semantics.md; 42 CFR 422.566(d) (an adverse medical-necessity
 * determination is reviewed by a physician or other appropriate professional), California SB 1120
 * (H&S Code §1367.01, Ins. Code §10123.135), Texas SB 815 (Ins. Code §4201.156): the engine
 * recommends a denial; it becomes final only after a clinician signs off in the workspace.
 */
import type {
  AuditFinding,
  CaseFacts,
  Citation,
  CriterionResult,
  DecisionResult,
  EligibilityResult,
  FinalDecision,
  ParsedDocument,
  ReviewResult,
} from "../contracts";
import { isVerbatim } from "../text/lines";
import { FAILURE_BASIS_FACTOR, confidenceFor, weakestBasis, type DecisionRule } from "./confidence";
import { routeRequest } from "./routing";

export interface DecisionInputs {
  facts: CaseFacts;
  caseDoc: ParsedDocument;
  eligibility: EligibilityResult;
  /** null: no coverage policy matched the requested drug */
  review: ReviewResult | null;
  audit: AuditFinding[];
  /** mean OCR confidence of the fax's OCR pages (1 for a text-layer fax) */
  ocrConfidence?: number;
  /** this plan's payer names (organization, plan title and ID): a request naming another payer is routed (routing.ts) */
  payerNames?: string[];
}

/** What an engine proposes before the rules apply. */
export interface Proposal {
  final_decision: FinalDecision;
  ai_summary?: string;
  rationale?: string;
  confidence_score?: number;
  citations?: Citation[];
}

const dedupe = (cs: Citation[]) => {
  const seen = new Set<string>();
  return cs.filter((c) => {
    const k = `${c.document}:${c.page}:${c.start}:${c.end}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

/** Citations of fax evidence that are verbatim page text (policy passages are checked elsewhere). */
function verbatimFax(doc: ParsedDocument, cs: Citation[]): Citation[] {
  return cs.filter((c) => c.document !== "policy" && isVerbatim(doc, c));
}

function listCriteria(p: ReviewResult["paths"][number], filter?: (o: string) => boolean): string {
  return p.criteria
    .filter((c) => !filter || filter(c.outcome))
    .map((c) => `- [${c.outcome}] ${c.question} — ${c.reason}`)
    .join("\n");
}

function missingItems(input: DecisionInputs): string[] {
  const out: string[] = [];
  const { review, eligibility, facts } = input;
  if (review) {
    const open = new Set(review.verdict?.open_nodes ?? []);
    const all: CriterionResult[] = [...(review.exclusions ?? []), ...review.paths.flatMap((p) => p.criteria)];
    for (const c of all)
      if ((open.size ? open.has(c.node_id) : c.outcome === "insufficient") && c.outcome === "insufficient") out.push(c.missing || c.question);
    // a request whose diagnosis is on the fax but could not be tied to the policy's covered uses needs a
    // reviewer's match, not the diagnosis again from the prescriber
    if (review.indication?.status === "no_diagnosis") out.push("Diagnosis (ICD-10-CM code) the drug is requested for");
    else if (review.indication?.status === "unknown")
      out.push(
        input.facts.diagnoses?.length
          ? `A reviewer's match of the request's diagnosis (${input.facts.diagnoses
              .map((d) => d.code ?? d.description)
              .filter(Boolean)
              .slice(0, 4)
              .join(", ")}) to the policy's covered indications (the reader could not tie them together)`
          : "Diagnosis (ICD-10-CM code) the drug is requested for",
      );
    // an open node that is no criterion of a path: the request fits several indications
    const criterionIds = new Set(all.map((c) => c.node_id));
    const fits = (review.indication?.branches ?? []).filter((b) => b.score > 0).map((b) => b.title);
    if ([...open].some((id) => !criterionIds.has(id)) && fits.length > 1)
      out.push(`Which indication the drug is requested for (the request fits: ${fits.join("; ")})`);
  }
  if (eligibility.eligible == null) {
    if (!facts.request_date || facts.request_date_source === "none") out.push("Date of the request");
    else out.push("Member ID, name and date of birth exactly as on the member's insurance card");
  }
  return [...new Set(out.filter(Boolean))].slice(0, 12);
}

/**
 * Apply the decision rules (see the module comment) to the stages' results and an optional engine
 * proposal. Returns the final DecisionResult with its rule, confidence and missing items. A request
 * with a page the reader could not read (`caseDoc.pages[i].error`) is never approved or denied:
 * it pends for a reviewer with that page as the item needed. Pure.
 */
export function applyDecisionRules(input: DecisionInputs, proposal?: Proposal): DecisionResult {
  const ruled = decideByRules(input, proposal);
  // A page the reader could not read may hold what decides the case (an exclusion, a failed
  // trial, the member's ID): nothing is approved or denied on the rest alone (issue 24).
  const unread = input.caseDoc.pages.filter((p) => p.error);
  if (!unread.length) return ruled;
  const pages = unread.map((p) => p.page);
  const which = pages.length === 1 ? `Page ${pages[0]}` : `Pages ${pages.slice(0, -1).join(", ")} and ${pages.at(-1)}`;
  const item = `A legible copy of ${which.toLowerCase()} of the request (it could not be read)`;
  if (ruled.final_decision === "needs_more_information")
    return ruled.routing
      ? ruled
      : { ...ruled, missing_items: [item, ...(ruled.missing_items ?? [])], ai_summary: `${ruled.ai_summary} ${which} could not be read.` };
  const wouldBe = ruled.final_decision === "approved" ? "approval" : "denial";
  return {
    ...ruled,
    final_decision: "needs_more_information",
    rule: "pend_needs_review",
    confidence_score: confidenceFor("pend_needs_review", input.ocrConfidence ?? 1, 0.5),
    ai_summary: `Needs review: ${which.toLowerCase()} of the request could not be read, so the case is not decided on the other pages alone (they point to ${wouldBe}); a legible copy is needed.`,
    rationale: `${which} could not be read: ${unread[0].error}\nOn the pages that were read the rules point to ${wouldBe}:\n${ruled.rationale}`,
    missing_items: [item, ...(ruled.missing_items ?? [])],
  };
}

function decideByRules(input: DecisionInputs, proposal?: Proposal): DecisionResult {
  const { eligibility, review, audit, facts, caseDoc } = input;
  const ocr = input.ocrConfidence ?? 1;
  const traversal = review?.traversal ?? [];
  const finish = (
    d: FinalDecision,
    rule: DecisionRule | string,
    summary: string,
    rationale: string,
    citations: Citation[],
    share = 1,
    missing: string[] = [],
  ): DecisionResult => ({
    final_decision: d,
    confidence_score: confidenceFor((rule in CONF_RULES ? rule : "pend_needs_review") as DecisionRule, ocr, share),
    ai_summary: tidySummary(summary),
    rationale,
    citations: dedupe(citations).slice(0, 12),
    decision_tree_traversal: traversal,
    ...(missing.length ? { missing_items: missing } : {}),
    rule: String(rule),
  });
  const pend = (rule: DecisionRule, summary: string, rationale: string, citations: Citation[] = []) => {
    const missing = missingItems(input);
    const s = missing.length ? `${summary} Needed: ${missing.join("; ")}.` : summary;
    return finish("needs_more_information", rule, s, rationale, citations, 0.5, missing);
  };

  // a misdirected request (another payer's, or no request at all) is routed, never decided
  const routed = routeRequest(facts, caseDoc, eligibility, input.payerNames ?? []);
  // a document reviewed against a coverage policy (its criteria were asked) is a request
  const routing = routed?.kind === "not_a_request" && input.review?.paths.length ? null : routed;
  if (routing)
    return {
      ...finish(
        "needs_more_information",
        "route_misdirected",
        routing.action,
        `Routing: ${routing.action}\nEligibility: ${eligibility.reason}`,
        eligibility.citations,
      ),
      routing,
    };

  // (c) coverage clearly not in force for a positively identified member
  if (eligibility.eligible === false && eligibility.certainty !== "uncertain") {
    const cites = verbatimFax(caseDoc, eligibility.citations);
    if (cites.length)
      return finish(
        "denied",
        "deny_not_eligible",
        `Denied: member not eligible — ${eligibility.reason}`,
        `Eligibility: ${eligibility.reason}\nClinical criteria were not decisive because coverage is not in force for this member on the request date.`,
        cites,
      );
  }

  if (!review) {
    const nothing = !facts.medication?.drug_name && !facts.patient?.last_name && !facts.patient?.member_id;
    // the requested drug as the request names it, flagged when the plan's formulary does not carry it
    const med = facts.medication;
    const requested = med?.drug_name
      ? `${med.drug_name}${med.strength && !med.drug_name.includes(med.strength) ? ` ${med.strength}` : ""}${med.ndc ? `, NDC ${med.ndc}` : ""}`
      : "not identified";
    const offFormulary = !!med?.drug_name && !eligibility.formulary && eligibility.formulary_known === true;
    return pend(
      nothing ? "pend_nothing_read" : "pend_no_policy",
      nothing
        ? "Needs more information: no patient, drug or coverage policy could be identified in the request."
        : `Needs more information: no coverage policy on this plan matches the requested drug (${requested})${offFormulary ? ", which is not on the plan's formulary" : ""}; a reviewer must assign a policy or review the request manually.`,
      `Requested medication: ${requested}${offFormulary ? " (not on the plan's formulary)" : ""}. Eligibility: ${eligibility.reason}`,
      eligibility.citations,
    );
  }

  // (b) an exclusion clearly applies
  const exclusion = (review.exclusions ?? []).find((e) => e.outcome === "met");
  if (exclusion) {
    const cites = verbatimFax(caseDoc, exclusion.citations);
    if (cites.length && exclusion.confidence !== "medium" && exclusion.confidence !== "low")
      return finish("denied", "deny_exclusion", `Denied: policy exclusion applies — ${exclusion.question.replace(/^Exclusion:\s*/, "")}`, exclusion.reason, [
        ...cites,
        ...exclusion.citations.filter((c) => c.document === "policy"),
      ]);
  }

  const verdict = review.verdict;
  // (a) every path clearly fails (or the diagnosis is outside every understood indication)
  if (verdict?.denied) {
    const fails = review.paths.map((p) => ({ p, c: p.criteria.filter((c) => c.outcome === "not_met") }));
    const notCovered = review.indication?.status === "not_covered";
    const failCites = fails.flatMap((f) => f.c.flatMap((c) => c.citations));
    const cites = verbatimFax(caseDoc, notCovered ? [...failCites, ...(review.indication?.branches.flatMap(() => []) ?? [])] : failCites);
    // each failure quoted from the fax and read from a policy sentence with high confidence
    const everyFailCited = fails.every(
      (f) => f.c.length > 0 && f.c.every((c) => verbatimFax(caseDoc, c.citations).length > 0 && c.confidence !== "medium" && c.confidence !== "low"),
    );
    if (notCovered) {
      const dx = (facts.diagnoses ?? []).flatMap((d) => d.citations ?? []);
      const dxCites = verbatimFax(caseDoc, dx);
      if (dxCites.length)
        return finish(
          "denied",
          "deny_not_covered",
          `Denied: the requested drug is not covered for the stated indication (${(facts.diagnoses ?? []).map((d) => [d.code, d.description].filter(Boolean).join(" ")).join("; ") || "see diagnosis"}).`,
          `The request's diagnosis matches none of the policy's covered indications (${(review.indication?.branches ?? []).map((b) => b.title).join("; ")}).`,
          dxCites,
        );
    } else if (cites.length && everyFailCited) {
      const denied = finish(
        "denied",
        "deny_criteria",
        `Denied: ${fails.map((f) => `${f.p.title.charAt(0).toUpperCase()}${f.p.title.slice(1)}: ${f.c.map((c) => c.question).join("; ")}`).join("; ")} — not met.`,
        fails.map((f) => `Path: ${f.p.title}\n${listCriteria(f.p, (o) => o !== "met")}`).join("\n"),
        cites,
      );
      // as sure as the least mechanical of its failures (a value compared > a stated fact > a reading)
      const basis = weakestBasis(fails.flatMap((f) => f.c.map((c) => c.basis)));
      return { ...denied, confidence_score: Math.round(denied.confidence_score * FAILURE_BASIS_FACTOR[basis] * 100) / 100 };
    }
    return pend(
      "pend_needs_review",
      "Needs more information: the criteria appear not met, but the failure is not documented clearly enough to deny; a reviewer should confirm.",
      review.paths.map((p) => `Path: ${p.title} (${p.outcome})\n${listCriteria(p, (o) => o !== "met")}`).join("\n"),
    );
  }

  if (verdict?.approved) {
    const metPath = review.paths.find((p) => p.outcome === "met") ?? review.paths[0];
    // an approval needs criteria read from the policy and met: a route with none (a policy whose
    // criteria section was not found, or a service policy read down to its title) approves nothing;
    // nor does one whose only items are readings a reviewer must apply (low confidence: a numbered
    // section the reader could not read, met only because it concerns another diagnosis)
    if (!metPath || !metPath.criteria.some((c) => c.confidence !== "low"))
      return pend(
        "pend_needs_review",
        "Needs more information: no criteria could be read from the coverage policy for this request; a reviewer must review it against the policy.",
        `Coverage policy: ${review.policy_id ?? "unknown"} — no criterion was read on the route to an approval.\nEligibility: ${eligibility.reason}`,
        eligibility.citations,
      );
    const share = metPath ? metPath.criteria.filter((c) => c.evidence === "direct").length / Math.max(1, metPath.criteria.length) : 0;
    const cites = [...(metPath?.criteria.flatMap((c) => c.citations) ?? []), ...eligibility.citations];
    const blocking = audit.filter((a) => a.severity === "blocking" && a.passed === false);
    if (blocking.length)
      return pend(
        "pend_needs_review",
        `Needs more information: clinical criteria are met (${metPath?.title ?? ""}) but the audit found: ${blocking.map((b) => b.message).join("; ")}`,
        `${metPath ? listCriteria(metPath) : ""}\nAudit: ${blocking.map((b) => `${b.check}: ${b.message}`).join("; ")}`,
        blocking.flatMap((b) => b.citations),
      );
    if (eligibility.eligible !== true)
      return pend(
        "pend_missing_information",
        `Needs more information: clinical criteria are met (${metPath?.title ?? ""}) but member eligibility could not be confirmed — ${eligibility.reason}`,
        metPath ? listCriteria(metPath) : "",
        eligibility.citations,
      );
    if (proposal && proposal.final_decision !== "approved")
      return pend(
        "pend_needs_review",
        `Needs more information: the criteria read as met, but the reviewing model did not approve (${proposal.ai_summary ?? proposal.final_decision}).`,
        `${metPath ? listCriteria(metPath) : ""}\nModel: ${proposal.rationale ?? ""}`,
        proposal.citations ?? [],
      );
    return finish(
      "approved",
      "approve",
      `Approved: every ${metPath?.title ?? ""} criterion is met; member eligible.`,
      `Path: ${metPath?.title ?? ""}\n${metPath ? listCriteria(metPath) : ""}\nEligibility: ${eligibility.reason}`,
      cites,
      share,
    );
  }

  // open: what would have to be asked for
  const unclear = review.paths.some((p) =>
    p.criteria.some(
      (c) => c.outcome === "insufficient" && (c.confidence === "low" || c.confidence === "medium") && !c.citations.some((x) => x.document !== "policy"),
    ),
  );
  const open = review.paths.flatMap((p) => p.criteria.filter((c) => c.outcome === "insufficient").map((c) => c.question));
  return pend(
    unclear ? "pend_needs_review" : "pend_missing_information",
    `Needs more information${open.length ? `: ${[...new Set(open)].slice(0, 4).join("; ")}` : ""}.`,
    review.paths.map((p) => `Path: ${p.title} (${p.outcome})\n${listCriteria(p, (o) => o !== "met")}`).join("\n") +
      (eligibility.eligible !== true ? `\nEligibility: ${eligibility.reason}` : ""),
    review.paths.flatMap((p) => p.criteria.filter((c) => c.outcome !== "met").flatMap((c) => c.citations)),
  );
}

const CONF_RULES: Record<string, true> = {
  deny_not_eligible: true,
  deny_exclusion: true,
  deny_criteria: true,
  deny_not_covered: true,
  approve: true,
  pend_missing_information: true,
  pend_needs_review: true,
  pend_no_policy: true,
  pend_nothing_read: true,
  route_misdirected: true,
};

/**
 * A summary as a reviewer reads it: sentence joins that doubled their punctuation ("items.." from a
 * list whose last item ends with a full stop, "?." after a question) and table separators (" | ")
 * tidied. Wording only; never changes what the summary says.
 */
export function tidySummary(text: string): string {
  return text
    .replace(/\s+\|\s+/g, "; ")
    .replace(/(?<!\.)\.\.(?!\.)/g, ".")
    .replace(/([?!])\./g, "$1")
    .replace(/;\s*\./g, ".")
    .replace(/[ \t]{2,}/g, " ");
}
