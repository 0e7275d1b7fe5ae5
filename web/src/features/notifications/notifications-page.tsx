import type { NotificationRow } from '@admin/contract';
import { Badge, Button, Card, Group, Progress, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { calls } from '../../api/calls';
import { apiCall } from '../../api/client';
import { callKey, useApiQuery } from '../../api/hooks';
import { notifyError, notifySuccess } from '../../api/notify';
import { abbreviate, formatDateTime } from '../../lib/format';
import { ListTable } from '../../ui/list-table';
import { PageHeader } from '../../ui/page-header';
import { useListState } from '../../ui/use-list-state';
import { type PendingSend, pendingSend, usePendingSend } from './pending-send';
import { PendingSendBar, SendConfirm } from './send-confirm';

const RECIPIENTS = [
  { value: 'ALL', label: 'All Users' },
  { value: 'android', label: 'Android Users Only' },
  { value: 'ios', label: 'IOS Users Only' },
];
const recipientLabel = (v: string) => RECIPIENTS.find((r) => r.value === v)?.label ?? v;
const active = (r: NotificationRow) => r.status === 'queued' || r.status === 'running';
const STATUS_COLOR: Record<NotificationRow['status'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

function percent(r: NotificationRow) {
  if (r.status === 'done') {
    return 100;
  }
  return r.total > 0 ? Math.min(100, Math.round(((r.delivered + r.failed) / r.total) * 100)) : 0;
}

/** /notifications: send a push to a platform's users; a job delivers it, progress and history below. */
export default function NotificationsPage() {
  const list = useListState<string>({ order_by: 'created_at', direction: 'desc' });
  const history = useApiQuery(
    calls.notificationsList,
    { ...list.params, order_by: list.orderBy as 'created_at' | 'id' },
    {
      // Poll while a job is being delivered, so the progress bar moves.
      refetchInterval: (query) => (query.state.data?.data.some(active) ? 1000 : false),
    },
  );
  const running = history.data?.data.find(active);

  return (
    <Stack gap="md">
      <PageHeader title="Notifications" />
      <SendForm />
      {running ? (
        <Card withBorder radius="md" aria-label="Sending progress">
          <Group justify="space-between" mb={6} wrap="wrap">
            <Text fw={500}>
              Sending to {recipientLabel(running.occupants)}: "{running.message.slice(0, 60)}"
            </Text>
            <Text size="sm" c="dimmed">
              {running.status === 'queued'
                ? 'Waiting to start...'
                : `${abbreviate(running.delivered + running.failed)} of ${abbreviate(running.total)} devices`}
            </Text>
          </Group>
          <Progress value={percent(running)} animated striped size="lg" aria-label="Delivery progress" />
        </Card>
      ) : null}
      <Title order={2} size="h4" mt="sm">
        Sent notifications
      </Title>
      <ListTable<NotificationRow>
        aria-label="Sent notifications"
        records={history.data?.data}
        total={history.data?.total}
        totalIsLowerBound={history.data?.total_is_lower_bound}
        fetching={history.isFetching && !history.data}
        error={history.error}
        onRetry={() => history.refetch()}
        list={list}
        columns={[
          {
            accessor: 'message',
            title: 'Message',
            priority: 1,
            clamp: true,
            render: (r) => r.message,
          },
          { accessor: 'occupants', title: 'Recipients', render: (r) => recipientLabel(r.occupants) },
          {
            accessor: 'status',
            title: 'Status',
            render: (r) => (
              <Stack gap={4} miw={110}>
                <Badge color={STATUS_COLOR[r.status]} variant="light">
                  {r.status}
                </Badge>
                {active(r) ? <Progress value={percent(r)} size="sm" /> : null}
              </Stack>
            ),
          },
          { accessor: 'total', title: 'Devices', priority: 3, render: (r) => abbreviate(r.total) },
          { accessor: 'delivered', title: 'Delivered', render: (r) => abbreviate(r.delivered) },
          { accessor: 'failed', title: 'Failed', render: (r) => abbreviate(r.failed) },
          { accessor: 'created_by', title: 'Sent by', priority: 3, render: (r) => r.created_by ?? '-' },
          {
            accessor: 'created_at',
            title: 'Sent at',
            sortable: true,
            noWrap: true,
            render: (r) => formatDateTime(r.created_at),
          },
        ]}
      />
    </Stack>
  );
}

/** Queues the job (the Undo window has passed); works after leaving the page too. */
function queueJob(p: PendingSend, queryClient: QueryClient) {
  apiCall(calls.sendNotifications, { occupants: p.occupants, message: p.message })
    .then((answer) => {
      notifySuccess(answer.responseMessage);
      void queryClient.invalidateQueries({ queryKey: callKey(calls.notificationsList) });
    })
    .catch(notifyError);
}

function SendForm() {
  const [occupants, setOccupants] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [ask, setAsk] = useState<{
    occupants: NotificationRow['occupants'];
    message: string;
    devices: number;
  } | null>(null);
  const [counting, setCounting] = useState(false);
  const queryClient = useQueryClient();
  const waiting = usePendingSend();

  // First the server's count of devices, then 'Send to N devices?'.
  const confirm = async (chosen: NotificationRow['occupants'], text: string) => {
    setCounting(true);
    try {
      const { count } = await apiCall(calls.notificationDevices, { occupants: chosen });
      setAsk({ occupants: chosen, message: text, devices: count });
    } catch (err) {
      notifyError(err);
    } finally {
      setCounting(false);
    }
  };
  const sendConfirmed = () => {
    if (!ask) {
      return;
    }
    pendingSend.start(ask, (p) => queueJob(p, queryClient));
    setAsk(null);
    setMessage('');
    setOccupants(null);
    setSubmitted(false);
  };
  const undo = () => {
    const p = pendingSend.undo();
    if (p) {
      setOccupants(p.occupants);
      setMessage(p.message);
    }
  };
  const usersError = submitted && !occupants ? 'Please select users' : null;
  const messageError = submitted && !message.trim() ? 'Message is required' : null;
  return (
    <Card withBorder radius="md">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setSubmitted(true);
          if (occupants && message.trim()) {
            void confirm(occupants as NotificationRow['occupants'], message.trim());
          }
        }}
      >
        <Stack>
          <Select
            label="Users"
            placeholder="Select users"
            data={RECIPIENTS}
            value={occupants}
            onChange={setOccupants}
            error={usersError}
            maw={360}
            allowDeselect={false}
          />
          <Textarea
            label="Message"
            placeholder="Write the notification text"
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            error={messageError}
            autosize
            minRows={3}
            maxLength={1000}
          />
          <Group>
            <Button
              type="submit"
              leftSection={<IconSend size={16} />}
              loading={counting}
              disabled={!!waiting}
            >
              Send Notifications
            </Button>
          </Group>
          <PendingSendBar onUndo={undo} />
        </Stack>
      </form>
      <SendConfirm
        ask={ask}
        recipients={recipientLabel(ask?.occupants ?? '')}
        onSend={sendConfirmed}
        onClose={() => setAsk(null)}
      />
    </Card>
  );
}
