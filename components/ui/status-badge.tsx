import type { CSSProperties, ReactNode } from 'react';
import classes from './status-badge.module.css';

type Props = {
  children: ReactNode;
  /** A theme colour ('green'), or one of its shades ('red.8'); the primary colour when none. */
  color?: string;
  variant?: 'light' | 'filled';
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  'data-testid'?: string;
  'data-status'?: string;
};

/** The badge's colours from the theme's CSS variables, as Mantine's Badge takes them. */
function colours(color: string | undefined, variant: 'light' | 'filled'): CSSProperties {
  const [name, shade] = (color ?? '').split('.');
  if (!name) return {};
  const base = shade ? `var(--mantine-color-${name}-${shade})` : undefined;
  const vars =
    variant === 'filled'
      ? { '--badge-bg': base ?? `var(--mantine-color-${name}-filled)`, '--badge-color': 'var(--mantine-color-white)' }
      : {
          '--badge-bg': base ? `color-mix(in srgb, ${base} 10%, transparent)` : `var(--mantine-color-${name}-light)`,
          '--badge-color': base ?? `var(--mantine-color-${name}-light-color)`,
        };
  return vars as CSSProperties;
}

/**
 * The one badge for a status (an order's payment, a submission, a reviewer, an invoice, a booking…):
 * its words always shown whole, in both languages, at every width; the colour only as a help.
 * Mantine's Badge look drawn by a plain element (no script: usable on server and client screens).
 */
export function StatusBadge({ children, color, variant = 'light', size = 'sm', ...rest }: Props) {
  return (
    <span className={classes.root} data-status-badge="" data-variant={variant} data-size={size} style={colours(color, variant)} {...rest}>
      {children}
    </span>
  );
}
