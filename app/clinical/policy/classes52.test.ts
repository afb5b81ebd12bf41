/**
 * Classes of stop 52, asserted on invented wording (no set's own text):
 * 1. a guideline whose criteria list opens with "has one of the following diagnoses: 1. <condition>; or
 *    2. <condition>, and the member has had an inadequate response to <drug>; …" is a choice among
 *    indications: each diagnosis a path with the requirements written after it, the other items of the
 *    list requirements of every path (it had been read as one path titled by the drug, whose indication
 *    nobody could match, so every request of such a guideline pended);
 * 2. a condition whose name holds a parenthetical ("Active (moderate to severe) rheumatoid arthritis") is
 *    named by the whole name, not by the words before the parenthesis;
 * 3. "<condition>, and the member has had an inadequate response to <drug>" is the condition AND the prior
 *    therapy (read as the prior therapy alone, the diagnosis went unchecked);
 * 4. the list's lead "… when the drug is prescribed by (administered by) a <specialist> and ALL of the
 *    following criteria are met" is a prescriber requirement of every path;
 * 5. a lettered item wrapped with a hanging indent ends where a line starts back at its marker after a
 *    finished sentence ("Continued therapy with X is considered medically necessary when …"): that
 *    paragraph is not the item's, and the item is not taken for renewal criteria (the last requirement of
 *    the list had been set aside as a continuation passage);
 * 6. vocabulary: dry / nonexudative age-related macular degeneration is not the neovascular form, and
 *    macular edema after retinal vein occlusion is a condition the engine knows; so are diabetic foot and
 *    venous leg ulcers, so a policy's "DFU: …" / "VLU: …" requirements apply to their own ulcer only (a
 *    VLU duplex requirement had been "met" on a diabetic foot);
 * 7. a visit note dated in its header ("Office Visit - Diabetes" over "Date: 08/05/2026") is a dated
 *    visit for a "within six months prior to ordering" requirement (only "Visit date:" lines counted);
 * 8. "A supply allowance is paid only when the member is enrolled in the plan on the line's date of
 *    service" under an "Enrollment" caption with the plan's bracketed tag is the roster's rule, not a
 *    fact for the records;
 * 10. a count of days written before its name ("18 headache days per month with 10 migraine days") is
 *    that count, never the number after the name (10 headache days denied a request meeting 15); of a
 *    list of monthly counts ("18, 17, 19 headache days"), the last;
 * 11. a "Medication History" table (Medication | Sig | Start | Stop) names what the member took, never
 *    the drug requested (its current disease-modifying drug had been taken for the request).
 * 12. an approval-criteria table of numbered questions whose cells route "Yes: Go to #3 / No: Pass to RPh.
 *    Deny; medical appropriateness" (Oregon DURM style) is a decision flow: the hand-off to the pharmacist
 *    is no outcome of its own, an information-only row ("Record ICD-10 code. Go to #2") requires nothing,
 *    "Go to Renewal Criteria" chooses the request type, a running page head is no unread criteria section
 *    (its questions had been read as criteria and its YES-denies questions as requirements);
 * 13. a condition named as a risk, a warning or a counseling topic ("counseled her on the seizure risk")
 *    is no documented history;
 * 14. "has never taken X or Y (Z)" negates every drug of its list;
 * 15. the Timed 25-Foot Walk is a measured value in seconds; a walk test is no measurement setting; a
 *    baseline requirement of a new start (the requested drug never taken) is met by the latest value;
 * 17. "a sustained decrease of at least 20 mmHg systolic or 10 mmHg diastolic" is an amount of change between
 *    two measurements, for a reviewer — read as "systolic blood pressure 10 mmHg or more", any pressure met it;
 * 16. an age band per product or strength ("cream 0.3%: 6 years or older; cream 0.05%: 2 to 5 years") is
 *    for a reviewer (read as the last band, an adult was "older than 5" and denied).
 * 9. a cell written as one numbered run ("1. Age 18 or older. 2. … 3. …") is each of its items; two runs
 *    interleaved line by line (a table's columns read across: "… 2. X 1. Y 2. …") are for a reviewer —
 *    read as one requirement, the prescriber named somewhere in it had met the whole run.
 */
import { describe, expect, it } from "vitest";
import type { ParsedDocument } from "~/documents/types";
import type { Criterion } from "../contracts";
import { docFromPages } from "../testing";
import { conditionsNamedIn } from "../vocabulary/conditions";
import { buildCaseIndex } from "../evidence/case-index";
import { judgeVisitBeforeOrder } from "../evidence/visit-recency";
import { eligibilityRuleOnly } from "./claim-line-sentences";
import { measureValues } from "../evidence/findings";
import { measureByName } from "../vocabulary/measures";
import { extractCaseFacts } from "../extract/extract-case";
import { evalContext, evaluateCriterion } from "../review/evaluate";
import { emptyFacts } from "../testing";
import { isNegated } from "../vocabulary/language";
import { parseCriterion } from "./parse-criterion";
import { readPolicy } from "./read-policy";

const CHOICE = [
  "Examplomab (Examplo) Clinical Criteria",
  "Clinical Indications",
  "Medically Necessary: Initial therapy with examplomab is considered medically necessary when the drug is prescribed by a rheumatologist and ALL of the following criteria are met:",
  "A. The member has one of the following diagnoses:",
  "1. Active (moderate to severe) rheumatoid arthritis; or",
  "2. Active psoriatic arthritis, and the member has had an inadequate response to methotrexate;",
  "and",
  "B. The dose does not exceed 200 mg every 2 weeks; and",
  "C. The member does not have an active serious infection.",
].join("\n");

const kinds = (cs: Criterion[]) => cs.map((c) => c.kind);

describe("a criteria list opening with a choice among diagnoses", () => {
  const model = readPolicy(docFromPages([CHOICE]), { title: "Examplo", drug_names: ["examplomab"] });
  it("reads one path per diagnosis, each with the requirements written after it", () => {
    expect(model.indications.map((i) => i.title)).toEqual(["Active (moderate to severe) rheumatoid arthritis", "Active psoriatic arthritis"]);
    expect(model.indications.every((i) => i.understood)).toBe(true);
    expect(model.indications[0].match.conditions).toContain("rheumatoid arthritis");
    expect(kinds(model.indications[1].criteria)).toEqual(["prior_therapy"]);
  });
  it("keeps the list's other items and its lead's prescriber as requirements of every path", () => {
    expect(kinds(model.common)).toEqual(["prescriber", "dose_limit", "documentation"]);
    const prescriber = model.common[0];
    expect(prescriber.kind === "prescriber" && prescriber.specialties).toContain("rheumatologist");
  });
});

describe("a condition and a prior therapy in one item", () => {
  it("reads both", () => {
    const c = parseCriterion("Plaque psoriasis, and the member has had an inadequate response to methotrexate", "", { drugNames: ["examplomab"] });
    expect(c.kind).toBe("all");
    if (c.kind !== "all") return;
    expect(kinds(c.items)).toEqual(["diagnosis", "prior_therapy"]);
  });
  it("reads a physician who administers a drug as its prescriber, never a professional or the patient", () => {
    expect(parseCriterion("The drug is administered by a neurologist", "", { drugNames: [] }).kind).toBe("prescriber");
    expect(parseCriterion("administered by a healthcare professional", "", { drugNames: [] }).kind).not.toBe("prescriber");
  });
});

/** a one-page document whose lines start at the given indents (points from the left edge), with word boxes */
function indentedDoc(lines: [number, string][]): ParsedDocument {
  let text = "";
  const words: ParsedDocument["pages"][number]["words"] = [];
  lines.forEach(([x, line], i) => {
    let at = 0;
    for (const w of line.split(" ")) {
      if (w) words.push({ text: w, start: text.length + at, end: text.length + at + w.length, x: x + at * 5, y: 40 + i * 12, w: w.length * 5, h: 10 });
      at += w.length + 1;
    }
    text += `${line}\n`;
  });
  return { page_count: 1, pages: [{ page: 1, text, ocr: false, confidence: null, width: 612, height: 792, words }] };
}

describe("a paragraph after a list wrapped with hanging indents", () => {
  const doc = indentedDoc([
    [40, "Examplomab (Examplo) Clinical Criteria"],
    [40, "Clinical Indications"],
    [40, "Examplomab is considered medically necessary when ALL of the following criteria are met:"],
    [40, "A.     The member is 18 years of age or older; and"],
    [40, "B.     The member has plaque psoriasis covering 10% or more of the body surface area; and"],
    [40, "C.     The member does not have an active serious infection or an active inflammatory condition of the"],
    [70, "skin to be treated."],
    [40, "Continued therapy with examplomab is considered medically necessary when the criteria above continue to be met and"],
    [40, "there is documented improvement of the body surface area involved."],
  ]);
  const model = readPolicy(doc, { title: "Examplo", drug_names: ["examplomab"] });
  const all = [...model.common, ...model.indications.flatMap((i) => i.criteria)];
  it("keeps the last item a requirement and reads the paragraph as renewal only", () => {
    expect(all.some((c) => /does not have an active serious infection/.test(c.text))).toBe(true);
    expect(model.continuation.some((c) => /does not have an active serious infection/.test(c.text))).toBe(false);
    expect(all.some((c) => /continue to be met/.test(c.text))).toBe(false);
  });
});

describe("eye conditions", () => {
  it("tells the dry form of macular degeneration from the neovascular one", () => {
    expect(conditionsNamedIn("nonexudative (dry) age-related macular degeneration").map((c) => c.name)).toEqual([
      "nonexudative age-related macular degeneration",
    ]);
    expect(conditionsNamedIn("dry AMD with geographic atrophy").map((c) => c.name)).not.toContain("neovascular age-related macular degeneration");
    expect(conditionsNamedIn("wet age-related macular degeneration").map((c) => c.name)).toEqual(["neovascular age-related macular degeneration"]);
  });
  it("knows macular edema after a retinal vein occlusion", () => {
    expect(conditionsNamedIn("macular edema secondary to branch retinal vein occlusion").map((c) => c.name)).toEqual([
      "macular edema following retinal vein occlusion",
    ]);
  });
});

describe("wound and vein conditions scope a policy's requirements", () => {
  it("knows diabetic foot ulcers and venous leg ulcers by name, abbreviation and code", () => {
    expect(conditionsNamedIn("DFU").map((c) => c.name)).toEqual(["diabetic foot ulcer"]);
    expect(conditionsNamedIn("venous stasis ulcer of the left calf").map((c) => c.name)).toEqual(["venous leg ulcer"]);
  });
  it("scopes a 'VLU:' requirement to venous leg ulcers", () => {
    const c = parseCriterion("VLU: venous insufficiency documented by examination and duplex ultrasound.", "", { drugNames: [] });
    expect(c.applies_to).toEqual(["venous leg ulcer"]);
  });
});

describe("a visit note dated in its header", () => {
  const fax = [
    "Harbor Clinic",
    "Office Visit - Diabetes",
    "Patient: Doe, Jane    Date: 03/02/2026",
    "Visit type: In person",
    "Standard Written Order",
    "Order date 03/02/2026",
  ].join("\n");
  it("is a visit within the window before the order", () => {
    const r = judgeVisitBeforeOrder(buildCaseIndex(docFromPages([fax]), "2026-03-10"), 186);
    expect(r.outcome).toBe("met");
  });
  it("does not count a note dated after the order", () => {
    const late = fax.replace("Date: 03/02/2026", "Date: 03/09/2026");
    expect(judgeVisitBeforeOrder(buildCaseIndex(docFromPages([late]), "2026-03-10"), 186).outcome).toBe("insufficient");
  });
});

describe("the plan's enrollment rule in a policy", () => {
  it("is the roster's, under an Enrollment caption and a plan's bracketed tag", () => {
    expect(
      eligibilityRuleOnly(
        "Enrollment [ABCD] A supply allowance is paid only when the member is enrolled in the plan on the line's date of service. A period that begins after disenrollment is not payable.",
      ),
    ).toBe(true);
    expect(eligibilityRuleOnly("The drug is paid only when the member is enrolled in the manufacturer's REMS program.")).toBe(false);
  });
});

describe("a table cell of numbered requirements", () => {
  it("reads each item of one numbered run", () => {
    const c = parseCriterion("1. Age 18 or older. 2. Prescribed by or in consultation with a neurologist. 3. Not due to a structural cause.", "", {
      drugNames: [],
    });
    expect(c.kind).toBe("all");
    if (c.kind === "all") expect(kinds(c.items).slice(0, 2)).toEqual(["age", "prescriber"]);
  });
  it("leaves two runs read across a table's columns to a reviewer", () => {
    const c = parseCriterion(
      "Age 18 or older. 2. Chronic cluster headache: 4 or more 1. Initial criteria were met. 2. Fewer attacks than baseline. 3. Prescribed by a neurologist.",
      "",
      { drugNames: [] },
    );
    expect(c.kind).toBe("human_review");
  });
});

describe("values recorded 'in a diary or in the notes'", () => {
  it("are all required: the 'or' joins the records, not the values", () => {
    const c = parseCriterion(
      "15 or more headache days per month, of which 8 or more days per month are migraine days, recorded in a diary or in the notes",
      "",
      { drugNames: [] },
    );
    expect(c.kind).toBe("all");
  });
});

describe("a count of days written before its name", () => {
  const values = (line: string) =>
    measureValues(buildCaseIndex(docFromPages([`Visit 11/02/2026\n${line}`]), "2026-11-10"), measureByName("headache days per month")!).map((v) => v.value);
  it("is the count, never the number after the name", () => {
    expect(values("She has 18 headache days per month with 10 migraine days.")).toEqual([18]);
  });
  it("reads the latest month of a list of monthly counts, never the next list's first", () => {
    expect(values("Diary 06-08/2026: 18, 17, 19 headache days per month with 10, 9, 11 migraine days.")).toEqual([19]);
  });
  it("still reads a value written after its name", () => {
    expect(values("Headache days per month: 16")).toEqual([16]);
  });
});

describe("a medication history table", () => {
  it("is never the request's drug", () => {
    const note = [
      "Request date: 11/20/2026",
      "Medication History",
      "Medication              Sig               Start     Stop     Reason stopped / comment",
      "siponimod 2 mg tablet   1 tab PO daily    06/2021            current",
      "Plan: Prior authorization request for Ampyra 10 mg every 12 hours for 3 months.",
    ].join("\n");
    const f = extractCaseFacts(docFromPages([note]), { formulary: [{ drug_name: "Ampyra", ndc: null } as never] });
    expect(f.medication?.drug_name).toBe("Ampyra");
  });
});

describe("an approval-criteria table of numbered questions routed 'Yes: Go to #n / No: Pass to RPh. Deny'", () => {
  const row = (label: string, q: string, yes: string, no: string): [number, string] => [40, `${label.padEnd(6)}${q.padEnd(60)}${yes.padEnd(26)}${no}`];
  const doc = indentedDoc([
    [40, "Examplomab PA Criteria"],
    [40, "Goal(s): promote safe use of examplomab."],
    [200, "Approval Criteria"],
    row("1.", "What diagnosis is being treated?", "Record ICD-10 code. Go to #2", ""),
    [40, ""],
    row("2.", "Does the patient have a diagnosis of plaque psoriasis?", "Yes: Go to #3", "No: Pass to RPh. Deny;"),
    row("", "", "", "medical appropriateness"),
    [40, ""],
    row("3.", "Is this a request for continuation of therapy?", "Yes: Go to Renewal", "No: Go to #4"),
    row("", "", "Criteria", ""),
    [40, ""],
    row("4.", "Is the patient 18 years of age or older?", "Yes: Go to #5", "No: Pass to RPh. Deny;"),
    row("", "", "", "medical appropriateness"),
    [40, ""],
    row("5.", "Is the patient currently taking another biologic agent?", "Yes: Pass to RPh. Deny;", "No: Approve for 12 months."),
    row("", "", "medical appropriateness", ""),
    [40, ""],
    [200, "Renewal Criteria"],
    row("1.", "Is there documentation of a clinical response?", "Yes: Approve for 12 months.", "No: Pass to RPh. Deny;"),
  ]);
  const model = readPolicy(doc, { title: "Examplo", drug_names: ["examplomab"] });
  it("reads the approving route: the questions whose NO denies as requirements, the one whose YES denies as an exclusion", () => {
    expect(model.indications).toHaveLength(1);
    const kinds52 = model.indications[0].criteria.map((c) => c.kind);
    expect(kinds52).toEqual(expect.arrayContaining(["diagnosis", "age"]));
    expect(model.indications[0].criteria.some((c) => /what diagnosis/i.test(c.text))).toBe(false);
    expect(model.exclusions.some((c) => /biologic/i.test(c.text))).toBe(true);
    expect(model.indications[0].understood).toBe(true);
  });
});

describe("a condition named as a risk or a warning", () => {
  const ctxFor = (fax: string) =>
    evalContext({ idx: buildCaseIndex(docFromPages([fax]), "2026-11-20"), facts: emptyFacts(), requestDate: "2026-11-20", requestedNames: ["examplomab"] });
  const exclusion = {
    kind: "documentation",
    text: "The patient has a history of seizures",
    concepts: [["seizures"]],
    absence: false,
    confidence: "medium",
  } as Criterion;
  it("is no documented history ('counseled her on the seizure risk')", () => {
    const r = evaluateCriterion(exclusion, ctxFor("She has never had a seizure. I have counseled her on the seizure risk."));
    expect(r.outcome).not.toBe("met");
  });
  it("while a stated event still is", () => {
    const r = evaluateCriterion(exclusion, ctxFor("She had one generalized seizure in April 2019 during a relapse."));
    expect(r.outcome).toBe("met");
  });
});

describe("a drug listed after 'has never taken'", () => {
  it("is negated however long the list", () => {
    const t = "She has never taken examplomab or compounded 4-aminopyridine (fampridine).";
    expect(isNegated(t, t.indexOf("fampridine)"))).toBe(true);
  });
});

describe("a timed walk test", () => {
  it("is a measured value in seconds, compared with the policy's range", () => {
    const c = parseCriterion("The patient is ambulatory with a baseline Timed 25-Foot Walk (T25FW) between 8 and 45 seconds", "", {
      drugNames: ["examplomab"],
    });
    expect(c.kind).toBe("lab");
    if (c.kind === "lab") {
      expect([c.op, c.value, c.value_max]).toEqual(["between", 8, 45]);
      // (the walk is the test, not the setting a value was taken in)
      expect(c.context).toBeUndefined();
    }
  });
  it("meets a baseline requirement with the latest value when the requested drug was never started", () => {
    const c = parseCriterion("The patient is ambulatory with a baseline Timed 25-Foot Walk (T25FW) between 8 and 45 seconds", "", {
      drugNames: ["examplomab"],
    });
    const fax = "Clinic note 11/02/2026\nTimed 25-Foot Walk: 9.9 s on 11/02/2026.\nPlan: start examplomab.";
    const r = evaluateCriterion(
      c,
      evalContext({ idx: buildCaseIndex(docFromPages([fax]), "2026-11-20"), facts: emptyFacts(), requestDate: "2026-11-20", requestedNames: ["examplomab"] }),
    );
    expect(r.outcome).toBe("met");
  });
});

describe("an age band per product strength", () => {
  it("is for a reviewer, never one band's bound", () => {
    const c = parseCriterion("The patient is of an FDA-approved age for the product requested (cream 0.3%: 6 years or older; cream 0.05%: 2 to 5 years)", "", {
      drugNames: [],
    });
    expect(c.kind).toBe("human_review");
  });
});

describe("an amount of change between two measurements", () => {
  it("is never an absolute threshold", () => {
    const c = parseCriterion(
      "Orthostatic hypotension documented by a sustained decrease of at least 20 mmHg systolic or at least 10 mmHg diastolic blood pressure within 3 minutes of standing",
      "",
      { drugNames: [] },
    );
    expect(c.kind).toBe("human_review");
    expect(parseCriterion("Systolic blood pressure of 90 mmHg or less", "", { drugNames: [] }).kind).toBe("lab");
  });
});

describe("a claim form's printed box captions", () => {
  it("state nothing about the member ('14. DATE OF CURRENT ILLNESS, INJURY, or PREGNANCY (LMP)')", () => {
    const fax = "14. DATE OF CURRENT ILLNESS, INJURY, or PREGNANCY (LMP)   15. OTHER DATE\nDuplex 08/01/2026: reflux in the right GSV. No DVT.";
    const spec = { kind: "documentation", text: "The member is not pregnant", concepts: [["pregnant"]], absence: true, confidence: "medium" } as Criterion;
    const r = evaluateCriterion(
      spec,
      evalContext({ idx: buildCaseIndex(docFromPages([fax]), "2026-08-20"), facts: emptyFacts(), requestDate: "2026-08-20", requestedNames: [] }),
    );
    expect(r.outcome).not.toBe("not_met");
  });
});
