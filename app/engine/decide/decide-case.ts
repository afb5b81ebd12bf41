import type { AuditFinding, Citation, DecisionResult, EligibilityResult, FinalDecision, ReviewResult } from "../types";

/**
 * Final decision from eligibility, clinical review and audit.
 *
 * Rules (eval/FORMAT.md "Decision semantics", applied in this order):
 * 1. member not eligible on the request date (`eligibility.eligible === false`) → denied;
 * 2. a policy exclusion applies (`review.exclusions[].outcome === "met"`) → denied;
 * 3. the stated indication is not covered by the policy (`review.indication.status === "not_covered"`,
 *    or no applicable path) → denied;
 * 4. some applicable path has every criterion met → approved when eligible is true and no blocking
 *    audit finding; eligibility unknown or a blocking finding → needs_more_information
 *    (a blocking finding whose message says "deny" → denied);
 * 5. every applicable path has a criterion that clearly fails → denied (a clear failure wins over
 *    missing information elsewhere on the same path);
 * 6. otherwise (something required cannot be judged) → needs_more_information.
 * Confidence (0..1) starts from the rule that fired and is scaled by evidence strength: share of
 * criteria on the deciding path backed by a direct fax passage, and the OCR confidence of cited pages
 * (`ocrConfidence`, mean 0..1, 1 for text-layer documents).
 */
export function decideCase(input: {
  eligibility: EligibilityResult;
  review: ReviewResult;
  audit: AuditFinding[];
  ocrConfidence?: number | null;
}): DecisionResult {
  const { eligibility, review, audit } = input;
  const ocr = input.ocrConfidence ?? 1;
  const traversal = review.traversal;
  const exclusion = (review.exclusions ?? []).find((e) => e.outcome === "met");
  const metPath = review.paths.find((p) => p.outcome === "met");
  const blocking = audit.filter((a) => a.severity === "blocking" && a.passed === false);
  const citations: Citation[] = [];
  const push = (cs: Citation[] | undefined) => {
    for (const c of cs ?? []) if (c && citations.length < 12 && !citations.some((x) => x.page === c.page && x.start === c.start && x.document === c.document)) citations.push(c);
  };
  const evidenceShare = (crit: { evidence?: string }[]) => (crit.length ? crit.filter((c) => c.evidence !== "inferred").length / crit.length : 0.5);
  const scale = (base: number, share: number) => Math.round(Math.max(0.3, Math.min(0.99, base * (0.8 + 0.2 * share) * (0.75 + 0.25 * ocr))) * 100) / 100;

  const finish = (d: FinalDecision, conf: number, summary: string, rationale: string): DecisionResult => ({
    final_decision: d,
    confidence_score: conf,
    ai_summary: summary,
    rationale,
    citations,
    decision_tree_traversal: traversal,
  });
  const listCriteria = (p: ReviewResult["paths"][number], filter?: (o: string) => boolean) =>
    p.criteria
      .filter((c) => !filter || filter(c.outcome))
      .map((c) => `- [${c.outcome}] ${c.question} — ${c.reason}`)
      .join("\n");

  if (eligibility.eligible === false) {
    push(eligibility.citations);
    return finish("denied", scale(0.95, 1), `Denied: member not eligible — ${eligibility.reason}`, `Eligibility: ${eligibility.reason}\nClinical criteria were not decisive because coverage is not in force for this member on the request date.`);
  }
  if (exclusion) {
    push(exclusion.citations);
    return finish("denied", scale(0.9, exclusion.evidence === "inferred" ? 0 : 1), `Denied: policy exclusion applies — ${exclusion.question.replace(/^Exclusion:\s*/, "")}`, `${exclusion.reason}`);
  }
  if (review.indication?.status === "not_covered" || !review.paths.length) {
    push(review.indication?.branches.flatMap((b) => (b.citation ? [b.citation] : [])));
    return finish(
      "denied",
      scale(0.75, 0.5),
      "Denied: the stated indication is not covered by this policy.",
      `No indication section of the policy matches the diagnoses on the request (${(review.indication?.branches ?? []).map((b) => b.title).join("; ")}).`,
    );
  }
  if (metPath) {
    for (const c of metPath.criteria) push(c.citations);
    push(eligibility.citations);
    const share = evidenceShare(metPath.criteria);
    if (blocking.length) {
      const deny = blocking.find((b) => /\bdeny|denied\b/i.test(b.message));
      return finish(deny ? "denied" : "needs_more_information", scale(0.7, share), `${deny ? "Denied" : "Pended"}: clinical criteria met (${metPath.title}) but audit found: ${blocking.map((b) => b.message).join("; ")}`, `${listCriteria(metPath)}\nAudit: ${blocking.map((b) => `${b.check}: ${b.message}`).join("; ")}`);
    }
    if (eligibility.eligible !== true) {
      return finish("needs_more_information", scale(0.6, share), `Clinical criteria met (${metPath.title}) but member eligibility could not be confirmed: ${eligibility.reason}`, listCriteria(metPath));
    }
    return finish("approved", scale(0.92, share), `Approved: all ${metPath.title} criteria met; member eligible.`, `Path: ${metPath.title}\n${listCriteria(metPath)}\nEligibility: ${eligibility.reason}`);
  }
  if (review.paths.every((p) => p.outcome === "not_met")) {
    const fails = review.paths.map((p) => ({ p, c: p.criteria.filter((c) => c.outcome === "not_met") }));
    for (const f of fails) for (const c of f.c) push(c.citations);
    const share = evidenceShare(fails.flatMap((f) => f.c));
    return finish(
      "denied",
      scale(0.88, share),
      `Denied: ${fails.map((f) => `${f.p.title}: ${f.c.map((c) => c.question).join("; ")}`).join(" | ")} not met.`,
      fails.map((f) => `Path: ${f.p.title}\n${listCriteria(f.p, (o) => o !== "met")}`).join("\n"),
    );
  }
  const pend = review.paths.filter((p) => p.outcome === "insufficient");
  for (const p of pend) for (const c of p.criteria) if (c.outcome !== "met") push(c.citations);
  const missing = pend.flatMap((p) => p.criteria.filter((c) => c.outcome === "insufficient").map((c) => c.question));
  return finish(
    "needs_more_information",
    scale(0.8, evidenceShare(pend.flatMap((p) => p.criteria))),
    `Needs more information: ${[...new Set(missing)].join("; ")}.`,
    review.paths.map((p) => `Path: ${p.title} (${p.outcome})\n${listCriteria(p, (o) => o !== "met")}`).join("\n"),
  );
}
