import type { ComponentProps, ReactNode } from 'react';
import { Link } from '@/lib/i18n/navigation';
import ui from './page.module.css';

type Href = ComponentProps<typeof Link>['href'];
type TestId = { 'data-testid'?: string };

/**
 * The pieces of the light screens (app/[locale]/(light)) that Mantine's Paper, Alert, Button and
 * Anchor drew: plain elements styled by page.module.css, usable from server and client components
 * alike, so a screen built of them ships no script for its static parts.
 */

/** A bordered panel, a screen's main box (Mantine's Paper withBorder, padding md → xl). */
export function Panel({ children, ...rest }: { children: ReactNode } & TestId) {
  return (
    <div className={ui.panel} {...rest}>
      {children}
    </div>
  );
}

/** A notice (Mantine's light Alert): blue for information, orange for a problem, gray, green. */
export function Notice({
  color = 'blue',
  title,
  children,
  ...rest
}: { color?: 'blue' | 'orange' | 'gray' | 'green'; title?: ReactNode; children: ReactNode } & TestId) {
  return (
    <div className={ui.notice} data-color={color} role="alert" {...rest}>
      {title && <div className={ui.noticeTitle}>{title}</div>}
      <div>{children}</div>
    </div>
  );
}

export type ButtonLook = {
  variant?: 'filled' | 'light' | 'subtle' | 'default';
  size?: 'sm' | 'xs' | 'compact-sm';
  color?: 'red';
};

/** The attributes that give a link or a button Mantine's Button look. */
export function buttonLook({ variant = 'filled', size = 'sm', color }: ButtonLook = {}) {
  return { className: ui.button, 'data-variant': variant, 'data-size': size, 'data-color': color };
}

/** A link that looks like a button (the light ButtonLink: no Mantine, no client component of its own). */
export function LinkButton({
  href,
  children,
  prefetch,
  ...props
}: ButtonLook & TestId & { href: Href; children: ReactNode; prefetch?: boolean }) {
  const { variant, size, color, ...rest } = props;
  return (
    <Link href={href} prefetch={prefetch} {...buttonLook({ variant, size, color })} {...rest}>
      {children}
    </Link>
  );
}

/**
 * A link in the anchor colour (or orange for a warning), at the surrounding size or smaller; `inline` (a link inside a
 * sentence) is underlined, since its colour alone is too close to the text's.
 */
export function TextLink({
  href,
  children,
  color,
  size,
  inline,
  ...rest
}: TestId & { href: Href; children: ReactNode; color?: 'orange'; size?: 'xs' | 'sm'; inline?: boolean }) {
  return (
    <Link
      href={href}
      className={[ui.anchor, size && ui[size]].filter(Boolean).join(' ')}
      data-color={color}
      data-inline={inline || undefined}
      {...rest}
    >
      {children}
    </Link>
  );
}

export { ui };
