/**
 * Thresholds on a measured value that depend on the setting (issue 22, class 2): a requirement such
 * as "oxygen saturation at or below 88% at rest, breathing room air" is met only by a value compared
 * against the threshold AND read where its setting is written. The measure's name, the setting's
 * words or a threshold restated in the notes ("time at or below 88%: 52 min") never meet it; a
 * requirement on a measured value that the reader could not turn into a comparison is never met by
 * its words being in the request (the latent wrongful approval: "SpO2" in the notes counted as met).
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import { parseCriterion, parseExcludedUse } from "../policy/parse-criterion";
import { buildCaseIndex } from "../evidence/case-index";
import { measureValues } from "../evidence/findings";
import { measureByName } from "../vocabulary/measures";
import { unreadQualifiers } from "../policy/parse-coverage";
import { evalContext, evaluateCriterion, measuredThreshold } from "./evaluate";

const DAY = "2026-05-12";
const ctxOf = (text: string) =>
  evalContext({ idx: buildCaseIndex(docFromPages([text]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: ["E0439"] });
const judge = (policy: string, notes: string) =>
  evaluateCriterion(parseCriterion(policy, "", { drugNames: ["E0439"] }), ctxOf(notes), "criterion", { conditions: [], icd10: [] });

const REST = "PaO2 of 55 mm Hg or less, or oxygen saturation at or below 88%, measured at rest, breathing room air.";
const EXERCISE =
  "PaO2 of 55 mm Hg or less, or oxygen saturation at or below 88%, measured while walking, with improvement of the desaturation on supplemental oxygen.";

describe("measured thresholds in their setting", () => {
  it("reads a resting room-air threshold as a comparison in that setting", () => {
    const c = parseCriterion(REST, "", { drugNames: ["E0439"] });
    expect(c.kind).toBe("any");
    const labs = c.kind === "any" ? c.items : [];
    expect(labs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "lab", measure: "SpO2", op: "<=", value: 88, context: { states: ["rest"], room_air: true } }),
        expect.objectContaining({ kind: "lab", measure: "PaO2", op: "<=", value: 55 }),
      ]),
    );
  });

  it("meets the resting threshold on a resting room-air value at or below it", () => {
    expect(judge(REST, "Pulmonary visit 04/30/2026\nOxygen saturation 85% at rest on room air, seated 10 minutes.").outcome).toBe("met");
  });

  it("never meets the resting threshold on a value measured in another setting", () => {
    // 84% during a walk, 95% at rest: the resting requirement is failed by the resting value, not met by the walk
    const r = judge(REST, "Oximetry 04/30/2026\nOxygen saturation 95% at rest on room air.\nOxygen saturation 84% while walking on room air.");
    expect(r.outcome).not.toBe("met");
    // a nocturnal value alone says nothing about rest
    expect(judge(REST, "Overnight oximetry 04/20/2026: mean oxygen saturation 86% during sleep, room air.").outcome).toBe("insufficient");
    // a resting value on supplemental oxygen is not a room-air value
    expect(judge(REST, "Oxygen saturation 87% at rest on 2 L/min nasal cannula.").outcome).toBe("insufficient");
  });

  it("keeps the exercise requirement's own clause ('with improvement on oxygen') as a requirement", () => {
    const c = parseCriterion(EXERCISE, "", { drugNames: ["E0439"] });
    expect(c.kind).toBe("all");
    // a resting value never meets the exercise alternative
    expect(judge(EXERCISE, "Oxygen saturation 85% at rest on room air.").outcome).not.toBe("met");
  });

  it("never reads a threshold restated in the notes as the measured value", () => {
    const idx = buildCaseIndex(docFromPages(["Overnight report: cumulative time with oxygen saturation at or below 88%: 52 minutes."]), DAY);
    expect(measureValues(idx, measureByName("SpO2")!)).toEqual([]);
  });

  it("never meets a requirement on a measured value by its words alone", () => {
    // a time-at-threshold requirement is no single value: it stays a documentation item, and the words
    // "oxygen saturation", "sleep", "minutes" in the notes do not meet it
    const sleep = "Oxygen saturation at or below 88% during sleep for at least 5 minutes in a member whose waking value is above 88%.";
    expect(parseCriterion(sleep, "", { drugNames: ["E0439"] }).kind).toBe("documentation");
    const r = judge(sleep, "Oxygen saturation during sleep was monitored for 420 minutes; the member's waking saturation was recorded.");
    expect(r.outcome).toBe("insufficient");
    // nor failed by them: "does not have a PaCO2 over 45 mm Hg" is not failed by the word "PaCO2"
    const absent = "The member does not have a room-air PaCO2 over 45 mm Hg.";
    expect(parseCriterion(absent, "", { drugNames: ["E0470"] })).toMatchObject({ kind: "documentation", absence: true });
    expect(judge(absent, "Arterial blood gas on room air: PaCO2 elevated, repeat ordered.").outcome).toBe("insufficient");
    expect(measuredThreshold("an ejection fraction under 35%")).toBe("under 35%");
    expect(measuredThreshold("a trial of at least 3 months of a statin")).toBeNull();
  });
});

describe("a chronic or persistent excluded condition", () => {
  const EXCL = "Actigraphy is not covered for the evaluation of persistent insomnia.";
  const judgeExclusion = (notes: string) => evaluateCriterion(parseExcludedUse(EXCL)!, ctxOf(notes), "exclusion", { conditions: [], icd10: [] });

  it("reads the qualifier as the severity the request must describe, so the exclusion is fully read", () => {
    const c = parseExcludedUse(EXCL)!;
    expect(c).toMatchObject({ kind: "excluded_use", conditions: ["insomnia"], severity: ["persistent"] });
    expect(unreadQualifiers(c)).toEqual([]);
    // the word is no course when it is part of the condition's name or qualifies a use
    expect(parseExcludedUse("Members with chronic kidney disease on dialysis.")?.severity).toBeUndefined();
    expect(parseExcludedUse("Use for chronic weight management in a member without diabetes.")?.severity).toBeUndefined();
  });

  it("applies when the request describes the qualified condition, and not on another form of it", () => {
    expect(judgeExclusion("Sleep consult 02/10/2026\nAssessment: persistent insomnia for 3 years; denies snoring.").outcome).toBe("met");
    expect(judgeExclusion("Sleep consult 02/10/2026\nAssessment: short-term insomnia after a bereavement.").outcome).not.toBe("met");
  });
});
