import type { GroupRow } from '@admin/contract';
import { calls } from '../../api/calls';
import { useApiMutation } from '../../api/hooks';
import { OneFieldModal } from '../../ui/one-field-modal';

/** The popup's name on the Groups page for a draft kept across a sign-in (issue 34 point 8). */
export const GROUP_FORM_DRAFT = 'group-form';

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
      draft={{ key: GROUP_FORM_DRAFT, context: { group } }}
    />
  );
}
