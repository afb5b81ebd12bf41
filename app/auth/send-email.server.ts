/**
 * Outgoing email. With SMTP_URL set, mail goes out through nodemailer and the EmailOutbox row is the
 * send log; without it, the row *is* the development outbox (listed at /dev/outbox) and a console
 * line says so. Either way every email leaves a row.
 */
import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import { getEnv } from "~/env.server";
import { getDatabase } from "~/lib/db.server";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Row kind: "sign_in_code", "notification", ... */
  kind?: string;
  /**
   * Text to keep in the log row when the mail really goes out by SMTP (for example with the sign-in
   * code masked). The outbox (no SMTP) keeps the full text: it is the only delivery.
   */
  logText?: string;
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
 * Sends (or, without SMTP, stores) one email and returns the EmailOutbox row id.
 * Throws when the SMTP server refuses the message (the row records the error first).
 */
export async function sendEmail(mail: OutgoingEmail): Promise<string> {
  const env = getEnv();
  const { prisma } = await getDatabase();
  const kind = mail.kind ?? "notification";
  if (!env.SMTP_URL) {
    const row = await prisma.emailOutbox.create({
      data: { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, kind, transport: "outbox", sent_at: new Date() },
    });
    // Outside production the line carries the message (sign-in codes) for convenience; in production
    // it must not, since logs are kept and read more widely than the outbox table.
    // A real deployment without SMTP must not print codes; a local instance (DEV_OUTBOX=1) may.
    if (env.NODE_ENV === "production" && process.env.DEV_OUTBOX !== "1") console.log(`[mail] outbox (no SMTP_URL): ${kind} email to ${mail.to} stored; configure SMTP_URL to deliver`);
    else console.log(`[mail] outbox (no SMTP_URL): "${mail.subject}" to ${mail.to}; see /dev/outbox\n${mail.text}`);
    return row.id;
  }
  const row = await prisma.emailOutbox.create({
    data: { to: mail.to, subject: mail.subject, text: mail.logText ?? mail.text, html: null, kind, transport: "smtp" },
  });
  try {
    await smtp(env.SMTP_URL).sendMail({ from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    await prisma.emailOutbox.update({ where: { id: row.id }, data: { sent_at: new Date() } });
    return row.id;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await prisma.emailOutbox.update({ where: { id: row.id }, data: { error: message.slice(0, 1000) } });
    throw err;
  }
}

/** Whether /dev/outbox is served: outside production, or with DEV_OUTBOX=1 (e2e against a build). */
export function isDevOutboxEnabled(): boolean {
  return getEnv().NODE_ENV !== "production" || process.env.DEV_OUTBOX === "1";
}

/** The most recent outbox rows, newest first (for /dev/outbox). */
export async function listOutbox(limit = 50) {
  const { prisma } = await getDatabase();
  return prisma.emailOutbox.findMany({ orderBy: { created_at: "desc" }, take: limit });
}
