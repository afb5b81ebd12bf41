/**
 * Issue 8, defect 1: the session secret must never be a published string. Without SESSION_SECRET an
 * instance on the embedded database generates a random secret on first start and keeps it next to the
 * database (mode 0600); production with a real DATABASE_URL refuses to start without one; published
 * example values are refused.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv, PUBLISHED_SECRETS } from "~/env.server";

const dirs: string[] = [];
function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pa-env-"));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("SESSION_SECRET", () => {
  it("production on the embedded database without SESSION_SECRET uses a random secret kept in the data directory", () => {
    const data = tempDataDir();
    const env = parseEnv({ NODE_ENV: "production", EMBEDDED_DB_DIR: path.join(data, "pglite") });
    expect(PUBLISHED_SECRETS).toContain("dev-only-session-secret-change-me");
    expect(PUBLISHED_SECRETS).not.toContain(env.SESSION_SECRET);
    expect(env.SESSION_SECRET).toMatch(/^[A-Za-z0-9_-]{43,}$/);

    const file = path.join(data, "session-secret");
    expect(fs.readFileSync(file, "utf8").trim()).toBe(env.SESSION_SECRET);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    // The next start reads the same secret (sessions survive a restart) ...
    expect(parseEnv({ NODE_ENV: "production", EMBEDDED_DB_DIR: path.join(data, "pglite") }).SESSION_SECRET).toBe(env.SESSION_SECRET);
    // ... and another installation gets its own.
    const other = tempDataDir();
    expect(parseEnv({ NODE_ENV: "production", EMBEDDED_DB_DIR: path.join(other, "pglite") }).SESSION_SECRET).not.toBe(env.SESSION_SECRET);
  });

  it("tightens a secret file that others can read", () => {
    const data = tempDataDir();
    const file = path.join(data, "session-secret");
    fs.writeFileSync(file, "x".repeat(48), { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    expect(parseEnv({ EMBEDDED_DB_DIR: path.join(data, "pglite") }).SESSION_SECRET).toBe("x".repeat(48));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it("refuses to start in production with a real DATABASE_URL and no SESSION_SECRET", () => {
    expect(() =>
      parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/x", EMBEDDED_DB_DIR: path.join(tempDataDir(), "db") }),
    ).toThrow(/SESSION_SECRET: must be set in production/);
  });

  it("refuses the published example values anywhere", () => {
    for (const secret of PUBLISHED_SECRETS) {
      expect(() => parseEnv({ SESSION_SECRET: secret, EMBEDDED_DB_DIR: path.join(tempDataDir(), "db") })).toThrow(/SESSION_SECRET: .*published/);
    }
  });

  it("uses an explicit SESSION_SECRET as given", () => {
    const env = parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/x", SESSION_SECRET: "a-real-secret-0123456789abcdef" });
    expect(env.SESSION_SECRET).toBe("a-real-secret-0123456789abcdef");
  });
});
