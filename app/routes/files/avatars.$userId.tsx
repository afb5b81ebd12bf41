import type { Route } from "./+types/avatars.$userId";
import { requireUser } from "~/auth/session.server";
import { getDatabase } from "~/lib/db.server";
import { loadAvatar } from "~/team/avatar.server";

/**
 * GET /avatars/{userId} — a user's uploaded avatar (WebP, 128 px), for signed-in people who share an
 * organization with them; 404 otherwise (no existence leak).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const image = await loadAvatar(await getDatabase(), viewer.id, params.userId.slice(0, 64));
  if (!image) return new Response("Not Found", { status: 404 });
  return new Response(image, { headers: { "Content-Type": "image/webp", "Cache-Control": "private, max-age=86400", "X-Content-Type-Options": "nosniff" } });
}
