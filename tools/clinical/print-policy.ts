/**
 * Print what the built-in policy reader makes of a coverage policy PDF:
 *   npx tsx tools/clinical/print-policy.ts <policy.pdf | parsed.json> [drug name ...]
 * Shows indications with their criteria (kind, confidence), common criteria, exclusions,
 * continuation passages set aside and passages not understood.
 */
import fs from "node:fs";
import type { Criterion, ParsedDocument } from "~/clinical/contracts";
import { readPolicy } from "~/clinical/policy/read-policy";

function show(c: Criterion, depth: number): string[] {
  const pad = "  ".repeat(depth);
  const head = `${pad}- [${c.kind}${c.confidence !== "high" ? `/${c.confidence}` : ""}] ${c.text.slice(0, 150)}`;
  if (c.kind === "all" || c.kind === "any")
    return [`${head}${c.kind === "any" && c.min ? ` (min ${c.min})` : ""}`, ...c.items.flatMap((i) => show(i, depth + 1))];
  const { text: _t, passage: _p, confidence: _c, kind: _k, note: _n, ...rest } = c as Criterion & Record<string, unknown>;
  return [`${head}  ${JSON.stringify(rest).slice(0, 220)}`];
}

const [file, ...names] = process.argv.slice(2);
let doc: ParsedDocument;
if (file.endsWith(".json")) doc = JSON.parse(fs.readFileSync(file, "utf8"));
else {
  const { parseDocument } = await import("~/documents/parse-pdf.server");
  doc = await parseDocument(new Uint8Array(fs.readFileSync(file)));
}
const m = readPolicy(doc, { drug_names: names.length ? names : ["drug"] });
console.log(`# ${m.title} (${m.style})`);
for (const ind of m.indications) {
  console.log(`\n## ${ind.title}${ind.understood ? "" : " (NOT UNDERSTOOD)"} — ${JSON.stringify(ind.match.conditions)} ${ind.duration ?? ""}`);
  for (const c of ind.criteria) console.log(show(c, 0).join("\n"));
  if (ind.continuation)
    console.log(`  continuation (${ind.continuation.duration ?? "duration not stated"}):\n${ind.continuation.criteria.flatMap((c) => show(c, 2)).join("\n")}`);
}
if (m.common.length) console.log(`\n## common\n${m.common.flatMap((c) => show(c, 0)).join("\n")}`);
if (m.exclusions.length) console.log(`\n## exclusions\n${m.exclusions.flatMap((c) => show(c, 0)).join("\n")}`);
if (m.continuation.length) console.log(`\n## continuation passages\n${m.continuation.map((u) => `- ${u.text.slice(0, 100)}`).join("\n")}`);
if (m.unread.length) console.log(`\n## not understood\n${m.unread.map((u) => `- ${u.text.slice(0, 140)} — ${u.why}`).join("\n")}`);
process.exit(0);
