/**
 * Who an /api request was answered for, noted by the API guards (requireApiAuth, requireApiUser)
 * and read by the API log middleware once the response is sent.
 *
 * An AsyncLocalStorage kept on globalThis: server.ts (which installs the middleware) and the route
 * bundle (where the guards run) load separate copies of this module, and both must see one store.
 * Outside a logged request (tests calling loaders directly) `noteApiCaller` does nothing.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface ApiCaller {
  /** set only once the caller was authorized for this organization */
  organizationId: string | null;
  via: "api_key" | "session" | "anonymous";
  apiKeyId: string | null;
  userId: string | null;
}

const KEY = Symbol.for("priorauth.api-logs.caller");
type G = typeof globalThis & { [KEY]?: AsyncLocalStorage<ApiCaller> };

/** The process-wide store. */
export function apiCallerStorage(): AsyncLocalStorage<ApiCaller> {
  const g = globalThis as G;
  return (g[KEY] ??= new AsyncLocalStorage<ApiCaller>());
}

/** Records what the guard established for the current /api request (no-op outside one). */
export function noteApiCaller(caller: Partial<ApiCaller>): void {
  const store = apiCallerStorage().getStore();
  if (store) Object.assign(store, caller);
}
