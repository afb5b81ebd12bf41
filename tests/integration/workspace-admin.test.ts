/**
 * /chai-admins/data-contexts: instance administrators (INSTANCE_ADMIN_EMAILS) see the Data Context
 * cards; other signed-in users get 404; signed-out visitors are sent to sign in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { callRoute } from "./api-prior-auths.seed";
import { resetEnvForTests } from "~/env.server";
import { isInstanceAdmin } from "~/admin/require-instance-admin.server";
import * as page from "~/routes/admin/data-contexts";

let t: TestDatabase;
let adminCookie: string;
let memberCookie: string;
const saved = process.env.INSTANCE_ADMIN_EMAILS;

beforeAll(async () => {
  t = await createTestDatabase();
  const admin = await createOrgWithUser(t.database, { email: "Ops@Example.test" });
  const member = await createOrgWithUser(t.database);
  adminCookie = await signInCookie(t.database, admin.user.id);
  memberCookie = await signInCookie(t.database, member.user.id);
  process.env.INSTANCE_ADMIN_EMAILS = " someone@example.test, OPS@example.test ";
  resetEnvForTests();
}, 120_000);

afterAll(async () => {
  if (saved === undefined) delete process.env.INSTANCE_ADMIN_EMAILS;
  else process.env.INSTANCE_ADMIN_EMAILS = saved;
  resetEnvForTests();
  await t?.cleanup();
});

describe("instance administrators", () => {
  it("are the listed emails, case-insensitively, or users flagged instance_admin; nobody else", () => {
    expect(isInstanceAdmin({ email: "ops@example.test" })).toBe(true);
    expect(isInstanceAdmin({ email: " OPS@example.test " })).toBe(true);
    expect(isInstanceAdmin({ email: "other@example.test" })).toBe(false);
    expect(isInstanceAdmin({ email: "ops@example.test" }, [])).toBe(false);
    expect(isInstanceAdmin({ email: "other@example.test", instance_admin: true }, [])).toBe(true);
    expect(isInstanceAdmin(null)).toBe(false);
  });

  it("see the data contexts; other users get 404; signed-out visitors go to sign in", async () => {
    const data = (await callRoute(page, "GET", "/chai-admins/data-contexts", {}, { headers: { Cookie: adminCookie } })) as unknown as Awaited<
      ReturnType<typeof page.loader>
    >;
    expect(data.contexts.length).toBeGreaterThan(2);
    expect(data.contexts[0]!.id).toBe("plan");
    const member = await callRoute(page, "GET", "/chai-admins/data-contexts", {}, { headers: { Cookie: memberCookie } });
    expect(member.status).toBe(404);
    const anon = await callRoute(page, "GET", "/chai-admins/data-contexts", {});
    expect(anon.status).toBe(302);
    expect(anon.headers.get("location")).toMatch(/^\/continue\?redirect_to=/);
  });
});
