/**
 * Grants or revokes instance administration (who may write the public blog):
 *   npx tsx scripts/instance-admin.ts <email>            grant
 *   npx tsx scripts/instance-admin.ts <email> --revoke   revoke
 * Works on the configured database (DATABASE_URL, else the embedded one; stop the server first then).
 */
import { getDatabase } from "~/lib/db.server";

const [email, flag] = process.argv.slice(2);
if (!email) {
  console.error("usage: npx tsx scripts/instance-admin.ts <email> [--revoke]");
  process.exit(2);
}
const database = await getDatabase();
try {
  const { count } = await database.prisma.user.updateMany({ where: { email: email.trim().toLowerCase() }, data: { instance_admin: flag !== "--revoke" } });
  console.log(count ? `${email}: instance_admin = ${flag !== "--revoke"}` : `no user with email ${email}`);
  process.exitCode = count ? 0 : 1;
} finally {
  await database.close();
}
process.exit();
