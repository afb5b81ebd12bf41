/**
 * The integration tests' shared app build (tests/support/test-build.ts): its fingerprint follows
 * the sources, and the build on disk is a development-mode build that reads the environment at run time.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensureTestBuild, sourceFingerprint } from "../support/test-build";

describe("sourceFingerprint", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "pa-test-build-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("changes when a file under app/ or a build config changes, and only then", () => {
    fs.mkdirSync(path.join(root, "app/routes"), { recursive: true });
    fs.writeFileSync(path.join(root, "app/root.tsx"), "export default 1;\n");
    fs.writeFileSync(path.join(root, "app/routes/home.tsx"), "export default 2;\n");
    fs.writeFileSync(path.join(root, "vite.config.ts"), "export default {};\n");
    const first = sourceFingerprint(root);
    expect(sourceFingerprint(root)).toBe(first);

    fs.writeFileSync(path.join(root, "app/routes/home.tsx"), "export default 3;\n");
    const edited = sourceFingerprint(root);
    expect(edited).not.toBe(first);

    fs.writeFileSync(path.join(root, "app/routes/new.tsx"), "");
    const added = sourceFingerprint(root);
    expect(added).not.toBe(edited);

    fs.writeFileSync(path.join(root, "vite.config.ts"), "export default { base: '/x/' };\n");
    expect(sourceFingerprint(root)).not.toBe(added);
  });

  it("tells a file's content from its name (moving bytes between files is a change)", () => {
    fs.rmSync(path.join(root, "app"), { recursive: true, force: true });
    fs.mkdirSync(path.join(root, "app"));
    fs.writeFileSync(path.join(root, "app/a.ts"), "ab");
    fs.writeFileSync(path.join(root, "app/b.ts"), "");
    const before = sourceFingerprint(root);
    fs.writeFileSync(path.join(root, "app/a.ts"), "a");
    fs.writeFileSync(path.join(root, "app/b.ts"), "b");
    expect(sourceFingerprint(root)).not.toBe(before);
  });
});

describe("the test build", () => {
  it("is a development build: error pages show the error's message, as under the dev server", async () => {
    const bundle = fs.readFileSync((await ensureTestBuild()).entry, "utf8");
    // error-boundary.tsx: `import.meta.env.DEV && error instanceof Error ? error.message : null`;
    // a production build folds it to `return null`.
    expect(bundle).not.toMatch(/import\.meta\.env/);
    expect(bundle).toMatch(/return error instanceof Error \? error\.message : null;/);
  });

  it("reads the environment when it runs: env.server.ts parses process.env, not values fixed at build time", async () => {
    const bundle = fs.readFileSync((await ensureTestBuild()).entry, "utf8");
    expect(bundle).toMatch(/function parseEnv\(source = process\.env\)/);
  });
});
