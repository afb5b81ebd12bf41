/** apiRoute: method dispatch, 405 with Allow, input parsing, error mapping, permissions and the request hook. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "~/lib/errors";
import { apiRoute, onApiRequest, permissionName, type ApiRequestRecord } from "./api-route.server";

const call = (fn: (args: never) => Promise<Response>, method: string, url = "http://localhost/api/x", init: RequestInit = {}) =>
  fn({
    request: new Request(url, { method, headers: { Origin: "http://localhost", ...(init.headers as object) }, body: init.body }),
    params: {},
    context: {},
  } as never);

const route = apiRoute({
  auth: "public",
  GET: { summary: "read", query: z.object({ n: z.coerce.number().int() }), handler: ({ query }) => ({ doubled: query.n * 2 }) },
  POST: {
    summary: "write",
    body: z.object({ name: z.string().min(1, "Name is required") }),
    handler: ({ body }) => {
      if (body.name === "missing") throw new AppError("not_found", "Plan not found");
      if (body.name === "boom") throw new Error("secret internals");
      return { name: body.name };
    },
  },
  DELETE: { summary: "guarded", permission: { name: "never", message: "Not allowed here", check: () => false }, handler: () => ({}) },
});

const jsonInit = (body: unknown): RequestInit => ({ body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

describe("apiRoute", () => {
  it("answers a declared method with the payload in the success envelope", async () => {
    const res = await call(route.loader, "GET", "http://localhost/api/x?n=21");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ doubled: 42, success: true, errors: [] });
  });

  it("answers an undeclared method 405 with an Allow header listing the declared ones", async () => {
    const res = await call(route.action, "PUT", undefined, jsonInit({}));
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, POST, DELETE");
    expect(await res.json()).toEqual({ success: false, errors: ["Method not allowed"] });
  });

  it("parses the body and query with the declared schemas (422 with one message per issue)", async () => {
    const bad = await call(route.action, "POST", undefined, jsonInit({ name: "" }));
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ success: false, errors: ["name: Name is required"] });
    expect((await call(route.loader, "GET", "http://localhost/api/x?n=abc")).status).toBe(422);
  });

  it("maps AppError codes through the one status table and hides unexpected errors", async () => {
    const missing = await call(route.action, "POST", undefined, jsonInit({ name: "missing" }));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, errors: ["Plan not found"] });
    const original = console.error;
    console.error = () => {};
    try {
      const boom = await call(route.action, "POST", undefined, jsonInit({ name: "boom" }));
      expect(boom.status).toBe(500);
      expect(await boom.text()).not.toContain("secret");
    } finally {
      console.error = original;
    }
  });

  it("refuses an operation whose permission check fails with 403 and its message", async () => {
    const res = await call(route.action, "DELETE");
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, errors: ["Not allowed here"] });
  });

  it("tells request listeners about every request, and stops after unsubscribing", async () => {
    const seen: ApiRequestRecord[] = [];
    const off = onApiRequest((record) => seen.push(record));
    await call(route.loader, "GET", "http://localhost/api/x?n=1");
    await call(route.action, "PUT", undefined, jsonInit({}));
    off();
    await call(route.loader, "GET", "http://localhost/api/x?n=1");
    expect(seen.map((r) => [r.method, r.path, r.status])).toEqual([
      ["GET", "/api/x", 200],
      ["PUT", "/api/x", 405],
    ]);
    expect(seen[0]!.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it("exposes the declaration without handlers for the OpenAPI document", () => {
    expect(Object.keys(route.spec.operations)).toEqual(["GET", "POST", "DELETE"]);
    expect(route.loader.spec).toBe(route.spec);
    expect("handler" in route.spec.operations.GET!).toBe(false);
  });
});

describe("apiRoute permissions as declarations", () => {
  it("keeps a declared Permission on the spec and names it for the OpenAPI document", () => {
    const r = apiRoute({
      GET: { summary: "read", permission: "cases.read", handler: () => ({}) },
      DELETE: { summary: "x", permission: "member", handler: () => ({}) },
    });
    expect(r.spec.operations.GET?.permission).toBe("cases.read");
    expect(permissionName(r.spec.operations.GET?.permission)).toBe("cases.read");
    expect(permissionName(r.spec.operations.DELETE?.permission)).toBe("member");
    expect(permissionName(route.spec.operations.DELETE?.permission)).toBe("never");
    expect(permissionName(route.spec.operations.GET?.permission)).toBeNull();
  });

  it("refuses a Permission on a route without an organization (a programming error answers 500, never lets the call through)", async () => {
    const r = apiRoute({ auth: "public", GET: { summary: "read", permission: "audit.read", handler: () => ({ leaked: true }) } });
    const res = await call(r.loader, "GET");
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ success: false, errors: ["An error occurred"] });
  });
});
