/**
 * "time_ago_in_words" of the /api contract (Rails-style wording: "less than a minute",
 * "5 minutes", "about 2 hours", "3 days", "about 1 month", "over 1 year"), without the "ago".
 */
const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;

/** Distance in words between `from` and `now` (default: the current time). Future dates count as 0. */
export function timeAgoInWords(from: Date | string, now: Date = new Date()): string {
  const date = typeof from === "string" ? new Date(from) : from;
  const seconds = Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000));
  if (seconds < 60) return "less than a minute";
  const minutes = Math.round(seconds / MINUTE);
  if (minutes < 45) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  if (minutes < 90) return "about 1 hour";
  if (seconds < DAY) return `about ${Math.round(seconds / HOUR)} hours`;
  if (seconds < 2 * DAY) return "1 day";
  const days = Math.round(seconds / DAY);
  if (days < 30) return `${days} days`;
  if (days < 45) return "about 1 month";
  if (days < 60) return "about 2 months";
  if (days < 365) return `${Math.round(days / 30)} months`;
  const years = Math.floor(days / 365);
  const rem = days % 365;
  if (rem < 91) return years === 1 ? "about 1 year" : `about ${years} years`;
  if (rem < 274) return years === 1 ? "over 1 year" : `over ${years} years`;
  return `almost ${years + 1} years`;
}
