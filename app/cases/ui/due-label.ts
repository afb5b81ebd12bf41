/** "due in 3 h", "2 d overdue": the time left on a case's regulatory clock, coarse enough to scan. */
export function dueLabel(dueAt: Date | string, now: Date | string): { text: string; overdue: boolean } {
  const ms = new Date(dueAt).getTime() - new Date(now).getTime();
  const abs = Math.abs(ms);
  const h = abs / 3_600_000;
  const span = h < 1 ? `${Math.max(1, Math.round(abs / 60_000))} min` : h < 48 ? `${Math.round(h)} h` : `${Math.round(h / 24)} d`;
  return ms < 0 ? { text: `${span} overdue`, overdue: true } : { text: `due in ${span}`, overdue: false };
}
