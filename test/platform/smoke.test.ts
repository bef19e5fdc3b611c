import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../helpers/harness";

describe("me/profile", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => h.close());

  it("answers the key's user profile with _meta and rate-limit headers", async () => {
    const { key, user } = await h.userWithKey(["user:read"]);
    const res = await h.request("GET", "/api/v1/me/profile/", { key });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.uuid).toBe(user.id);
    expect(body.email).toBe(user.email);
    expect(body._meta.description).toMatch(/profile/i);
    expect(res.headers["x-ratelimit-limit"]).toBe("120");
    expect(res.headers["x-ratelimit-remaining"]).toBe("119");
  });
});
