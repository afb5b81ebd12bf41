/** Form schemas of the sign-in pages, shared by the browser (Conform) and the server. */
import { z } from "zod";

export const EmailStepSchema = z.object({
  email: z.string({ error: "Enter your email address." }).trim().email("Enter a valid email address.").max(254),
});

export const RegisterSchema = z.object({
  email: z.string({ error: "Enter your email address." }).trim().email("Enter a valid email address.").max(254),
  username: z.string({ error: "Enter your name." }).trim().min(1, "Enter your name.").max(100),
  organization_name: z.string({ error: "Enter your organization's name." }).trim().min(2, "Enter your organization's name.").max(120),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** PRODUCT-SPEC §5: "code is 6 numeric digits". */
export const CodeStepSchema = z.object({
  code: z
    .string({ error: "Enter the 6-digit code." })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code."),
});

export const CheckAccountSchema = z.object({
  email: z.string({ error: "Email is required" }).trim().email("Enter a valid email address.").max(254),
  organization_id: z.string().trim().max(64).optional().nullable(),
});

export const VerifyCodeSchema = z.object({
  email: z.string().trim().email().max(254).optional().nullable(),
  code: z.coerce.string({ error: "Code is required" }).trim().min(1, "Code is required").max(20, "Code must be at most 20 characters"),
});
