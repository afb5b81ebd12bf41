/**
 * Classes from the first run of the blind set golden-ca (issue 21), written here in other words:
 * 1. a concurrent-use exclusion limited to one purpose ("used together with a DPP-4 inhibitor
 *    prescribed for weight management") does not apply to the drug taken for another condition
 *    (type 2 diabetes); when the request does not say what the drug is for, a reviewer decides — an
 *    approvable request was denied on such an exclusion at 0.90;
 * 2. a screening requirement written as "other causes … have been excluded, including hepatitis B
 *    and hepatitis C (antibody, with RNA if the antibody is positive)" requires negative results: the
 *    follow-up on a positive result is no required result (negative screens were read as failing).
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import type { Criterion } from "../contracts";
import { parseCriterion } from "../policy/parse-criterion";
import { buildCaseIndex } from "../evidence/case-index";
import { evalContext, evaluateCriterion } from "./evaluate";
import { concurrentPurpose, rulePurposes } from "./concurrent-purpose";

const DAY = "2026-11-20";
const P = { drugNames: ["obeticholic acid"] };
const parse = (s: string) => parseCriterion(s, "", P);
const judge = (policy: string | Criterion, notes: string, role: "criterion" | "exclusion" = "criterion") =>
  evaluateCriterion(
    typeof policy === "string" ? parse(policy) : policy,
    evalContext({ idx: buildCaseIndex(docFromPages([notes]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: ["obeticholic acid"] }),
    role,
    { conditions: [], icd10: [] },
  );

describe("a concurrent-use rule limited to one purpose", () => {
  const rule = "Use together with liraglutide prescribed for NASH. Liraglutide prescribed for type 2 diabetes is not combination NASH therapy.";
  it("reads the purpose from the rule's first sentence only", () => {
    expect(rulePurposes(rule, "liraglutide")).toEqual(["nonalcoholic steatohepatitis"]);
    expect(rulePurposes("Concomitant use of a strong CYP3A4 inhibitor (for example ketoconazole).", "ketoconazole")).toEqual([]);
    expect(rulePurposes("Use with liraglutide prescribed for any condition other than NASH.", "liraglutide")).toEqual([]);
  });
  it("limits only the drug or class written right before the purpose", () => {
    const list = "Concomitant use with another bone agent: a bisphosphonate, abaloparatide or raloxifene used for osteoporosis.";
    expect(rulePurposes(list, "raloxifene")).toEqual(["osteoporosis"]);
    expect(rulePurposes(list, "abaloparatide")).toEqual([]);
    expect(rulePurposes("Use with a GLP-1 receptor agonist prescribed for NASH.", "liraglutide")).toEqual(["nonalcoholic steatohepatitis"]);
  });
  it("does not apply to the drug documented for another condition", () => {
    const ev = judge(
      rule,
      "Her type 2 diabetes is managed by her internist with Victoza (liraglutide) 1.8 mg daily since 2023 for glucose control.",
      "exclusion",
    );
    expect(ev.outcome).toBe("not_met");
    expect(ev.reason).toMatch(/type 2 diabetes/);
  });
  it("applies when the drug is documented for the rule's own purpose", () => {
    const ev = judge(rule, "Liraglutide 1.8 mg daily was started in 2025 for her NASH and continues.", "exclusion");
    expect(ev.outcome).toBe("met");
  });
  it("goes to a reviewer when the request does not say what the drug is for", () => {
    const ev = judge(rule, "She takes liraglutide 1.8 mg weekly, started 2024 and continuing.", "exclusion");
    expect(ev.outcome).toBe("insufficient");
    expect(ev.missing).toMatch(/prescribed for/);
  });
  it("applies as written to a listed drug the purpose does not qualify", () => {
    const list = "Concomitant use with another bone agent: a bisphosphonate, abaloparatide or raloxifene used for osteoporosis.";
    expect(judge(list, "Abaloparatide 80 mcg subcutaneously daily since 04/2026, continuing.", "exclusion").outcome).toBe("met");
  });
  it("applies unchanged when the rule names no purpose", () => {
    expect(concurrentPurpose([], [])).toBeNull();
    const ev = judge("Use together with liraglutide.", "Liraglutide 1.8 mg daily since 2023 for type 2 diabetes.", "exclusion");
    expect(ev.outcome).toBe("met");
  });
});

describe("a screening requirement written as causes excluded", () => {
  const rule =
    "Other causes of liver disease have been excluded, including hepatitis B (HBsAg) and hepatitis C (HCV antibody, with HCV RNA if the antibody is positive) testing.";
  it("requires negative results, not positive ones", () => {
    const c = parse(rule);
    const tests = c.kind === "all" ? c.items : [c];
    expect(tests.length).toBeGreaterThan(0);
    for (const t of tests) if (t.kind === "test_result") expect(t.result).toBe("negative");
  });
  it("is met by negative screens and not met by a positive one", () => {
    expect(judge(rule, "HBsAg non-reactive 09/12/2026. HCV antibody non-reactive 09/12/2026.").outcome).toBe("met");
    expect(judge(rule, "HBsAg reactive 09/12/2026. HCV antibody non-reactive 09/12/2026.").outcome).not.toBe("met");
  });
  it("keeps a test required positive as positive", () => {
    const c = parse("A positive HCV antibody with detectable HCV RNA if the antibody is positive.");
    const tests = c.kind === "all" ? c.items : [c];
    expect(tests.some((t) => t.kind === "test_result" && t.result === "positive")).toBe(true);
  });
});
