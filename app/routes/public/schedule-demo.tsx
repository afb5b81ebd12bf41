import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/schedule-demo";
import { isAppError } from "~/lib/errors";
import { readPageForm } from "~/lib/http.server";
import { requestIp } from "~/lib/request-context.server";
import { CONTACT_TOPICS, CONTACT_TOPIC_LABEL, type ContactTopic } from "~/public-site/contact-input";
import { sendContactRequest } from "~/public-site/send-contact-request.server";
import { getPublicContext } from "~/public-site/public-context.server";
import { PublicShell } from "~/public-site/public-shell";

export const meta: Route.MetaFunction = () => [{ title: "Schedule a demo · PA Review" }];

/** GET /schedule-demo?topic=demo|partnership|careers — the contact form. */
export async function loader({ request }: Route.LoaderArgs) {
  const topic = new URL(request.url).searchParams.get("topic");
  return { ctx: await getPublicContext(request), topic: (CONTACT_TOPICS as readonly string[]).includes(topic ?? "") ? (topic as ContactTopic) : "demo" };
}

/** POST /schedule-demo — emails the request to the sales inbox (ContactInputSchema); errors re-render the form. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries([...(await readPageForm(request))].filter(([, v]) => typeof v === "string"));
  try {
    const sent = await sendContactRequest(form, requestIp(context));
    return { sent: true as const, name: sent.name, errors: [] as string[], values: form };
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data({ sent: false as const, name: "", errors: [err.message, ...err.details], values: form }, { status: err.status });
  }
}

const input = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:ring-indigo-500";

export default function ScheduleDemo({ loaderData, actionData }: Route.ComponentProps) {
  const { ctx, topic } = loaderData;
  const busy = useNavigation().state === "submitting";
  const values = (actionData?.values ?? {}) as Record<string, string>;
  return (
    <PublicShell ctx={ctx}>
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-2">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight text-slate-900">Schedule a demo</h1>
          <p className="mt-4 text-slate-600">
            Tell us a little about your organization. We will run a set of your de-identified faxes through the agents with your coverage policies and walk your
            reviewers and clinical leads through every decision and citation.
          </p>
          <ul className="mt-6 space-y-2 text-sm text-slate-600">
            <li>• 45 minutes with a product engineer and a pharmacist</li>
            <li>• Your policies compiled into decision trees you can inspect and edit</li>
            <li>• The API, webhooks and the CMS-0057-F reporting your team needs</li>
          </ul>
          {ctx.demo_path && (
            <p className="mt-6 text-sm text-slate-600">
              Can't wait?{" "}
              <Link to={ctx.demo_path} className="font-semibold text-indigo-600 hover:text-indigo-500">
                Try the AI agents demo
              </Link>{" "}
              now — no account needed.
            </p>
          )}
        </div>
        <div className="rounded-2xl border border-slate-200 p-6 shadow-sm">
          {actionData?.sent ? (
            <div role="status" data-testid="contact-sent">
              <h2 className="text-lg font-semibold text-slate-900">Thank you, {actionData.name}.</h2>
              <p className="mt-2 text-sm text-slate-600">Your request has been sent to our team. We reply within two working days.</p>
            </div>
          ) : (
            <Form method="post" className="space-y-4">
              {actionData?.errors?.length ? (
                <div role="alert" className="rounded-md border border-rose-200 bg-rose-50 p-3 text-sm text-rose-800">
                  {actionData.errors.map((e) => (
                    <p key={e}>{e}</p>
                  ))}
                </div>
              ) : null}
              <div>
                <label htmlFor="topic" className="block text-sm font-medium text-slate-700">
                  What is it about?
                </label>
                <select id="topic" name="topic" defaultValue={values.topic ?? topic} className={input}>
                  {CONTACT_TOPICS.map((t) => (
                    <option key={t} value={t}>
                      {CONTACT_TOPIC_LABEL[t]}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="name" className="block text-sm font-medium text-slate-700">
                  Name
                </label>
                <input id="name" name="name" required autoComplete="name" defaultValue={values.name} className={input} />
              </div>
              <div>
                <label htmlFor="email" className="block text-sm font-medium text-slate-700">
                  Work email
                </label>
                <input id="email" name="email" type="email" required autoComplete="email" defaultValue={values.email} className={input} />
              </div>
              <div>
                <label htmlFor="organization" className="block text-sm font-medium text-slate-700">
                  Organization
                </label>
                <input
                  id="organization"
                  name="organization"
                  autoComplete="organization"
                  placeholder="Health plan, PBM, vendor…"
                  defaultValue={values.organization}
                  className={input}
                />
              </div>
              <div>
                <label htmlFor="message" className="block text-sm font-medium text-slate-700">
                  Message
                </label>
                <textarea
                  id="message"
                  name="message"
                  rows={4}
                  placeholder="Lines of business, monthly PA volume, what you would like to see…"
                  defaultValue={values.message}
                  className={input}
                />
              </div>
              <button
                type="submit"
                disabled={busy}
                className="w-full rounded-md bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 disabled:opacity-60"
              >
                {busy ? "Sending…" : "Send request"}
              </button>
            </Form>
          )}
        </div>
      </div>
    </PublicShell>
  );
}
