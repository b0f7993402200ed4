import { Group, Text } from '@mantine/core';
import { ButtonLink } from './button-link';

/** A paged list's previous / "page n of m" / next links (nothing when there is one page). */
export function ListPages({
  page,
  pages,
  href,
  labels,
}: {
  page: number;
  pages: number;
  /** The list's address at a page. */
  href: (page: number) => string;
  labels: { prev: string; next: string; page: string };
}) {
  if (pages <= 1) return null;
  return (
    <Group justify="center" gap="sm">
      {page > 1 ? (
        <ButtonLink variant="subtle" href={href(page - 1)}>
          {labels.prev}
        </ButtonLink>
      ) : null}
      <Text size="sm">{labels.page}</Text>
      {page < pages ? (
        <ButtonLink variant="subtle" href={href(page + 1)}>
          {labels.next}
        </ButtonLink>
      ) : null}
    </Group>
  );
}
