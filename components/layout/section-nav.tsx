'use client';

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

/** The count of unread items: a small red disc (the words are beside it for screen readers). */
function CountBadge({ count, children, testId }: { count: number; children?: React.ReactNode; testId?: string }) {
  return (
    <span className={classes.badge} data-circle={count < 10 || undefined} data-testid={testId} aria-hidden={children ? undefined : true}>
      {count}
      {children}
    </span>
  );
}

/**
 * The side menu of the personal centre and the admin area; highlights the current page. On a phone
 * it is folded behind a button naming the current page (CSS decides when; the button only toggles).
 * Plain elements styled by its CSS module: the only script is the open/closed state and the
 * current page, so the menu adds about a kilobyte to a screen.
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
      <button
        type="button"
        className={classes.toggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        data-testid="section-nav-toggle"
      >
        <span className={classes.burger} aria-hidden>
          <span />
          <span />
          <span />
        </span>
        <span className={classes.toggleLabel}>{current ? t('menuCurrent', { page: current.label }) : t('menu')}</span>
        {unread > 0 && <CountBadge count={unread} />}
      </button>
      <div id={listId} className={classes.list} data-open={open || undefined} data-testid="section-nav-list">
        {items.map((item) => (
          <Link
            key={item.href}
            href={item.href}
            className={classes.link}
            data-active={pathname === item.href || undefined}
            aria-current={pathname === item.href ? 'page' : undefined}
            onClick={() => setOpen(false)}
          >
            <span className={classes.linkLabel}>{item.label}</span>
            {item.badge && item.badge.count > 0 && (
              <CountBadge count={item.badge.count} testId="nav-badge">
                <span className={classes.visuallyHidden}> {item.badge.label}</span>
              </CountBadge>
            )}
          </Link>
        ))}
      </div>
    </nav>
  );
}
