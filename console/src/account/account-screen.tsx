// The account: what the key's user has to spend, the keys they work with, and what those keys
// have done.
import { AuditLogPanel } from "./audit-log-panel";
import { CreditsPanel } from "./credits-panel";
import { KeysPanel } from "./keys-panel";

export function AccountScreen() {
  return (
    <div className="account">
      <h1>Account</h1>
      <CreditsPanel />
      <KeysPanel />
      <AuditLogPanel />
    </div>
  );
}
