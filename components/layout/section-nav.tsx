'use client';

import { Badge, NavLink, Stack, VisuallyHidden } from '@mantine/core';
import { Link, usePathname } from '@/lib/i18n/navigation';

/** A menu entry; `badge` shows a count beside it (the unread notices), with words for screen readers. */
export type SectionNavItem = { href: string; label: string; badge?: { count: number; label: string } };

/** The side menu of the personal centre and the admin area; highlights the current page. */
export function SectionNav({ items }: { items: SectionNavItem[] }) {
  const pathname = usePathname();
  return (
    <Stack gap={2} component="nav">
      {items.map((item) => (
        <NavLink
          key={item.href}
          component={Link}
          href={item.href}
          label={item.label}
          active={pathname === item.href}
          rightSection={
            item.badge && item.badge.count > 0 ? (
              <Badge size="sm" variant="filled" color="red.8" circle={item.badge.count < 10} data-testid="nav-badge">
                {item.badge.count}
                <VisuallyHidden> {item.badge.label}</VisuallyHidden>
              </Badge>
            ) : undefined
          }
        />
      ))}
    </Stack>
  );
}
