import type { GroupRow } from '@admin/contract';
import { calls } from '../../api/calls';
import { useApiMutation } from '../../api/hooks';
import { OneFieldModal } from '../../ui/one-field-modal';

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
  const options = { invalidates: [calls.groupList, calls.groupDropdown], onSuccess: () => onClose() };
  const add = useApiMutation(calls.groupAdd, options);
  const edit = useApiMutation(calls.groupEdit, options);
  return (
    <OneFieldModal
      opened={opened}
      title={group ? 'Edit Group' : 'Add New Group'}
      label="Group Name"
      initial={group?.name ?? ''}
      requiredMessage="Group name is required"
      submitLabel={group ? 'Edit Group' : 'Add Group'}
      pending={add.isPending || edit.isPending}
      maxLength={100}
      onSubmit={(name) => (group ? edit.mutate({ id: group.id, name }) : add.mutate({ name }))}
      onClose={onClose}
    />
  );
}
