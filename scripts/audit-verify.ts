/**
 * Verifies the PHI access audit's hash chain (app/audit/audit-chain.server.ts):
 *   npm run audit:verify
 * on the configured database (DATABASE_URL, else the embedded one; stop the server first then).
 * Prints the number of rows checked and the chain head (keep it elsewhere: a later head must extend
 * it), or the first broken link; exits 1 when the chain is broken.
 */
import { getDatabase } from "~/lib/db.server";
import { verifyAuditChain } from "~/audit/audit-chain.server";

const database = await getDatabase();
try {
  const report = await verifyAuditChain(database);
  if (report.ok) {
    console.log(`audit chain intact: ${report.checked} rows; head seq ${report.headSeq ?? "-"} hash ${report.headHash ?? "-"}`);
    process.exitCode = 0;
  } else {
    const b = report.broken!;
    console.error(`audit chain BROKEN at ${b.seq === null ? "an unchained row" : `seq ${b.seq}`} (id ${b.id ?? "-"}): ${b.reason}`);
    console.error(`${report.checked} rows before it verified; last good head seq ${report.headSeq ?? "-"} hash ${report.headHash ?? "-"}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
process.exit();
