import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { type DialogDraft, useKeepDraft, useRestoredDraft } from '../auth/drafts';
import { GuardedModal, useUnsavedChanges } from './unsaved-changes';

interface OneFieldProps {
  label: string;
  /** The value being edited; empty when adding. */
  initial: string;
  /** Shown under the field when it is submitted empty (nothing is sent then). */
  requiredMessage: string;
  submitLabel: string;
  pending: boolean;
  maxLength?: number;
  /** Called with the trimmed value. */
  onSubmit: (value: string) => void;
  onClose: () => void;
  /**
   * Keeps the typed value if the session ends while the popup is open (issue 34 point 8): `key`
   * names the popup on its page, `context` what it was opened for (the page reopens it with
   * `keptDialog(key)`).
   */
  draft?: { key: string; context: unknown };
}

/**
 * An add/edit popup with one required text field: a group's name, an interest, a signup code.
 * The form is made afresh each time the popup opens, so it starts from `initial`.
 */
export function OneFieldModal({
  opened,
  title,
  ...form
}: OneFieldProps & { opened: boolean; title: string }) {
  return (
    <GuardedModal opened={opened} onClose={form.onClose} title={title} centered>
      {opened ? <OneFieldForm {...form} /> : null}
    </GuardedModal>
  );
}

function OneFieldForm({
  label,
  initial,
  requiredMessage,
  submitLabel,
  pending,
  maxLength,
  onSubmit,
  onClose,
  draft,
}: OneFieldProps) {
  const restored = useRestoredDraft<DialogDraft<string>>(draft?.key ?? '');
  const [value, setValue] = useState(typeof restored?.value === 'string' ? restored.value : initial);
  const [submitted, setSubmitted] = useState(false);
  const dirty = value.trim() !== initial.trim();
  useUnsavedChanges(dirty && !pending);
  useKeepDraft(draft?.key ?? '', draft && dirty ? { context: draft.context, value } : undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (value.trim()) {
      onSubmit(value.trim());
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={label}
          withAsterisk
          data-autofocus
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={submitted && !value.trim() ? requiredMessage : undefined}
          maxLength={maxLength}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
