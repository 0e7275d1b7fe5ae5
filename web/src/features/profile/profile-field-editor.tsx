import type { ProfileField } from '@admin/contract';
import { Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';

const FIRST_YEAR = 1970;
const today = () => new Date().toISOString().slice(0, 10);

interface EditorProps {
  field: ProfileField;
  label: string;
  inputId: string;
  draft: string;
  setDraft: (value: string) => void;
  error: string | undefined;
  /** Enter in a text field saves; Escape cancels. */
  onEnter: () => void;
  onEscape: () => void;
}

/** The input of a profile row in edit mode: gender a select, date of birth a date picker, else text. */
export function FieldEditor({
  field,
  label,
  inputId,
  draft,
  setDraft,
  error,
  onEnter,
  onEscape,
}: EditorProps) {
  if (field === 'gender') {
    return (
      <Select
        id={inputId}
        aria-label={label}
        data={[
          { value: 'male', label: 'male' },
          { value: 'female', label: 'female' },
        ]}
        value={draft || null}
        onChange={(v) => setDraft(v ?? '')}
        placeholder="Select gender"
        error={error}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
    );
  } else if (field === 'dob') {
    const nextYear = new Date().getFullYear() + 1;
    return (
      <DatePickerInput
        id={inputId}
        aria-label={label}
        value={draft || null}
        onChange={(v) => setDraft(v ?? '')}
        valueFormat="MM-DD-YYYY"
        placeholder="Pick a date"
        // Spec: years 1970 to next year; days after today cannot be a birth date.
        minDate={`${FIRST_YEAR}-01-01`}
        maxDate={`${nextYear}-12-31`}
        excludeDate={(d) => d > today()}
        defaultDate={draft || '1990-01-01'}
        error={error}
        popoverProps={{ withinPortal: true }}
      />
    );
  } else {
    return (
      <TextInput
        id={inputId}
        aria-label={label}
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            onEnter();
          } else if (e.key === 'Escape') {
            onEscape();
          }
        }}
        error={error}
        type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
        autoFocus
      />
    );
  }
}
