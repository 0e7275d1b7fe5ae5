import type { LoggedInUser, SignInFactor } from '@admin/contract';
import { useSyncExternalStore } from 'react';

/** One saved dashboard widget (spec 02: widget_json is a list of {id, permission, content}). */
export interface DashboardWidget {
  id: string;
  permission?: string;
  content?: string;
  [key: string]: unknown;
}
export interface DashboardWidgets {
  POST: DashboardWidget[];
  ADS: DashboardWidget[];
}
export interface Session {
  token: string;
  user: LoggedInUser;
  widgets: DashboardWidgets;
}

const KEYS = { token: 'token', user: 'user', widgets: 'widgets' } as const;
const PENDING_KEY = 'loginKey';
const PENDING_SENT_AT = 'loginKeySentAt';
const PENDING_FACTORS = 'loginFactors';
const RETURN_TO = 'returnTo';
const LOGIN_NOTICE = 'loginNotice';

/** Parses the login answer's `widget` JSON string; anything unreadable counts as no widgets. */
export function parseWidgets(raw: unknown): DashboardWidgets {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      value = null;
    }
  }
  const obj = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const list = (v: unknown) => (Array.isArray(v) ? (v as DashboardWidget[]) : []);
  return { POST: list(obj.POST), ADS: list(obj.ADS) };
}

function read(): Session | null {
  try {
    const token = localStorage.getItem(KEYS.token);
    const user = localStorage.getItem(KEYS.user);
    if (!token || !user) {
      return null;
    }
    return {
      token,
      user: JSON.parse(user) as LoggedInUser,
      widgets: parseWidgets(localStorage.getItem(KEYS.widgets)),
    };
  } catch {
    return null;
  }
}

let current: Session | null = typeof localStorage === 'undefined' ? null : read();
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) {
    l();
  }
};

if (typeof window !== 'undefined') {
  // Another tab signed in or out.
  window.addEventListener('storage', (e) => {
    if (e.key === null || Object.values(KEYS).includes(e.key as never)) {
      current = read();
      emit();
    }
  });
}

/** The browser-stored session (token, user, widgets). Components read it with useSession(). */
export const sessionStore = {
  get(): Session | null {
    return current;
  },
  token(): string | null {
    return current?.token ?? null;
  },
  set(session: Session): void {
    localStorage.setItem(KEYS.token, session.token);
    localStorage.setItem(KEYS.user, JSON.stringify(session.user));
    localStorage.setItem(KEYS.widgets, JSON.stringify(session.widgets));
    current = session;
    emit();
  },
  /** Refreshes the user and/or widgets (e.g. after get-login-data or saving widgets). */
  update(patch: Partial<Omit<Session, 'token'>>): void {
    if (!current) {
      return;
    }
    sessionStore.set({ ...current, ...patch });
  },
  clear(): void {
    for (const k of Object.values(KEYS)) {
      localStorage.removeItem(k);
    }
    current = null;
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** The challenge key between the password step and the one-time code step. */
  pendingKey(): string | null {
    return sessionStorage.getItem(PENDING_KEY);
  },
  /** When the last code was sent (ms), for the resend countdown across reloads. */
  pendingSentAt(): number | null {
    const v = Number(sessionStorage.getItem(PENDING_SENT_AT));
    return Number.isFinite(v) && v > 0 ? v : null;
  },
  setPendingKey(key: string | null): void {
    if (key) {
      sessionStorage.setItem(PENDING_KEY, key);
      sessionStorage.setItem(PENDING_SENT_AT, String(Date.now()));
    } else {
      sessionStorage.removeItem(PENDING_KEY);
      sessionStorage.removeItem(PENDING_SENT_AT);
      sessionStorage.removeItem(PENDING_FACTORS);
    }
  },
  /** What the step after the password takes: the mailed code, or the account's passkey / app. */
  pendingFactors(): SignInFactor[] {
    const raw = sessionStorage.getItem(PENDING_FACTORS);
    const list = raw ? raw.split(',') : [];
    const known = list.filter((f): f is SignInFactor => f === 'email' || f === 'totp' || f === 'passkey');
    return known.length > 0 ? known : ['email'];
  },
  setPendingFactors(factors: readonly SignInFactor[] | undefined): void {
    sessionStorage.setItem(PENDING_FACTORS, (factors ?? ['email']).join(','));
  },

  /** Where a visitor wanted to go before being sent to /login. */
  setReturnTo(path: string | null): void {
    if (path) {
      sessionStorage.setItem(RETURN_TO, path);
    } else {
      sessionStorage.removeItem(RETURN_TO);
    }
  },
  takeReturnTo(): string | null {
    const v = sessionStorage.getItem(RETURN_TO);
    sessionStorage.removeItem(RETURN_TO);
    return v;
  },

  /** Why the session ended (spec 01 section 8), for the login page to show once. */
  setLoginNotice(text: string | null): void {
    if (text) {
      sessionStorage.setItem(LOGIN_NOTICE, text);
    } else {
      sessionStorage.removeItem(LOGIN_NOTICE);
    }
  },
  loginNotice(): string | null {
    return sessionStorage.getItem(LOGIN_NOTICE);
  },
};

/** The current session, re-rendering on sign-in, sign-out and expiry. */
export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, () => null);
}
