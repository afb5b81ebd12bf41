/**
 * What every public page (landing, blog, demo, schedule a demo) needs in its header: who is signed
 * in (to show "Open workspace" instead of "Sign in"), where the public demo lives and where
 * "Schedule a demo" goes.
 */
import { getEnv } from "~/env.server";
import { getUser } from "~/auth/session.server";
import { isInstanceAdmin } from "~/admin/require-instance-admin.server";
import { defaultLandingPath } from "~/auth/sign-in.server";
import { getDatabase } from "~/lib/db.server";

export interface PublicContext {
  user: { username: string; instance_admin: boolean } | null;
  /** the signed-in user's workspace (their first live organization), else null */
  workspace_path: string | null;
  /** /demo/{public demo organization}, or null when the instance has none */
  demo_path: string | null;
  schedule_demo_url: string;
}

/** The PublicContext of `request`. */
export async function getPublicContext(request: Request): Promise<PublicContext> {
  const user = await getUser(request);
  const { prisma } = await getDatabase();
  const demo = await prisma.organization.findFirst({ where: { public_demo: true }, orderBy: { created_at: "asc" }, select: { id: true } });
  return {
    user: user ? { username: user.username, instance_admin: isInstanceAdmin(user) } : null,
    workspace_path: user ? await defaultLandingPath(user.id) : null,
    demo_path: demo ? `/demo/${demo.id}` : null,
    schedule_demo_url: getEnv().SCHEDULE_DEMO_URL ?? "/schedule-demo",
  };
}
