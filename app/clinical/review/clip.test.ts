/** A quote in a criterion's reason is cut at a word, with "…", never mid-word ("… every 8 we)"). */
import { describe, expect, it } from "vitest";
import { clip } from "./evaluate";

describe("clip", () => {
  const ceiling = "Dose does not exceed: induction 600 mg IV at weeks 0, 4 and 8; maintenance 180 mg or 360 mg SC at week 12 and every 8 weeks thereafter.";
  it("cuts a long quote at a word boundary and marks the cut", () => {
    const c = clip(ceiling, 120);
    expect(c.length).toBeLessThanOrEqual(121);
    expect(c.endsWith("…")).toBe(true);
    expect(ceiling.startsWith(c.slice(0, -1))).toBe(true);
    expect(c).not.toMatch(/\bwe…$/);
    expect(c).toMatch(/every 8…$/);
  });
  it("keeps a short quote whole", () => {
    expect(clip("Dose does not exceed 40 mg weekly.", 120)).toBe("Dose does not exceed 40 mg weekly.");
  });
});
