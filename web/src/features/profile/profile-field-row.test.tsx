import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepDrafts, peekDraft } from '../../auth/drafts';
import { sessionStore } from '../../auth/session';
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

  it('disables the pencil without update_profile (still focusable, so its reason is read)', () => {
    renderRow({ canEdit: false });
    const pencil = screen.getByRole('button', { name: 'Edit Name' });
    expect(pencil.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(pencil);
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
  });

  it('puts focus back on the pencil after cancelling', async () => {
    renderRow({});
    const pencil = screen.getByRole('button', { name: 'Edit Name' });
    fireEvent.click(pencil);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Name' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Name' })),
    );
  });

  describe('a draft kept across a sign-in (issue 34 point 8)', () => {
    const user = {
      id: 3,
      username: 'staff',
      name: 'Staff',
      email: null,
      avatar: null,
      is_sup_admin: 0,
      group_permissions: [],
      user_permissions: [],
    };
    afterEach(() => {
      sessionStore.clear();
      sessionStorage.clear();
    });

    it('is kept when the session ends mid-edit and reopens the row with it, once', async () => {
      window.history.replaceState(null, '', '/user-profile/7');
      sessionStore.set({ token: 't', user, widgets: { POST: [], ADS: [] } });
      const first = render(
        <MantineProvider>
          <ProfileFieldRow
            field="name"
            label="Name"
            value="Ada Lovelace"
            canEdit
            saving={false}
            onSave={vi.fn()}
          />
        </MantineProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Edit Name' }));
      fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ada King' } });
      keepDrafts();
      first.unmount();
      expect(peekDraft('profile:name')).toBe('Ada King');

      const onSave = renderRow();
      const input = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
      expect(input.value).toBe('Ada King');
      await waitFor(() => expect(peekDraft('profile:name')).toBeUndefined());
      fireEvent.click(screen.getByRole('button', { name: 'Save Name' }));
      await waitFor(() => expect(onSave).toHaveBeenCalledWith('name', 'Ada King'));
    });
  });
});
