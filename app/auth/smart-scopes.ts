/**
 * SMART system scopes for the /fhir API (HL7 SMART App Launch v2.2, "Scopes for requesting FHIR
 * resources": `system/<ResourceType>.<permissions>`). Both syntaxes are understood:
 *  - v1: `.read` (= `rs`), `.write` (= `cud`), `.*` (= `cruds`);
 *  - v2: any ordered, non-empty subset of `c r u d s` (`.c`, `.rs`, `.cruds`, ...).
 * Only the resource types this server serves are valid. A scope names what a client may do; what an
 * interaction needs is in FHIR_INTERACTION_SCOPES (app/fhir/fhir-route.server.ts checks it).
 *
 * Scopes map onto the role matrix (app/auth/permission-matrix.ts): reading (r, s) needs
 * cases.read, changing (c, u, d) cases.write. A token carries both: its scopes, and the permissions
 * they map to capped by the registering administrator's current permissions.
 *
 * Safe to import in the browser.
 */
import type { Permission } from "~/auth/permission-matrix";

/** Resource types a SMART scope may name here. */
export const SMART_RESOURCE_TYPES = ["Claim", "ClaimResponse", "Subscription", "Provenance"] as const;
export type SmartResourceType = (typeof SMART_RESOURCE_TYPES)[number];

export type SmartOp = "c" | "r" | "u" | "d" | "s";
const OPS: readonly SmartOp[] = ["c", "r", "u", "d", "s"];

/** The scopes offered in /.well-known/smart-configuration (v1 names, as most clients ask; v2 accepted too). */
export const SMART_SCOPES_SUPPORTED = [
  "system/Claim.write",
  "system/ClaimResponse.read",
  "system/Subscription.read",
  "system/Subscription.write",
  "system/Provenance.read",
  "system/Claim.c",
  "system/ClaimResponse.rs",
  "system/Subscription.cruds",
  "system/Provenance.rs",
] as const;

/** One parsed scope: its resource type and the operations it allows. */
export interface ParsedScope {
  type: SmartResourceType;
  ops: ReadonlySet<SmartOp>;
}

const SCOPE_RE = /^system\/([A-Za-z]+)\.(read|write|\*|c?r?u?d?s?)$/;

/**
 * Parses one scope string; null when it is not a system scope of a served resource type (e.g.
 * `patient/Claim.read`, `system/Patient.read`, `system/Claim.x`, `system/Claim.`).
 */
export function parseSmartScope(scope: string): ParsedScope | null {
  const m = SCOPE_RE.exec(scope);
  if (!m) return null;
  const type = m[1] as SmartResourceType;
  if (!SMART_RESOURCE_TYPES.includes(type)) return null;
  const perm = m[2]!;
  if (perm === "") return null;
  const ops = perm === "read" ? ["r", "s"] : perm === "write" ? ["c", "u", "d"] : perm === "*" ? OPS : (perm.split("") as SmartOp[]);
  return { type, ops: new Set(ops as SmartOp[]) };
}

/** True when `scope` is a well-formed system scope of a served resource type. */
export function isSmartScope(scope: string): boolean {
  return parseSmartScope(scope) !== null;
}

/** The operations `scopes` allow on `type` (the union over every scope naming it). */
function opsFor(scopes: readonly string[], type: SmartResourceType): Set<SmartOp> {
  const out = new Set<SmartOp>();
  for (const s of scopes) {
    const p = parseSmartScope(s);
    if (p && p.type === type) for (const op of p.ops) out.add(op);
  }
  return out;
}

/** True when `granted` allows operation `op` on `type`. */
export function scopesAllow(granted: readonly string[], type: SmartResourceType, op: SmartOp): boolean {
  return opsFor(granted, type).has(op);
}

/**
 * True when `allowed` (a client's registered scopes) covers every operation `requested` asks for on
 * its resource type. False for a malformed `requested`.
 */
export function scopeCovered(allowed: readonly string[], requested: string): boolean {
  const p = parseSmartScope(requested);
  if (!p) return false;
  const ops = opsFor(allowed, p.type);
  return [...p.ops].every((op) => ops.has(op));
}

/** The role-matrix permissions `scopes` map to: r/s → cases.read, c/u/d → cases.write. */
export function permissionsForScopes(scopes: readonly string[]): Permission[] {
  const out = new Set<Permission>();
  for (const s of scopes) {
    const p = parseSmartScope(s);
    if (!p) continue;
    if (p.ops.has("r") || p.ops.has("s")) out.add("cases.read");
    if (p.ops.has("c") || p.ops.has("u") || p.ops.has("d")) out.add("cases.write");
  }
  return [...out];
}

/** What one FHIR interaction needs: a resource type and operation (a scope) and a role-matrix permission. */
export interface FhirInteractionNeed {
  type: SmartResourceType;
  op: SmartOp;
  permission: Permission;
}

/** The scope a need is written as in a 403 ("system/Claim.c"). */
export function scopeLabel(need: Pick<FhirInteractionNeed, "type" | "op">): string {
  return `system/${need.type}.${need.op}`;
}
