import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { createChatThread } from "~/chat/chat.server";
import { ChatThreadSchema } from "~/chat/schemas";
import { getDatabase } from "~/lib/db.server";

/** POST /api/o/{orgId}/prior_auths/{id}/chat_threads → {chat_thread: {token, prior_auth_id, created_at}}. */
const route = apiRoute({
  POST: {
    permission: "cases.write",
    summary: "Start a chat thread",
    tags: ["Chat"],
    response: z.object({ chat_thread: ChatThreadSchema }),
    handler: async ({ organizationId, params }) => ({ chat_thread: await createChatThread(await getDatabase(), organizationId, params.id!) }),
  },
});
export const loader = route.loader;
export const action = route.action;
