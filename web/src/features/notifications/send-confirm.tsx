import type { NotificationRow } from '@admin/contract';
import { Alert, Blockquote, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type PendingSend, usePendingSend } from './pending-send';

const devicesText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'device' : 'devices'}`;

/** 'Send to N devices?' with the server's count and the message; Cancel has the first focus. */
export function SendConfirm({
  ask,
  recipients,
  onSend,
  onClose,
}: {
  ask: { occupants: NotificationRow['occupants']; message: string; devices: number } | null;
  recipients: string;
  onSend: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={!!ask}
      onClose={onClose}
      title={ask ? `Send to ${devicesText(ask.devices)}?` : ''}
      centered
    >
      {ask ? (
        <Stack gap="sm">
          <Text size="sm">
            {recipients}: every device below gets this notification. You can undo for a few seconds after
            sending.
          </Text>
          <Blockquote p="sm" color="gray" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {ask.message}
          </Blockquote>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} data-autofocus>
              Cancel
            </Button>
            <Button onClick={onSend} disabled={ask.devices === 0}>
              Send
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

function useSecondsLeft(p: PendingSend | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!p) {
      return;
    }
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [p]);
  return p ? Math.max(0, Math.ceil((p.at - now) / 1000)) : 0;
}

/** The countdown before a confirmed send's job starts, with Undo. */
export function PendingSendBar({ onUndo }: { onUndo: () => void }) {
  const p = usePendingSend();
  const left = useSecondsLeft(p);
  if (!p) {
    return null;
  }
  return (
    <Alert color="blue" variant="light" icon={<IconClock size={18} />} role="status" title="Sending soon">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">
          Sending to {devicesText(p.devices)} in {left} s: "{p.message.slice(0, 60)}
          {p.message.length > 60 ? '…' : ''}"
        </Text>
        <Button size="xs" variant="filled" onClick={onUndo}>
          Undo
        </Button>
      </Group>
    </Alert>
  );
}
