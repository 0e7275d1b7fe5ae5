import type { ResponseOf } from '@admin/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import type { calls } from '../../api/calls';
import { formatDateTime } from '../../lib/format';

export type SessionRow = ResponseOf<typeof calls.mySessions>['data'][number];

const METHOD: Record<string, string> = {
  email: 'mailed code',
  totp: 'authenticator app',
  recovery: 'recovery code',
  passkey: 'passkey',
};
const isPhone = (device: string) => /iPhone|Android|iPad/.test(device);

/** One session as the Sessions lists show it: device and browser, address, how, started, last used. */
export function SessionLine({ session: s }: { session: SessionRow }) {
  const Icon = isPhone(s.device) ? IconDeviceMobile : IconDeviceDesktop;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" miw={0} style={{ flex: 1 }}>
      <Icon size={24} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
      <Stack gap={0} miw={0}>
        <Group gap={6} wrap="wrap">
          <Text fw={600}>
            {s.browser} on {s.device}
          </Text>
          {s.current ? (
            <Badge size="sm" color="green" variant="light">
              This device
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {s.ip ?? 'Unknown address'}
          {s.method ? ` · signed in with ${METHOD[s.method] ?? s.method}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          Started {formatDateTime(s.created_at)} · Last used {formatDateTime(s.last_used_at)}
        </Text>
      </Stack>
    </Group>
  );
}
