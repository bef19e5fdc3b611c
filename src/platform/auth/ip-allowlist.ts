// IP allowlists: single IPv4/IPv6 addresses and CIDR ranges. An IPv4 client seen through an
// IPv6 socket (::ffff:a.b.c.d) matches IPv4 entries.
import ipaddr from "ipaddr.js";

export type AllowRange = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Parses one allowlist entry; throws with a readable message when it is not an address or CIDR. */
export function parseAllowEntry(entry: string): AllowRange {
  const text = entry.trim();
  try {
    if (text.includes("/")) return ipaddr.parseCIDR(text);
    const address = ipaddr.parse(text);
    return [address, address.kind() === "ipv4" ? 32 : 128];
  } catch {
    throw new Error(`"${entry}" is not an IP address or CIDR range`);
  }
}

function normalize(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (address as ipaddr.IPv6).toIPv4Address();
  }
  return address;
}

/** Canonical text of an entry, as stored and shown (e.g. `10.0.0.0/8`, `2001:db8::/32`). */
export function canonicalEntry(entry: string): string {
  const [address, bits] = parseAllowEntry(entry);
  const normalized = normalize(address);
  const full = normalized.kind() === "ipv4" ? 32 : 128;
  const adjusted = address.kind() !== normalized.kind() ? bits - 96 : bits;
  return adjusted === full ? normalized.toString() : `${normalized.toString()}/${adjusted}`;
}

export function ipAllowed(ip: string, ranges: AllowRange[]): boolean {
  if (ranges.length === 0) return true;
  let client: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    client = normalize(ipaddr.parse(ip));
  } catch {
    return false;
  }
  return ranges.some(([address, bits]) => {
    const range = normalize(address);
    const rangeBits = address.kind() !== range.kind() ? bits - 96 : bits;
    if (range.kind() !== client.kind()) return false;
    return client.match(range, rangeBits);
  });
}
