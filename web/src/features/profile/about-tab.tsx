import '@mantine/dates/styles.css';
import { type ProfileField, type ProfileUserDetails, rankRefusal } from '@admin/contract';
import { Alert, Card, Grid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useCan } from '../../auth/can';
import { useSession } from '../../auth/session';
import { formatDateTime } from '../../lib/format';
import { PageLoader } from '../../ui/page-loader';
import { RelativeTime } from '../../ui/relative-time';
import { AccountCard } from './account-card';
import { ChangeAppPasswordModal } from './change-app-password-modal';
import { useTileUrl, useUpdateProfile } from './hooks';
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

/** The About tab: avatar, account actions, editable fields, last device and location map. */
export function AboutTab({ user }: { user: ProfileUserDetails }) {
  const canEdit = useCan('update_profile');
  const canSeeLocation = useCan('users_locations');
  const viewer = useSession()?.user;
  // Staff change platform users; a staff or super admin account only a super admin changes.
  const refusal = viewer ? rankRefusal(viewer, user) : null;
  const [passwordOpen, setPasswordOpen] = useState(false);

  const update = useUpdateProfile(user.id);
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
          <AccountCard user={user} refusal={refusal} onChangePassword={() => setPasswordOpen(true)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="xs">
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
              value={<RelativeTime value={user.last_interacted} fallback="—" />}
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
              <Title order={2} size="h4" mb="sm">
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
