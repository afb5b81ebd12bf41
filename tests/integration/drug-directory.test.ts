/**
 * The drug directory: the FDA NDC directory product file (tab-separated) and the starter CSV are
 * parsed (unusable lines reported by line), upserted by product NDC, and searched from 3
 * characters with at most 20 results through GET /api/o/{org}/drug_products (members only).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { callRoute } from "./api-prior-auths.seed";
import { importDrugProducts, loadStarterDrugDirectory, parseDrugDirectory, searchDrugProducts } from "~/drugs/drug-directory.server";
import * as drugsRoute from "~/routes/api/drug-products/search";

let t: TestDatabase;
let orgId: string;
let cookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOrgWithUser(t.database, { orgName: "Drugs A" });
  orgId = a.organization.id;
  cookie = await signInCookie(t.database, a.user.id);
});

afterAll(async () => {
  await t?.cleanup();
});

const FDA = [
  [
    "PRODUCTID",
    "PRODUCTNDC",
    "PRODUCTTYPENAME",
    "PROPRIETARYNAME",
    "PROPRIETARYNAMESUFFIX",
    "NONPROPRIETARYNAME",
    "DOSAGEFORMNAME",
    "ROUTENAME",
    "STARTMARKETINGDATE",
    "ACTIVE_NUMERATOR_STRENGTH",
    "ACTIVE_INGRED_UNIT",
  ].join("\t"),
  [
    "0074-9999_x",
    "0074-9999",
    "HUMAN PRESCRIPTION DRUG",
    "Testbrand",
    "",
    "testgenerimab",
    "INJECTION, SOLUTION",
    "SUBCUTANEOUS",
    "20200101",
    "40",
    "mg/.4mL",
  ].join("\t"),
  ["bad", "not-an-ndc", "HUMAN PRESCRIPTION DRUG", "Broken", "", "broken", "TABLET", "ORAL", "20200101", "1", "mg"].join("\t"),
].join("\n");

describe("drug directory", () => {
  it("loads the starter file, imports the FDA product file format and reports unusable lines", async () => {
    expect(await loadStarterDrugDirectory(t.database)).toBeGreaterThan(20);
    expect(await loadStarterDrugDirectory(t.database)).toBe(0); // only into an empty directory
    const parsed = parseDrugDirectory(FDA);
    expect(parsed.rows).toEqual([
      {
        product_ndc: "0074-9999",
        brand_name: "Testbrand",
        generic_name: "testgenerimab",
        dosage_form: "INJECTION, SOLUTION",
        route: "SUBCUTANEOUS",
        strength: "40 mg/.4mL",
      },
    ]);
    expect(parsed.errors).toEqual([{ line: 3, message: 'product_ndc "not-an-ndc" is not a labeler-product NDC' }]);
    await importDrugProducts(t.database, parsed.rows);
    await importDrugProducts(t.database, parsed.rows); // upsert, no duplicate
    expect(await t.database.prisma.drugProduct.count({ where: { product_ndc: "0074-9999" } })).toBe(1);
  });

  it("searches from 3 characters by brand, generic or NDC, at most 20 results", async () => {
    expect(await searchDrugProducts(t.database, "ad")).toEqual([]);
    const hits = await searchDrugProducts(t.database, "adalim");
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.generic_name === "adalimumab")).toBe(true);
    expect((await searchDrugProducts(t.database, "0074-9999"))[0]!.brand_name).toBe("Testbrand");
    await importDrugProducts(
      t.database,
      Array.from({ length: 30 }, (_, i) => ({
        product_ndc: `99999-${String(i).padStart(4, "0")}`,
        brand_name: `Zedbrand ${i}`,
        generic_name: "zedamab",
        dosage_form: null,
        route: null,
        strength: null,
      })),
    );
    expect(await searchDrugProducts(t.database, "zed")).toHaveLength(20);
  });

  it("the API answers members (20 results max) and refuses bad input with a 4xx", async () => {
    const res = await callRoute(drugsRoute, "GET", `/api/o/${orgId}/drug_products?search=zedamab`, { orgId }, { headers: { Cookie: cookie } });
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.drug_products).toHaveLength(20);
    expect(
      (await callRoute(drugsRoute, "GET", `/api/o/${orgId}/drug_products?search=${"x".repeat(200)}`, { orgId }, { headers: { Cookie: cookie } })).status,
    ).toBe(422);
    expect((await callRoute(drugsRoute, "GET", `/api/o/${orgId}/drug_products?search=humira`, { orgId }, {})).status).toBe(401);
  });
});
