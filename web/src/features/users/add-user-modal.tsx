import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { calls } from '../../api/calls';
import { useApiMutation } from '../../api/hooks';
import { alertStrict } from '../../api/notify';
import { type DialogDraft, useKeepDraft, useRestoredDraft } from '../../auth/drafts';
import { GuardedModal } from '../../ui/unsaved-changes';

const EMPTY = { name: '', username: '', email: '', password: '', phone: '' };
type Field = keyof typeof EMPTY;

/** The popup's name on its list page for a draft kept across a sign-in (issue 34 point 8). */
export const ADD_USER_DRAFT = 'add-user';

const REQUIRED: Partial<Record<Field, string>> = {
  name: 'Name is required',
  username: 'Username is required',
  email: 'Email is required',
  password: 'Password is required',
};

/**
 * 'Add New User' popup (spec 01 sections 2 and 5): Name, Username, Email, Password required, Phone
 * optional; errors show after the first submit. On success the list reloads and the popup closes.
 * From Backend Users the user is created with is_admin true.
 */
export function AddUserModal({
  opened,
  onClose,
  isAdmin,
}: {
  opened: boolean;
  onClose: () => void;
  isAdmin: boolean;
}) {
  // The typed values come back after signing in again; the password never is stored.
  const restored = useRestoredDraft<DialogDraft<Partial<typeof EMPTY>>>(ADD_USER_DRAFT);
  const [values, setValues] = useState(() => ({ ...EMPTY, ...restored?.value, password: '' }));
  const [submitted, setSubmitted] = useState(false);
  const dirty = Object.values(values).some((v) => v !== '');
  const { password: _never, ...keepable } = values;
  useKeepDraft(ADD_USER_DRAFT, opened && dirty ? { context: true, value: keepable } : undefined);
  const create = useApiMutation(calls.createUser, {
    invalidates: [isAdmin ? calls.adminUsersList : calls.usersList],
    alertOnSuccess: false,
  });
  const errorOf = (f: Field) => (submitted && !values[f].trim() ? REQUIRED[f] : undefined);
  const close = () => {
    setValues(EMPTY);
    setSubmitted(false);
    create.reset();
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if ((Object.keys(REQUIRED) as Field[]).some((f) => !values[f].trim())) {
      return;
    }
    create.mutate(
      {
        name: values.name.trim(),
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        phone: values.phone.trim() || undefined,
        is_admin: isAdmin,
      },
      {
        onSuccess: (data) => {
          if (alertStrict(data)) {
            close();
          }
        },
      },
    );
  };
  const field = (f: Field) => ({
    value: values[f],
    onChange: (e: { currentTarget: { value: string } }) => {
      const v = e.currentTarget.value;
      setValues((s) => ({ ...s, [f]: v }));
    },
    error: errorOf(f),
  });
  return (
    <GuardedModal opened={opened} onClose={close} title="Add New User" centered dirty={dirty}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Name" withAsterisk autoComplete="off" data-autofocus {...field('name')} />
          <TextInput label="Username" withAsterisk autoComplete="off" {...field('username')} />
          <TextInput label="Email" type="email" withAsterisk autoComplete="off" {...field('email')} />
          <PasswordInput label="Password" withAsterisk autoComplete="new-password" {...field('password')} />
          <TextInput label="Phone" autoComplete="off" {...field('phone')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add User
            </Button>
          </Group>
        </Stack>
      </form>
    </GuardedModal>
  );
}
