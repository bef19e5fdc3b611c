// A modal dialog on the native <dialog> element: focus is trapped and restored by the browser,
// Escape closes it, and it is labelled by its title for screen readers.
import { useEffect, useId, useRef, type ReactNode } from "react";

export function Dialog({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={onClose} className="dialog">
      <h2 id={titleId}>{title}</h2>
      {open ? children : null}
    </dialog>
  );
}
