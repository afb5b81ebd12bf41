/**
 * claims40 classes (synthetic policy texts, shapes every payer's medical policies use):
 * 1. code scope from titles with a section number and a parenthesis of bare codes ("GI-2 Indications
 *    for Capsule Endoscopy (91110, 91111)"), and from lead sentences ("Knee arthroplasty (27446,
 *    27447) is considered medically necessary when ALL of the following are met:"); a parenthesis of
 *    other words stays a mention;
 * 2. prefixed / dotted section numbers are structure: subsections stay under their parent's scope,
 *    a sibling section ends it, and a numbered section that gave no criterion surfaces as a
 *    human-review item (never vanishes);
 * 3. explicit line-level denials ("A line reporting Q1234 or Q1235 is denied") deny that code's line;
 *    same-day / day-before global-package bundling is dated;
 * 4. a conditional section ("B. Second knee: Surgery on the other knee is covered when …") is scoped
 *    to the procedure's codes, never a requirement for another code's line.
 */
import { describe, expect, it } from "vitest";
import { docFromPages } from "../testing";
import { docLines } from "../text/lines";
import { readPolicy } from "./read-policy";
import { isConditionalSection, leadCodesOf, scopeCodesAt, sectionCodesOf, sectionNumberOf } from "./code-sections";
import { deniedLineSentences, judgeClaimLineCheck } from "./claim-line-sentences";
import { bundledCodeRules, globalPackageBundle } from "./bundled-codes";
import type { Criterion } from "../contracts";

const at = (lines: ReturnType<typeof docLines>, t: string) => {
  const l = lines.find((x) => x.text.startsWith(t))!;
  return { document: "policy", page: l.page, start: l.start, end: l.end, text: l.text };
};

describe("class 1: code scope from numbered titles and lead sentences with bare codes", () => {
  it("reads bare-code parentheses in titles with prefixed or dotted section numbers", () => {
    expect(sectionCodesOf("GI-2 Indications for Capsule Endoscopy (91110, 91111)")).toEqual(["91110", "91111"]);
    expect(sectionCodesOf("GI-3 Indications for Colonoscopy (45378) When Capsule Study Is Not Appropriate")).toEqual(["45378"]);
    expect(sectionCodesOf("HC-4 Home Infusion Pump (E0781)")).toEqual(["E0781"]);
    expect(sectionCodesOf("7.2 Shoulder Arthroscopy (29826, 29827)")).toEqual(["29826", "29827"]);
    // a parenthesis of other words is a mention, not scope
    expect(sectionCodesOf("GI-1 General Requirements (apply to every study)")).toBeNull();
    expect(sectionCodesOf("Cardiac imaging (Coronary calcium scoring, CPT 75571, is not addressed here)")).toBeNull();
  });

  it("reads the codes of a lead sentence, also run over two lines, ranges included", () => {
    expect(leadCodesOf("Total knee arthroplasty (27446, 27447) is considered medically necessary for a knee when ALL of the following are met:")).toEqual([
      "27446",
      "27447",
    ]);
    expect(leadCodesOf("B. Tendon repair (27650-27654; most often 27650, primary repair) is medically necessary when ALL of the following are met:")).toEqual([
      "27650-27654",
    ]);
    expect(leadCodesOf("Lower leg debridement (11042, 11043) for cosmetic reasons, which does not impair function")).toBeNull();
  });

  it("scopes the items under a lead to its codes, and never past the next lettered section", () => {
    const text = [
      "Knee Surgery Medical Policy",
      "A. Indications",
      "Total knee arthroplasty (27446, 27447) is considered medically necessary",
      "for a knee when ALL of the following are met:",
      "1. Radiographic evidence of advanced joint disease is documented; AND",
      "2. Conservative therapy for at least 3 months has failed.",
      "B. Ligament reconstruction (29888) is medically necessary when ALL of the following are met:",
      "1. Instability on examination is documented.",
      "C. Limitations",
      "1. Surgery performed to improve appearance is not covered.",
    ].join("\n");
    const lines = docLines(docFromPages([text]));
    expect(scopeCodesAt(lines, at(lines, "2. Conservative therapy"))).toEqual(["27446", "27447"]);
    expect(scopeCodesAt(lines, at(lines, "1. Instability"))).toEqual(["29888"]);
    expect(scopeCodesAt(lines, at(lines, "1. Surgery performed"))).toBeNull();
  });
});

describe("class 2: prefixed and dotted section numbers are structure", () => {
  const text = [
    "Capsule Studies Guideline",
    "GI-1 General Requirements (apply to every study)",
    "GI-1.1 A face-to-face evaluation within 60 days before the study is documented.",
    "GI-2 Indications for Capsule Endoscopy (91110, 91111)",
    "Capsule endoscopy is medically necessary when ONE of the following applies:",
    "GI-2.1 Obscure gastrointestinal bleeding after a negative upper and lower endoscopy.",
    "GI-2.2 Suspected small bowel Crohn disease after a negative colonoscopy.",
    "GI-3 Attended Colonoscopy (45378)",
    "1. Positive fecal immunochemical test is documented.",
  ].join("\n");

  it("reads section numbers and keeps subsections under the parent's codes", () => {
    expect(sectionNumberOf("GI-2.1 Obscure bleeding")).toBe("GI-2.1");
    expect(sectionNumberOf("14.3.1 Covered conditions")).toBe("14.3.1");
    expect(sectionNumberOf("B. Second knee")).toBe("B");
    const lines = docLines(docFromPages([text]));
    expect(scopeCodesAt(lines, at(lines, "GI-2.2 Suspected"))).toEqual(["91110", "91111"]);
    expect(scopeCodesAt(lines, at(lines, "1. Positive fecal"))).toEqual(["45378"]);
    expect(scopeCodesAt(lines, at(lines, "GI-1.1 A face-to-face"))).toBeNull();
  });

  it("never lets a numbered requirement section vanish: it is read or surfaces for a reviewer", () => {
    const model = readPolicy(docFromPages([text]), { drug_names: ["capsule studies"] });
    const all = (cs: Criterion[]): Criterion[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c, ...all(c.items)] : [c]));
    const criteria = [...model.indications.flatMap((i) => all(i.criteria)), ...all(model.common), ...all(model.exclusions)];
    const mentions = (w: RegExp) => criteria.some((c) => w.test(c.text)) || model.unread.some((u) => w.test(u.text));
    expect(mentions(/face-to-face evaluation/i)).toBe(true);
    expect(mentions(/Obscure gastrointestinal bleeding|Capsule endoscopy/i)).toBe(true);
  });
});

describe("class 3: explicit line-level denials and dated global-package bundling", () => {
  it("denies a line billing a code the policy denies outright, never on a conditional sentence", () => {
    expect(deniedLineSentences("2. Deluxe items: the upgrade is a convenience. A line reporting Q1234 or Q1235 is denied; a waiver applies.")).toEqual([
      { sentence: "A line reporting Q1234 or Q1235 is denied; a waiver applies.", codes: ["Q1234", "Q1235"] },
    ]);
    expect(deniedLineSentences("Q4321 (deluxe cushion) is a non-covered convenience item.")).toEqual([
      { sentence: "Q4321 (deluxe cushion) is a non-covered convenience item.", codes: ["Q4321"] },
    ]);
    expect(deniedLineSentences("A 27447 line without this documentation is denied and may be resubmitted as 27446.")).toEqual([]);
    expect(deniedLineSentences("A line without RT or LT is denied as unprocessable.")).toEqual([]);
    const r = judgeClaimLineCheck({ text: "A line reporting Q1234 is denied.", denied_line: true }, { code: "Q1234", claim_lines: [] });
    expect(r?.outcome).toBe("met");
  });

  it("bundles a service into the procedure on its date or the day before, from the dates on the claim", () => {
    const policy =
      "4. Imaging (76000 fluoroscopy, or 76080 contrast imaging) is reimbursed once per knee. Imaging performed by the operating surgeon on the day of surgery or the day before is part of the global surgical package and is not separately reimbursed.";
    const sentence = policy.slice(policy.indexOf("Imaging performed"));
    expect(globalPackageBundle(sentence, policy, ["27446", "27447"], [])).toEqual({ included: ["76000", "76080"], into: ["27446", "27447"], days_before: 1 });
    const rules = bundledCodeRules([{ text: policy }], () => null, [], ["27446", "27447"]);
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ kind: "bundled_code", codes: ["76000", "76080"], included_in: ["27446", "27447"], days_before: 1 });
    expect(
      globalPackageBundle("Imaging on the day of surgery is not part of the global surgical package and is not separately reimbursed.", policy, ["27446"], []),
    ).toBeNull();
  });
});

describe("class 4: a conditional section applies only to its procedure", () => {
  it("recognises sections conditioned on another occasion of the procedure", () => {
    expect(isConditionalSection("B. Second knee")).toBe(true);
    expect(isConditionalSection("Surgery on the other knee is covered when the criteria in A are met for that knee on their own")).toBe(true);
    expect(isConditionalSection("Indications")).toBe(false);
  });

  it("scopes the conditional section's criteria to the procedure codes, never to an imaging line", () => {
    const text = [
      "Knee Surgery Medical Policy",
      "A. Indications",
      "Total knee arthroplasty (27446, 27447) is considered medically necessary",
      "for a knee when ALL of the following are met:",
      "1. Radiographic evidence of advanced joint disease is documented; AND",
      "2. Conservative therapy for at least 3 months has failed.",
      "B. Second knee",
      "Surgery on the other knee is covered when the criteria in A are met for that knee on their own, OR when",
      "the first-knee surgery has produced a leg length difference of 2 cm or more.",
      "C. Limitations",
      "1. Imaging (76000 fluoroscopy) is reimbursed once per knee. Imaging performed by the operating surgeon on the day of surgery or",
      "the day before is part of the global surgical package and is not separately reimbursed.",
    ].join("\n");
    const model = readPolicy(docFromPages([text]), { drug_names: ["knee surgery"] });
    const second = model.indications.find((i) => isConditionalSection(i.title));
    if (second) for (const c of second.criteria) expect(c.codes).toEqual(["27446", "27447"]);
    const bundled = model.exclusions.find((c) => c.kind === "bundled_code");
    expect(bundled).toMatchObject({ codes: ["76000"], included_in: ["27446", "27447"], days_before: 1 });
  });
});
