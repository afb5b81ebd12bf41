import { z } from "zod";
import { apiRoute, orgCaller } from "~/api/api-route.server";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { createChatMessage, listChatMessages } from "~/chat/chat.server";
import { ChatMessageInputSchema, ChatMessageSchema } from "~/chat/schemas";
import { getDatabase } from "~/lib/db.server";
import { readBody } from "~/lib/http.server";

/**
 * GET .../prior_auths/{id}/chat_threads/{thread}/chat_messages → {chat_messages} (oldest first; recorded in the PHI access audit).
 * POST .../chat_threads/{thread}/chat_messages {content} → {chat_message}; 422 'Message content is required'.
 */
const route = apiRoute({
  GET: {
    permission: "cases.read",
    summary: "Messages of a thread",
    tags: ["Chat"],
    response: z.object({ chat_messages: z.array(ChatMessageSchema) }),
    async handler({ request, auth, organizationId, params }) {
      const messages = await listChatMessages(await getDatabase(), organizationId, params.threadId!, { priorAuthId: params.id });
      await recordAuditEvent(orgCaller(auth), request, {
        action: "chat.view",
        resource_type: "chat_thread",
        resource_id: params.threadId,
        prior_auth_id: params.id,
      });
      return { chat_messages: messages };
    },
  },
  POST: {
    permission: "cases.write",
    summary: "Ask a question",
    tags: ["Chat"],
    requestBody: [{ contentType: "application/json", schema: ChatMessageInputSchema }],
    response: z.object({ chat_message: ChatMessageSchema }),
    errors: { 422: "Message content is required" },
    async handler({ request, organizationId, params }) {
      const body = await readBody(request);
      const content = typeof body.content === "string" ? body.content : "";
      return { chat_message: await createChatMessage(await getDatabase(), organizationId, params.threadId!, content, { priorAuthId: params.id }) };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
