/**
 * Classes of documents found on real public PA cases (filled request forms merged with chart notes,
 * labs and imaging), each reproduced with our own text: unanswered form questions, requests with no
 * written date, requirements stated across wrapped lines, lines of therapy, exact drug lists.
 */
import { describe, expect, it } from "vitest";
import type { CriterionOf } from "../contracts";
import { isUnansweredFormLine } from "../evidence/case-index";
import { checkEligibility } from "../eligibility/check-eligibility";
import { extractCaseFacts } from "../extract/extract-case";
import { generateDecisionTree } from "../policy/compile-tree";
import { parseCriterion } from "../policy/parse-criterion";
import { docFromPages } from "../testing";
import { decideText } from "./test-cases";

describe("form questions and options are not facts", () => {
  it("an option with an empty box, or a question left unanswered or answered No, states nothing", () => {
    expect(isUnansweredFormLine("[ ] Ph- (negative)")).toBe(true);
    expect(isUnansweredFormLine("❑ Yes ❑ No")).toBe(true);
    expect(isUnansweredFormLine("Does your patient have minimal residual disease (MRD)? Yes [ ] No [ ]")).toBe(true);
    expect(isUnansweredFormLine("Is your patient in complete remission? Yes [ ] No [X]")).toBe(true);
    expect(isUnansweredFormLine("Does your patient have Philadelphia chromosome -positive or -negative ALL")).toBe(true);
    expect(isUnansweredFormLine("[X] Ph+ (positive)")).toBe(false);
    expect(isUnansweredFormLine("Does your patient have relapsed disease? Yes [X] No [ ]")).toBe(false);
    expect(isUnansweredFormLine("Patient is MRD positive after induction.")).toBe(false);
  });

  it("a test named only in an unanswered question is not a result", () => {
    const tree = generateDecisionTree(
      docFromPages([
        "Examplo PA Criteria\nI. Initial Approval Criteria\nA. Plaque Psoriasis (must meet all):\n1. Diagnosis of plaque psoriasis;\n2. Negative tuberculosis test within the past 12 months;\nApproval duration: 6 months",
      ]),
      { drug_names: ["Examplo"] },
    );
    const { review } = decideText(tree, "Diagnosis: L40.0 plaque psoriasis\nHas the patient had a negative TB test (QuantiFERON)? Yes [ ] No [ ]");
    const tb = review.paths[0].criteria.find((c) => /tuberculosis/i.test(c.question))!;
    expect(tb.outcome).toBe("insufficient");
  });
});

describe("requests with no written date", () => {
  const roster = [
    {
      member_id: "4567890",
      first_name: "Sarah",
      last_name: "Sample",
      birth_date: "2014-10-19",
      gender: "female",
      plan_identification: null,
      coverage_start: "2020-01-01",
      coverage_end: null,
    },
  ];
  const form = [
    "PRIOR AUTHORIZATION REQUEST",
    "Patient Name: Sarah Sample   Member ID: 4567890   Date of Birth: 10-19-2014",
    "Medication requested: Humira 40 mg",
  ].join("\n");

  it("the latest date of care in the documents stands in (never a birth date or a planned visit) and eligibility holds across it", () => {
    const doc = docFromPages([form, "Clinic note 10/02/2024: abdominal pain.\nLab collected 10/14/2024: CRP 45.\nFollow-up appointment 12/01/2024."]);
    const facts = extractCaseFacts(doc, { roster });
    expect(facts).toMatchObject({ request_date: "2024-10-14", request_date_source: "latest_document" });
    const e = checkEligibility(facts, roster, [], { receivedDate: "2024-10-20" });
    expect(e).toMatchObject({ eligible: true, certainty: "clear" });
  });

  it("coverage that ends before the received date is not confirmed, and never denied, on a date the fax does not carry", () => {
    const doc = docFromPages([form, "Clinic note 10/02/2024: abdominal pain."]);
    const facts = extractCaseFacts(doc, { roster });
    const ended = [{ ...roster[0], coverage_end: "2024-10-10" }];
    const e = checkEligibility(facts, ended, [], { receivedDate: "2024-10-20" });
    expect(e.eligible).toBeNull();
  });

  it("a request date that most dated entries come months after is not the request date", () => {
    const doc = docFromPages([
      ["PRIOR AUTHORIZATION REQUEST", "02/01/2014", "Patient Name: Sarah Sample   Date of Birth: 10-19-2014"].join("\n"),
      "Visit 09/03/2024.\nMRI 09/20/2024.\nLabs 10/01/2024.",
    ]);
    const facts = extractCaseFacts(doc, { roster });
    expect(facts.request_date).toBe("2024-10-01");
    expect(facts.request_date_source).toBe("latest_document");
  });
});

describe("requirements the reader must not shrink or widen", () => {
  const ctx = { drugNames: ["Examplimab"] };
  it("'second-line therapy' is a documented prior cancer treatment, inferred (medium confidence)", () => {
    const c = parseCriterion("Used as second-line therapy", "", ctx) as CriterionOf<"prior_therapy">;
    expect(c).toMatchObject({ kind: "prior_therapy", classes: ["anticancer therapy"], count: 1, confidence: "medium" });
    expect((parseCriterion("Used as third-line therapy", "", ctx) as CriterionOf<"prior_therapy">).count).toBe(2);
  });

  it("'(i.e., A, B, C)' names the qualifying drugs exactly, not the whole class it describes", () => {
    const c = parseCriterion(
      "Intolerant or refractory to at least one second-generation or later tyrosine kinase inhibitor (TKI; i.e., Sprycel, Tasigna, Bosulif, Iclusig)",
      "",
      ctx,
    ) as CriterionOf<"prior_therapy">;
    expect(c.kind).toBe("prior_therapy");
    expect(c.drugs.sort()).toEqual(["bosutinib", "dasatinib", "nilotinib", "ponatinib"]);
    expect(c.classes).toEqual([]);
  });

  it("a finding and a trial in one sentence are two requirements", () => {
    const c = parseCriterion("Philadelphia chromosome-positive (Ph+) disease and intolerant or refractory to at least one tyrosine kinase inhibitor", "", ctx);
    expect(c.kind).toBe("all");
    expect(c.kind === "all" && c.items.map((i) => i.kind)).toEqual(["test_result", "prior_therapy"]);
  });

  it("a documented finding written across wrapped lines of one sentence meets its documentation requirement", () => {
    const tree = generateDecisionTree(
      docFromPages([
        "Examplimab Clinical Policy\nI. Initial Approval Criteria\nA. Acute Lymphoblastic Leukemia (must meet all):\n1. B-ALL in remission but positive for minimal residual disease (MRD+);\nApproval duration: 6 months",
      ]),
      { drug_names: ["Examplimab"] },
    );
    const text =
      "Diagnosis: C91.00 B-cell acute lymphoblastic leukemia\nBone marrow biopsy on 10/04/2024. While he achieved clinical remission with less than 5% blasts,\nfurther testing revealed that the patient was positive for minimal residual disease\n(MRD+) with 0.1% leukemic cells.";
    const { review } = decideText(tree, text, {}, "2024-10-15");
    expect(review.paths[0].outcome).toBe("met");
  });
});

describe("OCR-misread lab names", () => {
  const tree = () =>
    generateDecisionTree(
      docFromPages([
        "Examplo PA Criteria\nI. Initial Approval Criteria\nA. Type 2 Diabetes Mellitus (must meet all):\n1. Diagnosis of type 2 diabetes mellitus;\n2. Hemoglobin A1c of 7% or greater within the past 180 days;\nApproval duration: 12 months",
      ]),
      { drug_names: ["Examplo"] },
    );
  const a1c = (text: string) =>
    decideText(tree(), `Diagnosis: E11.65 type 2 diabetes mellitus\n${text}`, {}, "2026-03-01").review.paths[0].criteria.find((c) => /a1c/i.test(c.question))!;

  it("'Alc' / 'AIc' (the 1 read as l or I) is the A1c when a percentage follows", () => {
    expect(a1c("Hemoglobin Alc 8.6 % (02/17/2026)").outcome).toBe("met");
    expect(a1c("AIc 8.6% on 02/17/2026").outcome).toBe("met");
  });

  it("an absolute lymphocyte count ('ALC 1.2') is not an A1c", () => {
    expect(a1c("ALC 1.2 x10^3/uL (02/17/2026)").outcome).toBe("insufficient");
  });
});

describe("a drug's name is not its lab result", () => {
  it("'Testosterone cypionate 200 mg/mL' and a title line followed by 'Pages: 2' are not testosterone levels; '412 ng/dL' is", async () => {
    const { buildCaseIndex } = await import("../evidence/case-index");
    const { measureValues } = await import("../evidence/findings");
    const { MEASURES } = await import("../vocabulary/measures");
    const idx = buildCaseIndex(
      docFromPages([
        "Re: PA request - Testosterone\nPages: 2 (including cover)\nMedication & strength Testosterone cypionate 200 mg/mL, 10 mL vial\nTotal testosterone 412 ng/dL (09/30/2026)",
      ]),
      "2026-10-28",
    );
    const values = measureValues(
      idx,
      MEASURES.find((m) => m.name === "testosterone")!,
    ).map((v) => v.value);
    expect(values).toEqual([412]);
  });
});
