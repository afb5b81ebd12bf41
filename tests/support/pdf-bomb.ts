/**
 * A content-stream bomb: a tiny PDF whose page draws a form XObject that draws the next one `fanout`
 * times, `depth` levels deep, so a reader that expands forms does fanout^depth times the work (the
 * outside probe's 41 KB bomb stalled a worker for 54 s at 4.1 GB). Text operators at every level
 * make text extraction walk the whole tree.
 */
export function contentStreamBomb(depth = 7, fanout = 10): Uint8Array {
  return contentStreamBombObjects(depth, fanout);
}

/** A PDF of the given objects (1-based; object 1 the catalog) with a valid xref; `trailerExtra` goes into the trailer. */
export function rawPdf(objects: string[], trailerExtra = ""): Uint8Array {
  let out = "%PDF-1.7\n";
  const offsets: number[] = [];
  for (let i = 1; i < objects.length; i++) {
    offsets[i] = out.length;
    out += `${i} 0 obj\n${objects[i]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let i = 1; i < objects.length; i++) out += `${String(offsets[i]).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

/** An image bomb: one page drawing a 60,000 × 60,000 grey image whose data is a few bytes. */
export function imageBomb(): Uint8Array {
  const objects: string[] = [];
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>";
  objects[3] = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im0 5 0 R >> >> >>";
  const draw = "q 612 0 0 792 0 0 cm /Im0 Do Q";
  objects[4] = `<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`;
  objects[5] =
    "<< /Type /XObject /Subtype /Image /Width 60000 /Height 60000 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 4 >>\nstream\n\u0000\u0000\u0000\u0000\nendstream";
  return rawPdf(objects);
}

/** A PDF that declares standard encryption (a reader without the password cannot read it). */
export function encryptedPdf(): Uint8Array {
  const objects: string[] = [];
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>";
  objects[3] = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>";
  objects[4] = `<< /Filter /Standard /V 2 /R 3 /Length 128 /P -44 /O (${"x".repeat(32)}) /U (${"y".repeat(32)}) >>`;
  return rawPdf(objects, "/Encrypt 4 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>] ");
}

function contentStreamBombObjects(depth: number, fanout: number): Uint8Array {
  const objects: string[] = [];
  // 1 catalog, 2 pages, 3 page, 4 page content, 5 font, 6.. forms
  const formId = (level: number) => 6 + level;
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>";
  objects[3] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /X0 ${formId(0)} 0 R >> >> >>`;
  const pageContent = "BT /F1 12 Tf 72 720 Td (Prior authorization request) Tj ET /X0 Do";
  objects[4] = `<< /Length ${pageContent.length} >>\nstream\n${pageContent}\nendstream`;
  objects[5] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
  for (let level = 0; level < depth; level++) {
    const last = level === depth - 1;
    const draw = last ? "" : Array.from({ length: fanout }, () => `/X${level + 1} Do`).join(" ");
    const content = `BT /F1 8 Tf 10 10 Td (level ${level} text) Tj ET ${draw}`;
    const res = last ? "<< /Font << /F1 5 0 R >> >>" : `<< /Font << /F1 5 0 R >> /XObject << /X${level + 1} ${formId(level + 1)} 0 R >> >>`;
    objects[formId(level)] =
      `<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources ${res} /Length ${content.length} >>\nstream\n${content}\nendstream`;
  }
  return rawPdf(objects);
}
