/**
 * Import a plan's formulary, member roster or fee schedule from a CSV file into the configured database
 * (DATABASE_URL, else the embedded one). Column layout: app/plans/import-plan-csv.server.ts.
 *
 *   npm run import:formulary -- <plan-id> <file.csv>
 *   npm run import:roster -- <plan-id> <file.csv>
 *   npm run import:fee-schedule -- <plan-id> <file.csv>   (columns code, description, units, period_days)
 *
 * Prints the number imported and each bad row by line; exits 1 when any row was bad, 2 on usage
 * or file errors.
 */
import fs from "node:fs";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { importFeeScheduleCsv, importFormularyCsv, importRosterCsv } from "~/plans/import-plan-csv.server";

const [kind, planId, file] = process.argv.slice(2);
if ((kind !== "formulary" && kind !== "roster" && kind !== "fee_schedule") || !planId || !file) {
  console.error(
    "usage: npm run import:formulary -- <plan-id> <file.csv>   |   npm run import:roster -- <plan-id> <file.csv>   |   npm run import:fee-schedule -- <plan-id> <file.csv>",
  );
  process.exit(2);
}
if (!fs.existsSync(file)) {
  console.error(`no such file: ${file}`);
  process.exit(2);
}
const database = await getDatabase();
let code = 0;
try {
  const plan = await database.prisma.plan.findUnique({ where: { id: planId } });
  if (!plan) throw new Error(`no plan with id ${planId}`);
  const text = fs.readFileSync(file, "utf8");
  const importer = kind === "formulary" ? importFormularyCsv : kind === "fee_schedule" ? importFeeScheduleCsv : importRosterCsv;
  const r = await importer(database, plan.organization_id, plan.id, text);
  const noun = kind === "roster" ? "members" : kind === "fee_schedule" ? "fee-schedule rows" : "formulary rows";
  console.log(`${r.imported} ${noun} imported into ${plan.title}`);
  for (const e of r.errors) console.log(`line ${e.line}: ${e.message}`);
  code = r.errors.length ? 1 : 0;
} catch (e) {
  console.error(isAppError(e) || e instanceof Error ? e.message : String(e));
  code = 2;
} finally {
  await database.close();
}
process.exit(code);
