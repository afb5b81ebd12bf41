/**
 * Classes of the drug40b fixes (synthetic texts):
 *
 * - a "does not have X" requirement is read on X alone (never a parenthetical label, a later sentence
 *   or page furniture, nor the requested drug's name), and a sentence stating X absent meets it;
 * - a requirement timed from a delivery is judged from the delivery date the notes write;
 * - a documented counseling sentence meets an attestation of counseling;
 * - postpartum depression (F53.0) is a condition of its own, and an exclusion of "X that is not Y"
 *   leaves Y out;
 * - focal-onset seizures (G40.0-G40.2, "focal impaired awareness seizures") are a condition of their own;
 * - an EHR banner "LAST, First   mm/dd/yyyy (F)" names the patient.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import type { Criterion } from "../contracts";
import { parseCriterion, parseExcludedUse } from "../policy/parse-criterion";
import { buildCaseIndex } from "../evidence/case-index";
import { absenceStated, absentConditionWords } from "../evidence/absence-stated";
import { counselingSubject, eventWindow, judgeCounseling, judgeEventWindow } from "../evidence/event-window";
import { conditionsForCode, mostSpecificConditions } from "../vocabulary/conditions";
import { bannerPatient } from "../extract/identity";
import { buildModel } from "../text/layout";
import { NOT_TAKEN } from "../vocabulary/language";
import { evalContext, evaluateCriterion } from "./evaluate";

const DAY = "2026-06-20";
const idx = (text: string, day = DAY) => buildCaseIndex(docFromPages([text]), day);
const judge = (c: Criterion, notes: string) =>
  evaluateCriterion(c, evalContext({ idx: idx(notes), facts: emptyFacts(), requestDate: DAY, requestedNames: ["agentix"] }), "criterion", {
    conditions: [],
    icd10: [],
  });
const ctx = { drugNames: ["Agentix", "agentamab"] };

describe("a 'does not have X' requirement", () => {
  const text = "The member does not have congenital long QT syndrome (contraindication). Agentix (agentamab) | Effective 02/01/2026";

  it("is read on the condition of its own sentence only", () => {
    const c = parseCriterion(text, "", ctx);
    expect(c.kind).toBe("documentation");
    const concepts = c.kind === "documentation" ? c.concepts.flat() : [];
    expect(concepts).not.toContain("contraindication");
    expect(concepts).not.toContain("agentamab");
    expect(concepts).not.toContain("effective");
  });

  it("reads the condition's distinctive words, keeping a capital abbreviation", () => {
    expect(absentConditionWords(text)).toEqual(["long", "qt"]);
    expect(absentConditionWords("The member does not have active hepatitis B infection.")).toEqual(["hepatitis", "infection"]);
    expect(absentConditionWords("The member does not have any condition listed below.")).toBeNull();
  });

  it("is met by a sentence stating the condition absent", () => {
    const notes = "Assessment: refractory disease.\nNo history of long QT; ECG 05/2026 QTc 431 ms.\nStart agentix.";
    expect(absenceStated(idx(notes), ["long", "qt"])).not.toBeNull();
    const r = judge(parseCriterion(text, "", ctx), notes);
    expect(r.outcome).toBe("met");
  });

  it("is never met when the condition is affirmed anywhere, nor by a bare form question", () => {
    expect(absenceStated(idx("Denies long QT.\nFamily history: brother with long QT, sudden death."), ["long", "qt"])).toBeNull();
    expect(absenceStated(idx("Congenital long QT syndrome?   X"), ["long", "qt"])).toBeNull();
    expect(absenceStated(idx("Long QT work-up pending; no long QT on the first ECG."), ["long", "qt"])).not.toBeNull();
  });

  it("is never failed by a form question whose answer is not read", () => {
    const r = judge(parseCriterion(text, "", ctx), "4. Prescribed by a specialist? [X] Yes [ ] No\n5. Congenital long QT syndrome? [ ] [X]\nSECTION G");
    expect(r.outcome).toBe("insufficient");
  });

  it("is never failed by the requested drug's name or a label word in the fax", () => {
    const r = judge(parseCriterion(text, "", ctx), "Plan: start agentamab. No contraindication to it. Patient counseled.");
    expect(r.outcome).not.toBe("not_met");
  });
});

describe("a requirement timed from a delivery", () => {
  const w = eventWindow("The request is made within 12 months after the delivery")!;

  it("reads the window and the event", () => {
    expect(w).toMatchObject({ event: "delivery" });
    expect(w.days).toBeGreaterThanOrEqual(365);
    expect(eventWindow("within twelve (12) months following childbirth")).not.toBeNull();
    expect(eventWindow("within 12 months after the start of therapy")).toBeNull();
  });

  it("is met by a delivery date in the notes inside the window", () => {
    expect(judgeEventWindow(idx("G2P2, 5 wks s/p SVD on 5/12/26, mood low since."), w)?.outcome).toBe("met");
    expect(judgeEventWindow(idx("She delivered on 04/30/2026 at term."), w)?.outcome).toBe("met");
    expect(judgeEventWindow(idx("Delivered 3/2026. Notes attached."), w)?.outcome).toBe("met");
  });

  it("is never met by an old delivery, nor by a date far from the event's words", () => {
    expect(judgeEventWindow(idx("Her last delivery was 02/11/2019."), w)?.outcome).toBe("insufficient");
    expect(judgeEventWindow(idx("No delivery planned. Visit 06/01/2026."), w)).toBeNull();
  });
});

describe("an attestation of counseling", () => {
  const subject = counselingSubject(
    "The prescriber attests that the member has been counseled not to drive or operate machinery for 12 hours after each dose.",
  )!;

  it("reads what the counseling is about", () => {
    expect(subject).toEqual(expect.arrayContaining(["drive", "operate", "machinery"]));
  });

  it("is met by a counseling sentence, across a line break", () => {
    expect(
      judgeCounseling(idx("Plan: agentix nightly. Counseled: take with food;\ndo not drive or operate heavy machinery for 12 h after a dose."), subject)
        ?.outcome,
    ).toBe("met");
  });

  it("is never met by the words alone or a negated counseling", () => {
    expect(judgeCounseling(idx("She drives to work; operates machinery at the plant."), subject)).toBeNull();
    expect(judgeCounseling(idx("Not counseled about driving or machinery yet."), subject)).toBeNull();
  });
});

describe("postpartum depression and 'X that is not Y'", () => {
  it("reads F53.0 as postpartum depression, a form of major depressive disorder", () => {
    expect(conditionsForCode("F53.0").map((c) => c.name)[0]).toBe("postpartum depression");
    expect(conditionsForCode("F33.1").map((c) => c.name)).toEqual(["major depressive disorder"]);
    expect(mostSpecificConditions("Postpartum depression, onset 2 weeks after delivery").map((c) => c.name)).toEqual(["postpartum depression"]);
  });

  it("leaves the 'that is not' condition out of the exclusion", () => {
    const x = parseExcludedUse("Major depressive disorder or insomnia that is not postpartum depression (not FDA-approved for these).")!;
    expect(x.conditions).toContain("major depressive disorder");
    expect(x.conditions).not.toContain("postpartum depression");
    expect(x.unless_conditions).toContain("postpartum depression");
  });
});

describe("focal-onset seizures", () => {
  it("are a condition of their own, read from codes and words", () => {
    expect(conditionsForCode("G40.209").map((c) => c.name)[0]).toBe("focal epilepsy");
    expect(conditionsForCode("G40.109").map((c) => c.name)[0]).toBe("focal epilepsy");
    expect(conditionsForCode("G40.909").map((c) => c.name)).toEqual(["epilepsy"]);
    for (const t of ["focal impaired awareness seizures", "partial-onset seizures", "complex partial seizures", "localization-related epilepsy"])
      expect(mostSpecificConditions(t).map((c) => c.name)).toEqual(["focal epilepsy"]);
    expect(parseCriterion("Diagnosis of focal-onset (partial-onset) seizures", "", ctx)).toMatchObject({ kind: "diagnosis", conditions: ["focal epilepsy"] });
  });
});

describe("an EHR banner", () => {
  it("names the patient written 'LAST, First' before the birth date and sex", () => {
    const doc = docFromPages([
      "Lakeview Family Clinic                Progress Notes\nMarsh, Deborah        03/14/1988 (F)        Coverage: ACME PLAN X1234\n06/19/2026 Office Visit",
    ]);
    expect(bannerPatient(buildModel(doc))).toMatchObject({ first: "Deborah", last: "Marsh", birth: "03/14/1988" });
  });

  it("never takes a provider line for the patient", () => {
    const doc = docFromPages(["Lakeview Family Clinic\nHaddad, Omar   MD   Internal Medicine\n06/19/2026 Office Visit"]);
    expect(bannerPatient(buildModel(doc))).toBeNull();
  });
});

describe("a drug prescribed today", () => {
  it("is a start, not a trial", () => {
    expect(NOT_TAKEN.test("(prescribed clobetasol 0.05% ointment today) and declined it")).toBe(true);
    expect(NOT_TAKEN.test("new Rx for pimecrolimus 1% today")).toBe(true);
  });

  it("never turns a past course into no trial", () => {
    expect(NOT_TAKEN.test("prescribed methotrexate 2019, dose increased today")).toBe(false);
    expect(NOT_TAKEN.test("was prescribed clobetasol for 8 weeks without benefit")).toBe(false);
  });
});
