// The signed-in session for every screen: the key's client, the workspace, and sign in/out.
// Switching workspace or signing out drops every cached answer, so nothing read for one
// workspace or key is ever shown for another.
import { useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { clientFor, type CanopyClient } from "./api";
import { forgetSession, readSession, saveSession, type Session } from "./session";

interface SessionState {
  session: Session | null;
  client: CanopyClient | null;
  signIn: (session: Session) => void;
  switchTeam: (teamId: string | null) => void;
  signOut: () => void;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queries = useQueryClient();
  const [session, setSession] = useState<Session | null>(readSession);
  const change = useCallback(
    (next: Session | null) => {
      queries.clear();
      if (next) saveSession(next);
      else forgetSession();
      setSession(next);
    },
    [queries],
  );
  const value = useMemo<SessionState>(
    () => ({
      session,
      client: session ? clientFor(session) : null,
      signIn: change,
      switchTeam: (teamId) => {
        if (session) change({ ...session, teamId });
      },
      signOut: () => {
        change(null);
      },
    }),
    [session, change],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error("useSession outside SessionProvider");
  return state;
}

/** The signed-in client; only screens shown after sign-in use it. */
export function useClient(): CanopyClient {
  const { client } = useSession();
  if (!client) throw new Error("useClient before sign-in");
  return client;
}
