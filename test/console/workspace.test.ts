// The workspace switcher in the console's header, in Chromium against a real server: it lists
// the personal workspace and the key user's teams with their role; a brand made in one workspace
// is not seen from the other; the choice sets X-Team-ID on every request (checked through the
// API itself), a reload keeps it, as the tab's sessionStorage does, and a team the user no longer
// belongs to gives way to the personal workspace.
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessibilityViolations } from "./accessibility";
import { createBrand, signedInConsole, type SignedInConsole } from "./signed-in";

const TEAM = "Roastery Crew";

let opened: SignedInConsole | undefined;
let page: Page;
let teamId: string;

beforeAll(async () => {
  opened = await signedInConsole({ teams: [TEAM] });
  page = opened.page;
  const teams = await opened.api<{ results: Array<{ team: { id: string; name: string }; role: string }> }>("GET", "/api/v1/me/teams/");
  teamId = teams.results.find(({ team }) => team.name === TEAM)?.team.id ?? "";
}, 180_000);

afterAll(async () => {
  await opened?.close();
});

const switcher = (): Locator => page.getByRole("combobox", { name: /^Workspace/ });
const brandLink = (name: string): Locator => page.getByRole("link", { name, exact: true });
const storedTeam = () => page.evaluate<string | null>('sessionStorage.getItem("canopy.teamId")');

/** The brands of a workspace as the API answers them to the same key: personal without `teamId`. */
async function brandNames(inTeam?: string): Promise<string[]> {
  const headers: Record<string, string> = {
    "X-API-Key": (await page.evaluate<string | null>('sessionStorage.getItem("canopy.apiKey")')) ?? "",
  };
  if (inTeam) headers["X-Team-ID"] = inTeam;
  const res = await fetch(`${opened?.baseUrl ?? ""}/api/v1/brands/`, { headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as Array<{ brand_name: string }>).map((brand) => brand.brand_name);
}

async function openBrands(): Promise<void> {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Brands" }).click();
  await page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
}

describe("the console: workspace switcher", () => {
  it("lists the personal workspace and the user's team with the user's role in it", async () => {
    expect(teamId).toMatch(/^[0-9a-f-]{36}$/);
    // The teams come from a request of their own, after the header is drawn.
    await expect.poll(() => switcher().locator("option").allTextContents()).toEqual(["Personal", `${TEAM} (owner)`]);
    expect(await switcher().locator("option").nth(1).getAttribute("value")).toBe(teamId);
    expect(await switcher().inputValue()).toBe("");
    expect(await storedTeam()).toBeNull();
  });

  it("keeps a brand made in the personal workspace out of the team's", async () => {
    await createBrand(page, { name: "Personal Roast" });
    await openBrands();
    await brandLink("Personal Roast").waitFor();
    await switcher().selectOption({ label: `${TEAM} (owner)` });
    // The team's list is empty: only its answer says so, the personal one had a brand.
    await page.getByText("No brands yet").waitFor();
    expect(await brandLink("Personal Roast").count()).toBe(0);
    expect(await storedTeam()).toBe(teamId);
  });

  it("creates a brand in the team's workspace, which the API files under the team", async () => {
    const id = await createBrand(page, { name: "Team Roast" });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await brandNames(teamId)).toEqual(["Team Roast"]);
    expect(await brandNames()).toEqual(["Personal Roast"]);
    // Not the user's own brand: without X-Team-ID it is not found at all.
    const res = await fetch(`${opened?.baseUrl ?? ""}/api/v1/brands/${id}/`, {
      headers: { "X-API-Key": (await page.evaluate<string | null>('sessionStorage.getItem("canopy.apiKey")')) ?? "" },
    });
    expect(res.status).toBe(404);
  });

  it("shows only the personal brand after switching back to Personal", async () => {
    await openBrands();
    await brandLink("Team Roast").waitFor();
    await switcher().selectOption({ label: "Personal" });
    await brandLink("Personal Roast").waitFor();
    // The personal list has arrived (it alone has "Personal Roast"), so it is complete now.
    expect(await brandLink("Team Roast").count()).toBe(0);
    expect(await switcher().inputValue()).toBe("");
    expect(await storedTeam()).toBeNull();
  });

  it("keeps the chosen workspace across a reload of the tab", async () => {
    await switcher().selectOption({ label: `${TEAM} (owner)` });
    await brandLink("Team Roast").waitFor();
    expect(await brandLink("Personal Roast").count()).toBe(0);
    await page.reload();
    await brandLink("Team Roast").waitFor();
    expect(await brandLink("Personal Roast").count()).toBe(0);
    expect(await storedTeam()).toBe(teamId);
    // The select shows the team once the team list it names has been read again.
    await expect.poll(() => switcher().inputValue()).toBe(teamId);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("goes back to the personal workspace when the stored team is no longer one of the user's", async () => {
    // As after the user has left the team (or it was deleted) while the tab kept its id.
    await page.evaluate('sessionStorage.setItem("canopy.teamId", "00000000-0000-4000-8000-000000000000")');
    await page.reload();
    await brandLink("Personal Roast").waitFor();
    expect(await storedTeam()).toBeNull();
    expect(await switcher().inputValue()).toBe("");
    // The requests made with the stale team before the fallback were refused; nothing else went wrong.
    const refused = /Failed to load resource: the server responded with a status of 403/;
    expect((opened?.problems ?? []).filter((problem) => !refused.test(problem))).toEqual([]);
  });
});
