import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';
import { OneFieldModal } from './one-field-modal';

function renderModal(initial: string) {
  const onSubmit = vi.fn();
  render(
    <MantineProvider theme={theme}>
      <OneFieldModal
        opened
        title="Add New Group"
        label="Group Name"
        initial={initial}
        requiredMessage="Group name is required"
        submitLabel="Add Group"
        pending={false}
        onSubmit={onSubmit}
        onClose={() => undefined}
      />
    </MantineProvider>,
  );
  return onSubmit;
}

describe('OneFieldModal', () => {
  it('shows the required message and sends nothing while the field is blank', async () => {
    const onSubmit = renderModal('');
    fireEvent.change(await screen.findByLabelText(/Group Name/), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Group' }));
    expect(await screen.findByText('Group name is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('starts from the edited value and sends the trimmed text', async () => {
    const onSubmit = renderModal('Editors');
    const input = (await screen.findByLabelText(/Group Name/)) as HTMLInputElement;
    expect(input.value).toBe('Editors');
    fireEvent.change(input, { target: { value: '  Moderators ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Group' }));
    expect(onSubmit).toHaveBeenCalledWith('Moderators');
    expect(screen.queryByText('Group name is required')).toBeNull();
  });
});
