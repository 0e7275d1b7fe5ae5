import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  forgetDrafts,
  keepDrafts,
  keptDialog,
  peekDraft,
  useKeepDraft,
  useRestoredDraft,
  withoutSecrets,
} from './drafts';
import { sessionStore } from './session';

const userOf = (id: number) => ({
  id,
  username: `u${id}`,
  name: `U ${id}`,
  email: null,
  avatar: null,
  is_sup_admin: 0,
  group_permissions: [],
  user_permissions: [],
});
const signIn = (id: number) =>
  sessionStore.set({ token: `t${id}`, user: userOf(id), widgets: { POST: [], ADS: [] } });

describe('drafts kept across a sign-in (issue 34 point 8)', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/user-profile/5');
    signIn(1);
  });
  afterEach(() => {
    sessionStore.clear();
    sessionStorage.clear();
  });

  it('stores nothing while the session lives; on its end, the open drafts of this page and user', () => {
    const hook = renderHook(({ draft }) => useKeepDraft('profile:name', draft), {
      initialProps: { draft: 'Ada K' as string | undefined },
    });
    expect(sessionStorage.getItem('keptDrafts')).toBeNull();
    hook.rerender({ draft: 'Ada King' });
    keepDrafts();
    expect(peekDraft('profile:name')).toBe('Ada King');
    // Another page or another user finds nothing.
    window.history.replaceState(null, '', '/user-profile/6');
    expect(peekDraft('profile:name')).toBeUndefined();
    window.history.replaceState(null, '', '/user-profile/5');
    signIn(2);
    expect(peekDraft('profile:name')).toBeUndefined();
    hook.unmount();
  });

  it('keeps nothing for a form that is closed or holds no change', () => {
    const hook = renderHook(() => useKeepDraft('profile:name', undefined));
    keepDrafts();
    expect(sessionStorage.getItem('keptDrafts')).toBeNull();
    hook.unmount();
  });

  it('never stores a password, whatever the form hands over', () => {
    const hook = renderHook(() =>
      useKeepDraft('add-user', {
        context: true,
        value: { name: 'Ann', password: 'Secret-1', nested: { newPassword: 'x' } },
      }),
    );
    keepDrafts();
    const raw = sessionStorage.getItem('keptDrafts') ?? '';
    expect(raw).toContain('Ann');
    expect(raw).not.toMatch(/Secret-1|password/i);
    expect(
      withoutSecrets({ a: 1, password_confirmation: 'p', list: [{ currentPassword: 'q', b: 2 }] }),
    ).toEqual({
      a: 1,
      list: [{ b: 2 }],
    });
    hook.unmount();
  });

  it('hands a draft back once: the page reopens its dialog, the form takes the values, a reload finds none', () => {
    const kept = renderHook(() => useKeepDraft('group-form', { context: { group: null }, value: 'Support' }));
    keepDrafts();
    kept.unmount();
    expect(keptDialog('group-form')).toEqual({ group: null });
    const restored = renderHook(() => useRestoredDraft<{ value: string }>('group-form'));
    expect(restored.result.current?.value).toBe('Support');
    expect(peekDraft('group-form')).toBeUndefined();
    expect(renderHook(() => useRestoredDraft('group-form')).result.current).toBeUndefined();
  });

  it('a sign-in of another user drops the drafts of others; a sign-out drops all', () => {
    const hook = renderHook(() => useKeepDraft('profile:name', 'Ada'));
    keepDrafts();
    forgetDrafts(2);
    expect(sessionStorage.getItem('keptDrafts')).toBeNull();
    keepDrafts();
    forgetDrafts(1);
    expect(peekDraft('profile:name')).toBe('Ada');
    forgetDrafts();
    expect(peekDraft('profile:name')).toBeUndefined();
    hook.unmount();
  });
});
