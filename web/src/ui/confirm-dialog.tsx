import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Yes/No confirmation popup (e.g. 'Are you sure? Do you want to delete this group?').
 * Controlled: render it with `opened` and handle `onConfirm` (which may be async: Yes shows a loader).
 */
export function ConfirmDialog({
  opened,
  title = 'Are you sure?',
  message,
  onConfirm,
  onClose,
  loading,
  confirmColor = 'red',
  confirmLabel = 'Yes',
  cancelLabel = 'No',
}: {
  opened: boolean;
  title?: ReactNode;
  message: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  confirmColor?: string;
  confirmLabel?: string;
  cancelLabel?: string;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="sm">
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        {/* First focus on the safe choice. */}
        <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
          {cancelLabel}
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
