/**
 * Issue 24, item 3: the lines shown beside the AI decision never contradict the evidence the
 * decision used. Generated requests (app/clinical/pipeline/synthetic-cases.ts) run through the whole
 * built-in engine; for every outcome kind — approval on criteria, exclusion denial, criteria denial,
 * not a member, needs more information, a drug not on the formulary — the agent lines are checked
 * against the decision's rule and the review's own results. The old clinical line read the review's
 * paths only and fell back to "No coverage policy applied." (an exclusion denial has a policy but
 * no path), which the first test catches.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { builtinAgents } from "~/clinical/pipeline/builtin-agents";
import { runPipeline, type PipelineResult } from "~/clinical/pipeline/run-pipeline";
import { DRUGS, approvable, faxPages, pipelineInputs, scenarioArb, type CaseSpec, type PolicySpec } from "~/clinical/pipeline/synthetic-cases";
import { FAILURE, INTOLERANCE, withoutDeniedAdverseEffects } from "~/clinical/vocabulary/language";
import { agentSummaries, type AgentSummary } from "./agent-summaries";
import { requestedDrugLabel } from "./requested-drug";

const lines = (r: PipelineResult) =>
  Object.fromEntries(
    agentSummaries({
      eligibility: r.eligibility,
      review: r.review,
      audit: r.audit,
      decision: r.decision,
      requestedDrug: requestedDrugLabel(r.facts.medication),
    }).map((a) => [a.agent, a]),
  ) as Record<AgentSummary["agent"], AgentSummary>;

/** The agreement every outcome must satisfy (see the module comment). */
function checkAgreement(r: PipelineResult) {
  const l = lines(r);
  const rule = r.decision.rule;
  const all = Object.values(l).map((a) => a.summary);
  for (const s of all) {
    expect(s).not.toMatch(/\[(?:met|not_met|insufficient)\]/);
    expect(s.trim()).not.toBe("");
  }
  // a policy was applied: no line says none was
  if (r.review) expect(l.clinical.summary).not.toMatch(/no coverage policy/i);
  else expect(l.clinical.summary).toMatch(/no coverage policy on this plan matches/i);
  if (rule === "deny_exclusion") {
    expect(l.clinical.approved).toBe(false);
    expect(l.clinical.summary).toMatch(/exclusion applies/i);
  }
  if (rule === "deny_criteria" || rule === "deny_not_covered") expect(l.clinical.approved).toBe(false);
  if (rule === "approve") {
    expect(l.clinical.approved).toBe(true);
    expect(l.eligibility.approved).toBe(true);
    expect(l.clinical.summary).toMatch(/criteria met/);
  }
  if (rule === "deny_not_eligible") {
    expect(l.eligibility.approved).toBe(false);
    expect(l.clinical.summary).toMatch(/not decisive/i);
  }
  if (r.decision.final_decision !== "approved") expect(Object.values(l).every((a) => a.approved === true)).toBe(false);
}

const SEED = 2424;

describe("agent lines agree with the decision (issue 24, item 3)", () => {
  it("over generated requests of every outcome kind", { timeout: 300_000 }, async () => {
    const scenarios = fc.sample(scenarioArb(), { numRuns: 80, seed: SEED });
    const seen = new Set<string>();
    for (const { p, c } of scenarios) {
      const r = await runPipeline(pipelineInputs(c, p), builtinAgents);
      seen.add(r.decision.rule ?? "?");
      checkAgreement(r);
    }
    // the sample covers the kinds the issue names
    for (const kind of ["approve", "deny_exclusion", "deny_not_eligible"]) expect([...seen]).toContain(kind);
    expect([...seen].some((k) => k.startsWith("pend_"))).toBe(true);
  });

  it("an exclusion denial names the exclusion, never 'No coverage policy applied'", { timeout: 120_000 }, async () => {
    const found = fc
      .sample(scenarioArb(), { numRuns: 400, seed: SEED })
      .find(({ p, c }) => p.exclusion && c.concurrentBiologic && c.eligible && c.diagnosis.covered);
    expect(found).toBeDefined();
    const r = await runPipeline(pipelineInputs(found!.c, found!.p), builtinAgents);
    expect(r.decision.rule).toBe("deny_exclusion");
    const l = lines(r);
    expect(l.clinical.summary).toMatch(/^Policy exclusion applies: /);
    expect(l.clinical.approved).toBe(false);
  });

  it("a drug not on the formulary: the lines name it as requested and say so; the decision pends", async () => {
    const [{ p, c }] = fc.sample(scenarioArb(), { numRuns: 1, seed: SEED });
    const humira = DRUGS.find((d) => d.brand === "Humira")!;
    const policy: PolicySpec = { ...p, drug: humira };
    const inputs = pipelineInputs({ ...c, eligible: true } as CaseSpec, policy);
    // the plan carries another drug only, and no policy for Humira
    inputs.formulary = [{ drug_name: "methotrexate", ndc: "00054-4550-25", tier: 1, requires_prior_auth: false, quantity_limit: null, step_therapy: [] }];
    inputs.policies = [{ id: "mtx", drug_names: ["methotrexate"] }];
    const r = await runPipeline(inputs, builtinAgents);
    expect(r.facts.medication.drug_name).toBe("Humira");
    expect(r.eligibility.formulary).toBeNull();
    expect(r.decision.final_decision).toBe("needs_more_information");
    expect(r.decision.ai_summary).toContain("Humira");
    expect(r.decision.ai_summary).toContain("not on the plan's formulary");
    const l = lines(r);
    expect(l.eligibility.summary).toMatch(/The requested drug \(Humira[^)]*NDC 00074-0554-02\) is not on the plan's formulary/);
    expect(l.clinical.summary).toMatch(/Humira.*not on the plan's formulary/);
    expect(l.clinical.approved).toBeNull();
    checkAgreement(r);
  });

  it(
    "a trial's outcome in the rationale is the outcome its own citation states (inadequate response, never 'not tolerated')",
    { timeout: 120_000 },
    async () => {
      const found = fc
        .sample(scenarioArb(), { numRuns: 400, seed: SEED })
        .find(
          ({ p, c }) =>
            p.criteria.includes("trial") && !p.criteria.includes("trial_or_intolerance") && c.trialOutcome === "inadequate response" && approvable(c, p),
        );
      expect(found).toBeDefined();
      const { p, c } = found!;
      // the fax says the drug was tolerated and did not work
      const pages = faxPages(c, p).map((page) => page.replace(/, inadequate response\./, ", no GI side effects, inadequate response (DAS28-CRP 5.1)."));
      expect(pages.join("\n")).toContain("no GI side effects, inadequate response");
      const r = await runPipeline(pipelineInputs(c, p, pages), builtinAgents);
      const criteria = [...(r.review?.exclusions ?? []), ...(r.review?.paths.flatMap((x) => x.criteria) ?? [])];
      const trial = criteria.find((k) => /^Documented: /.test(k.reason) && /inadequate response/.test(k.reason));
      expect(trial, criteria.map((k) => k.reason).join("\n")).toBeDefined();
      expect(r.decision.rationale).not.toMatch(/not tolerated/);
      // every outcome a criterion states is stated by one of the passages it cites
      for (const k of criteria) {
        const quotes = k.citations.map((q) => q.text).join("\n");
        if (/, not tolerated\b/.test(k.reason)) expect(INTOLERANCE.test(withoutDeniedAdverseEffects(quotes)), k.reason).toBe(true);
        if (/^Documented: .*, inadequate response/.test(k.reason)) expect(FAILURE.test(quotes), k.reason).toBe(true);
      }
      checkAgreement(r);
    },
  );

  it("a request routed to another payer: the clinical line says its criteria were not decisive, never a green 'criteria met'", async () => {
    const [{ p, c }] = fc.sample(
      scenarioArb().filter(({ c }) => c.eligible),
      { numRuns: 1, seed: 77 },
    );
    const pages = faxPages(c, p);
    pages[0] = `${pages[0]}\nHealth plan: Aetna Better Health of Illinois`;
    const inputs = pipelineInputs(c, p, pages);
    inputs.roster = inputs.roster.filter((m) => m.member_id !== c.memberId);
    const r = await runPipeline({ ...inputs, payerNames: ["Great Lakes Mutual Health", "GLMH-PPO-2026"] }, builtinAgents);
    expect(r.decision.rule).toBe("route_misdirected");
    const l = lines(r);
    expect(l.clinical.summary).toMatch(/Not decisive: the request is for another payer/);
    expect(l.clinical.approved).toBeNull();
    checkAgreement(r);
  });
});
