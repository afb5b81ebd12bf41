import { describe, expect, it } from "vitest";
import { displayQuote, groupCitationsByPage } from "./citation-display";

describe("displayQuote", () => {
  it("drops a dangling open bracket or separator and marks the cut", () => {
    expect(displayQuote("Requested: Cimzia (")).toBe("Requested: Cimzia…");
    expect(displayQuote("Tried methotrexate, ")).toBe("Tried methotrexate…");
    expect(displayQuote("Dx: M05.79 (rheumatoid arthritis")).toBe("Dx: M05.79…");
  });
  it("keeps whole quotes unchanged apart from whitespace", () => {
    expect(displayQuote("Cimzia (certolizumab pegol) 200 mg")).toBe("Cimzia (certolizumab pegol) 200 mg");
    expect(displayQuote("  Patient   is 45.\n")).toBe("Patient is 45.");
  });
});

describe("groupCitationsByPage", () => {
  it("one group per document page, in order of first appearance", () => {
    const c = (document: string, page: number, text: string) => ({ document, page, text }) as never;
    const groups = groupCitationsByPage([c("fax", 1, "a"), c("fax", 1, "b"), c("policy", 1, "c"), c("fax", 2, "d"), c("fax", 1, "e")]);
    expect(groups.map((g) => g.all.length)).toEqual([3, 1, 1]);
    expect(groups[0]!.first).toMatchObject({ text: "a" });
  });
});
