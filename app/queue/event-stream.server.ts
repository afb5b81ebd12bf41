/**
 * Server-sent events for live progress: turns live_events of some channels into an SSE Response.
 * Mount it in an authenticated resource route after checking the user may see those channels:
 *
 *   export async function loader({ request, params }: Route.LoaderArgs) {
 *     const user = await requireUser(request);
 *     const pa = await requirePriorAuthAccess(user, params.id);
 *     return liveEventStream(request, await getDatabase(), [`prior_auth:${pa.id}`]);
 *   }
 *
 * Client: `new EventSource(url)` or remix-utils `useEventSource(url, { event: "step" })`; the
 * browser resends the last `id:` as Last-Event-ID when it reconnects, and missed events are replayed.
 */
import { eventStream } from "remix-utils/sse/server";
import type { Database } from "~/lib/db.server";
import { subscribe, type LiveEvent } from "~/queue/live-events.server";

export interface LiveEventStreamOptions {
  /** Interval of the keep-alive `ping` event in ms (default 15000): proxies close idle streams. */
  heartbeatMs?: number;
}

/**
 * An SSE Response streaming the events of `channels` until the request is aborted.
 *
 * Frames: `id: <live_events.id>`, `event: <event name>`, `data: <JSON of the event's data>`.
 * Also `event: ready` (data {"channels": [...]}) once the subscription is live, and `event: ping`
 * (data: ISO time) every heartbeatMs; these two carry no id so they do not move Last-Event-ID.
 * Replays events after the `Last-Event-ID` header (or `?lastEventId=` query parameter).
 *
 * Every send is guarded: a client that went away behind a proxy makes enqueue throw
 * "Controller is already closed" (STACK.md); that ends this stream and its subscription, never the
 * process. Served with `Cache-Control: no-cache, no-transform` and `X-Accel-Buffering: no`; the
 * Express compression middleware must skip text/event-stream (server.ts does).
 */
export function liveEventStream(request: Request, database: Database, channels: string[], opts: LiveEventStreamOptions = {}): Response {
  const heartbeatMs = opts.heartbeatMs ?? 15_000;
  const lastEventId = readLastEventId(request);

  // remix-utils closes its stream when the signal aborts; if the body was cancelled first (client gone)
  // that close() throws inside an abort listener. So the inner stream is never cancelled by the
  // consumer: the outer body below turns a cancel into an abort first, then drains the inner one.
  const stop = new AbortController();
  const forward = () => stop.abort();
  if (request.signal.aborted) stop.abort();
  else request.signal.addEventListener("abort", forward, { once: true });

  const inner = eventStream(stop.signal, (send, abort) => {
    let done = false;
    let unsubscribe: (() => void) | null = null;
    let heartbeat: NodeJS.Timeout | null = null;

    function cleanup() {
      if (done) return;
      done = true;
      if (heartbeat) clearInterval(heartbeat);
      unsubscribe?.();
      unsubscribe = null;
    }

    function safeSend(frame: { event: string; data: string; id?: string }) {
      if (done) return;
      try {
        send(frame);
      } catch {
        // The stream is gone (client disconnected); stop everything for this request.
        cleanup();
        try {
          abort();
        } catch {
          /* already closed */
        }
      }
    }

    subscribe(database, channels, (e: LiveEvent) => safeSend({ id: e.id, event: e.event, data: JSON.stringify(e.data ?? null) }), {
      afterId: lastEventId,
    }).then(
      (un) => {
        if (done) return un();
        unsubscribe = un;
        safeSend({ event: "ready", data: JSON.stringify({ channels }) });
      },
      (err) => {
        console.error(`[sse] subscribe to ${channels.join(", ")} failed: ${(err as Error).message}`);
        safeSend({ event: "error", data: JSON.stringify({ message: "live updates unavailable" }) });
        cleanup();
        try {
          abort();
        } catch {
          /* already closed */
        }
      },
    );

    heartbeat = setInterval(() => safeSend({ event: "ping", data: new Date().toISOString() }), heartbeatMs);
    heartbeat.unref?.();
    return cleanup;
  });

  const reader = inner.body!.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch {
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      }
    },
    cancel() {
      request.signal.removeEventListener("abort", forward);
      stop.abort();
      reader.cancel().catch(() => {});
    },
  });
  const headers = new Headers(inner.headers);
  // eventStream sets `Cache-Control: no-cache`; proxies must also not transform or buffer it.
  headers.set("Cache-Control", "no-cache, no-transform");
  headers.set("X-Accel-Buffering", "no");
  return new Response(body, { status: 200, headers });
}

/** Last-Event-ID header (or ?lastEventId=), if it is a valid event id. */
function readLastEventId(request: Request): string | undefined {
  const raw = request.headers.get("Last-Event-ID") ?? new URL(request.url).searchParams.get("lastEventId");
  const value = raw?.trim();
  return value && /^\d{1,19}$/.test(value) ? value : undefined;
}
