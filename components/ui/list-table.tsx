import type { CSSProperties, ReactNode } from 'react';
import classes from './list-table.module.css';

export type ListRow = { key: string | number; attrs?: Record<`data-${string}`, string | number>; cells: ReactNode[] };

type Props = {
  /** Column titles; none for a list that speaks for itself. A text title also labels its cell on a phone's card. */
  head?: ReactNode[];
  /** The cells' labels on a phone's card where a column title is not text (or should read differently); '' for none. */
  labels?: (string | undefined)[];
  rows: ListRow[];
  empty: ReactNode;
  /** The table's least width where it is shown as a table (it scrolls sideways below it, down to the cards). */
  minWidth: number;
  /** On a card: the column shown first, bold and without its label (what the row is). */
  title?: number;
  /** On a card: the columns shown right under the title (the amount, the status, the actions). */
  primary?: number[];
  /** Columns that never wrap in the table (times, numbers, buttons). */
  nowrap?: number[];
  testId?: string;
  emptyTestId?: string;
  /** In a bordered box of its own (a screen's main list) or bare (inside a panel). */
  framed?: boolean;
};

/**
 * The lists of the app: a striped table where there is room and, where the list is narrower than
 * 40em (a phone), one card per row with "label: value" lines, its title, amount, status and actions
 * on top: all without sideways scrolling and without script (a CSS container query). Or a line
 * saying the list is empty. Rows carry data-* attributes for finding them. A plain `<table>` styled
 * here, not Mantine's Table (which brings its scroll area and floating-ui to every list page), nor
 * its Paper and Text: no script at all, so a server screen's list ships none.
 */
export function ListTable({
  head,
  labels,
  rows,
  empty,
  minWidth,
  title,
  primary = [],
  nowrap = [],
  testId,
  emptyTestId,
  framed = true,
}: Props) {
  const labelOf = (i: number) => {
    const label = labels?.[i] ?? (typeof head?.[i] === 'string' ? (head[i] as string) : undefined);
    return label ? { 'data-label': label } : {};
  };
  const cellClass = (i: number) =>
    [classes.cell, i === title && classes.title, primary.includes(i) && classes.primary, nowrap.includes(i) && classes.nowrap]
      .filter(Boolean)
      .join(' ');
  const list =
    rows.length === 0 ? (
      <div className={classes.empty} data-framed={framed || undefined} data-testid={emptyTestId}>
        {empty}
      </div>
    ) : (
      <div className={classes.frame}>
        {/* Focusable, so a table wider than its place can be scrolled with the arrow keys. */}
        <div className={classes.scroll} tabIndex={0}>
          <table className={classes.table} style={{ '--list-min-width': `${minWidth}px` } as CSSProperties} data-testid={testId}>
            {head && (
              <thead>
                <tr>
                  {head.map((cell, i) => (
                    <th key={i} scope="col">
                      {cell}
                    </th>
                  ))}
                </tr>
              </thead>
            )}
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className={classes.row} {...row.attrs}>
                  {row.cells.map((cell, i) => (
                    <td key={i} className={cellClass(i)} {...labelOf(i)}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    );
  return framed ? <div className={classes.framed}>{list}</div> : list;
}
