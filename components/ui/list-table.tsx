import { Paper, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type ListRow = { key: string | number; attrs?: Record<`data-${string}`, string | number>; cells: ReactNode[] };

type Props = {
  /** Column titles; none for a list that speaks for itself. */
  head?: ReactNode[];
  rows: ListRow[];
  empty: ReactNode;
  minWidth: number;
  testId?: string;
  emptyTestId?: string;
  /** In a bordered box of its own (a screen's main list) or bare (inside a panel). */
  framed?: boolean;
};

/**
 * The lists of the admin screens: a striped table that scrolls sideways on a phone, or a line
 * saying the list is empty. Rows carry data-* attributes for finding them.
 */
export function ListTable({ head, rows, empty, minWidth, testId, emptyTestId, framed = true }: Props) {
  const list =
    rows.length === 0 ? (
      <Text c="dimmed" size={framed ? undefined : 'sm'} p={framed ? 'md' : undefined} data-testid={emptyTestId}>
        {empty}
      </Text>
    ) : (
      <TableScrollContainer minWidth={minWidth}>
        <Table striped data-testid={testId}>
          {head && (
            <TableThead>
              <TableTr>
                {head.map((cell, i) => (
                  <TableTh key={i}>{cell}</TableTh>
                ))}
              </TableTr>
            </TableThead>
          )}
          <TableTbody>
            {rows.map((row) => (
              <TableTr key={row.key} {...row.attrs}>
                {row.cells.map((cell, i) => (
                  <TableTd key={i}>{cell}</TableTd>
                ))}
              </TableTr>
            ))}
          </TableTbody>
        </Table>
      </TableScrollContainer>
    );
  return framed ? <Paper withBorder>{list}</Paper> : list;
}
