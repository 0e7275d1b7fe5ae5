import type { AdminUserRow } from '@admin/contract';
import { Alert, Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { calls } from '../../api/calls';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { type DialogDraft, useKeepDraft, useRestoredDraft } from '../../auth/drafts';

/** The popup's name on Backend Users for a draft kept across a sign-in (issue 34 point 8). */
export const ASSIGN_GROUPS_DRAFT = 'assign-groups';

/** 'Assign Group' popup: a checkbox per group, Save sends the chosen group_ids (integers). */
export function AssignGroupsModal({ user, onClose }: { user: AdminUserRow | null; onClose: () => void }) {
  return (
    <Modal opened={!!user} onClose={onClose} title="Assign Group" centered>
      {user ? <AssignGroupsForm key={user.id} user={user} onClose={onClose} /> : null}
    </Modal>
  );
}

function AssignGroupsForm({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const options = useApiQuery(calls.groupDropdown, {});
  const [initial] = useState(() => user.auth_user_group.map((g) => String(g.auth_group.id)));
  // The ticks come back after signing in again when the session ended with the popup open.
  const restored = useRestoredDraft<DialogDraft<string[], AdminUserRow>>(ASSIGN_GROUPS_DRAFT);
  const [chosen, setChosen] = useState<string[]>(() =>
    restored?.context.id === user.id && Array.isArray(restored.value) ? restored.value : initial,
  );
  const dirty = [...chosen].sort().join() !== [...initial].sort().join();
  useKeepDraft(ASSIGN_GROUPS_DRAFT, dirty ? { context: user, value: chosen } : undefined);
  const save = useApiMutation(calls.assignGroups, {
    invalidates: [calls.adminUsersList],
    onSuccess: () => onClose(),
  });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Groups of {user.name} ({user.username})
      </Text>
      {options.isPending ? <Loader size="sm" /> : null}
      {options.data && options.data.data.length === 0 ? (
        <Alert color="gray" variant="light">
          There are no groups yet.
        </Alert>
      ) : null}
      {options.data ? (
        <ScrollArea.Autosize mah={320}>
          <Checkbox.Group value={chosen} onChange={setChosen} label="Groups">
            <Stack gap="xs" mt="xs">
              {options.data.data.map((g) => (
                <Checkbox key={g.id} value={String(g.id)} label={g.name} />
              ))}
            </Stack>
          </Checkbox.Group>
        </ScrollArea.Autosize>
      ) : null}
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button
          loading={save.isPending}
          disabled={!options.data}
          onClick={() => save.mutate({ user_id: user.id, group_ids: chosen.map(Number) })}
        >
          Save
        </Button>
      </Group>
    </Stack>
  );
}
