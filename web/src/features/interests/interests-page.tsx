import { INTEREST_TEXTS, type InterestRow } from '@admin/contract';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { calls } from '../../api/calls';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useCan } from '../../auth/can';
import { keptDialog } from '../../auth/drafts';
import { formatDateTime } from '../../lib/format';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ListSearch } from '../../ui/list-search';
import { ListTable } from '../../ui/list-table';
import { OneFieldModal } from '../../ui/one-field-modal';
import { PageHeader } from '../../ui/page-header';
import { EditDeleteActions } from '../../ui/row-actions';
import { useListState } from '../../ui/use-list-state';

/** /interest: interest tags with add/edit popup and delete only while no campaign uses them. */
/** The add/edit popup's name on this page for a draft kept across a sign-in (issue 34 point 8). */
const INTEREST_FORM_DRAFT = 'interest-form';

export default function InterestsPage() {
  const list = useListState<string>({
    order_by: 'created_at',
    direction: 'desc',
  });
  const q = useApiQuery(calls.interestsList, { ...list.params, order_by: list.orderBy as 'created_at' });
  const canAdd = useCan('campaign_interests_add');
  const canEdit = useCan('campaign_interests_update');
  const canDelete = useCan('campaign_interests_delete');
  // A popup open when the session ended opens again, with its draft, after signing in.
  const [editing, setEditing] = useState<InterestRow | 'new' | null>(
    () => keptDialog<InterestRow | 'new'>(INTEREST_FORM_DRAFT) ?? null,
  );
  const [deleting, setDeleting] = useState<InterestRow | null>(null);
  const remove = useApiMutation(calls.interestsDelete, {
    invalidates: [calls.interestsList],
    onSettled: () => setDeleting(null),
  });

  return (
    <Stack gap="md">
      <PageHeader
        title="Interests"
        actions={
          <Button leftSection={<IconPlus size={16} />} disabled={!canAdd} onClick={() => setEditing('new')}>
            Add
          </Button>
        }
      />
      <ListSearch list={list} placeholder="Search by name" label="Search interests" />
      <ListTable<InterestRow>
        aria-label="Interests"
        records={q.data?.data}
        total={q.data?.total}
        totalIsLowerBound={q.data?.total_is_lower_bound}
        fetching={q.isFetching}
        error={q.error}
        onRetry={() => q.refetch()}
        list={list}
        columns={[
          { accessor: 'id', hidden: true },
          { accessor: 'name', title: 'Name', sortable: true, priority: 1 },
          {
            accessor: 'created_at',
            title: 'Created',
            sortable: true,
            render: (r) => formatDateTime(r.created_at),
          },
          {
            accessor: 'updated_at',
            title: 'Last Updated',
            sortable: true,
            render: (r) => formatDateTime(r.updated_at),
          },
          {
            accessor: 'action',
            title: 'Action',
            actions: true,
            render: (r) => (
              <EditDeleteActions
                name={r.name}
                edit={{ allowed: canEdit, tip: 'Edit', onClick: () => setEditing(r) }}
                remove={{
                  allowed: canDelete && r.campaigns_count === 0,
                  tip: r.campaigns_count > 0 ? `Used by ${r.campaigns_count} campaign(s)` : 'Delete',
                  onClick: () => setDeleting(r),
                }}
              />
            ),
          },
          { accessor: 'campaigns_count', hidden: true },
        ]}
      />
      {editing ? (
        <InterestForm row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        opened={!!deleting}
        title="Delete interest"
        message={INTEREST_TEXTS.deleteConfirm}
        onClose={() => setDeleting(null)}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </Stack>
  );
}

function InterestForm({ row, onClose }: { row: InterestRow | null; onClose: () => void }) {
  const opts = { invalidates: [calls.interestsList], onSuccess: onClose };
  const create = useApiMutation(calls.interestsCreate, opts);
  const update = useApiMutation(calls.interestsUpdate, opts);
  return (
    <OneFieldModal
      opened
      title={row ? 'Edit Interest' : 'Add Interest'}
      label="Name"
      initial={row?.name ?? ''}
      requiredMessage={INTEREST_TEXTS.nameRequired}
      submitLabel={row ? 'Update' : 'Add'}
      pending={create.isPending || update.isPending}
      onSubmit={(name) => (row ? update.mutate({ id: row.id, name }) : create.mutate({ name }))}
      onClose={onClose}
      draft={{ key: INTEREST_FORM_DRAFT, context: row ?? 'new' }}
    />
  );
}
