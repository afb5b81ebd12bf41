/**
 * Classes of stop 47, each asserted on invented wording (no set's own text):
 * 1. decimal-numbered guidelines ("3.0 Coverage Criteria", "3.1 Initial Authorization", "3.1.1 … ; AND",
 *    "3.1.2 …", "4.0 Exclusions" with an unnumbered lead, then "4.1 …"): the section titles are headings and
 *    the decimal items are the list — the items had run together as one paragraph, so a path was read down
 *    to its diagnosis and approved while its age, dose and exclusions went unread;
 * 2. "The requested dose does not exceed one capsule per day (maximum 52.3 mg per day)": a count of units
 *    per day is a quantity limit the request's quantity is compared with (it had been a dose ceiling with no
 *    amount, met by any request);
 * 3. a quantity stated without its days supply is never compared with a per-day limit (a fill of 30 is no
 *    proof of 30 a day);
 * 4. "Not taken with an MAOI or within 14 days after an MAOI was stopped": a concurrent-use bar, never a
 *    trial of an MAOI the member must have had;
 * 5. "As treatment of the airway obstruction of <condition>": an exclusion aimed at one aspect of the
 *    condition never applies on the condition's diagnosis code alone;
 * 6. criteria tables labelled by element, one per indication ("Indication 2 - <condition>" then "Age |
 *    …", "Prescriber | …", "Approval | 6 months"): each indication's rows are its criteria (they had been
 *    read as sections titled "Age", "Prescriber", … and the second indication was lost);
 * 7. a criteria grid headed "# | Criteria (all must be met unless marked ONE of) | Documentation to submit":
 *    the header's parenthetical is no reason to miss the grid.
 */
import { describe, expect, it } from "vitest";
import { buildCaseIndex } from "../evidence/case-index";
import { changeByAmount, evalContext, evaluateCriterion } from "../review/evaluate";
import { docFromPages, emptyFacts } from "../testing";
import type { Criterion } from "../contracts";
import type { DocLine } from "../text/lines";
import { parseCriterion, parseCountCeiling, parseExclusion } from "./parse-criterion";
import { unreadQualifiers, adverseConfidence } from "./parse-coverage";
import { readPolicy } from "./read-policy";
import { isHeading, parseOutline } from "./outline";
import { numberLabelRows } from "./label-rows";
import { tablePage } from "../extract/test-pages";
import { docLines } from "../text/lines";
import { readTableColumns } from "../text/table-columns";
import { therapyEvidence } from "../evidence/therapies";
import { serviceLineResult } from "../testing";
import { applyFeeSchedule } from "../review/fee-schedule";
import { extractCaseFacts } from "../extract/extract-case";
import { splitOptionRow } from "../evidence/case-index";

const DAY = "2026-11-05";
const P = { drugNames: ["Examplo"] };
const line = (text: string, index: number, x?: number, larger?: boolean): DocLine => ({
  text,
  page: 1,
  start: index * 200,
  end: index * 200 + text.length,
  index,
  map: Array.from({ length: text.length + 1 }, (_, k) => index * 200 + k),
  ...(x != null ? { x } : {}),
  ...(larger ? { larger } : {}),
});

describe("decimal-numbered guidelines", () => {
  it("reads numbered section titles as headings, never the items under them", () => {
    expect(isHeading("3.1 Initial Authorization")).toBe(true);
    expect(isHeading("4.0 Exclusions")).toBe(true);
    expect(isHeading("1.0 Purpose and Scope")).toBe(true);
    expect(isHeading("3.1.2 The member is 12 years of age or older; AND")).toBe(false);
    expect(isHeading("4.2 With a strong CYP3A4 inducer.")).toBe(false);
  });

  it("nests decimal items in their section, and an unnumbered lead keeps the section's number", () => {
    const text = [
      "3.1 Initial Authorization",
      "Examplo will be approved when ALL of the criteria in 3.1.1 through 3.1.3 are met:",
      "3.1.1 The member has a diagnosis of plaque psoriasis; AND",
      "3.1.2 The member is 12 years of age or older; AND",
      "3.1.3 ONE of the following:",
      "a. a trial of methotrexate for at least 12 weeks; OR",
      "b. a contraindication to methotrexate",
      "4.0 Exclusions",
      "Examplo is not approved under this guideline:",
      "4.1 With a strong CYP3A4 inducer.",
      "4.2 For cosmetic use.",
      "1.5 Times the upper limit of normal is the ceiling.",
    ];
    const sections = parseOutline(text.map((t, i) => line(t, i)));
    const initial = sections.find((s) => s.heading === "Initial Authorization")!;
    expect(initial.items.map((i) => i.marker)).toEqual(["3.1.1", "3.1.2", "3.1.3"]);
    expect(initial.items[2].children.map((c) => c.marker)).toEqual(["a", "b"]);
    const excl = sections.find((s) => /not approved/.test(s.heading))!;
    expect(excl.items.map((i) => i.marker)).toEqual(["4.1", "4.2"]);
    // a line starting with a decimal that belongs to no section is text, never an item
    expect(excl.items[1].text).toContain("Times the upper limit");
  });

  it("reads every item of the path and the exclusions", () => {
    const policy = [
      "Examplo Coverage Determination Guideline",
      "3.0 Coverage Criteria",
      "3.1 Initial Authorization",
      "Examplo will be approved when ALL of the criteria in 3.1.1 through 3.1.3 are met:",
      "3.1.1 The member has a diagnosis of plaque psoriasis; AND",
      "3.1.2 The member is 12 years of age or older; AND",
      "3.1.3 The requested dose does not exceed two tablets per day.",
      "4.0 Exclusions",
      "Examplo is not approved under this guideline:",
      "4.1 For use together with another biologic.",
      "5.0 References",
      "1. Examplo prescribing information. 2024.",
    ].join("\n");
    const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplo"] });
    const kinds = m.indications.flatMap((i) => i.criteria.map((c) => c.kind));
    expect(kinds).toEqual(expect.arrayContaining(["diagnosis", "age", "quantity_limit"]));
    expect(m.exclusions.length).toBeGreaterThan(0);
  });
});

describe("a ceiling on the count of units", () => {
  it("is a quantity limit per day", () => {
    expect(parseCountCeiling("The requested dose does not exceed one capsule per day (maximum 52.3 mg per day).")).toEqual({
      amount: 1,
      unit: "capsule",
      period_days: 1,
    });
    expect(parseCountCeiling("no more than 2 tablets daily")).toEqual({ amount: 2, unit: "tablets", period_days: 1 });
    expect(parseCountCeiling("does not exceed 52.3 mg per day")).toBeNull();
    const c = parseCriterion("The requested dose does not exceed one capsule per day (maximum 52.3 mg per day).", "", P);
    expect(c).toMatchObject({ kind: "quantity_limit", amount: 1, period_days: 1 });
  });

  const judge = (quantity: number, days_supply: number | null) =>
    evaluateCriterion(
      { kind: "quantity_limit", text: "does not exceed one capsule per day", amount: 1, unit: "capsule", period_days: 1, confidence: "high" } as Criterion,
      evalContext({
        idx: buildCaseIndex(docFromPages([`Examplo 40 mg capsules. Qty ${quantity}${days_supply ? `, days supply ${days_supply}` : ""}.`]), DAY),
        facts: emptyFacts({
          medication: {
            ...emptyFacts().medication,
            drug_name: "Examplo",
            quantity,
            quantity_unit: "capsules",
            days_supply,
            citations: [{ document: "fax", page: 1, start: 0, end: 10, text: `Qty ${quantity}${days_supply ? `, days supply ${days_supply}` : ""}` }],
          },
        }),
        requestDate: DAY,
        requestedNames: ["Examplo"],
      }),
    ).outcome;
  it("compares a fill over its days supply, and never without it", () => {
    expect(judge(60, 30)).toBe("not_met");
    expect(judge(30, 30)).toBe("met");
    expect(judge(30, null)).toBe("insufficient");
  });
});

describe("a concurrent-use bar written as 'not taken with'", () => {
  it("is no trial the member must have had", () => {
    const c = parseCriterion("Not taken with a monoamine oxidase inhibitor (MAOI) or within 14 days after an MAOI was stopped.", "", P);
    expect(c.kind).toBe("no_concurrent");
    expect(parseCriterion("Not taken with food.", "", P).kind).not.toBe("no_concurrent");
  });
});

describe("an exclusion aimed at one aspect of a condition", () => {
  it("is not read whole from the condition, so it cannot apply on the diagnosis code alone", () => {
    const e = parseExclusion("As treatment of the airway obstruction of obstructive sleep apnea. Examplo does not replace CPAP.", P);
    expect(unreadQualifiers(e).join(" ")).toMatch(/airway obstruction/);
    expect(adverseConfidence(e)).not.toBe("high");
    // naming the condition itself is read whole
    expect(unreadQualifiers(parseExclusion("As treatment of obstructive sleep apnea.", P))).toEqual([]);
  });
});

describe("criteria tables labelled by element, one per indication", () => {
  const rows: [string, number, boolean?][] = [
    ["COVERAGE CRITERIA", 54, true],
    ["Indication 1 - Narcolepsy", 58],
    ["Age", 58, true],
    ["18 years of age or older.", 180],
    ["Prescriber", 58, true],
    ["Prescribed by a neurologist or a sleep medicine physician.", 180],
    ["Prior therapy", 58, true],
    ["A trial of modafinil for at least 30 days.", 180],
    ["Approval", 58, true],
    ["Initial authorization 6 months.", 180],
    ["Indication 2 - Obstructive sleep apnea (OSA)", 58],
    ["Age", 58, true],
    ["18 years of age or older.", 180],
    ["Diagnosis", 58, true],
    ["OSA confirmed by a polysomnogram with an AHI of 5 or more events per hour.", 180],
    ["Residual sleepiness", 58, true],
    ["ESS score of 10 or higher while on CPAP,", 180],
    ["recorded within the 90 days before the request.", 180],
  ];
  const lines = rows.map(([t, x, larger], i) => line(t, i, x, larger));

  it("numbers each indication's rows under its title and drops the labels", () => {
    const out = numberLabelRows(lines).map((l) => l.text);
    expect(out).toEqual([
      "COVERAGE CRITERIA",
      "I. Narcolepsy",
      "1. 18 years of age or older.",
      "2. Prescribed by a neurologist or a sleep medicine physician.",
      "3. A trial of modafinil for at least 30 days.",
      "Approval duration: Initial authorization 6 months.",
      "II. Obstructive sleep apnea (OSA)",
      "1. 18 years of age or older.",
      "2. OSA confirmed by a polysomnogram with an AHI of 5 or more events per hour.",
      "3. ESS score of 10 or higher while on CPAP,",
      "recorded within the 90 days before the request.",
    ]);
    // the synthetic marker maps onto the line's own start: citations stay verbatim
    const item = numberLabelRows(lines)[2];
    expect(item.map[0]).toBe(lines[3].start);
    expect(item.map[3]).toBe(lines[3].start);
  });

  it("leaves a table of fewer than three labelled rows, or lines without positions, as they were", () => {
    expect(numberLabelRows(lines.slice(0, 6)).map((l) => l.text)).toEqual(lines.slice(0, 6).map((l) => l.text));
    const flat = rows.map(([t], i) => line(t, i));
    expect(numberLabelRows(flat).map((l) => l.text)).toEqual(flat.map((l) => l.text));
  });
});

describe("a criteria grid whose header explains its column", () => {
  it("is read row by row, the documentation column left out", () => {
    const doc = tablePage([
      [
        ["#", 54],
        ["Criteria (all must be met unless marked ONE of)", 82],
        ["Documentation to submit", 352],
      ],
      [
        ["1", 54],
        ["Age 18 years or older.", 82],
        ["Date of birth.", 352],
      ],
      [
        ["2", 54],
        ["Prescribed by a pulmonologist.", 82],
        ["Prescriber specialty.", 352],
      ],
      [
        ["3", 54],
        ["Blood eosinophils of at least 400 cells/mcL.", 82],
        ["Laboratory report.", 352],
      ],
    ]);
    const out = readTableColumns(doc, docLines(doc)).map((l) => l.text);
    expect(out).toEqual(["1. Age 18 years or older.", "2. Prescribed by a pulmonologist.", "3. Blood eosinophils of at least 400 cells/mcL."]);
  });
});

describe("a rule written for an age group", () => {
  it("applies at those ages and is never an age requirement", () => {
    const c = parseCriterion("For enrollees aged 19 and older, therapy is a limited benefit. Visits beyond 12 in a plan year are not covered.", "", P);
    expect(c.kind).not.toBe("age");
    expect(c.applies_age).toEqual({ min_years: 19 });
  });
});

describe("a row of form options behind boxes", () => {
  it("is cut into one line per option, so an unticked option is never a fact", () => {
    const row = line("[ ] Physician office [X] Hospital outpatient infusion [ ] Home infusion", 0);
    expect(splitOptionRow(row).map((l) => l.text)).toEqual(["[ ] Physician office", "[X] Hospital outpatient infusion", "[ ] Home infusion"]);
    const cut = splitOptionRow(row)[2];
    expect(cut.map[0]).toBe(row.map[row.text.indexOf("[ ] Home")]);
    // ticked options printed together stay together
    expect(splitOptionRow(line("[X] Genotype report [X] Labs [ ] Clinic note", 3)).map((l) => l.text)).toEqual([
      "[X] Genotype report [X] Labs",
      "[ ] Clinic note",
    ]);
    // a question answered by its boxes keeps them
    expect(splitOptionRow(line("[X] Yes [ ] No", 1)).length).toBe(1);
    expect(splitOptionRow(line("Prior biologic? [ ] Yes [X] No", 2)).length).toBe(1);
  });

  it("leaves the unticked option out of the case's evidence", () => {
    const idx = buildCaseIndex(docFromPages(["Site of care:\n[ ] Physician office [X] Hospital outpatient infusion [ ] Home infusion"]), DAY);
    expect(idx.lines.some((l) => /home infusion/i.test(l.text))).toBe(false);
    expect(idx.lines.some((l) => /hospital outpatient infusion/i.test(l.text))).toBe(true);
  });
});

describe("a change by a stated amount", () => {
  it("is never an absolute value of the measure", () => {
    for (const t of [
      "ESS score reduced by at least 3 points from the score recorded before the drug was started.",
      "Asthma Control Test (ACT) increase of 3 points or more.",
    ])
      expect(parseCriterion(t, "", P).kind).not.toBe("lab");
    expect(parseCriterion("ACT score of 20 or more", "", P)).toMatchObject({ kind: "lab", value: 20 });
  });
});

describe("intolerance of two named drugs", () => {
  it("is one requirement over both drugs, met only by intolerance or contraindication", () => {
    const c = parseCriterion(
      "An intolerable adverse effect from, or a contraindication to, generic doxycycline AND generic minocycline, each documented.",
      "",
      P,
    );
    expect(c).toMatchObject({
      kind: "prior_therapy",
      drugs: ["doxycycline", "minocycline"],
      count: 2,
      require_intolerance: true,
      allow_contraindication: true,
    });
    expect(parseCriterion("Intolerance of, or a contraindication to, both modafinil and armodafinil", "", P)).toMatchObject({ count: 2 });
  });
});

describe("an exclusion for a form of the covered condition", () => {
  const COVERED = { conditions: ["acne vulgaris"], icd10: ["L70"] };
  const spec = parseExclusion(
    "Nodular or conglobate acne (nodules of 5 mm or more) for which isotretinoin is indicated; refer to the isotretinoin program.",
    P,
  );
  const ctxOf = (text: string) =>
    evalContext({
      idx: buildCaseIndex(docFromPages([text]), DAY),
      facts: emptyFacts({ diagnoses: [{ code: "L70.0", description: "Acne vulgaris", citations: [] }] as never }),
      requestDate: DAY,
      requestedNames: ["Examplo"],
    });
  it("does not apply when the request describes the other form", () => {
    expect(
      evaluateCriterion(spec, ctxOf("L70.0 Acne vulgaris, moderate, inflammatory, non-nodular. Isotretinoin declined."), "exclusion", COVERED).outcome,
    ).toBe("not_met");
  });
  it("is never ruled out when the request names the form", () => {
    expect(evaluateCriterion(spec, ctxOf("L70.0 Acne vulgaris with nodular lesions on the back."), "exclusion", COVERED).outcome).not.toBe("not_met");
  });
});

describe("a code set's name, a form's routing line and a change written as an arrow", () => {
  it("never reads 'ICD-10-CM' as a value of an exclusion", () => {
    expect(unreadQualifiers(parseExclusion("Rosacea, including papulopustular rosacea (ICD-10-CM L71.x), perioral dermatitis and folliculitis.", P))).toEqual(
      [],
    );
  });
  it("drops a form's routing instruction from the evidence", () => {
    const idx = buildCaseIndex(
      docFromPages([
        "Drugs dispensed by a pharmacy for self-administration go to the PBM on the prescription form.\nPatient receives infusions at the hospital.",
      ]),
      DAY,
    );
    expect(idx.lines.map((l) => l.text)).toEqual(["Patient receives infusions at the hospital."]);
  });
  const ctxOf = (text: string) =>
    evalContext({ idx: buildCaseIndex(docFromPages([text]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: ["Examplo"] });
  it("meets a change by an amount on the member's own values, never fails it", () => {
    expect(changeByAmount("Asthma Control Test (ACT) increase of 3 points or more", ctxOf("ACT 12 (03/30/2026, before Examplo) -> 21 today."))?.outcome).toBe(
      "met",
    );
    expect(changeByAmount("Asthma Control Test (ACT) increase of 3 points or more", ctxOf("ACT 12 -> 13."))).toBeNull();
    expect(changeByAmount("Asthma Control Test (ACT) increase of 3 points or more", ctxOf("ACT 14 on 03/30/2026. ACT 19 on 09/14/2026."))?.outcome).toBe("met");
  });
});

describe("a pharmacy's claim printout", () => {
  const fax = docFromPages([
    [
      "PRIOR AUTHORIZATION REQUIRED - PLEASE COMPLETE AND RETURN",
      "Patient                          WHITFIELD, CALEB   DOB 03/14/2005",
      "Cardholder ID (302-C2)           00481937-01",
      "Product (407-D7)                 72187-0392-03 Examplo 39.2 mg capsule",
      "Sig                              Take 1 capsule by mouth every morning",
      "Qty (442-E7) / days (405-D5)     60 / 30",
    ].join("\n"),
  ]);
  it("reads the quantity and days supply under one caption, never an NCPDP field number, and the name beside a bare caption", () => {
    const f = extractCaseFacts(fax);
    expect(f.medication.quantity).toBe(60);
    expect(f.medication.days_supply).toBe(30);
    expect(f.patient.last_name).toBe("Whitfield");
    expect(f.patient.first_name).toBe("Caleb");
  });
});

describe("trial lengths from a bracketed note and from fills", () => {
  it("holds a trial criterion citing '[1]' to the note's adequate-trial length", () => {
    const policy = [
      "Examplo Clinical Criteria",
      "Approval criteria",
      "1. Member is 18 years of age or older; AND",
      "2. Inadequate response to adequate trials of at least TWO different generic triptans (sumatriptan,",
      "rizatriptan, zolmitriptan) [1]; AND",
      "3. Prescribed by a neurologist.",
      "[1] A brand counts as its generic agent. An adequate trial is at least 30 days of use at a labeled dose.",
    ].join("\n");
    const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplo"] });
    const trial = m.indications.flatMap((i) => i.criteria).find((c) => c.kind === "prior_therapy");
    expect(trial).toMatchObject({ kind: "prior_therapy", min_days: 30, count: 2 });
  });
  it("counts a fill's days only up to the request date", () => {
    const idx = buildCaseIndex(
      docFromPages(["Dispensing history\nFill Date Medication Qty Days Pharmacy\n10/02/2026 Rizatriptan 10 mg 9 30 Main St"]),
      "2026-10-16",
    );
    const ev = therapyEvidence(idx, ["rizatriptan"], ["rizatriptan"]).get("rizatriptan");
    expect(ev?.days).toBe(14);
  });
  it("scopes a requirement labelled by an abbreviated condition ('OSA only: …')", () => {
    expect(parseCriterion("OSA only: Continues to meet the primary OSA therapy standard", "", P).applies_to).toEqual(["obstructive sleep apnea"]);
  });
});

describe("a fee-schedule limit and the sides of the body", () => {
  const side = (n: number, mod: string) => {
    const r = serviceLineResult("L8619", 1, "2026-09-10", { line_number: n, decision: "approved" });
    return { ...r, line: { ...r.line, modifiers: [mod] } };
  };
  const doc = docFromPages(["typed claim"]);
  it("counts a limit per implanted ear on that ear's lines only", () => {
    const row = { code: "L8619", description: "1 per implanted ear per 5 years", units_per_period: { amount: 1, period_days: 1826 } };
    expect(applyFeeSchedule([side(1, "RT"), side(2, "LT")], [row], doc).map((l) => l.decision.final_decision)).toEqual(["approved", "approved"]);
    const prior = [{ code: "L8619", units: 1, date_of_service: "2024-01-10", modifiers: ["LT"], source: "earlier claim" }];
    expect(applyFeeSchedule([side(1, "RT"), side(2, "LT")], [row], doc, prior).map((l) => l.decision.final_decision)).toEqual(["approved", "denied"]);
  });
  it("never denies on the other side's units when the row does not say per side", () => {
    const row = { code: "L8619", description: "processor", units_per_period: { amount: 1, period_days: 1826 } };
    expect(applyFeeSchedule([side(1, "RT"), side(2, "LT")], [row], doc).map((l) => l.decision.final_decision)).toEqual([
      "needs_more_information",
      "needs_more_information",
    ]);
  });
});
