import '@mantine/dates/styles.css';
import { type ProfileField, type ProfileUserDetails, rankRefusal } from '@admin/contract';
import { Alert, Button, Card, Grid, Image, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconBan, IconKey, IconSpeakerphone, IconUserPlus } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useCan } from '../../auth/can';
import { useSession } from '../../auth/session';
import { formatDateTime, relativeTime } from '../../lib/format';
import { PageLoader } from '../../ui/page-loader';
import { DEFAULT_AVATAR } from '../../ui/user-avatar';
import { ChangeAppPasswordModal } from './change-app-password-modal';
import {
  useRevokeSuspension,
  useSuspendToggle,
  useTileUrl,
  useToggleAdvertise,
  useToggleAutoFollow,
  useUpdateProfile,
} from './hooks';
import { ProfileFieldRow, ProfileInfoRow } from './profile-field-row';

const ProfileMap = lazy(() => import('./profile-map'));

const FIELDS: { field: ProfileField; label: string }[] = [
  { field: 'name', label: 'Name' },
  { field: 'gender', label: 'Gender' },
  { field: 'email', label: 'Email' },
  { field: 'username', label: 'Username' },
  { field: 'phone', label: 'Phone' },
  { field: 'dob', label: 'Date of Birth' },
  { field: 'address', label: 'Address' },
];

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

/** The About tab: avatar, account actions, editable fields, last device and location map. */
export function AboutTab({ user }: { user: ProfileUserDetails }) {
  const canEdit = useCan('update_profile');
  const canPassword = useCan('change_app_password');
  const canSuspend = useCan('suspend_account');
  const canAdvertise = useCan('enable_advertise');
  const canAutoFollow = useCan('manage_autofollow');
  const canSeeLocation = useCan('users_locations');
  const viewer = useSession()?.user;
  // Staff change platform users; a staff or super admin account only a super admin changes.
  const refusal = viewer ? rankRefusal(viewer, user) : null;
  const [passwordOpen, setPasswordOpen] = useState(false);

  const update = useUpdateProfile(user.id);
  const suspend = useSuspendToggle(user.id);
  const revoke = useRevokeSuspension(user.id);
  const advertise = useToggleAdvertise(user.id);
  const autoFollow = useToggleAutoFollow(user.id);
  const hasLocation = user.latitude !== null && user.longitude !== null;
  const tileUrl = useTileUrl(canSeeLocation && hasLocation);

  const saveField = async (field: ProfileField, value: string) => {
    try {
      await update.mutateAsync({ id: user.id, [field]: value } as { id: number } & Record<string, string>);
      return true;
    } catch {
      return false;
    }
  };

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

  const device = user.last_device_used;
  // Device type plus OS, without repeating the type when the OS string already starts with it.
  const os = device.device_os ?? '';
  const type = device.device_type ?? '';
  const osVersion =
    type && os.toLowerCase().startsWith(type.toLowerCase()) ? os : [type, os].filter(Boolean).join(' ');

  return (
    <Stack gap="md">
      {user.is_suspended ? (
        <Alert color="red" variant="filled" icon={<IconAlertTriangle size={20} />} role="alert">
          This account has been suspended
        </Alert>
      ) : null}
      {user.deleted_at ? (
        <Alert color="gray" variant="light">
          This account was deleted on {formatDateTime(user.deleted_at)}
        </Alert>
      ) : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
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
                <Title order={4} ta="center" style={{ overflowWrap: 'anywhere' }}>
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
                  onClick={() => setPasswordOpen(true)}
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
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder padding="lg">
            <Title order={4} mb="xs">
              About
            </Title>
            {FIELDS.map(({ field, label }) => (
              <ProfileFieldRow
                key={`${user.id}-${field}`}
                field={field}
                label={label}
                value={user[field]}
                canEdit={canEdit}
                refusal={refusal}
                saving={update.isPending && !!update.variables && field in update.variables}
                onSave={saveField}
              />
            ))}
            <ProfileInfoRow
              label="Last active time"
              value={relativeTime(user.last_interacted)}
              title={formatDateTime(user.last_interacted)}
            />
            <ProfileFieldRow
              key={`${user.id}-current_location`}
              field="current_location"
              label="Current Location"
              value={user.current_location}
              canEdit={canEdit}
              refusal={refusal}
              saving={update.isPending && !!update.variables && 'current_location' in update.variables}
              onSave={saveField}
            />
            <ProfileInfoRow label="App Version" value={device.device_app_version ?? ''} />
            <ProfileInfoRow label="OS Version" value={osVersion} />
          </Card>
        </Grid.Col>
        {canSeeLocation ? (
          <Grid.Col span={12}>
            <Card withBorder padding="lg">
              <Title order={4} mb="sm">
                Location
              </Title>
              {hasLocation && tileUrl ? (
                <Suspense fallback={<PageLoader />}>
                  <ProfileMap
                    latitude={user.latitude as number}
                    longitude={user.longitude as number}
                    tileUrl={tileUrl}
                    label={user.current_location || user.name}
                  />
                </Suspense>
              ) : hasLocation ? (
                <PageLoader />
              ) : (
                <Text c="dimmed" size="sm">
                  No location recorded for this user.
                </Text>
              )}
            </Card>
          </Grid.Col>
        ) : null}
      </Grid>
      <ChangeAppPasswordModal userId={user.id} opened={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </Stack>
  );
}
