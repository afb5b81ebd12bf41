import { Link } from "react-router";

export const meta = () => [{ title: "Privacy Policy · PA Review" }];

export default function Privacy() {
  return (
    <article className="w-full max-w-2xl rounded-xl border border-slate-200 bg-white p-8 text-sm text-slate-700 shadow-sm">
      <h1 className="text-xl font-semibold text-slate-900">Privacy Policy</h1>
      <p className="mt-4">
        Case documents may contain protected health information. They are stored in your organization's database, visible only to members of your organization,
        and used only to process the cases they belong to.
      </p>
      <p className="mt-3">
        Sign-in uses one-time codes sent to your work email; we keep a session record (browser and time of last use) so you can be signed out everywhere.
      </p>
      <Link to="/login" className="mt-6 inline-block font-medium text-indigo-600">
        Back to sign in
      </Link>
    </article>
  );
}
