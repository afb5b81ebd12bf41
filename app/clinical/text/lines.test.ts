/** Ported from app/engine/review/generalisation.test.ts ("citations, eligibility and boilerplate"), 7017c33. */
import { describe, expect, it } from "vitest";
import { docFromPages } from "../testing";
import { boilerplateLineSet, docLines } from "./lines";

describe("boilerplateLineSet", () => {
  it("a criterion repeated word for word on another page is not a running header", () => {
    const doc = docFromPages([
      "Header A\nintro one\nintro two\nintro three\nii. Patient meets ONE of the following (a or b):\nbody\nmore body\nend one\nPage 1 of 2",
      "Header B\nii. Patient meets ONE of the following (a or b):\nbody two\nmore body two\nsomething else\nend two\nPage 2 of 2",
    ]);
    const lines = docLines(doc);
    const skip = boilerplateLineSet(lines, 2);
    // the "ii." line is at the top of page 2 but only once at a page edge → kept
    expect(lines.filter((l) => skip.has(l.index)).map((l) => l.text)).toEqual(["Page 1 of 2", "Page 2 of 2"]);
  });
  it("a line repeated at the edge of every page is a running header", () => {
    const doc = docFromPages([
      "Acme Health Plan Policy\nbody one\nsecond line\nthird line\nfourth line\nfifth line\nsixth line\nend one",
      "Acme Health Plan Policy\nbody two\nline b\nline c\nline d\nline e\nline f\nend two",
    ]);
    const lines = docLines(doc);
    expect(lines.filter((l) => boilerplateLineSet(lines, 2).has(l.index)).map((l) => l.text)).toEqual(["Acme Health Plan Policy", "Acme Health Plan Policy"]);
  });
});

describe("boilerplateLineSet", () => {
  it("drops running headers and footers, never a criterion that falls at a page edge on two pages", () => {
    const page = (n: number, top: string, bottom: string) =>
      [`Acme Health Policy: Examplumab`, top, "Some criterion text in the body.", `Details for indication ${n}.`, bottom, `Page ${n} of 4`].join("\n");
    const doc = docFromPages([
      page(1, "A) Initial Therapy. Approve for 6 months if the patient meets ALL of the following:", "iii. Prescribed by a rheumatologist."),
      page(2, "A) Initial Therapy. Approve for 6 months if the patient meets ALL of the following:", "iii. Prescribed by a rheumatologist."),
      page(3, "Background text.", "Other text."),
      page(4, "More background.", "Closing text."),
    ]);
    const lines = docLines(doc);
    const skip = boilerplateLineSet(lines, 4);
    const dropped = lines.filter((l) => skip.has(l.index)).map((l) => l.text);
    expect(dropped).toContain("Acme Health Policy: Examplumab");
    expect(dropped.some((t) => /^Page \d of 4$/.test(t))).toBe(true);
    expect(dropped.some((t) => /Initial Therapy|rheumatologist/.test(t))).toBe(false);
  });
});
