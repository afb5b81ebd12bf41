import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import type { OcrLine } from "~/documents/ocr.server";
import { recordedOcrCache } from "./recorded-ocr-cache";

const line = (text: string): OcrLine[] => [{ bbox: { x0: 0, y0: 0, x1: 10, y1: 5 }, words: [{ text, confidence: 91, bbox: { x0: 0, y0: 0, x1: 10, y1: 5 } }] }];
const tmpFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ocr-rec-")), "set.json.gz");

describe("recorded OCR results of a fixture set", () => {
  it("misses without a file, keeps what was OCR'd for the rest of the run, and writes nothing unless recording", async () => {
    const file = tmpFile();
    const cache = recordedOcrCache(file);
    expect(await cache.get("a")).toBeNull();
    await cache.put("a", line("Hgb"));
    expect(await cache.get("a")).toEqual(line("Hgb"));
    expect(cache.stats()).toEqual({ hits: 1, misses: 1 });
    expect(cache.flush(false)).toBe(false);
    expect(fs.existsSync(file)).toBe(false);
  });

  it("records exactly the entries a run used, in key order, and reads them back as hits", async () => {
    const file = tmpFile();
    const first = recordedOcrCache(file);
    await first.put("b", line("two"));
    await first.put("a", line("one"));
    expect(first.flush(true)).toBe(true);
    expect(Object.keys(JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString("utf8")))).toEqual(["a", "b"]);
    const bytes = fs.readFileSync(file);

    // a later run that reads only "a" and OCRs "c": "b" is stale and dropped when it records
    const second = recordedOcrCache(file);
    expect(await second.get("a")).toEqual(line("one"));
    expect(await second.get("c")).toBeNull();
    await second.put("c", line("three"));
    expect(second.stats()).toEqual({ hits: 1, misses: 1 });
    second.flush(true);
    expect(Object.keys(JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString("utf8")))).toEqual(["a", "c"]);

    // the same entries write the same bytes (no timestamp in the gzip header)
    const again = recordedOcrCache(tmpFile());
    await again.put("a", line("one"));
    await again.put("b", line("two"));
    again.flush(true);
    expect(bytes.equals(zlib.gzipSync(JSON.stringify({ a: line("one"), b: line("two") }), { level: 9 }))).toBe(true);
  });

  it("refuses a file that is not a map of OCR results", () => {
    const file = tmpFile();
    fs.writeFileSync(file, zlib.gzipSync(JSON.stringify(["not", "a", "map"])));
    expect(() => recordedOcrCache(file)).toThrow(/not a map/);
    fs.writeFileSync(file, zlib.gzipSync(JSON.stringify({ k: "text" })));
    expect(() => recordedOcrCache(file)).toThrow(/not a list/);
  });
});
