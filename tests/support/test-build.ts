/**
 * The app's server build for integration tests: `react-router build --mode development` into
 * `.test-build/`, made once and reused for as long as its sources are unchanged.
 *
 * Why: each integration file used to start its own Vite dev server and transform the whole app on
 * the fly (8–13 CPU-seconds a file, some 35 files a run). Loading one bundle takes well under a
 * second. The build is the same code the dev server served:
 * - `--mode development` keeps `import.meta.env.DEV` true (error pages show the error's message, as
 *   they did under the dev server); `process.env` is never inlined in a server build (Vite replaces
 *   it only for browser targets), so every variable a test file sets before loading the app is read
 *   at run time, per file, as before.
 * - `.test-build/` sits at the project root like `build/`, so paths the bundle computes from its own
 *   location (`import.meta.dirname` + "../..") still land on the project root.
 * - the production `build/` (Playwright, `npm start`) is never touched.
 *
 * Up to date means: `.test-build/stamp.json` holds the fingerprint (SHA-256 of the content of every
 * file under app/, and of package.json, package-lock.json, vite.config.ts, react-router.config.ts,
 * tsconfig.json) that the sources have now. Several processes may ask at once (vitest's globalSetup
 * and its worker processes, two test runs): the first takes a lock (a directory, mkdir is atomic;
 * a lock whose process is gone is taken over), the others wait and then find the build fresh.
 * The build is written to a scratch directory and renamed into place, so no reader sees half of one.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The project root (the folder holding app/ and package.json). */
export const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");
/** Where the test build lives; its server entry is `server/index.js`. */
export const TEST_BUILD_DIR = path.join(PROJECT_ROOT, ".test-build");

const STAMP = "stamp.json";
const INPUT_FILES = ["package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"];
const INPUT_DIRS = ["app"];

/**
 * SHA-256 (hex) over the path and content of every build input, in a stable order.
 * Missing top-level files count as empty. Throws only on I/O errors other than ENOENT.
 */
export function sourceFingerprint(root: string = PROJECT_ROOT): string {
  const hash = crypto.createHash("sha256");
  hash.update("react-router build --mode development\n");
  const files: string[] = [...INPUT_FILES];
  for (const dir of INPUT_DIRS) {
    for (const entry of fs.readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) files.push(path.relative(root, path.join(entry.parentPath, entry.name)));
    }
  }
  files.sort();
  for (const rel of files) {
    hash.update(`${rel}\0`);
    try {
      hash.update(fs.readFileSync(path.join(root, rel)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** The fingerprint the build in `dir` was made from, or null when there is no complete build. */
function builtFingerprint(dir: string): string | null {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(dir, STAMP), "utf8")) as { fingerprint?: unknown };
    if (typeof stamp.fingerprint !== "string" || !fs.existsSync(path.join(dir, "server/index.js"))) return null;
    return stamp.fingerprint;
  } catch {
    return null;
  }
}

/**
 * Returns `{ entry, built }`: the absolute path of the test build's server entry
 * (`.test-build/server/index.js`), and whether this call built it (false: the one on disk was made
 * from the current sources, by an earlier run or another process).
 * A fraction of a second when the build is fresh, about 10–15 CPU-seconds when it is not.
 * Throws when the build fails (with its output), or after 10 minutes waiting for another process's build.
 */
export async function ensureTestBuild(): Promise<{ entry: string; built: boolean }> {
  const entry = path.join(TEST_BUILD_DIR, "server/index.js");
  const wanted = sourceFingerprint();
  if (builtFingerprint(TEST_BUILD_DIR) === wanted) return { entry, built: false };
  let built = false;
  await withBuildLock(async () => {
    if (builtFingerprint(TEST_BUILD_DIR) === wanted) return; // another process built it meanwhile
    built = true;
    const scratch = path.join(PROJECT_ROOT, `.test-build-${process.pid}-${crypto.randomBytes(4).toString("hex")}`);
    try {
      await runBuild(scratch);
      fs.writeFileSync(path.join(scratch, STAMP), JSON.stringify({ fingerprint: wanted, builtAt: new Date().toISOString() }) + "\n");
      fs.rmSync(TEST_BUILD_DIR, { recursive: true, force: true });
      fs.renameSync(scratch, TEST_BUILD_DIR);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
  return { entry, built };
}

/** Runs `react-router build --mode development` with its output in `outDir`; rejects with the output on failure. */
function runBuild(outDir: string): Promise<void> {
  const cli = path.join(PROJECT_ROOT, "node_modules/@react-router/dev/bin.js");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "build", "--mode", "development"], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, NODE_ENV: "development", REACT_ROUTER_BUILD_DIRECTORY: path.basename(outDir) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`test build failed (react-router build exited with ${code}):\n${output.slice(-8000)}`));
    });
  });
}

/** Runs `fn` holding `.test-build.lock` (a directory with the holder's pid); a lock of a dead process is taken over. */
async function withBuildLock(fn: () => Promise<void>): Promise<void> {
  const lockDir = path.join(PROJECT_ROOT, ".test-build.lock");
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(path.join(lockDir, "pid"), String(process.pid));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      if (lockHolderGone(lockDir)) fs.rmSync(lockDir, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`test build: ${lockDir} still held after 10 minutes`);
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    await fn();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

/** True when the lock's pid file names a process that no longer exists (or, after 5 s, names none). */
function lockHolderGone(lockDir: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(lockDir, "pid"), "utf8"));
  } catch {
    // the holder writes its pid right after mkdir; a lock without one for long was left half-made
    const made = fs.statSync(lockDir, { throwIfNoEntry: false });
    return !made || Date.now() - made.mtimeMs > 5_000;
  }
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
}
