import { Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

/**
 * Placeholder for a screen or a tab whose area is not built yet. `order`: its heading's level, 1
 * when it is the whole page (no page header above it).
 */
export function ComingSoon({
  title,
  description,
  order = 2,
}: {
  title: string;
  description?: string;
  order?: 1 | 2;
}) {
  return (
    <Card withBorder radius="md" padding="xl" maw={640}>
      <Stack gap="sm">
        <Group gap="sm">
          <ThemeIcon variant="light" size="lg" radius="md">
            <IconTools size={20} />
          </ThemeIcon>
          <Title order={order} size="h3">
            {title}
          </Title>
          <Badge variant="light" color="gray">
            coming soon
          </Badge>
        </Group>
        <Text c="dimmed">{description ?? 'This screen is being built and will appear here soon.'}</Text>
      </Stack>
    </Card>
  );
}
