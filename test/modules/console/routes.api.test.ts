// The console's two routes over HTTP: the page under its strict policy, never cached stale; a
// hashed asset cached for good; an unknown file a 404 in the API's shape. No key is needed:
// the console holds no privilege, it only serves files.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";

let h: Harness;

beforeAll(async () => {
  h = await createHarness({ workers: false });
});

afterAll(async () => {
  await h.close();
});

describe("the console's files", () => {
  it("serves the page under a strict Content-Security-Policy, revalidated on every visit", async () => {
    const res = await h.request("GET", "/console/");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-security-policy"]).toMatch(/^default-src 'none'; script-src 'self'; style-src 'self';/);
    expect(res.headers["content-security-policy"]).not.toContain("unsafe");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.body).toMatch(/<script type="module" crossorigin src="\/console\/assets\/index-[\w-]+\.js"><\/script>/);
  });

  it("serves the assets the page names, gzipped and cached for good", async () => {
    const page = (await h.request("GET", "/console/")).body;
    const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(page)?.[1] ?? "";
    const res = await h.request("GET", script, { headers: { "accept-encoding": "gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/javascript; charset=utf-8");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers 404 in the API's shape for a file the build did not make, however it is named", async () => {
    for (const name of ["index-missing.js", "..%2F..%2Fpackage.json", "%2Fetc%2Fpasswd"]) {
      const res = await h.request("GET", `/console/assets/${name}`);
      expect(res.statusCode).toBe(404);
      expect(res.json<Schemas["Error"]>()).toEqual({ detail: "No such console file." });
    }
  });
});
