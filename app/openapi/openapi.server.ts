/**
 * The OpenAPI 3.1 description of the /api (served as JSON at /docs/api.json and rendered at
 * /docs/api), generated from the same two things that serve the API:
 *  - the routing table (app/api/route-table.ts): every path, including the `.json` aliases;
 *  - each route module's apiRoute() declaration (app/api/api-route.server.ts): per method the
 *    summary, the zod schemas of query, body and payload, the auth mode and the documented errors.
 * So a route cannot be served without being described, and the shapes come from the zod schemas the
 * routes parse with (z.toJSONSchema). tests/integration/openapi-coverage.test.ts holds that line.
 *
 * Every response body carries `success` (boolean) and `errors` (list of messages to show);
 * failures are `{success: false, errors: [...]}` with 401 (no or invalid credentials), 404 (unknown
 * id or another organization's id: the two are indistinguishable), 405 (method not served), 409
 * (state forbids the action), 422 (validation) or 500 ('An error occurred').
 */
import { z } from "zod";
import { API_ROUTES, type ApiRouteEntry } from "~/api/route-table";
import { permissionName, type ApiMethod, type ApiOperation, type ApiRouteSpec } from "~/api/api-route.server";

type JsonSchema = Record<string, unknown>;

const COMPONENT = "#/components/schemas/";

/** Removes JSON-Schema-only noise (and the safe-integer bounds zod adds) and points $defs at components. */
function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === "$schema" || k === "$id" || k === "$defs") continue;
    if ((k === "minimum" && v === -Number.MAX_SAFE_INTEGER) || (k === "maximum" && v === Number.MAX_SAFE_INTEGER)) continue;
    if (k === "$ref" && typeof v === "string") out[k] = v.replace(/^#\/\$defs\//, COMPONENT);
    else out[k] = clean(v);
  }
  return out;
}

function toSchema(schema: z.ZodType, io: "input" | "output" = "output"): JsonSchema {
  return clean(z.toJSONSchema(schema, { io, unrepresentable: "any" })) as JsonSchema;
}

const Envelope = z.object({
  success: z.boolean().describe("true when the call succeeded"),
  errors: z.array(z.string()).describe("messages to show the user, one per problem; [] on success"),
});

/** A response payload schema inside the {success, errors} envelope. */
function enveloped(payload?: z.ZodObject): JsonSchema {
  return toSchema(payload ? Envelope.extend(payload.shape) : Envelope);
}

const ErrorBody = Envelope.extend({ success: z.literal(false) });

function errorResponse(description: string, example: string) {
  return {
    description,
    content: { "application/json": { schema: { $ref: `${COMPONENT}ErrorBody` }, example: { success: false, errors: [example] } } },
  };
}

const ERRORS = {
  401: errorResponse("No valid session cookie or API key", "Unauthorized"),
  404: errorResponse("Unknown id, or an id of another organization", "Not found"),
  409: errorResponse("The case's state does not allow this action", "The AI approved this prior auth; record a human denial before sending a denial letter"),
  422: errorResponse("Invalid input", "Please upload a PDF file"),
  500: errorResponse("Unexpected failure", "An error occurred"),
};

function jsonOk(description: string, payload?: z.ZodObject) {
  return { description, content: { "application/json": { schema: enveloped(payload) } } };
}

const SSE_DESCRIPTION =
  "Server-sent events (text/event-stream). Frames: `id: <event id>`, `event: <name>`, `data: <JSON>`; plus `ready` once subscribed and `ping` every 15 s. " +
  "Reconnect with the Last-Event-ID header (or ?lastEventId=) to replay missed events.";

/** Route modules by file (relative to app/), loaded with the server build; each exports apiRoute()'s loader. */
const ROUTE_MODULES = import.meta.glob<{ loader?: { spec?: ApiRouteSpec } }>("../routes/api/**/*.tsx", { eager: true });

/** The apiRoute() declaration of a table entry's module, or null when the module was not built with apiRoute(). */
export function apiSpecOf(entry: Pick<ApiRouteEntry, "file">): ApiRouteSpec | null {
  return ROUTE_MODULES[`../${entry.file}`]?.loader?.spec ?? null;
}

const PARAM_DESCRIPTIONS: Record<string, string> = {
  orgId: "organization token",
  id: "prior auth token",
  planId: "plan token",
  policyId: "coverage policy token",
  nodeId: "decision-tree node token",
  version: "decision-tree version number",
  threadId: "chat thread token",
  aiDecisionId: "AI decision token",
  letterId: "letter token",
};

/** `o/:orgId/plans/:planId.json` → `/api/o/{orgId}/plans/{planId}.json`. */
export function openApiPath(path: string): string {
  return `/api/${path}`.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}

const TAG_ORDER = [
  "Prior auths",
  "Medical claims",
  "Decisions",
  "Chat",
  "Plans",
  "Coverage policies",
  "Organization",
  "Sign-in",
  "Developer",
  "Live events",
  "Documents",
];

function operationObject(path: string, method: ApiMethod, op: Omit<ApiOperation, "handler">, auth: ApiRouteSpec["auth"]) {
  const pathParams = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
    name: m[1]!,
    in: "path",
    required: true,
    description: PARAM_DESCRIPTIONS[m[1]!],
    schema: { type: "string" },
  }));
  const queryParams = op.query
    ? Object.entries((toSchema(op.query, "input").properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => ({
        name,
        in: "query",
        required: ((toSchema(op.query!, "input").required ?? []) as string[]).includes(name),
        description: schema.description,
        schema,
      }))
    : [];
  const bodies = op.body
    ? [
        { contentType: "application/json", schema: op.body, required: true },
        { contentType: "application/x-www-form-urlencoded", schema: op.body, required: true },
      ]
    : (op.requestBody ?? []);
  const produces = op.produces ?? "json";
  const ok =
    produces === "event-stream"
      ? { description: `Event stream. ${SSE_DESCRIPTION}`, content: { "text/event-stream": { schema: { type: "string" } } } }
      : produces === "pdf"
        ? { description: "The PDF", content: { "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } } } }
        : produces === "csv"
          ? { description: "CSV (attachment)", content: { "text/csv": { schema: { type: "string", contentMediaType: "text/csv" } } } }
          : jsonOk(op.summary, op.response);
  const responses: Record<string, unknown> = { 200: ok };
  if (auth !== "public") responses[401] = ERRORS[401];
  for (const [status, description] of Object.entries(op.errors ?? {})) responses[status] = errorResponse(description!, description!.split(" / ")[0]!);
  if ((op.body || op.query) && !responses[422]) responses[422] = ERRORS[422];
  if (auth === "org" || pathParams.length) responses[404] = ERRORS[404];
  responses[405] = errorResponse("Method not served by this path (see the Allow header)", "Method not allowed");
  responses[500] = ERRORS[500];
  const security = auth === "public" ? [] : auth === "user" ? [{ sessionCookie: [] }] : undefined;
  const permission = permissionName(op.permission);
  if (permission && permission !== "member" && !responses[403])
    responses[403] = errorResponse(`The caller's role or API key scopes lack \`${permission}\``, "Forbidden");
  const permissionNote = permission
    ? permission === "member"
      ? "Any member of the organization or API key of it."
      : `Requires the \`${permission}\` permission (roles, or an API key's scopes capped by its creator).`
    : "";
  const description = [op.description, permissionNote].filter(Boolean).join("\n\n");
  return {
    tags: op.tags ?? [],
    summary: op.summary,
    ...(description ? { description } : {}),
    ...(permission ? { "x-permission": permission } : {}),
    operationId: `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    ...(security ? { security } : {}),
    parameters: [...pathParams, ...queryParams],
    ...(bodies.length
      ? {
          requestBody: {
            required: bodies.some((b) => b.required !== false),
            content: Object.fromEntries(bodies.map((b) => [b.contentType, { schema: toSchema(b.schema, "input") }])),
          },
        }
      : {}),
    responses,
  };
}

/**
 * The `paths` object for the routing table: one entry per path (aliases included) with every
 * method its module declares. Throws when a table entry's module was not built with apiRoute()
 * (it could not be described, so it must not be served).
 */
export function buildApiPaths(routes: readonly ApiRouteEntry[] = API_ROUTES): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const entry of routes) {
    const spec = apiSpecOf(entry);
    if (!spec) throw new Error(`${entry.file} is in the /api table but does not export an apiRoute() loader`);
    for (const path of [entry.path, ...(entry.alias ? [entry.alias] : [])]) {
      const methods: Record<string, unknown> = {};
      for (const [method, op] of Object.entries(spec.operations) as [ApiMethod, Omit<ApiOperation, "handler">][]) {
        methods[method.toLowerCase()] = operationObject(path, method, op, spec.auth);
      }
      paths[openApiPath(path)] = methods;
    }
  }
  return paths;
}

/** Builds the OpenAPI 3.1 document. `serverUrl` is the base URL shown to readers (default: relative). */
export function buildOpenApiDocument(serverUrl = "/") {
  const auth = [{ sessionCookie: [] }, { bearerApiKey: [] }];
  const paths: Record<string, unknown> = {
    ...buildApiPaths(),
    "/documents/{documentId}": {
      get: {
        tags: ["Documents"],
        summary: "Download a document through a signed URL",
        description:
          "The URLs in `fax.s3_signed_url` / `coverage_policy.file_url` carry `expires` and `signature` (HMAC); they work without credentials for 15 minutes. Expired or altered links answer 404.",
        security: [],
        parameters: [
          { name: "documentId", in: "path", required: true, schema: { type: "string" } },
          { name: "expires", in: "query", required: true, schema: { type: "integer" } },
          { name: "signature", in: "query", required: true, schema: { type: "string" } },
        ],
        responses: {
          200: { description: "The file, inline", content: { "application/pdf": { schema: { type: "string" } } } },
          404: { description: "Invalid or expired link" },
        },
      },
    },
  };
  const usedTags = new Set(
    Object.values(paths).flatMap((methods) => Object.values(methods as Record<string, { tags?: string[] }>).flatMap((op) => op.tags ?? [])),
  );
  const tags = [...TAG_ORDER.filter((t) => usedTags.has(t)), ...[...usedTags].filter((t) => !TAG_ORDER.includes(t)).sort()];

  const components = z.toJSONSchema(z.globalRegistry, { io: "output", unrepresentable: "any", uri: (id) => `${COMPONENT}${id}` }).schemas;
  const schemas: Record<string, unknown> = {};
  for (const [id, schema] of Object.entries(components)) schemas[id] = clean(schema);
  schemas.ErrorBody = toSchema(ErrorBody);

  return {
    openapi: "3.1.0",
    info: {
      title: "PA Review API",
      version: "1.0.0",
      description:
        "Prior authorization review: create cases from faxes or ePAs, read the AI's decision with citations, record human decisions, send denial letters, chat with a case, manage plans, coverage policies and their decision trees, and follow progress live.\n\n" +
        "Authentication: a browser session (cookie `__session`, after signing in) or an API key of the organization (`Authorization: Bearer pa_live_...`, created under Settings → API Keys). " +
        "An API key only works for its own organization.\n\nEvery JSON response has `success` and `errors` (messages to show). Another organization's ids answer 404, exactly like unknown ids. " +
        "Paths ending in `.json` are aliases of the same resource without the suffix.",
    },
    servers: [{ url: serverUrl }],
    security: auth,
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "__session",
          description:
            "browser session after sign-in. State-changing calls with the session cookie need a same-origin Origin header, or no Origin and a JSON body; otherwise 403 'Cross-site request refused'.",
        },
        bearerApiKey: { type: "http", scheme: "bearer", description: "organization API key (Settings → API Keys)" },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
