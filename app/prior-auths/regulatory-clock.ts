/**
 * Prior-authorization decision time frames.
 *
 * Source: CMS Interoperability and Prior Authorization Final Rule (CMS-0057-F, Jan 2024) for
 * impacted payers: expedited (urgent) requests within 72 hours, standard requests within 7
 * calendar days, counted from receipt of the request.
 */
export const EXPEDITED_HOURS = 72;
export const STANDARD_DAYS = 7;

/** When a decision is due: received + 72 h (expedited) or + 7 calendar days (standard). */
export function dueAt(receivedAt: Date, urgency: string | null | undefined): Date {
  const ms = urgency === "expedited" ? EXPEDITED_HOURS * 3600_000 : STANDARD_DAYS * 24 * 3600_000;
  return new Date(receivedAt.getTime() + ms);
}

/**
 * Where a case stands against its clock: decided on time / late, or open with the time left.
 * `decidedAt` null means no decision yet. Times in milliseconds.
 */
export function clockStatus(receivedAt: Date, urgency: string | null | undefined, decidedAt: Date | null, now = new Date()) {
  const due = dueAt(receivedAt, urgency);
  const end = decidedAt ?? now;
  const onTime = end.getTime() <= due.getTime();
  return { due_at: due, on_time: onTime, decided: decidedAt !== null, remaining_ms: due.getTime() - now.getTime() };
}
