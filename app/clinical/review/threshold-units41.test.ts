import { describe, expect, it } from "vitest";
import { measuredThreshold } from "./evaluate";

describe("thresholds on lengths, angles and Snellen acuity are measured thresholds", () => {
  it("reads mm, degrees and Snellen fractions as thresholds a value must be compared against", () => {
    expect(measuredThreshold("Lid crease height of 3.5 mm or less on the operated side")).toContain("3.5 mm");
    expect(measuredThreshold("a horizontal deviation of at least 15 degrees at distance")).toBe("at least 15 degrees");
    expect(measuredThreshold("best-corrected acuity in that eye of 20/70 or worse")).toContain("20/70 or worse");
    expect(measuredThreshold("glare testing that lowers acuity to worse than 20/60")).toBe("worse than 20/60");
  });
  it("still reads no threshold in durations, counts, mm Hg units read as before, or a bare acuity", () => {
    expect(measuredThreshold("at least 3 months of therapy")).toBeNull();
    expect(measuredThreshold("a Snellen chart acuity was recorded (20/20 normal)")).toBeNull();
    expect(measuredThreshold("PaO2 55 mm Hg or less")).toBe("55 mm Hg or less");
  });
});
