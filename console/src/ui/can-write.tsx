// What the signed-in key may change. Its scopes come from GET /api/v1/keys/current/ (any valid key
// may read it), so a button whose action the key lacks the scope for is disabled up front and says
// which scope to ask for, instead of failing with a 403 once clicked.
import { unwrap } from "@canopy/client";
import { useQuery } from "@tanstack/react-query";
import { useId, type ButtonHTMLAttributes } from "react";
import { useClient } from "../session-context";
import "./can-write.css";

/** Each scope that lets a key change something, with what it changes in a strategist's words. */
const WRITES = {
  "brands:write": "brands",
  "research:write": "research",
  "clustering:write": "clusterings",
  "maps:write": "topical maps",
  "briefs:write": "briefs",
  "content:write": "articles",
  "authority:write": "the authority view",
  "keys:write": "API keys",
} as const;

type WriteScope = keyof typeof WRITES;

interface WriteAccess {
  allowed: boolean;
  /** Why not, and what to do about it; null when allowed. */
  reason: string | null;
}

/** The signed-in key's scopes; undefined until known. */
function useKeyScopes(): ReadonlySet<string> | undefined {
  const client = useClient();
  const key = useQuery({
    queryKey: ["keys", "current"],
    queryFn: async () => unwrap(await client.GET("/api/v1/keys/current/")),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return key.data ? new Set(key.data.scopes) : undefined;
}

/** Whether the signed-in key may take actions needing `scope`; unknown scopes allow, as the API still decides. */
export function useWriteAccess(scope: WriteScope): WriteAccess {
  const scopes = useKeyScopes();
  if (!scopes || scopes.has(scope)) return { allowed: true, reason: null };
  return { allowed: false, reason: `This key can only read ${WRITES[scope]}: ask for a key with the ${scope} scope.` };
}

/**
 * A button for an action needing `scope`: as given while the key holds the scope, otherwise
 * disabled and described by the reason (read out with it, and shown on pointing).
 */
export function WriteButton({ scope, type = "button", ...button }: ButtonHTMLAttributes<HTMLButtonElement> & { scope: WriteScope }) {
  const access = useWriteAccess(scope);
  const reasonId = useId();
  if (access.allowed) return <button type={type} {...button} />;
  const describedBy = [button["aria-describedby"], reasonId].filter(Boolean).join(" ");
  return (
    <>
      <button type={type} {...button} disabled aria-describedby={describedBy} title={access.reason ?? undefined} />
      <span id={reasonId} className="visually-hidden">
        {access.reason}
      </span>
    </>
  );
}

/** The id of a screen's ReadOnlyNote for `scope`: what its disabled controls other than WriteButton are described by. */
export const readOnlyNoteId = (scope: WriteScope): string => `read-only-${scope.replace(":", "-")}`;

/** The reason a screen's changes are not offered, shown once on it; nothing while the key may make them. */
export function ReadOnlyNote({ scope }: { scope: WriteScope }) {
  const access = useWriteAccess(scope);
  return access.allowed ? null : (
    <p className="hint read-only-note" id={readOnlyNoteId(scope)}>
      {access.reason}
    </p>
  );
}
