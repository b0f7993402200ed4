'use client';

import { NavLink, Stack } from '@mantine/core';
import { Link, usePathname } from '@/lib/i18n/navigation';

/** The side menu of the personal centre and the admin area; highlights the current page. */
export function SectionNav({ items }: { items: { href: string; label: string }[] }) {
  const pathname = usePathname();
  return (
    <Stack gap={2} component="nav">
      {items.map((item) => (
        <NavLink key={item.href} component={Link} href={item.href} label={item.label} active={pathname === item.href} />
      ))}
    </Stack>
  );
}
