import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProfileFieldRow } from './profile-field-row';

function renderRow(props: Partial<Parameters<typeof ProfileFieldRow>[0]> = {}) {
  const onSave = vi.fn(async () => true);
  render(
    <MantineProvider>
      <ProfileFieldRow
        field="name"
        label="Name"
        value="Ada Lovelace"
        canEdit
        saving={false}
        onSave={onSave}
        {...props}
      />
    </MantineProvider>,
  );
  return onSave;
}

describe('ProfileFieldRow', () => {
  it('hides the tick and shows the required text when the value is empty', () => {
    renderRow();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Name' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: '   ' } });
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Name' })).toBeNull();
  });

  it('saves the trimmed new value with the tick and leaves edit mode', async () => {
    const onSave = renderRow();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Name' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: '  Ada King ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Name' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull());
    expect(onSave).toHaveBeenCalledWith('name', 'Ada King');
  });

  it('sends nothing when the value did not change', async () => {
    const onSave = renderRow();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Name' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Name' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull());
    expect(onSave).not.toHaveBeenCalled();
  });

  it('disables the pencil without update_profile', () => {
    renderRow({ canEdit: false });
    expect((screen.getByRole('button', { name: 'Edit Name' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
