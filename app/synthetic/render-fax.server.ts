/**
 * Renders synthetic prior-authorization requests as realistic fax PDFs (pdf-lib), optionally as
 * image-only "scans" (pdfjs legacy + @napi-rs/canvas), and coverage policies as clean PDFs.
 *
 * Fax anatomy: every page carries a fax-machine header line ("From: <practice fax>  To: <plan fax>
 * <date> <time>  Page N of M"); then (plan_form only) a cover sheet, the PA request form in one of
 * three layouts, an office note page and a lab report page (each omitted when the case has none).
 */
import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState, rgb } from "pdf-lib";
import { loadPdfjs, pdfjsAssetPaths } from "../documents/pdfjs.server";
import type { DemoCase, DemoPolicy, DemoTherapy, FaxLayout } from "./types";
import { DEMO_PLAN } from "./demo-catalog";
import { embedFonts, type Fonts, BLACK, DARK, GRAY, LIGHT, LETTER, Sheet, WHITE, wrapText, safeText } from "./pdf-text";
import { ageOn, createRng, hashString, usDate } from "./util";

export interface RenderFaxOptions {
  /** request-form layout; defaults to the case's own layout */
  layout?: FaxLayout;
  /** rasterise into an image-only scan; defaults to the case's own flag */
  scanned?: boolean;
  /** scan resolution (default 150 dpi) */
  dpi?: number;
}

const MARGIN = 40;
const TOP = 38; // first usable y below the fax header line
const BOTTOM = 758; // last usable y above the footer

// ------------------------------------------------------------------------------------------------
// small formatting helpers

const fullName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`;
const prescriberName = (c: DemoCase) => `${fullName(c.prescriber)}, ${c.prescriber.credential}`;
const oneLineAddress = (a: { street: string; city: string; state: string; zip: string }) => `${a.street}, ${a.city}, ${a.state} ${a.zip}`;
const digits = (s: string) => s.replace(/\D/g, "");

function therapyDates(t: DemoTherapy): string {
  if (!t.start_date && !t.end_date) return t.outcome === "ongoing" ? "current" : "";
  const start = usDate(t.start_date) || "?";
  const end = t.end_date ? usDate(t.end_date) : "present";
  return `${start} - ${end}`;
}

function therapyLabel(t: DemoTherapy): string {
  return t.dose ? `${t.drug_name} ${t.dose}` : t.drug_name;
}

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/** Receiving fax number for the layout (the PBM form goes to the PBM). */
function destinationFax(layout: FaxLayout): string {
  return layout === "pbm_checkbox" ? DEMO_PLAN.pbm_fax : DEMO_PLAN.pa_fax;
}

/** Things that count as another biologic / targeted drug on the PBM checkbox question. */
const BIOLOGIC_RE =
  /\b(adalimumab|humira|etanercept|enbrel|infliximab|remicade|certolizumab|cimzia|golimumab|simponi|secukinumab|cosentyx|ixekizumab|taltz|ustekinumab|stelara|guselkumab|tremfya|risankizumab|skyrizi|tildrakizumab|ilumya|bimekizumab|bimzelx|vedolizumab|entyvio|tofacitinib|xeljanz|upadacitinib|rinvoq|baricitinib|olumiant|apremilast|otezla|deucravacitinib|sotyktu|dupilumab|dupixent|abatacept|orencia|tocilizumab|actemra|semaglutide|ozempic|wegovy|dulaglutide|trulicity|liraglutide|victoza|tirzepatide|mounjaro|zepbound|sitagliptin|januvia|linagliptin|tradjenta)\b/i;

// ------------------------------------------------------------------------------------------------
// Flow: a sequence of pages with a top-down cursor and automatic page breaks

class Flow {
  sheets: Sheet[] = [];
  sheet!: Sheet;
  y = TOP;
  constructor(
    readonly doc: PDFDocument,
    readonly f: Fonts,
    readonly onNewPage: (s: Sheet, continued: boolean) => number,
  ) {
    this.newPage(false);
  }
  newPage(continued = true): void {
    this.sheet = new Sheet(this.doc, this.f);
    this.sheets.push(this.sheet);
    this.y = this.onNewPage(this.sheet, continued);
  }
  /** Makes sure `h` points fit below the cursor, breaking the page if not. */
  ensure(h: number): void {
    if (this.y + h > BOTTOM) this.newPage(true);
  }
}

// ------------------------------------------------------------------------------------------------
// Grid forms (plan_form, uniform_form)

interface Cell {
  label: string;
  value?: string;
  /** fraction of the row width */
  w: number;
  /** custom painter for checkbox cells; receives the cell box */
  draw?: (s: Sheet, x: number, y: number, w: number) => void;
  small?: boolean;
}

const LABEL_SIZE = 6.5;
const VALUE_SIZE = 9.5;
const VALUE_LEAD = 11.5;

function cellLines(f: Fonts, cell: Cell, width: number): string[] {
  if (!cell.value) return [""];
  const size = cell.small ? 8 : VALUE_SIZE;
  return wrapText(cell.value, f.mono, size, width - 8);
}

/** Draws a row of labelled cells spanning the content width; returns the row height. */
function gridRow(flow: Flow, cells: Cell[], minH = 21): number {
  const W = LETTER[0] - 2 * MARGIN;
  const widths = cells.map((c) => c.w * W);
  const lineCounts = cells.map((c, i) => cellLines(flow.f, c, widths[i]).length);
  const h = Math.max(minH, 10 + Math.max(...lineCounts) * VALUE_LEAD);
  flow.ensure(h);
  const s = flow.sheet;
  let x = MARGIN;
  cells.forEach((c, i) => {
    const w = widths[i];
    s.rect(x, flow.y, w, h, { border: BLACK, borderWidth: 0.6 });
    s.text(c.label, x + 2.5, flow.y + 7.5, LABEL_SIZE, flow.f.reg, GRAY);
    if (c.draw) c.draw(s, x, flow.y, w);
    else {
      const size = c.small ? 8 : VALUE_SIZE;
      let yy = flow.y + 16.5;
      for (const line of cellLines(flow.f, c, w)) {
        s.text(line, x + 4, yy, size, flow.f.mono);
        yy += VALUE_LEAD;
      }
    }
    x += w;
  });
  flow.y += h;
  return h;
}

function sectionBar(flow: Flow, title: string, style: "shaded" | "rule", keepWithNext = 30): void {
  flow.ensure(keepWithNext + 21);
  const s = flow.sheet;
  const W = LETTER[0] - 2 * MARGIN;
  flow.y += 6;
  if (style === "shaded") {
    s.rect(MARGIN, flow.y, W, 14, { fill: DARK });
    s.text(title, MARGIN + 5, flow.y + 10.5, 8.5, flow.f.bold, WHITE);
    flow.y += 14;
  } else {
    s.text(title, MARGIN, flow.y + 9, 9.5, flow.f.bold);
    s.line(MARGIN, flow.y + 12, MARGIN + W, flow.y + 12, 1.2);
    flow.y += 14;
  }
}

/** Prior-therapy table: header + one row per therapy (at least `minRows`). */
function therapyTable(flow: Flow, therapies: DemoTherapy[], minRows: number, headerFill: boolean): void {
  const W = LETTER[0] - 2 * MARGIN;
  const cols = [0.4, 0.22, 0.38].map((x) => x * W);
  const headers = ["Medication tried / dose / frequency", "Dates of use (from - to)", "Outcome (failure, intolerance, contraindication)"];
  flow.ensure(16 + 18 * Math.max(1, minRows));
  let s = flow.sheet;
  let x = MARGIN;
  headers.forEach((h, i) => {
    s.rect(x, flow.y, cols[i], 14, { border: BLACK, fill: headerFill ? LIGHT : undefined });
    s.text(h, x + 3, flow.y + 10, 7, flow.f.bold);
    x += cols[i];
  });
  flow.y += 14;
  const rows: DemoTherapy[] = [...therapies];
  while (rows.length < minRows) rows.push({ drug_name: "", dose: null, start_date: null, end_date: null, outcome: "unknown", outcome_detail: "" });
  for (const t of rows) {
    const vals = t.drug_name ? [therapyLabel(t), therapyDates(t), t.outcome_detail] : ["", "", ""];
    const lines = vals.map((v, i) => wrapText(v, flow.f.mono, 8, cols[i] - 6));
    const h = Math.max(17, 6 + Math.max(...lines.map((l) => l.length)) * 10);
    flow.ensure(h);
    s = flow.sheet;
    x = MARGIN;
    lines.forEach((ls, i) => {
      s.rect(x, flow.y, cols[i], h, { border: BLACK });
      let yy = flow.y + 11;
      for (const l of ls) {
        s.text(l, x + 3, yy, 8, flow.f.mono);
        yy += 10;
      }
      x += cols[i];
    });
    flow.y += h;
  }
}

function signatureBlock(flow: Flow, c: DemoCase, attestation: string): void {
  flow.ensure(62);
  const s = flow.sheet;
  flow.y = s.para(attestation, MARGIN, flow.y + 12, LETTER[0] - 2 * MARGIN, 7.5, flow.f.reg) + 4;
  const y = flow.y + 26;
  s.scribble(MARGIN + 20, y - 6, 130, hashString(c.prescriber.npi));
  s.line(MARGIN, y, MARGIN + 300, y);
  s.text("Prescriber signature", MARGIN, y + 9, 6.5, flow.f.reg, GRAY);
  s.text(usDate(c.request_date), MARGIN + 340, y - 4, 10, flow.f.mono);
  s.line(MARGIN + 335, y, LETTER[0] - MARGIN, y);
  s.text("Date", MARGIN + 335, y + 9, 6.5, flow.f.reg, GRAY);
  flow.y = y + 14;
}

function secondaryDx(c: DemoCase): { desc: string; codes: string } {
  const sec = c.diagnoses.filter((d) => !d.primary);
  return {
    desc: sec.map((d) => d.description).join("; "),
    codes: sec
      .map((d) => d.code ?? "")
      .filter(Boolean)
      .join(", "),
  };
}

function primaryDx(c: DemoCase) {
  return c.diagnoses.find((d) => d.primary) ?? c.diagnoses[0] ?? { code: null, description: "", primary: true };
}

function concurrentText(c: DemoCase): string {
  return c.concurrent_therapies.map((t) => `${therapyLabel(t)}${t.outcome_detail ? ` (${t.outcome_detail})` : ""}`).join("; ");
}

function genderBoxes(c: DemoCase, labels: [string, string, string?]) {
  return (s: Sheet, x: number, y: number) => {
    let xx = x + 5;
    xx = s.checkbox(xx, y + 11, c.patient.gender === "male", labels[0]) + 10;
    xx = s.checkbox(xx, y + 11, c.patient.gender === "female", labels[1]) + 10;
    if (labels[2]) s.checkbox(xx, y + 11, false, labels[2]);
  };
}

// ---------------------------------------------------------------------------- plan-branded form

function planForm(doc: PDFDocument, f: Fonts, c: DemoCase): Sheet[] {
  const W = LETTER[0] - 2 * MARGIN;
  const flow = new Flow(doc, f, (s, continued) => {
    // letterhead
    s.page.drawCircle({ x: MARGIN + 14, y: s.height - (TOP + 16), size: 13, color: rgb(0.15, 0.15, 0.15) });
    s.page.drawCircle({ x: MARGIN + 19, y: s.height - (TOP + 13), size: 9, color: WHITE });
    s.text(DEMO_PLAN.organization, MARGIN + 34, TOP + 14, 15, f.bold);
    s.text(`${DEMO_PLAN.line_of_business} ${DEMO_PLAN.plan_type}  |  Pharmacy Services`, MARGIN + 34, TOP + 27, 8.5, f.reg);
    s.textRight(continued ? "PRIOR AUTHORIZATION REQUEST (continued)" : "PHARMACY PRIOR AUTHORIZATION", LETTER[0] - MARGIN, TOP + 10, 11.5, f.bold);
    if (!continued) s.textRight("REQUEST FORM", LETTER[0] - MARGIN, TOP + 24, 11.5, f.bold);
    s.textRight(`PA Fax: ${DEMO_PLAN.pa_fax}   PA Phone: ${DEMO_PLAN.pa_phone}`, LETTER[0] - MARGIN, TOP + 37, 8, f.reg);
    s.text("PSH-RX-PA-01 (Rev. 09/2025)", MARGIN, BOTTOM + 14, 6.5, f.reg, GRAY);
    s.textRight("Confidential member health information", LETTER[0] - MARGIN, BOTTOM + 14, 6.5, f.reg, GRAY);
    let y = TOP + 46;
    if (!continued) {
      y = s.para(
        "Please complete every section. Incomplete requests may be delayed or returned. Attach chart notes, recent lab results and documentation of prior therapies. Standard requests are decided within 72 hours of receipt; expedited requests within 24 hours.",
        MARGIN,
        y + 6,
        W,
        7,
        f.italic,
        8.5,
      );
    }
    return y;
  });

  sectionBar(flow, "MEMBER INFORMATION", "shaded");
  gridRow(flow, [
    { label: "Member name (Last, First)", value: `${c.patient.last_name}, ${c.patient.first_name}`, w: 0.46 },
    { label: "Date of birth", value: usDate(c.patient.birth_date), w: 0.2 },
    { label: "Sex", w: 0.34, draw: genderBoxes(c, ["Male", "Female"]) },
  ]);
  gridRow(flow, [
    { label: "Member ID #", value: c.patient.member_id, w: 0.34 },
    { label: "Group #", value: c.patient.group_number ?? "", w: 0.2 },
    { label: "Member phone", value: c.patient.phone, w: 0.46 },
  ]);
  gridRow(flow, [{ label: "Member address", value: oneLineAddress(c.patient.address), w: 1 }]);

  sectionBar(flow, "PRESCRIBER INFORMATION", "shaded");
  gridRow(flow, [
    { label: "Prescriber name", value: prescriberName(c), w: 0.4 },
    { label: "NPI #", value: c.prescriber.npi, w: 0.22 },
    { label: "Specialty", value: c.prescriber.specialty, w: 0.38 },
  ]);
  gridRow(flow, [{ label: "Practice name and address", value: `${c.prescriber.practice_name}, ${oneLineAddress(c.prescriber.address)}`, w: 1 }]);
  gridRow(flow, [
    { label: "Phone", value: c.prescriber.phone, w: 0.3 },
    { label: "Fax", value: c.prescriber.fax, w: 0.3 },
    { label: "Office contact", value: c.prescriber.contact_name, w: 0.4 },
  ]);

  sectionBar(flow, "MEDICATION REQUESTED", "shaded");
  gridRow(flow, [
    { label: "Drug name and strength", value: c.medication.display_name, w: 0.72 },
    { label: "NDC #", value: c.medication.ndc, w: 0.28 },
  ]);
  gridRow(flow, [
    { label: "Directions for use (dose / route / frequency)", value: c.medication.sig, w: 0.6 },
    { label: "Quantity", value: `${c.medication.quantity} ${c.medication.quantity_unit}`, w: 0.22 },
    { label: "Days supply", value: String(c.medication.days_supply), w: 0.18 },
  ]);
  gridRow(flow, [
    { label: "Expected duration of therapy", value: `${c.medication.duration_months} months`, w: 0.36 },
    {
      label: "Request type",
      w: 0.64,
      draw: (s, x, y) => {
        const xx = s.checkbox(x + 5, y + 11, c.medication.request_type === "new_start", "New start") + 14;
        s.checkbox(xx, y + 11, c.medication.request_type === "continuation", "Continuation of therapy");
      },
    },
  ]);

  sectionBar(flow, "DIAGNOSIS", "shaded");
  const p = primaryDx(c);
  const sec = secondaryDx(c);
  gridRow(flow, [
    { label: "Primary diagnosis", value: p.description, w: 0.78, small: true },
    { label: "ICD-10 code", value: p.code ?? "", w: 0.22 },
  ]);
  gridRow(flow, [
    { label: "Secondary diagnosis", value: sec.desc, w: 0.78, small: true },
    { label: "ICD-10 code(s)", value: sec.codes, w: 0.22 },
  ]);

  sectionBar(flow, "CLINICAL INFORMATION", "shaded");
  therapyTable(flow, c.prior_therapies, Math.max(2, c.prior_therapies.length + 1), true);
  if (c.concurrent_therapies.length) gridRow(flow, [{ label: "Current medications relevant to this request", value: concurrentText(c), w: 1, small: true }]);
  gridRow(
    flow,
    [{ label: "Pertinent clinical information, lab values with dates, and reason for request", value: c.form_clinical_summary, w: 1, small: true }],
    48,
  );

  sectionBar(flow, "REVIEW TYPE AND ATTESTATION", "shaded", 84);
  flow.ensure(84);
  const x = flow.sheet.checkbox(MARGIN + 4, flow.y + 6, c.urgency === "standard", "Standard") + 16;
  flow.sheet.checkbox(x, flow.y + 6, c.urgency === "expedited", "Expedited - the standard time frame could seriously jeopardize the member's life or health");
  flow.y += 14;
  signatureBlock(flow, c, "I attest that the information provided is accurate and supported by the member's medical record.");
  return flow.sheets;
}

// -------------------------------------------------------------------------- state uniform form

function uniformForm(doc: PDFDocument, f: Fonts, c: DemoCase): Sheet[] {
  const W = LETTER[0] - 2 * MARGIN;
  let pageNo = 0;
  const flow = new Flow(doc, f, (s) => {
    pageNo++;
    s.text("STANDARD PRESCRIPTION DRUG PRIOR AUTHORIZATION REQUEST FORM", MARGIN, TOP + 12, 11.5, f.bold);
    s.text(`Form KS-PA-RX 2025  |  Page ${pageNo} of 2`, MARGIN, TOP + 24, 7.5, f.reg, GRAY);
    s.text("Prescriber use only. Submit to the issuer using the issuer's fax number.", MARGIN, BOTTOM + 14, 6.5, f.reg, GRAY);
    let y = TOP + 30;
    if (pageNo === 1) {
      y = s.para(
        "This form may be used to request prior authorization of a prescription drug from any health plan, insurer or pharmacy benefit manager. Type or print clearly. An issuer may not require additional forms for the same request.",
        MARGIN,
        y + 8,
        W,
        7.2,
        f.reg,
        9,
      );
    }
    return y;
  });

  sectionBar(flow, "Section I - Submission", "rule");
  gridRow(flow, [
    { label: "Submitted to (issuer name)", value: DEMO_PLAN.organization, w: 0.34 },
    { label: "Issuer phone", value: DEMO_PLAN.pa_phone, w: 0.22 },
    { label: "Issuer fax", value: DEMO_PLAN.pa_fax, w: 0.22 },
    { label: "Date submitted", value: usDate(c.request_date), w: 0.22 },
  ]);

  sectionBar(flow, "Section II - Review Type", "rule");
  gridRow(flow, [
    {
      label: "Review",
      w: 1,
      draw: (s, x, y) => {
        const xx = s.checkbox(x + 5, y + 11, c.urgency === "standard", "Non-urgent") + 16;
        s.checkbox(
          xx,
          y + 11,
          c.urgency === "expedited",
          "Urgent (prescriber attests that waiting could seriously jeopardize the patient's life or health)",
          8,
        );
      },
    },
  ]);

  sectionBar(flow, "Section III - Patient Information", "rule");
  gridRow(flow, [
    { label: "Last name", value: c.patient.last_name, w: 0.3 },
    { label: "First name", value: c.patient.first_name, w: 0.26 },
    { label: "Date of birth", value: usDate(c.patient.birth_date), w: 0.18 },
    { label: "Sex", w: 0.26, draw: genderBoxes(c, ["M", "F", "Other"]) },
  ]);
  gridRow(flow, [
    { label: "Street address", value: c.patient.address.street, w: 0.4 },
    { label: "City", value: c.patient.address.city, w: 0.3 },
    { label: "State", value: c.patient.address.state, w: 0.1 },
    { label: "ZIP", value: c.patient.address.zip, w: 0.2 },
  ]);
  gridRow(flow, [
    { label: "Phone", value: c.patient.phone, w: 0.3 },
    { label: "Member or subscriber ID #", value: c.patient.member_id, w: 0.4 },
    { label: "Group # (if applicable)", value: c.patient.group_number ?? "", w: 0.3 },
  ]);

  sectionBar(flow, "Section IV - Prescriber Information", "rule");
  gridRow(flow, [
    { label: "Last name", value: c.prescriber.last_name, w: 0.3 },
    { label: "First name", value: c.prescriber.first_name, w: 0.26 },
    { label: "Credential", value: c.prescriber.credential, w: 0.14 },
    { label: "NPI #", value: c.prescriber.npi, w: 0.3 },
  ]);
  gridRow(flow, [
    { label: "Specialty", value: c.prescriber.specialty, w: 0.4 },
    { label: "Practice / facility", value: c.prescriber.practice_name, w: 0.6 },
  ]);
  gridRow(flow, [
    { label: "Address", value: oneLineAddress(c.prescriber.address), w: 0.6 },
    { label: "Contact name", value: c.prescriber.contact_name, w: 0.4 },
  ]);
  gridRow(flow, [
    { label: "Phone", value: c.prescriber.phone, w: 0.5 },
    { label: "Fax", value: c.prescriber.fax, w: 0.5 },
  ]);

  sectionBar(flow, "Section V - Medication Information", "rule");
  gridRow(flow, [
    { label: "Drug name, strength and dosage form", value: c.medication.display_name, w: 0.7 },
    { label: "NDC (if known)", value: c.medication.ndc, w: 0.3 },
  ]);
  gridRow(flow, [
    { label: "Dose / route / frequency", value: c.medication.sig, w: 0.6 },
    { label: "Quantity", value: `${c.medication.quantity} ${c.medication.quantity_unit}`, w: 0.22 },
    { label: "Days supply", value: String(c.medication.days_supply), w: 0.18 },
  ]);
  gridRow(flow, [
    {
      label: "Type of request",
      w: 0.64,
      draw: (s, x, y) => {
        let xx = s.checkbox(x + 5, y + 11, c.medication.request_type === "new_start", "New therapy") + 12;
        xx = s.checkbox(xx, y + 11, c.medication.request_type === "continuation", "Renewal") + 12;
        s.checkbox(xx, y + 11, false, "Formulary exception");
      },
    },
    { label: "Duration of therapy requested", value: `${c.medication.duration_months} months`, w: 0.36 },
  ]);

  // Section VI always starts page 2
  flow.newPage(true);
  sectionBar(flow, "Section VI - Clinical Information", "rule");
  const p = primaryDx(c);
  const sec = secondaryDx(c);
  gridRow(flow, [
    { label: "Primary diagnosis (description)", value: p.description, w: 0.76, small: true },
    { label: "ICD-10-CM code", value: p.code ?? "", w: 0.24 },
  ]);
  gridRow(flow, [
    { label: "Other diagnoses (description)", value: sec.desc, w: 0.76, small: true },
    { label: "ICD-10-CM code(s)", value: sec.codes, w: 0.24 },
  ]);
  flow.y += 6;
  flow.sheet.text("Drugs previously tried for this condition (include dose, dates and reason stopped):", MARGIN, flow.y + 6, 7.5, f.bold);
  flow.y += 10;
  therapyTable(flow, c.prior_therapies, 4, false);
  gridRow(flow, [{ label: "Current drugs relevant to this request (including other biologics)", value: concurrentText(c) || "None", w: 1, small: true }]);
  const labs = c.labs.map((l) => `${l.name} ${l.value}${l.unit ? " " + l.unit : ""} (${usDate(l.date)})`).join("; ");
  gridRow(flow, [{ label: "Pertinent laboratory results / tests with dates", value: labs || "See attached", w: 1, small: true }], 30);
  gridRow(flow, [{ label: "Clinical rationale / additional information", value: c.form_clinical_summary, w: 1, small: true }], 60);

  sectionBar(flow, "Section VII - Attestation", "rule", 70);
  signatureBlock(
    flow,
    c,
    "I attest that the information provided is true and accurate to the best of my knowledge and that supporting documentation is available in the patient's medical record.",
  );
  return flow.sheets;
}

// --------------------------------------------------------------------------- PBM checkbox form

function pbmForm(doc: PDFDocument, f: Fonts, c: DemoCase): Sheet[] {
  const W = LETTER[0] - 2 * MARGIN;
  const flow = new Flow(doc, f, (s, continued) => {
    s.rect(MARGIN, TOP, W, 34, { fill: rgb(0.08, 0.08, 0.08) });
    s.text(DEMO_PLAN.pbm_name, MARGIN + 10, TOP + 19, 15, f.bold, WHITE);
    s.text(`Pharmacy benefit manager for ${DEMO_PLAN.organization}`, MARGIN + 10, TOP + 29, 7, f.reg, WHITE);
    s.textRight(continued ? "Prior Authorization Request (cont.)" : "Prior Authorization Request", LETTER[0] - MARGIN - 10, TOP + 16, 12, f.bold, WHITE);
    s.textRight(`Fax ${DEMO_PLAN.pbm_fax}  |  Phone ${DEMO_PLAN.pbm_phone}`, LETTER[0] - MARGIN - 10, TOP + 28, 7.5, f.reg, WHITE);
    s.text("HRX-PA-GEN-2026.1", MARGIN, BOTTOM + 14, 6.5, f.reg, GRAY);
    return TOP + 40;
  });
  const s0 = flow.sheet;
  flow.y = s0.para(
    "Use this form for specialty and non-preferred drugs. Answer every question; a blank answer may result in a request for more information. One patient per request.",
    MARGIN,
    flow.y + 8,
    W,
    7,
    f.reg,
    8.5,
  );
  // request line
  let x = s0.text("Request:", MARGIN, flow.y + 10, 8.5, f.bold) + MARGIN + 6;
  x = s0.checkbox(x, flow.y + 2, c.medication.request_type === "new_start", "Initial") + 12;
  x = s0.checkbox(x, flow.y + 2, c.medication.request_type === "continuation", "Renewal") + 24;
  x += s0.text("Urgent?", x, flow.y + 10, 8.5, f.bold) + 6;
  x = s0.checkbox(x, flow.y + 2, c.urgency === "expedited", "Yes") + 8;
  x = s0.checkbox(x, flow.y + 2, c.urgency === "standard", "No") + 20;
  s0.text(`Health plan: ${DEMO_PLAN.organization}`, x, flow.y + 10, 8.5, f.reg);
  flow.y += 18;

  const heading = (t: string) => {
    flow.ensure(30);
    flow.y += 8;
    flow.sheet.text(t, MARGIN, flow.y + 9, 10, f.bold);
    flow.sheet.line(MARGIN, flow.y + 12, LETTER[0] - MARGIN, flow.y + 12, 1);
    flow.y += 14;
  };
  /** "Label: value" fields on an underlined row; cols are [label, value, fraction]. */
  const fieldRow = (cols: [string, string, number][]) => {
    flow.ensure(16);
    const s = flow.sheet;
    let xx = MARGIN;
    for (const [label, value, frac] of cols) {
      const w = frac * W;
      const lw = s.text(`${label}:`, xx, flow.y + 11, 8, f.reg);
      const vx = xx + lw + 4;
      const shown = wrapText(value, f.reg, 9.5, w - lw - 10)[0] ?? "";
      s.text(shown, vx, flow.y + 10.5, 9.5, f.reg);
      s.line(vx - 1, flow.y + 13, xx + w - 8, flow.y + 13, 0.4, GRAY);
      xx += w;
    }
    flow.y += 16;
  };

  heading("PATIENT");
  fieldRow([
    ["Name", fullName(c.patient), 0.55],
    ["DOB", usDate(c.patient.birth_date), 0.25],
    ["Sex", c.patient.gender === "female" ? "F" : "M", 0.2],
  ]);
  fieldRow([
    ["Member ID", c.patient.member_id, 0.55],
    ["Phone", c.patient.phone, 0.45],
  ]);
  fieldRow([["Address", oneLineAddress(c.patient.address), 1]]);

  heading("PRESCRIBER");
  fieldRow([
    ["Name", prescriberName(c), 0.55],
    ["Specialty", c.prescriber.specialty, 0.45],
  ]);
  fieldRow([
    ["NPI", c.prescriber.npi, 0.34],
    ["Phone", c.prescriber.phone, 0.33],
    ["Fax", c.prescriber.fax, 0.33],
  ]);
  fieldRow([["Address", `${c.prescriber.practice_name}, ${oneLineAddress(c.prescriber.address)}`, 1]]);

  heading("MEDICATION");
  fieldRow([
    ["Medication & strength", c.medication.display_name, 0.7],
    ["NDC", c.medication.ndc, 0.3],
  ]);
  fieldRow([["Directions", c.medication.sig, 1]]);
  fieldRow([
    ["Quantity", `${c.medication.quantity} ${c.medication.quantity_unit}`, 0.34],
    ["Days supply", String(c.medication.days_supply), 0.28],
    ["Length of therapy", `${c.medication.duration_months} months`, 0.38],
  ]);
  const p = primaryDx(c);
  fieldRow([
    ["Diagnosis", p.description, 0.72],
    ["ICD-10", p.code ?? "", 0.28],
  ]);
  const sec = secondaryDx(c);
  if (sec.codes || sec.desc)
    fieldRow([
      ["Other diagnoses", sec.desc, 0.72],
      ["ICD-10", sec.codes, 0.28],
    ]);

  heading("CLINICAL QUESTIONS");
  const failed = c.prior_therapies.filter((t) => t.outcome !== "contraindication");
  const contra = c.prior_therapies.filter((t) => t.outcome === "contraindication");
  const specialist = !/family|internal|general|primary/i.test(c.prescriber.specialty);
  const combo = c.concurrent_therapies.filter((t) => BIOLOGIC_RE.test(t.drug_name));
  const describe = (t: DemoTherapy) => [therapyLabel(t), therapyDates(t), t.outcome_detail].filter(Boolean).join(", ");
  const question = (n: number, q: string, yes: boolean | null, detailLabel?: string, detail?: string) => {
    const lines = wrapText(q, f.reg, 8.5, W - 120);
    const detailLines = detailLabel !== undefined ? wrapText(`${detailLabel} ${detail ?? ""}`, f.mono, 8.5, W - 20) : [];
    flow.ensure(lines.length * 11 + detailLines.length * 10.5 + 8);
    const s = flow.sheet;
    s.text(`${n}.`, MARGIN, flow.y + 10, 8.5, f.bold);
    let yy = flow.y + 10;
    for (const l of lines) {
      s.text(l, MARGIN + 12, yy, 8.5, f.reg);
      yy += 11;
    }
    s.checkbox(LETTER[0] - MARGIN - 80, flow.y + 2, yes === true, "Yes");
    s.checkbox(LETTER[0] - MARGIN - 38, flow.y + 2, yes === false, "No");
    for (const l of detailLines) {
      s.text(l, MARGIN + 12, yy, 8.5, f.mono);
      yy += 10.5;
    }
    flow.y = yy + 3;
  };
  question(1, "Is the medication being requested for an FDA-approved indication (or a compendia-supported use)?", true);
  question(
    2,
    "Has the patient tried and had an inadequate response or intolerance to preferred / formulary alternatives?",
    failed.length ? true : null,
    "If yes, list drug(s), dose, dates of use and outcome:",
    failed.map(describe).join("; "),
  );
  question(
    3,
    "Does the patient have a contraindication to the preferred alternatives?",
    contra.length > 0,
    "If yes, explain:",
    contra.map(describe).join("; "),
  );
  question(
    4,
    "Is the medication prescribed by, or in consultation with, a specialist for this condition?",
    specialist,
    "Specialty / consulting physician:",
    c.prescriber.specialty,
  );
  question(
    5,
    "Will the medication be used together with another biologic or targeted immunomodulator, or another drug in the same class?",
    combo.length > 0,
    "If yes, which:",
    combo.map(describe).join("; "),
  );
  // 6: free-text box
  const labText = c.labs.map((l) => `${l.name} ${l.value}${l.unit ? " " + l.unit : ""} (${usDate(l.date)})`).join("; ");
  const box = wrapText([c.form_clinical_summary, labText ? `Labs: ${labText}` : ""].filter(Boolean).join("\n"), f.mono, 8.5, W - 16);
  flow.ensure(20 + Math.max(3, box.length) * 10.5 + 8);
  flow.sheet.text("6.", MARGIN, flow.y + 10, 8.5, f.bold);
  flow.sheet.text("Pertinent labs / tests (with dates) and additional clinical information:", MARGIN + 12, flow.y + 10, 8.5, f.reg);
  flow.y += 15;
  const boxH = Math.max(3, box.length) * 10.5 + 8;
  flow.sheet.rect(MARGIN + 8, flow.y, W - 8, boxH, { border: BLACK });
  box.forEach((l, k) => flow.sheet.text(l, MARGIN + 13, flow.y + 11 + k * 10.5, 8.5, f.mono));
  flow.y += boxH;
  flow.y += 4;
  signatureBlock(
    flow,
    c,
    "By signing, I certify that the information is accurate and that supporting documentation is available in the patient's medical record.",
  );
  return flow.sheets;
}

// ------------------------------------------------------------------------------- cover sheet

function coverSheet(doc: PDFDocument, f: Fonts, c: DemoCase, layout: FaxLayout, totalPages: () => number): Sheet {
  const s = new Sheet(doc, f);
  const W = LETTER[0] - 2 * MARGIN;
  s.text("FAX", MARGIN, TOP + 40, 40, f.bold);
  s.text(c.prescriber.practice_name.toUpperCase(), MARGIN, TOP + 62, 11, f.bold);
  s.text(`${oneLineAddress(c.prescriber.address)}   Ph ${c.prescriber.phone}   Fax ${c.prescriber.fax}`, MARGIN, TOP + 75, 8, f.reg);
  s.line(MARGIN, TOP + 84, MARGIN + W, TOP + 84, 1.5);
  const rows: [string, string, string, string][] = [
    ["TO:", `${DEMO_PLAN.organization} Pharmacy Prior Authorization`, "FROM:", c.prescriber.contact_name],
    ["FAX:", destinationFax(layout), "SENDER FAX:", c.prescriber.fax],
    ["PHONE:", DEMO_PLAN.pa_phone, "SENDER PHONE:", c.prescriber.phone],
    ["DATE:", usDate(c.request_date), "PAGES (incl. cover):", "__TOTAL__"],
    ["RE:", `Prior authorization request - ${c.medication.drug_name}`, "PATIENT:", `${c.patient.last_name}, ${c.patient.first_name[0]}.`],
  ];
  let y = TOP + 104;
  for (const [l1, v1, l2, v2] of rows) {
    s.text(l1, MARGIN, y, 9, f.bold);
    if (v1) s.text(v1, MARGIN + 48, y, 9.5, f.reg);
    s.text(l2, MARGIN + 300, y, 9, f.bold);
    if (v2 !== "__TOTAL__") s.text(v2, MARGIN + 410, y, 9.5, f.reg);
    s.line(MARGIN + 46, y + 3, MARGIN + 290, y + 3, 0.4, GRAY);
    s.line(MARGIN + 408, y + 3, MARGIN + W, y + 3, 0.4, GRAY);
    y += 22;
  }
  // page total is filled in after the rest of the fax is laid out
  coverTotals.set(s, { x: MARGIN + 410, y, total: totalPages, rowY: TOP + 104 + 3 * 22 });
  y += 8;
  let x = s.checkbox(MARGIN, y, c.urgency === "expedited", "URGENT") + 18;
  x = s.checkbox(x, y, true, "FOR REVIEW") + 18;
  x = s.checkbox(x, y, false, "PLEASE COMMENT") + 18;
  s.checkbox(x, y, false, "PLEASE REPLY");
  y += 34;
  s.text("NOTES / COMMENTS:", MARGIN, y, 9, f.bold);
  const attached = [c.clinical_note ? "office note" : null, c.labs.length ? "lab results" : null].filter(Boolean).join(" and ");
  y = s.para(
    `Please find attached a prior authorization request for ${fullName(c.patient)} (DOB ${usDate(c.patient.birth_date)})${attached ? ` with ${attached}` : ""}. ${c.urgency === "expedited" ? "EXPEDITED REVIEW REQUESTED. " : ""}Please fax the determination to ${c.prescriber.fax}. Thank you.`,
    MARGIN,
    y + 16,
    W,
    9.5,
    f.reg,
  );
  s.para(
    "CONFIDENTIALITY NOTICE: The documents accompanying this facsimile contain confidential protected health information that is legally privileged. This information is intended only for the use of the individual or entity named above. If you are not the intended recipient, you are hereby notified that any disclosure, copying, distribution or action taken in reliance on the contents of these documents is strictly prohibited. If you have received this fax in error, please notify the sender immediately and destroy the documents.",
    MARGIN,
    BOTTOM - 40,
    W,
    7,
    f.reg,
    8.5,
    GRAY,
  );
  return s;
}

const coverTotals = new WeakMap<Sheet, { x: number; y: number; total: () => number; rowY: number }>();

// ------------------------------------------------------------------------------ office note

function notePages(doc: PDFDocument, f: Fonts, c: DemoCase): Sheet[] {
  const note = c.clinical_note;
  if (!note) return [];
  const W = LETTER[0] - 2 * MARGIN;
  const mrn = `${c.prescriber.practice_name.replace(/[^A-Z]/g, "").slice(0, 3)}-${String(hashString(c.patient.member_id) % 1000000).padStart(6, "0")}`;
  const flow = new Flow(doc, f, (s, continued) => {
    s.text(c.prescriber.practice_name, MARGIN, TOP + 14, 13, f.serifBold);
    s.text(`${oneLineAddress(c.prescriber.address)}   Ph ${c.prescriber.phone}   Fax ${c.prescriber.fax}`, MARGIN, TOP + 26, 8, f.serif);
    s.line(MARGIN, TOP + 32, MARGIN + W, TOP + 32, 0.8);
    s.text(`Patient: ${c.patient.last_name.toUpperCase()}, ${c.patient.first_name.toUpperCase()}`, MARGIN, TOP + 46, 9.5, f.bold);
    s.text(`DOB: ${usDate(c.patient.birth_date)}   Sex: ${c.patient.gender === "female" ? "F" : "M"}   MRN: ${mrn}`, MARGIN + 250, TOP + 46, 9, f.reg);
    s.text(`Date of service: ${usDate(note.date_of_service)}`, MARGIN, TOP + 59, 9, f.reg);
    s.text(`Provider: ${prescriberName(c)}`, MARGIN + 250, TOP + 59, 9, f.reg);
    s.line(MARGIN, TOP + 65, MARGIN + W, TOP + 65, 0.4, GRAY);
    if (continued) s.text("(continued)", MARGIN, TOP + 78, 8, f.italic, GRAY);
    return TOP + (continued ? 84 : 72);
  });
  flow.sheet.text(note.visit_type, MARGIN, flow.y + 12, 12, f.serifBold);
  flow.y += 20;
  const section = (title: string, body: string | string[]) => {
    flow.ensure(30);
    flow.sheet.text(title, MARGIN, flow.y + 10, 10, f.serifBold);
    flow.y += 14;
    const items = Array.isArray(body) ? body.map((b) => `- ${b}`) : [body];
    for (const item of items) {
      for (const line of wrapText(item, f.serif, 10, W - 10)) {
        flow.ensure(13);
        flow.sheet.text(line, MARGIN + 6, flow.y + 9, 10, f.serif);
        flow.y += 12.5;
      }
    }
    flow.y += 5;
  };
  section("Chief Complaint", note.chief_complaint);
  section("History of Present Illness", note.hpi);
  section("Past Medical History", note.pmh);
  section("Current Medications", note.medications);
  section("Allergies", note.allergies);
  section("Physical Exam", note.exam);
  section("Assessment and Plan", note.assessment_plan);
  flow.ensure(30);
  flow.sheet.text(
    `Electronically signed by ${prescriberName(c)} on ${usDate(note.date_of_service)} 17:${String((hashString(c.id) % 50) + 10)}`,
    MARGIN,
    flow.y + 14,
    8.5,
    f.italic,
  );
  return flow.sheets;
}

// -------------------------------------------------------------------------------- lab report

function labPages(doc: PDFDocument, f: Fonts, c: DemoCase): Sheet[] {
  if (!c.labs.length) return [];
  const W = LETTER[0] - 2 * MARGIN;
  const accession = `PRL${String(hashString(c.id + "lab") % 100000000).padStart(8, "0")}`;
  const latest = [...c.labs].sort((a, b) => (a.date < b.date ? 1 : -1))[0].date;
  const cols = [0.33, 0.14, 0.06, 0.14, 0.17, 0.16].map((x) => x * W);
  const heads = ["TEST", "RESULT", "FLAG", "UNITS", "REFERENCE RANGE", "COLLECTED"];
  const flow = new Flow(doc, f, (s) => {
    s.text("PLAINS REGIONAL LABORATORY SERVICES", MARGIN, TOP + 14, 12.5, f.bold);
    s.text("CLIA 17D0000000 (demo)  |  Client services (800) 555-0119", MARGIN, TOP + 25, 7.5, f.reg, GRAY);
    s.textRight("FINAL REPORT", LETTER[0] - MARGIN, TOP + 14, 11, f.bold);
    s.rect(MARGIN, TOP + 32, W, 46, { border: BLACK });
    const col2 = MARGIN + W / 2;
    s.text(`Patient: ${c.patient.last_name.toUpperCase()}, ${c.patient.first_name.toUpperCase()}`, MARGIN + 6, TOP + 44, 9, f.monoBold);
    s.text(
      `DOB: ${usDate(c.patient.birth_date)}  Age: ${ageOn(c.patient.birth_date, latest)}  Sex: ${c.patient.gender === "female" ? "F" : "M"}`,
      MARGIN + 6,
      TOP + 56,
      8.5,
      f.mono,
    );
    s.text(`Patient ID: ${c.patient.member_id}`, MARGIN + 6, TOP + 68, 8.5, f.mono);
    s.text(`Ordering: ${prescriberName(c)}`, col2 + 6, TOP + 44, 8.5, f.mono);
    s.text(`Accession: ${accession}`, col2 + 6, TOP + 56, 8.5, f.mono);
    s.text(`Reported: ${usDate(latest)}`, col2 + 6, TOP + 68, 8.5, f.mono);
    let x = MARGIN;
    heads.forEach((h, i) => {
      s.text(h, x + 2, TOP + 96, 7.5, f.bold);
      x += cols[i];
    });
    s.line(MARGIN, TOP + 100, MARGIN + W, TOP + 100, 0.8);
    s.text("Results are for the ordering provider. Reference ranges are laboratory-specific.", MARGIN, BOTTOM + 14, 6.5, f.reg, GRAY);
    return TOP + 104;
  });
  for (const l of c.labs) {
    const nameLines = wrapText(l.name, f.mono, 8.5, cols[0] - 4);
    const h = Math.max(14, nameLines.length * 10.5 + 3.5);
    flow.ensure(h);
    const s = flow.sheet;
    const vals = [l.name, l.value, l.flag ?? "", l.unit, l.reference_range, usDate(l.date)];
    let x = MARGIN;
    vals.forEach((v, i) => {
      if (i === 0) {
        let yy = flow.y + 10;
        for (const nl of nameLines) {
          s.text(nl, x + 2, yy, 8.5, f.mono);
          yy += 10.5;
        }
      } else s.text(v, x + 2, flow.y + 10, 8.5, i === 1 || i === 2 ? f.monoBold : f.mono);
      x += cols[i];
    });
    s.line(MARGIN, flow.y + h, MARGIN + W, flow.y + h, 0.3, LIGHT);
    flow.y += h;
  }
  flow.ensure(20);
  flow.sheet.textCenter("*** END OF REPORT ***", LETTER[0] / 2, flow.y + 18, 8.5, f.mono);
  return flow.sheets;
}

// --------------------------------------------------------------------------------- assembly

function stampFaxHeaders(sheets: Sheet[], f: Fonts, c: DemoCase, layout: FaxLayout): void {
  const total = sheets.length;
  const [yy, mm, dd] = c.request_date.split("-");
  const from = c.prescriber.fax;
  const to = destinationFax(layout);
  sheets.forEach((s, i) => {
    const n = i + 1;
    let line: string;
    if (layout === "plan_form") {
      line = `From: ${from}   To: ${to}   ${usDate(c.request_date)} ${c.request_time}   Page ${n} of ${total}`;
    } else if (layout === "uniform_form") {
      const name = c.prescriber.practice_name.toUpperCase().slice(0, 22);
      line = `${MONTHS[Number(mm) - 1]}-${dd}-${yy} ${c.request_time}  From: ${name} ${digits(from)}  To: ${digits(to)}  Page ${n} of ${total}`;
    } else {
      line = `From: ${digits(from)}  To: ${digits(to)}  ${Number(mm)}/${Number(dd)}/${yy} ${c.request_time}  Page ${n} of ${total}`;
    }
    s.text(line, MARGIN - 20, 14, 8, f.mono);
  });
  for (const s of sheets) {
    const t = coverTotals.get(s);
    if (t) s.text(String(t.total()), t.x, t.rowY, 9.5, f.reg);
  }
}

/** Builds the text-layer fax PDF for a case (no rasterisation). */
async function buildFaxDocument(c: DemoCase, layout: FaxLayout): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const created = new Date(`${c.request_date}T${c.request_time}:00Z`);
  doc.setCreationDate(created);
  doc.setModificationDate(created);
  doc.setProducer("FaxGate 7.2 (synthetic demo)");
  doc.setTitle(`Prior authorization request - ${c.medication.drug_name}`);
  const f = await embedFonts(doc);
  const sheets: Sheet[] = [];
  if (layout === "plan_form") sheets.push(coverSheet(doc, f, c, layout, () => sheets.length));
  if (layout === "plan_form") sheets.push(...planForm(doc, f, c));
  else if (layout === "uniform_form") sheets.push(...uniformForm(doc, f, c));
  else sheets.push(...pbmForm(doc, f, c));
  sheets.push(...notePages(doc, f, c));
  sheets.push(...labPages(doc, f, c));
  stampFaxHeaders(sheets, f, c, layout);
  return doc;
}

/**
 * Renders a PA request as a multi-page fax PDF: fax header line on every page, the request form
 * (plan-branded, state uniform, or PBM checkbox layout), an office note page and a lab page.
 * With `scanned` (default: the case's own flag) every page is rasterised at ~150 dpi in grayscale,
 * rotated 0.3-1.5 degrees, speckled, and re-embedded as an image-only PDF with no text layer.
 * Output is deterministic for a given case and options.
 */
export async function renderPriorAuthFax(c: DemoCase, opts: RenderFaxOptions = {}): Promise<Uint8Array> {
  const layout = opts.layout ?? c.layout;
  const scanned = opts.scanned ?? c.scanned;
  const doc = await buildFaxDocument(c, layout);
  const bytes = await doc.save({ useObjectStreams: false });
  if (!scanned) return bytes;
  return rasterizeAsScan(bytes, { seed: hashString(`${c.id}|${layout}`), dpi: opts.dpi ?? 150, date: new Date(`${c.request_date}T${c.request_time}:00Z`) });
}

// ------------------------------------------------------------------------------- scanning

/**
 * Turns any PDF into an image-only "scanned" PDF: each page rendered with pdfjs at `dpi`,
 * converted to grayscale, rotated by a small random angle (0.3-1.5 degrees, either direction),
 * sprinkled with speckle noise and a faint scanner streak, then embedded as a DeviceGray image.
 * Deterministic for a given seed.
 */
export async function rasterizeAsScan(pdfBytes: Uint8Array, opts: { seed?: number; dpi?: number; date?: Date } = {}): Promise<Uint8Array> {
  const { createCanvas } = await import("@napi-rs/canvas");
  const pdfjs = await loadPdfjs();
  const rng = createRng(opts.seed ?? 1);
  const dpi = opts.dpi ?? 150;
  const src = await pdfjs.getDocument({ data: pdfBytes.slice(), ...pdfjsAssetPaths, verbosity: 0 }).promise;
  const out = await PDFDocument.create({ updateMetadata: false });
  const when = opts.date ?? new Date("2026-01-01T00:00:00Z");
  out.setCreationDate(when);
  out.setModificationDate(when);
  out.setProducer("ScanStation 3 (synthetic demo)");
  try {
    for (let p = 1; p <= src.numPages; p++) {
      const page = await src.getPage(p);
      const base = page.getViewport({ scale: 1 });
      const vp = page.getViewport({ scale: dpi / 72 });
      const W = Math.ceil(vp.width);
      const H = Math.ceil(vp.height);
      const clean = createCanvas(W, H);
      const cctx = clean.getContext("2d");
      cctx.fillStyle = "#ffffff";
      cctx.fillRect(0, 0, W, H);
      await page.render({ canvas: clean as unknown as HTMLCanvasElement, canvasContext: cctx as unknown as CanvasRenderingContext2D, viewport: vp }).promise;
      page.cleanup();

      // rotate slightly about the page centre, with a small feed offset
      const angle = (0.3 + rng.next() * 1.2) * (rng.chance(0.5) ? 1 : -1) * (Math.PI / 180);
      const skewed = createCanvas(W, H);
      const sctx = skewed.getContext("2d");
      sctx.fillStyle = "#ffffff";
      sctx.fillRect(0, 0, W, H);
      sctx.translate(W / 2 + rng.int(-6, 6), H / 2 + rng.int(-4, 8));
      sctx.rotate(angle);
      sctx.drawImage(clean, -W / 2, -H / 2);

      const rgba = sctx.getImageData(0, 0, W, H).data;
      const gray = new Uint8Array(W * H);
      for (let i = 0, j = 0; j < gray.length; i += 4, j++) {
        const v = 0.299 * rgba[i] + 0.587 * rgba[i + 1] + 0.114 * rgba[i + 2];
        // slightly darker ink, slightly grey paper
        gray[j] = v > 200 ? 246 : v < 90 ? Math.max(0, v * 0.7) : v * 0.92;
      }
      // speckle noise: isolated dark dots and a few 2x2 specks
      const specks = Math.round(W * H * 0.0005);
      for (let k = 0; k < specks; k++) {
        const x = rng.int(0, W - 2);
        const y = rng.int(0, H - 2);
        const v = rng.int(20, 130);
        gray[y * W + x] = v;
        if (rng.chance(0.25)) {
          gray[y * W + x + 1] = v;
          gray[(y + 1) * W + x] = v;
          gray[(y + 1) * W + x + 1] = v;
        }
      }
      // light dropout dots inside ink
      for (let k = 0; k < specks / 3; k++) {
        const idx = rng.int(0, W * H - 1);
        if (gray[idx] < 120) gray[idx] = 200;
      }
      // a faint vertical scanner streak
      const sx = rng.int(Math.round(W * 0.1), Math.round(W * 0.9));
      const sw = rng.int(1, 2);
      const y0 = rng.int(0, Math.round(H * 0.3));
      for (let y = y0; y < H; y++) {
        if (rng.chance(0.08)) continue;
        for (let d = 0; d < sw; d++) {
          const idx = y * W + sx + d;
          gray[idx] = Math.max(0, gray[idx] - 45);
        }
      }

      const stream = out.context.flateStream(gray, {
        Type: "XObject",
        Subtype: "Image",
        Width: W,
        Height: H,
        ColorSpace: "DeviceGray",
        BitsPerComponent: 8,
      });
      const ref = out.context.register(stream);
      const outPage = out.addPage([base.width, base.height]);
      const name = outPage.node.newXObject("Scan", ref);
      outPage.pushOperators(pushGraphicsState(), concatTransformationMatrix(base.width, 0, 0, base.height, 0, 0), drawObject(name), popGraphicsState());
    }
  } finally {
    await src.destroy();
  }
  return out.save({ useObjectStreams: false });
}

// ------------------------------------------------------------------------------ policy PDFs

const PART_D_LABELS =
  /^(PA Criteria|Covered Uses|Exclusion Criteria|Required Medical Information|Age Restrictions|Prescriber Restrictions|Coverage Duration|Other Criteria|Off-Label Uses|Indications)\s*:\s*(.*)$/;

type PolicyLine =
  | { kind: "blank" }
  | { kind: "heading"; text: string; level: 1 | 2 }
  | { kind: "row"; label: string; text: string; header: boolean }
  | { kind: "para"; text: string; indent: number; marker: string; bold: boolean };

/** Classifies one line of policy text by its shape. */
function classifyPolicyLine(raw: string): PolicyLine {
  const line = raw.replace(/\s+$/, "");
  if (!line.trim()) return { kind: "blank" };
  const row = PART_D_LABELS.exec(line.trim());
  if (row) return { kind: "row", label: row[1], text: row[2], header: row[1] === "PA Criteria" };
  const indent = line.length - line.trimStart().length;
  const t = line.trim();
  const letters = t.replace(/[^A-Za-z]/g, "");
  if (indent === 0 && letters.length >= 4 && t === t.toUpperCase() && t.length <= 80 && !/[.;]$/.test(t)) return { kind: "heading", text: t, level: 1 };
  if (indent === 0 && /^[IVX]+\.\s+\S/.test(t) && t.length <= 90) return { kind: "heading", text: t, level: 1 };
  if (indent === 0 && /^[A-Z]\.\s.*\((must meet all|must meet one)\):?$/i.test(t)) return { kind: "heading", text: t, level: 2 };
  if (indent === 0 && t.length <= 60 && !/[.;:,]$/.test(t) && /^[A-Z]/.test(t) && !/^\d/.test(t) && t.split(" ").length <= 6)
    return { kind: "heading", text: t, level: 2 };
  const m = /^((?:\d{1,2}|[A-Za-z]|[ivx]{1,5})[.)]|-|\u2022)\s+/.exec(t);
  const bold = /^Approval duration:/i.test(t);
  return { kind: "para", text: m ? t.slice(m[0].length) : t, indent, marker: m ? m[1] : "", bold };
}

/**
 * Renders a coverage policy's text into a clean multi-page PDF: a title block, headings (ALL-CAPS
 * lines, roman-numeral sections, "A. <Indication> (must meet all):"), Part D-style criteria table
 * rows ("Covered Uses: ..."), wrapped and indented numbered criteria, and "Page N of M" footers.
 */
export async function renderPolicyPdf(policy: Pick<DemoPolicy, "title" | "text"> & Partial<DemoPolicy>): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const when = new Date("2025-11-15T12:00:00Z");
  doc.setCreationDate(when);
  doc.setModificationDate(when);
  doc.setTitle(policy.title);
  doc.setProducer("Prairie State Health policy publisher (synthetic demo)");
  const f = await embedFonts(doc);
  const W = LETTER[0] - 2 * 54;
  const X = 54;
  const top = 60;
  const bottom = 740;
  const sheets: Sheet[] = [];
  let s!: Sheet;
  let y = 0;
  const newPage = () => {
    s = new Sheet(doc, f);
    sheets.push(s);
    if (sheets.length > 1) {
      s.text(safeText(policy.title, f.italic), X, 36, 8, f.italic, GRAY);
      s.line(X, 42, X + W, 42, 0.4, GRAY);
    }
    y = top;
  };
  const ensure = (h: number) => {
    if (y + h > bottom) newPage();
  };
  newPage();

  const lines = policy.text.replace(/\r\n/g, "\n").split("\n");
  // title block: leading non-blank lines
  let i = 0;
  let first = true;
  while (i < lines.length && !lines[i].trim()) i++;
  while (i < lines.length && lines[i].trim()) {
    const t = lines[i].trim();
    const size = first ? 16 : 9.5;
    const font = first ? f.bold : f.reg;
    for (const l of wrapText(t, font, size, W)) {
      ensure(size * 1.4);
      s.text(l, X, y + size, size, font);
      y += size * 1.35;
    }
    if (first) y += 4;
    first = false;
    i++;
  }
  y += 4;
  s.line(X, y, X + W, y, 1.2);
  y += 10;

  const LABEL_W = 150;
  for (; i < lines.length; i++) {
    const pl = classifyPolicyLine(lines[i]);
    if (pl.kind === "blank") {
      y += 5;
      continue;
    }
    if (pl.kind === "heading") {
      const size = pl.level === 1 ? 11.5 : 10.5;
      const wrapped = wrapText(pl.text, f.bold, size, W);
      ensure(wrapped.length * size * 1.3 + 28);
      y += pl.level === 1 ? 8 : 4;
      for (const l of wrapped) {
        s.text(l, X, y + size, size, f.bold);
        y += size * 1.3;
      }
      y += 3;
      continue;
    }
    if (pl.kind === "row") {
      const size = 9.5;
      const textLines = wrapText(pl.text, pl.header ? f.bold : f.reg, size, W - LABEL_W - 12);
      const labelLines = wrapText(pl.label, f.bold, size, LABEL_W - 10);
      let remaining = textLines;
      let firstChunk = true;
      while (remaining.length || firstChunk) {
        const room = Math.floor((bottom - y - 8) / (size * 1.3));
        if (room < 2) {
          newPage();
          continue;
        }
        const chunk = remaining.slice(0, room);
        remaining = remaining.slice(chunk.length);
        const h = Math.max(chunk.length, firstChunk ? labelLines.length : 1) * size * 1.3 + 8;
        s.rect(X, y, LABEL_W, h, { border: BLACK, fill: pl.header ? LIGHT : undefined });
        s.rect(X + LABEL_W, y, W - LABEL_W, h, { border: BLACK, fill: pl.header ? LIGHT : undefined });
        if (firstChunk) labelLines.forEach((l, k) => s.text(l, X + 5, y + 4 + size + k * size * 1.3, size, f.bold));
        chunk.forEach((l, k) => s.text(l, X + LABEL_W + 6, y + 4 + size + k * size * 1.3, size, pl.header ? f.bold : f.reg));
        y += h;
        firstChunk = false;
      }
      continue;
    }
    // paragraph / list item
    const size = 9.5;
    const lead = size * 1.32;
    const indentPt = Math.min(pl.indent, 12) * 6;
    const markerW = pl.marker ? f.reg.widthOfTextAtSize(pl.marker + " ", size) + 2 : 0;
    const font = pl.bold ? f.bold : f.reg;
    const wrapped = wrapText(pl.text, font, size, W - indentPt - markerW);
    wrapped.forEach((l, k) => {
      ensure(lead);
      if (k === 0 && pl.marker) s.text(pl.marker, X + indentPt, y + size, size, f.reg);
      s.text(l, X + indentPt + markerW, y + size, size, font);
      y += lead;
    });
    y += 2;
  }

  const total = sheets.length;
  sheets.forEach((sh, k) => {
    sh.line(X, 756, X + W, 756, 0.4, GRAY);
    sh.text(`${DEMO_PLAN.organization} - Confidential and proprietary - Synthetic demonstration policy`, X, 768, 7, f.reg, GRAY);
    sh.textRight(`Page ${k + 1} of ${total}`, X + W, 768, 8, f.reg);
  });
  return doc.save({ useObjectStreams: false });
}
