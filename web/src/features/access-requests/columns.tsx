import type { ReviewedAccessRequest } from '@admin/contract';
import { Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { formatDateTime, relativeTime } from '../../lib/format';
import { ClampedText, type ListColumn } from '../../ui/list-columns';
import { UserAvatar } from '../../ui/user-avatar';
import type { Decision } from './answer-dialog';

type Row = ReviewedAccessRequest;

const STATUS = {
  pending: { label: 'Pending', color: 'blue' },
  granted: { label: 'Granted', color: 'green' },
  denied: { label: 'Declined', color: 'orange' },
} as const;

/** What a request asks for, in words. */
const ASKS = { conversation: 'Conversations' } as const;

function When({ at }: { at: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{formatDateTime(at)}</Text>
      <Text size="xs" c="dimmed">
        {relativeTime(at)}
      </Text>
    </Stack>
  );
}

/** Grant and Decline; a refused one stays focusable and says why (ranks) in its tooltip. */
function Answer({ r, onAnswer }: { r: Row; onAnswer: (r: Row, d: Decision) => void }) {
  const button = (decision: Decision, refusal: string | null) => {
    const grant = decision === 'grant';
    const label = grant ? 'Grant' : 'Decline';
    return (
      <Tooltip
        label={refusal ?? `${label} ${r.requester.name}'s request`}
        events={{ hover: true, focus: true, touch: true }}
        multiline
        maw={280}
      >
        <Button
          size="xs"
          variant={grant ? 'filled' : 'light'}
          color={grant ? 'green' : 'red'}
          leftSection={grant ? <IconCheck size={14} /> : <IconX size={14} />}
          aria-label={`${label} ${r.requester.name}`}
          aria-disabled={refusal ? true : undefined}
          data-disabled={refusal ? true : undefined}
          onClick={refusal ? undefined : () => onAnswer(r, decision)}
        >
          {label}
        </Button>
      </Tooltip>
    );
  };
  if (!r.refusal) {
    return null;
  }
  return (
    <Group gap={6} wrap="nowrap">
      {button('grant', r.refusal.grant)}
      {button('decline', r.refusal.decline)}
    </Group>
  );
}

/**
 * The Access requests list's columns: lists with answered requests add the status and the answer,
 * lists with pending ones the Grant and Decline buttons.
 */
export function accessRequestColumns(
  shown: { answered: boolean; pending: boolean },
  onAnswer: (r: Row, d: Decision) => void,
): ListColumn<Row>[] {
  const { answered, pending } = shown;
  return [
    {
      accessor: 'requester',
      title: 'Staff member',
      priority: 1,
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <UserAvatar src={r.requester.avatar} name={r.requester.name} />
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {r.requester.name}
            </Text>
            <Text size="xs" c="dimmed">
              @{r.requester.username}
            </Text>
          </Stack>
        </Group>
      ),
    },
    {
      accessor: 'permission',
      title: 'Asks for',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{ASKS[r.permission]}</Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {r.permission}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'message',
      title: 'Message',
      clamp: true,
      render: (r) => r.message ?? '—',
    },
    { accessor: 'created_at', title: 'Requested', noWrap: true, render: (r) => <When at={r.created_at} /> },
    ...(answered
      ? ([
          {
            accessor: 'status',
            title: 'Status',
            render: (r) => (
              <Badge variant="light" color={STATUS[r.status].color}>
                {STATUS[r.status].label}
              </Badge>
            ),
          },
          {
            accessor: 'answer',
            title: 'Answer',
            clamp: true,
            render: (r) =>
              r.decided_at ? (
                <Stack gap={2}>
                  <Text size="sm">
                    {r.decided_by_name ?? r.decided_by ?? 'Someone'}, {formatDateTime(r.decided_at)}
                  </Text>
                  {r.note ? <ClampedText>{`Note: “${r.note}”`}</ClampedText> : null}
                </Stack>
              ) : (
                '—'
              ),
          },
        ] satisfies ListColumn<Row>[])
      : []),
    ...(pending
      ? [
          {
            accessor: 'actions',
            title: 'Action',
            actions: true,
            render: (r: Row) => <Answer r={r} onAnswer={onAnswer} />,
          },
        ]
      : []),
  ];
}
