import type { Route } from "./+types/api.o.$orgId.prior_auths.$id.chat_threads.$threadId.chat_messages";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { createChatMessage, listChatMessages } from "~/chat/chat.server";

/** GET .../prior_auths/{id}/chat_threads/{thread}/chat_messages → {chat_messages} (oldest first). */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const auth = await requireApiAuth(request, params.orgId, "cases.read");
    const messages = await listChatMessages(await getDatabase(), auth.organization.id, params.threadId, { priorAuthId: params.id });
    await recordAuditEvent(auth, request, { action: "chat.view", resource_type: "chat_thread", resource_id: params.threadId, prior_auth_id: params.id });
    return ok({ chat_messages: messages });
  } catch (err) {
    return handleApiError(err);
  }
}

/** POST .../chat_threads/{thread}/chat_messages {content} → {chat_message}; 422 'Message content is required'. */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "cases.write");
    if (request.method !== "POST") return methodNotAllowed("GET, POST");
    const body = await readBody(request);
    const content = typeof body.content === "string" ? body.content : "";
    return ok({ chat_message: await createChatMessage(await getDatabase(), organization.id, params.threadId, content, { priorAuthId: params.id }) });
  } catch (err) {
    return handleApiError(err);
  }
}
