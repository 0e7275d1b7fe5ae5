import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import LoginPage from './login-page';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/verify-otp', element: <p>otp step</p> },
];

describe('LoginPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the required messages only after the first Login click, without calling the API', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/login');
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(screen.queryByText('Username is required')).toBeNull();
    expect(screen.queryByText('Password is required')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    expect(screen.queryByText('Username is required')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the credentials and goes to the code step with the key', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(200, { responseCode: 200, responseMessage: 'OTP sent', key: 'k-123' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/login');
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('otp step');
    expect(sessionStorage.getItem('loginKey')).toBe('k-123');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v2/admin-login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'admin', password: 'secret-pass' });
  });

  it("shows the server's message when the credentials are refused", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(401, { responseCode: 401, responseMessage: 'Invalid username or password' }),
      ),
    );
    renderRoutes(routes, '/login');
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Invalid username or password'),
    );
  });
});
