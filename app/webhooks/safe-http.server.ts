/**
 * Outbound HTTP for webhook deliveries, with an SSRF policy (docs/decisions/0007-webhooks.md):
 *
 *  - http: and https: only, no credentials in the URL, no redirects followed (a 3xx is a failed attempt);
 *  - the host is resolved and EVERY address must be public (isBlockedAddress: every IANA
 *    special-purpose range, as classified by ipaddr.js — loopback, private, link-local (cloud
 *    metadata), CGNAT, documentation, benchmarking, multicast, reserved — and the IPv6 forms that
 *    embed or tunnel to an IPv4 address: mapped, translated, NAT64, IPv4-compatible, 6to4, Teredo),
 *    unless WEBHOOKS_ALLOW_PRIVATE=1 (tests and on-premises installs that post to an internal
 *    receiver);
 *  - the connection goes to the address that was checked (the check runs inside the socket's DNS
 *    lookup), so DNS rebinding between check and connect cannot reach an internal address;
 *  - 10 s timeout; at most 64 KiB of the response body is read.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import ipaddr from "ipaddr.js";

export const RESPONSE_BODY_LIMIT = 64 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The address policy, on ipaddr.js's classification of the IANA special-purpose registries
 * (`range()`), so new special ranges arrive with library updates rather than by editing a list:
 *
 *  - IPv4: only "unicast" (public) addresses;
 *  - IPv6 forms that embed an IPv4 address are judged by that address: IPv4-mapped
 *    (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d) and NAT64 with the well-known prefix
 *    (64:ff9b::/96, RFC 6052). IPv4-compatible (::a.b.c.d, deprecated by RFC 4291), 6to4
 *    (2002::/16) and Teredo (2001::/32) tunnel to wherever their embedded address says and are
 *    refused outright, as is the local-use NAT64 prefix 64:ff9b:1::/48 (RFC 8215);
 *  - any other IPv6 address must be "unicast" and in the global unicast space 2000::/3, and not in
 *    EXTRA_V6_SPECIAL (registry entries the library does not classify yet).
 */
const EXTRA_V6_SPECIAL: [ipaddr.IPv6, number][] = [
  ipaddr.IPv6.parseCIDR("100:0:0:1::/64"), // Dummy IPv6 prefix (RFC 9780)
  ipaddr.IPv6.parseCIDR("64:ff9b:1::/48"), // local-use IPv4/IPv6 translation (RFC 8215)
];
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR("64:ff9b::/96");
const IPV4_MAPPED = ipaddr.IPv6.parseCIDR("::ffff:0:0/96");
const IPV4_TRANSLATED = ipaddr.IPv6.parseCIDR("::ffff:0:0:0/96");

function v4Allowed(v4: ipaddr.IPv4): boolean {
  return v4.range() === "unicast";
}

/** The IPv4 address in the last 32 bits of `v6`. */
function lastIpv4(v6: ipaddr.IPv6): ipaddr.IPv4 {
  const b = v6.toByteArray();
  return new ipaddr.IPv4(b.slice(12, 16));
}

function v6Allowed(v6: ipaddr.IPv6): boolean {
  if (v6.match(IPV4_MAPPED) || v6.match(IPV4_TRANSLATED) || v6.match(NAT64_WELL_KNOWN)) return v4Allowed(lastIpv4(v6));
  if (EXTRA_V6_SPECIAL.some((cidr) => v6.match(cidr))) return false;
  // ::/96 (IPv4-compatible, unspecified, loopback), 6to4, Teredo and every other special range.
  return v6.range() === "unicast" && v6.match(GLOBAL_UNICAST_V6);
}

/**
 * `::a.b.c.d` style IPv6 text with its trailing dotted quad written as two hex groups. ipaddr.js
 * reads "::a.b.c.d" (IPv4-compatible) as "::ffff:a.b.c.d" (IPv4-mapped); the policy must judge the
 * bytes the socket would use.
 */
function dottedTailToHex(ip: string): string {
  const m = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return ip;
  const [a, b, c, d] = [m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number];
  return `${m[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/** True when delivering to `ip` is refused by the policy (ignores WEBHOOKS_ALLOW_PRIVATE). Anything that is not an IP literal is refused. */
export function isBlockedAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 0) return true;
  try {
    const addr = ipaddr.parse(family === 6 ? dottedTailToHex(ip.replace(/%.*$/, "")) : ip);
    return addr.kind() === "ipv4" ? !v4Allowed(addr as ipaddr.IPv4) : !v6Allowed(addr as ipaddr.IPv6);
  } catch {
    return true;
  }
}

/** Whether private addresses are allowed (WEBHOOKS_ALLOW_PRIVATE=1). */
export function privateAddressesAllowed(): boolean {
  return process.env.WEBHOOKS_ALLOW_PRIVATE === "1";
}

export class BlockedAddressError extends Error {
  constructor(host: string, ip: string) {
    super(`Refused to deliver to ${host} (${ip}): private, loopback or reserved address`);
    this.name = "BlockedAddressError";
  }
}

export interface SafePostResult {
  status: number;
  /** the first RESPONSE_BODY_LIMIT bytes of the response, as UTF-8 */
  body: string;
  durationMs: number;
}

/**
 * POSTs `body` to `url` under the policy above.
 * @throws BlockedAddressError (policy), Error on a timeout, a connection or TLS failure, or a bad URL
 */
export async function safePost(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<SafePostResult> {
  return safeRequest("POST", url, body, { "content-type": "application/json", ...headers }, opts);
}

/**
 * GETs `url` under the same policy (e.g. a SMART client's JWK Set): the status and the first
 * RESPONSE_BODY_LIMIT bytes of the body.
 * @throws BlockedAddressError (policy), Error on a timeout, a connection or TLS failure, or a bad URL
 */
export async function safeGet(
  url: string,
  headers: Record<string, string> = {},
  opts: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<SafePostResult> {
  return safeRequest("GET", url, null, headers, opts);
}

async function safeRequest(
  method: "GET" | "POST",
  url: string,
  body: string | null,
  headers: Record<string, string>,
  opts: { timeoutMs?: number; signal?: AbortSignal },
): Promise<SafePostResult> {
  const target = new URL(url);
  if (target.protocol !== "http:" && target.protocol !== "https:") throw new Error("Only http and https URLs are allowed");
  if (target.username || target.password) throw new Error("URLs with credentials are not allowed");
  const allowPrivate = privateAddressesAllowed();
  const host = target.hostname.replace(/^\[|\]$/g, "");
  // A literal IP never goes through `lookup`: check it here.
  if (net.isIP(host) && !allowPrivate && isBlockedAddress(host)) throw new BlockedAddressError(host, host);

  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return (callback as (e: Error) => void)(err);
      const list = addresses as dns.LookupAddress[];
      const bad = allowPrivate ? undefined : list.find((a) => isBlockedAddress(a.address));
      if (bad) return (callback as (e: Error) => void)(new BlockedAddressError(hostname, bad.address));
      if (!list.length) return (callback as (e: Error) => void)(new Error(`No address for ${hostname}`));
      if ((options as { all?: boolean }).all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      (callback as (e: null, a: string, f: number) => void)(null, list[0]!.address, list[0]!.family);
    });
  };

  const started = Date.now();
  const client = target.protocol === "https:" ? https : http;
  return new Promise<SafePostResult>((resolve, reject) => {
    const req = client.request(
      target,
      {
        method,
        headers: { "user-agent": "PA-Review-Webhooks/1", ...headers, ...(body === null ? {} : { "content-length": String(Buffer.byteLength(body)) }) },
        lookup,
        timeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        signal: opts.signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          if (size >= RESPONSE_BODY_LIMIT) return;
          chunks.push(chunk.subarray(0, RESPONSE_BODY_LIMIT - size));
          size += chunk.length;
          if (size >= RESPONSE_BODY_LIMIT) res.destroy();
        });
        const done = () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), durationMs: Date.now() - started });
        res.on("end", done);
        res.on("close", done);
        res.on("error", done);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`Timed out after ${opts.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`)));
    req.on("error", reject);
    if (body === null) req.end();
    else req.end(body);
  });
}
