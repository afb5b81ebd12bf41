/**
 * Input schemas of the team and roles commands (PRODUCT-SPEC §5: "Add user: email and username
 * required; avatar one image file only"; "Role form: name and description required"), shared by
 * the pages (Conform) and the /api routes.
 */
import { z } from "zod";
import { BUILT_IN_ROLE_KEYS, CUSTOM_ROLE_PERMISSIONS } from "~/auth/permission-matrix";

/** Largest avatar upload accepted, in bytes (it is resized to AVATAR_SIZE_PX before storing). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

const builtInRole = z.enum(BUILT_IN_ROLE_KEYS as [string, ...string[]], { error: "Unknown role" });

/** Coerces a form value (one string, several strings) or a JSON array to a string array. */
const stringList = z.preprocess((v) => (v == null || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().max(100)).max(20));

export const AddUserSchema = z.object({
  email: z.string({ error: "Email is required" }).trim().min(1, "Email is required").max(254).email("Enter a valid email address."),
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(100, "Username must be at most 100 characters"),
  roles: stringList.pipe(z.array(builtInRole)).optional(),
});
export type AddUserInput = z.infer<typeof AddUserSchema>;

export const SetRolesSchema = z.object({
  roles: stringList.pipe(z.array(builtInRole)),
  role_id: z.preprocess((v) => (v === "" ? null : v), z.string().max(64).nullable().optional()),
});
export type SetRolesInput = z.infer<typeof SetRolesSchema>;

export const CreateRoleSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(60, "Name must be at most 60 characters"),
  description: z.string({ error: "Description is required" }).trim().min(1, "Description is required").max(300, "Description must be at most 300 characters"),
  permissions: stringList
    .pipe(
      z.array(
        z.enum(CUSTOM_ROLE_PERMISSIONS as [string, ...string[]], {
          error: "Unknown or reserved permission (only the clinical reviewer role may sign off denials)",
        }),
      ),
    )
    .optional(),
  organization_id: z.string().trim().max(64).optional().nullable(),
});
export type CreateRoleInput = z.infer<typeof CreateRoleSchema>;

export const AuditFilterSchema = z.object({
  user: z.string().trim().max(254).optional().catch(undefined),
  case: z.string().trim().max(200).optional().catch(undefined),
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;
