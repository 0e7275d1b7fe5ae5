import type { NotificationRow } from '@admin/contract';
import { useSyncExternalStore } from 'react';

/** Seconds a confirmed send waits, with Undo, before its job is queued (issue 34). */
const UNDO_SECONDS = 10;

export interface PendingSend {
  occupants: NotificationRow['occupants'];
  message: string;
  devices: number;
  /** When the job is queued (ms). */
  at: number;
}

let pending: PendingSend | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) {
    l();
  }
};

// Closing the tab during the countdown would drop the send without a word: the browser asks.
const holdPage = (e: BeforeUnloadEvent) => e.preventDefault();

function settle() {
  pending = null;
  timer = undefined;
  window.removeEventListener('beforeunload', holdPage);
  emit();
}

/**
 * The one confirmed send waiting for its Undo window. Kept outside the page, so moving to another
 * screen neither cancels nor sends it early.
 */
export const pendingSend = {
  get: () => pending,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Queues `send` after UNDO_SECONDS unless undone. */
  start(next: Omit<PendingSend, 'at'>, send: (p: PendingSend) => void) {
    pendingSend.undo();
    const p = { ...next, at: Date.now() + UNDO_SECONDS * 1000 };
    pending = p;
    window.addEventListener('beforeunload', holdPage);
    timer = setTimeout(() => {
      settle();
      send(p);
    }, UNDO_SECONDS * 1000);
    emit();
  },
  /** Cancels the waiting send; returns it (to put the text back), or null. */
  undo(): PendingSend | null {
    const p = pending;
    if (timer) {
      clearTimeout(timer);
    }
    if (p) {
      settle();
    }
    return p;
  },
};

export function usePendingSend(): PendingSend | null {
  return useSyncExternalStore(pendingSend.subscribe, pendingSend.get, () => null);
}
