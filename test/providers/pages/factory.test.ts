// Which page reader PAGE_SOURCE gives: off, direct, or `dataforseo`, which follows the SERP
// provider (DataForSEO's content parsing, or the offline simulator with the offline world).
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/platform/config";
import { createPageReader } from "../../../src/providers/pages";

const DATAFORSEO = { SERP_PROVIDER: "dataforseo", DATAFORSEO_LOGIN: "login", DATAFORSEO_PASSWORD: "password" };

describe("createPageReader", () => {
  it("follows PAGE_SOURCE and the SERP provider", () => {
    expect(createPageReader(loadConfig({}), { name: "offline" }).source).toBe("offline");
    expect(createPageReader(loadConfig(DATAFORSEO), { name: "dataforseo" }).source).toBe("dataforseo");
    expect(createPageReader(loadConfig({ PAGE_SOURCE: "direct" }), { name: "offline" }).source).toBe("direct");
    expect(createPageReader(loadConfig({ ...DATAFORSEO, PAGE_SOURCE: "off" }), { name: "dataforseo" }).source).toBe("off");
  });

  it("reads nothing when off", async () => {
    const pages = createPageReader(loadConfig({ PAGE_SOURCE: "off" }), { name: "offline" });
    expect(await pages.read("https://example.com/")).toEqual({
      ok: false,
      url: "https://example.com/",
      error: "Page reading is off (PAGE_SOURCE=off).",
      transient: false,
    });
  });
});
