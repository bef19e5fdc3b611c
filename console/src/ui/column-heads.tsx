/**
 * A table's head: one column header per name, and with `actions` a last column for each row's
 * buttons, named for screen readers only. Every list in the console has the same head.
 */
export function ColumnHeads({ columns, actions = false }: { columns: readonly string[]; actions?: boolean }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th scope="col" key={column}>
            {column}
          </th>
        ))}
        {actions ? (
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
