'use client';

import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { PublicMenu } from '@/lib/cms/menus';
import { localePath } from '@/lib/i18n/locale-path';
import type { Locale } from '@/lib/i18n/localized';
import styles from './chrome.module.css';

/** A menu item's address: a site path gets the language prefix, any other address is kept. */
function linkProps(item: PublicMenu, locale: Locale) {
  const href = item.href ?? '';
  const sitePath = href.startsWith('/') && !href.startsWith('//');
  return {
    href: sitePath ? localePath(locale, href) : href,
    ...(item.newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
  };
}

/**
 * The site's navigation from its menu: top-level links, a drop-down (an ARIA menu: click, arrows,
 * Escape) for the children; on a phone the list opens from a toggle and a parent's children open
 * under it.
 */
export function SiteMenu({
  items,
  locale,
  label,
  toggleLabel,
}: {
  items: PublicMenu[];
  locale: Locale;
  label: string;
  toggleLabel: string;
}) {
  const [panelOpen, setPanelOpen] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const nav = useRef<HTMLElement>(null);
  const baseId = useId();

  useEffect(() => {
    if (openId === null) return;
    const onPointer = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpenId(null);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [openId]);

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, id: number) => {
    const entry = event.currentTarget;
    const links = Array.from(entry.querySelectorAll<HTMLAnchorElement>('[role="menuitem"]'));
    if (event.key === 'Escape' && openId === id) {
      event.preventDefault();
      setOpenId(null);
      entry.querySelector('button')?.focus();
      return;
    }
    if ((event.key !== 'ArrowDown' && event.key !== 'ArrowUp') || !links.length) return;
    event.preventDefault();
    if (openId !== id) {
      setOpenId(id);
      requestAnimationFrame(() => (event.key === 'ArrowUp' ? links[links.length - 1] : links[0]).focus());
      return;
    }
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === 'ArrowDown' ? (index + 1) % links.length : (index - 1 + links.length) % links.length;
    links[next].focus();
  };

  const onBlur = (event: FocusEvent<HTMLLIElement>, id: number) => {
    if (openId === id && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpenId(null);
  };

  if (!items.length) return null;
  const listId = `${baseId}-list`;
  return (
    <nav ref={nav} aria-label={label} data-testid="site-menu">
      <button
        type="button"
        className={`${styles.navLink} ${styles.menuToggle}`}
        aria-expanded={panelOpen}
        aria-controls={listId}
        onClick={() => setPanelOpen((open) => !open)}
        data-testid="site-menu-toggle"
      >
        <span aria-hidden>☰</span>&nbsp;{toggleLabel}
      </button>
      <ul id={listId} className={styles.menuList} data-open={panelOpen || undefined}>
        {items.map((item) => {
          if (!item.children.length) {
            return (
              <li key={item.id}>
                <a className={styles.navLink} {...linkProps(item, locale)} data-menu-item={item.title}>
                  {item.icon} {item.title}
                </a>
              </li>
            );
          }
          const open = openId === item.id;
          const dropdownId = `${baseId}-${item.id}`;
          return (
            <li
              key={item.id}
              className={styles.menuEntry}
              onKeyDown={(event) => onKeyDown(event, item.id)}
              onBlur={(event) => onBlur(event, item.id)}
            >
              <button
                type="button"
                className={styles.navLink}
                aria-haspopup="menu"
                aria-expanded={open}
                aria-controls={dropdownId}
                onClick={() => setOpenId(open ? null : item.id)}
                data-menu-item={item.title}
              >
                {item.icon} {item.title}&nbsp;<span aria-hidden>▾</span>
              </button>
              <ul role="menu" id={dropdownId} aria-label={item.title} className={styles.dropdown} hidden={!open}>
                {item.href && (
                  <li role="none">
                    <a role="menuitem" className={styles.dropdownItem} {...linkProps(item, locale)}>
                      {item.title}
                    </a>
                  </li>
                )}
                {item.children.map((child) => (
                  <li role="none" key={child.id}>
                    <a role="menuitem" className={styles.dropdownItem} {...linkProps(child, locale)} data-menu-item={child.title}>
                      {child.icon} {child.title}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
