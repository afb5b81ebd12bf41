import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { DEMO_CASES, DEMO_POLICIES, getDemoCase } from "./demo-catalog";
import { renderPolicyPdf, renderPriorAuthFax } from "./render-fax.server";
import type { FaxLayout } from "./types";

async function pagesText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(bytes.slice());
  const { text } = await extractText(pdf, { mergePages: false });
  return text as string[];
}
const squash = (s: string) => s.replace(/\s+/g, " ");

describe("renderPriorAuthFax (text layer)", () => {
  const layouts: FaxLayout[] = ["plan_form", "uniform_form", "pbm_checkbox"];
  for (const layout of layouts) {
    it(`puts the key fields on the ${layout} fax`, async () => {
      const c = getDemoCase("demo-001")!;
      const pages = await pagesText(await renderPriorAuthFax(c, { layout, scanned: false }));
      const all = squash(pages.join("\n"));
      expect(all).toContain(c.patient.member_id);
      expect(all).toContain(c.prescriber.npi);
      expect(all).toContain(c.medication.ndc);
      for (const d of c.diagnoses) expect(all).toContain(d.code!);
      expect(all).toContain("01/2026"); // therapy dates present
      expect(all).toContain(c.prescriber.specialty);
      // fax header on every page, with the right total
      pages.forEach((p, i) => expect(squash(p)).toContain(`Page ${i + 1} of ${pages.length}`));
      expect(squash(pages[0])).toMatch(/From: .*To: .*0?4\/14\/2026|APR-14-2026/);
      // note and lab pages
      expect(all).toContain("History of Present Illness");
      expect(all).toContain("QuantiFERON-TB Gold Plus");
    });
  }

  it("renders every demo case with its own layout", async () => {
    for (const c of DEMO_CASES) {
      const pages = await pagesText(await renderPriorAuthFax(c, { scanned: false }));
      const all = squash(pages.join("\n"));
      expect(all, c.id).toContain(c.patient.member_id);
      expect(all, c.id).toContain(c.medication.ndc);
      expect(pages.length).toBeGreaterThanOrEqual(2);
    }
  });

  it("omits the note page when the case has no note", async () => {
    const c = { ...getDemoCase("demo-006")!, clinical_note: null };
    const withNote = await pagesText(await renderPriorAuthFax(getDemoCase("demo-006")!, { scanned: false }));
    const without = await pagesText(await renderPriorAuthFax(c, { scanned: false }));
    expect(without.length).toBe(withNote.length - 1);
  });

  it("is deterministic", async () => {
    const c = getDemoCase("demo-007")!;
    expect(Buffer.from(await renderPriorAuthFax(c)).equals(Buffer.from(await renderPriorAuthFax(c)))).toBe(true);
  });
});

describe("renderPriorAuthFax (scanned)", () => {
  it("produces image-only pages with the same page count", async () => {
    const c = getDemoCase("demo-004")!;
    expect(c.scanned).toBe(true);
    const clean = await pagesText(await renderPriorAuthFax(c, { scanned: false }));
    const scanBytes = await renderPriorAuthFax(c);
    const scan = await pagesText(scanBytes);
    expect(scan.length).toBe(clean.length);
    for (const p of scan) expect(p.trim()).toBe("");
    const raw = Buffer.from(scanBytes).toString("latin1");
    expect(raw).toContain("/DeviceGray");
    expect(raw).not.toMatch(/\/BaseFont\b/);
    // deterministic, like the text-layer output
    expect(Buffer.from(await renderPriorAuthFax(c)).equals(Buffer.from(scanBytes))).toBe(true);
  });

  it("can scan any layout on request", async () => {
    const c = getDemoCase("demo-009")!;
    const scan = await pagesText(await renderPriorAuthFax(c, { scanned: true, dpi: 100 }));
    const clean = await pagesText(await renderPriorAuthFax(c, { scanned: false }));
    expect(scan.length).toBe(clean.length);
    expect(scan.join("").trim()).toBe("");
  });
});

describe("renderPolicyPdf", () => {
  const headings: Record<string, string[]> = {
    etanercept: [
      "Etanercept Products",
      "RECOMMENDED AUTHORIZATION CRITERIA",
      "Initial Therapy. Approve for 6 months",
      "CONDITIONS NOT RECOMMENDED FOR APPROVAL",
      "REFERENCES",
    ],
    tirzepatide: [
      "Prior Authorization Criteria",
      "Covered Uses",
      "Exclusion Criteria",
      "Required Medical Information",
      "Age Restrictions",
      "Prescriber Restrictions",
      "Coverage Duration",
      "Other Criteria",
    ],
    risankizumab: [
      "Clinical Policy: Risankizumab-rzaa (Skyrizi)",
      "I. Initial Approval Criteria",
      "A. Plaque Psoriasis (must meet all):",
      "Approval duration: 6 months",
      "II. Continued Therapy",
      "V. References",
    ],
  };
  for (const p of DEMO_POLICIES) {
    it(`renders the ${p.id} policy with its headings and page numbers`, async () => {
      const pages = await pagesText(await renderPolicyPdf(p));
      const all = squash(pages.join("\n"));
      for (const h of headings[p.id]) expect(all).toContain(h);
      pages.forEach((t, i) => expect(squash(t)).toContain(`Page ${i + 1} of ${pages.length}`));
    });
  }
});

describe("renderPriorAuthFax with generated cases", () => {
  it("renders a generator case, including one without a note page", async () => {
    const { generateSyntheticPriorAuth } = await import("./generate-synthetic-pa");
    for (const d of [
      "Skyrizi for Crohn's disease, azathioprine 125 mg daily for 5 months failed, GI doctor",
      "Mounjaro for T2DM, notes not attached, missing labs",
    ]) {
      const { case: c } = generateSyntheticPriorAuth(d, { seed: 11 });
      const all = squash((await pagesText(await renderPriorAuthFax(c, { scanned: false }))).join("\n"));
      expect(all).toContain(c.patient.member_id);
      expect(all).toContain(c.prescriber.npi);
      expect(all).toContain(c.medication.ndc);
    }
  });
});
