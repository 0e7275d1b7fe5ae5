import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

interface RowAction {
  allowed: boolean;
  /** Tooltip; say why when the action is not allowed. */
  tip: string;
  onClick: () => void;
}

/**
 * Not `disabled`: a refused action stays focusable and its tooltip (the reason) shows on focus too.
 */
const refusedProps = (action: RowAction) => ({
  'aria-disabled': !action.allowed || undefined,
  'data-disabled': !action.allowed || undefined,
  onClick: action.allowed ? action.onClick : undefined,
});

const TIP_EVENTS = { hover: true, focus: true, touch: true };

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
      <Tooltip label={edit.tip} events={TIP_EVENTS}>
        <ActionIcon variant="light" aria-label={`Edit ${name}`} {...refusedProps(edit)}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={remove.tip} events={TIP_EVENTS}>
        <ActionIcon variant="light" color="red" aria-label={`Delete ${name}`} {...refusedProps(remove)}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
