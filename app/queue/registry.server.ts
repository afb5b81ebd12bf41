/**
 * The job registry: name -> definition, shared by `enqueue` (validation) and the worker (dispatch).
 *
 * Kept on globalThis because the route bundle and server.ts can each load this module; both must see
 * the same registrations. The queue imports no domain: the app's jobs are listed in the composition
 * root (app/jobs.server.ts), whose `registerAppJobs()` the web entry (server.ts), the worker entry
 * (workers/main.ts) and the test setup call before anything is enqueued or claimed.
 */
import type { AnyJobDefinition } from "~/queue/define-job";
import { systemEcho } from "~/queue/system-echo.server";

const REGISTRY_KEY = Symbol.for("priorauth.queue.registry");
type GlobalWithRegistry = typeof globalThis & { [REGISTRY_KEY]?: Map<string, AnyJobDefinition> };

function registry(): Map<string, AnyJobDefinition> {
  const g = globalThis as GlobalWithRegistry;
  return (g[REGISTRY_KEY] ??= new Map());
}

/**
 * Registers job definitions by name. Registering a name again replaces the earlier definition
 * (module reloads in development create new definition objects).
 */
export function registerJobs(...defs: AnyJobDefinition[]): void {
  for (const def of defs) registry().set(def.name, def);
}

/** The definition registered under `name`, or undefined. */
export function getJob(name: string): AnyJobDefinition | undefined {
  return registry().get(name);
}

/** Names of all registered jobs (the worker claims only these). */
export function registeredJobNames(): string[] {
  return [...registry().keys()];
}

const PERIODIC_KEY = Symbol.for("priorauth.queue.periodic");
type GlobalWithPeriodic = typeof globalThis & { [PERIODIC_KEY]?: Set<string> };

/**
 * Marks registered jobs as periodic: the worker's maintenance loop enqueues each one (empty
 * payload, de-duplicated by its name as key) every pruneEveryMs (default 10 min).
 */
export function registerPeriodicJobs(...defs: AnyJobDefinition[]): void {
  registerJobs(...defs);
  const g = globalThis as GlobalWithPeriodic;
  for (const def of defs) (g[PERIODIC_KEY] ??= new Set()).add(def.name);
}

/** Names of the periodic jobs. */
export function periodicJobNames(): string[] {
  return [...((globalThis as GlobalWithPeriodic)[PERIODIC_KEY] ?? [])];
}

/** Built-in: always available, even before the composition root (app/jobs.server.ts) registers the app's jobs. */
registerJobs(systemEcho);

export { systemEcho };
