/**
 * Keeps coverage-policy pages current: re-reads the loader when the organization channel
 * (/api/o/{org}/events) reports a `coverage_policy` event, and toasts when a tree finishes
 * ('Decision tree generated successfully') or fails.
 */
import { useEffect, useRef } from "react";
import { useEventSource } from "remix-utils/sse/react";
import { useToast } from "~/components/toaster";
import { useIdleRevalidate } from "~/ui/use-idle-revalidate";

/** `statuses`: tree_status by policy id, as the page currently shows them. */
export function useLivePolicies(orgId: string, statuses: Record<string, string>) {
  const url = `/api/o/${orgId}/events`;
  const event = useEventSource(url, { event: "coverage_policy" });
  // Changes between the server render and the stream connecting are not replayed: re-read once live.
  const ready = useEventSource(url, { event: "ready" });
  const revalidate = useIdleRevalidate();
  const toast = useToast();
  const previous = useRef(statuses);

  useEffect(() => {
    if (event || ready) revalidate();
  }, [event, ready, revalidate]);

  useEffect(() => {
    for (const [id, status] of Object.entries(statuses)) {
      const before = previous.current[id];
      const wasRunning = before === "queued" || before === "generating";
      if (wasRunning && status === "ready") toast.success("Decision tree generated successfully");
      if (wasRunning && status === "failed") toast.error("Failed to get structured logic");
    }
    previous.current = statuses;
  }, [statuses, toast]);

  // While a tree is being generated, also poll (the stream can drop behind proxies).
  const running = Object.values(statuses).some((s) => s === "queued" || s === "generating");
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => revalidate(), 5000);
    return () => clearInterval(timer);
  }, [running, revalidate]);
}
