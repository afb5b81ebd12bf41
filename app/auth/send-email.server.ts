/**
 * Outgoing email. With SMTP_URL set, mail goes out through nodemailer and nothing is stored (a
 * sign-in code must exist only in the recipient's mailbox). Without it, the EmailOutbox row *is*
 * the delivery: a local instance started with DEV_OUTBOX=1 shows it at /dev/outbox (to requests from
 * this machine only) and prints it in the log.
 */
import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import type { AppLoadContext } from "react-router";
import { getEnv } from "~/env.server";
import { getDatabase } from "~/lib/db.server";
import { isDirectLoopbackRequest } from "~/lib/request-context.server";

export interface OutgoingEmail {
  to: string;
  /** Never put a secret (sign-in code, link token) here: subjects show in notifications and logs. */
  subject: string;
  text: string;
  html?: string;
  /** Row kind: "sign_in_code", "notification", ... */
  kind?: string;
}

let transporter: Transporter | undefined;
let transporterUrl: string | undefined;
function smtp(url: string): Transporter {
  if (!transporter || transporterUrl !== url) {
    transporter = nodemailer.createTransport(url);
    transporterUrl = url;
  }
  return transporter;
}

/**
 * Sends one email by SMTP (returns null: nothing is stored) or, without SMTP_URL, stores it in the
 * outbox and returns the EmailOutbox row id. Throws when the SMTP server refuses the message.
 */
export async function sendEmail(mail: OutgoingEmail): Promise<string | null> {
  const env = getEnv();
  const kind = mail.kind ?? "notification";
  if (env.SMTP_URL) {
    await smtp(env.SMTP_URL).sendMail({ from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    return null;
  }
  const { prisma } = await getDatabase();
  const row = await prisma.emailOutbox.create({
    data: { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, kind, transport: "outbox", sent_at: new Date() },
  });
  // Logs are kept and read more widely than the outbox: the message goes there only on a local
  // instance (DEV_OUTBOX=1) or a development server in a developer's terminal.
  if (env.DEV_OUTBOX || env.NODE_ENV === "development") console.log(`[mail] outbox (no SMTP_URL): "${mail.subject}" to ${mail.to}\n${mail.text}`);
  else console.log(`[mail] outbox (no SMTP_URL): ${kind} email to ${mail.to} stored; configure SMTP_URL to deliver`);
  return row.id;
}

/**
 * Whether /dev/outbox answers this request: only on an instance started with DEV_OUTBOX=1, and only
 * to a request made directly from this machine (loopback peer, no proxy forwarding headers).
 */
export function isDevOutboxEnabled(context: AppLoadContext | undefined): boolean {
  return getEnv().DEV_OUTBOX && isDirectLoopbackRequest(context);
}

/** The most recent outbox rows, newest first (for /dev/outbox). */
export async function listOutbox(limit = 50) {
  const { prisma } = await getDatabase();
  return prisma.emailOutbox.findMany({ orderBy: { created_at: "desc" }, take: limit });
}
