/**
 * A Data Context card (PRODUCT-SPEC §2 Settings, "Data Context page"): every field of a context as
 * label and value; arrays and nested objects are collapsible (closed, with their item or field
 * count), booleans read Yes/No.
 */
import type { DataContext } from "../data-contexts";

function label(key: string): string {
  return key.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());
}

export function ContextValue({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === "") return <span className="text-slate-400">—</span>;
  if (typeof value === "boolean") return <span data-boolean>{value ? "Yes" : "No"}</span>;
  if (typeof value === "number" || typeof value === "string") return <span className="break-words">{String(value)}</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="text-slate-400">None</span>;
    return (
      <details className="group" data-array>
        <summary className="cursor-pointer text-indigo-700 select-none hover:text-indigo-900">
          {value.length} item{value.length === 1 ? "" : "s"}
        </summary>
        <ol className="mt-2 space-y-2 border-l-2 border-slate-100 pl-3">
          {value.map((item, i) => (
            <li key={i}>
              {item !== null && typeof item === "object" && !Array.isArray(item) ? (
                <Fields data={item as Record<string, unknown>} />
              ) : (
                <ContextValue value={item} />
              )}
            </li>
          ))}
        </ol>
      </details>
    );
  }
  if (typeof value === "object") {
    // nested records (patient, prescriber, ...) fold like arrays, so a card stays scannable
    const data = value as Record<string, unknown>;
    return (
      <details data-object>
        <summary className="cursor-pointer text-indigo-700 select-none hover:text-indigo-900">{Object.keys(data).length} fields</summary>
        <div className="mt-2 border-l-2 border-slate-100 pl-3">
          <Fields data={data} />
        </div>
      </details>
    );
  }
  return <span>{String(value)}</span>;
}

function Fields({ data }: { data: Record<string, unknown> }) {
  return (
    <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-3 gap-y-1.5 text-sm">
      {Object.entries(data).map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-500">{label(k)}</dt>
          <dd className="min-w-0 text-slate-900">
            <ContextValue value={v} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function DataContextCard({ context }: { context: DataContext }) {
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-4 shadow-xs" data-testid="data-context-card">
      <h2 className="text-sm font-semibold text-slate-900">{context.title}</h2>
      <p className="mb-3 text-xs text-slate-500">{context.description}</p>
      <Fields data={context.data} />
    </article>
  );
}
