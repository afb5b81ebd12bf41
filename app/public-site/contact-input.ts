/** The one input schema of the /schedule-demo form (a demo request, a partnership or a job enquiry). */
import { z } from "zod";

export const CONTACT_TOPICS = ["demo", "partnership", "careers"] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_TOPIC_LABEL: Record<ContactTopic, string> = { demo: "Schedule a demo", partnership: "Partnership", careers: "Working with us" };

export const ContactInputSchema = z.object({
  topic: z.enum(CONTACT_TOPICS).catch("demo"),
  name: z.string({ error: "Your name is required" }).trim().min(1, "Your name is required").max(200),
  email: z.string({ error: "Your work email is required" }).trim().email("Enter a valid email address").max(254),
  organization: z.string().trim().max(200).optional().default(""),
  message: z.string().trim().max(5000, "Message must be at most 5,000 characters").optional().default(""),
});
export type ContactInput = z.infer<typeof ContactInputSchema>;
