/**
 * Decision provenance as FHIR R4 Provenance resources (GET /fhir/Provenance?target=ClaimResponse/<id>):
 * who or what made each decision of a case a PAS response reports, from what, and when — what CA SB
 * 1120 (Health & Safety Code 1367.01(k)), TX SB 815 and the CMS Medicare Advantage rules
 * (42 CFR 422.101(b)(6), 422.566(d)) ask a payer to be able to show about an automated or AI-assisted
 * utilization-review decision.
 *
 *  - a prior auth: one Provenance per AI decision (agent `performer`: the built-in engine or the
 *    model that decided, with its version; agent `verifier`: each reviewer whose decision was
 *    recorded on it; agent `attester`: the clinical reviewer who signed off the denial letter, on
 *    the latest decision), plus one per reviewer decision made without an AI decision;
 *  - a medical claim: one Provenance per service-line decision (claim line), the engine or the
 *    reviewer as performer, the signing clinician of a denial as attester;
 *  - entity (role `source`): the coverage policy and the decision tree version that decided, with
 *    that version's publication date (its effective date);
 *  - recorded: when the decision was stored; target: the ClaimResponse searched for.
 *
 * The PAS ClaimResponse id is `<case id>-<answer time>` (app/fhir/pas-response.server.ts); the case
 * is found by that prefix within the caller's organization only. A target of another organization,
 * or none, gives an empty searchset (the same answer: nothing leaks).
 */
import type { Bundle, Provenance, ProvenanceAgent, ProvenanceEntity, Reference } from "@medplum/fhirtypes";
import type { Database } from "~/lib/db.server";
import { fhirError } from "./fhir-errors";

/** The version the built-in engine reports (the server's software version, as in the CapabilityStatement). */
export const BUILTIN_ENGINE = { name: "PA Review built-in clinical engine", version: "0.1.0" } as const;
const PARTICIPANT = "http://terminology.hl7.org/CodeSystem/provenance-participant-type";
const NPI = "http://hl7.org/fhir/sid/us-npi";

interface Person {
  id: string;
  username: string;
  npi: string | null;
  specialty_name?: string | null;
}

function agentType(code: "performer" | "verifier" | "attester" | "author") {
  const display = { performer: "Performer", verifier: "Verifier", attester: "Attester", author: "Author" }[code];
  return { coding: [{ system: PARTICIPANT, code, display }] };
}

/** The engine or model that decided, as an agent: `engine` "builtin" or a model engine with its model name. */
function engineAgent(engine: string | null | undefined, model: string | null | undefined): ProvenanceAgent {
  const builtin = !engine || engine === "builtin";
  const display = builtin ? `${BUILTIN_ENGINE.name} ${BUILTIN_ENGINE.version}` : `${engine} model ${model ?? "(unnamed)"}`;
  return {
    type: agentType("performer"),
    who: {
      display,
      identifier: { system: "urn:pa-review:decision-engine", value: builtin ? `builtin@${BUILTIN_ENGINE.version}` : `${engine}@${model ?? ""}` },
    },
  };
}

function personAgent(person: Person, role: "performer" | "verifier" | "attester"): ProvenanceAgent {
  const label = person.specialty_name ? `${person.username} (${person.specialty_name})` : person.username;
  return {
    type: agentType(role),
    who: {
      display: label,
      identifier: person.npi ? { system: NPI, value: person.npi } : { system: "urn:pa-review:user", value: person.id },
    },
  };
}

async function policyEntity(
  database: Database,
  organizationId: string,
  policyId: string | null | undefined,
  version: number | null | undefined,
): Promise<ProvenanceEntity[]> {
  if (!policyId) return [];
  const policy = await database.prisma.coveragePolicy.findFirst({
    where: { id: policyId, organization_id: organizationId },
    select: { id: true, drug_name: true },
  });
  if (!policy) return [];
  const tree = version
    ? await database.prisma.coveragePolicyTreeVersion.findFirst({
        where: { coverage_policy_id: policy.id, version },
        select: { published_at: true, created_at: true },
      })
    : null;
  const effective = tree ? (tree.published_at ?? tree.created_at).toISOString().slice(0, 10) : null;
  const what: Reference = {
    identifier: { system: "urn:pa-review:coverage-policy", value: version ? `${policy.id}|${version}` : policy.id },
    display: `Coverage policy "${policy.drug_name}"${version ? `, decision tree version ${version}` : ""}${effective ? `, effective ${effective}` : ""}`,
  };
  return [{ role: "source", what }];
}

/** The case id a PAS ClaimResponse id names (`<case id>-<answer time>`), or the id itself. */
export function caseIdOfClaimResponse(id: string): string {
  return id.split("-")[0]!;
}

/**
 * The Provenance resources of the decisions behind `ClaimResponse/<id>` of `organizationId`, as a
 * FHIR searchset Bundle (`baseUrl` is the server's /fhir URL, for fullUrl).
 * @param target the search parameter's value: `ClaimResponse/<id>` (or a full URL ending so)
 * @throws FhirError 400 for a target that names no ClaimResponse
 */
export async function searchDecisionProvenance(database: Database, organizationId: string, target: string, baseUrl: string): Promise<Bundle<Provenance>> {
  const match = /(?:^|\/)ClaimResponse\/([A-Za-z0-9\-.]{1,64})$/.exec(target.trim());
  if (!match) throw fhirError(400, "invalid", "Search by target=ClaimResponse/<id> (the id of a PAS ClaimResponse)", "target");
  const claimResponseId = match[1]!;
  const caseId = caseIdOfClaimResponse(claimResponseId);
  const targetRef: Reference = { reference: `ClaimResponse/${claimResponseId}` };
  const resources = [
    ...(await priorAuthProvenance(database, organizationId, caseId, targetRef)),
    ...(await claimProvenance(database, organizationId, caseId, targetRef)),
  ];
  return {
    resourceType: "Bundle",
    type: "searchset",
    total: resources.length,
    link: [{ relation: "self", url: `${baseUrl}/Provenance?target=${encodeURIComponent(`ClaimResponse/${claimResponseId}`)}` }],
    entry: resources.map((resource) => ({ fullUrl: `${baseUrl}/Provenance/${resource.id}`, resource, search: { mode: "match" as const } })),
  };
}

const PERSON = { select: { id: true, username: true, npi: true, specialty_name: true } } as const;

async function priorAuthProvenance(database: Database, organizationId: string, caseId: string, target: Reference): Promise<Provenance[]> {
  const pa = await database.prisma.priorAuth.findFirst({
    where: { id: caseId, organization_id: organizationId },
    select: {
      id: true,
      coverage_policy_id: true,
      ai_decisions: { orderBy: { created_at: "asc" } },
      human_decisions: { orderBy: { created_at: "asc" }, include: { user: PERSON } },
      letters: { where: { signed_off_by_id: { not: null } }, orderBy: { created_at: "desc" }, take: 1, include: { signed_off_by: PERSON } },
    },
  });
  if (!pa) return [];
  const out: Provenance[] = [];
  const signer = pa.letters[0]?.signed_off_by ?? null;
  const latestAi = pa.ai_decisions.at(-1);
  for (const d of pa.ai_decisions) {
    const agents: ProvenanceAgent[] = [engineAgent(d.engine, d.model)];
    for (const h of pa.human_decisions.filter((h) => h.ai_decision_id === d.id)) if (h.user) agents.push(personAgent(h.user, "verifier"));
    if (signer && d === latestAi) agents.push(personAgent(signer, "attester"));
    out.push({
      resourceType: "Provenance",
      id: `ai-decision-${d.id}`,
      target: [target],
      recorded: d.created_at.toISOString(),
      activity: { text: `Prior authorization decision: ${d.final_decision}` },
      agent: agents,
      entity: await policyEntity(database, organizationId, pa.coverage_policy_id, d.coverage_policy_version),
    });
  }
  for (const h of pa.human_decisions.filter((h) => !h.ai_decision_id)) {
    out.push({
      resourceType: "Provenance",
      id: `human-decision-${h.id}`,
      target: [target],
      recorded: h.created_at.toISOString(),
      activity: { text: `Prior authorization decision by a reviewer: ${h.decision_type}` },
      agent: [h.user ? personAgent(h.user, "performer") : { type: agentType("performer"), who: { display: "A reviewer (account removed)" } }],
      entity: await policyEntity(database, organizationId, pa.coverage_policy_id, null),
    });
  }
  return out;
}

async function claimProvenance(database: Database, organizationId: string, caseId: string, target: Reference): Promise<Provenance[]> {
  const claim = await database.prisma.claim.findFirst({
    where: { id: caseId, organization_id: organizationId },
    select: {
      id: true,
      service_requests: { orderBy: { created_at: "asc" }, select: { id: true, code: true } },
      service_decisions: { orderBy: { created_at: "asc" } },
    },
  });
  if (!claim) return [];
  const userIds = [...new Set(claim.service_decisions.flatMap((d) => [d.user_id, d.signed_off_by_id]).filter((x): x is string => Boolean(x)))];
  const users = new Map((await database.prisma.user.findMany({ where: { id: { in: userIds } }, ...PERSON })).map((u) => [u.id, u]));
  const out: Provenance[] = [];
  for (const d of claim.service_decisions) {
    const meta = (d.metadata ?? {}) as { coverage_policy_id?: string; coverage_policy_version?: number; engine?: string; model?: string };
    const line = claim.service_requests.findIndex((s) => s.id === d.service_request_id);
    const agents: ProvenanceAgent[] = [];
    if (d.agent === "human") {
      const user = d.user_id ? users.get(d.user_id) : undefined;
      agents.push(user ? personAgent(user, "performer") : { type: agentType("performer"), who: { display: "A reviewer" } });
    } else {
      agents.push(engineAgent(meta.engine ?? d.agent, meta.model));
    }
    const signer = d.signed_off_by_id ? users.get(d.signed_off_by_id) : undefined;
    if (signer) agents.push(personAgent(signer, "attester"));
    const lineLabel = line >= 0 ? `claim line ${line + 1}${claim.service_requests[line]!.code ? ` (${claim.service_requests[line]!.code})` : ""}` : "the claim";
    out.push({
      resourceType: "Provenance",
      id: `service-decision-${d.id}`,
      target: [{ ...target, display: lineLabel }],
      recorded: d.created_at.toISOString(),
      activity: { text: `Decision on ${lineLabel}: ${d.final_decision ?? (d.approved === true ? "approved" : d.approved === false ? "denied" : "pending")}` },
      agent: agents,
      entity: await policyEntity(database, organizationId, meta.coverage_policy_id, meta.coverage_policy_version),
    });
  }
  return out;
}
