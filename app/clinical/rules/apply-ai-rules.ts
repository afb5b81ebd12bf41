/**
 * Custom AI rules applied to a case: scope checks, deterministic evaluation of the rule language
 * (rule-language.ts) at the eligibility, clinical and audit stages, and the effect of the rules that
 * fired on the decision. Database-free; the same code runs for the built-in engine and the model
 * path (the model additionally sees the rules in its audit prompt).
 *
 * Safety: `applyRuleEffects` can turn an approval into needs-more-information (require / route to a
 * clinical reviewer), add items to ask for, add notes and lower the confidence. It never produces
 * a denial and never turns a denial or a pend into an approval: a denial still comes only from the
 * decision layer's cited failed criterion (decide/apply-decision-rules.ts).
 */
import type { CaseFacts, DecisionResult, EligibilityResult, ParsedDocument, TraversalStep } from "../contracts";
import { evaluateCondition, parseAction, parseCondition, type RuleAction, type RuleContext } from "./rule-language";

export type RuleStage = "eligibility" | "clinical" | "audit";

/** An organisation's AI rule as the engine sees it (scope fields empty/absent = no restriction). */
export interface OrgRule {
  name: string;
  description: string;
  /** the stage whose results the rule reads (default "audit") */
  applies_to?: RuleStage;
  conditions: string[];
  actions: string[];
  scoped_drug_names?: string[];
  scoped_plan_ids?: string[];
  scoped_ndcs?: string[];
  scoped_rxnorms?: string[];
  /** YYYY-MM-DD inclusive bounds on the request date */
  start_date?: string | null;
  end_date?: string | null;
  /** 1 applies first */
  priority?: number;
}

/** A rule whose conditions all held on a case. */
export interface RuleFiring {
  name: string;
  stage: RuleStage;
  conditions: string[];
  action_texts: string[];
  actions: RuleAction[];
}

/** A rule that could not be applied (its text does not parse). */
export interface RuleSkip {
  name: string;
  stage: RuleStage;
  error: string;
}

const day = 86400000;
const lc = (s: string) => s.toLowerCase().trim();
const digits = (s: string) => s.replace(/\D/g, "");

/** Member age in whole years on `on` (YYYY-MM-DD); null when either date is unknown. */
export function ageOn(birthDate: string | null | undefined, on: string | null | undefined): number | null {
  if (!birthDate || !on) return null;
  const b = Date.parse(birthDate),
    d = Date.parse(on);
  if (Number.isNaN(b) || Number.isNaN(d)) return null;
  return Math.floor((d - b) / (365.2425 * day));
}

/** The values conditions read (rule-language FIELD_DOCS), from the case's facts and eligibility. */
export function ruleContext(facts: CaseFacts, eligibility: EligibilityResult | null, caseDoc?: ParsedDocument | null): RuleContext {
  const med = facts.medication;
  const row = eligibility?.formulary ?? null;
  const ql = row?.quantity_limit ?? null;
  const days = med?.days_supply ?? ql?.period_days ?? null;
  return {
    age: ageOn(facts.patient?.birth_date ?? eligibility?.member?.birth_date, facts.request_date),
    quantity: med?.quantity ?? null,
    limit: ql && days ? ql.amount * Math.max(1, Math.ceil(days / ql.period_days)) : null,
    days_supply: med?.days_supply ?? null,
    duration_months: med?.duration_months ?? null,
    tier: row?.tier ?? null,
    pa_required: row ? row.requires_prior_auth : null,
    drug: [med?.drug_name, med?.generic_name, med?.drug_name_as_written].filter(Boolean).join(" | ") || null,
    ndc: med?.ndc ?? row?.ndc ?? null,
    diagnosis: (facts.diagnoses ?? []).map((d) => [d.code, d.description].filter(Boolean).join(" ")).join(" | ") || null,
    specialty: facts.practitioner?.specialty ?? null,
    urgency: facts.urgency ?? null,
    member_id: facts.patient?.member_id ?? null,
    eligible: eligibility ? eligibility.eligible : null,
    text: caseDoc ? caseDoc.pages.map((p) => p.text).join("\n") : null,
  };
}

/**
 * Whether a rule applies to this case by its scope: every non-empty scope list must match (drug
 * names against the requested brand/generic names, NDCs by digits, RxCUIs against the formulary
 * row's RxCUI, plan ids against the case's plan) and the request date must lie within the dates.
 * An unknown value (no NDC read, no plan) is out of scope: a scoped rule fires only when it is sure.
 */
export function ruleInScope(rule: OrgRule, facts: CaseFacts, eligibility: EligibilityResult | null, planId: string | null): boolean {
  const med = facts.medication;
  if (rule.scoped_drug_names?.length) {
    const names = [med?.drug_name, med?.generic_name, med?.drug_name_as_written].filter((x): x is string => !!x).map(lc);
    const hit = rule.scoped_drug_names
      .map(lc)
      .filter(Boolean)
      .some((s) => names.some((n) => n === s || n.split(/[\s/(),-]+/).includes(s) || n.startsWith(`${s} `)));
    if (!hit) return false;
  }
  if (rule.scoped_ndcs?.length) {
    const ndc = digits(med?.ndc ?? eligibility?.formulary?.ndc ?? "");
    if (!ndc || !rule.scoped_ndcs.some((n) => digits(n) === ndc || (digits(n).length >= 8 && ndc.startsWith(digits(n))))) return false;
  }
  if (rule.scoped_rxnorms?.length) {
    const rx = (eligibility?.formulary as { rxcui?: string | null } | null)?.rxcui ?? null;
    if (!rx || !rule.scoped_rxnorms.map((r) => r.trim()).includes(rx)) return false;
  }
  if (rule.scoped_plan_ids?.length && (!planId || !rule.scoped_plan_ids.includes(planId))) return false;
  if (rule.start_date || rule.end_date) {
    const on = facts.request_date;
    if (!on) return false;
    if (rule.start_date && on < rule.start_date.slice(0, 10)) return false;
    if (rule.end_date && on > rule.end_date.slice(0, 10)) return false;
  }
  return true;
}

/**
 * Evaluate the rules of one stage on a case, in priority order (1 first). A rule fires when it is
 * in scope and every condition holds; a rule with no conditions fires whenever it is in scope.
 * Rules whose text does not parse are reported in `skipped`, never guessed at. Pure.
 */
export function evaluateRules(
  rules: OrgRule[],
  stage: RuleStage,
  input: { facts: CaseFacts; eligibility: EligibilityResult | null; caseDoc?: ParsedDocument | null; planId?: string | null },
): { fired: RuleFiring[]; skipped: RuleSkip[] } {
  const fired: RuleFiring[] = [];
  const skipped: RuleSkip[] = [];
  const mine = rules.filter((r) => (r.applies_to ?? "audit") === stage).sort((a, b) => (a.priority ?? 5) - (b.priority ?? 5) || a.name.localeCompare(b.name));
  if (!mine.length) return { fired, skipped };
  const ctx = ruleContext(input.facts, input.eligibility, input.caseDoc);
  for (const r of mine) {
    let conds, acts: RuleAction[];
    try {
      conds = r.conditions.filter((c) => c.trim()).map(parseCondition);
      acts = r.actions.filter((a) => a.trim()).map(parseAction);
    } catch (e) {
      skipped.push({ name: r.name, stage, error: e instanceof Error ? e.message : String(e) });
      continue;
    }
    if (!ruleInScope(r, input.facts, input.eligibility, input.planId ?? null)) continue;
    if (conds.every((c) => evaluateCondition(c, ctx)))
      fired.push({ name: r.name, stage, conditions: r.conditions.filter((c) => c.trim()), action_texts: r.actions.filter((a) => a.trim()), actions: acts });
  }
  return { fired, skipped };
}

/** The trail step that records a fired (or skipped) rule, with its name. */
export function ruleTrailStep(f: RuleFiring | RuleSkip): TraversalStep {
  if ("error" in f)
    return { node_question_or_action: `AI rule "${f.name}" (${f.stage})`, node_answer: `Not applied: the rule does not parse (${f.error})`, next_node: null };
  return {
    node_question_or_action: `AI rule "${f.name}" (${f.stage})`,
    node_answer: `Fired${f.conditions.length ? ` — ${f.conditions.join(" and ")}` : ""} → ${f.action_texts.join("; ") || "no action"}`,
    next_node: null,
  };
}

/**
 * Apply the fired rules to a decision (see the module comment for what they may and may not do).
 * Returns the decision unchanged when nothing fired or was skipped. Pure.
 */
export function applyRuleEffects(d: DecisionResult, fired: RuleFiring[], skipped: RuleSkip[] = []): DecisionResult {
  if (!fired.length && !skipped.length) return d;
  const all = (k: RuleAction["kind"]) => fired.flatMap((f) => f.actions.filter((a) => a.kind === k).map((a) => ({ rule: f.name, a })));
  const requires = all("require").map(({ rule, a }) => ({ rule, item: (a as { item: string }).item }));
  const routes = all("route_to_reviewer").map(({ rule, a }) => ({ rule, reviewer: (a as { reviewer: string }).reviewer }));
  const notes = all("note").map(({ rule, a }) => `AI rule "${rule}": ${(a as { text: string }).text}`);
  let confidence = d.confidence_score;
  for (const { a } of all("lower_confidence")) {
    const l = a as { by?: number; to?: number };
    if (l.by != null) confidence -= l.by;
    if (l.to != null) confidence = Math.min(confidence, l.to);
  }
  const out: DecisionResult = {
    ...d,
    decision_tree_traversal: [...d.decision_tree_traversal, ...fired.map(ruleTrailStep), ...skipped.map(ruleTrailStep)],
    confidence_score: Math.max(0, Math.min(1, confidence)),
  };
  const firedNote = fired.length ? `AI rules fired: ${fired.map((f) => `"${f.name}" (${f.stage})`).join(", ")}.` : "";
  const lines = [firedNote, ...notes].filter(Boolean);
  const items = [...new Set([...requires.map((r) => r.item), ...routes.map((r) => `Review by a ${r.reviewer} (AI rule "${r.rule}")`)])];

  if (d.final_decision === "approved" && items.length) {
    const why = [
      ...requires.map((r) => `AI rule "${r.rule}" requires ${r.item}`),
      ...routes.map((r) => `AI rule "${r.rule}" routes the case to a ${r.reviewer}`),
    ];
    return {
      ...out,
      final_decision: "needs_more_information",
      rule: "pend_ai_rule",
      confidence_score: Math.min(out.confidence_score, 0.6),
      ai_summary: `Needs more information: the criteria are met, but ${why.join("; ")}.`,
      rationale: `${d.rationale}\n\n${lines.join("\n")}\nThe approval is held: ${why.join("; ")}.`.trim(),
      missing_items: [...new Set([...(d.missing_items ?? []), ...items])],
    };
  }
  if (d.final_decision === "needs_more_information" && items.length) {
    return { ...out, missing_items: [...new Set([...(d.missing_items ?? []), ...items])], rationale: `${d.rationale}\n\n${lines.join("\n")}`.trim() };
  }
  // a denial stays what the decision layer made it (its cited failed criterion), with the notes beside it
  return lines.length ? { ...out, rationale: `${d.rationale}\n\n${lines.join("\n")}`.trim() } : out;
}
