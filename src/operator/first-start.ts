// What a server with no users prints once it listens: the README Quickstart's first commands, so
// that someone who ran `npm start` before reading on can go straight to a working key. The scopes
// are the Quickstart key's (every example in the README needs one of them); a test holds the two
// texts together.
import { CONSOLE_PATH } from "../modules/console";

/** The scopes of the Quickstart's Integration key, as `--scopes` takes them. */
export const QUICKSTART_SCOPES = [
  "user:read",
  "keys:write",
  "brands:read",
  "brands:write",
  "research:read",
  "research:write",
  "clustering:read",
  "clustering:write",
  "maps:read",
  "maps:write",
  "authority:read",
  "authority:write",
  "briefs:read",
  "briefs:write",
  "content:read",
  "content:write",
] as const;

/** The lines printed on a first start, addressed to the server at `host:port`. */
export function firstStartBanner(host: string, port: number): string {
  return [
    "",
    "canopy has no users yet. Create one and an API key (in this checkout, in another terminal):",
    "  npx canopy users create --email you@example.com --first-name Ada",
    "  npx canopy credits grant --email you@example.com --amount 100",
    "  npx canopy keys create --email you@example.com --name laptop --type Integration \\",
    `    --scopes ${QUICKSTART_SCOPES.join(",")}`,
    `Then: curl -H "X-API-Key: <key>" http://${host}:${port}/api/v1/me/profile/`,
    `Or sign in to the console with the key: http://${host}:${port}${CONSOLE_PATH}`,
    "The README's Quickstart walks on from there: a brand, its research tree, clustering, briefs, articles.",
    "",
  ].join("\n");
}
