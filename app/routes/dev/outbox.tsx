import type { Route } from "./+types/outbox";
import { isDevOutboxEnabled, listOutbox } from "~/auth/send-email.server";
import { formatDateTime } from "~/prior-auths/ui/decision";

export const meta: Route.MetaFunction = () => [{ title: "Dev outbox · PA Review" }];

/**
 * Development outbox: recent emails (sign-in codes) of an instance without SMTP. 404 unless the
 * instance was started with DEV_OUTBOX=1 and the request comes directly from this machine.
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (!isDevOutboxEnabled(context)) throw new Response("Not Found", { status: 404 });
  const rows = await listOutbox(50);
  return {
    emails: rows.map((r) => ({
      id: r.id,
      to: r.to,
      subject: r.subject,
      text: r.text,
      transport: r.transport,
      error: r.error,
      created_at: r.created_at.toISOString(),
    })),
  };
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-xl font-semibold text-slate-900">Development outbox</h1>
      <p className="mt-1 text-sm text-slate-500">The 50 most recent emails, newest first. Only on a local instance (DEV_OUTBOX=1), only from this machine.</p>
      {loaderData.emails.length === 0 ? (
        <p className="mt-8 text-sm text-slate-500">No emails yet.</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {loaderData.emails.map((e) => (
            <li key={e.id} data-testid="outbox-email" data-to={e.to} className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-xs">
              <div className="flex justify-between gap-4 text-slate-500">
                <span>
                  To <strong className="text-slate-800">{e.to}</strong> via {e.transport}
                </span>
                <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time>
              </div>
              <p className="mt-1 font-medium text-slate-900" data-testid="outbox-subject">
                {e.subject}
              </p>
              <pre className="mt-2 font-sans whitespace-pre-wrap text-slate-700" data-testid="outbox-text">
                {e.text}
              </pre>
              {e.error && <p className="mt-2 text-red-600">{e.error}</p>}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
