/**
 * PHI access audit (HIPAA Security Rule, 45 CFR 164.312(b) "Audit controls": record and examine
 * activity in systems that contain ePHI). One `audit_events` row per read of a case, its documents,
 * letters and chat, and per change made through a permission-gated page action or /api call: who
 * (user or API key), which organization, what (action, method, path, resource), when, from where
 * (client address, user agent) and via what (page, api, api_key).
 *
 * The table is append-only: the migration installs a trigger that rejects UPDATE, DELETE and
 * TRUNCATE, so not even a bug in this application can rewrite the trail.
 *
 * Recording is part of serving PHI: when the row cannot be written the request fails (fail closed)
 * rather than disclosing without a trace. Rows of concurrent requests are committed together
 * (audit-writer.server.ts, group commit), and a route may start the write alongside its own reads
 * (`Promise.all`), so the audit adds little to a request's latency without ever being skipped.
 */
import { writeAuditRow } from "~/audit/audit-writer.server";
import { currentRequestOrigin } from "~/lib/request-context.server";
import { redactAuditPath } from "~/audit/audit-path";

/** Who made the request, as the guards return it (OrgContext or ApiContext, or a signed-link reader). */
export interface AuditActor {
  organization: { id: string };
  user: { id: string; email: string } | null;
  apiKey?: { id: string } | null;
  /** a SMART Backend Services client (/fhir access token): recorded as actor_type smart_client, its row id in api_key_id */
  smartClient?: { id: string } | null;
  via: "page" | "session" | "api_key" | "smart_client" | "signed_link";
}

export interface AuditWhat {
  /** "prior_auth.view", "document.view", "letter.view", "chat.view", "change" */
  action: string;
  resource_type?: string | null;
  resource_id?: string | null;
  prior_auth_id?: string | null;
}

const VIA: Record<AuditActor["via"], string> = { page: "page", session: "api", api_key: "api_key", smart_client: "smart_client", signed_link: "signed_link" };

/**
 * Records one audit event for `request` by `actor`; resolves once the row is committed.
 * Throws when the database refuses the row.
 */
export async function recordAuditEvent(actor: AuditActor, request: Request, what: AuditWhat): Promise<void> {
  const url = new URL(request.url);
  await writeAuditRow({
    organization_id: actor.organization.id,
    actor_type: actor.apiKey ? "api_key" : actor.smartClient ? "smart_client" : actor.user ? "user" : "anonymous",
    user_id: actor.user?.id ?? null,
    user_email: actor.user?.email ?? null,
    api_key_id: actor.apiKey?.id ?? actor.smartClient?.id ?? null,
    via: VIA[actor.via],
    action: what.action.slice(0, 100),
    method: request.method,
    // Signed-link signatures and other query secrets never enter the trail (audit-path.ts).
    path: redactAuditPath(url).slice(0, 1000),
    resource_type: what.resource_type ?? null,
    resource_id: what.resource_id?.slice(0, 200) ?? null,
    prior_auth_id: what.prior_auth_id?.slice(0, 200) ?? null,
    ip: currentRequestOrigin().ip,
    user_agent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
  });
}

const recordedChanges = new WeakSet<Request>();

/**
 * Records a change (a state-changing request that passed a permission check) once per request.
 * The case id is taken from the path when it names one (`/prior-auths/{id}`, `/prior_auths/{id}`).
 */
export async function recordChange(actor: AuditActor, request: Request): Promise<void> {
  if (recordedChanges.has(request)) return;
  recordedChanges.add(request);
  const match = /\/prior[-_]auths\/([^/.?]+)/.exec(new URL(request.url).pathname);
  await recordAuditEvent(actor, request, { action: "change", prior_auth_id: match?.[1] ? safeDecode(match[1]) : null });
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
