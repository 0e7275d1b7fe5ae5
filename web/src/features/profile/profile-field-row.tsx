import type { ProfileField } from '@admin/contract';
import { ActionIcon, Box, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { useState } from 'react';
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
export function ProfileFieldRow({ field, label, value, canEdit, refusal, saving, onSave }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value ?? '');
  const empty = draft.trim() === '';
  useUnsavedChanges(editing && !saving && draft.trim() !== (value ?? ''));
  const inputId = `profile-${field}`;

  const start = () => {
    setDraft(value ?? '');
    setEditing(true);
  };
  const save = async () => {
    if (empty) {
      return;
    }
    if (draft.trim() === (value ?? '')) {
      setEditing(false);
      return;
    }
    if (await onSave(field, draft.trim())) {
      setEditing(false);
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
      onEscape={() => setEditing(false)}
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
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Cancel ${label}`}
                onClick={() => setEditing(false)}
              >
                <IconX size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ) : (
          <Tooltip
            label={refusal ?? (canEdit ? `Edit ${label}` : 'You do not have permission to edit the profile')}
            multiline
            maw={260}
          >
            {/* A disabled button gets no pointer events: the span carries the tooltip's hover. */}
            <span>
              <ActionIcon
                variant="subtle"
                aria-label={`Edit ${label}`}
                disabled={!canEdit || !!refusal}
                onClick={start}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </span>
          </Tooltip>
        )}
      </Group>
    </Box>
  );
}

/** A read-only row (last active time, app and OS version). */
export function ProfileInfoRow({ label, value, title }: { label: string; value: string; title?: string }) {
  return (
    <Box className={classes.row}>
      <Text fw={600} size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" title={title} style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </Box>
  );
}
