import type { FeeScheduleRow } from "~/clinical/review/fee-schedule";

/**
 * A plan's fee schedule (per-code unit / frequency limits the claims engine applies): code,
 * description, units and period. Renders nothing when the plan has no rows.
 */
export function FeeScheduleTable({ rows }: { rows: FeeScheduleRow[] }) {
  if (!rows.length) return null;
  return (
    <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-5 shadow-xs" data-testid="fee-schedule">
      <h2 className="text-base font-semibold text-slate-900">Fee schedule</h2>
      <p className="text-sm text-slate-600">
        Units allowed per code and period; claim lines over a limit are denied (or sent to a reviewer when read from a scan).
      </p>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600">
          <tr>
            <th className="px-3 py-2">Code</th>
            <th className="px-3 py-2">Description</th>
            <th className="px-3 py-2 text-right">Units</th>
            <th className="px-3 py-2">Period</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.code} data-testid="fee-schedule-row">
              <td className="px-3 py-2 font-mono text-xs text-slate-900">{r.code}</td>
              <td className="px-3 py-2 text-slate-700">{r.description ?? "—"}</td>
              <td className="px-3 py-2 text-right tabular-nums">{r.units_per_period.amount}</td>
              <td className="px-3 py-2 text-slate-700">
                {r.units_per_period.period_days === 1 ? "per date of service" : `per ${r.units_per_period.period_days} days`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
