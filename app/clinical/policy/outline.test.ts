/** Ported from app/engine/review/generalisation.test.ts ("Part D inline enumerations"), 7017c33. */
import { describe, expect, it } from "vitest";
import { docFromPages } from "../testing";
import { docLines } from "../text/lines";
import { splitInlineEnumerations } from "./outline";

describe("splitInlineEnumerations", () => {
  it("splits '(1) ... (2) ...' written on one line into items", () => {
    const lines = splitInlineEnumerations(docLines(docFromPages(["Details: (1) Diagnosis of X. (2) Trial of Y."])));
    expect(lines.map((l) => l.text)).toEqual(["Details:", "(1) Diagnosis of X.", "(2) Trial of Y."]);
  });
  it("does not split per-trial qualifiers '(1) ... (2) ...' introduced by 'for each'", () => {
    const lines = docLines(
      docFromPages(["a) Tried two agents and meets ONE of the following for each medication: (1) used for 8 weeks; OR (2) stopped for an adverse effect"]),
    );
    expect(splitInlineEnumerations(lines)).toHaveLength(1);
  });
});
