import type { GroupRow } from '@admin/contract';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { calls } from '../../api/calls';
import { useApiMutation } from '../../api/hooks';

/** Add / edit popup: one Group Name field; 'Group name is required' after the first submit. */
export function GroupFormModal({
  opened,
  group,
  onClose,
}: {
  opened: boolean;
  /** The group being edited; null adds a new one. */
  group: GroupRow | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={group ? 'Edit Group' : 'Add New Group'} centered>
      {opened ? <GroupForm key={group?.id ?? 'new'} group={group} onClose={onClose} /> : null}
    </Modal>
  );
}

function GroupForm({ group, onClose }: { group: GroupRow | null; onClose: () => void }) {
  const [name, setName] = useState(group?.name ?? '');
  const [submitted, setSubmitted] = useState(false);
  const options = { invalidates: [calls.groupList, calls.groupDropdown], onSuccess: () => onClose() };
  const add = useApiMutation(calls.groupAdd, options);
  const edit = useApiMutation(calls.groupEdit, options);
  const pending = add.isPending || edit.isPending;
  const error = submitted && !name.trim() ? 'Group name is required' : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!name.trim()) {
      return;
    }
    if (group) {
      edit.mutate({ id: group.id, name: name.trim() });
    } else {
      add.mutate({ name: name.trim() });
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Group Name"
          withAsterisk
          data-autofocus
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          maxLength={100}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {group ? 'Edit Group' : 'Add Group'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
