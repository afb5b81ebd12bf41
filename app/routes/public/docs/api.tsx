import type { Route } from "./+types/api";
import { buildOpenApiDocument } from "~/openapi/openapi.server";

/** /docs/api — the OpenAPI document rendered as a readable page (the shell's 'API Documentation' link). */
export function loader() {
  return { doc: buildOpenApiDocument() };
}

export const meta: Route.MetaFunction = () => [{ title: "API Documentation · PA Review" }];

type Operation = {
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown; example?: unknown }> }>;
  tags?: string[];
};

const METHOD_STYLE: Record<string, string> = {
  get: "bg-sky-100 text-sky-800",
  post: "bg-emerald-100 text-emerald-800",
  put: "bg-amber-100 text-amber-800",
  patch: "bg-amber-100 text-amber-800",
  delete: "bg-rose-100 text-rose-800",
};

function Json({ value }: { value: unknown }) {
  return <pre className="mt-1 max-h-96 overflow-auto rounded bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">{JSON.stringify(value, null, 2)}</pre>;
}

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { doc } = loaderData;
  const operations = Object.entries(doc.paths as unknown as Record<string, Record<string, Operation>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op, id: `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, "-") })),
  );
  const tags = doc.tags.map((t) => t.name);
  return (
    <main className="mx-auto max-w-5xl px-6 py-10 text-slate-800">
      <header className="border-b border-slate-200 pb-6">
        <h1 className="text-3xl font-semibold">{doc.info.title}</h1>
        <p className="mt-1 text-sm text-slate-500">
          OpenAPI {doc.openapi} · version {doc.info.version} ·{" "}
          <a className="text-indigo-600 underline" href="/docs/api.json">
            download api.json
          </a>
        </p>
        {doc.info.description.split("\n\n").map((p, i) => (
          <p key={i} className="mt-3 text-sm leading-6">
            {p}
          </p>
        ))}
      </header>
      <nav className="my-6 flex flex-wrap gap-2 text-sm">
        {tags.map((t) => (
          <a key={t} href={`#tag-${t.replace(/\s+/g, "-")}`} className="rounded-full border border-slate-300 px-3 py-1 hover:bg-slate-50">
            {t}
          </a>
        ))}
      </nav>
      {tags.map((tag) => (
        <section key={tag} id={`tag-${tag.replace(/\s+/g, "-")}`} className="mt-10">
          <h2 className="text-xl font-semibold">{tag}</h2>
          {operations
            .filter((o) => o.op.tags?.includes(tag))
            .map(({ path, method, op, id }) => (
              <details key={id} id={id} className="mt-3 rounded-lg border border-slate-200 bg-white">
                <summary className="flex cursor-pointer items-center gap-3 px-4 py-3">
                  <span className={`w-16 rounded px-2 py-0.5 text-center text-xs font-bold uppercase ${METHOD_STYLE[method] ?? "bg-slate-100"}`}>{method}</span>
                  <code className="text-sm">{path}</code>
                  <span className="ml-auto text-sm text-slate-500">{op.summary}</span>
                </summary>
                <div className="space-y-4 border-t border-slate-100 px-4 py-4 text-sm">
                  {op.description ? <p className="leading-6">{op.description}</p> : null}
                  {op.parameters?.length ? (
                    <div>
                      <h3 className="font-medium">Parameters</h3>
                      <ul className="mt-1 list-disc pl-5">
                        {op.parameters.map((p) => (
                          <li key={`${p.in}-${p.name}`}>
                            <code>{p.name}</code> ({p.in}
                            {p.required ? ", required" : ""}){p.description ? ` — ${p.description}` : ""}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : null}
                  {op.requestBody ? (
                    <div>
                      <h3 className="font-medium">Request body</h3>
                      {Object.entries(op.requestBody.content).map(([type, c]) => (
                        <div key={type} className="mt-2">
                          <code className="text-xs text-slate-500">{type}</code>
                          <Json value={c.schema} />
                        </div>
                      ))}
                    </div>
                  ) : null}
                  <div>
                    <h3 className="font-medium">Responses</h3>
                    {Object.entries(op.responses).map(([status, r]) => (
                      <div key={status} className="mt-2">
                        <p>
                          <span className="font-mono font-semibold">{status}</span> {r.description}
                        </p>
                        {status.startsWith("2") && r.content
                          ? Object.entries(r.content).map(([type, c]) => (c.schema ? <Json key={type} value={c.schema} /> : null))
                          : null}
                      </div>
                    ))}
                  </div>
                </div>
              </details>
            ))}
        </section>
      ))}
      <section className="mt-12">
        <h2 className="text-xl font-semibold">Schemas</h2>
        {Object.entries(doc.components.schemas).map(([name, schema]) => (
          <details key={name} id={`schema-${name}`} className="mt-3 rounded-lg border border-slate-200 bg-white px-4 py-3">
            <summary className="cursor-pointer font-mono text-sm">{name}</summary>
            <Json value={schema} />
          </details>
        ))}
      </section>
    </main>
  );
}
