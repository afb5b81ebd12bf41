/**
 * Decisions and turnaround over time: stacked bars (approved, denied) per week or month and a line
 * for the median hours to decision, as plain SVG. Own SVG rather than a chart library: it renders
 * identically on the server (no measuring of the container, no client-only code) and needs no
 * dependency for one small chart; it scales with its container through viewBox.
 */
import type { SeriesPoint } from "../compute-metrics";

const W = 720;
const H = 240;
const PAD = { left: 40, right: 48, top: 16, bottom: 36 };

/**
 * Top of an axis with four gridline steps: 4 × a whole step of 1, 2, 3 or 5 × 10^k, so every
 * gridline label is a whole number (6.2 → 8, 9 → 12, 37 → 40).
 */
function niceMax(n: number): number {
  if (n <= 4) return 4;
  const raw = n / 4;
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return 4 * (m <= 1 ? 1 : m <= 2 ? 2 : m <= 3 ? 3 : m <= 5 ? 5 : 10) * p;
}

function label(start: string, bucket: "week" | "month"): string {
  const d = new Date(`${start}T00:00:00Z`);
  return bucket === "month"
    ? d.toLocaleDateString("en-GB", { month: "short", year: "2-digit", timeZone: "UTC" })
    : d.toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
}

export function DecisionsChart({ series, bucket }: { series: SeriesPoint[]; bucket: "week" | "month" }) {
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const maxCount = niceMax(Math.max(0, ...series.map((p) => p.approved + p.denied)));
  const maxHours = niceMax(Math.max(0, ...series.map((p) => p.median_hours ?? 0)));
  const step = plotW / Math.max(1, series.length);
  const barW = Math.max(2, Math.min(28, step * 0.6));
  const y = (v: number) => PAD.top + plotH - (v / maxCount) * plotH;
  const yh = (v: number) => PAD.top + plotH - (v / maxHours) * plotH;
  const x = (i: number) => PAD.left + step * i + step / 2;
  const labelEvery = Math.ceil(series.length / 12);
  // the median line is broken where a bucket has no decisions, rather than drawn across the gap
  const segments: string[][] = [[]];
  series.forEach((p, i) => {
    if (p.median_hours === null) segments.push([]);
    else segments[segments.length - 1]!.push(`${x(i).toFixed(1)},${yh(p.median_hours).toFixed(1)}`);
  });
  const total = series.reduce((a, p) => a + p.approved + p.denied, 0);
  return (
    <figure className="space-y-2" data-testid="decisions-chart">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={`Decisions per ${bucket} and median hours to decision`}>
        {[0, 0.25, 0.5, 0.75, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(maxCount * f)} y2={y(maxCount * f)} stroke="#e2e8f0" />
            <text x={PAD.left - 6} y={y(maxCount * f) + 4} textAnchor="end" fontSize="10" fill="#64748b">
              {Math.round(maxCount * f)}
            </text>
            <text x={W - PAD.right + 6} y={yh(maxHours * f) + 4} fontSize="10" fill="#6366f1">
              {Math.round(maxHours * f)} h
            </text>
          </g>
        ))}
        {series.map((p, i) => (
          <g key={p.start}>
            <title>{`${label(p.start, bucket)}: ${p.approved} approved, ${p.denied} denied${p.median_hours === null ? "" : `, median ${p.median_hours} h`}`}</title>
            <rect x={x(i) - barW / 2} y={y(p.approved)} width={barW} height={y(0) - y(p.approved)} fill="#10b981" />
            <rect x={x(i) - barW / 2} y={y(p.approved + p.denied)} width={barW} height={y(p.approved) - y(p.approved + p.denied)} fill="#ef4444" />
            {i % labelEvery === 0 && (
              <text x={x(i)} y={H - PAD.bottom + 16} textAnchor="middle" fontSize="10" fill="#64748b">
                {label(p.start, bucket)}
              </text>
            )}
          </g>
        ))}
        {segments
          .filter((seg) => seg.length > 1)
          .map((seg) => (
            <polyline key={seg[0]} points={seg.join(" ")} fill="none" stroke="#6366f1" strokeWidth="2" />
          ))}
        {series.map((p, i) => (p.median_hours === null ? null : <circle key={`m${p.start}`} cx={x(i)} cy={yh(p.median_hours)} r="3" fill="#6366f1" />))}
        {total === 0 && (
          <text x={W / 2} y={H / 2} textAnchor="middle" fontSize="13" fill="#94a3b8">
            No decisions in this period
          </text>
        )}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-slate-600">
        <span className="flex items-center gap-1.5">
          <span className="h-2.5 w-2.5 rounded-sm bg-emerald-500" /> Approved
        </span>
        <span className="flex items-center gap-1.5">
          <span className="h-2.5 w-2.5 rounded-sm bg-red-500" /> Denied
        </span>
        <span className="flex items-center gap-1.5">
          <span className="h-0.5 w-4 bg-indigo-500" /> Median hours to decision (right axis)
        </span>
        <span className="text-slate-400">per {bucket}, by decision date</span>
      </figcaption>
    </figure>
  );
}
