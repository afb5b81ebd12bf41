import { describe, expect, it } from "vitest";
import { isSmartScope, parseSmartScope, permissionsForScopes, scopeCovered, scopesAllow } from "./smart-scopes";

describe("SMART system scopes", () => {
  it("reads v1 (.read/.write/.*) and v2 (.cruds) permissions of served resource types only", () => {
    expect([...parseSmartScope("system/Claim.write")!.ops]).toEqual(["c", "u", "d"]);
    expect([...parseSmartScope("system/ClaimResponse.read")!.ops]).toEqual(["r", "s"]);
    expect([...parseSmartScope("system/Subscription.*")!.ops].sort()).toEqual(["c", "d", "r", "s", "u"]);
    expect([...parseSmartScope("system/Subscription.rs")!.ops]).toEqual(["r", "s"]);
    for (const bad of [
      "patient/Claim.read",
      "user/Claim.write",
      "system/Patient.read",
      "system/Claim.",
      "system/Claim.sr",
      "system/Claim.x",
      "system/Claim.read extra",
      "",
    ]) {
      expect(isSmartScope(bad), bad).toBe(false);
    }
  });

  it("allows an interaction only when a scope of its resource type carries its operation", () => {
    expect(scopesAllow(["system/Claim.write"], "Claim", "c")).toBe(true);
    expect(scopesAllow(["system/Claim.write"], "Claim", "r")).toBe(false);
    expect(scopesAllow(["system/ClaimResponse.read"], "Claim", "c")).toBe(false);
    expect(scopesAllow(["system/Subscription.c", "system/Subscription.rs"], "Subscription", "s")).toBe(true);
    expect(scopesAllow(["system/Subscription.write"], "Subscription", "r")).toBe(false);
  });

  it("covers a requested scope only with registered operations of the same type", () => {
    expect(scopeCovered(["system/Claim.write"], "system/Claim.c")).toBe(true);
    expect(scopeCovered(["system/Claim.c"], "system/Claim.write")).toBe(false);
    expect(scopeCovered(["system/Subscription.read", "system/Subscription.write"], "system/Subscription.*")).toBe(true);
    expect(scopeCovered(["system/Claim.write"], "system/ClaimResponse.read")).toBe(false);
    expect(scopeCovered(["system/Claim.write"], "not a scope")).toBe(false);
  });

  it("maps reads to cases.read and changes to cases.write", () => {
    expect(permissionsForScopes(["system/ClaimResponse.read"])).toEqual(["cases.read"]);
    expect(permissionsForScopes(["system/Claim.c"])).toEqual(["cases.write"]);
    expect(permissionsForScopes(["system/Subscription.*"]).sort()).toEqual(["cases.read", "cases.write"]);
    expect(permissionsForScopes(["bogus"])).toEqual([]);
  });
});
