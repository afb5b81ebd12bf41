import { getDatabase } from "~/lib/db.server";

/** Stores the developer code-view preference (`users.code_view`) and returns the new value. */
export async function setCodeView(userId: string, enabled: boolean): Promise<boolean> {
  const { prisma } = await getDatabase();
  const user = await prisma.user.update({ where: { id: userId }, data: { code_view: enabled }, select: { code_view: true } });
  return user.code_view;
}
