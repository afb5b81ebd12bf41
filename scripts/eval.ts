/**
 * `npm run eval -- <set-dir> [--out report.json]`
 *
 * Runs an evaluation set (../shared/eval/FORMAT.md) through upload → queue → worker → intake on a
 * fresh embedded database (or DATABASE_URL, in a new organization), writes the report and, when the
 * set has expected.json files, prints decision accuracy, the confusion matrix, field accuracy and
 * median/p95 seconds per case.
 *
 * `npm run eval -- --ground-truths [--org <organization id>]` instead replays the reviewers' ground
 * truths stored in the app's database (DATABASE_URL or EMBEDDED_DB_DIR) with the current engine and
 * prints the score per prompt type, for prior auths and for medical claims (with the claims' per service
 * line decision, code and units accuracy).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getEnv } from "~/env.server";
import { openDatabase, setDatabase } from "~/lib/db.server";
import { migrate } from "~/lib/migrate.server";
import { startWorker } from "~/queue/worker.server";
import { registerAppJobs } from "~/jobs.server";
import { runEvaluation } from "~/evaluation/run-evaluation.server";
import { formatScore } from "~/evaluation/score";
import { formatServiceScore } from "~/evaluation/score-services";
import { getModelClient } from "~/agents/llm.server";

const argv = process.argv.slice(2);
if (argv.includes("--ground-truths")) {
  const { evaluateGroundTruths } = await import("~/evaluation/evaluate-ground-truths.server");
  const env = getEnv();
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.EMBEDDED_DB_DIR });
  await migrate(database);
  setDatabase(database);
  const orgIdx = argv.indexOf("--org");
  const { rows, mean_by_prompt_type, claims } = await evaluateGroundTruths(database, orgIdx >= 0 ? argv[orgIdx + 1] : null);
  const pctOf = (v: number | null) => (v === null ? "n/a" : `${(v * 100).toFixed(1)}%`);
  for (const r of rows) {
    const lines = r.lines
      ? ` lines: decision ${r.lines.decisions_matched}/${r.lines.decisions}, code ${r.lines.codes_matched}/${r.lines.codes}, units ${r.lines.units_matched}/${r.lines.units}`
      : "";
    console.log(
      `${r.kind.padEnd(10)} ${r.prompt_type.padEnd(16)} ${r.case_id} ${pctOf(r.score)} (${r.matched}/${r.total})${lines}${r.error ? ` error: ${r.error}` : ""}`,
    );
    for (const m of r.mismatches.slice(0, 10)) console.log(`    ${m.path}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.actual)}`);
  }
  console.log(`prior auths: ${rows.length - claims.ground_truths} ground truths; mean score by prompt type: ${JSON.stringify(mean_by_prompt_type)}`);
  console.log(
    `claims:      ${claims.ground_truths} ground truths; mean score by prompt type: ${JSON.stringify(claims.mean_by_prompt_type)}; ` +
      `per-line decision accuracy ${pctOf(claims.line_decision_accuracy)}, code accuracy ${pctOf(claims.code_accuracy)}, units accuracy ${pctOf(claims.units_accuracy)} (${claims.lines} lines)`,
  );
  await database.close();
  process.exit(0);
}
const setDir = argv.find((a, i) => !a.startsWith("--") && argv[i - 1] !== "--out");
const outIdx = argv.indexOf("--out");
const out = outIdx >= 0 ? argv[outIdx + 1] : "eval-report.json";
if (!setDir || !fs.existsSync(path.join(setDir, "manifest.json"))) {
  console.error("usage: npm run eval -- <set-dir> [--out report.json]   (the set needs a manifest.json)");
  process.exit(2);
}

const env = getEnv();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pa-eval-"));
const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(tmp, "db") });
await migrate(database);
setDatabase(database);
const engine = getModelClient() ? `openai:${env.OPENAI_MODEL}` : "builtin";
const org = await database.prisma.organization.create({ data: { name: `Evaluation ${path.basename(path.resolve(setDir))} ${new Date().toISOString()}` } });
registerAppJobs();
const worker = await startWorker({ database, concurrency: Number(process.env.EVAL_CONCURRENCY ?? 2) });
const t0 = Date.now();
try {
  const { report } = await runEvaluation(database, org.id, setDir, { log: (l) => console.log(`[eval] ${l}`), engine });
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(report, null, 2));
  const counts = [report.cases.length ? `${report.cases.length} drug cases` : null, report.services?.length ? `${report.services.length} medical cases` : null];
  console.log(
    `[eval] report written to ${out} (${counts.filter(Boolean).join(", ") || "0 cases"}, ${((Date.now() - t0) / 1000).toFixed(1)} s, engine ${engine})`,
  );
  // a mixed set is scored twice: its drug cases as prior auths, its medical cases per service line
  if (report.score) console.log(`${report.service_score ? "drug cases:\n" : ""}${formatScore(report.score)}`);
  if (report.service_score) console.log(`${report.score ? "medical cases:\n" : ""}${formatServiceScore(report.service_score)}`);
  if (!report.score && !report.service_score) console.log("[eval] no expected.json files: run only, not scored");
} finally {
  await worker.stop();
  await database.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(0);
