import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCanvas } from "@napi-rs/canvas";
import { degrees, PDFDocument, PDFHexString, PDFNumber, PDFString, rgb, StandardFonts } from "pdf-lib";
import type { DocumentPageText } from "./types";
import { DocumentError, parseDocument, terminateOcrWorker } from "./parse-pdf.server";
import { memoryOcrCache, type OcrCache } from "./ocr-cache";
import { getOcrEngine } from "./ocr.server";
import { loadPdfjs } from "./pdfjs.server";

afterAll(async () => {
  await terminateOcrWorker();
});

function expectWordsConsistent(p: DocumentPageText) {
  expect(p.words.length).toBeGreaterThan(0);
  let last = -1;
  for (const w of p.words) {
    expect(p.text.slice(w.start, w.end)).toBe(w.text);
    expect(w.text).toMatch(/^\S+$/);
    expect(w.start).toBeGreaterThan(last);
    last = w.start;
    expect(w.w).toBeGreaterThan(0);
    expect(w.h).toBeGreaterThan(0);
    expect(w.x).toBeGreaterThanOrEqual(-1);
    expect(w.y).toBeGreaterThanOrEqual(-1);
    expect(w.x + w.w).toBeLessThanOrEqual(p.width + 1);
    expect(w.y + w.h).toBeLessThanOrEqual(p.height + 1);
  }
  // every non-space run of the text is covered by exactly one word
  const runs = [...p.text.matchAll(/\S+/g)].map((m) => m[0]);
  expect(p.words.map((w) => w.text)).toEqual(runs);
}

const LINES = ["PRIOR AUTHORIZATION REQUEST", "Member ID: GLM40377105   DOB: 01/30/2007", "Prescriber NPI: 1673098426", "NDC 00074-0554-02   ICD-10 K50.813"];

/** A text-layer PDF; the second line is written as two runs placed out of order. */
async function textPdf(opts: { rotate?: number } = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  if (opts.rotate) page.setRotation(degrees(opts.rotate));
  page.drawText(LINES[0], { x: 72, y: 720, size: 14, font });
  // right-hand run first, to prove ordering by x
  page.drawText("DOB: 01/30/2007", { x: 330, y: 690, size: 11, font });
  page.drawText("Member ID: GLM40377105", { x: 72, y: 690, size: 11, font });
  page.drawText(LINES[2], { x: 72, y: 670, size: 11, font });
  page.drawText(LINES[3], { x: 72, y: 650, size: 11, font });
  drawCheckboxLine(page, font, 72, 630);
  return pdf.save();
}

/** "Urgent? [X] Yes [ ] No" with vector checkboxes (8 pt squares, the X as two strokes). */
function drawCheckboxLine(page: import("pdf-lib").PDFPage, font: import("pdf-lib").PDFFont, x: number, y: number) {
  page.drawText("Urgent?", { x, y, size: 11, font });
  for (const [bx, checked] of [
    [x + 50, true],
    [x + 90, false],
  ] as const) {
    page.drawRectangle({ x: bx, y: y - 1, width: 8, height: 8, borderWidth: 0.75, borderColor: rgb(0, 0, 0) });
    if (checked) {
      page.drawLine({ start: { x: bx + 1.5, y: y + 0.5 }, end: { x: bx + 6.5, y: y + 5.5 }, thickness: 1 });
      page.drawLine({ start: { x: bx + 1.5, y: y + 5.5 }, end: { x: bx + 6.5, y: y + 0.5 }, thickness: 1 });
    }
    page.drawText(checked ? "Yes" : "No", { x: bx + 12, y, size: 11, font });
  }
}

/**
 * An image-only PDF: the text is drawn by pdf-lib, rendered by pdfjs at 150 dpi (no system fonts
 * needed), optionally tilted and speckled, then embedded as a PNG on a fresh page.
 */
async function scannedPdf(opts: { tiltDeg?: number; noise?: number; upsideDown?: boolean; pageRotate?: number } = {}) {
  const W = 5.5 * 72;
  const H = 2 * 72;
  const src = await PDFDocument.create();
  const font = await src.embedFont(StandardFonts.Helvetica);
  const sp = src.addPage([W, H]);
  sp.drawText(LINES[1], { x: 18, y: H - 40, size: 11, font });
  sp.drawText(LINES[2], { x: 18, y: H - 64, size: 11, font });
  sp.drawText(LINES[3], { x: 18, y: H - 88, size: 11, font });
  drawCheckboxLine(sp, font, 18, H - 112);
  const pdfjs = await loadPdfjs();
  const doc = await pdfjs.getDocument({ data: await src.save(), verbosity: 0 }).promise;
  const page = await doc.getPage(1);
  const scale = 150 / 72;
  const vp = page.getViewport({ scale });
  const cw = Math.ceil(vp.width);
  const ch = Math.ceil(vp.height);
  const flat = createCanvas(cw, ch);
  const fctx = flat.getContext("2d");
  fctx.fillStyle = "#fff";
  fctx.fillRect(0, 0, cw, ch);
  await page.render({ canvas: flat as never, canvasContext: fctx as never, viewport: vp }).promise;
  await doc.destroy();

  const out = createCanvas(cw, ch);
  const ctx = out.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, cw, ch);
  ctx.translate(cw / 2, ch / 2);
  ctx.rotate((((opts.upsideDown ? 180 : 0) + (opts.tiltDeg ?? 0)) * Math.PI) / 180);
  ctx.drawImage(flat, -cw / 2, -ch / 2);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  // deterministic speckle noise
  let seed = 42;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  ctx.fillStyle = "#000";
  for (let i = 0; i < (opts.noise ?? 0); i++) ctx.fillRect(Math.floor(rnd() * cw), Math.floor(rnd() * ch), 1, 1);

  let png = await out.encode("png");
  let pw = W;
  let ph = H;
  if (opts.pageRotate) {
    // store the image sideways and let /Rotate bring it upright
    const side = createCanvas(ch, cw);
    const sctx = side.getContext("2d");
    sctx.translate(ch / 2, cw / 2);
    sctx.rotate((-opts.pageRotate * Math.PI) / 180);
    sctx.drawImage(out, -cw / 2, -ch / 2);
    png = await side.encode("png");
    [pw, ph] = [H, W];
  }
  const pdf = await PDFDocument.create();
  const img = await pdf.embedPng(png);
  const p = pdf.addPage([pw, ph]);
  p.drawImage(img, { x: 0, y: 0, width: pw, height: ph });
  if (opts.pageRotate) p.setRotation(degrees(opts.pageRotate));
  return pdf.save();
}

describe("parseDocument: text layer", () => {
  it("extracts text line by line with word boxes whose offsets match the text", async () => {
    const seen: [number, number][] = [];
    const doc = await parseDocument(await textPdf(), { onPage: (p, t) => seen.push([p, t]) });
    expect(doc.page_count).toBe(1);
    expect(seen).toEqual([[1, 1]]);
    const p = doc.pages[0];
    expect(p.ocr).toBe(false);
    expect(p.confidence).toBeNull();
    expect([p.width, p.height]).toEqual([612, 792]);
    expect(p.text).toBe([LINES[0], "Member ID: GLM40377105 DOB: 01/30/2007", LINES[2], LINES[3].replace(/\s+/g, " "), "Urgent? [X] Yes [ ] No"].join("\n"));
    expectWordsConsistent(p);
    // boxes are in points with a top-left origin: the title sits above the NPI line
    const title = p.words.find((w) => w.text === "PRIOR")!;
    const npi = p.words.find((w) => w.text === "1673098426")!;
    expect(title.y).toBeLessThan(npi.y);
    expect(title.x).toBeCloseTo(72, 0);
    expect(title.y).toBeGreaterThan(792 - 720 - 16);
    expect(title.y + title.h).toBeGreaterThan(792 - 720);
    const dob = p.words.find((w) => w.text === "DOB:")!;
    expect(dob.x).toBeCloseTo(330, 0);
  });

  it("reports boxes in the displayed orientation of a /Rotate 90 page", async () => {
    const doc = await parseDocument(await textPdf({ rotate: 90 }));
    const p = doc.pages[0];
    expect([p.width, p.height]).toEqual([792, 612]);
    expect(p.text).toContain("Prescriber NPI: 1673098426");
    expectWordsConsistent(p);
  });
});

describe("parseDocument: OCR", () => {
  beforeAll(async () => {
    // warm the shared worker outside the per-test timing
    const { getOcrWorker } = await import("./ocr.server");
    await getOcrWorker();
  });

  it("recovers the text of a tilted, noisy image-only page", async () => {
    const doc = await parseDocument(await scannedPdf({ tiltDeg: 1, noise: 400 }));
    const p = doc.pages[0];
    expect(p.ocr).toBe(true);
    expect(p.confidence).toBeGreaterThan(0.7);
    expect(p.confidence).toBeLessThanOrEqual(1);
    expect(p.text).toContain("GLM40377105");
    expect(p.text).toContain("1673098426");
    expect(p.text).toContain("00074-0554-02");
    expect(p.text).toContain("K50.813");
    expect(p.text.split("\n")).toHaveLength(4);
    expect(p.text.split("\n")[3]).toBe("Urgent? [X] Yes [ ] No");
    expectWordsConsistent(p);
    // boxes map back to the page in points: the NPI line is below the member line
    const id = p.words.find((w) => w.text.includes("GLM40377105"))!;
    const npi = p.words.find((w) => w.text.includes("1673098426"))!;
    expect(npi.y).toBeGreaterThan(id.y);
    // baseline 40 pt below the top edge, cap height ~8 pt, 1 degree of tilt
    expect(id.y).toBeGreaterThan(40 - 16);
    expect(id.y).toBeLessThan(40);
    expect(id.x).toBeGreaterThan(18 - 6);
    expect(id.x).toBeLessThan(18 + 90);
  });

  it("reads an upside-down scan and a /Rotate 90 scan", async () => {
    const flipped = (await parseDocument(await scannedPdf({ upsideDown: true }))).pages[0];
    expect(flipped.ocr).toBe(true);
    expect(flipped.text).toContain("1673098426");
    expect(flipped.text.indexOf("GLM40377105")).toBeLessThan(flipped.text.indexOf("1673098426"));
    const sideways = (await parseDocument(await scannedPdf({ pageRotate: 90 }))).pages[0];
    expect([sideways.width, sideways.height]).toEqual([396, 144]);
    expect(sideways.text).toContain("K50.813");
    expectWordsConsistent(sideways);
  });

  it("uses native tesseract where it is installed (always in CI) and reads the scan as tesseract.js does", async () => {
    const engine = await getOcrEngine("native");
    if (process.env.CI === "true") expect(engine.id).toMatch(/^tesseract-\d/);
    const bytes = await scannedPdf({ tiltDeg: 1, noise: 400 });
    const auto = (await parseDocument(bytes, { ocrEngine: "native" })).pages[0];
    const js = (await parseDocument(bytes, { ocrEngine: "tesseract.js" })).pages[0];
    expect(auto.text).toBe(js.text);
    expect(auto.words.map((w) => w.text)).toEqual(js.words.map((w) => w.text));
  });

  it("reads an OCR'd page from the cache the second time, with the same result", async () => {
    const mem = memoryOcrCache();
    const calls = { get: 0, hit: 0, put: 0 };
    const cache: OcrCache = {
      get: async (k) => {
        calls.get++;
        const v = await mem.get(k);
        if (v) calls.hit++;
        return v;
      },
      put: async (k, v) => {
        calls.put++;
        await mem.put(k, v);
      },
    };
    const bytes = await scannedPdf({ tiltDeg: 1, noise: 400 });
    const first = await parseDocument(bytes, { ocrCache: cache });
    expect(calls).toEqual({ get: 1, hit: 0, put: 1 });
    const t0 = performance.now();
    const second = await parseDocument(bytes, { ocrCache: cache });
    const cachedMs = performance.now() - t0;
    expect(calls).toEqual({ get: 2, hit: 1, put: 1 });
    expect(second).toEqual(first);
    expect(first.pages[0].text).toContain("Prescriber NPI: 1673098426");
    // a different engine reads afresh (the engine is part of the key)
    await parseDocument(bytes, { ocrCache: cache, ocrEngine: "native" });
    expect(calls.put).toBe((await getOcrEngine("native")).id.startsWith("tesseract.js") ? 1 : 2);
    expect(cachedMs).toBeLessThan(5000);
  });

  it("OCRs the page when the cache fails", async () => {
    const broken: OcrCache = { get: () => Promise.reject(new Error("db down")), put: () => Promise.reject(new Error("db down")) };
    const doc = await parseDocument(await scannedPdf({ tiltDeg: 1, noise: 400 }), { ocrCache: broken });
    expect(doc.pages[0].ocr).toBe(true);
    expect(doc.pages[0].text).toContain("Prescriber NPI: 1673098426");
  });

  it("leaves image-only pages empty when OCR is off", async () => {
    const doc = await parseDocument(await scannedPdf(), { ocr: false });
    expect(doc.pages[0]).toMatchObject({ ocr: false, text: "", words: [] });
  });
});

describe("parseDocument: bad input", () => {
  const code = async (bytes: Uint8Array, opts?: Parameters<typeof parseDocument>[1]) => {
    try {
      await parseDocument(bytes, opts);
    } catch (err) {
      expect(err).toBeInstanceOf(DocumentError);
      expect((err as DocumentError).message.length).toBeGreaterThan(10);
      return (err as DocumentError).code;
    }
    return "ok";
  };

  it("rejects non-PDFs", async () => {
    let seed = 7;
    const junk = Uint8Array.from({ length: 4096 }, () => (seed = (seed * 1103515245 + 12345) & 0xff));
    expect(await code(junk)).toBe("not_pdf");
    expect(await code(new Uint8Array())).toBe("not_pdf");
    expect(await code(new TextEncoder().encode("<html>not a pdf</html>"))).toBe("not_pdf");
  });

  it("rejects files over the size limit before parsing", async () => {
    const bytes = await textPdf();
    expect(await code(bytes, { maxBytes: 100 })).toBe("too_large");
    await expect(parseDocument(new Uint8Array(26 * 1024 * 1024))).rejects.toMatchObject({
      code: "too_large",
      message: "The file is larger than the 25 MB limit.",
    });
  });

  it("rejects truncated and garbled PDFs", async () => {
    const bytes = await textPdf();
    expect(await code(bytes.slice(0, Math.floor(bytes.length / 2)))).toBe("truncated");
    expect(await code(bytes.slice(0, 40))).toBe("truncated");
    expect(await code(new TextEncoder().encode("%PDF-1.7\n garbage garbage\n%%EOF\n"))).not.toBe("ok");
  });

  it("rejects a PDF with no pages", async () => {
    const empty = await (await PDFDocument.create()).save({ addDefaultPage: false });
    expect(await code(empty)).toBe("zero_pages");
  });

  it("rejects a password-protected PDF", async () => {
    expect(await code(encryptedPdf())).toBe("encrypted");
  });
});

/** Hand-made PDF whose trailer points at a standard security handler (RC4, unknown password). */
function encryptedPdf(): Uint8Array {
  const objs = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R >>",
    "<< /Filter /Standard /V 2 /R 3 /Length 128 /P -3904 " + "/O <" + "7a".repeat(32) + "> /U <" + "5c".repeat(32) + "> >>",
    "<< /Length 8 >>\nstream\n\x01\x02\x03\x04\x05\x06\x07\x08\nendstream",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${"ab".repeat(16)}> <${"ab".repeat(16)}>] >>\n`;
  out += `startxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(out, (c) => c.charCodeAt(0));
}

describe("parseDocument: filled-in forms", () => {
  /** A form page with printed labels, FreeText "typewriter" values and AcroForm fields. */
  async function filledForm(): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const label = (text: string, x: number, y: number) => page.drawText(text, { x, y, size: 10, font });
    label("PRIOR AUTHORIZATION REQUEST FORM", 60, 740);
    label("Patient Name:", 60, 700);
    label("Member ID:", 60, 670);
    label("Diagnosis:", 60, 640);
    label("Urgent review?", 60, 610);
    label("Clinical notes:", 60, 580);
    // FreeText annotations, as a PDF "fill and sign" tool places them
    const freeText = (contents: string, rect: [number, number, number, number]) =>
      doc.context.register(
        doc.context.obj({ Type: "Annot", Subtype: "FreeText", Rect: rect, Contents: PDFHexString.fromText(contents), DA: PDFString.of("/Helv 10 Tf 0 g") }),
      );
    page.node.addAnnot(freeText("Sarah Sample", [140, 696, 260, 712]));
    page.node.addAnnot(freeText("Patient has new Crohn's disease\nand is not improving on steroids.", [140, 540, 500, 590]));
    // AcroForm fields
    const form = doc.getForm();
    const id = form.createTextField("member_id");
    id.setText("4567890");
    id.addToPage(page, { x: 140, y: 665, width: 120, height: 16 });
    const dx = form.createTextField("diagnosis");
    dx.setText("K50.90 Crohn's disease");
    dx.addToPage(page, { x: 140, y: 635, width: 200, height: 16 });
    const urgent = form.createCheckBox("urgent");
    urgent.addToPage(page, { x: 140, y: 606, width: 12, height: 12 });
    urgent.check();
    return doc.save();
  }

  it("reads FreeText annotations and form-field values in place, beside their labels", async () => {
    const parsed = await parseDocument(await filledForm());
    const p = parsed.pages[0];
    expect(p.ocr).toBe(false);
    const line = (label: string) => p.text.split("\n").find((l) => l.startsWith(label)) ?? "";
    expect(line("Patient Name:")).toMatch(/Patient Name:\s+Sarah Sample/);
    expect(line("Member ID:")).toMatch(/Member ID:\s+4567890/);
    expect(line("Diagnosis:")).toMatch(/Diagnosis:\s+K50\.90 Crohn's disease/);
    expect(line("Urgent review?")).toContain("[X]");
    expect(p.text).toContain("Patient has new Crohn's disease");
    expect(p.text).toContain("and is not improving on steroids.");
    expectWordsConsistent(p);
  });
});

describe("parseDocument: a page that cannot be parsed (issue 24)", () => {
  /** A three-page text PDF whose page tree's second entry is damaged (a number where a page belongs). */
  async function damagedSecondPage(): Promise<Uint8Array> {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (let i = 1; i <= 3; i++)
      pdf.addPage([612, 792]).drawText(`Page ${i} of the prior authorization request for Ann Lee`, { x: 50, y: 700, size: 12, font });
    pdf.catalog.Pages().Kids().set(1, PDFNumber.of(42));
    return pdf.save({ useObjectStreams: false });
  }

  it("records the page as unread with an error, after trying OCR, and keeps every other page", async () => {
    const doc = await parseDocument(await damagedSecondPage());
    expect(doc.page_count).toBe(3);
    expect(doc.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(doc.pages[0].text).toMatch(/Page 1 of the prior authorization/);
    expect(doc.pages[0].error ?? null).toBeNull();
    const bad = doc.pages[1];
    expect(bad.text).toBe("");
    expect(bad.error).toMatch(/damaged: its text could not be read, nor its image rendered for OCR/);
    // the page the damaged tree hid from the reader is listed, not dropped
    expect(doc.pages[2].error).toMatch(/could not be found|could not be read/);
  });

  it("with OCR off, the error says so", async () => {
    const doc = await parseDocument(await damagedSecondPage(), { ocr: false });
    expect(doc.pages[1].error).toMatch(/OCR is off/);
  });
});
