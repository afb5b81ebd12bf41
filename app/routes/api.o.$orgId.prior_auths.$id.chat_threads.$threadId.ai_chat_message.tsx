import type { Route } from "./+types/api.o.$orgId.prior_auths.$id.chat_threads.$threadId.ai_chat_message";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { fail, handleApiError, ok } from "~/lib/http.server";
import { startAiChatReply } from "~/chat/chat.server";

/**
 * POST .../chat_threads/{thread}/ai_chat_message — starts the AI reply to the latest question and
 * returns at once with the empty streaming message {chat_message}; the answer arrives as
 * chat.delta / chat.completed (or chat.error) events on GET .../prior_auths/{id}/events.
 */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    if (request.method !== "POST") return fail(405, ["Method not allowed"]);
    return ok({ chat_message: await startAiChatReply(await getDatabase(), organization.id, params.threadId, { priorAuthId: params.id }) });
  } catch (err) {
    return handleApiError(err);
  }
}
