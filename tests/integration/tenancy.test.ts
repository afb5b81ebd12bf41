/**
 * Tenancy: a member of organization A must get 404 (never 403, never data) for everything under
 * organization B, and an API key of A must get 404 for B's API.
 *
 * The test enumerates every page route at or below /o/:orgId of the route build (app/routes.ts) and
 * every `/api/o/{orgId}` route of app/api/route-table.ts, so routes added later are covered
 * automatically (and fails on a page file under app/routes that app/routes.ts does not serve). For each route it builds a URL from the route's full path
 * (parents included), fills `:orgId` with B's id and other params with ids of B's own records when
 * the param name says what it is (else a random token), then asserts:
 *  - document GET (if the route has a loader) and POST/PUT/DELETE (if it has an action) → 404;
 *  - single-fetch data requests for just that route (`.data?_routes=<id>`) → 404, so a child loader
 *    cannot rely on the layout's guard;
 *  - API routes answer 404 JSON `{success:false, errors:["Not found"]}` to A's session and A's key.
 * A positive control checks that B's own member is not refused on routes without extra params.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { API_ROUTES, apiAliasRouteId, apiRouteId } from "~/api/route-table";
import { fullPathOf, orgPageRouteIds, unroutedPageFiles } from "../support/page-routes";

interface TenantRoute {
  id: string;
  api: boolean;
}

/**
 * Every page route at or below /o/:orgId, read from the route build (app/routes.ts), and every
 * /api/o/{orgId} route of the table, each alias a route of its own.
 */
function tenantRoutes(): TenantRoute[] {
  const out: TenantRoute[] = orgPageRouteIds(app.build).map((id) => ({ id, api: false }));
  for (const entry of API_ROUTES) {
    if (!entry.path.startsWith("o/:orgId")) continue;
    out.push({ id: apiRouteId(entry), api: true });
    if (entry.alias) out.push({ id: apiAliasRouteId(entry), api: true });
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

let tdb: TestDatabase;
let app: AppHandler;
let memberA: string;
let memberB: string;
let keyA: string;
let orgB: string;
let paramValues: [RegExp, string][];
let claimParams: Record<string, string> = {};

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await createAppHandler();
  const a = await createOrgWithUser(tdb.database, { orgName: "Plan A" });
  const b = await createOrgWithUser(tdb.database, { orgName: "Plan B" });
  memberA = await signInCookie(tdb.database, a.user.id);
  memberB = await signInCookie(tdb.database, b.user.id);
  keyA = (await createApiKey(tdb.database, a.organization.id)).token;
  orgB = b.organization.id;

  // Records of B, so URLs point at things that exist (a 404 then means "not yours", not "no such id").
  const p = tdb.database.prisma;
  const priorAuth = await p.priorAuth.create({ data: { organization_id: orgB, medication_name: "Humira" } });
  const plan = await p.plan.create({
    data: {
      organization_id: orgB,
      title: "B Plan",
      identification: "B-1",
      line_of_business: "Commercial",
      plan_type: "PPO",
      state: "CA",
      effective_date: new Date("2025-01-01"),
    },
  });
  const policy = await p.coveragePolicy.create({ data: { organization_id: orgB, plan_id: plan.id, drug_name: "adalimumab" } });
  const claim = await p.claim.create({ data: { organization_id: orgB } });
  const serviceRequest = await p.serviceRequest.create({ data: { claim_id: claim.id, code: "72148", units: 1 } });
  const claimLetter = await p.letter.create({
    data: {
      organization_id: orgB,
      claim_id: claim.id,
      service_request_id: serviceRequest.id,
      denial_reason: "r",
      body: "b",
      pdf: new Uint8Array([37, 80, 68, 70]),
    },
  });
  // claims routes name their ids generically (`$id`, `$lineId`, `$letterId`): fill them with B's claim records
  claimParams = { id: claim.id, lineId: serviceRequest.id, letterId: claimLetter.id };
  const rule = await p.aiRule.create({ data: { organization_id: orgB, name: "r", description: "d", applies_to: "clinical" } });
  const fdr = await p.formularyDrugRequirement.create({ data: { organization_id: orgB, drug_name: "adalimumab" } });
  const webhook = await p.webhookEndpoint.create({ data: { organization_id: orgB, url: "https://example.test/hook", secret: "s" } });
  const letterForm = await p.letterForm.create({ data: { organization_id: orgB, name: "f", description: "d", template_body: "t" } });
  const thread = await p.chatThread.create({ data: { organization_id: orgB, prior_auth_id: priorAuth.id } });
  const bKey = await createApiKey(tdb.database, orgB);
  paramValues = [
    [/prior.?auth|^pa/i, priorAuth.id],
    [/coverage.?polic|policy/i, policy.id],
    [/plan/i, plan.id],
    [/claim/i, claim.id],
    [/rule/i, rule.id],
    [/formulary|requirement|fdr/i, fdr.id],
    [/webhook/i, webhook.id],
    [/form|letter/i, letterForm.id],
    [/thread|chat/i, thread.id],
    [/key/i, bKey.id],
  ];
}, 180_000);

afterAll(async () => {
  await app?.close();
  await tdb?.cleanup();
});

function valueFor(param: string, path = ""): string {
  if (param === "orgId") return orgB;
  if (/(^|\/)claims\//.test(path) && claimParams[param]) return claimParams[param];
  for (const [re, value] of paramValues) if (re.test(param)) return value;
  return `c${crypto.randomBytes(12).toString("hex")}`;
}

/** The route's URL: its full path from the root with params filled (B's org, B's records). */
function urlFor(routeId: string): { url: string; extraParams: boolean } {
  const segments = [fullPathOf(app.build, routeId)];
  let extraParams = false;
  const filled = segments
    .join("/")
    .split("/")
    .filter(Boolean)
    .map((seg) => {
      if (seg === "*") {
        extraParams = true;
        return "webhooks";
      }
      return seg.replace(/^:([\w-]+)\??/, (_m, name: string) => {
        if (name !== "orgId") extraParams = true;
        return encodeURIComponent(valueFor(name, segments.join("/")));
      });
    });
  return { url: `/${filled.join("/")}`, extraParams };
}

function moduleOf(routeId: string) {
  const module = app.build.routes[routeId]?.module as { loader?: unknown; action?: unknown; default?: unknown } | undefined;
  return { hasLoader: Boolean(module?.loader), hasAction: Boolean(module?.action), isUi: Boolean(module?.default) };
}

describe("tenancy", () => {
  it("finds the organization routes (guards against a vacuous pass)", () => {
    const ids = tenantRoutes().map((r) => r.id);
    expect(ids).toContain("routes/workspace/layout");
    expect(ids).toContain("routes/workspace/dashboard");
    expect(ids).toContain("routes/api/organizations/organization");
    for (const id of ids) expect(app.build.routes[id], `${id} is not in the route build`).toBeDefined();
    expect(unroutedPageFiles(app.build), "page files under app/routes that app/routes.ts does not serve").toEqual([]);
  });

  it("every /o/:orgId page and /api/o/:orgId route answers 404 to a member of another organization", async () => {
    const failures: string[] = [];
    const checked: string[] = [];
    const expect404 = async (label: string, res: Response, api: boolean) => {
      if (res.status !== 404) {
        await res.body?.cancel();
        failures.push(`${label} → ${res.status}`);
        return;
      }
      if (api) {
        const body = await res.json().catch(() => null);
        if (!body || body.success !== false || !Array.isArray(body.errors)) failures.push(`${label} → 404 without {success:false, errors}`);
      }
    };

    for (const route of tenantRoutes()) {
      const { url } = urlFor(route.id);
      const { hasLoader, hasAction, isUi } = moduleOf(route.id);
      checked.push(`${route.id} ${url}`);
      const credentials: [string, Record<string, string>][] = [["session of A", { Cookie: memberA }]];
      if (route.api) credentials.push(["API key of A", { Authorization: `Bearer ${keyA}` }]);

      for (const [who, headers] of credentials) {
        if (hasLoader) {
          await expect404(
            `GET ${url} (${who})`,
            await app.fetch(url, { headers: { ...headers, Accept: route.api ? "application/json" : "text/html" } }),
            route.api,
          );
          if (isUi) {
            const dataUrl = `${url === "/" ? "/_root" : url}.data?_routes=${encodeURIComponent(route.id)}`;
            await expect404(`GET ${dataUrl} (${who})`, await app.fetch(dataUrl, { headers }), false);
          }
        }
        if (hasAction) {
          for (const method of route.api ? ["POST", "PUT", "DELETE"] : ["POST"]) {
            const res = await app.fetch(url, {
              method,
              headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams({ intent: "delete", name: "x", email: "x@example.test" }).toString(),
            });
            await expect404(`${method} ${url} (${who})`, res, route.api);
          }
        }
        if (!hasLoader && !hasAction) failures.push(`${route.id} has neither loader nor action: nothing guards it`);
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(5);
    expect(failures, `checked:\n${checked.join("\n")}`).toEqual([]);
  }, 300_000);

  it("B's own member is not refused on B's parameterless routes (positive control)", async () => {
    for (const route of tenantRoutes()) {
      const { url, extraParams } = urlFor(route.id);
      const { hasLoader } = moduleOf(route.id);
      if (!hasLoader || extraParams) continue;
      const res = await app.fetch(url, { headers: { Cookie: memberB } });
      await res.body?.cancel(); // event streams stay open otherwise
      expect(res.status, `${url} for B's member`).not.toBe(404);
    }
  });

  it("unknown organization ids give the same 404 as real ones (no existence leak)", async () => {
    const real = await app.fetch(`/api/o/${orgB}.json`, { headers: { Cookie: memberA } });
    const fake = await app.fetch(`/api/o/cnotanorganization000000.json`, { headers: { Cookie: memberA } });
    expect(real.status).toBe(404);
    expect(fake.status).toBe(404);
    expect(await real.json()).toEqual(await fake.json());
  });
});
