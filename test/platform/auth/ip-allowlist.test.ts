import { describe, expect, it } from "vitest";
import { canonicalEntry, ipAllowed, parseAllowEntry } from "../../../src/platform/auth/ip-allowlist";

const ranges = (...entries: string[]) => entries.map(parseAllowEntry);

describe("ip allowlist", () => {
  it("allows everyone when the list is empty", () => {
    expect(ipAllowed("203.0.113.9", [])).toBe(true);
    expect(ipAllowed("2001:db8::1", [])).toBe(true);
  });

  it("matches single IPv4 addresses exactly", () => {
    const list = ranges("203.0.113.9");
    expect(ipAllowed("203.0.113.9", list)).toBe(true);
    expect(ipAllowed("203.0.113.10", list)).toBe(false);
  });

  it("matches IPv4 CIDR ranges at their edges", () => {
    const list = ranges("10.0.0.0/8", "192.168.1.0/24");
    expect(ipAllowed("10.0.0.0", list)).toBe(true);
    expect(ipAllowed("10.255.255.255", list)).toBe(true);
    expect(ipAllowed("11.0.0.0", list)).toBe(false);
    expect(ipAllowed("192.168.1.200", list)).toBe(true);
    expect(ipAllowed("192.168.2.1", list)).toBe(false);
  });

  it("matches single IPv6 addresses in any notation", () => {
    const list = ranges("2001:db8::1");
    expect(ipAllowed("2001:db8::1", list)).toBe(true);
    expect(ipAllowed("2001:0db8:0000:0000:0000:0000:0000:0001", list)).toBe(true);
    expect(ipAllowed("2001:db8::2", list)).toBe(false);
  });

  it("matches IPv6 CIDR ranges", () => {
    const list = ranges("2001:db8::/32");
    expect(ipAllowed("2001:db8:ffff::1", list)).toBe(true);
    expect(ipAllowed("2001:db9::1", list)).toBe(false);
  });

  it("does not let an IPv4 entry match IPv6 clients or the reverse", () => {
    expect(ipAllowed("::1", ranges("127.0.0.1"))).toBe(false);
    expect(ipAllowed("127.0.0.1", ranges("::1"))).toBe(false);
    expect(ipAllowed("10.0.0.1", ranges("::/0"))).toBe(false);
  });

  it("treats an IPv4 client seen through an IPv6 socket as IPv4", () => {
    expect(ipAllowed("::ffff:10.1.2.3", ranges("10.0.0.0/8"))).toBe(true);
    expect(ipAllowed("::ffff:11.1.2.3", ranges("10.0.0.0/8"))).toBe(false);
    expect(ipAllowed("::ffff:203.0.113.9", ranges("203.0.113.9"))).toBe(true);
  });

  it("treats an IPv4-mapped entry as the IPv4 address or range it names", () => {
    expect(ipAllowed("10.1.2.3", ranges("::ffff:10.1.2.3"))).toBe(true);
    expect(ipAllowed("10.1.2.3", ranges("::ffff:10.0.0.0/104"))).toBe(true);
    expect(ipAllowed("11.1.2.3", ranges("::ffff:10.0.0.0/104"))).toBe(false);
  });

  it("refuses clients whose address cannot be parsed", () => {
    const list = ranges("0.0.0.0/0");
    expect(ipAllowed("not an ip", list)).toBe(false);
    expect(ipAllowed("", list)).toBe(false);
    expect(ipAllowed("999.1.1.1", list)).toBe(false);
  });

  it.each(["", "garbage", "10.0.0.0/33", "10.0.0/8x", "2001:db8::/129", "1.2.3.4/", "1.2.3.4.5", "010.0.0.1", "10.1", "0x0a.0.0.1/8"])(
    "rejects the entry %j with a readable message",
    (entry) => {
      expect(() => parseAllowEntry(entry)).toThrow(/is not an IP address or CIDR range/);
    },
  );

  it("stores entries in canonical form", () => {
    expect(canonicalEntry(" 10.0.0.0/8 ")).toBe("10.0.0.0/8");
    expect(canonicalEntry("203.0.113.9/32")).toBe("203.0.113.9");
    expect(canonicalEntry("2001:0db8:0000::/32")).toBe("2001:db8::/32");
    expect(canonicalEntry("::ffff:10.1.2.3")).toBe("10.1.2.3");
    expect(canonicalEntry("::ffff:10.0.0.0/104")).toBe("10.0.0.0/8");
  });

  it("keeps every canonical entry parseable, so a stored allowlist always loads", () => {
    for (const entry of ["10.0.0.0/8", "::ffff:10.0.0.0/104", "::ffff:0:0/96", "::ffff:0:0/64", "::/0", "2001:db8::1"]) {
      const canonical = canonicalEntry(entry);
      expect(() => parseAllowEntry(canonical), `${entry} -> ${canonical}`).not.toThrow();
    }
  });

  it("applies an IPv6 range shorter than /96 that covers the mapped space to IPv6 clients", () => {
    const list = ranges("::ffff:0:0/64");
    expect(ipAllowed("::1:0:0:1", list)).toBe(true);
    expect(ipAllowed("::ffff:10.1.2.3", list)).toBe(true);
    expect(ipAllowed("2001:db8::1", list)).toBe(false);
    expect(ipAllowed("10.1.2.3", list)).toBe(false);
  });
});
