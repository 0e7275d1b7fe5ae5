import type { ResponseOf } from '@admin/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconFingerprint, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { calls } from '../../api/calls';
import { apiCall } from '../../api/client';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { notifyError, notifySuccess } from '../../api/notify';
import { keptDialog } from '../../auth/drafts';
import { formatDateTime } from '../../lib/format';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ErrorAlert } from '../../ui/error-alert';
import { OneFieldModal } from '../../ui/one-field-modal';
import { RecoveryCodesModal } from './recovery-codes';

type Summary = ResponseOf<typeof calls.mySecurity>['data'];
type Passkey = ResponseOf<typeof calls.passkeys>['data'][number];

/** Passkeys: add one with the browser's prompt, rename, remove. */
/** The rename popup's name on this page for a draft kept across a sign-in (issue 34 point 8). */
const RENAME_DRAFT = 'passkey-rename';

export function PasskeysSection({
  summary,
  onChanged,
}: {
  summary?: Summary;
  onChanged: () => Promise<void>;
}) {
  const list = useApiQuery(calls.passkeys);
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  // A rename open when the session ended opens again, with its draft, after signing in.
  const [renaming, setRenaming] = useState<Passkey | null>(() => keptDialog<Passkey>(RENAME_DRAFT) ?? null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const rename = useApiMutation(calls.passkeyRename, { invalidates: [calls.passkeys] });
  const remove = useApiMutation(calls.passkeyRemove, { invalidates: [calls.passkeys] });

  async function add(e: FormEvent) {
    e.preventDefault();
    setAdding(true);
    try {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const { options } = await apiCall(calls.passkeyRegisterOptions, {});
      const credential = await startRegistration({ optionsJSON: options as never });
      const res = await apiCall(calls.passkeyRegister, {
        name: name.trim() || undefined,
        credential: credential as never,
      });
      notifySuccess(res.responseMessage);
      setName('');
      setCodes(res.recovery_codes ?? null);
      await list.refetch();
      await onChanged();
    } catch (err) {
      const n = (err as { name?: string }).name;
      notifyError(n === 'NotAllowedError' || n === 'AbortError' ? new Error('No passkey was added') : err);
    } finally {
      setAdding(false);
    }
  }

  const rows = list.data?.data;
  return (
    <Card withBorder radius="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Passkeys
        </Title>
        {rows ? <Badge variant="light">{rows.length === 0 ? 'None' : `${rows.length} added`}</Badge> : null}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Sign in with your fingerprint, face, screen lock or a security key instead of a mailed code. A passkey
        only works on this site, so a fake sign-in page cannot use it.
      </Text>
      {list.isError && !rows ? <ErrorAlert error={list.error} onRetry={() => list.refetch()} /> : null}
      {!rows && !list.isError ? <Skeleton h={48} /> : null}
      {rows && rows.length > 0 ? (
        <Stack gap="xs" mb="md" data-testid="passkey-list">
          {rows.map((p) => (
            <PasskeyRow key={p.id} passkey={p} onRename={setRenaming} onRemove={setRemoving} />
          ))}
        </Stack>
      ) : null}
      <form onSubmit={add}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Name of the new passkey"
            placeholder={`e.g. Work laptop (default: Passkey ${(rows?.length ?? 0) + 1})`}
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={adding}>
            Add a passkey
          </Button>
        </Group>
      </form>
      {summary && summary.passkeys > 0 && !summary.totp ? (
        <Text size="xs" c="dimmed" mt="sm">
          Recovery codes left: {summary.recovery_codes_left}
        </Text>
      ) : null}
      <RecoveryCodesModal codes={codes} onClose={() => setCodes(null)} />
      <OneFieldModal
        opened={!!renaming}
        title="Rename passkey"
        label="Name"
        initial={renaming?.name ?? ''}
        requiredMessage="Name is required"
        submitLabel="Save"
        maxLength={60}
        pending={rename.isPending}
        onSubmit={(value) =>
          renaming && rename.mutate({ id: renaming.id, name: value }, { onSuccess: () => setRenaming(null) })
        }
        onClose={() => setRenaming(null)}
        draft={renaming ? { key: RENAME_DRAFT, context: renaming } : undefined}
      />
      <ConfirmDialog
        opened={!!removing}
        message={`Remove the passkey "${removing?.name}"? You will no longer be able to sign in with it.`}
        loading={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { id: removing.id },
            {
              onSuccess: async () => {
                setRemoving(null);
                await onChanged();
              },
            },
          )
        }
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}

function PasskeyRow({
  passkey: p,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  onRename: (p: Passkey) => void;
  onRemove: (p: Passkey) => void;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <IconFingerprint size={22} aria-hidden />
        <Stack gap={0} miw={0}>
          <Text fw={600} truncate="end">
            {p.name}
          </Text>
          <Text size="xs" c="dimmed">
            Added {formatDateTime(p.created_at)} · Last used{' '}
            {p.last_used_at ? formatDateTime(p.last_used_at) : 'never'}
          </Text>
        </Stack>
      </Group>
      <Group gap={4} wrap="nowrap">
        <Tooltip label="Rename">
          <ActionIcon variant="subtle" aria-label={`Rename ${p.name}`} onClick={() => onRename(p)}>
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Remove">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${p.name}`}
            onClick={() => onRemove(p)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
