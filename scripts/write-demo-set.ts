/**
 * Writes the project's own synthetic demo content as an evaluation set (../shared/eval/FORMAT.md
 * layout) — `npx tsx scripts/write-demo-set.ts <dir>` — so the engine can be checked on policies,
 * layouts and drugs other than the dev set's: `npm run eval -- <dir>`.
 */
import fs from "node:fs";
import path from "node:path";
import { DEMO_CASES, DEMO_POLICIES, demoManifest } from "../fixtures/demo/catalog";
import { renderPolicyPdf, renderPriorAuthFax } from "../fixtures/demo/render-fax.server";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: tsx scripts/write-demo-set.ts <dir>");
  process.exit(2);
}
fs.mkdirSync(path.join(dir, "policies"), { recursive: true });
fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(demoManifest(), null, 2));
for (const p of DEMO_POLICIES) fs.writeFileSync(path.join(dir, "policies", p.file), await renderPolicyPdf(p));
for (const c of DEMO_CASES) {
  const caseDir = path.join(dir, "cases", c.id);
  fs.mkdirSync(caseDir, { recursive: true });
  fs.writeFileSync(path.join(caseDir, "fax.pdf"), await renderPriorAuthFax(c, { layout: c.layout, scanned: c.scanned }));
  fs.writeFileSync(
    path.join(caseDir, "expected.json"),
    JSON.stringify(
      {
        decision: c.expected.decision,
        patient: { first_name: c.patient.first_name, last_name: c.patient.last_name, birth_date: c.patient.birth_date, member_id: c.patient.member_id },
        practitioner: { full_name: `${c.prescriber.first_name} ${c.prescriber.last_name}`, npi: c.prescriber.npi },
        medication: { drug_name: c.medication.drug_name, ndc: c.medication.ndc },
        diagnoses: c.diagnoses.map((d) => d.code),
        policy: c.policy_id,
        why: c.expected.why,
      },
      null,
      2,
    ),
  );
}
console.log(`wrote ${DEMO_CASES.length} cases and ${DEMO_POLICIES.length} policies to ${dir}`);
