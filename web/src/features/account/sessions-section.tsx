import type { ResponseOf } from '@admin/contract';
import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { calls } from '../../api/calls';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { paths } from '../../paths';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ErrorAlert } from '../../ui/error-alert';
import { SessionLine } from './session-line';

type Row = ResponseOf<typeof calls.mySessions>['data'][number];

/** Where one is signed in: device and browser, address, started, last used; end one or all others. */
export function SessionsSection() {
  const navigate = useNavigate();
  const list = useApiQuery(calls.mySessions);
  const [ending, setEnding] = useState<Row | 'others' | null>(null);
  const end = useApiMutation(calls.endMySessions, { invalidates: [calls.mySessions] });
  const rows = list.data?.data;
  const others = rows?.filter((r) => !r.current).length ?? 0;

  function confirmEnd() {
    if (!ending) {
      return;
    }
    const current = ending !== 'others' && ending.current;
    end.mutate(ending === 'others' ? { all_others: true } : { id: ending.id }, {
      onSuccess: () => {
        setEnding(null);
        if (current) {
          navigate(paths.logout);
        }
      },
    });
  }

  return (
    <Card withBorder radius="md">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4">
          Sessions
        </Title>
        <Button variant="default" color="red" disabled={others === 0} onClick={() => setEnding('others')}>
          End all other sessions
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Where your account is signed in now. End any you do not recognise, then change your password.
      </Text>
      {list.isError && !rows ? <ErrorAlert error={list.error} onRetry={() => list.refetch()} /> : null}
      {!rows && !list.isError ? <Skeleton h={64} /> : null}
      <Stack gap="sm" data-testid="session-list">
        {rows?.map((s) => {
          return (
            <Group key={s.id} justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
              <SessionLine session={s} />
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                style={{ flex: 'none' }}
                onClick={() => setEnding(s)}
              >
                {s.current ? 'Sign out' : 'End'}
              </Button>
            </Group>
          );
        })}
      </Stack>
      <ConfirmDialog
        opened={!!ending}
        message={
          ending === 'others'
            ? `End ${others} other session(s)? Those devices will have to sign in again.`
            : ending?.current
              ? 'End this session? You will be signed out here.'
              : `End the session of ${ending ? `${ending.browser} on ${ending.device}` : ''}? That device will have to sign in again.`
        }
        loading={end.isPending}
        onConfirm={confirmEnd}
        onClose={() => setEnding(null)}
      />
    </Card>
  );
}
