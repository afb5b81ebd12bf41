/** Print the built-in extraction of one parsed fax: npx tsx tools/clinical/extract-one.ts <fax.pdf|parsed.json> [manifest.json] */
import fs from "node:fs";
import { extractCaseFacts } from "~/clinical/extract/extract-case";
import type { ParsedDocument } from "~/clinical/contracts";
const [file, manifestFile] = process.argv.slice(2);
let doc: ParsedDocument;
if (file.endsWith(".json")) doc = JSON.parse(fs.readFileSync(file, "utf8"));
else doc = await (await import("~/documents/parse-pdf.server")).parseDocument(new Uint8Array(fs.readFileSync(file)));
const m = manifestFile ? JSON.parse(fs.readFileSync(manifestFile, "utf8")) : { formulary: [], members: [], policies: [] };
const f = extractCaseFacts(doc, {
  formulary: m.formulary,
  roster: m.members,
  knownDrugNames: m.policies.flatMap((p: { drug_names: string[] }) => p.drug_names),
});
const strip = (o: unknown): unknown =>
  JSON.parse(JSON.stringify(o, (k, v) => (k === "citations" ? (v as { text: string }[]).map((c) => c.text.slice(0, 60)) : v)));
console.log(JSON.stringify(strip({ ...f, labs: f.labs.map((l) => `${l.name} ${l.value} ${l.date}`) }), null, 1).slice(0, 6000));
process.exit(0);
