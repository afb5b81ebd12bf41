import type { Route } from "./+types/api.o.$orgId.prior_auths.$id.chat_threads";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";
import { createChatThread } from "~/chat/chat.server";

/** POST /api/o/{orgId}/prior_auths/{id}/chat_threads → {chat_thread: {token, prior_auth_id, created_at}}. */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "cases.write");
    if (request.method !== "POST") return methodNotAllowed("POST");
    return ok({ chat_thread: await createChatThread(await getDatabase(), organization.id, params.id) });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiMethodNotAllowed(request, params.orgId, "POST");
}
