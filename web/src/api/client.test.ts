import { notifications } from '@mantine/notifications';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { peekDraft, useKeepDraft } from '../auth/drafts';
import { sessionStore } from '../auth/session';
import { calls } from './calls';
import { ApiError, apiCall, buildRequest, errorMessage, isMissing } from './client';
import { notifyError } from './notify';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const user = {
  id: 1,
  username: 'a',
  name: 'A',
  email: null,
  avatar: null,
  is_sup_admin: 0,
  group_permissions: [],
  user_permissions: [],
};

describe('buildRequest', () => {
  afterEach(() => sessionStore.clear());

  it('puts GET inputs in the query string with the bearer token', () => {
    sessionStore.set({ token: 'tok', user, widgets: { POST: [], ADS: [] } });
    const { url, init } = buildRequest(calls.usersList, {
      query: 'ann lee',
      page: 0,
      order_by: 'name',
      empty: '',
    });
    expect(url).toBe('/api/v2/users-list?query=ann+lee&page=0&order_by=name');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('sends other methods as a JSON body and never a token on public calls', () => {
    sessionStore.set({ token: 'tok', user, widgets: { POST: [], ADS: [] } });
    const { url, init } = buildRequest(calls.adminLogin, { username: 'u', password: 'p' });
    expect(url).toBe('/api/v2/admin-login');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'u', password: 'p' });
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('spec 01 section 7: sends a JSON content type on every call, GET and query-only calls included', () => {
    for (const [call, input] of [
      [calls.usersList, { page: 0 }],
      [calls.getLoginData, {}],
      [calls.deletePost, { id: 3 }],
      [calls.approveCampaign, { id: 4 }],
      [calls.groupAdd, { name: 'x' }],
    ] as const) {
      const { init } = buildRequest(call, input);
      expect((init.headers as Record<string, string>)['Content-Type'], call.path).toBe('application/json');
    }
  });

  it('issue 17 item 1: signup-code delete sends its id in the body (spec 02 "Delete with id")', () => {
    const { url, init } = buildRequest(calls.signupCodeDelete, { id: 13 });
    expect(url).toBe('/api/v2/signup/codes');
    expect(init.method).toBe('DELETE');
    expect(JSON.parse(String(init.body))).toEqual({ id: 13 });
  });

  it('fills :param segments from the input', () => {
    const call = { method: 'PATCH', path: 'enable-advertise/:id', summary: '' } as never;
    const { url, init } = buildRequest(call, { id: 7, note: 'x' });
    expect(url).toBe('/api/v2/enable-advertise/7');
    expect(JSON.parse(String(init.body))).toEqual({ note: 'x' });
  });
});

describe('errors (spec 01 section 8)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it("uses the server's responseMessage, else the 401 text, else 'Server Error'", () => {
    expect(errorMessage(400, { responseMessage: 'name: is required' })).toBe('name: is required');
    expect(errorMessage(401, {})).toBe('You are not authorized to perform this action');
    expect(errorMessage(500, null)).toBe('Server Error');
    expect(errorMessage(404, { responseMessage: '' })).toBe('Server Error');
  });

  it('treats 200, 201 and 204 as success and anything else as an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(apiCall(calls.logout, {})).resolves.toEqual({ responseCode: 204 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(201, { responseCode: 201, responseMessage: 'made' })),
    );
    await expect(apiCall(calls.logout, {})).resolves.toMatchObject({ responseMessage: 'made' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { responseCode: 409, responseMessage: 'in use' })),
    );
    const err = await apiCall(calls.logout, {}).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(409);
    expect(err.message).toBe('in use');
  });

  it('clears the session on a 401 of a session call but not of a public call', async () => {
    sessionStore.set({ token: 'tok', user, widgets: { POST: [], ADS: [] } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { responseCode: 401, responseMessage: 'Invalid username or password' })),
    );
    await expect(apiCall(calls.adminLogin, { username: 'u', password: 'p' })).rejects.toThrow(
      'Invalid username or password',
    );
    expect(sessionStore.get()).not.toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { responseCode: 401 })),
    );
    await expect(apiCall(calls.usersList, {})).rejects.toThrow(
      'You are not authorized to perform this action',
    );
    expect(sessionStore.get()).toBeNull();
  });

  it("a signed-in call's 401 ends the session: /login's notice, the open drafts kept, no red alert", async () => {
    window.history.replaceState(null, '', '/user-profile/5?tab=about');
    sessionStore.set({ token: 'tok', user, widgets: { POST: [], ADS: [] } });
    const draft = renderHook(() => useKeepDraft('profile:name', 'Ada King'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(401, { responseCode: 401, responseMessage: 'Your session has ended. Sign in again.' }),
      ),
    );
    const err = await apiCall(calls.userProfile, { id: 5 }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.endedSession).toBe(true);
    expect(sessionStore.loginNotice()).toBe('Your session has ended. Sign in again.');
    expect(sessionStore.takeReturnTo()).toBe('/user-profile/5?tab=about');
    draft.unmount();
    // The same user signs in again on the same page: the draft is there for them.
    sessionStore.set({ token: 'tok2', user, widgets: { POST: [], ADS: [] } });
    expect(peekDraft('profile:name')).toBe('Ada King');
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    notifyError(err);
    notifyError(new ApiError(403, 'You do not have permission to perform this action', null));
    expect(show.mock.calls.map(([n]) => n.message)).toEqual([
      'You do not have permission to perform this action',
    ]);
    show.mockRestore();
    sessionStore.setLoginNotice(null);
    sessionStorage.clear();
  });

  it('tells a missing record (404) from other failures', () => {
    expect(isMissing(new ApiError(404, 'User not found', null))).toBe(true);
    expect(isMissing(new ApiError(500, 'Server Error', null))).toBe(false);
    expect(isMissing(new Error('x'))).toBe(false);
  });
});
