import fs from "node:fs";
import { DEMO_CASES, DEMO_POLICIES } from "./app/synthetic/demo-catalog.ts";
import { renderPriorAuthFax, renderPolicyPdf } from "./app/synthetic/render-fax.server.ts";
fs.mkdirSync("/tmp/demo", { recursive: true });
for (const c of DEMO_CASES) {
  const t0 = Date.now();
  const b = await renderPriorAuthFax(c, { scanned: false });
  fs.writeFileSync(`/tmp/demo/${c.id}.pdf`, b);
  if (c.scanned) { const s = await renderPriorAuthFax(c); fs.writeFileSync(`/tmp/demo/${c.id}-scan.pdf`, s); console.log(c.id, "scan", s.length); }
  console.log(c.id, b.length, Date.now() - t0, "ms");
}
for (const p of DEMO_POLICIES) fs.writeFileSync(`/tmp/demo/policy-${p.id}.pdf`, await renderPolicyPdf(p));
