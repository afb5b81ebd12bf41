import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { startAiChatReply } from "~/chat/chat.server";
import { ChatMessageSchema } from "~/chat/schemas";
import { getDatabase } from "~/lib/db.server";

/**
 * POST .../chat_threads/{thread}/ai_chat_message — starts the AI reply to the latest question and
 * returns at once with the empty streaming message {chat_message}; the answer arrives as
 * chat.delta / chat.completed (or chat.error) events on GET .../prior_auths/{id}/events.
 */
const route = apiRoute({
  POST: {
    permission: "cases.write",
    summary: "Start the AI reply",
    description:
      "Returns at once with an empty AI message (streaming: true). The reply is streamed on GET /api/o/{orgId}/prior_auths/{id}/events as `chat.created`, `chat.delta` (data.chat_message.content is the accumulated text), " +
      "then `chat.completed` (the final message with its citations: the passages of the case documents and coverage policy cited as [1], [2] ...) or `chat.error` ('An error occurred generating AI response').",
    tags: ["Chat"],
    response: z.object({ chat_message: ChatMessageSchema }),
    errors: { 422: "No question to answer" },
    handler: async ({ organizationId, params }) => ({
      chat_message: await startAiChatReply(await getDatabase(), organizationId, params.threadId!, { priorAuthId: params.id }),
    }),
  },
});
export const loader = route.loader;
export const action = route.action;
