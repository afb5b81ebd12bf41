import { Link, useParams } from "react-router";
import { DEMO_KINDS, DEMO_KIND_INFO } from "~/demo/demo-kinds";

/** /demo/{orgId} — no agent chosen yet: tells the visitor to select one (PRODUCT-SPEC §2 Demo). */
export default function DemoHome() {
  const { orgId } = useParams();
  return (
    <div>
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center" data-testid="select-agent">
        <h2 className="text-lg font-semibold text-slate-900">Select an agent to start</h2>
        <p className="mx-auto mt-1 max-w-xl text-sm text-slate-500">
          Each demo runs all five steps on the fax you pick — intake, eligibility, clinical review, audit and the decision — and opens on the work of the agent
          you chose.
        </p>
      </div>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {DEMO_KINDS.map((k, i) => {
          const info = DEMO_KIND_INFO[k];
          return (
            <li key={k}>
              <Link
                to={`/demo/${orgId}/${k}`}
                className="group block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-indigo-300 hover:shadow"
              >
                <span className="text-xs font-semibold tracking-wide text-indigo-600 uppercase">
                  {k === "fax_simulation" ? "Your own PDF" : `Step ${i + 1}`}
                </span>
                <h3 className="mt-1 font-semibold text-slate-900 group-hover:text-indigo-700">{info.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{info.description}</p>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
