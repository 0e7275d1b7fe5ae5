import type { ReviewedAccessRequest } from '@admin/contract';
import { Box, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { ListTable } from '../../ui/list-table';
import { PageHeader } from '../../ui/page-header';
import { useListState } from '../../ui/use-list-state';
import { AnswerDialog, type Decision } from './answer-dialog';
import { accessRequestColumns } from './columns';
import { useAccessRequestCount } from './use-count';

const SHOWN = [
  { value: 'pending', label: 'Pending' },
  { value: 'answered', label: 'Answered' },
  { value: 'all', label: 'All' },
] as const;
type Shown = (typeof SHOWN)[number]['value'];

const EMPTY: Record<Shown, string> = {
  pending: 'No access request is waiting',
  answered: 'No access request has been answered yet',
  all: 'Nobody has asked for access yet',
};

/**
 * /access-requests (user_permissions_update): staff's requests for access they lack, pending
 * first; Grant and Decline with a note, each where the reviewer's rank allows (else the reason).
 * The list and the count follow new requests and others' answers live (the shell's socket).
 */
export default function AccessRequestsPage() {
  const list = useListState<string>({
    order_by: 'created_at',
    direction: 'asc',
    filters: { status: 'pending' },
  });
  const shown: Shown = SHOWN.some((s) => s.value === list.filters.status)
    ? (list.filters.status as Shown)
    : 'pending';
  const q = useApiQuery(calls.conversationAccessRequests, {
    status: shown,
    page: list.page,
    page_limit: list.pageLimit,
  });
  const count = useAccessRequestCount();
  const [answering, setAnswering] = useState<{ request: ReviewedAccessRequest; decision: Decision } | null>(
    null,
  );
  // Where focus goes after the dialog: back to the button that opened it, or (answered, its row
  // gone) to the list.
  const opener = useRef<HTMLElement | null>(null);
  const listBox = useRef<HTMLDivElement>(null);
  const answered = useRef(false);
  const open = (request: ReviewedAccessRequest, decision: Decision) => {
    opener.current = document.activeElement as HTMLElement | null;
    answered.current = false;
    setAnswering({ request, decision });
  };
  const close = () => {
    setAnswering(null);
    requestAnimationFrame(() => {
      const back = answered.current || !opener.current?.isConnected ? listBox.current : opener.current;
      back?.focus();
    });
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Access requests"
        subtitle={
          count
            ? `${count.pending} pending · ${count.answerable} you can answer`
            : 'Requests from staff for access they lack'
        }
      />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Show requests"
          value={shown}
          onChange={(v) => list.setFilters({ status: v })}
          data={[...SHOWN]}
        />
        <Text size="sm" c="dimmed" maw={620}>
          A grant gives the permission on the person's own account. Only a super admin answers a staff
          member's request, and nobody answers their own.
        </Text>
      </Group>
      <Box ref={listBox} tabIndex={-1} aria-label="Access requests list" style={{ outline: 'none' }}>
        <ListTable<ReviewedAccessRequest>
          aria-label={`${SHOWN.find((s) => s.value === shown)?.label} access requests`}
          records={q.data?.data}
          total={q.data?.total}
          fetching={q.isFetching}
          error={q.error}
          onRetry={() => q.refetch()}
          list={list}
          noRecordsText={EMPTY[shown]}
          columns={accessRequestColumns(
            { answered: shown !== 'pending', pending: shown !== 'answered' },
            open,
          )}
        />
      </Box>
      {answering ? (
        <AnswerDialog
          request={answering.request}
          decision={answering.decision}
          onClose={close}
          onAnswered={() => {
            answered.current = true;
            close();
          }}
        />
      ) : null}
    </Stack>
  );
}
