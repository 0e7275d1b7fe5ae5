import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../auth/session';
import { renderRoutes, signInSuperAdmin } from '../../test/render';
import DirectMessageTab from './direct-message-tab';

const peer = { id: 42, name: 'Jane Doe', username: 'jane', avatar: null, last_seen: null };

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('Direct Message tab', () => {
  let posts = 0;
  beforeEach(() => {
    posts = 0;
    signInSuperAdmin();
    // The socket cannot connect in jsdom (no server), so sending falls back to POST direct-messages.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).includes('direct-messages') && init?.method === 'POST') {
          posts += 1;
          if (posts === 1) {
            return json(500, { responseCode: 500, responseMessage: 'Server Error' });
          }
          const body = JSON.parse(String(init.body));
          return json(201, {
            responseCode: 201,
            data: {
              id: 7,
              user_id: 42,
              sender_id: 1,
              sender_name: 'Super Admin',
              from: 'ADMIN',
              avatar: null,
              message: body.message,
              timestamp: body.timestamp,
              created_at: body.timestamp,
              delivered_at: null,
              read_at: null,
              status: 'unread',
            },
          });
        }
        return json(200, { responseCode: 200, user: peer, data: [], total: 0 });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('shows the empty text, a failed send with its retry, and the sent message after the retry', async () => {
    const user = userEvent.setup({ delay: null });
    renderRoutes([{ path: '/', element: <DirectMessageTab userId={42} /> }], '/');
    await screen.findByText('There is no conversation yet.');
    expect(screen.getByText('Last seen: never')).toBeTruthy();
    const box = screen.getByPlaceholderText('Enter your message here...');
    await user.type(box, 'Hello Jane{Enter}');
    const retry = await screen.findByRole('button', { name: 'Not sent. Retry' });
    expect(screen.getByTestId('dm-message').getAttribute('data-status')).toBe('failed');
    await user.click(retry);
    await waitFor(() => expect(screen.getByTestId('dm-message').getAttribute('data-status')).toBe('unread'));
    expect(screen.getByLabelText('Unread')).toBeTruthy();
    expect(screen.getAllByTestId('dm-message')).toHaveLength(1);
    expect(posts).toBe(2);
  }, 20_000);
});
