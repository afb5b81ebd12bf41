/**
 * Built-in clinical review: answer every question node of a policy's decision tree for one case,
 * then walk the tree's edges (walk-tree.ts) to the verdict.
 *
 * - Exclusion nodes: "Yes" only when the exclusion clearly applies (high-confidence criterion, a
 *   fax sentence that shows it); "No" when nothing shows it; unknown otherwise.
 * - The indication node: the edges whose indication the request's diagnosis matches (code first,
 *   then described diagnosis, then the notes); "None of the listed indications" only when a formal
 *   diagnosis is read and matches no indication the reader understood; unknown without a diagnosis.
 * - Criterion nodes: "Yes" when met with evidence; "No" only when it clearly fails — a
 *   high-confidence criterion and a fax sentence that shows the failure; unknown otherwise.
 * A node an author edited is read again from its question (compile-tree.ts resolveNodeCriterion).
 */
import { isWholePregnancyRequirement } from "../evidence/pregnancy";
import type { CaseFacts, Citation, Criterion, CriterionOf, DecisionTree, ParsedDocument, RequestDateSource, ReviewResult, TreeNode } from "../contracts";
import { resolveNodeCriterion } from "../policy/compile-tree";
import { indicationTerms } from "../policy/parse-criterion";
import { adverseConfidence, unreadQualifiers } from "../policy/parse-coverage";
import { buildCaseIndex, type CaseIndex } from "../evidence/case-index";
import { continuationRequest } from "../evidence/continuation";
import { genotypesIn } from "../evidence/biomarkers";
import { titleModes } from "../vocabulary/use-modes";
import { evalContext, evaluateCriterion, requestUseModes, type EvalContext, type Ev } from "./evaluate";
import { conditionSatisfies, mostSpecificPerCode } from "./case-conditions";
import { conditionsNamedIn } from "../vocabulary/conditions";
import { conditionAncestors } from "../vocabulary/conditions";
import { edgeLabels, reviewFromAnswers, type NodeAnswer } from "./walk-tree";
import { drugSectionFor } from "../policy/drug-sections";
import { drugNames } from "../vocabulary/drugs";

/**
 * A criterion's weakest parse confidence (a group is as sure as its least sure part), lowered to
 * "medium" when its sentence has a qualifier the parse does not represent (parse-coverage.ts): such
 * a criterion can be met, never fail or apply.
 */
export function specConfidence(c: Criterion): "high" | "medium" | "low" {
  return adverseConfidence(c);
}

/**
 * The confidence that decides for a failed group: an "all" fails on one clearly failed part; an
 * "any" fails only when every alternative clearly fails, so its weakest part decides.
 */
function failConfidence(c: Criterion, r: (c: Criterion) => Ev): "high" | "medium" | "low" {
  if (c.kind === "all") {
    const failed = c.items.filter((i) => r(i).outcome === "not_met");
    return failed.some((i) => failConfidence(i, r) === "high") ? "high" : failed.length ? failConfidence(failed[0], r) : specConfidence(c);
  }
  if (c.kind === "any") return specConfidence(c);
  // "The recipient is currently pregnant, with the EDD or the gestational age documented": failed only
  // on a dated delivery and a later negative pregnancy test (pregnancy.ts), every word of it read
  if (c.kind === "documentation" && isWholePregnancyRequirement(c.text)) return "high";
  return adverseConfidence(c);
}

/**
 * The confidence that decides whether an exclusion applies: an "any" entry applies on one clearly
 * applying alternative ("ANC below 2,000, platelets below 100,000, or ALT above 1.5 × ULN"), so the
 * surest applying alternative decides; an "all" entry needs every part, so its weakest decides. An
 * exclusion of one star-allele genotype (without an "unless") is read with high confidence.
 */
export function exclusionConfidence(c: Criterion, r: (c: Criterion) => Ev): "high" | "medium" | "low" {
  // "Members with the CYP2C9*3/*3 genotype": one genotype in star-allele notation is compared allele by
  // allele with the genotype the request writes (judgeGenotype), never read from loose words
  if (c.kind === "documentation" && genotypesIn(c.text).length === 1 && !/\b(?:unless|except)\b/i.test(c.text)) return "high";
  if (c.kind === "any") {
    const applying = c.items.filter((i) => r(i).outcome === "met");
    if (applying.some((i) => exclusionConfidence(i, r) === "high" && r(i).evidence === "direct")) return "high";
    return applying.length ? exclusionConfidence(applying[0], r) : specConfidence(c);
  }
  return specConfidence(c);
}

function criterionAnswer(
  node: TreeNode,
  spec: Criterion,
  role: "criterion" | "exclusion",
  ctx: EvalContext,
  covered: { conditions: string[]; icd10: string[] },
  edited: boolean,
): NodeAnswer {
  const r = evaluateCriterion(spec, ctx, role, covered);
  const conf =
    role === "exclusion"
      ? exclusionConfidence(spec, (c) => evaluateCriterion(c, ctx, role, covered))
      : r.outcome === "not_met"
        ? failConfidence(spec, (c) => evaluateCriterion(c, ctx, role, covered))
        : specConfidence(spec);
  // with nothing in the fax to quote, the criterion cites the policy passage it applied
  const citations = r.citations.length || !node.passage ? r.citations : [node.passage];
  const base = {
    node_id: node.id,
    reason: r.reason + (edited ? " (read from the edited question)" : ""),
    citations,
    evidence: r.evidence,
    confidence: conf,
    missing: r.missing ?? null,
  };
  const unread = unreadQualifiers(spec);
  const unreadNote = unread.length ? ` The policy's wording (${unread.slice(0, 3).join("; ")}) is not fully read, so it cannot be the ground of a denial.` : "";
  if (role === "exclusion") {
    if (r.outcome === "met" && conf === "high" && r.evidence === "direct") return { ...base, labels: ["Yes"], definite: true, outcome: "met" };
    if (r.outcome === "met")
      return {
        ...base,
        labels: [],
        definite: false,
        outcome: "insufficient",
        reason: `${r.reason} The exclusion may apply; a reviewer should confirm.${unreadNote}`,
        missing: r.missing ?? `Whether the exclusion applies: ${spec.text.slice(0, 120)}`,
      };
    if (r.outcome === "not_met") return { ...base, labels: ["No"], definite: true, outcome: "not_met" };
    return { ...base, labels: [], definite: false, outcome: "insufficient" };
  }
  if (r.outcome === "met") return { ...base, labels: ["Yes"], definite: true, outcome: "met" };
  if (r.outcome === "not_met" && conf === "high" && r.evidence === "direct" && r.citations.length)
    return { ...base, labels: ["No"], definite: true, outcome: "not_met", basis: failureBasis(spec) };
  if (r.outcome === "not_met")
    return {
      ...base,
      labels: [],
      definite: false,
      outcome: "insufficient",
      reason: `${r.reason} This appears not met, but the policy sentence or the evidence is not clear enough to decide on; a reviewer should confirm.${unreadNote}`,
      missing: r.missing ?? spec.text,
    };
  return { ...base, labels: [], definite: false, outcome: "insufficient" };
}

/** kinds whose failure is a value compared against a threshold, or a count or code against a rule */
const MEASURED_KINDS = new Set<Criterion["kind"]>([
  "lab",
  "age",
  "quantity_limit",
  "dose_limit",
  "visit_limit",
  "session_limit",
  "replacement_interval",
  "cumulative_limit",
  "code_frequency",
  "line_billing",
  "bundled_code",
  "resection_minimum",
]);
/** kinds whose failure is the reading of a diagnosis or of documentation words */
const READ_KINDS = new Set<Criterion["kind"]>(["diagnosis", "line_diagnosis", "documentation", "human_review"]);

/**
 * What a clear failure of `spec` rests on, for the denial's confidence (decide/confidence.ts):
 * "measured" (a value compared against a threshold, a count against a limit, a code against a billing
 * rule), "read" (a diagnosis or documentation words matched — where a misread policy sentence fails
 * wrongly), else "stated" (a documented trial, concurrent use, contraindication or prescriber). A
 * composite is as weak as its weakest part; a test result is measured when it has a threshold.
 */
export function failureBasis(spec: Criterion): "measured" | "stated" | "read" {
  if (spec.kind === "all" || spec.kind === "any") {
    const parts = spec.items.map(failureBasis);
    return parts.includes("read") ? "read" : parts.every((p) => p === "measured") && parts.length ? "measured" : "stated";
  }
  if (spec.kind === "test_result") return spec.threshold ? "measured" : "read";
  if (MEASURED_KINDS.has(spec.kind)) return "measured";
  return READ_KINDS.has(spec.kind) ? "read" : "stated";
}

/**
 * The answer of a "continuation of therapy?" node: Yes (definite) when the request explicitly asks
 * to continue therapy (continuation.ts), else No (definite) — a request that does not say so is an
 * initial request, judged by the initial-therapy criteria as before. Used by both engines.
 */
export function continuationAnswer(node: TreeNode, idx: CaseIndex): NodeAnswer {
  const shown = continuationRequest(idx);
  if (shown)
    return {
      node_id: node.id,
      labels: ["Yes"],
      definite: true,
      outcome: "met",
      reason: `The request asks to continue therapy ("${shown.text.slice(0, 100)}"): the policy's continuation criteria apply.`,
      citations: [shown.citation],
      evidence: "direct",
      confidence: "high",
    };
  return {
    node_id: node.id,
    labels: ["No"],
    definite: true,
    outcome: "not_met",
    reason: "The request is not marked as a continuation of therapy: the initial-therapy criteria apply.",
    citations: [],
    evidence: "inferred",
    confidence: "high",
  };
}

/**
 * The branches of an indication node, one per edge label (except "None of the listed
 * indications"): the stored reading of the branch when the label is a stored branch title, else
 * the label read again (a hand-made or edited branch).
 */
export function indicationBranches(tree: Pick<DecisionTree, "edges">, nodeId: string, stored: Omit<BranchInfo, "label">[]): BranchInfo[] {
  return edgeLabels(tree, nodeId)
    .filter((l) => !/^none of/i.test(l))
    .map((label) => {
      const b = stored.find((x) => x.title === label || label.startsWith(`${x.title} (`));
      if (b) return { label, ...b };
      const t = indicationTerms(label);
      return { label, title: label, understood: t.understood, conditions: t.conditions, icd10: t.icd10, phrases: t.phrases };
    });
}

export interface BranchInfo {
  label: string;
  title: string;
  understood: boolean;
  /** inferred by the reader, not read from an indication heading (see PolicyIndication.inferred) */
  inferred?: boolean;
  /** a section headed by drug names, not a condition (see PolicyIndication.drug_scoped) */
  drug_scoped?: boolean;
  conditions: string[];
  icd10: string[];
  phrases: string[];
}

/**
 * The indication answer: matching branches by the request's diagnoses. Scores: 4 the primary code,
 * 3 another code or a described diagnosis, 2 the notes name it (twice or more), 1 once.
 */
function indicationAnswer(
  node: TreeNode,
  branches: BranchInfo[],
  ctx: EvalContext,
  namedConditions: string[] | null,
): { answer: NodeAnswer; info: ReviewResult["indication"] } {
  const scored = branches.map((b) => {
    let score = 0;
    let citation = null;
    for (const c of ctx.conditions) {
      if (!conditionSatisfies(c, b.conditions, b.icd10)) continue;
      const s = c.source === "primary" ? 4 : c.source === "code" || c.source === "described" ? 3 : 1;
      if (s > score) {
        score = s;
        citation = c.citation;
      }
    }
    if (score === 1 && ctx.conditions.filter((c) => c.source === "text" && conditionSatisfies(c, b.conditions, b.icd10)).length >= 2) score = 2;
    return { b, score, citation };
  });
  const max = Math.max(0, ...scored.map((s) => s.score));
  const formal = ctx.conditions.filter((c) => c.source !== "text");
  const formalKnown = formal.filter((c) => c.condition);
  const info = (status: NonNullable<ReviewResult["indication"]>["status"]) => ({
    status,
    branches: scored.map((s) => ({ title: s.b.title, score: s.score, citation: s.citation })),
  });
  /** the indication is undecided: a reviewer must match it (never an adverse answer) */
  const undecided = (
    reason: string,
    missing: string,
    confidence: NodeAnswer["confidence"],
    from: { citation?: Citation | null }[],
    status: NonNullable<ReviewResult["indication"]>["status"],
  ) => {
    const citations = from.flatMap((c) => (c.citation ? [c.citation] : [])).slice(0, 2);
    return {
      answer: {
        node_id: node.id,
        labels: [],
        definite: false,
        outcome: "insufficient" as const,
        reason,
        citations,
        evidence: citations.length ? ("direct" as const) : ("none" as const),
        confidence,
        missing,
      },
      info: info(status),
    };
  };
  if (max > 0) {
    // a code outranks words: "L40.50 arthropathic psoriasis" is psoriatic arthritis, not plaque psoriasis
    let top = scored.filter((s) => s.score === max || (max <= 2 && s.score > 0));
    // one diagnosis, several uses ("acute treatment" / "preventive treatment" of migraine): the way
    // the request says the drug is taken picks the branch
    if (top.length > 1) {
      const modes = requestUseModes(ctx).map((m) => m.mode);
      const picked = top.filter((s) => titleModes(s.b.title).some((m) => modes.includes(m)));
      if (modes.length === 1 && picked.length === 1) top = picked;
    }
    const labels = top.map((s) => s.b.label);
    const cites = top.flatMap((s) => (s.citation ? [s.citation] : [])).slice(0, 2);
    return {
      answer: {
        node_id: node.id,
        labels,
        definite: true,
        outcome: "met",
        reason: `The request's diagnosis matches: ${top.map((s) => s.b.title).join("; ")}.`,
        citations: cites,
        evidence: cites.length ? "direct" : "inferred",
        confidence: top.every((s) => s.b.understood) ? "high" : "low",
      },
      info: info(branches.length === 1 ? "single" : "matched"),
    };
  }
  // a diagnosis outside the listed indications is "not covered" only when every indication was read
  // from the policy's own indication wording; an inferred one may not be the only covered use
  const allUnderstood = branches.length > 0 && branches.every((b) => b.understood && !b.inferred);
  const noneLabel = "None of the listed indications";
  // a diagnosis the policy names outside its exclusions may be covered where the reader did not look
  const namedInPolicy = formalKnown.filter(
    (c) => namedConditions?.some((n) => conditionAncestors(c.condition!).includes(n) || conditionAncestors(n).includes(c.condition!)) ?? false,
  );
  // an unspecified diagnosis ("psoriasis, unspecified") is less specific than a covered form ("plaque
  // psoriasis"): it neither matches it nor is it outside it — the form must be confirmed
  const lessSpecific = mostSpecificPerCode(formalKnown).filter((c) =>
    branches.some((b) => b.conditions.some((bc) => bc !== c.condition && conditionAncestors(bc).includes(c.condition!))),
  );
  if (formalKnown.length && lessSpecific.length) {
    return undecided(
      `The request's diagnosis (${[...new Set(lessSpecific.map((c) => [c.code, c.condition].filter(Boolean).join(" ")))].join(", ")}) is less specific than the indication the policy covers (${branches.map((b) => b.title).join("; ")}); the form of the disease must be confirmed.`,
      `The specific form of ${lessSpecific[0].condition} (diagnosis and ICD-10-CM code), against the policy's covered indications`,
      "high",
      lessSpecific,
      "unknown",
    );
  }
  if (formalKnown.length && allUnderstood && namedInPolicy.length) {
    return undecided(
      `The policy names ${[...new Set(namedInPolicy.map((c) => c.condition))].join(", ")} outside its exclusions, but the reader did not file it under a covered indication (${branches.map((b) => b.title).join("; ")}); a reviewer must match the diagnosis to the policy.`,
      "Confirmation of the indication the drug is requested for, against the policy's covered uses",
      "low",
      namedInPolicy,
      "unknown",
    );
  }
  if (formalKnown.length && allUnderstood) {
    const cites = formalKnown.flatMap((c) => (c.citation ? [c.citation] : [])).slice(0, 2);
    return {
      answer: {
        node_id: node.id,
        labels: [noneLabel],
        definite: cites.length > 0,
        outcome: "not_met",
        reason: `The request's diagnosis (${[...new Set(formalKnown.map((c) => c.condition))].join(", ")}) is not an indication this policy covers (${branches.map((b) => b.title).join("; ")}).`,
        citations: cites,
        evidence: cites.length ? "direct" : "none",
        confidence: "high",
      },
      info: info("not_covered"),
    };
  }
  const why =
    !formal.length && !ctx.conditions.length
      ? "No diagnosis is stated in the request."
      : branches.some((b) => b.understood && b.inferred) && branches.every((b) => b.understood)
        ? "The policy's covered indications were inferred by the reader (not read from an indication section), so a diagnosis outside them is not clearly uncovered; a reviewer must match the diagnosis."
        : !allUnderstood
          ? "The policy's indication section was not fully understood by the reader; a reviewer must match the diagnosis."
          : "The request's diagnosis could not be matched to a known condition.";
  return undecided(
    why,
    !formal.length ? "Diagnosis and ICD-10-CM code for the requested use" : "Confirmation of the indication the drug is requested for",
    allUnderstood ? "high" : "low",
    [],
    !formal.length ? "no_diagnosis" : "unknown",
  );
}

/**
 * The indication answer of a policy whose paths are all sections headed by drug names ("For <drug> -
 * initial requests", "For a non-preferred <class> agent other than <drug>"): the sections of the
 * requested drug (the medication of the request, by generic or brand name, when it is one of the
 * policy's drugs) are its paths, and the others are not — a section for another drug, or for agents
 * other than the requested one, never applies to it. Null when the requested drug is not read, is not
 * one of the policy's drugs, when some path is not such a section, or when no section is its own.
 */
function drugSectionAnswer(
  node: TreeNode,
  branches: BranchInfo[],
  facts: CaseFacts,
  policyNames: string[],
): { answer: NodeAnswer; info: ReviewResult["indication"] } | null {
  if (!branches.length || !branches.every((b) => b.drug_scoped)) return null;
  const requested = new Set([facts.medication?.drug_name, facts.medication?.generic_name].flatMap((n) => (n ? drugNames(n) : [])));
  const policy = new Set(policyNames.flatMap((n) => drugNames(n)));
  if (!requested.size || (policy.size && ![...requested].some((n) => policy.has(n)))) return null;
  const scoped = branches.map((b) => ({ b, scope: drugSectionFor(b.title, requested, policyNames) }));
  const own = scoped.filter((s) => s.scope === "own");
  if (!own.length || scoped.some((s) => s.scope === null)) return null;
  const name = facts.medication?.drug_name ?? [...requested][0];
  return {
    answer: {
      node_id: node.id,
      labels: own.map((s) => s.b.label),
      definite: true,
      outcome: "met",
      reason: `The policy's section for the requested drug (${name}) applies: ${own.map((s) => s.b.title).join("; ")}; the sections for other drugs do not.`,
      citations: [],
      evidence: "inferred",
      confidence: own.every((s) => s.b.understood) ? "high" : "low",
    },
    info: { status: "matched", branches: scoped.map((s) => ({ title: s.b.title, score: s.scope === "own" ? 4 : 0, citation: null })) },
  };
}

/**
 * Review one case against one decision tree (see the module comment). `requestDate` is the date the
 * fax was sent (YYYY-MM-DD) and `requestDateSource` where it was read. Never throws for odd input.
 */
export function reviewCase(input: {
  facts: CaseFacts;
  caseDoc: ParsedDocument;
  tree: DecisionTree;
  policyId: string | null;
  requestDate: string | null;
  requestDateSource?: RequestDateSource;
  /** name of the case document in citations (default "fax") */
  documentName?: string;
}): ReviewResult {
  const requestDate = input.requestDate ?? input.facts.request_date ?? null;
  const idx = buildCaseIndex(input.caseDoc, requestDate, input.documentName);
  const ctx = evalContext({
    idx,
    facts: input.facts,
    requestDate,
    requestDateSource: input.requestDateSource ?? input.facts.request_date_source,
    requestedNames: input.tree.drug_names,
    policyTexts: input.tree.nodes.flatMap((n) => [n.question, n.passage?.text ?? ""]).filter(Boolean),
  });
  const tree = input.tree;
  const answers = new Map<string, NodeAnswer>();
  const exclusionIds = new Set<string>();
  const continuationIds = new Set<string>();
  const notApprovable = new Set<string>();
  let indicationInfo: ReviewResult["indication"] | undefined;

  // the policy's covered conditions (an excluded use never applies to a covered primary diagnosis)
  const resolved = new Map(tree.nodes.map((n) => [n.id, resolveNodeCriterion(n, tree.drug_names)] as const));
  const covered = { conditions: [] as string[], icd10: [] as string[] };
  for (const r of resolved.values()) {
    if (r?.role !== "indication") continue;
    for (const b of r.branches) {
      covered.conditions.push(...b.conditions);
      covered.icd10.push(...b.icd10);
    }
  }

  // no indication read: the conditions the path's own diagnosis criteria require are what it covers (a
  // PBC drug's "diagnosis of PBC established by two of …"), so an exclusion naming them is read against
  // them — never a denial of the path's own condition, while an exclusion of another one still applies
  if (!covered.conditions.length && !covered.icd10.length)
    for (const r of resolved.values())
      if (r && r.role === "criterion")
        for (const d of diagnosisLeaves(r.spec)) {
          covered.conditions.push(...d.conditions);
          covered.icd10.push(...d.icd10);
        }
  // (and, failing those, the conditions its positive requirements name: "4 to 14 migraine days per month")
  if (!covered.conditions.length && !covered.icd10.length)
    for (const r of resolved.values())
      if (r && r.role === "criterion" && !(r.spec.kind === "documentation" && r.spec.absence) && !/\b(?:not|no|without|absence)\b/i.test(r.spec.text))
        covered.conditions.push(...conditionsNamedIn(r.spec.text).map((c) => c.name));

  for (const node of tree.nodes) {
    const r = resolved.get(node.id);
    if (!r) continue;
    if (r.role === "indication") {
      let branches = indicationBranches(tree, node.id, r.branches);
      // a class document's sections per drug: the requested drug's section is its path (drug-sections.ts)
      const own = drugSectionAnswer(node, branches, input.facts, tree.drug_names);
      // the requested drug's sections are per indication ("Lumateperone (Caplyta) — Schizophrenia",
      // "… — Bipolar depression"): its indication is matched among them as among any paths; another
      // drug's sections are never its paths
      const ownBranches = own ? branches.filter((b) => own.answer.labels.includes(b.label)) : [];
      if (own && ownBranches.some((b) => b.conditions.length)) {
        for (const b of branches) if (!ownBranches.includes(b) || !b.understood) notApprovable.add(b.label);
        if (!covered.conditions.length) for (const b of ownBranches) covered.conditions.push(...b.conditions);
        const { answer, info } = indicationAnswer(node, ownBranches, ctx, r.named_conditions ?? null);
        answers.set(node.id, answer);
        indicationInfo = info;
        continue;
      }
      if (own) {
        for (const b of branches) if (!b.understood) notApprovable.add(b.label);
        answers.set(node.id, own.answer);
        indicationInfo = own.info;
        continue;
      }
      // otherwise a drug's section is not understood: which drug it is for is not settled
      branches = branches.map((b) => (b.drug_scoped ? { ...b, understood: false } : b));
      for (const b of branches) if (!b.understood) notApprovable.add(b.label);
      if (!covered.conditions.length) for (const b of branches) covered.conditions.push(...b.conditions);
      const { answer, info } = indicationAnswer(node, branches, ctx, r.named_conditions ?? null);
      answers.set(node.id, answer);
      indicationInfo = info;
      continue;
    }
    if (r.role === "continuation") {
      continuationIds.add(node.id);
      answers.set(node.id, continuationAnswer(node, idx));
      continue;
    }
    if (r.role === "exclusion") exclusionIds.add(node.id);
    answers.set(node.id, criterionAnswer(node, r.spec, r.role, ctx, covered, r.edited));
  }
  return reviewFromAnswers(tree, answers, { policyId: input.policyId, notApprovable, exclusionIds, continuationIds, indication: indicationInfo });
}

/** The diagnosis criteria a criterion requires (itself, or the items of its groups), never an absence. */
function diagnosisLeaves(c: Criterion): CriterionOf<"diagnosis">[] {
  if (c.kind === "diagnosis") return [c];
  if (c.kind === "all" || c.kind === "any") return c.items.flatMap(diagnosisLeaves);
  return [];
}
