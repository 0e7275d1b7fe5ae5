import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

interface RowAction {
  allowed: boolean;
  /** Tooltip; say why when the action is not allowed. */
  tip: string;
  onClick: () => void;
}

/** The pencil and bin of a table row; `name` makes their labels ('Edit Admins', 'Delete Admins'). */
export function EditDeleteActions({
  name,
  edit,
  remove,
}: {
  name: string;
  edit: RowAction;
  remove: RowAction;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={edit.tip}>
        <ActionIcon
          variant="light"
          aria-label={`Edit ${name}`}
          disabled={!edit.allowed}
          onClick={edit.onClick}
        >
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={remove.tip}>
        <ActionIcon
          variant="light"
          color="red"
          aria-label={`Delete ${name}`}
          disabled={!remove.allowed}
          onClick={remove.onClick}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
