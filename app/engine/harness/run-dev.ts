/**
 * Dev harness for the built-in engine.
 *
 *   npx tsx app/engine/harness/run-dev.ts <set-dir> [case-id ...] [--verbose] [--json out.json]
 *
 * Reads a set in the eval/FORMAT.md layout (manifest.json, policies/*.pdf, cases/<id>/fax.pdf,
 * optional cases/<id>/expected.json), builds a decision tree per policy, runs the pipeline on every
 * case and prints decision accuracy, a confusion matrix and, per mismatch, the failing criteria.
 * expected.json is read only after every decision has been made. Text comes from
 * /tmp/engine-text (if present) or parseDocument (cached in /tmp/engine-harness-cache).
 */
import fs from "node:fs";
import path from "node:path";
import { generateDecisionTree } from "../policy/generate-tree";
import { runBuiltinEngine, type BuiltinEngineResult } from "../pipeline";
import type { FormularyRow, RosterMember } from "../types";
import { loadParsed } from "./load-doc";

interface Manifest {
  name: string;
  members: RosterMember[];
  policies: { id: string; file: string; drug_names: string[] }[];
  formulary: FormularyRow[];
  cases: string[];
  rules?: { name: string; description: string; conditions: string[]; actions: string[] }[];
}

async function main() {
  const args = process.argv.slice(2);
  const verbose = args.includes("--verbose");
  const jsonIdx = args.indexOf("--json");
  const jsonOut = jsonIdx >= 0 ? args[jsonIdx + 1] : null;
  const positional = args.filter((a, i) => !a.startsWith("--") && (jsonIdx < 0 || i !== jsonIdx + 1));
  const setDir = positional[0] ?? "/work/shared/eval/dev";
  const only = new Set(positional.slice(1));
  const manifest = JSON.parse(fs.readFileSync(path.join(setDir, "manifest.json"), "utf8")) as Manifest;

  const policies = [];
  for (const p of manifest.policies) {
    const doc = await loadParsed(path.join(setDir, p.file), { kind: "policies", id: p.id });
    const tree = generateDecisionTree(doc, { drug_names: p.drug_names, documentName: p.id });
    policies.push({ id: p.id, drug_names: p.drug_names, tree });
  }

  const results: { id: string; r: BuiltinEngineResult; seconds: number }[] = [];
  for (const id of manifest.cases) {
    if (only.size && !only.has(id)) continue;
    const doc = await loadParsed(path.join(setDir, "cases", id, "fax.pdf"), { kind: "cases", id });
    const t0 = Date.now();
    const r = runBuiltinEngine({ caseDoc: doc, policies, roster: manifest.members, formulary: manifest.formulary, rules: manifest.rules });
    results.push({ id, r, seconds: (Date.now() - t0) / 1000 });
  }

  // scoring happens only after all decisions are final
  const labels = ["approved", "denied", "needs_more_information"] as const;
  const confusion: Record<string, Record<string, number>> = {};
  for (const a of labels) confusion[a] = Object.fromEntries(labels.map((b) => [b, 0]));
  let scored = 0;
  let correct = 0;
  const lines: string[] = [];
  for (const { id, r, seconds } of results) {
    const expPath = path.join(setDir, "cases", id, "expected.json");
    const exp = fs.existsSync(expPath) ? JSON.parse(fs.readFileSync(expPath, "utf8")) : null;
    const got = r.decision.final_decision;
    const ok = exp ? exp.decision === got : null;
    if (exp) {
      scored++;
      if (ok) correct++;
      confusion[exp.decision][got]++;
    }
    const head = `${ok === null ? " " : ok ? "✓" : "✗"} ${id} policy=${r.policy_id} got=${got} (${r.decision.confidence_score})${exp ? ` expected=${exp.decision}` : ""} ${seconds.toFixed(2)}s`;
    lines.push(head);
    if (ok === false || verbose) {
      lines.push(`    elig: ${r.eligibility.eligible} — ${r.eligibility.reason}`);
      lines.push(`    summary: ${r.decision.ai_summary}`);
      for (const e of r.review.exclusions ?? []) if (e.outcome === "met" || verbose) lines.push(`    [excl ${e.outcome}] ${e.question.slice(0, 90)} — ${e.reason.slice(0, 160)}`);
      lines.push(`    indication: ${r.review.indication?.status} ${JSON.stringify(r.review.indication?.branches.map((b) => [b.title, b.score]))}`);
      for (const p of r.review.paths) {
        lines.push(`    path ${p.title}: ${p.outcome}`);
        for (const c of p.criteria) if (c.outcome !== "met" || verbose) lines.push(`      [${c.outcome}] ${c.question.slice(0, 90)} — ${c.reason.slice(0, 220)}`);
      }
      if (exp?.why) lines.push(`    expected why: ${exp.why}`);
    }
  }
  console.log(lines.join("\n"));
  if (scored) {
    console.log(`\nDecision accuracy: ${correct}/${scored} = ${(correct / scored).toFixed(3)}`);
    console.log("Confusion matrix (rows = expected, columns = got):");
    console.log(`${"".padEnd(24)}${labels.map((l) => l.slice(0, 10).padStart(12)).join("")}`);
    for (const a of labels) console.log(`${a.padEnd(24)}${labels.map((b) => String(confusion[a][b]).padStart(12)).join("")}`);
    const approvedDenied = confusion.approved.denied;
    console.log(`Approved cases denied: ${approvedDenied}`);
  }
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(results.map(({ id, r }) => ({ case_id: id, ...r })), null, 2));
}

main()
  // the OCR worker (used when text is not cached) keeps the event loop alive
  .then(() => process.exit(0))
  .catch((e) => {
    console.error(e);
    process.exit(1);
  });
