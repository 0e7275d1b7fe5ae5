import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../auth/session';
import { renderRoutes } from '../../test/render';
import VerifyOtpPage from './verify-otp-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const routes = [
  { path: '/verify-otp', element: <VerifyOtpPage canVisit={() => true} /> },
  { path: '/login', element: <p>login page</p> },
  { path: '/', element: <p>dashboard</p> },
  { path: '/users', element: <p>users list</p> },
];

function pendingSince(secondsAgo: number, key = 'key-1') {
  sessionStore.setPendingKey(key);
  sessionStorage.setItem('loginKeySentAt', String(Date.now() - secondsAgo * 1000));
}

describe('VerifyOtpPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('goes back to /login without a pending sign-in', async () => {
    renderRoutes(routes, '/verify-otp');
    await screen.findByText('login page');
  });

  it('counts down from 1:30 with Resend disabled, and asks for the code', async () => {
    pendingSince(0);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/verify-otp');
    expect(screen.getByText('Enter your OTP to login')).toBeTruthy();
    expect(screen.getByText(/Time Remaining: 01:(30|29)/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Resend' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: /Back to login/ }).getAttribute('href')).toBe('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Otp is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('enables Resend at zero; resending sends key and action=resend and restarts the countdown', async () => {
    pendingSince(95);
    const fetchMock = vi.fn(async () =>
      json(200, { responseCode: 200, responseMessage: 'OTP sent again', key: 'key-2' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/verify-otp');
    expect(screen.getByText('Time Remaining: 00:00')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await screen.findByText('OTP sent again');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v2/resend-otp');
    expect(JSON.parse(String(init.body))).toEqual({ key: 'key-1', action: 'resend' });
    expect(sessionStore.pendingKey()).toBe('key-2');
    await waitFor(() => expect(screen.getByText(/Time Remaining: 01:(30|29)/)).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Resend' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('stores the session and goes to the first page the user holds', async () => {
    pendingSince(10);
    const user = {
      id: 5,
      username: 'ann',
      name: 'Ann',
      email: 'ann@example.com',
      avatar: null,
      is_sup_admin: 0,
      group_permissions: ['users_list'],
      user_permissions: [],
      api_token: 'tok-5',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, {
          responseCode: 200,
          responseMessage: 'ok',
          user,
          widget: '{"POST":[{"id":"TopSearches"}]}',
        }),
      ),
    );
    renderRoutes(routes, '/verify-otp');
    await userEvent.type(screen.getByLabelText('OTP'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('users list');
    expect(sessionStore.token()).toBe('tok-5');
    expect(sessionStore.get()?.widgets.POST).toEqual([{ id: 'TopSearches' }]);
    expect(sessionStore.pendingKey()).toBeNull();
  });
});
