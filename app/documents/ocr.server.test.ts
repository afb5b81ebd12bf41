import { describe, expect, it } from "vitest";
import { parseTesseractTsv } from "./ocr.server";

const TSV = [
  "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
  "1\t1\t0\t0\t0\t0\t0\t0\t1700\t2200\t-1\t",
  "2\t1\t1\t0\t0\t0\t100\t90\t800\t60\t-1\t",
  "3\t1\t1\t1\t0\t0\t100\t90\t800\t60\t-1\t",
  "4\t1\t1\t1\t1\t0\t100\t90\t800\t30\t-1\t",
  "5\t1\t1\t1\t1\t1\t100\t90\t200\t30\t96.5\tMember",
  "5\t1\t1\t1\t1\t2\t320\t92\t180\t28\t91.25\tID:",
  "4\t1\t1\t1\t2\t0\t100\t130\t500\t20\t-1\t",
  "5\t1\t1\t1\t2\t1\t100\t130\t500\t20\t95\t ",
  "4\t1\t1\t1\t3\t0\t100\t160\t300\t20\t-1\t",
  "5\t1\t1\t1\t3\t1\t100\t160\t300\t20\t88\tGLM40377105",
  "",
].join("\n");

describe("parseTesseractTsv", () => {
  it("turns line and word rows into lines of words with pixel boxes (x1/y1 exclusive) and confidences", () => {
    const lines = parseTesseractTsv(TSV);
    expect(lines).toEqual([
      {
        bbox: { x0: 100, y0: 90, x1: 900, y1: 120 },
        words: [
          { text: "Member", confidence: 96.5, bbox: { x0: 100, y0: 90, x1: 300, y1: 120 } },
          { text: "ID:", confidence: 91.25, bbox: { x0: 320, y0: 92, x1: 500, y1: 120 } },
        ],
      },
      // the blank line (a whitespace "word" only) is dropped
      { bbox: { x0: 100, y0: 160, x1: 400, y1: 180 }, words: [{ text: "GLM40377105", confidence: 88, bbox: { x0: 100, y0: 160, x1: 400, y1: 180 } }] },
    ]);
  });

  it("reads an empty page or garbage as no lines", () => {
    expect(parseTesseractTsv("")).toEqual([]);
    expect(parseTesseractTsv("level\tpage_num\n1\t1\t0\t0\t0\t0\t0\t0\t10\t10\t-1\t\n")).toEqual([]);
    expect(parseTesseractTsv("not\ta\ttsv")).toEqual([]);
  });
});
