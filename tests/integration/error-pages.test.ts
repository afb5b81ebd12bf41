/**
 * Error pages keep the application shell: a 404 inside /o/{org}/... renders the workspace
 * navigation and a helpful not-found page; an unknown top-level path renders a not-found page with
 * links home and to sign in; another organization's workspace is a plain 404 (no shell, no name).
 * Ordinary 404s leave no stack trace in the server log.
 */
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";

let t: TestDatabase;
let app: AppHandler;
beforeAll(async () => {
  t = await createTestDatabase();
  app = await createAppHandler();
}, 180_000);
afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

it("renders 404s inside the workspace shell, and outside it with links home and to sign in, without logging stacks", async () => {
  const a = await createOrgWithUser(t.database, { orgName: "Shell Org A" });
  const b = await createOrgWithUser(t.database, { orgName: "Shell Org B" });
  const cookie = await signInCookie(t.database, a.user.id);
  const html = { headers: { Cookie: cookie, Accept: "text/html" } };
  const logged = vi.spyOn(console, "error");
  try {
    const missingCase = await app.fetch(`/o/${a.organization.id}/prior-auths/c${"0".repeat(24)}`, html);
    expect(missingCase.status).toBe(404);
    const caseBody = await missingCase.text();
    expect(caseBody).toContain("We could not find that page");
    expect(caseBody).toContain("Shell Org A"); // the shell (organization switcher / navigation) is there
    expect(caseBody).toContain(`/o/${a.organization.id}/prior-auths`);

    const unknownPage = await app.fetch(`/o/${a.organization.id}/no-such-page/deeper`, html);
    expect(unknownPage.status).toBe(404);
    const unknownBody = await unknownPage.text();
    expect(unknownBody).toContain("We could not find that page");
    expect(unknownBody).toContain("Shell Org A");

    const otherOrg = await app.fetch(`/o/${b.organization.id}/no-such-page`, html);
    expect(otherOrg.status).toBe(404);
    expect(await otherOrg.text()).not.toContain("Shell Org B");

    const topLevel = await app.fetch("/definitely/not/here", { headers: { Accept: "text/html" } });
    expect(topLevel.status).toBe(404);
    const topBody = await topLevel.text();
    expect(topBody).toContain("Page not found");
    expect(topBody).toContain('href="/login"');

    const stacks = logged.mock.calls.filter((args) => args.some((a) => a instanceof Error || (typeof a === "string" && a.includes("    at "))));
    expect(stacks, "404s must not log errors").toEqual([]);
  } finally {
    logged.mockRestore();
  }
}, 120_000);
