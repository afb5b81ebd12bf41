/**
 * Debug helper: print how the policy reader understood a policy.
 * Usage: npx tsx app/engine/harness/print-policy.ts <policy.json|policy.pdf> [drug names...]
 */
import fs from "node:fs";
import { readPolicy } from "../policy/generate-tree";
import type { CriterionSpec } from "../policy/criterion";
import type { ParsedDocument } from "../types";
import { loadParsed } from "./load-doc";

function show(c: CriterionSpec, ind: string): string {
  const { text, passage, note, ...rest } = c as CriterionSpec & Record<string, unknown>;
  void passage; void note;
  if (c.kind === "all" || c.kind === "any") {
    return `${ind}[${c.kind.toUpperCase()}] ${text.slice(0, 100)}\n` + c.items.map((i) => show(i, ind + "   ")).join("\n");
  }
  return `${ind}- (${c.kind}) ${text.slice(0, 110)}\n${ind}    ${JSON.stringify(rest).slice(0, 300)}`;
}

async function main() {
  const [file, ...drugs] = process.argv.slice(2);
  const doc: ParsedDocument = file.endsWith(".json") ? JSON.parse(fs.readFileSync(file, "utf8")) : await loadParsed(file);
  const m = readPolicy(doc, { drug_names: drugs });
  console.log(`# ${m.title} [${m.style}]`);
  console.log("EXCLUSIONS:");
  for (const e of m.exclusions) console.log(show(e, "  "));
  for (const b of m.branches) {
    console.log(`BRANCH ${b.title} (${b.duration}) ind=${JSON.stringify(b.indication)}`);
    for (const c of b.criteria) console.log(show(c, "  "));
  }
}
main();
