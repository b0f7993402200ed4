import { Container, Grid, GridCol, Paper, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { SectionNav } from '@/components/layout/section-nav';

/** The personal centre shell. Each page checks access itself (requirePage). */
export default async function ProfileLayout({ children }: { children: ReactNode }) {
  const t = await getTranslations('nav');
  return (
    <Container size="lg" py="xl">
      <Title order={2} mb="md">
        {t('profile')}
      </Title>
      <Grid gap="lg">
        <GridCol span={{ base: 12, sm: 3 }}>
          <Paper withBorder p="xs">
            <SectionNav
              items={[
                { href: '/profile/userInfo', label: t('userInfo') },
                { href: '/profile/userInfo/Edit', label: t('userInfoEdit') },
                { href: '/profile/conference/fee', label: t('fee') },
                { href: '/profile/order/list', label: t('orders') },
                { href: '/profile/submission', label: t('submission') },
                { href: '/profile/hotel/order', label: t('hotelBooking') },
                { href: '/profile/feedback', label: t('feedback') },
              ]}
            />
          </Paper>
        </GridCol>
        <GridCol span={{ base: 12, sm: 9 }}>{children}</GridCol>
      </Grid>
    </Container>
  );
}
