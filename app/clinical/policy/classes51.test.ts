/**
 * Classes of stop 51, found by the first runs of two blind sets and asserted here on invented wording
 * (no set's own text):
 * 1. a claim line that bills a drug by its HCPCS code alone ("J9999 x400") requests the drug the
 *    policy's code table names beside that code; the drug itself, documented as ongoing in the infusion
 *    record, is never "another biologic" taken with it (it denied the covered infusion); when no table
 *    names the code's drug, an ongoing biologic is a reviewer's question, never a failure;
 * 2. a drug with a closed span of years or months after it ("examplimab 2019-2023 lost response",
 *    "examplercept 50 mg weekly 11/2025-07/2026") is a past course — not current therapy, not a concurrent
 *    drug, even after a clause that says another drug is "continued";
 * 3. a form's numbered item that asks for data ("3. Total months of X or Y therapy (Brand A, Brand B) to
 *    date, and months requested:") names drugs in its caption: they are not the answer's (a caption
 *    naming a sibling drug had applied a "no other GnRH antagonist" exclusion and denied a renewal);
 * 4. "ANC 2,000/mm3 or more, platelets 100,000/mm3 or more": the count is the number before the unit,
 *    not the 3 of "mm3" (a platelet count of 245 x10^3/uL was "not met" against 3);
 * 5. "with or without X" requires nothing ("associated with a deletion 5q abnormality, with or without
 *    additional cytogenetic abnormalities" had become "without additional abnormalities", an absence the
 *    request could fail);
 * 6. the plan's eligibility rule written into a policy ("Each date of service must fall within the
 *    member's enrollment. Sessions after the end of enrollment are denied") is the roster's, not a fact for
 *    the records; how a line is billed ("Report each session date on its own line. The authorization
 *    number is reported in item 23.", "the units of earlier lines on the same claim … count toward the
 *    total") is the claim's, and a numbered section saying only that is no section for a reviewer;
 * 7. "will not be used in the same eye at the same time as another VEGF inhibitor": the other drug in the
 *    other eye meets it, and a side that cannot be told apart goes to a reviewer — never a failure (the
 *    fellow eye's maintenance injections had failed the request's own eye);
 * 8. a statute's lettered list "shall be granted if: (a) …; (b) …; or (e) …" read as outline items is a
 *    choice ("; or" before the last item); inline, "…; and (c) …" is every item and a choice stays one
 *    requirement (an alternative read alone lost its qualifier and approved a line); its definitions ("As used in this section …"), its
 *    construction clause and the insurer's duties ("the insurer shall authorize …") are no criteria;
 * 9. "ICD-10 Diagnosis Description" opening a coding table is no numbered section ("ICD-10" read as a
 *    section number "ICD-10" sent every line to a reviewer);
 * 10. a lifetime limit ("total duration of X and any other Y-containing product, including the approval
 *    requested, will not exceed 24 months") is met by adding the documented courses — dated ranges, a
 *    medication table's start and stop columns, the current course from its start — to the months
 *    requested; a course of a counted drug with neither dates nor length, or no stated request length,
 *    leaves it to a reviewer, and a sum above the limit is never an approval.
 */
import { describe, expect, it } from "vitest";
import { buildCaseIndex } from "../evidence/case-index";
import { therapyEvidence } from "../evidence/therapies";
import { extractCaseFacts } from "../extract/extract-case";
import { drugBilledByCode, evalContext, evaluateCriterion } from "../review/evaluate";
import { docFromPages, emptyFacts } from "../testing";
import type { Criterion, PolicyModel } from "../contracts";
import { DRUGS } from "../vocabulary/drugs";
import { eligibilityRuleOnly, isClaimLineSentence } from "./claim-line-sentences";
import { withUnreadNumberedSections } from "./code-sections";
import { readPolicy } from "./read-policy";
import { parseCriterion } from "./parse-criterion";
import { docLines } from "../text/lines";

const DAY = "2026-10-20";
const ALL = [...new Set(DRUGS.flatMap((d) => [d.generic, ...d.brands, ...(d.aliases ?? [])].map((x) => x.toLowerCase())))];

describe("a drug code's line requests the drug its policy's code table names", () => {
  const table = ["Scope  Drug  HCPCS  Billing unit", "Tocilizumab IV (Actemra)  J3262  1 mg", "Abatacept IV (Orencia)  J0129  10 mg"];
  it("finds the drug printed nearest the code, before or after it", () => {
    expect(drugBilledByCode("J3262", table)).toContain("tocilizumab");
    expect(drugBilledByCode("J0129", table)).toContain("abatacept");
    expect(drugBilledByCode("J0129", ["J0129 (abatacept, per 10 mg); J3262 tocilizumab"])).toContain("abatacept");
    expect(drugBilledByCode("J9999", table)).toBeNull();
  });
  const record = "Infusion record 10/20/2026: tocilizumab IV 8 mg/kg given, continuing every 4 weeks since 04/2024. No other biologic.";
  const rule = parseCriterion("Not given together with another biologic DMARD or a Janus kinase (JAK) inhibitor.", "", { drugNames: [] });
  const line = (code: string) =>
    emptyFacts({
      service_line: { code, date_of_service: DAY, modifiers: [], place_of_service: "11", units: 400, claim_lines: [{ code, date_of_service: DAY }] },
      medication: { ...emptyFacts().medication, drug_name: code },
    });
  it("the billed drug, ongoing in the record, is not another biologic taken with it", () => {
    const r = evaluateCriterion(
      rule,
      evalContext({ idx: buildCaseIndex(docFromPages([record]), DAY), facts: line("J3262"), requestDate: DAY, requestedNames: [], policyTexts: table }),
    );
    expect(r.outcome).toBe("met");
  });
  it("without the policy's table the ongoing biologic goes to a reviewer, never a failure", () => {
    const r = evaluateCriterion(
      rule,
      evalContext({ idx: buildCaseIndex(docFromPages([record]), DAY), facts: line("J3262"), requestDate: DAY, requestedNames: [] }),
    );
    expect(r.outcome).toBe("insufficient");
    // (another code's drug ongoing is still a combination: abatacept billed while tocilizumab continues)
    const other = evaluateCriterion(
      rule,
      evalContext({ idx: buildCaseIndex(docFromPages([record]), DAY), facts: line("J0129"), requestDate: DAY, requestedNames: [], policyTexts: table }),
    );
    expect(other.outcome).toBe("not_met");
  });
});

describe("a closed span after a drug is a past course", () => {
  const note = [
    "Interval history",
    "Seropositive RA since 2016. Methotrexate 15 mg weekly since 2017 (continued); adalimumab 2019-2023 lost response; tocilizumab IV since 04/2024.",
    "Prior biologic (continuing), etanercept 50 mg weekly 11/2025-07/2026 with inadequate response.",
  ].join("\n");
  it("is neither ongoing evidence nor a concurrent drug", () => {
    const ev = therapyEvidence(buildCaseIndex(docFromPages([note]), DAY), ["adalimumab", "etanercept"], ALL);
    expect(ev.get("adalimumab")).toMatchObject({ ongoing: false, stopped: true, failure: true });
    expect(ev.get("etanercept")).toMatchObject({ ongoing: false, stopped: true });
    const f = extractCaseFacts(docFromPages([`Request date: ${DAY}\n${note}`]));
    expect(f.concurrent_therapies.map((t) => t.drug_name.toLowerCase())).not.toContain("adalimumab");
    expect(f.concurrent_therapies.map((t) => t.drug_name.toLowerCase())).not.toContain("etanercept");
  });
  it("an open span is still current", () => {
    const ev = therapyEvidence(buildCaseIndex(docFromPages(["Methotrexate 15 mg weekly 2019-present, continuing."]), DAY), ["methotrexate"], ALL);
    expect(ev.get("methotrexate")?.ongoing).toBe(true);
  });
});

describe("a form item's caption names drugs the answer does not", () => {
  const form = [
    "1. Is this a request to continue a medication the patient is currently taking?",
    "    Yes - Myfembree started 03/10/2026 (current authorization ends 11/30/2026).",
    "",
    "2. Describe the patient's response to therapy, with objective measures and dates.",
    "    Bleeding much improved: score 300 at baseline (02/2026) and 40 in October 2026. No transfusions since starting.",
    "",
    "3. Total months of relugolix or elagolix therapy (Myfembree, Orilissa, Oriahnn) to date, and months requested:",
    "    Myfembree since 03/10/2026 = about 8 months. No Orilissa or Oriahnn before. Requesting 12 months.",
  ].join("\n");
  it("the caption's sibling drug is not ongoing", () => {
    const f = extractCaseFacts(docFromPages([`Date: 11/16/2026\n${form}`]));
    const names = [...f.prior_therapies, ...f.concurrent_therapies].map((t) => t.drug_name.toLowerCase());
    expect(names.some((n) => /elagolix|orilissa|oriahnn/.test(n))).toBe(false);
    const ev = therapyEvidence(buildCaseIndex(docFromPages([form]), "2026-11-16"), ["elagolix"], ALL, f);
    expect(ev.get("elagolix")?.ongoing ?? false).toBe(false);
  });
  it("a colon after drug names in prose is no caption", () => {
    const f = extractCaseFacts(docFromPages([`Date: 11/16/2026\nFailed methotrexate 20 mg weekly for 6 months: switched to leflunomide since 05/2026.`]));
    expect(f.prior_therapies.map((t) => t.drug_name.toLowerCase()).join(" ")).toMatch(/methotrexate/);
  });
});

describe("cell counts per mm3", () => {
  it("reads the count before the unit", () => {
    const c = parseCriterion("absolute neutrophil count (ANC) 2,000/mm3 or more, platelets 100,000/mm3 or more", "", { drugNames: [] });
    const labs = (c.kind === "all" ? c.items : [c]).filter((x): x is Criterion & { kind: "lab" } => x.kind === "lab");
    expect(labs.map((l) => [l.measure, l.op, l.value])).toEqual(
      expect.arrayContaining([
        ["ANC", ">=", 2000],
        ["platelets", ">=", 100000],
      ]),
    );
  });
});

describe("with or without", () => {
  it("requires nothing either way", () => {
    const c = parseCriterion("MDS associated with a deletion 5q cytogenetic abnormality, with or without additional cytogenetic abnormalities", "", {
      drugNames: [],
    });
    const texts = JSON.stringify(c);
    expect(texts).not.toMatch(/"absence":true/);
    expect(c.text).toMatch(/with or without additional/);
    const m = parseCriterion("Diagnosis of migraine with or without aura (ICD-10-CM G43)", "", { drugNames: [] });
    expect(m).toMatchObject({ kind: "diagnosis", conditions: ["migraine"] });
  });
});

describe("eligibility and billing sentences of a medical policy", () => {
  it("the plan's eligibility rule", () => {
    expect(
      eligibilityRuleOnly(
        "Eligibility Each date of service must fall within the member's Examplo Care enrollment. Visits after the end of enrollment are denied.",
      ),
    ).toBe(true);
    expect(eligibilityRuleOnly("9.3 Eligibility Services are payable only for dates of service on which the member is enrolled.")).toBe(true);
    expect(eligibilityRuleOnly("Rental months after the member's coverage termination date are not covered, even when therapy began during enrollment.")).toBe(
      true,
    );
    expect(eligibilityRuleOnly("The patient is enrolled in the drug's REMS program on the date of service.")).toBe(false);
    expect(eligibilityRuleOnly("The member has tried two preferred drugs. Services after the end of enrollment are denied.")).toBe(false);
  });
  it("billing instructions", () => {
    expect(isClaimLineSentence("Report each session date on its own line. The authorization number is reported in item 23.")).toBe(true);
    expect(isClaimLineSentence("the units of earlier lines on the same claim and of earlier paid claims count toward the total.")).toBe(true);
    expect(isClaimLineSentence("The member has a documented diagnosis of asthma reported in item 21.")).toBe(false);
  });
  it("a numbered section that only says how lines are billed goes to no reviewer", () => {
    const text = [
      "6.1 Covered services",
      "Examplo therapy is covered when the member must have a documented diagnosis of lymphedema.",
      "6.2 Billing",
      "6.3 Claims submission",
      "Report each session date on its own line. The authorization number is reported in item 23.",
      "6.4 Eligibility",
      "Each date of service must fall within the member's enrollment. Sessions after the end of enrollment are denied.",
      "6.5 Documentation",
      "The therapist must document the limb circumference at each visit.",
    ].join("\n");
    const doc = docFromPages([text]);
    const model = { indications: [], common: [], exclusions: [], unread: [], continuation: [] } as unknown as PolicyModel;
    const out = withUnreadNumberedSections(model, docLines(doc), "policy", doc);
    const sections = out.common.map((c) => c.text.slice(0, 3));
    expect(sections).toEqual(expect.arrayContaining(["6.1", "6.5"]));
    expect(sections).not.toContain("6.3");
    expect(sections).not.toContain("6.4");
  });
});

describe("a same-eye rule", () => {
  const rule = parseCriterion("Examplimab will not be used in the same eye at the same time as another VEGF inhibitor (aflibercept, ranibizumab).", "", {
    drugNames: ["faricimab"],
  });
  const judge = (text: string) =>
    evaluateCriterion(
      rule,
      evalContext({ idx: buildCaseIndex(docFromPages([text]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: ["faricimab"] }),
    );
  it("the other drug in the fellow eye meets it", () => {
    const r = judge(
      "I request faricimab 6 mg for Mr. Doe's RIGHT eye (new wet AMD).\nHis LEFT eye is maintained on aflibercept 2 mg every 10 weeks; that treatment continues in the left eye only.",
    );
    expect(r.outcome).toBe("met");
  });
  it("the same eye, or sides not told apart, go to a reviewer", () => {
    expect(judge("I request faricimab 6 mg for the right eye. The right eye also receives aflibercept 2 mg every 8 weeks, continuing.").outcome).toBe(
      "insufficient",
    );
    expect(judge("Faricimab requested. Currently on aflibercept 2 mg every 8 weeks, continuing.").outcome).toBe("insufficient");
    // (a bare "right" names no side)
    expect(judge("Please start faricimab right away. Aflibercept 2 mg every 8 weeks in the left eye, continuing.").outcome).toBe("insufficient");
  });
});

describe("a statute's exception list", () => {
  it("an inline '…; and (c)' list is every item; an inline '…; or (c)' choice stays one requirement", () => {
    const all = parseCriterion(
      "Approval requires all of the following: (a) The member is 18 years of age or older; and (b) The member has a diagnosis of asthma.",
      "",
      { drugNames: [] },
    );
    expect(all.kind).toBe("all");
    expect(all.kind === "all" && all.items.map((i) => i.kind)).toEqual(["age", "diagnosis"]);
    // (an alternative read alone — "(b) as an adjunct to a second or later set of tubes" — was met by any
    // mention of tubes and approved a line the policy does not cover)
    const choice = parseCriterion(
      "Adenoidectomy alone is medically necessary for: (a) nasal obstruction with adenoid hypertrophy on imaging; or (b) as an adjunct to a second or later set of ear tubes in a child 4 years of age or older; or (c) chronic adenoiditis despite 2 courses of antibiotics.",
      "",
      { drugNames: [] },
    );
    expect(choice.kind).not.toBe("any");
  });
  it("as outline items, and without the statute's own clauses", () => {
    const text = [
      "Examplo (examplostat) - Step Therapy Exception Criteria",
      "Criteria",
      '(1) As used in this section, "step therapy protocol" means a protocol that establishes the sequence in which drugs are covered.',
      "(2) A step therapy exception shall be granted if:",
      "    (a) The required prescription drug is contraindicated for the patient;",
      "    (b) The required prescription drug is expected to be ineffective for the patient; or",
      "    (c) The patient is stable on a prescription drug selected by the prescriber.",
      "(3) Upon the granting of a step therapy exception, the insurer shall authorize coverage for the prescribed drug.",
      "(4) This section shall not be construed to prevent an insurer from requiring a generic equivalent.",
    ].join("\n");
    const model = readPolicy(docFromPages([text]), { title: "Examplo", drug_names: ["examplostat"] });
    const all = JSON.stringify(model);
    expect(all).not.toMatch(/As used in this section/);
    expect(all).not.toMatch(/insurer shall authorize/);
    expect(all).not.toMatch(/shall not be construed/);
    // (a duty that opens its own list of conditions states requirements)
    const duty = readPolicy(
      docFromPages([text.replace("A step therapy exception shall be granted if:", "The insurer shall grant a step therapy exception if:")]),
      {
        title: "Examplo",
        drug_names: ["examplostat"],
      },
    );
    const dutyGroup = [...duty.indications.flatMap((i) => i.criteria), ...duty.common].find((c) => /shall grant a step therapy exception/.test(c.text));
    expect(dutyGroup?.kind).toBe("any");
    const group = [...model.indications.flatMap((i) => i.criteria), ...model.common].find((c) => /exception shall be granted/.test(c.text));
    expect(group?.kind).toBe("any");
  });
});

describe("a coding table's ICD-10 caption", () => {
  it("is no numbered section", () => {
    const text = [
      "1.1 Covered use",
      "Examplo is covered when the member must have a documented diagnosis of wet age-related macular degeneration.",
      "1.2 Limits",
      "No more than one injection per eye every 28 days is covered.",
      "ICD-10 Diagnosis Description",
      "H35.3211 Exudative age-related macular degeneration, right eye, with active choroidal neovascularization",
    ].join("\n");
    const doc = docFromPages([text]);
    const model = { indications: [], common: [], exclusions: [], unread: [], continuation: [] } as unknown as PolicyModel;
    const out = withUnreadNumberedSections(model, docLines(doc), "policy", doc);
    expect(out.common.some((c) => /^ICD-10/.test(c.text))).toBe(false);
    expect(out.common.some((c) => /^1\.1/.test(c.text))).toBe(true);
  });
});

describe("a lifetime limit added up", () => {
  const rule = parseCriterion(
    "The total duration of treatment with Myfembree and any other relugolix- or elagolix-containing product (Orilissa, Oriahnn), including the approval requested, will not exceed 24 months over the individual's lifetime.",
    "",
    { drugNames: ["Myfembree"] },
  );
  const judge = (text: string) =>
    evaluateCriterion(
      rule,
      evalContext({ idx: buildCaseIndex(docFromPages([text]), "2026-11-16"), facts: emptyFacts(), requestDate: "2026-11-16", requestedNames: ["Myfembree"] }),
    );
  it("is a cumulative limit", () => expect(rule.kind).toBe("cumulative_limit"));
  it("past courses in a table, the current course and the request", () => {
    const table =
      "Medication history\nOriahnn (elagolix / E2 / NETA)   03/2024   08/2024   6 months   stopped for hot flashes\nRequesting Myfembree once daily for 6 months.";
    expect(judge(table).outcome).toBe("met");
    const current = "Myfembree since 03/10/2026 = about 8 months. No Orilissa or Oriahnn before. Requesting 12 months.";
    expect(judge(current).outcome).toBe("met");
  });
  it("over the limit, an undated course or no request length goes to a reviewer", () => {
    expect(judge("Myfembree since 03/10/2025. Oriahnn 01/2023 - 06/2023. Requesting 12 months.").outcome).toBe("insufficient");
    expect(judge("She took Orilissa in the past. Myfembree since 03/10/2026. Requesting 12 months.").outcome).toBe("insufficient");
    expect(judge("Myfembree since 03/10/2026. No Orilissa or Oriahnn before.").outcome).toBe("insufficient");
  });
});
