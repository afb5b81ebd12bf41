/**
 * Scoring of an evaluation report against expected.json files (../shared/eval/FORMAT.md):
 * decision accuracy, confusion matrix, per-field exact match after normalising case, whitespace
 * and date format (NDC compared as 11 digits), and median / p95 seconds per case.
 */
export type Decision = "approved" | "denied" | "needs_more_information";
export const DECISIONS: Decision[] = ["approved", "denied", "needs_more_information"];

export interface CaseReport {
  case_id: string;
  decision: Decision | "failed";
  confidence: number | null;
  patient: { first_name: string | null; last_name: string | null; birth_date: string | null; member_id: string | null };
  practitioner: { full_name: string | null; npi: string | null };
  medication: { drug_name: string | null; ndc: string | null };
  diagnoses: string[];
  policy: string | null;
  criteria: { text: string; outcome: string; met: boolean | null; reason: string; evidence: unknown[] }[];
  seconds: number | null;
  /** time the worker spent on the case (first agent start to last agent finish), without queue wait */
  processing_seconds?: number | null;
  /** true when any page of the fax was read by OCR (a scan) */
  scanned?: boolean;
  /** the decision rule that decided (docs/clinical/decision-semantics.md: approve, deny_criteria, pend_needs_review, …) */
  rule?: string | null;
  error?: string | null;
}

export interface Expected {
  decision?: Decision;
  patient?: Record<string, string>;
  practitioner?: Record<string, string>;
  medication?: Record<string, string>;
  diagnoses?: string[];
  policy?: string;
}

const MONTHS: Record<string, string> = {
  jan: "01",
  feb: "02",
  mar: "03",
  apr: "04",
  may: "05",
  jun: "06",
  jul: "07",
  aug: "08",
  sep: "09",
  oct: "10",
  nov: "11",
  dec: "12",
};

/** Lower-case, collapse whitespace, and turn common date forms into YYYY-MM-DD. */
export function normalizeValue(v: unknown): string {
  if (v === null || v === undefined) return "";
  let s = String(v).trim().toLowerCase().replace(/\s+/g, " ");
  let m = s.match(/^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/);
  if (m) s = `${m[3]}-${m[1].padStart(2, "0")}-${m[2].padStart(2, "0")}`;
  m = s.match(/^([a-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})$/);
  if (m && MONTHS[m[1]]) s = `${m[3]}-${MONTHS[m[1]]}-${m[2].padStart(2, "0")}`;
  return s;
}

/** NDC to its 11 digits (5-4-2 without dashes) when it has 11 digits, else the digits as given. */
export function ndc11(v: unknown): string {
  const s = String(v ?? "").trim();
  const parts = s.split("-");
  if (parts.length === 3) {
    const [a, b, c] = parts;
    return a.padStart(5, "0") + b.padStart(4, "0") + c.padStart(2, "0");
  }
  return s.replace(/\D/g, "");
}

function quantile(sorted: number[], q: number) {
  if (!sorted.length) return null;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[idx];
}

export interface Score {
  cases: number;
  scored: number;
  accuracy: number | null;
  confusion: Record<string, Record<string, number>>;
  /** approvable requests denied: the worst error (FORMAT.md "a covered line denied counts as a wrongful denial") */
  approved_denied: number;
  /** deniable requests approved (expected denied, got approved) */
  denied_approved: number;
  /** requests that needed more information, approved */
  pended_approved: number;
  /** requests that needed more information, denied (an incomplete request denied) */
  pended_denied: number;
  /**
   * automation rate: approvable requests approved and deniable requests denied, each over its
   * expected total (a reviewer platform that pends most requests automates nothing)
   */
  automation: { approvable: { decided: number; total: number }; deniable: { decided: number; total: number }; rate: number | null };
  /** accuracy per confidence band: does a 0.9 mean 90%? */
  calibration: { band: string; cases: number; correct: number; accuracy: number | null }[];
  /** the same per decision given (a denial band below 0.95 accuracy is a defect of the confidence model) */
  calibration_by_decision: { decision: Decision; band: string; cases: number; correct: number; accuracy: number | null }[];
  /** pended requests by the rule that pended them, with how many of them should have been decided */
  pend_reasons: { rule: string; cases: number; decidable: number }[];
  field_accuracy: number | null;
  fields: Record<string, { correct: number; total: number; accuracy: number }>;
  /** field accuracy over text-layer faxes and over scans (null when the set has none) */
  field_accuracy_text: number | null;
  field_accuracy_scan: number | null;
  seconds: { median: number | null; p95: number | null };
  processing_seconds: { median: number | null; p95: number | null };
  mismatches: { case_id: string; field: string; expected: unknown; got: unknown }[];
}

/** Scores `reports` against `expected` (keyed by case id); cases without expected are not scored. */
export function scoreReports(reports: CaseReport[], expected: Map<string, Expected>): Score {
  const confusion: Record<string, Record<string, number>> = {};
  for (const e of DECISIONS) confusion[e] = Object.fromEntries([...DECISIONS, "failed"].map((g) => [g, 0]));
  const fields: Score["fields"] = {};
  const mismatches: Score["mismatches"] = [];
  let scored = 0;
  let correct = 0;
  let approvedDenied = 0;
  let deniedApproved = 0;
  let pendedApproved = 0;
  let pendedDenied = 0;
  const automation = { approvable: { decided: 0, total: 0 }, deniable: { decided: 0, total: 0 } };
  const byDecision = new Map<string, { decision: Decision; band: string; cases: number; correct: number }>();
  const pends = new Map<string, { rule: string; cases: number; decidable: number }>();
  const bands = [
    { band: "0.90-1.00", lo: 0.9, hi: 1.01, cases: 0, correct: 0 },
    { band: "0.80-0.89", lo: 0.8, hi: 0.9, cases: 0, correct: 0 },
    { band: "0.70-0.79", lo: 0.7, hi: 0.8, cases: 0, correct: 0 },
    { band: "0.50-0.69", lo: 0.5, hi: 0.7, cases: 0, correct: 0 },
    { band: "0.00-0.49", lo: 0, hi: 0.5, cases: 0, correct: 0 },
  ];
  const byKind = { text: { correct: 0, total: 0 }, scan: { correct: 0, total: 0 } };
  let kind: "text" | "scan" = "text";
  const tally = (field: string, ok: boolean, caseId: string, exp: unknown, got: unknown) => {
    fields[field] ??= { correct: 0, total: 0, accuracy: 0 };
    fields[field].total++;
    byKind[kind].total++;
    if (ok) byKind[kind].correct++;
    if (ok) fields[field].correct++;
    else mismatches.push({ case_id: caseId, field, expected: exp, got });
  };
  for (const r of reports) {
    const e = expected.get(r.case_id);
    if (!e) continue;
    kind = r.scanned ? "scan" : "text";
    if (e.decision) {
      scored++;
      confusion[e.decision][r.decision] = (confusion[e.decision][r.decision] ?? 0) + 1;
      if (e.decision === r.decision) correct++;
      else mismatches.push({ case_id: r.case_id, field: "decision", expected: e.decision, got: r.decision });
      if (e.decision === "approved" && r.decision === "denied") approvedDenied++;
      if (e.decision === "denied" && r.decision === "approved") deniedApproved++;
      if (e.decision === "needs_more_information" && r.decision === "approved") pendedApproved++;
      if (e.decision === "needs_more_information" && r.decision === "denied") pendedDenied++;
      if (e.decision === "approved") {
        automation.approvable.total++;
        if (r.decision === "approved") automation.approvable.decided++;
      }
      if (e.decision === "denied") {
        automation.deniable.total++;
        if (r.decision === "denied") automation.deniable.decided++;
      }
      if (r.decision === "needs_more_information") {
        const key = r.rule ?? "unknown";
        const p = pends.get(key) ?? { rule: key, cases: 0, decidable: 0 };
        p.cases++;
        if (e.decision !== "needs_more_information") p.decidable++;
        pends.set(key, p);
      }
      const b = bands.find((x) => r.confidence != null && r.confidence >= x.lo && r.confidence < x.hi);
      if (b) {
        b.cases++;
        if (e.decision === r.decision) b.correct++;
        if (r.decision !== "failed") {
          const k = `${r.decision} ${b.band}`;
          const d = byDecision.get(k) ?? { decision: r.decision, band: b.band, cases: 0, correct: 0 };
          d.cases++;
          if (e.decision === r.decision) d.correct++;
          byDecision.set(k, d);
        }
      }
    }
    for (const group of ["patient", "practitioner", "medication"] as const) {
      for (const [k, v] of Object.entries(e[group] ?? {})) {
        const got = (r[group] as Record<string, unknown>)[k];
        const ok = k === "ndc" ? ndc11(v) === ndc11(got) : normalizeValue(v) === normalizeValue(got);
        tally(`${group}.${k}`, ok, r.case_id, v, got);
      }
    }
    if (e.diagnoses) {
      const want = [...new Set(e.diagnoses.map(normalizeValue))].sort();
      const got = [...new Set(r.diagnoses.map(normalizeValue))].sort();
      tally("diagnoses", JSON.stringify(want) === JSON.stringify(got), r.case_id, e.diagnoses, r.diagnoses);
    }
    if (e.policy) tally("policy", normalizeValue(e.policy) === normalizeValue(r.policy), r.case_id, e.policy, r.policy);
  }
  let fc = 0;
  let ft = 0;
  for (const f of Object.values(fields)) {
    f.accuracy = f.total ? f.correct / f.total : 0;
    fc += f.correct;
    ft += f.total;
  }
  const secs = reports
    .map((r) => r.seconds)
    .filter((s): s is number => typeof s === "number")
    .sort((a, b) => a - b);
  const proc = reports
    .map((r) => r.processing_seconds)
    .filter((s): s is number => typeof s === "number")
    .sort((a, b) => a - b);
  return {
    cases: reports.length,
    scored,
    accuracy: scored ? correct / scored : null,
    confusion,
    approved_denied: approvedDenied,
    denied_approved: deniedApproved,
    pended_approved: pendedApproved,
    pended_denied: pendedDenied,
    automation: {
      ...automation,
      rate:
        automation.approvable.total + automation.deniable.total
          ? (automation.approvable.decided + automation.deniable.decided) / (automation.approvable.total + automation.deniable.total)
          : null,
    },
    calibration_by_decision: [...byDecision.values()]
      .sort((a, b) => DECISIONS.indexOf(a.decision) - DECISIONS.indexOf(b.decision) || b.band.localeCompare(a.band))
      .map((d) => ({ ...d, accuracy: d.cases ? d.correct / d.cases : null })),
    pend_reasons: [...pends.values()].sort((a, b) => b.cases - a.cases),
    calibration: bands.map((b) => ({ band: b.band, cases: b.cases, correct: b.correct, accuracy: b.cases ? b.correct / b.cases : null })),
    field_accuracy: ft ? fc / ft : null,
    fields,
    field_accuracy_text: byKind.text.total ? byKind.text.correct / byKind.text.total : null,
    field_accuracy_scan: byKind.scan.total ? byKind.scan.correct / byKind.scan.total : null,
    seconds: { median: quantile(secs, 0.5), p95: quantile(secs, 0.95) },
    processing_seconds: { median: quantile(proc, 0.5), p95: quantile(proc, 0.95) },
    mismatches,
  };
}

/** Human-readable summary of a score (the lines the evaluation command prints). */
export function formatScore(s: Score): string {
  const pct = (x: number | null) => (x === null ? "n/a" : `${(x * 100).toFixed(1)}%`);
  const lines = [
    `cases: ${s.cases} (scored ${s.scored})`,
    `decision accuracy: ${pct(s.accuracy)}${s.accuracy !== null ? ` (${Math.round(s.accuracy * s.scored)}/${s.scored})` : ""}`,
    `approvable requests denied: ${s.approved_denied}`,
    `deniable requests approved: ${s.denied_approved}`,
    `requests needing more information approved: ${s.pended_approved}`,
    `requests needing more information denied: ${s.pended_denied}`,
    `automation: approvable requests approved ${s.automation.approvable.decided}/${s.automation.approvable.total}, deniable requests denied ${s.automation.deniable.decided}/${s.automation.deniable.total} (rate ${pct(s.automation.rate)})`,
    "confusion matrix (rows expected, columns predicted):",
    `  ${"".padEnd(24)}${[...DECISIONS, "failed"].map((d) => d.slice(0, 12).padStart(13)).join("")}`,
    ...DECISIONS.map((e) => `  ${e.padEnd(24)}${[...DECISIONS, "failed"].map((g) => String(s.confusion[e][g] ?? 0).padStart(13)).join("")}`),
    "accuracy per confidence band:",
    ...s.calibration.map((b) => `  ${b.band}  ${String(b.cases).padStart(3)} cases  ${b.accuracy === null ? "   n/a" : pct(b.accuracy).padStart(6)}`),
    "accuracy per decision and confidence band:",
    ...s.calibration_by_decision.map((b) => `  ${b.decision.padEnd(24)} ${b.band}  ${String(b.cases).padStart(3)} cases  ${pct(b.accuracy).padStart(6)}`),
    "pended, by rule (decidable = labelled approved or denied):",
    ...s.pend_reasons.map((p) => `  ${p.rule.padEnd(28)} ${String(p.cases).padStart(3)} cases, ${p.decidable} decidable`),
    `field accuracy: ${pct(s.field_accuracy)} (text faxes ${pct(s.field_accuracy_text)}, scans ${pct(s.field_accuracy_scan)})`,
    ...Object.entries(s.fields).map(([k, f]) => `  ${k.padEnd(26)} ${pct(f.accuracy).padStart(7)} (${f.correct}/${f.total})`),
    `seconds per case, submission to final decision (includes queue wait): median ${s.seconds.median?.toFixed(2) ?? "n/a"}, p95 ${s.seconds.p95?.toFixed(2) ?? "n/a"}`,
    `seconds per case, worker processing only: median ${s.processing_seconds.median?.toFixed(2) ?? "n/a"}, p95 ${s.processing_seconds.p95?.toFixed(2) ?? "n/a"}`,
  ];
  if (s.mismatches.length) {
    lines.push("mismatches:");
    for (const m of s.mismatches) lines.push(`  ${m.case_id} ${m.field}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.got)}`);
  }
  return lines.join("\n");
}
