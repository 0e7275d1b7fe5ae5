import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from './page-title';

/** Title row of a screen: title, optional subtitle, actions on the right (wrap on phones). */
export function PageHeader({
  title,
  subtitle,
  actions,
  documentTitle,
}: {
  title: ReactNode;
  /** The record shown (a user's name…), for the browser tab; default: the title when it is text. */
  documentTitle?: string | null;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  usePageTitle(documentTitle ?? (typeof title === 'string' ? title : null));
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="sm" wrap="wrap">
      <Stack gap={2}>
        <Title order={1} fz={{ base: 'h3', md: 'h2' }}>
          {title}
        </Title>
        {subtitle ? (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
