/**
 * 'Chat with Prior Auth': questions about the case answered from its documents and coverage policy.
 *
 * The thread id lives in the URL (`?thread=`), so the conversation survives reloads and the forms are
 * plain POSTs to the case route (Start Chat, ask). Replies stream over the case channel:
 * `chat.created` appends the empty reply, `chat.delta` replaces its content with the accumulated
 * text, `chat.completed` replaces it with the final message (with citations), `chat.error` marks it
 * failed and shows 'An error occurred generating AI response'.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import type { ChatMessageJson } from "~/chat/chat.server";
import { CHAT_REPLY_ERROR, SUGGESTED_QUESTIONS } from "~/chat/chat-constants";
import { useToast } from "~/components/toaster";
import { CitationList } from "./citations";
import { useLiveEvents } from "./live-channel";
import { inputClass, primaryButton, Spinner } from "~/ui/styles";

type LiveMessage = Partial<ChatMessageJson> & { id: string };

function mergeMessages(server: ChatMessageJson[], live: Map<string, LiveMessage>, threadId: string): ChatMessageJson[] {
  const out = server.map((m) => {
    const l = live.get(m.id);
    // The server copy wins once it is final; while it streams, the live copy is newer.
    return l && m.streaming ? ({ ...m, ...l } as ChatMessageJson) : m;
  });
  for (const l of live.values()) {
    if (!out.some((m) => m.id === l.id) && (l.chat_thread_id ?? threadId) === threadId) {
      out.push({
        chat_thread_id: threadId,
        content: "",
        ai_sender: true,
        streaming: true,
        error: false,
        citations: [],
        created_at: new Date().toISOString(),
        ...l,
      } as ChatMessageJson);
    }
  }
  return out.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

function MessageBubble({ message }: { message: ChatMessageJson }) {
  if (!message.ai_sender) {
    return (
      <li className="flex justify-end" data-testid="chat-question">
        <p className="max-w-[85%] rounded-2xl rounded-br-sm bg-indigo-600 px-3 py-2 text-sm whitespace-pre-wrap text-white">{message.content}</p>
      </li>
    );
  }
  return (
    <li
      className="flex justify-start"
      data-testid="chat-answer"
      data-streaming={message.streaming ? "true" : "false"}
      data-error={message.error ? "true" : "false"}
    >
      <div
        className={`max-w-[92%] rounded-2xl rounded-bl-sm px-3 py-2 text-sm ${message.error ? "border border-red-200 bg-red-50 text-red-800" : "bg-slate-100 text-slate-800"}`}
      >
        {message.content ? (
          <p className="leading-relaxed whitespace-pre-wrap">{message.content}</p>
        ) : (
          <p className="flex items-center gap-2 text-slate-500">
            <Spinner className="h-3 w-3" /> Thinking…
          </p>
        )}
        {message.streaming && message.content && <span className="ml-0.5 inline-block h-3 w-1 animate-pulse bg-slate-400 align-middle" aria-hidden="true" />}
        {!message.streaming && message.citations.length > 0 && (
          <div className="mt-2 border-t border-slate-200 pt-2">
            <CitationList citations={message.citations} />
          </div>
        )}
      </div>
    </li>
  );
}

export function ChatPanel({ threadId, messages }: { threadId: string | null; messages: ChatMessageJson[] }) {
  const [live, setLive] = useState<Map<string, LiveMessage>>(() => new Map());
  const toast = useToast();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const pendingQuestion = pendingIntent === "chat_message" ? String(navigation.formData?.get("content") ?? "") : null;

  useLiveEvents((event, data) => {
    if (!event.startsWith("chat.")) return;
    const d = (data ?? {}) as { chat_thread_id?: string; chat_message?: LiveMessage; message?: string };
    if (!d.chat_message?.id || (threadId && d.chat_thread_id && d.chat_thread_id !== threadId)) return;
    const msg = d.chat_message;
    setLive((prev) => {
      const next = new Map(prev);
      const before = next.get(msg.id) ?? {};
      if (event === "chat.error") next.set(msg.id, { ...before, ...msg, content: msg.content || CHAT_REPLY_ERROR, error: true, streaming: false });
      else next.set(msg.id, { ...before, ...msg });
      return next;
    });
    if (event === "chat.error") toast.error(d.message ?? CHAT_REPLY_ERROR);
  });

  const shown = useMemo(() => (threadId ? mergeMessages(messages, live, threadId) : []), [messages, live, threadId]);
  const lastContent = shown.at(-1)?.content;
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [shown.length, lastContent, pendingQuestion]);
  // Clear the box once a question has been sent (its text now shows as the pending bubble), never
  // on other navigations: a reload that ends while the next question is being typed keeps the text.
  useEffect(() => {
    if (pendingQuestion !== null) formRef.current?.reset();
  }, [pendingQuestion]);

  const answering = shown.some((m) => m.ai_sender && m.streaming) || pendingIntent === "chat_message";

  return (
    <section
      id="chat"
      className="flex flex-col rounded-lg border border-slate-200 bg-white shadow-xs"
      aria-label="Chat with Prior Auth"
      data-testid="chat-panel"
    >
      <header className="flex items-center justify-between border-b border-slate-100 px-4 py-2.5">
        <h2 className="text-sm font-semibold text-slate-900">Chat with Prior Auth</h2>
        <span className="text-[11px] text-slate-400">Answers cite the case documents</span>
      </header>
      {!threadId ? (
        <div className="px-4 py-6 text-center">
          <p className="text-sm text-slate-600">Ask questions about this request: the diagnosis, the prescriber, the medications already tried.</p>
          <Form method="post" preventScrollReset className="mt-3">
            <input type="hidden" name="intent" value="chat_start" />
            <button type="submit" className={primaryButton} disabled={pendingIntent === "chat_start"}>
              {pendingIntent === "chat_start" && <Spinner />}
              Start Chat
            </button>
          </Form>
        </div>
      ) : (
        <>
          <ol ref={listRef} className="max-h-96 min-h-32 space-y-3 overflow-y-auto px-4 py-3" aria-live="polite" data-testid="chat-messages">
            {shown.map((m) => (
              <MessageBubble key={m.id} message={m} />
            ))}
            {pendingQuestion && !shown.some((m) => !m.ai_sender && m.content === pendingQuestion) && (
              <MessageBubble
                message={{
                  id: "pending",
                  chat_thread_id: threadId,
                  content: pendingQuestion,
                  ai_sender: false,
                  streaming: false,
                  error: false,
                  citations: [],
                  created_at: "",
                }}
              />
            )}
            {shown.length === 0 && !pendingQuestion && <li className="text-center text-xs text-slate-400">No messages yet. Try a suggested question.</li>}
          </ol>
          {shown.length === 0 && (
            <div className="flex flex-wrap gap-1.5 px-4 pb-2">
              {SUGGESTED_QUESTIONS.map((q) => (
                <Form key={q} method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="chat_message" />
                  <input type="hidden" name="thread" value={threadId} />
                  <input type="hidden" name="content" value={q} />
                  <button
                    type="submit"
                    disabled={answering}
                    className="rounded-full border border-indigo-200 bg-indigo-50 px-2.5 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-100 disabled:opacity-50"
                  >
                    {q}
                  </button>
                </Form>
              ))}
            </div>
          )}
          <Form ref={formRef} method="post" preventScrollReset className="flex items-end gap-2 border-t border-slate-100 p-3">
            <input type="hidden" name="intent" value="chat_message" />
            <input type="hidden" name="thread" value={threadId} />
            <label htmlFor="chat-input" className="sr-only">
              Ask a question about this prior auth
            </label>
            <input
              id="chat-input"
              name="content"
              required
              maxLength={4000}
              autoComplete="off"
              placeholder="Ask about this prior auth…"
              className={inputClass}
            />
            <button type="submit" className={primaryButton} disabled={answering}>
              Send
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
