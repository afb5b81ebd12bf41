/**
 * The OpenAPI 3.1 description of the prior-auth /api (served as JSON at /docs/api.json and rendered
 * at /docs/api). Request and response shapes are generated from the zod schemas the routes and
 * domain functions use (z.toJSONSchema), so the document follows the code.
 *
 * Every response body carries `success` (boolean) and `errors` (list of messages to show);
 * failures are `{success: false, errors: [...]}` with 401 (no or invalid credentials), 404 (unknown
 * id or another organization's id: the two are indistinguishable), 409 (state forbids the action),
 * 422 (validation) or 500 ('An error occurred').
 */
import { z } from "zod";
import {
  AgentRunSchema,
  CreateEpaBodySchema,
  CreatePriorAuthResponseSchema,
  DenialLetterBodySchema,
  GenerateSyntheticBodySchema,
  GenerateSyntheticResponseSchema,
  HumanDecisionBodySchema,
  HumanDecisionSchema,
  LetterSchema,
  ListQuerySchema,
  PriorAuthDetailSchema,
  PriorAuthListResponseSchema,
} from "~/prior-auths/schemas";
import { PromptResponseSchema, PROMPT_TYPE_VALUES, RunPromptBodySchema, RunPromptResponseSchema } from "~/prompts/schemas";

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

function jsonBody(schema: z.ZodType, required = true) {
  return {
    required,
    content: {
      "application/json": { schema: toSchema(schema, "input") },
      "application/x-www-form-urlencoded": { schema: toSchema(schema, "input") },
    },
  };
}

const orgParam = { name: "orgId", in: "path", required: true, description: "organization token", schema: { type: "string" } };
const paParam = { name: "id", in: "path", required: true, description: "prior auth token", schema: { type: "string" } };
const threadParam = { name: "thread", in: "path", required: true, description: "chat thread token", schema: { type: "string" } };

const ChatMessageSchema = z
  .object({
    id: z.string(),
    chat_thread_id: z.string(),
    content: z.string(),
    ai_sender: z.boolean(),
    streaming: z.boolean().describe("true while the AI reply is being generated"),
    error: z.boolean(),
    citations: z.array(z.object({ document: z.string(), document_id: z.string().optional(), page: z.number(), start: z.number(), end: z.number(), text: z.string() })),
    created_at: z.string(),
  })
  .describe("ChatMessage");

const ChatThreadSchema = z.object({ token: z.string(), prior_auth_id: z.string(), created_at: z.string() });

const SSE_DESCRIPTION =
  "Server-sent events (text/event-stream). Frames: `id: <event id>`, `event: <name>`, `data: <JSON>`; plus `ready` once subscribed and `ping` every 15 s. " +
  "Reconnect with the Last-Event-ID header (or ?lastEventId=) to replay missed events.";

/** Builds the OpenAPI 3.1 document. `serverUrl` is the base URL shown to readers (default: relative). */
export function buildOpenApiDocument(serverUrl = "/") {
  const tag = (name: string) => [name];
  const auth = [{ sessionCookie: [] }, { bearerApiKey: [] }];
  const paths: Record<string, unknown> = {
    "/api/o/{orgId}/prior_auths.json": {
      get: {
        tags: tag("Prior auths"),
        summary: "List prior auths",
        description: "Server-side search (patient, medication, practitioner), sort and pagination; 10 per page by default. `decision_label` is Approved / Denied / Outreach required / Pending (a human decision wins over the AI's).",
        parameters: [
          orgParam,
          ...Object.entries((toSchema(ListQuerySchema, "input").properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => ({
            name,
            in: "query",
            required: false,
            description: schema.description,
            schema,
          })),
        ],
        responses: { 200: jsonOk("One page of prior auths", PriorAuthListResponseSchema), 401: ERRORS[401], 404: ERRORS[404], 422: ERRORS[422] },
      },
    },
    "/api/o/{orgId}/prior_auths": {
      post: {
        tags: tag("Prior auths"),
        summary: "Create a prior auth (fax upload or ePA)",
        description:
          "Multipart with `file` (a PDF fax) creates a fax case; JSON or form with `submission_type: \"epa\"` and `epa_submission.synthetic_document` creates an ePA case. Either way the intake (extraction, eligibility, clinical review, audit, decision) is queued; follow it on the events stream.",
        parameters: [orgParam],
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                properties: { file: { type: "string", contentMediaType: "application/pdf", description: "the fax PDF (required: 'Please upload a PDF file')" }, urgency: { type: "string", enum: ["standard", "expedited"] } },
                required: ["file"],
              },
            },
            "application/json": { schema: toSchema(CreateEpaBodySchema, "input") },
          },
        },
        responses: { 200: jsonOk("The new case (intake queued)", CreatePriorAuthResponseSchema), 401: ERRORS[401], 404: ERRORS[404], 422: ERRORS[422] },
      },
    },
    "/api/o/{orgId}/prior_auths/{id}.json": {
      get: {
        tags: tag("Prior auths"),
        summary: "Prior auth detail",
        description: "The case with its documents (fax through an expiring signed URL), extracted data, AI decision with citations and decision trail, the latest human decision, policy checks, PBM result, coverage policy and letters. `/api/o/{orgId}/prior_auths/{id}` answers the same.",
        parameters: [orgParam, paParam],
        responses: { 200: jsonOk("The prior auth", PriorAuthDetailSchema), 401: ERRORS[401], 404: ERRORS[404] },
      },
    },
    "/api/o/{orgId}/prior_auths/{id}": {
      delete: {
        tags: tag("Prior auths"),
        summary: "Delete a prior auth",
        description: "Permanently deletes the case and everything attached to it.",
        parameters: [orgParam, paParam],
        responses: { 200: jsonOk("Deleted", z.object({ prior_auth: z.object({ token: z.string() }) })), 401: ERRORS[401], 404: ERRORS[404] },
      },
    },
    "/api/o/{orgId}/prior_auths/{id}/run_ai": {
      post: {
        tags: tag("Prior auths"),
        summary: "Run (or re-run) the AI intake",
        parameters: [orgParam, paParam],
        responses: { 200: jsonOk("Intake queued", z.object({ prior_auth: z.object({ token: z.string(), intake_status: z.literal("queued") }) })), 401: ERRORS[401], 404: ERRORS[404] },
      },
    },
    "/api/o/{orgId}/generate_synthetic_prior_auth": {
      post: {
        tags: tag("Prior auths"),
        summary: "Generate a synthetic prior auth document",
        description: "Returns fictional request text from a description; nothing is stored. Submit the (edited) text with POST prior_auths as an ePA.",
        parameters: [orgParam],
        requestBody: jsonBody(GenerateSyntheticBodySchema),
        responses: { 200: jsonOk("Generated text", GenerateSyntheticResponseSchema), 401: ERRORS[401], 404: ERRORS[404], 422: ERRORS[422] },
      },
    },
    "/api/o/{orgId}/prior_auths/{id}/ai_decisions/{aiDecisionId}/decisions": {
      post: {
        tags: tag("Decisions"),
        summary: "Record a human decision (override)",
        description: "A reviewer approves or denies; the human decision overrides the AI's for the case's final decision. The reason is required ('Override reason is required').",
        parameters: [orgParam, paParam, { name: "aiDecisionId", in: "path", required: true, description: "AI decision token", schema: { type: "string" } }],
        requestBody: jsonBody(HumanDecisionBodySchema),
        responses: { 200: jsonOk("The recorded decision", z.object({ decision: HumanDecisionSchema })), 401: ERRORS[401], 404: ERRORS[404], 422: ERRORS[422] },
      },
    },
    "/api/o/{orgId}/prior_auths/{id}/generate_denial_letter": {
      post: {
        tags: tag("Decisions"),
        summary: "Generate a denial letter",
        description:
          "Allowed only when the AI did not approve (and no human decided) or a human denied; refused (409) after a human approval or when the AI approved without a human denial. " +
          "Requires `clinician_sign_off: true` (422 'A clinician must sign off before a denial letter is sent'): the AI alone never sends a letter. " +
          "The signer must be a signed-in clinical reviewer (session cookie); API keys get 403 'A denial letter must be signed off by a signed-in clinical reviewer'. " +
          "The letter states the denial reason and the failed coverage criterion, is rendered from the organization's letter form and stored as a PDF (`pdf_url`). Signing off also records a human denial.",
        parameters: [orgParam, paParam],
        requestBody: jsonBody(DenialLetterBodySchema),
        responses: {
          200: jsonOk("The letter", z.object({ denial_letter: LetterSchema.extend({ body: z.string() }) })),
          401: ERRORS[401],
          403: errorResponse("Not signed in as a clinical reviewer (for example an API key)", "A denial letter must be signed off by a signed-in clinical reviewer"),
          404: ERRORS[404],
          409: ERRORS[409],
          422: errorResponse("Sign-off missing or invalid input", "A clinician must sign off before a denial letter is sent"),
        },
      },
    },
    "/api/o/{orgId}/prior_auths/{id}/letters/{letter}.pdf": {
      get: {
        tags: tag("Decisions"),
        summary: "Download a letter PDF",
        parameters: [orgParam, paParam, { name: "letter", in: "path", required: true, schema: { type: "string" } }],
        responses: { 200: { description: "The PDF", content: { "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } } } }, 401: ERRORS[401], 404: ERRORS[404] },
      },
    },
    "/api/o/{orgId}/prior_auths/{id}/ai_agent_runs.json": {
      get: {
        tags: tag("Developer"),
        summary: "Agent runs of a prior auth",
        parameters: [orgParam, paParam],
        responses: { 200: jsonOk("Runs, oldest first", z.object({ ai_agent_runs: z.array(AgentRunSchema) })), 401: ERRORS[401], 404: ERRORS[404] },
      },
    },
    "/api/prompts.json": {
      get: {
        tags: tag("Developer"),
        summary: "A prompt of the model path",
        description: "The stored prompt of that type, else the default.",
        parameters: [{ name: "prompt_type", in: "query", required: true, schema: { type: "string", enum: [...PROMPT_TYPE_VALUES] } }],
        responses: { 200: jsonOk("The prompt", PromptResponseSchema), 401: ERRORS[401], 422: ERRORS[422] },
      },
    },
    "/api/o/{orgId}/prior_auths/{id}/run_prompt": {
      post: {
        tags: tag("Developer"),
        summary: "Re-run one prompt on a case",
        description:
          "Built-in engine: re-runs that stage on the stored document (the prompt texts do not apply). Model: sends the given system prompt, user prompt template (filled from the case) and JSON Schema. " +
          "With evaluation_mode the output is compared with the latest ground truth of that prompt_type for the case.",
        parameters: [orgParam, paParam],
        requestBody: jsonBody(RunPromptBodySchema),
        responses: { 200: jsonOk("The output", RunPromptResponseSchema), 401: ERRORS[401], 404: ERRORS[404], 422: ERRORS[422], 500: ERRORS[500] },
      },
    },
    "/api/o/{orgId}/prior_auths/{id}/chat_threads": {
      post: {
        tags: tag("Chat"),
        summary: "Start a chat thread",
        parameters: [orgParam, paParam],
        responses: { 200: jsonOk("The thread", z.object({ chat_thread: ChatThreadSchema })), 401: ERRORS[401], 404: ERRORS[404] },
      },
    },
    "/api/o/{orgId}/prior_auths/{id}/chat_threads/{thread}/chat_messages": {
      get: {
        tags: tag("Chat"),
        summary: "Messages of a thread",
        parameters: [orgParam, paParam, threadParam],
        responses: { 200: jsonOk("Oldest first", z.object({ chat_messages: z.array(ChatMessageSchema) })), 401: ERRORS[401], 404: ERRORS[404] },
      },
      post: {
        tags: tag("Chat"),
        summary: "Ask a question",
        parameters: [orgParam, paParam, threadParam],
        requestBody: jsonBody(z.object({ content: z.string().min(1).max(4000) })),
        responses: { 200: jsonOk("The stored message", z.object({ chat_message: ChatMessageSchema })), 401: ERRORS[401], 404: ERRORS[404], 422: ERRORS[422] },
      },
    },
    "/api/o/{orgId}/prior_auths/{id}/chat_threads/{thread}/ai_chat_message": {
      post: {
        tags: tag("Chat"),
        summary: "Start the AI reply",
        description:
          "Returns at once with an empty AI message (streaming: true). The reply is streamed on GET /api/o/{orgId}/prior_auths/{id}/events as `chat.created`, `chat.delta` (data.chat_message.content is the accumulated text), " +
          "then `chat.completed` (the final message with its citations: the passages of the case documents and coverage policy cited as [1], [2] ...) or `chat.error` ('An error occurred generating AI response').",
        parameters: [orgParam, paParam, threadParam],
        responses: { 200: jsonOk("The AI message being written", z.object({ chat_message: ChatMessageSchema })), 401: ERRORS[401], 404: ERRORS[404], 422: ERRORS[422] },
      },
    },
    "/api/o/{orgId}/events": {
      get: {
        tags: tag("Live events"),
        summary: "Organization live channel (list refresh)",
        description: `${SSE_DESCRIPTION} Events: \`prior_auth\` {id, intake_status | final_decision | deleted}.`,
        parameters: [orgParam],
        responses: { 200: { description: "Event stream", content: { "text/event-stream": { schema: { type: "string" } } } }, 401: ERRORS[401], 404: ERRORS[404] },
      },
    },
    "/api/o/{orgId}/prior_auths/{id}/events": {
      get: {
        tags: tag("Live events"),
        summary: "Prior auth live channel",
        description: `${SSE_DESCRIPTION} Events: \`queued\`, \`step\` {step 1-5, label, message, status}, \`completed\`, \`failed\`, \`retrying\`, \`decision\`, \`letter\`, \`chat.created\`, \`chat.delta\`, \`chat.completed\`, \`chat.error\`.`,
        parameters: [orgParam, paParam],
        responses: { 200: { description: "Event stream", content: { "text/event-stream": { schema: { type: "string" } } } }, 401: ERRORS[401], 404: ERRORS[404] },
      },
    },
    "/documents/{documentId}": {
      get: {
        tags: tag("Documents"),
        summary: "Download a document through a signed URL",
        description: "The URLs in `fax.s3_signed_url` / `coverage_policy.file_url` carry `expires` and `signature` (HMAC); they work without credentials for 15 minutes. Expired or altered links answer 404.",
        security: [],
        parameters: [
          { name: "documentId", in: "path", required: true, schema: { type: "string" } },
          { name: "expires", in: "query", required: true, schema: { type: "integer" } },
          { name: "signature", in: "query", required: true, schema: { type: "string" } },
        ],
        responses: { 200: { description: "The file, inline", content: { "application/pdf": { schema: { type: "string" } } } }, 404: { description: "Invalid or expired link" } },
      },
    },
  };

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
        "Prior authorization review: create cases from faxes or ePAs, read the AI's decision with citations, record human decisions, send denial letters, chat with a case and follow progress live.\n\n" +
        "Authentication: a browser session (cookie `__session`, after signing in) or an API key of the organization (`Authorization: Bearer pa_live_...`, created under Settings → API Keys). " +
        "An API key only works for its own organization.\n\nEvery JSON response has `success` and `errors` (messages to show). Another organization's ids answer 404, exactly like unknown ids.",
    },
    servers: [{ url: serverUrl }],
    security: auth,
    tags: ["Prior auths", "Decisions", "Chat", "Developer", "Live events", "Documents"].map((name) => ({ name })),
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
