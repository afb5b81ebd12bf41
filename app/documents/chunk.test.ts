import { describe, expect, it } from "vitest";
import type { ParsedDocument } from "./types";
import { chunkDocument } from "./chunk";

const page = (n: number, text: string) => ({ page: n, text, ocr: false, confidence: null, width: 612, height: 792, words: [] });
const wc = (s: string) => (s.match(/\S+/g) ?? []).length;

describe("chunkDocument", () => {
  const lines = Array.from({ length: 80 }, (_, i) => `Line ${i} states criterion ${i} about prior therapy duration`);
  const text = lines.slice(0, 30).join("\n") + "\n\n" + lines.slice(30).join("\n");
  const doc: ParsedDocument = { page_count: 2, pages: [page(1, text), page(2, ""), page(3, "  short page  ")] as never };

  it("cuts pages into 60-120 word passages of whole lines whose offsets slice back", () => {
    const chunks = chunkDocument(doc);
    const p1 = chunks.filter((c) => c.page === 1);
    expect(p1.length).toBeGreaterThan(4);
    for (const c of p1) {
      expect(text.slice(c.start, c.end)).toBe(c.text);
      expect(c.start === 0 || text[c.start - 1] === "\n").toBe(true);
      expect(c.end === text.length || text[c.end] === "\n").toBe(true);
      expect(wc(c.text)).toBeLessThanOrEqual(120);
    }
    for (const c of p1.slice(0, -1)) expect(wc(c.text)).toBeGreaterThanOrEqual(40);
    expect(p1.at(-1)!.end).toBe(text.length);
    // no chunk spans the paragraph break, neighbours overlap by a line or two
    for (const c of p1) expect(c.text).not.toContain("\n\n");
    const overlapping = p1.slice(1).filter((c, i) => c.start < p1[i].end);
    expect(overlapping.length).toBeGreaterThan(0);
    // every line is covered
    for (const l of lines) expect(p1.some((c) => c.text.includes(l))).toBe(true);
  });

  it("skips empty pages, trims, and splits a single over-long line", () => {
    const chunks = chunkDocument(doc);
    expect(chunks.some((c) => c.page === 2)).toBe(false);
    expect(chunks.filter((c) => c.page === 3)).toEqual([{ page: 3, start: 2, end: 12, text: "short page" }]);
    const long = Array.from({ length: 300 }, (_, i) => `w${i}`).join(" ");
    const parts = chunkDocument({ page_count: 1, pages: [page(1, long)] } as never);
    expect(parts.length).toBe(3);
    for (const c of parts) {
      expect(long.slice(c.start, c.end)).toBe(c.text);
      expect(wc(c.text)).toBeLessThanOrEqual(120);
    }
  });
});
