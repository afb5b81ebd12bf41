import { describe, expect, it } from "vitest";
import { docFromPages } from "../testing";
import { buildCaseIndex } from "./case-index";

const lines = (text: string) => buildCaseIndex(docFromPages([text]), "2026-11-09").lines.map((l) => l.text);

describe("buildCaseIndex — form questions as evidence", () => {
  it("keeps an ePA question answered 'Yes' on the next line (its wording is then a fact about the patient)", () => {
    const kept = lines(
      [
        "Question 3: Is the patient participating in a reduced-calorie diet and increased physical activity?",
        "Answer: Yes - enrolled in the clinic lifestyle program since 2026-08.",
      ].join("\n"),
    );
    expect(kept.some((t) => /reduced-calorie diet/.test(t))).toBe(true);
  });
  it("drops a question answered 'No' and an unanswered one", () => {
    const kept = lines(
      [
        "Question 5: Does the patient have glaucoma or hyperthyroidism?",
        "Answer: No",
        "Question 6: Has the patient tried metformin?",
        "Additional information",
      ].join("\n"),
    );
    expect(kept.some((t) => /glaucoma/.test(t))).toBe(false);
    expect(kept.some((t) => /tried metformin/.test(t))).toBe(false);
  });
});
