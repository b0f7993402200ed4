import { Box, Container, Group, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LogoutButton } from '@/components/accounts/logout-button';
import { AnchorLink, ButtonLink } from '@/components/ui/button-link';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { localized, type Locale } from '@/lib/i18n/localized';
import type { RequestContext } from '@/lib/tenancy/context';
import { publicMenus } from '@/lib/cms/menus';
import { SiteMenu } from './site-menu';

/** The public header: conference name, registration, account links, admin entry, language switch, and the site's menu. */
export async function SiteHeader({ ctx, locale }: { ctx: RequestContext; locale: Locale }) {
  const t = await getTranslations('nav');
  const tc = await getTranslations('common');
  const conference = ctx.conference;
  const name = conference ? localized(conference.shortTitle, locale) : tc('platformName');
  const showSwitch = !conference || conference.languageType === 3;
  const canManage = ctx.roles.manager || ctx.roles.platformAdmin;
  // The site's own menu, once the conference is public (or for those who prepare it).
  const menus = conference && (conference.status === '4' || canManage) ? await publicMenus(ctx.db, conference.id, locale) : [];
  return (
    <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} bg="white">
      <Container size="lg" py="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <AnchorLink href="/" underline="never" c="dark" fw={700} fz="lg" data-testid="site-name">
            {name}
          </AnchorLink>
          <Group gap="xs" wrap="wrap">
            {conference && conference.registerModuleEnabled && (
              <ButtonLink href="/conferenceRegister" variant="subtle" size="compact-sm">
                {t('conferenceRegister')}
              </ButtonLink>
            )}
            {ctx.user ? (
              <>
                {canManage && (
                  <ButtonLink href="/platform" variant="subtle" size="compact-sm" data-testid="nav-platform">
                    {t('platform')}
                  </ButtonLink>
                )}
                {!canManage && ctx.roles.reviewer && (
                  <ButtonLink href="/platform/submissionManage/user" variant="subtle" size="compact-sm">
                    {t('review')}
                  </ButtonLink>
                )}
                <ButtonLink href="/console" variant="subtle" size="compact-sm" data-testid="nav-console">
                  {t('console')}
                </ButtonLink>
                <ButtonLink href="/profile/userInfo" variant="subtle" size="compact-sm" data-testid="nav-profile">
                  {t('profile')}
                </ButtonLink>
                <Text size="sm" c="dimmed" visibleFrom="sm" data-testid="signed-in-as">
                  {ctx.user.email}
                </Text>
                <LogoutButton />
              </>
            ) : (
              <>
                <ButtonLink href="/conferencelogin" variant="subtle" size="compact-sm" data-testid="nav-login">
                  {t('login')}
                </ButtonLink>
                <ButtonLink href="/userRegister" variant="light" size="compact-sm">
                  {t('signUp')}
                </ButtonLink>
              </>
            )}
            {showSwitch && <LanguageSwitch />}
          </Group>
        </Group>
        {menus.length > 0 && (
          <Box mt="xs">
            <SiteMenu items={menus} />
          </Box>
        )}
      </Container>
    </Box>
  );
}
