/**
 * The real request handler of the app for integration tests: the React Router server build (same
 * route matching, layouts, loaders and actions as production), plus a small cookie jar for
 * multi-step flows. The app uses the process database installed by createTestDatabase().
 *
 * The build is made once and shared by every file (tests/support/test-build.ts, a development-mode
 * build in .test-build/); each test file imports it afresh, since vitest runs each file in a
 * process of its own, so environment variables a file sets before calling createAppHandler() are
 * what the app reads, as under the Vite dev server the files used to start.
 */
import { pathToFileURL } from "node:url";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { runWithRequestOrigin } from "~/lib/request-context.server";
import { ensureTestBuild } from "./test-build";

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

/**
 * Loads the app's server build (building it first when app/ changed since the last build) and
 * wraps it in React Router's request handler, in development mode as under `npm run dev`.
 * Under a second with a fresh build; throws with the build's output when the build fails.
 */
export async function createAppHandler(): Promise<AppHandler> {
  const { entry } = await ensureTestBuild();
  // Outside node_modules, so vitest would transform the bundle like a source file; the vitest
  // config lists .test-build/ under server.deps.external, which makes this a plain Node import.
  const build = (await import(/* @vite-ignore */ pathToFileURL(entry).href)) as ServerBuild;
  const handler = createRequestHandler(build, "development");
  return {
    build,
    fetch(input, init, context) {
      const request = typeof input === "string" ? browserLikeRequest(input, init) : input;
      const ctx = context ?? { clientIp: randomTestIp(), forwarded: false };
      return runWithRequestOrigin({ ip: ctx.clientIp ?? null }, () => handler(request, ctx));
    },
    close: async () => {},
  };
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
