import { describe, expect, it } from "vitest";
import { addressKey } from "../../../src/platform/http/connection-guard";

describe("addressKey", () => {
  it("keeps an IPv4 address as it is, in either form a listener reports it", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::FFFF:127.0.0.1")).toBe("127.0.0.1");
    expect(addressKey("203.0.113.8")).not.toBe(addressKey("203.0.113.7"));
  });

  it("groups IPv6 addresses by their /64 network, however they are written", () => {
    const network = addressKey("2001:db8:1:2::1");
    expect(network).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe(network);
    expect(addressKey("2001:DB8:1:2:0:0:0:9")).toBe(network);
    expect(addressKey("2001:db8:1:3::1")).not.toBe(network);
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });
});
