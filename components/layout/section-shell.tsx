import type { ReactNode } from 'react';
import { SectionNav, type SectionNavItem } from './section-nav';
import classes from './section-shell.module.css';

/**
 * The personal centre's and the admin area's frame: the section's title, its side menu in a bordered
 * box (above the page, folded, on a phone) and the page. Server-rendered HTML styled by its CSS
 * module (Mantine's Container, Grid and Paper looks, without their script): only the menu's fold is
 * a client component.
 */
export function SectionShell({
  title,
  items,
  wide = false,
  children,
}: {
  title: string;
  items: SectionNavItem[];
  /** The admin area: a wider page (Mantine's xl container), the menu beside it from 62em (md) on. */
  wide?: boolean;
  children: ReactNode;
}) {
  const collapseBelow = wide ? 'md' : 'sm';
  return (
    <div className={classes.container} data-wide={wide || undefined}>
      <h2 className={classes.title}>{title}</h2>
      <div className={classes.grid} data-side-from={collapseBelow}>
        <div className={classes.menu}>
          <SectionNav items={items} collapseBelow={collapseBelow} />
        </div>
        <div className={classes.page}>{children}</div>
      </div>
    </div>
  );
}
