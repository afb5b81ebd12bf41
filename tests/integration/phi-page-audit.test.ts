/**
 * Every page that shows PHI writes a PHI access audit row, as a document request and as a `.data`
 * load (single fetch). The PHI pages are read from the route build (tests/support/page-routes.ts)
 * and their declared permissions (app/auth/route-permissions.ts): every organization page whose GET
 * needs `cases.read` shows cases or what is drawn from them. A new such page that records nothing
 * fails here the day it is added.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { fullPathOf, orgPageRouteIds } from "../support/page-routes";
import { seedClaims } from "../support/seed-cases";
import { seedReviewedCase } from "./api-prior-auths.seed";
import { ROUTE_PERMISSIONS } from "~/auth/route-permissions";

let t: TestDatabase;
let app: AppHandler;
let orgId: string;
let userId: string;
let cookie: string;
let priorAuthId: string;
let claimId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createAppHandler();
  const a = await createOrgWithUser(t.database);
  orgId = a.organization.id;
  userId = a.user.id;
  cookie = await signInCookie(t.database, userId);
  ({ priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" }));
  claimId = (await seedClaims(t.database, orgId, [{ label: "PHI1", received: new Date().toISOString(), lines: [{ code: "J1234" }] }]))["PHI1"]!;
}, 180_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

/** Organization pages whose GET needs cases.read: the pages that show PHI. */
function phiPages(): string[] {
  return orgPageRouteIds(app.build).filter((id) => ROUTE_PERMISSIONS[id]?.GET === "cases.read");
}

/** The URL of page `routeId` with the seeded organization and case in its parameters. */
function urlFor(routeId: string): string {
  const path = fullPathOf(app.build, routeId)
    .split("/")
    .map((seg) => {
      if (seg === ":orgId") return orgId;
      if (seg.startsWith(":")) return routeId.includes("/claims/") ? claimId : priorAuthId;
      return seg;
    })
    .join("/");
  return `/${path}`;
}

describe("PHI page audit", () => {
  it("the PHI pages include the case lists and the prior auth and claim pages", () => {
    expect(phiPages()).toEqual(
      expect.arrayContaining([
        "routes/workspace/prior-auths/index",
        "routes/workspace/prior-auths/$id",
        "routes/workspace/claims/index",
        "routes/workspace/claims/$id",
        "routes/workspace/cases",
      ]),
    );
  });

  it("every PHI page writes an audit row, as a page and as a .data load", async () => {
    const missing: string[] = [];
    for (const id of phiPages()) {
      const page = urlFor(id);
      for (const url of [page, `${page}.data`]) {
        const before = await t.database.prisma.auditEvent.count({ where: { organization_id: orgId, user_id: userId, method: "GET" } });
        const res = await app.fetch(url, { headers: { Cookie: cookie } });
        expect(res.status, url).toBe(200);
        await res.body?.cancel();
        const rows = await t.database.prisma.auditEvent.findMany({
          // The loader sees the page's URL (React Router strips ".data").
          where: { organization_id: orgId, user_id: userId, method: "GET", path: { startsWith: page } },
          orderBy: { created_at: "desc" },
        });
        const after = await t.database.prisma.auditEvent.count({ where: { organization_id: orgId, user_id: userId, method: "GET" } });
        if (after === before || rows.length === 0) missing.push(`${id}: GET ${url} wrote no PHI audit row`);
      }
    }
    expect(missing).toEqual([]);
  });
});
