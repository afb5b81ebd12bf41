/**
 * PAS subscriptions: FHIR R4 Subscriptions on the Da Vinci PAS 2.2.1 SubscriptionTopic
 * (`Basic-PASSubscriptionTopic` of the package: event "result-available" on ClaimResponse, filter
 * `orgIdentifier` (eq), notification shape Bundle), in the R4 form of the HL7 Subscriptions R5
 * Backport IG (profile-subscription, based on backport-subscription):
 *
 *  - `Subscription.criteria` is the topic's canonical URL, with exactly one
 *    `backport-filter-criteria` extension `orgIdentifier=<identifier value>` (optionally
 *    `system|value`): the requesting provider organization's identifier (Claim.provider, or the
 *    organization of a PractitionerRole provider). Tenancy comes first: a subscription belongs to the
 *    organization of the API key that created it and only ever sees that organization's requests.
 *  - channel `rest-hook` only, payload `application/fhir+json` with content `full-resource`:
 *    each notification carries the full PAS response bundle. `channel.header` lines are sent with
 *    every delivery (stored encrypted). Heartbeats (`backport-heartbeat-period`) are not offered
 *    and are refused with 422.
 *  - On creation the subscription is `requested` and a `handshake` notification is sent; a 2xx
 *    answer makes it `active`, a receiver that keeps failing (all attempts) puts it in `error`.
 *    Only active subscriptions are notified.
 *  - A notification is a Bundle of type `history`: first the SubscriptionStatus (R4: a Parameters
 *    resource, backport-subscription-status-r4) with `type` event-notification, the
 *    `events-since-subscription-start` counter and one `notification-event` (event-number,
 *    timestamp, focus), then the focus: the PAS response bundle of the case as it then stands
 *    (as in the package's Bundle-PASSubscriptionNotification example).
 *
 * Delivery: one `fhir.subscription.notify` job per notification on the Postgres job queue, with the
 * webhooks' outbound policy (app/webhooks/safe-http.server.ts: SSRF address policy, no redirects,
 * timeouts) and signature (Standard Webhooks headers webhook-id / webhook-timestamp /
 * webhook-signature with the subscription's secret, returned once at creation in the extension
 * SIGNING_SECRET_EXTENSION), retried with exponential backoff (FHIR_SUBSCRIPTION_RETRY_BASE_MS
 * doubling up to 1 h, FHIR_SUBSCRIPTION_MAX_ATTEMPTS attempts). At-least-once: receivers
 * de-duplicate by webhook-id or event-number.
 *
 * When: notifyPasDecision is called wherever a PAS case's decision can change — the engine's
 * intake finishing (prior auth and claim), a reviewer's decision or override, a clinical reviewer's
 * sign-off of a denial. It notifies when every item is decided (no A4) and the decision differs
 * from the last one the submitter got (epa_submissions.pas_answered, also set by the $submit
 * answer), so a request answered pended gets exactly one notification when decided. While the
 * $submit answer is being built (StoredPasRequest.answer_pending) nothing is notified: a decision
 * in the answer is not sent again, and one reached just after it is notified by recordPasAnswer.
 */
import crypto from "node:crypto";
import type { Bundle, BundleEntry, Claim, Identifier, OperationOutcomeIssue, Parameters, Subscription } from "@medplum/fhirtypes";
import { Webhook } from "standardwebhooks";
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { openSecret, sealSecret } from "~/lib/secret-box.server";
import { defineJob, type JobTransaction } from "~/queue/define-job";
import { enqueue, organizationLane } from "~/queue/enqueue.server";
import { PermanentJobError } from "~/queue/errors";
import { BlockedAddressError, safePost } from "~/webhooks/safe-http.server";
import { generateWebhookSecret } from "~/webhooks/manage-webhooks.server";
import { newMessageId } from "~/webhooks/emit-webhook-event.server";
import { FhirError, fhirError } from "./fhir-errors";
import { buildPasResponse, loadCaseOutcome, type CaseOutcome } from "./pas-response.server";
import { resolveReference } from "./pas-request";
import { storedPasRequest, type StoredPasRequest } from "./pas-store";
import { validateAgainstProfile } from "./pas-validator.server";

/** The Da Vinci PAS SubscriptionTopic's canonical URL (Basic-PASSubscriptionTopic in the package). */
export const PAS_TOPIC = "http://hl7.org/fhir/us/davinci-pas/SubscriptionTopic/PASSubscriptionTopic";
export const PAS_SUBSCRIPTION_PROFILE = "http://hl7.org/fhir/us/davinci-pas/StructureDefinition/profile-subscription";
const BACKPORT = "http://hl7.org/fhir/uv/subscriptions-backport/StructureDefinition/";
const FILTER_CRITERIA = `${BACKPORT}backport-filter-criteria`;
const HEARTBEAT_PERIOD = `${BACKPORT}backport-heartbeat-period`;
const STATUS_R4 = `${BACKPORT}backport-subscription-status-r4`;
/** Extension of the creation answer carrying the signing secret (shown once, like a webhook's). */
export const SIGNING_SECRET_EXTENSION = "urn:pa-review:fhir:subscription-signing-secret";
const SECRET_PURPOSE = "fhir-subscription-signing-secret";
const HEADERS_PURPOSE = "fhir-subscription-headers";
/** Most subscriptions an organization may hold (each decision fans out to all of them). */
export const MAX_SUBSCRIPTIONS_PER_ORGANIZATION = 25;

export type SubscriptionStatusCode = "requested" | "active" | "error" | "off";
export type NotificationType = "handshake" | "event-notification";

type Row = Prisma.FhirSubscriptionGetPayload<object>;

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function invalid(text: string, expression: string): OperationOutcomeIssue {
  return { severity: "error", code: "invalid", details: { text }, expression: [expression] };
}

/** `orgIdentifier=<value>` or `orgIdentifier=<system>|<value>` → the value; null when not that filter. */
function parseFilter(text: string): string | null {
  const m = /^\s*orgIdentifier\s*=\s*(.+?)\s*$/.exec(text);
  if (!m) return null;
  const value = m[1]!.slice(m[1]!.lastIndexOf("|") + 1).trim();
  return value || null;
}

/** `Name: value` channel.header lines, checked (no line breaks; at most 10 of 4 KiB). */
function parseHeaders(lines: string[] | undefined): { headers: Record<string, string>; issues: OperationOutcomeIssue[] } {
  const headers: Record<string, string> = {};
  const issues: OperationOutcomeIssue[] = [];
  if ((lines ?? []).length > 10) issues.push(invalid("At most 10 channel.header lines", "Subscription.channel.header"));
  (lines ?? []).slice(0, 10).forEach((line, i) => {
    const m = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):\s*(.*)$/.exec(line);
    if (!m || /[\r\n]/.test(line) || line.length > 4096)
      issues.push(invalid("A header is `Name: value` on one line (at most 4 KiB)", `Subscription.channel.header[${i}]`));
    else if (/^(content-type|content-length|host|webhook-id|webhook-timestamp|webhook-signature)$/i.test(m[1]!))
      issues.push(invalid(`The header ${m[1]} is set by the server`, `Subscription.channel.header[${i}]`));
    else headers[m[1]!] = m[2]!;
  });
  return { headers, issues };
}

/** The Subscription resource of a stored row, with its current status and error. */
export function subscriptionResource(row: Row): Subscription {
  const resource = structuredClone(row.resource as unknown as Subscription);
  const out: Subscription = { ...resource, id: row.id, status: row.status as SubscriptionStatusCode };
  if (row.error) out.error = row.error;
  else delete out.error;
  return out;
}

/**
 * Creates a subscription of organization `organizationId` from `body` (a FHIR Subscription, JSON):
 * checked against the package's profile-subscription (every problem listed), the PAS topic, one
 * orgIdentifier filter, an http(s) endpoint, full-resource FHIR JSON payloads, no heartbeat.
 * Returns the stored Subscription (status `requested`, its id) with the signing secret in
 * SIGNING_SECRET_EXTENSION (returned only here), and queues the handshake.
 * @throws FhirError 400 (not a Subscription), 422 (every problem found; too many subscriptions)
 */
export async function createPasSubscription(
  database: Database,
  organizationId: string,
  body: unknown,
  opts: { apiKeyId?: string | null } = {},
): Promise<Subscription> {
  if (!body || typeof body !== "object" || Array.isArray(body) || (body as { resourceType?: unknown }).resourceType !== "Subscription") {
    throw fhirError(400, "invalid", "The request body must be a FHIR Subscription (JSON)");
  }
  const input = structuredClone(body) as Subscription;
  // the profile is the server's to claim; a client may omit it
  input.meta = { ...input.meta, profile: [PAS_SUBSCRIPTION_PROFILE] };
  delete input.id;
  // Medplum 4.5's validator compares a primitive that carries extensions (`_criteria`, the
  // backport's filter criteria) as an object, so `criteria` would never match the profile's
  // patternString: the profile is applied to a copy without them, and the filter is checked below.
  const forProfile = structuredClone(input) as Subscription & { _criteria?: unknown };
  delete forProfile._criteria;
  const issues: OperationOutcomeIssue[] = validateAgainstProfile(forProfile, PAS_SUBSCRIPTION_PROFILE);
  if (input.criteria !== undefined && input.criteria !== PAS_TOPIC)
    issues.push({
      severity: "error",
      code: "not-supported",
      details: { text: `Unknown topic: the only topic is ${PAS_TOPIC}` },
      expression: ["Subscription.criteria"],
    });
  // the backport's filter criteria sit on the primitive `criteria` (`_criteria` in JSON)
  const criteriaElement = (input as Subscription & { _criteria?: { extension?: { url: string; valueString?: string }[] } })._criteria;
  const filters = (criteriaElement?.extension ?? []).filter((e) => e.url === FILTER_CRITERIA);
  const orgIdentifier = filters.length === 1 ? parseFilter(filters[0]!.valueString ?? "") : null;
  if (!orgIdentifier)
    issues.push(
      invalid("Exactly one filter criteria `orgIdentifier=<identifier of the requesting provider organization>` is required", "Subscription.criteria"),
    );
  const endpoint = input.channel?.endpoint ?? "";
  let url: URL | null = null;
  try {
    url = new URL(endpoint);
  } catch {
    /* reported below */
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password)
    issues.push(invalid("The endpoint must be an http(s) URL without credentials", "Subscription.channel.endpoint"));
  if (input.channel?.payload !== undefined && !/^application\/(fhir\+)?json$/.test(input.channel.payload))
    issues.push({
      severity: "error",
      code: "not-supported",
      details: { text: "Payloads are FHIR JSON (application/fhir+json)" },
      expression: ["Subscription.channel.payload"],
    });
  if (input.channel?.extension?.some((e) => e.url === HEARTBEAT_PERIOD))
    issues.push({
      severity: "error",
      code: "not-supported",
      details: { text: "Heartbeat notifications are not offered" },
      expression: ["Subscription.channel"],
    });
  if (input.end && !(Date.parse(input.end) > Date.now())) issues.push(invalid("The end time has passed", "Subscription.end"));
  const { headers, issues: headerIssues } = parseHeaders(input.channel?.header);
  issues.push(...headerIssues);
  if (issues.length) throw new FhirError(422, issues);

  const count = await database.prisma.fhirSubscription.count({ where: { organization_id: organizationId } });
  if (count >= MAX_SUBSCRIPTIONS_PER_ORGANIZATION)
    throw fhirError(422, "too-costly", `An organization holds at most ${MAX_SUBSCRIPTIONS_PER_ORGANIZATION} subscriptions; delete one first`);

  const secret = generateWebhookSecret();
  const stored: Subscription = { ...input, status: "requested", channel: { ...input.channel, header: undefined } };
  delete stored.channel.header;
  const row = await database.prisma.$transaction(async (tx) => {
    const created = await tx.fhirSubscription.create({
      data: {
        organization_id: organizationId,
        api_key_id: opts.apiKeyId ?? null,
        reason: input.reason,
        endpoint,
        org_identifier: orgIdentifier!,
        headers: Object.keys(headers).length ? sealSecret(JSON.stringify(headers), HEADERS_PURPOSE) : null,
        secret: sealSecret(secret, SECRET_PURPOSE),
        resource: stored as unknown as Prisma.InputJsonValue,
      },
    });
    await enqueue(
      database,
      "fhir.subscription.notify",
      { subscription_id: created.id, type: "handshake", message_id: newMessageId(), event_number: 0 },
      { tx, lane: organizationLane(organizationId) },
    );
    return created;
  });
  const resource = subscriptionResource(row);
  return { ...resource, extension: [...(resource.extension ?? []), { url: SIGNING_SECRET_EXTENSION, valueString: secret }] };
}

/** The organization's subscriptions as a FHIR searchset Bundle (newest first). */
export async function listPasSubscriptions(database: Database, organizationId: string, base: string): Promise<Bundle<Subscription>> {
  const rows = await database.prisma.fhirSubscription.findMany({ where: { organization_id: organizationId }, orderBy: { created_at: "desc" } });
  return {
    resourceType: "Bundle",
    type: "searchset",
    total: rows.length,
    entry: rows.map((r) => ({ fullUrl: `${base}/Subscription/${r.id}`, resource: subscriptionResource(r), search: { mode: "match" as const } })),
  };
}

async function ownRow(database: Database, organizationId: string, id: string): Promise<Row> {
  // "not yours" and "does not exist" answer the same
  const row = await database.prisma.fhirSubscription.findFirst({ where: { id, organization_id: organizationId } });
  if (!row) throw fhirError(404, "not-found", `Subscription/${id} not found`);
  return row;
}

/** One subscription of the organization. @throws FhirError 404 when absent or another organization's */
export async function getPasSubscription(database: Database, organizationId: string, id: string): Promise<Subscription> {
  return subscriptionResource(await ownRow(database, organizationId, id));
}

/** Deletes one subscription of the organization (queued notifications end quietly). @throws FhirError 404 */
export async function deletePasSubscription(database: Database, organizationId: string, id: string): Promise<void> {
  const row = await ownRow(database, organizationId, id);
  await database.prisma.fhirSubscription.delete({ where: { id: row.id } });
}

/** The backport SubscriptionStatus (R4: Parameters) of `row` for a notification or a $status query. */
function subscriptionStatus(row: Row, base: string, type: NotificationType | "query-status", event?: { number: number; focus: string }): Parameters {
  return {
    resourceType: "Parameters",
    meta: { profile: [STATUS_R4] },
    parameter: [
      { name: "subscription", valueReference: { reference: `${base}/Subscription/${row.id}` } },
      { name: "topic", valueCanonical: PAS_TOPIC },
      { name: "status", valueCode: row.status },
      { name: "type", valueCode: type },
      { name: "events-since-subscription-start", valueString: String(row.events_since_start) },
      ...(event
        ? [
            {
              name: "notification-event",
              part: [
                { name: "event-number", valueString: String(event.number) },
                { name: "timestamp", valueInstant: new Date().toISOString() },
                { name: "focus", valueReference: { reference: event.focus } },
              ],
            },
          ]
        : []),
      ...(row.error ? [{ name: "error", valueCodeableConcept: { text: row.error } }] : []),
    ],
  };
}

/** `Subscription/{id}/$status` (backport): a searchset Bundle with the SubscriptionStatus. @throws FhirError 404 */
export async function pasSubscriptionStatus(database: Database, organizationId: string, id: string, base: string): Promise<Bundle> {
  const row = await ownRow(database, organizationId, id);
  return {
    resourceType: "Bundle",
    type: "searchset",
    entry: [{ fullUrl: `urn:uuid:${crypto.randomUUID()}`, resource: subscriptionStatus(row, base, "query-status"), search: { mode: "match" } }],
  };
}

/**
 * The identifier values of the request's requesting provider: Claim.provider's resource in the
 * bundle (Organization, Practitioner or PractitionerRole), and for a PractitionerRole its
 * organization and practitioner.
 */
export function requestorIdentifiers(stored: StoredPasRequest): string[] {
  const bundle = stored.bundle;
  const claim = bundle.entry?.[0]?.resource as Claim | undefined;
  const out: Identifier[] = [];
  const provider = resolveReference(bundle, claim?.provider)?.resource;
  if (provider && "identifier" in provider) out.push(...((provider.identifier as Identifier[] | undefined) ?? []));
  if (provider?.resourceType === "PractitionerRole") {
    for (const ref of [provider.organization, provider.practitioner]) {
      const r = resolveReference(bundle, ref)?.resource;
      if (r && "identifier" in r) out.push(...((r.identifier as Identifier[] | undefined) ?? []));
    }
  }
  if (claim?.provider?.identifier) out.push(claim.provider.identifier);
  return [...new Set(out.map((i) => i.value).filter((v): v is string => Boolean(v)))];
}

/** The review actions of an outcome as stored in epa_submissions.pas_answered ("A1,A3"). */
export function answerSignature(outcome: Pick<CaseOutcome, "items">): string {
  return outcome.items.map((i) => i.action).join(",");
}

/** How long a request's `answer_pending` holds notifications back (a $submit that never answered). */
const ANSWER_PENDING_MAX_MS = 2 * 60_000;

/**
 * Records the answer the submitter just got (the $submit response of case `caseId` of
 * `organizationId`) so the same decision is not notified again, and ends the request's
 * `answer_pending`. When that answer was pended, a decision reached between reading the case and
 * this record is notified now (notifyPasDecision).
 */
export async function recordPasAnswer(
  database: Database,
  organizationId: string,
  kind: "prior_auth" | "claim",
  caseId: string,
  outcome: Pick<CaseOutcome, "items">,
): Promise<void> {
  const column = kind === "prior_auth" ? "prior_auth_id" : "claim_id";
  await database.query(`UPDATE epa_submissions SET pas_answered = $1, payload = payload #- '{pas,answer_pending}' WHERE ${column} = $2`, [
    answerSignature(outcome),
    caseId,
  ]);
  if (outcome.items.some((i) => i.action === "A4")) await notifyPasDecision(database, organizationId, kind, caseId);
}

/**
 * Called wherever a case's decision may have changed (see the module comment). When the case came
 * through PAS, every item is decided (A1, A3 or C; none pended) and that decision is not the last
 * one the submitter got, it records it and queues one event notification for each active
 * subscription of the case's organization whose orgIdentifier filter names the request's
 * requesting provider. Returns the number of notifications queued. Never throws: a notification
 * problem must not undo a decision (it is logged).
 */
export async function notifyPasDecision(database: Database, organizationId: string, kind: "prior_auth" | "claim", caseId: string): Promise<number> {
  try {
    const submission = await database.prisma.epaSubmission.findFirst({
      where:
        kind === "prior_auth"
          ? { prior_auth_id: caseId, prior_auth: { organization_id: organizationId } }
          : { claim_id: caseId, claim: { organization_id: organizationId } },
    });
    const stored = storedPasRequest(submission?.payload);
    if (!submission || !stored) return 0;
    // the $submit answer is still being built: it carries this decision (recordPasAnswer re-checks)
    if (stored.answer_pending && Date.now() - Date.parse(stored.updated_at ?? stored.received_at) < ANSWER_PENDING_MAX_MS) return 0;
    const outcome = await loadCaseOutcome(database, organizationId, kind, caseId, stored.items);
    if (!outcome.items.length || outcome.items.some((i) => i.action === "A4")) return 0;
    const signature = answerSignature(outcome);
    if (submission.pas_answered === signature) return 0;
    const identifiers = requestorIdentifiers(stored);
    return await database.prisma.$transaction(async (tx) => {
      // compare-and-set: of two processes seeing the same new decision, one notifies
      const claimed = await tx.epaSubmission.updateMany({
        where: { id: submission.id, OR: [{ pas_answered: null }, { pas_answered: { not: signature } }] },
        data: { pas_answered: signature },
      });
      if (!claimed.count) return 0;
      const subscriptions = await tx.fhirSubscription.findMany({
        where: { organization_id: organizationId, status: "active", org_identifier: { in: identifiers } },
        select: { id: true },
      });
      for (const s of subscriptions) await queueEvent(database, tx, organizationId, s.id, kind, caseId);
      return subscriptions.length;
    });
  } catch (err) {
    console.error(`[fhir] could not queue PAS notifications for ${kind} ${caseId}:`, (err as Error).message);
    return 0;
  }
}

async function queueEvent(
  database: Database,
  tx: JobTransaction,
  organizationId: string,
  subscriptionId: string,
  kind: "prior_auth" | "claim",
  caseId: string,
) {
  const row = await tx.fhirSubscription.update({ where: { id: subscriptionId }, data: { events_since_start: { increment: 1 } } });
  await enqueue(
    database,
    "fhir.subscription.notify",
    {
      subscription_id: subscriptionId,
      type: "event-notification",
      message_id: newMessageId(),
      event_number: row.events_since_start,
      case_kind: kind,
      case_id: caseId,
    },
    { tx, lane: organizationLane(organizationId) },
  );
}

export const SubscriptionNotifyPayloadSchema = z.object({
  subscription_id: z.string().min(1).max(64),
  type: z.enum(["handshake", "event-notification"]),
  message_id: z.string().min(1).max(100),
  event_number: z.number().int().min(0),
  case_kind: z.enum(["prior_auth", "claim"]).optional(),
  case_id: z.string().min(1).max(64).optional(),
});
export type SubscriptionNotifyPayload = z.output<typeof SubscriptionNotifyPayloadSchema>;

/** The base URL of the FHIR API in notifications (APP_URL, else a relative-looking placeholder). */
function fhirBase(): string {
  return `${(process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "")}/fhir`;
}

/**
 * The notification Bundle (type history) for `p`: the SubscriptionStatus, then for an event the
 * PAS response bundle of the case now. Null when the case is gone or no longer the subscription
 * organization's (nothing to send).
 */
export async function buildNotification(database: Database, row: Row, p: SubscriptionNotifyPayload, now = new Date()): Promise<Bundle | null> {
  const base = fhirBase();
  const statusUrl = `${base}/Subscription/${row.id}/$status`;
  if (p.type === "handshake") {
    return {
      resourceType: "Bundle",
      id: crypto.randomUUID(),
      type: "history",
      timestamp: now.toISOString(),
      entry: [
        {
          fullUrl: `urn:uuid:${crypto.randomUUID()}`,
          resource: subscriptionStatus(row, base, "handshake"),
          request: { method: "GET", url: statusUrl },
          response: { status: "200" },
        },
      ],
    };
  }
  if (!p.case_kind || !p.case_id) return null;
  const submission = await database.prisma.epaSubmission.findFirst({
    where:
      p.case_kind === "prior_auth"
        ? { prior_auth_id: p.case_id, prior_auth: { organization_id: row.organization_id } }
        : { claim_id: p.case_id, claim: { organization_id: row.organization_id } },
  });
  const stored = storedPasRequest(submission?.payload);
  if (!stored) return null;
  const outcome = await loadCaseOutcome(database, row.organization_id, p.case_kind, p.case_id, stored.items);
  const response = buildPasResponse(stored, outcome, now);
  const focus = `urn:uuid:${response.id}`;
  const entries: BundleEntry[] = [
    {
      fullUrl: `urn:uuid:${crypto.randomUUID()}`,
      resource: subscriptionStatus(row, base, "event-notification", { number: p.event_number, focus }),
      request: { method: "GET", url: statusUrl },
      response: { status: "200" },
    },
    { fullUrl: focus, resource: response, request: { method: "POST", url: "Bundle" }, response: { status: "201" } },
  ];
  return { resourceType: "Bundle", id: crypto.randomUUID(), type: "history", timestamp: now.toISOString(), entry: entries };
}

/**
 * One delivery attempt of a notification (the `fhir.subscription.notify` job): POSTs the
 * notification Bundle as application/fhir+json with the channel's headers and the Standard
 * Webhooks signature. A 2xx answer makes a requested subscription active. Returns `{ status }`,
 * or `{ skipped }` when the subscription was deleted or turned off, or the case is gone.
 * @throws Error on a non-2xx answer or a network error (the queue retries); PermanentJobError when
 *   the address policy refuses the endpoint or the secrets cannot be read
 */
export async function deliverSubscriptionNotification(
  database: Database,
  p: SubscriptionNotifyPayload,
  ctx: { signal?: AbortSignal } = {},
): Promise<{ status: number } | { skipped: string }> {
  const row = await database.prisma.fhirSubscription.findUnique({ where: { id: p.subscription_id } });
  if (!row) return { skipped: "subscription deleted" };
  if (row.status === "off") return { skipped: "subscription off" };
  const bundle = await buildNotification(database, row, p);
  if (!bundle) return { skipped: "case gone" };
  let secret: string;
  let headers: Record<string, string>;
  try {
    secret = openSecret(row.secret, SECRET_PURPOSE);
    headers = row.headers ? (JSON.parse(openSecret(row.headers, HEADERS_PURPOSE)) as Record<string, string>) : {};
  } catch {
    throw new PermanentJobError("The subscription's secrets cannot be read (was SESSION_SECRET changed?). Create the subscription again.");
  }
  const body = JSON.stringify(bundle);
  const sentAt = new Date();
  const signed = {
    "content-type": "application/fhir+json",
    "webhook-id": p.message_id,
    "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(p.message_id, sentAt, body),
  };
  let status: number;
  try {
    status = (await safePost(row.endpoint, body, { ...headers, ...signed }, { signal: ctx.signal })).status;
  } catch (err) {
    if (err instanceof BlockedAddressError) throw new PermanentJobError(err.message);
    throw err;
  }
  if (status < 200 || status >= 300) throw new Error(`Receiver answered HTTP ${status}`);
  await database.prisma.fhirSubscription.update({
    where: { id: row.id },
    data: { last_delivered_at: sentAt, error: null, ...(row.status === "requested" || row.status === "error" ? { status: "active" } : {}) },
  });
  return { status };
}

/** Declared as data (app/queue/define-job.ts); listed in the composition root app/jobs.server.ts. */
export const subscriptionNotifyJob = defineJob({
  name: "fhir.subscription.notify",
  payload: SubscriptionNotifyPayloadSchema,
  maxAttempts: positiveInt(process.env.FHIR_SUBSCRIPTION_MAX_ATTEMPTS, 6),
  backoff: {
    baseMs: positiveInt(process.env.FHIR_SUBSCRIPTION_RETRY_BASE_MS, 5_000),
    maxMs: Math.max(60 * 60_000, positiveInt(process.env.FHIR_SUBSCRIPTION_RETRY_BASE_MS, 5_000)),
  },
  timeoutMs: 60_000,
  handler: (payload, ctx) => deliverSubscriptionNotification(ctx.database, payload, { signal: ctx.signal }),
  // a receiver that failed every attempt: the subscription is in error (backport), visible in $status
  onFailure: async (payload, info, tx) => {
    if (!info.final) return;
    await tx.fhirSubscription.updateMany({
      where: { id: payload.subscription_id, status: { not: "off" } },
      data: { status: "error", error: `${payload.type} not delivered after ${info.attempt} attempts: ${info.message}`.slice(0, 500) },
    });
  },
});
