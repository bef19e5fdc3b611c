// The box a plain table sits in, so that a table wider than the screen (a phone, most often)
// scrolls sideways inside it and never moves the whole page. Only while it does scroll is it a
// named region the keyboard can reach and scroll: a box that fits adds no stop to the tab order
// and nothing for a screen reader to announce.
import { useEffect, useRef, useState, type ReactNode } from "react";

function useScrollsSideways() {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth);
    // The box narrows with the window; the table inside widens as its rows arrive.
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, scrolls };
}

/** `label` names the table; the region, while it scrolls, is "<label>, scrolls sideways". */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  const { ref, scrolls } = useScrollsSideways();
  const scrolling = scrolls ? { role: "region", "aria-label": `${label}, scrolls sideways`, tabIndex: 0 } : {};
  return (
    <div ref={ref} className="table-region" {...scrolling}>
      {children}
    </div>
  );
}
