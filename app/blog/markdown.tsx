/**
 * Safe Markdown rendering for blog posts: react-markdown builds React elements from the Markdown
 * syntax tree, so nothing is injected as raw HTML. `skipHtml` drops HTML written in the Markdown
 * (a `<script>` in a post body is never rendered), and react-markdown's default URL transform
 * removes `javascript:` and other unsafe link protocols.
 */
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";

/** A post body rendered with the typography styles. */
export function Markdown({ children, className = "" }: { children: string; className?: string }) {
  return (
    <div className={`prose prose-slate max-w-none prose-headings:font-semibold prose-a:text-indigo-600 ${className}`}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml>
        {children}
      </ReactMarkdown>
    </div>
  );
}
