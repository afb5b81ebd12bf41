/**
 * Dev harness: extraction + eligibility on every case of an evaluation set, scored per field
 * against expected.json. Run: npx tsx app/engine/extract/harness.ts /work/shared/eval/dev [case-id…]
 * Page text: for the dev set, /tmp/engine-text/cases/<id>.json (the app's intake output) when
 * present; otherwise the fax is parsed with the app's own parser (parseDocument from
 * app/documents/parse-pdf.server.ts: text layer, or tesseract OCR at 300 dpi with checkbox marks) and
 * cached per set in /tmp/engine-text-sets/<set-name>-<hash>/<id>.json. Pass --no-cache to re-parse.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";
import type { FormularyRow, ParsedDocument, RosterMember } from "../types";
import { extractCaseFacts } from "./extract-case";
import { checkEligibility } from "../eligibility/check-eligibility";
import { ndcDigits } from "./ids";

const setDir = process.argv[2] ?? "/work/shared/eval/dev";
const only = process.argv.slice(3).filter((a) => !a.startsWith("--"));
const verbose = process.argv.includes("--verbose");
const manifest = JSON.parse(readFileSync(path.join(setDir, "manifest.json"), "utf8"));
const roster: RosterMember[] = manifest.members;
const formulary: FormularyRow[] = manifest.formulary;
const known: string[] = (manifest.policies ?? []).flatMap((p: { drug_names: string[] }) => p.drug_names);

// README case table → eligibility expectation (denied on eligibility = mentions coverage/roster)
const readme = existsSync(path.join(setDir, "README.md")) ? readFileSync(path.join(setDir, "README.md"), "utf8") : "";
const ineligible = new Set<string>();
for (const line of readme.split("\n")) {
  const m = /^\|\s*(case-\d+)\s*\|.*\|\s*denied\s*\|.*(?:coverage ended|not on the (?:plan )?roster|not covered on|eligibility)/i.exec(line);
  if (m) ineligible.add(m[1]);
}

// /tmp/engine-text is keyed by case id only and holds the dev set's intake output: use it for that set only
const isDevSet = /[\\/]eval[\\/]dev[\\/]?$/.test(path.resolve(setDir));
const noCache = process.argv.includes("--no-cache");
const cacheDir = path.join(
  "/tmp/engine-text-sets",
  `${path.basename(path.resolve(setDir))}-${createHash("sha1").update(path.resolve(setDir)).digest("hex").slice(0, 8)}`,
);
let parsedWithApp = false;

async function loadDoc(id: string): Promise<{ doc: ParsedDocument; source: string }> {
  const pdf = new Uint8Array(readFileSync(path.join(setDir, "cases", id, "fax.pdf")));
  const a = `/tmp/engine-text/cases/${id}.json`;
  if (isDevSet && !noCache && existsSync(a)) return { doc: JSON.parse(readFileSync(a, "utf8")), source: "engine-text" };
  const hash = createHash("sha1").update(pdf).digest("hex").slice(0, 12);
  const b = path.join(cacheDir, `${id}-${hash}.json`);
  if (!noCache && existsSync(b)) return { doc: JSON.parse(readFileSync(b, "utf8")), source: "app-parse (cached)" };
  const { parseDocument } = await import("../../documents/parse-pdf.server");
  const doc = await parseDocument(pdf);
  parsedWithApp = true;
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(b, JSON.stringify(doc));
  return { doc, source: "app-parse" };
}

const norm = (v: unknown) => (v == null ? "" : String(v).toLowerCase().replace(/\s+/g, " ").trim());
const normDate = (v: unknown) => {
  const s = norm(v);
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  return m ? `${m[3]}-${m[1].padStart(2, "0")}-${m[2].padStart(2, "0")}` : s;
};

const FIELDS = ["patient.first_name", "patient.last_name", "patient.birth_date", "patient.member_id", "practitioner.full_name", "practitioner.npi", "medication.drug_name", "medication.ndc", "diagnoses"] as const;
const tally: Record<string, { ok: number; n: number }> = Object.fromEntries(FIELDS.map((f) => [f, { ok: 0, n: 0 }]));
let eligOk = 0;
let eligN = 0;
const scanned = { ok: 0, n: 0 };

const cases: string[] = manifest.cases.filter((c: string) => !only.length || only.includes(c));
for (const id of cases) {
  const expPath = path.join(setDir, "cases", id, "expected.json");
  const exp = existsSync(expPath) ? JSON.parse(readFileSync(expPath, "utf8")) : null;
  const { doc, source } = await loadDoc(id);
  const t0 = Date.now();
  const facts = extractCaseFacts(doc, { documentName: "fax", formulary, knownDrugNames: known });
  const elig = checkEligibility(facts, roster, formulary);
  const ms = Date.now() - t0;
  const isScan = doc.pages.some((p) => p.ocr);
  const misses: string[] = [];
  if (exp) {
    for (const f of FIELDS) {
      let got: string;
      let want: string;
      if (f === "diagnoses") {
        if (!("diagnoses" in exp)) continue;
        got = JSON.stringify(facts.diagnoses.map((d) => d.code).filter(Boolean).map((c) => c!.toUpperCase()).sort());
        want = JSON.stringify([...exp.diagnoses].map((c: string) => c.toUpperCase()).sort());
      } else {
        const [o, k] = f.split(".");
        if (!exp[o] || !(k in exp[o])) continue;
        const g = (facts as unknown as Record<string, Record<string, unknown>>)[o][k];
        if (k === "ndc") { got = ndcDigits(g as string) ?? ""; want = ndcDigits(exp[o][k]) ?? ""; }
        else if (k === "birth_date") { got = normDate(g); want = normDate(exp[o][k]); }
        else { got = norm(g); want = norm(exp[o][k]); }
      }
      tally[f].n++;
      if (isScan) scanned.n++;
      if (got === want) { tally[f].ok++; if (isScan) scanned.ok++; }
      else misses.push(`${f}: got ${got || "∅"} want ${want || "∅"}`);
    }
  }
  // sets without a README case table: the label's own explanation says when eligibility fails
  const whyIneligible = exp && typeof exp.why === "string" && /coverage (?:ended|terminated)|not on the (?:plan )?roster|not eligible|not covered on/i.test(exp.why);
  const wantElig = !ineligible.has(id) && !whyIneligible;
  eligN++;
  if (elig.eligible === wantElig) eligOk++;
  console.log(`${id} ${isScan ? "scan" : "text"} [${source}] ${ms}ms  eligible=${elig.eligible} (expect ${wantElig})${elig.eligible === wantElig ? "" : "  <-- MISMATCH"}  req=${facts.request_date} urg=${facts.urgency}`);
  for (const m of misses) console.log(`    MISS ${m}`);
  if (verbose) {
    console.log("    reason:", elig.reason);
    console.log("    med:", JSON.stringify({ ...facts.medication, citations: undefined }));
    console.log("    dx:", JSON.stringify(facts.diagnoses.map((d) => ({ code: d.code, desc: d.description, primary: d.primary }))));
    console.log("    prescriber:", JSON.stringify({ ...facts.practitioner, citations: undefined }));
    console.log("    patient:", JSON.stringify({ ...facts.patient, citations: undefined }));
    for (const t of facts.prior_therapies) console.log("    prior:", JSON.stringify({ ...t, citations: t.citations.map((c) => c.text) }));
    for (const t of facts.concurrent_therapies) console.log("    concurrent:", JSON.stringify({ ...t, citations: t.citations.map((c) => c.text) }));
    for (const l of facts.labs) console.log("    lab:", JSON.stringify({ ...l, citations: undefined }));
    for (const n of facts.notes) console.log("    note:", n.text);
  }
}
let ok = 0;
let n = 0;
console.log("\nPer-field accuracy");
for (const f of FIELDS) {
  const t = tally[f];
  ok += t.ok; n += t.n;
  console.log(`  ${f.padEnd(24)} ${t.ok}/${t.n}  ${(t.n ? t.ok / t.n : 0).toFixed(3)}`);
}
console.log(`  ${"OVERALL".padEnd(24)} ${ok}/${n}  ${(n ? ok / n : 0).toFixed(3)}`);
console.log(`  ${"scanned cases".padEnd(24)} ${scanned.ok}/${scanned.n}  ${(scanned.n ? scanned.ok / scanned.n : 0).toFixed(3)}`);
console.log(`Eligibility vs README: ${eligOk}/${eligN}  (ineligible per README: ${[...ineligible].join(", ") || "none"})`);
if (parsedWithApp) {
  const { terminateOcrWorker } = await import("../../documents/parse-pdf.server");
  await terminateOcrWorker();
}
