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

/** What to do about an error, in a sentence, after the API's own words. */
export function remedyFor(error: unknown): string | null {
  if (!(error instanceof CanopyError)) return null;
  switch (error.status) {
    case 401:
      return "The key was not accepted: it may be mistyped, revoked or expired. Sign in again with a valid key.";
    case 403:
      return "The key lacks the scope this needs, or the selected team is not one of yours. Use a key with the scope, or switch workspace.";
    case 402:
      return "Add credits to the account, or choose a cheaper option.";
    case 429:
      return "Too many requests for this key: wait a moment and try again.";
    default:
      return null;
  }
}

/** The API's words for an error, or the error's own message for anything else. */
export function errorText(error: unknown): string {
  if (error instanceof CanopyError) return error.detail ?? error.message;
  return error instanceof Error ? error.message : String(error);
}
