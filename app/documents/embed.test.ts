import { describe, expect, it } from "vitest";
import { embedText, toVectorLiteral } from "./embed";
import { chunkDocument } from "./chunk";

const cos = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i], 0);

describe("built-in embedding", () => {
  it("is deterministic, 384-dimensional and unit length", () => {
    const a = embedText("Trial of methotrexate for at least 3 months");
    expect(a).toHaveLength(384);
    expect(embedText("Trial of methotrexate for at least 3 months")).toEqual(a);
    expect(cos(a, a)).toBeCloseTo(1, 6);
  });
  it("ranks related text above unrelated text, tolerating OCR noise", () => {
    const q = embedText("methotrexate trial duration");
    const related = embedText("Patient took methotrexate 20 mg weekly for 8 months (trial failed)");
    const noisy = embedText("Patient took rnethotrexate 20 mg weekly for 8 rnonths");
    const unrelated = embedText("LDL cholesterol 94 mg/dL on atorvastatin");
    expect(cos(q, related)).toBeGreaterThan(cos(q, unrelated));
    expect(cos(q, noisy)).toBeGreaterThan(cos(q, unrelated));
  });
  it("formats pgvector literals", () => {
    expect(toVectorLiteral([1, 0.5, -0.25])).toBe("[1,0.5,-0.25]");
  });
});

describe("chunking", () => {
  it("produces chunks whose offsets slice back to their text, on line boundaries", () => {
    const text = Array.from({ length: 60 }, (_, i) => `Line ${i} has some words about criterion number ${i}`).join("\n");
    const doc = { page_count: 1, pages: [{ page: 1, text, ocr: false, confidence: null, width: 612, height: 792, words: [] }] };
    const chunks = chunkDocument(doc, { targetWords: 40 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(text.slice(c.start, c.end)).toBe(c.text);
      expect(c.start === 0 || text[c.start - 1] === "\n").toBe(true);
    }
    expect(chunks.at(-1)!.end).toBe(text.length);
  });
});
