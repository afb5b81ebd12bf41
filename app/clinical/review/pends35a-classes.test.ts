/**
 * Classes of policy / fax reading that left decidable requests pended (issue 21, pends35a):
 * 1. a "no prior X" statement wrapped onto the next line ("… CAS 2/7. No" / "prior Examplumab.") is
 *    read whole, while two form answers on consecutive lines never are;
 * 2. "has not previously received X" fails on a dated, completed earlier course of X;
 * 3. a requirement for members of reproductive potential does not apply to a male member or one
 *    documented after menopause / hysterectomy;
 * 4. "FT4 and FT3 within (or less than 50% outside) the laboratory's normal limits within 60 days" is
 *    met by dated values inside their printed reference ranges — and "less than 50%" is no threshold
 *    on the measure itself;
 * 5. a criteria grid numbered under a "#" column is read row by row, and a "Section 4 -
 *    Reauthorization" heading opens renewal criteria;
 * 6. a pharmacy form's "SIG as written" is the directions (acute use "at onset … prn"), chest / throat /
 *    jaw tightness is an adverse effect, and "the drug names must be documented" beside a met trial
 *    requirement is met by the named trials;
 * 8. "has not had disease progression on a prior X" is a requirement of absence, never a trial of X;
 * 7. an exclusion of one star-allele genotype ("Members with the CYP2C9*3/*3 genotype") is read with
 *    high confidence: the genotype written in the request decides it.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import { parseCriterion, parseThresholds } from "../policy/parse-criterion";
import { buildCaseIndex } from "../evidence/case-index";
import { evalContext, evaluateCriterion, evalWithinNormalLimits, reproductiveScope, withNamedTrials } from "./evaluate";
import { statesIntolerance } from "../evidence/therapies";
import { extractCaseFacts } from "../extract/extract-case";
import { exclusionConfidence } from "./review-case";
import { tablePage } from "../extract/test-pages";
import { docLines } from "../text/lines";
import { readTableColumns } from "../text/table-columns";
import { CONTINUATION_HEAD_RE } from "../policy/outline";
import type { CaseFacts } from "../contracts";

const DAY = "2026-11-20";
const ctxOf = (text: string, facts: CaseFacts = emptyFacts()) =>
  evalContext({ idx: buildCaseIndex(docFromPages([text]), DAY), facts, requestDate: DAY, requestedNames: ["Examplumab"] });
const judge = (policy: string, notes: string, facts?: CaseFacts) =>
  evaluateCriterion(parseCriterion(policy, "", { drugNames: ["Examplumab"] }), ctxOf(notes, facts), "criterion", { conditions: [], icd10: [] });
const withGender = (gender: "male" | "female") =>
  emptyFacts({ patient: { first_name: null, last_name: null, birth_date: null, gender, member_id: null, insurance_plan: null, citations: [] } });

const NO_PRIOR = "The member has not previously received a course of examplumab (8 infusions).";

describe("'has not previously received X'", () => {
  it("reads a 'no prior X' statement wrapped onto the next line", () => {
    const r = judge(NO_PRIOR, "52F Graves' disease, euthyroid. Lid retraction 1 mm OU. CAS 2/7. No\nprior Examplumab.\nDocuments enclosed: notes");
    expect(r.outcome).toBe("met");
    expect(r.citations[0].text).toMatch(/No/);
  });

  it("still reads a statement complete on its line when the next line continues the sentence", () => {
    const r = evaluateCriterion(
      parseCriterion("The member has not received prior PD-1 or PD-L1 inhibitor therapy for this cancer.", "", { drugNames: ["Examplumab"] }),
      ctxOf("Stage IV NSCLC. No prior systemic therapy and no prior\nimmunotherapy or targeted therapy; PD-L1 TPS 80%."),
      "criterion",
      { conditions: [], icd10: [] },
    );
    expect(r.outcome).toBe("met");
  });

  it("never joins two form answers across lines into a 'no prior' statement", () => {
    expect(judge(NO_PRIOR, "Pregnant: No\nPrior Examplumab: Yes, 2024").outcome).toBe("insufficient");
  });

  it("fails on a dated, completed earlier course, quoting it", () => {
    const r = judge(NO_PRIOR, "HPI: Completed 8 Examplumab infusions 03/2024-08/2024 with good response. Now recurrent proptosis.");
    expect(r.outcome).toBe("not_met");
    expect(r.reason).toMatch(/Completed 8 Examplumab infusions/);
  });

  it("never fails on a recent, negated, planned or questioned course", () => {
    expect(judge(NO_PRIOR, "Completed 3 Examplumab infusions 10/2026-11/2026.").outcome).toBe("insufficient");
    expect(judge(NO_PRIOR, "Has not completed any Examplumab course (planned 2024, never started).").outcome).not.toBe("not_met");
    expect(judge(NO_PRIOR, "Completed Examplumab course 03/2024-08/2024? Pending records.").outcome).toBe("insufficient");
  });
});

describe("requirements for members of reproductive potential", () => {
  const PREG = "For members of reproductive potential, a negative pregnancy test before the first infusion.";

  it("does not apply to a male member or one documented after menopause or hysterectomy", () => {
    expect(judge(PREG, "Plan: first infusion next week.", withGender("male")).outcome).toBe("met");
    expect(judge(PREG, "Postmenopausal since 2021. No prior surgery.", withGender("female")).outcome).toBe("met");
    expect(judge(PREG, "PSH: total hysterectomy 2015.", withGender("female")).outcome).toBe("met");
  });

  it("applies to a female member without such a statement, or one only perimenopausal or with a planned hysterectomy", () => {
    expect(judge(PREG, "Plan: first infusion next week.", withGender("female")).outcome).toBe("insufficient");
    expect(judge(PREG, "Perimenopausal, irregular menses.", withGender("female")).outcome).toBe("insufficient");
    expect(reproductiveScope(PREG, ctxOf("Hysterectomy planned for 2027.", withGender("female")))).toBeNull();
    expect(reproductiveScope(PREG, ctxOf("Not postmenopausal.", withGender("female")))).toBeNull();
  });

  it("leaves a requirement with no reproductive-potential scope as written", () => {
    expect(reproductiveScope("A negative pregnancy test before the first infusion.", ctxOf("x", withGender("male")))).toBeNull();
  });
});

describe("labs within the laboratory's normal limits", () => {
  const EUTHYROID =
    "The member is euthyroid, or free thyroxine (FT4) and free triiodothyronine (FT3) are each less than 50% above or below the laboratory's normal limits, on a test drawn within the 60 days before the request.";
  const labs = (date: string, ft4: string, ft3: string) =>
    `LABORATORY REPORT\nCollected: ${date}\nTEST RESULT UNITS REFERENCE RANGE FLAG\nFree T4 ${ft4} ng/dL 0.82 - 1.77\nFree T3 ${ft3} pg/mL 2.0 - 4.4\nTSH 0.21 uIU/mL 0.45 - 4.50 L`;

  it("never reads a margin around the normal limits as a threshold on the measure", () => {
    expect(parseThresholds(EUTHYROID)).toEqual([]);
    expect(parseCriterion(EUTHYROID, "", { drugNames: ["Examplumab"] }).kind).toBe("documentation");
  });

  it("is met by recent values inside their printed reference ranges", () => {
    const r = judge(EUTHYROID, labs("10/22/2026", "1.32", "3.4"));
    expect(r.outcome).toBe("met");
    expect(r.reason).toMatch(/free T4 1\.32.*free T3 3\.4/);
  });

  it("leaves values outside the range, too old or missing to a reviewer", () => {
    expect(evalWithinNormalLimits(EUTHYROID, ctxOf(labs("10/22/2026", "2.10", "3.4")))).toBeNull();
    expect(evalWithinNormalLimits(EUTHYROID, ctxOf(labs("06/30/2026", "1.32", "3.4")))).toBeNull();
    expect(evalWithinNormalLimits(EUTHYROID, ctxOf("Collected: 10/22/2026\nFree T4 1.32 ng/dL (ref 0.82-1.77)"))).toBeNull();
    expect(judge(EUTHYROID, labs("06/30/2026", "1.32", "3.4")).outcome).toBe("insufficient");
  });

  it("never applies to a requirement beyond the normal limits", () => {
    expect(evalWithinNormalLimits("ALT above the upper limit of normal within 90 days", ctxOf(labs("10/22/2026", "1.32", "3.4")))).toBeNull();
  });
});

describe("criteria grids and section headings", () => {
  it("reads a grid numbered under a '#' column row by row, without its documentation column", () => {
    const doc = tablePage([
      [["Section 2 - Initial criteria (ALL rows must be met)", 52]],
      [
        ["#", 52],
        ["Requirement", 74],
        ["Documentation accepted", 364],
      ],
      [
        ["1", 52],
        ["Diagnosis of examplar disease.", 74],
        ["Chart note.", 364],
      ],
      [
        ["2", 52],
        ["Age 18 years or older.", 74],
        ["-", 364],
      ],
      [["This worksheet is reviewed every year by the pharmacy and therapeutics committee of the plan.", 52]],
    ]);
    const out = readTableColumns(doc, docLines(doc)).map((l) => l.text);
    expect(out).toContain("1. Diagnosis of examplar disease.");
    expect(out).toContain("2. Age 18 years or older.");
    expect(out.join(" ")).not.toMatch(/Chart note/);
  });

  it("opens renewal criteria at a numbered section heading", () => {
    expect(CONTINUATION_HEAD_RE.test("Section 4 - Reauthorization (approve for 12 months; ALL rows)")).toBe(true);
    expect(CONTINUATION_HEAD_RE.test("Section 2 - Initial criteria (ALL rows must be met)")).toBe(false);
  });
});

describe("pharmacy-form directions, adverse effects and trial notes", () => {
  it("reads 'SIG as written' as the directions", () => {
    const doc = docFromPages([
      "C. PRODUCT SUBMITTED\nDrug Examplumab 100 mg tablet\nQty / days supply 9 / 30\nSIG as written 1 tab po at onset of migraine, may repeat in 2 hrs prn, max 2 tabs/day\nRx written 11/20/2026",
    ]);
    const f = extractCaseFacts(doc, { formulary: [], roster: [], knownDrugNames: ["Examplumab"] });
    expect(f.medication?.dosage).toMatch(/at onset of migraine/);
  });

  it("reads chest, throat or jaw tightness as an adverse effect, never a plain stop", () => {
    expect(statesIntolerance("zomig 5 mg tab #6 stopped - throat and jaw tightness")).toBe(true);
    expect(statesIntolerance("sumatriptan stopped - chest pressure after each dose")).toBe(true);
    expect(statesIntolerance("zomig 5 mg stopped - cost")).toBe(false);
  });

  it("meets 'the drug names must be documented' only beside a met trial requirement", () => {
    const trial = parseCriterion("trial of at least TWO different triptans with an inadequate response or intolerance", "", { drugNames: ["Examplumab"] });
    const note = parseCriterion("the drug names must be documented", "", { drugNames: ["Examplumab"] });
    const met = { outcome: "met" as const, reason: "Documented: a, b.", citations: [], evidence: "direct" as const, missing: null };
    const open = { outcome: "insufficient" as const, reason: "Not documented.", citations: [], evidence: "none" as const, missing: "x" };
    expect(withNamedTrials([trial, note], [met, open])[1].outcome).toBe("met");
    expect(withNamedTrials([trial, note], [open, open])[1].outcome).toBe("insufficient");
  });
});

describe("genotype exclusions", () => {
  const EXCL = parseCriterion("Members with the CYP2C9*3/*3 genotype. A reduced dose does not make the drug coverable.", "", { drugNames: ["Examplumab"] });
  const run = (notes: string) => (c: typeof EXCL) => evaluateCriterion(c, ctxOf(notes), "exclusion", { conditions: [], icd10: [] });

  it("applies with high confidence on the genotype written in the request, and not on another", () => {
    expect(exclusionConfidence(EXCL, run("Lab 10/2026: CYP2C9 genotype *3/*3 - poor metabolizer."))).toBe("high");
    expect(run("Lab 10/2026: CYP2C9 genotype *3/*3 - poor metabolizer.")(EXCL).outcome).toBe("met");
    expect(run("Lab 10/2026: CYP2C9 genotype *1/*3 - intermediate metabolizer.")(EXCL).outcome).toBe("not_met");
    expect(run("CYP2C9 genotype pending.")(EXCL).outcome).not.toBe("met");
  });

  it("keeps an exclusion with an 'unless' clause, or loose words, at the reading's own confidence", () => {
    const unless = parseCriterion("Members with the CYP2C9*3/*3 genotype, unless the prescriber documents a dose adjustment.", "", {
      drugNames: ["Examplumab"],
    });
    expect(exclusionConfidence(unless, run("CYP2C9 *3/*3"))).not.toBe("high");
    const loose = parseCriterion("Adrenal insufficiency.", "", { drugNames: ["Examplumab"] });
    expect(exclusionConfidence(loose, run("No adrenal insufficiency."))).not.toBe("high");
  });
});

describe("'has not had disease progression on a prior X'", () => {
  const NO_PROGRESSION = "Patient has not had disease progression on a prior CDK4/6 inhibitor (abemaciclib, palbociclib or ribociclib).";

  it("is read as an absence, never as a trial the request must show", () => {
    expect(parseCriterion(NO_PROGRESSION, "", { drugNames: ["Examplumab"] })).toMatchObject({ kind: "prior_therapy", absent: true });
  });

  it("is never met by a documented failure of X, nor failed by a completed course of X alone", () => {
    expect(judge(NO_PROGRESSION, "Progressed on ribociclib + letrozole 01/2024-06/2025; now second line.").outcome).not.toBe("met");
    expect(judge(NO_PROGRESSION, "Completed ribociclib course 01/2024-06/2025 without progression.").outcome).not.toBe("not_met");
    expect(judge(NO_PROGRESSION, "No prior abemaciclib or ribociclib.").outcome).toBe("met");
  });
});
