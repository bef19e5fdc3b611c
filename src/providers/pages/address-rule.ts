// Which addresses canopy's own fetcher may connect to: public unicast only. A page address is
// given by a user or by a SERP, so without this rule anyone could make canopy read its own
// loopback services, the cloud's metadata endpoint or the private network it runs in. Pure.
import ipaddr from "ipaddr.js";

/** Global unicast IPv6 (2000::/3); the rest is local, special or not routed on the internet. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * Why an address may not be connected to (ipaddr.js's name of its range: "private",
 * "loopback", "linkLocal", "uniqueLocal", "carrierGradeNat", "multicast", "unspecified",
 * "broadcast", "reserved"...), or null for a public unicast address. An IPv4-mapped IPv6
 * address (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
 */
export function refusedRange(address: string): string | null {
  const bare = address.replace(/^\[(.*)\]$/, "$1");
  if (!ipaddr.isValid(bare)) return "not an IP address";
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (v6.range() === "unicast" && !v6.match(GLOBAL_UNICAST_V6)) return "reserved";
  }
  const range = parsed.range();
  return range === "unicast" ? null : range;
}

/** Whether a host name (as a URL spells it) is an IP address rather than a name to resolve. */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[(.*)\]$/, "$1"));
}
