'use client';

import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import type { ComponentProps } from 'react';
import { Link } from '@/lib/i18n/navigation';

type Href = ComponentProps<typeof Link>['href'];

/** A Mantine button that navigates with the locale-aware Link (usable from server components). */
export function ButtonLink({ href, children, ...props }: ButtonProps & { href: Href; children: React.ReactNode; 'data-testid'?: string }) {
  return (
    <Button component={Link} href={href} {...props}>
      {children}
    </Button>
  );
}

/** The same as an inline link; `prefetch={false}` for a page whose opening has an effect (marks something read). */
export function AnchorLink({
  href,
  children,
  ...props
}: AnchorProps & { href: Href; children: React.ReactNode; prefetch?: boolean; 'data-testid'?: string }) {
  return (
    <Anchor component={Link} href={href} {...props}>
      {children}
    </Anchor>
  );
}
