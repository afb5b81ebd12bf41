/**
 * Team, roles and the PHI access audit through the real request handler:
 *  - users API: add (invitation emailed, default reviewer role, resized avatar served to teammates
 *    only), validation, owners cannot be deleted, tenancy (another organization's user → 404),
 *    role changes;
 *  - roles: POST /api/roles 'Role created successfully', the reserved sign-off permission refused,
 *    duplicates 409; a reviewer cannot sign off a denial, the same person as clinical reviewer can;
 *  - audit: case views by page and API key are recorded (who, via, ip, user agent), the table
 *    refuses UPDATE/DELETE, administrators browse and export CSV, reviewers get 403.
 */
import { createCanvas } from "@napi-rs/canvas";
import { imageSize } from "image-size";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, formPost, type AppHandler } from "../support/fixtures-app";
import { seedReviewedCase } from "./api-prior-auths.seed";
import { createApiKey } from "~/auth/api-keys.server";
import { SIGN_OFF_FORBIDDEN } from "~/auth/permissions.server";
import { signDocumentUrl } from "~/documents/signed-url.server";

let t: TestDatabase;
let app: AppHandler;
let orgId: string;
let ownerId: string;
let ownerCookie: string;
let otherOrgId: string;
let otherUserId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createAppHandler();
  const a = await createOrgWithUser(t.database, { orgName: "Team Plan", username: "Olive Owner" });
  const b = await createOrgWithUser(t.database, { orgName: "Other Plan" });
  orgId = a.organization.id;
  ownerId = a.user.id;
  ownerCookie = await signInCookie(t.database, a.user.id);
  otherOrgId = b.organization.id;
  otherUserId = b.user.id;
}, 180_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

const jsonHeaders = (cookie: string) => ({ Cookie: cookie, "Content-Type": "application/json" });

function png(width: number, height: number): Uint8Array<ArrayBuffer> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#4f46e5";
  ctx.fillRect(0, 0, width, height);
  return Uint8Array.from(canvas.toBuffer("image/png"));
}

async function addUser(body: Record<string, unknown>, cookie = ownerCookie) {
  return app.fetch(`/api/o/${orgId}/users`, { method: "POST", headers: jsonHeaders(cookie), body: JSON.stringify(body) });
}

describe("users API", () => {
  it("adds a user as reviewer and emails a sign-in invitation that leads into the organization", async () => {
    const res = await addUser({ email: "Nina.Nurse@Example.test", username: "Nina Nurse" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, user: { email: "nina.nurse@example.test", username: "Nina Nurse", owner: false, roles: ["reviewer"] } });
    expect(body.user.permissions).not.toContain("denials.sign_off");
    const mail = await t.database.prisma.emailOutbox.findFirstOrThrow({ where: { to: "nina.nurse@example.test", kind: "invitation" } });
    expect(mail.subject).toContain("Team Plan");
    expect(mail.text).toContain(`/continue?redirect_to=${encodeURIComponent(`/o/${orgId}/prior-auths`)}`);
    expect(mail.text).toContain("Olive Owner");

    const list = await (await app.fetch(`/api/o/${orgId}/users.json`, { headers: { Cookie: ownerCookie } })).json();
    expect(list.users.map((u: { email: string }) => u.email)).toContain("nina.nurse@example.test");
    const owner = list.users.find((u: { id: string }) => u.id === ownerId);
    expect(owner).toMatchObject({ owner: true });
    expect(owner.last_active_at).not.toBeNull();

    const again = await addUser({ email: "nina.nurse@example.test", username: "Nina" });
    expect(again.status).toBe(409);
  });

  it("requires email and username; 422 with the spec's messages", async () => {
    const res = await addUser({});
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual(expect.arrayContaining(["email: Email is required", "username: Username is required"]));
  });

  it("stores one image avatar resized to 128 px, served to teammates only; a non-image is refused", async () => {
    const form = new FormData();
    form.set("email", "ava@example.test");
    form.set("username", "Ava Tar");
    form.set("avatar", new File([png(640, 480)], "me.png", { type: "image/png" }));
    const res = await app.fetch(`/api/o/${orgId}/users`, { method: "POST", headers: { Cookie: ownerCookie }, body: form });
    expect(res.status).toBe(200);
    const { user } = await res.json();
    expect(user.avatar).toMatch(new RegExp(`^/avatars/${user.id}\\?v=\\d+$`));
    const image = await app.fetch(user.avatar, { headers: { Cookie: ownerCookie } });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(imageSize(new Uint8Array(await image.arrayBuffer()))).toMatchObject({ width: 128, height: 128, type: "webp" });
    const stranger = await app.fetch(user.avatar, { headers: { Cookie: await signInCookie(t.database, otherUserId) } });
    expect(stranger.status).toBe(404);

    const bad = new FormData();
    bad.set("email", "bad-avatar@example.test");
    bad.set("username", "Bad");
    bad.set("avatar", new File(["not an image"], "x.png", { type: "image/png" }));
    const refused = await app.fetch(`/api/o/${orgId}/users`, { method: "POST", headers: { Cookie: ownerCookie }, body: bad });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors[0]).toMatch(/Avatar must be one image file/);
    expect(await t.database.prisma.user.count({ where: { email: "bad-avatar@example.test" } })).toBe(0);
  });

  it("owners cannot be deleted; members can; another organization's user is 404", async () => {
    const owner = await app.fetch(`/api/o/${orgId}/users/${ownerId}`, { method: "DELETE", headers: jsonHeaders(ownerCookie) });
    expect(owner.status).toBe(403);
    expect(await owner.json()).toEqual({ success: false, errors: ["Owners cannot be deleted"] });

    const { user } = await (await addUser({ email: "temp@example.test", username: "Temp" })).json();
    const del = await app.fetch(`/api/o/${orgId}/users/${user.id}`, { method: "DELETE", headers: jsonHeaders(ownerCookie) });
    expect(del.status).toBe(200);
    expect(await t.database.prisma.membership.count({ where: { user_id: user.id } })).toBe(0);

    const foreign = await app.fetch(`/api/o/${orgId}/users/${otherUserId}`, { method: "DELETE", headers: jsonHeaders(ownerCookie) });
    expect(foreign.status).toBe(404);
    expect(await t.database.prisma.membership.count({ where: { user_id: otherUserId, organization_id: otherOrgId } })).toBe(1);
    const otherOrg = await app.fetch(`/api/o/${otherOrgId}/users`, { headers: { Cookie: ownerCookie } });
    expect(otherOrg.status).toBe(404);
  });

  it("a reviewer cannot add users or change roles (403), an administrator can", async () => {
    const { user } = await (await addUser({ email: "rita@example.test", username: "Rita Reviewer" })).json();
    const rita = await signInCookie(t.database, user.id);
    expect((await addUser({ email: "x@example.test", username: "x" }, rita)).status).toBe(403);
    const self = await app.fetch(`/api/o/${orgId}/users/${user.id}`, {
      method: "PATCH",
      headers: jsonHeaders(rita),
      body: JSON.stringify({ roles: ["administrator"] }),
    });
    expect(self.status).toBe(403);
    const promoted = await app.fetch(`/api/o/${orgId}/users/${user.id}`, {
      method: "PATCH",
      headers: jsonHeaders(ownerCookie),
      body: JSON.stringify({ roles: ["administrator"] }),
    });
    expect(promoted.status).toBe(200);
    expect((await promoted.json()).user.roles).toEqual(["administrator"]);
    expect((await addUser({ email: "added-by-rita@example.test", username: "x" }, rita)).status).toBe(200);
  });
});

describe("role grants (nobody grants what they do not hold)", () => {
  const patchRoles = (userId: string, body: Record<string, unknown>, headers: Record<string, string>) =>
    app.fetch(`/api/o/${orgId}/users/${userId}`, { method: "PATCH", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });

  async function teamManager(email: string) {
    const role = await app.fetch(`/api/o/${orgId}/roles`, {
      method: "POST",
      headers: jsonHeaders(ownerCookie),
      body: JSON.stringify({ name: `Team manager ${email}`, description: "Manages the team", permissions: ["team.manage", "cases.read"] }),
    });
    expect(role.status).toBe(200);
    const roleId = (await role.json()).role.id as string;
    const { user } = await (await addUser({ email, username: email })).json();
    expect((await patchRoles(user.id, { roles: [], role_id: roleId }, { Cookie: ownerCookie })).status).toBe(200);
    return { user, roleId, cookie: await signInCookie(t.database, user.id) };
  }

  it("a team manager cannot make themselves administrator + clinical reviewer, by /api or the team page, nor sign off a denial", async () => {
    const mallory = await teamManager("mallory@example.test");
    const self = await patchRoles(mallory.user.id, { roles: ["administrator", "clinical_reviewer"], role_id: mallory.roleId }, { Cookie: mallory.cookie });
    expect(self.status).toBe(403);
    expect((await self.json()).errors).toEqual(["You cannot change your own roles"]);

    const page = await app.fetch(`/o/${orgId}/users`, formPost({ intent: "set_roles", user_id: mallory.user.id, roles: "clinical_reviewer" }, mallory.cookie));
    expect(page.status).toBe(403);
    const membership = await t.database.prisma.membership.findFirstOrThrow({ where: { user_id: mallory.user.id, organization_id: orgId } });
    expect(membership.roles).toEqual(["reviewer"]);

    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });
    const signOff = await app.fetch(`/api/o/${orgId}/prior_auths/${priorAuthId}/generate_denial_letter`, {
      method: "POST",
      headers: jsonHeaders(mallory.cookie),
      body: JSON.stringify({ clinician_sign_off: true }),
    });
    expect(signOff.status).toBe(403);
  });

  it("a team manager cannot invite or promote anyone to a role they do not hold, nor create a role with more than they hold", async () => {
    const trent = await teamManager("trent@example.test");
    for (const roles of [["clinical_reviewer"], ["administrator"], ["policy_author"]]) {
      const res = await addUser({ email: `by-trent-${roles[0]}@example.test`, username: "x", roles }, trent.cookie);
      expect(res.status, roles[0]).toBe(403);
    }
    expect(await t.database.prisma.user.count({ where: { email: { startsWith: "by-trent-" } } })).toBe(0);
    const { user } = await (await addUser({ email: "victim@example.test", username: "Victim" })).json();
    expect((await patchRoles(user.id, { roles: ["clinical_reviewer"] }, { Cookie: trent.cookie })).status).toBe(403);
    const role = await app.fetch(`/api/o/${orgId}/roles`, {
      method: "POST",
      headers: jsonHeaders(trent.cookie),
      body: JSON.stringify({ name: "Escalator", description: "x", permissions: ["keys.manage", "team.manage"] }),
    });
    expect(role.status).toBe(403);
    const page = await app.fetch(
      `/o/${orgId}/settings/permissions`,
      formPost({ name: "Escalator", description: "x", permissions: "audit.read" }, trent.cookie),
    );
    expect(page.status).toBe(403);
    expect(await t.database.prisma.role.count({ where: { name: "Escalator" } })).toBe(0);
  });

  it("an API key never grants the clinical reviewer role, whatever its scopes; its invitee cannot sign off", async () => {
    for (const scopes of [
      ["team.manage"],
      ["team.manage", "cases.read", "cases.write", "cases.decide", "policies.edit", "keys.manage", "webhooks.manage", "audit.read"],
    ]) {
      const key = await createApiKey(orgId, { name: "team key", scopes, createdById: ownerId });
      const headers = { Authorization: `Bearer ${key.plaintext}`, "Content-Type": "application/json" };
      const invite = await app.fetch(`/api/o/${orgId}/users`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email: `key-invitee-${scopes.length}@example.test`, username: "Key Invitee", roles: ["clinical_reviewer"] }),
      });
      expect(invite.status).toBe(403);
      const { user } = await (await addUser({ email: `key-target-${scopes.length}@example.test`, username: "Target" })).json();
      expect((await patchRoles(user.id, { roles: ["clinical_reviewer"] }, headers)).status).toBe(403);
    }
    expect(await t.database.prisma.user.count({ where: { email: { startsWith: "key-invitee-" } } })).toBe(0);
  });

  it("every role change is audited: who, whom, how", async () => {
    const { user } = await (await addUser({ email: "audited@example.test", username: "Audited", roles: ["policy_author"] })).json();
    expect((await patchRoles(user.id, { roles: ["clinical_reviewer"] }, { Cookie: ownerCookie })).status).toBe(200);
    expect((await app.fetch(`/api/o/${orgId}/users/${user.id}`, { method: "DELETE", headers: jsonHeaders(ownerCookie) })).status).toBe(200);
    const rows = await t.database.prisma.auditEvent.findMany({ where: { organization_id: orgId, resource_id: user.id }, orderBy: { created_at: "asc" } });
    expect(rows.map((r) => [r.action, r.user_id, r.via])).toEqual([
      ["team.roles_change", ownerId, "api"],
      ["team.member_remove", ownerId, "api"],
    ]);
    const added = await t.database.prisma.auditEvent.findMany({
      where: { organization_id: orgId, action: "team.member_add", resource_id: "audited@example.test" },
    });
    expect(added.map((r) => [r.resource_type, r.user_id, r.via])).toEqual([["invitation", ownerId, "api"]]);
  });
});

describe("roles", () => {
  it("POST /api/roles creates a custom role: 'Role created successfully'; sign-off cannot be granted; duplicates 409", async () => {
    const res = await app.fetch("/api/roles", {
      method: "POST",
      headers: jsonHeaders(ownerCookie),
      body: JSON.stringify({ name: "Auditor", description: "Reads the audit log", permissions: ["audit.read"] }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: "Role created successfully", role: { name: "Auditor", permissions: ["audit.read"] } });
    const dup = await app.fetch(`/api/o/${orgId}/roles`, {
      method: "POST",
      headers: jsonHeaders(ownerCookie),
      body: JSON.stringify({ name: "auditor", description: "again" }),
    });
    expect(dup.status).toBe(409);
    const reserved = await app.fetch(`/api/o/${orgId}/roles`, {
      method: "POST",
      headers: jsonHeaders(ownerCookie),
      body: JSON.stringify({ name: "Signer", description: "x", permissions: ["denials.sign_off"] }),
    });
    expect(reserved.status).toBe(422);
    const missing = await app.fetch("/api/roles", { method: "POST", headers: jsonHeaders(ownerCookie), body: JSON.stringify({ organization_id: orgId }) });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors).toEqual(expect.arrayContaining(["name: Name is required", "description: Description is required"]));
    const foreign = await app.fetch("/api/roles", {
      method: "POST",
      headers: jsonHeaders(ownerCookie),
      body: JSON.stringify({ name: "X", description: "y", organization_id: otherOrgId }),
    });
    expect(foreign.status).toBe(404);
  });

  it("a reviewer cannot sign off a denial; the same person made clinical reviewer can", async () => {
    const { user } = await (await addUser({ email: "carl@example.test", username: "Carl Clinician" })).json();
    const carl = await signInCookie(t.database, user.id);
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });
    const url = `/api/o/${orgId}/prior_auths/${priorAuthId}/generate_denial_letter`;
    const refused = await app.fetch(url, { method: "POST", headers: jsonHeaders(carl), body: JSON.stringify({ clinician_sign_off: true }) });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ success: false, errors: [SIGN_OFF_FORBIDDEN] });
    expect(await t.database.prisma.letter.count({ where: { prior_auth_id: priorAuthId } })).toBe(0);

    await app.fetch(`/api/o/${orgId}/users/${user.id}`, {
      method: "PATCH",
      headers: jsonHeaders(ownerCookie),
      body: JSON.stringify({ roles: ["clinical_reviewer"] }),
    });
    const signed = await app.fetch(url, { method: "POST", headers: jsonHeaders(carl), body: JSON.stringify({ clinician_sign_off: true }) });
    expect(signed.status).toBe(200);
    expect((await signed.json()).denial_letter.signed_off_by).toBe("Carl Clinician");
  });
});

describe("PHI access audit", () => {
  it("records case views by page and by API key, with who, via, address and user agent", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "approved" });
    const page = await app.fetch(
      `/o/${orgId}/prior-auths/${priorAuthId}`,
      { headers: { Cookie: ownerCookie, "User-Agent": "AuditTest/1.0" } },
      { clientIp: "198.51.100.7", forwarded: false },
    );
    expect(page.status).toBe(200);
    await page.body?.cancel();
    const key = await createApiKey(orgId, { name: "audit", scopes: ["cases.read"], createdById: ownerId });
    const api = await app.fetch(`/api/o/${orgId}/prior_auths/${priorAuthId}.json`, { headers: { Authorization: `Bearer ${key.plaintext}` } });
    expect(api.status).toBe(200);

    const rows = await t.database.prisma.auditEvent.findMany({
      where: { prior_auth_id: priorAuthId, action: "prior_auth.view" },
      orderBy: { created_at: "asc" },
    });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      organization_id: orgId,
      actor_type: "user",
      user_id: ownerId,
      via: "page",
      method: "GET",
      ip: "198.51.100.7",
      user_agent: "AuditTest/1.0",
    });
    expect(rows[1]).toMatchObject({ organization_id: orgId, actor_type: "api_key", api_key_id: key.apiKey.token, via: "api_key" });

    // Lists name patients: a list view by page and by API key is a recorded PHI read too.
    const list = await app.fetch(`/o/${orgId}/prior-auths?q=Whit`, { headers: { Cookie: ownerCookie } });
    expect(list.status).toBe(200);
    await list.body?.cancel();
    expect((await app.fetch(`/api/o/${orgId}/prior_auths.json`, { headers: { Authorization: `Bearer ${key.plaintext}` } })).status).toBe(200);
    const lists = await t.database.prisma.auditEvent.findMany({ where: { organization_id: orgId, action: "prior_auth.list" }, orderBy: { created_at: "asc" } });
    expect(lists.map((r) => [r.via, r.path])).toEqual([
      ["page", `/o/${orgId}/prior-auths?q=Whit`],
      ["api_key", `/api/o/${orgId}/prior_auths.json`],
    ]);

    // A change is recorded too.
    await app.fetch(`/api/o/${orgId}/prior_auths/${priorAuthId}/run_ai`, { method: "POST", headers: jsonHeaders(ownerCookie), body: "{}" });
    expect(await t.database.prisma.auditEvent.count({ where: { prior_auth_id: priorAuthId, action: "change", method: "POST" } })).toBe(1);
  });

  it("keeps no signed-link signature or query secret in the trail or its CSV export", async () => {
    const { priorAuthId, faxDocumentId } = await seedReviewedCase(t.database, orgId, { aiDecision: "approved" });
    const link = signDocumentUrl(faxDocumentId);
    const signature = new URL(link, "http://x").searchParams.get("signature")!;
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    const res = await app.fetch(link, { headers: { Cookie: ownerCookie } });
    expect(res.status).toBe(200);
    await res.body?.cancel();
    const row = await t.database.prisma.auditEvent.findFirstOrThrow({ where: { action: "document.view", resource_id: faxDocumentId } });
    expect(row.path).toBe(`/documents/${faxDocumentId}?expires=${new URL(link, "http://x").searchParams.get("expires")}&signature=REDACTED`);
    const csv = await (await app.fetch(`/o/${orgId}/settings/audit-log.csv?case=${priorAuthId}`, { headers: { Cookie: ownerCookie } })).text();
    expect(csv).toContain(`/documents/${faxDocumentId}`);
    expect(csv).not.toContain(signature);
  });

  it("is append-only in the database: UPDATE, DELETE and TRUNCATE are refused", async () => {
    const before = await t.database.prisma.auditEvent.count();
    expect(before).toBeGreaterThan(0);
    await expect(t.database.prisma.$executeRawUnsafe(`UPDATE "audit_events" SET "user_email" = 'someone-else@example.test'`)).rejects.toThrow(/append-only/);
    await expect(t.database.prisma.$executeRawUnsafe(`DELETE FROM "audit_events"`)).rejects.toThrow(/append-only/);
    await expect(t.database.prisma.$executeRawUnsafe(`TRUNCATE "audit_events"`)).rejects.toThrow(/append-only/);
    expect(await t.database.prisma.auditEvent.count()).toBe(before);
    expect(await t.database.prisma.auditEvent.count({ where: { user_email: "someone-else@example.test" } })).toBe(0);
  });

  it("administrators browse by case and export CSV; a reviewer gets 403", async () => {
    const row = await t.database.prisma.auditEvent.findFirstOrThrow({ where: { organization_id: orgId, action: "prior_auth.view", via: "page" } });
    const pageRes = await app.fetch(`/o/${orgId}/settings/audit-log?case=${row.prior_auth_id}`, { headers: { Cookie: ownerCookie } });
    expect(pageRes.status).toBe(200);
    expect(await pageRes.text()).toContain("198.51.100.7");

    const csv = await app.fetch(`/o/${orgId}/settings/audit-log.csv?case=${row.prior_auth_id}`, { headers: { Cookie: ownerCookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const records = parse(await csv.text(), { columns: true }) as Record<string, string>[];
    expect(records.length).toBeGreaterThanOrEqual(2);
    expect(records.every((r) => r.prior_auth_id === row.prior_auth_id)).toBe(true);
    expect(records.find((r) => r.via === "page")).toMatchObject({ action: "prior_auth.view", ip: "198.51.100.7" });

    const api = await (await app.fetch(`/api/o/${orgId}/audit_events?case=${row.prior_auth_id}`, { headers: { Cookie: ownerCookie } })).json();
    expect(api.total).toBe(records.length);

    const { user } = await (await addUser({ email: "rex@example.test", username: "Rex" })).json();
    const rex = await signInCookie(t.database, user.id);
    expect((await app.fetch(`/o/${orgId}/settings/audit-log`, { headers: { Cookie: rex } })).status).toBe(403);
    expect((await app.fetch(`/api/o/${orgId}/audit_events`, { headers: { Cookie: rex } })).status).toBe(403);
  });
});
