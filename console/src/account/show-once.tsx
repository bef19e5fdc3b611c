// A key's plaintext, shown once after it is made or rotated: the API never shows it again, so
// the dialog says so and offers a copy.
import { useState } from "react";
import { Dialog } from "../ui/dialog";

export function ShowOnce({ plaintext, onClose }: { plaintext: string | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog
      title="Store this key now"
      open={plaintext !== null}
      onClose={() => {
        setCopied(false);
        onClose();
      }}
    >
      <p>It is shown this once: canopy keeps only its hash.</p>
      <label className="field">
        New key
        <input readOnly value={plaintext ?? ""} className="mono" onFocus={(event) => event.target.select()} />
      </label>
      <div className="buttons">
        <button
          type="button"
          onClick={() => {
            if (plaintext) void navigator.clipboard.writeText(plaintext).then(() => setCopied(true));
          }}
        >
          {copied ? "Copied" : "Copy"}
        </button>
        <button
          type="button"
          onClick={() => {
            setCopied(false);
            onClose();
          }}
        >
          Done
        </button>
      </div>
    </Dialog>
  );
}
