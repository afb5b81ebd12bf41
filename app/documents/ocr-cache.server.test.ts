import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCanvas } from "@napi-rs/canvas";
import { PDFDocument } from "pdf-lib";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { dbOcrCache } from "./ocr-cache.server";
import { memoryOcrCache, ocrCacheKey, type OcrCache } from "./ocr-cache";
import { parseDocumentIsolated } from "./parse-document-isolated.server";
import { terminateOcrWorker } from "./parse-pdf.server";
import type { OcrLine } from "./ocr.server";

const LINES: OcrLine[] = [{ bbox: { x0: 1, y0: 2, x1: 30, y1: 12 }, words: [{ text: "Member", confidence: 95.5, bbox: { x0: 1, y0: 2, x1: 30, y1: 12 } }] }];

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await terminateOcrWorker();
  await t?.cleanup();
});

describe("dbOcrCache", () => {
  it("returns what an organization stored, and never another organization's entry", async () => {
    const a = await t.database.prisma.organization.create({ data: { name: "a" } });
    const b = await t.database.prisma.organization.create({ data: { name: "b" } });
    const key = ocrCacheKey({ data: new Uint8Array([0, 255, 0, 255]), width: 2, height: 2 }, "engine-x");
    const ca = dbOcrCache(t.database, a.id);
    const cb = dbOcrCache(t.database, b.id);
    expect(await ca.get(key)).toBeNull();
    await ca.put(key, LINES);
    await ca.put(key, LINES); // a second store of the same key is harmless
    expect(await ca.get(key)).toEqual(LINES);
    expect(await cb.get(key)).toBeNull();
    // an organization removed takes its entries with it
    await t.database.prisma.organization.delete({ where: { id: a.id } });
    expect(await dbOcrCache(t.database, a.id).get(key)).toBeNull();
  });

  it("keys differ by pixels and by engine variant", () => {
    const img = { data: new Uint8Array([0, 255, 0, 255]), width: 2, height: 2 };
    const k = ocrCacheKey(img, "v1");
    expect(k).toMatch(/^[0-9a-f]{64}$/);
    expect(ocrCacheKey(img, "v2")).not.toBe(k);
    expect(ocrCacheKey({ ...img, data: new Uint8Array([0, 255, 0, 254]) }, "v1")).not.toBe(k);
    expect(ocrCacheKey({ ...img, width: 4, height: 1 }, "v1")).not.toBe(k);
  });
});

/** A one-page image-only PDF with two lines of large text. */
async function scan(): Promise<Uint8Array> {
  const c = createCanvas(900, 300);
  const ctx = c.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, 900, 300);
  ctx.fillStyle = "#000";
  ctx.font = "40px sans-serif";
  ctx.fillText("PRIOR AUTHORIZATION REQUEST", 30, 90);
  ctx.fillText("Prescriber NPI 1673098426", 30, 180);
  const pdf = await PDFDocument.create();
  const img = await pdf.embedPng(await c.encode("png"));
  pdf.addPage([432, 144]).drawImage(img, { x: 0, y: 0, width: 432, height: 144 });
  return pdf.save();
}

describe("parseDocumentIsolated with an OCR cache", () => {
  it("looks pages up and stores them through the document thread, so a re-run never OCRs again", async () => {
    const mem = memoryOcrCache();
    let puts = 0;
    let hits = 0;
    const cache: OcrCache = {
      get: async (k) => {
        const v = await mem.get(k);
        if (v) hits++;
        return v;
      },
      put: async (k, v) => {
        puts++;
        await mem.put(k, v);
      },
    };
    const bytes = await scan();
    const first = await parseDocumentIsolated(bytes, { ocrCache: cache });
    expect(first.pages[0].ocr).toBe(true);
    expect(first.pages[0].text).toContain("1673098426");
    expect([puts, hits, mem.size()]).toEqual([1, 0, 1]);
    const again = await parseDocumentIsolated(bytes, { ocrCache: cache });
    expect([puts, hits]).toEqual([1, 1]);
    expect(again).toEqual(first);
  }, 120_000);

  it("a duplicate upload to the same organization is read from ocr_results", async () => {
    const org = await t.database.prisma.organization.create({ data: { name: "dup" } });
    const bytes = await scan();
    const first = await parseDocumentIsolated(bytes, { ocrCache: dbOcrCache(t.database, org.id) });
    const [{ n }] = await t.database.query<{ n: number }>("select count(*)::int as n from ocr_results where organization_id = $1", [org.id]);
    expect(n).toBe(1);
    const t0 = performance.now();
    const again = await parseDocumentIsolated(bytes, { ocrCache: dbOcrCache(t.database, org.id) });
    expect(again).toEqual(first);
    expect(performance.now() - t0).toBeLessThan(10_000);
  }, 120_000);
});
