// The key user's API keys: made here with a name, a type and scopes (the plaintext shown once),
// rotated (the old key revoked at once, the new one shown once) and revoked after a
// confirmation. Rotating the key the console is signed in with signs it in with the new one.
import { unwrap } from "@canopy/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type SubmitEvent } from "react";
import type { Schemas } from "../api";
import { useClient, useSession } from "../session-context";
import { Dialog } from "../ui/dialog";
import { ErrorNotice } from "../ui/error-notice";
import { Loading } from "../ui/loading";
import { ShowOnce } from "./show-once";
import { formatMoment } from "../ui/format";
import { ColumnHeads } from "../ui/column-heads";
import { ReadOnlyNote, WriteButton } from "../ui/can-write";
import { TableRegion } from "../ui/table-region";

type Key = Schemas["ApiKeyListItem"];
type KeyType = Schemas["CreateApiKeyRequest"]["type"];
type Scope = NonNullable<Schemas["CreateApiKeyRequest"]["scopes"]>[number];

export function KeysPanel() {
  const client = useClient();
  const { session, signIn } = useSession();
  const queries = useQueryClient();
  const keys = useQuery({ queryKey: ["keys"], queryFn: async () => unwrap(await client.GET("/api/v1/keys/")) });
  const catalog = useQuery({ queryKey: ["keys", "scopes"], queryFn: async () => unwrap(await client.GET("/api/v1/keys/scopes/")) });
  const [plaintext, setPlaintext] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ key: Key; action: "rotate" | "revoke" } | null>(null);
  const [name, setName] = useState("");
  const [type, setType] = useState<KeyType>("Integration");
  const [scopes, setScopes] = useState<ReadonlySet<string>>(new Set());
  const refresh = () => queries.invalidateQueries({ queryKey: ["keys"] });

  const create = useMutation({
    mutationFn: async () =>
      unwrap(
        await client.POST("/api/v1/keys/", {
          body: { name: name.trim(), type, ...(scopes.size ? { scopes: [...scopes] as Scope[] } : {}) },
        }),
      ),
    onSuccess: async (made) => {
      setPlaintext(made.key);
      setName("");
      setScopes(new Set());
      await refresh();
    },
  });
  const act = useMutation({
    mutationFn: async ({ key, action }: { key: Key; action: "rotate" | "revoke" }) => {
      const params = { params: { path: { id: key.id } }, body: {} };
      if (action === "revoke") {
        unwrap(await client.POST("/api/v1/keys/{id}/revoke/", params));
        return null;
      }
      return unwrap(await client.POST("/api/v1/keys/{id}/rotate/", params));
    },
    onSuccess: async (rotated, { key }) => {
      setConfirm(null);
      if (rotated) {
        setPlaintext(rotated.key);
        // The key in use was replaced and revoked: carry on with its successor.
        if (session?.apiKey.startsWith(key.prefix)) signIn({ apiKey: rotated.key, teamId: session.teamId });
      }
      await refresh();
    },
  });

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    create.mutate();
  };
  // Names from the API's own scope catalog (GET /keys/scopes/), sent back as they came.
  const toggleScope = (scope: string) => {
    const next = new Set(scopes);
    if (next.has(scope)) next.delete(scope);
    else next.add(scope);
    setScopes(next);
  };

  return (
    <section aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      <ReadOnlyNote scope="keys:write" />
      {keys.error ? <ErrorNotice error={keys.error} retry={keys} /> : null}
      {keys.isLoading ? <Loading label="Loading the keys" /> : null}
      {keys.data ? (
        <TableRegion label="API keys">
          <table className="table">
            <ColumnHeads columns={["Name", "Key", "Type", "Scopes", "Status", "Last used"]} actions />
            <tbody>
              {keys.data.map((key) => (
                <tr key={key.id}>
                  <td>{key.name}</td>
                  <td className="mono">{key.prefix}…</td>
                  <td>{key.type}</td>
                  <td>{key.scopes.join(", ")}</td>
                  <td>{key.status}</td>
                  <td>{key.last_used_at ? formatMoment(key.last_used_at) : "never"}</td>
                  <td>
                    {key.status === "Active" ? (
                      <div className="actions">
                        <WriteButton
                          scope="keys:write"
                          aria-label={`Rotate ${key.name}`}
                          onClick={() => setConfirm({ key, action: "rotate" })}
                        >
                          Rotate
                        </WriteButton>
                        <WriteButton
                          scope="keys:write"
                          className="danger"
                          aria-label={`Revoke ${key.name}`}
                          onClick={() => setConfirm({ key, action: "revoke" })}
                        >
                          Revoke
                        </WriteButton>
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}

      <form className="form key-form" aria-labelledby="new-key-title" onSubmit={submit}>
        <h3 id="new-key-title">New key</h3>
        <div className="field">
          <label htmlFor="key-name">Name</label>
          <input id="key-name" value={name} required onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="key-type">Type</label>
          <select
            id="key-type"
            value={type}
            onChange={(event) => setType(event.target.value === "Developer" ? "Developer" : "Integration")}
          >
            <option value="Integration">Integration</option>
            <option value="Developer">Developer</option>
          </select>
        </div>
        <fieldset className="scopes">
          <legend>Scopes (none ticked: the type's defaults)</legend>
          {(catalog.data?.scopes ?? [])
            .filter(({ scope }) => !scope.startsWith("admin:"))
            .map(({ scope, description }) => (
              <label key={scope} className="check">
                <input type="checkbox" checked={scopes.has(scope)} onChange={() => toggleScope(scope)} />
                <span className="mono">{scope}</span> <span className="hint">{description}</span>
              </label>
            ))}
        </fieldset>
        {create.error ? <ErrorNotice error={create.error} /> : null}
        <div className="buttons start">
          <WriteButton scope="keys:write" type="submit" disabled={create.isPending}>
            Create key
          </WriteButton>
        </div>
      </form>

      <Dialog
        title={confirm ? `${confirm.action === "rotate" ? "Rotate" : "Revoke"} ${confirm.key.name}?` : "Confirm"}
        open={confirm !== null}
        onClose={() => setConfirm(null)}
      >
        {confirm ? (
          <div className="confirm-body">
            <p>
              {confirm.action === "rotate"
                ? "A new key with the same name, type and scopes replaces it, and this one stops working at once."
                : "The key stops working at once, in every API process. This cannot be undone."}
            </p>
            {act.error ? <ErrorNotice error={act.error} /> : null}
            <div className="buttons">
              <button type="button" onClick={() => setConfirm(null)}>
                Cancel
              </button>
              <button type="button" className="danger" disabled={act.isPending} onClick={() => act.mutate(confirm)}>
                {confirm.action === "rotate" ? "Rotate key" : "Revoke key"}
              </button>
            </div>
          </div>
        ) : null}
      </Dialog>
      <ShowOnce plaintext={plaintext} onClose={() => setPlaintext(null)} />
    </section>
  );
}
