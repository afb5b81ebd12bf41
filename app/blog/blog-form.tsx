/**
 * The create / edit form of a blog post (administrators). A plain POST that works before
 * JavaScript; the server answers 'Failed to create blog' with the reasons (PRODUCT-SPEC §5, §8).
 */
import { Form, useNavigation } from "react-router";
import type { BlogJson } from "./blogs.server";

export function BlogForm({ blog, errors }: { blog?: Partial<BlogJson> | null; errors?: string[] }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="space-y-5" noValidate>
      {errors && errors.length > 0 && (
        <div role="alert" className="rounded-md border border-rose-200 bg-rose-50 p-3 text-sm text-rose-800" data-testid="blog-errors">
          <p className="font-semibold">{errors[0]}</p>
          {errors.length > 1 && (
            <ul className="mt-1 list-disc pl-5">
              {errors.slice(1).map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div>
        <label htmlFor="title" className="block text-sm font-medium text-slate-700">
          Title <span className="text-rose-600">*</span>
        </label>
        <input
          id="title"
          name="title"
          required
          maxLength={200}
          defaultValue={blog?.title ?? ""}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:ring-indigo-500"
        />
      </div>
      <div>
        <label htmlFor="description" className="block text-sm font-medium text-slate-700">
          Description
        </label>
        <textarea
          id="description"
          name="description"
          rows={2}
          maxLength={500}
          defaultValue={blog?.description ?? ""}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:ring-indigo-500"
        />
        <p className="mt-1 text-xs text-slate-500">Shown under the title and in the blog index.</p>
      </div>
      <div>
        <label htmlFor="body" className="block text-sm font-medium text-slate-700">
          Body (Markdown)
        </label>
        <textarea
          id="body"
          name="body"
          rows={18}
          defaultValue={blog?.body ?? ""}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm shadow-sm focus:border-indigo-500 focus:ring-indigo-500"
        />
        <p className="mt-1 text-xs text-slate-500">Headings, lists, tables, links and emphasis. HTML in the body is not rendered.</p>
      </div>
      <div className="flex items-center gap-2">
        <input type="hidden" name="published" value="off" />
        <input
          id="published"
          name="published"
          type="checkbox"
          defaultChecked={blog?.published ?? true}
          className="h-4 w-4 rounded border-slate-300 text-indigo-600"
        />
        <label htmlFor="published" className="text-sm text-slate-700">
          Published (visible to everyone)
        </label>
      </div>
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 disabled:opacity-60"
      >
        {busy ? "Saving…" : "Save post"}
      </button>
    </Form>
  );
}
