// A sortable, filterable table that stays smooth with tens of thousands of rows: only the rows in
// view (and a few either side) are in the DOM, between two spacer rows that keep the scrollbar
// true. It is still a real <table>: a caption names it, each sortable header is a button in a
// <th> carrying aria-sort, aria-rowcount/aria-rowindex tell assistive technology where a row sits
// in the whole, and the count of rows shown is announced as the filter changes it.
//
// Props (VirtualTableProps<Row>):
//   label         the table's accessible name (its caption, visually hidden) and its scroll region's
//   rows          the rows, in the order shown until a header is clicked
//   columns       Column<Row>[] (keep the array stable, a module constant or useMemo: the filter's
//                 text of every row is built again when it changes), each:
//                   id        unique within the table
//                   header    the header's text (and its sort button's name)
//                   value     (row) => string | number | null: what the column sorts and filters by
//                   render?   (row) => ReactNode: the cell's content (default: the value as text,
//                             numbers through `format`); never HTML, React escapes it
//                   format?   (value) => string: the text of a value (default String)
//                   numeric?  right-aligned, tabular figures, first click sorts largest first
//                   width?    a CSS width for the column (the layout is fixed: columns don't jump
//                             as rows scroll by); a percentage keeps the table within its view
//                   sortable? default true
//                   rowHeader? the cells of this column are the rows' headers (<th scope="row">)
//   rowKey        (row) => string: a stable, unique key
//   noun?         [one, many] for the count ("keyword", "keywords"); default ["row", "rows"]
//   filterLabel?  the filter input's label; default "Filter"
//   initialSort?  { column: id, direction: "ascending" | "descending" }; default: the rows' order
//   rowHeight?    a row's height in px before it is drawn; default 36. Cells wrap, never cut a
//                 keyword short, so a row is as tall as its text and is measured once drawn
//   minWidth?     CSS width below which the table scrolls sideways within its region rather than
//                 squeeze its columns (a phone); default none
//   maxHeight?    CSS height the table scrolls within; default "70vh"
//   rowClassName? (row) => string | undefined: a class for a row (e.g. a cluster's centroid)
//   toolbar?      ReactNode shown beside the filter (buttons such as an export)
//   searchText?   (row) => string: more text the filter looks in, beyond the columns' values
//                 (e.g. a node's keywords, which no column shows)
// The filter keeps rows whose columns' text holds every word typed (case-insensitive), so
// "burr grinder" finds the burr grinders, and the keywords of a cluster named by one.
import { useVirtualizer } from "@tanstack/react-virtual";
import { useDeferredValue, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import "./virtual-table.css";

type CellValue = string | number | null;
type SortDirection = "ascending" | "descending";

export interface Column<Row> {
  id: string;
  header: string;
  value: (row: Row) => CellValue;
  render?: (row: Row) => ReactNode;
  format?: (value: CellValue) => string;
  numeric?: boolean;
  width?: string;
  sortable?: boolean;
  rowHeader?: boolean;
}

export interface VirtualTableProps<Row> {
  label: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  noun?: readonly [string, string];
  filterLabel?: string;
  initialSort?: { column: string; direction: SortDirection };
  rowHeight?: number;
  maxHeight?: string;
  minWidth?: string;
  rowClassName?: (row: Row) => string | undefined;
  toolbar?: ReactNode;
  searchText?: (row: Row) => string;
}

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });
const textOf = (value: CellValue): string => (value === null ? "" : String(value));

/** Empty values go last whichever way the column sorts: a blank is never the "largest". */
function compare(a: CellValue, b: CellValue, direction: SortDirection): number {
  const aEmpty = a === null || a === "";
  const bEmpty = b === null || b === "";
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  const order = typeof a === "number" && typeof b === "number" ? a - b : collator.compare(String(a), String(b));
  return direction === "ascending" ? order : -order;
}

export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const {
    label,
    rows,
    columns,
    rowKey,
    noun = ["row", "rows"],
    filterLabel = "Filter",
    rowHeight = 36,
    maxHeight = "70vh",
    minWidth,
    rowClassName,
    toolbar,
    searchText,
  } = props;
  const filterId = useId();
  const countId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [filter, setFilter] = useState("");
  const [sort, setSort] = useState(props.initialSort ?? null);
  // Typing stays responsive with 10,000 rows: the filtering follows a beat behind the input.
  const terms = useDeferredValue(filter).toLowerCase().split(/\s+/).filter(Boolean);

  // Each row's text, lowercased once per rows/columns, not once per keystroke.
  const haystacks = useMemo(
    () => rows.map((row) => [...columns.map((column) => textOf(column.value(row))), searchText?.(row) ?? ""].join("\u0000").toLowerCase()),
    [rows, columns, searchText],
  );
  const termsKey = terms.join(" ");
  const shown = useMemo(() => {
    const wanted = termsKey === "" ? [] : termsKey.split(" ");
    const kept = rows.filter((_, index) => wanted.every((term) => haystacks[index]?.includes(term)));
    const column = sort ? columns.find((c) => c.id === sort.column) : undefined;
    if (!sort || !column) return kept;
    // Array.prototype.sort is stable: equal values keep the rows' own order.
    return kept
      .map((row) => ({ row, value: column.value(row) }))
      .sort((a, b) => compare(a.value, b.value, sort.direction))
      .map((entry) => entry.row);
  }, [rows, columns, haystacks, termsKey, sort]);

  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);

  // Rows are measured as they are drawn, so the browser's own End would stop at the end the table
  // had estimated, short of the last row; the virtualizer scrolls until that row is in view.
  const jumpToEdge = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "End" && event.key !== "Home") return;
    if (shown.length === 0) return;
    event.preventDefault();
    if (event.key === "End") virtualizer.scrollToIndex(shown.length - 1, { align: "end" });
    else virtualizer.scrollToIndex(0, { align: "start" });
  };
  const toTop = () => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  };
  const sortBy = (column: Column<Row>) => {
    const first: SortDirection = column.numeric ? "descending" : "ascending";
    const direction: SortDirection = sort?.column === column.id ? (sort.direction === "ascending" ? "descending" : "ascending") : first;
    setSort({ column: column.id, direction });
    toTop();
  };
  const [one, many] = noun;
  const count =
    shown.length === rows.length
      ? `${rows.length.toLocaleString("en")} ${rows.length === 1 ? one : many}`
      : `${shown.length.toLocaleString("en")} of ${rows.length.toLocaleString("en")} ${many} match`;

  return (
    <div className="vt">
      <div className="vt-toolbar">
        <label htmlFor={filterId}>{filterLabel}</label>
        <input
          id={filterId}
          type="search"
          value={filter}
          aria-describedby={countId}
          onChange={(event) => {
            setFilter(event.target.value);
            toTop();
          }}
        />
        <p id={countId} className="hint vt-count" role="status">
          {count}
        </p>
        {toolbar ? <div className="vt-tools">{toolbar}</div> : null}
      </div>
      {/* Focusable so that the keyboard can scroll it; named so that it is a region worth finding. */}
      {/* biome-ignore lint/a11y/useSemanticElements lint/a11y/noNoninteractiveTabindex: a scrolling region, not a section of the document, and the keyboard must reach it to scroll (WCAG 2.1.1). */}
      <div ref={scrollRef} className="vt-scroll" style={{ maxHeight }} tabIndex={0} role="region" aria-label={label} onKeyDown={jumpToEdge}>
        <table className="table vt-table" aria-rowcount={shown.length + 1} style={minWidth ? { minWidth } : undefined}>
          <caption className="visually-hidden">{label}</caption>
          <colgroup>
            {columns.map((column) => (
              <col key={column.id} style={column.width ? { width: column.width } : undefined} />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              {columns.map((column) => {
                const sorted = sort?.column === column.id ? sort.direction : undefined;
                return (
                  <th key={column.id} scope="col" aria-sort={sorted} className={column.numeric ? "vt-numeric" : undefined}>
                    {column.sortable === false ? (
                      <span className="vt-head">{column.header}</span>
                    ) : (
                      <button type="button" className="vt-sort" onClick={() => sortBy(column)}>
                        {column.header}
                        <span aria-hidden="true" className="vt-arrow">
                          {sorted === "ascending" ? "▲" : sorted === "descending" ? "▼" : "↕"}
                        </span>
                      </button>
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {before > 0 ? (
              // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row holds no content and takes no focus; it stands for the rows not drawn.
              <tr aria-hidden="true" className="vt-spacer">
                <td colSpan={columns.length} style={{ height: before }} />
              </tr>
            ) : null}
            {items.map((item) => {
              const row = shown[item.index];
              if (row === undefined) return null;
              return (
                <tr
                  key={rowKey(row)}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  aria-rowindex={item.index + 2}
                  className={rowClassName?.(row)}
                  style={{ height: rowHeight }}
                >
                  {columns.map((column) => {
                    const value = column.value(row);
                    const text = column.format ? column.format(value) : textOf(value);
                    const content = column.render ? column.render(row) : text;
                    const className = column.numeric ? "vt-numeric" : undefined;
                    return column.rowHeader ? (
                      <th key={column.id} scope="row" className={className}>
                        {content}
                      </th>
                    ) : (
                      <td key={column.id} className={className}>
                        {content}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
            {after > 0 ? (
              // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row holds no content and takes no focus; it stands for the rows not drawn.
              <tr aria-hidden="true" className="vt-spacer">
                <td colSpan={columns.length} style={{ height: after }} />
              </tr>
            ) : null}
          </tbody>
        </table>
        {shown.length === 0 ? <p className="empty vt-none">No {many} match the filter.</p> : null}
      </div>
    </div>
  );
}
