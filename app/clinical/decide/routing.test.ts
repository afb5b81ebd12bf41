/**
 * Issue 24, item 5: a fax for another payer is routed ("misdirected — return to sender / route to
 * …"), never denied as "member not eligible"; a member on this plan's roster is ours whatever the
 * cover sheet says; a document that is no request is routed back too.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { builtinAgents } from "../pipeline/builtin-agents";
import { runPipeline } from "../pipeline/run-pipeline";
import { faxPages, pipelineInputs, scenarioArb } from "../pipeline/synthetic-cases";
import { docFromPages, emptyFacts } from "../testing";
import { namesOurPayer, routeRequest } from "./routing";

const OURS = ["Great Lakes Mutual Health", "Great Lakes Mutual Health Commercial PPO 2026", "GLMH-PPO-2026"];

describe("namesOurPayer", () => {
  it("our names, initials and plan ID are ours; another payer is not; a generic name cannot tell", () => {
    expect(namesOurPayer("Great Lakes Mutual", OURS)).toBe(true);
    expect(namesOurPayer("GLMH Commercial PPO", OURS)).toBe(true);
    expect(namesOurPayer("Aetna Better Health of Illinois", OURS)).toBe(false);
    expect(namesOurPayer("Blue Cross Blue Shield of Texas", OURS)).toBe(false);
    expect(namesOurPayer("Commercial PPO health plan", OURS)).toBe(true);
  });

  it("only a known payer's name routes a request away: a plan's own name written otherwise never does", () => {
    const facts = emptyFacts({
      patient: { ...emptyFacts().patient, last_name: "Lopez", insurance_plan: "NC Medicaid Managed Care • Pharmacy Department Fax" },
    });
    const noMember = { eligible: false, member: null, reason: "", formulary: null, citations: [] };
    expect(
      routeRequest(facts, docFromPages(["PRIOR AUTHORIZATION REQUEST"]), noMember, ["Blue Ridge Community Health Plan Medicaid 2026", "BRCHP-MCD-2026"]),
    ).toBeNull();
    const aetna = emptyFacts({ patient: { ...emptyFacts().patient, last_name: "Lopez", insurance_plan: "Aetna Better Health of NC" } });
    expect(routeRequest(aetna, docFromPages(["PRIOR AUTHORIZATION REQUEST"]), noMember, ["Blue Ridge Community Health Plan Medicaid 2026"])).toMatchObject({
      kind: "other_payer",
      payer: "Aetna Better Health of NC",
    });
    // our own plan being an Aetna plan: an Aetna cover sheet is ours
    expect(routeRequest(aetna, docFromPages(["PRIOR AUTHORIZATION REQUEST"]), noMember, ["Aetna Better Health of North Carolina"])).toBeNull();
  });
});

describe("misdirected requests through the engine", () => {
  // an eligible-looking request whose patient is on no roster of this plan, cleanly read
  const [{ p, c }] = fc.sample(
    scenarioArb().filter(({ c }) => c.eligible),
    { numRuns: 1, seed: 77 },
  );
  const otherPayerInputs = (onRoster: boolean) => {
    const pages = faxPages(c, p);
    pages[0] = `${pages[0]}\nHealth plan: Aetna Better Health of Illinois`;
    const inputs = pipelineInputs(c, p, pages);
    if (!onRoster) inputs.roster = inputs.roster.filter((m) => m.member_id !== c.memberId);
    return inputs;
  };

  it("without this plan's names the engine denied it as 'member not eligible' (the defect)", async () => {
    const r = await runPipeline(otherPayerInputs(false), builtinAgents);
    expect(r.decision.final_decision).toBe("denied");
    expect(r.decision.rule).toBe("deny_not_eligible");
  });

  it("with this plan's names it is routed to the payer it names, never denied", async () => {
    const r = await runPipeline({ ...otherPayerInputs(false), payerNames: OURS }, builtinAgents);
    expect(r.decision.final_decision).toBe("needs_more_information");
    expect(r.decision.rule).toBe("route_misdirected");
    expect(r.decision.routing).toMatchObject({ kind: "other_payer", payer: "Aetna Better Health of Illinois" });
    expect(r.decision.ai_summary).toMatch(/^Misdirected: .*Return it to the sender or route it to Aetna Better Health of Illinois\./);
  });

  it("a member on this plan's roster is decided as usual whatever payer the fax names", async () => {
    const r = await runPipeline({ ...otherPayerInputs(true), payerNames: OURS }, builtinAgents);
    expect(r.decision.rule).not.toBe("route_misdirected");
    expect(r.decision.routing ?? null).toBeNull();
  });

  it("a document that is no request is routed back to the sender", () => {
    const doc = docFromPages(["Thank you for your referral. Please find the office hours and directions enclosed."]);
    const routing = routeRequest(emptyFacts(), doc, { eligible: null, member: null, reason: "", formulary: null, citations: [] }, OURS);
    expect(routing).toMatchObject({ kind: "not_a_request", payer: null });
    // a request nothing could be read from is no misdirection: it needs a reviewer
    const blankRequest = docFromPages(["PRIOR AUTHORIZATION REQUEST (illegible)"]);
    expect(routeRequest(emptyFacts(), blankRequest, { eligible: null, member: null, reason: "", formulary: null, citations: [] }, OURS)).toBeNull();
  });
});

describe("a routed request offers no denial letter", () => {
  it("denialLetterAllowed: an AI 'needs more information' offers one, unless the request was routed; a reviewer's denial still does", async () => {
    const { denialLetterAllowed } = await import("~/prior-auths/get-prior-auth-detail.server");
    expect(denialLetterAllowed("needs_more_information", null)).toBe(true);
    expect(denialLetterAllowed("needs_more_information", null, true)).toBe(false);
    expect(denialLetterAllowed("needs_more_information", "deny", true)).toBe(true);
  });
});
