/**
 * Decision provenance: who or what made each decision of a case, from what, and when — what CA SB
 * 1120 (Health & Safety Code 1367.01(k)), TX SB 815 and the CMS Medicare Advantage rules
 * (42 CFR 422.101(b)(6), 422.566(d)) ask a payer to be able to show about an automated or
 * AI-assisted utilization-review decision. One record per decision, read from what the case stores:
 *
 *  - a prior auth: one per AI decision (the built-in engine or the model that decided, with its
 *    version; each reviewer whose decision was recorded on it; the clinical reviewer who signed off
 *    the denial letter, on the latest decision), plus one per reviewer decision made without an AI
 *    decision;
 *  - a medical claim: one per service-line decision (claim line): the engine or the reviewer who
 *    decided, the signing clinician of a denial;
 *  - each names the coverage policy and the decision tree version that decided, with that version's
 *    publication date (its effective date); the organization's AI rules that fired (the trail's
 *    `AI rule "<name>" (<stage>)` steps answered "Fired", app/clinical/rules/apply-ai-rules.ts
 *    ruleTrailStep); and the evidence spans the decision cites (document, page, quoted text).
 *
 * The same records are the FHIR R4 Provenance resources of `/fhir/Provenance` (search by
 * `target=ClaimResponse/<id>`, read by id) and the provenance block of the case's decision trail in
 * the workspace. Provenance ids: `ai-decision-<id>`, `human-decision-<id>`, `service-decision-<id>`.
 *
 * The PAS ClaimResponse id is `<case id>-<answer time>` (app/fhir/pas-response.server.ts); the case
 * is found by that prefix within the caller's organization only. A target or id of another
 * organization, or none, gives an empty searchset or 404 (the same answer: nothing leaks).
 */
import type { Bundle, Practitioner, Provenance, ProvenanceAgent, ProvenanceEntity, Reference, Signature } from "@medplum/fhirtypes";
import type { Database } from "~/lib/db.server";
import { fhirError } from "./fhir-errors";

/** The version the built-in engine reports (the server's software version, as in the CapabilityStatement). */
export const BUILTIN_ENGINE = { name: "PA Review built-in clinical engine", version: "0.1.0" } as const;
const PARTICIPANT = "http://terminology.hl7.org/CodeSystem/provenance-participant-type";
const NPI = "http://hl7.org/fhir/sid/us-npi";
/** ASTM E1762-95 signature types (the R4 Signature.type value set); 1.5 = Verification Signature. */
const SIGNATURE_TYPE = { system: "urn:iso-astm:E1762-95:2013", code: "1.2.840.10065.1.12.1.5", display: "Verification Signature" };
/** At most this many evidence spans per decision, each quote cut to QUOTE_MAX characters. */
const EVIDENCE_MAX = 25;
const QUOTE_MAX = 500;

/** A person who took part in a decision, as their profile states them. */
export interface ProvenancePerson {
  id: string;
  name: string;
  npi: string | null;
  specialty: string | null;
}

/** One decision's provenance (see the module comment). Dates are Date objects; strings are plain text. */
export interface DecisionProvenanceRecord {
  /** the FHIR Provenance id */
  id: string;
  caseId: string;
  caseKind: "prior_auth" | "claim";
  /** "claim line 2 (97110)" for a claim line, else null */
  lineLabel: string | null;
  /** the claim line's service request id, else null */
  lineId: string | null;
  recorded: Date;
  /** approved | denied | needs_more_information (AI), approve | deny (a reviewer's own) */
  decision: string;
  /** the engine or model that decided; null for a reviewer's decision without an AI decision */
  engine: { builtin: boolean; name: string; version: string } | null;
  /** a reviewer who decided (performer) or whose decision was recorded on the AI decision (verifier) */
  reviewers: { role: "performer" | "verifier"; person: ProvenancePerson | null }[];
  /** the clinical reviewer who signed off the denial, and when */
  signedOff: { person: ProvenancePerson; at: Date } | null;
  /** the screening criteria: coverage policy, decision tree version and its effective date (YYYY-MM-DD) */
  policy: { id: string; name: string; treeVersion: number | null; effectiveDate: string | null } | null;
  /** the organization's AI rules that fired on the decision */
  rulesFired: { name: string; stage: string; detail: string }[];
  /** the evidence the decision cites */
  evidence: { document: string; documentId: string | null; page: number; text: string }[];
}

const PERSON = { select: { id: true, username: true, npi: true, specialty_name: true } } as const;
type PersonRow = { id: string; username: string; npi: string | null; specialty_name: string | null };

function person(row: PersonRow | null | undefined): ProvenancePerson | null {
  return row ? { id: row.id, name: row.username, npi: row.npi, specialty: row.specialty_name } : null;
}

/** The engine or model that decided: `engine` "builtin" (or none) is the built-in engine, else a model engine with its model name. */
export function engineOf(engine: string | null | undefined, model: string | null | undefined): { builtin: boolean; name: string; version: string } {
  if (!engine || engine === "builtin") return { builtin: true, name: BUILTIN_ENGINE.name, version: BUILTIN_ENGINE.version };
  return { builtin: false, name: `${engine} model`, version: model ?? "(unnamed)" };
}

const RULE_STEP = /^AI rule "(.+)" \(([a-z_]+)\)$/;

/**
 * The AI rules that fired, read from a decision trail: the steps `AI rule "<name>" (<stage>)`
 * (app/clinical/rules/apply-ai-rules.ts ruleTrailStep) whose answer starts with "Fired" (a rule that
 * did not parse is recorded "Not applied" and did not fire).
 */
export function rulesFiredInTrail(trail: unknown): { name: string; stage: string; detail: string }[] {
  if (!Array.isArray(trail)) return [];
  const out: { name: string; stage: string; detail: string }[] = [];
  for (const step of trail as { node_question_or_action?: unknown; node_answer?: unknown }[]) {
    const m = typeof step?.node_question_or_action === "string" ? RULE_STEP.exec(step.node_question_or_action) : null;
    const answer = typeof step?.node_answer === "string" ? step.node_answer : "";
    if (m && answer.startsWith("Fired")) out.push({ name: m[1]!, stage: m[2]!, detail: answer });
  }
  return out;
}

/** The evidence spans of stored citations (document, page, quoted text), deduplicated, capped (EVIDENCE_MAX, QUOTE_MAX). */
export function evidenceOf(citations: unknown): DecisionProvenanceRecord["evidence"] {
  if (!Array.isArray(citations)) return [];
  const seen = new Set<string>();
  const out: DecisionProvenanceRecord["evidence"] = [];
  for (const c of citations as { document?: unknown; document_id?: unknown; page?: unknown; text?: unknown }[]) {
    if (typeof c?.document !== "string" || typeof c.page !== "number" || typeof c.text !== "string" || !c.text.trim()) continue;
    const text = c.text.trim().replace(/\s+/g, " ").slice(0, QUOTE_MAX);
    const key = `${c.document}|${c.page}|${text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ document: c.document, documentId: typeof c.document_id === "string" ? c.document_id : null, page: c.page, text });
    if (out.length >= EVIDENCE_MAX) break;
  }
  return out;
}

async function policyOf(
  database: Database,
  organizationId: string,
  policyId: string | null | undefined,
  version: number | null | undefined,
): Promise<DecisionProvenanceRecord["policy"]> {
  if (!policyId) return null;
  const policy = await database.prisma.coveragePolicy.findFirst({
    where: { id: policyId, organization_id: organizationId },
    select: { id: true, drug_name: true },
  });
  if (!policy) return null;
  const tree = version
    ? await database.prisma.coveragePolicyTreeVersion.findFirst({
        where: { coverage_policy_id: policy.id, version },
        select: { published_at: true, created_at: true },
      })
    : null;
  return {
    id: policy.id,
    name: policy.drug_name,
    treeVersion: version ?? null,
    effectiveDate: tree ? (tree.published_at ?? tree.created_at).toISOString().slice(0, 10) : null,
  };
}

/** "Coverage policy "Adalimumab", decision tree version 2, effective 2026-10-01" (the screening criteria, in words). */
export function policyLabel(policy: NonNullable<DecisionProvenanceRecord["policy"]>): string {
  return `Coverage policy "${policy.name}"${policy.treeVersion ? `, decision tree version ${policy.treeVersion}` : ""}${policy.effectiveDate ? `, effective ${policy.effectiveDate}` : ""}`;
}

/** The engine in words: "PA Review built-in clinical engine 0.1.0" or "openai model gpt-4o-mini". */
export function engineLabel(engine: NonNullable<DecisionProvenanceRecord["engine"]>): string {
  return `${engine.name} ${engine.version}`;
}

/**
 * The provenance of every decision of case `caseId` (a prior auth or a claim) of `organizationId`,
 * oldest first; [] when the organization has no such case.
 */
export async function loadCaseProvenance(database: Database, organizationId: string, caseId: string): Promise<DecisionProvenanceRecord[]> {
  return [...(await priorAuthRecords(database, organizationId, caseId)), ...(await claimRecords(database, organizationId, caseId))];
}

async function priorAuthRecords(database: Database, organizationId: string, caseId: string): Promise<DecisionProvenanceRecord[]> {
  const pa = await database.prisma.priorAuth.findFirst({
    where: { id: caseId, organization_id: organizationId },
    select: {
      id: true,
      coverage_policy_id: true,
      ai_decisions: { orderBy: [{ created_at: "asc" }, { id: "asc" }] },
      human_decisions: { orderBy: [{ created_at: "asc" }, { id: "asc" }], include: { user: PERSON } },
      letters: {
        where: { kind: "denial", signed_off_by_id: { not: null } },
        orderBy: { created_at: "desc" },
        take: 1,
        include: { signed_off_by: PERSON },
      },
    },
  });
  if (!pa) return [];
  const out: DecisionProvenanceRecord[] = [];
  const letter = pa.letters[0];
  const signedOff = letter?.signed_off_by ? { person: person(letter.signed_off_by)!, at: letter.created_at } : null;
  const latestAi = pa.ai_decisions.at(-1);
  for (const d of pa.ai_decisions) {
    out.push({
      id: `ai-decision-${d.id}`,
      caseId: pa.id,
      caseKind: "prior_auth",
      lineLabel: null,
      lineId: null,
      recorded: d.created_at,
      decision: d.final_decision,
      engine: engineOf(d.engine, d.model),
      reviewers: pa.human_decisions.filter((h) => h.ai_decision_id === d.id).map((h) => ({ role: "verifier" as const, person: person(h.user) })),
      signedOff: d === latestAi ? signedOff : null,
      policy: await policyOf(database, organizationId, pa.coverage_policy_id, d.coverage_policy_version),
      rulesFired: rulesFiredInTrail(d.decision_tree_traversal),
      evidence: evidenceOf(d.citations),
    });
  }
  for (const h of pa.human_decisions.filter((h) => !h.ai_decision_id)) {
    out.push({
      id: `human-decision-${h.id}`,
      caseId: pa.id,
      caseKind: "prior_auth",
      lineLabel: null,
      lineId: null,
      recorded: h.created_at,
      decision: h.decision_type,
      engine: null,
      reviewers: [{ role: "performer", person: person(h.user) }],
      signedOff: !latestAi && h.decision_type === "deny" ? signedOff : null,
      policy: await policyOf(database, organizationId, pa.coverage_policy_id, null),
      rulesFired: [],
      evidence: [],
    });
  }
  return out;
}

async function claimRecords(database: Database, organizationId: string, caseId: string): Promise<DecisionProvenanceRecord[]> {
  const claim = await database.prisma.claim.findFirst({
    where: { id: caseId, organization_id: organizationId },
    select: {
      id: true,
      service_requests: { orderBy: [{ line_number: "asc" }, { created_at: "asc" }], select: { id: true, code: true } },
      service_decisions: { orderBy: [{ created_at: "asc" }, { id: "asc" }] },
    },
  });
  if (!claim) return [];
  const userIds = [...new Set(claim.service_decisions.flatMap((d) => [d.user_id, d.signed_off_by_id]).filter((x): x is string => Boolean(x)))];
  const users = new Map((await database.prisma.user.findMany({ where: { id: { in: userIds } }, ...PERSON })).map((u) => [u.id, u]));
  const out: DecisionProvenanceRecord[] = [];
  for (const d of claim.service_decisions) {
    const meta = (d.metadata ?? {}) as { coverage_policy_id?: string; coverage_policy_version?: number; engine?: string; model?: string };
    const line = claim.service_requests.findIndex((s) => s.id === d.service_request_id);
    const code = line >= 0 ? claim.service_requests[line]!.code : null;
    const human = d.agent === "human";
    const signer = d.signed_off_by_id ? users.get(d.signed_off_by_id) : undefined;
    out.push({
      id: `service-decision-${d.id}`,
      caseId: claim.id,
      caseKind: "claim",
      lineLabel: line >= 0 ? `claim line ${line + 1}${code ? ` (${code})` : ""}` : "the claim",
      lineId: d.service_request_id,
      recorded: d.created_at,
      decision: d.final_decision ?? (d.approved === true ? "approved" : d.approved === false ? "denied" : "pending"),
      engine: human ? null : engineOf(meta.engine ?? d.agent, meta.model),
      reviewers: human ? [{ role: "performer", person: person(d.user_id ? users.get(d.user_id) : null) }] : [],
      signedOff: signer ? { person: person(signer)!, at: d.signed_off_at ?? d.created_at } : null,
      policy: await policyOf(database, organizationId, meta.coverage_policy_id, meta.coverage_policy_version),
      rulesFired: rulesFiredInTrail(d.decision_tree_traversal),
      evidence: evidenceOf(d.citations),
    });
  }
  return out;
}

// ───────────── as FHIR R4 Provenance ─────────────

function agentType(code: "performer" | "verifier" | "attester") {
  const display = { performer: "Performer", verifier: "Verifier", attester: "Attester" }[code];
  return { coding: [{ system: PARTICIPANT, code, display }] };
}

function personRef(p: ProvenancePerson | null): Reference<Practitioner> {
  if (!p) return { display: "A reviewer (account removed)" };
  return {
    display: p.specialty ? `${p.name} (${p.specialty})` : p.name,
    identifier: p.npi ? { system: NPI, value: p.npi } : { system: "urn:pa-review:user", value: p.id },
  };
}

/**
 * A record as an R4 Provenance: `target` (the ClaimResponse, labelled with the claim line), `recorded`,
 * `activity` (the decision), agents typed performer (the engine or model, its version in the
 * identifier; or the deciding reviewer), verifier (a reviewer's decision on it) and attester (the
 * clinician who signed off, also as the resource's `signature`), entities of role `source`: the
 * coverage policy and tree version (identifier urn:pa-review:coverage-policy `<id>|<version>`), each
 * AI rule that fired (urn:pa-review:ai-rule) and each evidence span (urn:pa-review:document, the
 * document, page and quoted text in the display).
 */
export function toFhirProvenance(record: DecisionProvenanceRecord, target: Reference): Provenance {
  const agents: ProvenanceAgent[] = [];
  if (record.engine) {
    const e = record.engine;
    agents.push({
      type: agentType("performer"),
      who: {
        display: engineLabel(e),
        identifier: { system: "urn:pa-review:decision-engine", value: e.builtin ? `builtin@${e.version}` : `${e.name.replace(/ model$/, "")}@${e.version}` },
      },
    });
  }
  for (const r of record.reviewers) agents.push({ type: agentType(r.role), who: personRef(r.person) });
  if (record.signedOff) agents.push({ type: agentType("attester"), who: personRef(record.signedOff.person) });
  const entity: ProvenanceEntity[] = [];
  if (record.policy) {
    const p = record.policy;
    entity.push({
      role: "source",
      what: { identifier: { system: "urn:pa-review:coverage-policy", value: p.treeVersion ? `${p.id}|${p.treeVersion}` : p.id }, display: policyLabel(p) },
    });
  }
  for (const r of record.rulesFired)
    entity.push({
      role: "source",
      what: { identifier: { system: "urn:pa-review:ai-rule", value: r.name }, display: `AI rule "${r.name}" (${r.stage}): ${r.detail}` },
    });
  for (const ev of record.evidence)
    entity.push({
      role: "source",
      what: {
        ...(ev.documentId ? { identifier: { system: "urn:pa-review:document", value: ev.documentId } } : {}),
        display: `${ev.document}, page ${ev.page}: "${ev.text}"`,
      },
    });
  const signature: Signature[] = record.signedOff
    ? [{ type: [SIGNATURE_TYPE], when: record.signedOff.at.toISOString(), who: personRef(record.signedOff.person) }]
    : [];
  const what =
    record.caseKind === "claim"
      ? `Decision on ${record.lineLabel}`
      : record.engine
        ? "Prior authorization decision"
        : "Prior authorization decision by a reviewer";
  return {
    resourceType: "Provenance",
    id: record.id,
    target: [record.lineLabel ? { ...target, display: record.lineLabel } : target],
    recorded: record.recorded.toISOString(),
    activity: { text: `${what}: ${record.decision}` },
    agent: agents,
    ...(entity.length ? { entity } : {}),
    ...(signature.length ? { signature } : {}),
  };
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
  const targetRef: Reference = { reference: `ClaimResponse/${claimResponseId}` };
  const resources = (await loadCaseProvenance(database, organizationId, caseIdOfClaimResponse(claimResponseId))).map((r) => toFhirProvenance(r, targetRef));
  return {
    resourceType: "Bundle",
    type: "searchset",
    total: resources.length,
    link: [{ relation: "self", url: `${baseUrl}/Provenance?target=${encodeURIComponent(`ClaimResponse/${claimResponseId}`)}` }],
    entry: resources.map((resource) => ({ fullUrl: `${baseUrl}/Provenance/${resource.id}`, resource, search: { mode: "match" as const } })),
  };
}

const ID_FORMAT = /^(ai-decision|human-decision|service-decision)-([A-Za-z0-9]{1,40})$/;

/**
 * One Provenance by id (`ai-decision-<id>`, `human-decision-<id>`, `service-decision-<id>`) of
 * `organizationId`. Its target names the case's PAS ClaimResponse by its authorization number (the
 * case id, ClaimResponse.preAuthRef), since a response's own id carries its answer time.
 * @throws FhirError 404 when no decision of the organization has that id (another organization's is not found either)
 */
export async function readDecisionProvenance(database: Database, organizationId: string, id: string): Promise<Provenance> {
  const m = ID_FORMAT.exec(id);
  const notFound = () => fhirError(404, "not-found", `Provenance/${id} is not known`);
  if (!m) throw notFound();
  const [, kind, rowId] = m;
  const p = database.prisma;
  const caseId =
    kind === "ai-decision"
      ? (await p.aiDecision.findFirst({ where: { id: rowId, prior_auth: { organization_id: organizationId } }, select: { prior_auth_id: true } }))
          ?.prior_auth_id
      : kind === "human-decision"
        ? (await p.humanDecision.findFirst({ where: { id: rowId, prior_auth: { organization_id: organizationId } }, select: { prior_auth_id: true } }))
            ?.prior_auth_id
        : (await p.serviceDecision.findFirst({ where: { id: rowId, claim: { organization_id: organizationId } }, select: { claim_id: true } }))?.claim_id;
  if (!caseId) throw notFound();
  const record = (await loadCaseProvenance(database, organizationId, caseId)).find((r) => r.id === id);
  if (!record) throw notFound();
  return toFhirProvenance(record, {
    type: "ClaimResponse",
    identifier: { system: "urn:pa-review:authorization-number", value: caseId },
    display: "The PAS ClaimResponse of this case (ClaimResponse.preAuthRef)",
  });
}

/** The /api and workspace shape of a record (dates ISO strings). */
export interface DecisionProvenanceJson {
  id: string;
  recorded: string;
  decision: string;
  line: string | null;
  engine: { builtin: boolean; name: string; version: string } | null;
  reviewers: { role: "performer" | "verifier"; name: string | null; npi: string | null; specialty: string | null }[];
  signed_off: { name: string; npi: string | null; specialty: string | null; at: string } | null;
  policy: { token: string; name: string; tree_version: number | null; effective_date: string | null } | null;
  rules_fired: { name: string; stage: string; detail: string }[];
  evidence: { document: string; page: number; text: string }[];
}

/** Serializes a record for the case detail JSON (see DecisionProvenanceJson). */
export function provenanceJson(r: DecisionProvenanceRecord): DecisionProvenanceJson {
  return {
    id: r.id,
    recorded: r.recorded.toISOString(),
    decision: r.decision,
    line: r.lineLabel,
    engine: r.engine,
    reviewers: r.reviewers.map((x) => ({ role: x.role, name: x.person?.name ?? null, npi: x.person?.npi ?? null, specialty: x.person?.specialty ?? null })),
    signed_off: r.signedOff
      ? { name: r.signedOff.person.name, npi: r.signedOff.person.npi, specialty: r.signedOff.person.specialty, at: r.signedOff.at.toISOString() }
      : null,
    policy: r.policy ? { token: r.policy.id, name: r.policy.name, tree_version: r.policy.treeVersion, effective_date: r.policy.effectiveDate } : null,
    rules_fired: r.rulesFired,
    evidence: r.evidence.map((e) => ({ document: e.document, page: e.page, text: e.text })),
  };
}

// ───────────── AI-assistance disclosure ─────────────

/**
 * The disclosure letters and PAS responses carry (CA SB 1120, Health & Safety Code 1367.01(k); CMS
 * Medicare Advantage rules, 42 CFR 422.101(b)(6)): whether AI assisted the decision and the source
 * of the screening criteria. `engines` are the engines or models that decided (engineLabel), empty
 * when no AI decision exists; `criteria` the coverage policies with their tree versions (policyLabel).
 * One plain-language sentence pair; pure.
 */
export function aiDisclosureText(input: { engines: string[]; criteria: string[] }): string {
  const criteria = input.criteria.length ? input.criteria.join("; ") : "the plan's coverage criteria (no coverage policy was applied)";
  if (!input.engines.length) return `No AI tool assisted this decision: a reviewer made it. Source of the screening criteria: ${criteria}.`;
  return `AI assisted this decision: an automated review tool (${input.engines.join(", ")}) screened the request against the screening criteria, and a denial is only issued after a clinical reviewer's sign-off. Source of the screening criteria: ${criteria}.`;
}

/**
 * The AI-assistance disclosure (aiDisclosureText) of case `caseId` of `organizationId`: for a prior
 * auth its latest AI decision (engine, policy and tree version; without one, the case's policy); for
 * a claim every line's AI decisions (only line `opts.lineId`'s when given). Null while nothing is
 * decided (no decision recorded), or for no case of the organization.
 */
export async function caseAiDisclosure(database: Database, organizationId: string, caseId: string, opts: { lineId?: string } = {}): Promise<string | null> {
  const records = (await loadCaseProvenance(database, organizationId, caseId)).filter((r) => !opts.lineId || r.lineId === opts.lineId);
  if (!records.length) return null;
  const ai = records.filter((r) => r.engine);
  const chosen = records[0]?.caseKind === "prior_auth" ? (ai.length ? [ai.at(-1)!] : records.slice(-1)) : records;
  const engines = [...new Set(chosen.filter((r) => r.engine).map((r) => engineLabel(r.engine!)))];
  const criteria = [...new Set(chosen.filter((r) => r.policy).map((r) => policyLabel(r.policy!)))];
  return aiDisclosureText({ engines, criteria });
}
