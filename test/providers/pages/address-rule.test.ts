// The address rule of canopy's own fetcher, as a pure function: public unicast only, an
// IPv4-mapped IPv6 address judged as the IPv4 address it carries.
import { describe, expect, it } from "vitest";
import { refusedRange } from "../../../src/providers/pages/address-rule";

describe("refusedRange", () => {
  it.each([
    ["10.0.0.1", "private"],
    ["172.16.5.4", "private"],
    ["192.168.1.1", "private"],
    ["127.0.0.1", "loopback"],
    ["169.254.169.254", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["224.0.0.1", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456::1", "uniqueLocal"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["[::ffff:169.254.169.254]", "linkLocal"],
    // IPv4 inside other IPv6 forms: NAT64, 6to4, the deprecated IPv4-compatible form.
    ["64:ff9b::a00:1", "rfc6052"],
    ["2002:a00:1::", "6to4"],
    ["::127.0.0.1", "loopback"],
    ["2001:db8::1", "reserved"],
    ["not an address", "not an IP address"],
  ])("refuses %s (%s)", (address, range) => {
    expect(refusedRange(address)).toBe(range);
  });

  it.each(["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "[2a00:1450:4001:81b::200e]", "::ffff:93.184.216.34"])(
    "allows %s",
    (address) => {
      expect(refusedRange(address)).toBeNull();
    },
  );
});
