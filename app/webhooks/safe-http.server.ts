/**
 * Outbound HTTP for webhook deliveries, with an SSRF policy (docs/decisions/0007-webhooks.md):
 *
 *  - http: and https: only, no credentials in the URL, no redirects followed (a 3xx is a failed attempt);
 *  - the host is resolved and EVERY address must be public: loopback, private (RFC 1918, fc00::/7),
 *    link-local (169.254/16 — cloud metadata — and fe80::/10), CGNAT, unspecified, multicast,
 *    reserved and IPv4-mapped/NAT64 forms of those are refused, unless WEBHOOKS_ALLOW_PRIVATE=1
 *    (tests and on-premises installs that post to an internal receiver);
 *  - the connection goes to the address that was checked (the check runs inside the socket's DNS
 *    lookup), so DNS rebinding between check and connect cannot reach an internal address;
 *  - 10 s timeout; at most 64 KiB of the response body is read.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";

export const RESPONSE_BODY_LIMIT = 64 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;

// Separate lists: a BlockList also matches IPv4 addresses against IPv6 rules (as ::ffff:a.b.c.d).
const blockedV4 = new net.BlockList();
for (const [addr, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blockedV4.addSubnet(addr, prefix, "ipv4");
const blockedV6 = new net.BlockList();
for (const [addr, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
  ["64:ff9b::", 96],
] as const)
  blockedV6.addSubnet(addr, prefix, "ipv6");

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:xxxx:xxxx), else null. */
function mappedIpv4(ip: string): string | null {
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip) ?? /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (dotted) return dotted[1]!;
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/** True when delivering to `ip` is refused by the policy (ignores WEBHOOKS_ALLOW_PRIVATE). */
export function isBlockedAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return blockedV4.check(ip, "ipv4");
  if (family === 6) {
    const v4 = mappedIpv4(ip);
    if (v4) return net.isIP(v4) !== 4 || blockedV4.check(v4, "ipv4");
    return blockedV6.check(ip, "ipv6");
  }
  return true;
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
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "PA-Review-Webhooks/1", ...headers, "content-length": String(Buffer.byteLength(body)) },
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
    req.end(body);
  });
}
