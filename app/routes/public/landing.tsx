import { Link } from "react-router";
import type { Route } from "./+types/landing";
import { getPublicContext } from "~/public-site/public-context.server";
import { PublicShell, ScheduleDemoLink } from "~/public-site/public-shell";

export function meta() {
  return [
    { title: "PA Review — prior authorization decisions you can audit" },
    {
      name: "description",
      content:
        "AI agents that turn faxed prior authorization requests into cited, auditable decisions for health plans and PBMs. No denial without a quoted failed criterion and a clinician's sign-off.",
    },
  ];
}

/** GET / — the public landing page (PRODUCT-SPEC §1). */
export async function loader({ request }: Route.LoaderArgs) {
  return { ctx: await getPublicContext(request) };
}

const STEPS = [
  {
    n: 1,
    title: "Intake and extraction",
    text: "The faxed PDF is read — text layer or offline OCR for scans — and the patient, prescriber, medication, diagnoses, prior therapies and labs are extracted, each with a citation to the page and the words it came from.",
  },
  {
    n: 2,
    title: "Eligibility",
    text: "The member is matched to the plan's roster on the request date; the drug to the formulary: tier, quantity limit, step therapy.",
  },
  {
    n: 3,
    title: "Clinical review",
    text: "The plan's coverage policy is compiled into a decision tree. Every criterion on the path for the request's own indication is answered with evidence quoted from the fax.",
  },
  {
    n: 4,
    title: "Audit",
    text: "Consistency checks and your organization's audit rules run over the review: identity, dates, and quotes that really are on the page.",
  },
  {
    n: 5,
    title: "Decision",
    text: "Approved, denied or needs more information — with a confidence score, a rationale, citations into the fax and the full decision trail.",
  },
];

const AUDIENCES = [
  {
    title: "Utilization-management reviewers",
    text: "Open a case and see the decision, the policy passage and the fax quote side by side. Accept it, override it, or ask for what is missing.",
  },
  {
    title: "Pharmacists",
    text: "Formulary tier, quantity limits and step therapy checked against the plan, with prior therapies and durations read from the chart notes.",
  },
  {
    title: "Physicians and clinical reviewers",
    text: "Only the cases that need clinical judgement reach you. A denial is a recommendation until you sign it off — then the letter states the specific reason.",
  },
];

function Check() {
  return (
    <svg viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-indigo-600" fill="currentColor" aria-hidden>
      <path fillRule="evenodd" d="M16.7 5.3a1 1 0 010 1.4l-7.5 7.5a1 1 0 01-1.4 0L3.3 9.7a1 1 0 011.4-1.4l3.8 3.8 6.8-6.8a1 1 0 011.4 0z" clipRule="evenodd" />
    </svg>
  );
}

/** A static picture of what a reviewer sees, drawn from one of the bundled synthetic cases. */
function DecisionIllustration() {
  return (
    <figure className="relative rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-900/10">
      <div className="flex items-center justify-between">
        <div>
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Prior auth · Fax, 3 pages</p>
          <p className="mt-1 font-semibold text-slate-900">Enbrel 50 mg/mL SureClick</p>
          <p className="text-sm text-slate-500">Seropositive rheumatoid arthritis · M05.79</p>
        </div>
        <span className="rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-600/20">Approved</span>
      </div>
      <div className="mt-4">
        <div className="flex items-center justify-between text-xs text-slate-500">
          <span>Confidence</span>
          <span className="font-semibold text-slate-700">92%</span>
        </div>
        <div className="mt-1 h-1.5 rounded-full bg-slate-100">
          <div className="h-1.5 w-[92%] rounded-full bg-emerald-500" />
        </div>
      </div>
      <ul className="mt-4 space-y-2.5 text-sm">
        {[
          ["Prescribed by or with a rheumatologist", "Rheumatology follow-up"],
          ["Inadequate response to methotrexate ≥ 3 months", "Despite five months of methotrexate she has 90 minutes of morning stiffness"],
          ["Negative TB screen within 12 months", "QuantiFERON negative 03/30/2026"],
        ].map(([criterion, quote]) => (
          <li key={criterion} className="rounded-lg border border-slate-200 p-2.5">
            <div className="flex items-start gap-2">
              <Check />
              <span className="font-medium text-slate-800">{criterion}</span>
            </div>
            <p className="mt-1.5 ml-7 border-l-2 border-indigo-200 pl-2 text-xs text-slate-500 italic">
              “{quote}” <span className="not-italic text-indigo-600">Fax p. 2</span>
            </p>
          </li>
        ))}
      </ul>
      <figcaption className="mt-3 text-center text-xs text-slate-400">Illustration from a bundled synthetic case</figcaption>
    </figure>
  );
}

export default function Landing({ loaderData }: Route.ComponentProps) {
  const { ctx } = loaderData;
  const demo = ctx.demo_path;
  return (
    <PublicShell ctx={ctx}>
      {/* Hero */}
      <section className="relative overflow-hidden bg-gradient-to-b from-indigo-50/70 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
          <div>
            <p className="text-sm font-semibold text-indigo-600">For health plans and pharmacy benefit managers</p>
            <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance text-slate-900 sm:text-5xl">
              Prior authorization decisions you can audit, line by line
            </h1>
            <p className="mt-5 text-lg text-pretty text-slate-600">
              PA Review's AI agents read faxed prior authorization requests and medical claims, check them against your plan's coverage policies and return a
              decision with a confidence score, citations into the fax and the full decision trail. No request is denied without a quoted, clearly failed
              criterion — and no denial is final until a clinician signs it off.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              {demo && (
                <Link
                  to={demo}
                  className="rounded-md bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500"
                  data-testid="try-demo"
                >
                  Try the live demo
                </Link>
              )}
              <ScheduleDemoLink
                href={ctx.schedule_demo_url}
                className="rounded-md bg-white px-4 py-2.5 text-sm font-semibold text-slate-900 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
              />
              <Link to="/docs/api" className="px-2 py-2.5 text-sm font-semibold text-slate-700 hover:text-slate-900">
                API documentation →
              </Link>
            </div>
            <p className="mt-4 text-xs text-slate-500">The demo needs no account and runs the real agents on synthetic faxes.</p>
          </div>
          <div className="lg:pl-8">
            <DecisionIllustration />
          </div>
        </div>
      </section>

      {/* Who it is for */}
      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="max-w-2xl">
          <h2 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Built for the people who decide coverage</h2>
          <p className="mt-3 text-slate-600">
            Health plans and PBMs run their prior authorization intake, review and letters in one workspace — with a sandbox organization for trying policies
            before they go live, and an API for everything the screens do.
          </p>
        </div>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {AUDIENCES.map((a) => (
            <div key={a.title} className="rounded-xl border border-slate-200 p-6">
              <h3 className="font-semibold text-slate-900">{a.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{a.text}</p>
            </div>
          ))}
        </div>
      </section>

      {/* How it works */}
      <section id="how-it-works" className="scroll-mt-20 bg-slate-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold text-indigo-300">How a decision is reached</p>
            <h2 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">Five agents, one rule book, a human on every denial</h2>
            <p className="mt-3 text-slate-300">
              The same five steps run for every fax, typed or scanned, on the built-in clinical engine or your own OpenAI-compatible model. A model may propose;
              the decision rules decide.
            </p>
          </div>
          <ol className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            {STEPS.map((s) => (
              <li key={s.n} className="rounded-xl bg-white/5 p-5 ring-1 ring-white/10">
                <span className="flex h-8 w-8 items-center justify-center rounded-full bg-indigo-500 text-sm font-semibold">{s.n}</span>
                <h3 className="mt-3 font-semibold">{s.title}</h3>
                <p className="mt-2 text-sm text-slate-300">{s.text}</p>
              </li>
            ))}
          </ol>
          <div className="mt-10 grid gap-4 md:grid-cols-3">
            {[
              [
                "Citations, not assertions",
                "Every extracted fact and every answered criterion points to the fax page and the exact words. Reviewers check a quote, not a guess.",
              ],
              [
                "Denials need a failed criterion",
                "A denial is only recommended when a clearly read criterion clearly fails, quoted verbatim. Anything uncertain becomes a specific request for more information.",
              ],
              [
                "Clinician sign-off",
                "A denial becomes final only after a clinical reviewer signs it off, and a human decision is never overwritten by a later AI run.",
              ],
            ].map(([title, text]) => (
              <div key={title} className="flex gap-3">
                <Check />
                <div>
                  <p className="font-semibold">{title}</p>
                  <p className="mt-1 text-sm text-slate-300">{text}</p>
                </div>
              </div>
            ))}
          </div>
        </div>
      </section>

      {/* Demo + API */}
      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-2">
        <div className="rounded-2xl bg-indigo-50 p-8">
          <h2 className="text-xl font-semibold text-slate-900">See the agents work on a fax</h2>
          <p className="mt-2 text-sm text-slate-600">
            Pick one of the bundled synthetic faxes — typed or scanned — or upload your own PDF, and watch the intake, eligibility, clinical review and audit
            agents reach a decision. Nothing you upload is stored.
          </p>
          {demo ? (
            <Link to={demo} className="mt-5 inline-block rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
              Open the AI agents demo
            </Link>
          ) : (
            <p className="mt-5 text-sm text-slate-500">The demo is not set up on this instance.</p>
          )}
        </div>
        <div className="rounded-2xl border border-slate-200 p-8">
          <h2 className="text-xl font-semibold text-slate-900">An API for everything on screen</h2>
          <p className="mt-2 text-sm text-slate-600">
            Submit faxes and ePA documents, run the agents, read decisions with their citations and trails, and manage plans and coverage policies — JSON over
            HTTPS with API keys, documented from the same schemas the server validates with.
          </p>
          <Link
            to="/docs/api"
            className="mt-5 inline-block rounded-md bg-white px-4 py-2 text-sm font-semibold text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            Read the API documentation
          </Link>
        </div>
      </section>

      {/* Hiring + partnering */}
      <section className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-2">
          <div id="careers" className="scroll-mt-20">
            <p className="text-sm font-semibold text-indigo-600">We are hiring</p>
            <h2 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">Build software clinicians can trust</h2>
            <p className="mt-3 text-slate-600">
              We are looking for engineers who care about evidence — document understanding, clinical rules, and products reviewers enjoy using — and for
              pharmacists and nurses who have worked a utilization-management queue and want to fix it.
            </p>
            <Link to="/schedule-demo?topic=careers" className="mt-5 inline-block text-sm font-semibold text-indigo-600 hover:text-indigo-500">
              Write to us about a role →
            </Link>
          </div>
          <div id="partners" className="scroll-mt-20">
            <p className="text-sm font-semibold text-indigo-600">Partner with us</p>
            <h2 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">Health plans, PBMs and EHR vendors</h2>
            <p className="mt-3 text-slate-600">
              We work with plans preparing for the CMS-0057-F decision time frames and prior authorization APIs, with PBMs that want their formulary rules
              applied the same way every time, and with vendors who send us ePA requests.
            </p>
            <Link to="/schedule-demo?topic=partnership" className="mt-5 inline-block text-sm font-semibold text-indigo-600 hover:text-indigo-500">
              Talk to us about a partnership →
            </Link>
          </div>
        </div>
      </section>

      {/* Final CTA */}
      <section className="mx-auto max-w-6xl px-4 py-16 text-center sm:px-6">
        <h2 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Bring us your hardest faxes</h2>
        <p className="mx-auto mt-3 max-w-xl text-slate-600">
          We will run them through the agents with your coverage policies and walk you through every decision and citation.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <ScheduleDemoLink
            href={ctx.schedule_demo_url}
            className="rounded-md bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500"
          />
          <Link to="/blog" className="rounded-md px-4 py-2.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
            Read the blog
          </Link>
        </div>
      </section>
    </PublicShell>
  );
}
