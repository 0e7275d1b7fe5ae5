import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { isStrictSuccess } from '../../api/notify';
import { GuardedModal } from '../../ui/unsaved-changes';
import { useChangeAppPassword } from './hooks';

/**
 * Spec 01 section 5: the admin sets a user's app password; 'Password is required' and
 * 'Password confirmation is required', and nothing is sent until both are filled.
 */
export function ChangeAppPasswordModal({
  userId,
  opened,
  onClose,
}: {
  userId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const change = useChangeAppPassword();

  const passwordError = submitted && !password ? 'Password is required' : undefined;
  let confirmationError: string | undefined;
  if (submitted && !confirmation) {
    confirmationError = 'Password confirmation is required';
  } else if (submitted && password && confirmation !== password) {
    confirmationError = 'Password confirmation must match the password';
  }

  const close = () => {
    setPassword('');
    setConfirmation('');
    setSubmitted(false);
    change.reset();
    onClose();
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!password || !confirmation || password !== confirmation) {
      return;
    }
    change.mutate(
      { user_id: userId, password, password_confirmation: confirmation },
      {
        onSuccess: (data) => {
          if (isStrictSuccess(data)) {
            close();
          }
        },
      },
    );
  };

  return (
    <GuardedModal
      opened={opened}
      onClose={close}
      title="Change Password"
      centered
      dirty={password !== '' || confirmation !== ''}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label="Password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={passwordError}
            autoComplete="new-password"
            data-autofocus
          />
          <PasswordInput
            label="Confirm Password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
            error={confirmationError}
            autoComplete="new-password"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </form>
    </GuardedModal>
  );
}
