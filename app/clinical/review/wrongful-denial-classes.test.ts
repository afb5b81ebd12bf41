/**
 * Four classes that denied approvable or incomplete requests on the first run of a blind drug set
 * (harborline-wa), each reproduced with our own wording:
 *   - a negation at the end of a wrapped line ("… not helpful. Never" / "on etanercept …") was lost,
 *     so the drug read as current use and a combination exclusion applied;
 *   - a broad class named only inside a subclass's name ("CGRP" in "CGRP monoclonal antibody") or
 *     inside a drug's name ("statin" in "rosuvastatin") widened a rule to drugs it does not name;
 *   - a class named in an explanatory parenthetical or in a sentence saying what does not count
 *     widened an exclusion written for two drugs, and its dose qualifier was ignored;
 *   - a fill shorter than a quantity limit's period was projected as if repeated daily
 *     ("1 vial, 1 day supply" read as 84 vials per 84 days).
 */
import { describe, expect, it } from "vitest";
import { buildCaseIndex } from "../evidence/case-index";
import { therapyEvidence } from "../evidence/therapies";
import { generateDecisionTree } from "../policy/compile-tree";
import { parseExclusion } from "../policy/parse-criterion";
import { docFromPages } from "../testing";
import { classesNamedIn } from "../vocabulary/drugs";
import { doseQualifierFor, dosingIntervalDays } from "./evaluate";
import { decideText } from "./test-cases";

describe("a negation at the end of a wrapped line", () => {
  it("'… Never' + 'on etanercept or any biologic' is never current use", () => {
    const idx = buildCaseIndex(
      docFromPages([
        [
          "Assessment: long-standing hand eczema with fissuring; emollients and barrier creams tried at length, not helpful. Never",
          "on etanercept or any biologic. Plan: start the requested drug.",
        ].join("\n"),
      ]),
      "2026-10-01",
    );
    const ev = therapyEvidence(idx, ["etanercept"], [], null).get("etanercept")!;
    expect(ev.ongoing).toBe(false);
    expect(ev.explicitlyNotTaken).toBe(true);
  });

  it("a short label line does not lend its words to the next line", () => {
    const idx = buildCaseIndex(docFromPages(["Biologic history: none before\netanercept 50 mg weekly since 03/2026, continuing."]), "2026-10-01");
    expect(therapyEvidence(idx, ["etanercept"], [], null).get("etanercept")!.ongoing).toBe(true);
  });
});

describe("a class is named only by its own words", () => {
  it("the broad class inside a subclass's name is the subclass", () => {
    expect(classesNamedIn("must not be combined with another CGRP monoclonal antibody").map((c) => c.name)).toEqual(["CGRP monoclonal antibody"]);
    expect(classesNamedIn("a gepant or another CGRP antagonist").map((c) => c.name)).toContain("CGRP antagonist");
  });

  it("a drug's name does not name its class", () => {
    expect(classesNamedIn("while taking rosuvastatin or lovastatin")).toEqual([]);
    expect(classesNamedIn("after two statins").map((c) => c.name)).toEqual(["statin"]);
    expect(classesNamedIn("with zolmitriptan").map((c) => c.name)).toEqual([]);
  });
});

describe("an exclusion written for named drugs", () => {
  const ctx = { drugNames: ["Examplo"] };
  it("an explanatory parenthetical and a sentence saying what does not count add no class", () => {
    const c = parseExclusion(
      "Concurrent lovastatin above 40 mg daily or fluvastatin above 80 mg daily (higher statin levels). A statin at a lower dose, or one already stopped, is not an exclusion.",
      ctx,
    );
    expect(c).toMatchObject({ kind: "current_therapy", drugs: ["lovastatin", "fluvastatin"], classes: [] });
  });

  it("an alternative class written beside the drug still counts, whatever the parenthetical says", () => {
    const c = parseExclusion(
      "Concurrent use with ustekinumab or any other biologic, or a JAK inhibitor (a drug stopped before the first dose is not concurrent).",
      ctx,
    );
    expect(c.kind).toBe("current_therapy");
    expect((c as { classes: string[] }).classes).toEqual(expect.arrayContaining(["biologic", "JAK inhibitor"]));
  });

  it("reads the dose each named drug is qualified with", () => {
    const text = "Concurrent lovastatin at doses above 40 mg daily or fluvastatin greater than 80 mg per day";
    expect(doseQualifierFor(text, "lovastatin")).toBe(40);
    expect(doseQualifierFor(text, "fluvastatin")).toBe(80);
    expect(doseQualifierFor("Concurrent use with lovastatin", "lovastatin")).toBeNull();
  });

  const tree = generateDecisionTree(
    docFromPages([
      [
        "Examplo Drug Policy",
        "Criteria for Initial Approval",
        "Examplo is approved when ALL of the following are met:",
        "1. Diagnosis of heterozygous familial hypercholesterolemia;",
        "2. Member is 18 years of age or older.",
        "Conditions Not Covered",
        "• Concurrent lovastatin at a dose above 40 mg daily (higher statin levels). A lower dose is not an exclusion.",
      ].join("\n"),
    ]),
    { drug_names: ["Examplo"] },
  );
  const base = "Patient: DOB 01/02/1970. Diagnosis: E78.01 familial hypercholesterolemia, heterozygous (genetic testing confirmed).";

  it("a statin the exclusion does not name never applies it", () => {
    const { decision } = decideText(tree, `${base}\nCurrent medications: rosuvastatin 40 mg daily, continuing.`);
    expect(decision.final_decision).toBe("approved");
  });

  it("a named drug at or below the named dose does not apply it; above it does", () => {
    const under = decideText(tree, `${base}\nCurrent medications: lovastatin 20 mg daily, continuing.`);
    expect(under.decision.final_decision).toBe("approved");
    const over = decideText(tree, `${base}\nCurrent medications: lovastatin 80 mg daily, continuing.`);
    expect(over.decision.final_decision).toBe("denied");
  });
});

describe("a fill shorter than a quantity limit's period", () => {
  it("reads dosing intervals from directions", () => {
    expect(dosingIntervalDays("Infuse 100 mg IV every 12 weeks")).toBe(84);
    expect(dosingIntervalDays("inject q4w")).toBe(28);
    expect(dosingIntervalDays("one pen once monthly")).toBe(30);
    expect(dosingIntervalDays("one tablet by mouth daily")).toBeNull();
    // more often than once a period is no interval of one period
    expect(dosingIntervalDays("inject twice a month")).toBeNull();
    expect(dosingIntervalDays("two times weekly")).toBeNull();
  });

  const tree = generateDecisionTree(
    docFromPages([
      [
        "Examplo Drug Policy",
        "Criteria for Initial Approval",
        "Examplo is approved when ALL of the following are met:",
        "1. Diagnosis of chronic migraine;",
        "2. Member is 18 years of age or older.",
        "Quantity Limits",
        "Examplo 100 mg/mL single-dose vial: 3 vials per 84 days",
        "Background",
        "Examplo is a CGRP antibody.",
      ].join("\n"),
    ]),
    { drug_names: ["Examplo"] },
  );
  const text = (directions: string) =>
    `Patient DOB 01/02/1980. Diagnosis: G43.709 chronic migraine.\nMedication: Examplo 100 mg/mL vial\nQuantity: 1 vial   Days supply: 1\nDirections: ${directions}`;

  it("is never denied on a projection the directions do not support", () => {
    const { decision } = decideText(tree, text("infuse as directed"), {
      medication: { drug_name: "Examplo", quantity: 1, quantity_unit: "vial", days_supply: 1, dosage: "infuse as directed", citations: [] } as never,
    });
    expect(decision.final_decision).not.toBe("denied");
  });

  it("counts the fills the stated interval allows", () => {
    const { review } = decideText(tree, text("infuse 100 mg every 12 weeks"), {
      medication: { drug_name: "Examplo", quantity: 1, quantity_unit: "vial", days_supply: 1, dosage: "infuse 100 mg every 12 weeks", citations: [] } as never,
    });
    const ql = review.paths.flatMap((p) => p.criteria).find((c) => /per 84 days/.test(c.question));
    expect(ql?.outcome).toBe("met");
  });
});

describe("a stated stop outranks a present-tense word beside it", () => {
  it("'X stopped 03/2025, no biologic now' is a stopped therapy, never an ongoing one", async () => {
    const { extractCaseFacts } = await import("../extract/extract-case");
    const facts = extractCaseFacts(docFromPages(["Prior therapy: Cosentyx stopped 03/2025, no biologic now.\nBetamethasone ointment x 6 weeks failed."]), {
      requestDate: "2026-11-20",
    } as never);
    const cosentyx = facts.prior_therapies.find((p) => /cosentyx|secukinumab/i.test(p.drug_name));
    expect(cosentyx?.outcome).not.toBe("ongoing");
    expect(facts.concurrent_therapies ?? []).toEqual([]);
  });
});
