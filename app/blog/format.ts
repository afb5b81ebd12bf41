/** "27 Nov 2026" for a post's ISO date (UTC, so server and browser render the same text). */
export function formatPostDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}
