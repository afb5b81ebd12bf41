/**
 * The public side (issue 13): the blog's permissions and safe Markdown, the public demo's endpoints
 * (no account, only the organization flagged as the public demo, nothing stored, per-address rate
 * limit) and the Schedule a demo form — through the real request handler.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { seedBlogPosts, seedPublicDemoOrganization } from "../../prisma/seed-public.server";
import { SEED_POSTS } from "~/blog/seed-posts";
import { BLOG_WRITE_FORBIDDEN } from "~/auth/permissions.server";
import { DEMO_RATE_LIMITED, DEMO_RUN_LIMIT } from "~/demo/run-demo.server";
import { NO_DATA_MESSAGE } from "~/demo/demo-kinds";

let t: TestDatabase;
let app: AppHandler;
let adminCookie: string;
let ownerCookie: string;
let customerOrgId: string;
let demoOrgId: string;
let postId: string;

const JSON_TYPE = { "Content-Type": "application/json" };

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createAppHandler();
  const admin = await createOrgWithUser(t.database, { orgName: "Instance Admin Org" });
  await t.database.prisma.user.update({ where: { id: admin.user.id }, data: { instance_admin: true } });
  adminCookie = await signInCookie(t.database, admin.user.id);
  // an organization owner who is not an instance administrator
  const owner = await createOrgWithUser(t.database, { orgName: "Customer Health Plan" });
  ownerCookie = await signInCookie(t.database, owner.user.id);
  customerOrgId = owner.organization.id;
  demoOrgId = await seedPublicDemoOrganization(t.database);
  await seedBlogPosts(t.database, admin.user.id);
  postId = (await t.database.prisma.blog.findUniqueOrThrow({ where: { slug: SEED_POSTS[0]!.slug } })).id;
}, 240_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

async function textPdf(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 18, size: 12, font }));
  return doc.save();
}

describe("blog", () => {
  it("anyone reads the seeded posts: index, post page by id and by slug, GET /blogs/{id}.json", async () => {
    const index = await app.fetch("/blog");
    expect(index.status).toBe(200);
    const html = await index.text();
    for (const p of SEED_POSTS) expect(html).toContain(p.title.replace(/'/g, "&#x27;"));
    for (const path of [`/blog/${postId}`, `/blog/${SEED_POSTS[0]!.slug}`]) {
      const res = await app.fetch(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain("<h2>Three outcomes, three different burdens of proof</h2>");
    }
    const json = await app.fetch(`/blogs/${postId}.json`);
    expect(json.status).toBe(200);
    const body = await json.json();
    expect(body).toMatchObject({ success: true, errors: [], blog: { id: postId, slug: SEED_POSTS[0]!.slug, title: SEED_POSTS[0]!.title, published: true } });
    expect((await app.fetch("/blogs/no-such-post.json")).status).toBe(404);
    expect((await app.fetch("/blog/no-such-post")).status).toBe(404);
    for (const hostile of ["%00", encodeURIComponent("' OR 1=1 --"), "a".repeat(300)]) {
      expect((await app.fetch(`/blogs/${hostile}.json`)).status, hostile).toBe(404);
      expect((await app.fetch(`/blog/${hostile}`)).status, hostile).toBe(404);
    }
  });

  it("PUT /blogs/{id}: 401 signed out, 403 for an organization owner who is not an instance administrator, 200 for an administrator", async () => {
    const put = (cookie: string | null, body: unknown, headers: Record<string, string> = {}) =>
      app.fetch(`/blogs/${postId}`, {
        method: "PUT",
        headers: { ...JSON_TYPE, ...(cookie ? { Cookie: cookie } : {}), ...headers },
        body: JSON.stringify(body),
      });
    const anonymous = await put(null, { title: "Hijacked" });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).success).toBe(false);
    const owner = await put(ownerCookie, { title: "Hijacked" });
    expect(owner.status).toBe(403);
    expect(await owner.json()).toEqual({ success: false, errors: [BLOG_WRITE_FORBIDDEN] });
    const crossSite = await put(adminCookie, { title: "Hijacked" }, { Origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect((await t.database.prisma.blog.findUniqueOrThrow({ where: { id: postId } })).title).toBe(SEED_POSTS[0]!.title);

    const ok = await put(adminCookie, { title: "Why the engine will not deny without a cited criterion", description: "Shorter." });
    expect(ok.status).toBe(200);
    expect((await ok.json()).blog).toMatchObject({
      id: postId,
      title: "Why the engine will not deny without a cited criterion",
      description: "Shorter.",
      body: SEED_POSTS[0]!.body,
    });

    const noTitle = await put(adminCookie, { title: "   ", description: "x" });
    expect(noTitle.status).toBe(422);
    expect((await noTitle.json()).errors).toEqual(["Failed to create blog", "Title is required"]);
    const unknown = await app.fetch("/blogs/unknown-post-id", {
      method: "PUT",
      headers: { ...JSON_TYPE, Cookie: adminCookie },
      body: JSON.stringify({ title: "x" }),
    });
    expect(unknown.status).toBe(404);
    await put(adminCookie, { title: SEED_POSTS[0]!.title, description: SEED_POSTS[0]!.description });
  });

  it("the create and edit screens are for administrators: sign-in redirect signed out, 403 for an owner, 'Failed to create blog' without a title", async () => {
    const signedOut = await app.fetch(`/blog/${postId}/edit`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/continue\?redirect_to=/);
    expect((await app.fetch(`/blog/${postId}/edit`, { headers: { Cookie: ownerCookie } })).status).toBe(403);
    expect((await app.fetch("/blog/new", { headers: { Cookie: ownerCookie } })).status).toBe(403);
    const ownerPost = await app.fetch("/blog/new", { method: "POST", headers: { Cookie: ownerCookie }, body: new URLSearchParams({ title: "Spam" }) });
    expect(ownerPost.status).toBe(403);
    expect(await t.database.prisma.blog.count({ where: { title: "Spam" } })).toBe(0);

    const edit = await app.fetch(`/blog/${postId}/edit`, { headers: { Cookie: adminCookie } });
    expect(edit.status).toBe(200);
    const failed = await app.fetch("/blog/new", { method: "POST", headers: { Cookie: adminCookie }, body: new URLSearchParams({ title: "", body: "text" }) });
    expect(failed.status).toBe(422);
    const html = await failed.text();
    expect(html).toContain("Failed to create blog");
    expect(html).toContain("Title is required");
    const created = await app.fetch("/blog/new", {
      method: "POST",
      headers: { Cookie: adminCookie },
      body: new URLSearchParams({ title: "Release notes", body: "Hello", published: "on" }),
      redirect: "manual",
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/blog/release-notes");
  });

  it("drafts are hidden from everyone but administrators", async () => {
    await app.fetch("/blog/new", {
      method: "POST",
      headers: { Cookie: adminCookie },
      body: new URLSearchParams({ title: "Unreleased draft", body: "secret", published: "off" }),
      redirect: "manual",
    });
    const draft = await t.database.prisma.blog.findUniqueOrThrow({ where: { slug: "unreleased-draft" } });
    expect(draft.published).toBe(false);
    expect((await app.fetch("/blog/unreleased-draft")).status).toBe(404);
    expect((await app.fetch(`/blogs/${draft.id}.json`, { headers: { Cookie: ownerCookie } })).status).toBe(404);
    expect(await (await app.fetch("/blog")).text()).not.toContain("Unreleased draft");
    expect((await app.fetch("/blog/unreleased-draft", { headers: { Cookie: adminCookie } })).status).toBe(200);
  });

  it("Markdown is rendered safely: a <script>, raw HTML and javascript: links in a body are not rendered", async () => {
    const body = [
      "**bold words**",
      "",
      "<script>window.__pwned = 1</script>",
      "",
      '<img src=x onerror="window.__pwned=2">',
      "",
      "[click me](javascript:alert(1))",
    ].join("\n");
    await app.fetch("/blog/new", {
      method: "POST",
      headers: { Cookie: adminCookie },
      body: new URLSearchParams({ title: "Hostile body", body, published: "on" }),
      redirect: "manual",
    });
    const html = await (await app.fetch("/blog/hostile-body")).text();
    expect(html).toContain("<strong>bold words</strong>");
    // the rendered post body only (the page's hydration data carries the raw text, escaped, in a JSON string)
    const article = html.slice(html.indexOf('data-testid="blog-body"'), html.indexOf("<aside"));
    expect(article.length).toBeGreaterThan(50);
    expect(article).not.toContain("<script>window.__pwned");
    expect(article).not.toContain("onerror=");
    expect(article).not.toMatch(/href="javascript:/i);
    expect(article).toContain(">click me</a>");
  });
});

describe("public demo", () => {
  it("GET /api/demo_faxes.json and /api/demos.json need no account and name the public demo organization", async () => {
    const faxes = await app.fetch("/api/demo_faxes.json");
    expect(faxes.status).toBe(200);
    const f = await faxes.json();
    expect(f.success).toBe(true);
    expect(f.organization.token).toBe(demoOrgId);
    expect(f.faxes.length).toBeGreaterThanOrEqual(9);
    expect(f.faxes[0]).toMatchObject({ id: "demo-001", patient_name: "Carla Jimenez", medication_name: "Enbrel", pdf_url: "/api/demo_faxes/demo-001.pdf" });
    const demos = await (await app.fetch("/api/demos.json")).json();
    expect(demos.demos.map((d: { kind: string }) => d.kind)).toEqual(["intake", "eligibility", "clinical", "audit", "fax_simulation"]);
    expect(demos.prior_auths[0]).toMatchObject({ token: "demo-001", submission_type: "fax" });
    const pdf = await app.fetch("/api/demo_faxes/demo-001.pdf");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect((await app.fetch("/api/demo_faxes/demo-999.pdf")).status).toBe(404);
  });

  it("runs the real agents on an example fax without an account and stores nothing", async () => {
    const p = t.database.prisma;
    const before = { pas: await p.priorAuth.count(), docs: await p.document.count(), runs: await p.aiAgentRun.count() };
    const res = await app.fetch(`/api/demo/${demoOrgId}/run`, {
      method: "POST",
      headers: JSON_TYPE,
      body: JSON.stringify({ kind: "clinical", fax_id: "demo-001" }),
    });
    expect(res.status).toBe(200);
    const { success, result } = await res.json();
    expect(success).toBe(true);
    expect(result.kind).toBe("clinical");
    expect(result.patient).toMatchObject({ first_name: "Carla", last_name: "Jimenez" });
    expect(result.medication_requests[0].drug_name).toBe("Enbrel");
    expect(result.diagnoses.map((d: { code: string }) => d.code)).toContain("M05.79");
    expect(result.eligibility.eligible).toBe(true);
    expect(result.clinical_review.paths.length).toBeGreaterThan(0);
    expect(result.ai_decision.final_decision).toBe("approved"); // demo-001 is labelled approved in the catalog
    expect(result.ai_decision.citations.length).toBeGreaterThan(0);
    expect(result.no_data).toBe(false);
    expect(result.steps.map((s: { step: number }) => s.step)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5]));
    expect({ pas: await p.priorAuth.count(), docs: await p.document.count(), runs: await p.aiAgentRun.count() }).toEqual(before);

    const page = await app.fetch(`/demo/${demoOrgId}/clinical`, { method: "POST", body: new URLSearchParams({ kind: "clinical", fax_id: "demo-001" }) });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("AI Agents demo");
    expect(html).toContain('data-testid="demo-result"');
  }, 120_000);

  it("an organization that is not flagged as the public demo answers 404 on every demo route", async () => {
    for (const id of [customerOrgId, "cnotanorganization000000000", "x".repeat(80), "%00", encodeURIComponent("' OR 1=1 --")]) {
      const run = await app.fetch(`/api/demo/${id}/run`, { method: "POST", headers: JSON_TYPE, body: JSON.stringify({ kind: "intake", fax_id: "demo-001" }) });
      expect(run.status, id).toBe(404);
      expect(await run.json()).toEqual({ success: false, errors: ["Not found"] });
      expect((await app.fetch(`/demo/${id}`)).status).toBe(404);
      expect((await app.fetch(`/demo/${id}/intake`)).status).toBe(404);
      expect((await app.fetch(`/demo/${id}/intake`, { method: "POST", body: new URLSearchParams({ fax_id: "demo-001" }) })).status).toBe(404);
    }
    // even signed in as its owner: the demo never reads a customer's plan
    expect((await app.fetch(`/demo/${customerOrgId}`, { headers: { Cookie: ownerCookie } })).status).toBe(404);
    expect((await app.fetch(`/demo/${demoOrgId}`)).status).toBe(200);
    expect((await app.fetch(`/demo/${demoOrgId}/test`)).status).toBe(404);
    // nobody is a member of the demo organization, so its workspace is closed too
    expect((await app.fetch(`/api/o/${demoOrgId}.json`, { headers: { Cookie: ownerCookie } })).status).toBe(404);
  });

  it("rate limit: after the limit one address gets 429 with a clear JSON error; another address is still served", async () => {
    const clientIp = "203.0.113.77";
    const send = (ip: string) =>
      app.fetch(
        `/api/demo/${demoOrgId}/run`,
        { method: "POST", headers: JSON_TYPE, body: JSON.stringify({ kind: "intake" }) },
        { clientIp: ip, forwarded: false },
      );
    for (let i = 0; i < DEMO_RUN_LIMIT.max; i++) {
      const res = await send(clientIp);
      expect(res.status).toBe(422); // no fax chosen: counted all the same
      expect((await res.json()).errors).toEqual(["Choose an example fax"]);
    }
    const limited = await send(clientIp);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBeTruthy();
    const body = await limited.json();
    expect(body.success).toBe(false);
    expect(body.errors[0]).toBe(DEMO_RATE_LIMITED);
    // the page shares the budget
    const page = await app.fetch(
      `/demo/${demoOrgId}/intake`,
      { method: "POST", body: new URLSearchParams({ fax_id: "demo-001" }) },
      { clientIp, forwarded: false },
    );
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("Too many demo runs");
    expect((await send("203.0.113.78")).status).toBe(422);
  });

  it("fax_simulation: an upload is required and must be a PDF; a fax with no patient and no provider gives the spec's no-data message", async () => {
    const run = (form: FormData) => app.fetch(`/api/demo/${demoOrgId}/run`, { method: "POST", body: form });
    const none = new FormData();
    none.set("kind", "fax_simulation");
    const missing = await run(none);
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors).toEqual(["Please upload a PDF file"]);
    const notPdf = new FormData();
    notPdf.set("kind", "fax_simulation");
    notPdf.set("file", new File(["just text"], "fax.pdf", { type: "application/pdf" }));
    expect((await run(notPdf)).status).toBe(422);

    const p = t.database.prisma;
    const docsBefore = await p.document.count();
    const blank = new FormData();
    blank.set("kind", "fax_simulation");
    blank.set(
      "file",
      new File([new Uint8Array(await textPdf(["Weekly cafeteria menu", "Monday: soup", "Tuesday: salad"]))], "menu.pdf", { type: "application/pdf" }),
    );
    const res = await run(blank);
    expect(res.status).toBe(200);
    const { result } = await res.json();
    expect(result.source).toMatchObject({ type: "upload", filename: "menu.pdf", page_count: 1 });
    expect(result.no_data).toBe(true);
    expect(result.no_data_message).toBe(NO_DATA_MESSAGE);
    expect(result.no_data_errors).toEqual(["Patient name and member ID are missing.", "Prescriber name and NPI are missing."]);
    expect(result.ai_decision.final_decision).toBe("needs_more_information");
    expect(await p.document.count()).toBe(docsBefore);
  }, 120_000);
});

describe("schedule a demo", () => {
  it("stores the request as an email to the sales inbox; missing fields re-render with the reason", async () => {
    const bad = await app.fetch("/schedule-demo", { method: "POST", body: new URLSearchParams({ name: "", email: "nope" }) });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain("Your name is required");
    const res = await app.fetch("/schedule-demo", {
      method: "POST",
      body: new URLSearchParams({
        topic: "partnership",
        name: "Dana Reviewer",
        email: "dana@plan.example",
        organization: "Plains Health",
        message: "Medicaid managed care, 4k PAs a month",
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/Thank you, (<!-- -->)?Dana Reviewer/);
    const mail = await t.database.prisma.emailOutbox.findFirstOrThrow({ where: { kind: "contact_request" }, orderBy: { created_at: "desc" } });
    expect(mail.subject).toBe("Partnership: Dana Reviewer (Plains Health)");
    expect(mail.text).toContain("dana@plan.example");
    expect(mail.text).toContain("4k PAs a month");
  });
});

describe("landing page", () => {
  it("says Sign in to a visitor and Open workspace to a signed-in user, and links the demo and the API documentation", async () => {
    const anon = await (await app.fetch("/")).text();
    expect(anon).toContain(">Sign in<");
    expect(anon).not.toContain("Open workspace");
    expect(anon).toContain(`href="/demo/${demoOrgId}"`);
    expect(anon).toContain('href="/docs/api"');
    expect(anon).toContain("Schedule a demo");
    const signedIn = await (await app.fetch("/", { headers: { Cookie: ownerCookie } })).text();
    expect(signedIn).toContain("Open workspace");
    expect(signedIn).toContain(`href="/o/${customerOrgId}/dashboard"`);
    expect(signedIn).not.toContain(">Sign in<");
  });
});
