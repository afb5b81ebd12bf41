/**
 * The New / Edit webhook form (inside the list page's modal). Works without JavaScript (plain POST,
 * server-side validation with WebhookEndpointInputSchema); once hydrated, Submit stays disabled until
 * a valid-looking URL and at least one event type are chosen.
 */
import { useState } from "react";
import { Form, Link } from "react-router";
import { FieldError, inputClass, primaryButton, secondaryButton } from "~/ui/styles";
import { WEBHOOK_OUTCOMES, WEBHOOK_SUBJECTS } from "../event-types";

export interface WebhookFormValues {
  id?: string;
  url: string;
  description: string | null;
  event_types: string[];
}

function looksLikeUrl(v: string): boolean {
  try {
    const u = new URL(v.trim());
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

const SUBJECT_LABELS: Record<string, string> = {
  prior_auth: "Prior auth",
  "prior_auth.intake": "Prior auth intake",
  "prior_auth.coverage_policy": "Prior auth coverage policy",
  claim: "Claim",
  "claim.intake": "Claim intake",
  "claim.coverage_policy": "Claim coverage policy",
};

export function WebhookForm({ initial, closeTo, errors }: { initial: WebhookFormValues; closeTo: string; errors?: Record<string, string[]> | null }) {
  const [url, setUrl] = useState(initial.url);
  const [types, setTypes] = useState<Set<string>>(new Set(initial.event_types));
  const toggle = (t: string, on: boolean) =>
    setTypes((prev) => {
      const next = new Set(prev);
      if (on) next.add(t);
      else next.delete(t);
      return next;
    });
  const canSubmit = looksLikeUrl(url) && types.size > 0;
  return (
    <Form method="post" className="space-y-4" data-testid="webhook-form">
      <input type="hidden" name="intent" value={initial.id ? "update" : "create"} />
      {initial.id && <input type="hidden" name="id" value={initial.id} />}
      <label className="block text-sm">
        <span className="mb-1 block font-medium text-slate-700">Endpoint URL</span>
        <input
          name="url"
          type="url"
          required
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com/webhooks/prior-auth"
          aria-invalid={errors?.url ? true : undefined}
          className={inputClass}
        />
        <FieldError errors={errors?.url} />
      </label>
      <label className="block text-sm">
        <span className="mb-1 block font-medium text-slate-700">Description (optional)</span>
        <input
          name="description"
          defaultValue={initial.description ?? ""}
          maxLength={500}
          placeholder="e.g. Utilization-management system"
          className={inputClass}
        />
        <FieldError errors={errors?.description} />
      </label>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">Event types</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {WEBHOOK_SUBJECTS.map((subject) => (
            <div key={subject} className="rounded-md border border-slate-200 p-2.5">
              <p className="mb-1.5 text-xs font-semibold text-slate-500">{SUBJECT_LABELS[subject]}</p>
              <div className="flex flex-wrap gap-x-3 gap-y-1">
                {WEBHOOK_OUTCOMES.map((outcome) => {
                  const value = `${subject}.${outcome}`;
                  return (
                    <label key={value} className="inline-flex items-center gap-1.5 text-sm text-slate-700">
                      <input
                        type="checkbox"
                        name="event_types"
                        value={value}
                        checked={types.has(value)}
                        onChange={(e) => toggle(value, e.target.checked)}
                        className="rounded border-slate-300 text-indigo-600"
                        aria-label={value}
                      />
                      {outcome}
                    </label>
                  );
                })}
              </div>
            </div>
          ))}
        </div>
        <FieldError errors={errors?.event_types} />
      </fieldset>
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <Link to={closeTo} className={secondaryButton} preventScrollReset>
          Cancel
        </Link>
        <button type="submit" disabled={!canSubmit} className={primaryButton}>
          {initial.id ? "Save changes" : "Create webhook"}
        </button>
      </div>
    </Form>
  );
}

/** Error-rate badge (§9: red above 10 %, else green). */
export function ErrorRateBadge({ rate, attempts }: { rate: number; attempts: number }) {
  const red = rate > 0.1;
  const pct = Math.round(rate * 1000) / 10;
  return (
    <span
      data-testid="error-rate"
      data-tone={red ? "red" : "green"}
      title={`${attempts} attempt${attempts === 1 ? "" : "s"} in the last 30 days`}
      className={`inline-flex items-center rounded-md px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${red ? "bg-red-50 text-red-700 ring-red-600/20" : "bg-emerald-50 text-emerald-700 ring-emerald-600/20"}`}
    >
      {pct}% errors
    </span>
  );
}

export function EventTypeBadges({ types }: { types: string[] }) {
  return (
    <div className="flex flex-wrap gap-1">
      {types.map((t) => (
        <span key={t} className="rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-[11px] text-slate-700 ring-1 ring-slate-500/10 ring-inset">
          {t}
        </span>
      ))}
    </div>
  );
}

/** "Copy this secret now" panel, shown once after creation or rotation. */
export function SecretOnce({ secret }: { secret: string }) {
  return (
    <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
      <p className="font-medium">Signing secret — copy it now. It will not be shown again.</p>
      <p className="mt-1 text-emerald-800">
        Verify each delivery's <code>webhook-signature</code> header: <code>v1,</code> + base64 HMAC-SHA256 of <code>webhook-id.webhook-timestamp.body</code>,
        keyed with the base64-decoded part after <code>whsec_</code> (Standard Webhooks).
      </p>
      <code data-testid="webhook-secret" className="mt-2 block rounded bg-white px-3 py-2 font-mono text-xs break-all text-slate-900 ring-1 ring-emerald-200">
        {secret}
      </code>
    </div>
  );
}

/** 'D MMM YYYY, h:mm:ss a' (§9), in the viewer's time zone once hydrated (UTC on the server). */
export function formatTimestamp(iso: string | null | undefined): string {
  if (!iso) return "—";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "—";
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const h = d.getHours() % 12 || 12;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getDate()} ${months[d.getMonth()]} ${d.getFullYear()}, ${h}:${pad(d.getMinutes())}:${pad(d.getSeconds())} ${d.getHours() < 12 ? "am" : "pm"}`;
}
