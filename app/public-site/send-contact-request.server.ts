/**
 * "Schedule a demo" (and the partnership / careers enquiries of the landing page): the request is
 * emailed to DEMO_REQUESTS_TO through the product's mail transport — SMTP when configured, else the
 * email_outbox table, which then is where the requests are kept. Rate-limited per address so the
 * public form cannot be used to flood the inbox.
 */
import { getEnv } from "~/env.server";
import { AppError } from "~/lib/errors";
import { hitRateLimit } from "~/auth/rate-limit.server";
import { sendEmail } from "~/auth/send-email.server";
import { CONTACT_TOPIC_LABEL, ContactInputSchema, type ContactInput } from "./contact-input";

export const CONTACT_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };

/** Who receives the requests: DEMO_REQUESTS_TO, else sales@<APP_URL host>, else sales@localhost. */
export function contactRecipient(): string {
  const env = getEnv();
  if (env.DEMO_REQUESTS_TO) return env.DEMO_REQUESTS_TO;
  const host = env.APP_URL ? new URL(env.APP_URL).hostname : "localhost";
  return `sales@${host}`;
}

/**
 * Validates and sends one request from `ip`. Throws AppError("validation") with the field messages,
 * AppError("rate_limited") after CONTACT_LIMIT requests an hour from one address.
 */
export async function sendContactRequest(raw: unknown, ip: string | null): Promise<ContactInput> {
  const parsed = ContactInputSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const messages = parsed.error.issues.map((i) => i.message);
    throw new AppError("validation", messages[0]!, { details: messages.slice(1) });
  }
  const hit = await hitRateLimit(`contact:ip:${ip ?? "unknown"}`, CONTACT_LIMIT);
  if (!hit.allowed) throw new AppError("rate_limited", "Too many requests from your address. Please try again later.");
  const c = parsed.data;
  await sendEmail({
    to: contactRecipient(),
    subject: `${CONTACT_TOPIC_LABEL[c.topic]}: ${c.name}${c.organization ? ` (${c.organization})` : ""}`.slice(0, 300),
    text: [
      `Topic: ${CONTACT_TOPIC_LABEL[c.topic]}`,
      `Name: ${c.name}`,
      `Email: ${c.email}`,
      `Organization: ${c.organization || "-"}`,
      "",
      c.message || "(no message)",
    ].join("\n"),
    kind: "contact_request",
  });
  return c;
}
