/**
 * The sections of a formulary drug requirement (PRODUCT-SPEC §2): the formulary block (products,
 * tier, PA, quantity limit, step therapy) and the criteria block (the spec's sections plus age),
 * each value with where it came from — the plan's formulary import or the coverage policy it was
 * extracted from (formulary-requirement-detail.server.ts). A section with nothing known shows
 * "N/A", as the spec's formulary detail does (PRODUCT-SPEC §2).
 */
import { Link } from "react-router";
import { formatDateTime } from "~/prior-auths/ui/decision";
import type { DetailSection } from "../formulary-requirement-detail.server";

export interface FormularyRequirementView {
  drug_name: string;
  plan: { token: string; title: string } | null;
  ndc: string | null;
  rxcui: string | null;
  formulary: DetailSection[];
  criteria: DetailSection[];
}

function SourceNote({ source }: { source: DetailSection["source"] }) {
  if (!source) return null;
  const label = source.at ? `${source.label} · ${formatDateTime(source.at)}` : source.label;
  return (
    <p className="mt-1 text-xs text-slate-400" data-testid="section-source" data-kind={source.kind}>
      {source.href ? (
        <Link to={source.href} className="hover:text-slate-700 hover:underline">
          {label}
        </Link>
      ) : (
        label
      )}
    </p>
  );
}

function Sections({ title, sections, testId }: { title: string; sections: DetailSection[]; testId: string }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white">
      <h2 className="border-b border-slate-100 px-5 py-3 text-sm font-semibold text-slate-900">{title}</h2>
      <dl className="divide-y divide-slate-100 px-5" data-testid={testId}>
        {sections.map((s) => (
          <div key={s.key} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4" data-section={s.key}>
            <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{s.title}</dt>
            <dd className="sm:col-span-2">
              {s.value ? <p className="text-sm whitespace-pre-wrap text-slate-800">{s.value}</p> : <p className="text-sm text-slate-400 italic">N/A</p>}
              <SourceNote source={s.source} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function FormularyRequirementSections({ requirement: r }: { requirement: FormularyRequirementView }) {
  const ids = [r.ndc && `NDC ${r.ndc}`, r.rxcui && `RxCUI ${r.rxcui}`].filter(Boolean).join(" · ");
  return (
    <div className="space-y-4" data-testid="formulary-requirement">
      {(r.plan || ids) && (
        <p className="text-sm text-slate-600">
          {r.plan ? <>Plan {r.plan.title}</> : null}
          {r.plan && ids ? " · " : null}
          {ids}
        </p>
      )}
      <Sections title="Formulary" sections={r.formulary} testId="formulary-sections" />
      <Sections title="Coverage criteria" sections={r.criteria} testId="criteria-sections" />
    </div>
  );
}
