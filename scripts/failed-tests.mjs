// Prints the failed tests of a vitest JSON report, each with its file and the first lines of its
// failure message: node scripts/failed-tests.mjs <report.json> [lines per failure]
// (CI's failure excerpt: a log grep names a failed test but not its file, and drowns it in noise).
import fs from "node:fs";

const [file, lines = "12"] = process.argv.slice(2);
let report;
try {
  report = JSON.parse(fs.readFileSync(file, "utf8"));
} catch (e) {
  console.log(`(no readable vitest report at ${file}: ${e.message})`);
  process.exit(0);
}
const strip = (s) => String(s).replace(/\x1b\[[0-9;]*m/g, "");
let shown = 0;
for (const r of report.testResults ?? []) {
  const name = String(r.name).replace(`${process.cwd()}/`, "");
  if (r.status === "failed" && !(r.assertionResults ?? []).some((a) => a.status === "failed")) {
    console.log(
      `FAIL ${name}: ${strip(r.message ?? "the file failed to run")
        .split("\n")
        .slice(0, Number(lines))
        .join("\n    ")}`,
    );
    shown++;
  }
  for (const a of r.assertionResults ?? []) {
    if (a.status !== "failed") continue;
    const msg = (a.failureMessages ?? []).map(strip).join("\n").split("\n").slice(0, Number(lines));
    console.log(`FAIL ${name} > ${a.fullName ?? a.title}\n    ${msg.join("\n    ")}`);
    shown++;
  }
}
if (shown === 0) console.log("(the report lists no failed test)");
