export function meta() {
  return [{ title: "PA Review — prior authorization decisions you can audit" }];
}

export default function Landing() {
  return (
    <main className="mx-auto max-w-3xl p-16">
      <h1 className="text-3xl font-semibold">Prior authorization review</h1>
      <p className="mt-4 text-gray-600">Faxed PA requests in, cited decisions out.</p>
      <a href="/login" className="mt-8 inline-block rounded bg-indigo-600 px-4 py-2 text-white">
        Sign in
      </a>
    </main>
  );
}
