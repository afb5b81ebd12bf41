import type { PolicyReading } from "../policy-reading";

/**
 * "What the reader did not understand": the policy passages left out of the tree and the questions
 * a reviewer checks by hand, so a policy author can rewrite them in the tree editor.
 */
export function PolicyReadingPanel({ reading }: { reading: PolicyReading }) {
  const total = reading.unread.length + reading.review_nodes.length;
  return (
    <section aria-label="Policy reading" className="rounded-lg border border-slate-200 bg-white" data-testid="policy-reading">
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-2.5">
        <h2 className="text-sm font-semibold text-slate-800">Passages not understood</h2>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${total ? "bg-amber-50 text-amber-800" : "bg-emerald-50 text-emerald-700"}`}>
          {total ? `${total} to review` : "Every passage read"}
        </span>
      </div>
      {total === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-500">The reader turned every requirement of this policy into a criterion it can check.</p>
      ) : (
        <div className="max-h-80 space-y-3 overflow-auto px-4 py-3 text-sm">
          {reading.unread.length > 0 && (
            <div>
              <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Left out of the tree</h3>
              <ul className="mt-1 space-y-2">
                {reading.unread.map((u, i) => (
                  <li key={i} className="rounded-md border-l-2 border-amber-400 bg-amber-50/50 px-3 py-2">
                    <p className="text-slate-800">“{u.text}”</p>
                    <p className="mt-0.5 text-xs text-slate-500">
                      {u.page ? `Page ${u.page} · ` : ""}
                      {u.why}
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {reading.review_nodes.length > 0 && (
            <div>
              <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Checked by a reviewer</h3>
              <ul className="mt-1 space-y-2">
                {reading.review_nodes.map((n) => (
                  <li key={n.id} className="rounded-md border-l-2 border-slate-300 bg-slate-50 px-3 py-2">
                    <p className="text-slate-800">{n.question}</p>
                    <p className="mt-0.5 text-xs text-slate-500">{n.why}</p>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <p className="text-xs text-slate-500">Rewrite a question in the tree to make it checkable; the engine reads edited questions again.</p>
        </div>
      )}
    </section>
  );
}
