/**
 * The real request handler of the app for integration tests: the React Router server build loaded
 * through Vite (same route matching, layouts, loaders and actions as production), plus a small
 * cookie jar for multi-step flows. The app uses the process database installed by createTestDatabase().
 */
import { mkdir, rmdir, stat } from "node:fs/promises";
import path from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { runWithRequestOrigin } from "~/lib/request-context.server";

export interface AppHandler {
  build: ServerBuild;
  /**
   * Sends a Request through the app; relative URLs are resolved against http://localhost. A string
   * URL is sent like a browser on one of the app's own pages would: state-changing requests carry
   * `Origin: http://localhost` unless `init` sets an Origin. A `Request` is sent exactly as built
   * (use one to test requests without an Origin).
   * `context` is what server.ts would pass (client address, ...). Without one, each request comes
   * from its own random documentation address (2001:db8::/32), so per-address rate limits of one test do not leak into
   * another; tests about per-address behaviour pass `{ clientIp }` themselves.
   */
  fetch(input: string | Request, init?: RequestInit, context?: AppLoadContext): Promise<Response>;
  close(): Promise<void>;
}

/** Starts Vite in middleware mode (no port, no HMR) and loads the server build. Takes a few seconds. */
export async function createAppHandler(): Promise<AppHandler> {
  const root = path.resolve(import.meta.dirname, "../..");
  const vite: ViteDevServer = await withTypegenLock(root, () =>
    createServer({
      root,
      configFile: path.join(root, "vite.config.ts"),
      logLevel: "error",
      appType: "custom",
      server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    }),
  );
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  const handler = createRequestHandler(build, "development");
  return {
    build,
    fetch(input, init, context) {
      const request = typeof input === "string" ? browserLikeRequest(input, init) : input;
      const ctx = context ?? { clientIp: randomTestIp(), forwarded: false };
      return runWithRequestOrigin({ ip: ctx.clientIp ?? null }, () => handler(request, ctx));
    },
    close: () => vite.close(),
  };
}

/**
 * Runs `start` (a Vite dev server start) while holding a cross-process lock, and keeps the lock until
 * React Router's type generator has rewritten `.react-router/types/+future.ts`.
 *
 * Why: in dev mode the React Router Vite plugin starts a typegen watcher that deletes
 * `.react-router/types` and writes it again, without awaiting the writes. Two test files starting a
 * dev server at the same moment (Vitest runs files in parallel processes) raced: one process deleted
 * the folder between the other's mkdir and writeFile, an unhandled ENOENT rejection that failed the
 * run. The lock is a directory (mkdir is atomic); a lock older than 60 s is treated as left by a
 * killed process and taken over.
 */
async function withTypegenLock<T>(root: string, start: () => Promise<T>): Promise<T> {
  const lockDir = path.join(root, ".react-router", ".typegen-lock");
  await mkdir(path.dirname(lockDir), { recursive: true });
  for (;;) {
    try {
      await mkdir(lockDir);
      break;
    } catch {
      const held = await stat(lockDir).catch(() => null);
      if (held && Date.now() - held.mtimeMs > 60_000) await rmdir(lockDir).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const startedAt = Date.now() - 1_000;
  try {
    const result = await start();
    const marker = path.join(root, ".react-router", "types", "+future.ts");
    for (let waited = 0; waited < 10_000; waited += 50) {
      const written = await stat(marker).catch(() => null);
      // The marker is written together with the route type files; give those a moment to finish.
      if (written && written.mtimeMs >= startedAt) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return result;
  } finally {
    await rmdir(lockDir).catch(() => undefined);
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** `new Request(url, init)` with the same-origin Origin header browsers add to writes. */
function browserLikeRequest(url: string, init?: RequestInit): Request {
  const request = new Request(new URL(url, "http://localhost"), init);
  if (!SAFE_METHODS.has(request.method) && !request.headers.has("Origin")) {
    const headers = new Headers(request.headers);
    headers.set("Origin", "http://localhost");
    return new Request(request, { headers });
  }
  return request;
}

/** A random address of the IPv6 documentation prefix 2001:db8::/32 (64 random bits: no collisions). */
export function randomTestIp(): string {
  const groups = Array.from(crypto.getRandomValues(new Uint16Array(4)), (n) => n.toString(16));
  return `2001:db8::${groups.join(":")}`;
}

/** Minimal browser-like cookie jar (name → value; Max-Age=0 or an empty value deletes). */
export class CookieJar {
  private cookies = new Map<string, string>();

  /** Stores the cookies a response sets. */
  absorb(response: Response): this {
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair, ...attrs] = setCookie.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** The Cookie request header. */
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** A urlencoded POST init (optionally with a Cookie header). */
export function formPost(fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}): RequestInit {
  return {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body: new URLSearchParams(fields).toString(),
  };
}
