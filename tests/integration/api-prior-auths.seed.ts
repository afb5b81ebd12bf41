/**
 * Seed and call helpers for the prior-auth /api integration tests: a reviewed case written row by
 * row (what an intake leaves behind) so tests do not depend on the worker, small real PDFs, and a
 * way to call a route module's loader/action with a real Request.
 */
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Database } from "~/lib/db.server";

/** A one-page PDF with `text` in its text layer. */
export async function makePdf(text = "Prior authorization request"): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  text.split("\n").forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 16, size: 11, font }));
  return new Uint8Array(await doc.save());
}

type RouteModule = { loader?: (args: never) => unknown; action?: (args: never) => unknown };

/**
 * Calls `mod.loader` (GET) or `mod.action` (other methods) with a real Request.
 * `body`: an object → JSON; FormData → multipart; string → as is.
 */
export async function callRoute(
  mod: RouteModule,
  method: string,
  path: string,
  params: Record<string, string>,
  opts: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Response> {
  const headers = new Headers(opts.headers);
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData || typeof opts.body === "string") body = opts.body as BodyInit;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers.set("Content-Type", "application/json");
  }
  // Like a browser on the app's own page: writes carry the same-origin Origin (cross-site.server.ts).
  if (method !== "GET" && !headers.has("Origin")) headers.set("Origin", "http://localhost");
  const request = new Request(new URL(path, "http://localhost"), { method, headers, body });
  const fn = method === "GET" ? mod.loader : mod.action;
  if (!fn) throw new Error(`route has no ${method === "GET" ? "loader" : "action"}`);
  try {
    return (await (fn as (a: unknown) => Promise<Response>)({ request, params, context: {} })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

export interface SeedOptions {
  aiDecision?: "approved" | "denied" | "needs_more_information" | null;
  patient?: { first_name: string; last_name: string };
  medication?: string;
  practitioner?: string;
  createdAt?: Date;
  intakeStatus?: string;
  withPolicy?: boolean;
}

const FAX_TEXT = [
  "PRIOR AUTHORIZATION REQUEST",
  "Patient: Maria Lopez  DOB: 1961-04-02  Member ID: ZX1002003",
  "Diagnosis: M05.79 Rheumatoid arthritis with rheumatoid factor of multiple sites",
  "Prescriber: Dr. Alan Reyes, MD, Rheumatology, NPI 1234567893",
  "Medication requested: Humira (adalimumab) 40 mg every other week",
  "Prior therapies: methotrexate 20 mg weekly for 6 weeks, inadequate response.",
].join("\n");

const POLICY_TEXT =
  "Adalimumab coverage policy. Criterion 1: The member has tried and failed methotrexate for at least 12 weeks. Criterion 2: Prescribed by a rheumatologist.";

/**
 * A reviewed case of `organizationId`: fax document with an indexed page and passage, extracted rows,
 * policy checks (one failed criterion), and an AI decision. Returns ids.
 */
export async function seedReviewedCase(database: Database, organizationId: string, opts: SeedOptions = {}) {
  const p = database.prisma;
  const patient = opts.patient ?? { first_name: "Maria", last_name: "Lopez" };
  const medication = opts.medication ?? "Humira";
  let coveragePolicyId: string | null = null;
  if (opts.withPolicy !== false) {
    const plan = await p.plan.create({
      data: {
        organization_id: organizationId,
        title: "Gold PPO",
        identification: "GOLD-1",
        line_of_business: "Commercial",
        plan_type: "PPO",
        state: "CA",
        effective_date: new Date("2025-01-01"),
      },
    });
    const policy = await p.coveragePolicy.create({
      data: {
        organization_id: organizationId,
        plan_id: plan.id,
        drug_name: "adalimumab",
        drugs_list: ["Humira"],
        policy_text: POLICY_TEXT,
        tree_status: "ready",
      },
    });
    const policyDoc = await p.document.create({
      data: {
        organization_id: organizationId,
        coverage_policy_id: policy.id,
        kind: "policy",
        filename: "policy.pdf",
        byte_size: 10,
        sha256: "x",
        data: new Uint8Array(await makePdf(POLICY_TEXT)),
        page_count: 1,
      },
    });
    await p.documentPage.create({ data: { document_id: policyDoc.id, page_number: 1, text: POLICY_TEXT } });
    await p.documentChunk.create({
      data: {
        organization_id: organizationId,
        document_id: policyDoc.id,
        coverage_policy_id: policy.id,
        page_number: 1,
        start_offset: 0,
        end_offset: POLICY_TEXT.length,
        text: POLICY_TEXT,
      },
    });
    coveragePolicyId = policy.id;
  }
  const pa = await p.priorAuth.create({
    data: {
      organization_id: organizationId,
      submission_type: "fax",
      intake_status: opts.intakeStatus ?? "succeeded",
      intake_step: 5,
      epa_processed: true,
      medication_name: medication,
      patient_name: `${patient.first_name} ${patient.last_name}`,
      practitioner_name: opts.practitioner ?? "Alan Reyes",
      request_date: new Date("2026-03-02"),
      coverage_policy_id: coveragePolicyId,
      final_decision: opts.aiDecision ?? null,
      ...(opts.createdAt ? { created_at: opts.createdAt } : {}),
    },
  });
  const pdf = await makePdf(FAX_TEXT);
  const fax = await p.document.create({
    data: {
      organization_id: organizationId,
      prior_auth_id: pa.id,
      kind: "fax",
      filename: "fax.pdf",
      byte_size: pdf.byteLength,
      sha256: "x",
      data: new Uint8Array(pdf),
      page_count: 1,
      status: "parsed",
    },
  });
  await p.documentPage.create({ data: { document_id: fax.id, page_number: 1, text: FAX_TEXT } });
  const lines = FAX_TEXT.split("\n");
  let offset = 0;
  for (const line of lines) {
    await p.documentChunk.create({
      data: {
        organization_id: organizationId,
        document_id: fax.id,
        prior_auth_id: pa.id,
        page_number: 1,
        start_offset: offset,
        end_offset: offset + line.length,
        text: line,
      },
    });
    offset += line.length + 1;
  }
  const cite = (text: string) => [
    { document: "fax", document_id: fax.id, page: 1, start: FAX_TEXT.indexOf(text), end: FAX_TEXT.indexOf(text) + text.length, text },
  ];
  await p.patient.create({
    data: {
      organization_id: organizationId,
      prior_auth_id: pa.id,
      ...patient,
      birth_date: "1961-04-02",
      gender: "female",
      member_id: "ZX1002003",
      citations: cite("Member ID: ZX1002003"),
    },
  });
  await p.practitioner.create({
    data: { prior_auth_id: pa.id, full_name: "Alan Reyes", npi: "1234567893", specialty: "Rheumatology", npi_data: { number: "1234567893" } },
  });
  await p.diagnosis.create({ data: { prior_auth_id: pa.id, code: "M05.79", description: "Rheumatoid arthritis", primary: true, citations: cite("M05.79") } });
  await p.diagnosis.create({ data: { prior_auth_id: pa.id, code: "E11.9", description: "Type 2 diabetes", primary: false } });
  await p.medicationRequest.create({ data: { prior_auth_id: pa.id, drug_name: medication, dosage: "40 mg every other week", ndc: "00074-4339-02" } });
  await p.pbmPolicyResult.create({
    data: {
      prior_auth_id: pa.id,
      ndc: "00074-4339-02",
      requires_prior_auth: true,
      metadata: { tier: 5 },
      quantity_limit: { amount: 2, unit: "pens", period: "28 days" },
      step_therapy: { required_steps: [{ drug_name: "methotrexate", duration: "84 days" }] },
    },
  });
  await p.policyCheck.create({
    data: {
      prior_auth_id: pa.id,
      title: "Eligibility",
      kind: "eligibility",
      passed: true,
      policy_check_steps: {
        create: [{ position: 1, question: "Is the member covered on the request date?", reason: "Member ZX1002003 is active.", outcome: "met", passed: true }],
      },
    },
  });
  await p.policyCheck.create({
    data: {
      prior_auth_id: pa.id,
      coverage_policy_id: coveragePolicyId,
      title: "Adalimumab for rheumatoid arthritis",
      kind: "clinical",
      passed: false,
      policy_check_steps: {
        create: [
          { position: 1, question: "Prescribed by a rheumatologist?", reason: "Dr. Reyes is a rheumatologist.", outcome: "met", passed: true },
          {
            position: 2,
            question: "Has the member tried and failed methotrexate for at least 12 weeks?",
            reason: "Only 6 weeks of methotrexate are documented; the policy requires 12 weeks.",
            outcome: "not_met",
            passed: false,
          },
        ],
      },
    },
  });
  let aiDecisionId: string | null = null;
  if (opts.aiDecision) {
    const ai = await p.aiDecision.create({
      data: {
        prior_auth_id: pa.id,
        final_decision: opts.aiDecision,
        confidence_score: 0.82,
        ai_summary: `The request is ${opts.aiDecision}.`,
        rationale: "Methotrexate trial shorter than required.",
        citations: cite("methotrexate 20 mg weekly for 6 weeks"),
        decision_tree_traversal: [{ node_question_or_action: "Tried methotrexate 12 weeks?", node_answer: "No", next_node: "Deny" }],
        response_data: { is_approved: opts.aiDecision === "approved" },
      },
    });
    aiDecisionId = ai.id;
    await p.aiResponse.create({ data: { prior_auth_id: pa.id, agent: "clinical", summary: "Step therapy not met", approved: false } });
    await p.aiAgentRun.create({
      data: {
        organization_id: organizationId,
        prior_auth_id: pa.id,
        agent: "decision",
        step: 5,
        status: "succeeded",
        task_message: "Making a decision",
        output: { big: "x".repeat(50) },
        duration_ms: 12,
        finished_at: new Date(),
      },
    });
  }
  return { priorAuthId: pa.id, faxDocumentId: fax.id, aiDecisionId, coveragePolicyId };
}
