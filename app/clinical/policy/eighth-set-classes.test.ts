/**
 * Reading classes found by the eighth blind set (fixtures/corpus/summit-cigna), each written here
 * with other drugs and wording: an "ALL of the following (i, ii, iii, and iv)" list one of whose items
 * is itself a choice; a note that says which agents do not count; specialty-guideline sections
 * numbered in roman numerals ("IV. Prescriber specialties", "III. Required documentation"); forms of
 * multiple sclerosis; a requirement with a positive and a negative clause; a therapy documented both
 * as stopped and as taken; a row-label grid ("Indication | Criteria").
 */
import { describe, expect, it } from "vitest";
import type { Criterion } from "../contracts";
import { parseCriterion } from "./parse-criterion";
import { readPolicy } from "./read-policy";
import { generateDecisionTree } from "./compile-tree";
import { docFromPages } from "../testing";
import { decideText, dx } from "../review/test-cases";

const ctx = { drugNames: ["Examplizumab"] };
const flat = (cs: Criterion[]): Criterion[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c, ...flat(c.items)] : [c]));

describe("an ALL-of list whose second item is a choice", () => {
  const policy = [
    "Examplizumab Subcutaneous Injection - Drug Coverage Policy",
    "Medical Necessity Criteria",
    "Examplizumab is considered medically necessary when ONE of the following is met (1 or 2):",
    "1. Plaque Psoriasis. Approve for up to 12 months if the individual meets ONE of the following (A or B):",
    "A) Initial Therapy. Approve if the individual meets ALL of the following criteria (i, ii, iii, and iv):",
    "i. Individual is 18 years of age or older; AND",
    "ii. Individual meets ONE of the following (a or b):",
    "a) Individual has tried at least one traditional systemic agent for psoriasis for at least 3 months, unless intolerant; OR",
    "Note: Examples of traditional systemic agents are methotrexate, cyclosporine and acitretin. Topical corticosteroids and narrowband UVB are not traditional systemic agents.",
    "b) Individual has a contraindication to methotrexate, as determined by the prescriber; AND",
    "iii. Psoriasis involves at least 3% of body surface area; AND",
    "iv. The medication is prescribed by or in consultation with a dermatologist.",
    "B) Individual is Currently Receiving Examplizumab. Approve if the individual has been established on therapy for at least 90 days.",
    "2. Psoriatic Arthritis. Approve for up to 12 months if the individual meets ALL of the following criteria (A and B):",
    "A. Individual is 18 years of age or older; AND",
    "B. The medication is prescribed by or in consultation with a rheumatologist or a dermatologist.",
  ].join("\n");
  const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplizumab"] });
  const plaque = m.indications.find((i) => /plaque/i.test(i.title))!;
  const kinds = flat(plaque.criteria).map((c) => c.kind);
  it("keeps every item of the list, not only the choice", () => {
    expect(kinds).toEqual(expect.arrayContaining(["age", "any", "lab", "prescriber"]));
    expect(plaque.understood).toBe(true);
  });
  it("reads the note's 'are not traditional systemic agents' as agents that do not count", () => {
    const step = flat(plaque.criteria).find((c) => c.kind === "prior_therapy");
    expect(step).toBeDefined();
    if (step?.kind !== "prior_therapy") return;
    expect(step.drugs).toContain("methotrexate");
    expect(step.drugs.join(" ")).not.toMatch(/uvb/i);
  });
  it("never approves a plaque psoriasis request on the step alone (BSA and specialty unchecked)", () => {
    const tree = generateDecisionTree(docFromPages([policy]), { drug_names: ["Examplizumab"] });
    const d = decideText(
      tree,
      [
        "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
        "Medication: Examplizumab 160 mg",
        "Diagnosis: L40.0 plaque psoriasis. DOB 03/02/1976.",
        "Prescriber specialty: Family medicine",
        "Methotrexate 15 mg weekly 01/2026 - 06/2026, inadequate response.",
        "BSA 1%.",
      ].join("\n"),
      { diagnoses: [dx("L40.0", "plaque psoriasis", true)] },
    );
    expect(d.decision.final_decision).not.toBe("approved");
  });
});

describe("a requirement written beside sub-paths that no path takes", () => {
  const policy = [
    "Examplizumab - Coverage Policy",
    "Criteria",
    "1. Plaque Psoriasis. Approve for 12 months if the individual meets ONE of the following (A or B):",
    "A) Initial Therapy. Approve if the individual meets ONE of the following (i or ii):",
    "i. Individual is 18 years of age or older.",
    "ii. Individual meets ONE of the following (a or b):",
    "a) Individual has tried methotrexate for at least 3 months; OR",
    "b) Individual has a contraindication to methotrexate.",
    "B) Individual is Currently Receiving Examplizumab for at least 90 days.",
  ].join("\n");
  const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplizumab"] });
  it("leaves the path unread rather than approving without the lost requirement", () => {
    for (const ind of m.indications) if (!flat(ind.criteria).some((c) => c.kind === "age")) expect(ind.understood).toBe(false);
  });
});

describe("a specialty guideline with roman-numbered sections", () => {
  const policy = [
    "SPECIALTY GUIDELINE MANAGEMENT",
    "EXAMPLIZUMAB",
    "POLICY",
    "I. Indications",
    "The indications below are considered a covered benefit provided that all the approval criteria are met and the member has no exclusions to the prescribed therapy.",
    "Examplizumab is indicated for the treatment of relapsing forms of multiple sclerosis in adults.",
    "II. Exclusions",
    "Coverage will not be provided for members with any of the following exclusions:",
    "A. Primary progressive multiple sclerosis (PPMS), with or without activity.",
    "III. Required documentation",
    "Submission of the following information is necessary to initiate the prior authorization review:",
    "A. Chart notes supporting the diagnosis.",
    "B. Laboratory results with their dates.",
    "IV. Prescriber specialties",
    "This medication must be prescribed by or in consultation with a neurologist.",
    "V. Coverage criteria",
    "Relapsing forms of multiple sclerosis",
    "Authorization of 12 months may be granted for members 18 years of age or older with a relapsing form of multiple sclerosis when ALL of the following criteria are met:",
    "1. The member will not use Examplizumab concomitantly with another disease-modifying therapy for MS.",
    "2. Hepatitis B screening (HBsAg and anti-HBc) has been completed.",
    "VI. Continuation of therapy",
    "Authorization of 12 months may be granted for members who are currently receiving Examplizumab and are experiencing disease stability.",
  ].join("\n");
  const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplizumab"] });
  const all = [...m.common, ...m.indications.flatMap((i) => flat(i.criteria))];
  it("reads the sections as sections: the section titles are no criteria", () => {
    expect(all.map((c) => c.text).join(" | ")).not.toMatch(/^Indications|Required documentation|Submission of the following/);
  });
  it("reads the prescriber section as a requirement of every request", () => {
    expect(m.common.some((c) => c.kind === "prescriber")).toBe(true);
  });
  it("reads the coverage criteria under their indication, with the lead's age", () => {
    expect(m.indications).toHaveLength(1);
    const kinds = flat(m.indications[0].criteria).map((c) => c.kind);
    expect(kinds).toEqual(expect.arrayContaining(["age", "no_concurrent", "test_result"]));
    expect(kinds).not.toContain("documentation");
  });
  it("denies primary progressive MS by its code and never a relapsing one", () => {
    const tree = generateDecisionTree(docFromPages([policy]), { drug_names: ["Examplizumab"] });
    const request = (code: string, desc: string) =>
      decideText(
        tree,
        [
          "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
          "Medication: Examplizumab 20 mg monthly",
          `Diagnosis: ${code} ${desc}. DOB 03/02/1976.`,
          "Prescriber specialty: Neurology",
          "HBsAg nonreactive, anti-HBc nonreactive 09/02/2026. No other disease-modifying therapy.",
        ].join("\n"),
        { diagnoses: [dx(code, desc, true)] },
      ).decision.final_decision;
    expect(request("G35.B2", "primary progressive multiple sclerosis")).toBe("denied");
    expect(request("G35.A", "relapsing-remitting multiple sclerosis")).not.toBe("denied");
  });
});

describe("a requirement with a positive and a negative clause", () => {
  it("is met only when the positive part is documented (not by absence)", () => {
    const c = parseCriterion("Screening has been completed and the member does not have active hepatitis B infection.", "", ctx);
    if (c.kind === "documentation") expect(c.absence).toBe(false);
  });
  it("a wholly negative requirement is still met by absence", () => {
    const c = parseCriterion("No history of recurrent serious infections and not pregnant.", "", ctx);
    expect(c).toMatchObject({ kind: "documentation", absence: true });
  });
});

describe("a therapy documented both as stopped and as taken", () => {
  const policy = [
    "Examplizumab - Coverage Policy",
    "Criteria for approval",
    "1. Relapsing multiple sclerosis. Approve for 12 months if the patient meets ALL of the following:",
    "a. Patient is 18 years of age or older; AND",
    "b. Prescribed by or in consultation with a neurologist.",
    "Conditions Not Covered",
    "1. Concomitant use with another disease-modifying therapy (DMT) for MS (e.g., glatiramer acetate, teriflunomide).",
  ].join("\n");
  const tree = generateDecisionTree(docFromPages([policy]), { drug_names: ["Examplizumab"] });
  it("is never the ground of a combination denial", () => {
    const d = decideText(
      tree,
      [
        "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
        "Medication: Examplizumab 20 mg monthly (continuation)",
        "Diagnosis: G35.A relapsing-remitting multiple sclerosis. DOB 03/02/1980.",
        "Prescriber specialty: Neurology",
        "Glatiramer acetate 40 mg SC three times weekly 09/2021 - 04/2025, stopped: breakthrough relapse.",
        "Started Examplizumab 05/2025 after breakthrough disease on glatiramer.",
      ].join("\n"),
      { diagnoses: [dx("G35.A", "relapsing-remitting multiple sclerosis", true)] },
    );
    expect(d.decision.final_decision).not.toBe("denied");
  });
});

describe("a row-label grid (Indication | Criteria)", () => {
  it("reads each row's criteria under its own label, not a column of labels then a column of criteria", async () => {
    const { readTableColumns } = await import("../text/table-columns");
    const { docLines } = await import("../text/lines");
    const words = (text: string, x: number, y: number, start: number) => {
      const out: { text: string; x: number; y: number; w: number; h: number; start: number; end: number }[] = [];
      let pos = 0;
      for (const w of text.split(" ")) {
        const at = text.indexOf(w, pos);
        out.push({ text: w, x: x + at * 3, y, w: w.length * 3, h: 9, start: start + at, end: start + at + w.length });
        pos = at + w.length;
      }
      return out;
    };
    const rows: [string, string][] = [
      ["Indication", "Criteria"],
      ["Prevention of episodic migraine", "• Age 18 or older"],
      ["", "• 4 to 14 migraine days per month"],
      ["Prescriber", "• Neurologist or headache specialist"],
    ];
    let text = "";
    const ws: ReturnType<typeof words> = [];
    rows.forEach(([a, b], i) => {
      const y = 100 + i * 12;
      if (a) {
        ws.push(...words(a, 50, y, text.length));
        text += a;
      }
      if (a && b) text += "    ";
      ws.push(...words(b, 200, y, text.length));
      text += b + "\n";
    });
    const doc = { page_count: 1, pages: [{ page: 1, text, words: ws, width: 612, height: 792 }] } as never;
    const out = readTableColumns(doc, docLines(doc)).map((l) => l.text);
    expect(out.indexOf("Prevention of episodic migraine")).toBeLessThan(out.indexOf("• Age 18 or older"));
    expect(out.indexOf("• 4 to 14 migraine days per month")).toBeLessThan(out.indexOf("Prescriber"));
    expect(out.indexOf("Prescriber")).toBeLessThan(out.indexOf("• Neurologist or headache specialist"));
  });
});

describe("a trial requirement that also accepts intolerance by pronoun", () => {
  const policy = [
    "Examplizumab - Coverage Policy",
    "Criteria",
    "1. Plaque Psoriasis. Approve for 12 months if the individual meets ALL of the following criteria (A and B):",
    "A. Individual is 18 years of age or older; AND",
    "B. Individual has tried at least one biologic for psoriasis other than Examplizumab for at least 3 months, or was intolerant to it.",
  ].join("\n");
  const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplizumab"] });
  const all = m.indications.flatMap((i) => flat(i.criteria));
  it("is one trial that allows intolerance, never a loose 'intolerant' item", () => {
    expect(all.some((c) => c.kind === "prior_therapy" && c.allow_intolerance)).toBe(true);
    expect(all.some((c) => c.kind === "documentation")).toBe(false);
  });
});

describe("continuation sub-paths under an indication", () => {
  const policy = [
    "Examplizumab - Coverage Policy",
    "Criteria",
    "1. Plaque Psoriasis. Approve for up to 12 months if the individual meets ONE of the following (A or B):",
    "A) Initial Therapy. Approve if the individual meets ALL of the following criteria (i and ii):",
    "i. Individual is 18 years of age or older; AND",
    "ii. The medication is prescribed by or in consultation with a dermatologist.",
    "B) Individual is Currently Receiving Examplizumab. Approve if the individual meets ALL of the following criteria (i and ii):",
    "i. Individual has been established on Examplizumab for at least 90 days; AND",
    "ii. Individual has experienced a beneficial clinical response, defined as improvement from baseline in BSA or PASI. The individual is not required to meet criterion A(ii) again.",
  ].join("\n");
  const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplizumab"] });
  it("keeps a requirement whose note says something else is not required", () => {
    const kinds = m.indications[0].continuation?.criteria.map((c) => c.kind) ?? [];
    expect(kinds).toContain("response");
  });
});

describe("a threshold with an alternative the parse does not hold", () => {
  it("is never the ground of a denial", async () => {
    const { adverseConfidence } = await import("./parse-coverage");
    const c = parseCriterion(
      "Psoriasis involves at least 3% of body surface area (BSA), or involves the scalp, face, palms, soles, nails, or genital area",
      "",
      ctx,
    );
    expect(c.kind).toBe("lab");
    expect(adverseConfidence(c)).not.toBe("high");
  });
});

describe("a continuation paragraph written as one long sentence", () => {
  const policy = [
    "SPECIALTY GUIDELINE MANAGEMENT",
    "V. Coverage criteria",
    "Relapsing forms of multiple sclerosis",
    "Authorization of 12 months may be granted for members 18 years of age or older with a relapsing form of multiple sclerosis when ALL of the following criteria are met:",
    "1. The member will not use Examplizumab concomitantly with another disease-modifying therapy for MS.",
    "VI. Continuation of therapy",
    "Authorization of 12 months may be granted for members 18 years of age or older with a relapsing form of MS who are currently receiving Examplizumab and who are experiencing disease stability or improvement while receiving Examplizumab, when the member will not use Examplizumab concomitantly with another DMT for MS.",
  ].join("\n");
  const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplizumab"] });
  it("reads each clause as a requirement: current use, the response and no concurrent DMT", () => {
    const kinds = m.indications[0]?.continuation?.criteria.map((c) => c.kind) ?? [];
    expect(kinds).toEqual(expect.arrayContaining(["on_therapy", "response", "no_concurrent"]));
  });
});
