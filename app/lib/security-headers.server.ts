/**
 * HTTP security headers of the web process (Express, before React Router), set with helmet.
 *
 * Pages get a Content-Security-Policy with a fresh nonce per response (entry.server.tsx hands it to
 * React Router's inline scripts; the load context carries it, see express-context.server.ts):
 *  - script-src 'self' 'nonce-…': the built bundles and React Router's nonce'd inline scripts only;
 *  - style-src 'self' 'unsafe-inline': React renders `style` attributes (React Flow, the PDF viewer's
 *    page boxes) into the HTML, which a nonce cannot cover; styles cannot run code;
 *  - worker-src 'self' blob:: the pdf.js worker is a built asset (react-pdf);
 *  - frame-src/object-src 'self': stored PDFs are shown in an <iframe>/<object> from /documents;
 *  - frame-ancestors 'none' (and X-Frame-Options: DENY): no other site can frame the app.
 * Stored documents (/documents/…, letter PDFs) may be framed by the app itself only
 * (frame-ancestors 'self', SAMEORIGIN) and get no other CSP, which would upset browser PDF viewers.
 * Referrer-Policy is same-origin: URLs (which can name a patient in a search) never go to other sites.
 * Permissions-Policy (every response) turns off the browser features the app never uses (camera,
 * microphone, geolocation, payment, USB, sensors, screen capture, ...), for the app and any frame,
 * so injected or framed content cannot reach them either; fullscreen and clipboard writes stay
 * available to the app's own origin (PDF viewer, copy buttons).
 * Strict-Transport-Security is sent only on HTTPS requests (directly or per a trusted proxy's
 * X-Forwarded-Proto; see TRUST_PROXY): browsers ignore it over plain HTTP, and a private HTTP
 * install must not be pinned to HTTPS. Cache-Control: no-store for pages and data is set in
 * entry.server.tsx, where route headers are known.
 */
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import helmet from "helmet";

/** Paths of stored documents that the app's own pages show in a frame. */
const FRAMED_DOCUMENT = /^\/(?:documents\/[^/]+|api\/o\/[^/]+\/prior_auths\/[^/]+\/letters\/[^/]+\.pdf)$/;

const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The Permissions-Policy of every response: `feature=()` denies it everywhere, `(self)` to the app's origin only. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "bluetooth=()",
  "browsing-topics=()",
  "camera=()",
  "clipboard-read=()",
  "clipboard-write=(self)",
  "display-capture=()",
  "encrypted-media=()",
  "fullscreen=(self)",
  "gamepad=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "idle-detection=()",
  "local-fonts=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "picture-in-picture=()",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "web-share=()",
  "xr-spatial-tracking=()",
].join(", ");

function nonceOf(_req: IncomingMessage, res: ServerResponse): string {
  return `'nonce-${(res as unknown as Response).locals.cspNonce as string}'`;
}

/** The page Content-Security-Policy directives (`nonce` is a function of the response). */
export function pageCspDirectives(nonce: typeof nonceOf | string) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", nonce],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", "blob:"],
    frameSrc: ["'self'"],
    objectSrc: ["'self'"],
    manifestSrc: ["'self'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * Express middleware setting the headers described above. `csp: false` (the Vite dev server,
 * whose HMR client injects inline scripts without a nonce) leaves the CSP out; everything else stays.
 */
export function securityHeaders(opts: { csp: boolean }): RequestHandler {
  // Referrer-Policy same-origin, not helmet's no-referrer: with no-referrer browsers send
  // `Origin: null` on the app's own form posts (pages work without JavaScript), which React Router
  // and the /api cross-site check must refuse. same-origin still sends nothing to other sites.
  const common = { strictTransportSecurity: false, crossOriginEmbedderPolicy: false, referrerPolicy: { policy: "same-origin" } } as const;
  const pages = helmet({
    ...common,
    contentSecurityPolicy: opts.csp ? { useDefaults: false, directives: pageCspDirectives(nonceOf) } : false,
    frameguard: { action: "deny" },
  });
  const documents = helmet({
    ...common,
    // Only framing is restricted: a default-src on a PDF response can stop the browser's viewer.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: helmet.contentSecurityPolicy.dangerouslyDisableDefaultSrc, frameAncestors: ["'self'"] },
    },
    frameguard: { action: "sameorigin" },
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true });
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    const rest = (err?: unknown) => {
      if (err) return next(err);
      if (req.secure) return hsts(req, res, next);
      next();
    };
    if (FRAMED_DOCUMENT.test(req.path)) documents(req, res, rest);
    else pages(req, res, rest);
  };
}
