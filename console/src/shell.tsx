// The signed-in frame: the workspace switcher (from /me/teams/), the credit balance, the
// navigation and sign-out around the screen of the current address. A key without `user:read`
// still works: it has no team list or balance to show, and only the personal workspace.
import { unwrap } from "@canopy/client";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, type ReactNode } from "react";
import { Link } from "wouter";
import { clientFor } from "./api";
import { useClient, useSession } from "./session-context";

function WorkspaceSwitcher() {
  const { session, switchTeam } = useSession();
  // Teams are the key user's, whatever the workspace: read without X-Team-ID. With it, a stored
  // team the user has since left would refuse even the list that leads out of it.
  const apiKey = session?.apiKey ?? "";
  const personal = useMemo(() => clientFor({ apiKey, teamId: null }), [apiKey]);
  const teams = useQuery({ queryKey: ["me", "teams"], queryFn: async () => unwrap(await personal.GET("/api/v1/me/teams/")) });
  const listed = teams.data?.results;
  const teamId = session?.teamId ?? null;
  useEffect(() => {
    // The chosen team is no longer one of the user's: back to the personal workspace, rather
    // than every request refused.
    if (listed && teamId && !listed.some(({ team }) => team.id === teamId)) switchTeam(null);
  }, [listed, teamId, switchTeam]);
  return (
    <label className="workspace" title={teams.error ? "This key cannot list your teams (it needs user:read)" : undefined}>
      Workspace
      <select
        value={session?.teamId ?? ""}
        onChange={(event) => {
          switchTeam(event.target.value === "" ? null : event.target.value);
        }}
      >
        <option value="">Personal</option>
        {(teams.data?.results ?? []).map(({ team, role }) => (
          <option key={team.id} value={team.id}>
            {team.name} ({role})
          </option>
        ))}
      </select>
    </label>
  );
}

function Credits() {
  const client = useClient();
  const credits = useQuery({ queryKey: ["me", "credits"], queryFn: async () => unwrap(await client.GET("/api/v1/me/credits/")) });
  if (!credits.data) return null;
  return <span className="credits">{credits.data.total_credits.toLocaleString("en")} credits</span>;
}

export function Shell({ children }: { children: ReactNode }) {
  const { signOut } = useSession();
  return (
    <>
      <header className="top">
        <Link href="/" className="logo">
          canopy
        </Link>
        <nav aria-label="Main">
          <Link href="/">Brands</Link>
          <Link href="/clustering">Clustering</Link>
          <Link href="/briefs">Briefs</Link>
          <Link href="/articles">Articles</Link>
          <Link href="/account">Account</Link>
        </nav>
        <div className="session">
          <WorkspaceSwitcher />
          <Credits />
          <button type="button" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      <main className="screen">{children}</main>
    </>
  );
}
