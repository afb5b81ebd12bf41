/**
 * Organization settings: name and title saved per organization; the avatar is one image file the
 * app decodes and re-encodes as a 128×128 PNG (anything else is refused with a message).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser } from "../support/fixtures";
import { resizeAvatar, updateOrganizationSettings } from "~/organizations/update-organization.server";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await t?.cleanup();
});

async function png(w: number, h: number): Promise<Uint8Array> {
  const c = createCanvas(w, h);
  const ctx = c.getContext("2d");
  ctx.fillStyle = "#4f46e5";
  ctx.fillRect(0, 0, w, h);
  return new Uint8Array(await c.encode("png"));
}

describe("organization settings", () => {
  it("saves name, title and a resized avatar; refuses a non-image and an empty name", async () => {
    const { organization } = await createOrgWithUser(t.database, { orgName: "Before" });
    await updateOrganizationSettings(t.database, organization.id, { name: "  Prairie Health  ", title: "UM team" }, await png(640, 400));
    const row = await t.database.prisma.organization.findUniqueOrThrow({ where: { id: organization.id } });
    expect(row).toMatchObject({ name: "Prairie Health", title: "UM team" });
    expect(row.avatar).toMatch(/^data:image\/png;base64,/);
    const img = await loadImage(Buffer.from(row.avatar!.split(",")[1]!, "base64"));
    expect([img.width, img.height]).toEqual([128, 128]);

    await expect(resizeAvatar(new TextEncoder().encode("<svg onload=alert(1)>"))).rejects.toMatchObject({ code: "validation" });
    await expect(resizeAvatar(new Uint8Array())).rejects.toMatchObject({ code: "validation" });
    await expect(updateOrganizationSettings(t.database, organization.id, { name: " ", title: null })).rejects.toThrow(/Name is required/);
    // Without a new file the avatar is kept.
    await updateOrganizationSettings(t.database, organization.id, { name: "Prairie Health", title: "" });
    const after = await t.database.prisma.organization.findUniqueOrThrow({ where: { id: organization.id } });
    expect(after.avatar).toBe(row.avatar);
    expect(after.title).toBeNull();
  });
});
