import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { RecordError } from './missing-record';

function renderError(error: unknown, onRetry = vi.fn()) {
  const router = createMemoryRouter(
    [
      {
        path: '/user-profile/:id',
        element: (
          <RecordError
            error={error}
            thing="User"
            id="999999999"
            back={{ to: '/users', label: 'Users' }}
            onRetry={onRetry}
          />
        ),
      },
      { path: '/users', element: <p>the users list</p> },
    ],
    { initialEntries: ['/user-profile/999999999'] },
  );
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return onRetry;
}

describe('RecordError (issue 34 point 8)', () => {
  it("says '{thing} {id} does not exist' once for a 404, with the way back and no Retry", () => {
    renderError(new ApiError(404, 'User not found', { responseMessage: 'User not found' }));
    expect(screen.getAllByText('User 999999999 does not exist')).toHaveLength(1);
    expect(screen.queryByText('User not found')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Back to Users' }));
    expect(screen.getByText('the users list')).toBeTruthy();
  });

  it('an id that names no record (no call made) is missing too', () => {
    renderError(null);
    expect(screen.getByText('User 999999999 does not exist')).toBeTruthy();
  });

  it('any other failure is the alert with Retry', () => {
    const onRetry = renderError(new ApiError(500, 'Server Error', null));
    expect(screen.queryByText(/does not exist/)).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Server Error');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
