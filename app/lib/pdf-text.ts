/**
 * pdf-lib helpers shared by the synthetic renderers: standard-font embedding, WinAnsi-safe text,
 * word wrapping, and a top-down page cursor. Pure JS (pdf-lib only), usable in Node or the browser.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts, type RGB } from "pdf-lib";

export const LETTER: [number, number] = [612, 792];

export interface Fonts {
  reg: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  mono: PDFFont;
  monoBold: PDFFont;
  serif: PDFFont;
  serifBold: PDFFont;
}

/** Embeds the standard 14 fonts the renderers use. */
export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  const [reg, bold, italic, mono, monoBold, serif, serifBold] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.HelveticaOblique),
    doc.embedFont(StandardFonts.Courier),
    doc.embedFont(StandardFonts.CourierBold),
    doc.embedFont(StandardFonts.TimesRoman),
    doc.embedFont(StandardFonts.TimesRomanBold),
  ]);
  return { reg, bold, italic, mono, monoBold, serif, serifBold };
}

const REPLACEMENTS: Record<string, string> = {
  "\u2265": ">=",
  "\u2264": "<=",
  "\u2192": "->",
  "\u2190": "<-",
  "\u00a0": " ",
  "\u2009": " ",
  "\u202f": " ",
  "\u2212": "-",
  "\u2011": "-",
  "\u2010": "-",
  "\u2713": "X",
  "\u2714": "X",
  "\u2715": "X",
  "\u2610": "[ ]",
  "\u2611": "[X]",
  "\u2612": "[X]",
  "\u00d7": "x",
  "\t": "    ",
};

const charsetCache = new WeakMap<PDFFont, Set<number>>();

/** Replaces characters the (WinAnsi-encoded) standard font cannot draw. */
export function safeText(text: string, font: PDFFont): string {
  let set = charsetCache.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsetCache.set(font, set);
  }
  let out = "";
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (set.has(cp)) out += ch;
    else if (REPLACEMENTS[ch] !== undefined) out += REPLACEMENTS[ch];
    else if (cp < 32) out += " ";
    else out += ch.normalize("NFKD").replace(/[^\x20-\x7e]/g, "") || "?";
  }
  return out;
}

/** Word-wraps `text` to `maxWidth` points; honours explicit newlines; breaks over-long words. */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const para of safeText(text, font).split("\n")) {
    const words = para.split(/ +/);
    let line = "";
    for (let word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      // break a single word longer than the line
      while (font.widthOfTextAtSize(word, size) > maxWidth && word.length > 1) {
        let cut = word.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(word.slice(0, cut), size) > maxWidth) cut--;
        lines.push(word.slice(0, cut));
        word = word.slice(cut);
      }
      line = word;
    }
    lines.push(line);
  }
  return lines;
}

export const BLACK = rgb(0, 0, 0);
export const GRAY = rgb(0.35, 0.35, 0.35);
export const LIGHT = rgb(0.88, 0.88, 0.88);
export const DARK = rgb(0.22, 0.22, 0.22);
export const WHITE = rgb(1, 1, 1);

/** Thin wrapper over a PDFPage using top-down y coordinates (y = distance from the top edge). */
export class Sheet {
  readonly page: PDFPage;
  readonly width: number;
  readonly height: number;
  constructor(
    doc: PDFDocument,
    readonly f: Fonts,
  ) {
    this.page = doc.addPage(LETTER);
    this.width = LETTER[0];
    this.height = LETTER[1];
  }

  /** Draws one line of text with its baseline at top-down `y`. Returns the drawn width. */
  text(str: string, x: number, y: number, size: number, font: PDFFont = this.f.reg, color: RGB = BLACK): number {
    const s = safeText(str, font);
    if (!s) return 0;
    this.page.drawText(s, { x, y: this.height - y, size, font, color });
    return font.widthOfTextAtSize(s, size);
  }

  /** Right-aligned text ending at `xRight`. */
  textRight(str: string, xRight: number, y: number, size: number, font: PDFFont = this.f.reg, color: RGB = BLACK): void {
    const s = safeText(str, font);
    this.text(s, xRight - font.widthOfTextAtSize(s, size), y, size, font, color);
  }

  /** Centered text around `xCenter`. */
  textCenter(str: string, xCenter: number, y: number, size: number, font: PDFFont = this.f.reg, color: RGB = BLACK): void {
    const s = safeText(str, font);
    this.text(s, xCenter - font.widthOfTextAtSize(s, size) / 2, y, size, font, color);
  }

  /** Wrapped paragraph starting with the first baseline at `y`; returns the y after the last line. */
  para(str: string, x: number, y: number, width: number, size: number, font: PDFFont = this.f.reg, leading = size * 1.3, color: RGB = BLACK): number {
    for (const line of wrapText(str, font, size, width)) {
      this.text(line, x, y, size, font, color);
      y += leading;
    }
    return y;
  }

  /** Rectangle with top-left corner (x, y). */
  rect(x: number, y: number, w: number, h: number, opts: { fill?: RGB; border?: RGB; borderWidth?: number } = {}): void {
    this.page.drawRectangle({
      x,
      y: this.height - y - h,
      width: w,
      height: h,
      color: opts.fill,
      borderColor: opts.border,
      borderWidth: opts.border ? (opts.borderWidth ?? 0.6) : 0,
    });
  }

  line(x1: number, y1: number, x2: number, y2: number, thickness = 0.6, color: RGB = BLACK): void {
    this.page.drawLine({ start: { x: x1, y: this.height - y1 }, end: { x: x2, y: this.height - y2 }, thickness, color });
  }

  /** A checkbox (top-left at x, y) with an optional X and a label to its right. Returns the end x. */
  checkbox(x: number, y: number, checked: boolean, label: string, size = 8.5): number {
    const b = size + 0.5;
    this.rect(x, y, b, b, { border: BLACK, borderWidth: 0.7 });
    if (checked) {
      this.line(x + 1.5, y + 1.5, x + b - 1.5, y + b - 1.5, 1);
      this.line(x + 1.5, y + b - 1.5, x + b - 1.5, y + 1.5, 1);
    }
    const w = this.text(label, x + b + 3, y + b - 1.5, size);
    return x + b + 3 + w;
  }

  /** A hand-drawn-looking signature scribble on a baseline at y. */
  scribble(x: number, y: number, width: number, seed: number): void {
    let d = `M 0 0`;
    let s = seed || 1;
    const rnd = () => (s = (s * 16807) % 2147483647) / 2147483647;
    const steps = 9;
    for (let i = 1; i <= steps; i++) {
      const px = (width / steps) * i;
      const py = (rnd() - 0.5) * 14;
      d += ` Q ${px - width / steps / 2} ${py - 8 * (rnd() - 0.3)} ${px} ${py}`;
    }
    this.page.drawSvgPath(d, { x, y: this.height - y, borderColor: rgb(0.1, 0.1, 0.25), borderWidth: 0.9 });
  }
}
