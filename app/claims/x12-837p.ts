/**
 * X12 837P (005010X222A1, professional claim) intake: the interchange is parsed by node-x12 (envelope,
 * delimiters, SE/GE/IEA control counts) and each CLM loop is mapped onto the same case facts and
 * service lines a CMS-1500 fax produces, so the claim goes through the same review and per-line
 * decisions (app/claims/run-claim-intake.server.ts).
 *
 * Segment usage follows the public 837P structure (HL 20 billing provider / 22 subscriber / 23
 * patient; 2300 CLM with DTP, REF*G1 prior authorization and HI diagnoses ABK principal / ABF other;
 * 2310A NM1*DN referring, 2310B NM1*82 rendering; 2400 LX / SV1 / DTP*472 / REF*G1; 2410 LIN*N4 + CTP
 * drug identification; 2420A NM1*82, 2420F NM1*DN line providers). The CMS-1500 box each element
 * corresponds to is noted where it matters (NUCC 1500 instruction manual).
 *
 * Each claim's document is its segments, one per line, exactly as received: every citation quotes
 * the segment the value was read from. Errors are collected per segment with its 1-based position in
 * the interchange (ISA = 1) and the element reference ("SV1-04"); a file with any error creates no
 * claim at all.
 */
import { X12Parser, type X12Interchange, type X12Segment } from "node-x12";
import type { CaseFacts, Citation, ExtractedPractitioner, ServiceLine } from "~/clinical/contracts";
import { serviceCategory } from "~/clinical/extract/service-lines";
import { textToParsedDocument } from "~/intake/text-document";

/** One problem in an 837P file: `segment` is the 1-based segment position in the interchange (null: the whole file). */
export interface X12Issue {
  segment: number | null;
  tag: string | null;
  /** "SV1-04", "SV1-01-2" (composite component); null when the segment as a whole is wrong */
  element: string | null;
  message: string;
}

/** A practitioner named in the claim: billing (NM1*85), rendering (NM1*82), referring (NM1*DN). */
export interface X12Practitioner {
  role: "billing" | "rendering" | "referring";
  full_name: string;
  npi: string | null;
  organization: boolean;
  citations: Citation[];
}

/** A service line plus what the 837P carries beyond the CMS-1500 grid fields ServiceLine models. */
export interface X12ServiceLine extends ServiceLine {
  charge: number | null;
  /** ICD-10-CM codes the SV1-07 pointers select, in pointer order */
  diagnosis_pointers: string[];
  prior_authorization: string | null;
  /** 11-digit NDC from LIN*N4, quantity and unit from CTP-04 / CTP-05-1 */
  drug: { ndc: string; quantity: number | null; unit: string | null } | null;
}

/** One CLM of the file, ready for createClaim (payload) and the intake (facts, services). */
export interface X12Claim {
  /** CLM-01, the submitter's patient control number */
  claim_id: string;
  total_charge: number | null;
  /** the claim's segments, one per line (the claim's document; citations point into it) */
  document: string;
  facts: CaseFacts;
  services: X12ServiceLine[];
  practitioners: X12Practitioner[];
  prior_authorization: string | null;
}

/** A file that cannot be taken: every issue found (the file creates no claim). */
export class X12IntakeError extends Error {
  readonly issues: X12Issue[];
  /** true when the file is not a well-formed X12 interchange at all (HTTP 400); else its content is wrong (422) */
  readonly syntax: boolean;
  constructor(issues: X12Issue[], syntax = false) {
    super(issues.map(formatIssue).join("; "));
    this.name = "X12IntakeError";
    this.issues = issues;
    this.syntax = syntax;
  }
}

/** "Segment 14 (SV1), SV1-04: …" — the message shown in the API's `errors`. */
export function formatIssue(i: X12Issue): string {
  const where = i.segment == null ? "File" : `Segment ${i.segment} (${i.tag ?? "?"})${i.element ? `, ${i.element}` : ""}`;
  return `${where}: ${i.message}`;
}

interface Seg {
  /** 1-based position in the interchange */
  index: number;
  tag: string;
  /** elements 1..n (el[1] is XX-01) */
  el: string[];
  raw: string;
}

const MAX_BYTES = 5 * 1024 * 1024;

function flatten(interchange: X12Interchange, text: string): Seg[] {
  const out: Seg[] = [];
  const push = (s: X12Segment | undefined) => {
    if (!s || !s.tag) return;
    const raw = text.slice(offset(text, s.range.start), offset(text, s.range.end)).trim();
    out.push({ index: out.length + 1, tag: s.tag, el: ["", ...s.elements.map((e) => e.value ?? "")], raw: raw || s.tag });
  };
  push(interchange.header);
  for (const g of interchange.functionalGroups) {
    push(g.header);
    for (const t of g.transactions) {
      push(t.header);
      for (const s of t.segments) push(s);
      push(t.trailer);
    }
    push(g.trailer);
  }
  push(interchange.trailer);
  return out;
}

/** node-x12 ranges are {line, character}: map to an offset in `text`. */
function offset(text: string, pos: { line: number; character: number }): number {
  let at = 0;
  for (let l = 0; l < pos.line; l++) {
    const nl = text.indexOf("\n", at);
    if (nl < 0) break;
    at = nl + 1;
  }
  return Math.min(text.length, at + pos.character);
}

function libraryIssue(err: unknown): X12Issue {
  const message = (err as Error)?.message?.replace(/^X12 Standard:\s*/, "") || "The file is not a well-formed X12 interchange";
  const m = /\b(ISA|IEA|GS|GE|ST|SE)(\d{2})\b/.exec(message);
  return { segment: null, tag: m?.[1] ?? null, element: m ? `${m[1]}-${m[2]}` : null, message };
}

const date8 = (v: string) => (/^\d{8}$/.test(v) ? `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}` : null);
const validDate = (iso: string | null) => !!iso && !Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) && new Date(`${iso}T00:00:00Z`).toISOString().startsWith(iso);
/** ICD-10-CM as written in HI (no dot) → with the dot after the category ("M5416" → "M54.16"). */
const icd10 = (v: string) => {
  const c = v.trim().toUpperCase().replace(/\./g, "");
  return c.length > 3 ? `${c.slice(0, 3)}.${c.slice(3)}` : c;
};
const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s'-])([a-z])/g, (_, p: string, c: string) => p + c.toUpperCase());

/** CMS NPI check digit: Luhn over "80840" + the first nine digits. */
export function npiCheckDigitValid(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const digits = `80840${npi.slice(0, 9)}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === Number(npi[9]);
}

/** True when `text` looks like an X12 interchange (starts with an ISA segment). */
export function looksLikeX12(text: string): boolean {
  return /^\s*ISA./.test(text);
}

/**
 * Parses an 837P interchange and maps every CLM to an X12Claim. `text` is the whole file (any
 * delimiters the ISA declares). Throws X12IntakeError with every issue found (library envelope
 * errors, a transaction that is not 837 / 005010X222, a claim with no subscriber, no service line,
 * an SV1 without a 5-character procedure code, non-numeric charge or units, a missing or invalid
 * DTP*472 date, an SV1-07 pointer with no HI code, an invalid NPI check digit …). Never throws
 * anything else for bad input.
 */
export function parse837p(input: string): X12Claim[] {
  const text = input.replace(/^\uFEFF/, "");
  if (!text.trim()) throw new X12IntakeError([{ segment: null, tag: null, element: null, message: "The file is empty" }]);
  if (text.length > MAX_BYTES) throw new X12IntakeError([{ segment: null, tag: null, element: null, message: "The file is larger than 5 MB" }]);
  if (!looksLikeX12(text)) throw new X12IntakeError([{ segment: 1, tag: null, element: null, message: "An X12 interchange starts with an ISA segment" }], true);
  let parsed;
  try {
    parsed = new X12Parser(true).parse(text);
  } catch (err) {
    throw new X12IntakeError([libraryIssue(err)], true);
  }
  const interchanges: X12Interchange[] = Array.isArray(parsed) ? [...parsed] : [parsed as X12Interchange];
  const issues: X12Issue[] = [];
  const claims: X12Claim[] = [];
  for (const interchange of interchanges) {
    try {
      mapInterchange(flatten(interchange, text), issues, claims);
    } catch (err) {
      // a structure the mapping did not foresee is still bad input: an issue, never a 500
      issues.push({
        segment: null,
        tag: null,
        element: null,
        message: `The file could not be read as an 837P (${(err as Error)?.message ?? "unknown structure"})`,
      });
    }
  }
  if (!issues.length && !claims.length) issues.push({ segment: null, tag: "CLM", element: null, message: "The file has no claim (CLM segment)" });
  if (issues.length) throw new X12IntakeError(issues);
  return claims;
}

interface Loop {
  header: Seg[];
  billing: Seg[];
  subscriber: Seg[];
  patient: Seg[];
}

function mapInterchange(segs: Seg[], issues: X12Issue[], claims: X12Claim[]) {
  const issue = (s: Seg | null, element: string | null, message: string) => issues.push({ segment: s?.index ?? null, tag: s?.tag ?? null, element, message });
  let ctx: Loop = { header: [], billing: [], subscriber: [], patient: [] };
  let level: "header" | "billing" | "subscriber" | "patient" = "header";
  let claim: Seg[] | null = null;
  const flush = () => {
    if (claim) claims.push(...mapClaim(ctx, claim, issue));
    claim = null;
  };
  for (const s of segs) {
    switch (s.tag) {
      case "ST":
        flush();
        if (s.el[1] !== "837") issue(s, "ST-01", `Transaction set ${s.el[1] || "(empty)"} is not an 837 claim`);
        if (s.el[3] && !/^005010X222/.test(s.el[3])) issue(s, "ST-03", `Version ${s.el[3]} is not the 837 professional (005010X222A1)`);
        ctx = { header: [s], billing: [], subscriber: [], patient: [] };
        level = "header";
        continue;
      case "GS":
        if (s.el[8] && !/^005010X222/.test(s.el[8])) issue(s, "GS-08", `Version ${s.el[8]} is not the 837 professional (005010X222A1)`);
        continue;
      case "SE":
      case "GE":
      case "IEA":
      case "ISA":
        flush();
        continue;
      case "HL": {
        flush();
        const code = s.el[3];
        if (code === "20") {
          level = "billing";
          ctx = { header: ctx.header, billing: [s], subscriber: [], patient: [] };
        } else if (code === "22") {
          level = "subscriber";
          ctx = { ...ctx, subscriber: [s], patient: [] };
        } else if (code === "23") {
          level = "patient";
          ctx = { ...ctx, patient: [s] };
        } else issue(s, "HL-03", `Hierarchical level code ${code || "(empty)"} is not 20, 22 or 23`);
        continue;
      }
      case "CLM":
        flush();
        if (!ctx.subscriber.length) issue(s, null, "CLM before any subscriber level (HL*…*22)");
        claim = [s];
        continue;
    }
    if (claim) claim.push(s);
    else ctx[level].push(s);
  }
  flush();
}

type IssueFn = (s: Seg | null, element: string | null, message: string) => void;

function nm1Name(s: Seg): { full: string; first: string | null; last: string | null; organization: boolean } {
  const organization = s.el[2] === "2";
  const last = s.el[3]?.trim() || null;
  const first = s.el[4]?.trim() || null;
  if (organization) return { full: titleCase(last ?? ""), first: null, last: null, organization };
  const full = [first, s.el[5]?.trim(), last, s.el[7]?.trim()]
    .filter(Boolean)
    .map((p) => titleCase(p!))
    .join(" ");
  return { full, first: first && titleCase(first), last: last && titleCase(last), organization };
}

function mapClaim(ctx: Loop, claimSegs: Seg[], issue: IssueFn): X12Claim[] {
  const before = { count: 0 };
  const countingIssue: IssueFn = (s, e, m) => {
    before.count++;
    issue(s, e, m);
  };
  const all = [...ctx.header, ...ctx.billing, ...ctx.subscriber, ...ctx.patient, ...claimSegs];
  // the claim's document: one segment per line; citations are the line's offsets
  const lineStart = new Map<number, number>();
  let pos = 0;
  for (const s of all) {
    lineStart.set(s.index, pos);
    pos += s.raw.length + 1;
  }
  const document = all.map((s) => s.raw).join("\n");
  const cite = (s: Seg | undefined): Citation[] =>
    s ? [{ document: "epa", page: 1, start: lineStart.get(s.index)!, end: lineStart.get(s.index)! + s.raw.length, text: s.raw }] : [];

  const clm = claimSegs[0];
  const find = (segs: Seg[], tag: string, q?: (s: Seg) => boolean) => segs.find((s) => s.tag === tag && (!q || q(s)));
  const bht = find(ctx.header, "BHT");
  const sbr = find(ctx.subscriber, "SBR");
  const subscriber = find(ctx.subscriber, "NM1", (s) => s.el[1] === "IL");
  const payer = find(ctx.subscriber, "NM1", (s) => s.el[1] === "PR");
  const patientNm1 = find(ctx.patient, "NM1", (s) => s.el[1] === "QC") ?? subscriber;
  const patientDmg = ctx.patient.length ? find(ctx.patient, "DMG") : find(ctx.subscriber, "DMG");
  if (!subscriber) countingIssue(clm, null, "The claim's subscriber has no NM1*IL (subscriber name and member ID)");
  else if (!subscriber.el[9]) countingIssue(subscriber, "NM1-09", "The subscriber's member ID is missing");
  if (sbr && sbr.el[2] !== "18" && !ctx.patient.length)
    countingIssue(sbr, "SBR-02", "The patient is not the subscriber but there is no patient level (HL*…*23)");

  // the claim loop (2300) up to the first LX, then one 2400 loop per LX
  const firstLx = claimSegs.findIndex((s) => s.tag === "LX");
  const head = firstLx < 0 ? claimSegs : claimSegs.slice(0, firstLx);
  const lineLoops: Seg[][] = [];
  for (const s of firstLx < 0 ? [] : claimSegs.slice(firstLx)) {
    if (s.tag === "LX") lineLoops.push([s]);
    else lineLoops[lineLoops.length - 1].push(s);
  }
  if (!lineLoops.length) countingIssue(clm, null, "The claim has no service line (LX / SV1)");

  if (!clm.el[1]) countingIssue(clm, "CLM-01", "The patient control number is missing");
  const totalCharge = clm.el[2] ? Number(clm.el[2]) : null;
  if (clm.el[2] && !Number.isFinite(totalCharge)) countingIssue(clm, "CLM-02", `Total charge "${clm.el[2]}" is not a number`);
  const sub = (v: string | undefined) => (v ?? "").split(":");
  const facilityCode = sub(clm.el[5])[0] || null;
  if (facilityCode && !/^\d{2}$/.test(facilityCode)) countingIssue(clm, "CLM-05-1", `Place of service "${facilityCode}" is not a 2-digit code`);

  // HI: ABK principal, ABF other (box 21 A–L, ICD indicator 0)
  const diagnoses: CaseFacts["diagnoses"] = [];
  const dxSeg = new Map<string, Seg>();
  for (const hi of head.filter((s) => s.tag === "HI")) {
    for (let e = 1; e < hi.el.length; e++) {
      const [qual, code] = sub(hi.el[e]);
      if (!qual) continue;
      if (qual === "ABK" || qual === "ABF") {
        if (!code || !/^[A-TV-Z][0-9][0-9A-Z](\.?[0-9A-Z]{1,4})?$/i.test(code)) {
          countingIssue(hi, `HI-${String(e).padStart(2, "0")}-2`, `"${code ?? ""}" is not an ICD-10-CM code`);
          continue;
        }
        const c = icd10(code);
        diagnoses.push({ code: c, description: null, primary: qual === "ABK", citations: cite(hi) });
        dxSeg.set(c, hi);
      } else if (qual === "BK" || qual === "BF")
        countingIssue(hi, `HI-${String(e).padStart(2, "0")}-1`, "ICD-9-CM diagnoses (BK/BF) are not accepted: use ICD-10-CM (ABK/ABF)");
    }
  }
  if (!diagnoses.length) countingIssue(clm, null, "The claim has no diagnosis (HI with ABK)");

  // practitioners: billing 2010AA, referring 2310A, rendering 2310B (a person falls back to the billing provider)
  const practitioners: X12Practitioner[] = [];
  const addPractitioner = (role: X12Practitioner["role"], s: Seg | undefined) => {
    if (!s) return null;
    const name = nm1Name(s);
    const npi = s.el[8] === "XX" ? s.el[9]?.trim() || null : null;
    if (npi && !npiCheckDigitValid(npi)) countingIssue(s, "NM1-09", `NPI ${npi} fails the check digit`);
    if (!name.full) countingIssue(s, "NM1-03", "The name is missing");
    const p = { role, full_name: name.full, npi, organization: name.organization, citations: cite(s), first: name.first, last: name.last };
    if (!practitioners.some((x) => x.role === role && x.npi === npi && x.full_name === name.full))
      practitioners.push({ role, full_name: p.full_name, npi, organization: p.organization, citations: p.citations });
    return p;
  };
  const billing = addPractitioner(
    "billing",
    find(ctx.billing, "NM1", (s) => s.el[1] === "85"),
  );
  if (!billing) countingIssue(ctx.billing[0] ?? clm, null, "The billing provider (NM1*85) is missing");
  const referring = addPractitioner(
    "referring",
    find(head, "NM1", (s) => s.el[1] === "DN"),
  );
  const rendering = addPractitioner(
    "rendering",
    find(head, "NM1", (s) => s.el[1] === "82"),
  );
  const claimPa = find(head, "REF", (s) => s.el[1] === "G1");

  const services: X12ServiceLine[] = [];
  for (const loop of lineLoops) {
    const lx = loop[0];
    const sv1 = find(loop, "SV1");
    if (!sv1) {
      countingIssue(lx, null, "The service line has no SV1");
      continue;
    }
    const proc = sub(sv1.el[1]);
    if (proc[0] !== "HC") countingIssue(sv1, "SV1-01-1", `Procedure code qualifier "${proc[0]}" is not HC (HCPCS/CPT)`);
    const code = (proc[1] ?? "").trim().toUpperCase();
    if (!/^([A-V]\d{4}|\d{4}[0-9FTU])$/.test(code)) countingIssue(sv1, "SV1-01-2", `"${proc[1] ?? ""}" is not a 5-character HCPCS/CPT code`);
    const modifiers = proc
      .slice(2, 6)
      .map((m) => m.trim().toUpperCase())
      .filter(Boolean);
    for (const [k, m] of modifiers.entries()) if (!/^[A-Z0-9]{2}$/.test(m)) countingIssue(sv1, `SV1-01-${k + 3}`, `Modifier "${m}" is not 2 characters`);
    const charge = sv1.el[2] ? Number(sv1.el[2]) : null;
    if (charge === null || !Number.isFinite(charge)) countingIssue(sv1, "SV1-02", `Line charge "${sv1.el[2] ?? ""}" is not a number`);
    if (sv1.el[3] && sv1.el[3] !== "UN" && sv1.el[3] !== "MJ") countingIssue(sv1, "SV1-03", `Unit basis "${sv1.el[3]}" is not UN (units) or MJ (minutes)`);
    const units = sv1.el[4] ? Number(sv1.el[4]) : null;
    if (units === null || !Number.isFinite(units) || units <= 0) countingIssue(sv1, "SV1-04", `Units "${sv1.el[4] ?? ""}" is not a positive number`);
    const pos = sv1.el[5]?.trim() || facilityCode;
    if (sv1.el[5] && !/^\d{2}$/.test(sv1.el[5])) countingIssue(sv1, "SV1-05", `Place of service "${sv1.el[5]}" is not a 2-digit code`);
    const pointers: string[] = [];
    for (const p of sub(sv1.el[7]).filter(Boolean)) {
      const n = Number(p);
      const dx = Number.isInteger(n) && n >= 1 && n <= 12 ? diagnoses[n - 1]?.code : undefined;
      if (!dx) countingIssue(sv1, "SV1-07", `Diagnosis pointer ${p} points to no HI diagnosis`);
      else pointers.push(dx);
    }
    const dtp = find(loop, "DTP", (s) => s.el[1] === "472");
    let from: string | null = null;
    let to: string | null = null;
    if (!dtp) countingIssue(sv1, null, "The service line has no date of service (DTP*472)");
    else if (dtp.el[2] === "D8") from = date8(dtp.el[3] ?? "");
    else if (dtp.el[2] === "RD8") {
      const [a, b] = (dtp.el[3] ?? "").split("-");
      from = date8(a ?? "");
      to = date8(b ?? "");
      if (!validDate(to)) countingIssue(dtp, "DTP-03", `"${dtp.el[3]}" is not a CCYYMMDD-CCYYMMDD range`);
    } else countingIssue(dtp, "DTP-02", `Date format "${dtp.el[2]}" is not D8 or RD8`);
    if (dtp && (dtp.el[2] === "D8" || dtp.el[2] === "RD8") && !validDate(from))
      countingIssue(dtp, "DTP-03", `"${dtp.el[3] ?? ""}" is not a valid CCYYMMDD date`);
    const lin = find(loop, "LIN", (s) => s.el[2] === "N4");
    const ctp = find(loop, "CTP");
    let drug: X12ServiceLine["drug"] = null;
    if (lin) {
      const ndc = (lin.el[3] ?? "").replace(/\D/g, "");
      if (ndc.length !== 11) countingIssue(lin, "LIN-03", `NDC "${lin.el[3] ?? ""}" is not 11 digits`);
      const qty = ctp?.el[4] ? Number(ctp.el[4]) : null;
      if (ctp && (qty === null || !Number.isFinite(qty))) countingIssue(ctp, "CTP-04", `Drug quantity "${ctp.el[4] ?? ""}" is not a number`);
      drug = { ndc: `${ndc.slice(0, 5)}-${ndc.slice(5, 9)}-${ndc.slice(9)}`, quantity: qty, unit: ctp ? sub(ctp.el[5])[0] || null : null };
    } else if (ctp) countingIssue(ctp, null, "CTP drug pricing without a LIN*N4 drug identification");
    const linePa = find(loop, "REF", (s) => s.el[1] === "G1") ?? claimPa;
    const lineRendering = find(loop, "NM1", (s) => s.el[1] === "82");
    const lineReferring = find(loop, "NM1", (s) => s.el[1] === "DN");
    const rend = lineRendering ? addPractitioner("rendering", lineRendering) : rendering;
    const ref = lineReferring ? addPractitioner("referring", lineReferring) : referring;
    const description = proc[6]?.trim() || null;
    services.push({
      line_number: services.length + 1,
      code: code || null,
      description,
      category: serviceCategory(code || null, description),
      units: units !== null && Number.isFinite(units) ? units : null,
      date_of_service: from,
      date_of_service_end: to && to !== from ? to : null,
      place_of_service: pos,
      site_of_care: null,
      modifiers,
      ordering_provider: ref?.full_name ?? null,
      rendering_provider: rend?.full_name ?? billing?.full_name ?? null,
      citations: [...cite(sv1), ...cite(dtp), ...cite(lin), ...cite(ctp)],
      charge: charge !== null && Number.isFinite(charge) ? charge : null,
      diagnosis_pointers: pointers,
      prior_authorization: linePa?.el[2]?.trim() || null,
      drug,
    });
  }
  if (before.count) return [];

  const pname = patientNm1 ? nm1Name(patientNm1) : null;
  const sex = patientDmg?.el[3];
  const birth = patientDmg?.el[1] === "D8" ? date8(patientDmg.el[2] ?? "") : null;
  const person = referring && !referring.organization ? referring : rendering && !rendering.organization ? rendering : billing;
  const personSeg =
    person === referring ? find(head, "NM1", (s) => s.el[1] === "DN") : person === rendering ? find(head, "NM1", (s) => s.el[1] === "82") : undefined;
  const practitioner: ExtractedPractitioner = {
    full_name: person?.full_name ?? null,
    first_name: person?.first ?? null,
    last_name: person?.last ?? null,
    credential: null,
    npi: person?.npi ?? null,
    npi_valid: person?.npi ? npiCheckDigitValid(person.npi) : null,
    specialty: null,
    phone: null,
    fax: null,
    organization_name: billing?.organization ? billing.full_name : null,
    state_license: null,
    citations: person?.citations ?? cite(personSeg),
  };
  const facts: CaseFacts = {
    request_date: bht ? date8(bht.el[4] ?? "") : null,
    request_date_source: bht ? "form_date" : "none",
    urgency: "standard",
    patient: {
      first_name: pname?.first ?? null,
      last_name: pname?.last ?? null,
      birth_date: validDate(birth) ? birth : null,
      gender: sex === "F" ? "female" : sex === "M" ? "male" : sex ? "unknown" : null,
      member_id: subscriber?.el[9]?.trim() || null,
      insurance_plan: payer ? titleCase(payer.el[3] ?? "") || null : null,
      citations: [...cite(patientNm1), ...cite(patientDmg), ...(patientNm1 !== subscriber ? cite(subscriber) : [])],
    },
    practitioner,
    medication: {
      drug_name: null,
      drug_name_as_written: null,
      generic_name: null,
      strength: null,
      dosage: null,
      quantity: null,
      quantity_unit: null,
      days_supply: null,
      duration_months: null,
      ndc: null,
      drug_class: null,
      citations: [],
    },
    diagnoses,
    prior_therapies: [],
    concurrent_therapies: [],
    labs: [],
    notes: [],
  };
  return [
    {
      claim_id: clm.el[1],
      total_charge: totalCharge,
      document,
      facts,
      services,
      practitioners,
      prior_authorization: claimPa?.el[2]?.trim() || null,
    },
  ];
}

/** The notes stored on a service request for what the 837P line carries beyond the grid fields. */
export function x12LineNotes(s: X12ServiceLine): string | null {
  const parts = [
    s.charge != null ? `Charge $${s.charge.toFixed(2)}` : null,
    s.diagnosis_pointers.length ? `Diagnoses ${s.diagnosis_pointers.join(", ")}` : null,
    s.prior_authorization ? `Prior authorization ${s.prior_authorization}` : null,
    s.drug ? `NDC ${s.drug.ndc}${s.drug.quantity != null ? ` ${s.drug.quantity}${s.drug.unit ? ` ${s.drug.unit}` : ""}` : ""}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

/** The claim's document as the intake reads it (citations in X12Claim point into it). */
export function x12ClaimDocument(claim: Pick<X12Claim, "document">) {
  return textToParsedDocument(claim.document);
}
