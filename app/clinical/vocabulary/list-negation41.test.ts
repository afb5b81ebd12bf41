/**
 * A negation that leads a list denies every item of it, however long the list ("No history of liver
 * disease, celiac disease, inflammatory bowel disease, HIV or IgA vasculitis"), until a word that starts
 * a statement of its own; a new sentence or "but" ends it (aloha-hi: an exclusion's qualifier list was
 * "documented" by the last items of such a list).
 */
import { describe, expect, it } from "vitest";
import { isNegated } from "./language";

const negated = (text: string, word: string) => isNegated(text.toLowerCase(), text.toLowerCase().indexOf(word));

describe("a negated list", () => {
  it("denies its far items", () => {
    expect(negated("No history of liver disease, celiac disease, inflammatory bowel disease, HIV or purpura / IgA vasculitis.", "vasculitis")).toBe(true);
    expect(negated("Denies fever, chills, night sweats, weight loss, abdominal pain or melena", "melena")).toBe(true);
    expect(negated("Negative for HIV, hepatitis B surface antigen, hepatitis C antibody and QuantiFERON TB Gold", "quantiferon")).toBe(true);
  });

  it("ends at a new sentence, 'but', or a word that states something", () => {
    expect(negated("No history of MI or stroke. Has hypertension and diabetes", "diabetes")).toBe(false);
    expect(negated("Denies chest pain, palpitations and syncope but reports dyspnea on exertion and orthopnea", "orthopnea")).toBe(false);
    expect(negated("Denies nausea, vomiting, diarrhea, constipation, with new-onset rash over both forearms and psoriasis", "psoriasis")).toBe(false);
    expect(negated("PMH: hypertension, type 2 diabetes, hyperlipidemia, obesity and obstructive sleep apnea", "apnea")).toBe(false);
  });
});

describe("a negated list wrapped onto the next line", () => {
  it("denies the items on the second line, and only when the first line ends mid-sentence", async () => {
    const { buildCaseIndex, search } = await import("../evidence/case-index");
    const { docFromPages } = await import("../testing");
    const hit = (lines: string[]) => search(buildCaseIndex(docFromPages([lines.join("\n")]), "2026-10-01"), /vasculitis/i)[0];
    expect(
      hit([
        "Losartan 100 mg since 03/2026. No history of liver disease, celiac disease,",
        "inflammatory bowel disease, HIV or IgA vasculitis. Tolerating losartan.",
      ]).negated,
    ).toBe(true);
    expect(
      hit(["Losartan 100 mg since 03/2026. No history of liver disease or celiac disease.", "Biopsy-proven IgA vasculitis nephritis in 2024."]).negated,
    ).toBe(false);
  });
});
