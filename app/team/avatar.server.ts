/**
 * Avatars (PRODUCT-SPEC §5 "avatar one image file only"): an uploaded image is checked (an image
 * type, at most AVATAR_MAX_BYTES and 8000 px a side, read from its header before decoding so a
 * tiny file claiming huge dimensions cannot exhaust memory), cropped to a centred square and
 * resized to AVATAR_SIZE_PX, then stored as WebP in users.avatar_image. It is served by
 * /avatars/{userId} (routes/files/avatars.$userId.tsx) to members of an organization the user belongs to.
 */
import { imageSize } from "image-size";
import { AppError } from "~/lib/errors";
import { AVATAR_MAX_BYTES } from "~/team/team-input";
import type { Database } from "~/lib/db.server";

export const AVATAR_SIZE_PX = 128;
const MAX_SIDE_PX = 8000;
const ACCEPTED = new Set(["png", "jpg", "gif", "webp", "bmp"]);

/**
 * A square AVATAR_SIZE_PX WebP of `bytes`. Throws AppError("validation") for an empty, oversized,
 * unreadable or non-image file ("Avatar must be one image file (PNG, JPEG, GIF or WebP)").
 */
export async function resizeAvatar(bytes: Uint8Array): Promise<Buffer> {
  const invalid = () => new AppError("validation", "Avatar must be one image file (PNG, JPEG, GIF or WebP)");
  if (bytes.byteLength === 0) throw invalid();
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw new AppError("validation", `Avatar must be at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB`);
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    throw invalid();
  }
  if (!size.type || !ACCEPTED.has(size.type) || !size.width || !size.height) throw invalid();
  if (size.width > MAX_SIDE_PX || size.height > MAX_SIDE_PX) throw new AppError("validation", `Avatar must be at most ${MAX_SIDE_PX} pixels a side`);
  // Loaded on demand, as elsewhere (render-fax, parse-pdf): a static import of the native module
  // would pull it into Vite's dependency scan of the client build.
  const { createCanvas, loadImage } = await import("@napi-rs/canvas");
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(Buffer.from(bytes));
  } catch {
    throw invalid();
  }
  const side = Math.min(image.width, image.height);
  const canvas = createCanvas(AVATAR_SIZE_PX, AVATAR_SIZE_PX);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(image, (image.width - side) / 2, (image.height - side) / 2, side, side, 0, 0, AVATAR_SIZE_PX, AVATAR_SIZE_PX);
  return canvas.encode("webp", 85);
}

/** The URL an avatar stored for `userId` is served at (versioned so a new upload is not cached away). */
export function avatarUrl(userId: string, version: Date): string {
  return `/avatars/${userId}?v=${version.getTime()}`;
}

/**
 * The bytes of an `avatar` form field: null when absent or an empty file input; throws
 * AppError("validation") when it is not a file (a JSON string, say).
 */
export async function avatarUpload(value: unknown): Promise<Uint8Array | null> {
  if (value == null || value === "") return null;
  if (typeof value === "object" && value !== null && "arrayBuffer" in value && typeof (value as Blob).arrayBuffer === "function") {
    const file = value as Blob;
    if (file.size === 0) return null;
    return new Uint8Array(await file.arrayBuffer());
  }
  throw new AppError("validation", "Avatar must be one image file (PNG, JPEG, GIF or WebP)");
}

/**
 * The stored avatar of `userId` for `viewerId`: only for the user themself or someone sharing an
 * organization (or its live/sandbox counterpart) with them. Null otherwise or when none is stored.
 */
export async function loadAvatar(database: Database, viewerId: string, userId: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const user = await database.prisma.user.findUnique({
    where: { id: userId },
    select: {
      avatar_image: true,
      memberships: { select: { organization: { select: { id: true, parent_id: true, sandbox_organization: { select: { id: true } } } } } },
    },
  });
  if (!user?.avatar_image) return null;
  if (viewerId !== userId) {
    const orgIds = user.memberships
      .flatMap((m) => [m.organization.id, m.organization.parent_id, m.organization.sandbox_organization?.id])
      .filter((x): x is string => Boolean(x));
    const shared = await database.prisma.membership.count({ where: { user_id: viewerId, organization_id: { in: orgIds } } });
    if (shared === 0) return null;
  }
  return Uint8Array.from(user.avatar_image);
}
