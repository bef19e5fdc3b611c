// The console talks to canopy only through the project's typed client, with the signed-in key:
// it holds no privilege of its own. Every call answers its data or throws a CanopyError, whose
// status and `detail` the screens show as the API wrote them.
import { CanopyError, createCanopyClient, type CanopyClient } from "@canopy/client";
import type { Session } from "./session";

export { CanopyError };
export type { CanopyClient };
export type { Schemas } from "@canopy/client";

export function clientFor(session: Session): CanopyClient {
  return createCanopyClient({
    baseUrl: window.location.origin,
    apiKey: session.apiKey,
    ...(session.teamId ? { teamId: session.teamId } : {}),
  });
}

/**
 * A request that never got an answer: fetch rejects with a TypeError whose wording is the
 * browser's own ("Failed to fetch", "NetworkError when attempting to fetch resource.", "Load failed").
 */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/** What to do about an error, in a sentence, after the API's own words. */
export function remedyFor(error: unknown): string | null {
  if (isNetworkFailure(error)) return "Check that it is running and your connection, then retry.";
  if (!(error instanceof CanopyError)) return null;
  if (error.status >= 500)
    return "The failure is the server's, not the request's: retry in a moment. If it keeps failing, the server's log says why.";
  switch (error.status) {
    case 401:
      return "The key was not accepted: it may be mistyped, revoked or expired. Sign in again with a valid key.";
    case 403:
      return "The key lacks the scope this needs, or the selected team is not one of yours. Use a key with the scope, or switch workspace.";
    case 402:
      return "Add credits to the account, or choose a cheaper option.";
    case 404:
      return "It is no longer there: it may have been deleted, or the link is out of date. Go back to the list and open it again.";
    case 429:
      return "Too many requests for this key: wait a moment and try again.";
    default:
      return null;
  }
}

/** The API's words for an error, else what happened, else the error's own message. */
export function errorText(error: unknown): string {
  if (isNetworkFailure(error)) return "Could not reach the canopy server.";
  if (error instanceof CanopyError) {
    if (error.detail) return error.detail;
    // A proxy in front, or a crash, answers without the API's body.
    if (error.status >= 500) return `The canopy server failed (${error.status}).`;
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
