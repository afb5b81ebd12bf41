/**
 * Image clean-up for OCR of faxed/scanned forms, on 8-bit grayscale buffers (row-major, 0 = black).
 *
 * - `estimateSkew`: small-angle skew (degrees, positive = content rotated clockwise) by maximising
 *   the variance of the horizontal projection profile on a downsampled binary image.
 * - `rotateGray`: rotate about the image centre (bilinear, white fill, same size).
 * - `removeLines`: erase long horizontal/vertical dark runs (form rules, table borders, scanner
 *   streaks) which otherwise break tesseract's page segmentation on grid forms.
 * - `despeckle`: erase tiny isolated dark components (scanner noise).
 */

export interface Gray {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Otsu threshold of a grayscale buffer (0..255). */
export function otsu(g: Gray): number {
  const hist = new Float64Array(256);
  const d = g.data;
  const step = d.length > 4_000_000 ? 3 : 1;
  let n = 0;
  for (let i = 0; i < d.length; i += step) {
    hist[d[i]]++;
    n++;
  }
  let sum = 0;
  for (let t = 0; t < 256; t++) sum += t * hist[t];
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let bestT = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (!wB) continue;
    const wF = n - wB;
    if (!wF) break;
    sumB += t * hist[t];
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      bestT = t;
    }
  }
  return bestT;
}

/**
 * Skew angle in degrees within ±maxDeg (0.05° resolution): text lines run along
 * y = y0 + tan(angle)·(x − W/2) in screen coordinates (y down). `rotateGray(g, angle)` straightens
 * the page. Returns 0 when the page has too little ink to tell.
 */
export function estimateSkew(g: Gray, threshold = otsu(g), maxDeg = 3): number {
  // collect dark pixels on a coarse grid (every `f`-th pixel)
  const f = Math.max(1, Math.round(g.width / 700));
  const { width: W, height: H, data } = g;
  let count = 0;
  for (let y = 0; y < H; y += f) {
    const row = y * W;
    for (let x = 0; x < W; x += f) if (data[row + x] < threshold) count++;
  }
  if (count < 200) return 0;
  // x relative to the centre (W/2 is a multiple of 0.5: exact) and y, as doubles
  const dxs = new Float64Array(count);
  const ys = new Float64Array(count);
  let k = 0;
  for (let y = 0; y < H; y += f) {
    const row = y * W;
    for (let x = 0; x < W; x += f) {
      if (data[row + x] < threshold) {
        dxs[k] = x - W / 2;
        ys[k] = y;
        k++;
      }
    }
  }
  const bins = Math.ceil(H / f) + Math.ceil(W / f) + 8;
  const prof = new Float64Array(bins);
  const off = bins / 2;
  const shift = H / (2 * f);
  const score = (deg: number) => {
    const t = Math.tan((deg * Math.PI) / 180);
    prof.fill(0);
    for (let i = 0; i < count; i++) {
      // y' of the pixel once the page is rotated by -deg (small-angle shear)
      const yp = (ys[i] - t * dxs[i]) / f;
      const b = Math.round(yp - shift + off);
      if (b >= 0 && b < bins) prof[b]++;
    }
    let s = 0;
    for (let b = 0; b < bins; b++) s += prof[b] * prof[b];
    return s;
  };
  let bestDeg = 0;
  let best = -1;
  for (let deg = -maxDeg; deg <= maxDeg + 1e-9; deg += 0.25) {
    const s = score(deg);
    if (s > best) {
      best = s;
      bestDeg = deg;
    }
  }
  const center = bestDeg;
  for (let deg = center - 0.25; deg <= center + 0.25 + 1e-9; deg += 0.05) {
    const s = score(deg);
    if (s > best) {
      best = s;
      bestDeg = deg;
    }
  }
  return Math.round(bestDeg * 100) / 100;
}

/**
 * Resample so that destination pixel p takes the source value at c + R(deg)·(p − c) (c = centre,
 * R the usual rotation matrix in y-down screen coordinates); same size, bilinear, white fill.
 * `rotateGray(g, estimateSkew(g))` deskews; `unrotatePoint` maps destination → source.
 */
export function rotateGray(g: Gray, deg: number): Gray {
  if (Math.abs(deg) < 0.01) return g;
  const { width: W, height: H, data } = g;
  const out = new Uint8Array(W * H);
  const a = (deg * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const cx = W / 2;
  const cy = H / 2;
  for (let y = 0; y < H; y++) {
    const dy = y - cy;
    let sx = cos * -cx - sin * dy + cx;
    let sy = sin * -cx + cos * dy + cy;
    for (let x = 0; x < W; x++, sx += cos, sy += sin) {
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      let v = 255;
      if (x0 >= 0 && y0 >= 0 && x0 + 1 < W && y0 + 1 < H) {
        const fx = sx - x0;
        const fy = sy - y0;
        const i = y0 * W + x0;
        const top = data[i] + (data[i + 1] - data[i]) * fx;
        const bot = data[i + W] + (data[i + W + 1] - data[i + W]) * fx;
        v = top + (bot - top) * fy;
      }
      out[y * W + x] = v;
    }
  }
  return { data: out, width: W, height: H };
}

/**
 * Map a point from the rotated image back to the source image (inverse of rotateGray's mapping).
 */
export function unrotatePoint(x: number, y: number, W: number, H: number, deg: number): [number, number] {
  if (Math.abs(deg) < 0.01) return [x, y];
  const a = (deg * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const dx = x - W / 2;
  const dy = y - H / 2;
  return [cos * dx - sin * dy + W / 2, sin * dx + cos * dy + H / 2];
}

/**
 * Erase horizontal dark runs at least `minH` px long and vertical runs at least `minV` px long
 * (set to white). Works on a straight (deskewed) image. Mutates and returns `g`.
 */
export function removeLines(g: Gray, threshold: number, minH: number, minV: number): Gray {
  const { width: W, height: H, data } = g;
  const dark = (i: number) => data[i] < threshold;
  const mask = new Uint8Array(W * H);
  // horizontal
  for (let y = 0; y < H; y++) {
    const row = y * W;
    let x = 0;
    while (x < W) {
      if (!dark(row + x)) {
        x++;
        continue;
      }
      let e = x;
      // allow 1-px gaps inside a rule
      while (e + 1 < W && (dark(row + e + 1) || (e + 2 < W && dark(row + e + 2)))) e++;
      if (e - x + 1 >= minH) for (let k = x; k <= e; k++) mask[row + k] = 1;
      x = e + 1;
    }
  }
  // vertical
  for (let x = 0; x < W; x++) {
    let y = 0;
    while (y < H) {
      if (!dark(y * W + x)) {
        y++;
        continue;
      }
      let e = y;
      while (e + 1 < H && (dark((e + 1) * W + x) || (e + 2 < H && dark((e + 2) * W + x)))) e++;
      if (e - y + 1 >= minV) for (let k = y; k <= e; k++) mask[k * W + x] = 1;
      y = e + 1;
    }
  }
  for (let i = 0; i < mask.length; i++) if (mask[i]) data[i] = 255;
  return g;
}

/** Erase 8-connected dark components with at most `maxArea` pixels. Mutates and returns `g`. */
export function despeckle(g: Gray, threshold: number, maxArea: number): Gray {
  const { width: W, height: H, data } = g;
  const seen = new Uint8Array(W * H);
  const stack = new Int32Array(W * H > 1 << 20 ? 1 << 20 : W * H);
  const comp: number[] = [];
  for (let start = 0; start < data.length; start++) {
    if (seen[start] || data[start] >= threshold) continue;
    comp.length = 0;
    let sp = 0;
    stack[sp++] = start;
    seen[start] = 1;
    let big = false;
    while (sp > 0) {
      const i = stack[--sp];
      if (!big) comp.push(i);
      if (comp.length > maxArea) big = true;
      const x = i % W;
      const y = (i - x) / W;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= H) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= W) continue;
          const j = yy * W + xx;
          if (!seen[j] && data[j] < threshold) {
            seen[j] = 1;
            if (sp < stack.length) stack[sp++] = j;
          }
        }
      }
    }
    if (!big) for (const i of comp) data[i] = 255;
  }
  return g;
}

/** Threshold to pure black/white (0/255). Returns a new buffer. */
export function binarize(g: Gray, threshold: number): Gray {
  const out = new Uint8Array(g.data.length);
  for (let i = 0; i < out.length; i++) out[i] = g.data[i] < threshold ? 0 : 255;
  return { data: out, width: g.width, height: g.height };
}

/** 8-bit PGM (P5) encoding, which tesseract.js' leptonica reads directly. */
export function toPgm(g: Gray): Buffer {
  const header = Buffer.from(`P5\n${g.width} ${g.height}\n255\n`, "latin1");
  const out = Buffer.allocUnsafe(header.length + g.data.length);
  header.copy(out, 0);
  out.set(g.data, header.length);
  return out;
}

/** RGBA (canvas ImageData) → grayscale. */
export function rgbaToGray(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Gray {
  const data = new Uint8Array(width * height);
  const n = data.length;
  if (rgba.byteOffset % 4 === 0 && rgba.byteLength >= n * 4 && littleEndian) {
    // one 32-bit load per pixel (R in the low byte)
    const px = new Uint32Array(rgba.buffer, rgba.byteOffset, n);
    for (let o = 0; o < n; o++) {
      const v = px[o];
      data[o] = ((v & 0xff) * 77 + ((v >>> 8) & 0xff) * 150 + ((v >>> 16) & 0xff) * 29) >> 8;
    }
  } else {
    for (let i = 0, o = 0; o < n; i += 4, o++) {
      data[o] = (rgba[i] * 77 + rgba[i + 1] * 150 + rgba[i + 2] * 29) >> 8;
    }
  }
  return { data, width, height };
}

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

// Scratch buffers for the connected-component passes, reused across calls (they are synchronous).
let scratchSeen = new Uint8Array(0);
let scratchStack = new Int32Array(0);
function scratch(n: number): { seen: Uint8Array; stack: Int32Array } {
  if (scratchSeen.length < n) {
    scratchSeen = new Uint8Array(n);
    scratchStack = new Int32Array(n);
  } else {
    scratchSeen.fill(0, 0, n);
  }
  return { seen: scratchSeen, stack: scratchStack };
}

/** A dark 8-connected component's bounding box (inclusive pixel coordinates). */
export interface Component {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  area: number;
}

/**
 * One connected-component pass over the dark pixels (< threshold, 8-connected): erases every
 * component of at most `maxArea` pixels (what `despeckle` does) and returns, in discovery order
 * (row-major by first pixel), the remaining components whose bounding box is at most `maxSide`
 * pixels wide and high (checkbox candidates). Mutates `g`.
 */
export function despeckleAndCollect(g: Gray, threshold: number, maxArea: number, maxSide: number): Component[] {
  const { width: W, height: H, data } = g;
  const n = W * H;
  const { seen, stack } = scratch(n);
  const out: Component[] = [];
  const lastRow = n - W;
  for (let start = 0; start < n; start++) {
    if (data[start] >= threshold || seen[start]) continue;
    // the pixels popped so far are stack[0..popped) (a component's pixels stay in the stack)
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let popped = 0;
    let x0 = W;
    let y0 = H;
    let x1 = -1;
    let y1 = -1;
    // breadth-first: pixels stay in the stack after processing, so the component can be erased
    while (popped < top) {
      const i = stack[popped++];
      const y = (i / W) | 0;
      const x = i - y * W;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      const left = x > 0;
      const right = x < W - 1;
      let j: number;
      if (i >= W) {
        j = i - W;
        if (!seen[j] && data[j] < threshold) ((seen[j] = 1), (stack[top++] = j));
        if (left && !seen[j - 1] && data[j - 1] < threshold) ((seen[j - 1] = 1), (stack[top++] = j - 1));
        if (right && !seen[j + 1] && data[j + 1] < threshold) ((seen[j + 1] = 1), (stack[top++] = j + 1));
      }
      if (left && !seen[i - 1] && data[i - 1] < threshold) ((seen[i - 1] = 1), (stack[top++] = i - 1));
      if (right && !seen[i + 1] && data[i + 1] < threshold) ((seen[i + 1] = 1), (stack[top++] = i + 1));
      if (i < lastRow) {
        j = i + W;
        if (!seen[j] && data[j] < threshold) ((seen[j] = 1), (stack[top++] = j));
        if (left && !seen[j - 1] && data[j - 1] < threshold) ((seen[j - 1] = 1), (stack[top++] = j - 1));
        if (right && !seen[j + 1] && data[j + 1] < threshold) ((seen[j + 1] = 1), (stack[top++] = j + 1));
      }
    }
    if (top <= maxArea) {
      for (let k = 0; k < top; k++) data[stack[k]] = 255;
    } else if (x1 - x0 < maxSide && y1 - y0 < maxSide) {
      out.push({ x0, y0, x1, y1, area: top });
    }
  }
  return out;
}
