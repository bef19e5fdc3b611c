// Sign-in: the API key is pasted once, checked against the API (GET /models/, which any valid
// key may read, whatever its scopes), and kept for this tab only. A refused key shows the API's
// own reason.
import { unwrap } from "@canopy/client";
import { useState, type SubmitEvent } from "react";
import { clientFor } from "../api";
import { useSession } from "../session-context";
import { ErrorNotice } from "../ui/error-notice";

export function SignIn() {
  const { signIn } = useSession();
  const [apiKey, setApiKey] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [checking, setChecking] = useState(false);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    setChecking(true);
    setError(null);
    const session = { apiKey: apiKey.trim(), teamId: null };
    try {
      unwrap(await clientFor(session).GET("/api/v1/models/"));
      signIn(session);
    } catch (caught) {
      setError(caught);
    } finally {
      setChecking(false);
    }
  }

  return (
    <main className="sign-in">
      <h1>canopy console</h1>
      <form onSubmit={(event) => void submit(event)}>
        <label htmlFor="api-key">API key</label>
        <input
          id="api-key"
          name="api-key"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="cnpy_live_…"
          value={apiKey}
          onChange={(event) => {
            setApiKey(event.target.value);
          }}
          required
        />
        <p className="hint">Kept in this tab only, never in the address bar; signing out forgets it.</p>
        <button type="submit" disabled={checking || apiKey.trim() === ""}>
          {checking ? "Checking…" : "Sign in"}
        </button>
      </form>
      {error ? <ErrorNotice error={error} /> : null}
    </main>
  );
}
