/**
 * Bench figures and their comparison with the last recorded ones (bench/figures.json).
 *
 * Every figure has a direction: "lower" is better for times, "higher" for rates. A figure more than
 * `margin` (25%) worse than the recorded one is a regression: a time above 1.25× the recorded time,
 * a rate below 0.75× the recorded rate. A figure that could not be measured (not a finite number
 * above zero) is a regression too, since a bench that stops measuring must not pass silently.
 *
 * Bench scripts that run as their own process (bench/queue.ts, bench/request-log.ts) hand their
 * figures to bench/run.ts as stdout lines written by `figureLine` and read back by `parseFigureLine`.
 */

/** Which way a figure improves. */
export type Better = "lower" | "higher";

/** One figure of this run. */
export interface Figure {
  value: number;
  better: Better;
}

/** One figure as stored in bench/figures.json (`better` is informative; the comparison uses the current figure's). */
export interface RecordedFigure {
  value: number;
  at: string;
  better?: Better;
}

/** How much worse than the recorded figure counts as a regression (0.25 = 25%). */
export const REGRESSION_MARGIN = 0.25;

/** Prefix of the stdout line that carries a figure from a child bench process. */
const FIGURE_PREFIX = "BENCH_FIGURE ";

/**
 * The stdout line that hands figure `name` to bench/run.ts (it prints no text for people; the parent
 * prints the comparison). `value` in the unit the name says.
 */
export function figureLine(name: string, value: number, better: Better): string {
  return FIGURE_PREFIX + JSON.stringify({ name, value, better });
}

/** The figure carried by a line written by `figureLine`, or null for any other line. */
export function parseFigureLine(line: string): { name: string; figure: Figure } | null {
  if (!line.startsWith(FIGURE_PREFIX)) return null;
  try {
    const o = JSON.parse(line.slice(FIGURE_PREFIX.length)) as { name?: unknown; value?: unknown; better?: unknown };
    if (typeof o.name !== "string" || typeof o.value !== "number" || (o.better !== "lower" && o.better !== "higher")) return null;
    return { name: o.name, figure: { value: o.value, better: o.better } };
  } catch {
    return null;
  }
}

/**
 * How much worse `value` is than `recorded`, as a fraction of the recorded figure (0.3 = 30% worse;
 * negative = better): for "lower" (value − recorded) / recorded, for "higher" (recorded − value) / recorded.
 */
export function worseBy(value: number, recorded: number, better: Better): number {
  return better === "lower" ? (value - recorded) / recorded : (recorded - value) / recorded;
}

/**
 * Compares this run's `current` figures with `recorded` ones. Returns one line per current figure
 * ("REGRESSION: …" for a regression, "figure …" otherwise, a note when nothing is recorded yet) and
 * the regression lines alone. Figures recorded but not measured in this run (a section not run) are
 * not mentioned.
 */
export function compareFigures(
  current: Record<string, Figure>,
  recorded: Record<string, RecordedFigure>,
  margin = REGRESSION_MARGIN,
): { lines: string[]; regressions: string[] } {
  const lines: string[] = [];
  const regressions: string[] = [];
  const fmt = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2));
  for (const [name, { value, better }] of Object.entries(current)) {
    const last = recorded[name];
    if (!Number.isFinite(value) || value <= 0) {
      const line = `REGRESSION: ${name} was not measured (got ${value})`;
      lines.push(line);
      regressions.push(line);
      continue;
    }
    if (!last || !(last.value > 0)) {
      lines.push(`figure ${name}: ${fmt(value)} (${better} is better; nothing recorded yet: --record sets the reference)`);
      continue;
    }
    const worse = worseBy(value, last.value, better);
    const pct = Math.round(worse * 100);
    if (worse > margin) {
      const line = `REGRESSION: ${name} ${fmt(value)} vs ${fmt(last.value)} recorded ${last.at} (${pct}% worse, more than ${Math.round(margin * 100)}%; ${better} is better)`;
      lines.push(line);
      regressions.push(line);
    } else
      lines.push(
        `figure ${name}: ${fmt(value)} (recorded ${fmt(last.value)} on ${last.at}, ${pct > 0 ? `${pct}% worse` : pct < 0 ? `${-pct}% better` : "same"})`,
      );
  }
  return { lines, regressions };
}

/** `recorded` with this run's `current` figures as the new reference (values rounded to 3 decimals), dated `at`. */
export function recordFigures(current: Record<string, Figure>, recorded: Record<string, RecordedFigure>, at: string): Record<string, RecordedFigure> {
  const out = { ...recorded };
  for (const [name, { value, better }] of Object.entries(current)) {
    if (Number.isFinite(value) && value > 0) out[name] = { value: Math.round(value * 1000) / 1000, at, better };
  }
  return out;
}
