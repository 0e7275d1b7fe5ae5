import { TEXTS } from '@admin/contract';
import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The empty state of a screen or panel, with the spec's text (default 'Sorry, no matching records found'). */
export function EmptyState({ text = TEXTS.noRecords, action }: { text?: ReactNode; action?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl">
      <ThemeIcon variant="light" color="gray" size={48} radius="xl">
        <IconInbox size={26} />
      </ThemeIcon>
      <Text c="dimmed" ta="center">
        {text}
      </Text>
      {action}
    </Stack>
  );
}
