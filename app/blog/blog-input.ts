/**
 * The one input schema of a blog post write (PUT /blogs/{id}, the create and edit forms).
 * PRODUCT-SPEC §5: "Blog title required". Body is Markdown, rendered safely (markdown.tsx).
 */
import { z } from "zod";

export const BLOG_TITLE_REQUIRED = "Title is required";

/** Checkbox / JSON boolean: "on", "true", true → true; absent → undefined (keep as is). */
const checkbox = z.preprocess(
  (v) => (v === "on" || v === "true" || v === true ? true : v === "false" || v === false || v === "off" ? false : v),
  z.boolean().optional(),
);

export const BlogInputSchema = z.object({
  title: z.string({ error: BLOG_TITLE_REQUIRED }).trim().min(1, BLOG_TITLE_REQUIRED).max(200, "Title must be at most 200 characters"),
  description: z.string().trim().max(500, "Description must be at most 500 characters").optional().default(""),
  body: z.string().max(100_000, "Body must be at most 100,000 characters").optional().default(""),
  published: checkbox,
});
export type BlogInput = z.infer<typeof BlogInputSchema>;
