import { describe, expect, it } from "vitest";
import { breadcrumbsFor } from "~/components/breadcrumbs";

describe("breadcrumbsFor", () => {
  it("hides o, the organization id and ids, and labels known segments", () => {
    expect(breadcrumbsFor("/o/cmabc123def456ghi789jkl0/prior-auths/cmzzz999yyy888xxx777www6")).toEqual([
      { label: "Prior Auths", href: "/o/cmabc123def456ghi789jkl0/prior-auths" },
    ]);
    expect(breadcrumbsFor("/o/42/formulary_drug_requirements/17").map((c) => c.label)).toEqual(["Formulary Requirements"]);
    expect(breadcrumbsFor("/o/1/ai_rules").map((c) => c.label)).toEqual(["AI Rules"]);
    expect(breadcrumbsFor("/o/1/agent-workflows").map((c) => c.label)).toEqual(["Agent Workflows"]);
  });

  it("hides demo, blog, coverage_policies and uuid/hex ids", () => {
    expect(breadcrumbsFor("/o/7/plans/9/coverage_policies/3").map((c) => c.label)).toEqual(["Plans"]);
    expect(breadcrumbsFor("/demo/5/intake").map((c) => c.label)).toEqual(["Intake"]);
    expect(breadcrumbsFor("/blog/0f8fad5b-d9cb-469f-a165-70867728950e").map((c) => c.label)).toEqual([]);
    expect(breadcrumbsFor("/o/1/settings/webhooks/deadbeefdeadbeefdeadbeef").map((c) => c.label)).toEqual(["Settings", "Webhooks"]);
  });

  it("title-cases unknown segments and keeps short words", () => {
    expect(breadcrumbsFor("/o/1/settings/team-management").map((c) => c.label)).toEqual(["Settings", "Team Management"]);
    expect(breadcrumbsFor("/o/1/dashboard").map((c) => c.label)).toEqual(["Dashboard"]);
  });
});
