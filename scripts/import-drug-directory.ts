/**
 * Import the FDA NDC directory's product file (product.txt, tab-separated) or a CSV in the starter
 * layout into the drug directory of the configured database.
 *
 *   npm run import:drugs -- <product.txt | file.csv>
 *
 * Prints the number imported and each unusable line; exits 2 on usage or file errors.
 */
import fs from "node:fs";
import { getDatabase } from "~/lib/db.server";
import { importDrugProducts, parseDrugDirectory } from "~/drugs/drug-directory.server";

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.error("usage: npm run import:drugs -- <product.txt | file.csv>");
  process.exit(2);
}
const database = await getDatabase();
let code = 0;
try {
  const { rows, errors } = parseDrugDirectory(fs.readFileSync(file, "utf8"));
  console.log(`${await importDrugProducts(database, rows, "fda")} products imported`);
  for (const e of errors.slice(0, 100)) console.log(`line ${e.line}: ${e.message}`);
  if (errors.length > 100) console.log(`… ${errors.length - 100} more`);
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  code = 2;
} finally {
  await database.close();
}
process.exit(code);
