import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Container size={460} py={48}>
      <Title order={1} fz={26} ta="center">
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" size="sm" ta="center" mt={6}>
          {subtitle}
        </Text>
      )}
      <Paper withBorder shadow="sm" p="xl" mt="lg" radius="md">
        {children}
      </Paper>
    </Container>
  );
}
