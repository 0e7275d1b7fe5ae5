import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { sessionStore } from './session';

/**
 * Drafts kept across a sign-in (issue 34 point 8). While the session lives nothing is stored: a form
 * with typed input registers a getter of its draft here. When a signed-in call answers 401 (the
 * session ended), `keepDrafts()` writes every registered draft to sessionStorage under the page's
 * path and the form's key, with the signed-in user's id. After signing in again the app returns to
 * that page and the form takes its draft back once (`useRestoredDraft`); a draft of another user or
 * another page is never handed out. Passwords are never stored: any property whose name contains
 * "password" is left out, whatever the form registers.
 */

const STORE_KEY = 'keptDrafts';

interface KeptDraft {
  path: string;
  key: string;
  user: number;
  value: unknown;
}

/** What the mounted forms hold now: key -> getter of the draft (undefined: nothing to keep). */
const live = new Map<string, () => unknown>();

const currentPath = () => (typeof window === 'undefined' ? '' : window.location.pathname);

/** The value without any property named like a password (at any depth). */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(withoutSecrets);
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([name]) => !/password/i.test(name))
        .map(([name, v]) => [name, withoutSecrets(v)]),
    );
  }
  return value;
}

function readAll(): KeptDraft[] {
  try {
    const raw = sessionStorage.getItem(STORE_KEY);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list) ? (list as KeptDraft[]) : [];
  } catch {
    return [];
  }
}

function writeAll(list: KeptDraft[]) {
  if (list.length === 0) {
    sessionStorage.removeItem(STORE_KEY);
  } else {
    sessionStorage.setItem(STORE_KEY, JSON.stringify(list));
  }
}

/** The session ended: writes every registered draft, for the same user on the same page. */
export function keepDrafts(): void {
  const user = sessionStore.get()?.user.id;
  if (user === undefined) {
    return;
  }
  const path = currentPath();
  const kept = readAll().filter((d) => !(d.path === path && live.has(d.key)));
  for (const [key, get] of live) {
    const value = get();
    if (value !== undefined) {
      kept.push({ path, key, user, value: withoutSecrets(value) });
    }
  }
  writeAll(kept);
}

/** Drops every kept draft (a deliberate sign-out) or those of other users (a sign-in). */
export function forgetDrafts(exceptUser?: number): void {
  writeAll(exceptUser === undefined ? [] : readAll().filter((d) => d.user === exceptUser));
}

/** The kept draft of `key` on this page for the signed-in user, without taking it. */
export function peekDraft<T>(key: string): T | undefined {
  const user = sessionStore.get()?.user.id;
  const path = currentPath();
  const found = readAll().find((d) => d.key === key && d.path === path && d.user === user);
  return found?.value as T | undefined;
}

/** Removes the kept draft of `key` on this page (once restored, saved or cancelled). */
export function dropDraft(key: string): void {
  const path = currentPath();
  const list = readAll();
  const rest = list.filter((d) => !(d.key === key && d.path === path));
  if (rest.length !== list.length) {
    writeAll(rest);
  }
}

/**
 * Registers a form's draft while `draft` is not undefined (the form is open with typed input), so it
 * is kept if the session ends now. `key` names the form on its page ('profile:name', 'add-user').
 */
export function useKeepDraft(key: string, draft: unknown): void {
  const latest = useRef(draft);
  latest.current = draft;
  const active = draft !== undefined;
  useLayoutEffect(() => {
    if (!active) {
      return;
    }
    live.set(key, () => latest.current);
    return () => {
      live.delete(key);
    };
  }, [key, active]);
}

/**
 * The draft kept for `key` on this page when the form mounts (undefined without one). It is read
 * once, then removed from storage: a reload afterwards starts afresh.
 */
export function useRestoredDraft<T>(key: string): T | undefined {
  const [restored] = useState(() => peekDraft<T>(key));
  useEffect(() => {
    if (restored !== undefined) {
      dropDraft(key);
    }
  }, [key, restored]);
  return restored;
}

/** What a dialog keeps: what it was opened for (a row, 'new') and its typed values. */
export interface DialogDraft<V, C = unknown> {
  context: C;
  value: V;
}

/**
 * What a page's dialog was open for when the session ended (undefined: nothing kept), for the page
 * to open it again on its first render; the dialog's form then takes the values back.
 */
export function keptDialog<C>(key: string): C | undefined {
  return peekDraft<DialogDraft<unknown, C>>(key)?.context;
}
