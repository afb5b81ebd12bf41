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
  subscribe(listener: Listener): () => void;
}

const LiveChannelContext = createContext<LiveChannelApi>({ connected: false, subscribe: () => () => {} });

/** Event names the per-case channel carries (run-intake and chat). */
const EVENTS = ["ready", "queued", "decision", "step", "completed", "failed", "retrying", "chat.created", "chat.delta", "chat.completed", "chat.error"];

export function LiveChannelProvider({ url, children }: { url: string | null; children: React.ReactNode }) {
  const [connected, setConnected] = useState(false);
  const listeners = useRef(new Set<Listener>());
  const [api] = useState<Omit<LiveChannelApi, "connected">>(() => ({
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
      if (name === "ready") setConnected(true);
      for (const l of listeners.current) l(name, data);
    };
    const handlers = EVENTS.map((name) => [name, dispatch(name)] as const);
    for (const [name, h] of handlers) source.addEventListener(name, h as EventListener);
    const onError = () => setConnected(source.readyState === EventSource.OPEN);
    source.addEventListener("error", onError);
    return () => {
      for (const [name, h] of handlers) source.removeEventListener(name, h as EventListener);
      source.removeEventListener("error", onError);
      source.close();
      setConnected(false);
    };
  }, [url]);

  return <LiveChannelContext.Provider value={{ connected, subscribe: api.subscribe }}>{children}</LiveChannelContext.Provider>;
}

/** `{ connected }` of the surrounding channel. */
export function useLiveConnected(): boolean {
  return useContext(LiveChannelContext).connected;
}

/** Calls `onEvent(name, data)` for every event of the surrounding channel. */
export function useLiveEvents(onEvent: Listener) {
  const { subscribe } = useContext(LiveChannelContext);
  const ref = useRef(onEvent);
  ref.current = onEvent;
  useEffect(() => subscribe((name, data) => ref.current(name, data)), [subscribe]);
}

/** The green "live" dot: connected while the stream is open. */
export function LiveDot({ connected }: { connected: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-slate-500" data-testid="live-dot" data-connected={connected ? "true" : "false"}>
      <span className={`relative inline-flex h-2.5 w-2.5 rounded-full ${connected ? "bg-emerald-500" : "bg-slate-300"}`} aria-hidden="true">
        {connected && <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-emerald-400 opacity-60" />}
      </span>
      {connected ? "Live" : "Not connected"}
    </span>
  );
}
