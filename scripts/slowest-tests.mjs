// Prints the slowest test files of a vitest JSON report: node scripts/slowest-tests.mjs <report.json> [count]
// (wall time of each file from its first test's start to its end, hooks and collection excluded).
import fs from "node:fs";

const [file, count = "12"] = process.argv.slice(2);
const report = JSON.parse(fs.readFileSync(file, "utf8"));
const rows = (report.testResults ?? [])
  .map((r) => ({ name: String(r.name).replace(`${process.cwd()}/`, ""), seconds: (r.endTime - r.startTime) / 1000 }))
  .filter((r) => Number.isFinite(r.seconds))
  .sort((a, b) => b.seconds - a.seconds);
const total = rows.reduce((s, r) => s + r.seconds, 0);
console.log(`slowest test files (of ${rows.length}, ${Math.round(total)} s summed over files):`);
for (const r of rows.slice(0, Number(count))) console.log(`${r.seconds.toFixed(1).padStart(8)} s  ${r.name}`);
