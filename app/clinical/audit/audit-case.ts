import type { AuditFinding, CaseFacts, EligibilityResult, ParsedDocument, ReviewResult } from "../contracts";
import { buildCaseIndex, quote, search } from "../evidence/case-index";
import { therapyEvidence } from "../evidence/therapies";
import { classMembers, classesNamedIn, isImmunomodulator, DRUGS, drugNames } from "../vocabulary/drugs";
import { findDates } from "../codes/dates";

export type { OrgRule } from "../rules/apply-ai-rules";
import type { OrgRule } from "../rules/apply-ai-rules";

/**
 * Audit a case: consistency and plan-rule checks that sit beside the clinical review.
 *
 * Findings (check names): `quantity_limit` (requested quantity vs formulary QL per period; induction
 * or loading quantities pass when `quantity_limit_note` allows them and the directions show a loading
 * dose), `step_therapy` (formulary ST rows: documented trial of the required length, or intolerance /
 * contraindication; informational because the coverage policy wins), `prescriber_restriction`
 * (from the review's prescriber criteria), `date_sanity` (DOB before request date; no therapy dates
 * after the request date), `duplicate_therapy` (ongoing biologic/targeted immunomodulator besides
 * the requested drug). The organisation's AI rules are not evaluated here: the
 * pipeline applies them at their stage (app/clinical/rules/apply-ai-rules.ts); `rules` is kept in the
 * input for the model audit's prompt. Never throws.
 */
export function auditCase(input: {
  facts: CaseFacts;
  caseDoc: ParsedDocument;
  eligibility: EligibilityResult;
  review: ReviewResult | null;
  requestDate?: string | null;
  drugNames?: string[];
  rules?: OrgRule[];
  /** name of the case document in citations (default "fax") */
  documentName?: string;
}): AuditFinding[] {
  const { facts, eligibility, review } = input;
  const requestDate = input.requestDate ?? facts.request_date ?? null;
  const idx = buildCaseIndex(input.caseDoc, requestDate, input.documentName);
  const out: AuditFinding[] = [];
  const row = eligibility.formulary;
  const med = facts.medication;

  // quantity limit
  if (row?.quantity_limit && med?.quantity != null) {
    const ql = row.quantity_limit;
    const days = med.days_supply ?? ql.period_days;
    const allowed = ql.amount * Math.max(1, Math.ceil(days / ql.period_days));
    const loading =
      /load|induction|x\s*1\b|then|initial dose|day 1|starter/i.test(`${med.dosage ?? ""} ${med.strength ?? ""}`) ||
      search(idx, /loading dose|induction|starter pack|titration pack|1st fill/).length > 0;
    if (med.quantity <= allowed)
      out.push({
        check: "quantity_limit",
        passed: true,
        severity: "info",
        message: `Quantity ${med.quantity} ${med.quantity_unit ?? ""} for ${days} days is within the limit of ${ql.amount} ${ql.unit} per ${ql.period_days} days.`,
        citations: med.citations.slice(0, 1),
      });
    else if (loading && /load|induction|first|initial/i.test(row.quantity_limit_note ?? ""))
      out.push({
        check: "quantity_limit",
        passed: true,
        severity: "info",
        message: `Quantity ${med.quantity} exceeds the maintenance limit (${ql.amount}/${ql.period_days} days) but is an induction/loading fill, which the formulary note allows: "${row.quantity_limit_note}".`,
        citations: med.citations.slice(0, 1),
      });
    else if (loading)
      out.push({
        check: "quantity_limit",
        passed: null,
        severity: "warning",
        message: `Quantity ${med.quantity} exceeds ${ql.amount} ${ql.unit} per ${ql.period_days} days; directions include a loading dose — confirm the first-fill quantity.`,
        citations: med.citations.slice(0, 1),
      });
    else
      out.push({
        check: "quantity_limit",
        passed: false,
        severity: "warning",
        message: `Quantity ${med.quantity} exceeds the formulary limit of ${ql.amount} ${ql.unit} per ${ql.period_days} days.`,
        citations: med.citations.slice(0, 1),
      });
  }

  // step therapy (formulary row); the coverage policy decides, so this is informational
  for (const st of row?.step_therapy ?? []) {
    const name = st.drug_name.toLowerCase();
    const cls = classesNamedIn(name)[0];
    const names = cls ? classMembers(cls.name) : drugNames(name);
    const got = [...therapyEvidence(idx, names, [], facts).values()].filter((t) => !t.notTaken);
    const ok = got.find((t) => (t.days ?? 0) >= st.duration_days);
    const alt = got.find((t) => t.intolerance || t.contraindicated);
    const esc = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const contraText = search(idx, new RegExp(`contraindicat[^.]{0,60}${esc}|${esc}[^.]{0,60}contraindicat`, "i")).find((h) => !h.negated);
    if (ok)
      out.push({
        check: "step_therapy",
        passed: true,
        severity: "info",
        message: `Step therapy: ${ok.drug} for ${ok.days} days (required ${st.duration_days}).`,
        citations: ok.citations.slice(0, 2),
      });
    else if (alt || contraText)
      out.push({
        check: "step_therapy",
        passed: true,
        severity: "info",
        message: `Step therapy: ${st.drug_name} ${alt?.contraindicated || contraText ? "contraindicated" : "not tolerated"} (documented); accepted where the coverage policy allows it.`,
        citations: alt?.citations.slice(0, 2) ?? (contraText ? [quote(idx, contraText.line)] : []),
      });
    else
      out.push({
        check: "step_therapy",
        passed: got.length ? false : null,
        severity: "warning",
        message: got.length
          ? `Step therapy: ${st.drug_name} documented without the required ${st.duration_days}-day trial (dose/duration missing or too short).`
          : `Step therapy: no ${st.drug_name} trial documented (formulary requires ${st.duration_days} days); the coverage policy criteria decide.`,
        citations: got.flatMap((g) => g.citations).slice(0, 2),
      });
  }

  // prescriber restrictions from the review
  for (const p of review?.paths ?? []) {
    for (const c of p.criteria) {
      if (!/prescribed by|consultation with|specialist/i.test(c.question)) continue;
      out.push({
        check: "prescriber_restriction",
        passed: c.outcome === "met" ? true : c.outcome === "not_met" ? false : null,
        severity: c.outcome === "not_met" ? "warning" : "info",
        message: `${p.title}: ${c.reason}`,
        citations: c.citations.slice(0, 1),
      });
    }
  }

  // date sanity
  const dob = facts.patient?.birth_date ?? null;
  if (requestDate) {
    if (dob && dob >= requestDate)
      out.push({
        check: "date_sanity",
        passed: false,
        severity: "blocking",
        message: `Date of birth ${dob} is not before the request date ${requestDate}.`,
        citations: facts.patient.citations.slice(0, 1),
      });
    const future = (facts.prior_therapies ?? []).filter((t) => (t.start_date && t.start_date > requestDate) || (t.end_date && t.end_date > requestDate));
    const futureText = search(idx, /\b(started|start date|since|from)\b/i).flatMap((h) =>
      findDates(h.line.text.slice(h.index))
        .filter((d) => d.start > requestDate && d.index < 25)
        .map(() => h),
    );
    if (future.length || futureText.length)
      out.push({
        check: "date_sanity",
        passed: false,
        severity: "warning",
        message: `Therapy dates after the request date (${requestDate}) — verify the history.`,
        citations: [...future.flatMap((t) => t.citations.slice(0, 1)), ...futureText.slice(0, 1).map((h) => quote(idx, h.line))],
      });
    else
      out.push({
        check: "date_sanity",
        passed: true,
        severity: "info",
        message: `Dates consistent with request date ${requestDate}${dob ? ` and DOB ${dob}` : ""}.`,
        citations: [],
      });
  } else out.push({ check: "date_sanity", passed: null, severity: "warning", message: "Request date could not be determined.", citations: [] });

  // duplicate therapy with biologics / targeted immunomodulators
  const requested = new Set((input.drugNames ?? []).map((d) => d.toLowerCase()));
  if ([...requested].some((d) => isImmunomodulator(d))) {
    const requestedAll = new Set([...requested].flatMap((d) => drugNames(d)));
    const immuno = [...new Set(DRUGS.filter((d) => isImmunomodulator(d.generic)).flatMap((d) => [d.generic, ...d.brands].map((x) => x.toLowerCase())))].filter(
      (d) => !requestedAll.has(d),
    );
    const dup = [...therapyEvidence(idx, immuno, [], facts).values()].find(
      (t) =>
        t.ongoing &&
        !t.stopped &&
        !t.notTaken &&
        !/\b(?:will (?:stop|discontinue)|switch(?:ing)? from|instead of|replac)/i.test(t.citations.map((c) => c.text).join(" ")),
    );
    out.push(
      dup
        ? {
            check: "duplicate_therapy",
            passed: false,
            severity: "warning",
            message: `Ongoing ${dup.drug} documented with the requested drug (combination of biologic/targeted therapies).`,
            citations: dup.citations.slice(0, 2),
          }
        : {
            check: "duplicate_therapy",
            passed: true,
            severity: "info",
            message: "No ongoing biologic or targeted synthetic drug documented besides the request.",
            citations: [],
          },
    );
  }

  return out;
}
