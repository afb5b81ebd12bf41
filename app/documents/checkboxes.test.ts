/** Checkbox detection on scans: printed boxes are found, a box-like glyph inside a word is not. */
import { describe, expect, it } from "vitest";
import { imageCheckboxes } from "./checkboxes";
import type { Gray } from "./preprocess";

const DPI = 200;

function page(width = 400, height = 120): Gray {
  return { data: new Uint8Array(width * height).fill(255), width, height };
}

function rect(g: Gray, x0: number, y0: number, x1: number, y1: number, value = 0) {
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) g.data[y * g.width + x] = value;
}

/** A 22 px square outline with a 2 px rule (a 0.11 in box at 200 dpi), optionally ticked. */
function box(g: Gray, x: number, y: number, ticked = false) {
  rect(g, x, y, x + 21, y + 1);
  rect(g, x, y + 20, x + 21, y + 21);
  rect(g, x, y, x + 1, y + 21);
  rect(g, x + 20, y, x + 21, y + 21);
  if (ticked) rect(g, x + 7, y + 7, x + 14, y + 14);
}

/** A letter-sized stem right of `x` (the next letter of a word). */
function stem(g: Gray, x: number, y: number) {
  rect(g, x, y + 4, x + 2, y + 21);
}

describe("imageCheckboxes", () => {
  it("finds a printed box followed by a space and its label, and reads its mark", () => {
    const g = page();
    box(g, 20, 40);
    stem(g, 20 + 22 + 10, 40); // label after a space
    box(g, 120, 40, true);
    const found = imageCheckboxes(g, 128, DPI);
    expect(found).toHaveLength(2);
    expect(found.map((b) => b.checked).sort()).toEqual([false, true]);
  });

  it("does not take a square glyph with letters at letter spacing for a box ('Date', 'POS', 'MD')", () => {
    const g = page();
    box(g, 20, 40);
    stem(g, 20 + 22 + 2, 40); // next letter 2 px away
    box(g, 120, 40);
    stem(g, 120 - 5, 40); // previous letter 2 px before
    expect(imageCheckboxes(g, 128, DPI)).toHaveLength(0);
  });
});
