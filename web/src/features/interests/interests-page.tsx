import { INTEREST_TEXTS, type InterestRow } from '@admin/contract';
import { ActionIcon, Button, Group, Modal, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { calls } from '../../api/calls';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useCan } from '../../auth/can';
import { formatDateTime } from '../../lib/format';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ErrorAlert } from '../../ui/error-alert';
import { ListTable } from '../../ui/list-table';
import { PageHeader } from '../../ui/page-header';
import { useListState } from '../../ui/use-list-state';

/** /interest: interest tags with add/edit popup and delete only while no campaign uses them. */
export default function InterestsPage() {
  const list = useListState<string>({
    order_by: 'created_at',
    direction: 'desc',
  });
  const q = useApiQuery(calls.interestsList, { ...list.params, order_by: list.orderBy as 'created_at' });
  const canAdd = useCan('campaign_interests_add');
  const canEdit = useCan('campaign_interests_update');
  const canDelete = useCan('campaign_interests_delete');
  const [editing, setEditing] = useState<InterestRow | 'new' | null>(null);
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
      <TextInput
        placeholder="Search by name"
        aria-label="Search interests"
        leftSection={<IconSearch size={16} />}
        value={list.search}
        onChange={(e) => list.setSearch(e.currentTarget.value)}
        maw={360}
      />
      {q.isError && !q.data ? <ErrorAlert error={q.error} onRetry={() => q.refetch()} /> : null}
      <ListTable<InterestRow>
        aria-label="Interests"
        records={q.data?.data}
        total={q.data?.total}
        fetching={q.isFetching}
        list={list}
        columns={[
          { accessor: 'id', hidden: true },
          { accessor: 'name', title: 'Name', sortable: true },
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
            render: (r) => (
              <Group gap={4} wrap="nowrap">
                <Tooltip label="Edit">
                  <ActionIcon
                    variant="light"
                    aria-label={`Edit ${r.name}`}
                    disabled={!canEdit}
                    onClick={() => setEditing(r)}
                  >
                    <IconEdit size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip
                  label={r.campaigns_count > 0 ? `Used by ${r.campaigns_count} campaign(s)` : 'Delete'}
                >
                  <ActionIcon
                    variant="light"
                    color="red"
                    aria-label={`Delete ${r.name}`}
                    disabled={!canDelete || r.campaigns_count > 0}
                    onClick={() => setDeleting(r)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
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
  const [name, setName] = useState(row?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const opts = { invalidates: [calls.interestsList], onSuccess: onClose };
  const create = useApiMutation(calls.interestsCreate, opts);
  const update = useApiMutation(calls.interestsUpdate, opts);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(INTEREST_TEXTS.nameRequired);
      return;
    }
    setError(null);
    if (row) {
      update.mutate({ id: row.id, name: name.trim() });
    } else {
      create.mutate({ name: name.trim() });
    }
  };
  return (
    <Modal opened onClose={onClose} title={row ? 'Edit Interest' : 'Add Interest'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending || update.isPending}>
              {row ? 'Update' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
