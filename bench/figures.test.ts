import { describe, expect, it } from "vitest";
import { compareFigures, figureLine, parseFigureLine, recordFigures, worseBy } from "./figures";

const at = "2026-11-29";

describe("bench figures against the recorded ones", () => {
  it("a time more than 25% longer than recorded is a REGRESSION, 25% or less is not", () => {
    const recorded = { "typed p95 s": { value: 1.0, at } };
    expect(compareFigures({ "typed p95 s": { value: 1.3, better: "lower" } }, recorded).regressions).toEqual([
      expect.stringMatching(/^REGRESSION: typed p95 s 1\.30 vs 1\.00 recorded 2026-11-29 \(30% worse/),
    ]);
    const ok = compareFigures({ "typed p95 s": { value: 1.25, better: "lower" } }, recorded);
    expect(ok.regressions).toEqual([]);
    expect(ok.lines).toEqual(["figure typed p95 s: 1.25 (recorded 1.00 on 2026-11-29, 25% worse)"]);
  });

  it("a rate more than 25% lower than recorded is a REGRESSION; a higher rate is better", () => {
    const recorded = { "cases/hour": { value: 20000, at, better: "higher" as const } };
    expect(compareFigures({ "cases/hour": { value: 14000, better: "higher" } }, recorded).regressions).toHaveLength(1);
    expect(compareFigures({ "cases/hour": { value: 16000, better: "higher" } }, recorded).regressions).toEqual([]);
    expect(compareFigures({ "cases/hour": { value: 40000, better: "higher" } }, recorded).lines[0]).toContain("100% better");
    // the same drop read as a time would be an improvement: direction matters
    expect(worseBy(14000, 20000, "higher")).toBeCloseTo(0.3);
    expect(worseBy(14000, 20000, "lower")).toBeCloseTo(-0.3);
  });

  it("a figure that was not measured is a REGRESSION; one with nothing recorded is reported, not judged", () => {
    expect(compareFigures({ x: { value: Number.NaN, better: "lower" } }, { x: { value: 1, at } }).regressions).toHaveLength(1);
    expect(compareFigures({ x: { value: 0, better: "higher" } }, {}).regressions).toHaveLength(1);
    const fresh = compareFigures({ y: { value: 2, better: "lower" } }, {});
    expect(fresh.regressions).toEqual([]);
    expect(fresh.lines[0]).toContain("nothing recorded yet");
  });

  it("recording keeps other figures, rounds, and stores the direction", () => {
    const out = recordFigures({ a: { value: 1.23456, better: "higher" } }, { b: { value: 2, at: "old" } }, at);
    expect(out).toEqual({ a: { value: 1.235, at, better: "higher" }, b: { value: 2, at: "old" } });
  });

  it("figure lines from a child bench round-trip; other lines are not figures", () => {
    expect(parseFigureLine(figureLine("queue jobs/s", 812.5, "higher"))).toEqual({ name: "queue jobs/s", figure: { value: 812.5, better: "higher" } });
    expect(parseFigureLine("  1 worker process: 812 jobs/s")).toBeNull();
    expect(parseFigureLine("BENCH_FIGURE {not json")).toBeNull();
    expect(parseFigureLine('BENCH_FIGURE {"name":"x","value":1,"better":"sideways"}')).toBeNull();
  });
});
