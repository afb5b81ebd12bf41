/**
 * Keeps a case list current: re-reads the page's loader whenever the organization channel
 * (`/api/o/{orgId}/events`) reports a change of `event` ("prior_auth", "claim"), and once when the
 * stream connects (changes between the server render and the connection are not replayed), never
 * in the middle of a navigation (use-idle-revalidate.ts).
 */
import { useEffect } from "react";
import { useEventSource } from "remix-utils/sse/react";
import { useIdleRevalidate } from "~/ui/use-idle-revalidate";

export function useLiveList(orgId: string, event: string): void {
  const url = `/api/o/${orgId}/events`;
  const changed = useEventSource(url, { event });
  const ready = useEventSource(url, { event: "ready" });
  const revalidate = useIdleRevalidate();
  useEffect(() => {
    if (changed || ready) revalidate();
  }, [changed, ready, revalidate]);
}
