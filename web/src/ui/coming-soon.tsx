import { Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

/** Placeholder for a screen whose area is not built yet. */
export function ComingSoon({ title, description }: { title: string; description?: string }) {
  return (
    <Card withBorder radius="md" padding="xl" maw={640}>
      <Stack gap="sm">
        <Group gap="sm">
          <ThemeIcon variant="light" size="lg" radius="md">
            <IconTools size={20} />
          </ThemeIcon>
          <Title order={3}>{title}</Title>
          <Badge variant="light" color="gray">
            coming soon
          </Badge>
        </Group>
        <Text c="dimmed">{description ?? 'This screen is being built and will appear here soon.'}</Text>
      </Stack>
    </Card>
  );
}
