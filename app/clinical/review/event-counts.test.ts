/**
 * Requirements that count clinical events (event-counts.ts): met only by a count the request states,
 * or by dated lines naming the events inside the requirement's window — never by the events' words.
 */
import { describe, expect, it } from "vitest";
import { docFromPages } from "../testing";
import { buildCaseIndex } from "../evidence/case-index";
import { judgeEventCount, requiredEventCount } from "./event-counts";

const REQ = "At least TWO sickle cell crises in the 12 months before the request (Note 1).";
const idx = (lines: string[]) => buildCaseIndex(docFromPages([lines.join("\n")]), "2026-11-09");

describe("the count a requirement states", () => {
  it("reads 'at least N', 'N or more' and 'a minimum of N' before the events", () => {
    expect(requiredEventCount(REQ)).toMatchObject({ min: 2, stem: "cris" });
    expect(requiredEventCount("two or more exacerbations requiring systemic corticosteroids in the past year")).toMatchObject({ min: 2, stem: "exac" });
    expect(requiredEventCount("a minimum of 3 documented bleeding episodes")).toMatchObject({ min: 3 });
  });
  it("a duration or a dose is no count of events", () => {
    expect(requiredEventCount("at least 3 months of hydroxyurea")).toBeNull();
    expect(requiredEventCount("at least 2 doses of vaccine")).toBeNull();
  });
});

describe("judging a count of events", () => {
  it("the events' words alone do not meet it", () => {
    const j = judgeEventCount(REQ, idx(["Problem list: sickle cell disease with crisis.", "She has two children."]));
    expect(j?.outcome).toBe("insufficient");
  });

  it("a stated count that reaches it meets it, quoted", () => {
    const j = judgeEventCount(REQ, idx(["She had three vaso-occlusive crises this year, each treated in the ED."]));
    expect(j?.outcome).toBe("met");
    expect(j?.citations[0].text).toMatch(/three vaso-occlusive crises/);
  });

  it("a count below it is a reviewer's question, never a failure", () => {
    expect(judgeEventCount(REQ, idx(["One crisis in the past 12 months (ED, 09/2026)."]))?.outcome).toBe("insufficient");
  });

  it("dated lines naming the events inside the window are counted, one per date", () => {
    const history = [
      "10/02/2026 Crescent Children's Hospital ED D57.00 Hb-SS with crisis IV morphine",
      "07/19/2026 Crescent Children's Hospital IP D57.00 Hb-SS with crisis PCA",
      "03/30/2026 Crescent Children's Hospital ED R50.9 fever evaluation",
    ];
    expect(judgeEventCount(REQ, idx(history))?.outcome).toBe("met");
    // one of the two outside the 12 months: not enough
    expect(judgeEventCount(REQ, idx([history[0], "07/19/2025 Crescent Children's Hospital IP D57.00 Hb-SS with crisis PCA", history[2]]))?.outcome).toBe(
      "insufficient",
    );
  });

  it("a count of other events does not count", () => {
    expect(judgeEventCount(REQ, idx(["She had 4 ED visits for fever this year."]))?.outcome).toBe("insufficient");
  });
});
