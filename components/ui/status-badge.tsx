import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './status-badge.module.css';

type Props = Omit<BadgeProps, 'classNames' | 'children'> & {
  children: ReactNode;
  'data-testid'?: string;
  'data-status'?: string;
};

/**
 * The one badge for a status (an order's payment, a submission, a reviewer, an invoice, a booking…):
 * its words always shown whole, in both languages, at every width; the colour only as a help.
 */
export function StatusBadge({ children, variant = 'light', size = 'sm', ...props }: Props) {
  return (
    <Badge variant={variant} size={size} classNames={{ root: classes.root, label: classes.label }} {...props}>
      {children}
    </Badge>
  );
}
