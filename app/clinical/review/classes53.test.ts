/**
 * Classes of policy / fax reading found on the first run of the blind set baystate-mh and the pends
 * of bluegrass-ppo and palmetto-pdp (issue 21, stop 53):
 * 1. an exclusion of one use of the drug ("Relief of acute bronchospasm (rescue use)", "Treatment of
 *    established CMV infection or CMV disease (approved for prophylaxis only)") does not apply when the
 *    request answers the form's question about that use "No" or states only the other use;
 * 2. a criterion of one use ("X will be used as maintenance therapy and not for the relief of acute
 *    bronchospasm") is that use (use_mode), met by the form's "No" to the other use;
 * 3. a lifetime cap written as an exclusion ("any request that would bring cumulative parathyroid
 *    hormone analog treatment ... above 24 months") is a cumulative limit — never the laboratory value
 *    PTH compared with 24 (a serum PTH of 42 pg/mL had denied an approvable request at 0.90);
 * 4. "More than 80 mg of cabozantinib per day" listed as an exclusion is a dose ceiling;
 * 5. "a LAMA and a LABA together (as a combination inhaler, … or as part of … ICS triple therapy)" needs
 *    every class named outside the parentheses; "an intolerance of, or contraindication to, both LAMA
 *    and LABA therapy" needs an intolerance or contraindication of each (a LAMA trial alone had met both);
 * 6. a question whose answer is written on the next line ("…?" / "Yes, maintenance.") is answered.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import { parseCriterion, parseExclusion, parseThresholds } from "../policy/parse-criterion";
import { buildCaseIndex, withWrappedQuestions } from "../evidence/case-index";
import { fillHistory } from "../evidence/therapies";
import { readPolicy } from "../policy/read-policy";
import { drugSectionFor } from "../policy/drug-sections";
import { splitInlineEnumerations } from "../policy/outline";
import { docLines } from "../text/lines";
import type { ParsedDocument } from "~/documents/types";
import { evalContext, evaluateCriterion, exclusionOfOtherUse, presenceBeforeWithout } from "./evaluate";

const DAY = "2026-11-20";
const DRUG = "Examplair";
const ctxOf = (text: string) => evalContext({ idx: buildCaseIndex(docFromPages([text]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: [DRUG] });
const NONE = { conditions: [], icd10: [] };
const exclusion = (policy: string, fax: string) => evaluateCriterion(parseExclusion(policy, { drugNames: [DRUG] }), ctxOf(fax), "exclusion", NONE);
const criterion = (policy: string, fax: string) => evaluateCriterion(parseCriterion(policy, "", { drugNames: [DRUG] }), ctxOf(fax), "criterion", NONE);

describe("an exclusion of one use of the drug against the use the request states", () => {
  const RESCUE = "Relief of acute bronchospasm (rescue use)";
  it("does not apply when the form's question about that use is answered No", () => {
    const fax = [
      "Drug requested: Examplair 3 mg nebulized twice daily",
      `Will ${DRUG} be used for rescue / acute symptoms? [ ] Yes [X] No`,
      "Albuterol HFA for rescue.",
    ].join("\n");
    const r = exclusionOfOtherUse(RESCUE, ctxOf(fax));
    expect(r?.outcome).toBe("not_met");
    expect(r?.citations[0]?.text).toMatch(/rescue/);
    expect(exclusion(RESCUE, fax).outcome).toBe("not_met");
  });

  it("is left as written when the form answers Yes or the request names the excluded use", () => {
    expect(exclusionOfOtherUse(RESCUE, ctxOf(`Will ${DRUG} be used for rescue / acute symptoms? [X] Yes [ ] No`))).toBeNull();
    expect(exclusionOfOtherUse(RESCUE, ctxOf(`${DRUG} 3 mg nebulized as needed for rescue of wheezing.`))).toBeNull();
  });

  it("does not apply to a drug requested for prophylaxis when the exclusion is the treatment of established disease", () => {
    const text = "Treatment of established cytomegalovirus (CMV) infection or CMV disease (the drug is approved for prophylaxis only)";
    const fax = `New order ${DRUG} 480 mg PO once daily for CMV prophylaxis through post-transplant day 200. No history of CMV disease.`;
    expect(exclusionOfOtherUse(text, ctxOf(fax))?.outcome).toBe("not_met");
    // a request to treat the infection is left to the exclusion as written
    expect(exclusionOfOtherUse(text, ctxOf(`${DRUG} 480 mg daily to treat CMV viremia (viral load 12,400 IU/mL).`))).toBeNull();
  });

  it("reads a criterion of one use as that use, met by the form's No to the other use", () => {
    const text = `${DRUG} will be used as maintenance therapy and not for the relief of acute bronchospasm`;
    expect(parseCriterion(text, "", { drugNames: [DRUG] })).toMatchObject({ kind: "use_mode", mode: "preventive" });
    expect(criterion(text, `Will ${DRUG} be used for rescue / acute symptoms? [ ] Yes [X] No`).outcome).toBe("met");
    expect(criterion(text, `Will ${DRUG} be used for rescue / acute symptoms? [ ] Yes [ ] No`).outcome).toBe("insufficient");
  });

  it("takes an answer written on the line after the question", () => {
    const text = `${DRUG} will be used as maintenance therapy and not for the relief of acute bronchospasm`;
    const fax = [`7. Will ${DRUG} be used as maintenance therapy (not for acute symptoms)?`, "Yes, maintenance. Albuterol for rescue."].join("\n");
    expect(criterion(text, fax).outcome).toBe("met");
  });
});

describe("lifetime caps and dose ceilings written as exclusions", () => {
  const CAP =
    "any request that would bring cumulative parathyroid hormone analog treatment (abaloparatide and teriparatide combined) above 24 months in the member's lifetime";
  it("never reads a duration as a laboratory threshold of the substance a drug class is named after", () => {
    expect(parseThresholds(CAP)).toEqual([]);
    expect(parseThresholds("parathyroid hormone analog therapy for more than 24 months")).toEqual([]);
  });

  it("reads the cap as a cumulative limit of the drugs it names", () => {
    expect(parseExclusion(CAP, { drugNames: ["abaloparatide"] })).toMatchObject({
      kind: "cumulative_limit",
      drugs: ["abaloparatide", "teriparatide"],
      max_days: 731,
    });
  });

  it("never applies the cap because of a serum PTH value", () => {
    const fax = "Labs 11/18/2026: PTH 42 pg/mL (15-65), calcium 9.4 mg/dL. No prior teriparatide or abaloparatide.";
    expect(evaluateCriterion(parseExclusion(CAP, { drugNames: ["abaloparatide"] }), ctxOf(fax), "exclusion", NONE).outcome).not.toBe("met");
  });

  it("reads 'More than 80 mg of X per day' as a dose ceiling", () => {
    expect(parseExclusion("More than 80 mg of Cabometyx per day.", { drugNames: ["Cabometyx"] })).toMatchObject({
      kind: "dose_limit",
      max_mg: 80,
      per_days: 1,
    });
  });
});

describe("classes taken together, and intolerance of both", () => {
  const TOGETHER =
    "Individual has used maintenance therapy with a LAMA and a LABA together (as a combination inhaler, as separate inhalers, or as part of LAMA / LABA / inhaled corticosteroid triple therapy) for at least 3 consecutive months";
  it("needs every class named outside the parentheses, never the examples' classes", () => {
    const spec = parseCriterion(TOGETHER, "", { drugNames: [DRUG] });
    expect(spec).toMatchObject({ kind: "prior_therapy", all_classes: true });
    expect((spec as { classes: string[] }).classes.sort()).toEqual(["long-acting beta agonist", "long-acting muscarinic antagonist"]);
  });

  it("is not met by a LAMA alone, and met by a LAMA / LABA combination inhaler", () => {
    expect(criterion(TOGETHER, "Tiotropium (Spiriva HandiHaler) 18 mcg inhaled once daily, 01/2026 to present (10 months).").outcome).not.toBe("met");
    expect(criterion(TOGETHER, "Stiolto Respimat 2.5/2.5 mcg, 2 puffs once daily since 02/2026 - still symptomatic.").outcome).toBe("met");
  });

  it("reads an intolerance of both classes as an intolerance requirement of each, never met by a trial", () => {
    const BOTH = "Individual has a documented intolerance of, or contraindication to, both LAMA and LABA therapy";
    expect(parseCriterion(BOTH, "", { drugNames: [DRUG] })).toMatchObject({ kind: "prior_therapy", all_classes: true, require_intolerance: true });
    expect(criterion(BOTH, "Tiotropium (Spiriva HandiHaler) 18 mcg inhaled once daily, 01/2026 to present (10 months).").outcome).not.toBe("met");
  });
});

/** a one-page text-layer document whose lines start at the given x (PDF points), in type of height `h` (10 when not given) */
function indentedDoc(lines: ([number, string] | [number, string, number])[]): ParsedDocument {
  let text = "";
  const words: ParsedDocument["pages"][number]["words"] = [];
  lines.forEach(([x, line, h], i) => {
    let at = 0;
    for (const w of line.split(" ")) {
      if (w) words.push({ text: w, start: text.length + at, end: text.length + at + w.length, x: x + at * 5, y: 40 + i * 14, w: w.length * 5, h: h ?? 10 });
      at += w.length + 1;
    }
    text += `${line}\n`;
  });
  return { page_count: 1, pages: [{ page: 1, text, ocr: false, confidence: null, width: 612, height: 792, words }] };
}

describe("a class document's per-drug, per-indication blocks (titles on lines of their own above a generic lead)", () => {
  const doc = indentedDoc([
    [40, "Table 14: Examplar Agents", 14],
    [40, "PA       Prior authorization required. PA status applies to all strengths."],
    [40, "QL       Quantity limit applies (see Notes)."],
    [40, "*        Generic available; generic dispensed."],
    [40, "Prior Authorization Requirements", 14],
    [44, "Lumateperone (Caplyta)"],
    [40, "Schizophrenia"],
    [40, "Clinical information required for approval"],
    [52, "• diagnosis of schizophrenia; and"],
    [52, "• member is 18 years of age or older; and"],
    [52, "• inadequate response, adverse reaction, or contraindication to two different preferred atypical"],
    [60, "antipsychotics (aripiprazole, lurasidone, olanzapine, quetiapine, risperidone, ziprasidone)."],
    [40, "Depressive episodes associated with bipolar I or bipolar II disorder (bipolar depression), as monotherapy or"],
    [40, "adjunctive to lithium or valproate"],
    [40, "Clinical information required for approval"],
    [52, "• diagnosis of bipolar I or bipolar II disorder with a current depressive episode; and"],
    [52, "• member is 18 years of age or older."],
    [44, "Solriamfetol (Sunosi)"],
    [40, "EDS in narcolepsy, or EDS in obstructive sleep apnea (OSA) (adults)"],
    [40, "Clinical information required for approval"],
    [52, "• narcolepsy confirmed by MSLT, or OSA diagnosed by polysomnography; and"],
    [52, "• member is 18 years of age or older."],
  ]);
  const model = readPolicy(doc, { drug_names: ["Caplyta", "lumateperone"] });

  it("reads one path per indication block, titled by its drug's heading, and none from the table's key", () => {
    expect(model.indications.map((i) => i.title)).toEqual([
      "Lumateperone (Caplyta) — Schizophrenia",
      "Lumateperone (Caplyta) — Depressive episodes associated with bipolar I or bipolar II disorder (bipolar depression), as monotherapy or adjunctive to lithium or valproate",
      "Solriamfetol (Sunosi) — EDS in narcolepsy, or EDS in obstructive sleep apnea (OSA) (adults)",
    ]);
    expect(model.indications.every((i) => i.drug_scoped)).toBe(true);
    expect(JSON.stringify(model)).not.toMatch(/Generic available/);
    // the bipolar block holds its own requirements only
    expect(model.indications[1].criteria.map((c) => c.kind)).toEqual(["diagnosis", "age"]);
  });

  it("tells the requested drug's blocks from another drug's, also a drug the vocabulary does not know", () => {
    const requested = new Set(["lumateperone", "caplyta"]);
    expect(drugSectionFor(model.indications[0].title, requested, ["Caplyta", "lumateperone"])).toBe("own");
    expect(drugSectionFor(model.indications[2].title, requested, ["Caplyta", "lumateperone"])).toBe("other");
  });
});

describe("reading therapies and requirements without the form's own words", () => {
  it("never reads an age in a parenthesis beside a threshold as the criterion's age", () => {
    const spec = parseCriterion(
      "baseline Epworth Sleepiness Scale (ESS) score of 10 or more (pediatric ESS for members 6 to 17 years of age), with the date it was obtained",
      "",
      { drugNames: [DRUG] },
    );
    expect(spec).toMatchObject({ kind: "lab", measure: "Epworth Sleepiness Scale", op: ">=", value: 10 });
    expect(parseCriterion("member is 18 years of age or older", "", { drugNames: [DRUG] })).toMatchObject({ kind: "age", min_years: 18 });
  });

  it("counts no days of use from a reversed or rejected claim in a dispensing history", () => {
    const fax = [
      "PATIENT DISPENSING HISTORY (this pharmacy, last 12 months)",
      "Fill date Rx # Drug / strength NDC Qty Ds Payer | status",
      "11/14/26 7188230 RISPERIDONE 2 MG TAB 00378-3513-01 60 30 MHAC (QRX) - PAID",
      "11/25/25 7133580 OLANZAPINE 10 MG TAB 00093-5962-56 30 30 MHAC (QRX) - REVERSED",
    ].join("\n");
    const fills = fillHistory(buildCaseIndex(docFromPages([fax]), "2026-12-10"));
    expect(fills.map((f) => f.line.text)).toEqual([expect.stringMatching(/RISPERIDONE/)]);
  });

  it("leaves out the wrapped part of a form question answered No", () => {
    const lines = [
      { text: "Inadequate response to TWO preferred antipsychotics (aripiprazole, lurasidone, olanzapine, [ ] Yes [X] No", page: 1 },
      { text: "quetiapine, risperidone, ziprasidone), at least 4 weeks each. List drug, dose and dates.", page: 1 },
      { text: "Risperidone 4 mg daily 05/2026 - 11/2026: partial response.", page: 1 },
    ];
    expect(withWrappedQuestions(lines, [true, false, false])).toEqual([true, true, false]);
    const idx = buildCaseIndex(docFromPages([lines.map((l) => l.text).join("\n")]), "2026-12-10");
    expect(idx.lines.map((l) => l.text)).toEqual([lines[2].text]);
  });
});

describe("counted alternatives, qualified presences and markers inside parentheses (claims, narragansett-ri)", () => {
  const TWO =
    "At least two of the following are documented: habitual loud snoring; witnessed apneas, gasping or choking during sleep; excessive daytime sleepiness with an Epworth Sleepiness Scale (ESS) score greater than 10; body mass index (BMI) of 30 kg/m2 or more; hypertension, treated or untreated; and";
  it("reads 'At least two of the following: a; b; c' as two of the items, never all of them", () => {
    const spec = parseCriterion(TWO, "", { drugNames: [DRUG] });
    expect(spec).toMatchObject({ kind: "any", min: 2 });
    expect((spec as { items: unknown[] }).items).toHaveLength(5);
  });

  it("never fails it on one value below its threshold while other items are not documented", () => {
    const r = criterion(TWO, "Sleep consult 07/28/2026: ESS 9, BMI 31.4 kg/m2. LVEF 30%.");
    expect(r.outcome).toBe("insufficient");
    expect(criterion(TWO, "Sleep consult 07/28/2026: ESS 16, BMI 31.4 kg/m2.").outcome).toBe("met");
  });

  it("reads a presence qualified by 'without' as the presence, never an absence met by silence", () => {
    const text = "a physical or cognitive impairment that prevents correct use of home equipment, without a caregiver who can apply it.";
    expect(presenceBeforeWithout(text)).toBe("a physical or cognitive impairment that prevents correct use of home equipment");
    expect(criterion(text, "Patient with daytime sleepiness, ESS 16, BMI 36. Lives with wife.").outcome).toBe("insufficient");
    expect(criterion(text, "Severe cognitive impairment that prevents correct use of home equipment; lives alone, no caregiver.").outcome).toBe("met");
    // (an absence that is the whole requirement stays one)
    expect(presenceBeforeWithout("without a history of seizures")).toBeNull();
    expect(presenceBeforeWithout("The requested agent will NOT be used for weight loss alone, in a patient without type 2 diabetes")).toBeNull();
    expect(criterion("The member has been without seizures for 12 months", "Seizure-free since 2023.").outcome).not.toBe("not_met");
  });

  it("never splits a list at a ')' that closes a parenthesis opened before it", () => {
    const lines = indentedDoc([
      [40, "The MSLT (95805) is proven and medically necessary when ALL of the following criteria are met:"],
      [52, "1. suspected narcolepsy (type 1 or type 2) or idiopathic hypersomnia, with excessive daytime sleepiness for 3 months;"],
      [52, "2. insufficient sleep has been excluded by a sleep diary."],
    ]);
    const split = splitInlineEnumerations(docLines(lines));
    expect(split.map((l) => l.text)).toHaveLength(3);
    expect(split[1].text).toMatch(/type 2\) or idiopathic hypersomnia/);
  });
});

describe("a form's question and a plan's condition are no statements about the member (shenandoah-va va-003)", () => {
  const HRR = "a deleterious or suspected deleterious germline or somatic homologous recombination repair (HRR) gene mutation";
  it("never reads the words of a question as documented", () => {
    const fax = [
      "Q4. Does the patient have a deleterious or suspected deleterious HRR gene mutation (germline or somatic)? Name the gene and the",
      "test.",
      "Germline panel (saliva, 09/2026): negative. Tumor testing: ctDNA profile sent 10/14/2026 - results pending.",
    ].join("\n");
    expect(criterion(HRR, fax).outcome).not.toBe("met");
  });

  it("never reads a plan's condition ('If an HRR alteration is found, …') as the finding", () => {
    expect(criterion(HRR, "Awaiting results. If an HRR alteration is found, olaparib single agent; otherwise cabazitaxel.").outcome).not.toBe("met");
    expect(criterion(HRR, "Tumor NGS 10/02/2026: BRCA2 c.5946delT pathogenic, a deleterious HRR gene mutation (somatic).").outcome).toBe("met");
  });
});

describe("a time threshold is met by a time compared against it (calusa-mappo clm-02)", () => {
  it("never meets '30 minutes or more of care plan oversight' by its words", () => {
    const text = "The billing practitioner personally furnished 30 minutes or more of care plan oversight within the calendar month.";
    const r = criterion(
      text,
      "Care plan oversight log, September 2026: physician 16 minutes; practice nurse 25 minutes. Care plan oversight furnished by Dr. Lee.",
    );
    expect(r.outcome).not.toBe("met");
  });
});

describe("an exclusion of members without a condition (baystate-mh mh-015)", () => {
  const EXCL = "febuxostat for asymptomatic hyperuricemia (no diagnosis of gout)";
  it("does not reach a member coded with the condition, and never reads the parenthesis' words as present", () => {
    const facts = emptyFacts({ diagnoses: [{ code: "M1A.0710", description: "Chronic gout, right ankle", primary: true, citations: [] }] });
    const ctx = evalContext({
      idx: buildCaseIndex(docFromPages(["Diagnosis: chronic tophaceous gout (M1A.0710), crystal-proven. Febuxostat requested."]), DAY),
      facts,
      requestDate: DAY,
      requestedNames: ["febuxostat"],
    });
    expect(evaluateCriterion(parseExclusion(EXCL, { drugNames: ["febuxostat"] }), ctx, "exclusion", NONE).outcome).toBe("not_met");
  });
});
