/**
 * Rule-based extraction of CaseFacts from a faxed PA request (no model, no network).
 *
 * Works on any form layout via generic label/value lookup (inline "Label: value" and grid cells
 * with the label above the value), section headers, and free-text scanning of clinical notes for
 * therapies, labs and notes. Every value carries citations into the page text.
 */
import type {
  CaseFacts,
  Citation,
  ExtractedDiagnosis,
  ExtractedMedication,
  ExtractedPatient,
  ExtractedPractitioner,
  FormularyRow,
  Gender,
  LabValue,
  ParsedDocument,
  PriorTherapy,
  RosterMember,
  TherapyOutcome,
} from "../contracts";
import { findDrugMentions, lookupDrug, type DrugEntry } from "../vocabulary/drugs";
import { MEASURES } from "../vocabulary/measures";
import { closedSpanEnd, isNegated, UNDISPENSED_RE, withoutDeniedAdverseEffects } from "../vocabulary/language";
import { isUnansweredFormLine, withWrappedQuestions } from "../evidence/case-index";
import { buildModel, cite, citeRange, type DocModel, type Line, type Tok } from "../text/layout";
import { findLabeled, sectionMap, type FieldHit, type SectionName } from "../text/fields";
import { daysBetween, endOfMonth, findDates, parseDate, type DateSpan } from "../codes/dates";
import { ICD10_SHAPE, normalizeIcd10, repairIcd10Insertion, repairIcd10MissingLetter } from "../codes/icd10";
import { isValidNpi, readNpi } from "../codes/npi";
import { normalizeNdc } from "../codes/ndc";
import { canonicalId, editDistance, ocrDigits } from "../codes/ocr";
import { compareNames } from "../codes/names";
import { CONDITIONS, conditionsNamedIn } from "../vocabulary/conditions";
import { buildCaseIndex } from "../evidence/case-index";
import { measureValues } from "../evidence/findings";
import { bannerPatient, letterPatientName, letterSigner, readMemberId, readRequestDate, readUrgency } from "./identity";
import { specialtiesNamedIn } from "../vocabulary/specialties";
import {
  gridDiagnoses,
  gridPatient,
  gridPractitioner,
  readCms1500,
  readCms1500DiagnosisRows,
  readCms1500RowsPractitioner,
  type Cms1500Reading,
} from "./cms1500";

export interface ExtractOptions {
  /** name used in citations (default "fax") */
  documentName?: string;
  /** plan formulary rows; used to map the requested drug to the formulary drug name / NDC */
  formulary?: FormularyRow[];
  /** extra drug names the plan knows (e.g. policy drug names) */
  knownDrugNames?: string[];
  /** the plan's roster: its member IDs teach the plan's ID pattern */
  roster?: RosterMember[];
}

interface Ctx {
  model: DocModel;
  sec: Map<string, SectionName>;
  opts: ExtractOptions;
}

const CREDENTIALS =
  /,?\s*\b(?:M\.?D|D\.?O|MBBS|Ph\.?D|PharmD|FNP-?C|FNP|ANP|AGNP|DNP|APRN|CNP|NP-?C|NP|PA-?C|PA|RN|FACP|FACC|FAAD|FACR|MPH|MS|MSc|DPM|OD|DDS|DMD|L\.?Ac|ND|DACM|CNM)\b\.?/g;

function clean(s: string): string {
  return s
    .replace(/[|_]+/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s,.:;\-'"‘’“”]+|[\s,:;\-'"‘’“”]+$/g, "")
    .trim();
}

function titleCase(s: string): string {
  if (s !== s.toUpperCase() && s !== s.toLowerCase()) return s;
  return s
    .toLowerCase()
    .replace(/(^|[\s\-'])([a-z])/g, (_, a, b) => a + b.toUpperCase())
    .replace(/\bO'([a-z])/g, (_, b) => "O'" + b.toUpperCase());
}

/** Splits a person name: "Last, First M" or "First M Last"; strips credentials and OCR debris. */
/**
 * The part of a name value before what a form prints after it ("Mei-Ling Tran, MD 1719362406
 * Gastroenterology / Hepatology" in a prescriber grid row, "Jordan Castillo, MD (Infectious Diseases),
 * NPI 1536284197"): the name ends at a bracket, an NPI or phone number, or an "NPI" label.
 */
export function nameOnly(v: string): string {
  // "Irina Volkova, MD Neurology (Movement Disorders)": the name ends at its credential; an OCR-damaged
  // one ("Hannah Weisz, M [ ] Nephrology") ends it too
  const cred = /^([A-Z][A-Za-z.'\- ]{1,40}?),\s*(?:(M\.?D\.?|D\.?O\.?|NP|PA-C|FNP-C|FNP|DNP|APRN|PharmD|CNP)\b|M\s*[[|(])/.exec(v);
  if (cred && /\s/.test(cred[1].trim())) return cred[2] ? `${cred[1]}, ${cred[2]}` : cred[1];
  return v.split(/\s*\(|\s+(?=\d[\d\s().-]{3,})|[,\s]+NPI\b|\s+\|\s+/i)[0].trim();
}

export function splitName(raw: string): { first: string | null; last: string | null; credential: string | null } {
  let s = raw.replace(/\([^)]*\)/g, " ");
  const credM = s.match(/,\s*([A-Z][A-Za-z.\-]{1,8})\s*$/);
  const creds = [...s.matchAll(CREDENTIALS)].map((m) => m[0].replace(/^[,\s]+/, "").trim());
  s = s.replace(CREDENTIALS, " ");
  s = s.replace(/^\s*(?:Dr\.?|Mr\.?|Mrs\.?|Ms\.?)\s+/i, "");
  s = s
    .replace(/[^A-Za-z,'\-\s.]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  let first: string | null = null;
  let last: string | null = null;
  if (s.includes(",")) {
    const [l, f] = s.split(",", 2).map((x) => x.trim());
    last = l || null;
    first = (f ?? "").split(/\s+/).filter((w) => w.replace(/\./g, "").length > 1)[0] ?? null;
  } else {
    const words = s.split(/\s+/).filter((w) => w.replace(/[.'\-]/g, "").length > 0);
    const real = words.filter((w) => w.replace(/\./g, "").length > 1 || words.length <= 2);
    if (real.length >= 2) {
      first = real[0];
      last = real[real.length - 1];
    } else if (real.length === 1) last = real[0];
  }
  const fix = (x: string | null) => (x ? titleCase(x.replace(/\.$/, "")) : null);
  return { first: fix(first), last: fix(last), credential: creds[0] ?? (credM ? credM[1] : null) };
}

/** "Marcus Bryson, DOB 10/30/1985" → "Marcus Bryson": a value that runs on into the next label. */
function stripTrailingLabels(v: string): string {
  return v.split(/\s*(?:[,;•·+«|]|\s)\s*(?:DOB|D\.O\.B\.?|Date of birth|Birth ?date|Member ID|Medicaid ID|ID\s*#|Sex|Gender|Age)\b/i)[0].trim();
}

/** Form label words, which OCR may garble ("Spenalty", "Adress"): never a person's name. */
const LABEL_WORDS = [
  "specialty",
  "address",
  "telephone",
  "signature",
  "diagnosis",
  "medication",
  "practice",
  "facility",
  "contact",
  "prescriber",
  "physician",
  "beneficiary",
  "member",
  "office",
  "credentials",
];

function isGarbledLabel(word: string): boolean {
  const w = word.toLowerCase();
  // two slips only in a long label: a surname is two letters from a short one ("Mercer" / "member")
  return w.length >= 6 && LABEL_WORDS.some((l) => Math.abs(l.length - w.length) <= 2 && editDistance(l, w) <= (l.length >= 8 ? 2 : 1));
}

function looksLikeName(v: string): boolean {
  const s = v
    .replace(CREDENTIALS, " ")
    .replace(/[^A-Za-z,'\-\s]/g, "")
    .trim();
  const words = s.split(/[\s,]+/).filter((w) => w.length > 1);
  return (
    words.length >= 1 &&
    words.length <= 5 &&
    /[A-Za-z]{2,}/.test(s) &&
    !/\b(?:name|date|birth|phone|address|specialty|npi|member|first|last|id|medicaid|medicare)\b/i.test(v) &&
    // where a form sends the request, never who wrote it ("Route to: Pharmacy PA")
    !/\b(?:pharmacy|route|routing|hospital|department)\b/i.test(v) &&
    // the next caption of a grid form's header row ("Name DOB Sex Phone", "Question / Answer") is no name
    !/^\s*(?:dob|d\.o\.b\.?|sex|weight|height|question|answer|mrn|ssn|e-?mail|zip)\b/i.test(v) &&
    // a form's caption or section heading ("Certification", "Physician signature", "Attestation") is no name
    !/\b(?:(?:re)?certification|certify(?:ing)?|signature|attestation|authorization|statement|information|pending)\b/i.test(v) &&
    !words.some(isGarbledLabel)
  );
}

function hitCite(ctx: Ctx, h: FieldHit): Citation {
  return cite(ctx.model, h.page, h.toks);
}

// ---------------------------------------------------------------------------------------------
// Patient

const L_MEMBER_NAME =
  /\b(?:Member|Patient|Enrollee|Beneficiary|Insured|Participant|Recipient|Client)(?:'s)?\s+(?:full\s+)?name\b(?:\s*\((?:Last,?\s*First[^)]*)\))?|\b(?:Member|Patient|Enrollee|Cardholder|Participant|Recipient|Client)\s*\(\s*last,?\s*first[^)]*\)/i;
const L_NAME =
  /(?<![A-Za-z])(?<!(?:Last|F[iu1l!|]?r?[s5][t!1l|]?|Middle|Contact|Office|Plan|Drug|Issuer|Practice|Group|Clinic|Facility|Pharmacy|Medication)\s*)Name\b(?:\s*\((?:Last,?\s*First[^)]*)\))?/i;
const L_LAST = /\bLast\s*name\b/i;
// "First" as OCR reads it: "Fist", "Frst", "F1rst"
const L_FIRST = /\bF[iu1l!|]?r?[s5][t!1l|]?\s*name\b/i;
// "DOB" as scans read it: "D.O.B.", "D0B", "DB" (the O lost)
const L_DOB = /\b(?:Date\s+of\s+birth|Birth\s*date|D\.?\s?[O0o]?\.?\s?B\.?)\b/i;
const L_SEX = /\b(?:Sex|Gender)\b/i;

/**
 * "Patient Name:  Dana   Whitfield": a one-word name value whose surname sits in the next cell of
 * the same line (a form's separate first/last boxes) is read with it, when that cell is one
 * capitalised word and not a label.
 */
function withSplitSurname(h: FieldHit, value: string): string {
  if (/\s/.test(value.trim()) || !h.toks.length) return value;
  const segs = h.line.segs;
  const si = segs.findIndex((g) => g.toks.includes(h.toks[h.toks.length - 1]));
  const next = si >= 0 ? segs[si + 1] : undefined;
  if (
    !next ||
    !/^[A-Z][a-zA-Z'’-]{1,30}$/.test(next.text.trim()) ||
    isGarbledLabel(next.text) ||
    /^(?:DOB|Sex|Gender|Age|ID|Member|Male|Female)$/i.test(next.text.trim())
  )
    return value;
  return `${value} ${next.text.trim()}`;
}

/**
 * A date of birth as written: any date findDates reads, or the NCPDP / claim form's CCYYMMDD
 * ("Date of birth (CCYYMMDD) 19711230", "19711230"). ISO YYYY-MM-DD or null.
 */
export function parseDob(v: string): string | null {
  const d = parseDate(v);
  if (d) return d;
  const m = /^\s*(?:\(?\s*(?:CC|YY)YYMMDD\s*\)?\s*)?((?:19|20)\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\b/i.exec(v);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** the other captions of a form's caption row about the member ("Patient  HRN  DOB  Sex") */
const ROW_CAPTION_RE = /\b(?:DOB|D\.O\.B\.?|Date\s+of\s+birth|Birth\s*date|HRN|MRN|Member\s+ID|ID\s*#?|Sex|Gender|Age|Phone)\b/gi;

/**
 * A caption row over a value row, the member's name under a bare "Patient" / "Member" caption
 * ("Patient   HRN   DOB   Sex" over "Delacroix, Marcus   NW10377914   01/22/1979   Male"): the
 * value below the caption, cut before the first field holding a digit. Only a caption row counts —
 * the line holds at least two other member captions (date of birth, record number, ID, sex) and no
 * digit or colon, so "Patient" in prose or a "Patient:" label is never read this way.
 * Returns the hit (value = the name as written) or null.
 */
function captionRowName(model: DocModel, sec: Map<string, SectionName>): FieldHit | null {
  const hits = findLabeled(model, sec, /(?<![A-Za-z'])(?:Patient|Member|Enrollee)(?![A-Za-z'])(?!\s*(?:[:#(]|name|ID|number|no\b))/i, {
    belowOnly: true,
    validate: (v) => looksLikeName(stripTrailingLabels(v).split(/\s+(?=\S*\d)/)[0]),
  });
  for (const h of hits) {
    const text = h.line.text;
    if (/[\d:]/.test(text) || (text.match(ROW_CAPTION_RE)?.length ?? 0) < 2) continue;
    const value = stripTrailingLabels(h.value).split(/\s+(?=\S*\d)/)[0];
    // the tokens of the name only (the cited words)
    const toks: Tok[] = [];
    for (const t of h.toks) {
      if (toks.length && [...toks, t].map((x) => x.text).join(" ").length > value.length) break;
      toks.push(t);
    }
    return { ...h, value, toks };
  }
  return null;
}

function extractPatient(ctx: Ctx): ExtractedPatient {
  const { model, sec } = ctx;
  const cites: Citation[] = [];
  const P: SectionName[] = ["patient"];
  let first: string | null = null;
  let last: string | null = null;

  const nameHits = [
    ...findLabeled(model, sec, L_MEMBER_NAME, { validate: looksLikeName }),
    ...findLabeled(model, sec, L_NAME, { sections: P, validate: looksLikeName }),
  ];
  const lastHit = findLabeled(model, sec, L_LAST, { sections: P, validate: looksLikeName })[0];
  const firstHit = findLabeled(model, sec, L_FIRST, { sections: P, validate: looksLikeName })[0];
  // one caption over one box ("Last name, first name" over "Kealoha, Malia"): both labels read the
  // same value, which is one name in the caption's order
  const oneBox = lastHit && firstHit && lastHit.page === firstHit.page && lastHit.value === firstHit.value;
  if (oneBox) {
    const v = stripTrailingLabels(lastHit.value).split(/\s+(?=\d)/)[0];
    const lastFirst = (lastHit.labelToks[0]?.start ?? 0) < (firstHit.labelToks[0]?.start ?? 0);
    const words = v
      .replace(/[^A-Za-z'\-\s,]/g, " ")
      .split(/[\s,]+/)
      .filter((w) => w.length > 1);
    const n = v.includes(",") ? splitName(v) : null;
    first = n ? n.first : words.length >= 2 ? titleCase(lastFirst ? words[1] : words[0]) : null;
    last = n ? n.last : words.length >= 2 ? titleCase(lastFirst ? words[0] : words[words.length - 1]) : null;
    cites.push(hitCite(ctx, lastHit));
  } else if (lastHit && firstHit) {
    last = titleCase(clean(lastHit.value).split(/\s+/)[0]);
    first = titleCase(clean(firstHit.value).split(/\s+/)[0]);
    cites.push(hitCite(ctx, lastHit), hitCite(ctx, firstHit));
  } else if (nameHits.length) {
    const h = nameHits[0];
    const n = splitName(withSplitSurname(h, stripTrailingLabels(h.value)));
    first = n.first;
    last = n.last;
    cites.push(hitCite(ctx, h));
  } else {
    const h =
      findLabeled(model, sec, /\b(?:Patient|Member|Pt)\b(?=\s*:)/i, { validate: (v) => looksLikeName(stripTrailingLabels(v)) })[0] ??
      // a caption column's bare "Patient" beside "WHITFIELD, CALEB   DOB 03/14/2005" (a pharmacy's claim printout)
      findLabeled(model, sec, /^\s*(?:Patient|Member|Pt)\s*$/i, { validate: (v) => /,/.test(v) && looksLikeName(stripTrailingLabels(v)) })[0] ??
      captionRowName(model, sec);
    const letter = h ? null : letterPatientName(model);
    if (h) {
      const n = splitName(stripTrailingLabels(h.value));
      first = n.first;
      last = n.last;
      cites.push(hitCite(ctx, h));
    } else if (letter) {
      const n = splitName(letter.name);
      first = n.first;
      last = n.last;
      cites.push(letter.citation);
    }
  }
  // an EHR printout's banner ("Fields, Monique  PCP: …" over "09/30/1996 (F) MRN …"): the name, and its
  // date of birth when no labelled one is found below
  const banner = first || last ? null : bannerPatient(model);
  if (banner) {
    first = titleCase(banner.first);
    last = titleCase(banner.last);
    cites.push(banner.nameCitation);
  }

  // DOB: patient section first, then anywhere (notes, lab reports)
  let birth: string | null = null;
  const dobHits = [
    ...findLabeled(model, sec, L_DOB, { sections: P, validate: (v) => !!parseDob(v) }),
    ...findLabeled(model, sec, L_DOB, { validate: (v) => !!parseDob(v) }),
  ];
  if (dobHits.length) {
    // majority vote across mentions (robust to a single OCR error)
    const votes = new Map<string, number>();
    dobHits.forEach((h, i) => {
      const d = parseDob(h.value)!;
      votes.set(d, (votes.get(d) ?? 0) + (i === 0 ? 1.5 : 1));
    });
    birth = [...votes.entries()].sort((a, b) => b[1] - a[1])[0][0];
    const h = dobHits.find((x) => parseDob(x.value) === birth)!;
    cites.push(hitCite(ctx, h));
  } else if (banner?.birth && parseDob(banner.birth)) {
    birth = parseDob(banner.birth);
    if (banner.birthCitation) cites.push(banner.birthCitation);
  }

  // member id: by its label and the plan's ID shape, never another ID printed near it
  let memberId: string | null = null;
  const idr = readMemberId(model, sec, ctx.opts.roster ?? []);
  if (idr) {
    memberId = idr.id;
    cites.push(idr.citation);
  }

  // gender
  let gender: Gender | null = null;
  for (const h of [...findLabeled(model, sec, L_SEX, { sections: P }), ...findLabeled(model, sec, L_SEX)]) {
    const g = genderFrom(h.value);
    if (g) {
      gender = g;
      cites.push(hitCite(ctx, h));
      break;
    }
  }

  // plan
  let plan: string | null = null;
  const planHit = findLabeled(model, sec, /\b(?:Health\s+plan|Insurance\s+plan|Plan\s+name|Insurer|Submitted\s+to(?:\s*\(issuer\s+name\))?|Issuer\s+name)\b/i, {
    validate: (v) => /[A-Za-z]{3,}/.test(v) && !/^(?:name|phone|fax)/i.test(v),
  })[0];
  if (planHit) {
    plan = clean(planHit.value);
    cites.push(hitCite(ctx, planHit));
  }

  // an ID read one character off a roster ID, on a request whose name and date of birth are that
  // member's exactly: an OCR slip, read as the roster's ID (eligibility reports the match it made)
  const roster = ctx.opts.roster ?? [];
  if (memberId && birth && last && !roster.some((m) => canonicalId(m.member_id) === canonicalId(memberId!))) {
    const near = roster.filter(
      (m) =>
        editDistance(canonicalId(m.member_id), canonicalId(memberId!)) === 1 &&
        m.birth_date === birth &&
        compareNames(m.last_name, last) === "exact" &&
        (!first || compareNames(m.first_name, first) !== "none"),
    );
    if (near.length === 1) memberId = near[0].member_id;
  }

  return { first_name: first, last_name: last, birth_date: birth, gender, member_id: memberId, insurance_plan: plan, citations: cites };
}

function genderFrom(v: string): Gender | null {
  const s = v.trim();
  const checked = /(?:\[\s*[xX✓✔]\s*\]|☒|☑|■|\bX)\s*(M(?:ale)?|F(?:emale)?|Other)\b/.exec(s);
  if (checked) return checked[1].toUpperCase().startsWith("M") ? "male" : checked[1].toUpperCase().startsWith("F") ? "female" : "other";
  if (/^(?:M|Male)\b(?!\s+(?:F|Female)\b)/i.test(s) && !/\bFemale\b/i.test(s)) return "male";
  if (/^(?:F|Female)\b/i.test(s) && !/\bMale\b/.test(s.replace(/Female/gi, ""))) return "female";
  return null;
}

// ---------------------------------------------------------------------------------------------
// Prescriber

const L_PRESCRIBER_NAME = /\b(?:Prescriber|Prescribing\s+(?:provider|physician)|Physician|Provider|Requesting\s+provider)(?:'s)?\s+(?:full\s+)?name\b/i;
// "NPI", with OCR debris: "NP1", "NPl", "NPIL #" / "NPI| #" (a box border read as a stroke before the #)
const L_NPI = /(?<![A-Za-z])N\s?[PR]\s?(?:[I1l|!](?:[IlL1|!](?=\s*[:#]))?|(?=\s*[:#]))(?![A-Za-z])\s*(?:#|No\.?|Number)?/;

function extractPrescriber(ctx: Ctx): ExtractedPractitioner {
  const { model, sec } = ctx;
  const R: SectionName[] = ["prescriber"];
  const cites: Citation[] = [];
  let first: string | null = null;
  let last: string | null = null;
  let credential: string | null = null;
  let letterSpecialty: string | null = null;
  /** the line the prescriber's name was read from: an NPI printed on it is the prescriber's own */
  let nameLine: { page: number; text: string } | null = null;

  const lastHit = findLabeled(model, sec, L_LAST, { sections: R, validate: looksLikeName })[0];
  const firstHit = findLabeled(model, sec, L_FIRST, { sections: R, validate: looksLikeName })[0];
  // a prescriber's name is followed on forms by the NPI, phone and specialty: read up to them
  const prescriberName = (v: string) => looksLikeName(nameOnly(v));
  const nameHit =
    findLabeled(model, sec, L_PRESCRIBER_NAME, { validate: prescriberName })[0] ??
    findLabeled(model, sec, L_NAME, { sections: R, validate: prescriberName })[0];
  if (lastHit && firstHit) {
    last = titleCase(clean(lastHit.value).split(/\s+/).pop()!);
    first = titleCase(clean(firstHit.value).split(/\s+/)[0]);
    cites.push(hitCite(ctx, lastHit), hitCite(ctx, firstHit));
  } else if (nameHit) {
    nameLine = { page: nameHit.page, text: nameHit.line.text };
    const n = splitName(nameOnly(nameHit.value));
    first = n.first;
    last = n.last;
    credential = n.credential;
    cites.push(hitCite(ctx, nameHit));
  } else {
    // a memo's sender ("From: Eric Watanabe, MD (Gastroenterology) NPI …") with a credential is a
    // prescriber too; a value on the label's own line is preferred to one read from the line below a
    // word in a title ("… - PRESCRIBER ACTION NEEDED" over "TO: Amy Tran, MD")
    const hs = findLabeled(
      model,
      sec,
      /\b(?:Prescriber(?!'s)|Provider|Clinician|Physician|Ordering provider|Electronically signed by|Signed)\b|\bFrom(?=\s*:)/i,
      {
        // (a fresh non-global test each time: the global CREDENTIALS keeps its lastIndex between calls)
        validate: (v) => looksLikeName(nameOnly(v)) && new RegExp(CREDENTIALS.source).test(nameOnly(v)),
      },
    );
    const h = hs.find((x) => x.how === "inline") ?? hs[0];
    const signer = h ? null : letterSigner(model);
    if (h) {
      nameLine = { page: h.page, text: h.line.text };
      const n = splitName(nameOnly(h.value.split(/\s+on\s+/)[0]));
      first = n.first;
      last = n.last;
      credential = n.credential;
      cites.push(hitCite(ctx, h));
    } else if (signer) {
      const n = splitName(signer.name);
      first = n.first;
      last = n.last;
      credential = signer.credential;
      cites.push(signer.citation);
      letterSpecialty = signer.next;
    }
  }
  if (!credential) {
    // credential from any "First Last, MD" mention
    if (first && last) {
      for (const p of model.pages)
        for (const l of p.lines) {
          const m = new RegExp(`${escRe(first)}\\s+${escRe(last)},?\\s+((?:MD|DO|NP|PA-C|FNP-C|FNP|DNP|APRN)\\b)`, "i").exec(l.text);
          if (m) {
            credential = m[1];
            break;
          }
        }
    }
  }

  // NPI: collect every labelled NPI, repair with the check digit
  const anyNpi = findLabeled(model, sec, L_NPI, { validate: (v) => !!npiRaw(v) });
  const npiHits = [
    ...anyNpi.filter((x) => nameLine && x.how === "inline" && x.page === nameLine.page && x.line.text === nameLine.text),
    ...findLabeled(model, sec, L_NPI, { sections: R, validate: (v) => !!npiRaw(v) }),
    ...anyNpi,
  ];
  const raws = npiHits.map((h) => npiRaw(h.value)!);
  const validRaws = raws.map((r) => ocrDigits(r)).filter(isValidNpi);
  let npi: string | null = null;
  let npiValid: boolean | null = null;
  for (let i = 0; i < npiHits.length; i++) {
    const r = readNpi(raws[i], validRaws);
    if (!r) continue;
    if (r.valid || npi === null) {
      npi = r.npi;
      npiValid = r.valid;
      cites.push(hitCite(ctx, npiHits[i]));
      if (r.valid) break;
    }
  }

  if (!npi) {
    // label unreadable ("NPY &", "N P 1"): a bare 10-digit number inside the prescriber section — or,
    // failing that, anywhere in the fax — that passes the NPI check digit (phone/fax numbers are
    // excluded by their label or format)
    const found = unlabelledNpi(model, sec) ?? unlabelledNpi(model, sec, true);
    if (found) {
      npi = found.npi;
      npiValid = true;
      cites.push(cite(model, found.page, [found.tok]));
    }
  }

  const firstIn = (label: RegExp, validate?: (v: string) => boolean) => findLabeled(model, sec, label, { sections: R, validate })[0] ?? null;
  // specialty: a value that names a known specialty wins; otherwise only an explicit "Specialty:"
  // field of the prescriber section ("Lakeside Specialty Clinic" is a clinic, not a specialty)
  const specOk = (v: string) => /[A-Za-z]{4,}/.test(v) && !/^(?:NPI|DEA|Phone)/i.test(v);
  const L_SPEC = /\bSpecialty\b(?!\s*\/)/i;
  const specHits = [...findLabeled(model, sec, L_SPEC, { sections: R, validate: specOk }), ...findLabeled(model, sec, L_SPEC, { validate: specOk })];
  const specHit =
    specHits.find((h) => specialtiesNamedIn(h.value).length > 0) ??
    specHits.find((h) => sec.get(`${h.page}:${h.line.index}`) === "prescriber" && (h.how === "below" || /\bSpecialty\s*:/i.test(h.line.text))) ??
    null;
  const phoneRe = (v: string) => /\(?\d{3}\)?[\s.\-]*\d{3}[\s.\-]*\d{4}/.test(v);
  const phoneHit = firstIn(/(?<![A-Za-z])(?:Office\s+)?(?:Phone|Tel|Telephone)(?:\s*(?:#|No\.?|number))?(?![A-Za-z])/i, phoneRe);
  const faxHit = firstIn(/(?<![A-Za-z])(?:Office\s+)?Fax(?:\s*(?:#|No\.?|number))?(?![A-Za-z])/i, phoneRe);
  const licHit = firstIn(/\b(?:State\s+)?License\s*(?:#|No\.?|Number)?/i, (v) => /\d{3,}/.test(v));
  const orgHit = firstIn(
    /\b(?:(?:Practice|Clinic|Facility|Group|Office|Organization)\s+name|Office\s+address|Practice|Clinic)\b(?!\s*#)/i,
    (v) => /[A-Za-z]{3,}/.test(v) && !/^\(?\d/.test(v) && !/^(?:address|name|phone)\b/i.test(v),
  );
  const phone = phoneHit ? phoneOf(phoneHit.value) : null;
  const fax = faxHit ? phoneOf(faxHit.value) : null;
  let org: string | null = null;
  if (orgHit) {
    const v = orgHit.value.split(",")[0].trim();
    if (!/^\d/.test(v)) org = clean(v) || null;
  }
  for (const h of [specHit, phoneHit, faxHit, licHit, orgHit]) if (h) cites.push(hitCite(ctx, h));
  // a name OCR misread on the form ("Adeyem1, MD" → "Adeyem") is read the way the fax writes it most
  // often beside the same first name ("Provider: Tunde Adeyemi, MD", "signed by Tunde Adeyemi")
  if (first && last) {
    const re = new RegExp(`\\b${first.replace(/[^A-Za-z]/g, ".")}\\s+([A-Z][A-Za-z'’-]{1,30})(?![A-Za-z0-9])`, "g");
    const counts = new Map<string, number>();
    for (const p of model.pages)
      for (const m of p.text.matchAll(re)) if (editDistance(m[1].toLowerCase(), last.toLowerCase()) <= 1) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
    const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    if (best && best[0] !== last && best[1] > (counts.get(last) ?? 0)) last = best[0];
  }
  const full = first && last ? `${first} ${last}` : (last ?? first);
  return {
    full_name: full ?? null,
    first_name: first,
    last_name: last,
    credential: credential ? credential.replace(/\./g, "").toUpperCase() : null,
    npi,
    npi_valid: npiValid,
    specialty: specHit ? clean(specHit.value) : letterSpecialty && specialtiesNamedIn(letterSpecialty).length ? clean(letterSpecialty) : null,
    phone,
    fax,
    organization_name: org,
    state_license: licHit ? clean(licHit.value).split(/\s+/)[0] : null,
    citations: cites,
  };
}

const OTHER_NUMBER_LABEL = /\b(?:Phone|Tel|Fax|Cell|Mobile|DEA|License|Tax|TIN|ID)\b/i;

/** The only check-digit-valid NPI written as a bare 10-digit token in the prescriber section. */
export function unlabelledNpi(model: DocModel, sec: Map<string, SectionName>, anywhere = false): { npi: string; page: number; tok: Tok } | null {
  const hits = new Map<string, { npi: string; page: number; tok: Tok }>();
  for (const p of model.pages)
    for (const l of p.lines) {
      if (!anywhere && sec.get(`${p.page}:${l.index}`) !== "prescriber") continue;
      for (const seg of l.segs) {
        // (a two-column form row: the member's cell does not disqualify the prescriber's)
        if (
          anywhere &&
          /\b(?:member|medicaid|subscriber|beneficiary|policy|claim|account|accession|clia|phone|fax|tel)\b/i.test(seg.text) &&
          !/\bnpi\b/i.test(seg.text)
        )
          continue;
        seg.toks.forEach((t, i) => {
          const d = t.text.replace(/^[^0-9]+|[^0-9]+$/g, "");
          if (!/^[12]\d{9}$/.test(d) || !isValidNpi(d)) return;
          // labelled as something else: inline before it, or in the grid cell above it
          const before = seg.toks
            .slice(Math.max(0, i - 3), i)
            .map((x) => x.text)
            .join(" ");
          const above = (p.lines[l.index - 1]?.toks ?? [])
            .filter((u) => u.x < t.x + t.w && u.x + u.w > t.x)
            .map((u) => u.text)
            .join(" ");
          if (OTHER_NUMBER_LABEL.test(before) || OTHER_NUMBER_LABEL.test(above)) return;
          if (!hits.has(d)) hits.set(d, { npi: d, page: p.page, tok: t });
        });
      }
    }
  return hits.size === 1 ? [...hits.values()][0] : null;
}

function npiRaw(v: string): string | null {
  const m = /(?<![A-Za-z0-9])([0-9OoIl|SB!]{3}[\s\-]?[0-9OoIl|SB!]{3}[\s\-]?[0-9OoIl|SB!]{4})(?![0-9])/.exec(v);
  if (m) {
    const d = m[1].replace(/[\s\-]/g, "");
    if (d.replace(/\D/g, "").length >= 7) return d;
  }
  // ten digits that OCR split with stray spaces ("12468013 55"): kept only when the check digit holds
  const split = /(?<![A-Za-z0-9])(\d(?:[ \-]?\d){9})(?![0-9])/.exec(v);
  const joined = split ? split[1].replace(/[ \-]/g, "") : null;
  return joined && isValidNpi(joined) ? joined : null;
}

function phoneOf(v: string): string | null {
  const m = /(\(?\d{3}\)?)[\s.\-]*(\d{3})[\s.\-]*(\d{4})/.exec(v);
  return m ? `(${m[1].replace(/\D/g, "")}) ${m[2]}-${m[3]}` : null;
}

// ---------------------------------------------------------------------------------------------
// Medication

const L_DRUG =
  /\b(?:Drug\s+name(?:,\s*strength(?:\s+and\s+dosage\s+form)?|\s+and\s+strength|\s*\/\s*strength)?|Medication(?:\s+name)?(?:\s*(?:&|and)\s*strength)?|Medication\s+requested|Drug\s+requested|Requested\s+(?:drug|medication)|Name\s+of\s+(?:drug|medication))\b/i;
/** the heading of a list of the member's medications, not a request field */
const MEDICATION_LIST_RE =
  /\b(?:current|active|home|outpatient|discharge|other|prior|previous|past)\s+medications?\b|\bmedications?\s+(?:list|reconcil\w*|history|record|profile)|\bmedications?\s*\(reconciled|\b(?:medication|drug|dispensing|fill|rx)\s+history\b/i;
/**
 * the columns only a medication-list table has ("Medication | Sig | Start | Status", "… | Last fill");
 * a request form's own field row ("MEDICATION: STRENGTH AND ROUTE OF ADMINISTRATION: FREQUENCY:") has none
 */
const MEDICATION_LIST_COLUMNS = /\b(?:sig|status|last (?:fill|filled|dose))\b/i;
const L_NDC = /(?<![A-Za-z])N\s?[DO0]\s?[CG](?![A-Za-z])\s*(?:#|\((?:if\s+know[n]?)\)|number|code)?/i;
const NDC_SHAPE = /(?<![0-9])([0-9OIlSB]{4,5}\s?-\s?[0-9OIlSB]{3,4}\s?-\s?[0-9OIlSB]{1,2}|\d{11}|\d{10})(?![0-9])/;

function formularyNames(ctx: Ctx): string[] {
  const names = new Set<string>();
  for (const r of ctx.opts.formulary ?? []) names.add(r.drug_name);
  for (const n of ctx.opts.knownDrugNames ?? []) names.add(n);
  return [...names];
}

function escRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Maps free text naming a drug to a formulary drug name (literal name, then same generic). */
export function mapToFormularyName(text: string, formulary: FormularyRow[] = [], known: string[] = []): string | null {
  const names = [...new Set([...formulary.map((r) => r.drug_name), ...known])];
  const lit = names
    .map((n) => ({ n, m: new RegExp(`(?<![A-Za-z])${escRe(n)}(?![A-Za-z])`, "i").exec(text) }))
    .filter((x) => x.m)
    .sort((a, b) => a.m!.index - b.m!.index || b.n.length - a.n.length);
  const formularySet = new Set(formulary.map((r) => r.drug_name.toLowerCase()));
  const litFormulary = lit.filter((x) => formularySet.has(x.n.toLowerCase()));
  if (litFormulary.length) return litFormulary[0].n;
  const mention = findDrugMentions(text)[0];
  if (mention) {
    const sameGeneric = formulary.filter((r) => lookupDrug(r.drug_name)?.generic === mention.entry.generic);
    if (sameGeneric.length) {
      const brand = sameGeneric.find((r) => r.drug_name.toLowerCase() === mention.matched) ?? sameGeneric[0];
      return brand.drug_name;
    }
  }
  if (lit.length) {
    // a known (policy) drug name: prefer the formulary row of the same generic
    const e = lookupDrug(lit[0].n);
    const row = e ? formulary.find((r) => lookupDrug(r.drug_name)?.generic === e.generic) : null;
    return row ? row.drug_name : lit[0].n;
  }
  return null;
}

/** words that ask for the drug after them: a cover sheet's "RE:", "request for", "start", "add", "switch to" */
const REQUEST_CUE =
  /(?:\b(?:re|subject|regarding)\s*:|\brequest(?:ed|ing)?\s+(?:for\s+)?|\b(?:start|starting|initiate|initiating|begin|add|adding|switch(?:ing)?\s+to|prescribe|prescribing|plan\s+to\s+start)\s+)(?!dates?\b)/gi;
/** a clause about a therapy already tried: its drug is history, not the request */
const HISTORY_CUE =
  /\b(?:stopped|stopping|discontinued|d\/c'?d|failed|tried|previously|prior\s+(?:therapy|trial|treatment)|history\s+of|intoleran\w*|not\s+tolerated|inadequate\s+response)\b/i;

/**
 * The requested drug read from a request with no drug line (`pages`: each page's lines): the first
 * formulary (or known policy) drug named right after a request cue ("RE:", "request for", "start",
 * "add", "switch to"), else the first named on a line that is not about a therapy already tried
 * ("after stopping methotrexate"), else the first named anywhere. Null when none is named.
 */
export function requestedDrugFromText(pages: string[][], formulary: FormularyRow[] = [], known: string[] = []): string | null {
  const lines = pages.flat();
  for (const line of lines)
    for (const m of line.matchAll(REQUEST_CUE)) {
      const after = line.slice(m.index + m[0].length, m.index + m[0].length + 48);
      const n = mapToFormularyName(after, formulary, known);
      if (n) return n;
    }
  for (const line of lines) {
    if (HISTORY_CUE.test(line)) continue;
    const n = mapToFormularyName(line, formulary, known);
    if (n) return n;
  }
  for (const page of pages) {
    const n = mapToFormularyName(page.join("\n"), formulary, known);
    if (n) return n;
  }
  return null;
}

/** a drug strength: "6 mg", "80 mg/mL", "100 units/1 mL", "0.05%" */
const STRENGTH_RE = /(\d+(?:\.\d+)?(?:\s*(?:-|or|to)\s*\d+(?:\.\d+)?)?\s*(?:mg|mcg|g|units?|%)(?:\s*\/\s*\d*(?:\.\d+)?\s*mL)?)/i;
/** the header row of a drug-history table: drug, dates, reason stopped / result */
const HISTORY_TABLE_HEADER = /\b(?:dates?|start(?:ed)?\s*[-–/]\s*stop|reason\s+(?:stopped|discontinued)|result|outcome|response)\b/i;

/**
 * A drug label read "below" that is no field: a heading opening with the label word ("Medication
 * Management Follow-up (25 min, in person)" over "Chief complaint: … escitalopram"), or a column of a
 * drug-history table ("Medication | Dose | Start | Stop | Outcome / reason stopped").
 */
function headingOrHistoryColumn(h: FieldHit): boolean {
  if (h.how !== "below") return false;
  const seg = h.line.segs.find((g) => g.toks.includes(h.labelToks[0]));
  const words = seg ? seg.text.replace(/[:\s]+$/, "").split(/\s+/).length : 0;
  if (words > h.labelToks.length + 2) return true;
  return h.line.segs.length >= 3 && HISTORY_TABLE_HEADER.test(h.line.text);
}

function extractMedication(ctx: Ctx): ExtractedMedication {
  const { model, sec } = ctx;
  const M: SectionName[] = ["medication"];
  const cites: Citation[] = [];
  const isDrugText = (v: string) =>
    findDrugMentions(v).length > 0 ||
    formularyNames(ctx).some((n) => new RegExp(`(?<![A-Za-z])${escRe(n)}(?![A-Za-z])`, "i").test(v)) ||
    /\d\s*(?:mg|mcg|mL|units?)\b/i.test(v);
  // a medication list ("CURRENT MEDICATIONS (reconciled this visit)", a "Medication | Sig | Start |
  // Status" column) names what the member takes, never the drug requested
  const medicationList = (h: FieldHit) =>
    MEDICATION_LIST_RE.test(h.line.text) || (h.how === "below" && /\bmedications?\b/i.test(h.line.text) && MEDICATION_LIST_COLUMNS.test(h.line.text));
  const drugHits = [
    ...findLabeled(model, sec, L_DRUG, { sections: M, validate: isDrugText }),
    ...findLabeled(model, sec, L_DRUG, { validate: isDrugText }),
  ].filter((h) => !medicationList(h) && !headingOrHistoryColumn(h));
  const drugHit = drugHits[0] ?? null;
  let asWritten: string | null = null;
  let generic: string | null = null;
  let strength: string | null = null;
  let drugClass: string | null = null;
  let entry: DrugEntry | null = null;
  if (drugHit) {
    // a value read under a label may carry the inline label of the line itself ("Drug name and strength: …")
    asWritten = clean(drugHit.value.replace(NDC_SHAPE, " ").replace(new RegExp(`^\\s*${L_DRUG.source}\\s*[:\\-–]\\s*`, "i"), ""));
    cites.push(hitCite(ctx, drugHit));
    entry = findDrugMentions(asWritten)[0]?.entry ?? null;
    const sm = STRENGTH_RE.exec(asWritten);
    strength = sm ? sm[1].replace(/\s+/g, " ") : null;
  }

  // NDC: labelled, else any NDC-shaped token on a page with the drug
  const knownNdcs = (ctx.opts.formulary ?? []).map((r) => r.ndc).filter((x): x is string => !!x);
  let ndc: string | null = null;
  const ndcHits = [
    ...findLabeled(model, sec, L_NDC, { sections: M, validate: (v) => NDC_SHAPE.test(v) }),
    ...findLabeled(model, sec, L_NDC, { validate: (v) => NDC_SHAPE.test(v) }),
  ];
  for (const h of ndcHits) {
    const m = NDC_SHAPE.exec(h.value)!;
    const n = normalizeNdc(m[1], knownNdcs);
    if (n) {
      ndc = n;
      cites.push(hitCite(ctx, h));
      break;
    }
  }
  if (!ndc) {
    outer: for (const p of model.pages)
      for (const l of p.lines) {
        const m = /(?<![0-9\-])(\d{4,5}-\d{3,4}-\d{1,2})(?![0-9\-])/.exec(l.text);
        if (m) {
          const n = normalizeNdc(m[1], knownNdcs);
          if (n) {
            ndc = n;
            cites.push(cite(model, p.page, l.toks));
            break outer;
          }
        }
      }
  }

  // drug name for scoring: formulary row by NDC, else by name
  const formulary = ctx.opts.formulary ?? [];
  let drugName: string | null = null;
  const byNdc = ndc ? formulary.find((r) => r.ndc && normalizeNdc(r.ndc) === ndc) : undefined;
  if (byNdc) drugName = byNdc.drug_name;
  if (!drugName && asWritten) drugName = mapToFormularyName(asWritten, formulary, ctx.opts.knownDrugNames);
  // The request's own drug line names a drug the plan's formulary does not carry (Humira on a plan
  // listing methotrexate only): the requested drug is the one written there, never a formulary drug
  // named elsewhere on the fax (a prior therapy, a step-therapy history). The page scan below is
  // only for a request with no drug line.
  const writtenMention = asWritten ? findDrugMentions(asWritten)[0] : undefined;
  if (!drugName && asWritten && writtenMention) drugName = titleCase(asWritten.slice(writtenMention.index, writtenMention.index + writtenMention.length));
  if (!drugName) {
    // No drug line (or the form page could not be read): a formulary drug the fax asks for ("RE:
    // Enbrel", "Start etanercept 50 mg"), else the first one named outside a therapy-history clause,
    // else the first one named. A drug named only as tried and stopped ("after stopping
    // methotrexate") is the history, never the request (issue 24, item 1).
    drugName = requestedDrugFromText(
      model.pages.map((p) => p.lines.map((l) => l.text)),
      formulary,
      ctx.opts.knownDrugNames,
    );
  }
  if (!drugName && asWritten) {
    const m = findDrugMentions(asWritten)[0];
    drugName = m ? titleCase(asWritten.slice(m.index, m.index + m.length)) : asWritten.split(/\s+\d/)[0];
  }
  if (!entry && drugName) entry = lookupDrug(drugName);
  if (entry) {
    generic = entry.generic;
    drugClass = entry.classes[0] ?? null;
  }

  const firstVal = (label: RegExp, validate?: (v: string) => boolean, accept: (h: FieldHit) => boolean = () => true) =>
    findLabeled(model, sec, label, { sections: M, validate }).find(accept) ??
    findLabeled(model, sec, label, { validate, sections: ["none", "clinical", "medication", "other"] }).find(accept) ??
    null;
  // a column of a drug-history table ("DRUG NAME | DOSAGE | DATES (start - stop) | REASON STOPPED")
  // describes earlier drugs, never the requested one's directions
  // and a value below a word in running prose ("... higher dosage (specify below: dosage form(s) ...")
  // is whatever line follows the sentence, not a field
  const notHistoryColumn = (h: FieldHit) =>
    !(h.how === "below" && h.line.segs.length >= 3 && HISTORY_TABLE_HEADER.test(h.line.text)) &&
    !(h.how === "below" && (h.line.segs.find((g) => g.toks.includes(h.labelToks[0]))?.text.split(/\s+/).length ?? 0) > 8);
  let sigHit = firstVal(
    /\b(?:Directions(?:\s+for\s+use)?(?:\s*\([^)]*\))?|Dose\s*\/\s*route\s*\/\s*frequency|Dosing\s+instructions|Sig(?:\s+as\s+written)?|Dose\s+and\s+frequency|Dosage)\b/i,
    (v) => /[A-Za-z]{2,}/.test(v) && /\d/.test(v),
    notHistoryColumn,
  );
  // separate boxes ("STRENGTH AND ROUTE OF ADMINISTRATION: 6 mg by mouth" beside "FREQUENCY: once
  // daily", as on the CMS coverage-determination form): the strength box gives the strength, and with
  // the frequency box the directions
  const strengthHit = firstVal(/\bStrength(?:\s+(?:and|&|\/)\s+route(?:\s+of\s+administration)?)?\b/i, (v) => STRENGTH_RE.test(v), notHistoryColumn);
  if (!strength && strengthHit) {
    strength = STRENGTH_RE.exec(strengthHit.value)![1].replace(/\s+/g, " ");
    cites.push(hitCite(ctx, strengthHit));
  }
  let sigText = sigHit ? clean(sigHit.value) : null;
  if (!sigHit && strengthHit) {
    const freq = firstVal(/\bFrequency\b/i, (v) => /[A-Za-z]{3,}/.test(v), notHistoryColumn);
    if (freq && freq.page === strengthHit.page) {
      sigText = clean(`${strengthHit.value} ${freq.value}`);
      sigHit = freq;
      cites.push(hitCite(ctx, strengthHit));
    }
  }
  const qtyHit = firstVal(/(?<![A-Za-z])(?:Quantity|Qty)(?:\s+(?:requested|per\s+fill|dispensed))?(?![A-Za-z])/i, (v) => /\d/.test(v));
  const daysHit = firstVal(/\bDays?[\s']*supply\b/i, (v) => /^\D{0,3}\d{1,3}\b/.test(v));
  const durHit = firstVal(
    /\b(?:(?:Expected\s+)?Duration\s+of\s+therapy(?:\s+requested)?|Length\s+of\s+therapy|Therapy\s+duration|Duration\s+requested|Duration)\b/i,
    (v) => /\d+\s*(?:mo|month|week|wk|year|yr|day)/i.test(v) || /\b(?:one|six|twelve|three)\s+months?\b/i.test(v),
  );
  for (const h of [sigHit, qtyHit, daysHit, durHit]) if (h) cites.push(hitCite(ctx, h));
  let quantity: number | null = null;
  let quantityUnit: string | null = null;
  if (qtyHit) {
    const m = /(\d+(?:\.\d+)?)\s*([A-Za-z][A-Za-z\-]*(?:\s+(?:pens?|syringes?|autoinjectors?))?)?/.exec(qtyHit.value);
    if (m) {
      quantity = Number(m[1]);
      quantityUnit = m[2] && !/^(?:Days?|st|nd|rd|th)$/i.test(m[2]) ? m[2].toLowerCase() : null;
    }
  }
  let days: number | null = null;
  if (daysHit) {
    const m = /(\d{1,3})/.exec(daysHit.value);
    if (m) days = Number(m[1]);
  }
  // one label for both ("Quantity / Days Supply  8 / 30", "Qty / days supply 30 / 30 days"): the
  // first number is the quantity, the second the days supply
  // ("Qty / days  30 / 30", "Qty / DS 30 / 30" as pharmacy claim printouts caption it)
  const COMBINED = /\b(?:Quantity|Qty)\s*\/\s*(?:Days?[\s']*supply|days|DS)\b\W*(\d+(?:\.\d+)?)\s*([A-Za-z][A-Za-z-]*)?\s*\/\s*(\d{1,3})\b/i;
  const combinedLine = model.pages.flatMap((p) => p.lines).find((l) => COMBINED.test(l.text));
  const combined = combinedLine ? COMBINED.exec(combinedLine.text) : null;
  if (combined && combinedLine) {
    cites.push(citeRange(model, combinedLine.page, combinedLine.toks, combined.index, combined.index + combined[0].length));
    quantity = Number(combined[1]);
    quantityUnit = combined[2] && !/^(?:Days?)$/i.test(combined[2]) ? combined[2].toLowerCase() : null;
    days = Number(combined[3]);
  }
  // one label for three or more boxes ("Sig / Qty / DS  12.5mg QD wk1-2, then per pack / 14 / 28"):
  // the value's parts, split where the label is, each read under its own caption
  if (!combined) {
    for (const l of model.pages.flatMap((p) => p.lines)) {
      const g = CAPTION_GROUP_RE.exec(l.text);
      if (!g) continue;
      const captions = g[1].split(/\s*\/\s*/);
      const parts = l.text.slice(g.index + g[0].length).split(/\s+\/\s+/);
      if (!captions.some((c) => /^(?:qty|quantity)$/i.test(c))) continue;
      if (parts.length !== captions.length) {
        // the parts do not line up with the captions: what follows the caption is the first box's
        // value (the directions), never the quantity or the days supply
        const onLine = (h: FieldHit | null) => !!h && h.how === "inline" && h.page === l.page && h.line.text === l.text;
        if (onLine(qtyHit)) quantity = quantityUnit = null;
        if (onLine(daysHit)) days = null;
        break;
      }
      captions.forEach((c, k) => {
        const v = parts[k].trim();
        if (/^(?:qty|quantity)$/i.test(c)) {
          const m = /^(\d+(?:\.\d+)?)\s*([A-Za-z][A-Za-z-]*)?$/.exec(v);
          if (m) {
            quantity = Number(m[1]);
            quantityUnit = m[2] && !/^days?$/i.test(m[2]) ? m[2].toLowerCase() : null;
          }
        } else if (/^(?:ds|days?[\s']*supply)$/i.test(c)) {
          const m = /^(\d{1,3})(?:\s*days?)?$/i.exec(v);
          if (m) days = Number(m[1]);
        } else if (/^(?:sig|directions)$/i.test(c) && /[A-Za-z]{2,}/.test(v)) sigText = clean(v);
      });
      cites.push(citeRange(model, l.page, l.toks, g.index, l.text.length));
      break;
    }
  }
  let months: number | null = null;
  if (durHit) {
    const v = durHit.value
      .replace(/\bone\b/i, "1")
      .replace(/\bthree\b/i, "3")
      .replace(/\bsix\b/i, "6")
      .replace(/\btwelve\b/i, "12");
    const m = /(\d+(?:\.\d+)?)\s*(mo|month|week|wk|year|yr|day)/i.exec(v);
    if (m) {
      const n = Number(m[1]);
      const u = m[2].toLowerCase();
      months = u.startsWith("mo") ? n : u.startsWith("w") ? Math.round((n / 4.345) * 10) / 10 : u.startsWith("y") ? n * 12 : Math.round((n / 30.44) * 10) / 10;
    }
  }
  return {
    drug_name: drugName,
    drug_name_as_written: asWritten,
    generic_name: generic,
    strength,
    dosage: sigText,
    quantity,
    quantity_unit: quantityUnit,
    days_supply: days,
    duration_months: months,
    ndc,
    drug_class: drugClass,
    citations: cites,
  };
}

/** a caption of a prescription box, as forms join three or more under one label ("Sig / Qty / DS") */
const RX_CAPTION = String.raw`(?:Sig|Directions|Qty|Quantity|DS|Days?[\s']*supply|Refills)`;
const CAPTION_GROUP_RE = new RegExp(String.raw`\b(${RX_CAPTION}(?:\s*\/\s*${RX_CAPTION}){2,3})\b[\s:]*`, "i");

// ---------------------------------------------------------------------------------------------
// Diagnoses

// "ICD-10(-CM)" as OCR reads it: one of C/D garbled ("Icp-10", "IGD-10", "1CD-1O") is tolerated
// because the "-10" that must follow keeps the label specific
const ICD_MARK = "[I1l|](?:[C¢cG(eo][A-Za-z0-9]|[A-Za-z¢(][D0Oo])\\s?[-–]?\\s?[1lI|][0O](?:\\s?[-–]?\\s?CM)?";
const L_ICD = new RegExp(
  `(?:\\b(?:Primary|Secondary|Other)\\s+(?:relevant\\s+)?(?:diagnos[ie]s\\s+)?)?(?<![A-Za-z0-9])${ICD_MARK}(?:\\s+codes?(?:\\s*\\(s\\))?)?|\\bDiagnosis\\s+codes?\\b|\\bDx\\s+codes?\\b`,
  "i",
);
// "Diagnosis" with common OCR damage ("Diaghosis", "Diagnosls", "Dlagnosis")
const DIAGNOSIS_WORD = "D[il1][ao][gq][nhr]?[o0][s5][il1e][s5]";
const L_DX = new RegExp(
  `\\b(?:(?:Primary|Secondary|Other(?:\\s+relevant)?)\\s+)?(?:${DIAGNOSIS_WORD}|diagnoses|Dx)\\b(?:\\s*\\((?:description|name)\\))?`,
  "i",
);
// candidate codes; the 2nd character also admits letters OCR substitutes for digits (B→8, G→6, D/Q→0)
const ICD_IN_TEXT = /(?<![A-Za-z0-9])([A-TV-Z0-9|£€][0-9OIlSZ|BGDQ][0-9OIlSZ|]?[0-9A-Z]?\s?[.,·]\s?[0-9A-Z]{1,4}|[A-TV-Z][0-9]{2}[0-9A-Z]?)(?![A-Za-z0-9])/g;
// a dotted code with one character too many before the dot ("JB82.83"), for repairIcd10Insertion
const ICD_OVERLONG = /(?<![A-Za-z0-9])([A-TV-Z0-9|£€][0-9A-Z|]{3}[.,·][0-9A-Z]{1,4})(?![A-Za-z0-9])/g;

/** every ICD-10-CM prefix of the condition dictionary (built on first use) */
let ALL_ICD_PREFIXES: string[] | null = null;

/**
 * ICD-10-CM prefixes that could confirm a repaired code: those of the conditions named in `context`
 * (the diagnosis description next to the code), else every prefix the condition dictionary knows.
 */
export function icdConfirmer(context: string): (code: string) => boolean {
  const named = conditionsNamedIn(context);
  const prefixes = named.length ? named.flatMap((c) => c.icd10) : (ALL_ICD_PREFIXES ??= CONDITIONS.flatMap((c) => c.icd10));
  return (code) => prefixes.some((p) => code.startsWith(p));
}

export function codesIn(v: string, strict: boolean, context?: string): { code: string; index: number; length: number }[] {
  const out: { code: string; index: number; length: number }[] = [];
  ICD_IN_TEXT.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = ICD_IN_TEXT.exec(v))) {
    const raw = m[1];
    if (strict && !/[.,·]/.test(raw)) continue;
    if (!/[.,·]/.test(raw) && !/^[A-Z£€]\d{2}$/.test(raw)) continue;
    // a bare number like "125.10" is only a code when the first char is a confusable for a letter
    if (/^\d/.test(raw) && !/^[01]/.test(raw)) continue;
    if (/^\d+[.,]\d+$/.test(raw) && !/^[01]\d{2}[.,]/.test(raw)) continue;
    const code = normalizeIcd10(raw);
    if (code && ICD10_SHAPE.test(code)) out.push({ code, index: m.index, length: raw.length });
  }
  // a code that lost its letter ("50.813" beside "Crohn's disease"): the letter the condition named
  // beside it confirms — only when a condition is named (never from the whole dictionary)
  // the confirmer reads the context's conditions: built once, and only when a candidate needs it
  let confirmer: ((code: string) => boolean) | null = null;
  const confirm = (code: string) => (confirmer ??= icdConfirmer(context!))(code);
  if (context !== undefined && conditionsNamedIn(context).length) {
    for (const m of v.matchAll(/(?<![A-Za-z0-9.])(\d{2}[0-9A-Z]?\.[0-9A-Z]{1,4})(?![A-Za-z0-9])/g)) {
      const a = m.index!;
      if (out.some((o) => o.index <= a && o.index + o.length > a)) continue;
      const code = repairIcd10MissingLetter(m[1], confirm);
      if (code) out.push({ code, index: a, length: m[1].length });
    }
  }
  // over-long categories: keep a one-character-deletion repair confirmed by the condition dictionary
  if (context !== undefined) {
    ICD_OVERLONG.lastIndex = 0;
    while ((m = ICD_OVERLONG.exec(v))) {
      const a = m.index;
      const b = a + m[1].length;
      if (out.some((o) => o.index < b && o.index + o.length > a)) continue;
      const code = repairIcd10Insertion(m[1], confirm);
      if (code) out.push({ code, index: a, length: m[1].length });
    }
    out.sort((x, y) => x.index - y.index);
  }
  return out;
}

function extractDiagnoses(ctx: Ctx): ExtractedDiagnosis[] {
  const { model, sec } = ctx;
  const out: ExtractedDiagnosis[] = [];
  const seen = new Set<string>();
  const icdHits = findLabeled(model, sec, L_ICD, { validate: (v) => codesIn(v, false, "").length > 0, maxBelow: 1 });
  const dxHits = findLabeled(model, sec, L_DX, {
    validate: (v) =>
      /[A-Za-z]{4,}/.test(v) &&
      !/^(?:ICD|code|(?:(?:Primary|Secondary|Other)(?:\s+relevant)?\s+)?diagnos[ie]s\b|Drugs?\s+previously|Medications?\s+tried)/i.test(v),
    maxBelow: 1,
  })
    // (a value taken from the line below that is itself a labelled field, "Plan: start therapy", is not a diagnosis)
    .filter((h) => !(h.how === "below" && /^[A-Z][A-Za-z /&]{0,24}:/.test(h.value)))
    .filter(
      (h) =>
        !/\?/.test(h.line.text) &&
        !/^\(/.test(h.value) &&
        !/\b(?:tried|previously|for\s+this)\b[^:]*$/i.test(h.line.text.slice(0, h.line.text.indexOf(h.labelToks[0]?.text ?? "") + 1)),
    );
  // primary description
  const descs = dxHits.map((h) => ({ h, text: clean(h.value.replace(new RegExp(`${ICD_MARK}.*$`, "i"), "")) }));
  // text a code was written next to (its own row and nearby diagnosis descriptions): confirms OCR repairs
  const contextOf = (h: FieldHit) => {
    const pm = model.pages.find((p) => p.page === h.page);
    const row = pm?.lines.find((l) => h.toks.length && l.toks.includes(h.toks[0]));
    const near = descs.filter((d) => d.h.page === h.page && Math.abs(d.h.line.index - h.line.index) <= 2).map((d) => d.text);
    return [row?.text ?? "", h.line.text, ...near].join(" ; ");
  };
  const add = (code: string, h: FieldHit, primaryLabel: boolean, index: number, length: number, ordinal = 0) => {
    if (seen.has(code)) return;
    seen.add(code);
    const c = citeRange(model, h.page, h.toks, index, index + length);
    const desc =
      descs.find(
        (d) =>
          d.h.page === h.page && Math.abs(d.h.line.index - h.line.index) <= 2 && /primary/i.test(d.h.labelToks.map((t) => t.text).join(" ")) === primaryLabel,
      ) ?? descs.find((d) => d.h.page === h.page && Math.abs(d.h.line.index - h.line.index) <= 2);
    let description: string | null = desc ? desc.text : null;
    if (description && description.includes(";")) {
      const parts = description
        .split(";")
        .map((s) => s.trim())
        .filter(Boolean);
      // "A; B" next to "code1; code2": the n-th code of a cell takes the n-th description
      description = parts[Math.min(ordinal, parts.length - 1)] ?? description;
    }
    out.push({ code, description, primary: false, citations: [c, ...(desc ? [cite(model, desc.h.page, desc.h.toks)] : [])] });
  };
  for (const h of icdHits) {
    const labelText = h.labelToks.map((t) => t.text).join(" ");
    const primaryLabel = !/\b(?:Secondary|Other)\b/i.test(labelText) && !/\b(?:Secondary|Other)\b/i.test(h.line.text.slice(0, 60));
    codesIn(h.value, false, contextOf(h)).forEach((c, i) => add(c.code, h, primaryLabel, c.index, c.length, i));
  }
  if (!out.length) {
    // diagnosis text with codes inline, e.g. "Diagnosis: RA (M05.79)"
    for (const d of dxHits) codesIn(d.value, true, d.value).forEach((c, i) => add(c.code, d, true, c.index, c.length, i));
  }
  if (!out.length) {
    // glued text ("unspecifiedICD-10: Z86.73, I73.9"): codes after a literal ICD-10 marker
    for (const p of model.pages)
      for (const l of p.lines) {
        const m = new RegExp(`${ICD_MARK}[^:]{0,12}:\\s*`, "i").exec(l.text);
        if (!m) continue;
        const base = m.index + m[0].length;
        const fake: FieldHit = { page: p.page, value: l.text.slice(base), toks: l.toks, labelToks: [], line: l, how: "inline", section: "none" };
        for (const c of codesIn(fake.value, false, l.text)) add(c.code, { ...fake, value: l.text }, true, base + c.index, c.length);
      }
  }
  // codes written in the letter or chart notes: "ulcerative colitis (K51.911)", "ICD-10 E66.812, Z68.37";
  // only letter-first codes with a dot, never on NDC / NPI / lab-reference / procedure-code lines
  for (const p of model.pages) {
    for (const l of p.lines) {
      if (/\b(?:ndc|npi|dea|loinc|cpt|hcpcs|ref(?:erence)?\.?\s*(?:range|interval)|specimen|accession|lot)\b/i.test(l.text)) continue;
      const hit: FieldHit = { page: p.page, value: l.text, toks: l.toks, labelToks: [], line: l, how: "inline", section: "none" };
      for (const c of codesIn(l.text, true, l.text).filter((c) => {
        const raw = l.text.slice(c.index, c.index + c.length);
        // a clean code, or one whose lost letter the condition named on the line confirmed
        return /^[A-TV-Z]\d{2}\.[0-9A-Z]{1,4}$/.test(raw) || (/^\d{2}[0-9A-Z]?\.[0-9A-Z]{1,4}$/.test(raw) && c.code.endsWith(raw));
      }))
        add(c.code, hit, false, c.index, c.length);
    }
  }
  if (out.length) out[0].primary = true;
  if (!out.length && descs.length && !/\b(?:ICD|code|codes|tried|previously)\b/i.test(descs[0].text) && descs[0].text.split(/\s+/).length >= 2) {
    const d = descs[0];
    out.push({ code: null, description: d.text, primary: true, citations: [cite(model, d.h.page, d.h.toks)] });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Therapies

const INADEQUATE =
  /\b(?:inadequate|insufficient|ineffective|not\s+effective|no\s+(?:benefit|response|improvement|change|reduction|meaningful)|failed|failure|fail(?:ed)?|not\s+controlled|uncontrolled|still\s+\w+|persist\w*|partial|(?:minimal|limited|little|modest)\s+(?:improvement|benefit|response)|did\s+not\s+(?:help|work|respond)|without\s+(?:meaningful\s+)?(?:benefit|improvement|response)|wasn'?t\s+doing|above\s+goal|refractory|lack\s+of\s+(?:efficacy|response)|not\s+at\s+goal|worsen\w*|inadequately)\b/i;
const INTOLERANCE =
  /\b(?:intoleran\w*|not\s+tolerated|side[\s-]effects?|adverse|myalgias?|myopathy|nausea|vomiting|rash|bradycardia|hypoglycemi\w*|transaminitis|elevated\s+(?:LFTs?|ALT|AST|liver)|hepatotox\w*|palpitations|GI\s+upset|diarrhea|fatigue|sedation|grogginess|drowsiness|somnolence|cognitive\s+(?:slowing|side)|dizziness|hair\s+loss|alopecia|paresthesias?|cytopenia|allerg\w*|reaction|CK\s+\d+)\b/i;
const CONTRA = /\bcontraindicat\w*\b/i;
const ONGOING = /\b(?:present|current(?:ly)?|ongoing|continu\w*|still\s+on|to\s+date|now)\b/i;
const STOP = /\b(?:stopped|d\/c'?d?|discontinued|dc'?d|stop(?:ping)?|quit)\b/i;

function classifyOutcome(text: string): TherapyOutcome {
  if (CONTRA.test(text)) return "contraindication";
  const inad = INADEQUATE.test(text);
  const intol = INTOLERANCE.test(withoutDeniedAdverseEffects(text));
  const stopFor = /\b(?:stopped|d\/c|discontinued|dc)\b[^.;]{0,40}\b(?:because|due|for|after|secondary)\b/i.test(text) || /\bD\/C\s*[-–:]/i.test(text);
  if (intol && (stopFor || !inad)) return "intolerance";
  if (inad) return "inadequate_response";
  if (intol) return "intolerance";
  // "Skyrizi stopped 03/2025, no biologic now": a stated stop outranks a present-tense word nearby
  if (ONGOING.test(text) && !STOP.test(text)) return "ongoing";
  return "unknown";
}

const DOSE =
  /(\d+(?:[.,]\d+)?\s*(?:->|→|to|-)\s*)?\d+(?:[.,]\d+)?\s*(?:mg|mcg|g|units?|u|%|mL)\b(?!\s*\/\s*min)(?:\s*\/\s*(?:day|d|wk|week|mL))?(?:\s*(?:PO|SC|SQ|IV|IM|topical))?(?:\s*(?:daily|weekly|BID|TID|QID|QD|QHS|q\s?\d+\s?(?:h|hr|wk|weeks?|d)|once\s+(?:daily|weekly)|twice\s+daily|every\s+other\s+week|nightly|monthly|prn))?/i;
const DURATION =
  /(?:~|≈|about|approx(?:imately|\.)?|roughly|over|>|≥|at\s+least)?\s*(\d+(?:\.\d+)?)\s*(?:\+\s*)?(days?|d\b|weeks?|wks?|w\b|months?|mos?\b|years?|yrs?)\b/i;

function durationDays(text: string): { days: number; index: number; length: number } | null {
  const re = new RegExp(DURATION.source, "gi");
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const before = text.slice(Math.max(0, m.index - 12), m.index);
    // skip "x 4 wks then", ages ("41 yo"), and frequency forms ("every 2 weeks", "q2 weeks", "/month")
    if (/(?:every|q|per|\/)\s*$/i.test(before)) continue;
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 8);
    if (/^\s*(?:old|ago|later|after)/i.test(after)) continue;
    const n = Number(m[1]);
    const u = m[2].toLowerCase();
    const days = u.startsWith("d") ? n : u.startsWith("w") ? n * 7 : u.startsWith("m") ? Math.round(n * 30) : Math.round(n * 365);
    if (days <= 0 || days > 365 * 30) continue;
    return { days, index: m.index, length: m[0].length };
  }
  return null;
}

interface RangeInfo {
  start: string | null;
  end: string | null;
  endIsPresent: boolean;
  startHit?: DateSpan;
  endHit?: DateSpan;
}

const MON = "(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?";
const MONTH_NUM: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };

function dateRange(text: string, requestDate: string | null): RangeInfo | null {
  // "Jun 1 - Jul 27, 2026": the year is written once, after the end date
  const md = new RegExp(`\\b${MON}\\s+(\\d{1,2})\\s*(?:-|–|to|through)\\s*${MON}\\s+(\\d{1,2}),?\\s+(\\d{4})\\b`, "i").exec(text);
  if (md) {
    const y = +md[5];
    const m1 = MONTH_NUM[md[1].toLowerCase()];
    const m2 = MONTH_NUM[md[3].toLowerCase()];
    const p2 = (n: number) => String(n).padStart(2, "0");
    const start = `${m1 > m2 ? y - 1 : y}-${p2(m1)}-${p2(+md[2])}`;
    const end = `${y}-${p2(m2)}-${p2(+md[4])}`;
    if (parseDate(start) && parseDate(end)) return { start, end, endIsPresent: false };
  }
  const hits = findDates(text, { partial: true });
  const present = /(?:-|–|to|through|until|thru)\s*(?:present|current|now|ongoing|today)\b/i.exec(text);
  const since = /\b(?:since|started(?:\s+on)?|start(?:ed)?\s+date:?|from)\s*$/i;
  for (let i = 0; i < hits.length; i++) {
    const a = hits[i];
    const b = hits[i + 1];
    const between = b ? text.slice(a.index + a.length, b.index) : "";
    if (b && /^\s*(?:-|–|to|through|thru|until)\s*$/i.test(between)) {
      const end = b.precision === "month" ? endOfMonth(b.start) : b.precision === "year" ? b.start.slice(0, 4) + "-12-31" : b.start;
      return { start: a.start, end, endIsPresent: false, startHit: a, endHit: b };
    }
    if (present && present.index >= a.index + a.length && present.index - (a.index + a.length) < 4) {
      return { start: a.start, end: requestDate, endIsPresent: true, startHit: a };
    }
    if (since.test(text.slice(Math.max(0, a.index - 20), a.index))) {
      return { start: a.start, end: requestDate, endIsPresent: true, startHit: a };
    }
  }
  return null;
}

interface TherapyDraft extends PriorTherapy {
  generic: string;
  source: "form" | "list" | "note" | "contra";
}

function therapyFromText(
  text: string,
  requestDate: string | null,
  cites: Citation[],
  source: TherapyDraft["source"],
  entry: DrugEntry,
  drugText: string,
  forceOutcome?: TherapyOutcome,
): TherapyDraft {
  const afterDrug = text.slice(text.toLowerCase().indexOf(drugText.toLowerCase()) + drugText.length);
  const dm = DOSE.exec(afterDrug.slice(0, 60));
  const range = dateRange(text, requestDate);
  const dur = durationDays(text.replace(/\b(?:x|for)\s*(\d)/gi, " $1"));
  let days: number | null = null;
  if (dur) days = dur.days;
  else if (range?.start && range.end) days = Math.max(0, daysBetween(range.start, range.end));
  const outcome = forceOutcome ?? classifyOutcome(text.replace(new RegExp(escRe(drugText), "i"), ""));
  return {
    drug_name: drugText.replace(/\s+/g, " "),
    generic: entry.generic,
    dose: dm ? dm[0].trim() : null,
    start_date: range?.start ?? null,
    end_date: range?.end ?? null,
    duration_days: days,
    outcome,
    citations: cites,
    source,
  };
}

/** Splits a row / list into drug-anchored items: each item starts at a dictionary drug mention. */
function splitByDrug(text: string, requested: string | null): { entry: DrugEntry; drugText: string; item: string; offset: number }[] {
  const ms = findDrugMentions(text).filter((m) => m.entry.generic !== requested);
  const out: { entry: DrugEntry; drugText: string; item: string; offset: number }[] = [];
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i];
    // keep "atorvastatin 80 + ezetimibe 10" split; merge consecutive mentions of the same drug
    if (out.length && out[out.length - 1].entry.generic === m.entry.generic) continue;
    const next = ms.slice(i + 1).find((x) => x.entry.generic !== m.entry.generic);
    let end = next ? next.index : text.length;
    // a ";" boundary ends the item early
    const semi = text.slice(m.index, end).search(/;\s/);
    if (semi > 0) end = m.index + semi;
    out.push({ entry: m.entry, drugText: text.slice(m.index, m.index + m.length), item: text.slice(m.index, end), offset: m.index });
  }
  return out;
}

function lineText(l: Line): string {
  return l.text;
}

/** a therapy table row's date range: "03/02/2026 - 08/24/2026", "01/2024 - present", "2018 - 2019" */
const TABLE_ROW_RANGE_RE =
  /\d{1,2}\/(?:\d{1,2}\/)?\d{2,4}\s*[-–]\s*(?:\d{1,2}\/(?:\d{1,2}\/)?\d{2,4}|present|current|ongoing)|\b(?:19|20)\d{2}\s*[-–]\s*(?:(?:19|20)\d{2}|present|current|ongoing)\b/i;

/**
 * "etanercept 50 mg weekly 11/2025-07/2026", "adalimumab 2019-2023": a span of months or years written
 * right after the drug that ended before the request (any end when the request is not dated) — a past
 * course, never a concurrent drug.
 */
function closedSpanBefore(item: string, requestDate: string | null): boolean {
  const end = closedSpanEnd(item);
  return end !== null && (!requestDate || end < requestDate.slice(0, 7));
}

function extractTherapies(ctx: Ctx, requestDate: string | null, requestedGeneric: string | null): { prior: PriorTherapy[]; concurrent: PriorTherapy[] } {
  const { model } = ctx;
  const drafts: TherapyDraft[] = [];
  const concurrent: TherapyDraft[] = [];

  for (const p of model.pages) {
    const lines = p.lines;
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      // (a) prior-therapy table: header row naming tried/previous drugs
      if (
        /\b(?:tried|previous(?:ly)?|prior|failed)\b/i.test(l.text) &&
        /\b(?:medications?|drugs?|therap(?:y|ies)|agents?)\b/i.test(l.text) &&
        !/\?/.test(l.text) &&
        !/list\s+drug/i.test(l.text) &&
        !isUnansweredFormLine(l.text) &&
        // (a pharmacy claim's reject message — "608 Step Therapy, Alternate Drug Therapy Required Prior to
        // Use of Submitted Product" — heads no table of drugs tried)
        !/^\s*\d{2,3}\s+[A-Z]|\brequired prior to use\b/i.test(l.text)
      ) {
        for (let j = i + 1; j < Math.min(lines.length, i + 12); j++) {
          const r = lines[j];
          // (a row whose claim dispensed nothing — "reversed", "rejected: PA required", "never picked up" — is no trial)
          if (isUnansweredFormLine(r.text) || UNDISPENSED_RE.test(r.text)) continue;
          if (
            /\b(?:Pertinent|Relevant|Attachments?|Clinical rationale|Additional|Lab(?:oratory)?\s+(?:values|results)|REVIEW|ATTESTATION)\b/i.test(
              r.segs[0]?.text ?? "",
            ) ||
            (findDrugMentions(r.text).length === 0 && /^[A-Z][a-z]+(?:\s+[a-z]+){1,6}\b.*[:(]/.test(r.text))
          )
            break;
          for (const it of splitByDrug(lineText(r), requestedGeneric)) {
            drafts.push(
              therapyFromText(it.item, requestDate, [citeRange(model, p.page, r.toks, it.offset, it.offset + it.item.length)], "form", it.entry, it.drugText),
            );
          }
        }
      }
      // (b) "list drug(s) ... :" answers (may wrap onto the next line)
      const listM = /\b(?:list|specify|name)\b[^:]{0,60}\b(?:drugs?|medications?|therap(?:y|ies)|agents?)\b[^:]{0,60}:\s*/i.exec(l.text);
      if (listM) {
        let text = l.text.slice(listM.index + listM[0].length);
        const toks = [...l.toks];
        const base = listM.index + listM[0].length;
        const nxt = lines[i + 1];
        let joined = l.text;
        if (nxt && !/^\s*\d+\.\s/.test(nxt.text) && !/\?/.test(nxt.text) && !/^(?:If yes|Specialty)/i.test(nxt.text)) {
          text += " " + nxt.text;
          toks.push(...nxt.toks);
          joined = l.text + " " + nxt.text;
        }
        for (const it of splitByDrug(text, requestedGeneric)) {
          const off = base + it.offset;
          drafts.push(therapyFromText(it.item, requestDate, [citeRange(model, p.page, toks, off, off + it.item.length)], "list", it.entry, it.drugText));
        }
        void joined;
      }
      // (c) contraindication explanations
      const contraM = /\b(?:If yes,?\s*explain|contraindication(?:s)?(?:\s+to[^:]{0,40})?)\s*:\s*/i.exec(l.text);
      if (contraM && /contraindicat/i.test(l.text.slice(contraM.index + contraM[0].length))) {
        const text = l.text.slice(contraM.index + contraM[0].length);
        for (const it of splitByDrug(text, requestedGeneric)) {
          const off = contraM.index + contraM[0].length + it.offset;
          const d = therapyFromText(
            it.item,
            requestDate,
            [citeRange(model, p.page, l.toks, off, off + it.item.length)],
            "contra",
            it.entry,
            it.drugText,
            CONTRA.test(it.item) ? "contraindication" : undefined,
          );
          drafts.push(d);
        }
      }
      // (d) concurrent: "If yes, which: Will continue X"
      const whichM =
        /\b(?:If yes,?\s*which|used\s+(?:together|concurrently)\s+with|concurrent(?:ly)?\s+(?:with|on)|in\s+combination\s+with)\b[^:]{0,20}:\s*/i.exec(l.text);
      if (whichM) {
        const text = l.text.slice(whichM.index + whichM[0].length);
        for (const it of splitByDrug(text, requestedGeneric)) {
          const off = whichM.index + whichM[0].length + it.offset;
          concurrent.push(
            therapyFromText(it.item, requestDate, [citeRange(model, p.page, l.toks, off, off + it.item.length)], "list", it.entry, it.drugText, "ongoing"),
          );
        }
      }
    }
  }

  /** a form's request for the drug history ("List drug, dose and dates", "at least 4 weeks each") */
  const FORM_HISTORY_REQUEST_RE =
    /\b(?:list|provide|give|include|specify)\s+(?:the\s+)?(?:drugs?|medications?|agents?|therap(?:y|ies))\b[^.]{0,40}\b(?:doses?|dates?|durations?|outcomes?)\b|\bat least \d+ (?:weeks?|months?|days?) each\b/i;
  /** whether `at` of `text` stands inside parentheses opened before it and not closed */
  const insideParentheses = (text: string, at: number) => {
    const before = text.slice(0, at);
    return (before.match(/\(/g) ?? []).length > (before.match(/\)/g) ?? []).length;
  };
  // a line ending in a bare form answer ("… cyclosporine No", "… ? Yes")
  const BARE_ANSWER_END = /[a-z?)]\s+(?:Yes|No|None|N\/A|Unknown)\s*$/;
  // (e) narrative notes: sentences with a drug and trial language
  const noteSentences: { text: string; page: number; toks: Tok[]; offset: number }[] = [];
  for (const p of model.pages) {
    // a form's own questions and unchecked options are not the patient's history
    // (and the wrapped part of such a question: "(aripiprazole, lurasidone, olanzapine, [ ] Yes [X] No" /
    // "quetiapine, risperidone, ziprasidone), at least 4 weeks each")
    const stating = withWrappedQuestions(
      p.lines,
      p.lines.map((l) => isUnansweredFormLine(l.text)),
    );
    const pageLines = p.lines.filter((_l, i) => !stating[i]);
    const joinedToks: Tok[] = pageLines.flatMap((l) => l.toks);
    const text = joinedToks.map((t) => t.text).join(" ");
    // a list item ("- No prior biologic") or a section heading ("CURRENT MEDICATIONS") starts a new
    // sentence even without a full stop before it
    // so does a prior-therapy table row (a line with a date range) and the line after it: one row's
    // "Partial response; continuing" is not about the drug in the next row
    const cuts: number[] = [];
    let at = 0;
    let prevRow = false;
    for (const l of pageLines) {
      const lt = l.toks.map((t) => t.text).join(" ");
      const row = TABLE_ROW_RANGE_RE.test(lt);
      if (at > 0 && (row || prevRow || /^[-•*▪◦]\s/.test(lt) || /^[A-Z][A-Z0-9 /&,()-]{3,}:?$/.test(lt))) cuts.push(at);
      // a form's question row ends with its answer ("Concurrent biologic or cyclosporine No"): the next
      // line is another question, never the same sentence
      prevRow = row || BARE_ANSWER_END.test(lt);
      at += lt.length + (l.toks.length ? 1 : 0);
    }
    const re = /[^.!?]+(?:[.!?](?=\s+[A-Z(]|$)|$)/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      const bounds = [m.index, ...cuts.filter((c) => c > m!.index && c < m!.index + m![0].length), m.index + m[0].length];
      for (let k = 0; k + 1 < bounds.length; k++) {
        const piece = text.slice(bounds[k], bounds[k + 1]);
        if (piece.trim().length < 8) continue;
        noteSentences.push({ text: piece, page: p.page, toks: joinedToks, offset: bounds[k] });
      }
    }
  }
  const TRIAL =
    /\b(?:tried|trial|failed|started|since|stopped|discontinued|d\/c|for\s+(?:~|about|approximately)?\s*\d+|\d+\s*(?:weeks?|wks?|months?|mos?)|contraindicat\w*|intoleran\w*|despite|on\s+\w+\s+since|continue[ds]?|was\s+(?:on|treated)|inadequate\s+response|no\s+response|not\s+tolerated|relapse[ds]?)\b|\d{1,2}\/(?:\d{1,2}\/)?\d{2,4}\s*[-–]\s*(?:\d{1,2}\/(?:\d{1,2}\/)?\d{2,4}|present|current)|\b(?:19|20)\d{2}\s*[-–]\s*(?:(?:19|20)\d{2}|present)\b/i;
  for (const s of noteSentences) {
    if (!TRIAL.test(s.text)) continue;
    // a form's numbered item that asks for data, with its answer after the colon ("3. Total months of
    // relugolix or elagolix therapy (Myfembree, Orilissa, Oriahnn) to date, and months requested:
    // Myfembree since 03/10/2026"): the drugs of the caption are the form's words, not the answer's
    const caption =
      /^\s*(?:\(?\d{1,2}[.)]\s*|[a-z][.)]\s+)?[A-Z][^:?.]{0,200}\b(?:to date|requested|total|list|name|specify|indicate|which)\b[^:?.]{0,80}:\s+(?!(?:yes|no|y|n)\b)/.exec(
        s.text,
      );
    // a form's caption naming the qualifying drugs in parentheses and asking for the history ("Inadequate
    // response or adverse reaction to TWO preferred antipsychotics (aripiprazole, lurasidone, …), at
    // least 4 weeks each. List drug, dose and dates."): the drugs in its parentheses are the form's
    // options, never therapies taken
    const asksForHistory = FORM_HISTORY_REQUEST_RE.test(s.text);
    for (const it of splitByDrug(s.text, requestedGeneric)) {
      if (caption && it.offset < caption[0].length - 1) continue;
      if (asksForHistory && insideParentheses(s.text, it.offset)) continue;
      if (!TRIAL.test(it.item) && !TRIAL.test(s.text.slice(0, it.offset))) continue;
      // "never on anti-TNF, vedolizumab or ustekinumab": not a therapy the patient had
      if (isNegated(s.text.toLowerCase(), it.offset)) continue;
      // a question row answered "No" ("Concurrent biologic, azathioprine or cyclosporine No"): the
      // drugs it names are the question's, and the answer says none of them is taken
      if (/\b(?:no|none)\s*$/i.test(s.text) && BARE_ANSWER_END.test(s.text.trim())) continue;
      const ctxText = it.item;
      const d = therapyFromText(
        ctxText,
        requestDate,
        [citeRange(model, s.page, s.toks, s.offset + it.offset, s.offset + it.offset + it.item.length)],
        "note",
        it.entry,
        it.drugText,
      );
      if (
        /\b(?:continue[ds]?|continuing|remain\s+on|add(?:ing)?\s+to|in\s+addition\s+to)\b/i.test(s.text) &&
        // (the continuation of an earlier clause — "methotrexate since 2017 (continued); adalimumab
        // 2019-2023" — is not this drug's; nor is a drug with a closed span of years a current one)
        /\b(?:continue[ds]?|continuing|remain\s+on)\b[^.;]{0,60}$/i.test(s.text.slice(0, it.offset + it.drugText.length)) &&
        !closedSpanBefore(it.item, requestDate)
      )
        concurrent.push({ ...d, outcome: "ongoing" });
      if (d.duration_days == null && d.start_date == null && d.outcome === "unknown") continue;
      drafts.push(d);
    }
  }

  // merge per drug: structured rows win, notes fill gaps
  const merged = new Map<string, TherapyDraft>();
  const rank = { form: 0, list: 1, contra: 1, note: 2 } as const;
  for (const d of drafts.sort((a, b) => rank[a.source] - rank[b.source])) {
    const cur = merged.get(d.generic);
    if (!cur) {
      merged.set(d.generic, { ...d, citations: [...d.citations] });
      continue;
    }
    if (d.source === "contra" && d.outcome === "contraindication") cur.outcome = "contraindication";
    if (cur.dose == null && d.dose) cur.dose = d.dose;
    if (cur.start_date == null && d.start_date) {
      cur.start_date = d.start_date;
      cur.end_date = cur.end_date ?? d.end_date;
    }
    // explicit durations in notes ("about 14 weeks") are more precise than month-granular ranges
    if (
      d.duration_days != null &&
      (cur.duration_days == null ||
        (d.source === "note" && durationIsExplicit(d) && !durationIsExplicit(cur) && Math.abs(d.duration_days - cur.duration_days) < 45))
    )
      cur.duration_days = d.duration_days;
    if ((cur.outcome === "unknown" || cur.outcome === "ongoing") && d.outcome !== "unknown" && d.outcome !== "ongoing") cur.outcome = d.outcome;
    if (cur.citations.length < 4) cur.citations.push(...d.citations.slice(0, 1));
  }
  const strip = (d: TherapyDraft): PriorTherapy => ({
    drug_name: d.drug_name,
    dose: d.dose,
    start_date: d.start_date,
    end_date: d.end_date,
    duration_days: d.duration_days,
    outcome: d.outcome,
    citations: d.citations,
  });
  const concurrentMerged = new Map<string, TherapyDraft>();
  for (const c of concurrent) if (!concurrentMerged.has(c.generic)) concurrentMerged.set(c.generic, c);
  return { prior: [...merged.values()].map(strip), concurrent: [...concurrentMerged.values()].map(strip) };
}

function durationIsExplicit(d: TherapyDraft): boolean {
  return d.citations.some((c) => DURATION.test(c.text));
}

// ---------------------------------------------------------------------------------------------
// Labs

/**
 * Lab values and clinical measures written anywhere in the fax (forms, notes, lab reports), one per
 * measure, value and date, read with the same measure vocabulary the reviewer uses.
 */
function extractLabs(doc: ParsedDocument, requestDate: string | null, documentName: string): LabValue[] {
  const idx = buildCaseIndex(doc, requestDate, documentName);
  const out: LabValue[] = [];
  for (const m of MEASURES) {
    for (const v of measureValues(idx, m)) {
      const unitM =
        /^\s*(%|mg\/dL|mmol\/L|mL\/min(?:\/1\.73\s?m2|\/1\.73m²)?|cells\/(?:u|µ|mc|μ)L|\/(?:u|µ|mc|μ)L|U\/L|IU\/mL|mm\/hr|g\/dL|ug\/g|mcg\/g|mg\/g|kg\/m2|kg|lb|ng\/mL|ng\/dL|pg\/mL|ppb|mg\/L|min(?:utes)?|points?)/i.exec(
          v.unitText,
        );
      const key = `${m.name}|${v.value}|${v.date}`;
      if (out.some((o) => `${o.name}|${o.value}|${o.date}` === key)) continue;
      out.push({
        name: m.name,
        value: v.value,
        value_text: `${v.value}${unitM ? " " + unitM[1] : ""}`,
        unit: unitM ? unitM[1] : m.unit,
        date: v.date,
        citations: [v.citation],
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Notes

const NOTE_PATTERNS = [
  /\bsee\s+(?:the\s+)?attached\b[^.;\n]*/i,
  /\b(?:notes?|records?|documentation|labs?|results?)\s+(?:are\s+|is\s+)?(?:attached|enclosed|to\s+follow|will\s+(?:be\s+)?(?:faxed|sent))\b[^.;\n]*/i,
  /\b(?:pending|not\s+yet\s+(?:received|available|done|drawn)|awaiting|ordered\s+(?:today)?|have\s+been\s+requested|requested\s+from)\b[^.;\n]*/i,
  /\b(?:unknown|unable\s+to\s+(?:recall|confirm)|does\s+not\s+remember|not\s+documented|no\s+records?)\b[^.;\n]*/i,
];

function extractNotes(ctx: Ctx): CaseFacts["notes"] {
  const out: CaseFacts["notes"] = [];
  for (const p of ctx.model.pages)
    for (const l of p.lines) {
      for (const re of NOTE_PATTERNS) {
        const m = re.exec(l.text);
        if (!m) continue;
        if (/\bconfidential|intended recipient|documents accompanying\b/i.test(l.text)) continue;
        const start = Math.max(0, l.text.lastIndexOf(".", m.index) + 1);
        const c = citeRange(ctx.model, p.page, l.toks, start, m.index + m[0].length);
        if (!out.some((o) => o.citations[0].page === p.page && o.citations[0].start === c.start)) out.push({ text: c.text.trim(), citations: [c] });
        break;
      }
    }
  return out;
}

// ---------------------------------------------------------------------------------------------

/** a caption-less claim form's practitioner (item 31 with the 24J NPI, else a DK ordering provider) over the text reading */
function rowsPractitioner(doc: ParsedDocument, documentName: string, base: ExtractedPractitioner): ExtractedPractitioner {
  const r = readCms1500RowsPractitioner(doc, documentName);
  if (!r) return base;
  const parts = r.name.split(/\s+/);
  const npi = r.npi ?? base.npi;
  return {
    ...base,
    full_name: r.name,
    first_name: parts[0] ?? null,
    last_name: parts.length > 1 ? parts[parts.length - 1] : null,
    credential: r.credential,
    npi,
    npi_valid: npi ? isValidNpi(npi) : null,
    citations: r.citations,
  };
}

/**
 * Extracts structured CaseFacts from a parsed fax.
 *
 * @param doc  page text + word boxes (text layer or OCR); offsets in citations index into page text.
 * @param opts documentName for citations; formulary / knownDrugNames to map the requested drug to
 *             the plan's formulary name (medication.drug_name) — the as-written name is kept in
 *             medication.drug_name_as_written.
 * @returns CaseFacts; fields that cannot be found are null / empty. Never throws on odd input.
 *          Dates are ISO YYYY-MM-DD, NDC is 5-4-2, NPI 10 digits (npi_valid reports the CMS check).
 */
export function extractCaseFacts(doc: ParsedDocument, opts: ExtractOptions = {}): CaseFacts {
  const model = buildModel(doc, opts.documentName ?? "fax");
  const ctx: Ctx = { model, sec: sectionMap(model), opts };
  // a claim on the CMS-1500 grid: patient (boxes 1a, 2, 3), referring/rendering/billing NPI (17b, 24J,
  // 33a) and diagnoses (21 A–L) are read from their boxes; every other fact as for any fax
  const grid = readCms1500(doc, opts.documentName ?? "fax");
  const patient = grid ? gridPatient(grid, extractPatient(ctx)) : extractPatient(ctx);
  const practitioner = grid ? gridPractitioner(grid, extractPrescriber(ctx)) : rowsPractitioner(doc, opts.documentName ?? "fax", extractPrescriber(ctx));
  const medication = extractMedication(ctx);
  // a scanned form whose captions dropped out has no grid: box 21 is the code line above the item-24 rows
  const boxed = grid?.diagnoses.length ? grid : { ...(grid ?? ({} as Cms1500Reading)), diagnoses: readCms1500DiagnosisRows(doc, opts.documentName ?? "fax") };
  const diagnoses = boxed.diagnoses.length ? gridDiagnoses(boxed as Cms1500Reading, extractDiagnoses(ctx)) : extractDiagnoses(ctx);
  const req = readRequestDate(model, ctx.sec, patient.birth_date);
  const urg = readUrgency(model);
  const requestedGeneric = medication.generic_name ?? (medication.drug_name ? (lookupDrug(medication.drug_name)?.generic ?? null) : null);
  const { prior, concurrent } = extractTherapies(ctx, req.date, requestedGeneric);
  const labs = extractLabs(doc, req.date, opts.documentName ?? "fax");
  const notes = extractNotes(ctx);
  if (req.citations.length) notes.unshift({ text: `Request date ${req.date} (${req.source.replace(/_/g, " ")})`, citations: req.citations });
  if (urg.urgency === "expedited") notes.unshift({ text: "Expedited/urgent review requested", citations: urg.citations });
  if (grid?.prior_authorization)
    notes.push({ text: `Prior authorization number ${grid.prior_authorization.value} (CMS-1500 box 23)`, citations: grid.prior_authorization.citations });
  return {
    request_date: req.date,
    request_date_source: req.source,
    urgency: urg.urgency,
    patient,
    practitioner,
    medication,
    diagnoses,
    prior_therapies: prior,
    concurrent_therapies: concurrent,
    labs,
    notes,
  };
}
