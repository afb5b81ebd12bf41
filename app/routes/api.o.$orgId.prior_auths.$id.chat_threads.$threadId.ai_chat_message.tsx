import type { Route } from "./+types/api.o.$orgId.prior_auths.$id.chat_threads.$threadId.ai_chat_message";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";
import { startAiChatReply } from "~/chat/chat.server";

/**
 * POST .../chat_threads/{thread}/ai_chat_message — starts the AI reply to the latest question and
 * returns at once with the empty streaming message {chat_message}; the answer arrives as
 * chat.delta / chat.completed (or chat.error) events on GET .../prior_auths/{id}/events.
 */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "cases.write");
    if (request.method !== "POST") return methodNotAllowed("POST");
    return ok({ chat_message: await startAiChatReply(await getDatabase(), organization.id, params.threadId, { priorAuthId: params.id }) });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiMethodNotAllowed(request, params.orgId, "POST");
}
