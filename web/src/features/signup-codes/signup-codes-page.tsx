import type { SignupCodeRow } from '@admin/contract';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { calls } from '../../api/calls';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useCan } from '../../auth/can';
import { keptDialog } from '../../auth/drafts';
import { abbreviate, formatDateTime } from '../../lib/format';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ListSearch } from '../../ui/list-search';
import { ListTable } from '../../ui/list-table';
import { OneFieldModal } from '../../ui/one-field-modal';
import { PageHeader } from '../../ui/page-header';
import { EditDeleteActions } from '../../ui/row-actions';
import { useListState } from '../../ui/use-list-state';

type Order = 'created_at' | 'updated_at' | 'code' | 'used_count' | 'id';

/** /signup-codes: the codes new users may sign up with; add, edit and delete popups. */
/** The add/edit popup's name on this page for a draft kept across a sign-in (issue 34 point 8). */
const CODE_FORM_DRAFT = 'code-form';

export default function SignupCodesPage() {
  const list = useListState<string>({ order_by: 'created_at', direction: 'desc' });
  const q = useApiQuery(calls.signupCodesList, { ...list.params, order_by: list.orderBy as Order });
  const canAdd = useCan('sugnupcodes_add');
  const canEdit = useCan('sugnupcodes_edit');
  const canDelete = useCan('sugnupcodes_delete');
  // A popup open when the session ended opens again, with its draft, after signing in.
  const [editing, setEditing] = useState<SignupCodeRow | 'new' | null>(
    () => keptDialog<SignupCodeRow | 'new'>(CODE_FORM_DRAFT) ?? null,
  );
  const [deleting, setDeleting] = useState<SignupCodeRow | null>(null);
  const remove = useApiMutation(calls.signupCodeDelete, {
    invalidates: [calls.signupCodesList],
    onSettled: () => setDeleting(null),
  });

  return (
    <Stack gap="md">
      <PageHeader
        title="Signup Codes"
        actions={
          <Button leftSection={<IconPlus size={16} />} disabled={!canAdd} onClick={() => setEditing('new')}>
            Add New Code
          </Button>
        }
      />
      <ListSearch list={list} placeholder="Search by code" label="Search codes" />
      <ListTable<SignupCodeRow & { sno?: number }>
        aria-label="Signup codes"
        records={q.data?.data}
        total={q.data?.total}
        totalIsLowerBound={q.data?.total_is_lower_bound}
        fetching={q.isFetching}
        error={q.error}
        onRetry={() => q.refetch()}
        list={list}
        columns={[
          {
            accessor: 'sno',
            title: 'S.No.',
            width: 84,
            render: (_, i) => list.page * list.pageLimit + i + 1,
          },
          { accessor: 'code', title: 'Code', sortable: true, priority: 1 },
          {
            accessor: 'used_count',
            title: 'Used Count',
            sortable: true,
            render: (r) => abbreviate(r.used_count),
          },
          {
            accessor: 'created_at',
            title: 'Created',
            sortable: true,
            render: (r) => formatDateTime(r.created_at),
          },
          {
            accessor: 'updated_at',
            title: 'Updated',
            sortable: true,
            render: (r) => formatDateTime(r.updated_at),
          },
          {
            accessor: 'action',
            title: 'Action',
            actions: true,
            render: (r) => (
              <EditDeleteActions
                name={r.code}
                edit={{ allowed: canEdit, tip: 'Edit', onClick: () => setEditing(r) }}
                remove={{ allowed: canDelete, tip: 'Delete', onClick: () => setDeleting(r) }}
              />
            ),
          },
        ]}
      />
      {editing ? (
        <CodeForm row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        opened={!!deleting}
        // The spec's text says 'Are you sure?' already: the title names the act instead.
        title="Delete Code"
        message="Are you sure? Do you want to delete this code?"
        onClose={() => setDeleting(null)}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </Stack>
  );
}

function CodeForm({ row, onClose }: { row: SignupCodeRow | null; onClose: () => void }) {
  const opts = { invalidates: [calls.signupCodesList], onSuccess: onClose };
  const create = useApiMutation(calls.signupCodeCreate, opts);
  const update = useApiMutation(calls.signupCodeUpdate, opts);
  return (
    <OneFieldModal
      opened
      title={row ? 'Edit Code' : 'Add New Code'}
      label="Code"
      initial={row?.code ?? ''}
      requiredMessage="Code is required"
      submitLabel={row ? 'Update' : 'Add'}
      pending={create.isPending || update.isPending}
      onSubmit={(code) => (row ? update.mutate({ id: row.id, code }) : create.mutate({ code }))}
      onClose={onClose}
      draft={{ key: CODE_FORM_DRAFT, context: row ?? 'new' }}
    />
  );
}
