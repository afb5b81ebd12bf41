import { describe, expect, it } from "vitest";
import { evaluateCondition, formatCondition, parseAction, parseCondition, RuleSyntaxError, validateRuleTexts, type RuleContext } from "./rule-language";
import { applyRuleEffects, evaluateRules, ruleContext, type OrgRule } from "./apply-ai-rules";
import { docFromPages, emptyFacts } from "../testing";
import type { DecisionResult, EligibilityResult } from "../contracts";

const ctx = (over: Partial<RuleContext> = {}): RuleContext => ({
  age: 12,
  quantity: 6,
  limit: 4,
  days_supply: 28,
  duration_months: 12,
  tier: 5,
  pa_required: true,
  drug: "Humira | adalimumab",
  ndc: "00074433902",
  diagnosis: "L40.0 Psoriasis vulgaris",
  specialty: "Pediatrics",
  urgency: "standard",
  member_id: "M1",
  eligible: true,
  text: "history of TB",
  ...over,
});
const holds = (src: string, c = ctx()) => evaluateCondition(parseCondition(src), c);

describe("rule language: conditions", () => {
  it("parses precedence: and binds tighter than or; not and parentheses", () => {
    expect(formatCondition(parseCondition("age < 18 or tier >= 4 and not urgency is expedited"))).toBe(
      '(age < 18 or (tier >= 4 and not urgency = "expedited"))',
    );
    expect(formatCondition(parseCondition("(age < 18 or tier >= 4) and quantity > limit"))).toBe("((age < 18 or tier >= 4) and quantity > limit)");
  });
  it("evaluates numeric, field-to-field, list, contains and presence conditions", () => {
    expect(holds("member age < 18")).toBe(true);
    expect(holds("age >= 18")).toBe(false);
    expect(holds("quantity > limit")).toBe(true);
    expect(holds("quantity > limit", ctx({ quantity: 4 }))).toBe(false);
    expect(holds("drug in [etanercept, adalimumab]")).toBe(true);
    expect(holds("drug not in [etanercept, Enbrel]")).toBe(true);
    expect(holds('diagnosis starts with "L40"')).toBe(true);
    expect(holds("text contains tb")).toBe(true);
    expect(holds("specialty is Pediatrics")).toBe(true);
    expect(holds("specialty is not Pediatrics")).toBe(false);
    expect(holds("pa_required = true and eligible is yes")).toBe(true);
    expect(holds("ndc = 00074-4339-02")).toBe(true);
    expect(holds("limit is missing", ctx({ limit: null }))).toBe(true);
  });
  it("an unread value never satisfies a comparison (nor its mirror)", () => {
    const c = ctx({ age: null, quantity: null });
    expect(holds("age < 18", c)).toBe(false);
    expect(holds("age >= 18", c)).toBe(false);
    expect(holds("quantity > limit", c)).toBe(false);
  });
  it("rejects what does not parse, with the offset, and never evaluates code", () => {
    expect(() => parseCondition("age <")).toThrow(RuleSyntaxError);
    expect(() => parseCondition("colour = blue")).toThrow(/field/);
    expect(() => parseCondition("drug in [a, b")).toThrow(/Missing "\]"/);
    expect(() => parseCondition("(age < 18")).toThrow(/Missing "\)"/);
    expect(() => parseCondition("process.exit(1)")).toThrow(RuleSyntaxError);
    try {
      parseCondition("age < 18 )");
    } catch (e) {
      expect((e as RuleSyntaxError).at).toBe(9);
    }
  });
});

describe("rule language: actions", () => {
  it("parses the five actions", () => {
    expect(parseAction("require pediatric specialist")).toEqual({ kind: "require", item: "pediatric specialist" });
    expect(parseAction("needs more information")).toMatchObject({ kind: "require" });
    expect(parseAction("route to clinical reviewer")).toEqual({ kind: "route_to_reviewer", reviewer: "clinical reviewer" });
    expect(parseAction("note: check TB test")).toEqual({ kind: "note", text: "check TB test" });
    expect(parseAction("lower confidence by 20%")).toEqual({ kind: "lower_confidence", by: 0.2 });
    expect(parseAction("lower confidence to 0.4")).toEqual({ kind: "lower_confidence", to: 0.4 });
  });
  it("refuses actions that would decide the case", () => {
    for (const a of ["deny", "Deny the request", "reject", "approve"]) expect(() => parseAction(a)).toThrow(/cannot deny or approve/);
    expect(validateRuleTexts(["age < 18", "age <"], ["deny"])).toHaveLength(2);
  });
});

const decision = (final_decision: DecisionResult["final_decision"]): DecisionResult => ({
  final_decision,
  confidence_score: 0.9,
  ai_summary: "s",
  rationale: "r",
  citations: [],
  decision_tree_traversal: [{ node_question_or_action: "q", node_answer: "yes", next_node: null }],
  rule: final_decision === "denied" ? "deny_criteria" : final_decision === "approved" ? "approve" : "pend_missing_information",
});
const elig: EligibilityResult = {
  eligible: true,
  member: null,
  reason: "",
  formulary: {
    drug_name: "Humira",
    ndc: null,
    tier: 5,
    requires_prior_auth: true,
    quantity_limit: { amount: 2, unit: "pens", period_days: 28 },
    step_therapy: [],
  },
  citations: [],
};
const facts = emptyFacts({
  request_date: "2026-10-01",
  patient: { ...emptyFacts().patient, birth_date: "2015-03-01" },
  medication: { ...emptyFacts().medication, drug_name: "Humira", quantity: 6, days_supply: 28 },
});

describe("AI rules on a case", () => {
  const rules: OrgRule[] = [
    {
      name: "Pediatric",
      description: "",
      applies_to: "eligibility",
      conditions: ["age < 18"],
      actions: ["require pediatric specialist attestation"],
      scoped_drug_names: ["humira"],
    },
    {
      name: "Over limit",
      description: "",
      applies_to: "audit",
      conditions: ["quantity > limit"],
      actions: ["needs more information: quantity justification", "lower confidence by 0.1"],
    },
    { name: "Other drug", description: "", applies_to: "audit", conditions: [], actions: ["route to clinical reviewer"], scoped_drug_names: ["enbrel"] },
    { name: "Expired", description: "", applies_to: "eligibility", conditions: [], actions: ["note x"], end_date: "2025-12-31" },
    { name: "Broken", description: "", applies_to: "audit", conditions: ["age <"], actions: ["note y"] },
  ];
  it("fires rules by stage and scope (drug names, dates); a rule that does not parse is skipped", () => {
    expect(ruleContext(facts, elig).age).toBe(11);
    expect(ruleContext(facts, elig).limit).toBe(2);
    expect(evaluateRules(rules, "eligibility", { facts, eligibility: elig }).fired.map((f) => f.name)).toEqual(["Pediatric"]);
    const audit = evaluateRules(rules, "audit", { facts, eligibility: elig });
    expect(audit.fired.map((f) => f.name)).toEqual(["Over limit"]);
    expect(audit.skipped.map((s) => s.name)).toEqual(["Broken"]);
    expect(evaluateRules(rules, "clinical", { facts, eligibility: elig }).fired).toEqual([]);
  });
  it("holds an approval as needs-more-information, names each rule in the trail, and never denies", () => {
    const fired = [
      ...evaluateRules(rules, "eligibility", { facts, eligibility: elig }).fired,
      ...evaluateRules(rules, "audit", { facts, eligibility: elig }).fired,
    ];
    const out = applyRuleEffects(decision("approved"), fired);
    expect(out.final_decision).toBe("needs_more_information");
    expect(out.missing_items).toEqual(expect.arrayContaining(["pediatric specialist attestation", "quantity justification"]));
    expect(out.decision_tree_traversal.map((t) => t.node_question_or_action)).toEqual([
      "q",
      'AI rule "Pediatric" (eligibility)',
      'AI rule "Over limit" (audit)',
    ]);
    expect(out.confidence_score).toBeLessThanOrEqual(0.6);
    // every starting decision: a rule never produces a denial, never removes one, never approves
    for (const d of ["approved", "needs_more_information", "denied"] as const) {
      const r = applyRuleEffects(decision(d), fired);
      if (d === "denied") expect(r.final_decision).toBe("denied");
      else expect(r.final_decision).toBe("needs_more_information");
      expect(r.rule).not.toMatch(/^deny/.test(decision(d).rule ?? "") ? /^$/ : /^deny/);
    }
  });
  it("a note or lower confidence alone leaves the decision as it is", () => {
    const out = applyRuleEffects(decision("approved"), [
      {
        name: "N",
        stage: "clinical",
        conditions: [],
        action_texts: ["note check"],
        actions: [
          { kind: "note", text: "check" },
          { kind: "lower_confidence", to: 0.7 },
        ],
      },
    ]);
    expect(out.final_decision).toBe("approved");
    expect(out.confidence_score).toBe(0.7);
    expect(out.rationale).toContain('AI rule "N": check');
  });
  it("ruleContext reads the fax text when given", () => {
    expect(ruleContext(facts, elig, docFromPages(["Peds clinic"])).text).toContain("Peds clinic");
  });
});
