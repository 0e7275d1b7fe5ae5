import { useEffect, useSyncExternalStore } from 'react';

/** The record or page the screen itself names (e.g. a user's name), over the route's title. */
let own: string | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) {
    l();
  }
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** A screen names itself in the browser tab while it is shown. */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) {
      return;
    }
    own = title;
    emit();
    return () => {
      if (own === title) {
        own = null;
        emit();
      }
    };
  }, [title]);
}

/**
 * The tab's title (WCAG 2.4.2): '{record or page} · Admin Panel', with the search term of a
 * searched list: 'Users: “ann” · Admin Panel'.
 */
export function useDocumentTitle(fallback: string | null, search: string | null) {
  const name = useSyncExternalStore(subscribe, () => own) ?? fallback;
  useEffect(() => {
    const term = search?.trim();
    document.title = name ? `${term ? `${name}: “${term}”` : name} · Admin Panel` : 'Admin Panel';
  }, [name, search]);
}
