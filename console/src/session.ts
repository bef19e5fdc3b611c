// Where the console keeps who is signed in: the API key and the chosen team, in sessionStorage
// only. The key never goes into the URL or localStorage, so it is gone when the tab closes and
// is not shared with other tabs; signing out forgets it at once.
const KEY_ITEM = "canopy.apiKey";
const TEAM_ITEM = "canopy.teamId";

export interface Session {
  apiKey: string;
  /** The team whose workspace the console acts in (X-Team-ID); null: the key user's own. */
  teamId: string | null;
}

export function readSession(): Session | null {
  const apiKey = sessionStorage.getItem(KEY_ITEM);
  if (!apiKey) return null;
  return { apiKey, teamId: sessionStorage.getItem(TEAM_ITEM) };
}

export function saveSession(session: Session): void {
  sessionStorage.setItem(KEY_ITEM, session.apiKey);
  if (session.teamId) sessionStorage.setItem(TEAM_ITEM, session.teamId);
  else sessionStorage.removeItem(TEAM_ITEM);
}

export function forgetSession(): void {
  sessionStorage.removeItem(KEY_ITEM);
  sessionStorage.removeItem(TEAM_ITEM);
}
