/**
 * Polling an extraction job (PRODUCT-SPEC §4: "a job present and not processed means polling every
 * 5 seconds until processed"): while the job is processing, the page's loaders are revalidated every
 * EXTRACTION_POLL_MS; polling stops as soon as the state is processed, failed or none.
 */
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { EXTRACTION_POLL_MS } from "~/plans/extraction-schema";

type Timers = { setInterval: (fn: () => void, ms: number) => unknown; clearInterval: (id: unknown) => void };

/**
 * Starts polling when `status` is "processing": calls `revalidate` every `everyMs` (default 5000) and
 * returns the function that stops it (a no-op for any other status). `timers` is for tests.
 */
export function pollWhileProcessing(
  status: string,
  revalidate: () => void,
  everyMs = EXTRACTION_POLL_MS,
  timers: Timers = { setInterval: (fn, ms) => globalThis.setInterval(fn, ms), clearInterval: (id) => globalThis.clearInterval(id as number) },
): () => void {
  if (status !== "processing") return () => {};
  const id = timers.setInterval(revalidate, everyMs);
  return () => timers.clearInterval(id);
}

/** Revalidates the page every 5 s while `status` is "processing" (skipping a tick while one is in flight). */
export function useExtractionPolling(status: string) {
  const revalidator = useRevalidator();
  const ref = useRef(revalidator);
  ref.current = revalidator;
  useEffect(
    () =>
      pollWhileProcessing(status, () => {
        if (ref.current.state === "idle") void ref.current.revalidate();
      }),
    [status],
  );
  return revalidator;
}
