/**
 * `apiRoute()` — the one way an /api resource route is written. A route module declares, per HTTP
 * method, what the operation is (summary, input schemas, payload schema) and a handler; the helper
 * supplies everything that used to be copied into every file:
 *
 *  - authentication: `auth: "org"` (default) accepts a member's session or an API key of the
 *    organization in the URL (401 / 404 JSON, see requireApiAuth); `"user"` a session only; `"any"`
 *    a session or any valid API key; `"public"` nobody (sign-in endpoints; state-changing calls still
 *    pass the cross-site guard);
 *  - the operation's `permission` (app/auth/permission-matrix.ts: a Permission, or "member" for any
 *    member / key of the organization) → 403, checked by the same code as requireApiAuth
 *    (enforceApiPermission: API keys by their capped scopes, sign-off never by a key, permission-gated
 *    writes recorded in the PHI access audit), after the input parsed (bad input answers 400/422 to
 *    anyone). Every operation of an `auth: "org"` route must declare one (role-matrix.test.ts reads
 *    it from `route.spec`); the OpenAPI document shows it as `x-permission`. Routes of other auth
 *    modes may give a custom check object (ApiPermission) instead;
 *  - input: `query` and `body` zod schemas are parsed before the handler runs (422 with one message
 *    per issue); a handler that reads a multipart upload itself documents it with `requestBody`;
 *  - 405 with an `Allow` header for any method the route does not declare (after authentication, so
 *    another organization's URL still answers 404 and does not reveal which methods exist);
 *  - error mapping: anything thrown goes through handleApiError (AppError code → status, one table in
 *    app/lib/errors.ts; ZodError → 422; anything else 500 'An error occurred', logged);
 *  - a hook point for request logging (`onApiRequest`), called once per request with the outcome.
 *
 * The declaration (`route.spec`) is also what app/openapi builds the OpenAPI document from, so an
 * operation cannot exist without being described.
 */
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "react-router";
import type { z } from "zod";
import type { User } from "~/generated/prisma/client";
import { findActiveApiKey } from "~/auth/api-keys.server";
import { requireSameOriginWrite } from "~/auth/cross-site.server";
import { apiUnauthorized, authenticateApi, bearerToken, enforceApiPermission, requireApiUser, type ApiContext } from "~/auth/require-org-member.server";
import type { Permission, RouteRequirement } from "~/auth/permission-matrix";
import { AppError } from "~/lib/errors";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";

export const API_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type ApiMethod = (typeof API_METHODS)[number];

/** Who may call a route; see the module comment. */
export type ApiAuthMode = "org" | "user" | "any" | "public";

/**
 * A custom check for routes without an organization (e.g. instance-level ones): true lets the call
 * through, false answers 403 `message`. Organization routes declare a RouteRequirement instead.
 */
export interface ApiPermission {
  name: string;
  check: (auth: ApiCaller) => boolean | Promise<boolean>;
  message: string;
}

/** Who is calling, as far as the route's auth mode establishes it. */
export interface ApiCaller {
  /** "smart_client" only on /fhir (SMART access tokens are not accepted by /api) */
  via: "session" | "api_key" | "smart_client" | "none";
  organization: ApiContext["organization"] | null;
  user: User | null;
  membership: ApiContext["membership"];
  apiKey: ApiContext["apiKey"];
  /** Effective permissions in the organization (empty outside `auth: "org"`). */
  permissions: ReadonlySet<Permission>;
}

/** What a handler receives. `body` / `query` are the parsed schemas' outputs (undefined without one). */
export interface ApiHandlerArgs<B, Q> {
  request: Request;
  params: Record<string, string | undefined>;
  context: AppLoadContext;
  auth: ApiCaller;
  /** The organization of an `auth: "org"` route (throws for other modes: a programming error). */
  organizationId: string;
  body: B;
  query: Q;
}

/** How an operation answers on success, for the OpenAPI document. */
export type ApiProduces = "json" | "event-stream" | "pdf" | "csv";

/** One method of a route. Everything but `handler` is documentation shared with OpenAPI. */
export interface ApiOperation<B = undefined, Q = undefined> {
  summary: string;
  description?: string;
  tags?: string[];
  /** zod schema of the JSON / urlencoded / multipart-field body; parsed before the handler (422 on failure). */
  body?: z.ZodType<B>;
  /** zod schema of the search params; parsed before the handler (422 on failure). */
  query?: z.ZodType<Q>;
  /** Body read by the handler itself (e.g. a file upload): described, not parsed here. */
  requestBody?: { contentType: string; schema: z.ZodType; required?: boolean }[];
  /** Payload keys of the 200 answer (inside the {success, errors} envelope). */
  response?: z.ZodObject;
  produces?: ApiProduces;
  /** Error statuses worth documenting beyond 401/404/405/500 (e.g. 403, 409, 422) with their descriptions. */
  errors?: Partial<Record<400 | 403 | 409 | 413 | 422 | 429, string>>;
  /**
   * What the caller needs: a permission of app/auth/permission-matrix.ts or "member" (required on
   * `auth: "org"` routes, enforced after input parsing, 403 otherwise), or a custom ApiPermission.
   */
  permission?: RouteRequirement | ApiPermission;
  /** Returns a Response, or a payload object answered as 200 `{success: true, errors: [], ...payload}`. */
  handler: (args: ApiHandlerArgs<B, Q>) => Promise<Response | object> | Response | object;
}

// `any` keeps each operation's own B/Q types when they sit together in one definition object.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyOperation = ApiOperation<any, any>;

export interface ApiRouteDefinition {
  auth?: ApiAuthMode;
  GET?: AnyOperation;
  POST?: AnyOperation;
  PUT?: AnyOperation;
  PATCH?: AnyOperation;
  DELETE?: AnyOperation;
}

/** The documentation part of a definition (no handlers), read by the OpenAPI generator. */
export interface ApiRouteSpec {
  auth: ApiAuthMode;
  operations: Partial<Record<ApiMethod, Omit<AnyOperation, "handler">>>;
}

/** What one request through apiRoute looked like; given to every `onApiRequest` listener. */
export interface ApiRequestRecord {
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  organization_id: string | null;
  via: ApiCaller["via"];
  user_id: string | null;
  api_key_id: string | null;
}

type ApiRequestListener = (record: ApiRequestRecord, request: Request, context: AppLoadContext) => void;
const listeners = new Set<ApiRequestListener>();

/**
 * Registers `listener` to be told about every /api request answered through apiRoute (after the
 * response is built; errors thrown by a listener are logged and ignored). Returns an unsubscribe
 * function. Storage of request logs belongs to the caller (e.g. Express middleware); this is the hook.
 */
export function onApiRequest(listener: ApiRequestListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(record: ApiRequestRecord, request: Request, context: AppLoadContext): void {
  for (const listener of listeners) {
    try {
      listener(record, request, context);
    } catch (err) {
      console.error("[api] request listener failed:", err);
    }
  }
}

const NO_CALLER: ApiCaller = { via: "none", organization: null, user: null, membership: null, apiKey: null, permissions: new Set() };

/**
 * The caller of an `auth: "org"` route as the guards' ApiContext (for code that takes one, e.g. the
 * PHI access audit). Throws for a caller without an organization: a programming error.
 */
export function orgCaller(auth: ApiCaller): ApiContext {
  if (!auth.organization || auth.via === "none") throw new Error('orgCaller is only available on auth: "org" routes');
  return auth as ApiContext;
}

/** The permission key of an operation for documentation (`x-permission`), or null when none is declared. */
export function permissionName(permission: ApiOperation["permission"]): string | null {
  if (!permission) return null;
  return typeof permission === "string" ? permission : permission.name;
}

async function authenticate(mode: ApiAuthMode, request: Request, params: Record<string, string | undefined>): Promise<ApiCaller> {
  if (mode === "org") return authenticateApi(request, params.orgId);
  if (mode === "user") return { ...NO_CALLER, via: "session", user: await requireApiUser(request) };
  if (mode === "any") {
    const token = bearerToken(request);
    if (token === null) return { ...NO_CALLER, via: "session", user: await requireApiUser(request) };
    const apiKey = token ? await findActiveApiKey(token) : null;
    if (!apiKey) throw apiUnauthorized("Invalid API key");
    return { ...NO_CALLER, via: "api_key", apiKey };
  }
  requireSameOriginWrite(request);
  return NO_CALLER;
}

/** The search params as a plain object (a repeated key keeps its last value). */
function searchObject(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

/**
 * Builds the `loader` and `action` of an /api route from per-method operations (see the module
 * comment). Usage in a route module:
 *
 *   const route = apiRoute({ GET: { summary, response, handler }, DELETE: {...} });
 *   export const loader = route.loader;
 *   export const action = route.action;
 *
 * (Two plain exports rather than a destructuring one, so React Router's client build can drop them
 * and the server-only code they reference.) Both functions carry the declaration as `.spec`.
 *
 * Thrown errors never escape: the answer is always JSON `{success:false, errors:[...]}` with the
 * mapped status (or the handler's own Response, e.g. a PDF or an event stream).
 */
export function apiRoute(definition: ApiRouteDefinition) {
  const mode: ApiAuthMode = definition.auth ?? "org";
  const allowed = API_METHODS.filter((m) => definition[m]);
  const allow = allowed.join(", ");

  async function handle(request: Request, params: Record<string, string | undefined>, context: AppLoadContext): Promise<Response> {
    const started = performance.now();
    const method = request.method.toUpperCase() === "HEAD" ? "GET" : request.method.toUpperCase();
    let caller: ApiCaller = NO_CALLER;
    let response: Response;
    try {
      caller = await authenticate(mode, request, params);
      const operation = definition[method as ApiMethod];
      if (!operation) {
        response = methodNotAllowed(allow);
      } else {
        const query = operation.query ? operation.query.parse(searchObject(request)) : undefined;
        const body = operation.body ? operation.body.parse(await readBody(request)) : undefined;
        // After parsing: a malformed body is a 400/422 whoever sends it (the contract tests rely on it).
        const permission = operation.permission;
        if (typeof permission === "string") {
          if (mode !== "org" || !caller.organization) throw new Error(`permission "${permission}" needs an auth: "org" route`);
          await enforceApiPermission(caller as ApiContext, request, permission);
        } else if (permission && !(await permission.check(caller))) {
          throw new AppError("forbidden", permission.message);
        }
        const organizationId = caller.organization?.id;
        const result = await operation.handler({
          request,
          params,
          context,
          auth: caller,
          get organizationId() {
            if (!organizationId) throw new Error('organizationId is only available on auth: "org" routes');
            return organizationId;
          },
          body,
          query,
        });
        response = result instanceof Response ? result : ok(result);
      }
    } catch (err) {
      response = handleApiError(err);
    }
    if (listeners.size) {
      notify(
        {
          method: request.method,
          path: new URL(request.url).pathname,
          status: response.status,
          duration_ms: Math.round(performance.now() - started),
          organization_id: caller.organization?.id ?? null,
          via: caller.via,
          user_id: caller.user?.id ?? null,
          api_key_id: caller.apiKey?.id ?? null,
        },
        request,
        context,
      );
    }
    return response;
  }

  const operations: ApiRouteSpec["operations"] = {};
  for (const m of allowed) {
    const { handler: _handler, ...doc } = definition[m]!;
    operations[m] = doc;
  }

  const spec: ApiRouteSpec = { auth: mode, operations };
  const loader = Object.assign(({ request, params, context }: LoaderFunctionArgs) => handle(request, params, context), { spec });
  const action = Object.assign(({ request, params, context }: ActionFunctionArgs) => handle(request, params, context), { spec });
  return { loader, action, spec };
}
