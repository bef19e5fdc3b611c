// canopy's own page reader (PAGE_SOURCE=direct) against a site on 127.0.0.1, allowed by
// PAGE_FETCH_ALLOW_HOSTS=127.0.0.1 (and only that name: `localhost` is the same machine under a
// name the allow-list does not hold). What a page gives (title, H1-H3 of the main content, its
// text and words, without the site's furniture), and every refusal: robots.txt, redirects,
// private addresses, time, size and type.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DirectPageReader } from "../../../src/providers/pages/direct";
import { MAX_REDIRECTS, type Resolver } from "../../../src/providers/pages/guarded-fetch";
import type { PageOutcome } from "../../../src/providers/pages/types";
import { PageServer } from "./page-server";

const SETTINGS = { allowHosts: ["127.0.0.1"], timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 };

let site: PageServer;
let reader: DirectPageReader;

beforeAll(async () => {
  site = await PageServer.start();
  reader = new DirectPageReader(SETTINGS);
});
afterAll(async () => site.close());

function failed(outcome: PageOutcome): Extract<PageOutcome, { ok: false }> {
  if (outcome.ok) throw new Error(`expected a failure, got the page ${outcome.page.url}`);
  return outcome;
}

describe("reading a page", () => {
  it("keeps the title, the main content's H1-H3 and its text, without the site's furniture", async () => {
    const outcome = await reader.read(site.url("/article"));
    if (!outcome.ok) throw new Error(outcome.error);
    const { page } = outcome;
    expect(page).toMatchObject({ url: site.url("/article"), title: "Descaling an espresso machine & why", source: "direct" });
    expect(page.headings).toEqual([
      { level: 1, text: "How to descale an espresso machine" },
      { level: 2, text: "What you need" },
      { level: 3, text: "Optional tools" },
    ]);
    expect(page.text.split("\n\n")).toEqual([
      "How to descale an espresso machine",
      "Scale builds up in every machine that heats hard water.",
      "What you need",
      "Descaling solution",
      "Fresh water",
      "Optional tools",
      "A large jug.",
      "A note",
    ]);
    expect(page.text).not.toMatch(/Brew Guide|Site menu|Machines|Related|Subscribe|About us|tracking|color/);
    expect(page.wordCount).toBe(30);
  });

  it("follows up to five redirects, and keeps the address asked for", async () => {
    const outcome = await reader.read(site.url(`/chain/${MAX_REDIRECTS}`));
    expect(outcome.ok && outcome.page.url).toBe(site.url(`/chain/${MAX_REDIRECTS}`));
    expect(failed(await reader.read(site.url("/loop/0")))).toMatchObject({
      error: `too many redirects (more than ${MAX_REDIRECTS})`,
      transient: false,
    });
  });

  it("obeys robots.txt for canopy, fetched once per origin", async () => {
    const fresh = new DirectPageReader(SETTINGS);
    const before = site.hits.get("/robots.txt") ?? 0;
    expect(failed(await fresh.read(site.url("/private/article")))).toEqual({
      ok: false,
      url: site.url("/private/article"),
      error: "robots.txt of 127.0.0.1 disallows /private/article",
      transient: false,
    });
    expect(site.hits.get("/private/article")).toBeUndefined();
    expect((await fresh.read(site.url("/article"))).ok).toBe(true);
    expect(site.hits.get("/robots.txt")).toBe(before + 1);
  });

  it("does not read a page whose robots.txt cannot be read now, and reads it once it can", async () => {
    const other = await PageServer.start();
    try {
      const fresh = new DirectPageReader(SETTINGS);
      other.robotsStatus = 503;
      const outcome = failed(await fresh.read(other.url("/article")));
      expect(outcome).toMatchObject({ transient: true, error: "robots.txt of 127.0.0.1 could not be read (HTTP 503)" });
      expect(other.hits.get("/article")).toBeUndefined();
      // A missing robots.txt allows everything; the failure above was not kept.
      other.robotsStatus = 404;
      expect((await fresh.read(other.url("/article"))).ok).toBe(true);
    } finally {
      await other.close();
    }
  });

  it("refuses a redirect to a host name that is not allowed and resolves to a private address", async () => {
    const outcome = failed(await reader.read(site.url("/to-localhost")));
    expect(outcome.error).toMatch(/^localhost resolves to a private address \((127\.0\.0\.1|::1)\)$/);
    expect(outcome.transient).toBe(false);
  });

  it("says HTTP errors, refuses what is not HTML, and stops reading past the byte limit", async () => {
    expect(failed(await reader.read(site.url("/missing")))).toMatchObject({ error: "HTTP 404", transient: false });
    expect(failed(await reader.read(site.url("/busy")))).toMatchObject({ error: "HTTP 503", transient: true });
    expect(failed(await reader.read(site.url("/report.pdf")))).toMatchObject({
      error: "not an HTML page (application/pdf)",
      transient: false,
    });
    const small = new DirectPageReader({ ...SETTINGS, maxBytes: 2048 });
    expect(failed(await small.read(site.url("/big")))).toMatchObject({ error: "larger than 2048 bytes", transient: false });
    expect(failed(await small.read(site.url("/big-declared")))).toMatchObject({ error: "larger than 2048 bytes", transient: false });
    expect((await small.read(site.url("/article"))).ok).toBe(true);
  });

  it("gives up on a page that never answers when the configured time is up", async () => {
    const hasty = new DirectPageReader({ ...SETTINGS, timeoutMs: 300 });
    const outcome = failed(await hasty.read(site.url("/hang")));
    expect(outcome).toMatchObject({ error: "timed out after 0.3 s", transient: true });
  });

  it("stops when the caller cancels", async () => {
    const controller = new AbortController();
    const reading = reader.read(site.url("/hang"), { signal: controller.signal });
    controller.abort();
    await expect(reading).rejects.toThrow(/cancelled/);
  });
});

describe("addresses canopy does not read", () => {
  const resolve: Resolver = async (host) => {
    if (host === "intranet.example") return ["10.1.2.3"];
    if (host === "public.example") return ["93.184.216.34"];
    throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
  };
  const strict = new DirectPageReader({ ...SETTINGS, allowHosts: [] }, { resolve });

  it.each([
    ["http://10.0.0.1/", "10.0.0.1 is a private address"],
    ["http://169.254.169.254/latest/meta-data/", "169.254.169.254 is a private address"],
    ["http://[::1]/", "::1 is a private address"],
    ["http://[::ffff:127.0.0.1]/", "::ffff:7f00:1 is a private address"],
    ["http://[fc00::1]/", "fc00::1 is a private address"],
    ["http://127.0.0.1/", "127.0.0.1 is a private address"],
    ["http://intranet.example/", "intranet.example resolves to a private address (10.1.2.3)"],
  ])("%s", async (url, reason) => {
    expect(failed(await strict.read(url))).toEqual({ ok: false, url, error: reason, transient: false });
  });

  it("refuses other schemes, other ports and unknown names", async () => {
    expect(failed(await strict.read("file:///etc/passwd")).error).toBe("only http and https addresses are read, not file");
    expect(failed(await strict.read("not an address")).error).toBe("not a valid address");
    expect(failed(await strict.read("http://public.example:8080/")).error).toMatch(/port 8080 of public\.example is not read/);
    expect(failed(await strict.read("http://nowhere.example/"))).toMatchObject({
      error: expect.stringMatching(/nowhere\.example could not be resolved \(ENOTFOUND\)/),
      transient: false,
    });
  });

  it("pins the connection: a name that resolves again to a private address is refused there", async () => {
    let calls = 0;
    // Public when checked (the page's address, then its robots.txt's), private when connected
    // to: DNS rebinding. Were the connection not pinned, it would reach 127.0.0.1:80.
    const rebinding: Resolver = async () => (calls++ < 2 ? ["93.184.216.34"] : ["127.0.0.1"]);
    const pinned = new DirectPageReader({ ...SETTINGS, allowHosts: [] }, { resolve: rebinding });
    const outcome = failed(await pinned.read(`http://rebind.example/article`));
    expect(outcome).toMatchObject({
      error: "robots.txt of rebind.example could not be read (rebind.example resolves to a private address (127.0.0.1))",
      transient: false,
    });
    expect(calls).toBe(3);
  });
});
