/**
 * Organization settings: name, title and avatar of one organization (each half of a live/sandbox
 * pair has its own). The avatar is one image file (PNG, JPEG, WebP or GIF, at most 5 MB), decoded and
 * resized by the app to 128×128 PNG (cover crop) and stored as a data URL, so no file store is needed
 * and what is served is always an image the app itself encoded.
 */
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { AppError, notFound } from "~/lib/errors";

export const OrganizationSettingsSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(120, "Name must be at most 120 characters"),
  title: z
    .string()
    .trim()
    .max(200, "Title must be at most 200 characters")
    .optional()
    .nullable()
    .transform((v) => v || null),
});

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_SIZE = 128;

/**
 * Decodes an uploaded image and returns a 128×128 PNG data URL.
 * @throws AppError validation when the file is empty, too large or not a decodable image
 */
export async function resizeAvatar(bytes: Uint8Array): Promise<string> {
  if (!bytes.length) throw new AppError("validation", "Choose an image file");
  if (bytes.length > AVATAR_MAX_BYTES) throw new AppError("validation", "The image must be at most 5 MB");
  const { createCanvas, loadImage } = await import("@napi-rs/canvas");
  let image;
  try {
    image = await loadImage(Buffer.from(bytes));
  } catch {
    throw new AppError("validation", "The file is not an image (PNG, JPEG, WebP or GIF)");
  }
  if (!image.width || !image.height || image.width * image.height > 50_000_000) throw new AppError("validation", "The image has unusable dimensions");
  const canvas = createCanvas(AVATAR_SIZE, AVATAR_SIZE);
  const ctx = canvas.getContext("2d");
  const scale = Math.max(AVATAR_SIZE / image.width, AVATAR_SIZE / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  ctx.drawImage(image, (AVATAR_SIZE - w) / 2, (AVATAR_SIZE - h) / 2, w, h);
  return `data:image/png;base64,${(await canvas.encode("png")).toString("base64")}`;
}

/** Updates name and title (and the avatar when `avatar` bytes are given). @throws AppError not_found / validation */
export async function updateOrganizationSettings(
  database: Database,
  organizationId: string,
  input: z.input<typeof OrganizationSettingsSchema>,
  avatar?: Uint8Array | null,
): Promise<void> {
  const parsed = OrganizationSettingsSchema.parse(input);
  const avatarUrl = avatar && avatar.length ? await resizeAvatar(avatar) : undefined;
  const res = await database.prisma.organization.updateMany({
    where: { id: organizationId },
    data: { name: parsed.name, title: parsed.title, ...(avatarUrl ? { avatar: avatarUrl } : {}) },
  });
  if (!res.count) throw notFound();
}

/** Removes the organization's avatar. */
export async function removeOrganizationAvatar(database: Database, organizationId: string): Promise<void> {
  await database.prisma.organization.updateMany({ where: { id: organizationId }, data: { avatar: null } });
}
