import type { Route } from "./+types/api.o.$orgId.prior_auths.$id.chat_threads";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { fail, handleApiError, ok } from "~/lib/http.server";
import { createChatThread } from "~/chat/chat.server";

/** POST /api/o/{orgId}/prior_auths/{id}/chat_threads → {chat_thread: {token, prior_auth_id, created_at}}. */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    if (request.method !== "POST") return fail(405, ["Method not allowed"]);
    return ok({ chat_thread: await createChatThread(await getDatabase(), organization.id, params.id) });
  } catch (err) {
    return handleApiError(err);
  }
}
