/**
 * The Express application of the web process (server.ts): proxy trust, security headers,
 * compression, static assets and the React Router handler with its load context. Separate from
 * server.ts (which also opens the database and starts the worker) so tests can serve the same app.
 */
import compression from "compression";
import { fixCompressedDrainListeners } from "./compression-drain.server";
import express, { type RequestHandler } from "express";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import { loadContextOf, trustProxySetting } from "~/lib/express-context.server";
import { runWithRequestOrigin } from "~/lib/request-context.server";
import { securityHeaders } from "~/lib/security-headers.server";
import { apiLogMiddleware } from "~/api-logs/api-logs.server";

export interface WebAppOptions {
  /** The server build, or a function returning it per request (Vite dev). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** TRUST_PROXY (see env.server.ts). */
  trustProxy: string;
  /** Vite's dev middlewares: then no static files and no CSP (Vite injects inline scripts). */
  viteMiddlewares?: RequestHandler;
  /** Folder of the client build (production): default "build/client". */
  clientDir?: string;
  /**
   * Run the server entry's start-up work (`warmUp` of app/entry.server.tsx: the FHIR validator's
   * definitions) now, before serving: server.ts sets it; tests leave it off.
   */
  warmUp?: boolean;
}

/**
 * Runs `warmUp` of the build's server entry (app/entry.server.tsx) when it has one, in the build's
 * own module instances (the ones the routes use). Returns its result, or null without one.
 */
export async function warmUpServerBuild(build: ServerBuild | (() => Promise<ServerBuild>)): Promise<unknown> {
  const resolved = typeof build === "function" ? await build() : build;
  const warm = (resolved.entry.module as { warmUp?: () => unknown }).warmUp;
  return warm ? warm() : null;
}

/**
 * Builds the Express app; call `.listen()` on it. With `opts.warmUp`, the entry's start-up work
 * runs first (synchronously for a built server, in the background under Vite dev); a failure is
 * logged, never fatal (the work then happens on first use).
 */
export function createWebApp(opts: WebAppOptions): express.Express {
  if (opts.warmUp) {
    warmUpServerBuild(opts.build).catch((err: unknown) => console.error("[web] warm-up failed:", err));
  }
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxySetting(opts.trustProxy));
  app.use(securityHeaders({ csp: !opts.viteMiddlewares }));
  // Server-sent events must not be compressed: a buffered stream never reaches the browser and a
  // client disconnect behind compression leaves the controller half-closed (STACK.md).
  app.use(compression({ filter: (req, res) => !String(req.headers.accept ?? "").includes("text/event-stream") && compression.filter(req, res) }));
  // compression proxies res.on("drain") to its compressor but not res.off: each backpressured write
  // of a streamed response left a listener there (MaxListenersExceededWarning on BrotliCompress)
  app.use(fixCompressedDrainListeners);
  if (opts.viteMiddlewares) {
    app.use(opts.viteMiddlewares);
  } else {
    const clientDir = opts.clientDir ?? "build/client";
    app.use("/assets", express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y" }));
    app.use(express.static(clientDir, { maxAge: "1h" }));
  }
  // Every /api request is logged (time, caller, method, path, status, duration): settings → API Logs.
  app.use(apiLogMiddleware());
  const handler = createRequestHandler({ build: opts.build, getLoadContext: loadContextOf });
  // The client address travels with the request's async context, for the PHI access audit.
  app.all("/{*splat}", (req, res, next) =>
    runWithRequestOrigin({ ip: (req.ip ?? req.socket.remoteAddress ?? "").slice(0, 64) || null }, () => handler(req, res, next)),
  );
  return app;
}
