/**
 * Per-service-line scoring of a medical set (../shared/eval/FORMAT.md "Medical (service) requests
 * and claims"): lines are matched by code and date of service (else by position), then
 * per-line decision accuracy, a per-line confusion matrix, field accuracy for code, units,
 * modifiers, date_of_service and place_of_service (typed and scanned faxes apart), covered lines
 * denied (expected approved or needs more information, got denied: a wrongful denial) and deniable
 * lines approved (expected denied or needs more information, got approved: a wrongful approval).
 * Per case, as for prior auths (score.ts): field accuracy of the patient (name, birth date, member
 * id), the practitioner (name, NPI) and the diagnoses (the set of codes), exact match after
 * normalizeValue; median and 95th percentile seconds per case.
 */
import { DECISIONS, normalizeValue, type CaseReport, type Decision } from "./score";

export interface ServiceLineReport {
  code: string | null;
  units: number | null;
  modifiers: string[];
  date_of_service: string | null;
  place_of_service: string | null;
  policy: string | null;
  decision: Decision;
  confidence: number | null;
  criteria: { text: string; outcome: string; reason: string; evidence: unknown[] }[];
}

export interface ServiceCaseReport {
  case_id: string;
  decision: Decision | "failed";
  scanned: boolean;
  /** the claim's patient as read (FORMAT.md: the same fields as a drug case) */
  patient: CaseReport["patient"];
  /** the ordering / referring practitioner (else the first one named) */
  practitioner: CaseReport["practitioner"];
  /** ICD-10-CM codes as read, in order */
  diagnoses: string[];
  /** submission to the last line decision */
  seconds: number | null;
  /** time the worker spent on the case (first agent start to last agent finish) */
  processing_seconds?: number | null;
  services: ServiceLineReport[];
}

export interface ExpectedService {
  code: string;
  units?: number;
  modifiers?: string[];
  date_of_service?: string;
  place_of_service?: string;
  decision: Decision;
}

const FIELDS = ["code", "units", "modifiers", "date_of_service", "place_of_service"] as const;
type Field = (typeof FIELDS)[number];

export interface ServiceScore {
  lines: number;
  line_decision_accuracy: number;
  confusion: Record<Decision, Record<Decision | "missing", number>>;
  covered_lines_denied: number;
  deniable_lines_approved: number;
  field_accuracy: { text: Record<Field, number | null>; scanned: Record<Field, number | null> };
  case_decision_accuracy: number;
  mismatches: { case_id: string; code: string; expected: Decision; got: Decision | "missing" }[];
  /** per case: "patient.first_name", "patient.birth_date", "practitioner.npi", "diagnoses" … */
  fields: Record<string, { correct: number; total: number; accuracy: number }>;
  /** all case fields together (null when expected.json carries none) */
  case_field_accuracy: number | null;
  field_mismatches: { case_id: string; field: string; expected: unknown; got: unknown }[];
  median_seconds: number | null;
  p95_seconds: number | null;
}

const CASE_FIELDS = { patient: ["first_name", "last_name", "birth_date", "member_id"], practitioner: ["full_name", "npi"] } as const;

function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const v = [...values].sort((a, b) => a - b);
  return v[Math.min(v.length - 1, Math.max(0, Math.ceil(p * v.length) - 1))];
}

const norm = (f: Field, v: unknown) =>
  f === "modifiers"
    ? [...((v as string[]) ?? [])]
        .map((x) => x.toUpperCase())
        .sort()
        .join(",")
    : f === "units"
      ? v == null
        ? ""
        : String(Number(v))
      : String(v ?? "")
          .trim()
          .toUpperCase();

/** Scores `reports` against the `services` of each expected.json (cases without services are skipped). */
export function scoreServices(
  reports: ServiceCaseReport[],
  expected: Map<
    string,
    { decision?: Decision; services?: ExpectedService[]; patient?: Record<string, string>; practitioner?: Record<string, string>; diagnoses?: string[] }
  >,
): ServiceScore {
  const fields: ServiceScore["fields"] = {};
  const fieldMismatches: ServiceScore["field_mismatches"] = [];
  const tallyField = (field: string, ok: boolean, caseId: string, want: unknown, got: unknown) => {
    fields[field] ??= { correct: 0, total: 0, accuracy: 0 };
    fields[field].total++;
    if (ok) fields[field].correct++;
    else fieldMismatches.push({ case_id: caseId, field, expected: want, got });
  };
  const confusion = Object.fromEntries(
    DECISIONS.map((d) => [d, { approved: 0, denied: 0, needs_more_information: 0, missing: 0 }]),
  ) as ServiceScore["confusion"];
  const tally = { text: {} as Record<Field, [number, number]>, scanned: {} as Record<Field, [number, number]> };
  for (const f of FIELDS) {
    tally.text[f] = [0, 0];
    tally.scanned[f] = [0, 0];
  }
  let lines = 0,
    right = 0,
    wrongDenied = 0,
    wrongApproved = 0,
    cases = 0,
    casesRight = 0;
  const mismatches: ServiceScore["mismatches"] = [];
  for (const r of reports) {
    const exp = expected.get(r.case_id);
    if (!exp) continue;
    for (const group of ["patient", "practitioner"] as const) {
      for (const k of CASE_FIELDS[group]) {
        const want = exp[group]?.[k];
        if (want === undefined) continue;
        const got = (r[group] as Record<string, string | null> | undefined)?.[k] ?? null;
        tallyField(`${group}.${k}`, normalizeValue(want) === normalizeValue(got), r.case_id, want, got);
      }
    }
    if (exp.diagnoses) {
      const want = [...new Set(exp.diagnoses.map(normalizeValue))].sort();
      const got = [...new Set((r.diagnoses ?? []).map(normalizeValue))].sort();
      tallyField("diagnoses", JSON.stringify(want) === JSON.stringify(got), r.case_id, exp.diagnoses, r.diagnoses ?? []);
    }
    if (!exp.services) continue;
    cases++;
    if (exp.decision && exp.decision === r.decision) casesRight++;
    // every exact pairing (code and date) first, so that a line the engine missed never takes the
    // decision of another date's line of the same code; then code alone, then position
    const used = new Set<number>();
    const pairOf = new Map<number, number>();
    const sameCode = (s: { code?: string | null }, e: { code: string }) => s.code?.toUpperCase() === e.code.toUpperCase();
    exp.services.forEach((e, i) => {
      const k = r.services.findIndex((s, j) => !used.has(j) && sameCode(s, e) && (!e.date_of_service || s.date_of_service === e.date_of_service));
      if (k >= 0) {
        used.add(k);
        pairOf.set(i, k);
      }
    });
    exp.services.forEach((e, i) => {
      if (pairOf.has(i)) return;
      let k = r.services.findIndex((s, j) => !used.has(j) && sameCode(s, e));
      if (k < 0 && i < r.services.length && !used.has(i)) k = i;
      if (k >= 0) {
        used.add(k);
        pairOf.set(i, k);
      }
    });
    exp.services.forEach((e, i) => {
      const k = pairOf.get(i) ?? -1;
      const got = k >= 0 ? r.services[k] : null;
      lines++;
      const d = got?.decision ?? "missing";
      confusion[e.decision][d]++;
      if (d === e.decision) right++;
      else mismatches.push({ case_id: r.case_id, code: e.code, expected: e.decision, got: d });
      if (d === "denied" && e.decision !== "denied") wrongDenied++;
      if (d === "approved" && e.decision !== "approved") wrongApproved++;
      const bucket = r.scanned ? tally.scanned : tally.text;
      for (const f of FIELDS) {
        const want = (e as unknown as Record<string, unknown>)[f];
        if (want === undefined) continue;
        bucket[f][1]++;
        if (got && norm(f, want) === norm(f, (got as unknown as Record<string, unknown>)[f])) bucket[f][0]++;
      }
    });
  }
  const fieldTotal = Object.values(fields).reduce((n, f) => n + f.total, 0);
  const fieldCorrect = Object.values(fields).reduce((n, f) => n + f.correct, 0);
  const seconds = reports.map((r) => r.seconds).filter((x): x is number => typeof x === "number");
  const acc = (t: Record<Field, [number, number]>) =>
    Object.fromEntries(FIELDS.map((f) => [f, t[f][1] ? t[f][0] / t[f][1] : null])) as Record<Field, number | null>;
  return {
    lines,
    line_decision_accuracy: lines ? right / lines : 0,
    confusion,
    covered_lines_denied: wrongDenied,
    deniable_lines_approved: wrongApproved,
    field_accuracy: { text: acc(tally.text), scanned: acc(tally.scanned) },
    case_decision_accuracy: cases ? casesRight / cases : 0,
    mismatches,
    fields: Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, { ...f, accuracy: f.total ? f.correct / f.total : 0 }])),
    case_field_accuracy: fieldTotal ? fieldCorrect / fieldTotal : null,
    field_mismatches: fieldMismatches,
    median_seconds: percentile(seconds, 0.5),
    p95_seconds: percentile(seconds, 0.95),
  };
}

/** Printable summary of a ServiceScore. */
export function formatServiceScore(s: ServiceScore): string {
  const pct = (x: number | null) => (x === null ? "n/a" : `${(x * 100).toFixed(1)}%`);
  const out = [
    `service lines: ${s.lines}`,
    `per-line decision accuracy: ${pct(s.line_decision_accuracy)}`,
    `case decision accuracy: ${pct(s.case_decision_accuracy)}`,
    `covered lines denied (wrongful denials): ${s.covered_lines_denied}`,
    `deniable lines approved (wrongful approvals): ${s.deniable_lines_approved}`,
    "per-line confusion (rows expected, columns got: approved / denied / needs_more_information / missing):",
    ...DECISIONS.map((d) => `  ${d.padEnd(24)} ${[...DECISIONS, "missing" as const].map((g) => String(s.confusion[d][g]).padStart(3)).join(" ")}`),
    `field accuracy (typed):   ${FIELDS.map((f) => `${f} ${pct(s.field_accuracy.text[f])}`).join(", ")}`,
    `field accuracy (scanned): ${FIELDS.map((f) => `${f} ${pct(s.field_accuracy.scanned[f])}`).join(", ")}`,
  ];
  out.push(
    `case field accuracy: ${pct(s.case_field_accuracy)}`,
    ...Object.entries(s.fields).map(([k, f]) => `  ${k.padEnd(26)} ${pct(f.accuracy).padStart(7)} (${f.correct}/${f.total})`),
    `seconds per case: median ${s.median_seconds?.toFixed(1) ?? "n/a"}, p95 ${s.p95_seconds?.toFixed(1) ?? "n/a"}`,
  );
  if (s.mismatches.length) out.push("mismatches:", ...s.mismatches.map((m) => `  ${m.case_id} ${m.code}: expected ${m.expected}, got ${m.got}`));
  if (s.field_mismatches.length)
    out.push(
      "field mismatches:",
      ...s.field_mismatches.map((m) => `  ${m.case_id} ${m.field}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.got)}`),
    );
  return out.join("\n");
}
