import type { ProfileField } from '@admin/contract';
import { ActionIcon, Box, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { dropDraft, useKeepDraft, useRestoredDraft } from '../../auth/drafts';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { dateOnly } from './format';
import classes from './profile.module.css';
import { FieldEditor } from './profile-field-editor';

/** Spec 01 section 5: every profile field is required, with these texts. */
const REQUIRED_TEXT: Record<ProfileField, string> = {
  name: 'Name is required',
  gender: 'Gender is required',
  email: 'Email is required',
  username: 'Username is required',
  phone: 'Phone is required',
  dob: 'Date of Birth is required',
  address: 'Address is required',
  current_location: 'Current Location is required',
};

interface Props {
  field: ProfileField;
  label: string;
  value: string | null;
  canEdit: boolean;
  /** Why the viewer may not change this account (ranks), or null. */
  refusal?: string | null;
  saving: boolean;
  /** Resolves true when the server accepted the value (the row then leaves edit mode). */
  onSave: (field: ProfileField, value: string) => Promise<boolean>;
}

/** One profile row: the value, a pencil to edit (update_profile) and a tick to save. */
/**
 * The row's edit state. A draft kept when the session ended (issue 34 point 8) reopens the row with
 * it after signing in; while the row is open with a change, the draft is the one kept.
 */
function useFieldDraft(field: ProfileField, value: string | null, blocked: boolean, saving: boolean) {
  const key = `profile:${field}`;
  const restored = useRestoredDraft<string>(key);
  const reopen = typeof restored === 'string' && !blocked;
  const [editing, setEditing] = useState(reopen);
  const [draft, setDraft] = useState(reopen ? restored : (value ?? ''));
  const changed = draft.trim() !== (value ?? '');
  useUnsavedChanges(editing && !saving && changed);
  useKeepDraft(key, editing && changed ? draft : undefined);
  return { key, editing, setEditing, draft, setDraft };
}

export function ProfileFieldRow({ field, label, value, canEdit, refusal, saving, onSave }: Props) {
  const blocked = !canEdit || !!refusal;
  const {
    key: draftKey,
    editing,
    setEditing,
    draft,
    setDraft,
  } = useFieldDraft(field, value, blocked, saving);
  const empty = draft.trim() === '';
  const inputId = `profile-${field}`;
  // Saving or cancelling puts focus back on the pencil (not on <body>, 23 Tabs away).
  const pencil = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      pencil.current?.focus();
    }
  }, [editing]);
  const stop = () => {
    refocus.current = true;
    dropDraft(draftKey);
    setEditing(false);
  };

  const start = () => {
    if (blocked) {
      return;
    }
    setDraft(value ?? '');
    setEditing(true);
  };
  const save = async () => {
    if (empty) {
      return;
    }
    if (draft.trim() === (value ?? '')) {
      stop();
      return;
    }
    if (await onSave(field, draft.trim())) {
      stop();
    }
  };

  const editor = (
    <FieldEditor
      field={field}
      label={label}
      inputId={inputId}
      draft={draft}
      setDraft={setDraft}
      error={empty ? REQUIRED_TEXT[field] : undefined}
      onEnter={() => void save()}
      onEscape={stop}
    />
  );

  const shown = field === 'dob' ? dateOnly(value) : value;
  return (
    <Box data-field={field} className={classes.row}>
      <Text fw={600} size="sm" c="dimmed" component="label" htmlFor={editing ? inputId : undefined}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align={editing ? 'flex-start' : 'center'} style={{ minWidth: 0 }}>
        <Box style={{ flex: 1, minWidth: 0 }}>
          {editing ? (
            editor
          ) : (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid={`value-${field}`}>
              {shown || '—'}
            </Text>
          )}
        </Box>
        {editing ? (
          <Group gap={4} wrap="nowrap">
            {empty ? null : (
              <Tooltip label="Save">
                <ActionIcon
                  variant="light"
                  color="green"
                  aria-label={`Save ${label}`}
                  loading={saving}
                  onClick={() => void save()}
                >
                  <IconCheck size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label="Cancel">
              <ActionIcon variant="subtle" color="gray" aria-label={`Cancel ${label}`} onClick={stop}>
                <IconX size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ) : (
          <Tooltip
            label={refusal ?? (canEdit ? `Edit ${label}` : 'You do not have permission to edit the profile')}
            multiline
            maw={260}
            events={{ hover: true, focus: true, touch: true }}
          >
            {/* Not disabled: a blocked pencil stays focusable so its reason is read on focus too. */}
            <ActionIcon
              ref={pencil}
              variant="subtle"
              aria-label={`Edit ${label}`}
              aria-disabled={blocked || undefined}
              data-disabled={blocked || undefined}
              onClick={start}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Box>
  );
}

/** A read-only row (last active time, app and OS version). */
export function ProfileInfoRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box className={classes.row}>
      <Text fw={600} size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </Box>
  );
}
