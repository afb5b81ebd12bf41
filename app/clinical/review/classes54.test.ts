/**
 * Classes of policy / fax reading found on the pends of beaverstate-cco and the first runs of the blind
 * sets highplains-co and yellowstone-wy (issues 21 and 22, stop 54):
 * 1. an orthostatic fall requirement ("a sustained decrease of at least 20 mmHg systolic or at least
 *    10 mmHg diastolic … within 3 minutes of standing") is compared against the fall the request states
 *    or its supine and standing readings — met only by a compared value, never failed by the reader;
 * 2. a requirement that opens with the request's coded diagnosis and qualifies it ("Dupuytren's
 *    contracture with a palpable cord in the finger to be treated") is met by the qualifier's own words;
 * 3. "When 81435 is billed, single-gene codes … (81201, 81203) … are not separately reimbursable": the
 *    single-gene codes are the included ones, never the panel (the panel line had been denied);
 * 4. a prior-therapy table row whose claim dispensed nothing ("rejected - PA required") is no trial.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import { parseCriterion, parseExclusion } from "../policy/parse-criterion";
import { buildCaseIndex } from "../evidence/case-index";
import { bundledCodeRules } from "../policy/bundled-codes";
import { extractCaseFacts } from "../extract/extract-case";
import { evalContext, evaluateCriterion } from "./evaluate";
import { orthostaticFallMet, readFallRequirement } from "./orthostatic";
import type { CaseFacts } from "../contracts";

const DAY = "2026-11-25";
const DRUG = "Examplidopa";
const ctxOf = (text: string, facts: Partial<CaseFacts> = {}) =>
  evalContext({ idx: buildCaseIndex(docFromPages([text]), DAY), facts: emptyFacts(facts), requestDate: DAY, requestedNames: [DRUG] });
const NONE = { conditions: [], icd10: [] };
const criterion = (policy: string, fax: string, facts: Partial<CaseFacts> = {}) =>
  evaluateCriterion(parseCriterion(policy, "", { drugNames: [DRUG] }), ctxOf(fax, facts), "criterion", NONE);

const OH =
  "orthostatic hypotension documented by a sustained decrease of at least 20 mmHg systolic or at least 10 mmHg diastolic blood pressure within 3 minutes of standing or head-up tilt, recorded within the past 6 months";

describe("an orthostatic fall requirement", () => {
  it("reads the amounts, the alternative, the minutes and the window", () => {
    expect(readFallRequirement(OH)).toEqual({ need: { systolic: 20, diastolic: 10 }, any: true, minutes: 3, withinDays: 183 });
    expect(readFallRequirement("a fall of at least 20 mmHg systolic and 10 mmHg diastolic on standing")?.any).toBe(false);
    expect(readFallRequirement("systolic blood pressure of 140 mmHg or more")).toBeNull();
  });

  it("is met by a stated fall dated inside the window", () => {
    const fax = [
      "Office visit 11/18/2026",
      "Assessment: symptomatic neurogenic orthostatic hypotension: systolic fall of 44 mmHg and diastolic fall of 18 mmHg",
      "at 3 minutes of standing with only a 6 bpm heart-rate rise.",
    ].join("\n");
    const r = criterion(OH, fax);
    expect(r.outcome).toBe("met");
    expect(r.reason).toMatch(/systolic fall 44 mmHg \(at least 20\)/);
  });

  it("is met by the supine and standing readings of an orthostatic table, within the minutes", () => {
    const fax = [
      "Orthostatic vital signs (clinic, 11/18/2026)",
      "Position BP (mmHg) HR (bpm)",
      "Supine, 5 min 148/84 68",
      "Standing, 1 min 112/70 72",
      "Standing, 3 min 104/66 74",
    ].join("\n");
    expect(criterion(OH, fax).outcome).toBe("met");
  });

  it("stays with a reviewer when the fall is smaller, too old, taken later than the minutes or never written", () => {
    const small = ["Orthostatic vitals 11/18/2026", "Supine 5 min 128/80", "Standing 3 min 118/76"].join("\n");
    expect(criterion(OH, small).outcome).toBe("insufficient");
    const old = ["Orthostatic vitals 01/10/2026", "Supine 5 min 148/84", "Standing 3 min 104/66"].join("\n");
    expect(criterion(OH, old).outcome).toBe("insufficient");
    const late = ["Orthostatic vitals 11/18/2026", "Supine 5 min 148/84", "Standing 10 min 104/66"].join("\n");
    expect(criterion(OH, late).outcome).toBe("insufficient");
    expect(criterion(OH, "Lightheaded on standing; orthostatics to be done next visit.").outcome).toBe("insufficient");
    // a negated fall is no measurement
    const req = readFallRequirement(OH)!;
    const idx = buildCaseIndex(docFromPages(["11/18/2026: no systolic drop of 20 mmHg on standing"]), DAY);
    expect(orthostaticFallMet(req, idx, DAY)).toBeNull();
  });
});

describe("a requirement that qualifies the request's coded diagnosis", () => {
  const REQ = "Dupuytren's contracture with a palpable cord in the finger to be treated";
  const fax = "Right hand: palpable pretendinous cord from the distal palm to the base of the ring finger.\nPlan: collagenase injection.";
  const coded = (code: string, description: string) => ({ diagnoses: [{ code, description, primary: true, citations: [] }] });

  it("is met by the qualifier's own words when the request is coded with the diagnosis", () => {
    expect(criterion(REQ, fax, coded("M72.0", "Dupuytren's contracture (palmar fascial fibromatosis)")).outcome).toBe("met");
  });

  it("is not met that way for another diagnosis, nor without the qualifier", () => {
    expect(criterion(REQ, fax, coded("N48.6", "Peyronie's disease")).outcome).toBe("insufficient");
    expect(criterion(REQ, "Plan: collagenase injection.", coded("M72.0", "Dupuytren's contracture")).outcome).toBe("insufficient");
  });

  it("never makes an exclusion apply", () => {
    const ex = parseExclusion("Dupuytren's contracture with a prior fasciectomy of the same finger", { drugNames: [DRUG] });
    const r = evaluateCriterion(ex, ctxOf("Prior fasciectomy of the same finger in 2019.", coded("M72.0", "Dupuytren's contracture")), "exclusion", NONE);
    expect(r.outcome).not.toBe("met");
  });
});

describe("a bundling sentence led by the code the others are included in", () => {
  const lines = (t: string) => t.split("\n").map((text) => ({ text }));
  it("includes the listed single-gene codes in the panel, never the panel in them", () => {
    const rules = bundledCodeRules(
      lines(
        "E1. 81435 and 81436 include sequence and deletion / duplication analysis of every gene in the panel. When 81435 is\nbilled, single-gene sequence or duplication / deletion codes for genes included in the panel (81201, 81203, 81292)\nbilled for the same member and the same specimen or date of service are not separately reimbursable and are denied.",
      ),
      () => null,
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ kind: "bundled_code", codes: ["81201", "81203", "81292"], included_in: ["81435"] });
  });
});

describe("a prior-therapy table row that dispensed nothing", () => {
  it("is no trial", () => {
    const doc = docFromPages([
      [
        "Prior medications tried",
        "Sertraline 100 mg daily 01/2026 - 05/2026 inadequate response",
        "Escitalopram 20 mg daily 06/2026 rejected - PA required, never picked up",
        "Clinical rationale: see note",
      ].join("\n"),
    ]);
    const drugs = extractCaseFacts(doc).prior_therapies.map((t) => t.drug_name.toLowerCase());
    expect(drugs.some((d) => d.includes("sertraline"))).toBe(true);
    expect(drugs.some((d) => d.includes("escitalopram"))).toBe(false);
  });
});

describe("a relative's history and an age at diagnosis", () => {
  it("is a family history to document, never the member's age or diagnosis", () => {
    const c = parseCriterion("one or more first- or second-degree relatives with a Lynch-associated cancer diagnosed before age 50", "", { drugNames: [] });
    expect(c.kind).toBe("documentation");
    expect(parseCriterion("colorectal cancer diagnosed before age 50", "", { drugNames: [] }).kind).not.toBe("age");
    expect(parseCriterion("The member is 18 years of age or older", "", { drugNames: [] })).toMatchObject({ kind: "age", min_years: 18 });
  });
});
