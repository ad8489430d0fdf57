import type { ReactNode } from 'react';

/**
 * A table with one row of column headings (`scope="col"`) above the given body rows. With `card-table` in
 * `className` the rows stack as cards on phones (each cell then carries its column in `data-label`).
 */
export function Table({
  className,
  caption,
  hiddenCaption = false,
  columns,
  children,
}: {
  className?: string;
  caption?: string;
  /** The caption is for screen readers only (the heading above the table says the same). */
  hiddenCaption?: boolean;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <table className={className}>
      {caption ? <caption className={hiddenCaption ? 'visually-hidden' : undefined}>{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
