import { Link } from "react-router";

export const meta = () => [{ title: "Terms of Service · PA Review" }];

export default function Terms() {
  return (
    <article className="prose prose-slate w-full max-w-2xl rounded-xl border border-slate-200 bg-white p-8 text-sm text-slate-700 shadow-sm">
      <h1 className="text-xl font-semibold text-slate-900">Terms of Service</h1>
      <p className="mt-4">
        PA Review is a decision-support tool for utilization management staff. AI recommendations are advisory: a qualified reviewer remains responsible for
        every prior authorization determination, and adverse determinations follow your organization's clinical review policy.
      </p>
      <p className="mt-3">Your organization's agreement with the operator of this installation governs access, data retention and support.</p>
      <Link to="/login" className="mt-6 inline-block font-medium text-indigo-600">
        Back to sign in
      </Link>
    </article>
  );
}
