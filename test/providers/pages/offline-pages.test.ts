// The offline simulator of the pages that rank: the same page for the same address, headings
// drawn from the simulator's own searches for the address's entity, a text of those headings
// alone (no figure, no invented prose), harmless for a condition or a profession, and an answer
// for any address, not only the offline web's.
import { describe, expect, it } from "vitest";
import { OfflinePageReader } from "../../../src/providers/pages/offline-pages";
import type { PageContent } from "../../../src/providers/pages/types";
import { offlineSerp } from "../../../src/providers/serp/offline";

const reader = new OfflinePageReader(() => new Date("2026-01-01T00:00:00Z"));

async function pageOf(url: string): Promise<PageContent> {
  const outcome = await reader.read(url);
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.page;
}

const rankingUrls = (keyword: string): string[] =>
  offlineSerp({ keyword, country: "us", language: "en" }, new Date(0)).results.map((r) => r.url);

describe("the offline page simulator", () => {
  it("answers the same page for the same address", async () => {
    const [url] = rankingUrls("aeropress recipe");
    if (!url) throw new Error("no ranking page");
    expect(await pageOf(url)).toEqual(await pageOf(url));
    expect(reader.source).toBe("offline");
  });

  it("gives every ranking page a title, headings and a text made of them alone", async () => {
    for (const keyword of ["aeropress recipe", "how to descale an espresso machine", "pot roast", "tree surgeon in bristol"]) {
      for (const url of rankingUrls(keyword)) {
        const page = await pageOf(url);
        expect(page.source).toBe("offline");
        expect(page.url).toBe(url);
        expect(page.title).not.toBe("");
        expect(page.headings[0]).toEqual({ level: 1, text: page.title });
        expect(page.headings.filter((h) => h.level === 2).length).toBeGreaterThanOrEqual(2);
        expect(page.text).toBe(page.headings.map((h) => h.text).join("\n\n"));
        expect(page.text).not.toMatch(/\d/);
        expect(page.wordCount).toBeGreaterThanOrEqual(150);
        expect(page.wordCount).toBeLessThanOrEqual(6000);
      }
    }
  });

  it("sells nothing around a condition or a profession", async () => {
    for (const keyword of ["adhd coach", "adhd", "depression therapist", "diabetes"]) {
      for (const url of rankingUrls(keyword)) {
        const page = await pageOf(url);
        const said = [page.title, ...page.headings.map((h) => h.text), page.text].join("\n").toLowerCase();
        expect(said, url).not.toMatch(/\b(buy|cheap|price|prices|pricing|cost|deals?|near me|for sale)\b/);
      }
    }
  });

  it("reads the words of an address it did not invent", async () => {
    const page = await pageOf("https://my.site/blog/2024/05/sourdough-starter.html?utm_source=x");
    expect(page.title).toBe("Sourdough starter");
    expect(page.headings.length).toBeGreaterThan(1);
    expect(page.text).toMatch(/sourdough starter/i);
    const bare = await pageOf("https://www.example.com/");
    expect(bare.title).toBe("Example");
  });

  it("refuses what is not an http(s) address", async () => {
    expect(await reader.read("mailto:someone@example.com")).toMatchObject({ ok: false, transient: false });
  });
});
