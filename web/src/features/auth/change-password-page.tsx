import { postLoginPath } from '@admin/contract';
import { Alert, Button, Card, Group, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { calls } from '../../api/calls';
import { useApiMutation } from '../../api/hooks';
import { sessionStore, useSession } from '../../auth/session';
import { PageHeader } from '../../ui/page-header';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change own password (spec 01 Login screens, section 5): match is not checked on this screen. */
export default function ChangePasswordPage() {
  const [values, setValues] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const navigate = useNavigate();
  const forced = !!useSession()?.user.must_change_password;
  const change = useApiMutation(calls.changePassword, {
    onSuccess: () => {
      setValues(EMPTY);
      setSubmitted(false);
      const user = sessionStore.get()?.user;
      if (user?.must_change_password) {
        const { must_change_password: _done, ...rest } = user;
        sessionStore.update({ user: rest });
        navigate(postLoginPath(rest) ?? '/', { replace: true });
      }
    },
  });
  const err = (v: string, text: string) => (submitted && !v ? text : null);
  const set = (k: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) => {
    // Read now: the event's currentTarget is gone by the time the updater runs.
    const value = e.currentTarget.value;
    setValues((s) => ({ ...s, [k]: value }));
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!values.currentPassword || !values.newPassword || !values.confirmPassword) {
      return;
    }
    change.mutate(values);
  }

  return (
    <>
      <PageHeader
        title="Change Password"
        subtitle="Other signed-in sessions end when the password changes."
      />
      {forced && (
        <Alert color="yellow" maw={520} mb="md" title="Choose a new password to continue">
          You signed in with a one-time password from a reset mail. Enter it as the current password, then
          choose a new one.
        </Alert>
      )}
      <Card withBorder maw={520} p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <PasswordInput
              label="Current Password"
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={set('currentPassword')}
              error={err(values.currentPassword, 'Current is required')}
            />
            <PasswordInput
              label="New Password"
              autoComplete="new-password"
              value={values.newPassword}
              onChange={set('newPassword')}
              error={err(values.newPassword, 'New Password is required')}
            />
            <PasswordInput
              label="Confirm Password"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={set('confirmPassword')}
              error={err(values.confirmPassword, 'Confirm Password is required')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={change.isPending}>
                Change
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </>
  );
}
