import { describe, expect, it } from "vitest";
import { findQuoteInText, locateQuote, quoteToCitation, quotesToCitations, resolveEvidenceRef } from "./cite";
import { docFromPages, FAX } from "./test-fixtures";

describe("locateQuote", () => {
  it("finds an exact quote and returns the page's own text and offsets", () => {
    const span = locateQuote(FAX, 1, "Member ID: ACM100234");
    expect(span).not.toBeNull();
    expect(FAX.pages[0].text.slice(span!.start, span!.end)).toBe("Member ID: ACM100234");
    expect(span!.text).toBe("Member ID: ACM100234");
  });

  it("tolerates collapsed whitespace and case", () => {
    const span = locateQuote(FAX, 1, "patient name: dana whitfield");
    expect(span!.text).toBe("Patient Name:  Dana   Whitfield");
  });

  it("tolerates typographic dashes and quotes", () => {
    const span = locateQuote(FAX, 2, "09/15/2025 - inadequate response");
    expect(span!.text).toBe("09/15/2025 \u2014 inadequate response");
  });

  it("tolerates OCR-split tokens as a last resort", () => {
    const doc = docFromPages(["Member ID: ACM 100 234 Plan"]);
    expect(locateQuote(doc, 1, "ACM100234")?.text).toBe("ACM 100 234");
  });

  it("spans line breaks inside the page", () => {
    const span = locateQuote(FAX, 1, "Fax: (312) 555-0101 Medication: Humira");
    expect(span!.text).toBe("Fax: (312) 555-0101\nMedication: Humira");
  });

  it("returns null for text that is not on the page, or an unknown page", () => {
    expect(locateQuote(FAX, 1, "Methotrexate 20 mg")).toBeNull();
    expect(locateQuote(FAX, 9, "Member ID")).toBeNull();
    expect(findQuoteInText("abc", "   ")).toBeNull();
  });
});

describe("quoteToCitation", () => {
  it("falls back to other pages when the model misnumbers the page", () => {
    const c = quoteToCitation(FAX, { document: "fax", document_id: "doc1" }, "QuantiFERON) negative", 1);
    expect(c).toMatchObject({ document: "fax", document_id: "doc1", page: 2, text: "QuantiFERON) negative" });
    expect(FAX.pages[1].text.slice(c!.start, c!.end)).toBe("QuantiFERON) negative");
  });

  it("drops invented quotes and duplicates", () => {
    const list = quotesToCitations(FAX, { document: "fax" }, [
      { page: 1, quote: "NPI: 1234567893" },
      { page: 1, quote: "npi:  1234567893" },
      { page: 1, quote: "Patient has no allergies" },
    ]);
    expect(list).toHaveLength(1);
    expect(list[0].text).toBe("NPI: 1234567893");
  });
});

describe("resolveEvidenceRef", () => {
  const passage = { document: "fax", page: 2, start: 100, end: 140, text: "TB screening (QuantiFERON) negative on 01/10/2026." };
  it("narrows a passage to the quoted span with absolute offsets", () => {
    const c = resolveEvidenceRef([passage], 1, "negative on 01/10/2026");
    expect(c).toMatchObject({ page: 2, start: 100 + passage.text.indexOf("negative"), text: "negative on 01/10/2026" });
    expect(c!.end - c!.start).toBe("negative on 01/10/2026".length);
  });
  it("cites the whole passage when the quote is not in it, and null for an unknown ref", () => {
    expect(resolveEvidenceRef([passage], 1, "something else")).toEqual(passage);
    expect(resolveEvidenceRef([passage], 2, "")).toBeNull();
  });
});
