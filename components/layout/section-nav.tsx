'use client';

import { Badge, Group, NavLink, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Link, usePathname } from '@/lib/i18n/navigation';
import classes from './section-nav.module.css';

/** A menu entry; `badge` shows a count beside it (the unread notices), with words for screen readers. */
export type SectionNavItem = { href: string; label: string; badge?: { count: number; label: string } };

type Props = {
  items: SectionNavItem[];
  /** Below this breakpoint (where the layout puts the menu above the page) it folds behind a button. */
  collapseBelow: 'sm' | 'md';
};

/**
 * The side menu of the personal centre and the admin area; highlights the current page. On a phone
 * it is folded behind a button naming the current page (CSS decides when; the button only toggles).
 */
export function SectionNav({ items, collapseBelow }: Props) {
  const t = useTranslations('nav');
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const listId = useId();
  // The entry of this page, or of the section it belongs to (the longest matching prefix).
  const current = items
    .filter((item) => pathname === item.href || pathname.startsWith(`${item.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0];
  const unread = items.reduce((sum, item) => sum + (item.badge?.count ?? 0), 0);
  return (
    <nav aria-label={t('menu')} className={classes.nav} data-collapse={collapseBelow}>
      <UnstyledButton
        className={classes.toggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        data-testid="section-nav-toggle"
        w="100%"
        p="xs"
      >
        <Group gap="sm" wrap="nowrap" w="100%">
          <span className={classes.burger} aria-hidden>
            <span />
            <span />
            <span />
          </span>
          <Text size="sm" fw={500} style={{ flex: 1 }}>
            {current ? t('menuCurrent', { page: current.label }) : t('menu')}
          </Text>
          {unread > 0 && (
            <Badge size="sm" variant="filled" color="red.8" circle={unread < 10} aria-hidden>
              {unread}
            </Badge>
          )}
        </Group>
      </UnstyledButton>
      <Stack gap={2} id={listId} className={classes.list} data-open={open || undefined} data-testid="section-nav-list">
        {items.map((item) => (
          <NavLink
            key={item.href}
            component={Link}
            href={item.href}
            label={item.label}
            active={pathname === item.href}
            onClick={() => setOpen(false)}
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
    </nav>
  );
}
