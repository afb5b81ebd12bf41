/**
 * Who the request is for and when it was sent: the member ID (by its label and the plan's ID
 * pattern, never another ID printed near it), the patient's name in forms and letters, and the
 * request date with where it was read (fax header, received stamp, form date, letter date,
 * signature date — never a date of birth).
 */
import type { Citation, RequestDateSource, RosterMember } from "../contracts";
import { cite, citeRange, toksInRange, type DocModel, type Line } from "../text/layout";
import { findLabeled, type SectionName } from "../text/fields";
import { daysBetween, findDates } from "../codes/dates";
import { LETTER_TO_DIGIT } from "../codes/ocr";

// ─────────────────────────────────────────────────────────────────────────────────────────────
// member ID

/** The character-class shape of an ID: "905338847C" → "D9L1", "GLM40401187" → "L3D8". */
export function idShape(id: string): string {
  let out = "";
  let cur = "";
  let n = 0;
  for (const ch of id.toUpperCase()) {
    const k = /[0-9]/.test(ch) ? "D" : /[A-Z]/.test(ch) ? "L" : "X";
    if (k === cur) n++;
    else {
      if (cur) out += cur + n;
      cur = k;
      n = 1;
    }
  }
  return cur ? out + cur + n : "";
}

/** The ID shapes the plan's roster uses (learned from its member IDs). */
export function planIdShapes(roster: RosterMember[]): Set<string> {
  return new Set(roster.map((m) => idShape(m.member_id.replace(/[\s-]/g, ""))).filter(Boolean));
}

const DIGIT_TO_LETTER: Record<string, string> = { "0": "O", "1": "I", "2": "Z", "4": "A", "5": "S", "6": "G", "7": "T", "8": "B" };

/**
 * Reads a raw token as a member ID of one of `shapes`, repairing OCR confusions position by
 * position (a digit where the shape has a letter, a letter where it has a digit). Null when the
 * token cannot take any of the shapes.
 */
export function coerceToShape(raw: string, shapes: Set<string>): string | null {
  const t = raw.toUpperCase().replace(/[\s-]/g, "");
  for (const shape of shapes) {
    const kinds: string[] = [];
    for (const m of shape.matchAll(/([DLX])(\d+)/g)) for (let i = 0; i < Number(m[2]); i++) kinds.push(m[1]);
    if (kinds.length !== t.length) continue;
    // OCR slips a letter or two, never every one: a token with no letter where the shape has letters
    // ("62541020230", an NDC, for L3D8) is another number
    const letterAt = kinds.map((k, i) => (k === "L" ? i : -1)).filter((i) => i >= 0);
    if (letterAt.length >= 2 && letterAt.filter((i) => /[A-Z]/.test(t[i])).length * 2 < letterAt.length) continue;
    let out = "";
    let ok = true;
    for (let i = 0; i < t.length && ok; i++) {
      const ch = t[i];
      if (kinds[i] === "D") {
        const d = /[0-9]/.test(ch) ? ch : (LETTER_TO_DIGIT[ch] ?? LETTER_TO_DIGIT[ch.toLowerCase()]);
        if (d && /[0-9]/.test(d)) out += d;
        else ok = false;
      } else if (kinds[i] === "L") {
        const l = /[A-Z]/.test(ch) ? ch : DIGIT_TO_LETTER[ch];
        if (l) out += l;
        else ok = false;
      } else out += ch;
    }
    if (ok) return out;
  }
  return null;
}

const MEMBER_ID_LABEL =
  /\b(?:(?:Member|Subscriber|Medicaid|Medicare|Insured|Enrollee|Beneficiary|Recipient|Policy(?:holder)?|Patient|Health\s*plan|Cardholder|Plan|Cigna|Aetna|UHC|BCBS)\b[^:\n]{0,22}?(?<![A-Za-z]))?(?:[I1l|\[]D|I\.D\.|identification)\s*(?:#|No\.?|Number)?(?![A-Za-z])|\bMBI\b|\b(?:Member|Medicaid|Medicare|Subscriber|Beneficiary|Recipient|Enrollee|Insured)\s*(?:#|No\.?|Number)|\bPolicy\s*(?:#|No\.?|Number)/i;
const OTHER_ID_LABEL =
  /\b(?:DEA|NPI|NDC|Group|Grp|Tax|TIN|EIN|License|MRN|Medical record|Chart|Accession|Reference|Ref|CLIA|BIN|PCN|Rx\s*(?:Group|Grp|BIN|PCN)|RxGRP|Account|Acct|Claim|Case|PA\s*#|Auth|Order|Lot|Req(?:uisition)?|Specimen|Phone|Fax|Tel|Prescriber|Provider|Pharmacy|NCPDP|Encounter|Visit|Invoice)\b/i;

/** Tokens that can be IDs: 5–20 characters with at least four digits (or OCR digit look-alikes). */
function idTokens(v: string): string[] {
  return v
    .split(/\s+/)
    .map((t) => t.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, ""))
    .filter(
      (t) =>
        t.length >= 5 &&
        t.length <= 20 &&
        t.replace(/[^0-9OoIl|SB]/g, "").length >= 4 &&
        !/^\d{1,2}[/-]\d/.test(t) &&
        !/^\(?\d{3}\)?[-.]?\d{3}-?\d{4}$/.test(t),
    );
}

export interface MemberIdReading {
  id: string;
  citation: Citation;
  /** "label+shape": labelled and of the plan's shape; "label": labelled only; "shape": an unlabelled token of the plan's shape */
  how: "label+shape" | "label" | "shape";
}

/**
 * The member ID: a value under a member-ID label (never one under a group, BIN, PCN, MRN, phone…
 * label), read in the plan's ID shape when the roster teaches one; else the only token in the whole
 * fax that has the plan's shape and sits on a line that names the patient or an ID. Null when
 * nothing qualifies.
 */
export function readMemberId(model: DocModel, sec: Map<string, SectionName>, roster: RosterMember[]): MemberIdReading | null {
  const r = readMemberIdRaw(model, sec, roster);
  if (!r) return r;
  // the plan's own spelling of the same ID ("K44719035-01" for a read "K4471903501")
  const bare = (x: string) => x.replace(/[^A-Za-z0-9]/g, "").toUpperCase();
  const spelled = roster.find((m) => bare(m.member_id) === bare(r.id));
  return spelled ? { ...r, id: spelled.member_id } : r;
}

function readMemberIdRaw(model: DocModel, sec: Map<string, SectionName>, roster: RosterMember[]): MemberIdReading | null {
  const shapes = planIdShapes(roster);
  const P: SectionName[] = ["patient"];
  const hits = [
    ...findLabeled(model, sec, MEMBER_ID_LABEL, { sections: P, validate: (v) => idTokens(v).length > 0 }),
    ...findLabeled(model, sec, MEMBER_ID_LABEL, { validate: (v) => idTokens(v).length > 0 }),
  ].filter((h) => {
    const label = h.labelToks.map((t) => t.text).join(" ");
    if (OTHER_ID_LABEL.test(label)) return false;
    // a bare "ID" is another identifier's when the words just before it name one ("Order ID",
    // "Group ID", "MRN ID"); a label that names the member ("Subscriber ID") stands whatever else the
    // line carries ("MRN: HHN-7730418 Subscriber ID: 10422819")
    if (/\b(?:member|subscriber|medicaid|medicare|insured|enrollee|beneficiary|recipient|policy|patient|plan|cardholder|participant|client|mbi)\b/i.test(label))
      return true;
    const at = h.labelToks[0] ? h.line.toks.indexOf(h.labelToks[0]) : -1;
    const before =
      at > 0
        ? h.line.toks
            .slice(Math.max(0, at - 2), at)
            .map((t) => t.text)
            .join(" ")
        : h.line.text.slice(0, Math.max(0, h.line.text.indexOf(h.labelToks[0]?.text ?? "")));
    return !OTHER_ID_LABEL.test(before) && !/\b(?:group|grp|bin|pcn|rx\s*grp|mrn|dea)\b/i.test(before);
  });
  const byValue = new Map<string, { n: number; c: Citation; shaped: boolean }>();
  for (const [i, h] of hits.entries()) {
    for (const tok of idTokens(h.value).slice(0, 1)) {
      const shaped = shapes.size ? coerceToShape(tok, shapes) : null;
      const id = shaped ?? tok.toUpperCase();
      const v = byValue.get(id) ?? { n: 0, c: cite(model, h.page, h.toks), shaped: !!shaped };
      v.n += (i === 0 ? 1.5 : 1) + (shaped ? 2 : 0);
      byValue.set(id, v);
    }
  }
  const best = [...byValue.entries()].sort((a, b) => b[1].n - a[1].n)[0];
  if (best && (best[1].shaped || !shapes.size)) return { id: best[0], citation: best[1].c, how: best[1].shaped ? "label+shape" : "label" };
  // an unlabelled token of the plan's shape on a line about the patient ("Medicaid 950985492R", OCR-garbled label)
  if (shapes.size) {
    const found = new Map<string, Citation>();
    for (const p of model.pages) {
      for (const l of p.lines) {
        for (const [ti, t] of l.toks.entries()) {
          // in a cell labelled as another identifier (and not the member's): not the member ID
          const seg = l.segs.find((g) => g.toks.includes(t));
          const cell = seg?.text ?? l.text;
          if (OTHER_ID_LABEL.test(cell) && !/\b(?:member|medicaid|medicare|subscriber|beneficiary|id)\b/i.test(cell)) continue;
          const raw = t.text.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, "");
          if (raw.length < 5 || raw.replace(/[^0-9]/g, "").length < 4) continue;
          // a number right after another identifier's label ("NPI 1358146920", "Phone ...") is that identifier
          if (
            OTHER_ID_LABEL.test(
              l.toks
                .slice(Math.max(0, ti - 2), ti)
                .map((x) => x.text)
                .join(" "),
            )
          )
            continue;
          const id = coerceToShape(raw, shapes);
          if (!id) continue;
          // a date, phone or NDC read as an ID is not one
          if (/^\d{8}$/.test(raw) && /^(?:19|20)\d{2}|\d{2}(?:19|20)\d{2}$/.test(raw)) continue;
          if (!found.has(id)) found.set(id, cite(model, p.page, [t]));
        }
      }
    }
    if (found.size === 1) {
      const [id, c] = [...found.entries()][0];
      return { id, citation: c, how: "shape" };
    }
  }
  // a labelled value that does not fit the plan's shape: kept as read (the roster lookup will tell)
  if (best) return { id: best[0], citation: best[1].c, how: "label" };
  return null;
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// names in letters

const NAME_WORD = "[A-Z][a-zA-Z'’-]+";
const CREDENTIAL = "(?:MD|M\\.D\\.|DO|D\\.O\\.|NP|FNP-C|FNP|ANP|AGNP|DNP|APRN|CNP|NP-C|PA-C|PA|PharmD|MBBS|PhD)";

/**
 * The patient named in a letter: "Patient: Name, DOB …", "Name, DOB mm/dd/yyyy", "Name • DOB …",
 * "RE: … for Ms. Name". Returns the name text and its citation, or null.
 */
export function letterPatientName(model: DocModel): { name: string; citation: Citation } | null {
  const res = [
    new RegExp(
      `(?:\\b(?:patient|member|participant|enrollee|recipient|client|re|pt)(?:\\s*[:.-]\\s*|\\s+)|^)(${NAME_WORD}(?:\\s+[A-Z]\\.?)?\\s+${NAME_WORD}(?:\\s+${NAME_WORD})?)\\s*(?:[,;•·+«|*(-]|\\s)\\s*(?:DOB|D\\.O\\.B\\.?|date of birth|born)\\b`,
      "i",
    ),
    new RegExp(`\\b(?:patient|member)\\s*(?:name)?\\s*:\\s*(${NAME_WORD}(?:\\s+[A-Z]\\.?)?\\s+${NAME_WORD})`),
    new RegExp(`\\bfor (?:my patient,? )?(?:Mr|Ms|Mrs|Miss|Mx)\\.?\\s+(${NAME_WORD}(?:\\s+${NAME_WORD})?)`),
    new RegExp(`\\bmy patient,? (?:Mr\\.?|Ms\\.?|Mrs\\.?|Miss )?\\s*(${NAME_WORD}\\s+${NAME_WORD})`),
  ];
  for (const re of res) {
    for (const p of model.pages) {
      for (const l of p.lines) {
        const m = re.exec(l.text);
        if (!m) continue;
        const name = m[1].trim();
        if (/\b(?:Date|Birth|Member|Patient|Medicaid|Prior|Request|Pharmacy|Health|Plan)\b/.test(name)) continue;
        const at = l.text.indexOf(name);
        return { name, citation: citeRange(model, p.page, l.toks, at, at + name.length) };
      }
    }
  }
  return null;
}

/** a date of birth written beside the sex in a banner: "09/30/1996 (F)", "DOB 05/14/1985 Female" */
const BANNER_BIRTH_RE = /\b(\d{1,2}\/\d{1,2}\/\d{4})\s*(?:\((?:F|M|Female|Male)\)|(?:Female|Male)\b|,?\s*(?:F|M)\b(?!\/))/;
const BANNER_DOB_LABEL_RE = /\bDOB\b\s*:?\s*(\d{1,2}\/\d{1,2}\/\d{4})/;
/**
 * "Fields, Monique", "OKONKWO, RENATA A" at a line's start, ended by the line's end or the banner's
 * next field — a label, the age ("QUINTANA, Marisol   35 yo F   DOB 05/17/1991"), or the date of birth itself ("Hoffmann, Brianna   06/11/1997 (F)   Coverage: …")
 */
const BANNER_NAME_RE = new RegExp(
  `^\\s*(${NAME_WORD}(?:[ -]${NAME_WORD})?),\\s*(${NAME_WORD})(?:\\s+[A-Z]\\.?)?(?=\\s*$|\\s*\\||\\s+(?:[A-Z][A-Za-z]*\\s*:|PCP|MRN|Sponsor|DOB|Age|Sex|Female|Male)\\b|\\s+\\d{1,3}\\s*(?:yo|y\\/o|y\\.o\\.|years?\\s+old|yrs?)\\b|\\s+\\d{1,2}\\/\\d{1,2}\\/\\d{4}\\s*(?:\\((?:F|M|Female|Male)\\)|Female\\b|Male\\b|[FM]\\b(?!\\/)))`,
);

/**
 * The patient of an EHR printout's banner: one of a page's first lines starts with the name written
 * "LAST, FIRST" ("Fields, Monique   PCP: …", "OKONKWO, RENATA   Sponsor: self"), and that line or one
 * of the two after it carries a date of birth beside the sex ("09/30/1996 (F) MRN …", "DOB 05/14/1985
 * Female"), which is what makes it a patient's banner (a provider's "Haddad, Omar MD" has no such
 * line). Returns the name as written, the date of birth read there (MM/DD/YYYY as written) and
 * citations, or null.
 */
export function bannerPatient(
  model: DocModel,
): { first: string; last: string; birth: string | null; nameCitation: Citation; birthCitation: Citation | null } | null {
  for (const p of model.pages) {
    const lines = p.lines.slice(0, 6);
    for (let i = 0; i < lines.length; i++) {
      const m = BANNER_NAME_RE.exec(lines[i].text);
      if (!m || new RegExp(`^${CREDENTIAL}$`).test(m[2])) continue;
      for (const l of lines.slice(i, i + 3)) {
        const rest = l === lines[i] ? l.text.slice(m[0].length) : l.text;
        const b = BANNER_BIRTH_RE.exec(rest) ?? BANNER_DOB_LABEL_RE.exec(rest);
        if (!b) continue;
        const nameAt = lines[i].text.indexOf(m[1]);
        const birthAt = l.text.indexOf(b[1], l === lines[i] ? m[0].length : 0);
        return {
          first: m[2],
          last: m[1],
          birth: b[1],
          nameCitation: citeRange(model, p.page, lines[i].toks, nameAt, nameAt + m[0].trim().length),
          birthCitation: citeRange(model, p.page, l.toks, birthAt, birthAt + b[1].length),
        };
      }
    }
  }
  return null;
}

/**
 * The prescriber who signed a letter: the "Name, MD" line after "Sincerely," / "Respectfully," /
 * "Thank you", or "Electronically signed by Name, MD". Returns the name line, the specialty written
 * under it (when it names one) and citations.
 */
export function letterSigner(model: DocModel): { name: string; credential: string | null; next: string | null; citation: Citation } | null {
  const signed = new RegExp(
    `(?:electronically signed by|signed by|signature:)\\s*(?:Dr\\.?\\s+)?(${NAME_WORD}(?:\\s+[A-Z]\\.?)?\\s+${NAME_WORD}),?\\s*(${CREDENTIAL})?`,
    "i",
  );
  // a surname of two or three words ("Samuel Ah Nee, MD", "Maria de la Cruz, MD") is one name
  const nameLine = new RegExp(
    `^(?:Dr\\.?\\s+)?(${NAME_WORD}(?:\\s+[A-Z]\\.?)?(?:\\s+(?:(?:de|del|la|van|von|der|da|di|le)\\s+)*${NAME_WORD}){1,2}(?:-${NAME_WORD})?),?\\s+(${CREDENTIAL})\\b`,
  );
  // the typed name over the signature line that repeats it ("Daniel Oshiro" / "Daniel Oshiro, M [X]" as
  // the OCR read a credential): a name in a signature block, credential or not
  const plainName = new RegExp(`^(${NAME_WORD}(?:\\s+[A-Z]\\.?)?(?:\\s+${NAME_WORD}){1,2})\\s*$`);
  // "Dr." before a full name is as good as a credential after it (an OCR-damaged "M [X]" is none)
  const titled = new RegExp(`^Dr\\.?\\s+(${NAME_WORD}(?:\\s+[A-Z]\\.?)?\\s+${NAME_WORD}(?:-${NAME_WORD})?)\\s*(?:,|$)`);
  const signerName = (text: string): { 0: string; 1: string; 2: string | null } | null => {
    const m = nameLine.exec(text);
    if (m) return { 0: m[0], 1: m[1], 2: m[2] };
    const t = titled.exec(text);
    return t ? { 0: t[0], 1: t[1], 2: null } : null;
  };
  for (const p of model.pages) {
    for (let i = 0; i < p.lines.length; i++) {
      const l = p.lines[i];
      const s = signed.exec(l.text);
      if (s) return { name: s[1], credential: s[2] ?? null, next: null, citation: cite(model, p.page, l.toks) };
      const closing = /^(?:sincerely|respectfully|regards|best regards|thank you|yours truly|kind regards)\b[,.:]?\s*/i.exec(l.text.trim());
      if (!closing) continue;
      // the name on the closing's own line ("Sincerely, Dr. Ann Lee, MD, Cardiology"), as a letter
      // flattened to one line by the sender's system or the OCR prints it
      const rest = l.text.trim().slice(closing[0].length);
      const same = rest ? signerName(rest) : null;
      if (same) {
        const at = l.text.indexOf(rest);
        const after = rest.slice(same[0].length).replace(/^[,;]\s*/, "");
        return {
          name: same[1],
          credential: same[2],
          next: after || (p.lines[i + 1]?.text ?? null),
          citation: citeRange(model, p.page, l.toks, at, at + same[0].length),
        };
      }
      for (let j = i + 1; j < Math.min(p.lines.length, i + 4); j++) {
        const m = signerName(p.lines[j].text.trim());
        if (m) return { name: m[1], credential: m[2], next: p.lines[j + 1]?.text ?? null, citation: cite(model, p.page, p.lines[j].toks) };
        const plain = plainName.exec(p.lines[j].text.trim());
        const again = plain && p.lines[j + 1]?.text.trim().startsWith(`${plain[1]},`);
        if (plain && again) return { name: plain[1], credential: null, next: p.lines[j + 2]?.text ?? null, citation: cite(model, p.page, p.lines[j].toks) };
      }
    }
  }
  return null;
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// request date

/** A fax transmission header or footer line: page counter, FROM/TO, a sending time, ">>". */
const FAX_LINE =
  /(?:\bP(?:AGE|age|g|G)?\.?\s*:?\s*\d{1,3}\s*(?:\/|OF|of)\s*\d{1,3}\b|\bPAGE\s*\d+\s*OF|\bFROM\s*:|\bTO\s*:|>>|\bPage\s*:\s*\d|\bfax\b.*\b\d{1,2}:\d{2}\b|\bP\.\d{3}\/\d{3}\b)/i;

export interface RequestDateReading {
  date: string | null;
  source: RequestDateSource;
  citations: Citation[];
}

/**
 * The date the request was sent (see the module comment). Every date that is a birth date —
 * labelled DOB/birth, or equal to `birthDate` — is skipped. Sources in order of trust: the fax
 * header/footer (the transmission date), a RECEIVED stamp, a labelled request/submission date, a
 * letter's date line, the date beside the prescriber's signature.
 */
export function readRequestDate(model: DocModel, sec: Map<string, SectionName>, birthDate: string | null): RequestDateReading {
  const isBirth = (l: Line, d: string) => d === birthDate || /\b(?:dob|d\.o\.b|birth|born)\b/i.test(l.text);
  const votes = new Map<string, { n: number; c: Citation; src: RequestDateSource }>();
  const add = (d: string, c: Citation, src: RequestDateSource, w: number) => {
    const v = votes.get(`${src}|${d}`) ?? { n: 0, c, src };
    v.n += w;
    votes.set(`${src}|${d}`, v);
  };
  for (const p of model.pages) {
    const edge = new Set([...p.lines.slice(0, 3), ...p.lines.slice(-3)].map((l) => l.index));
    for (const l of p.lines) {
      const dates = findDates(l.text);
      if (!dates.length) continue;
      const d = dates[0];
      if (isBirth(l, d.start)) continue;
      const c = citeRange(model, p.page, l.toks, d.index, d.index + d.length);
      if (/\bRECEIVED\b|\brec'?d\b/i.test(l.text)) add(d.start, c, "received_stamp", 1);
      else if (
        edge.has(l.index) &&
        (FAX_LINE.test(l.text) || /\b\d{1,2}\s?[:;.]\s?\d{2}\s*(?:AM|PM)?\b/i.test(l.text.replace(d.text, ""))) &&
        !/\b(?:printed|generated|updated|revised|rev\.|effective|copyright)\b/i.test(l.text)
      )
        add(d.start, c, "fax_header", 1);
    }
  }
  // a labelled request date on the form
  for (const h of findLabeled(
    model,
    sec,
    /\b(?:Date\s+(?:submitted|of\s+request|sent|requested)|Request(?:ed)?\s+date|Submission\s+date|Fax\s+date|Date\s+of\s+submission)\b/i,
    { validate: (v) => findDates(v).length > 0 },
  )) {
    const d = findDates(h.value)[0];
    if (d && d.start !== birthDate) add(d.start, cite(model, h.page, h.toks), "form_date", 1);
  }
  // a letter's date line ("October 22, 2026" alone near the top of a page)
  for (const p of model.pages) {
    for (const l of p.lines.slice(0, 14)) {
      const d = findDates(l.text)[0];
      if (
        d &&
        d.index < 3 &&
        !/[A-Za-z]/.test(l.text.replace(d.text, "")) &&
        l.text.replace(d.text, "").replace(/[^0-9]/g, "").length <= 2 &&
        !isBirth(l, d.start)
      )
        add(d.start, citeRange(model, p.page, l.toks, d.index, d.index + d.length), "letter_date", 1);
    }
  }
  // the date beside the prescriber's signature ("Prescriber signature  Date" with the date above or beside it)
  for (const h of findLabeled(model, sec, /\b(?:Date(?:\s+signed)?|Signature\s+date)\b/i, { validate: (v) => findDates(v).length > 0 })) {
    if (
      !/signature|signed|prescriber|physician|provider/i.test(h.line.text) &&
      !/signature/i.test(model.pages.find((p) => p.page === h.page)?.lines[h.line.index + 1]?.text ?? "")
    )
      continue;
    const d = findDates(h.value)[0];
    if (d && d.start !== birthDate) add(d.start, cite(model, h.page, h.toks), "signature_date", 1);
  }
  for (const p of model.pages) {
    for (const l of p.lines) {
      const next = p.lines[l.index + 1];
      // a date written on the blank above a bare "Date" label at the signature block
      const bareLabel =
        !!next && /^\W*date\W*$/i.test(next.text.trim()) && l.text.replace(findDates(l.text)[0]?.text ?? "", "").replace(/[^A-Za-z0-9]/g, "").length <= 2;
      if (!next || (!bareLabel && (!/\bsignature\b/i.test(next.text) || !/\bdate\b/i.test(next.text)))) continue;
      const d = findDates(l.text)[0];
      if (d && !isBirth(l, d.start)) add(d.start, citeRange(model, p.page, l.toks, d.index, d.index + d.length), "signature_date", 1);
    }
  }
  // a date written above a "Date" label of a form's signature block (value above label)
  for (const p of model.pages) {
    const toks = p.lines.flatMap((l) => l.toks);
    for (const l of p.lines) {
      for (const d of findDates(l.text)) {
        const dt = toksInRange(l.toks, d.index, d.index + d.length);
        if (!dt.length) continue;
        const x0 = Math.min(...dt.map((t) => t.x));
        const x1 = Math.max(...dt.map((t) => t.x + t.w));
        const y1 = Math.max(...dt.map((t) => t.y + t.h));
        const label = toks.find(
          (t) =>
            /^date:?$/i.test(t.text) &&
            t.y > y1 - 1 &&
            t.y - y1 < 3 * Math.max(4, dt[0].h) &&
            t.x < x1 &&
            t.x + t.w > x0 &&
            !/^\s*(?:of\b|birth)/i.test(p.text.slice(t.end, t.end + 8)),
        );
        if (label && !isBirth(l, d.start)) add(d.start, citeRange(model, p.page, l.toks, d.index, d.index + d.length), "signature_date", 1);
      }
    }
  }
  // a request is sent after the care it documents: a "request date" that most dated entries of the
  // fax come months after (a date of birth or an old date read as the request date) is not one
  const documented = model.pages.flatMap((p) =>
    p.lines.flatMap((l) =>
      /\b(?:dob|d\.o\.b|birth|born)\b/i.test(l.text)
        ? []
        : findDates(l.text)
            .filter((d) => d.precision === "day" && d.start !== birthDate)
            .map((d) => d.start),
    ),
  );
  const plausible = (date: string) => documented.filter((d) => daysBetween(date, d) > 90).length <= documented.length / 2;
  const order: RequestDateSource[] = ["fax_header", "received_stamp", "form_date", "letter_date", "signature_date"];
  for (const src of order) {
    const ranked = [...votes.entries()].filter(([, v]) => v.src === src).sort((a, b) => b[1].n - a[1].n);
    const best = ranked.find(([k]) => plausible(k.split("|")[1]));
    if (best) return { date: best[0].split("|")[1], source: src, citations: [best[1].c] };
  }
  // nothing says when the fax was sent: the latest date of care its documents record (a visit, a
  // lab, a report — never a birth date or a planned appointment) is a lower bound of it
  let latest: { date: string; c: Citation } | null = null;
  for (const p of model.pages) {
    for (const l of p.lines) {
      if (
        /\b(?:dob|d\.o\.b|birth|born|follow[- ]?up|next (?:visit|appointment)|return (?:visit|in)|schedul\w*|appointment|due|expir\w*|effective|revised|updated|printed|copyright)\b/i.test(
          l.text,
        )
      )
        continue;
      for (const d of findDates(l.text)) {
        if (d.precision !== "day" || d.start === birthDate || !/^(?:19|20)\d\d-/.test(d.start)) continue;
        if (!latest || d.start > latest.date) latest = { date: d.start, c: citeRange(model, p.page, l.toks, d.index, d.index + d.length) };
      }
    }
  }
  if (latest) return { date: latest.date, source: "latest_document", citations: [latest.c] };
  return { date: null, source: "none", citations: [] };
}

const CHECKED = String.raw`(?:\[\s*[xX✓✔]\s*\]|☒|☑|■|\(\s*[xX]\s*\))`;
const UNCHECKED = String.raw`(?:\[\s*\]|☐|□|\(\s*\))`;

/**
 * Standard or expedited: a checked "Urgent/Expedited" box or "Yes" to an urgent-review question,
 * or a statement that expedited review is requested. An unchecked box or "No" is standard.
 */
export function readUrgency(model: DocModel): { urgency: "standard" | "expedited"; citations: Citation[] } {
  for (const p of model.pages) {
    for (const l of p.lines) {
      const t = l.text;
      const q = /\b(?:urgent|expedited|exigent)\b[^?\n]{0,40}\?/i.exec(t);
      if (q) {
        const rest = t.slice(q.index + q[0].length);
        // "[ ] Yes [X] No": a box belongs to the answer after it; "Yes [X]" only on forms with boxes after answers
        const boxFirst = new RegExp(`(?:${CHECKED}|${UNCHECKED})\\s*(?:Yes|No)\\b`, "i").test(rest);
        const yes = boxFirst ? new RegExp(`${CHECKED}\\s*Yes\\b`, "i").test(rest) : new RegExp(`\\bYes\\s*${CHECKED}`, "i").test(rest);
        if (yes) return { urgency: "expedited", citations: [citeRange(model, p.page, l.toks, q.index, t.length)] };
        continue;
      }
      const box = new RegExp(`${CHECKED}\\s*(?:Urgent|Expedited|Exigent)\\b`, "i").exec(t);
      if (box) return { urgency: "expedited", citations: [citeRange(model, p.page, l.toks, box.index, box.index + box[0].length)] };
      if (new RegExp(`${UNCHECKED}\\s*(?:Urgent|Expedited)`, "i").test(t)) continue;
      const st =
        /\b(?:expedited|urgent)\s+(?:review|request|determination)\s+(?:is\s+)?requested\b(?!\s*\?)|\bthis is an? (?:urgent|expedited) request\b|\bplease expedite\b/i.exec(
          t,
        );
      if (st) return { urgency: "expedited", citations: [citeRange(model, p.page, l.toks, st.index, st.index + st[0].length)] };
    }
  }
  return { urgency: "standard", citations: [] };
}
