/**
 * The PAS validator against the package's own examples: every request and response bundle of HL7
 * Da Vinci PAS 2.2.1 validates with no error (as with the official validator), and broken variants
 * (a missing required element, the wrong resource first, an unknown profile) are reported.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAS_PROFILES, validateAgainstProfile } from "./pas-validator.server";

const EXAMPLES = path.resolve("../shared/fhir/davinci-pas-2.2.1/example");
const read = (name: string) => JSON.parse(fs.readFileSync(path.join(EXAMPLES, name), "utf8"));

describe("PAS profile validation", () => {
  const bundles = fs.readdirSync(EXAMPLES).filter((f) => f.startsWith("Bundle-") && !f.includes("Subscription"));
  it.each(bundles)(
    "%s is valid against its own profile",
    (name) => {
      const bundle = read(name);
      const profile = bundle.meta.profile[0];
      expect(validateAgainstProfile(bundle, profile)).toEqual([]);
    },
    60_000,
  );

  it("reports a request bundle without its Claim, and a Claim without a required element", () => {
    const bundle = read("Bundle-ReferralAuthorizationBundleExample.json");
    const noClaim = { ...bundle, entry: bundle.entry.slice(1) };
    const issues = validateAgainstProfile(noClaim, PAS_PROFILES.requestBundle);
    expect(issues.map((i) => i.details?.text)).toContain("Incorrect number of values provided for slice 'Claim': expected 1..2, but found 0");
    const broken = structuredClone(bundle);
    delete broken.entry[0].resource.patient;
    const claimIssues = validateAgainstProfile(broken, PAS_PROFILES.requestBundle);
    expect(claimIssues.some((i) => i.expression?.some((e) => e.startsWith("Bundle.entry[0].resource") && e.includes("patient")))).toBe(true);
  });

  it("refuses a response bundle as a request and names an unknown profile", () => {
    const response = read("Bundle-ReferralAuthorizationResponseBundleExample.json");
    expect(validateAgainstProfile(response, PAS_PROFILES.requestBundle).length).toBeGreaterThan(0);
    expect(() => validateAgainstProfile(response, "http://example.org/nope")).toThrow(/Unknown PAS profile/);
  });
});
