import { type ProfileUserDetails, RECOVERY_CODE_COUNT, type ResponseOf, rankRefusal } from '@admin/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconFingerprint, IconInfoCircle, IconLogout, IconShieldOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { calls } from '../../api/calls';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../paths';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ErrorAlert } from '../../ui/error-alert';
import { SessionLine } from './session-line';

type Data = ResponseOf<typeof calls.userSecurity>['data'];

/**
 * The Security tab of a staff member's profile (holders of user_permissions_update who outrank
 * them, i.e. super admins: docs/security.md): their second factors and live sessions, 'End
 * sessions' and 'Reset second factors' (a lost phone), each after a confirmation.
 */
export default function StaffSecurityTab({
  userId,
  profile,
}: {
  userId: number;
  profile: ProfileUserDetails;
}) {
  const viewer = useSession()?.user;
  if (viewer?.id === userId) {
    return (
      <Alert mt="md" variant="light" icon={<IconInfoCircle size={18} />} title="Your own account">
        Your passkeys, authenticator app and sessions are on your{' '}
        <Anchor component={Link} to={paths.account}>
          Security page
        </Anchor>
        .
      </Alert>
    );
  }
  const refusal = viewer ? rankRefusal(viewer, profile) : null;
  return refusal ? (
    <Refused reason={refusal} />
  ) : (
    <StaffSecurity userId={userId} name={profile.name || profile.username} />
  );
}

const TIP_EVENTS = { hover: true, focus: true, touch: true };

/**
 * Shown instead of the data when the viewer may not act on this account: the reason, and the
 * actions refused (not `disabled`: they stay focusable, and their tooltip says why on focus too).
 */
function Refused({ reason }: { reason: string }) {
  return (
    <Stack gap="md" mt="md">
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
        {reason}: their sessions and second factors are not shown to you.
      </Alert>
      <Group gap="sm">
        {[
          { label: 'End sessions', icon: <IconLogout size={16} /> },
          { label: 'Reset second factors', icon: <IconShieldOff size={16} /> },
        ].map((a) => (
          <Tooltip key={a.label} label={reason} events={TIP_EVENTS} multiline maw={280}>
            <Button variant="light" color="red" leftSection={a.icon} aria-disabled data-disabled>
              {a.label}
            </Button>
          </Tooltip>
        ))}
      </Group>
    </Stack>
  );
}

function factorsText(d: Data): string {
  const keys = d.passkeys.length;
  return [
    ...(d.totp ? ['the authenticator app'] : []),
    ...(keys > 0 ? [keys === 1 ? '1 passkey' : `${keys} passkeys`] : []),
  ].join(' and ');
}

function StaffSecurity({ userId, name }: { userId: number; name: string }) {
  const q = useApiQuery(calls.userSecurity, { user_id: userId });
  // The question is fixed when asked: the refetch after Yes must not change it while it closes.
  const [confirm, setConfirm] = useState<{ kind: 'sessions' | 'factors'; message: string; open: boolean }>();
  const close = () => setConfirm((c) => c && { ...c, open: false });
  const end = useApiMutation(calls.endUserSessions, {
    invalidates: [calls.userSecurity],
    onSuccess: close,
  });
  const reset = useApiMutation(calls.resetUserSecondFactors, {
    invalidates: [calls.userSecurity],
    onSuccess: close,
  });
  const d = q.data?.data;
  if (q.isError && !d) {
    return (
      <Stack mt="md">
        <ErrorAlert error={q.error} onRetry={() => q.refetch()} />
      </Stack>
    );
  }
  if (!d) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} mt="md">
        <Skeleton h={160} />
        <Skeleton h={160} />
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} mt="md" spacing="md">
      <FactorsCard
        d={d}
        onReset={() =>
          setConfirm({
            kind: 'factors',
            open: true,
            message: `Remove ${factorsText(d)} of ${name}, and their recovery codes? They will sign in with the code mailed to them and can set up new ones. They are told by e-mail.`,
          })
        }
      />
      <SessionsCard
        d={d}
        onEnd={() =>
          setConfirm({
            kind: 'sessions',
            open: true,
            message: `End all ${d.sessions.length} session(s) of ${name}? They will have to sign in again on every device.`,
          })
        }
      />
      <ConfirmDialog
        opened={confirm?.kind === 'sessions' && confirm.open}
        title="End sessions"
        message={confirm?.message ?? ''}
        confirmLabel="End sessions"
        cancelLabel="Cancel"
        loading={end.isPending}
        onConfirm={() => end.mutate({ user_id: userId })}
        onClose={close}
      />
      <ConfirmDialog
        opened={confirm?.kind === 'factors' && confirm.open}
        title="Reset second factors"
        message={confirm?.message ?? ''}
        confirmLabel="Remove"
        cancelLabel="Cancel"
        loading={reset.isPending}
        onConfirm={() => reset.mutate({ user_id: userId })}
        onClose={close}
      />
    </SimpleGrid>
  );
}

function FactorsCard({ d, onReset }: { d: Data; onReset: () => void }) {
  const hasFactor = d.totp || d.passkeys.length > 0;
  return (
    <Card withBorder radius="md" data-testid="staff-factors">
      <Title order={2} size="h4" mb="xs">
        Second factors
      </Title>
      <Stack gap="xs" mb="md">
        <Group justify="space-between" gap="xs">
          <Text size="sm">Authenticator app</Text>
          <Badge variant="light" color={d.totp ? 'green' : 'gray'}>
            {d.totp ? 'Set up' : 'Not set up'}
          </Badge>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="sm">Passkeys</Text>
          <Badge variant="light" color={d.passkeys.length ? 'green' : 'gray'}>
            {d.passkeys.length === 0 ? 'None' : `${d.passkeys.length} added`}
          </Badge>
        </Group>
        {d.passkeys.map((p) => (
          <Group key={p.id} gap="xs" wrap="nowrap" pl="sm">
            <IconFingerprint size={18} aria-hidden style={{ flex: 'none' }} />
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {p.name}
              </Text>
              <Text size="xs" c="dimmed">
                Added {formatDateTime(p.created_at)} ·{' '}
                {p.last_used_at ? `last used ${formatDateTime(p.last_used_at)}` : 'never used'}
              </Text>
            </Stack>
          </Group>
        ))}
        {hasFactor ? (
          <Text size="sm" c="dimmed">
            Recovery codes left: {d.recovery_codes_left} of {RECOVERY_CODE_COUNT}
          </Text>
        ) : null}
      </Stack>
      <Text size="sm" c="dimmed" mb="sm">
        {hasFactor
          ? 'Lost phone or key? Removing them lets this person sign in with the mailed code and set up new ones.'
          : 'No passkey or authenticator app: this person signs in with the mailed code.'}
      </Text>
      <Button
        variant="light"
        color="red"
        leftSection={<IconShieldOff size={16} />}
        disabled={!hasFactor}
        onClick={onReset}
        style={{ alignSelf: 'flex-start' }}
      >
        Reset second factors
      </Button>
    </Card>
  );
}

function SessionsCard({ d, onEnd }: { d: Data; onEnd: () => void }) {
  return (
    <Card withBorder radius="md">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4">
          Sessions
        </Title>
        <Badge variant="light" color={d.sessions.length ? 'blue' : 'gray'}>
          {d.sessions.length === 0 ? 'None' : `${d.sessions.length} live`}
        </Badge>
      </Group>
      <Stack gap="sm" mb="md" data-testid="staff-session-list">
        {d.sessions.length === 0 ? (
          <Text size="sm" c="dimmed">
            Not signed in anywhere.
          </Text>
        ) : (
          d.sessions.map((s) => <SessionLine key={s.id} session={s} />)
        )}
      </Stack>
      <Button
        variant="light"
        color="red"
        leftSection={<IconLogout size={16} />}
        disabled={d.sessions.length === 0}
        onClick={onEnd}
        style={{ alignSelf: 'flex-start' }}
      >
        End sessions
      </Button>
    </Card>
  );
}
