import type { ProfileUserDetails } from '@admin/contract';
import { Button, Card, Image, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBan, IconKey, IconSpeakerphone, IconUserPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useCan } from '../../auth/can';
import { DEFAULT_AVATAR } from '../../ui/user-avatar';
import { useRevokeSuspension, useSuspendToggle, useToggleAdvertise, useToggleAutoFollow } from './hooks';

const NO_PERMISSION = 'You do not have permission for this action';

/**
 * A button shown disabled with the reason in a tooltip: without its permission (spec 01 section 2)
 * or when the account outranks the viewer (`refusal`, docs/security.md).
 */
function ActionButton({
  allowed,
  refusal,
  children,
  color,
  leftSection,
  loading,
  onClick,
}: {
  allowed: boolean;
  refusal: string | null;
  children: ReactNode;
  color?: string;
  leftSection?: ReactNode;
  loading?: boolean;
  onClick: () => void;
}) {
  const button = (
    <Button
      fullWidth
      variant="light"
      color={color}
      leftSection={leftSection}
      loading={loading}
      disabled={!allowed || !!refusal}
      onClick={onClick}
    >
      {children}
    </Button>
  );
  const why = refusal ?? (allowed ? null : NO_PERMISSION);
  return why ? (
    <Tooltip label={why} multiline maw={260}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

/**
 * The About tab's left card: avatar, name and the account actions (password, suspension,
 * advertising, automatic follow), each disabled with its reason when not allowed.
 */
export function AccountCard({
  user,
  refusal,
  onChangePassword,
}: {
  user: ProfileUserDetails;
  refusal: string | null;
  onChangePassword: () => void;
}) {
  const canPassword = useCan('change_app_password');
  const canSuspend = useCan('suspend_account');
  const canAdvertise = useCan('enable_advertise');
  const canAutoFollow = useCan('manage_autofollow');
  const suspend = useSuspendToggle(user.id);
  const revoke = useRevokeSuspension(user.id);
  const advertise = useToggleAdvertise(user.id);
  const autoFollow = useToggleAutoFollow(user.id);

  const toggleSuspension = () => {
    if (user.is_suspended) {
      revoke.mutate({ user_id: user.id, revoke: 1 });
      return;
    }
    modals.openConfirmModal({
      title: 'Suspend account',
      children: (
        <Text size="sm">
          Suspend {user.name}? They are signed out at once and cannot sign in until the suspension is lifted.
        </Text>
      ),
      confirmProps: { color: 'red' },
      onConfirm: () => suspend.mutate({ user_id: user.id }),
    });
  };

  return (
    <Card withBorder padding="lg">
      <Stack align="center" gap="sm">
        <Image
          src={user.avatar || DEFAULT_AVATAR}
          fallbackSrc={DEFAULT_AVATAR}
          alt={`Avatar of ${user.name}`}
          w={150}
          h={150}
          radius={75}
          fit="cover"
        />
        <Stack gap={0} align="center">
          <Title order={2} size="h4" ta="center" style={{ overflowWrap: 'anywhere' }}>
            {user.name}
          </Title>
          <Text c="dimmed" size="sm">
            @{user.username}
          </Text>
        </Stack>
        <Stack gap="xs" w="100%">
          <ActionButton
            refusal={refusal}
            allowed={canPassword}
            leftSection={<IconKey size={16} />}
            onClick={onChangePassword}
          >
            Change Password
          </ActionButton>
          <ActionButton
            refusal={refusal}
            allowed={canSuspend}
            color={user.is_suspended ? 'green' : 'red'}
            leftSection={<IconBan size={16} />}
            loading={suspend.isPending || revoke.isPending}
            onClick={toggleSuspension}
          >
            {user.is_suspended ? 'Unsuspend Account' : 'Suspend Account'}
          </ActionButton>
          <ActionButton
            refusal={refusal}
            allowed={canAdvertise}
            color={user.is_advertise_enabled ? 'orange' : 'blue'}
            leftSection={<IconSpeakerphone size={16} />}
            loading={advertise.isPending}
            onClick={() => advertise.mutate({ id: user.id })}
          >
            {user.is_advertise_enabled ? 'Disable Advertise' : 'Enable Advertise'}
          </ActionButton>
          <ActionButton
            refusal={refusal}
            allowed={canAutoFollow}
            color={user.auto_follow ? 'orange' : 'blue'}
            leftSection={<IconUserPlus size={16} />}
            loading={autoFollow.isPending}
            onClick={() => autoFollow.mutate({ user_id: user.id })}
          >
            {user.auto_follow ? 'Remove Automatic Follow' : 'Add Automatic Follow'}
          </ActionButton>
        </Stack>
      </Stack>
    </Card>
  );
}
