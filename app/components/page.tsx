/** Page title block shared by workspace pages. */
export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
      </div>
      {actions && <div className="flex items-center gap-2">{actions}</div>}
    </div>
  );
}

/** Honest placeholder for a screen that is not built yet. */
export function ComingSoon({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center" data-testid="coming-soon">
      <p className="text-xs font-semibold tracking-wide text-indigo-600 uppercase">Coming soon</p>
      <h2 className="mt-2 text-base font-semibold text-slate-900">{title} is not available yet</h2>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-500">
        {children ?? "This part of the product has not been built. Nothing on this page is simulated."}
      </p>
    </div>
  );
}
