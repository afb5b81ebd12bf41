/** The JSON shapes of the chat /api (documented in the OpenAPI document; see chat.server.ts for the behaviour). */
import { z } from "zod";

export const ChatMessageSchema = z
  .object({
    id: z.string(),
    chat_thread_id: z.string(),
    content: z.string(),
    ai_sender: z.boolean(),
    streaming: z.boolean().describe("true while the AI reply is being generated"),
    error: z.boolean(),
    citations: z.array(
      z.object({ document: z.string(), document_id: z.string().optional(), page: z.number(), start: z.number(), end: z.number(), text: z.string() }),
    ),
    created_at: z.string(),
  })
  .describe("ChatMessage");

export const ChatThreadSchema = z.object({ token: z.string(), prior_auth_id: z.string(), created_at: z.string() });

/** POST .../chat_messages: the question (the domain trims it and answers 'Message content is required' when empty). */
export const ChatMessageInputSchema = z.object({ content: z.string().max(4000) });
