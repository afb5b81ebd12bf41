/**
 * Issue 24 item E: /settings/profile and /settings/notifications are real pages (they answered 404).
 * Profile shows the member's own name, email and roles and saves a new name (an empty one is refused
 * with its message); Notifications states the channels and this organization's active webhooks. Both
 * are in the settings menu and answer 404 for an organization the person is not a member of.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createAppHandler, formPost, type AppHandler } from "../support/fixtures-app";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { SETTINGS_MENU } from "~/components/settings-sections";

let t: TestDatabase;
let app: AppHandler;
let orgId: string;
let otherOrgId: string;
let userId: string;
let cookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOrgWithUser(t.database, { orgName: "Profile org", username: "Dr. Ada Lane", email: "ada@example.test" });
  const b = await createOrgWithUser(t.database, { orgName: "Not hers" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  userId = a.user.id;
  cookie = await signInCookie(t.database, userId);
  await t.database.prisma.webhookEndpoint.create({
    data: { organization_id: orgId, url: "https://hooks.example.test/pa", event_types: ["prior_auth.succeeded"], secret: "s", active: true },
  });
  app = await createAppHandler();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

it("both pages are in the settings menu", () => {
  const slugs = SETTINGS_MENU.flatMap((g) => g.items.map((i) => i.slug));
  expect(slugs).toEqual(expect.arrayContaining(["profile", "notifications"]));
});

it("profile shows the member and saves a new name; an empty name is refused", async () => {
  const page = await app.fetch(`/o/${orgId}/settings/profile`, { headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("ada@example.test");
  expect(html).toContain("Dr. Ada Lane");
  const saved = await app.fetch(`/o/${orgId}/settings/profile`, { ...formPost({ username: "Dr. Ada Lane-Ortiz" }, cookie), redirect: "manual" });
  expect(saved.status).toBe(302);
  expect((await t.database.prisma.user.findUniqueOrThrow({ where: { id: userId } })).username).toBe("Dr. Ada Lane-Ortiz");
  const empty = await app.fetch(`/o/${orgId}/settings/profile`, formPost({ username: "  " }, cookie));
  expect(empty.status).toBe(422);
  expect(await empty.text()).toContain("Name is required");
});

it("notifications lists the channels and the organization's active webhooks", async () => {
  const page = await app.fetch(`/o/${orgId}/settings/notifications`, { headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Sign-in codes and invitations by email");
  expect(html).toContain("https://hooks.example.test/pa");
});

it("another organization's settings pages are 404", async () => {
  for (const p of ["profile", "notifications"]) {
    expect((await app.fetch(`/o/${otherOrgId}/settings/${p}`, { headers: { Cookie: cookie } })).status).toBe(404);
  }
});
