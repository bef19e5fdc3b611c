// IP allowlists: single IPv4/IPv6 addresses and CIDR ranges. An IPv4 client seen through an
// IPv6 socket (::ffff:a.b.c.d) matches IPv4 entries.
import ipaddr from "ipaddr.js";

export type AllowRange = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Parses one allowlist entry; throws with a readable message when it is not an address or CIDR. */
export function parseAllowEntry(entry: string): AllowRange {
  const text = entry.trim();
  const [addressText = ""] = text.split("/");
  // ipaddr.js also reads legacy IPv4 forms (octal `010.0.0.1`, short `10.1`); an allowlist must
  // mean exactly what it shows, so IPv4 must be four decimal parts.
  const looksIPv4 = !addressText.includes(":");
  if (looksIPv4 && !ipaddr.IPv4.isValidFourPartDecimal(addressText)) {
    throw new Error(`"${entry}" is not an IP address or CIDR range`);
  }
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

/** A mapped range of /96 or longer is the IPv4 range it maps; a shorter one has no IPv4 form. */
function normalizeRange([address, bits]: AllowRange): AllowRange {
  if (bits < 96) return [address, bits];
  const normalized = normalize(address);
  return normalized.kind() === address.kind() ? [address, bits] : [normalized, bits - 96];
}

/** Canonical text of an entry, as stored and shown (e.g. `10.0.0.0/8`, `2001:db8::/32`). */
export function canonicalEntry(entry: string): string {
  const [address, bits] = normalizeRange(parseAllowEntry(entry));
  const full = address.kind() === "ipv4" ? 32 : 128;
  return bits === full ? address.toString() : `${address.toString()}/${bits}`;
}

export function ipAllowed(ip: string, ranges: AllowRange[]): boolean {
  if (ranges.length === 0) return true;
  let raw: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    raw = ipaddr.parse(ip);
  } catch {
    return false;
  }
  // A mapped client is tried as IPv4 and as itself, for IPv6 ranges that contain mapped space.
  const clients = [normalize(raw), raw];
  return ranges.some((entry) => {
    const [range, bits] = normalizeRange(entry);
    return clients.some((client) => client.kind() === range.kind() && client.match(range, bits));
  });
}
