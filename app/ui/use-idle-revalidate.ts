/**
 * A revalidation that never interrupts a navigation.
 *
 * React Router restarts an in-flight navigation's loaders when `revalidate()` is called during it.
 * After an action's redirect that discards the first loader answer, whose request has already
 * consumed the one-time `__toast` cookie (toast.server.ts): the reviewer's "Prior auth deleted"
 * was lost whenever a live event (often the delete's own) arrived while the redirect loaded. A
 * live page therefore asks through this hook: it revalidates at once when the router is idle, and
 * otherwise once the navigation has finished.
 *
 * @returns a stable `() => void` to call on each live event or polling tick.
 */
import { useCallback, useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";

export function useIdleRevalidate(): () => void {
  const navigation = useNavigation();
  const { revalidate } = useRevalidator();
  const busy = useRef(navigation.state !== "idle");
  busy.current = navigation.state !== "idle";
  const pending = useRef(false);
  const request = useCallback(() => {
    if (busy.current) pending.current = true;
    else void revalidate();
  }, [revalidate]);
  useEffect(() => {
    if (navigation.state === "idle" && pending.current) {
      pending.current = false;
      void revalidate();
    }
  }, [navigation.state, revalidate]);
  return request;
}
