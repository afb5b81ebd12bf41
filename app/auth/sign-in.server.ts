/**
 * Sign-in by emailed code (remix-auth-totp), shared by the /login, /continue and /register pages and
 * by POST /api/check_account and /api/verify_code.
 *
 * Settings (STACK.md "Sign-in codes"): 6-digit numeric code, valid 600 s, cookie max-age 600 s.
 *
 * Hardening on top of the library (remix-auth-totp 4.0.0):
 *  - Its `_totp` cookie is not signed and the encrypted TOTP secret is not bound to the email, so a
 *    visitor could request a code for their own address and then edit the cookie's email. Every
 *    `_totp` value we issue is HMAC-signed into a companion `_totp_sig` cookie, and a `_totp` whose
 *    signature does not match is stripped before the library sees the request.
 *  - Its codes are stateless (the encrypted TOTP lives in the cookie), so a used code and its cookie
 *    could be replayed. Every code we send gets a SignInCode row keyed by a digest of that encrypted
 *    value; a correct code signs in only when one conditional UPDATE marks the row used.
 *  - Its `maxAttempts` only counts magic-link tries, not typed codes. Brute force is bounded here, in
 *    PostgreSQL so that it holds across processes: MAX_ATTEMPTS_PER_CODE checks per code (one
 *    conditional UPDATE on sign_in_codes; an exhausted code is dead), VERIFY_LIMITS per requester
 *    address and per (address, email) pair (rate_limits), all spent before the code is compared.
 *    Code emails are limited per requester address and per (address, email) pair (SEND_LIMITS).
 *  - Nobody can lock someone else out: the per-email ceilings (SEND_LIMITS.perEmail,
 *    VERIFY_LIMITS.perEmail) never refuse on their own. Past a ceiling, sign-in for that email
 *    slows down: each requester address gets one code per window (a fresh address, such as the
 *    owner's, still gets its code) and each code one check (a wrong one kills it). So guesses stay
 *    bounded by the number of distinct addresses an attacker controls, and the owner gets in.
 */
import crypto from "node:crypto";
import { redirect } from "react-router";
import { TOTPStrategy } from "remix-auth-totp";
import { getEnv } from "~/env.server";
import { getDatabase } from "~/lib/db.server";
import { readRawCookie, shouldUseSecureCookies } from "~/auth/cookies.server";
import { createUserSession } from "~/auth/session.server";
import { sendEmail } from "~/auth/send-email.server";
import { hitRateLimit, hitRateLimits, type RateLimitRule } from "~/auth/rate-limit.server";

export const CODE_PERIOD_SECONDS = 600;
/**
 * Code emails allowed per requester address and per (requester address, email) pair; the per-email
 * figure is a ceiling that slows, never blocks: past it, one code per pair per window.
 */
export const SEND_LIMITS = {
  perIp: { max: 30, windowMs: 10 * 60 * 1000 },
  perIpEmail: { max: 3, windowMs: 10 * 60 * 1000 },
  perEmail: { max: 10, windowMs: 60 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>;
/** Past SEND_LIMITS.perEmail, codes allowed per (requester address, email) pair per window. */
export const SEND_PER_PAIR_OVER_CEILING = 1;
/** Checks one emailed code allows; then it is dead and a new code must be requested. */
export const MAX_ATTEMPTS_PER_CODE = 5;
/** Past VERIFY_LIMITS.perEmail, checks allowed per code (a wrong one then kills it). */
export const ATTEMPTS_PER_CODE_OVER_CEILING = 1;
/**
 * Code checks allowed per requester address and per (requester address, email) pair, counted in
 * PostgreSQL (rate-limit.server.ts) before the code is looked at, so bursts cannot overrun them. The
 * per-email figure is a ceiling that slows, never blocks: past it, one check per code.
 */
export const VERIFY_LIMITS = {
  perIp: { max: 30, windowMs: 10 * 60 * 1000 },
  perIpEmail: { max: 15, windowMs: 10 * 60 * 1000 },
  perEmail: { max: 50, windowMs: 60 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>;

export const MESSAGES = {
  invalidCode: "Invalid code",
  tooMany: "Too many attempts, try again later.",
  expired: "That code has expired. Request a new code.",
  noPendingCode: "Your sign-in code has expired. Enter your email to get a new one.",
  codeUsed: "That code has already been used. Request a new code.",
  invalidEmail: "Enter a valid email address.",
  sendFailed: "We could not send the code. Try again in a minute.",
} as const;

const TOTP_COOKIE = "_totp";
const TOTP_SIG_COOKIE = "_totp_sig";

/** Normalises an email address for lookups: trimmed and lower-case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function secretFor(purpose: string): Buffer {
  return crypto.createHash("sha256").update(`${purpose}:${getEnv().SESSION_SECRET}`).digest();
}

function signTotpValue(raw: string): string {
  return crypto.createHmac("sha256", secretFor("totp-cookie")).update(raw).digest("base64url");
}

function verifiedTotpRaw(request: Request): string | undefined {
  const cookieHeader = request.headers.get("Cookie");
  const raw = readRawCookie(cookieHeader, TOTP_COOKIE);
  const sig = readRawCookie(cookieHeader, TOTP_SIG_COOKIE);
  if (!raw || !sig) return undefined;
  const expected = Buffer.from(signTotpValue(raw));
  const given = Buffer.from(sig);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? raw : undefined;
}

/** The encrypted TOTP (`jwe`) inside a `_totp` cookie value, or null. */
function totpJweOf(raw: string | undefined): string | null {
  if (!raw) return null;
  const totp = new URLSearchParams(raw).get("totp");
  if (!totp) return null;
  try {
    const value: unknown = JSON.parse(totp);
    return value && typeof value === "object" && typeof (value as { jwe?: unknown }).jwe === "string" ? (value as { jwe: string }).jwe : null;
  } catch {
    return null;
  }
}

/** SHA-256 hex of an encrypted TOTP: the key of its SignInCode row. */
function totpDigest(jwe: string): string {
  return crypto.createHash("sha256").update(jwe, "utf8").digest("hex");
}

/** The `_totp` value a library response sets, or undefined. */
function totpRawSetBy(response: Response): string | undefined {
  for (const setCookie of response.headers.getSetCookie()) {
    if (setCookie.startsWith(`${TOTP_COOKIE}=`))
      return (
        setCookie
          .slice(TOTP_COOKIE.length + 1)
          .split(";")[0]!
          .trim() || undefined
      );
  }
  return undefined;
}

function cookieAttributes(maxAge: number): string {
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${shouldUseSecureCookies() ? "; Secure" : ""}`;
}

/** State of a pending sign-in, read from the signed `_totp` cookie. */
export interface SignInState {
  /** The address a code was sent to; null on the email step. */
  email: string | null;
  /** True while a code is outstanding (code step). */
  codePending: boolean;
  /** Message the library stored after the last failed step ("Invalid code"), if any. */
  error: string | null;
}

/** Reads the pending sign-in (email, code outstanding, last error) from the request's cookies. */
export function readSignInState(request: Request): SignInState {
  const raw = verifiedTotpRaw(request);
  if (!raw) return { email: null, codePending: false, error: null };
  const params = new URLSearchParams(raw);
  const email = params.get("email");
  return { email: email || null, codePending: Boolean(email && params.get("totp")), error: params.get("error") || null };
}

/**
 * Set-Cookie values that drop the error message from the pending sign-in (so a reload does not show
 * "Invalid code" again). Empty when there is nothing to clear.
 */
export function clearSignInErrorCookies(request: Request): string[] {
  const raw = verifiedTotpRaw(request);
  if (!raw) return [];
  const params = new URLSearchParams(raw);
  if (!params.has("error")) return [];
  params.delete("error");
  const value = params.toString();
  return [
    `${TOTP_COOKIE}=${value}; ${cookieAttributes(CODE_PERIOD_SECONDS)}`,
    `${TOTP_SIG_COOKIE}=${signTotpValue(value)}; ${cookieAttributes(CODE_PERIOD_SECONDS)}`,
  ];
}

/** Set-Cookie values that forget the pending sign-in ("Change email"). */
export function cancelSignInCookies(): string[] {
  return [`${TOTP_COOKIE}=; ${cookieAttributes(0)}`, `${TOTP_SIG_COOKIE}=; ${cookieAttributes(0)}`];
}

/** Copies a library response, adding a `_totp_sig` next to every `_totp` it sets. */
function withSignedTotpCookie(response: Response): Response {
  const headers = new Headers();
  response.headers.forEach((value, key) => {
    if (key.toLowerCase() !== "set-cookie") headers.append(key, value);
  });
  for (const setCookie of response.headers.getSetCookie()) {
    headers.append("Set-Cookie", setCookie);
    if (setCookie.startsWith(`${TOTP_COOKIE}=`)) {
      const value = setCookie
        .slice(TOTP_COOKIE.length + 1)
        .split(";")[0]!
        .trim();
      headers.append("Set-Cookie", `${TOTP_SIG_COOKIE}=${value ? signTotpValue(value) : ""}; ${cookieAttributes(value ? CODE_PERIOD_SECONDS : 0)}`);
    }
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The request the library sees: a urlencoded POST with only our fields and a verified cookie. */
function strategyRequest(request: Request, fields: Record<string, string>): Request {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  const cookieHeader = request.headers.get("Cookie") ?? "";
  const keep = cookieHeader
    .split(";")
    .map((p) => p.trim())
    .filter((p) => p && !p.startsWith(`${TOTP_COOKIE}=`) && !p.startsWith(`${TOTP_SIG_COOKIE}=`));
  const raw = verifiedTotpRaw(request);
  if (raw) keep.push(`${TOTP_COOKIE}=${raw}`);
  if (keep.length) headers.set("Cookie", keep.join("; "));
  for (const h of ["user-agent", "x-forwarded-for"]) {
    const v = request.headers.get(h);
    if (v) headers.set(h, v);
  }
  return new Request(request.url, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

export interface RunOptions {
  /** Where the library redirects after sending a code or a failed check (the sign-in page). */
  pageUrl: string;
  /** The requester's address (requestIp of the load context); null when unknown. */
  ip: string | null;
  /** After a correct code: the path to land on (already validated), or null for the default. */
  redirectTo?: string | null;
}

interface RunOutcome {
  response: Response;
  sent: boolean;
  verifiedUserId: string | null;
}

/**
 * Runs remix-auth-totp on a sanitised copy of the request. `codeRowId` (verification only) is the
 * SignInCode row of the pending code: a correct code signs in only if this call is the one that
 * marks that row used, so a code works once even when replayed concurrently.
 */
async function runStrategy(
  request: Request,
  fields: Record<string, string>,
  opts: RunOptions,
  { codeRowId, deliver = true }: { codeRowId?: string; deliver?: boolean } = {},
): Promise<RunOutcome> {
  const outcome: Omit<RunOutcome, "response"> = { sent: false, verifiedUserId: null };
  const strategy = new TOTPStrategy<string>(
    {
      secret: secretFor("totp-jwe").toString("hex"),
      cookieOptions: {
        maxAge: CODE_PERIOD_SECONDS,
        ...(shouldUseSecureCookies() ? { secure: true as const } : {}),
        httpOnly: true,
        sameSite: "Lax",
        path: "/",
      },
      totpGeneration: { charSet: "0123456789", digits: 6, period: CODE_PERIOD_SECONDS, maxAttempts: MAX_ATTEMPTS_PER_CODE },
      customErrors: {
        invalidTotp: MESSAGES.invalidCode,
        expiredTotp: MESSAGES.expired,
        rateLimitExceeded: MESSAGES.tooMany,
        missingSessionEmail: MESSAGES.noPendingCode,
        missingSessionTotp: MESSAGES.noPendingCode,
        invalidEmail: MESSAGES.invalidEmail,
        requiredEmail: MESSAGES.invalidEmail,
      },
      emailSentRedirect: opts.pageUrl,
      failureRedirect: opts.pageUrl,
      successRedirect: opts.redirectTo ?? "/",
      async sendTOTP({ email, code }) {
        // Unknown addresses get the same pending sign-in as known ones, just no email.
        if (deliver) await sendSignInCodeEmail(email, code);
        outcome.sent = true;
      },
    },
    async ({ email, request: req }) => {
      const { prisma } = await getDatabase();
      const user = await prisma.user.findUnique({ where: { email: normalizeEmail(email) } });
      if (!user) throw new Error(MESSAGES.invalidCode);
      if (!codeRowId) throw new Error(MESSAGES.noPendingCode);
      const claimed = await prisma.signInCode.updateMany({ where: { id: codeRowId, used_at: null }, data: { used_at: new Date() } });
      if (claimed.count !== 1) throw new Error(MESSAGES.codeUsed);
      const setCookie = await createUserSession(user.id, req, opts.ip);
      outcome.verifiedUserId = user.id;
      throw redirect(opts.redirectTo ?? (await defaultLandingPath(user.id)), { headers: { "Set-Cookie": setCookie } });
    },
  );
  try {
    await strategy.authenticate(strategyRequest(request, fields));
    throw new Error("remix-auth-totp returned without a redirect");
  } catch (err) {
    if (err instanceof Response) return { ...outcome, response: withSignedTotpCookie(err) };
    throw err;
  }
}

async function sendSignInCodeEmail(email: string, code: string) {
  const env = getEnv();
  const minutes = CODE_PERIOD_SECONDS / 60;
  const text = `Your PA Review sign-in code is ${code}\n\nIt expires in ${minutes} minutes. If you did not try to sign in, you can ignore this email.${env.APP_URL ? `\n\n${env.APP_URL}` : ""}`;
  await sendEmail({
    to: email,
    subject: "Your PA Review sign-in code",
    text,
    html: `<p>Your PA Review sign-in code is</p><p style="font-size:24px;font-weight:600;letter-spacing:4px">${code}</p><p>It expires in ${minutes} minutes. If you did not try to sign in, you can ignore this email.</p>`,
    kind: "sign_in_code",
  });
}

/** Where a user lands after sign-in without a return path: their first live organization's dashboard. */
export async function defaultLandingPath(userId: string): Promise<string> {
  const { prisma } = await getDatabase();
  const membership = await prisma.membership.findFirst({
    where: { user_id: userId },
    orderBy: [{ organization: { sandbox: "asc" } }, { created_at: "asc" }],
    select: { organization_id: true },
  });
  return membership ? `/o/${membership.organization_id}/dashboard` : "/";
}

/** Audit row of a sign-in step (who tried what from where). Limits are enforced by rate_limits and sign_in_codes, not by counting these. */
async function recordAttempt(email: string, kind: "code_sent" | "code_failed" | "code_ok", ip: string | null) {
  const { prisma } = await getDatabase();
  await prisma.authAttempt.create({ data: { email, kind, ip } });
}

/**
 * Claims one check of the pending code whose encrypted TOTP has `digest`: a single conditional
 * UPDATE (attempts < MAX_ATTEMPTS_PER_CODE, unused, unexpired) that returns the row, so concurrent
 * checks each see the count their own increment produced and at most MAX_ATTEMPTS_PER_CODE pass.
 * Returns the claimed row, or why none could be claimed.
 */
async function claimCodeAttempt(digest: string): Promise<{ id: string; email: string; attempts: number } | "missing" | "used" | "expired" | "exhausted"> {
  const { prisma } = await getDatabase();
  const now = new Date();
  const [claimed] = await prisma.signInCode.updateManyAndReturn({
    where: { totp_digest: digest, used_at: null, expires_at: { gt: now }, attempts: { lt: MAX_ATTEMPTS_PER_CODE } },
    data: { attempts: { increment: 1 } },
    select: { id: true, email: true, attempts: true },
  });
  if (claimed) return claimed;
  const row = await prisma.signInCode.findUnique({ where: { totp_digest: digest } });
  if (!row) return "missing";
  if (row.used_at) return "used";
  if (row.expires_at <= now) return "expired";
  return "exhausted";
}

/** Kills pending code `id`: no further check is allowed on it (a new code must be requested). */
async function exhaustCode(id: string): Promise<void> {
  const { prisma } = await getDatabase();
  await prisma.signInCode.updateMany({ where: { id, used_at: null }, data: { attempts: MAX_ATTEMPTS_PER_CODE } });
}

/** Result of a sign-in step. `response` (a redirect carrying Set-Cookie) is present on success and on a wrong code. */
export type SignInStepResult = { ok: true; response: Response; userId?: string } | { ok: false; error: string; status: number; response?: Response };

/**
 * Step 1 (and "Resend code"): emails a fresh code to a known address. An unknown address (or,
 * with `organizationId`, an address that is not a member of that organization) gets exactly the
 * same answer and pending-sign-in cookie, but no email, so the answer does not tell whether an
 * account exists. Errors: over SEND_LIMITS.perIp or SEND_LIMITS.perIpEmail, or, once the email is
 * past its ceiling (SEND_LIMITS.perEmail), a second code for the same pair in the window (counted
 * for every request, before the address is looked up) → 429 `Too many attempts, try again later.`;
 * the mail server refused → 502. A requester address new to this email always gets its code.
 */
export async function sendSignInCode(request: Request, input: { email: string; organizationId?: string | null }, opts: RunOptions): Promise<SignInStepResult> {
  const email = normalizeEmail(input.email);
  const requester = opts.ip ?? "unknown";
  // Per requester first: a requester who is refused spends nothing of the email's ceiling.
  const pair = await hitRateLimits([
    [`send:ip:${requester}`, SEND_LIMITS.perIp],
    [`send:ip-email:${requester}:${email}`, SEND_LIMITS.perIpEmail],
  ]);
  if (!pair.allowed) return { ok: false, error: MESSAGES.tooMany, status: 429 };
  const ceiling = await hitRateLimit(`send:email:${email}`, SEND_LIMITS.perEmail);
  if (!ceiling.allowed && pair.count > SEND_PER_PAIR_OVER_CEILING) return { ok: false, error: MESSAGES.tooMany, status: 429 };
  const { prisma } = await getDatabase();
  const user = await prisma.user.findUnique({ where: { email }, include: { memberships: { select: { organization_id: true } } } });
  const deliver = Boolean(user && (!input.organizationId || user.memberships.some((m) => m.organization_id === input.organizationId)));
  await recordAttempt(email, "code_sent", opts.ip);
  let outcome: RunOutcome;
  try {
    outcome = await runStrategy(request, { email }, opts, { deliver });
  } catch (err) {
    console.error("[auth] sending sign-in code failed:", err);
    return { ok: false, error: MESSAGES.sendFailed, status: 502 };
  }
  if (!outcome.sent) return { ok: false, error: MESSAGES.sendFailed, status: 502, response: outcome.response };
  const jwe = totpJweOf(totpRawSetBy(outcome.response));
  if (!jwe) throw new Error("remix-auth-totp set no pending code cookie");
  await prisma.signInCode.create({
    data: { email, totp_digest: totpDigest(jwe), expires_at: new Date(Date.now() + CODE_PERIOD_SECONDS * 1000), ip: opts.ip },
  });
  return { ok: true, response: outcome.response };
}

/**
 * Step 2: checks the typed code against the pending sign-in in the cookie. On success creates the
 * Session row and returns a redirect (to `opts.redirectTo` or the user's dashboard) that sets the
 * session cookie. Errors: wrong code → 401 `Invalid code` (with a redirect back to the page that
 * carries the message); no pending code → 400; code already used → 400; `email` given but not the
 * pending one → 401 `Invalid code`; → 429 `Too many attempts, try again later.` once the requester's
 * address (VERIFY_LIMITS.perIp), the (address, email) pair (VERIFY_LIMITS.perIpEmail) or this code
 * (MAX_ATTEMPTS_PER_CODE; only ATTEMPTS_PER_CODE_OVER_CEILING once the email is past
 * VERIFY_LIMITS.perEmail, which never refuses a code's first check) has used up its checks. Each
 * budget is spent before the code is compared; a code that has used up its checks is dead.
 */
export async function verifySignInCode(request: Request, input: { code: string; email?: string | null }, opts: RunOptions): Promise<SignInStepResult> {
  const state = readSignInState(request);
  const jwe = totpJweOf(verifiedTotpRaw(request));
  if (!state.email || !state.codePending || !jwe) return { ok: false, error: MESSAGES.noPendingCode, status: 400 };
  const email = normalizeEmail(state.email);
  const tooMany = { ok: false, error: MESSAGES.tooMany, status: 429 } as const;

  // Per requester first: an address that is out of checks spends nobody else's budget.
  const requester = opts.ip ?? "unknown";
  const pair = await hitRateLimits([
    [`verify:ip:${requester}`, VERIFY_LIMITS.perIp],
    [`verify:ip-email:${requester}:${email}`, VERIFY_LIMITS.perIpEmail],
  ]);
  if (!pair.allowed) return tooMany;
  const claim = await claimCodeAttempt(totpDigest(jwe));
  if (claim === "missing") return { ok: false, error: MESSAGES.noPendingCode, status: 400 };
  if (claim === "used") return { ok: false, error: MESSAGES.codeUsed, status: 400 };
  if (claim === "expired") return { ok: false, error: MESSAGES.expired, status: 400 };
  if (claim === "exhausted" || claim.email !== email) return tooMany;
  // The email's ceiling slows, never blocks: past it, each code gets one check, then it is dead.
  const ceiling = await hitRateLimit(`verify:email:${email}`, VERIFY_LIMITS.perEmail);
  if (!ceiling.allowed) {
    if (claim.attempts > ATTEMPTS_PER_CODE_OVER_CEILING) {
      await exhaustCode(claim.id);
      return tooMany;
    }
    // This check is the code's last: whatever the outcome, no further guess on it.
    await exhaustCode(claim.id);
  }

  const code = input.code.trim();
  if ((input.email && normalizeEmail(input.email) !== email) || !/^\d{6}$/.test(code)) {
    await recordAttempt(email, "code_failed", opts.ip);
    return { ok: false, error: MESSAGES.invalidCode, status: 401 };
  }
  const outcome = await runStrategy(request, { code }, opts, { codeRowId: claim.id });
  if (outcome.verifiedUserId) {
    await recordAttempt(email, "code_ok", opts.ip);
    return { ok: true, response: outcome.response, userId: outcome.verifiedUserId };
  }
  await recordAttempt(email, "code_failed", opts.ip);
  const after = readSignInState(requestWithCookies(outcome.response));
  return { ok: false, error: after.error ?? MESSAGES.invalidCode, status: 401, response: outcome.response };
}

/** A throwaway request whose Cookie header is what `response` sets (to read the state it leaves). */
function requestWithCookies(response: Response): Request {
  const pairs = response.headers.getSetCookie().map((c) => c.split(";")[0]!);
  return new Request("http://local.invalid/", { headers: { Cookie: pairs.join("; ") } });
}
