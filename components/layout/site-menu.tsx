'use client';

import { Button, Group, Menu } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { PublicMenu } from '@/lib/cms/menus';
import { Link } from '@/lib/i18n/navigation';

function ItemLink({ item, children, ...props }: { item: PublicMenu; children: React.ReactNode; [key: string]: unknown }) {
  const external = item.href?.startsWith('http');
  const target = item.newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return external ? (
    <Button component="a" href={item.href!} variant="subtle" size="compact-sm" {...target} {...props}>
      {children}
    </Button>
  ) : (
    <Button component={Link} href={item.href!} variant="subtle" size="compact-sm" {...target} {...props}>
      {children}
    </Button>
  );
}

/** The site's navigation from its menu: top-level items, with a drop-down for their children. */
export function SiteMenu({ items }: { items: PublicMenu[] }) {
  const t = useTranslations('nav');
  if (!items.length) return null;
  return (
    <Group gap={2} component="nav" aria-label={t('siteMenu')} data-testid="site-menu" wrap="wrap">
      {items.map((item) =>
        item.children.length ? (
          <Menu key={item.id} trigger="click-hover" openDelay={50} closeDelay={150}>
            <Menu.Target>
              <Button variant="subtle" size="compact-sm" data-menu-item={item.title}>
                {item.icon} {item.title} ▾
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {item.href && (
                <Menu.Item component={Link} href={item.href}>
                  {item.title}
                </Menu.Item>
              )}
              {item.children.map((child) => {
                const target = child.newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {};
                return child.href?.startsWith('http') ? (
                  <Menu.Item key={child.id} component="a" href={child.href} {...target} data-menu-item={child.title}>
                    {child.icon} {child.title}
                  </Menu.Item>
                ) : (
                  <Menu.Item key={child.id} component={Link} href={child.href!} {...target} data-menu-item={child.title}>
                    {child.icon} {child.title}
                  </Menu.Item>
                );
              })}
            </Menu.Dropdown>
          </Menu>
        ) : (
          <ItemLink key={item.id} item={item} data-menu-item={item.title}>
            {item.icon} {item.title}
          </ItemLink>
        ),
      )}
    </Group>
  );
}
