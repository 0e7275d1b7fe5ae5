import { MODERATION_REASONS, type ModerationCaseRow, type ModerationReason } from '@admin/contract';
import { Badge, Button, Card, Checkbox, Group, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { calls } from '../../api/calls';
import { useApiMutation } from '../../api/hooks';
import { REASON_LABELS, STATUS_COLORS } from '../../lib/moderation';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { ErrorAlert } from '../../ui/error-alert';
import { MediaThumb } from '../../ui/media-thumb';
import { RelativeTime } from '../../ui/relative-time';
import classes from './moderation.module.css';
import type { Desk } from './use-desk';

function Row({
  c,
  desk,
  checked,
  onCheck,
}: {
  c: ModerationCaseRow;
  desk: Desk;
  checked: boolean;
  onCheck: (on: boolean) => void;
}) {
  const selected = c.id === desk.selectedId;
  const reviewer = c.reviewer
    ? c.reviewer.id === desk.me
      ? 'You are reviewing'
      : `${c.reviewer.name} is reviewing`
    : null;
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      className={classes.row}
      data-selected={selected || undefined}
      data-testid="queue-row"
      data-case-id={c.id}
    >
      <Checkbox
        aria-label={`Select case ${c.id}`}
        checked={checked}
        onChange={(e) => onCheck(e.currentTarget.checked)}
      />
      <UnstyledButton
        className={classes.rowButton}
        onClick={() => desk.select(c.id)}
        aria-current={selected || undefined}
      >
        <Group gap="sm" wrap="nowrap">
          <MediaThumb src={c.target.image} alt={c.target.title ?? 'Case'} w={40} h={40} />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={600} truncate>
              {c.target.title ?? (c.target_type === 'post' ? `Post #${c.target_id}` : 'User')}
            </Text>
            <Group gap={6} wrap="wrap">
              <Badge size="xs" variant="light" color={c.target_type === 'post' ? 'grape' : 'cyan'}>
                {c.target_type === 'post' ? 'Post' : 'User'}
              </Badge>
              {c.reason ? (
                <Badge size="xs" variant="outline" color="gray">
                  {REASON_LABELS[c.reason]}
                </Badge>
              ) : null}
              <Text size="xs" c="dimmed">
                {c.reporter_count} reporter{c.reporter_count === 1 ? '' : 's'} ·{' '}
                <RelativeTime value={c.first_report_at} inControl />
              </Text>
            </Group>
            {reviewer ? (
              <Badge size="xs" color={STATUS_COLORS.in_review} variant="light" data-testid="reviewer-badge">
                {reviewer}
              </Badge>
            ) : null}
          </Stack>
        </Group>
      </UnstyledButton>
    </Group>
  );
}

/** Select cases (or all matching the filters) and dismiss them with one reason. */
function BulkBar({
  desk,
  ids,
  all,
  setAll,
  clear,
}: {
  desk: Desk;
  ids: number[];
  all: boolean;
  setAll: (on: boolean) => void;
  clear: () => void;
}) {
  const [reason, setReason] = useState<ModerationReason | null>(null);
  const [confirming, setConfirming] = useState(false);
  const dismiss = useApiMutation(calls.moderationBulkDismiss, {
    invalidates: [calls.moderationCases, calls.moderationStats],
    onSuccess: () => {
      setConfirming(false);
      clear();
    },
  });
  const { status: _s, page: _p, page_limit: _l, reviewer_id, ...filters } = desk.params;
  const count = all ? `all matching (up to 500)` : `${ids.length} selected`;
  return (
    <Group gap="xs" mb="sm" wrap="wrap" className={classes.bulk}>
      <Checkbox
        size="xs"
        label="All matching the filters"
        checked={all}
        onChange={(e) => setAll(e.currentTarget.checked)}
      />
      <Text size="xs" c="dimmed">
        {count}
      </Text>
      <Select
        aria-label="Reason for the dismissal"
        size="xs"
        w={150}
        placeholder="Reason"
        value={reason}
        onChange={(v) => setReason(v as ModerationReason | null)}
        data={MODERATION_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] }))}
      />
      <Button
        size="xs"
        variant="light"
        disabled={!reason || (!all && ids.length === 0)}
        onClick={() => setConfirming(true)}
      >
        Dismiss
      </Button>
      <ConfirmDialog
        opened={confirming}
        title="Dismiss cases"
        confirmColor="blue"
        message={`Dismiss ${count} as ${reason ? REASON_LABELS[reason] : ''}? Their reports are resolved.`}
        loading={dismiss.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          reason && dismiss.mutate(all ? { ...filters, reviewer_id, reason } : { ids, reason })
        }
      />
    </Group>
  );
}

/** The queue: cases oldest first, each with its reviewer when claimed; bulk selection above. */
export function Queue({ desk }: { desk: Desk }) {
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [all, setAll] = useState(false);
  const { queue, cases } = desk;
  const total = queue.data?.total ?? 0;
  const more = queue.data?.total_is_lower_bound ? '+' : '';
  const toggle = (id: number, on: boolean) =>
    setChecked((s) => {
      const next = new Set(s);
      if (on) {
        next.add(id);
      } else {
        next.delete(id);
      }
      return next;
    });
  return (
    <Card withBorder padding="sm" aria-label="Queue">
      {desk.filters.status !== 'decided' ? (
        <BulkBar
          desk={desk}
          ids={[...checked].filter((id) => cases.some((c) => c.id === id))}
          all={all}
          setAll={setAll}
          clear={() => {
            setChecked(new Set());
            setAll(false);
          }}
        />
      ) : null}
      {queue.isError ? (
        <ErrorAlert error={queue.error} onRetry={() => queue.refetch()} />
      ) : queue.isPending ? (
        <Text size="sm" c="dimmed" p="md">
          Loading the queue…
        </Text>
      ) : cases.length === 0 ? (
        <EmptyState text="No cases here. New reports appear on their own." />
      ) : (
        <Stack gap={4}>
          {cases.map((c) => (
            <Row
              key={c.id}
              c={c}
              desk={desk}
              checked={all || checked.has(c.id)}
              onCheck={(on) => toggle(c.id, on)}
            />
          ))}
        </Stack>
      )}
      <Group justify="space-between" mt="sm">
        <Text size="xs" c="dimmed">
          {total.toLocaleString('en-US')}
          {more} case{total === 1 ? '' : 's'}
        </Text>
        <Group gap={4}>
          <Button
            size="compact-xs"
            variant="default"
            disabled={desk.page === 0}
            onClick={() => desk.setPage(desk.page - 1)}
          >
            Previous
          </Button>
          <Button
            size="compact-xs"
            variant="default"
            disabled={(desk.page + 1) * 25 >= total && !more}
            onClick={() => desk.setPage(desk.page + 1)}
          >
            Next
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
