/**
 * Classes behind the wasatch-ut first run (stop 42), asserted on synthetic texts:
 * 1. a concurrent-use exclusion with an allowed overlap ("Scheduled use with another antipsychotic
 *    beyond a cross-taper of up to 4 weeks") is never a definite ground for a denial while the
 *    allowance is not read: its adverse confidence is "medium" and the qualifier is named;
 * 2. a course written "from September 2024 to mid-December 2024" ended in mid-December (a stop), its
 *    length counted to the 15th (early = the 1st, late = the 21st: the short side);
 * 3. a per-line-of-business pharmacy policy: "Criteria for continued approval" opens the renewal (the
 *    last initial item no longer runs into it and is kept), "Exclusions (commercial)" opens an exclusion
 *    list, "Key References" and a label's "prescribing information. Maker; 2025." are no criteria;
 * 4. a condition a sentence requires ABSENT ("does not have X", "X is not the cause of Y", "Y not due
 *    to X") is never a required diagnosis; "Y due to X" excludes X, not Y; non-CF bronchiectasis is not
 *    cystic fibrosis; an HRCT is a CT ("Other known causes of ILD have been ruled out" still rules out
 *    causes, not the disease);
 * 5. an "A-B overlap syndrome" is neither A nor B; an exclusion met on the request's diagnosis while the
 *    policy's covered indication is unread is for a reviewer, never a denial.
 */
import { describe, expect, it } from "vitest";
import { parseExclusion } from "../policy/parse-criterion";
import { adverseConfidence, unreadQualifiers } from "../policy/parse-coverage";
import { rangeDuration } from "../codes/dates";
import { parseCriterion } from "../policy/parse-criterion";
import { readPolicy } from "../policy/read-policy";
import { docFromPages, emptyFacts } from "../testing";
import { parseExclusion as parseEx } from "../policy/parse-criterion";
import { evalContext, evaluateCriterion } from "./evaluate";
import { conditionsNamedIn } from "../vocabulary/conditions";
import { buildCaseIndex } from "../evidence/case-index";
import { testFindings } from "../evidence/findings";
import { testByName } from "../vocabulary/tests";

describe("a concurrent-use exclusion with an allowed overlap", () => {
  it("names the allowance as unread and is no definite ground", () => {
    const rule = parseExclusion("Scheduled use with another antipsychotic beyond a cross-taper of up to 4 weeks.", { drugNames: ["Examplo"] });
    expect(["current_therapy", "no_concurrent"]).toContain(rule.kind);
    expect(unreadQualifiers(rule).join(" ")).toMatch(/cross-taper/);
    expect(adverseConfidence(rule)).not.toBe("high");
  });
  it("keeps a plain concurrent-use exclusion definite", () => {
    const rule = parseExclusion("Use in combination with another antipsychotic.", { drugNames: ["Examplo"] });
    expect(adverseConfidence(rule)).toBe("high");
  });
});

describe("a course ending in a part of a month", () => {
  it("reads 'to mid-December 2024' as a stop on the 15th", () => {
    expect(rangeDuration("risperidone 4 mg daily from September 2024 to mid-December 2024", "2026-11-01")).toMatchObject({
      start: "2024-09-01",
      end: "2024-12-15",
      open: false,
    });
    expect(rangeDuration("March 2025 - late May 2025", "2026-11-01")).toMatchObject({ end: "2025-05-21", open: false });
    expect(rangeDuration("from June 2025 through the end of August 2025", "2026-11-01")).toMatchObject({ end: "2025-08-21", open: false });
  });
  it("keeps a plain month range to the month's end", () => {
    expect(rangeDuration("03/2025 - 05/2025", "2026-11-01")).toMatchObject({ end: "2025-05-31" });
  });
});

describe("a per-line-of-business pharmacy policy", () => {
  const policy = readPolicy(
    docFromPages([
      [
        "EXAMPLE HEALTH PLANS PHARMACY POLICY",
        "Description",
        "Examplo is an oral agent approved for non-cystic fibrosis bronchiectasis.",
        "COMMERCIAL PLAN POLICY",
        "Example Health Plans covers Examplo for commercial members who meet ALL of the following criteria:",
        "Criteria for initial approval",
        "1. The member is 12 years of age or older; AND",
        "2. The member has non-cystic fibrosis bronchiectasis; AND",
        "3. Examplo is prescribed by, or in consultation with, a pulmonologist.",
        "Criteria for continued approval",
        "Continued coverage is approved for 12 months when the prescriber documents fewer exacerbations.",
        "Exclusions (commercial)",
        "- Bronchiectasis due to cystic fibrosis.",
        "- Current treatment for active tuberculosis.",
        "Key References",
        "1. Examplo tablets prescribing information. Example Pharma; 2025.",
        "2. Sample AB, et al. Trial of examplo in bronchiectasis. N Engl J Med. 2025;392:1569-1581.",
      ].join("\n"),
    ]),
    { drug_names: ["Examplo"] },
  );
  const initial = JSON.stringify(policy.indications.map((i) => i.criteria));
  it("keeps the last initial item and leaves the renewal out of the initial path", () => {
    expect(initial).toContain("pulmonologist");
    expect(initial).not.toContain("fewer exacerbations");
  });
  it("reads the exclusion list, and no reference, as criteria", () => {
    expect(policy.exclusions.map((e) => e.text).join(" ")).toContain("Bronchiectasis due to cystic fibrosis");
    expect(initial).not.toMatch(/prescribing information|et al/);
  });
  it("excludes the cause of 'Y due to X'", () => {
    const ex = policy.exclusions.find((e) => /due to cystic/.test(e.text))!;
    expect(ex.kind === "excluded_use" && ex.conditions).toEqual(["cystic fibrosis"]);
  });
});

describe("a condition required absent", () => {
  it("is never a required diagnosis", () => {
    expect(parseCriterion("The member does not have cystic fibrosis", "", { drugNames: [] })).toMatchObject({ kind: "documentation", absence: true });
    const c = parseCriterion("Cystic fibrosis is not the cause of the bronchiectasis", "", { drugNames: [] });
    expect(JSON.stringify(c)).not.toMatch(/"kind":"diagnosis","conditions":\[[^\]]*cystic fibrosis/);
    expect(parseCriterion("Diagnosis of asthma", "", { drugNames: [] })).toMatchObject({ kind: "diagnosis", conditions: ["asthma"] });
  });
  it("does not read non-CF bronchiectasis as cystic fibrosis, and reads an HRCT as a CT", () => {
    expect(conditionsNamedIn("non-cystic fibrosis bronchiectasis").map((c) => c.name)).not.toContain("cystic fibrosis");
    const idx = buildCaseIndex(docFromPages(["HRCT 02/11/2025: cylindrical bronchiectasis of both lower lobes"]), "2026-10-21");
    expect(testFindings(idx, testByName("imaging")!).length).toBeGreaterThan(0);
  });
});

describe("exclusions that name the covered condition's family", () => {
  it("reads an overlap syndrome as neither of its two conditions", () => {
    const ex = parseEx("Primary biliary cholangitis-autoimmune hepatitis overlap syndrome.", { drugNames: ["Examplo"] });
    expect(JSON.stringify(ex)).not.toMatch(/"conditions":\[[^\]]*primary biliary cholangitis/);
  });
  it("never denies on the diagnosis while the covered indication is unread", () => {
    const ex = parseEx("Plaque psoriasis without pustules.", { drugNames: ["Examplo"] });
    const DAY = "2026-11-05";
    const facts = emptyFacts({ diagnoses: [{ code: "L40.0", description: "Psoriasis vulgaris", primary: true, citations: [] }] });
    const ctx = () =>
      evalContext({
        idx: buildCaseIndex(docFromPages(["Diagnosis: L40.0 psoriasis vulgaris, plaques on trunk"]), DAY),
        facts,
        requestDate: DAY,
        requestedNames: ["Examplo"],
      });
    expect(evaluateCriterion(ex, ctx(), "exclusion", { conditions: [], icd10: [] }).outcome).toBe("insufficient");
    expect(evaluateCriterion(ex, ctx(), "exclusion", { conditions: ["generalized pustular psoriasis"], icd10: ["L40.1"] }).outcome).toBe("met");
  });
  it("keeps 'other known causes of X ruled out' a requirement about causes", () => {
    const c = parseCriterion("Other known causes of interstitial lung disease have been ruled out (for example, drug toxicity)", "", { drugNames: [] });
    expect(JSON.stringify(c)).not.toContain('"absence":true');
  });
});
