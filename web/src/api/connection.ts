import { useSyncExternalStore } from 'react';

/**
 * Whether the server answers. A call that cannot reach it (network error) or that a proxy answers
 * with 502/503/504 marks it unreachable; while so, /healthz is asked every few seconds and the
 * first answer (or any call that succeeds) marks it reachable again.
 */
const POLL_MS = 3000;
const UNREACHABLE = new Set([502, 503, 504]);

let down = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (next === down) {
    return;
  }
  down = next;
  for (const l of listeners) {
    l();
  }
  if (down) {
    poll();
  } else if (timer) {
    clearTimeout(timer);
    timer = undefined;
  }
}

function poll() {
  timer = setTimeout(async () => {
    try {
      const res = await fetch('/healthz', { cache: 'no-store' });
      set(UNREACHABLE.has(res.status));
    } catch {
      // still unreachable
    }
    if (down) {
      poll();
    }
  }, POLL_MS);
}

export const connection = {
  /** Records how a call ended: an HTTP status, or 0 when the request never got an answer. */
  report(status: number) {
    set(status === 0 || UNREACHABLE.has(status));
  },
  isDown: () => down,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** True while the server cannot be reached. */
export function useServerUnreachable(): boolean {
  return useSyncExternalStore(connection.subscribe, connection.isDown, () => false);
}
