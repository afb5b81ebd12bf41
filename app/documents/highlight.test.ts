import { describe, expect, it } from "vitest";
import type { DocumentPageText } from "./types";
import { boxesForSpan, findQuote, findSpan } from "./highlight";

function pageOf(text: string, n = 1): DocumentPageText {
  const words = [...text.matchAll(/\S+/g)].map((m, i) => ({
    text: m[0],
    start: m.index!,
    end: m.index! + m[0].length,
    x: 10 * i,
    y: 0,
    w: 8,
    h: 10,
  }));
  return { page: n, text, ocr: true, confidence: 0.9, width: 612, height: 792, words };
}

const page = pageOf(
  "Member ID: GLM40377105 DOB: 01/30/2007\nMethotrexate 15 -> 20 mg PO weekly 02/09/2026 - present\n" +
    "Inadequate response after 8 months of methotrexate (DAS28-CRP 5.1).\nNDC 00169-4132- 12",
);

describe("findSpan", () => {
  it("finds exact quotes ignoring case and whitespace", () => {
    const s = findSpan(page, "methotrexate 15 ->   20 MG po weekly")!;
    expect(page.text.slice(s.start, s.end)).toBe("Methotrexate 15 -> 20 mg PO weekly");
    const t = findSpan(page, "weekly 02/09/2026 - present Inadequate response")!;
    expect(page.text.slice(t.start, t.end)).toBe("weekly 02/09/2026 - present\nInadequate response");
  });

  it("tolerates OCR noise and typographic punctuation", () => {
    const s = findSpan(page, "Inadequate response after 8 rnonths of rnethotrexate")!;
    expect(page.text.slice(s.start, s.end)).toBe("Inadequate response after 8 months of methotrexate");
    const d = findSpan(page, "Methotrexate 15 → 20 mg PO weekly 02/09/2026 – present")!;
    expect(page.text.slice(d.start, d.end)).toBe("Methotrexate 15 -> 20 mg PO weekly 02/09/2026 - present");
    const ndc = findSpan(page, "00169-4132-12")!;
    expect(page.text.slice(ndc.start, ndc.end)).toBe("00169-4132- 12");
  });

  it("matches quotes with an ellipsis piecewise and rejects unrelated text", () => {
    const s = findSpan(page, "Inadequate response ... (DAS28-CRP 5.1)")!;
    expect(page.text.slice(s.start, s.end)).toBe("Inadequate response after 8 months of methotrexate (DAS28-CRP 5.1)");
    expect(findSpan(page, "LDL cholesterol 94 mg/dL on atorvastatin 80 mg")).toBeNull();
    expect(findSpan(page, "")).toBeNull();
    expect(findSpan(page, "GLM4")).not.toBeNull();
    expect(findSpan(page, "XYZ9")).toBeNull();
  });
});

describe("boxesForSpan / findQuote", () => {
  it("returns the words overlapping a span", () => {
    const s = findSpan(page, "GLM40377105 DOB")!;
    expect(boxesForSpan(page, s.start, s.end).map((w) => w.text)).toEqual(["GLM40377105", "DOB:"]);
    expect(boxesForSpan(page, 5, 5)).toEqual([]);
  });

  it("searches a document and reports page, offsets and matched text", () => {
    const doc = { page_count: 2, pages: [pageOf("nothing here", 1), page ? { ...page, page: 2 } : page] };
    const q = findQuote(doc, "member id glm40377105")!;
    expect(q).toEqual({ page: 2, start: 0, end: 22, text: "Member ID: GLM40377105" });
    expect(findQuote(doc, "member id glm40377105", { page: 1 })).toBeNull();
  });
});
