/**
 * One EventSource per page for a live channel (the per-case stream of intake steps and chat events),
 * shared by every component below <LiveChannelProvider>. Unlike `useEventSource`, which keeps only
 * the latest value, subscribers here receive every event in order (chat deltas arrive in bursts),
 * and the provider knows whether the stream is connected (the green dot).
 */
import { createContext, useContext, useEffect, useRef, useState } from "react";

type Listener = (event: string, data: unknown) => void;

interface LiveChannelApi {
  connected: boolean;
  /** the stream failed and is not open: only then does the page say "Not connected" */
  failed: boolean;
  subscribe(listener: Listener): () => void;
}

const LiveChannelContext = createContext<LiveChannelApi>({ connected: false, failed: false, subscribe: () => () => {} });

/** Event names the per-case channel carries (run-intake and chat). */
const EVENTS = ["ready", "queued", "decision", "step", "completed", "failed", "retrying", "chat.created", "chat.delta", "chat.completed", "chat.error"];

export function LiveChannelProvider({ url, children }: { url: string | null; children: React.ReactNode }) {
  const [connected, setConnected] = useState(false);
  // the first paint (server render, before the stream opens) is "connecting", never "not connected"
  const [failed, setFailed] = useState(false);
  const listeners = useRef(new Set<Listener>());
  const [api] = useState<Pick<LiveChannelApi, "subscribe">>(() => ({
    subscribe(listener: Listener) {
      listeners.current.add(listener);
      return () => listeners.current.delete(listener);
    },
  }));

  useEffect(() => {
    if (!url || typeof EventSource === "undefined") return;
    const source = new EventSource(url);
    const dispatch = (name: string) => (e: MessageEvent) => {
      let data: unknown = null;
      try {
        data = e.data ? JSON.parse(e.data) : null;
      } catch {
        data = e.data;
      }
      if (name === "ready") {
        setConnected(true);
        setFailed(false);
      }
      for (const l of listeners.current) l(name, data);
    };
    const handlers = EVENTS.map((name) => [name, dispatch(name)] as const);
    for (const [name, h] of handlers) source.addEventListener(name, h as EventListener);
    const onError = () => {
      const open = source.readyState === EventSource.OPEN;
      setConnected(open);
      setFailed(!open);
    };
    source.addEventListener("error", onError);
    return () => {
      for (const [name, h] of handlers) source.removeEventListener(name, h as EventListener);
      source.removeEventListener("error", onError);
      source.close();
      setConnected(false);
      setFailed(false);
    };
  }, [url]);

  return <LiveChannelContext.Provider value={{ connected, failed, subscribe: api.subscribe }}>{children}</LiveChannelContext.Provider>;
}

/** `{ connected }` of the surrounding channel. */
export function useLiveConnected(): boolean {
  return useContext(LiveChannelContext).connected;
}

/** Whether the channel's stream failed and is closed (the page then asks for a reload). */
export function useLiveFailed(): boolean {
  return useContext(LiveChannelContext).failed;
}

/** Calls `onEvent(name, data)` for every event of the surrounding channel. */
export function useLiveEvents(onEvent: Listener) {
  const { subscribe } = useContext(LiveChannelContext);
  const ref = useRef(onEvent);
  ref.current = onEvent;
  useEffect(() => subscribe((name, data) => ref.current(name, data)), [subscribe]);
}

/**
 * The green "live" dot: "Live" while the stream is open, "Not connected" once it failed, and
 * "Connecting…" before that (the first paint, issue 24 item 10: a grey "Not connected" showed even
 * with JavaScript on).
 */
export function LiveDot({ connected }: { connected: boolean }) {
  const failed = useLiveFailed();
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-slate-500" data-testid="live-dot" data-connected={connected ? "true" : "false"}>
      <span className={`relative inline-flex h-2.5 w-2.5 rounded-full ${connected ? "bg-emerald-500" : "bg-slate-300"}`} aria-hidden="true">
        {connected && <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-emerald-400 opacity-60" />}
      </span>
      {connected ? "Live" : failed ? "Not connected" : "Connecting…"}
    </span>
  );
}
