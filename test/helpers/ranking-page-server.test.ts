import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRankingSerp, type RankingPageServer, startRankingPageServer } from "./ranking-page-server";

describe("the ranking page server", () => {
  let server: RankingPageServer;
  beforeAll(async () => {
    server = await startRankingPageServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("serves the page that stands for a SERP url, at /<slug>/<file>.html", async () => {
    const serp = loadRankingSerp("conspiracy-theories");
    const first = serp.organic[0]!;
    const address = server.pageUrl(first.url);
    expect(address).toBe(`${server.url}/conspiracy-theories/wikipedia.html`);
    const response = await fetch(address);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toContain("<h1>Conspiracy theory</h1>");
  });

  it("lets every crawler in", async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("User-agent: *\nAllow: /\n");
  });

  it("answers 404 for a path that is not one of the pages, the folders' own files included", async () => {
    for (const missing of [
      "/",
      "/conspiracy-theories/nothing.html",
      "/conspiracy-theories/serp.json",
      "/conspiracy-theories/../README.md",
    ]) {
      expect((await fetch(server.url + missing)).status, missing).toBe(404);
    }
  });

  it("has no address for a SERP url no page of ours stands for", () => {
    const facebook = loadRankingSerp("conspiracy-theories").organic.find((result) => result.url.includes("facebook.com"))!;
    expect(() => server.pageUrl(facebook.url)).toThrow(/no ranking page/);
  });

  it("refuses a query it has no pages for", () => {
    expect(() => loadRankingSerp("no-such-query")).toThrow(/no ranking pages/);
  });
});
