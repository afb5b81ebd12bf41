/**
 * Global zod settings, imported by app/root.tsx so they apply on the server and in the browser.
 *
 * `jitless`: zod 4 probes for `new Function` support to compile fast object parsers. Under the
 * app's Content-Security-Policy (no 'unsafe-eval', see security-headers.server.ts) that probe is
 * refused and reported as a CSP violation on every page; the interpreted parsers are fast enough
 * for forms, so the probe is switched off.
 */
import { z } from "zod";

z.config({ jitless: true });
