/**
 * The webhook SSRF address policy (safe-http.server.ts isBlockedAddress) against every entry of the
 * IANA IPv4 and IPv6 Special-Purpose Address Registries (first, an inner and the last address of
 * each block), the IPv6 forms that embed or tunnel to an IPv4 address, and public addresses that
 * must stay deliverable.
 */
import { describe, expect, it } from "vitest";
import ipaddr from "ipaddr.js";
import { isBlockedAddress } from "~/webhooks/safe-http.server";

/** IANA IPv4 Special-Purpose Address Registry (iana-ipv4-special-registry), plus multicast and broadcast. */
const IPV4_SPECIAL = [
  "0.0.0.0/8",
  "10.0.0.0/8",
  "100.64.0.0/10",
  "127.0.0.0/8",
  "169.254.0.0/16",
  "172.16.0.0/12",
  "192.0.0.0/24",
  "192.0.0.0/29",
  "192.0.0.8/32",
  "192.0.0.9/32",
  "192.0.0.10/32",
  "192.0.0.170/32",
  "192.0.0.171/32",
  "192.0.2.0/24",
  "192.31.196.0/24",
  "192.52.193.0/24",
  "192.88.99.0/24",
  "192.168.0.0/16",
  "192.175.48.0/24",
  "198.18.0.0/15",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "224.0.0.0/4",
  "240.0.0.0/4",
  "255.255.255.255/32",
];

/** IANA IPv6 Special-Purpose Address Registry (iana-ipv6-special-registry), plus multicast and site-local. */
const IPV6_SPECIAL = [
  "::1/128",
  "::/128",
  "::ffff:0:0/96",
  "64:ff9b:1::/48",
  "100::/64",
  "100:0:0:1::/64",
  "2001::/23",
  "2001::/32",
  "2001:1::1/128",
  "2001:1::2/128",
  "2001:1::3/128",
  "2001:2::/48",
  "2001:3::/32",
  "2001:4:112::/48",
  "2001:10::/28",
  "2001:20::/28",
  "2001:30::/28",
  "2001:db8::/32",
  "2002::/16",
  "2620:4f:8000::/48",
  "3fff::/20",
  "5f00::/16",
  "fc00::/7",
  "fe80::/10",
  "fec0::/10",
  "ff00::/8",
];

/** First, a middle and the last address of `cidr`. */
function samples(cidr: string): string[] {
  const [addr, len] = ipaddr.parseCIDR(cidr);
  const bytes = addr.toByteArray();
  const bits = bytes.length * 8;
  const first = bytes.map((b, i) => b & maskByte(len, i));
  const last = bytes.map((b, i) => (b & maskByte(len, i)) | (~maskByte(len, i) & 255));
  const middle = first.map((b, i) => (i === bytes.length - 1 && len < bits ? b | 1 : b));
  if (len < bits - 8) middle[bytes.length - 2] = middle[bytes.length - 2]! | 0x5a;
  return [first, middle, last].map((b) => ipaddr.fromByteArray(b).toString());
}

function maskByte(len: number, i: number): number {
  const bitsHere = Math.max(0, Math.min(8, len - i * 8));
  return (0xff << (8 - bitsHere)) & 0xff;
}

describe("webhook address policy", () => {
  it("refuses every IPv4 special-purpose block", () => {
    for (const cidr of IPV4_SPECIAL) for (const ip of samples(cidr)) expect(isBlockedAddress(ip), `${ip} (${cidr})`).toBe(true);
  });

  it("refuses every IPv6 special-purpose block", () => {
    for (const cidr of IPV6_SPECIAL) for (const ip of samples(cidr)) expect(isBlockedAddress(ip), `${ip} (${cidr})`).toBe(true);
  });

  it("judges IPv6 forms embedding an IPv4 address by that address, and refuses the tunnelling ones", () => {
    const privateV4 = ["127.0.0.1", "10.0.0.1", "169.254.169.254", "192.168.1.1", "172.16.0.1", "100.64.0.1", "0.0.0.0"];
    for (const v4 of privateV4) {
      const [a, b, c, d] = v4.split(".").map(Number) as [number, number, number, number];
      const hi = ((a << 8) | b).toString(16);
      const lo = ((c << 8) | d).toString(16);
      for (const ip of [
        `::ffff:${v4}`, // IPv4-mapped
        `::ffff:${hi}:${lo}`,
        `::ffff:0:${v4}`, // IPv4-translated (RFC 6145)
        `::${v4}`, // IPv4-compatible (deprecated)
        `64:ff9b::${v4}`, // NAT64 well-known prefix
        `64:ff9b::${hi}:${lo}`,
        `64:ff9b:1::${v4}`, // NAT64 local-use prefix
        `2002:${hi}:${lo}::1`, // 6to4
        `2001:0:4136:e378:8000:63bf:${(~((a << 8) | b) & 0xffff).toString(16)}:${(~((c << 8) | d) & 0xffff).toString(16)}`, // Teredo
      ])
        expect(isBlockedAddress(ip), `${ip} embeds ${v4}`).toBe(true);
    }
    // A public IPv4 address reached through IPv6-only NAT64 or a dual-stack socket stays deliverable...
    for (const ip of ["::ffff:8.8.8.8", "64:ff9b::8.8.8.8", "64:ff9b::808:808"]) expect(isBlockedAddress(ip), ip).toBe(false);
    // ...but not through the deprecated or tunnelling forms.
    for (const ip of ["::8.8.8.8", "2002:808:808::1", "2001:0:4136:e378:8000:63bf:f7f7:f7f7"]) expect(isBlockedAddress(ip), ip).toBe(true);
  });

  it("delivers to public unicast addresses; refuses what is not an IP literal", () => {
    for (const ip of ["8.8.8.8", "93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "2001:4860:4860::8888"])
      expect(isBlockedAddress(ip), ip).toBe(false);
    for (const x of ["", "localhost", "example.com", "999.1.1.1", "::gg"]) expect(isBlockedAddress(x), x).toBe(true);
  });
});
