/**
 * Policy text as read from a PDF keeps the PDF's line breaks, so a sentence wraps wherever the
 * page did. For reading, lines that continue a sentence are joined again; list items, headings and
 * blank-line paragraphs stay as they are.
 *
 * A line is joined to the one before it only when that line clearly stops mid-sentence (ends in a
 * lowercase letter, digit, comma or an opening bracket; or a hyphen, which is dropped when both sides
 * are letters) and the line itself starts in lowercase or with a bracket — a conservative rule:
 * a wrong join would merge two criteria, a missed one only looks like the PDF.
 */
const LIST_MARKER = /^\s*(?:[-•*·▪●◦–]|\(?\d{1,2}[.)]|\(?[a-zA-Z][.)]|\(?[ivxlIVXL]{1,5}[.)])\s/;

/** `text` → paragraphs (each one line of reflowed text), blank lines dropped. */
export function reflowPolicyText(text: string): string[] {
  const out: string[] = [];
  let current: string | null = null;
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (!line) {
      if (current !== null) out.push(current);
      current = null;
      continue;
    }
    if (current !== null && continues(current, line)) {
      current = /[A-Za-z]-$/.test(current) && /^[a-z]/.test(line) ? `${current.slice(0, -1)}${line}` : `${current} ${line}`;
      continue;
    }
    if (current !== null) out.push(current);
    current = line;
  }
  if (current !== null) out.push(current);
  return out;
}

function continues(previous: string, line: string): boolean {
  if (LIST_MARKER.test(line)) return false;
  return /[a-z0-9,(/-]$/.test(previous) && /^[a-z(]/.test(line);
}
