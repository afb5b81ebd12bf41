/** Chat panel constants shared by the UI and the server ('Chat with Prior Auth'). */

/** Suggested questions of the empty chat (PRODUCT-SPEC §2: diagnosis, prescribing provider, medications tried). */
export const SUGGESTED_QUESTIONS = ["What is the diagnosis?", "Who is the prescribing provider?", "Which medications were tried before?"] as const;

/** PRODUCT-SPEC §8. */
export const CHAT_REPLY_ERROR = "An error occurred generating AI response";
export const CHAT_START_ERROR = "An error occurred starting AI response";

/** Longest question accepted, in characters. */
export const MAX_CHAT_MESSAGE_CHARS = 4000;

/** Live events on `prior_auth:{id}` (PRODUCT-SPEC §4 chat message events). */
export const CHAT_EVENTS = {
  created: "chat.created",
  delta: "chat.delta",
  completed: "chat.completed",
  error: "chat.error",
} as const;
