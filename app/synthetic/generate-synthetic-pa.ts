/**
 * Built-in (no model) generator behind the "Generate a synthetic prior auth" modal.
 *
 * `generateSyntheticPriorAuth(description)` reads a free-text description such as
 *   "62 yo woman with RA, failed methotrexate 20 mg for 4 months, rheumatologist, wants Enbrel"
 * with small dictionaries and regexes (drug, indication, age/sex, prior therapies with dose /
 * duration / outcome, concurrent biologics, prescriber specialty, urgency, lab values, and outcome
 * hints like "missing labs", "coverage ended", "notes not attached"), fills everything else with
 * realistic values from a seeded PRNG, and returns the structured case plus an editable plain-text
 * PA request. `renderSyntheticDocumentPdf(text)` turns that (possibly edited) text into a PDF for
 * intake. Pure TypeScript + pdf-lib: safe to run in the browser or on the server.
 */
import { PDFDocument } from "pdf-lib";
import { embedFonts, LETTER, safeText, wrapText } from "~/lib/pdf-text";
import {
  FIRST_NAMES_F,
  FIRST_NAMES_M,
  INDICATIONS,
  LAST_NAMES,
  PLACES,
  PRESCRIBER_FIRST,
  PRIOR_DRUGS,
  PRODUCTS,
  SPECIALTY_PATTERNS,
  type DrugProduct,
  type Indication,
} from "./synthetic-dictionaries";
import type {
  DemoCase,
  DemoClinicalNote,
  DemoDecision,
  DemoDiagnosis,
  DemoLab,
  DemoPlan,
  DemoPrescriber,
  DemoTherapy,
  FaxLayout,
  FormularyRow,
  RosterMember,
  TherapyOutcome,
} from "./types";
import { addDays, ageOn, createRng, daysBetween, hashString, makeNpi, type Rng, usDate } from "./util";

/**
 * The fictional plan a synthetic request is addressed to (fax header, form title, PA fax and phone)
 * when the caller names none. The demo organization's plan (fixtures/demo/catalog.ts) is this one.
 */
export const SYNTHETIC_PLAN: DemoPlan = {
  title: "Prairie State Health Commercial PPO 2026",
  identification: "PSH-PPO-2026",
  line_of_business: "Commercial",
  plan_type: "PPO",
  state: "KS",
  effective_date: "2026-01-01",
  organization: "Prairie State Health",
  pa_fax: "1-888-555-0172",
  pa_phone: "1-888-555-0171",
  pbm_name: "Heartland Rx Solutions",
  pbm_fax: "1-866-555-0139",
  pbm_phone: "1-866-555-0138",
};

// ================================================================================================
// Parsing

/** A prior or concurrent therapy as read from the description (before defaults are filled). */
export interface ParsedTherapy {
  drug_name: string;
  /** dose as written, null when not given */
  dose: string | null;
  /** duration in days as written, null when not given */
  duration_days: number | null;
  outcome: TherapyOutcome;
  /** stop reason / contraindication reason as written */
  reason: string | null;
  /** still taking it (end date = present) */
  ongoing: boolean;
}

export interface ParsedDescription {
  /** the requested product (null when no known drug is named) */
  drug: DrugProduct | null;
  indication: Indication | null;
  age: number | null;
  gender: "male" | "female" | null;
  prior_therapies: ParsedTherapy[];
  /** drugs to be continued alongside the request (e.g. another biologic) */
  concurrent_therapies: ParsedTherapy[];
  specialty: string | null;
  credential: string | null;
  urgency: "standard" | "expedited";
  /** lab values written in the description, by normalised name */
  labs: Partial<Record<"A1c" | "LDL-C" | "eGFR" | "eosinophils" | "CRP" | "BMI", string>>;
  bsa: number | null;
  layout: FaxLayout | null;
  outcome_hint: DemoDecision | null;
  hints: {
    missing_labs: boolean;
    missing_tb: boolean;
    stale_labs: boolean;
    missing_therapy_details: boolean;
    no_prior_therapy: boolean;
    notes_not_attached: boolean;
    missing_diagnosis: boolean;
    coverage_ended: boolean;
    not_on_roster: boolean;
    scanned: boolean;
    seronegative: boolean;
    episodic: boolean;
    ascvd: boolean;
    fistula: boolean;
  };
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  eighteen: 18,
  twenty: 20,
};
const DURATION_RE =
  /\b(\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|eighteen|twenty)\s*[- ]?\s*(days?|weeks?|wks?|months?|mos?|years?|yrs?)\b/i;
const DOSE_RE =
  /\b(\d[\d,]*(?:\.\d+)?\s*(?:mg|mcg|g|units?|%)(?:\/(?:day|d|week|wk|kg(?:\/day)?))?(?:\s+(?:PO|SC|SQ|IV|subcut(?:aneous(?:ly)?)?|orally|by mouth|inhaled))?(?:\s+(?:once |twice |three times )?(?:daily|weekly|BID|TID|QD|QHS|nightly|a day|per day|per week|every other week|every \d+ weeks|q\d+\s*(?:h|wks?|weeks?)))?)/i;
const INTOLERANCE_RE =
  /intoleran|side[- ]effects?|adverse|couldn'?t tolerate|could not tolerate|did ?n[o']t tolerate|unable to tolerate|stopped (?:due|because)|discontinued (?:due|because)|\bdue to\b|because of|nausea|vomiting|diarrh|GI upset|transaminitis|elevated (?:LFTs|liver|ALT)|hepatotox|rash|hypoglyc|myalgia|bradycardia|hair loss|allerg/i;
const CONTRA_RE =
  /contraindicat|not a candidate|cannot take|can'?t take|unable to take|pregnan|\bCKD\b|eGFR\s*(?:of\s*)?(?:<\s*)?[12]\d\b|liver disease|cirrhosis/i;
const FAILURE_RE =
  /fail|inadequate|no response|not respond|nonrespon|uncontrolled|not controlled|didn'?t work|did not work|ineffective|partial response|despite|lost response/i;
const ONGOING_RE = /currently on|still (?:on|taking)|ongoing|continu|remains on|is on\b/i;
const PRIOR_BEFORE_RE =
  /(?:failed|tried|after|prior|previous(?:ly)?|intoleran\w*(?: to)?|stopped|discontinued|history of|no response to|inadequate response (?:to|on)|trial of|course of|on)\s+(?:\S+\s+){0,4}$/i;
const CONCURRENT_BEFORE_RE =
  /(?:currently on|already on|still on|continu\w*(?: on)?|add(?:ed|ing)? (?:on )?to|in addition to|together with|combined with|combination with|with ongoing|along with|plus|while on|on top of)\s+(?:\S+\s+){0,2}$/i;

function toDays(n: string, unit: string): number {
  const v = NUMBER_WORDS[n.toLowerCase()] ?? Number(n);
  const u = unit.toLowerCase();
  if (u.startsWith("d")) return Math.round(v);
  if (u.startsWith("w")) return Math.round(v * 7);
  if (u.startsWith("y")) return Math.round(v * 365);
  return Math.round(v * 30);
}

/** Index of the end of the clause starting at `from` (sentence end or semicolon). */
function clauseEnd(text: string, from: number): number {
  const re = /[;]|\.(?=\s|$)|\n/g;
  re.lastIndex = from;
  const m = re.exec(text);
  return m ? m.index : text.length;
}
function clauseStart(text: string, to: number): number {
  const before = text.slice(0, to);
  let idx = Math.max(before.lastIndexOf(";"), before.lastIndexOf("\n"));
  const re = /\.(?=\s)/g;
  for (let m = re.exec(before); m; m = re.exec(before)) idx = Math.max(idx, m.index);
  return idx + 1;
}

interface Mention {
  index: number;
  end: number;
  name: string;
  product?: DrugProduct;
  prior?: (typeof PRIOR_DRUGS)[number];
}

function findMentions(text: string): Mention[] {
  const out: Mention[] = [];
  for (const p of PRODUCTS) {
    for (const name of [p.brand, p.generic, ...p.aliases]) {
      const re = new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "gi");
      for (let m = re.exec(text); m; m = re.exec(text)) out.push({ index: m.index, end: m.index + m[0].length, name: p.brand, product: p });
    }
  }
  for (const d of PRIOR_DRUGS) {
    const re = new RegExp(d.patterns.source, "gi");
    for (let m = re.exec(text); m; m = re.exec(text)) out.push({ index: m.index, end: m.index + m[0].length, name: d.name, prior: d });
  }
  // drop overlaps (keep the longest / earliest), then duplicates of the same drug
  out.sort((a, b) => a.index - b.index || b.end - a.end);
  const kept: Mention[] = [];
  for (const m of out) {
    const last = kept[kept.length - 1];
    if (last && m.index < last.end) continue;
    kept.push(m);
  }
  return kept;
}

function isNegated(text: string, index: number): boolean {
  return /\b(?:no|non-?|without|not|denies|negative for)\s*-?\s*(?:\w+\s+)?$/i.test(text.slice(Math.max(0, index - 18), index));
}

function findIndication(text: string): Indication | null {
  let best: { ind: Indication; index: number; order: number } | null = null;
  INDICATIONS.forEach((ind, order) => {
    for (const p of ind.patterns) {
      const re = new RegExp(p.source, p.flags.includes("g") ? p.flags : p.flags + "g");
      for (let m = re.exec(text); m; m = re.exec(text)) {
        if (isNegated(text, m.index)) continue;
        if (!best || m.index < best.index || (m.index === best.index && order < best.order)) best = { ind, index: m.index, order };
        break;
      }
    }
  });
  return (best as { ind: Indication } | null)?.ind ?? null;
}

function parseTherapy(text: string, m: Mention, next: Mention | undefined): ParsedTherapy {
  const startClause = clauseStart(text, m.index);
  const before = text.slice(Math.max(startClause, m.index - 60), m.index);
  const endLimit = Math.min(clauseEnd(text, m.end), next ? next.index : text.length, m.end + 140);
  const after = text.slice(m.end, endLimit);
  const both = `${before} ${after}`;
  const dose = DOSE_RE.exec(after)?.[1] ?? null;
  const durM = DURATION_RE.exec(after) ?? DURATION_RE.exec(before.slice(-30));
  const duration_days = durM ? toDays(durM[1], durM[2]) : null;
  let outcome: TherapyOutcome = "inadequate_response";
  let reason: string | null = null;
  if (CONTRA_RE.test(after) || /contraindicat/i.test(before)) {
    outcome = "contraindication";
    reason = /(?:due to|because of|given|with|from)\s+([^,;.]+)/i.exec(after)?.[1]?.trim() ?? null;
  } else if (INTOLERANCE_RE.test(after) || /intoleran|couldn'?t tolerate|could not tolerate|unable to tolerate/i.test(before)) {
    outcome = "intolerance";
    const r = /(?:due to|because of|from|with|for)\s+([a-z][^,;.]*?)(?=\s*(?:[,;.)]|$|\band\b))/i.exec(after);
    reason =
      r && !DURATION_RE.test(r[1])
        ? r[1].trim()
        : (/(nausea|vomiting|diarrhea|GI upset|transaminitis|elevated LFTs|rash|hypoglycemia|myalgias?|bradycardia|hair loss)/i.exec(after)?.[1] ?? null);
  } else if (!FAILURE_RE.test(both) && ONGOING_RE.test(before)) {
    outcome = "ongoing";
  }
  const ongoing =
    outcome === "ongoing" ||
    /\b(?:still on|currently on|continu\w*|ongoing|remains on)\b/i.test(both) ||
    /\bcurrent\b/i.test(after) ||
    (outcome === "inadequate_response" && /\b(?:on|taking)\s+(?:\S+\s+)?$/i.test(before));
  return { drug_name: m.product ? m.product.brand : m.name, dose, duration_days, outcome, reason, ongoing };
}

/**
 * Reads a free-text description of a PA request into structured hints (drug, indication, age/sex,
 * therapies, specialty, urgency, labs, layout and outcome hints). Unknown parts stay null.
 */
export function parseDescription(description: string): ParsedDescription {
  const text = description.replace(/\s+/g, " ").trim();
  const mentions = findMentions(text);

  // requested drug: first product mention that is not framed as a prior or concurrent therapy
  let requested: Mention | null = null;
  const roles = new Map<Mention, "prior" | "concurrent" | "requested">();
  for (const m of mentions) {
    const before = text.slice(clauseStart(text, m.index), m.index);
    const tail = before.slice(-50);
    if (CONCURRENT_BEFORE_RE.test(tail)) roles.set(m, "concurrent");
    else if (PRIOR_BEFORE_RE.test(tail) || /\b(?:failed|tried|intolerant|stopped)\b/i.test(text.slice(m.end, m.end + 25)) || m.prior) roles.set(m, "prior");
    else if (m.product && !requested) {
      requested = m;
      roles.set(m, "requested");
    } else roles.set(m, "prior");
  }
  // "wants/requesting/for X" wins if present
  const wanted = mentions.find(
    (m) =>
      m.product &&
      /(?:wants?|request(?:ing|ed)?|start(?:ing)?|prescrib(?:e|ing)|for|needs?|PA for|auth(?:orization)? for)\s+(?:\S+\s+){0,1}$/i.test(
        text.slice(Math.max(0, m.index - 30), m.index),
      ) &&
      roles.get(m) !== "concurrent",
  );
  if (wanted && wanted !== requested) {
    if (requested) roles.set(requested, "prior");
    requested = wanted;
    roles.set(wanted, "requested");
  }
  if (!requested) {
    const firstProduct = mentions.find(
      (m) => m.product && roles.get(m) !== "concurrent" && !PRIOR_BEFORE_RE.test(text.slice(Math.max(0, m.index - 40), m.index)),
    );
    if (firstProduct) {
      requested = firstProduct;
      roles.set(firstProduct, "requested");
    }
  }

  const prior_therapies: ParsedTherapy[] = [];
  const concurrent_therapies: ParsedTherapy[] = [];
  const seen = new Set<string>();
  mentions.forEach((m, i) => {
    const role = roles.get(m);
    if (role === "requested") return;
    const key = m.product ? m.product.brand : m.name;
    if (seen.has(key)) return;
    seen.add(key);
    const t = parseTherapy(text, m, mentions[i + 1]);
    if (role === "concurrent" && m.product) concurrent_therapies.push({ ...t, outcome: "ongoing", ongoing: true });
    else if (role === "concurrent") prior_therapies.push({ ...t, ongoing: t.outcome !== "intolerance" && t.outcome !== "contraindication" });
    else if (t.outcome === "ongoing" && m.product) concurrent_therapies.push(t);
    else prior_therapies.push(t);
  });

  // age / sex
  const ageM =
    /\b(\d{1,3})\s*[- ]?\s*(?:years?|yrs?)[- ]old\b/i.exec(text) ??
    /\b(\d{1,3})\s*(?:yo|y\/o|y\.o\.)\b/i.exec(text) ??
    /\bage[ds]?\s*:?\s*(\d{1,3})\b/i.exec(text) ??
    /\b(\d{1,2})\s*(?:[MF])\b/.exec(text);
  const age = ageM ? Number(ageM[1]) : null;
  const femaleIdx = text.search(/\b(?:woman|female|lady|girl|mother|wife|she|her)\b|\b\d{1,2}\s*(?:yo\s*|y\/o\s*)?F\b/i);
  const maleIdx = text.search(/\b(?:man|male|gentleman|boy|father|husband|he|his|him)\b|\b\d{1,2}\s*(?:yo\s*|y\/o\s*)?M\b/i);
  const gender = femaleIdx < 0 && maleIdx < 0 ? null : femaleIdx < 0 ? "male" : maleIdx < 0 ? "female" : femaleIdx < maleIdx ? "female" : "male";

  const specialty = SPECIALTY_PATTERNS.find(([re]) => re.test(text))?.[1] ?? null;
  const credential = /\b(?:NP|APRN|nurse practitioner)\b/i.test(text)
    ? "APRN"
    : /\bPA-C\b|physician assistant/i.test(text)
      ? "PA-C"
      : /\bD\.?O\.?\b/.test(text)
        ? "DO"
        : null;

  const num = (re: RegExp) => re.exec(text)?.[1] ?? undefined;
  const labs: ParsedDescription["labs"] = {};
  const a1c = num(/\b(?:hb)?a1c\b[^0-9]{0,14}(\d{1,2}(?:\.\d)?)/i);
  if (a1c) labs.A1c = a1c;
  const ldl = num(/\bLDL(?:-C)?\b[^0-9]{0,14}(\d{2,3})/i);
  if (ldl) labs["LDL-C"] = ldl;
  const egfr = num(/\beGFR\b[^0-9]{0,14}(\d{1,3})/i);
  if (egfr) labs.eGFR = egfr;
  const eos = num(/\b(?:eosinophils?|eos)\b[^0-9]{0,14}(\d{2,4})/i);
  if (eos) labs.eosinophils = eos;
  const crp = num(/\bCRP\b[^0-9]{0,14}(\d{1,2}(?:\.\d+)?)/i);
  if (crp) labs.CRP = crp;
  const bmi = num(/\bBMI\b[^0-9]{0,10}(\d{2}(?:\.\d)?)/i);
  if (bmi) labs.BMI = bmi;
  const bsaM = /\bBSA\b[^0-9]{0,12}(\d{1,2})\s*%?|\b(\d{1,2})\s*%\s*(?:of\s+)?(?:BSA|body surface)/i.exec(text);
  const bsa = bsaM ? Number(bsaM[1] ?? bsaM[2]) : null;

  const layout: FaxLayout | null = /\buniform\b|state (?:standard )?form|standard form/i.test(text)
    ? "uniform_form"
    : /\bPBM\b|checkbox/i.test(text)
      ? "pbm_checkbox"
      : /plan[- ]branded|plan form/i.test(text)
        ? "plan_form"
        : null;

  const outcome_hint: DemoDecision | null = /needs? more info|\bNMI\b|incomplete|pend(?:ed|ing)? for (?:more )?info/i.test(text)
    ? "needs_more_information"
    : /\b(?:denied|denial|deny|reject)/i.test(text)
      ? "denied"
      : /\b(?:approved|approval|approvable|approve)\b/i.test(text)
        ? "approved"
        : null;

  const hints: ParsedDescription["hints"] = {
    missing_labs:
      /\b(?:missing|no|without|lacks?|absent|pending)\s+(?:recent\s+|current\s+)?(?:labs?|lab (?:results|values|work)|bloodwork|a1c|ldl|eosinophils?(?: count)?|crp)\b|\blabs? (?:pending|missing|not (?:attached|included|done))/i.test(
        text,
      ),
    missing_tb:
      /\b(?:no|missing|without|pending)\s+(?:tb|tuberculosis|quantiferon)\b|\b(?:tb|tuberculosis|quantiferon)\s+(?:test\s+|screen(?:ing)?\s+)?(?:pending|not done|missing|not documented)/i.test(
        text,
      ),
    stale_labs:
      /\b(?:old|outdated|stale|expired|out[- ]of[- ]date|older)\s+(?:labs?|a1c|ldl|results|lab|tb test)\b|\blabs? (?:from|over|more than) (?:a year|\d+ months)/i.test(
        text,
      ),
    missing_therapy_details:
      /\b(?:no|without|missing|unknown|undocumented|lacks?)\s+(?:dose|dosing|duration|dates)\b|\b(?:dose|duration|dates?) (?:not |un)(?:documented|known|specified|given)/i.test(
        text,
      ),
    no_prior_therapy:
      /\b(?:no|never tried|without|never had)\s+(?:any\s+)?(?:prior|previous|conventional|step|first-line)\s+(?:therap|treatment|drug|medication|dmard|trial)/i.test(
        text,
      ),
    notes_not_attached:
      /\b(?:notes?|chart notes|records|documentation)\s+(?:were\s+|are\s+|is\s+)?(?:not attached|missing|not included|not sent)|\bsee attached\b/i.test(text),
    missing_diagnosis: /\b(?:no|missing|without|blank)\s+(?:diagnosis|icd(?:-10)?(?: codes?)?|dx)\b/i.test(text),
    coverage_ended:
      /\b(?:coverage|insurance|eligibility|membership|plan)\s+(?:has\s+|had\s+)?(?:ended|terminated|lapsed|expired|termed)|\bnot eligible\b|\binactive member\b|\btermed\b|\bformer member\b/i.test(
        text,
      ),
    not_on_roster:
      /\bnot (?:on|in) (?:the )?(?:plan |member |eligibility )?roster|\bnot a (?:plan )?member\b|\bunknown member\b|\bnon-?member\b|\bwrong member id\b|\bmember id (?:not found|unknown)/i.test(
        text,
      ),
    scanned: /\bscan(?:ned)?\b|image[- ]only|\bpoor quality\b|\bhandwritten\b/i.test(text),
    seronegative: /seronegative/i.test(text),
    episodic: /episodic/i.test(text),
    ascvd: /\bASCVD\b|myocardial infarction|\bMI\b|heart attack|\bstent|\bPCI\b|\bCABG\b|stroke/i.test(text),
    fistula: /fistul/i.test(text),
  };

  return {
    drug: requested?.product ?? null,
    indication: findIndication(text),
    age: age !== null && age > 0 && age < 110 ? age : null,
    gender,
    prior_therapies,
    concurrent_therapies,
    specialty,
    credential,
    urgency: /\b(?:urgent|expedit\w*|stat|asap|emergen\w*)\b/i.test(text) ? "expedited" : "standard",
    labs,
    bsa,
    layout,
    outcome_hint,
    hints,
  };
}

// ================================================================================================
// Generation

export interface GenerateOptions {
  /** PRNG seed; defaults to a hash of the description */
  seed?: number;
  /** eligibility roster to draw the patient from (default: none, so a new member is created) */
  roster?: RosterMember[];
  /** formulary rows used for NDCs (default: none, so the dictionary's illustrative NDC is used) */
  formulary?: FormularyRow[];
  /** coverage policies by drug name; the case's policy_id is the one naming the drug (default: none) */
  policies?: { id: string; drug_names: string[] }[];
  /** request (fax) date, YYYY-MM-DD; default: a seeded weekday in 2026 */
  requestDate?: string;
  /** plan whose fax numbers/name appear on the document (default: SYNTHETIC_PLAN) */
  plan?: DemoPlan;
}

export interface SyntheticPriorAuth {
  case: DemoCase;
  /** editable plain-text PA request (form, office note and labs) */
  document: string;
  /** what was read from the description */
  parsed: ParsedDescription;
  /** notes for the user (e.g. "no roster member matched; a new member was created") */
  warnings: string[];
  /** a roster row to add when the generated patient is new (null when drawn from the roster or deliberately off-roster) */
  new_member: RosterMember | null;
}

const PRACTICE_WORDS: Record<string, string> = {
  Rheumatology: "Arthritis & Rheumatology Clinic",
  Dermatology: "Dermatology Associates",
  Gastroenterology: "Digestive Health Specialists",
  Endocrinology: "Diabetes & Endocrine Center",
  Cardiology: "Heart & Vascular Institute",
  Neurology: "Neurology & Headache Center",
  Pulmonology: "Pulmonary & Sleep Medicine",
  "Allergy and Immunology": "Allergy & Asthma Clinic",
  "Internal Medicine": "Internal Medicine Group",
  "Family Medicine": "Family Medicine",
};

function titleCase(s: string): string {
  return s.replace(/\b([a-z])/g, (c) => c.toUpperCase());
}

function weekday(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return d === 6 ? addDays(iso, 2) : d === 0 ? addDays(iso, 1) : iso;
}

function pickPatient(
  parsed: ParsedDescription,
  roster: RosterMember[],
  plan: DemoPlan,
  rng: Rng,
  requestDate: string,
  ind: Indication,
  warnings: string[],
): { member: RosterMember; requestDate: string; isNew: boolean; offRoster: boolean } {
  const wantGender = parsed.gender;
  const matchesGender = (m: RosterMember) => !wantGender || m.gender === wantGender;
  const prefix = /^[A-Z]+/.exec(roster[0]?.member_id ?? "")?.[0] ?? "PSH";
  const idLen = roster[0]?.member_id.length ?? 11;

  const makeNew = (): RosterMember => {
    const gender = wantGender ?? (rng.chance(0.5) ? "female" : "male");
    const age = parsed.age ?? rng.int(ind.ages[0], ind.ages[1]);
    let birth = addDays(requestDate, -(age * 365 + Math.floor(age / 4) + rng.int(20, 340)));
    while (ageOn(birth, requestDate) > age) birth = addDays(birth, 20);
    while (ageOn(birth, requestDate) < age) birth = addDays(birth, -20);
    let id: string;
    do id = prefix + String(rng.int(10 ** (idLen - prefix.length - 1), 10 ** (idLen - prefix.length) - 1));
    while (roster.some((r) => r.member_id === id));
    return {
      member_id: id,
      first_name: rng.pick(gender === "female" ? FIRST_NAMES_F : FIRST_NAMES_M),
      last_name: rng.pick(LAST_NAMES),
      birth_date: birth,
      gender,
      plan_identification: roster[0]?.plan_identification ?? plan.identification,
      coverage_start: `${requestDate.slice(0, 4)}-01-01`,
      coverage_end: null,
    };
  };

  if (parsed.hints.not_on_roster) {
    warnings.push("The description asks for a patient who is not on the plan roster; the generated member ID is deliberately absent from the roster.");
    return { member: makeNew(), requestDate, isNew: false, offRoster: true };
  }
  if (parsed.hints.coverage_ended) {
    const ended = roster.filter((m) => m.coverage_end).sort((a, b) => Number(!matchesGender(a)) - Number(!matchesGender(b)));
    if (ended.length) {
      const m = ended[0];
      return { member: m, requestDate: weekday(addDays(m.coverage_end!, rng.int(20, 75))), isNew: false, offRoster: false };
    }
    warnings.push("No roster member has an end date; generated a new member instead of a terminated one.");
  }
  const active = roster.filter((m) => m.coverage_start <= requestDate && (!m.coverage_end || m.coverage_end >= requestDate) && matchesGender(m));
  let pool = active;
  if (parsed.age !== null) {
    pool = active
      .map((m) => ({ m, d: Math.abs(ageOn(m.birth_date, requestDate) - parsed.age!) }))
      // within 3 years, never crossing the adult/minor line
      .filter((x) => x.d <= 3 && ageOn(x.m.birth_date, requestDate) >= 18 === parsed.age! >= 18)
      .sort((a, b) => a.d - b.d)
      .map((x) => x.m);
    pool = pool.slice(0, 2);
  } else {
    pool = active.filter((m) => {
      const a = ageOn(m.birth_date, requestDate);
      return a >= Math.max(18, ind.ages[0] - 10) && a <= ind.ages[1] + 10;
    });
    if (!pool.length) pool = active.filter((m) => ageOn(m.birth_date, requestDate) >= 18);
  }
  if (pool.length) return { member: rng.pick(pool), requestDate, isNew: false, offRoster: false };
  const member = makeNew();
  warnings.push(
    `No active roster member matched (age ${parsed.age ?? "any"}, ${parsed.gender ?? "any sex"}); created member ${member.member_id}. Add it to the roster (see new_member) for an eligibility pass.`,
  );
  return { member, requestDate, isNew: true, offRoster: false };
}

function makePrescriber(specialty: string, credential: string | null, rng: Rng, avoidLastName: string): DemoPrescriber {
  const place = rng.pick(PLACES);
  const first = rng.pick(PRESCRIBER_FIRST);
  let last = rng.pick(LAST_NAMES);
  while (last === avoidLastName) last = rng.pick(LAST_NAMES);
  const base = `1${String(rng.int(10000000, 99999999))}`;
  const ph = rng.int(10, 98);
  return {
    first_name: first,
    last_name: last,
    credential: credential ?? (rng.chance(0.2) ? "DO" : "MD"),
    npi: makeNpi(base),
    specialty,
    phone: `(${place.area}) 555-01${String(ph).padStart(2, "0")}`,
    fax: `(${place.area}) 555-01${String(ph + 1).padStart(2, "0")}`,
    practice_name: `${place.city} ${PRACTICE_WORDS[specialty] ?? "Medical Group"}`,
    address: { street: `${rng.int(100, 9900)} ${rng.pick(place.streets)}, Suite ${rng.int(100, 450)}`, city: place.city, state: "KS", zip: place.zip },
    contact_name: `${rng.pick([...FIRST_NAMES_F, ...FIRST_NAMES_M])} ${rng.pick(LAST_NAMES)[0]}.`,
  };
}

function productFor(parsed: ParsedDescription, ind: Indication | null, formulary: FormularyRow[], rng: Rng, warnings: string[]): DrugProduct {
  if (parsed.drug) return parsed.drug;
  const paDrugs = [...new Set(formulary.filter((r) => r.requires_prior_auth).map((r) => r.drug_name.toLowerCase()))];
  if (ind) {
    const onFormulary = PRODUCTS.find((p) => p.indication === ind.key && paDrugs.includes(p.brand.toLowerCase()));
    const any = onFormulary ?? PRODUCTS.find((p) => p.indication === ind.key || (p.variants && ind.key in p.variants));
    if (any) {
      warnings.push(`No drug named; using ${any.brand} for ${ind.label}.`);
      return any;
    }
  }
  const fallback = PRODUCTS.filter((p) => paDrugs.includes(p.brand.toLowerCase()));
  const p = rng.pick(fallback.length ? fallback : PRODUCTS);
  warnings.push(`No drug or indication recognised; using ${p.brand}.`);
  return p;
}

function applyVariant(p: DrugProduct, ind: Indication): DrugProduct {
  const v = p.variants?.[ind.key];
  return v ? { ...p, ...v } : p;
}

function labDateFor(requestDate: string, rng: Rng, tb: boolean): string {
  return addDays(requestDate, -(tb ? rng.int(20, 120) : rng.int(5, 30)));
}

function flagFor(name: string, value: string, fallback: DemoLab["flag"]): DemoLab["flag"] {
  const v = Number(value.replace(/[^\d.]/g, ""));
  if (!Number.isFinite(v)) return fallback;
  if (/A1c/i.test(name)) return v >= 5.7 ? "H" : null;
  if (/LDL/i.test(name)) return v >= 100 ? "H" : null;
  if (/eGFR/i.test(name)) return v < 60 ? "L" : null;
  if (/C-reactive/i.test(name)) return v >= 0.5 ? "H" : null;
  if (/Eosinophil/i.test(name)) return v > 500 ? "H" : null;
  return fallback;
}

/**
 * Generates a synthetic PA request from a free-text description. Deterministic for a given
 * description + seed (+ roster/formulary/requestDate). Returns the structured case (the demo fixtures render
 * such a case as a fax: fixtures/demo/render-fax.server.ts) and the plain-text request document shown for editing.
 */
export function generateSyntheticPriorAuth(description: string, opts: GenerateOptions = {}): SyntheticPriorAuth {
  const seed = opts.seed ?? hashString(description);
  const rng = createRng(seed);
  const roster = opts.roster ?? [];
  const formulary = opts.formulary ?? [];
  const plan = opts.plan ?? SYNTHETIC_PLAN;
  const warnings: string[] = [];
  const parsed = parseDescription(description);
  const h = parsed.hints;

  // drug and indication
  let product = productFor(parsed, parsed.indication, formulary, rng, warnings);
  const ind = parsed.indication ?? INDICATIONS.find((i) => i.key === product.indication)!;
  product = applyVariant(product, ind);
  const fRows = formulary.filter((r) => r.drug_name.toLowerCase() === product.brand.toLowerCase());
  const ndc = fRows.find((r) => r.ndc === product.ndc)?.ndc ?? fRows[0]?.ndc ?? product.ndc;

  // dates and patient
  let requestDate = opts.requestDate ?? weekday(addDays("2026-02-02", rng.int(0, 270)));
  const picked = pickPatient(parsed, roster, plan, rng, requestDate, ind, warnings);
  requestDate = picked.requestDate;
  const m = picked.member;
  const place = rng.pick(PLACES);
  const age = ageOn(m.birth_date, requestDate);
  if (parsed.age !== null && parsed.age !== age) warnings.push(`Requested age ${parsed.age}; the matching roster member is ${age}.`);
  const gender = (m.gender === "male" ? "male" : "female") as "male" | "female";

  // prescriber
  const specialty = parsed.specialty ?? ind.specialty;
  const prescriber = makePrescriber(specialty, parsed.credential, rng, m.last_name);

  // prior therapies
  const therapies: DemoTherapy[] = [];
  const describedPrior = parsed.prior_therapies;
  const priorList: ParsedTherapy[] =
    describedPrior.length || h.no_prior_therapy
      ? describedPrior
      : [{ drug_name: titleCase(ind.step[0][0]), dose: null, duration_days: null, outcome: "inadequate_response", reason: null, ongoing: rng.chance(0.5) }];
  for (const t of priorList) {
    const dict = PRIOR_DRUGS.find((d) => d.name.toLowerCase() === t.drug_name.toLowerCase());
    const stepDose = ind.step.find(([n]) => n.toLowerCase() === t.drug_name.toLowerCase())?.[1];
    const prod = PRODUCTS.find((p) => p.brand === t.drug_name);
    const noDetails = h.missing_therapy_details && describedPrior.length > 0 ? t.dose === null && t.duration_days === null : h.missing_therapy_details;
    if (noDetails) {
      therapies.push({
        drug_name: t.drug_name,
        dose: null,
        start_date: null,
        end_date: null,
        outcome: "unknown",
        outcome_detail: '"tried in the past" - dose and dates not available',
      });
      continue;
    }
    const dose = t.dose ?? dict?.dose ?? stepDose ?? (prod ? prod.sig.replace(/^Inject\s+/i, "") : null);
    if (t.outcome === "contraindication") {
      therapies.push({
        drug_name: t.drug_name,
        dose: null,
        start_date: null,
        end_date: null,
        outcome: "contraindication",
        outcome_detail: `Contraindicated: ${t.reason ?? "per prescriber"}`,
      });
      continue;
    }
    const intolerant = t.outcome === "intolerance";
    const duration = t.duration_days ?? (intolerant ? rng.int(3, 8) * 7 : rng.int(4, 9) * 30);
    const ongoing = !intolerant && t.ongoing;
    const end = ongoing ? null : addDays(requestDate, -rng.int(14, 75));
    const start = addDays(end ?? requestDate, -duration);
    const months = Math.max(1, Math.round(duration / 30));
    const span = duration < 60 ? `${Math.round(duration / 7)} weeks` : `${months} months`;
    const detail = intolerant
      ? `Stopped after ${span}: ${t.reason ?? dict?.intolerance ?? "adverse effects"}`
      : ongoing
        ? `Inadequate response after ${span}; continuing`
        : `Inadequate response after ${span}`;
    therapies.push({
      drug_name: t.drug_name,
      dose,
      start_date: start,
      end_date: end,
      outcome: intolerant ? "intolerance" : "inadequate_response",
      outcome_detail: detail,
    });
  }
  const concurrent: DemoTherapy[] = parsed.concurrent_therapies.map((t) => {
    const prod = PRODUCTS.find((p) => p.brand === t.drug_name);
    const dict = PRIOR_DRUGS.find((d) => d.name === t.drug_name);
    return {
      drug_name: prod ? `${prod.brand} (${prod.generic})` : t.drug_name,
      dose: t.dose ?? (prod ? prod.sig.replace(/^Inject\s+/i, "") : (dict?.dose ?? null)),
      start_date: addDays(requestDate, -(t.duration_days ?? rng.int(8, 16) * 30)),
      end_date: null,
      outcome: "ongoing",
      outcome_detail: "ongoing - to continue with the requested drug",
    };
  });

  // diagnoses
  const diagnoses: DemoDiagnosis[] = [];
  if (!h.missing_diagnosis) {
    let code = ind.code;
    let desc = ind.description;
    if (ind.key === "ra" && h.seronegative) [code, desc] = ["M06.9", "Rheumatoid arthritis, unspecified"];
    if (ind.key === "migraine" && h.episodic) [code, desc] = ["G43.909", "Migraine, unspecified, not intractable, without status migrainosus"];
    if (ind.key === "hyperlipidemia" && h.ascvd) [code, desc] = ["I25.10", "Atherosclerotic heart disease of native coronary artery without angina pectoris"];
    if (ind.key === "crohns" && h.fistula) [code, desc] = ["K50.913", "Crohn's disease, unspecified, with fistula"];
    diagnoses.push({ code, description: desc, primary: true });
    if (ind.key === "hyperlipidemia" && h.ascvd) diagnoses.push({ code: "E78.5", description: "Hyperlipidemia, unspecified", primary: false });
    if (ind.key === "obesity") {
      const b = Number(parsed.labs.BMI ?? 38);
      const z = b >= 40 ? (b >= 45 ? "Z68.42" : "Z68.41") : b >= 35 ? `Z68.3${Math.floor(b) - 30}` : "Z68.30";
      diagnoses.push({
        code: z,
        description: `Body mass index [BMI] ${b >= 40 ? "40 or greater" : `${Math.floor(b)}.0-${Math.floor(b)}.9`}, adult`,
        primary: false,
      });
    }
    if (age >= 45 && rng.chance(0.5)) diagnoses.push({ code: "I10", description: "Essential (primary) hypertension", primary: false });
  }

  // labs
  const labs: DemoLab[] = [];
  const parsedLabMap: Record<string, string | undefined> = {
    "Hemoglobin A1c": parsed.labs.A1c,
    "LDL cholesterol (calculated)": parsed.labs["LDL-C"],
    "eGFR (CKD-EPI 2021)": parsed.labs.eGFR,
    "Eosinophils, absolute": parsed.labs.eosinophils,
    "C-reactive protein": parsed.labs.CRP,
  };
  for (const t of ind.labs) {
    if (h.missing_labs && t.key) continue;
    let value = parsedLabMap[t.name] ?? t.value;
    let date = labDateFor(requestDate, rng, !!t.tb);
    if (t.tb && h.missing_tb) value = "Pending";
    if (t.key && h.stale_labs) date = addDays(requestDate, -rng.int(330, 430));
    labs.push({ name: t.name, value, unit: t.unit, date, reference_range: t.reference_range, flag: t.tb ? null : flagFor(t.name, value, t.flag) });
  }
  // values written in the description that the indication template does not carry
  const extra: [string, string | undefined, string, string][] = [
    ["Hemoglobin A1c", parsed.labs.A1c, "%", "4.0-5.6"],
    ["LDL cholesterol (calculated)", parsed.labs["LDL-C"], "mg/dL", "<100"],
    ["eGFR (CKD-EPI 2021)", parsed.labs.eGFR, "mL/min/1.73m2", ">59"],
    ["Eosinophils, absolute", parsed.labs.eosinophils, "cells/mcL", "0-500"],
    ["C-reactive protein", parsed.labs.CRP, "mg/dL", "<0.5"],
  ];
  for (const [name, value, unit, ref] of extra) {
    if (value && !labs.some((l) => l.name === name) && !(h.missing_labs && ind.labs.some((t) => t.name === name && t.key)))
      labs.push({
        name,
        value,
        unit,
        date: h.stale_labs ? addDays(requestDate, -rng.int(330, 430)) : labDateFor(requestDate, rng, false),
        reference_range: ref,
        flag: flagFor(name, value, null),
      });
  }

  // narrative
  const sexWord = gender === "female" ? "woman" : "man";
  const dxYear = Number(requestDate.slice(0, 4)) - rng.int(1, 8);
  let severity = ind.severity;
  let exam = ind.exam;
  if (parsed.bsa !== null) {
    severity = severity.replace(/about \d+% BSA/, `about ${parsed.bsa}% BSA`);
    exam = exam.replace(/BSA \d+%/, `BSA ${parsed.bsa}%`);
    if (!/BSA/.test(exam)) exam += ` BSA ${parsed.bsa}%.`;
  }
  if (parsed.labs.BMI) exam = exam.replace(/BMI \d+(\.\d)?/, `BMI ${parsed.labs.BMI}`);
  const therapySentences = therapies.map((t) => {
    if (t.outcome === "unknown")
      return `Reports prior ${t.drug_name.toLowerCase()}; does not recall the dose or how long it was used, and records are not available.`;
    if (t.outcome === "contraindication") return `${t.drug_name} is contraindicated (${t.outcome_detail.replace(/^Contraindicated:\s*/, "")}).`;
    const when = `${usDate(t.start_date)}${t.end_date ? ` to ${usDate(t.end_date)}` : " to present"}`;
    return `${t.drug_name}${t.dose ? ` ${t.dose}` : ""} from ${when}: ${t.outcome_detail.toLowerCase()}.`;
  });
  const labSentence = labs.length
    ? `Labs: ${labs.map((l) => `${l.name} ${l.value}${l.unit ? ` ${l.unit}` : ""} (${usDate(l.date)})`).join("; ")}.`
    : "No recent labs available.";
  const concurrentSentence = concurrent.length
    ? ` Currently on ${concurrent.map((t) => `${t.drug_name} ${t.dose ?? ""}`.trim()).join(", ")}, to be continued.`
    : "";
  const tbLab = labs.find((l) => /QuantiFERON|T-SPOT|TB/i.test(l.name));
  const summary = h.notes_not_attached
    ? `${age} yo ${gender === "female" ? "F" : "M"} with ${ind.label}. Requesting ${product.brand}. See attached notes.`
    : [
        `${age} yo ${gender === "female" ? "F" : "M"} with ${ind.label}, ${severity}.`,
        therapies.length ? therapySentences.join(" ") : "No prior therapy for this condition.",
        concurrentSentence.trim(),
        labs.length ? labSentence : "",
        `Requesting ${product.brand}.`,
      ]
        .filter(Boolean)
        .join(" ");

  const note: DemoClinicalNote | null = h.notes_not_attached
    ? null
    : {
        date_of_service: addDays(requestDate, -rng.int(2, 12)),
        visit_type: `${specialty} follow-up visit`,
        chief_complaint: `${titleCase(ind.label)} - follow-up; symptoms not controlled.`,
        hpi: `${age}-year-old ${sexWord} with ${ind.label} diagnosed in ${dxYear}. ${therapySentences.join(" ")}${concurrentSentence} Currently ${severity}.`,
        pmh: [titleCase(ind.label), ...diagnoses.filter((d) => !d.primary).map((d) => d.description)],
        medications: [
          ...therapies.filter((t) => t.outcome !== "unknown" && !t.end_date && t.start_date).map((t) => `${t.drug_name} ${t.dose ?? ""}`.trim()),
          ...concurrent.map((t) => `${t.drug_name} ${t.dose ?? ""}`.trim()),
          rng.pick(["Vitamin D3 2,000 IU daily", "Omeprazole 20 mg daily", "Loratadine 10 mg daily", "Multivitamin daily"]),
        ],
        allergies: rng.pick(["NKDA", "NKDA", "Penicillin (rash)", "Sulfa (hives)"]),
        exam,
        assessment_plan: `${titleCase(ind.label)}, not controlled on current therapy. Start ${product.brand} (${product.generic}): ${product.sig}.${tbLab ? ` ${tbLab.name} ${tbLab.value.toLowerCase()} ${usDate(tbLab.date)}.` : ""} Follow up in 3 months.`,
      };

  // intended outcome (for the user; the engine never sees it)
  const targetedCombo = concurrent.some((t) => PRODUCTS.some((p) => p.targeted && t.drug_name.startsWith(p.brand)));
  let decision: DemoDecision = "approved";
  let why = "Complete request: diagnosis, prior therapy with dose and dates, specialist prescriber and recent labs are documented.";
  if (picked.offRoster) [decision, why] = ["denied", "Member is not on the plan roster."];
  else if (h.coverage_ended) [decision, why] = ["denied", `Member coverage ended ${usDate(m.coverage_end)}; request dated ${usDate(requestDate)}.`];
  else if (targetedCombo) [decision, why] = ["denied", "Requested drug would be combined with another biologic / targeted drug."];
  else if (parsed.outcome_hint) [decision, why] = [parsed.outcome_hint, "Outcome requested in the description."];
  else if (h.missing_labs || h.missing_tb || h.stale_labs || h.missing_therapy_details || h.notes_not_attached || h.missing_diagnosis)
    [decision, why] = ["needs_more_information", "Required information is missing, incomplete or out of date (as requested in the description)."];
  else if (ind.key === "obesity" && /mounjaro|ozempic|trulicity/i.test(product.brand))
    [decision, why] = ["denied", "Diabetes drug requested for weight management (typically an excluded use)."];

  const policy = (opts.policies ?? []).find((p) =>
    p.drug_names.some((n) => n.toLowerCase() === product.brand.toLowerCase() || n.toLowerCase() === product.generic.toLowerCase()),
  );
  const minute = rng.int(0, 59);
  const c: DemoCase = {
    id: `syn-${seed.toString(36)}`,
    title: description.trim().slice(0, 100),
    policy_id: policy?.id ?? null,
    request_date: requestDate,
    request_time: `${String(rng.int(8, 17)).padStart(2, "0")}:${String(minute).padStart(2, "0")}`,
    urgency: parsed.urgency,
    layout: parsed.layout ?? rng.pick(["plan_form", "uniform_form", "pbm_checkbox"] as const),
    scanned: h.scanned,
    patient: {
      first_name: m.first_name,
      last_name: m.last_name,
      birth_date: m.birth_date,
      gender,
      member_id: m.member_id,
      group_number: `KS${rng.int(10000, 99999)}`,
      phone: `(${place.area}) 555-01${String(rng.int(10, 99)).padStart(2, "0")}`,
      address: { street: `${rng.int(100, 9900)} ${rng.pick(place.streets)}`, city: place.city, state: "KS", zip: place.zip },
    },
    prescriber,
    medication: {
      drug_name: product.brand,
      display_name: product.display,
      generic_name: product.generic,
      strength: product.strength,
      ndc,
      quantity: product.quantity,
      quantity_unit: product.unit,
      days_supply: product.days_supply,
      sig: product.sig,
      duration_months: product.duration_months,
      request_type: "new_start",
    },
    diagnoses,
    prior_therapies: therapies,
    concurrent_therapies: concurrent,
    labs,
    form_clinical_summary: summary,
    clinical_note: note,
    expected: { decision, why, criteria: [] },
  };
  return {
    case: c,
    document: priorAuthDocumentText(c, plan),
    parsed,
    warnings,
    new_member: picked.isNew ? m : null,
  };
}

// ================================================================================================
// Plain-text document

/** Marker line separating pages in the plain-text document. */
export const PAGE_BREAK = "---------------------------- page break ----------------------------";

/**
 * Plain-text rendering of a PA case: fax header, request form, office note and lab results,
 * separated by PAGE_BREAK lines. This is the editable text shown in the generator modal.
 */
export function priorAuthDocumentText(c: DemoCase, plan: DemoPlan = SYNTHETIC_PLAN): string {
  const L: string[] = [];
  const pages: string[][] = [];
  const flush = () => {
    pages.push(L.splice(0, L.length));
  };
  const p = c.patient;
  const pr = c.prescriber;
  const md = c.medication;
  const header = (n: number, total: number) => `From: ${pr.fax}   To: ${plan.pa_fax}   ${usDate(c.request_date)} ${c.request_time}   Page ${n} of ${total}`;

  L.push(`${plan.organization.toUpperCase()} - PHARMACY PRIOR AUTHORIZATION REQUEST`);
  L.push(`PA fax: ${plan.pa_fax}   PA phone: ${plan.pa_phone}`);
  L.push("");
  L.push(`Review type: [${c.urgency === "standard" ? "X" : " "}] Standard   [${c.urgency === "expedited" ? "X" : " "}] Expedited`);
  L.push(`Date of request: ${usDate(c.request_date)}`);
  L.push("");
  L.push("MEMBER INFORMATION");
  L.push(`Member name: ${p.last_name}, ${p.first_name}`);
  L.push(`Date of birth: ${usDate(p.birth_date)}   Sex: ${p.gender === "female" ? "Female" : "Male"}`);
  L.push(`Member ID: ${p.member_id}   Group #: ${p.group_number ?? ""}`);
  L.push(`Phone: ${p.phone}`);
  L.push(`Address: ${p.address.street}, ${p.address.city}, ${p.address.state} ${p.address.zip}`);
  L.push("");
  L.push("PRESCRIBER INFORMATION");
  L.push(`Prescriber: ${pr.first_name} ${pr.last_name}, ${pr.credential}`);
  L.push(`NPI: ${pr.npi}   Specialty: ${pr.specialty}`);
  L.push(`Practice: ${pr.practice_name}, ${pr.address.street}, ${pr.address.city}, ${pr.address.state} ${pr.address.zip}`);
  L.push(`Phone: ${pr.phone}   Fax: ${pr.fax}   Office contact: ${pr.contact_name}`);
  L.push("");
  L.push("MEDICATION REQUESTED");
  L.push(`Drug name and strength: ${md.display_name}`);
  L.push(`NDC: ${md.ndc}`);
  L.push(`Directions: ${md.sig}`);
  L.push(`Quantity: ${md.quantity} ${md.quantity_unit}   Days supply: ${md.days_supply}`);
  L.push(`Duration of therapy: ${md.duration_months} months   Request type: ${md.request_type === "new_start" ? "New start" : "Continuation"}`);
  L.push("");
  L.push("DIAGNOSIS");
  const primary = c.diagnoses.find((d) => d.primary);
  L.push(`Primary diagnosis: ${primary ? `${primary.code ?? ""}${primary.code ? " - " : ""}${primary.description}` : ""}`);
  for (const d of c.diagnoses.filter((x) => !x.primary)) L.push(`Secondary diagnosis: ${d.code ?? ""} - ${d.description}`);
  L.push("");
  L.push("MEDICATIONS TRIED FOR THIS CONDITION (drug / dose | dates | outcome)");
  if (!c.prior_therapies.length) L.push("None");
  c.prior_therapies.forEach((t, i) => {
    const dates = t.start_date || t.end_date ? `${usDate(t.start_date) || "?"} - ${t.end_date ? usDate(t.end_date) : "present"}` : "dates unknown";
    L.push(`${i + 1}. ${t.drug_name}${t.dose ? ` ${t.dose}` : ""} | ${dates} | ${t.outcome_detail}`);
  });
  if (c.concurrent_therapies.length) {
    L.push("");
    L.push("CURRENT MEDICATIONS RELEVANT TO THIS REQUEST");
    for (const t of c.concurrent_therapies) L.push(`- ${t.drug_name}${t.dose ? ` ${t.dose}` : ""} (since ${usDate(t.start_date)}; ${t.outcome_detail})`);
  }
  L.push("");
  L.push("PERTINENT CLINICAL INFORMATION");
  L.push(c.form_clinical_summary);
  L.push("");
  L.push("I attest that the information provided is accurate and supported by the medical record.");
  L.push(`Prescriber signature: /s/ ${pr.first_name} ${pr.last_name}, ${pr.credential}   Date: ${usDate(c.request_date)}`);
  flush();

  const n = c.clinical_note;
  if (n) {
    L.push(pr.practice_name.toUpperCase());
    L.push(`${pr.address.street}, ${pr.address.city}, ${pr.address.state} ${pr.address.zip}   Ph ${pr.phone}   Fax ${pr.fax}`);
    L.push("");
    L.push(`Patient: ${p.last_name.toUpperCase()}, ${p.first_name.toUpperCase()}   DOB: ${usDate(p.birth_date)}   Sex: ${p.gender === "female" ? "F" : "M"}`);
    L.push(`Date of service: ${usDate(n.date_of_service)}   Provider: ${pr.first_name} ${pr.last_name}, ${pr.credential}`);
    L.push("");
    L.push(n.visit_type.toUpperCase());
    L.push("");
    L.push(`Chief complaint: ${n.chief_complaint}`);
    L.push("");
    L.push(`History of present illness: ${n.hpi}`);
    L.push("");
    L.push("Past medical history:");
    for (const x of n.pmh) L.push(`- ${x}`);
    L.push("");
    L.push("Current medications:");
    for (const x of n.medications) L.push(`- ${x}`);
    L.push("");
    L.push(`Allergies: ${n.allergies}`);
    L.push("");
    L.push(`Physical exam: ${n.exam}`);
    L.push("");
    L.push(`Assessment and plan: ${n.assessment_plan}`);
    L.push("");
    L.push(`Electronically signed by ${pr.first_name} ${pr.last_name}, ${pr.credential} on ${usDate(n.date_of_service)}`);
    flush();
  }
  if (c.labs.length) {
    L.push("PLAINS REGIONAL LABORATORY SERVICES - FINAL REPORT");
    L.push(`Patient: ${p.last_name.toUpperCase()}, ${p.first_name.toUpperCase()}   DOB: ${usDate(p.birth_date)}   Patient ID: ${p.member_id}`);
    L.push(`Ordering provider: ${pr.first_name} ${pr.last_name}, ${pr.credential}`);
    L.push("");
    L.push("TEST | RESULT | FLAG | UNITS | REFERENCE RANGE | COLLECTED");
    for (const l of c.labs) L.push(`${l.name} | ${l.value} | ${l.flag ?? ""} | ${l.unit} | ${l.reference_range} | ${usDate(l.date)}`);
    L.push("");
    L.push("*** END OF REPORT ***");
    flush();
  }
  const total = pages.length;
  return pages.map((pg, i) => [header(i + 1, total), "", ...pg].join("\n")).join(`\n${PAGE_BREAK}\n`) + "\n";
}

// ================================================================================================
// Text -> PDF

const FAX_HEADER_RE = /^(From:.*?)(Page\s+\d+\s+of\s+\d+)\s*$/i;
const PAGE_BREAK_RE = /^\s*(?:-{3,}\s*page break\s*-{3,}|\f)\s*$/i;

/**
 * Renders an (edited) plain-text PA document into a PDF for intake: Courier text, ALL-CAPS lines
 * in bold, wrapped long lines, page breaks at PAGE_BREAK lines (or form feeds) and on overflow.
 * A leading fax header line ("From: ... Page N of M") is repeated on every page with the page
 * numbers corrected.
 */
export async function renderSyntheticDocumentPdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const when = new Date("2026-01-01T00:00:00Z");
  doc.setCreationDate(when);
  doc.setModificationDate(when);
  doc.setProducer("Synthetic PA generator");
  const f = await embedFonts(doc);
  const size = 9.5;
  const lead = 12;
  const X = 46;
  const W = LETTER[0] - 2 * X;
  const top = 60;
  const bottom = LETTER[1] - 46;

  // split into logical pages, pull out fax header lines
  const logical: string[][] = [[]];
  let headerTemplate: string | null = null;
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    if (PAGE_BREAK_RE.test(raw) || raw.includes("\f")) {
      logical.push([]);
      continue;
    }
    const hm = FAX_HEADER_RE.exec(raw.trim());
    if (hm) {
      headerTemplate ??= hm[1].trimEnd();
      continue;
    }
    logical[logical.length - 1].push(raw);
  }
  // drop leading blank lines of each page, and empty pages
  const pagesText = logical
    .map((ls) => {
      while (ls.length && !ls[0].trim()) ls.shift();
      return ls;
    })
    .filter((ls) => ls.some((l) => l.trim()));
  if (!pagesText.length) pagesText.push([""]);

  // lay out physical pages
  type Line = { text: string; bold: boolean; indent: number };
  const physical: Line[][] = [];
  for (const ls of pagesText) {
    let cur: Line[] = [];
    let y = top;
    for (const raw of ls) {
      const isHeading = raw.trim().length > 2 && /[A-Z]/.test(raw) && raw.trim() === raw.trim().toUpperCase() && raw.trim().length <= 90;
      const font = isHeading ? f.monoBold : f.mono;
      const hang = /^(\s*(?:[-*]|\d+\.)\s+)/.exec(raw)?.[1].length ?? 0;
      const wrapped = raw.trim() ? wrapText(raw.trimEnd(), font, size, W) : [""];
      // re-wrap continuation lines with a hanging indent
      const lines: Line[] = [];
      if (wrapped.length > 1 && hang) {
        const first = wrapText(raw.trimEnd(), font, size, W)[0];
        lines.push({ text: first, bold: isHeading, indent: 0 });
        const rest = raw.trimEnd().slice(first.length).trim();
        for (const l of wrapText(rest, font, size, W - hang * font.widthOfTextAtSize(" ", size))) lines.push({ text: l, bold: isHeading, indent: hang });
      } else for (const l of wrapped) lines.push({ text: l, bold: isHeading, indent: 0 });
      for (const l of lines) {
        if (y + lead > bottom) {
          physical.push(cur);
          cur = [];
          y = top;
        }
        cur.push(l);
        y += lead;
      }
    }
    physical.push(cur);
  }

  const total = physical.length;
  physical.forEach((lines, i) => {
    const page = doc.addPage(LETTER);
    const H = LETTER[1];
    if (headerTemplate) {
      page.drawText(safeText(`${headerTemplate}Page ${i + 1} of ${total}`, f.mono), { x: X - 20, y: H - 22, size: 8, font: f.mono });
    }
    let y = top;
    for (const l of lines) {
      const font = l.bold ? f.monoBold : f.mono;
      const s = safeText(l.text, font);
      if (s) page.drawText(s, { x: X + l.indent * font.widthOfTextAtSize(" ", size), y: H - y, size, font });
      y += lead;
    }
  });
  return doc.save({ useObjectStreams: false });
}

/** Days between the request date and a therapy's start (helper for callers showing durations). */
export function therapyDurationDays(t: DemoTherapy, requestDate: string): number | null {
  if (!t.start_date) return null;
  return daysBetween(t.start_date, t.end_date ?? requestDate);
}
